# SPDX-License-Identifier: MIT OR Apache-2.0
# Shared by the provider test scripts, which source it after setting MOD (the
# folder holding vec25519.sh's module, vec25519.so):
#   - OPENSSL (the openssl command, default `openssl`), OPENSSL_MODULES=$MOD,
#     no OPENSSL_CONF or trace inherited;
#   - PRELOAD: the AddressSanitizer runtime to preload into uninstrumented
#     programs that load a sanitizer build of the module (set by
#     tests/provider/CMakeLists.txt as VEC25519_PRELOAD; empty otherwise),
#     whose own allocations are then not leak-checked;
#   - T, a temporary folder, made the current one and removed at exit (after
#     running $on_exit, where a script stops what it started);
#   - ok / fail / finish: the counts and the closing "N passed, N failed";
#   - need CMD...: exit 77 (skipped) when a command is missing;
#   - snippet DOC OUT: the openssl.cnf snippet of docs/openssl.md, as a user
#     adds it, between its two marker comments;
#   - python_setup DOC: for a Python application (cryptography loads the
#     legacy provider too), OPENSSL_MODULES=$T/mods holding the system's
#     modules and ours, ours.cnf (the snippet) and default.cnf (empty).
need() {
    for c in "$@"; do
        command -v "$c" >/dev/null 2>&1 || { echo "SKIPPED: no $c command"; exit 77; }
    done
}
OPENSSL=${OPENSSL:-openssl}
need "$OPENSSL"
export OPENSSL_MODULES="$MOD"
unset OPENSSL_CONF VEC25519_PROVIDER_TRACE
PRELOAD=${VEC25519_PRELOAD:-}
if [ -n "$PRELOAD" ]; then
    export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
T=$(mktemp -d) || exit 1
on_exit=:
trap 'eval "$on_exit"; rm -rf "$T"' EXIT
cd "$T" || exit 1
checks=0
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { checks=$((checks + 1)); }
finish() {
    echo "$checks passed, $fails failed"
    [ $fails -eq 0 ]
}
snippet() {
    sed -n '/^# ---- vec25519 snippet: begin/,/^# ---- vec25519 snippet: end/p' "$1" >"$2"
    grep -q 'activate = 1' "$2" && grep -q 'default_properties' "$2" ||
        { echo "FAIL: no openssl.cnf snippet in $1"; exit 1; }
}
python_setup() {
    sys_mods=$("$OPENSSL" version -m | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')
    mkdir mods
    for m in "$sys_mods"/*.so; do [ -e "$m" ] && ln -s "$m" mods/; done
    ln -sf "$MOD/vec25519.so" mods/vec25519.so
    export OPENSSL_MODULES=$T/mods
    snippet "$1" ours.cnf
    : >default.cnf
}

# ed25519_cert [REQ OPTION...]: default.cnf (empty: the default provider) and
# a self-signed Ed25519 key.pem / cert.pem for localhost, in $T.
ed25519_cert() {
    : >default.cnf
    OPENSSL_CONF=default.cnf "$OPENSSL" genpkey -algorithm ED25519 -out key.pem &&
        OPENSSL_CONF=default.cnf "$OPENSSL" req -x509 -new -key key.pem -subj /CN=localhost \
            "$@" -days 2 -out cert.pem -config default.cnf 2>/dev/null ||
        { echo "FAIL: cannot make the certificate"; exit 1; }
}
