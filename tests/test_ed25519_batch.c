/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519 batch verification, ZIP-215 and expanded keys (src/ed25519/batch.c)
 * against single verification.
 *
 * Every batch below is checked three ways — strict (vec25519_ed25519_verify_batch),
 * ZIP-215 (…_batch_zip215) and with expanded keys (…_batch_expanded; in the
 * every-position sweep, at every fourth case only, to keep the run short)
 * — and for each: the return code is 0 iff every single verification accepts, and
 * results[i] is exactly the single verdict of signature i (strict:
 * vec25519_ed25519_verify; ZIP-215: vec25519_ed25519_verify_zip215; expanded:
 * vec25519_ed25519_verify_expanded, itself checked equal to the strict
 * verdict). The single ZIP-215 verdict is also checked against a reference
 * written here from ZIP 215's text with the group operations, and the strict
 * verdict implies the ZIP-215 one.
 *
 * Inputs:
 *   - one bad signature injected at every position of batches of every size
 *     1..70 (u64 build; u32: 1..40, see EVERY_POSITION_MAX), cycling through
 *     the kinds of damage: message bit, another key,
 *     another R, S + 1, S + ℓ (S ≥ ℓ), S = 2^256 − 1, R and A of small order
 *     (valid under ZIP-215, with canonical and non-canonical encodings: y ≥ p,
 *     x = 0 with the sign bit set), R or A not on the curve, torsion
 *     components with a wrong S;
 *   - valid signatures with torsion components, built with the group law
 *     (A' = [a]B + T1, R' = [r]B + T2, S = r + k·a): the cofactored equation
 *     accepts them, the cofactorless one rejects those with T2 + [k]T1 ≠ 0
 *     (asserted, to show the cases bite);
 *   - several bad signatures at random positions, all bad, a pair of invalid
 *     signatures whose errors cancel in an unweighted sum (S1 + δ, S2 − δ:
 *     only random weights catch it), and a batch large enough for Pippenger;
 *   - n = 0, results = NULL, and adversarial expanded keys.
 * Under a forced vector backend only a shorter pass runs (see main).
 */
#include <stdlib.h>
#include <string.h>

#include "challenge.h"
#include "test.h"
#include "vec25519/ed25519.h"
#include "vec25519/sha512.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "scalar/sc.h"

#define MSGLEN 24
#define POOL 80


/* Non-canonical encodings, filled by find_noncanonical(): y = p + t
 * (t = 0..18) with either sign bit, and y = ±1 with the sign bit set, that
 * decode under ZIP-215's rules; those of small order are kept separately. */
static uint8_t nc_small[64][32];
static int n_nc_small;
static uint8_t nc_large[64][32];
static int n_nc_large;
static ge_ext T8; /* a point of order 8 */

/* One signature case with its single verdicts. */
typedef struct {
    uint8_t msg[MSGLEN];
    uint8_t sig[64];
    uint8_t pk[32];
    int strict, zip; /* single verdicts: 0 valid, -1 invalid */
    int expand_ok;   /* pk_expand succeeded */
    vec25519_ed25519_expanded_pk epk;
} sigcase;

/* sig = (Renc, r + k·a mod ℓ) with k = H(Renc ‖ Aenc ‖ msg); a, r reduced. */
static void sign_raw(uint8_t sig[64], const uint8_t *msg, const uint8_t Aenc[32],
                     const uint8_t a[32], const uint8_t Renc[32], const uint8_t r[32])
{
    uint8_t k[32];
    test_ed25519_challenge(k, Renc, Aenc, msg, MSGLEN);
    memcpy(sig, Renc, 32);
    sc_muladd(sig + 32, k, a, r);
}

static void random_scalar(uint8_t s[32])
{
    uint8_t wide[64];
    test_rng_bytes(wide, 64);
    sc_reduce64(s, wide);
}

/* ZIP 215, from its text: A and R encodings of curve points (y may be ≥ p),
 * S < ℓ, [8][S]B = [8]R + [8][k]A. */
