/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The vec25519 OpenSSL provider through libcrypto's EVP API, with our
 * provider forced by the property query "provider=vec25519" in a library
 * context of its own (the module is found in the build tree).
 *
 *   control     without our provider the query finds nothing; with it, every
 *               key, signature and exchange object is ours
 *   rfc8032     Ed25519, Ed25519ctx and Ed25519ph known answers (RFC 8032
 *               §7.1-7.3) through EVP_DigestSign/Verify, the variants through
 *               the "instance" and "context-string" parameters
 *   wycheproof  Wycheproof ed25519_test (151 verdicts) and x25519_test (518
 *               cases; an all-zero shared secret must be an error) through
 *               EVP_DigestVerify and EVP_PKEY_derive, with the verdicts that
 *               tests/test_ed25519.c and tests/test_x25519.c document
 *   interop     keys made by the default provider used by ours and the
 *               reverse (export/import of "pub"/"priv"), signatures and
 *               shared secrets that agree; our encoders write what OpenSSL's
 *               write, byte for byte, and each side decodes the other's
 *   malformed   wrong key lengths, truncated and byte-flipped PKCS#8/SPKI
 *               (DER and PEM) at every position, small-order X25519 peers
 *               (accepted by the peer check and refused by derive, side by
 *               side with the default provider) and Ed25519 keys, bad signatures and lengths, a digest name,
 *               a too-small buffer, a bad instance:
 *               each fails with an error of our provider carrying a reason
 *               string, and nothing crashes (this file also runs under
 *               AddressSanitizer, tools/test.sh step 2)
 *   (malformed also writes and reads encrypted PKCS#8, PBES2, both ways
 *               with the default provider, PEM and DER, and a wrong passphrase)
 *   counters    the provider's operation counters move by what was done
 *   threads     4 threads sign, verify and derive with shared key objects
 *
 * Usage: provider_evp MODULE_DIR   (the folder that holds vec25519.so)
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "test.h"

#define PQ "provider=vec25519"

/* lc has both providers; lc_ours and lc_default one each, for the decoders:
 * OpenSSL 3.0 tries every provider's decoders whatever the property query,
 * so a decoder is tested alone in a library context of its own. */
static OSSL_LIB_CTX *lc, *lc_ours, *lc_default;
static OSSL_PROVIDER *ours, *deflt, *ours2, *deflt2;
static const char *moddir; /* the folder of the module */

/* ---- helpers ------------------------------------------------------------- */

/* Among the queued errors there must be one our provider raised, with a
 * reason string (the EVP layer may add its own after it). Clears the queue. */
static void expect_our_error(const char *what)
{
    unsigned long e;
    int n = 0, found = 0;
    while ((e = ERR_get_error()) != 0) {
        const char *lib = ERR_lib_error_string(e), *reason = ERR_reason_error_string(e);
        n++;
        found |= lib != NULL && strcmp(lib, "vec25519") == 0 && reason != NULL && reason[0];
    }
    CHECK(n > 0, "%s: no OpenSSL error raised", what);
    CHECK(found, "%s: no error of the vec25519 provider with a reason string", what);
}

/* Some OpenSSL error must be queued (the decoder chain of OpenSSL 3.0 drops
 * a decoder's own errors when it tries the next one; codec.c). */
static void expect_some_error(const char *what)
{
    CHECK(ERR_peek_error() != 0, "%s: no OpenSSL error raised", what);
    ERR_clear_error();
}

static uint64_t counter_of(OSSL_PROVIDER *prov, const char *name)
{
    uint64_t v = 0;
    char key[64];
    snprintf(key, sizeof key, "vec25519-%s", name);
    OSSL_PARAM p[2] = {OSSL_PARAM_construct_uint64(key, &v), OSSL_PARAM_construct_end()};
    CHECK(OSSL_PROVIDER_get_params(prov, p) == 1, "get_params %s", key);
    return v;
}

static uint64_t counter(const char *name)
{
    return counter_of(ours, name);
}

static EVP_PKEY *raw_key(const char *type, int priv, const uint8_t *k, size_t n, const char *pq)
{
    return priv ? EVP_PKEY_new_raw_private_key_ex(lc, type, pq, k, n)
                : EVP_PKEY_new_raw_public_key_ex(lc, type, pq, k, n);
}

static int is_ours(const EVP_PKEY *k)
{
    return k != NULL && EVP_PKEY_get0_provider(k) == ours;
}

/* 1 valid, 0 invalid, -1 error in the setup. */
static int ed_verify(EVP_PKEY *pk, const OSSL_PARAM *params, const uint8_t *sig, size_t siglen,
                     const uint8_t *msg, size_t len)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int rc = -1;
    if (m && EVP_DigestVerifyInit_ex(m, NULL, NULL, lc, PQ, pk, params) == 1)
        rc = EVP_DigestVerify(m, sig, siglen, msg, len) == 1;
    EVP_MD_CTX_free(m);
    return rc;
}

static int ed_sign(EVP_PKEY *sk, const OSSL_PARAM *params, uint8_t sig[64], const uint8_t *msg,
                   size_t len, const char *pq)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    size_t siglen = 64;
    int ok = m && EVP_DigestSignInit_ex(m, NULL, NULL, lc, pq, sk, params) == 1 &&
             EVP_DigestSign(m, sig, &siglen, msg, len) == 1 && siglen == 64;
    EVP_MD_CTX_free(m);
    return ok;
}

