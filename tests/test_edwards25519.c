/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the edwards25519 "hazmat" layer: include/vec25519/edwards25519.h.
 *
 * Differential against libsodium (10,000 random inputs per function, each
 * input drawn from a pool that mixes points of the prime-order subgroup,
 * points with a torsion component, the eight small-order points with both
 * sign bits, every non-canonical encoding, and random 32-byte strings):
 *   vec25519_edwards25519_is_valid_point        crypto_core_ed25519_is_valid_point
 *   vec25519_edwards25519_add / _sub            crypto_core_ed25519_add / _sub
 *   vec25519_edwards25519_scalarmult(_noclamp)(_base)  crypto_scalarmult_ed25519*
 *   vec25519_ed25519_pk_to_x25519          crypto_sign_ed25519_pk_to_curve25519
 *   vec25519_ed25519_sk_to_x25519          crypto_sign_ed25519_sk_to_curve25519
 *   vec25519_edwards25519_scalar_*              crypto_core_ed25519_scalar_*
 * They must agree everywhere except on the documented difference, which is
 * asserted exactly: add/sub decode strictly, so the encodings that only a
 * relaxed decoder accepts (y ≥ p, or x = 0 with the sign bit set: 26 of the
 * 40 non-strict strings) give -1 here, while libsodium adds the point they
 * reduce to. (Scalar add/sub on unreduced inputs and invert of the multiples
 * of ℓ are covered by tests/test_ristretto255.c: the functions are shared.)
 *
 * Struct API: strict decoding (every non-strict string rejected, every
 * accepted one re-encodes to itself, acceptance of random strings equals
 * libsodium's relaxed decoder on canonical strings), [s]P exact for any
 * 256-bit s and any point (against double-and-add, including s in
 * [2^255, 8ℓ) where the reduction mod 8ℓ takes its negated branch), mul_base,
 * the double-base, cofactor, small-order and torsion predicates, aliasing.
 *
 * Conversions: pk_to_x25519(keypair pk) = X25519 public key of
 * sk_to_x25519(sk); x25519_to_ed25519 inverts pk_to_x25519 given the sign;
 * on random u it succeeds exactly when u³ + 486662u² + u is a square and
 * u ≠ -1, and maps back to u.
 *
 * Every function that can fail is called with invalid inputs: -1 and a
 * zeroed output (outputs pre-filled with 0xAA).
 */
#include <stdio.h>
#include <string.h>

#include "mont_curve.h"
#include "test.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "vec25519.h"

#ifdef HAVE_SODIUM
#include "sodium_init.h"

#include "scalar_ops.h"
#endif

/* Random cases per function; a tenth in the bounds-checking build, whose
 * per-operation lane assertions make each vector operation much slower (the
 * u64 and u32 builds run the full count under every backend). */
#ifdef VEC25519_CHECK_BOUNDS
#define N_DIFF 1000
#else
#define N_DIFF TEST_RANDOM_CASES(10000)
#endif

typedef vec25519_edwards25519_point ept;

static int is_all(const void *p, size_t n, uint8_t v)
{
    const uint8_t *b = (const uint8_t *)p;
    for (size_t i = 0; i < n; i++)
        if (b[i] != v) return 0;
    return 1;
}

static void rand_scalar(uint8_t s[32])
{
    uint8_t w[64];
    test_rng_bytes(w, sizeof w);
    sc_reduce64(s, w);
}

static void ept_from_ge(ept *p, const ge_ext *h)
{
    memset(p, 0, sizeof *p);
    memcpy(p, h, sizeof *h);
}

/* ---- special points ------------------------------------------------------------ */

static ge_ext tors[8];         /* tors[j] = [j]T8, T8 of order 8 */
static uint8_t tors_enc[8][32];

static void find_torsion(void)
{
    for (int tries = 0; tries < 1000; tries++) {
        uint8_t y[32];
        ge_ext P, T, T4;
        test_rng_bytes(y, sizeof y);
        if (ge_ext_frombytes_relaxed(&P, y) != 0) continue;
        ge_scalarmult(&T, sc_ell, &P);
        ge_ext_dbl_n(&T4, &T, 2);
        if (ct_to_int(ge_ext_is_identity(&T4))) continue;
        ge_ext_0(&tors[0]);
        for (int j = 1; j < 8; j++) ge_ext_add(&tors[j], &tors[j - 1], &T);
        for (int j = 0; j < 8; j++) ge_ext_tobytes(tors_enc[j], &tors[j]);
        return;
    }
    CHECK(0, "no point of order 8 found");
}

/*
 * The 40 strings that are not strict encodings but whose y is below 2^255:
 * y = p + k (k = 0..18) with either sign bit, and the canonical y = 1 and
 * y = p - 1 (x = 0) with the sign bit set.
 */
static uint8_t nonstrict[40][32];

static void make_nonstrict(void)
{
    int m = 0;
    for (int k = 0; k <= 18; k++)
        for (int s = 0; s < 2; s++) {
            memset(nonstrict[m], 0xff, 32);
            nonstrict[m][0] = (uint8_t)(0xed + k);
            nonstrict[m][31] = (uint8_t)(0x7f | (s << 7));
            m++;
        }
    memset(nonstrict[m], 0, 32);
    nonstrict[m][0] = 1;
    nonstrict[m][31] = 0x80; /* y = 1, x = 0, sign 1 */
    m++;
    memset(nonstrict[m], 0xff, 32);
    nonstrict[m][0] = 0xec; /* y = p - 1, x = 0, sign 1 */
    m++;
}

#ifdef HAVE_SODIUM
/*
 * A test input, by kind:
 *   0  [s]B, a valid point          3  a small-order point, either sign bit
 *   1  [s]B + T, T ≠ 0 torsion      4  one of the 40 non-strict strings
 *   2  a random 32-byte string      5  a random string with bit 255 clear
 */
static int pool_point(uint8_t e[32])
{
    int kind = (int)test_rng_below(100);
    kind = kind < 40 ? 0 : kind < 60 ? 1 : kind < 80 ? 2 : kind < 88 ? 3 : kind < 92 ? 4 : 5;
    uint8_t s[32];
    ge_ext P;
    switch (kind) {
    case 0:
    case 1:
        rand_scalar(s);
        ge_scalarmult_base(&P, s);
        if (kind == 1) ge_ext_add(&P, &P, &tors[1 + test_rng_below(7)]);
        ge_ext_tobytes(e, &P);
        break;
    case 2:
        test_rng_bytes(e, 32);
        break;
    case 3:
        memcpy(e, tors_enc[test_rng_below(8)], 32);
        /* the sign flipped: -T, or for x = 0 (T0, T4) a non-strict string */
        if (test_rng_below(2)) e[31] ^= 0x80;
        break;
    case 4:
        memcpy(e, nonstrict[test_rng_below(40)], 32);
        break;
    default:
        test_rng_bytes(e, 32);
        e[31] &= 0x7f;
        break;
    }
    return kind;
}

/* ---- libsodium ------------------------------------------------------------------- */

/* Whether s is one of the 40 non-strict strings. */
static int is_nonstrict(const uint8_t s[32])
{
    for (int i = 0; i < 40; i++)
        if (memcmp(s, nonstrict[i], 32) == 0) return 1;
    return 0;
}

/* The strict encoding of what libsodium's relaxed decoder makes of s (the
 * same string when s is strict); 0 if s does not decode at all. */
static int relaxed_canon(uint8_t out[32], const uint8_t s[32])
{
    ge_ext P;
    if (ge_ext_frombytes_relaxed(&P, s) != 0) return 0;
    ge_ext_tobytes(out, &P);
    return 1;
}

static void test_diff_add_sub(void)
{
    unsigned long bad = 0, ok = 0, differ = 0;
    for (int i = 0; i < N_DIFF; i++) {
        uint8_t p[32], q[32], o[32], t[32], cp[32], cq[32];
        pool_point(p);
        pool_point(q);
        for (int sub = 0; sub < 2; sub++) {
            memset(o, 0xaa, 32);
            int ro = sub ? vec25519_edwards25519_sub(o, p, q) : vec25519_edwards25519_add(o, p, q);
            int rs = sub ? crypto_core_ed25519_sub(t, p, q) : crypto_core_ed25519_add(t, p, q);
            if (ro != 0 && !is_all(o, 32, 0)) bad++;
            if (!is_nonstrict(p) && !is_nonstrict(q)) {
                bad += ro != rs || (ro == 0 && memcmp(o, t, 32) != 0);
                ok += ro == 0;
            } else {
                /* documented: we reject; libsodium works on the reduced point */
                bad += ro != -1;
                int dec = relaxed_canon(cp, p) && relaxed_canon(cq, q);
                bad += rs != (dec ? 0 : -1);
                if (dec) {
                    uint8_t w[32];
                    int rw = sub ? vec25519_edwards25519_sub(w, cp, cq)
                                 : vec25519_edwards25519_add(w, cp, cq);
                    bad += rw != 0 || memcmp(w, t, 32) != 0;
                    differ++;
                }
            }
        }
    }
    /* the 40 non-strict strings, one by one */
    uint8_t B[32];
    ge_ext_tobytes(B, &ge_basepoint);
    int n_relaxed = 0;
    for (int i = 0; i < 40; i++) {
        uint8_t o[32], t[32];
        memset(o, 0xaa, 32);
        CHECK(vec25519_edwards25519_add(o, nonstrict[i], B) == -1, "non-strict string %d accepted",
              i);
        CHECK(is_all(o, 32, 0), "non-strict %d: output not zeroed", i);
        n_relaxed += crypto_core_ed25519_add(t, nonstrict[i], B) == 0;
    }
    CHECK(n_relaxed == 26, "libsodium's add accepts %d of the 40 non-strict strings, the header "
          "says 26", n_relaxed);
    CHECK(bad == 0, "add/sub: %lu disagreements with libsodium", bad);
    printf("add/sub: %d random pairs x 2 against libsodium: %lu successes equal; %lu cases with "
           "a non-strict string (rejected here; libsodium's result = ours on the reduced "
           "encoding); libsodium accepts %d of the 40 non-strict strings\n",
           N_DIFF, ok, differ, n_relaxed);
}

static void test_diff_valid_and_pk(void)
{
    unsigned long bad_v = 0, bad_pk = 0, valid = 0, conv = 0;
    unsigned long by_kind_valid[6] = {0}, by_kind_n[6] = {0};
    for (int i = 0; i < N_DIFF; i++) {
        uint8_t e[32], o[32], t[32];
        int kind = pool_point(e);
        int ro = vec25519_edwards25519_is_valid_point(e);
        int rs = crypto_core_ed25519_is_valid_point(e);
        bad_v += ro != rs;
        valid += (unsigned long)ro;
        by_kind_n[kind]++;
        by_kind_valid[kind] += (unsigned long)ro;
        memset(o, 0xaa, 32);
        ro = vec25519_ed25519_pk_to_x25519(o, e);
        rs = crypto_sign_ed25519_pk_to_curve25519(t, e);
        bad_pk += ro != rs || (ro == 0 && memcmp(o, t, 32) != 0) || (ro != 0 && !is_all(o, 32, 0));
        conv += ro == 0;
    }
    for (int i = 0; i < 40; i++) {
        uint8_t t[32], o[32];
        CHECK(vec25519_edwards25519_is_valid_point(nonstrict[i]) == 0, "non-strict %d valid", i);
        CHECK(crypto_core_ed25519_is_valid_point(nonstrict[i]) == 0, "libsodium: non-strict valid");
        memset(o, 0xaa, 32);
        CHECK(vec25519_ed25519_pk_to_x25519(o, nonstrict[i]) == -1 && is_all(o, 32, 0),
              "pk_to_x25519 of non-strict %d", i);
        CHECK(crypto_sign_ed25519_pk_to_curve25519(t, nonstrict[i]) == -1,
              "libsodium converts non-strict %d", i);
    }
    for (int j = 0; j < 8; j++)
        for (int s = 0; s < 2; s++) {
            uint8_t e[32], o[32], t[32];
            memcpy(e, tors_enc[j], 32);
            e[31] ^= (uint8_t)(s << 7);
            CHECK(vec25519_edwards25519_is_valid_point(e) == 0, "small order %d valid", j);
            memset(o, 0xaa, 32);
            CHECK(vec25519_ed25519_pk_to_x25519(o, e) == -1 && is_all(o, 32, 0),
                  "pk_to_x25519 of small order %d", j);
            CHECK(crypto_sign_ed25519_pk_to_curve25519(t, e) == -1, "libsodium small order");
        }
    CHECK(bad_v == 0, "is_valid_point: %lu disagreements with libsodium", bad_v);
    CHECK(bad_pk == 0, "pk_to_x25519: %lu disagreements with libsodium", bad_pk);
    CHECK(by_kind_valid[0] == by_kind_n[0], "a point of order ℓ was judged invalid");
    CHECK(by_kind_valid[1] == 0 && by_kind_valid[3] == 0 && by_kind_valid[4] == 0,
          "a torsion, small-order or non-strict input was judged valid");
    printf("is_valid_point and pk_to_x25519: %d pool inputs against libsodium (%lu valid, %lu "
           "converted), the 40 non-strict strings and the 16 small-order encodings: no "
           "disagreement\n",
           N_DIFF, valid, conv);
}

static void test_diff_scalarmult(void)
{
    unsigned long bad = 0, succ = 0;
    for (int i = 0; i < N_DIFF; i++) {
        uint8_t n[32], p[32], o[32], t[32];
        test_rng_bytes(n, 32);
        switch (i % 16) {
        case 3: memset(n, 0, 32); break;                 /* zero scalar */
        case 5: memcpy(n, sc_ell, 32); break;            /* ℓ */
        case 7: memset(n, 0, 32); n[31] = 0x80; break;   /* 2^255: 0 after bit 255 is cleared */
        case 9: memset(n, 0, 32); n[0] = 8; break;       /* small */
        default: break;
        }
        pool_point(p);
        for (int v = 0; v < 4; v++) {
            int ro, rs;
            memset(o, 0xaa, 32);
            switch (v) {
            case 0:
                ro = vec25519_edwards25519_scalarmult(o, n, p);
                rs = crypto_scalarmult_ed25519(t, n, p);
                break;
            case 1:
                ro = vec25519_edwards25519_scalarmult_noclamp(o, n, p);
                rs = crypto_scalarmult_ed25519_noclamp(t, n, p);
                break;
            case 2:
                ro = vec25519_edwards25519_scalarmult_base(o, n);
                rs = crypto_scalarmult_ed25519_base(t, n);
                break;
            default:
                ro = vec25519_edwards25519_scalarmult_base_noclamp(o, n);
                rs = crypto_scalarmult_ed25519_base_noclamp(t, n);
                break;
            }
            bad += ro != rs || (ro == 0 && memcmp(o, t, 32) != 0) ||
                   (ro != 0 && !is_all(o, 32, 0));
            succ += ro == 0;
        }
    }
    CHECK(bad == 0, "scalarmult family: %lu disagreements with libsodium", bad);
    printf("scalarmult, _noclamp, _base, _base_noclamp: %d cases each against libsodium "
           "(%lu successes), no disagreement\n",
           N_DIFF, succ);
}

static void test_diff_sk_and_scalars(void)
{
    static const scalar_ops ours = {
        vec25519_edwards25519_scalar_mul, vec25519_edwards25519_scalar_negate,
        vec25519_edwards25519_scalar_complement, vec25519_edwards25519_scalar_reduce,
        vec25519_edwards25519_scalar_invert};
    static const scalar_ops sodium = {
        crypto_core_ed25519_scalar_mul, crypto_core_ed25519_scalar_negate,
        crypto_core_ed25519_scalar_complement, crypto_core_ed25519_scalar_reduce,
        crypto_core_ed25519_scalar_invert};
    unsigned long bad = 0;
    for (int i = 0; i < N_DIFF; i++) {
        uint8_t seed[32], pk[32], sk[64], o[32], t[32], x[32], y[32], w[64];
        test_rng_bytes(seed, 32);
        crypto_sign_seed_keypair(pk, sk, seed);
        vec25519_ed25519_sk_to_x25519(o, sk);
        crypto_sign_ed25519_sk_to_curve25519(t, sk);
        bad += memcmp(o, t, 32) != 0;

        rand_scalar(x); /* canonical: libsodium's add/sub keep no carry past 2^256 */
        rand_scalar(y);
        if (i % 32 == 1) memset(y, 0, 32);
        test_rng_bytes(w, 64);
        vec25519_edwards25519_scalar_add(o, x, y);
        crypto_core_ed25519_scalar_add(t, x, y);
        bad += memcmp(o, t, 32) != 0;
        vec25519_edwards25519_scalar_sub(o, x, y);
        crypto_core_ed25519_scalar_sub(t, x, y);
        bad += memcmp(o, t, 32) != 0;
        test_rng_bytes(x, 32); /* any 256-bit string from here on */
        bad += scalar_ops_mismatches(&ours, &sodium, x, y, w);
    }
    CHECK(bad == 0, "sk_to_x25519 / scalars: %lu disagreements with libsodium", bad);
    printf("sk_to_x25519 and the 8 scalar functions: %d cases against libsodium, no "
           "disagreement\n",
           N_DIFF);
}
#endif

/* ---- struct API ---------------------------------------------------------------------- */

static int eqp(const ept *a, const ept *b)
{
    return vec25519_edwards25519_point_eq(a, b);
}

/* r = [s]P by MSB-first double-and-add over point_add (no recoding, no table). */
static void ref_mul(ept *r, const uint8_t s[32], const ept *P)
{
    ept acc;
    vec25519_edwards25519_point_identity(&acc);
    for (int i = 255; i >= 0; i--) {
        vec25519_edwards25519_point_add(&acc, &acc, &acc);
        if ((s[i >> 3] >> (i & 7)) & 1) vec25519_edwards25519_point_add(&acc, &acc, P);
    }
    *r = acc;
}

/* 8ℓ + d for small signed d, as 32 bytes. */
static void eight_ell_plus(uint8_t out[32], int d)
{
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
        c += (unsigned)sc_ell[i] << 3;
        out[i] = (uint8_t)c;
        c >>= 8;
    }
    /* add d (|d| small): propagate through the bytes */
    int carry = d;
    for (int i = 0; i < 32 && carry != 0; i++) {
        int v = out[i] + carry;
        out[i] = (uint8_t)(v & 0xff);
        carry = (v - (v & 0xff)) / 256; /* -1 for a borrow */
    }
}

