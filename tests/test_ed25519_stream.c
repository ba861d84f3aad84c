/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Streaming Ed25519 and the key-pair check of signing (src/ed25519/stream.c,
 * src/ed25519/keycheck.c, src/ed25519/sign_stream.h).
 *
 *   streaming verification   vec25519_ed25519_verify_init/update/final gives
 *       vec25519_ed25519_verify's verdict on every input: the RFC 8032 §7.1
 *       vectors, the 1024 sign.input cases (each also with one message bit
 *       flipped), the 151 Wycheproof cases, every adversarial class of
 *       tests/support/adversarial.c, and random messages (and tampered ones)
 *       split at every boundary 0..len and into random pieces;
 *   two-pass signing         ed25519_sign2 writes vec25519_ed25519_sign's
 *       signature byte for byte on the same vectors and random splits (the
 *       two passes split differently), and refuses (-1, nothing released)
 *       when pass 2's data differ by one bit, one byte more or less, or when
 *       calls come out of order;
 *   streaming Ed25519ph      = the one-shot Ed25519ph on RFC 8032 §7.3 and
 *       random messages;
 *   the key-pair check       every signer refuses a secret key whose public
 *       half is not its seed's (sig zeroed), the double-public-key attack it
 *       prevents is shown to work on the unchecked equation, and the
 *       per-thread cache answers as designed (hits, misses, eviction);
 *   argument checks          NULL with a non-zero length is -1, never a crash;
 *   sk_to_seed / sk_to_pk.
 */
#include <stdlib.h>
#include <string.h>

#include "adversarial.h"
#include "test.h"
#include "vec25519.h"

#include "ed25519/ed25519_internal.h"
#include "ed25519/sign_stream.h"
#include "scalar/sc.h"

#define MSG_MAX 4096

/* ---- helpers: streaming verification and two-pass signing in pieces --------- */

/* The streaming verdict with the message cut at the given points (ncuts
 * increasing offsets in [0, len]); also checks that init's early answer is
 * consistent with final's. */
static int stream_verify_cuts(const uint8_t sig[64], const uint8_t *msg, size_t len,
                              const uint8_t pk[32], const size_t *cuts, size_t ncuts)
{
    vec25519_ed25519_verify_state st;
    size_t at = 0;
    int early = vec25519_ed25519_verify_init(&st, sig, pk);
    for (size_t i = 0; i <= ncuts; i++) {
        size_t end = i < ncuts ? cuts[i] : len;
        vec25519_ed25519_verify_update(&st, msg == NULL ? NULL : msg + at, end - at);
        at = end;
    }
    int v = vec25519_ed25519_verify_final(&st);
    if (early != 0) CHECK(v == -1, "init rejected early but final accepted");
    return v;
}

static int stream_verify_at(const uint8_t sig[64], const uint8_t *msg, size_t len,
                            const uint8_t pk[32], size_t cut)
{
    return stream_verify_cuts(sig, msg, len, pk, &cut, 1);
}

/* Random increasing cut points in [0, len], up to max of them. */
static size_t random_cuts(size_t *cuts, size_t max, size_t len)
{
    size_t n = (size_t)test_rng_below(max + 1), at = 0;
    for (size_t i = 0; i < n; i++) {
        at += (size_t)test_rng_below(len - at + 1);
        cuts[i] = at;
    }
    return n;
}

/* Two-pass signing with pass 1 cut at c1 and pass 2 cut at c2. */
static int sign2_cuts(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t sk[64],
                      size_t c1, size_t c2)
{
    ed25519_sign2 st;
    if (ed25519_sign2_init(&st, sk) != 0) return -2;
    ed25519_sign2_update(&st, msg, c1);
    ed25519_sign2_update(&st, msg + c1, len - c1);
    ed25519_sign2_next_pass(&st);
    ed25519_sign2_update(&st, msg, c2);
    ed25519_sign2_update(&st, msg + c2, len - c2);
    return ed25519_sign2_final(&st, sig);
}

/* Checks streaming verification and two-pass signing against the one-shot
 * functions on one (seed, msg, expected signature). */