/* 1 and out = the shared secret, or 0. validate: EVP's check of the peer. */
static int x_derive(EVP_PKEY *priv, EVP_PKEY *peer, uint8_t out[32], int validate,
                    const char *pq)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, priv, pq);
    size_t len = 32;
    int ok = c && EVP_PKEY_derive_init(c) == 1 &&
             EVP_PKEY_derive_set_peer_ex(c, peer, validate) == 1 &&
             EVP_PKEY_derive(c, out, &len) == 1 && len == 32;
    EVP_PKEY_CTX_free(c);
    return ok;
}

/* The hex field i of a vector line into out (cap); -1 if not hex. */
static long field(const vec_reader *r, int i, uint8_t *out, size_t cap)
{
    if (i >= r->nfields) return -1;
    return hex_decode(out, cap, r->fields[i]);
}

/* ---- control ------------------------------------------------------------- */

static void test_control(void)
{
    OSSL_LIB_CTX *only_default = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *d = OSSL_PROVIDER_load(only_default, "default");
    EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(only_default, "X25519", PQ);
    CHECK(km == NULL, "control: \"provider=vec25519\" found an X25519 key manager without us");
    EVP_KEYMGMT_free(km);
    ERR_clear_error();
    OSSL_PROVIDER_unload(d);
    OSSL_LIB_CTX_free(only_default);

    static const char *const kinds[][2] = {
        {"KEYMGMT", "X25519"}, {"KEYMGMT", "ED25519"}, {"KEYEXCH", "X25519"},
        {"SIGNATURE", "ED25519"}};
    for (size_t i = 0; i < 4; i++) {
        const OSSL_PROVIDER *p = NULL;
        if (strcmp(kinds[i][0], "KEYMGMT") == 0) {
            EVP_KEYMGMT *k = EVP_KEYMGMT_fetch(lc, kinds[i][1], PQ);
            p = k ? EVP_KEYMGMT_get0_provider(k) : NULL;
            EVP_KEYMGMT_free(k);
        } else if (strcmp(kinds[i][0], "KEYEXCH") == 0) {
            EVP_KEYEXCH *k = EVP_KEYEXCH_fetch(lc, kinds[i][1], PQ);
            p = k ? EVP_KEYEXCH_get0_provider(k) : NULL;
            EVP_KEYEXCH_free(k);
        } else {
            EVP_SIGNATURE *k = EVP_SIGNATURE_fetch(lc, kinds[i][1], PQ);
            p = k ? EVP_SIGNATURE_get0_provider(k) : NULL;
            EVP_SIGNATURE_free(k);
        }
        CHECK(p == ours, "control: %s %s is not ours", kinds[i][0], kinds[i][1]);
    }
}

/* ---- RFC 8032 ------------------------------------------------------------ */

static void test_rfc8032(void)
{
    static const struct {
        const char *file, *instance;
        int has_ctx;
    } sets[] = {
        {"rfc8032/ed25519.txt", "Ed25519", 0},
        {"rfc8032/ed25519ctx.txt", "Ed25519ctx", 1},
        {"rfc8032/ed25519ph.txt", "Ed25519ph", 1},
    };
    static uint8_t msg[2048];
    unsigned long n = 0;
    for (size_t s = 0; s < 3; s++) {
        vec_reader r;
        if (vec_open(&r, sets[s].file) != 0) continue;
        while (vec_next(&r)) {
            uint8_t seed[32], pub[32], want[64], got[64], ctx[255], pk2[32];
            long len, clen = 0;
            size_t pklen = 32;
            if (field(&r, 0, seed, 32) != 32 || field(&r, 1, pub, 32) != 32 ||
                (len = field(&r, 2, msg, sizeof msg)) < 0 || field(&r, 3, want, 64) != 64 ||
                (sets[s].has_ctx && (clen = field(&r, 4, ctx, sizeof ctx)) < 0)) {
                CHECK(0, "%s:%lu: bad line", r.path, r.lineno);
                continue;
            }
            char inst[16];
            strcpy(inst, sets[s].instance);
            OSSL_PARAM params[3] = {OSSL_PARAM_construct_utf8_string("instance", inst, 0),
                                    OSSL_PARAM_construct_octet_string("context-string", ctx,
                                                                      (size_t)clen),
                                    OSSL_PARAM_construct_end()};
            if (!sets[s].has_ctx) params[1] = OSSL_PARAM_construct_end();
            EVP_PKEY *sk = raw_key("ED25519", 1, seed, 32, PQ);
            EVP_PKEY *pk = raw_key("ED25519", 0, pub, 32, PQ);
            CHECK(is_ours(sk) && is_ours(pk), "%s:%lu: keys not ours", r.path, r.lineno);
            CHECK(sk && EVP_PKEY_get_raw_public_key(sk, pk2, &pklen) == 1 && pklen == 32 &&
                      memcmp(pk2, pub, 32) == 0,
                  "%s:%lu: public key of the seed", r.path, r.lineno);
            memset(got, 0, 64);
            CHECK(sk && ed_sign(sk, params, got, msg, (size_t)len, PQ), "%s:%lu: sign", r.path,
                  r.lineno);
            CHECK_BYTES(got, want, 64, sets[s].file);
            CHECK(pk && ed_verify(pk, params, want, 64, msg, (size_t)len) == 1, "%s:%lu: verify",
                  r.path, r.lineno);
            want[10] ^= 1;
            CHECK(pk && ed_verify(pk, params, want, 64, msg, (size_t)len) == 0,
                  "%s:%lu: a flipped signature verifies", r.path, r.lineno);
            ERR_clear_error();
            /* The same signature under another instance must not verify. */
            strcpy(inst, s == 0 ? "Ed25519ph" : "Ed25519");
            want[10] ^= 1;
            if (s != 0) params[1] = OSSL_PARAM_construct_end();
            CHECK(pk && ed_verify(pk, params, want, 64, msg, (size_t)len) == 0,
                  "%s:%lu: verifies under another instance", r.path, r.lineno);
            ERR_clear_error();
            EVP_PKEY_free(sk);
            EVP_PKEY_free(pk);
            n++;
        }
        vec_close(&r);
    }
    CHECK(n >= 10, "rfc8032: only %lu vectors", n);
    printf("rfc8032 through EVP: %lu vectors (pure, ctx, ph)\n", n);
}