static int zip215_reference(const uint8_t sig[64], const uint8_t *msg, const uint8_t pk[32])
{
    static const uint8_t zero[32] = {0};
    ge_ext A, R, SB, kA, rhs;
    uint8_t k[32];

    if (!ct_to_int(sc_is_canonical(sig + 32))) return -1;
    if (ge_ext_frombytes_relaxed(&A, pk) != 0 || ge_ext_frombytes_relaxed(&R, sig) != 0) return -1;
    test_ed25519_challenge(k, sig, pk, msg, MSGLEN);
    ge_double_scalarmult_vartime(&SB, zero, &A, sig + 32);
    ge_double_scalarmult_vartime(&kA, k, &A, zero);
    ge_ext_add(&rhs, &R, &kA);
    ge_ext_mul_by_cofactor(&SB, &SB);
    ge_ext_mul_by_cofactor(&rhs, &rhs);
    return ct_to_int(ge_ext_eq(&SB, &rhs)) ? 0 : -1;
}

/* The cofactorless equation [S]B = R + [k]A (strict decoding), for showing
 * that the torsion cases are ones where such a verifier disagrees. */
static int cofactorless(const uint8_t sig[64], const uint8_t *msg, const uint8_t pk[32])
{
    static const uint8_t zero[32] = {0};
    ge_ext A, R, SB, kA, rhs;
    uint8_t k[32];
    if (ge_ext_frombytes(&A, pk) != 0 || ge_ext_frombytes(&R, sig) != 0) return -1;
    test_ed25519_challenge(k, sig, pk, msg, MSGLEN);
    ge_double_scalarmult_vartime(&SB, zero, &A, sig + 32);
    ge_double_scalarmult_vartime(&kA, k, &A, zero);
    ge_ext_add(&rhs, &R, &kA);
    return ct_to_int(ge_ext_eq(&SB, &rhs)) ? 0 : -1;
}

/* Fills the single verdicts of c and checks the single functions against
 * each other and the reference. */
static void judge(sigcase *c)
{
    c->strict = vec25519_ed25519_verify(c->sig, c->msg, MSGLEN, c->pk);
    c->zip = vec25519_ed25519_verify_zip215(c->sig, c->msg, MSGLEN, c->pk);
    CHECK(c->zip == zip215_reference(c->sig, c->msg, c->pk), "ZIP-215 single == reference");
    CHECK(c->strict != 0 || c->zip == 0, "strict accept implies ZIP-215 accept");
    c->expand_ok = vec25519_ed25519_pk_expand(&c->epk, c->pk) == 0;
    if (!c->expand_ok) {
        static const vec25519_ed25519_expanded_pk zero_epk;
        CHECK(memcmp(&c->epk, &zero_epk, sizeof zero_epk) == 0, "failed expansion zeroes epk");
    }
    CHECK(vec25519_ed25519_verify_expanded(c->sig, c->msg, MSGLEN, &c->epk) == c->strict,
          "verify_expanded == verify");
}

/* ---- building cases ------------------------------------------------------------ */

/* An honest signature under a fresh key (public API). */
static void make_honest(sigcase *c)
{
    uint8_t seed[32], sk[64];
    test_rng_bytes(seed, 32);
    test_rng_bytes(c->msg, MSGLEN);
    vec25519_ed25519_keypair(c->pk, sk, seed);
    CHECK(vec25519_ed25519_sign(c->sig, c->msg, MSGLEN, sk) == 0, "sign");
}

/* A signature with torsion components: A' = [a]B + T1, R' = [r]B + T2,
 * S = r + k·a. Valid under the cofactored equation; j1, j2 pick T1 = [j1]T8,
 * T2 = [j2]T8 (0 ≤ j < 8). */
static void make_torsion(sigcase *c, int j1, int j2)
{
    uint8_t a[32], r[32];
    ge_ext A, R, T1, T2;
    random_scalar(a);
    random_scalar(r);
    test_rng_bytes(c->msg, MSGLEN);
    ge_ext_0(&T1);
    ge_ext_0(&T2);
    for (int i = 0; i < j1; i++) ge_ext_add(&T1, &T1, &T8);
    for (int i = 0; i < j2; i++) ge_ext_add(&T2, &T2, &T8);
    ge_scalarmult_base(&A, a);
    ge_ext_add(&A, &A, &T1);
    ge_scalarmult_base(&R, r);
    ge_ext_add(&R, &R, &T2);
    ge_ext_tobytes(c->pk, &A);
    uint8_t Renc[32];
    ge_ext_tobytes(Renc, &R);
    sign_raw(c->sig, c->msg, c->pk, a, Renc, r);
}