static void check_known(const uint8_t seed[32], const uint8_t pk[32], const uint8_t *msg,
                        size_t len, const uint8_t want[64], const char *name)
{
    uint8_t sk[64], got_pk[32], sig[64];
    vec25519_ed25519_keypair(got_pk, sk, seed);
    CHECK(memcmp(got_pk, pk, 32) == 0, "%s: public key", name);

    size_t c1 = (size_t)test_rng_below(len + 1), c2 = (size_t)test_rng_below(len + 1);
    int rc = sign2_cuts(sig, msg, len, sk, c1, c2);
    CHECK(rc == 0, "%s: two-pass signing returned %d", name, rc);
    CHECK(memcmp(sig, want, 64) == 0, "%s: two-pass signature differs from the vector", name);

    int one = vec25519_ed25519_verify(want, msg, len, pk);
    CHECK(one == 0, "%s: the vector's signature must verify", name);
    CHECK(stream_verify_at(want, msg, len, pk, c1) == one, "%s: streaming verify (cut %zu)", name,
          c1);
}

/* ---- vectors ------------------------------------------------------------------ */

/* A line of rfc8032/ed25519.txt or ed25519_sign_input/sign_input.txt: seed,
 * public key, message, signature; fn(r, i, &line) for each (the i-th, from 0). */
struct known_line {
    uint8_t seed[32], pk[32], sig[64];
    uint8_t *msg;
    size_t len;
};
typedef void known_fn(const vec_reader *r, int i, struct known_line *k);

static int known_case(const vec_reader *r, int i, const void *ctx)
{
    known_fn *const *fn = ctx;
    static uint8_t msg[MSG_MAX];
    struct known_line k = {.msg = msg};
    long len;
    if (!vec_field_hex(r, 0, k.seed, 32) || !vec_field_hex(r, 1, k.pk, 32)) return 0;
    if ((len = vec_field_var(r, 2, msg, sizeof msg)) < 0 || !vec_field_hex(r, 3, k.sig, 64))
        return 0;
    k.len = (size_t)len;
    (*fn)(r, i, &k);
    return 1;
}

static int read_known(const char *rel, known_fn *fn)
{
    return vec_cases(rel, known_case, &fn);
}

static void rfc8032_case(const vec_reader *r, int i, struct known_line *k)
{
    (void)i;
    check_known(k->seed, k->pk, k->msg, k->len, k->sig, vec_last_comment(r));
    /* Every boundary of these short messages. */
    for (size_t cut = 0; cut <= k->len; cut++)
        CHECK(stream_verify_at(k->sig, k->msg, k->len, k->pk, cut) == 0,
              "RFC 8032 (%s): cut at %zu", vec_last_comment(r), cut);
}

static void test_rfc8032(void)
{
    int n = read_known("rfc8032/ed25519.txt", rfc8032_case);
    if (n >= 0) CHECK(n == 5, "RFC 8032 §7.1: expected 5 cases, read %d", n);
}

static void sign_input_case(const vec_reader *r, int i, struct known_line *k)
{
    char name[48];
    (void)r;
    snprintf(name, sizeof name, "sign.input case %d", i + 1);
    check_known(k->seed, k->pk, k->msg, k->len, k->sig, name);
    if (k->len > 0) {
        size_t bit = (size_t)test_rng_below((uint64_t)k->len * 8), cuts[4];
        k->msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        size_t nc = random_cuts(cuts, 4, k->len);
        CHECK(stream_verify_cuts(k->sig, k->msg, k->len, k->pk, cuts, nc) == -1 &&
                  vec25519_ed25519_verify(k->sig, k->msg, k->len, k->pk) == -1,
              "%s: a flipped message bit must fail both ways", name);
    }
}

static void test_sign_input(void)
{
    int n = read_known("ed25519_sign_input/sign_input.txt", sign_input_case);
    if (n >= 0) CHECK(n == 1024, "sign.input: expected 1024 cases, read %d", n);
}

