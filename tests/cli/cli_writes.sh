#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Output that never loses a file (issue 14): every command that writes a file,
# made to fail while writing it, must leave the previous file byte-identical,
# name the file in its message, exit 2 and leave no temporary file; every
# write error on standard output must be reported on stderr with exit 2.
#
#   - a file-size limit (`ulimit -f`, through `cli_io fsize` so that the
#     messages still arrive): keygen --force (PEM and DER), keygen without
#     --force to a new file, pubkey -o, sign -o (raw, --base64, --prehash),
#     with limits 0 and 10 bytes (a partial write);
#   - /dev/full as standard output or as -o FILE: keygen, pubkey, sign,
#     x25519, verify (valid and invalid), verify-batch, --help, --version;
#   - a pipe without a reader (EPIPE, through `cli_io closed-stdout`);
#   - a file that cannot be replaced (chattr +i, where it works);
#   - what a successful replacement keeps: a public file's mode, a key's
#     mode 0600 whatever the old one, a symbolic link to a public file
#     (the link stays, its target is replaced), and refusals (a dangling
#     link, a key to a device).
# A read-only folder is cli_readonly_dir.sh.
#
# Usage: cli_writes.sh VEC25519 CLI_IO
set -u
. "$(dirname "$0")/common.sh"
IO=$(abs "$2")
in_temp_dir 'chattr -i "$T"/* 2>/dev/null'

"$V" keygen -o old.key || exit 1
"$V" keygen --der -o old.der || exit 1
"$V" pubkey -i old.key -o old.pub || exit 1
printf 'the message\n' >msg
"$V" sign -k old.key -o old.sig msg || exit 1
"$V" sign -k old.key --base64 -o old.b64 msg || exit 1
"$V" sign -k old.key --prehash -o old.ph msg || exit 1
for f in old.key old.der old.pub old.sig old.b64 old.ph; do cp -p "$f" "$f.orig"; done
"$V" keygen --x25519 -o xa.pem && "$V" keygen --x25519 -o xb.pem &&
    "$V" pubkey -i xb.pem -o xb.pub || exit 1
printf 'old.pub old.sig msg\n' >manifest

# ---- a file-size limit ---------------------------------------------------------
# fsize_case NAME FILE COMMAND...: under each limit, COMMAND fails with exit 2,
# a message naming FILE and saying it is unchanged, and FILE is as before.
fsize_case() {
    name=$1
    file=$2
    shift 2
    for limit in 0 10; do
        expect 2 "$IO" fsize $limit "$V" "$@" || continue
        has err "$file: "
        has err "File too large"
        has err "the file is unchanged"
        same "$file" "$file.orig"
        no_temp
    done
}
fsize_case keygen-force old.key keygen --force -o old.key
fsize_case keygen-force-der old.der keygen --force --der -o old.der
fsize_case pubkey old.pub pubkey -i old.key -o old.pub
fsize_case sign old.sig sign -k old.key -o old.sig msg
fsize_case sign-base64 old.b64 sign -k old.key --base64 -o old.b64 msg
fsize_case sign-prehash old.ph sign -k old.key --prehash -o old.ph msg
mode_is old.key -rw-------
# A new file: nothing is created.
expect 2 "$IO" fsize 0 "$V" keygen -o new.key && has err "new.key: " &&
    has err "nothing was written"
absent new.key
no_temp
expect 2 "$IO" fsize 0 "$V" sign -k old.key -o new.sig msg && has err "new.sig: "
absent new.sig
# The same commands without the limit work (the limit was the only fault).
expect 0 "$IO" fsize 1000000 "$V" keygen --force -o old.key
checks=$((checks + 1))
cmp -s old.key old.key.orig && fail "keygen --force did not replace old.key"
mode_is old.key -rw-------
cp -p old.key.orig old.key

# ---- /dev/full and standard output ---------------------------------------------
# full_stdout COMMAND...: exit 2 and "standard output: write error: No space".
full_stdout() {
    checks=$((checks + 1))
    "$@" >/dev/full 2>err
    got=$?
    [ "$got" -eq 2 ] || fail "'$* >/dev/full' exited $got, expected 2; stderr: $(cat err)"
    has err "standard output: write error: No space left on device"
}
full_stdout "$V" keygen
full_stdout "$V" keygen --x25519
full_stdout "$V" pubkey -i old.key
full_stdout "$V" sign -k old.key --base64 msg
full_stdout "$V" sign -k old.key msg
full_stdout "$V" sign -k old.key --prehash msg
full_stdout "$V" x25519 -k xa.pem -p xb.pub
full_stdout "$V" verify -p old.pub -s old.sig msg
full_stdout "$V" verify -p old.pub -s old.sig --prehash msg
full_stdout "$V" verify -p old.pub -s old.ph msg # FAIL: would be 1; the write error wins
full_stdout "$V" verify-batch manifest
full_stdout "$V" --help
full_stdout "$V" --version
full_stdout "$V" sign --help
# -o /dev/full: a device is written in place; its error names it.
for c in "pubkey -i old.key -o /dev/full" "sign -k old.key -o /dev/full msg"; do
    # shellcheck disable=SC2086
    expect 2 "$V" $c && has err "/dev/full: write error: No space left on device"