/* ---- Wycheproof ---------------------------------------------------------- */

static void test_wycheproof_ed25519(void)
{
    vec_reader r;
    static uint8_t msg[4096], sig[512];
    unsigned long n = 0, accepted = 0;
    if (vec_open(&r, "wycheproof/ed25519_test.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t pub[32];
        long len, siglen;
        if (r.nfields < 6 || field(&r, 3, pub, 32) != 32 ||
            (len = field(&r, 4, msg, sizeof msg)) < 0) {
            CHECK(0, "%s:%lu: bad line", r.path, r.lineno);
            continue;
        }
        siglen = field(&r, 5, sig, sizeof sig);
        if (siglen < 0) siglen = 0; /* odd hex: not a 64-byte signature */
        int want = strcmp(r.fields[1], "valid") == 0; /* no documented difference */
        EVP_PKEY *pk = raw_key("ED25519", 0, pub, 32, PQ);
        CHECK(is_ours(pk), "tcId %s: key not ours", r.fields[0]);
        int got = pk ? ed_verify(pk, NULL, sig, (size_t)siglen, msg, (size_t)len) : -1;
        CHECK(got == want, "wycheproof ed25519 tcId %s (%s): verify gave %d", r.fields[0],
              r.fields[1], got);
        if (got == 0) expect_our_error("wycheproof rejection");
        accepted += got == 1;
        EVP_PKEY_free(pk);
        n++;
    }
    vec_close(&r);
    CHECK(n == 151, "expected 151 Wycheproof Ed25519 cases, read %lu", n);
    printf("wycheproof ed25519 through EVP: %lu cases, %lu accepted\n", n, accepted);
}

static void test_wycheproof_x25519(void)
{
    static const uint8_t zero[32] = {0};
    vec_reader r;
    unsigned long n = 0, nzero = 0;
    if (vec_open(&r, "wycheproof/x25519_test.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t priv[32], pub[32], want[32], got[32];
        if (field(&r, 3, priv, 32) != 32 || field(&r, 4, pub, 32) != 32 ||
            field(&r, 5, want, 32) != 32) {
            CHECK(0, "%s:%lu: bad line", r.path, r.lineno);
            continue;
        }
        EVP_PKEY *sk = raw_key("X25519", 1, priv, 32, PQ);
        EVP_PKEY *pk = raw_key("X25519", 0, pub, 32, PQ);
        CHECK(is_ours(sk) && is_ours(pk), "tcId %s: keys not ours", r.fields[0]);
        memset(got, 0xa5, 32);
        if (memcmp(want, zero, 32) == 0) {
            nzero++;
            /* Accepted by the peer check (as by the default provider), refused
             * by derive, with the check and without it. */
            CHECK(!x_derive(sk, pk, got, 1, PQ), "tcId %s: small-order peer accepted",
                  r.fields[0]);
            expect_our_error("small-order peer (validated)");
            CHECK(!x_derive(sk, pk, got, 0, PQ), "tcId %s: all-zero secret returned",
                  r.fields[0]);
            expect_our_error("all-zero shared secret");
        } else {
            CHECK(x_derive(sk, pk, got, 1, PQ), "tcId %s: derive failed", r.fields[0]);
            if (!CHECK_BYTES(got, want, 32, "wycheproof x25519"))
                fprintf(stderr, "  tcId %s\n", r.fields[0]);
        }
        ERR_clear_error();
        EVP_PKEY_free(sk);
        EVP_PKEY_free(pk);
        n++;
    }
    vec_close(&r);
    CHECK(n == 518, "expected 518 Wycheproof X25519 cases, read %lu", n);
    printf("wycheproof x25519 through EVP: %lu cases, %lu all-zero (errors)\n", n, nzero);
}

/* ---- interop ------------------------------------------------------------- */

static EVP_PKEY *keygen(const char *type, const char *pq)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, type, pq);
    if (!c || EVP_PKEY_keygen_init(c) != 1 || EVP_PKEY_keygen(c, &k) != 1) k = NULL;
    EVP_PKEY_CTX_free(c);
    return k;
}

/* An encoding of k by the encoders of pq. */
static size_t encode(EVP_PKEY *k, int sel, const char *fmt, const char *structure,
                     const char *pq, uint8_t *out, size_t cap)
{
    unsigned char *p = out;
    size_t left = cap;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(k, sel, fmt, structure, pq);
    int ok = e && OSSL_ENCODER_CTX_get_num_encoders(e) > 0 && OSSL_ENCODER_to_data(e, &p, &left);
    OSSL_ENCODER_CTX_free(e);
    return ok ? cap - left : 0;
}