static void test_wycheproof(void)
{
    vec_reader r;
    unsigned long n = 0, n64 = 0;
    if (vec_open(&r, "wycheproof/ed25519_test.txt") != 0) return;
    while (vec_next(&r)) {
        static uint8_t msg[MSG_MAX], sig[512];
        uint8_t pk[32];
        long len, siglen;
        if (r.nfields < 6) continue;
        int tcid = atoi(r.fields[0]);
        if (!vec_field_hex(&r, 3, pk, 32)) continue;
        if ((len = vec_field_var(&r, 4, msg, sizeof msg)) < 0) continue;
        siglen = hex_decode(sig, sizeof sig, r.fields[5]);
        n++;
        if (siglen != 64) continue; /* not a signature: nothing to stream */
        n64++;
        int one = vec25519_ed25519_verify(sig, msg, (size_t)len, pk);
        for (size_t cut = 0; cut <= (size_t)len; cut++)
            CHECK(stream_verify_at(sig, msg, (size_t)len, pk, cut) == one,
                  "wycheproof tcId %d: streaming (cut %zu) differs from one-shot %d", tcid, cut,
                  one);
    }
    vec_close(&r);
    CHECK(n == 151, "expected 151 wycheproof cases, read %lu", n);
    printf("wycheproof: %lu cases, %lu with 64-byte signatures streamed at every cut\n", n, n64);
}

/* ---- random messages at every boundary ------------------------------------------ */

static void test_random_boundaries(void)
{
    static const size_t lens[] = {0, 1, 2, 63, 64, 65, 111, 112, 127, 128, 129, 200, 256, 300};
    uint8_t seed[32], pk[32], sk[64], sig[64], sig2[64], msg[300];

    for (size_t li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li];
        test_rng_bytes(seed, 32);
        test_rng_bytes(msg, sizeof msg);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519_sign(sig, msg, len, sk) == 0, "sign");
        for (size_t cut = 0; cut <= len; cut++) {
            CHECK(stream_verify_at(sig, msg, len, pk, cut) == 0, "len %zu cut %zu: valid", len,
                  cut);
            CHECK(sign2_cuts(sig2, msg, len, sk, cut, len - cut) == 0 &&
                      memcmp(sig2, sig, 64) == 0,
                  "len %zu cut %zu/%zu: two-pass signature", len, cut, len - cut);
        }
        /* Tampered: a message bit, a signature bit, the key. */
        if (len > 0) {
            size_t bit = (size_t)test_rng_below(len * 8);
            msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
            for (size_t cut = 0; cut <= len; cut++)
                CHECK(stream_verify_at(sig, msg, len, pk, cut) == -1,
                      "len %zu cut %zu: tampered message", len, cut);
            msg[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        }
        for (int rep = 0; rep < 8; rep++) {
            uint8_t bad[64], badpk[32];
            size_t cuts[6];
            size_t nc = random_cuts(cuts, 6, len);
            memcpy(bad, sig, 64);
            bad[test_rng_below(64)] ^= (uint8_t)(1u << test_rng_below(8));
            memcpy(badpk, pk, 32);
            badpk[test_rng_below(32)] ^= (uint8_t)(1u << test_rng_below(8));
            CHECK(stream_verify_cuts(bad, msg, len, pk, cuts, nc) ==
                      vec25519_ed25519_verify(bad, msg, len, pk),
                  "len %zu: tampered signature, streaming = one-shot", len);
            CHECK(stream_verify_cuts(sig, msg, len, badpk, cuts, nc) ==
                      vec25519_ed25519_verify(sig, msg, len, badpk),
                  "len %zu: tampered key, streaming = one-shot", len);
            CHECK(stream_verify_cuts(sig, msg, len, pk, cuts, nc) == 0, "len %zu: random cuts",
                  len);
        }
    }
}

/* ---- adversarial classes ----------------------------------------------------------- */

static unsigned long adv_cases;

static void adv_case(const adv_sig_case *c, void *arg)
{
    size_t cuts[4];
    (void)arg;
    adv_cases++;
    int one = vec25519_ed25519_verify(c->sig, c->msg, c->mlen, c->pk);
    size_t nc = random_cuts(cuts, 4, c->mlen);
    CHECK(stream_verify_cuts(c->sig, c->msg, c->mlen, c->pk, cuts, nc) == one,
          "adversarial class %s: streaming differs from one-shot %d", adv_kind_name(c->kind), one);
}

static void check_hook(int ok, const char *what)
{
    CHECK(ok, "adversarial builder: %s", what);
}