/* A valid key (a, pk) and a random message. */
static void fresh_key(uint8_t a[32], uint8_t pk[32])
{
    ge_ext A;
    random_scalar(a);
    ge_scalarmult_base(&A, a);
    ge_ext_tobytes(pk, &A);
}

enum damage {
    D_MSG,         /* flip a message bit */
    D_KEY,         /* another valid key */
    D_R,           /* another valid R */
    D_S_PLUS1,     /* S + 1 mod ℓ */
    D_S_PLUS_L,    /* S + ℓ: S ≥ ℓ */
    D_S_MAX,       /* S = 2^256 − 1 */
    D_R_SMALL,     /* R of small order, S = k·a: ZIP-215 accepts, strict rejects */
    D_A_SMALL,     /* A of small order, S = r: ZIP-215 accepts, strict rejects */
    D_R_NONCANON,  /* R small order, non-canonical encoding */
    D_A_NONCANON,  /* A small order, non-canonical encoding */
    D_R_OFFCURVE,  /* R not on the curve */
    D_A_OFFCURVE,  /* A not on the curve */
    D_TORSION_BAD, /* torsion components and S + 1 */
    D_LARGE_NC,    /* R a non-canonical encoding of a large-order point */
    D_COUNT
};

/* An encoding that no rule decodes (x² has no root). */
static void off_curve(uint8_t enc[32])
{
    ge_ext P;
    do {
        test_rng_bytes(enc, 32);
    } while (ge_ext_frombytes_relaxed(&P, enc) == 0);
}

/* c = a signature damaged in the given way (built from scratch so that the
 * damage is the only defect). */
static void make_damaged(sigcase *c, enum damage d)
{
    uint8_t a[32], r[32], Renc[32], zero[32] = {0};
    ge_ext R;

    test_rng_bytes(c->msg, MSGLEN);
    fresh_key(a, c->pk);
    random_scalar(r);
    ge_scalarmult_base(&R, r);
    ge_ext_tobytes(Renc, &R);
    sign_raw(c->sig, c->msg, c->pk, a, Renc, r);
    switch (d) {
    case D_MSG: c->msg[test_rng_below(MSGLEN)] ^= (uint8_t)(1u << test_rng_below(8)); break;
    case D_KEY: fresh_key(a, c->pk); break;
    case D_R: {
        ge_ext R2;
        random_scalar(r);
        ge_scalarmult_base(&R2, r);
        ge_ext_tobytes(c->sig, &R2);
        break;
    }
    case D_S_PLUS1: {
        uint8_t one[32] = {1};
        sc_add(c->sig + 32, c->sig + 32, one);
        break;
    }
    case D_S_PLUS_L: {
        unsigned carry = 0;
        for (int i = 0; i < 32; i++) {
            carry += (unsigned)c->sig[32 + i] + sc_ell[i];
            c->sig[32 + i] = (uint8_t)carry;
            carry >>= 8;
        }
        break;
    }
    case D_S_MAX: memset(c->sig + 32, 0xff, 32); break;
    case D_R_SMALL:
        sign_raw(c->sig, c->msg, c->pk, a, test_small_order_enc[test_rng_below(8)], zero);
        break;
    case D_A_SMALL:
        memcpy(c->pk, test_small_order_enc[test_rng_below(8)], 32);
        sign_raw(c->sig, c->msg, c->pk, zero, Renc, r);
        break;
    case D_R_NONCANON:
        sign_raw(c->sig, c->msg, c->pk, a, nc_small[test_rng_below((uint64_t)n_nc_small)], zero);
        break;
    case D_A_NONCANON:
        memcpy(c->pk, nc_small[test_rng_below((uint64_t)n_nc_small)], 32);
        sign_raw(c->sig, c->msg, c->pk, zero, Renc, r);
        break;
    case D_R_OFFCURVE: off_curve(c->sig); break;
    case D_A_OFFCURVE: off_curve(c->pk); break;
    case D_TORSION_BAD: {
        uint8_t one[32] = {1};
        make_torsion(c, 1 + (int)test_rng_below(7), 1 + (int)test_rng_below(7));
        sc_add(c->sig + 32, c->sig + 32, one);
        break;
    }
    case D_LARGE_NC:
        if (n_nc_large > 0) {
            memcpy(c->sig, nc_large[test_rng_below((uint64_t)n_nc_large)], 32);
        } else {
            off_curve(c->sig);
        }
        break;
    default: break;
    }
    judge(c);
}