done
# A key is never written to a device, not even with --force.
expect 2 "$V" keygen -o /dev/full && has err "already exists"
expect 2 "$V" keygen --force -o /dev/full && has err "/dev/full: is not a regular file"
expect 2 "$V" keygen --force -o /dev/null && has err "is not a regular file"

# ---- EPIPE ---------------------------------------------------------------------
for c in "keygen" "pubkey -i old.key" "sign -k old.key --base64 msg" \
    "verify -p old.pub -s old.sig msg" "verify-batch manifest" "x25519 -k xa.pem -p xb.pub"; do
    # shellcheck disable=SC2086
    expect 2 "$IO" closed-stdout "$V" $c && has err "standard output: write error: Broken pipe"
done

# ---- a file that cannot be replaced (immutable, where chattr works) --------------
cp -p old.sig imm.sig && cp -p old.key imm.key
if chattr +i imm.sig imm.key 2>/dev/null; then
    expect 2 "$V" sign -k old.key -o imm.sig msg && has err "imm.sig: cannot replace" &&
        has err "the file is unchanged"
    expect 2 "$V" keygen --force -o imm.key && has err "imm.key: cannot replace"
    chattr -i imm.sig imm.key
    same imm.sig old.sig
    same imm.key old.key
    no_temp
else
    echo "note: chattr +i does not work here; the immutable-file case is skipped"
fi

# ---- a signal while the output is open -----------------------------------------
# sign creates its temporary output, then blocks opening a FIFO with no writer;
# SIGTERM then removes the temporary file and ends the program by that signal.
mkfifo fifo
"$V" sign -k old.key -o term.sig fifo 2>/dev/null &
pid=$!
i=0
while [ -z "$(ls -A | grep '^\.term\.sig\..*\.tmp$')" ] && [ $i -lt 200 ]; do
    sleep 0.05 # waiting for the program to get there, not for a race to settle
    i=$((i + 1))
done
checks=$((checks + 1))
[ $i -lt 200 ] || fail "the temporary output file of sign never appeared"
kill -TERM $pid
wait $pid
st=$?
checks=$((checks + 1))
[ $st -eq 143 ] || fail "sign killed by SIGTERM: status $st, expected 143"
absent term.sig
no_temp
rm -f fifo

# ---- what a replacement keeps -----------------------------------------------------
chmod 640 old.sig
expect 0 "$V" sign -k old.key -o old.sig msg
mode_is old.sig -rw-r-----
same old.sig old.sig.orig
chmod 666 old.key
expect 0 "$V" keygen --force -o old.key
mode_is old.key -rw-------
(umask 0 && "$V" keygen --force -o old.key) && mode_is old.key -rw-------
# A symbolic link to a public file: the link stays, its target is replaced.
mkdir sub && cp old.sig sub/target.sig && printf 'x' >sub/target.sig
ln -s sub/target.sig link.sig
expect 0 "$V" sign -k old.key.orig -o link.sig msg
checks=$((checks + 1))
[ -L link.sig ] || fail "link.sig is no longer a symbolic link"
same sub/target.sig old.sig.orig
no_temp sub
ln -s sub/missing.sig dangling.sig
expect 2 "$V" sign -k old.key -o dangling.sig msg && has err "symbolic link to a missing file"
absent sub/missing.sig
# /dev/stdout and /dev/fd/N are the descriptor the shell set up: a pipe works,
# and appending stays appending.
"$V" sign -k old.key.orig --base64 msg >b64.want
checks=$((checks + 1))
"$V" sign -k old.key.orig --base64 -o /dev/stdout msg | cat >b64.pipe || fail "-o /dev/stdout | cat"
same b64.pipe b64.want
printf 'first line\n' >appended
"$V" sign -k old.key.orig --base64 -o /dev/stdout msg >>appended
{ printf 'first line\n'; cat b64.want; } >appended.want
same appended appended.want
"$V" pubkey -i old.key.orig -o /dev/fd/3 3>fd3.out
"$V" pubkey -i old.key.orig >fd3.want
same fd3.out fd3.want
# A key through a symbolic link: refused with --force; an existing name without.
ln -s old.pub link.key
expect 2 "$V" keygen --force -o link.key && has err "symbolic link"
expect 2 "$V" keygen -o link.key && has err "already exists"
same old.pub old.pub.orig
no_temp

finish