static void test_adversarial(void)
{
    static adv_valid_sig valid[8];
    adv_init(&(adv_hooks){.rng = test_rng_bytes, .k = NULL, .check = check_hook});
    if (adv_find_torsion(256, NULL) != 0) {
        CHECK(0, "no point of order 8 found");
        return;
    }
    for (int i = 0; i < 8; i++) {
        uint8_t seed[32], sk[64];
        test_rng_bytes(seed, 32);
        valid[i].mlen = (size_t)test_rng_below(sizeof valid[i].msg + 1);
        test_rng_bytes(valid[i].msg, valid[i].mlen);
        vec25519_ed25519_keypair(valid[i].pk, sk, seed);
        CHECK(vec25519_ed25519_sign(valid[i].sig, valid[i].msg, valid[i].mlen, sk) == 0, "sign");
    }
    adv_ed25519_cases(valid, 8, adv_case, NULL);
    CHECK(adv_cases > 100, "only %lu adversarial cases", adv_cases);
    printf("adversarial: %lu cases, streaming = one-shot\n", adv_cases);
}

/* ---- two-pass signing: refusals ----------------------------------------------------- */

static void test_sign2_refusals(void)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], msg[200], other[201];
    static const uint8_t zero[64];
    ed25519_sign2 st;

    test_rng_bytes(seed, 32);
    test_rng_bytes(msg, sizeof msg);
    vec25519_ed25519_keypair(pk, sk, seed);

    /* Pass 2 sees a message differing in one bit, one byte shorter or longer. */
    for (int kind = 0; kind < 3; kind++) {
        size_t len2 = kind == 0 ? sizeof msg : kind == 1 ? sizeof msg - 1 : sizeof msg + 1;
        memcpy(other, msg, sizeof msg);
        other[sizeof msg] = 0x42;
        if (kind == 0) other[test_rng_below(sizeof msg)] ^= (uint8_t)(1u << test_rng_below(8));
        CHECK(ed25519_sign2_init(&st, sk) == 0, "init");
        ed25519_sign2_update(&st, msg, sizeof msg);
        ed25519_sign2_next_pass(&st);
        ed25519_sign2_update(&st, other, len2);
        memset(sig, 0xaa, sizeof sig);
        CHECK(ed25519_sign2_final(&st, sig) == -1, "differing pass 2 (kind %d) must be refused",
              kind);
        CHECK(memcmp(sig, zero, 64) == 0, "refused: sig zeroed (kind %d)", kind);
        CHECK(memcmp(&st, zero, sizeof zero) == 0, "refused: state wiped (kind %d)", kind);
    }

    /* Out of order: final without next_pass; next_pass twice; NULL with a length. */
    CHECK(ed25519_sign2_init(&st, sk) == 0, "init");
    ed25519_sign2_update(&st, msg, sizeof msg);
    CHECK(ed25519_sign2_final(&st, sig) == -1, "final before next_pass must fail");
    CHECK(ed25519_sign2_init(&st, sk) == 0, "init");
    ed25519_sign2_update(&st, msg, sizeof msg);
    ed25519_sign2_next_pass(&st);
    ed25519_sign2_next_pass(&st);
    ed25519_sign2_update(&st, msg, sizeof msg);
    CHECK(ed25519_sign2_final(&st, sig) == -1, "next_pass twice must fail");
    CHECK(ed25519_sign2_init(&st, sk) == 0, "init");
    ed25519_sign2_update(&st, NULL, 3);
    ed25519_sign2_next_pass(&st);
    CHECK(ed25519_sign2_final(&st, sig) == -1, "update(NULL, 3) must make final fail");
    CHECK(ed25519_sign2_final(&st, sig) == -1, "final twice must fail");

    /* The same message in both passes, fed as (NULL, 0) pieces in between. */
    CHECK(ed25519_sign2_init(&st, sk) == 0, "init");
    ed25519_sign2_update(&st, NULL, 0);
    ed25519_sign2_update(&st, msg, sizeof msg);
    ed25519_sign2_next_pass(&st);
    ed25519_sign2_update(&st, msg, sizeof msg);
    ed25519_sign2_update(&st, NULL, 0);
    uint8_t want[64];
    CHECK(vec25519_ed25519_sign(want, msg, sizeof msg, sk) == 0, "sign");
    CHECK(ed25519_sign2_final(&st, sig) == 0 && memcmp(sig, want, 64) == 0,
          "(NULL, 0) pieces change nothing");

    /* A mismatched secret key is refused at init. */
    sk[33] ^= 4;
    CHECK(ed25519_sign2_init(&st, sk) == -1, "sign2_init must refuse a mismatched sk");
}

/* ---- the key-pair check -------------------------------------------------------------- */

/* The attack the check prevents, shown on the unchecked equation: two
 * signatures of one message under one seed with two public halves give a. */