/* The encodings of y = p + t (t = 0..18) and of y = ±1 with the sign bit,
 * sorted by the order of the point they decode to under ZIP-215. */
static void find_noncanonical(void)
{
    for (int t = 0; t <= 18; t++) {
        for (int sign = 0; sign < 2; sign++) {
            uint8_t e[32];
            ge_ext P;
            /* p + t = 2^255 − 19 + t, little-endian: 0xed + t needs no carry */
            memset(e, 0xff, 32);
            e[0] = (uint8_t)(0xed + t);
            e[31] = (uint8_t)(0x7f | (sign << 7));
            if (ge_ext_frombytes_relaxed(&P, e) != 0) continue;
            CHECK(ge_ext_frombytes(&P, e) != 0, "y = p + %d is rejected by strict decoding", t);
            CHECK(ge_ext_frombytes_relaxed(&P, e) == 0, "relaxed decoding is repeatable");
            if (ct_to_int(ge_ext_is_small_order(&P))) {
                memcpy(nc_small[n_nc_small++], e, 32);
            } else {
                memcpy(nc_large[n_nc_large++], e, 32);
            }
        }
    }
    /* x = 0 with the sign bit: (0, 1) and (0, −1). */
    uint8_t e1[32] = {0x01}, e2[32];
    e1[31] = 0x80;
    memcpy(e2, test_small_order_enc[1], 32);
    e2[31] |= 0x80;
    memcpy(nc_small[n_nc_small++], e1, 32);
    memcpy(nc_small[n_nc_small++], e2, 32);
    CHECK(n_nc_small >= 6, "non-canonical small-order encodings found: %d", n_nc_small);
    printf("non-canonical encodings: %d of small order, %d of large order\n", n_nc_small,
           n_nc_large);
}

/* ---- checking a batch ----------------------------------------------------------- */

static unsigned long batches_checked;

/* The batch verifier of policy pol (0 strict, 1 ZIP-215, 2 expanded keys); res may be NULL. */
static int verify_batch_pol(int pol, size_t n, const vec25519_ed25519_batch_item *items,
                            const vec25519_ed25519_batch_item_expanded *xitems, int *res)
{
    if (pol == 0) return vec25519_ed25519_verify_batch(n, items, res);
    if (pol == 1) return vec25519_ed25519_verify_batch_zip215(n, items, res);
    return vec25519_ed25519_verify_batch_expanded(n, xitems, res);
}

/* Runs the batch verifiers on cs[0..n) and compares with the singles: strict
 * and ZIP-215 always, expanded keys when with_expanded. with_null: also the
 * results = NULL form. */
static void check_batch_sel(sigcase *const *cs, size_t n, int with_null, int with_expanded,
                            const char *what)
{
    static vec25519_ed25519_batch_item items[512];
    static vec25519_ed25519_batch_item_expanded xitems[512];
    int res[512];
    int all_strict = 0, all_zip = 0;

    if (n > 512) {
        CHECK(0, "batch too large for the test");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        items[i].msg = xitems[i].msg = cs[i]->msg;
        items[i].len = xitems[i].len = MSGLEN;
        items[i].sig = xitems[i].sig = cs[i]->sig;
        items[i].pk = cs[i]->pk;
        xitems[i].epk = &cs[i]->epk;
        all_strict |= cs[i]->strict;
        all_zip |= cs[i]->zip;
    }
    batches_checked++;

    for (int pol = 0; pol < (with_expanded ? 3 : 2); pol++) {
        int rc, want = pol == 1 ? all_zip : all_strict;
        const char *name = pol == 0 ? "strict" : pol == 1 ? "zip215" : "expanded";
        for (size_t i = 0; i < n; i++) res[i] = 7;
        rc = verify_batch_pol(pol, n, items, xitems, res);
        CHECK(rc == (want ? -1 : 0), "%s batch verdict (%s, n = %zu): %d", name, what, n, rc);
        for (size_t i = 0; i < n; i++) {
            int single = pol == 1 ? cs[i]->zip : cs[i]->strict;
            CHECK(res[i] == single, "%s results[%zu] = %d, single %d (%s, n = %zu)", name, i,
                  res[i], single, what, n);
        }
        if (with_null) {
            rc = verify_batch_pol(pol, n, items, xitems, NULL);
            CHECK(rc == (want ? -1 : 0), "%s batch verdict without results (%s, n = %zu)", name,
                  what, n);
        }
    }
}

