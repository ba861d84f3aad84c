#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# `cmake --install` puts the vec25519 program in bin/ and its man page in
# share/man/man1/, and the installed program runs.
#
# Usage: cli_install.sh BUILD_DIR [EMULATOR ARGS...]
# (a cross build: the command that runs the target's programs, e.g.
# qemu-aarch64 -L /; tests/cli/CMakeLists.txt passes CMAKE_CROSSCOMPILING_EMULATOR)
set -u
build=$1
shift
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null || exit 1
fails=0
for f in bin/vec25519 share/man/man1/vec25519.1; do
    [ -f "$tmp/prefix/$f" ] || { echo "FAIL: $f was not installed"; fails=1; }
done
[ -x "$tmp/prefix/bin/vec25519" ] || { echo "FAIL: bin/vec25519 is not executable"; fails=1; }
"$@" "$tmp/prefix/bin/vec25519" --version || { echo "FAIL: the installed program does not run"; fails=1; }
grep -q '^\.TH VEC25519 1' "$tmp/prefix/share/man/man1/vec25519.1" ||
    { echo "FAIL: the man page has no .TH line"; fails=1; }
[ $fails -eq 0 ] && echo "cli install: ok"
exit $fails
