#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# sign and verify in bounded memory (issue 14): messages read in blocks, twice
# for sign (once for verify), a pipe's first pass kept for the second.
#
#   - every size around the block size (CLI_CHUNK = 65536) and the in-memory
#     part of a pipe's copy (CLI_SPOOL_MEM = 1 MiB), the empty message, and a
#     few MiB: the signature of the file, of the file as standard input, and
#     of the file through a pipe are all equal to the library's one-shot
#     signature of the whole message in memory (cli_io sign-ref), and verify
#     accepts it from the file and from a pipe, and rejects it for the
#     message with its last byte changed;
#   - bounded memory: sign and verify of a 256 MiB file (sparse) and of 64
#     MiB through a pipe under `ulimit -v` of 96 MiB of address space, which
#     a whole-file buffer would exceed;
#   - a pipe too large to be kept, with nowhere to keep it (TMPDIR missing):
#     exit 2 and a message that says so and what to do;
#   - a file changed between sign's two passes (cli_io changed, in-process,
#     no timing): refused, no signature file;
#   - the progress line: shown on a terminal (script(1)) for a large input,
#     never when stderr is not a terminal.
# Interoperability of the same sizes with OpenSSL is in cli_openssl.sh.
#
# Usage: cli_stream.sh VEC25519 CLI_IO
set -u
. "$(dirname "$0")/common.sh"
IO=$(abs "$2")
in_temp_dir

"$V" keygen -o k.pem && "$V" pubkey -i k.pem -o p.pem || exit 1
# 5 MB of text whose period (16000 bytes) is not a divisor of the block size.
i=0
while [ $i -lt 2000 ]; do
    printf '%07d\n' $i
    i=$((i + 1))
done >pattern
cat pattern pattern pattern pattern pattern pattern pattern pattern >p8
cat p8 p8 p8 p8 p8 p8 p8 p8 >p64
cat p64 p64 p64 p64 p64 >pool
rm -f p8 p64

C=65536
M=1048576
for n in 0 1 2 $((C - 1)) $C $((C + 1)) $((2 * C - 1)) $((2 * C)) $((2 * C + 1)) \
    $((M - 1)) $M $((M + 1)) $((M + C - 1)) $((M + C)) $((M + C + 1)) 5000000; do
    head -c $n pool >m
    checks=$((checks + 1))
    "$IO" sign-ref k.pem m ref.sig || { fail "sign-ref $n"; continue; }
    expect 0 "$V" sign -k k.pem -o file.sig m && same file.sig ref.sig
    expect 0 "$V" sign -k k.pem -o stdin.sig <m && same stdin.sig ref.sig
    checks=$((checks + 1))
    cat m | "$V" sign -k k.pem -o pipe.sig 2>err || fail "sign from a pipe, $n bytes: $(cat err)"
    same pipe.sig ref.sig
    expect 0 "$V" verify -p p.pem -s ref.sig m && has out OK
    checks=$((checks + 1))
    cat m | "$V" verify -p p.pem -s ref.sig >out 2>err || fail "verify from a pipe, $n bytes"
    if [ "$n" -gt 0 ]; then
        # The last byte changed.
        head -c $((n - 1)) m >m2
        printf '\001' >>m2
        cmp -s m m2 || {
            expect 1 "$V" verify -p p.pem -s ref.sig m2 && has out "FAIL: the signature does not match"
        }
    fi
done
# Standard input that is a file read from a later offset: only the rest is signed.
head -c 100000 pool >m
tail -c 99990 m >rest
"$IO" sign-ref k.pem rest rest.sig
checks=$((checks + 1))
{ dd bs=10 count=1 of=/dev/null 2>/dev/null; "$V" sign -k k.pem -o off.sig; } <m ||
    fail "sign of stdin at an offset"
same off.sig rest.sig

# ---- bounded memory ---------------------------------------------------------------
truncate -s 256M big && printf 'end' >>big
"$V" sign -k k.pem -o big.sig big || fail "sign of a 256 MiB file"
head -c 64M big >pipe64
"$V" sign -k k.pem -o p64.sig pipe64 || fail "sign of 64 MiB"
# (A sanitizer build reserves terabytes of address space and cannot run under
# ulimit -v at all: then this part is skipped, and says so.)
if (ulimit -v 98304 && "$V" --version) >/dev/null 2>&1; then
    checks=$((checks + 1))
    (ulimit -v 98304 && "$V" sign -k k.pem -o big2.sig big) 2>err ||
        fail "sign of a 256 MiB file under ulimit -v 96 MiB: $(cat err)"
    same big2.sig big.sig
    checks=$((checks + 1))
    (ulimit -v 98304 && "$V" verify -p p.pem -s big.sig big) >out 2>err ||
        fail "verify of a 256 MiB file under ulimit -v 96 MiB: $(cat err)"
    checks=$((checks + 1))
    (ulimit -v 98304 && cat pipe64 | "$V" sign -k k.pem -o p64b.sig) 2>err ||
        fail "sign of 64 MiB from a pipe under ulimit -v 96 MiB: $(cat err)"
    same p64b.sig p64.sig
    checks=$((checks + 1))
    (ulimit -v 98304 && cat pipe64 | "$V" verify -p p.pem -s p64.sig) >out 2>err ||
        fail "verify of 64 MiB from a pipe under ulimit -v 96 MiB: $(cat err)"
else
    echo "note: the program cannot run under ulimit -v (a sanitizer build?): the bounded-memory checks are skipped"
fi
rm -f pipe64

# ---- a pipe with nowhere to keep its copy -------------------------------------------
head -c $((M + 1)) pool >m
checks=$((checks + 1))
cat m | TMPDIR=$T/no-such-dir "$V" sign -k k.pem -o nowhere.sig >out 2>err
[ $? -eq 2 ] || fail "sign from a pipe without a TMPDIR: not exit 2"
has err "(stdin): cannot keep a copy of the input for signing's second pass"
has err "no-such-dir"
has err "--prehash"
checks=$((checks + 1))
[ -e nowhere.sig ] && fail "nowhere.sig was written"
# A small pipe needs no temporary file.
head -c 1000 pool | TMPDIR=$T/no-such-dir "$V" sign -k k.pem -o small.sig 2>err ||
    fail "sign of a small pipe without a TMPDIR: $(cat err)"

# ---- a file changed between the passes ------------------------------------------------
mkdir changed
expect 0 "$IO" changed "$T/changed" && has out "0 failed"
[ -s out ] && cat out

# ---- progress -------------------------------------------------------------------------
# Not a terminal: nothing on stderr.
expect 0 "$V" sign -k k.pem -o big.sig big && empty err
expect 0 "$V" verify -p p.pem -s big.sig big && empty err
if script -qc true /dev/null >/dev/null 2>&1; then
    script -qc "\"$V\" sign -k k.pem -o big.sig big" /dev/null >tty.out 2>&1
    has tty.out "vec25519 sign: big: pass 1 of 2:"
    has tty.out "pass 2 of 2: 100% (256 of 256 MiB)"
    script -qc "\"$V\" verify -p p.pem -s big.sig big" /dev/null >tty2.out 2>&1
    has tty2.out "vec25519 verify: big: 100% (256 of 256 MiB)"
    has tty2.out "OK"
    # A small file: no progress line.
    head -c 1000 pool >m
    script -qc "\"$V\" sign -k k.pem -o m.sig m" /dev/null >tty3.out 2>&1
    checks=$((checks + 1))
    grep -q "pass 1" tty3.out && fail "progress shown for a small file"
else
    echo "note: no script(1): the terminal progress case is skipped"
fi

finish