static void check_batch(sigcase *const *cs, size_t n, int with_null, const char *what)
{
    check_batch_sel(cs, n, with_null, 1, what);
}

/* ---- tests ------------------------------------------------------------------------ */

static sigcase pool[POOL];

/* The pool: honest signatures, and valid ones with torsion components. */
static void make_pool(void)
{
    int disagree = 0;
    for (int i = 0; i < POOL; i++) {
        if (i % 4 == 3) {
            make_torsion(&pool[i], (int)test_rng_below(8), (int)test_rng_below(8));
        } else {
            make_honest(&pool[i]);
        }
        judge(&pool[i]);
        CHECK(pool[i].strict == 0 && pool[i].zip == 0 && pool[i].expand_ok,
              "pool signature %d valid", i);
        if (cofactorless(pool[i].sig, pool[i].msg, pool[i].pk) != 0) disagree++;
    }
    CHECK(disagree > 0, "some torsion cases are rejected by the cofactorless equation");
    printf("pool: %d signatures, %d of them rejected by a cofactorless verifier\n", POOL, disagree);
}

/* One bad signature at every position of batches of sizes 1..70. */
/*
 * Sizes up to which the bad signature visits every position. The batch logic
 * does not depend on the field representation, and the u32 field is about
 * twice as slow, so the u32 build visits every position up to 40 and the
 * first, middle and last positions above (the u64 build covers 1..70), and
 * with short sweeps (an emulator, a sanitizer: support/test.h), every
 * position up to 17.
 */
#if defined(VEC25519_TEST_SHORT_SWEEPS)
#define EVERY_POSITION_MAX 17
#elif defined(VEC25519_SERIAL_U32)
#define EVERY_POSITION_MAX 40
#else
#define EVERY_POSITION_MAX 70
#endif

static void test_one_bad_everywhere(void)
{
    sigcase bad;
    sigcase *cs[70];
    unsigned long kind = 0;
    for (size_t n = 1; n <= 70; n++) {
        for (size_t p = 0; p < n; p++) {
            if (n > EVERY_POSITION_MAX && p != 0 && p != n / 2 && p != n - 1) continue;
            size_t off = (size_t)test_rng_below(POOL);
            make_damaged(&bad, (enum damage)(kind++ % D_COUNT));
            for (size_t i = 0; i < n; i++) cs[i] = &pool[(off + i) % POOL];
            cs[p] = &bad;
            /* strict and ZIP-215 everywhere; expanded keys at every fourth */
            check_batch_sel(cs, n, (n + p) % 17 == 0, (n + p) % 4 == 0, "one bad");
        }
    }
    printf("one bad signature at every position of sizes 1..%d (and at the ends and the middle "
           "up to 70): checked\n",
           EVERY_POSITION_MAX);
}

/* Every damage kind, in a batch of 9 and alone, to name a failing kind. */
static void test_each_kind(void)
{
    static sigcase bad[D_COUNT];
    sigcase *cs[9];
    for (int d = 0; d < D_COUNT; d++) {
        for (int rep = 0; rep < 4; rep++) {
            make_damaged(&bad[d], (enum damage)d);
            for (size_t i = 0; i < 9; i++) cs[i] = &pool[i];
            cs[rep * 2] = &bad[d];
            check_batch(cs, 9, 1, "each kind");
            check_batch(cs + rep * 2, 1, 1, "each kind alone");
        }
    }
    /* The small-order rule: every small-order point as A and as R. */
    for (int i = 0; i < 8; i++) {
        sigcase c;
        uint8_t a[32], r[32], zero[32] = {0};
        ge_ext R;
        test_rng_bytes(c.msg, MSGLEN);
        fresh_key(a, c.pk);
        sign_raw(c.sig, c.msg, c.pk, a, test_small_order_enc[i], zero);
        judge(&c);
        CHECK(c.strict == -1 && c.zip == 0, "small-order R %d: strict rejects, ZIP-215 accepts", i);
        cs[0] = &c;
        cs[1] = &pool[0];
        check_batch(cs, 2, 1, "small-order R");
        memcpy(c.pk, test_small_order_enc[i], 32);
        random_scalar(r);
        ge_scalarmult_base(&R, r);
        uint8_t Renc[32];
        ge_ext_tobytes(Renc, &R);
        sign_raw(c.sig, c.msg, c.pk, zero, Renc, r);
        judge(&c);
        CHECK(c.strict == -1 && c.zip == 0, "small-order A %d: strict rejects, ZIP-215 accepts", i);
        CHECK(!c.expand_ok, "small-order key %d does not expand", i);
        check_batch(cs, 2, 1, "small-order A");
    }
}