static void test_double_pubkey_attack(void)
{
    uint8_t seed[32], pk1[32], sk1[64], pk2[32], sk2[64], msg[40];
    uint8_t a[32], prefix[32], nonce[64], r[32], R[32], S1[32], S2[32], k1[32], k2[32];
    uint8_t dS[32], dk[32], inv[32], got[32], d[64];
    static const uint8_t zero[64];
    vec25519_sha512_ctx h;

    test_rng_bytes(seed, 32);
    test_rng_bytes(msg, sizeof msg);
    vec25519_ed25519_keypair(pk1, sk1, seed);
    test_rng_bytes(sk2, 32);
    vec25519_ed25519_keypair(pk2, sk2, sk2); /* some other public key */
    memcpy(sk2, seed, 32);                   /* seed ‖ wrong pk */

    /* What a signer without the check would output for both: S_i = r + k_i·a. */
    ed25519_expand_seed(a, prefix, seed);
    vec25519_sha512_init(&h);
    vec25519_sha512_update(&h, prefix, 32);
    vec25519_sha512_update(&h, msg, sizeof msg);
    vec25519_sha512_final(&h, nonce);
    sc_reduce64(r, nonce);
    uint8_t sig1[64];
    CHECK(vec25519_ed25519_sign(sig1, msg, sizeof msg, sk1) == 0, "honest signature");
    memcpy(R, sig1, 32);
    for (int i = 0; i < 2; i++) {
        vec25519_sha512_init(&h);
        vec25519_sha512_update(&h, R, 32);
        vec25519_sha512_update(&h, i == 0 ? pk1 : pk2, 32);
        vec25519_sha512_update(&h, msg, sizeof msg);
        vec25519_sha512_final(&h, d);
        sc_reduce64(i == 0 ? k1 : k2, d);
    }
    sc_muladd(S1, k1, a, r);
    sc_muladd(S2, k2, a, r);
    CHECK(memcmp(S1, sig1 + 32, 32) == 0, "S1 is the honest signature's S");
    /* a = (S1 − S2)/(k1 − k2) */
    sc_sub(dS, S1, S2);
    sc_sub(dk, k1, k2);
    sc_invert(inv, dk);
    sc_mul(got, dS, inv);
    CHECK(memcmp(got, a, 32) == 0, "the attack recovers a from the unchecked pair");

    /* The library refuses the second signature. */
    uint8_t sig2[64];
    memset(sig2, 0xaa, 64);
    CHECK(vec25519_ed25519_sign(sig2, msg, sizeof msg, sk2) == -1, "mismatched pk is refused");
    CHECK(memcmp(sig2, zero, 64) == 0, "refused signature is zeroed");
}

static void test_mismatch_every_signer(void)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], msg[50], ph[64], ctx[3] = {1, 2, 3};
    static const uint8_t zero[64];
    vec25519_ed25519ph_state pst;

    test_rng_bytes(seed, 32);
    test_rng_bytes(msg, sizeof msg);
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_sha512(ph, msg, sizeof msg);
    for (int pos = 32; pos < 64; pos += 5) {
        uint8_t bad[64];
        memcpy(bad, sk, 64);
        bad[pos] ^= (uint8_t)(1u << (pos % 8));
        for (int rep = 0; rep < 2; rep++) { /* twice: a refused pair is never cached */
            memset(sig, 0xaa, 64);
            CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, bad) == -1 &&
                      memcmp(sig, zero, 64) == 0,
                  "sign: byte %d of pk changed", pos);
            memset(sig, 0xaa, 64);
            CHECK(vec25519_ed25519ctx_sign(sig, msg, sizeof msg, ctx, 3, bad) == -1 &&
                      memcmp(sig, zero, 64) == 0,
                  "ctx_sign: byte %d of pk changed", pos);
            memset(sig, 0xaa, 64);
            CHECK(vec25519_ed25519ph_sign(sig, msg, sizeof msg, ctx, 3, bad) == -1 &&
                      memcmp(sig, zero, 64) == 0,
                  "ph_sign: byte %d of pk changed", pos);
            memset(sig, 0xaa, 64);
            CHECK(vec25519_ed25519ph_sign_prehashed(sig, ph, NULL, 0, bad) == -1 &&
                      memcmp(sig, zero, 64) == 0,
                  "ph_sign_prehashed: byte %d of pk changed", pos);
            vec25519_ed25519ph_init(&pst);
            vec25519_ed25519ph_update(&pst, msg, sizeof msg);
            memset(sig, 0xaa, 64);
            CHECK(vec25519_ed25519ph_final_sign(&pst, sig, NULL, 0, bad) == -1 &&
                      memcmp(sig, zero, 64) == 0,
                  "ph_final_sign: byte %d of pk changed", pos);
        }
    }
    /* A changed seed with the old pk is a mismatch too. */
    sk[7] ^= 0x10;
    CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, sk) == -1, "changed seed, old pk");
}

