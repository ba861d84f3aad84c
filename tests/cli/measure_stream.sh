#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Measurement, not a test (not registered in CTest): wall time and peak RSS of
# signing and verifying one large file with `vec25519` and with
# `openssl pkeyutl -rawin`, same file and key, interleaved, ROUNDS rounds,
# with /usr/bin/time -v. The file is random and stays in the page cache after
# the first read (both tools then read from memory).
#
# Usage: measure_stream.sh VEC25519 [SIZE_MIB [ROUNDS [DIR]]]
# With OLD=/path/to/another/vec25519 (e.g. a build of an earlier commit), it
# is measured in the same rounds too.
set -u
V=$1
size=${2:-1024}
rounds=${3:-3}
dir=${4:-${TMPDIR:-/tmp}}
OPENSSL=${OPENSSL:-openssl}
T=$(mktemp -d "$dir/measure.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
dd if=/dev/urandom of="$T/m" bs=1M count="$size" 2>/dev/null
"$OPENSSL" genpkey -algorithm ed25519 -out "$T/k.pem"
"$OPENSSL" pkey -in "$T/k.pem" -pubout -out "$T/p.pem"
cat "$T/m" >/dev/null
"$V" --version
"$OPENSSL" version
uptime
# one NAME COMMAND...: prints "NAME wall user+sys peak_rss_kib" (CPU time
# is steadier than wall time on a loaded machine; report both).
one() {
    name=$1
    shift
    /usr/bin/time -v "$@" >/dev/null 2>"$T/time" || { echo "$name FAILED"; cat "$T/time"; }
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$T/time")
    rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$T/time")
    usr=$(sed -n 's/.*User time (seconds): //p' "$T/time")
    sys=$(sed -n 's/.*System time (seconds): //p' "$T/time")
    echo "$name $wall $(echo "$usr + $sys" | bc) $rss"
}
r=1
while [ "$r" -le "$rounds" ]; do
    one vec25519-sign "$V" sign -k "$T/k.pem" -o "$T/v.sig" "$T/m"
    [ -n "${OLD:-}" ] && one old-sign "$OLD" sign -k "$T/k.pem" -o "$T/old.sig" "$T/m"
    one openssl-sign "$OPENSSL" pkeyutl -sign -inkey "$T/k.pem" -rawin -in "$T/m" -out "$T/o.sig"
    cmp -s "$T/v.sig" "$T/o.sig" || echo "the signatures differ"
    one vec25519-verify "$V" verify -p "$T/p.pem" -s "$T/o.sig" "$T/m"
    [ -n "${OLD:-}" ] && one old-verify "$OLD" verify -p "$T/p.pem" -s "$T/o.sig" "$T/m"
    one openssl-verify "$OPENSSL" pkeyutl -verify -pubin -inkey "$T/p.pem" -rawin -in "$T/m" \
        -sigfile "$T/v.sig"
    r=$((r + 1))
done
