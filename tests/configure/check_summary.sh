#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The configure summary (end of CMakeLists.txt) names each optional
# dependency, found or not, with what it enables or what is left out: here
# the source is configured twice, library and programs only (no build), once
# as this machine has it and once with pkg-config and Doxygen hidden, and the
# second summary must say that libsodium, OpenSSL and doxygen were not found,
# with the Debian package of each, and the docs target must still exist.
#
# Usage: check_summary.sh SOURCE_DIR
set -u
src=$1
. "$(dirname "$0")/../support/check.sh"
cmake -S "$src" -B "$tmp/a" -DCMAKE_BUILD_TYPE=Release >"$tmp/a.log" 2>&1 || { cat "$tmp/a.log"; exit 1; }
grep -q 'vec25519 .* configuration summary' "$tmp/a.log" || fail "no configuration summary"
for dep in libsodium 'OpenSSL libcrypto' doxygen python3; do
    grep -q "^  $dep[ :0-9.]*.*\(found -\|NOT found\)" "$tmp/a.log" || fail "the summary does not mention $dep"
done
cmake -S "$src" -B "$tmp/b" -DCMAKE_BUILD_TYPE=Release -DPKG_CONFIG_EXECUTABLE=/nonexistent/pkg-config \
    -DVEC25519_DOXYGEN=VEC25519_DOXYGEN-NOTFOUND >"$tmp/b.log" 2>&1 || { cat "$tmp/b.log"; exit 1; }
sed -n '/configuration summary/,/^-- Configuring/p' "$tmp/b.log"
grep -q '^  libsodium: NOT found (Debian: libsodium-dev) - vec25519-bench has no libsodium column' "$tmp/b.log" ||
    fail "a missing libsodium is not reported"
grep -q '^  OpenSSL libcrypto: NOT found (Debian: libssl-dev) - no OpenSSL provider' "$tmp/b.log" ||
    fail "a missing OpenSSL is not reported"
grep -q '^  doxygen: NOT found (Debian: doxygen) - the docs target only says' "$tmp/b.log" ||
    fail "a missing doxygen is not reported"
cmake --build "$tmp/b" -t docs >"$tmp/docs.log" 2>&1 && fail "the docs target succeeds without doxygen"
grep -q 'doxygen was not found' "$tmp/docs.log" || { fail "the docs target does not explain itself"; cat "$tmp/docs.log"; }
verdict "configure summary"
