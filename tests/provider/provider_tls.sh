#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Real TLS 1.3 handshakes on 127.0.0.1 with `openssl s_server` (Ed25519
# certificate, -groups x25519) and `openssl s_client`, the vec25519 provider
# configured by the openssl.cnf snippet of docs/openssl.md (OPENSSL_CONF):
#   1. server ours, client default    2. server default, client ours
#   3. both ours                      4. both ours by -provider/-propquery
# Proof that our code did the work: each process writes its operation trace
# (VEC25519_PROVIDER_TRACE); the side running the snippet must show
#   server: x25519-keygen, x25519-derive (its key share) and ed25519-sign
#           (CertificateVerify, RFC 8446 §4.4.3)
#   client: x25519-keygen, x25519-derive and ed25519-verify
# so a handshake that fell back to the default provider fails the test, and
# the client must report TLSv1.3, an X25519 server key and an ed25519 peer
# signature, verify the certificate, and fetch the page s_server -www serves.
# The control: under the snippet, `genpkey -propquery provider=vec25519`
# works, and it fails once the module cannot be found (the same snippet then
# cannot activate the provider).
# Every process is bounded by timeout(1); s_server accepts one connection.
#
# Usage: provider_tls.sh MODULE_DIR DOCS_OPENSSL_MD
set -u
MOD=$1
DOC=$2
. "$(dirname "$0")/common.sh"
need timeout
[ -n "$PRELOAD" ] && export LD_PRELOAD="$PRELOAD"
server_pid=
on_exit='[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null'

# The snippet, as a user adds it to openssl.cnf.
snippet "$DOC" ours.cnf
: >default.cnf

# The certificate and key, made by the default provider alone.
OPENSSL_CONF=default.cnf "$OPENSSL" genpkey -algorithm ED25519 -out key.pem &&
    OPENSSL_CONF=default.cnf "$OPENSSL" req -x509 -new -key key.pem -subj /CN=127.0.0.1 \
        -days 2 -out cert.pem -config default.cnf 2>/dev/null ||
    { echo "FAIL: cannot make the Ed25519 certificate"; exit 1; }

# The control.
if OPENSSL_CONF=ours.cnf "$OPENSSL" genpkey -propquery provider=vec25519 -algorithm X25519 \
    -out ctl.pem >ctl.log 2>&1; then ok; else fail "control with the module"; cat ctl.log; fi
mkdir empty
if OPENSSL_MODULES=$T/empty OPENSSL_CONF=ours.cnf "$OPENSSL" genpkey -propquery \
    provider=vec25519 -algorithm X25519 -out ctl2.pem >ctl.log 2>&1; then
    fail "control: provider=vec25519 satisfied without the module"
else ok; fi

# count FILE OP: the number of OP lines in a trace.
count() { grep -cx "$2" "$1" 2>/dev/null; }

# handshake NAME SERVER_CNF CLIENT_CNF SERVER_OURS CLIENT_OURS [SERVER_ARGS [CLIENT_ARGS]]
# (*_OURS: 1 if that side runs our provider; *_ARGS: extra options, unquoted)
handshake() {
    name=$1 scnf=$2 ccnf=$3 sours=$4 cours=$5 sargs=${6:-} cargs=${7:-}
    rm -f s.trace c.trace s.log c.log
    port=
    for try in 1 2 3 4 5 6 7 8; do
        p=$(( (($$ * 7919 + try * 104729) % 20000) + 30000 ))
        VEC25519_PROVIDER_TRACE=$T/s.trace OPENSSL_CONF=$scnf timeout 30 "$OPENSSL" s_server \
            $sargs -accept 127.0.0.1:$p -cert cert.pem -key key.pem -tls1_3 -groups x25519 \
            -naccept 1 -www >s.log 2>&1 &
        server_pid=$!
        i=0
        while [ $i -lt 50 ]; do
            grep -q '^ACCEPT' s.log 2>/dev/null && break
            kill -0 "$server_pid" 2>/dev/null || break
            sleep 0.1
            i=$((i + 1))
        done
        if grep -q '^ACCEPT' s.log; then port=$p; break; fi
        kill "$server_pid" 2>/dev/null
        wait "$server_pid" 2>/dev/null
        server_pid=
    done
    if [ -z "$port" ]; then fail "$name: s_server did not start"; cat s.log; return; fi
    printf 'GET / HTTP/1.0\r\n\r\n' | VEC25519_PROVIDER_TRACE=$T/c.trace OPENSSL_CONF=$ccnf \
        timeout 20 "$OPENSSL" s_client $cargs -connect 127.0.0.1:$port -servername localhost \
        -tls1_3 -groups x25519 -CAfile cert.pem -verify_return_error -ign_eof >c.log 2>&1
    rc=$?
    wait "$server_pid" 2>/dev/null
    server_pid=
    [ $rc -eq 0 ] && ok || { fail "$name: s_client exit $rc"; cat c.log; }
    for want in 'TLSv1.3' 'Server Temp Key: X25519' 'Peer signature type: ed25519' \
        'Verification: OK' 'HTTP/1.0 200 ok'; do
        grep -q "$want" c.log && ok || fail "$name: client output lacks '$want'"
    done
    for side in s c; do
        mine=$sours; [ $side = c ] && mine=$cours
        if [ "$mine" = 1 ]; then
            sig=ed25519-sign; [ $side = c ] && sig=ed25519-verify
            for op in x25519-keygen x25519-derive $sig; do
                n=$(count $side.trace $op)
                [ "${n:-0}" -ge 1 ] && ok ||
                    fail "$name: no $op by our provider on the $side side (fell back?)"
            done
            echo "$name: $side trace: $(sort $side.trace | uniq -c | tr -s ' \n' '  ')"
        else
            [ ! -s $side.trace ] && ok || fail "$name: a trace where our provider is not loaded"
        fi
    done
}

handshake "server ours, client default" ours.cnf default.cnf 1 0
handshake "server default, client ours" default.cnf ours.cnf 0 1
handshake "both ours" ours.cnf ours.cnf 1 1
# The one-command form (docs/openssl.md): no configuration, the providers
# and the preference on the command line, ours loaded last.
one="-provider default -provider vec25519 -propquery ?provider=vec25519"
handshake "both ours, -provider/-propquery" default.cnf default.cnf 1 1 "$one" "$one"

finish