/* Several bad signatures at random positions; all bad; cancelling errors. */
static void test_several_bad(void)
{
    static sigcase bad[70];
    sigcase *cs[70];
    for (int rep = 0; rep < 40; rep++) {
        size_t n = 2 + (size_t)test_rng_below(69);
        size_t nbad = 1 + (size_t)test_rng_below(rep % 4 == 0 ? n : (n < 6 ? n : 6));
        for (size_t i = 0; i < n; i++) cs[i] = &pool[(size_t)test_rng_below(POOL)];
        for (size_t b = 0; b < nbad; b++) {
            make_damaged(&bad[b], (enum damage)test_rng_below(D_COUNT));
            cs[test_rng_below(n)] = &bad[b];
        }
        check_batch(cs, n, rep % 5 == 0, "several bad");
    }
    for (size_t n = 1; n <= 40; n += 13) {
        for (size_t i = 0; i < n; i++) {
            make_damaged(&bad[i], (enum damage)(i % D_COUNT));
            cs[i] = &bad[i];
        }
        check_batch(cs, n, 1, "all bad");
    }
    /* S1 + δ and S2 − δ: Σ E_i = 0 with unit weights, yet both invalid. */
    for (int rep = 0; rep < 10; rep++) {
        uint8_t delta[32];
        random_scalar(delta);
        bad[0] = pool[0];
        bad[1] = pool[1];
        sc_add(bad[0].sig + 32, bad[0].sig + 32, delta);
        sc_sub(bad[1].sig + 32, bad[1].sig + 32, delta);
        judge(&bad[0]);
        judge(&bad[1]);
        CHECK(bad[0].strict == -1 && bad[1].strict == -1, "the cancelling pair is invalid");
        for (size_t i = 0; i < 10; i++) cs[i] = &pool[2 + i];
        cs[3] = &bad[0];
        cs[7] = &bad[1];
        check_batch(cs, 10, 1, "cancelling pair");
        cs[0] = &bad[0];
        cs[1] = &bad[1];
        check_batch(cs, 2, 1, "cancelling pair alone");
    }
    printf("several bad, all bad, cancelling pairs: checked\n");
}

/* A batch large enough that the multiscalar goes to Pippenger. */
static void test_large(void)
{
    enum { N = 300 };
    static sigcase bad[4];
    sigcase *cs[N];
    for (size_t i = 0; i < N; i++) cs[i] = &pool[i % POOL];
    check_batch(cs, N, 1, "large, all valid");
    for (int b = 0; b < 4; b++) {
        make_damaged(&bad[b], (enum damage)test_rng_below(D_COUNT));
        cs[test_rng_below(N)] = &bad[b];
    }
    check_batch(cs, N, 0, "large, a few bad");
    printf("batches of %d: checked\n", N);
}