static EVP_PKEY *decode(const uint8_t *in, size_t n, const char *fmt, const char *structure,
                        const char *type, int sel, OSSL_LIB_CTX *dlc)
{
    EVP_PKEY *k = NULL;
    const unsigned char *p = in;
    size_t left = n;
    OSSL_DECODER_CTX *d =
        OSSL_DECODER_CTX_new_for_pkey(&k, fmt, structure, type, sel, dlc, NULL);
    if (!d || OSSL_DECODER_from_data(d, &p, &left) != 1) {
        EVP_PKEY_free(k);
        k = NULL;
    }
    OSSL_DECODER_CTX_free(d);
    return k;
}

/* The same raw public (and private) key. */
static int same_key(EVP_PKEY *x, EVP_PKEY *y, int priv)
{
    uint8_t a[32], b[32];
    size_t la = 32, lb = 32;
    if (!x || !y || EVP_PKEY_get_raw_public_key(x, a, &la) != 1 ||
        EVP_PKEY_get_raw_public_key(y, b, &lb) != 1 || la != 32 || lb != 32 || memcmp(a, b, 32))
        return 0;
    if (!priv) return 1;
    la = lb = 32;
    return EVP_PKEY_get_raw_private_key(x, a, &la) == 1 &&
           EVP_PKEY_get_raw_private_key(y, b, &lb) == 1 && la == 32 && lb == 32 &&
           memcmp(a, b, 32) == 0;
}

static void test_interop(void)
{
    static const char *const types[] = {"ED25519", "X25519"};
    static const uint8_t msg[] = "interoperability";
    for (int t = 0; t < 2; t++) {
        for (int dir = 0; dir < 2; dir++) {
            const char *gen = dir ? "provider=default" : PQ;
            const char *use = dir ? PQ : "provider=default";
            EVP_PKEY *a = keygen(types[t], gen), *b = keygen(types[t], gen);
            CHECK(a && b, "%s: keygen by %s", types[t], gen);
            if (!a || !b) continue;
            CHECK(is_ours(a) == !dir, "%s: keygen by the wrong provider", types[t]);
            /* Every encoding: ours and OpenSSL's are the same bytes, and
             * each side decodes it back to the key. */
            static const char *const fmts[] = {"DER", "PEM"};
            for (int f = 0; f < 2; f++) {
                for (int priv = 0; priv < 2; priv++) {
                    uint8_t e1[512], e2[512];
                    int sel = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
                    const char *st = priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
                    size_t n1 = encode(a, sel, fmts[f], st, PQ, e1, sizeof e1);
                    size_t n2 = encode(a, sel, fmts[f], st, "provider=default", e2, sizeof e2);
                    CHECK(n1 > 0 && n1 == n2 && memcmp(e1, e2, n1) == 0,
                          "%s %s %s: our encoding differs from OpenSSL's", types[t], fmts[f],
                          st);
                    EVP_PKEY *x = decode(e2, n2, fmts[f], st, types[t], sel, lc_ours);
                    EVP_PKEY *y = decode(e1, n1, fmts[f], st, types[t], sel, lc_default);
                    CHECK(x && EVP_PKEY_get0_provider(x) == ours2, "%s %s %s: our decoder",
                          types[t], fmts[f], st);
                    CHECK(y && EVP_PKEY_get0_provider(y) == deflt2, "%s %s %s: default decoder",
                          types[t], fmts[f], st);
                    CHECK(same_key(x, a, priv) && same_key(y, a, priv),
                          "%s %s %s: decoded key differs", types[t], fmts[f], st);
                    EVP_PKEY_free(x);
                    EVP_PKEY_free(y);
                }
            }
            if (t == 0) {
                uint8_t s1[64], s2[64];
                CHECK(ed_sign(a, NULL, s1, msg, sizeof msg, gen) &&
                          ed_sign(a, NULL, s2, msg, sizeof msg, use) && memcmp(s1, s2, 64) == 0,
                      "Ed25519 signatures of %s and %s differ", gen, use);
                EVP_MD_CTX *m = EVP_MD_CTX_new();
                CHECK(EVP_DigestVerifyInit_ex(m, NULL, NULL, lc, use, a, NULL) == 1 &&
                          EVP_DigestVerify(m, s1, 64, msg, sizeof msg) == 1,
                      "Ed25519: %s does not verify %s's signature", use, gen);
                EVP_MD_CTX_free(m);
            } else {
                uint8_t k1[32], k2[32];
                CHECK(x_derive(a, b, k1, 1, use) && x_derive(b, a, k2, 1, gen) &&
                          memcmp(k1, k2, 32) == 0,
                      "X25519: %s and %s disagree", gen, use);
            }
            EVP_PKEY_free(a);
            EVP_PKEY_free(b);
        }
    }
}

/* ---- malformed input ----------------------------------------------------- */