static void test_struct_decode(void)
{
    unsigned long acc = 0, bad = 0;
    for (int i = 0; i < 40; i++) {
        ept p;
        memset(&p, 0xaa, sizeof p);
        CHECK(vec25519_edwards25519_point_frombytes(&p, nonstrict[i]) == -1,
              "non-strict %d decoded", i);
        CHECK(is_all(&p, sizeof p, 0), "non-strict %d: struct not zeroed", i);
    }
    for (int i = 0; i < N_DIFF; i++) {
        uint8_t e[32], back[32];
        ept p;
        test_rng_bytes(e, 32);
        int ro = vec25519_edwards25519_point_frombytes(&p, e) == 0;
        if (ro) {
            vec25519_edwards25519_point_tobytes(back, &p);
            bad += memcmp(back, e, 32) != 0;
            acc++;
        }
#ifdef HAVE_SODIUM
        /* a random string is canonical (and not x = 0) with overwhelming
         * probability, so libsodium's relaxed decoder must agree */
        uint8_t t[32], B[32];
        ge_ext_tobytes(B, &ge_basepoint);
        bad += ro != (crypto_core_ed25519_add(t, e, B) == 0);
#endif
    }
    CHECK(bad == 0, "point_frombytes: %lu bad round trips or verdicts", bad);
    printf("point_frombytes: 40 non-strict strings rejected, %d random strings (%lu decoded, "
           "each re-encoding to itself)%s\n",
           N_DIFF, acc,
#ifdef HAVE_SODIUM
           ", verdicts equal to libsodium's decoder"
#else
           ""
#endif
    );
}

