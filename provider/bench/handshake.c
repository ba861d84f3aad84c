/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-provider-bench — TLS 1.3 full handshakes per second, server side,
 * the default provider against ours, in one run (docs/openssl.md §6).
 *
 * One thread (pinned to one CPU, VEC25519_BENCH_CPU, default 0), libssl over
 * an in-memory BIO pair: no sockets, no kernel, no scheduler between the two
 * ends. Each handshake is a full one (TLS 1.3, TLS_AES_128_GCM_SHA256, group
 * x25519, an Ed25519 certificate, no session tickets, no resumption): the
 * server generates an X25519 key share, derives the shared secret and signs
 * the CertificateVerify (RFC 8446 §4.4.3) with Ed25519.
 *
 * Two server configurations share one client:
 *   default   a library context with the default provider only
 *   vec25519  default + vec25519, default properties "?provider=vec25519"
 *             (the openssl.cnf snippet), providers loaded in that order
 * The client always runs on the default provider in a library context of its
 * own. Only the server's work is timed: SSL_new, every SSL_do_handshake call
 * and SSL_free of the server object, in the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID, so that other processes on a shared machine do
 * not count). Rounds alternate the order of the two configurations; the
 * report gives every round, the medians, and the median of the per-round
 * ratios.
 *
 * The crypto share: the server's public-key operations of one handshake —
 * X25519 key generation, X25519 derive, an Ed25519 signature of a
 * CertificateVerify-sized message (130 bytes) — timed through the same EVP
 * calls libssl makes, in each library context, over the handshake time. For
 * ours the same three operations are also timed as direct library calls
 * (vec25519_x25519_base, vec25519_x25519, vec25519_ed25519_sign), which
 * shows what the EVP and provider layers add.
 *
 * A benchmark, not a test: built with the provider, never run by CTest.
 * Usage: vec25519-provider-bench MODULE_DIR [HANDSHAKES_PER_ROUND] [ROUNDS]
 */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include "vec25519.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char *what)
{
    fprintf(stderr, "vec25519-provider-bench: %s\n", what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

struct server {
    const char *name;
    OSSL_LIB_CTX *lc;
    SSL_CTX *ctx;
    EVP_PKEY *key;
};

static const uint8_t seed[32] = {0x76, 0x65, 0x63, 0x32, 0x35, 0x35, 0x31, 0x39};

/* A self-signed Ed25519 certificate for key, made in lc. */
static X509 *self_signed(OSSL_LIB_CTX *lc, EVP_PKEY *key)
{
    X509 *x = X509_new_ex(lc, NULL);
    X509_NAME *n = X509_NAME_new();
    if (!x || !n || !X509_set_version(x, 2) || !ASN1_INTEGER_set(X509_get_serialNumber(x), 1) ||
        !X509_gmtime_adj(X509_getm_notBefore(x), -3600) ||
        !X509_gmtime_adj(X509_getm_notAfter(x), 86400) ||
        !X509_NAME_add_entry_by_txt(n, "CN", MBSTRING_ASC, (const unsigned char *)"bench", -1,
                                    -1, 0) ||
        !X509_set_subject_name(x, n) || !X509_set_issuer_name(x, n) || !X509_set_pubkey(x, key) ||
        !X509_sign(x, key, NULL))
        die("making the certificate");
    X509_NAME_free(n);
    return x;
}

static void server_init(struct server *s, const char *name, const char *moddir, int ours)
{
    s->name = name;
    s->lc = OSSL_LIB_CTX_new();
    if (!OSSL_PROVIDER_load(s->lc, "default")) die("loading the default provider");
    if (ours) {
        if (!OSSL_PROVIDER_set_default_search_path(s->lc, moddir) ||
            !OSSL_PROVIDER_load(s->lc, "vec25519"))
            die("loading the vec25519 provider");
        if (!EVP_set_default_properties(s->lc, "?provider=vec25519")) die("default properties");
    }
    s->key = EVP_PKEY_new_raw_private_key_ex(s->lc, "ED25519", NULL, seed, 32);
    if (!s->key) die("the Ed25519 key");
    const char *prov = OSSL_PROVIDER_get0_name(EVP_PKEY_get0_provider(s->key));
    if (strcmp(prov, ours ? "vec25519" : "default") != 0) die("the key is in the wrong provider");
    X509 *cert = self_signed(s->lc, s->key);
    s->ctx = SSL_CTX_new_ex(s->lc, NULL, TLS_server_method());
    if (!s->ctx || !SSL_CTX_use_certificate(s->ctx, cert) || !SSL_CTX_use_PrivateKey(s->ctx, s->key) ||
        !SSL_CTX_set_min_proto_version(s->ctx, TLS1_3_VERSION) ||
        !SSL_CTX_set1_groups_list(s->ctx, "x25519") ||
        !SSL_CTX_set_ciphersuites(s->ctx, "TLS_AES_128_GCM_SHA256") ||
        !SSL_CTX_set_num_tickets(s->ctx, 0))
        die("the server context");
    SSL_CTX_set_session_cache_mode(s->ctx, SSL_SESS_CACHE_OFF);
    X509_free(cert);
}

/* n full handshakes; returns the server's CPU seconds. */
static double handshakes(struct server *s, SSL_CTX *cctx, int n)
{
    double t = 0;
    for (int i = 0; i < n; i++) {
        BIO *sb = NULL, *cb = NULL;
        if (!BIO_new_bio_pair(&sb, 0, &cb, 0)) die("BIO pair");
        SSL *c = SSL_new(cctx);
        double t0 = now();
        SSL *sv = SSL_new(s->ctx);
        t += now() - t0;
        if (!c || !sv) die("SSL_new");
        SSL_set_bio(sv, sb, sb);
        SSL_set_bio(c, cb, cb);
        SSL_set_accept_state(sv);
        SSL_set_connect_state(c);
        int sdone = 0, cdone = 0, steps = 0;
        while (!sdone || !cdone) {
            if (++steps > 100) die("the handshake does not finish");
            if (!cdone) {
                int r = SSL_do_handshake(c);
                if (r == 1) cdone = 1;
                else if (SSL_get_error(c, r) != SSL_ERROR_WANT_READ) die("client handshake");
            }
            if (!sdone) {
                t0 = now();
                int r = SSL_do_handshake(sv);
                t += now() - t0;
                if (r == 1) sdone = 1;
                else if (SSL_get_error(sv, r) != SSL_ERROR_WANT_READ) die("server handshake");
            }
        }
        if (i == 0 && (SSL_version(sv) != TLS1_3_VERSION || SSL_get_negotiated_group(sv) != NID_X25519))
            die("not a TLS 1.3 x25519 handshake");
        t0 = now();
        SSL_free(sv);
        t += now() - t0;
        SSL_free(c);
    }
    return t;
}

/* Seconds per server-side public-key operation set of one handshake, through
 * EVP in lc: {keygen, derive, sign}. */
static void evp_ops(OSSL_LIB_CTX *lc, EVP_PKEY *edkey, int iters, double out[3])
{
    uint8_t msg[130], sig[64], k[32];
    memset(msg, 0x20, sizeof msg);
    EVP_PKEY *peer = EVP_PKEY_Q_keygen(lc, NULL, "X25519");
    if (!peer) die("X25519 peer");
    double t0 = now();
    for (int i = 0; i < iters; i++) {
        EVP_PKEY *p = NULL;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, "X25519", NULL);
        if (!c || EVP_PKEY_keygen_init(c) != 1 || EVP_PKEY_keygen(c, &p) != 1) die("keygen");
        EVP_PKEY_CTX_free(c);
        EVP_PKEY_free(p);
    }
    out[0] = (now() - t0) / iters;
    EVP_PKEY *mine = EVP_PKEY_Q_keygen(lc, NULL, "X25519");
    t0 = now();
    for (int i = 0; i < iters; i++) {
        size_t len = 32;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, mine, NULL);
        if (!c || EVP_PKEY_derive_init(c) != 1 || EVP_PKEY_derive_set_peer(c, peer) != 1 ||
            EVP_PKEY_derive(c, k, &len) != 1)
            die("derive");
        EVP_PKEY_CTX_free(c);
    }
    out[1] = (now() - t0) / iters;
    t0 = now();
    for (int i = 0; i < iters; i++) {
        size_t len = 64;
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        if (!m || EVP_DigestSignInit_ex(m, NULL, NULL, lc, NULL, edkey, NULL) != 1 ||
            EVP_DigestSign(m, sig, &len, msg, sizeof msg) != 1)
            die("sign");
        EVP_MD_CTX_free(m);
    }
    out[2] = (now() - t0) / iters;
    EVP_PKEY_free(peer);
    EVP_PKEY_free(mine);
}