static void test_malformed(void)
{
    static const uint8_t msg[] = "malformed";
    uint8_t buf[64] = {0}, sig[64];

    /* Raw keys of the wrong length. */
    for (int t = 0; t < 2; t++) {
        const char *type = t ? "X25519" : "ED25519";
        for (size_t len = 0; len <= 40; len += (len == 30 ? 1 : len >= 33 ? 7 : 10)) {
            if (len == 32) continue;
            for (int priv = 0; priv < 2; priv++) {
                EVP_PKEY *k = raw_key(type, priv, buf, len, PQ);
                CHECK(k == NULL, "%s: a %zu-byte %s key was accepted", type, len,
                      priv ? "private" : "public");
                EVP_PKEY_free(k);
                ERR_clear_error();
            }
        }
    }

    /* Truncations and byte flips of every encoding of a key of ours. */
    EVP_PKEY *ed = keygen("ED25519", PQ), *x = keygen("X25519", PQ);
    unsigned long truncs = 0, flips = 0, flip_ok = 0;
    for (int t = 0; t < 2 && ed && x; t++) {
        EVP_PKEY *key = t ? x : ed;
        const char *type = t ? "X25519" : "ED25519";
        for (int f = 0; f < 2; f++) {
            const char *fmt = f ? "PEM" : "DER";
            for (int priv = 0; priv < 2; priv++) {
                uint8_t enc[512], m[512];
                int sel = priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
                const char *st = priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo";
                size_t n = encode(key, sel, fmt, st, PQ, enc, sizeof enc);
                CHECK(n > 0, "encode %s %s %s", type, fmt, st);
                for (size_t cut = 0; cut < n; cut++) {
                    /* A PEM body cut at its last newline is still whole. */
                    if (f && cut == n - 1) continue;
                    EVP_PKEY *k = decode(enc, cut, fmt, st, type, sel, lc_ours);
                    CHECK(k == NULL, "%s %s %s truncated to %zu of %zu bytes decoded", type, fmt,
                          st, cut, n);
                    EVP_PKEY_free(k);
                    expect_some_error("truncated key");
                    truncs++;
                }
                for (size_t i = 0; i < n; i++) {
                    for (int bit = 0; bit < 8; bit += 3) {
                        memcpy(m, enc, n);
                        m[i] ^= (uint8_t)(1u << bit);
                        EVP_PKEY *k = decode(m, n, fmt, st, type, sel, lc_ours);
                        /* Only a flip inside the key bytes (or PEM base64
                         * that still decodes to such) may give a key. */
                        flip_ok += k != NULL;
                        EVP_PKEY_free(k);
                        ERR_clear_error();
                        flips++;
                    }
                }
            }
        }
    }
    CHECK(flip_ok < flips / 2, "byte flips: %lu of %lu decoded", flip_ok, flips);
    printf("malformed encodings: %lu truncations rejected, %lu byte flips (%lu gave a key: "
           "flips in the key bytes)\n",
           truncs, flips, flip_ok);

    /* What the strict parser rejects and a lenient one might not: a trailing
     * element inside the PKCS#8 SEQUENCE, and a v1 key with a [1] public key. */
    {
        uint8_t enc[128];
        size_t n = encode(ed, EVP_PKEY_KEYPAIR, "DER", "PrivateKeyInfo", PQ, enc, sizeof enc);
        enc[n++] = 0x05; /* NULL */
        enc[n++] = 0x00;
        enc[1] += 2;
        EVP_PKEY *k =
            decode(enc, n, "DER", "PrivateKeyInfo", "ED25519", EVP_PKEY_KEYPAIR, lc_ours);
        CHECK(k == NULL, "PKCS#8 with a trailing element decoded");
        expect_some_error("PKCS#8 with a trailing element");
        EVP_PKEY_free(k);
    }

    /* Encrypted PKCS#8 (PBES2), both ways, PEM and DER, Ed25519 and X25519:
     * ours writes and the default provider reads, and the reverse; never the
     * key in clear; a wrong passphrase does not decode. */
    {
        /* The reader of the default provider's files: a context with both
         * providers, ours loaded last as the configuration snippet does
         * (docs/openssl.md), so that our decoder reads the decrypted key. */
        OSSL_LIB_CTX *lc_snip = OSSL_LIB_CTX_new();
        OSSL_PROVIDER *sd = NULL, *so = NULL;
        CHECK(lc_snip && OSSL_PROVIDER_set_default_search_path(lc_snip, moddir) &&
                  (sd = OSSL_PROVIDER_load(lc_snip, "default")) != NULL &&
                  (so = OSSL_PROVIDER_load(lc_snip, "vec25519")) != NULL,
              "a context as the snippet makes it");
        EVP_PKEY *keys[2] = {ed, x};
        for (int t = 0; t < 2; t++) {
            for (int f = 0; f < 2; f++) {
                const char *fmt = f == 0 ? "PEM" : "DER";
                for (int dir = 0; dir < 2; dir++) {
                    const char *wpq = dir == 0 ? PQ : "provider=default";
                    OSSL_LIB_CTX *rlc = dir == 0 ? lc_default : lc_snip;
                    /* the writer: our key and encoders, or the same key as a key
                     * of the default provider and its encoders */
                    uint8_t raw[32];
                    size_t rl = 32;
                    CHECK(EVP_PKEY_get_raw_private_key(keys[t], raw, &rl) == 1, "raw key");
                    EVP_PKEY *wk = raw_key(t == 0 ? "ED25519" : "X25519", 1, raw, 32, wpq);
                    CHECK(wk && EVP_PKEY_get0_provider(wk) == (dir == 0 ? ours : deflt),
                          "writer's key");
                    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(
                        wk, EVP_PKEY_KEYPAIR, fmt, "PrivateKeyInfo", wpq);
                    unsigned char *out = NULL;
                    size_t len = 0;
                    uint64_t before = counter("encode");
                    CHECK(e && OSSL_ENCODER_CTX_get_num_encoders(e) > 0 &&
                              OSSL_ENCODER_CTX_set_cipher(e, "AES-256-CBC", NULL) == 1 &&
                              OSSL_ENCODER_CTX_set_passphrase(e, (const unsigned char *)"pw",
                                                              2) == 1 &&
                              OSSL_ENCODER_to_data(e, &out, &len) == 1,
                          "encrypted %s (key %d, writer %s)", fmt, t, wpq);
                    CHECK((counter("encode") > before) == (dir == 0),
                          "encrypted %s (key %d): written by the wrong provider (writer %s)", fmt,
                          t, wpq);
                    if (out != NULL && f == 0)
                        CHECK(len > 40 && memcmp(out, "-----BEGIN ENCRYPTED PRIVATE KEY-----", 37) == 0,
                              "encrypted PEM label");
                    /* the key in clear must not be in the output */
                    for (size_t i = 0; out != NULL && i + 32 <= len; i++)
                        if (memcmp(out + i, raw, 32) == 0) CHECK(0, "key in clear in the output");
                    OPENSSL_cleanse(raw, sizeof raw);
                    /* read back with the passphrase, by the other provider */
                    EVP_PKEY *k = NULL;
                    const unsigned char *p = out;
                    size_t left = len;
                    uint64_t dec0 = so ? counter_of(so, "decode") : 0;
                    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(
                        &k, fmt, NULL, t == 0 ? "ED25519" : "X25519", EVP_PKEY_KEYPAIR, rlc,
                        NULL);
                    CHECK(d && OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)"pw", 2) ==
                                   1 &&
                              OSSL_DECODER_from_data(d, &p, &left) == 1 && same_key(k, keys[t], 1),
                          "encrypted %s by %s: not read back", fmt, wpq);
                    if (dir == 1)
                        CHECK(so && counter_of(so, "decode") > dec0,
                              "encrypted %s of the default provider: not read by ours", fmt);
                    OSSL_DECODER_CTX_free(d);
                    EVP_PKEY_free(k);
                    k = NULL;
                    /* a wrong passphrase */
                    p = out;
                    left = len;
                    d = OSSL_DECODER_CTX_new_for_pkey(&k, fmt, NULL, t == 0 ? "ED25519" : "X25519",
                                                      EVP_PKEY_KEYPAIR, rlc, NULL);
                    CHECK(d && OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)"px", 2) ==
                                   1 &&
                              (OSSL_DECODER_from_data(d, &p, &left) != 1 || k == NULL),
                          "encrypted %s decoded with a wrong passphrase", fmt);
                    OSSL_DECODER_CTX_free(d);
                    EVP_PKEY_free(k);
                    OPENSSL_free(out);
                    OSSL_ENCODER_CTX_free(e);
                    EVP_PKEY_free(wk);
                    ERR_clear_error();
                }
            }
        }
        OSSL_PROVIDER_unload(so);
        OSSL_PROVIDER_unload(sd);
        OSSL_LIB_CTX_free(lc_snip);
        /* A public key is not encrypted: our encoder refuses rather than
         * write it with the cipher ignored. */
        OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(ed, EVP_PKEY_PUBLIC_KEY, "PEM",
                                                            "SubjectPublicKeyInfo", PQ);
        unsigned char *out = NULL;
        size_t len = 0;
        CHECK(e && OSSL_ENCODER_CTX_set_cipher(e, "AES-256-CBC", NULL) == 1 &&
                  OSSL_ENCODER_CTX_set_passphrase(e, (const unsigned char *)"pw", 2) == 1,
              "encoder: set cipher");
        uint64_t before = counter("encode");
        (void)OSSL_ENCODER_to_data(e, &out, &len); /* another provider's encoder may write it */
        CHECK(counter("encode") == before, "our encoder wrote a public key asked to encrypt");
        OPENSSL_free(out);
        OSSL_ENCODER_CTX_free(e);
        ERR_clear_error();
    }

    /* Small-order X25519 peers: accepted by the peer check, refused by derive. */
    static const uint8_t small_u[][32] = {
        {0}, {1},
        {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4,
         0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49,
         0xb8, 0x00},
        {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0x7f}, /* p - 1 */
    };
    /* Side by side with the default provider, at every EVP call an
     * application makes: EVP_PKEY_public_check and EVP_PKEY_derive_set_peer
     * (validating) accept the peer, EVP_PKEY_derive fails with an error on
     * the queue (ours: the all-zero secret, the output left zeroed). */
    uint8_t xpriv[32];
    size_t xl = 32;
    CHECK(x && EVP_PKEY_get_raw_private_key(x, xpriv, &xl) == 1, "X25519 private key");
    for (size_t i = 0; i < sizeof small_u / sizeof small_u[0] && x; i++) {
        for (int prov = 0; prov < 2; prov++) {
            const char *pq = prov == 0 ? PQ : "provider=default";
            const char *who = prov == 0 ? "vec25519" : "default";
            EVP_PKEY *peer = raw_key("X25519", 0, small_u[i], 32, pq);
            EVP_PKEY *me = raw_key("X25519", 1, xpriv, 32, pq);
            uint8_t out[32];
            size_t len = 32;
            CHECK(peer && me && EVP_PKEY_get0_provider(peer) == (prov == 0 ? ours : deflt),
                  "%s: small-order u #%zu: keys", who, i);
            EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, peer, pq);
            CHECK(c && EVP_PKEY_public_check(c) == 1, "%s: small-order u #%zu fails public_check",
                  who, i);
            EVP_PKEY_CTX_free(c);
            c = EVP_PKEY_CTX_new_from_pkey(lc, me, pq);
            CHECK(c && EVP_PKEY_derive_init(c) == 1, "%s: derive_init", who);
            CHECK(EVP_PKEY_derive_set_peer_ex(c, peer, 1) == 1,
                  "%s: small-order u #%zu refused at derive_set_peer", who, i);
            CHECK(ERR_peek_error() == 0, "%s: set_peer left an error", who);
            memset(out, 0xa5, sizeof out);
            CHECK(EVP_PKEY_derive(c, out, &len) != 1, "%s: small-order u #%zu: derive succeeded",
                  who, i);
            if (prov == 0) {
                static const uint8_t zero[32];
                expect_our_error("derive with a small-order peer");
                CHECK(memcmp(out, zero, 32) == 0, "failed derive: output not zeroed");
            } else {
                expect_some_error("default provider: derive with a small-order peer");
            }
            EVP_PKEY_CTX_free(c);
            EVP_PKEY_free(peer);
            EVP_PKEY_free(me);
        }
    }
    OPENSSL_cleanse(xpriv, sizeof xpriv);

    /* Ed25519 public keys: small order, non-canonical. */
    static const uint8_t bad_a[][32] = {
        {1},                          /* the identity: small order */
        {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0x7f},                 /* y = -1: order 2 */
        {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0x7f},                 /* y = p + 1: non-canonical */
    };
    for (size_t i = 0; i < sizeof bad_a / sizeof bad_a[0]; i++) {
        EVP_PKEY *pk = raw_key("ED25519", 0, bad_a[i], 32, PQ);
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, pk, PQ);
        CHECK(pk && c && EVP_PKEY_public_check(c) != 1, "Ed25519 bad key #%zu passes the check",
              i);
        expect_our_error("Ed25519 public_check");
        EVP_PKEY_CTX_free(c);
        memset(sig, 0, 64);
        sig[0] = 1; /* R = identity, S = 0: OpenSSL 3.0's default accepts it for such keys */
        CHECK(pk && ed_verify(pk, NULL, sig, 64, msg, sizeof msg) == 0,
              "Ed25519 bad key #%zu verifies", i);
        expect_our_error("Ed25519 verify under a bad key");
        EVP_PKEY_free(pk);
    }

    /* Signatures: lengths, flips, S >= l; digests; buffers; instances. */
    if (ed) {
        uint8_t pub[32];
        size_t pl = 32;
        CHECK(EVP_PKEY_get_raw_public_key(ed, pub, &pl) == 1, "raw public key");
        EVP_PKEY *pk = raw_key("ED25519", 0, pub, 32, PQ);
        CHECK(ed_sign(ed, NULL, sig, msg, sizeof msg, PQ), "sign");
        static const size_t lens[] = {0, 1, 63, 65, 128};
        for (size_t i = 0; i < 5; i++) {
            uint8_t big[128] = {0};
            memcpy(big, sig, 64);
            CHECK(ed_verify(pk, NULL, big, lens[i], msg, sizeof msg) == 0,
                  "a %zu-byte signature verifies", lens[i]);
            expect_our_error("signature length");
        }
        for (size_t i = 0; i < 64; i++) {
            sig[i] ^= 0x20;
            CHECK(ed_verify(pk, NULL, sig, 64, msg, sizeof msg) == 0, "flip at %zu verifies", i);
            expect_our_error("flipped signature");
            sig[i] ^= 0x20;
        }
        sig[63] |= 0xe0; /* S >= l */
        CHECK(ed_verify(pk, NULL, sig, 64, msg, sizeof msg) == 0, "S >= l verifies");
        expect_our_error("S >= l");

        EVP_MD_CTX *m = EVP_MD_CTX_new();
        CHECK(EVP_DigestSignInit_ex(m, NULL, "SHA256", lc, PQ, ed, NULL) != 1,
              "Ed25519 with SHA256 accepted");
        ERR_clear_error();
        EVP_MD_CTX_free(m);

        m = EVP_MD_CTX_new();
        size_t small = 63;
        CHECK(EVP_DigestSignInit_ex(m, NULL, NULL, lc, PQ, ed, NULL) == 1 &&
                  EVP_DigestSign(m, sig, &small, msg, sizeof msg) != 1,
              "a 63-byte signature buffer accepted");
        expect_our_error("signature buffer too small");
        EVP_MD_CTX_free(m);

        char bad[] = "Ed448";
        OSSL_PARAM p1[2] = {OSSL_PARAM_construct_utf8_string("instance", bad, 0),
                            OSSL_PARAM_construct_end()};
        CHECK(!ed_sign(ed, p1, sig, msg, sizeof msg, PQ), "instance Ed448 accepted");
        expect_our_error("bad instance");
        char ctxi[] = "Ed25519ctx";
        OSSL_PARAM p2[2] = {OSSL_PARAM_construct_utf8_string("instance", ctxi, 0),
                            OSSL_PARAM_construct_end()};
        CHECK(!ed_sign(ed, p2, sig, msg, sizeof msg, PQ), "Ed25519ctx without context accepted");
        expect_our_error("Ed25519ctx without a context");
        uint8_t longctx[256] = {0};
        OSSL_PARAM p3[3] = {OSSL_PARAM_construct_utf8_string("instance", ctxi, 0),
                            OSSL_PARAM_construct_octet_string("context-string", longctx, 256),
                            OSSL_PARAM_construct_end()};
        CHECK(!ed_sign(ed, p3, sig, msg, sizeof msg, PQ), "a 256-byte context accepted");
        expect_our_error("context of 256 bytes");

        /* A public key cannot sign; an X25519 key cannot sign. */
        CHECK(!ed_sign(pk, NULL, sig, msg, sizeof msg, PQ), "signing with a public key");
        ERR_clear_error();
        EVP_PKEY_free(pk);

        /* Mismatched pub/priv pair on import is refused. */
        uint8_t seed[32] = {7};
        pub[0] ^= 1;
        OSSL_PARAM kp[3] = {OSSL_PARAM_construct_octet_string("priv", seed, 32),
                            OSSL_PARAM_construct_octet_string("pub", pub, 32),
                            OSSL_PARAM_construct_end()};
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, "ED25519", PQ);
        EVP_PKEY *mk = NULL;
        CHECK(c && EVP_PKEY_fromdata_init(c) == 1 &&
                  EVP_PKEY_fromdata(c, &mk, EVP_PKEY_KEYPAIR, kp) != 1,
              "a key pair whose public key is not the private key's was imported");
        expect_our_error("mismatched key pair");
        EVP_PKEY_free(mk);
        EVP_PKEY_CTX_free(c);
    }
    EVP_PKEY_free(ed);
    EVP_PKEY_free(x);
}

