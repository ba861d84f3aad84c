#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# `openssl speed` rows for Ed25519 and X25519, the default provider against
# ours, interleaved: ROUNDS rounds (default 5), each running both (the order
# alternating) for SECONDS each (default 3). Ours is configured with the
# openssl.cnf snippet of docs/openssl.md (OpenSSL 3.0's speed fetches these
# algorithms with the library context's default properties, which
# -propquery does not set); the default run uses an empty configuration.
# Prints every row, then the median op/s of each and the ratio ours/default.
# A benchmark, not a test: not run by CTest.
#
# Usage: speed.sh MODULE_DIR DOCS_OPENSSL_MD [ROUNDS] [SECONDS]
set -eu
MOD=$1
DOC=$2
ROUNDS=${3:-5}
SECS=${4:-3}
OPENSSL=${OPENSSL:-openssl}
export OPENSSL_MODULES="$MOD"
unset VEC25519_PROVIDER_TRACE
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
sed -n '/^# ---- vec25519 snippet: begin/,/^# ---- vec25519 snippet: end/p' "$DOC" >"$T/ours.cnf"
: >"$T/default.cnf"
PIN=
command -v taskset >/dev/null 2>&1 && PIN="taskset -c ${VEC25519_BENCH_CPU:-0}"

run() { # run NAME CNF: appends "NAME x25519 sign verify" to rows
    OPENSSL_CONF=$2 $PIN "$OPENSSL" speed -seconds "$SECS" ed25519 ecdhx25519 2>/dev/null >"$T/out"
    x=$(awk '/ecdh \(X25519\)/ {print $NF}' "$T/out")
    s=$(awk '/EdDSA \(Ed25519\)/ {print $(NF-1)}' "$T/out")
    v=$(awk '/EdDSA \(Ed25519\)/ {print $NF}' "$T/out")
    echo "$1 $x $s $v" >>"$T/rows"
    printf '%-8s round %d: x25519 %10s op/s  ed25519 sign %10s/s  verify %10s/s\n' "$1" "$r" "$x" "$s" "$v"
}
"$OPENSSL" version
r=1
while [ $r -le "$ROUNDS" ]; do
    if [ $((r % 2)) -eq 1 ]; then run default "$T/default.cnf"; run vec25519 "$T/ours.cnf"
    else run vec25519 "$T/ours.cnf"; run default "$T/default.cnf"; fi
    r=$((r + 1))
done
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for col in 2 3 4; do
    name=$(echo "x25519-derive ed25519-sign ed25519-verify" | cut -d' ' -f$((col - 1)))
    d=$(awk -v c=$col '$1 == "default" {print $c}' "$T/rows" | median)
    o=$(awk -v c=$col '$1 == "vec25519" {print $c}' "$T/rows" | median)
    # per-round ratios, then their median and range
    rs=$(awk -v c=$col '$1 == "default" {d[++i] = $c} $1 == "vec25519" {o[++j] = $c}
        END {for (k = 1; k <= i; k++) print o[k] / d[k]}' "$T/rows")
    rm=$(echo "$rs" | median)
    lo=$(echo "$rs" | sort -g | head -1)
    hi=$(echo "$rs" | sort -g | tail -1)
    printf 'median %-15s default %10.1f/s  vec25519 %10.1f/s  ratio %.2fx (per-round ratios %.2f..%.2f)\n' \
        "$name" "$d" "$o" "$rm" "$lo" "$hi"
done
