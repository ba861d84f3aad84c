#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# A real application on the provider (issue 25): Python's cryptography package
# (the system's, built on the system OpenSSL 3) runs provider_python.py with
# the default provider alone and with the configuration snippet of
# docs/openssl.md preferring vec25519: the same results line for line (among
# them the small-order peer's ValueError and encrypted PKCS#8), and the trace
# shows that vec25519 did the work (key generation, derive, sign, verify,
# encode, decode). SKIPPED (77) without a python3 whose cryptography uses the
# system libcrypto.
#
# Usage: provider_python.sh MODULE_DIR DOCS_OPENSSL_MD
set -u
MOD=$1
DOC=$2
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/common.sh"
[ -n "$PRELOAD" ] && export LD_PRELOAD="$PRELOAD"
PY=${VEC25519_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] && "$PY" -c 'import cryptography.hazmat.bindings._openssl' 2>/dev/null ||
    { echo "SKIPPED: no system python3 with the cryptography package"; exit 77; }
python_setup "$DOC"

OPENSSL_CONF=default.cnf "$PY" "$HERE/provider_python.py" >default.out 2>&1 && ok ||
    { fail "with the default provider"; cat default.out; }
OPENSSL_CONF=ours.cnf VEC25519_PROVIDER_TRACE=$T/trace "$PY" "$HERE/provider_python.py" \
    >ours.out 2>&1 && ok || { fail "with vec25519 preferred"; cat ours.out; }
if cmp -s default.out ours.out; then ok; else
    fail "different results"; diff default.out ours.out
fi
grep -q 'zero peer: ValueError' ours.out && ok || fail "small-order peer: not ValueError"
grep -q 'encrypted PKCS#8 round trip ok' ours.out && ok || fail "no encrypted PKCS#8"
for op in x25519-keygen x25519-derive ed25519-keygen ed25519-sign ed25519-verify encode decode; do
    grep -qx "$op" trace 2>/dev/null && ok || fail "vec25519 did no $op"
done
cat ours.out
finish