/* ---- counters ------------------------------------------------------------ */

static void test_counters(void)
{
    static const uint8_t msg[] = "count";
    uint64_t s0 = counter("ed25519-sign"), v0 = counter("ed25519-verify");
    uint64_t g0 = counter("x25519-keygen"), d0 = counter("x25519-derive");
    EVP_PKEY *ed = keygen("ED25519", PQ), *a = keygen("X25519", PQ), *b = keygen("X25519", PQ);
    uint8_t sig[64], k[32];
    for (int i = 0; i < 3; i++) CHECK(ed_sign(ed, NULL, sig, msg, sizeof msg, PQ), "sign");
    CHECK(ed_verify(ed, NULL, sig, 64, msg, sizeof msg) == 1, "verify");
    CHECK(x_derive(a, b, k, 1, PQ), "derive");
    CHECK(counter("ed25519-sign") - s0 == 3, "sign counter moved by %llu, not 3",
          (unsigned long long)(counter("ed25519-sign") - s0));
    CHECK(counter("ed25519-verify") - v0 == 1, "verify counter");
    CHECK(counter("x25519-keygen") - g0 == 2, "keygen counter");
    CHECK(counter("x25519-derive") - d0 == 1, "derive counter");
    EVP_PKEY_free(ed);
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
}

