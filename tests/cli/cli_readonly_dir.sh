#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Output into a folder that cannot be written (issue 14): keygen --force,
# keygen to a new file, pubkey -o and sign -o fail with exit 2 and a message
# naming the file, and the files already there stay byte-identical.
#
# The folder is made unwritable in a way its user respects: chmod 555 for an
# ordinary user; for root (CI), which ignores modes, `chattr +i` (an
# immutable folder: no entry can be added, removed or renamed), which needs
# CAP_LINUX_IMMUTABLE and a file system with the flag (ext4, XFS, Btrfs);
# failing that, a read-only tmpfs mount if we may mount. Where none of these
# works the test prints SKIPPED and exits 77.
#
# Usage: cli_readonly_dir.sh VEC25519
set -u
. "$(dirname "$0")/common.sh"
how=
# Undoes what made ro/ read-only (in_temp_dir then removes $T).
cleanup() {
    case $how in
    chattr) chattr -i "$T/ro" ;;
    chmod) chmod 755 "$T/ro" ;;
    mount) umount "$T/ro" ;;
    esac
}
in_temp_dir cleanup
mkdir ro
"$V" keygen -o ro/old.key && "$V" pubkey -i ro/old.key -o ro/old.pub || exit 1
printf 'the message\n' >msg
"$V" sign -k ro/old.key -o ro/old.sig msg || exit 1
cp -p ro/old.key old.key && cp -p ro/old.pub old.pub && cp -p ro/old.sig old.sig

# Make ro unwritable, and check that it is.
if [ "$(id -u)" -ne 0 ]; then
    chmod 555 ro && how=chmod
elif chattr +i ro 2>/dev/null; then
    how=chattr
elif mount -t tmpfs -o size=1m tmpfs ro 2>/dev/null; then
    # Put the files in the tmpfs, then remount it read-only.
    how=mount
    cp -p old.key old.pub old.sig ro/ && mount -o remount,ro ro 2>/dev/null || {
        echo "SKIPPED: cannot remount the tmpfs read-only"
        exit 77
    }
fi
if [ -z "$how" ] || touch ro/probe 2>/dev/null; then
    rm -f ro/probe 2>/dev/null
    echo "SKIPPED: cannot make a folder unwritable here (root without chattr +i or mount)"
    exit 77
fi
echo "read-only folder made with: $how"

# case EXPECTED_TEXT COMMAND...: exit 2, the message has EXPECTED_TEXT.
case_() {
    want=$1
    shift
    expect 2 "$@"
    grep -qF -- "$want" err || fail "'$*': stderr lacks '$want': $(cat err)"
}
case_ "ro/old.key: cannot create a temporary file in 'ro'" "$V" keygen --force -o ro/old.key
case_ "the file is unchanged" "$V" keygen --force -o ro/old.key
case_ "ro/new.key: cannot create" "$V" keygen -o ro/new.key
case_ "ro/old.pub: cannot create a temporary file in 'ro'" "$V" pubkey -i old.key -o ro/old.pub
case_ "ro/old.sig: cannot create a temporary file in 'ro'" "$V" sign -k old.key -o ro/old.sig msg
case_ "ro/new.sig: cannot create" "$V" sign -k old.key --base64 -o ro/new.sig msg
for f in old.key old.pub old.sig; do
    checks=$((checks + 1))
    cmp -s "ro/$f" "$f" || fail "ro/$f changed"
done
checks=$((checks + 1))
[ "$(ls -A ro | tr '\n' ' ')" = "old.key old.pub old.sig " ] ||
    fail "ro holds other files: $(ls -A ro)"

finish