static void test_cache(void)
{
    uint8_t seeds[10][32], pks[10][32], sks[10][64], sig[64], msg[16] = {0};
    unsigned long h0, m0, h1, m1;

    for (int i = 0; i < 10; i++) {
        test_rng_bytes(seeds[i], 32);
        vec25519_ed25519_keypair(pks[i], sks[i], seeds[i]);
    }
    /* keypair remembered the last eight (round robin over SLOTS = 8). */
    ed25519_key_check_stats(&h0, &m0);
    CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, sks[9]) == 0, "sign");
    ed25519_key_check_stats(&h1, &m1);
    CHECK(h1 == h0 + 1 && m1 == m0, "a key just made is a hit (hits %lu -> %lu)", h0, h1);
    CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, sks[0]) == 0, "sign");
    ed25519_key_check_stats(&h0, &m0);
    CHECK(h0 == h1 && m0 == m1 + 1, "the oldest of ten keys was evicted: a miss");
    CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, sks[0]) == 0, "sign");
    ed25519_key_check_stats(&h1, &m1);
    CHECK(h1 == h0 + 1 && m1 == m0, "once checked, a hit");

    ed25519_key_check_cache_clear();
    for (int rep = 0; rep < 3; rep++)
        CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, sks[3]) == 0, "sign");
    ed25519_key_check_stats(&h1, &m1);
    CHECK(h1 == 2 && m1 == 1, "after clearing: one miss, then hits (%lu, %lu)", h1, m1);

    /* A signature made after a miss equals the one made after a hit. */
    uint8_t sig_hit[64];
    CHECK(vec25519_ed25519_sign(sig_hit, msg, sizeof msg, sks[3]) == 0, "sign");
    ed25519_key_check_cache_clear();
    CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, sks[3]) == 0 &&
              memcmp(sig, sig_hit, 64) == 0,
          "hit and miss sign the same");

    /* A mismatched pair does not enter the cache: always a miss. */
    uint8_t bad[64];
    memcpy(bad, sks[4], 64);
    bad[63] ^= 1;
    ed25519_key_check_stats(&h0, &m0);
    for (int rep = 0; rep < 3; rep++)
        CHECK(vec25519_ed25519_sign(sig, msg, sizeof msg, bad) == -1, "mismatched");
    ed25519_key_check_stats(&h1, &m1);
    CHECK(h1 == h0 && m1 == m0 + 3, "a mismatched pair is never cached");
}

/* ---- streaming Ed25519ph ------------------------------------------------------------- */

