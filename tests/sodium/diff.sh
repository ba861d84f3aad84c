#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The differential run of libvec25519-sodium under one vec25519 backend
# (tests/sodium/CMakeLists.txt): sodium_diff built against libsodium alone
# (plain) and with the drop-in ahead of libsodium (dropin), and the plain
# build again with LD_PRELOAD=libvec25519-sodium.so (a program not rebuilt).
# The three transcripts of return codes and outputs must be identical, the
# plain run must not have the drop-in, and the two others must have answered
# every call in vec25519.
#   diff.sh PLAIN DROPIN LIBVEC25519_SODIUM_SO BACKEND WORKDIR
set -u
plain=$1 dropin=$2 so=$3 backend=$4 work=$5
mkdir -p "$work"
cd "$work" || exit 1

# Every run forces the backend: the drop-in's, and the one of the vec25519
# core linked into the program to make the inputs. A backend this CPU lacks
# is skipped (tests/support/test.c exits 77), as in the rest of the suite.
export VEC25519_BACKEND=$backend VEC25519_BACKEND_STRICT=1
fail=0
"$plain" >plain.txt 2>plain.err
rc=$?
if [ $rc = 77 ]; then
  cat plain.txt
  exit 77
fi
[ $rc = 0 ] || { echo "FAIL: the plain build failed"; cat plain.err; exit 1; }
"$dropin" >dropin.txt 2>dropin.err ||
  { echo "FAIL: the drop-in build failed"; cat dropin.err; fail=1; }
LD_PRELOAD=$so "$plain" >preload.txt 2>preload.err ||
  { echo "FAIL: the plain build under LD_PRELOAD failed"; cat preload.err; fail=1; }

grep -q "^drop-in absent" plain.err || { echo "FAIL: the plain build has the drop-in"; fail=1; }
total=$(sed -n 's/^calls total //p' plain.err)
for run in dropin preload; do
  if ! grep -q "^drop-in active: .*(backend $backend" $run.err; then
    echo "FAIL: $run: the drop-in is not active on backend $backend"; fail=1
  fi
  answered=$(sed -n 's/^drop-in active: \([0-9]*\) calls.*/\1/p' $run.err)
  # Every transcript line but the pseudo-lines of output lengths is one call
  # or more of a covered name; the drop-in must have answered at least as many.
  if [ -z "$answered" ] || [ "$answered" -lt $((total / 2)) ]; then
    echo "FAIL: $run: only ${answered:-0} calls answered by vec25519 (transcript: $total lines)"; fail=1
  fi
  if cmp -s plain.txt $run.txt; then
    echo "$run ($backend): transcript identical to libsodium's: $(wc -l <plain.txt) lines, $answered calls answered by vec25519"
  else
    echo "FAIL: $run ($backend): transcript differs from libsodium's; first differences:"
    diff plain.txt $run.txt | head -20
    fail=1
  fi
done
for run in dropin preload; do
  grep -q "^mismatched secret key refused" $run.err || { echo "FAIL: $run: mismatched secret key check"; fail=1; }
  grep "^interoperation" $run.err || { echo "FAIL: $run: interoperation check"; fail=1; }
done
echo "calls per function (libsodium alone):"
grep "^calls " plain.err | sed 's/^calls /  /'
exit $fail
