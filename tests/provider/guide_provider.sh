#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# docs/guide.md §10, run as written: the build is installed into a fresh
# prefix (PREFIX), then the guide's blocks "sh test:provider-one" and
# "sh test:provider-conf" run verbatim in a shell with no OPENSSL_MODULES or
# OPENSSL_CONF of ours, and each must have made its Ed25519 key with the
# provider (the trace shows ed25519-keygen; without the module OpenSSL
# would quietly fall back to its default provider).
#
# Usage: guide_provider.sh BUILD_DIR SOURCE_DIR
set -u
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
MOD=
. "$(dirname "$0")/common.sh"
unset OPENSSL_MODULES
[ -n "$PRELOAD" ] && export LD_PRELOAD="$PRELOAD"
PREFIX=$T/prefix
cmake --install "$build" --prefix "$PREFIX" >"$T/install.log" 2>&1 || { cat "$T/install.log"; exit 1; }
# The install prints the module's path and a configuration naming it.
grep -q "module = $PREFIX/" "$T/install.log" && ok || fail "cmake --install does not print the module = line"
cnf=$PREFIX/share/vec25519/openssl.cnf
grep -qx "module = $PREFIX/lib/ossl-modules/vec25519.so" "$cnf" && ok ||
    fail "$cnf does not name the installed module: $(grep module "$cnf")"
for block in provider-one provider-conf; do
    sh "$src/tests/docs/doc_block.sh" "$src/docs/guide.md" "$block" >"$T/$block.sh" || { fail "no block $block"; continue; }
    mkdir -p "$T/run-$block"
    : >"$T/trace-$block"
    if (cd "$T/run-$block" && PREFIX=$PREFIX VEC25519_PROVIDER_TRACE=$T/trace-$block sh -e "$T/$block.sh") \
        >"$T/$block.log" 2>&1; then
        ok
    else
        fail "the guide's block $block fails:"; cat "$T/$block.sh" "$T/$block.log"
    fi
    grep -qx 'ed25519-keygen' "$T/trace-$block" && ok ||
        fail "block $block: the key was not made by the provider (trace: $(cat "$T/trace-$block"))"
done
grep -q 'vec25519 provider' "$T/provider-one.log" && ok || fail "openssl list -providers does not show vec25519"
[ -s "$T/run-provider-one/key.pem" ] && [ -s "$T/run-provider-conf/key2.pem" ] && ok || fail "the keys were not written"
"$OPENSSL" pkey -in "$T/run-provider-conf/key2.pem" -noout 2>/dev/null && ok || fail "key2.pem is not a key"
# One order of -provider options in the documents: default (or base) first.
for doc in docs/guide.md docs/openssl.md README.md; do
    if grep -n -- '-provider vec25519 -provider \(default\|base\)' "$src/$doc"; then
        fail "$doc loads vec25519 before the default provider"
    else
        ok
    fi
done
finish