/* ---- threads ------------------------------------------------------------- */

static EVP_PKEY *t_ed, *t_a, *t_b;
static uint8_t t_shared[32];

static void *worker(void *arg)
{
    static const uint8_t msg[] = "threads";
    long bad = 0;
    (void)arg;
    for (int i = 0; i < 100; i++) {
        uint8_t sig[64], k[32];
        bad += !ed_sign(t_ed, NULL, sig, msg, sizeof msg, PQ);
        bad += ed_verify(t_ed, NULL, sig, 64, msg, sizeof msg) != 1;
        bad += !x_derive(t_a, t_b, k, 1, PQ) || memcmp(k, t_shared, 32) != 0;
    }
    return (void *)bad;
}

static void test_threads(void)
{
    pthread_t th[4];
    uint64_t s0 = counter("ed25519-sign");
    t_ed = keygen("ED25519", PQ);
    t_a = keygen("X25519", PQ);
    t_b = keygen("X25519", PQ);
    CHECK(t_ed && t_a && t_b && x_derive(t_a, t_b, t_shared, 1, PQ), "thread keys");
    for (int i = 0; i < 4; i++) CHECK(pthread_create(&th[i], NULL, worker, NULL) == 0, "thread");
    long bad = 0;
    for (int i = 0; i < 4; i++) {
        void *r = NULL;
        pthread_join(th[i], &r);
        bad += (long)r;
    }
    CHECK(bad == 0, "threads: %ld failed operations", bad);
    CHECK(counter("ed25519-sign") - s0 == 400, "threads: sign counter %llu, not 400",
          (unsigned long long)(counter("ed25519-sign") - s0));
    EVP_PKEY_free(t_ed);
    EVP_PKEY_free(t_a);
    EVP_PKEY_free(t_b);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: provider_evp MODULE_DIR\n");
        return 2;
    }
    moddir = argv[1];
    lc = OSSL_LIB_CTX_new();
    if (!OSSL_PROVIDER_set_default_search_path(lc, argv[1])) return 2;
    ours = OSSL_PROVIDER_load(lc, "vec25519");
    deflt = OSSL_PROVIDER_load(lc, "default");
    lc_ours = OSSL_LIB_CTX_new();
    lc_default = OSSL_LIB_CTX_new();
    if (!OSSL_PROVIDER_set_default_search_path(lc_ours, argv[1])) return 2;
    ours2 = OSSL_PROVIDER_load(lc_ours, "vec25519");
    deflt2 = OSSL_PROVIDER_load(lc_default, "default");
    if (ours == NULL || deflt == NULL || ours2 == NULL || deflt2 == NULL) {
        ERR_print_errors_fp(stderr);
        CHECK(0, "cannot load the vec25519 provider from %s", argv[1]);
        return test_done();
    }
    test_control();
    test_rfc8032();
    test_wycheproof_ed25519();
    test_wycheproof_x25519();
    test_interop();
    test_malformed();
    test_counters();
    test_threads();
    ERR_print_errors_fp(stderr);
    OSSL_PROVIDER_unload(ours);
    OSSL_PROVIDER_unload(deflt);
    OSSL_PROVIDER_unload(ours2);
    OSSL_PROVIDER_unload(deflt2);
    OSSL_LIB_CTX_free(lc);
    OSSL_LIB_CTX_free(lc_ours);
    OSSL_LIB_CTX_free(lc_default);
    return test_done();
}