static void test_struct_ops(void)
{
    ept B, id, tp[8];
    uint8_t enc[32];
    static const uint8_t b_enc[32] = {0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                      0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                      0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                      0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};
    static const uint8_t id_enc[32] = {1};

    vec25519_edwards25519_point_base(&B);
    vec25519_edwards25519_point_identity(&id);
    vec25519_edwards25519_point_tobytes(enc, &B);
    CHECK_BYTES(enc, b_enc, 32, "encoding of B");
    vec25519_edwards25519_point_tobytes(enc, &id);
    CHECK_BYTES(enc, id_enc, 32, "encoding of the identity");
    for (int j = 0; j < 8; j++) ept_from_ge(&tp[j], &tors[j]);

    /* predicates on the torsion points and on B */
    for (int j = 0; j < 8; j++) {
        CHECK(vec25519_edwards25519_point_is_small_order(&tp[j]) == 1, "T%d not small order", j);
        CHECK(vec25519_edwards25519_point_is_torsion_free(&tp[j]) == (j == 0), "T%d torsion_free",
              j);
    }
    CHECK(vec25519_edwards25519_point_is_small_order(&B) == 0, "B small order");
    CHECK(vec25519_edwards25519_point_is_torsion_free(&B) == 1, "B not torsion free");

    /* special scalars for mul: the reduction mod 8ℓ and its negated branch */
    uint8_t special[12][32];
    int ns = 0;
    memset(special[ns++], 0, 32);                      /* 0 */
    memset(special[ns], 0, 32);
    special[ns++][0] = 1;                              /* 1 */
    memcpy(special[ns++], sc_ell, 32);                 /* ℓ */
    eight_ell_plus(special[ns++], -1);                 /* 8ℓ - 1 (≥ 2^255: negated branch) */
    eight_ell_plus(special[ns++], 0);                  /* 8ℓ */
    eight_ell_plus(special[ns++], 1);                  /* 8ℓ + 1 */
    memset(special[ns++], 0xff, 32);                   /* 2^256 - 1 */
    memset(special[ns], 0, 32);
    special[ns++][31] = 0x80;                          /* 2^255 */
    memset(special[ns], 0xff, 32);
    special[ns++][31] = 0x7f;                          /* 2^255 - 1 */
    memset(special[ns], 0, 32);                        /* 2^255 + 12345 in [2^255, 8ℓ) */
    special[ns][0] = 0x39;
    special[ns][1] = 0x30;
    special[ns++][31] = 0x80;
    eight_ell_plus(special[ns++], -1000);
    eight_ell_plus(special[ns++], 1000);

    for (int i = 0; i < 60; i++) {
        ept P, Q, R1, R2, T;
        uint8_t s[32], a[32], b[32];
        uint8_t e1[32];
        rand_scalar(s);
        vec25519_edwards25519_point_mul_base(&P, s);
        if (i % 2 == 1) vec25519_edwards25519_point_add(&P, &P, &tp[1 + test_rng_below(7)]);
        if (i % 10 == 4) P = tp[test_rng_below(8)];
        if (i < ns) {
            memcpy(s, special[i], 32);
        } else {
            test_rng_bytes(s, 32);
            if (i % 3 == 0) s[31] |= 0x80; /* bit 255 set */
        }
        vec25519_edwards25519_point_mul(&R1, s, &P);
        ref_mul(&R2, s, &P);
        CHECK(eqp(&R1, &R2), "mul exact, case %d", i);
        /* aliasing r = p */
        Q = P;
        vec25519_edwards25519_point_mul(&Q, s, &Q);
        CHECK(eqp(&Q, &R2), "mul aliasing, case %d", i);

        vec25519_edwards25519_point_mul_base(&R1, s);
        vec25519_edwards25519_point_mul(&R2, s, &B);
        CHECK(eqp(&R1, &R2), "mul_base = mul(B), case %d", i);

        test_rng_bytes(a, 32);
        test_rng_bytes(b, 32);
        vec25519_edwards25519_point_double_mul_base_vartime(&R1, a, &P, b);
        vec25519_edwards25519_point_mul(&R2, a, &P);
        vec25519_edwards25519_point_mul_base(&T, b);
        vec25519_edwards25519_point_add(&R2, &R2, &T);
        CHECK(eqp(&R1, &R2), "double_mul_base_vartime, case %d", i);

        /* group operations */
        vec25519_edwards25519_point_mul_by_cofactor(&R1, &P);
        memset(a, 0, 32);
        a[0] = 8;
        vec25519_edwards25519_point_mul(&R2, a, &P);
        CHECK(eqp(&R1, &R2), "mul_by_cofactor");
        vec25519_edwards25519_point_sub(&R1, &P, &P);
        CHECK(eqp(&R1, &id), "P - P");
        vec25519_edwards25519_point_neg(&R1, &P);
        vec25519_edwards25519_point_add(&R1, &R1, &P);
        CHECK(eqp(&R1, &id), "-P + P");
        vec25519_edwards25519_point_sub(&R1, &B, &P);
        vec25519_edwards25519_point_neg(&R2, &P);
        vec25519_edwards25519_point_add(&R2, &B, &R2);
        CHECK(eqp(&R1, &R2), "B - P = B + (-P)");
        Q = P;
        vec25519_edwards25519_point_sub(&Q, &Q, &Q);
        CHECK(eqp(&Q, &id), "sub aliasing");
        Q = P;
        vec25519_edwards25519_point_neg(&Q, &Q);
        vec25519_edwards25519_point_neg(&Q, &Q);
        CHECK(eqp(&Q, &P), "neg aliasing");
        CHECK(eqp(&P, &B) == 0 || i % 10 == 4, "random P = B");

        /* predicates */
        int tf = vec25519_edwards25519_point_is_torsion_free(&P);
        int so = vec25519_edwards25519_point_is_small_order(&P);
        vec25519_edwards25519_point_tobytes(e1, &P);
        int valid = vec25519_edwards25519_is_valid_point(e1);
        CHECK(valid == (tf && !so), "is_valid_point = torsion-free and not small order");
        if (i % 10 != 4) CHECK(tf == (i % 2 == 0) && so == 0, "predicates on case %d", i);
    }
    printf("struct API: encodings of B and the identity, torsion predicates, mul exact against "
           "double-and-add for 60 points and scalars (%d special ones around 2^255 and 8ℓ), "
           "mul_base, double_mul_base_vartime, cofactor, group laws, aliasing\n",
           ns);
}