/* n = 0, NULL message with length 0, and adversarial expanded keys. */
static void test_edges(void)
{
    int res[9] = {7, 7}; /* up to nb = 9 entries below */
    vec25519_ed25519_expanded_pk epk;
    sigcase c;

    CHECK(vec25519_ed25519_verify_batch(0, NULL, res) == 0 && res[0] == 7,
          "n = 0 accepts and writes nothing");
    CHECK(vec25519_ed25519_verify_batch_zip215(0, NULL, NULL) == 0, "zip215 n = 0");
    CHECK(vec25519_ed25519_verify_batch_expanded(0, NULL, NULL) == 0, "expanded n = 0");
    CHECK(vec25519_ed25519_verify_batch(2, NULL, res) == -1, "n = 2, items = NULL: rejected");
    CHECK(vec25519_ed25519_verify_batch_expanded(2, NULL, NULL) == -1,
          "expanded n = 2, items = NULL: rejected");

    /* Empty messages, msg = NULL; and NULL pointers that make one entry invalid. */
    for (int nb = 2; nb <= 9; nb += 7) { /* 2: serial path; 9: batch and 4-way decoding */
        uint8_t seed[32], sk[64], pk[32], sig[9][64];
        vec25519_ed25519_batch_item it[9];
        vec25519_ed25519_expanded_pk xk;
        vec25519_ed25519_batch_item_expanded xit[9];
        test_rng_bytes(seed, 32);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519_pk_expand(&xk, pk) == 0, "expand");
        for (int i = 0; i < nb; i++) {
            CHECK(vec25519_ed25519_sign(sig[i], NULL, 0, sk) == 0, "sign");
            it[i].msg = xit[i].msg = NULL;
            it[i].len = xit[i].len = 0;
            it[i].sig = xit[i].sig = sig[i];
            it[i].pk = pk;
            xit[i].epk = &xk;
        }
        CHECK(vec25519_ed25519_verify_batch(nb, it, res) == 0 && res[0] == 0 && res[1] == 0,
              "empty messages as NULL");
        sig[1][40] ^= 1;
        CHECK(vec25519_ed25519_verify_batch(nb, it, res) == -1 && res[0] == 0 && res[1] == -1,
              "empty messages, one bad");
        sig[1][40] ^= 1;
        int resn[9];
        static const char *const what[] = {"msg NULL with len 1", "sig NULL", "pk NULL"};
        for (int kind = 0; kind < 3; kind++) {
            vec25519_ed25519_batch_item bad[9];
            vec25519_ed25519_batch_item_expanded xbad[9];
            memcpy(bad, it, sizeof bad);
            memcpy(xbad, xit, sizeof xbad);
            int pos = nb - 1 - kind % nb;
            if (kind == 0) bad[pos].len = xbad[pos].len = 1;
            if (kind == 1) bad[pos].sig = xbad[pos].sig = NULL;
            if (kind == 2) {
                bad[pos].pk = NULL;
                xbad[pos].epk = NULL;
            }
            for (int i = 0; i < nb; i++) resn[i] = 7;
            CHECK(vec25519_ed25519_verify_batch(nb, bad, resn) == -1, "%s: rejected", what[kind]);
            for (int i = 0; i < nb; i++)
                CHECK(resn[i] == (i == pos ? -1 : 0), "%s (n = %d): results[%d] = %d", what[kind],
                      nb, i, resn[i]);
            CHECK(vec25519_ed25519_verify_batch_zip215(nb, bad, NULL) == -1, "%s: zip215",
                  what[kind]);
            CHECK(vec25519_ed25519_verify_batch_expanded(nb, xbad, resn) == -1 && resn[pos] == -1,
                  "%s: expanded", what[kind]);
        }
    }

    /* A zeroed, a corrupted and a foreign expanded key reject everything. */
    c = pool[0];
    memset(&epk, 0, sizeof epk);
    CHECK(vec25519_ed25519_verify_expanded(c.sig, c.msg, MSGLEN, &epk) == -1, "zeroed epk rejects");
    epk = c.epk;
    epk.opaque[0] ^= 1;
    CHECK(vec25519_ed25519_verify_expanded(c.sig, c.msg, MSGLEN, &epk) == -1,
          "epk with a bad tag rejects");
    CHECK(vec25519_ed25519_verify_expanded(c.sig, c.msg, MSGLEN, &pool[1].epk) == -1,
          "another key's epk rejects");
    CHECK(vec25519_ed25519_pk_expand(&epk, test_small_order_enc[0]) == -1, "identity key rejected");
    {
        uint8_t nc[32];
        memcpy(nc, nc_small[0], 32);
        CHECK(vec25519_ed25519_pk_expand(&epk, nc) == -1, "non-canonical key rejected");
        off_curve(nc);
        CHECK(vec25519_ed25519_pk_expand(&epk, nc) == -1, "off-curve key rejected");
    }
    /* verify_expanded == verify on random signatures of mixed validity. */
    for (int i = 0; i < 200; i++) {
        sigcase d;
        if (i % 3 == 0) {
            make_honest(&d);
            if (i % 2) d.sig[32 + test_rng_below(32)] ^= (uint8_t)(1u << test_rng_below(8));
            judge(&d);
        } else {
            make_damaged(&d, (enum damage)test_rng_below(D_COUNT));
        }
    }
}

