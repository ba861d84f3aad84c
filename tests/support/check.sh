# SPDX-License-Identifier: MIT OR Apache-2.0
# Shared by the shell checks that count their failures, sourced after their
# arguments are read:  . "$(dirname "$0")/../support/check.sh"
#   - tmp, a temporary folder removed at exit;
#   - fail MESSAGE: prints it, counts it in $fails;
#   - verdict NAME: "NAME: N failures" and exit 1 after a failure, else
#     "NAME: ok".
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
verdict() {
    [ $fails -eq 0 ] || { echo "$1: $fails failures"; exit 1; }
    echo "$1: ok"
}