static void direct_ops(int iters, double out[3])
{
    uint8_t sk[64], pk[32], s[32], u[32], k[32], sig[64], msg[130];
    memset(msg, 0x20, sizeof msg);
    vec25519_ed25519_keypair(pk, sk, seed);
    memcpy(s, seed, 32);
    double t0 = now();
    for (int i = 0; i < iters; i++) {
        s[0] = (uint8_t)i;
        if (vec25519_x25519_base(u, s) != 0) die("x25519_base");
    }
    out[0] = (now() - t0) / iters;
    t0 = now();
    for (int i = 0; i < iters; i++)
        if (vec25519_x25519(k, s, u) != 0) die("x25519");
    out[1] = (now() - t0) / iters;
    t0 = now();
    for (int i = 0; i < iters; i++) vec25519_ed25519_sign(sig, msg, sizeof msg, sk);
    out[2] = (now() - t0) / iters;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: vec25519-provider-bench MODULE_DIR [HANDSHAKES] [ROUNDS]\n");
        return 2;
    }
    int n = argc > 2 ? atoi(argv[2]) : 500, rounds = argc > 3 ? atoi(argv[3]) : 7;
    if (n < 1 || rounds < 1 || rounds > 99) return 2;
    const char *cpu = getenv("VEC25519_BENCH_CPU");
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu ? atoi(cpu) : 0, &set);
    int pinned = sched_setaffinity(0, sizeof set, &set) == 0;

    struct server sv[2];
    server_init(&sv[0], "default", argv[1], 0);
    server_init(&sv[1], "vec25519", argv[1], 1);
    OSSL_LIB_CTX *clc = OSSL_LIB_CTX_new();
    if (!OSSL_PROVIDER_load(clc, "default")) die("client provider");
    SSL_CTX *cctx = SSL_CTX_new_ex(clc, NULL, TLS_client_method());
    if (!cctx || !SSL_CTX_set_min_proto_version(cctx, TLS1_3_VERSION) ||
        !SSL_CTX_set1_groups_list(cctx, "x25519") ||
        !SSL_CTX_set_ciphersuites(cctx, "TLS_AES_128_GCM_SHA256"))
        die("client context");
    SSL_CTX_set_verify(cctx, SSL_VERIFY_NONE, NULL);

    printf("%s; vec25519 %s (backend %s); %s; %d handshakes per "
           "configuration per round, %d rounds, server CPU time\n",
           OpenSSL_version(OPENSSL_VERSION), vec25519_version(), vec25519_backend(),
           pinned ? "pinned to one CPU" : "not pinned", n, rounds);
    handshakes(&sv[0], cctx, n / 10 + 1); /* warm-up */
    handshakes(&sv[1], cctx, n / 10 + 1);
    double hs[2][99], ratio[99];
    for (int r = 0; r < rounds; r++) {
        for (int k = 0; k < 2; k++) {
            int i = (r % 2) ? 1 - k : k;
            hs[i][r] = n / handshakes(&sv[i], cctx, n);
        }
        ratio[r] = hs[1][r] / hs[0][r];
        printf("round %d: default %8.0f handshakes/s  vec25519 %8.0f handshakes/s  ratio %.3f\n",
               r + 1, hs[0][r], hs[1][r], ratio[r]);
    }
    double lo = ratio[0], hi = ratio[0];
    for (int r = 1; r < rounds; r++) {
        lo = ratio[r] < lo ? ratio[r] : lo;
        hi = ratio[r] > hi ? ratio[r] : hi;
    }
    double hd = median(hs[0], rounds), ho = median(hs[1], rounds), rm = median(ratio, rounds);
    printf("median: default %.0f handshakes/s (%.1f us), vec25519 %.0f handshakes/s (%.1f us); "
           "ratio %.3f (rounds %.3f..%.3f)\n",
           hd, 1e6 / hd, ho, 1e6 / ho, rm, lo, hi);

    double ops[3][3];
    int iters = 2000;
    evp_ops(sv[0].lc, sv[0].key, iters, ops[0]);
    evp_ops(sv[1].lc, sv[1].key, iters, ops[1]);
    direct_ops(iters, ops[2]);
    static const char *const rows[3] = {"default (EVP)", "vec25519 (EVP)", "vec25519 (direct)"};
    double hsus[3] = {1e6 / hd, 1e6 / ho, 1e6 / ho};
    for (int i = 0; i < 3; i++) {
        double sum = ops[i][0] + ops[i][1] + ops[i][2];
        printf("%-18s x25519 keygen %6.1f us, derive %6.1f us, ed25519 sign %6.1f us: "
               "%6.1f us = %4.1f%% of a handshake\n",
               rows[i], ops[i][0] * 1e6, ops[i][1] * 1e6, ops[i][2] * 1e6, sum * 1e6,
               100 * sum * 1e6 / hsus[i]);
    }
    SSL_CTX_free(cctx);
    OSSL_LIB_CTX_free(clc);
    for (int i = 0; i < 2; i++) {
        SSL_CTX_free(sv[i].ctx);
        EVP_PKEY_free(sv[i].key);
        OSSL_LIB_CTX_free(sv[i].lc);
    }
    return 0;
}
