#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# vec25519-bench as an instrument (a smoke run, --quick, two rounds): the
# output records the machine and its load; with peers built in, each row has
# the ratio's range and a section lists every round's ratio; --svg writes a
# well-formed chart with a bar per (operation, peer); the progress line goes
# to a terminal only; bad options are clear errors (exit 2).
#
# Usage: check_bench.sh VEC25519_BENCH
set -u
bench=$1
. "$(dirname "$0")/../support/check.sh"

"$bench" --quick --rounds 2 --svg "$tmp/chart.svg" >"$tmp/out" 2>"$tmp/err" || { cat "$tmp/out" "$tmp/err"; fail "the run failed"; }
[ -s "$tmp/err" ] && { fail "stderr is not a terminal, yet something was written there:"; cat "$tmp/err"; }
for want in '^machine: ' '^load: .* at the start' '^load: .* at the end' '^dispatch: ' '^rounds: *2 per operation, interleaved'; do
    grep -q "$want" "$tmp/out" || fail "the output has no line matching '$want'"
done
peers=$(sed -n 's/^peers: *//p' "$tmp/out")
if echo "$peers" | grep -q 'none built in'; then
    grep -q 'libsodium' "$tmp/out" && fail "no peer is built in, yet the output mentions libsodium"
    grep -q 'no peer (none built in)' "$tmp/chart.svg" || fail "the chart does not say there is no peer"
else
    # a row with a peer: "x25519 ... 2.41 (2.30-2.52)"
    grep -Eq '^x25519  .* [0-9]+\.[0-9]{2} \([0-9]+\.[0-9]{2}-[0-9]+\.[0-9]{2}\)$' "$tmp/out" ||
        fail "the x25519 row has no ratio with its range"
    grep -q '^vs best peer, round by round' "$tmp/out" || fail "no round-by-round section"
    grep -Eq '^ed25519 sign  +[0-9.]+ +[0-9.]+ +spread' "$tmp/out" || fail "ed25519 sign has not two rounds"
    nbars=$(grep -c '<rect x="[0-9.]*" y="[0-9]*" width="[0-9.]*" height="13"' "$tmp/chart.svg")
    [ "$nbars" -ge 4 ] || fail "the chart has $nbars bars"
    grep -q '>ed25519 sign</text>' "$tmp/chart.svg" || fail "the chart has no ed25519 sign row"
    if ! echo "$peers" | grep -q libsodium; then
        grep -q 'libsodium' "$tmp/out" && fail "libsodium is not built in, yet the output describes it"
    fi
fi
grep -q '</svg>' "$tmp/chart.svg" || fail "the chart is not complete"
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' "$tmp/chart.svg" ||
        fail "the chart is not well-formed XML"
fi
"$bench" --rounds 0 >/dev/null 2>"$tmp/e1"; [ $? -eq 2 ] && grep -q -- '--rounds wants a number' "$tmp/e1" ||
    fail "--rounds 0 is not a clear error"
"$bench" --quick --svg "$tmp/no/such/dir/c.svg" >/dev/null 2>"$tmp/e2"; [ $? -eq 2 ] && grep -q 'cannot write the chart' "$tmp/e2" ||
    fail "an unwritable chart file is not a clear error"
# The progress line, on a terminal (script(1) gives one).
if script -qc true /dev/null >/dev/null 2>&1; then
    script -qc "\"$bench\" --quick --rounds 2 --json >/dev/null" /dev/null >"$tmp/tty" 2>&1
    grep -q '\[1/[0-9]*\] x25519: round 1/2' "$tmp/tty" || { fail "no progress line on a terminal"; head -c 300 "$tmp/tty"; }
fi
verdict "bench"
