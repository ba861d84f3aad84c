#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The provider under load (issue 25): Debian's nginx (a master and 2
# workers) serving TLS 1.3 with an Ed25519 certificate and x25519 on
# 127.0.0.1, and 4 concurrent `openssl s_time -new` clients doing full
# handshakes (each fetching a page) for LOAD seconds; first with the
# configuration snippet of docs/openssl.md (vec25519 preferred), then with
# the default provider alone, same settings. For each:
#   - every handshake succeeds (each client's run ends without an error);
#   - the counters add up: handshakes reported by the clients = requests in
#     nginx's access log, and with vec25519 = ed25519-sign operations in the
#     trace (no fallback to the default provider);
#   - the workers' memory (RSS summed) is flat after warm-up: sampled every
#     second from the end of the first third of the run; its growth from the
#     first sample to the last must stay under 2 MiB (1024 KiB per worker);
# and prints handshakes/s, failures and memory side by side.
# LOAD defaults to 10 s (CI); VEC25519_LOAD_SECONDS sets it (say 180 for a
# few minutes). SKIPPED (77) without nginx.
#
# Usage: provider_nginx_load.sh MODULE_DIR DOCS_OPENSSL_MD
set -u
MOD=$1
DOC=$2
. "$(dirname "$0")/nginx.sh"
LOAD=${VEC25519_LOAD_SECONDS:-10}
CLIENTS=4

snippet "$DOC" ours.cnf
ed25519_cert
mkdir www
echo "vec25519 load test page" >www/index.html

# rss: the summed RSS (KiB) of the workers of master $pid
rss() { ps -o rss= --ppid "$pid" 2>/dev/null | awk '{s += $1} END {print s + 0}'; }

# conf PORT / probe PORT for nginx_start: a master and 2 workers (as this
# user), no session resumption; a handshake by s_client
conf() {
    nginx_conf "$T/$name" "$1" "user $(id -un) $(id -gn);
worker_processes 2;" warn 256 "    ssl_session_cache off;
    ssl_session_tickets off;"
}
probe() {
    echo | OPENSSL_CONF=$T/default.cnf timeout 5 "$OPENSSL" s_client -brief \
        -connect 127.0.0.1:$1 >/dev/null 2>&1
}

# run NAME CNF: one phase; sets the result variables r_*
run() {
    name=$1
    cnf=$2
    nginx_start "$T/$name" "$cnf" $((LOAD * 3 + 60)) $((${#name} * 131)) conf probe
    if [ -z "$started" ]; then
        fail "$name: nginx did not serve"
        cat "$T/$name/nginx.out" "$T/$name/error.log" 2>/dev/null
        return
    fi
    : >"$T/$name/access.log"
    [ -f "$T/$name/trace" ] && : >"$T/$name/trace"
    # (the workers run as this user, not nobody: they write in $T)
    c=1
    while [ $c -le $CLIENTS ]; do
        OPENSSL_CONF=$T/default.cnf timeout $((LOAD + 30)) "$OPENSSL" s_time -connect \
            127.0.0.1:$port -new -tls1_3 -time "$LOAD" -www /index.html \
            >"$T/$name/client$c.out" 2>&1 &
        eval "cpid$c=\$!"
        c=$((c + 1))
    done
    # memory: from the end of the first third, every second
    sleep $(( LOAD / 3 + 1 ))
    m_first=$(rss)
    m_max=$m_first
    t=$(( LOAD / 3 + 1 ))
    while [ $t -lt "$LOAD" ]; do
        sleep 1
        m=$(rss)
        [ "$m" -gt "$m_max" ] && m_max=$m
        t=$((t + 1))
    done
    m_last=$(rss)
    c=1
    r_fail=0
    r_hs=0
    while [ $c -le $CLIENTS ]; do
        eval "wait \$cpid$c"
        st=$?
        n=$(sed -n 's/^\([0-9][0-9]*\) connections in [0-9.]* real seconds.*/\1/p' \
            "$T/$name/client$c.out" | tail -1)
        if [ "$st" -ne 0 ] || [ -z "$n" ] || grep -qi 'error' "$T/$name/client$c.out"; then
            r_fail=$((r_fail + 1))
            fail "$name: client $c (status $st)"
            head -c 800 "$T/$name/client$c.out"
        fi
        r_hs=$((r_hs + ${n:-0}))
        c=$((c + 1))
    done
    sleep 1 # the last log lines
    r_log=$(grep -c ' 200 ' "$T/$name/access.log")
    r_sign=$(grep -cx ed25519-sign "$T/$name/trace" 2>/dev/null || echo 0)
    r_rate=$(awk -v n="$r_hs" -v t="$LOAD" 'BEGIN {printf "%.0f", n / t}')
    r_mem="$m_first -> $m_last KiB (max $m_max)"
    r_grow=$((m_last - m_first))
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    pid=
    checks=$((checks + 1))
    [ "$r_hs" -gt 0 ] || fail "$name: no handshake"
    # s_time counts a connection once its page is read: the log has them all
    # (it may have one more per client: a connection cut at the end of time)
    checks=$((checks + 1))
    [ "$r_log" -ge "$r_hs" ] && [ "$r_log" -le $((r_hs + CLIENTS)) ] ||
        fail "$name: $r_hs handshakes by the clients, $r_log requests in the log"
    # (not under AddressSanitizer: its quarantine grows by design)
    checks=$((checks + 1))
    [ -n "$PRELOAD" ] || [ "$r_grow" -le 2048 ] ||
        fail "$name: workers' memory grew by $r_grow KiB after warm-up"
    echo "$name: $r_hs handshakes in ${LOAD}s ($r_rate/s), $r_fail failed clients," \
        "$r_log requests logged, ed25519-sign traced $r_sign, workers' RSS $r_mem"
}

run vec25519 ours.cnf
v_hs=$r_hs v_log=$r_log v_sign=$r_sign
checks=$((checks + 1))
[ "$v_sign" -ge "$v_log" ] && [ "$v_sign" -le $((v_log + CLIENTS)) ] ||
    fail "vec25519: $v_log requests but $v_sign signatures by our provider (fallback?)"
run default default.cnf
checks=$((checks + 1))
[ "$r_sign" -eq 0 ] || fail "default: our provider signed"
finish
