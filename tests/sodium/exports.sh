#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# libvec25519-sodium exports exactly the functions of libsodium's eight
# Curve25519 headers (every name they declare, nothing more) and its three
# vec25519_sodium_* functions; the vec25519 core inside it stays hidden.
#   exports.sh LIBVEC25519_SODIUM_SO SODIUM_INCLUDE_DIR
set -u
so=$1 inc=$2
headers="crypto_sign.h crypto_sign_ed25519.h crypto_scalarmult.h crypto_scalarmult_curve25519.h
         crypto_core_ed25519.h crypto_scalarmult_ed25519.h crypto_core_ristretto255.h
         crypto_scalarmult_ristretto255.h"
want=$(for h in $headers; do
         tr '\n' ' ' <"$inc/sodium/$h" | grep -o 'SODIUM_EXPORT [^;(]*(' | sed 's/($//; s/.*[ *]//'
       done | sort)
have=$(nm -D --defined-only "$so" | awk '{print $3}' | grep '^crypto_' | sort)
extra=$(nm -D --defined-only "$so" | awk '{print $3}' | grep -v '^crypto_' | sort | tr '\n' ' ')
n=$(printf '%s\n' "$want" | grep -c .)
fail=0
if [ "$n" -lt 90 ]; then echo "FAIL: only $n names found in $inc/sodium"; fail=1; fi
if [ "$want" != "$have" ]; then
  echo "FAIL: the exported libsodium names differ from the headers' (< headers, > drop-in):"
  printf '%s\n' "$want" >want.txt
  printf '%s\n' "$have" >have.txt
  diff want.txt have.txt
  fail=1
fi
if [ "$extra" != "vec25519_sodium_active vec25519_sodium_backend vec25519_sodium_calls " ]; then
  echo "FAIL: other exported names: $extra"; fail=1
fi
[ $fail = 0 ] && echo "exports: the $n functions of libsodium's Curve25519 headers, and $extra"
exit $fail
