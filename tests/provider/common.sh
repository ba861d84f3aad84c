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
#     adds it, between its two marker comments.
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

# For the nginx scripts (NGINX set, the certificate and key in $T):
#   - ed25519_cert [REQ OPTION...]: default.cnf (empty: the default provider)
#     and a self-signed Ed25519 key.pem / cert.pem for localhost;
#   - nginx_conf DIR PORT MAIN LOGLEVEL CONNECTIONS HTTP: DIR/nginx.conf, in
#     the foreground, serving $T/www over TLS 1.3 with x25519 on
#     127.0.0.1:PORT, its pid, logs and temporary files in DIR; MAIN and HTTP
#     are lines added to the main and http blocks;
#   - nginx_start DIR CNF TIMEOUT SALT CONF PROBE: writes the config (CONF
#     PORT), runs nginx with OPENSSL_CONF=$T/CNF and the trace in DIR/trace,
#     bounded by timeout(1) TIMEOUT, until PROBE PORT succeeds (10 s); a new
#     port (from SALT) only when the last one was in use, 6 at the most. Sets
#     pid and port, and started=1 once nginx serves.
ed25519_cert() {
    : >default.cnf
    OPENSSL_CONF=default.cnf "$OPENSSL" genpkey -algorithm ED25519 -out key.pem &&
        OPENSSL_CONF=default.cnf "$OPENSSL" req -x509 -new -key key.pem -subj /CN=localhost \
            "$@" -days 2 -out cert.pem -config default.cnf 2>/dev/null ||
        { echo "FAIL: cannot make the certificate"; exit 1; }
}
nginx_conf() {
    cat >"$1/nginx.conf" <<EOC
daemon off;
$3
pid $1/nginx.pid;
error_log $1/error.log $4;
env OPENSSL_CONF;
env OPENSSL_MODULES;
env VEC25519_PROVIDER_TRACE;
events { worker_connections $5; }
http {
    access_log $1/access.log;
    client_body_temp_path $1/body;
    proxy_temp_path $1/proxy;
    fastcgi_temp_path $1/fastcgi;
    uwsgi_temp_path $1/uwsgi;
    scgi_temp_path $1/scgi;
$6
    server {
        listen 127.0.0.1:$2 ssl;
        ssl_certificate $T/cert.pem;
        ssl_certificate_key $T/key.pem;
        ssl_protocols TLSv1.3;
        ssl_ecdh_curve X25519;
        location / { root $T/www; }
    }
}
EOC
}
nginx_start() {
    started=
    for try in 1 2 3 4 5 6; do
        port=$(( (($$ * 6121 + try * 7907 + $4) % 20000) + 30000 ))
        mkdir -p "$1"
        $5 "$port"
        rm -f "$1/trace" "$1/error.log"
        LD_PRELOAD=$PRELOAD OPENSSL_CONF=$T/$2 VEC25519_PROVIDER_TRACE=$1/trace \
            timeout "$3" "$NGINX" -p "$1" -c "$1/nginx.conf" -e "$1/error.log" \
            >"$1/nginx.out" 2>&1 &
        pid=$!
        i=0
        while [ $i -lt 50 ]; do
            kill -0 "$pid" 2>/dev/null || break
            if $6 "$port"; then started=1; break; fi
            sleep 0.2
            i=$((i + 1))
        done
        [ -n "$started" ] && break
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        pid=
        grep -q 'Address already in use' "$1/error.log" "$1/nginx.out" 2>/dev/null || break
    done
}
