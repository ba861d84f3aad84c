#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Allocation failure in the vec25519 tool (issue 25): every command is run
# with the Nth malloc/calloc/realloc failing (tests/cli/failmalloc.c, an
# LD_PRELOAD shim; N counted from the start of main), for N = 1, 2, ...
# until a run reaches no Nth allocation. Every run must:
#   - exit 0 with the right result (a failure absorbed, such as a realloc
#     that only shrinks), or exit 2 with a message that names the cause
#     ("out of memory" / "Cannot allocate memory": on stderr, or for
#     verify-batch possibly in the failing entry's report line on stdout);
#     never crash or exit otherwise;
#   - never turn a verdict around: a valid signature never exits 1, an
#     invalid one (or a manifest with an invalid entry) never exits 0;
#   - never lose or half-write a file: a file being replaced is either the
#     old one, byte for byte, or a complete new one; a new file is either
#     absent or complete; no temporary file is left.
# Prints the number of runs per command.
#
# Usage: cli_malloc_faults.sh VEC25519 FAILMALLOC_SO
set -u
. "$(dirname "$0")/common.sh"
SHIM=$(abs "$2")
in_temp_dir

"$V" keygen -o old.key && "$V" pubkey -i old.key -o old.pub || exit 1
printf 'the message\n' >msg
"$V" sign -k old.key -o old.sig msg && "$V" sign -k old.key --base64 -o old.b64 msg &&
    "$V" sign -k old.key --prehash -o old.ph msg || exit 1
head -c 64 /dev/zero >bad.sig
"$V" keygen --x25519 -o xa.pem && "$V" keygen --x25519 -o xb.pem &&
    "$V" pubkey -i xb.pem -o xb.pub || exit 1
"$V" x25519 -k xa.pem -p xb.pub >x.ref || exit 1
printf 'old.pub old.sig msg\nold.pub old.b64 msg\n' >good.manifest
printf 'old.pub old.sig msg\nold.pub bad.sig msg\n' >bad.manifest
for f in old.key old.pub old.sig old.b64 old.ph xa.pem; do cp -p "$f" "$f.orig"; done

total=0
# run_case NAME OKSTATUSES CHECK COMMAND...: COMMAND under each N, standard
# input from $IN (default /dev/null). OKSTATUSES
# are the exit statuses allowed besides 2 (the out-of-memory error); CHECK is
# a shell function run after each run (with $st the status) to check files.
run_case() {
    name=$1
    oks=$2
    chk=$3
    shift 3
    n=1
    while :; do
        rm -f rep
        # a pipe as standard input: a writer for this run
        [ -n "${PIPE_FROM:-}" ] && { cat "$PIPE_FROM" >pipe 2>/dev/null & }
        FAILMALLOC_N=$n FAILMALLOC_REPORT=$T/rep LD_PRELOAD=$SHIM "$@" >out 2>err <"${IN:-/dev/null}"
        st=$?
        checks=$((checks + 1))
        total=$((total + 1))
        if [ ! -s rep ]; then
            fail "$name N=$n: no report (crashed? status $st): $(head -c 300 err)"
            break
        fi
        failed=$(cut -d' ' -f2 rep)
        case " $oks 2 " in
        *" $st "*) ;;
        *) fail "$name N=$n: exit status $st: $(head -c 300 err)" ;;
        esac
        if [ "$st" -eq 2 ]; then
            checks=$((checks + 1))
            cat err out | grep -qi 'memory' || fail "$name N=$n: exit 2 without naming the cause: $(head -c 300 err)"
        fi
        $chk
        no_temp
        [ "$failed" -eq 0 ] && break
        n=$((n + 1))
        [ $n -gt 2000 ] && { fail "$name: over 2000 allocations"; break; }
    done
    echo "$name: N = 1..$((n - 1)) ($n runs)"
}

nochk() { :; }
# the new key file: absent after a failure, a valid key after success
chk_newkey() {
    if [ "$st" -eq 0 ]; then
        "$V" pubkey -i new.key >/dev/null || fail "keygen N=$n: new.key is not a valid key"
    else
        absent new.key
    fi
    rm -f new.key
}
# a replaced key FILE (LABEL the command): the old one after a failure, a
# new valid one after success
chk_replaced() {
    if [ "$st" -eq 0 ]; then
        "$V" pubkey -i "$1" >/dev/null || fail "$2 N=$n: $1 is not a valid key"
        cp -p "$1.orig" "$1"
    else
        same "$1" "$1.orig"
    fi
}
chk_oldkey() { chk_replaced old.key "keygen --force"; }
chk_xa() { chk_replaced xa.pem "keygen --x25519"; }
# deterministic outputs: the same bytes whether the run failed or not
chk_pub() { same old.pub old.pub.orig; }
chk_sig() { same old.sig old.sig.orig; }
chk_b64() { same old.b64 old.b64.orig; }
chk_ph() { same old.ph old.ph.orig; }
chk_x() { [ "$st" -eq 0 ] && same out x.ref; }
chk_stdin_sig() { [ "$st" -eq 0 ] && same out old.sig.orig; }

run_case "keygen (new file)" 0 chk_newkey "$V" keygen -o new.key
run_case "keygen --force (replace)" 0 chk_oldkey "$V" keygen --force -o old.key
run_case "keygen --x25519 --force" 0 chk_xa "$V" keygen --x25519 --force -o xa.pem
run_case "pubkey -o" 0 chk_pub "$V" pubkey -i old.key -o old.pub
run_case "sign -o" 0 chk_sig "$V" sign -k old.key -o old.sig msg
run_case "sign --base64 -o" 0 chk_b64 "$V" sign -k old.key --base64 -o old.b64 msg
run_case "sign --prehash -o" 0 chk_ph "$V" sign -k old.key --prehash -o old.ph msg
IN=msg run_case "sign (stdin to stdout)" 0 chk_stdin_sig "$V" sign -k old.key -
mkfifo pipe || exit 1
# a message from a pipe is spooled in memory (cli/stream.c)
IN=pipe PIPE_FROM=msg run_case "sign (pipe to stdout)" 0 chk_stdin_sig "$V" sign -k old.key -
IN=pipe PIPE_FROM=msg run_case "verify (pipe, valid)" 0 nochk "$V" verify -p old.pub -s old.sig -
PIPE_FROM=
IN=msg run_case "verify (stdin, valid)" 0 nochk "$V" verify -p old.pub -s old.sig -
IN=/dev/null
run_case "verify (valid)" 0 nochk "$V" verify -p old.pub -s old.sig msg
run_case "verify --base64 signature (valid)" 0 nochk "$V" verify -p old.pub -s old.b64 msg
run_case "verify --prehash (valid)" 0 nochk "$V" verify --prehash -p old.pub -s old.ph msg
run_case "verify (invalid)" 1 nochk "$V" verify -p old.pub -s bad.sig msg
run_case "verify-batch (all valid)" 0 nochk "$V" verify-batch good.manifest
run_case "verify-batch (one invalid)" 1 nochk "$V" verify-batch bad.manifest
run_case "x25519" 0 chk_x "$V" x25519 -k xa.pem -p xb.pub
echo "$total runs in all"
finish
