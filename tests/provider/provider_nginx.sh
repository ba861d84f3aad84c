#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Debian's nginx with the openssl.cnf snippet of docs/openssl.md (through
# OPENSSL_CONF) serves a page over TLS 1.3 with an Ed25519 certificate and
# the x25519 group on 127.0.0.1; curl fetches it. nginx's operation trace
# (VEC25519_PROVIDER_TRACE) must show the key share and the CertificateVerify
# signature done by our provider. nginx runs in the foreground as one process
# (daemon off, master_process off) with a temporary prefix, bounded by
# timeout(1), and is stopped by its process id. Without nginx or curl the test
# is skipped (exit 77).
#
# Usage: provider_nginx.sh MODULE_DIR DOCS_OPENSSL_MD
set -u
MOD=$1
DOC=$2
. "$(dirname "$0")/nginx.sh"
need curl
# In a sanitizer build only nginx, which loads the module, gets $PRELOAD.

snippet "$DOC" ours.cnf
ed25519_cert -addext "subjectAltName=DNS:localhost,IP:127.0.0.1"
mkdir www
echo "vec25519 provider test page" >www/index.html

# conf PORT / probe PORT for nginx_start: one process, and a page by curl
conf() {
    nginx_conf "$T" "$1" "master_process off;
worker_processes 1;" info 16 ""
}
probe() {
    curl -s -o /dev/null --max-time 2 --cacert cert.pem "https://localhost:$1/" \
        --resolve "localhost:$1:127.0.0.1" 2>/dev/null
}
nginx_start "$T" ours.cnf 60 0 conf probe
if [ -z "$started" ]; then
    echo "FAIL: nginx did not serve"
    cat nginx.out error.log 2>/dev/null
    exit 1
fi
: >trace # count from here: the fetch below
curl -sS --max-time 10 --tlsv1.3 --curves X25519 --cacert cert.pem \
    --resolve "localhost:$port:127.0.0.1" -w '%{http_code} %{ssl_verify_result}\n' \
    -o page.html "https://localhost:$port/index.html" >curl.out 2>&1
rc=$?
[ $rc -eq 0 ] && ok || { fail "curl exit $rc"; cat curl.out; }
grep -q '^200 0$' curl.out && ok || { fail "HTTP status / verification"; cat curl.out; }
grep -q 'vec25519 provider test page' page.html && ok || fail "page content"
for op in x25519-keygen x25519-derive ed25519-sign; do
    grep -qx "$op" trace && ok || fail "no $op by our provider in nginx (fell back?)"
done
echo "nginx trace of one fetch: $(sort trace | uniq -c | tr -s ' \n' '  ')"
kill "$pid" 2>/dev/null
wait "$pid" 2>/dev/null
pid=
finish