/*
 * An expanded key holds its table in the representation of the backend that
 * made it; verified under another backend it must fall back to the plain
 * equation with the same verdict. For every (expanding, verifying) pair of
 * the available backends: honest signatures, signatures with one bit
 * flipped, and every damage kind (bad keys among them, whose expansion
 * fails), against vec25519_ed25519_verify under the verifying backend.
 */
static void test_expanded_across_backends(void)
{
    static sigcase d;
    static vec25519_ed25519_expanded_pk epk;
    size_t nb;
    const struct backend *const *bs = backend_available(&nb);
    const struct backend *first = backend_get();

    for (size_t e = 0; e < nb; e++) {
        for (size_t v = 0; v < nb; v++) {
            for (int i = 0; i < 3 * D_COUNT; i++) {
                backend_set(first);
                if (i < D_COUNT) {
                    make_damaged(&d, (enum damage)i);
                } else {
                    make_honest(&d);
                    if (i >= 2 * D_COUNT)
                        d.sig[test_rng_below(64)] ^= (uint8_t)(1u << test_rng_below(8));
                }
                backend_set(bs[e]);
                int expanded = vec25519_ed25519_pk_expand(&epk, d.pk) == 0;
                backend_set(bs[v]);
                int want = vec25519_ed25519_verify(d.sig, d.msg, MSGLEN, d.pk);
                int got =
                    expanded ? vec25519_ed25519_verify_expanded(d.sig, d.msg, MSGLEN, &epk) : -1;
                CHECK(got == want, "expanded under %s, verified under %s, case %d: %d, verify %d",
                      bs[e]->name, bs[v]->name, i, got, want);
            }
        }
    }
    backend_set(first);
}

/*
 * CTest runs this program once per backend (VEC25519_BACKEND). The batch
 * code is the same under every backend except for the backend's
 * multiscalar_vartime and double_scalarmult_vartime (tested against serial in
 * test_msm and the backends' own tests), so the full suite runs under serial
 * (or when nothing is forced: then, in addition, a shorter pass under every
 * other available backend), and the shorter pass alone under a forced vector
 * backend.
 */
static int forced_vector_backend(void)
{
    const char *f = getenv("VEC25519_BACKEND");
    return f != NULL && *f != 0 && backend_by_name(f) != &serial_backend;
}

/* The shorter pass: every damage kind, several bad, one bad at the ends and
 * the middle of every size. */
static void short_pass(void)
{
    sigcase bad;
    sigcase *cs[70];
    unsigned long kind = 0;
    test_each_kind();
    test_several_bad();
    for (size_t n = 1; n <= 70; n += 3) {
        size_t pos[3] = {0, n / 2, n - 1};
        for (int k = 0; k < 3; k++) {
            make_damaged(&bad, (enum damage)(kind++ % D_COUNT));
            for (size_t i = 0; i < n; i++) cs[i] = &pool[i % POOL];
            cs[pos[k]] = &bad;
            check_batch(cs, n, 0, "one bad (short pass)");
        }
    }
}

int main(void)
{
    size_t nb;
    const struct backend *const *bs = backend_available(&nb);
    const char *forced = getenv("VEC25519_BACKEND");

    if (ge_ext_frombytes(&T8, test_small_order_enc[4]) != 0) {
        CHECK(0, "order-8 point decodes");
        return test_done();
    }
    find_noncanonical();
    make_pool();
    if (forced_vector_backend()) {
        printf("backend %s (forced): short pass\n", backend_get()->name);
        short_pass();
        printf("%lu batches checked\n", batches_checked);
        return test_done();
    }
    test_edges();
    test_each_kind();
    test_one_bad_everywhere();
    test_several_bad();
    test_large();
    test_expanded_across_backends();
    if (forced == NULL || *forced == 0) {
        const struct backend *first = backend_get();
        for (size_t b = 0; b < nb; b++) {
            if (bs[b] == first) continue;
            backend_set(bs[b]);
            printf("backend %s: short pass\n", bs[b]->name);
            short_pass();
        }
        backend_set(first);
    }
    printf("%lu batches checked\n", batches_checked);
    return test_done();
}