static void test_ph_stream(void)
{
    vec_reader r;
    int n = 0;
    vec25519_ed25519ph_state st;

    if (vec_open(&r, "rfc8032/ed25519ph.txt") == 0) {
        while (vec_next(&r)) {
            uint8_t seed[32], pk[32], want[64], msg[256], sk[64], sig[64], ctx[256];
            long len, clen;
            if (!vec_field_hex(&r, 0, seed, 32) || !vec_field_hex(&r, 1, pk, 32)) continue;
            if ((len = vec_field_var(&r, 2, msg, sizeof msg)) < 0 || !vec_field_hex(&r, 3, want, 64))
                continue;
            if ((clen = vec_field_var(&r, 4, ctx, sizeof ctx)) < 0) continue;
            vec25519_ed25519_keypair(pk, sk, seed);
            for (long cut = 0; cut <= len; cut++) {
                vec25519_ed25519ph_init(&st);
                vec25519_ed25519ph_update(&st, msg, (size_t)cut);
                vec25519_ed25519ph_update(&st, msg + cut, (size_t)(len - cut));
                CHECK(vec25519_ed25519ph_final_sign(&st, sig, ctx, (size_t)clen, sk) == 0 &&
                          memcmp(sig, want, 64) == 0,
                      "RFC 8032 §7.3: streamed signature (cut %ld)", cut);
                vec25519_ed25519ph_init(&st);
                vec25519_ed25519ph_update(&st, msg, (size_t)cut);
                vec25519_ed25519ph_update(&st, msg + cut, (size_t)(len - cut));
                CHECK(vec25519_ed25519ph_final_verify(&st, want, ctx, (size_t)clen, pk) == 0,
                      "RFC 8032 §7.3: streamed verification (cut %ld)", cut);
            }
            n++;
        }
        vec_close(&r);
    }
    CHECK(n == 1, "RFC 8032 §7.3: expected 1 case, read %d", n);

    /* Random messages, contexts and splits against the one-shot functions. */
    for (int rep = 0; rep < 20; rep++) {
        uint8_t seed[32], pk[32], sk[64], msg[500], ctx[255], want[64], sig[64];
        size_t len = (size_t)test_rng_below(sizeof msg + 1), clen = (size_t)test_rng_below(256);
        size_t cuts[5], nc = random_cuts(cuts, 5, len), at = 0;
        test_rng_bytes(seed, 32);
        test_rng_bytes(msg, len);
        test_rng_bytes(ctx, clen);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519ph_sign(want, msg, len, ctx, clen, sk) == 0, "ph_sign");
        vec25519_ed25519ph_init(&st);
        for (size_t i = 0; i <= nc; i++) {
            size_t end = i < nc ? cuts[i] : len;
            vec25519_ed25519ph_update(&st, msg + at, end - at);
            at = end;
        }
        CHECK(vec25519_ed25519ph_final_sign(&st, sig, ctx, clen, sk) == 0 &&
                  memcmp(sig, want, 64) == 0,
              "streamed Ed25519ph = one-shot (len %zu)", len);
        vec25519_ed25519ph_init(&st);
        vec25519_ed25519ph_update(&st, msg, len);
        CHECK(vec25519_ed25519ph_final_verify(&st, want, ctx, clen, pk) == 0, "streamed verify");
        want[5] ^= 1;
        vec25519_ed25519ph_init(&st);
        vec25519_ed25519ph_update(&st, msg, len);
        CHECK(vec25519_ed25519ph_final_verify(&st, want, ctx, clen, pk) == -1,
              "streamed verify of a bad signature");
    }

    /* Misuse: NULL with a length; final twice; a context that is too long. */
    uint8_t seed[32] = {9}, pk[32], sk[64], sig[64], ctx[256] = {0};
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_ed25519ph_init(&st);
    vec25519_ed25519ph_update(&st, NULL, 1);
    CHECK(vec25519_ed25519ph_final_sign(&st, sig, NULL, 0, sk) == -1, "update(NULL, 1) fails");
    CHECK(vec25519_ed25519ph_final_sign(&st, sig, NULL, 0, sk) == -1, "a finished state fails");
    vec25519_ed25519ph_init(&st);
    CHECK(vec25519_ed25519ph_final_sign(&st, sig, ctx, 256, sk) == -1, "context of 256 bytes");
    vec25519_ed25519ph_init(&st);
    CHECK(vec25519_ed25519ph_final_verify(&st, sig, NULL, 5, pk) == -1, "NULL context, length 5");
}

/* ---- argument checks, sk_to_seed / sk_to_pk ------------------------------------------ */

