# SPDX-License-Identifier: MIT OR Apache-2.0
# Shared by the nginx scripts, sourced after setting MOD and DOC: skips (77)
# without nginx (NGINX, default the one on PATH or /usr/sbin/nginx) or
# timeout(1), sources common.sh, stops the nginx of $pid at exit, and has:
#   - nginx_conf DIR PORT MAIN LOGLEVEL CONNECTIONS HTTP: DIR/nginx.conf, in
#     the foreground, serving $T/www over TLS 1.3 with x25519 on
#     127.0.0.1:PORT (cert.pem and key.pem of $T), its pid, logs and
#     temporary files in DIR; MAIN and HTTP are lines added to the main and
#     http blocks;
#   - nginx_start DIR CNF TIMEOUT SALT CONF PROBE: writes the config (CONF
#     PORT), runs nginx with OPENSSL_CONF=$T/CNF and the trace in DIR/trace,
#     bounded by timeout(1) TIMEOUT, until PROBE PORT succeeds (10 s); a new
#     port (from SALT) only when the last one was in use, 6 at the most. Sets
#     pid and port, and started=1 once nginx serves.
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
[ -x "$NGINX" ] || { echo "SKIPPED: nginx is not installed"; exit 77; }
. "$(dirname "$0")/common.sh"
need timeout
pid=
on_exit='[ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null'
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
