#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Prints the fenced block of a Markdown file whose info string is
# "sh test:NAME" (```sh test:NAME ... ```), exactly as written, so that a
# test runs the documented commands verbatim. Fails (exit 1, a message on
# stderr) when there is no such block or it is empty.
#
# Usage: doc_block.sh FILE NAME
set -eu
out=$(awk -v tag="test:$2" '
    on && /^```/ { exit }
    on { print }
    $0 == "```sh " tag { on = 1 }
' "$1")
[ -n "$out" ] || { echo "doc_block.sh: no block \"sh test:$2\" in $1" >&2; exit 1; }
printf '%s\n' "$out"