/* ---- conversions ---------------------------------------------------------------------- */

/* u³ + 486662·u² + u is a square (u on curve25519, not on its twist). */
static int u_on_curve(const uint8_t ub[32])
{
    fe u, u2, u3, t, w, one, r;
    fe_loose l;
    fe_frombytes(&u, ub);
    fe_sq(&u2, &u);
    fe_mul(&u3, &u2, &u);
    fe_1(&one);
    fe_relax(&l, &u2);
    fe_mul_small(&t, &l, 486662);
    fe_add(&l, &u3, &t);
    fe_carry(&w, &l);
    fe_add(&l, &w, &u);
    fe_carry(&w, &l);
    return ct_to_int(fe_sqrt_ratio_i(&r, &w, &one));
}

/* u = (1 + y)/(1 - y) from an encoding (sign bit ignored). */
static void u_from_ed(uint8_t ub[32], const uint8_t e[32])
{
    fe y, u;
    fe_frombytes(&y, e);
    mont_u_from_y(&u, &y);
    fe_tobytes(ub, &u);
}

static void test_conversions(void)
{
    unsigned long accepted = 0, bad = 0;
    for (int i = 0; i < 2000; i++) {
        uint8_t seed[32], pk[32], sk[64], u[32], xsk[32], xpk[32], back[32];
        test_rng_bytes(seed, 32);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519_pk_to_x25519(u, pk) == 0, "pk_to_x25519 of a real key");
        vec25519_ed25519_sk_to_x25519(xsk, sk);
        CHECK(vec25519_x25519_base(xpk, xsk) == 0, "x25519_base");
        bad += memcmp(u, xpk, 32) != 0;
        memset(back, 0xaa, 32);
        CHECK(vec25519_x25519_to_ed25519(back, u, pk[31] >> 7) == 0, "x25519_to_ed25519 rc");
        bad += memcmp(back, pk, 32) != 0;
        /* the other sign gives -A */
        CHECK(vec25519_x25519_to_ed25519(back, u, (pk[31] >> 7) ^ 1) == 0, "other sign rc");
        pk[31] ^= 0x80;
        bad += memcmp(back, pk, 32) != 0;

        /* random u with a random sign */
        uint8_t ru[32], out[32];
        test_rng_bytes(ru, 32);
        ru[31] &= 0x7f; /* < 2^255; ≥ p with probability 2^-250 */
        int sign = (int)test_rng_below(2);
        memset(out, 0xaa, 32);
        int rc = vec25519_x25519_to_ed25519(out, ru, sign);
        bad += rc != (u_on_curve(ru) ? 0 : -1);
        if (rc == 0) {
            ept P;
            accepted++;
            bad += vec25519_edwards25519_point_frombytes(&P, out) != 0;
            bad += (out[31] >> 7) != sign;
            u_from_ed(back, out);
            bad += memcmp(back, ru, 32) != 0;
        } else {
            bad += !is_all(out, 32, 0);
        }
    }
    CHECK(bad == 0, "conversions: %lu failures", bad);
    CHECK(accepted > 500 && accepted < 1500, "x25519_to_ed25519 accepted %lu of 2000 random u",
          accepted);

    /* invalid inputs: -1 and zeroed output */
    static const uint8_t zero[32];
    uint8_t u[32], out[32];
    memset(u, 0xff, 32);
    u[0] = 0xec;
    u[31] = 0x7f; /* p - 1 = -1 */
    memset(out, 0xaa, 32);
    CHECK(vec25519_x25519_to_ed25519(out, u, 0) == -1 && is_all(out, 32, 0), "u = -1");
    for (int k = 0; k <= 18; k++) { /* u = p + k, not canonical */
        memset(u, 0xff, 32);
        u[0] = (uint8_t)(0xed + k);
        u[31] = 0x7f;
        memset(out, 0xaa, 32);
        CHECK(vec25519_x25519_to_ed25519(out, u, 0) == -1 && is_all(out, 32, 0), "u = p + %d", k);
    }
    uint8_t nine[32] = {9};
    nine[31] = 0x80; /* bit 255 set */
    memset(out, 0xaa, 32);
    CHECK(vec25519_x25519_to_ed25519(out, nine, 0) == -1 && is_all(out, 32, 0), "bit 255 set");
    nine[31] = 0;
    for (int s = -2; s <= 3; s++) {
        memset(out, 0xaa, 32);
        int rc = vec25519_x25519_to_ed25519(out, nine, s);
        CHECK(rc == ((s == 0 || s == 1) ? 0 : -1), "sign %d: rc %d", s, rc);
        if (rc != 0) CHECK(is_all(out, 32, 0), "sign %d: output not zeroed", s);
    }
    /* u = 9 is the base point: y = 4/5, B's sign is 0 */
    uint8_t Benc[32];
    ge_ext_tobytes(Benc, &ge_basepoint);
    CHECK(vec25519_x25519_to_ed25519(out, nine, 0) == 0, "u = 9");
    CHECK_BYTES(out, Benc, 32, "u = 9 maps to B");
    /* u = 0 ↦ (0, -1): sign 0 only */
    CHECK(vec25519_x25519_to_ed25519(out, zero, 0) == 0, "u = 0, sign 0");
    CHECK_BYTES(out, tors_enc[4], 32, "u = 0 maps to (0, -1)");
    memset(out, 0xaa, 32);
    CHECK(vec25519_x25519_to_ed25519(out, zero, 1) == -1 && is_all(out, 32, 0), "u = 0, sign 1");
    /* a u on the twist: 2 is a non-square... find one by search */
    for (uint8_t v = 2; v < 50; v++) {
        uint8_t tu[32] = {v};
        if (u_on_curve(tu)) continue;
        memset(out, 0xaa, 32);
        CHECK(vec25519_x25519_to_ed25519(out, tu, 0) == -1 && is_all(out, 32, 0),
              "twist u = %u", v);
        break;
    }
    printf("conversions: 2000 Ed25519 keys (pk_to_x25519 = X25519 public key of sk_to_x25519, "
           "x25519_to_ed25519 inverts it with either sign), 2000 random u (%lu on the curve, "
           "each mapped back), invalid u and sign rejected with zeroed output\n",
           accepted);
}

