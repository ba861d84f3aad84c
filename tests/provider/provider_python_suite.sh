#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# A real application's own test suite on the provider (issue 25): the
# Ed25519/X25519 tests of Python's cryptography package, from Debian's source
# package of the installed python3-cryptography (fetched at test time with
# tests/support/apt_source.sh into WORKDIR; nothing of cryptography is kept in
# the repository), or from an unpacked source tree named by
# VEC25519_CRYPTOGRAPHY_SRC. They run with the system's python3 and pytest
# against the installed package, with the vectors of
# python3-cryptography-vectors, twice: with the default provider alone and
# with docs/openssl.md's configuration snippet preferring vec25519. Every
# test's outcome (passed, failed, skipped, error) and the subtest counts must
# be the same in both runs, and the trace must show that vec25519 did the work
# (key generation, sign, verify, derive, encode, decode).
#
# The tests: test_ed25519.py and test_x25519.py whole, and those of
# test_serialization.py, test_pkcs12.py, test_pkcs7.py and tests/x509/ whose
# names or classes say ed25519 or x25519 (pytest -k).
#
# SKIPPED (77) with the reason when the sources, pytest or the vectors cannot
# be had, unless VEC25519_PYTHON_SUITE_REQUIRED=1 (CI, .ci/run) makes that a
# failure.
#
# Usage: provider_python_suite.sh MODULE_DIR DOCS_OPENSSL_MD WORKDIR
set -u
MOD=$1
DOC=$2
work=$3
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 1

unavailable() {
    if [ "${VEC25519_PYTHON_SUITE_REQUIRED:-0}" = 1 ]; then
        echo "FAIL: cryptography's test suite is required (VEC25519_PYTHON_SUITE_REQUIRED=1): $1"
        exit 1
    fi
    echo "SKIPPED: cryptography's test suite cannot run: $1"
    exit 77
}

. "$HERE/common.sh"
[ -n "$PRELOAD" ] && export LD_PRELOAD="$PRELOAD"
PY=${VEC25519_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || unavailable "no $PY"
ver=$("$PY" -c 'import cryptography.hazmat.bindings._openssl, cryptography; print(cryptography.__version__)' 2>/dev/null) ||
    unavailable "no cryptography package for $PY (Debian package python3-cryptography)"
for m in pytest:python3-pytest pytest_subtests:python3-pytest-subtests \
         pretend:python3-pretend cryptography_vectors:python3-cryptography-vectors \
         iso8601:python3-iso8601 pytz:python3-tz; do
    "$PY" -c "import ${m%%:*}" 2>/dev/null ||
        unavailable "no Python module ${m%%:*} for $PY (Debian package ${m#*:})"
done
vver=$("$PY" -c 'import cryptography_vectors; print(cryptography_vectors.__version__)')
[ "$vver" = "$ver" ] || echo "note: cryptography $ver, cryptography_vectors $vver"

# ---- the sources (those of the installed version) ---------------------------
found() {
    for d in "$work"/python-cryptography-"$ver"/; do
        [ -f "$d/tests/hazmat/primitives/test_ed25519.py" ] && src=${d%/}
    done
}
src=${VEC25519_CRYPTOGRAPHY_SRC:-}
[ -n "$src" ] || found
if [ -z "$src" ]; then
    why=$(sh "$HERE/../support/apt_source.sh" "$work" python3-cryptography python-cryptography) ||
        unavailable "$why; or set VEC25519_CRYPTOGRAPHY_SRC to an unpacked source tree"
    found
    [ -n "$src" ] || unavailable "the source package has no python-cryptography-$ver/tests"
fi
echo "cryptography $ver, tests from $src"

# ---- the two runs -------------------------------------------------------------
python_setup "$DOC"

tp=tests/hazmat/primitives
tests="$tp/test_ed25519.py $tp/test_x25519.py $tp/test_serialization.py $tp/test_pkcs12.py
       $tp/test_pkcs7.py tests/x509"
# The project's addopts name pytest-benchmark, which these tests do not use.
run() { # NAME [VAR=VALUE ...]: one pytest run, its junit XML in $T/NAME.xml
    name=$1
    shift
    (cd "$src" && env OPENSSL_CONF="$T/$name.cnf" "$@" "$PY" -m pytest -o addopts= \
        -p no:cacheprovider -q -rfEs -k 'ed25519 or x25519' --junitxml="$T/$name.xml" \
        $tests) >"$name.out" 2>&1
    echo $? >"$name.rc"
}
start=$(date +%s)
run default
run ours VEC25519_PROVIDER_TRACE="$T/trace"
echo "two runs in $(($(date +%s) - start)) s"

# Per test: "outcome id" from the junit XML; the counts from pytest's last line.
outcomes() {
    "$PY" - "$1" <<'EOF'
import sys, xml.etree.ElementTree as ET
for tc in ET.parse(sys.argv[1]).iter("testcase"):
    kinds = [c.tag for c in tc if c.tag in ("failure", "error", "skipped")]
    print(kinds[0] if kinds else "passed", tc.get("classname") + "::" + tc.get("name"))
EOF
}
for r in default ours; do
    if [ -s "$r.xml" ] && outcomes "$r.xml" | sort >"$r.res" && [ -s "$r.res" ]; then ok; else
        fail "$r: no test results"; tail -20 "$r.out"; continue
    fi
    summary=$(tail -1 "$r.out" | sed 's/ in [0-9.]*s.*//; s/^=* *//')
    echo "$r: $(grep -c '^passed' "$r.res") passed, $(grep -c '^failure' "$r.res") failed," \
        "$(grep -c '^error' "$r.res") errors, $(grep -c '^skipped' "$r.res") skipped" \
        "(pytest exit $(cat "$r.rc"): $summary)"
    echo "$summary" >"$r.sum"
    grep -E '^(FAILED|ERROR|SKIPPED)' "$r.out" | sed "s/^/  $r: /"
done
if [ -s default.res ] && cmp -s default.res ours.res && cmp -s default.sum ours.sum &&
    cmp -s default.rc ours.rc; then ok; else
    fail "the outcomes differ between the default provider and vec25519 preferred"
    diff default.res ours.res
    diff default.sum ours.sum
fi
for op in x25519-keygen x25519-derive ed25519-keygen ed25519-sign ed25519-verify encode decode; do
    grep -qx "$op" trace 2>/dev/null && ok || fail "vec25519 did no $op"
done
[ -f trace ] && echo "trace: $(wc -l <trace) operations by vec25519:" \
    "$(sort trace | uniq -c | awk '{printf "%s %s, ", $2, $1}' | sed 's/, $//')"
finish