static void test_arguments(void)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], out[32], buf[64], ph[64] = {0};
    static const uint8_t zero[64];
    vec25519_ed25519_verify_state vs;
    vec25519_ed25519_expanded_pk epk;

    test_rng_bytes(seed, 32);
    vec25519_ed25519_keypair(pk, sk, seed);
    CHECK(vec25519_ed25519_sign(sig, NULL, 0, sk) == 0, "sign(NULL, 0)");
    CHECK(vec25519_ed25519_verify(sig, NULL, 0, pk) == 0, "verify(NULL, 0)");
    CHECK(vec25519_ed25519_pk_expand(&epk, pk) == 0, "expand");

    /* NULL with a non-zero length: -1, outputs zeroed, no crash. */
    CHECK(vec25519_ed25519_verify(sig, NULL, 5, pk) == -1, "verify(NULL, 5)");
    CHECK(vec25519_ed25519_verify_zip215(sig, NULL, 5, pk) == -1, "verify_zip215(NULL, 5)");
    CHECK(vec25519_ed25519_verify_expanded(sig, NULL, 5, &epk) == -1, "verify_expanded(NULL, 5)");
    CHECK(vec25519_ed25519ctx_verify(sig, NULL, 5, (const uint8_t *)"c", 1, pk) == -1,
          "ctx_verify(NULL, 5)");
    CHECK(vec25519_ed25519ctx_verify(sig, NULL, 0, NULL, 1, pk) == -1, "ctx_verify(ctx NULL, 1)");
    CHECK(vec25519_ed25519ph_verify(sig, NULL, 5, NULL, 0, pk) == -1, "ph_verify(NULL, 5)");
    CHECK(vec25519_ed25519ph_verify(sig, NULL, 0, NULL, 5, pk) == -1, "ph_verify(ctx NULL, 5)");
    CHECK(vec25519_ed25519ph_verify_prehashed(sig, ph, NULL, 5, pk) == -1,
          "ph_verify_prehashed(ctx NULL, 5)");
    CHECK(vec25519_ed25519_verify_init(&vs, sig, pk) == 0, "init");
    vec25519_ed25519_verify_update(&vs, NULL, 5);
    CHECK(vec25519_ed25519_verify_final(&vs) == -1, "streaming update(NULL, 5)");
    CHECK(vec25519_ed25519_verify_final(&vs) == -1, "final twice");
    memset(buf, 0xaa, 64);
    CHECK(vec25519_ed25519_sign(buf, NULL, 5, sk) == -1 && memcmp(buf, zero, 64) == 0,
          "sign(NULL, 5)");
    memset(buf, 0xaa, 64);
    CHECK(vec25519_ed25519ctx_sign(buf, NULL, 5, (const uint8_t *)"c", 1, sk) == -1 &&
              memcmp(buf, zero, 64) == 0,
          "ctx_sign(NULL, 5)");
    memset(buf, 0xaa, 64);
    CHECK(vec25519_ed25519ctx_sign(buf, NULL, 0, NULL, 1, sk) == -1 && memcmp(buf, zero, 64) == 0,
          "ctx_sign(ctx NULL, 1)");
    memset(buf, 0xaa, 64);
    CHECK(vec25519_ed25519ph_sign(buf, NULL, 5, NULL, 0, sk) == -1 && memcmp(buf, zero, 64) == 0,
          "ph_sign(NULL, 5)");
    memset(buf, 0xaa, 64);
    CHECK(vec25519_ed25519ph_sign_prehashed(buf, ph, NULL, 2, sk) == -1 &&
              memcmp(buf, zero, 64) == 0,
          "ph_sign_prehashed(ctx NULL, 2)");

    /* A state rejected at init: update is harmless, final rejects. */
    uint8_t bad[64];
    memcpy(bad, sig, 64);
    bad[63] |= 0xf0; /* S ≥ ℓ */
    CHECK(vec25519_ed25519_verify_init(&vs, bad, pk) == -1, "init rejects S >= l early");
    vec25519_ed25519_verify_update(&vs, buf, 10);
    CHECK(vec25519_ed25519_verify_final(&vs) == -1, "final after an early rejection");
    CHECK(memcmp(&vs, zero, 64) == 0, "final wipes the state");

    /* sk_to_seed / sk_to_pk, also in place. */
    vec25519_ed25519_sk_to_seed(out, sk);
    CHECK(memcmp(out, seed, 32) == 0, "sk_to_seed");
    vec25519_ed25519_sk_to_pk(out, sk);
    CHECK(memcmp(out, pk, 32) == 0, "sk_to_pk");
    memcpy(buf, sk, 64);
    vec25519_ed25519_sk_to_pk(buf, buf);
    CHECK(memcmp(buf, pk, 32) == 0, "sk_to_pk in place");
    memcpy(buf, sk, 64);
    vec25519_ed25519_sk_to_seed(buf, buf);
    CHECK(memcmp(buf, seed, 32) == 0, "sk_to_seed in place");
}

int main(void)
{
    printf("backend: %s\n", vec25519_backend());
    test_rfc8032();
    test_sign_input();
    test_wycheproof();
    test_random_boundaries();
    test_adversarial();
    test_sign2_refusals();
    test_double_pubkey_attack();
    test_mismatch_every_signer();
    test_cache();
    test_ph_stream();
    test_arguments();
    return test_done();
}