/* ---- invalid inputs, function by function ------------------------------------------- */

static void test_invalid(void)
{
    uint8_t o[32], B[32], n[32];
    const uint8_t *bad_points[4];
    static const uint8_t zero[32];
    ge_ext_tobytes(B, &ge_basepoint);
    rand_scalar(n);
    bad_points[0] = nonstrict[0];  /* y = p: non-canonical */
    bad_points[1] = tors_enc[1];   /* order 8 */
    bad_points[2] = tors_enc[0];   /* the identity */
    uint8_t offc[32];
    for (;;) { /* a y with no x */
        test_rng_bytes(offc, 32);
        ge_ext P;
        if (ge_ext_frombytes_relaxed(&P, offc) != 0) break;
    }
    bad_points[3] = offc;
    for (int k = 0; k < 4; k++) {
        memset(o, 0xaa, 32);
        CHECK(vec25519_edwards25519_scalarmult(o, n, bad_points[k]) == -1 && is_all(o, 32, 0),
              "scalarmult bad point %d", k);
        memset(o, 0xaa, 32);
        CHECK(vec25519_edwards25519_scalarmult_noclamp(o, n, bad_points[k]) == -1 &&
                  is_all(o, 32, 0),
              "scalarmult_noclamp bad point %d", k);
        CHECK(vec25519_edwards25519_is_valid_point(bad_points[k]) == 0, "valid bad point %d", k);
        memset(o, 0xaa, 32);
        CHECK(vec25519_ed25519_pk_to_x25519(o, bad_points[k]) == -1 && is_all(o, 32, 0),
              "pk_to_x25519 bad point %d", k);
    }
    /* a point with a torsion component (decodes, but not valid) */
    {
        ge_ext P;
        uint8_t e[32];
        ge_ext_add(&P, &ge_basepoint, &tors[2]);
        ge_ext_tobytes(e, &P);
        memset(o, 0xaa, 32);
        CHECK(vec25519_edwards25519_scalarmult(o, n, e) == -1 && is_all(o, 32, 0), "torsion point");
        CHECK(vec25519_edwards25519_add(o, e, B) == 0, "add accepts a torsion point");
    }
    for (int k = 0; k < 4; k += 3) { /* non-strict and off-curve: add/sub reject */
        memset(o, 0xaa, 32);
        CHECK(vec25519_edwards25519_add(o, bad_points[k], B) == -1 && is_all(o, 32, 0), "add %d",
              k);
        memset(o, 0xaa, 32);
        CHECK(vec25519_edwards25519_sub(o, B, bad_points[k]) == -1 && is_all(o, 32, 0), "sub %d",
              k);
    }
    /* scalars that give -1 */
    memset(o, 0xaa, 32);
    CHECK(vec25519_edwards25519_scalarmult_base(o, zero) == -1 && is_all(o, 32, 0),
          "base(0), clamped: libsodium's all-zero rule");
    memset(o, 0xaa, 32);
    CHECK(vec25519_edwards25519_scalarmult_base_noclamp(o, sc_ell) == -1 && is_all(o, 32, 0),
          "base_noclamp(ℓ)");
    memset(o, 0xaa, 32);
    CHECK(vec25519_edwards25519_scalarmult(o, zero, B) == -1 && is_all(o, 32, 0),
          "scalarmult(0, B)");
    memset(o, 0xaa, 32);
    CHECK(vec25519_edwards25519_scalarmult_noclamp(o, sc_ell, B) == -1 && is_all(o, 32, 0),
          "scalarmult_noclamp(ℓ, B)");
    memset(o, 0xaa, 32);
    CHECK(vec25519_edwards25519_scalar_invert(o, zero) == -1 && is_all(o, 32, 0), "invert(0)");
    memset(o, 0xaa, 32);
    CHECK(vec25519_edwards25519_scalar_invert(o, sc_ell) == -1 && is_all(o, 32, 0), "invert(ℓ)");
    /* aliasing: q = n and q = p */
    {
        uint8_t q[32], want[32];
        CHECK(vec25519_edwards25519_scalarmult_noclamp(want, n, B) == 0, "noclamp");
        memcpy(q, n, 32);
        CHECK(vec25519_edwards25519_scalarmult_noclamp(q, q, B) == 0, "alias q = n");
        CHECK_BYTES(q, want, 32, "scalarmult aliasing q = n");
        memcpy(q, B, 32);
        CHECK(vec25519_edwards25519_scalarmult_noclamp(q, n, q) == 0, "alias q = p");
        CHECK_BYTES(q, want, 32, "scalarmult aliasing q = p");
        memcpy(q, B, 32);
        CHECK(vec25519_edwards25519_add(q, q, q) == 0, "add alias");
        ge_ext D;
        ge_ext_dbl(&D, &ge_basepoint);
        ge_ext_tobytes(want, &D);
        CHECK_BYTES(q, want, 32, "add aliasing");
    }
    printf("invalid inputs: scalarmult(_noclamp), is_valid_point, pk_to_x25519, add, sub, "
           "scalarmult_base(_noclamp), scalar_invert: -1 and zeroed outputs; aliasing\n");
}

int main(void)
{
#ifdef HAVE_SODIUM
    if (!test_sodium_init()) return test_done();
#endif
    find_torsion();
    make_nonstrict();
#ifdef HAVE_SODIUM
    test_diff_add_sub();
    test_diff_valid_and_pk();
    test_diff_scalarmult();
    test_diff_sk_and_scalars();
#else
    printf("libsodium not found: differential tests skipped\n");
#endif
    test_struct_decode();
    test_struct_ops();
    test_conversions();
    test_invalid();
    return test_done();
}
