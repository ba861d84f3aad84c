/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the BMI2/ADX radix-2^64 field fe64 (src/backend/x86_64/fe64.h) and
 * of the X25519 ladder on it (src/backend/x86_64/ladder_fe64.c).
 *
 * References, none of them the code under test:
 *   - every fe64 operation against the serial field of src/field/fe.h (fe51,
 *     or fe2625 in a u32 build), compared as canonical bytes. A 256-bit fe64
 *     input is given to the serial field as (its low 255 bits) + 19·(bit 255),
 *     since 2^255 ≡ 19. Inputs: 10,000 random per operation (uniform 256-bit,
 *     below 2^255, limbs drawn from {0, 1, 2^63 - 1, 2^63, 2^64 - 2,
 *     2^64 - 1, random}, and near p, 2p, 2^255, 2^256), every pair of the edge
 *     values (0, 1, 19, 38, p - 1, p, p + 1, 2^255 - 1, 2^255, 2p, 2^256 - 38,
 *     2^256 - 1 = all limbs 2^64 - 1, ...), inputs built so that the second
 *     fold of each reduction carries (docs/x25519.md §2), aliasing, and long
 *     chains of operations; fe64_tobytes also against the bignum of
 *     tests/support/bn.c (canonical value mod p);
 *   - the paired powers of src/backend/x86_64/pow_fe64.c against fe_pow22523
 *     and fe_invert_fermat (serial field), on 2,000 random pairs, every pair
 *     of the edge values below (0, p, p - 1, 1, ... as canonical serial
 *     elements), the two inputs equal, and aliasing;
 *   - x25519_ladder_fe64 against vec25519_x25519, against a serial-field
 *     ladder written here in the plain RFC 7748 §5 form (two swaps per step,
 *     z2 = E·(BB + 121666·E)), and against libsodium when present, on 2,000
 *     random inputs (u with bit 255 set, u ≥ p); the RFC 7748 vectors
 *     (§5.2 single and iterated — 1,000,000 iterations only with
 *     VEC25519_SLOW=1 — and §6.1); the 518 Wycheproof cases, whose `shared`
 *     must come out exactly (all-zero included: the ladder does not reject).
 *
 * `test_fe64 --bench` prints rdtsc medians instead (docs/x25519.md §6): the
 * ladder against vec25519_x25519, libsodium and OpenSSL (EVP derive), the
 * field operations against fe51, and the cswap forms.
 *
 * Compiled with -mbmi2 -madx like the code under test (tests/fe64/ is not
 * part of the tests/test_*.c glob). Skips (exit 77) on a CPU without BMI2 and
 * ADX. Set VEC25519_TEST_SEED to replay a run.
 */
#include <stdlib.h>
#include <string.h>

#include "backend/x86_64/fe64.h"
#include "bn.h"
#include "field/fe.h"
#include "internal/cpu.h"
#include "test.h"
#include "timer.h"
#include "vec25519/x25519.h"
#include "backend/x86_64/ladder_fe64.h"
#include "backend/x86_64/pow_fe64.h"
#include "backend/ladder.h"

#ifdef HAVE_SODIUM
#include <sodium.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#define N_RANDOM 10000 /* random inputs per field operation */
#define N_LADDER 2000  /* random inputs for the ladder */

static bn P;

/* ---- conversions ------------------------------------------------------------- */

/* The 256-bit little-endian raw as fe64 limbs, bit 255 included. */
static void fe64_from_raw(fe64 *h, const uint8_t raw[32])
{
    for (int i = 0; i < 4; i++) h->v[i] = load64_le(raw + 8 * i);
}

/* The serial element of the 256-bit raw: low 255 bits + 19·bit 255. */
static void ser_from_raw(fe *h, const uint8_t raw[32])
{
    uint8_t low[32], nineteen[32] = {19};
    fe c;
    fe_loose s;
    memcpy(low, raw, 32);
    low[31] &= 0x7f;
    fe_frombytes(h, low);
    if (raw[31] & 0x80) {
        fe_frombytes(&c, nineteen);
        fe_add(&s, h, &c);
        fe_carry(h, &s);
    }
}

static void bn_pow2(bn *r, int k)
{
    bn_from_u64(r, 0);
    r->w[k / 32] = UINT32_C(1) << (k % 32);
}

/* r = a / d (quotient), d < 2^16. */
static void bn_div_small(bn *r, const bn *a, uint32_t d)
{
    uint64_t rem = 0;
    for (int i = BN_WORDS - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | a->w[i];
        r->w[i] = (uint32_t)(cur / d);
        rem = cur % d;
    }
}

static void raw_from_bn(uint8_t raw[32], const bn *a)
{
    bn_to_bytes(raw, 32, a);
}

/* Compares fe64 got with the serial want as canonical bytes; prints the inputs on failure. */
static int check_fe(const fe64 *got, const fe *want, const char *what, const uint8_t *in1,
                    const uint8_t *in2)
{
    uint8_t g[32], w[32];
    fe64_tobytes(g, got);
    fe_tobytes(w, want);
    test_checks++;
    if (memcmp(g, w, 32) == 0) return 1;
    test_fail(__FILE__, __LINE__, "fe64_%s differs from the serial field", what);
    if (in1) hex_print(stderr, "  f", in1, 32);
    if (in2) hex_print(stderr, "  g", in2, 32);
    hex_print(stderr, "  got ", g, 32);
    hex_print(stderr, "  want", w, 32);
    return 0;
}

/* ---- inputs ----------------------------------------------------------------- */

#define N_EDGE 40
static uint8_t edge[N_EDGE][32];
static int n_edge;

static void edge_add_bn(const bn *a)
{
    raw_from_bn(edge[n_edge++], a);
}

static void make_edges(void)
{
    bn a, t, two255, two256, twop;
    static const uint64_t small[] = {0, 1, 2, 18, 19, 37, 38, 39, 121665, UINT64_MAX};
    bn_pow2(&two255, 255);
    bn_pow2(&two256, 256);
    bn_add(&twop, &P, &P);
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        bn_from_u64(&a, small[i]);
        edge_add_bn(&a);
    }
    /* p - 1, p, p + 1, p + 18 = 2^255 - 1, p + 19 = 2^255, 2^255 + 18, 2^255 + 19 */
    static const int64_t near_p[] = {-1, 0, 1, 18, 19, 37, 38};
    for (size_t i = 0; i < sizeof near_p / sizeof near_p[0]; i++) {
        bn_from_u64(&t, (uint64_t)(near_p[i] < 0 ? -near_p[i] : near_p[i]));
        if (near_p[i] < 0)
            bn_sub(&a, &P, &t);
        else
            bn_add(&a, &P, &t);
        edge_add_bn(&a);
    }
    /* 2p - 1, 2p, 2p + 1 */
    for (int d = -1; d <= 1; d++) {
        bn_from_u64(&t, 1);
        if (d < 0)
            bn_sub(&a, &twop, &t);
        else if (d > 0)
            bn_add(&a, &twop, &t);
        else
            a = twop;
        edge_add_bn(&a);
    }
    /* 2^256 - 1 (all limbs 2^64 - 1), - 19, - 37, - 38, - 39, - 76 */
    static const uint64_t below256[] = {1, 19, 37, 38, 39, 76};
    for (size_t i = 0; i < sizeof below256 / sizeof below256[0]; i++) {
        bn_from_u64(&t, below256[i]);
        bn_sub(&a, &two256, &t);
        edge_add_bn(&a);
    }
    /* one-limb shapes: 2^64, 2^128 - 1, 2^192, 2^254 */
    bn_pow2(&a, 64);
    edge_add_bn(&a);
    bn_pow2(&a, 128);
    bn_from_u64(&t, 1);
    bn_sub(&a, &a, &t);
    edge_add_bn(&a);
    bn_pow2(&a, 192);
    edge_add_bn(&a);
    bn_pow2(&a, 254);
    edge_add_bn(&a);
    /* 2^255 + 2^254 and random values in [2^255 - 19, 2^256) */
    bn_pow2(&t, 254);
    bn_add(&a, &two255, &t);
    edge_add_bn(&a);
    while (n_edge < N_EDGE) {
        uint8_t r[32];
        test_rng_bytes(r, 32);
        r[31] |= 0x80;
        memcpy(edge[n_edge++], r, 32);
    }
}

/* A random 256-bit input of shape kind % 5 (see the file header). */
static void gen_raw(uint8_t raw[32], unsigned kind)
{
    static const uint64_t limbs[] = {0, 1, UINT64_C(0x7fffffffffffffff), UINT64_C(0x8000000000000000),
                                     UINT64_MAX - 1, UINT64_MAX};
    switch (kind % 5) {
    case 0: /* uniform 256-bit */
        test_rng_bytes(raw, 32);
        break;
    case 1: /* uniform below 2^255 */
        test_rng_bytes(raw, 32);
        raw[31] &= 0x7f;
        break;
    case 2: /* limbs from a set of carry-provoking values, or random */
        for (int i = 0; i < 4; i++) {
            uint64_t j = test_rng_below(7);
            store64_le(raw + 8 * i, j < 6 ? limbs[j] : test_rng_u64());
        }
        break;
    case 3: { /* near p, 2p, 2^255 or 2^256 (below 2^256) */
        bn a, t, base;
        uint64_t which = test_rng_below(4), d = test_rng_below(80);
        if (which == 0)
            base = P;
        else if (which == 1)
            bn_add(&base, &P, &P);
        else
            bn_pow2(&base, which == 2 ? 255 : 256);
        bn_from_u64(&t, d);
        if (which == 3 || test_rng_below(2))
            bn_sub(&a, &base, &t);
        else
            bn_add(&a, &base, &t);
        raw_from_bn(raw, &a);
        break;
    }
    default: /* an edge value */
        memcpy(raw, edge[test_rng_below((uint64_t)n_edge)], 32);
        break;
    }
}

/* ---- field tests ------------------------------------------------------------ */

/* All binary operations on (fa, fb), fe64 against serial, plus aliasing. */
static void check_binary(const uint8_t fa[32], const uint8_t fb[32])
{
    fe64 a, b, h, x, y;
    fe sa, sb, sh;
    fe_loose l;
    fe64_from_raw(&a, fa);
    fe64_from_raw(&b, fb);
    ser_from_raw(&sa, fa);
    ser_from_raw(&sb, fb);

    fe64_add(&h, &a, &b);
    fe_add(&l, &sa, &sb);
    fe_carry(&sh, &l);
    check_fe(&h, &sh, "add", fa, fb);

    fe64_sub(&h, &a, &b);
    fe_sub(&l, &sa, &sb);
    fe_carry(&sh, &l);
    check_fe(&h, &sh, "sub", fa, fb);

    fe64_mul(&h, &a, &b);
    fe_mul(&sh, &sa, &sb);
    check_fe(&h, &sh, "mul", fa, fb);

    fe64_mul_a24_add(&h, &a, &b);
    fe_relax(&l, &sa);
    fe_mul_small(&sh, &l, FE64_A24);
    fe_add(&l, &sh, &sb);
    fe_carry(&sh, &l);
    check_fe(&h, &sh, "mul_a24_add", fa, fb);

    /* cswap: mask 0 leaves both, all-ones swaps both (limb for limb) */
    x = a;
    y = b;
    fe64_cswap(&x, &y, ct_from_bit(0));
    CHECK(memcmp(&x, &a, sizeof x) == 0 && memcmp(&y, &b, sizeof y) == 0, "cswap(0) changed");
    fe64_cswap(&x, &y, ct_from_bit(1));
    CHECK(memcmp(&x, &b, sizeof x) == 0 && memcmp(&y, &a, sizeof y) == 0, "cswap(1) did not swap");
}

/* All unary operations on fa, fe64 against serial (and tobytes against bn). */
static void check_unary(const uint8_t fa[32])
{
    fe64 a, h;
    fe sa, sh;
    uint8_t got[32], want[32];
    bn x;

    fe64_from_raw(&a, fa);
    ser_from_raw(&sa, fa);

    fe64_sq(&h, &a);
    fe_sq(&sh, &sa);
    check_fe(&h, &sh, "sq", fa, NULL);

    fe64_mul(&h, &a, &a);
    check_fe(&h, &sh, "mul (f·f)", fa, NULL);

    /* tobytes: the canonical value mod p, computed with bn */
    fe64_tobytes(got, &a);
    bn_from_bytes(&x, fa, 32);
    bn_mod(&x, &x, &P);
    raw_from_bn(want, &x);
    if (!CHECK_BYTES(got, want, 32, "fe64_tobytes (canonical, against bn)")) hex_print(stderr, "  f", fa, 32);

    /* frombytes ignores bit 255, like the serial frombytes */
    fe64_frombytes(&h, fa);
    CHECK((h.v[3] >> 63) == 0, "frombytes kept bit 255");
    fe_frombytes(&sh, fa);
    check_fe(&h, &sh, "frombytes", fa, NULL);
}

static void test_field_random(void)
{
    for (unsigned i = 0; i < N_RANDOM; i++) {
        uint8_t fa[32], fb[32];
        gen_raw(fa, i);
        gen_raw(fb, i / 5);
        check_binary(fa, fb);
        check_unary(fa);
    }
    printf("fe64: %d random inputs through add, sub, mul, sq, cswap, tobytes, frombytes; "
           "%d through invert\n", N_RANDOM, N_RANDOM / 10);
}

static void test_field_edges(void)
{
    for (int i = 0; i < n_edge; i++) {
        check_unary(edge[i]);
        for (int j = 0; j < n_edge; j++) check_binary(edge[i], edge[j]);
    }
    printf("fe64: %d edge values, every pair through the binary operations\n", n_edge);
}

/*
 * Inputs whose reduction takes the second fold (docs/x25519.md §2):
 *   mul: f = 2m + 1, g = 2^255 gives the 512-bit product m·2^256 + 2^255, so
 *        S = 2^255 + 38m after the first fold; choosing S in
 *        [(k+1)·2^256 − 38k, (k+1)·2^256) with S ≡ 2^255 (mod 38) makes the
 *        fifth limb k and the addition of 38k carry out (k = 1..18);
 *   mul_a24_add: f = ⌊(q+1)·2^256/121665⌋ makes 121665·f fall within 121665
 *        below (q+1)·2^256 with top limb q (38q > 121665 for q ≥ 3202); plus
 *        g = ε − 1, where a24·f = (q+1)·2^256 − ε,
 *        it gives (q+1)·2^256 − 1, and plus g = 2^256 − 1 it gives
 *        (q+2)·2^256 − ε − 1 (fifth limb q + 1), both within 38q below;
 *   sq:  (2^256 − 1)² has fifth limb 37 after the first fold and low part
 *        2^256 − 75, which carries (an edge value above; checked again here).
 */
static void test_field_second_fold(void)
{
    bn two255, two256, s, t, m, f;
    uint8_t fa[32], fb[32];
    int n = 0;
    bn_pow2(&two255, 255);
    bn_pow2(&two256, 256);
    raw_from_bn(fb, &two255);
    for (uint32_t k = 1; k <= 18; k++) {
        bn top;
        bn_from_u64(&t, k + 1);
        bn_mul(&top, &t, &two256); /* (k+1)·2^256 */
        for (uint32_t d = 1; d <= 38 * k; d++) {
            bn_from_u64(&t, d);
            bn_sub(&s, &top, &t);
            bn_sub(&t, &s, &two255);
            bn_div_small(&m, &t, 38);
            bn_from_u64(&f, 38);
            bn_mul(&f, &f, &m);
            if (bn_cmp(&f, &t) != 0) continue; /* S ≢ 2^255 (mod 38) */
            bn_add(&f, &m, &m);
            bn_from_u64(&t, 1);
            bn_add(&f, &f, &t);
            raw_from_bn(fa, &f);
            check_binary(fa, fb);
            check_binary(fb, fa);
            n++;
        }
    }
    CHECK(n >= 18, "second-fold mul inputs: only %d found", n);
    for (uint32_t q = 3202; q < 121664; q += 997) {
        bn_from_u64(&t, q + 1);
        bn_mul(&t, &t, &two256);
        bn_div_small(&f, &t, 121665);
        raw_from_bn(fa, &f);
        check_unary(fa);
        n++;
        /* a24·f = (q+1)·2^256 − ε, 0 < ε ≤ 121665; g = ε − 1 and g = 2^256 − 1 put
         * a24·f + g at (q+1)·2^256 − 1 and (q+2)·2^256 − ε − 1: both carry */
        bn_from_u64(&s, 121665);
        bn_mul(&s, &s, &f);
        bn_sub(&m, &t, &s);   /* ε */
        bn_from_u64(&s, 1);
        bn_sub(&m, &m, &s);   /* ε − 1 */
        raw_from_bn(fb, &m);
        check_binary(fa, fb);
        memset(fb, 0xff, 32);
        check_binary(fa, fb);
        n += 2;
    }
    memset(fa, 0xff, 32);
    check_unary(fa);
    printf("fe64: %d inputs whose reduction carries out of the second fold\n", n + 1);
}

/* Outputs aliasing inputs. */
static void test_field_aliasing(void)
{
    for (unsigned i = 0; i < 1000; i++) {
        uint8_t fa[32], fb[32];
        fe64 a, b, h, x;
        gen_raw(fa, i);
        gen_raw(fb, i + 2);
        fe64_from_raw(&a, fa);
        fe64_from_raw(&b, fb);

#define ALIAS_BIN(op)                                                       \
    do {                                                                    \
        op(&h, &a, &b);                                                     \
        x = a;                                                              \
        op(&x, &x, &b);                                                     \
        CHECK(memcmp(&x, &h, sizeof h) == 0, #op "(f, f, g) differs");      \
        x = b;                                                              \
        op(&x, &a, &x);                                                     \
        CHECK(memcmp(&x, &h, sizeof h) == 0, #op "(g, f, g) differs");      \
        op(&h, &a, &a);                                                     \
        x = a;                                                              \
        op(&x, &x, &x);                                                     \
        CHECK(memcmp(&x, &h, sizeof h) == 0, #op "(f, f, f) differs");      \
    } while (0)
        ALIAS_BIN(fe64_add);
        ALIAS_BIN(fe64_sub);
        ALIAS_BIN(fe64_mul);
        ALIAS_BIN(fe64_mul_a24_add);
#undef ALIAS_BIN

        fe64_sq(&h, &a);
        x = a;
        fe64_sq(&x, &x);
        CHECK(memcmp(&x, &h, sizeof h) == 0, "sq in place differs");
    }
    printf("fe64: aliasing of outputs with inputs, 1000 inputs\n");
}

/* Long chains: every output feeds the next operations, fe64 and serial side by side. */
static void test_field_chains(void)
{
    for (int run = 0; run < 20; run++) {
        uint8_t fa[32], fb[32];
        fe64 x, y, t, zero = {{0}};
        fe sx, sy, st;
        fe_loose l;
        gen_raw(fa, (unsigned)run);
        gen_raw(fb, (unsigned)run + 1);
        fe64_from_raw(&x, fa);
        fe64_from_raw(&y, fb);
        ser_from_raw(&sx, fa);
        ser_from_raw(&sy, fb);
        int ok = 1;
        for (int i = 0; i < 2000 && ok; i++) {
            fe64_mul(&t, &x, &y); /* t = x·y */
            fe_mul(&st, &sx, &sy);
            fe64_sq(&y, &y);      /* y = y² + t */
            fe_sq(&sy, &sy);
            fe64_add(&y, &y, &t);
            fe_add(&l, &sy, &st);
            fe_carry(&sy, &l);
            fe64_sub(&x, &t, &x); /* x = t − x − a24·y */
            fe_sub(&l, &st, &sx);
            fe_carry(&sx, &l);
            fe64_mul_a24_add(&t, &y, &zero); /* a24·y */
            fe_relax(&l, &sy);
            fe_mul_small(&st, &l, FE64_A24);
            fe64_sub(&x, &x, &t);
            fe_sub(&l, &sx, &st);
            fe_carry(&sx, &l);
            if (i % 100 == 99) ok = check_fe(&x, &sx, "chain (x)", fa, fb) & check_fe(&y, &sy, "chain (y)", fa, fb);
        }
    }
    printf("fe64: 20 chains of 2000 steps (mul, sq, add, sub, mul_a24_add)\n");
}

/* ---- paired powers (pow_fe64.c) -------------------------------------------- */

/* 1 if f and g differ mod p */
static int fe_differ(const fe *f, const fe *g)
{
    uint8_t x[32], y[32];
    fe_tobytes(x, f);
    fe_tobytes(y, g);
    return memcmp(x, y, 32) != 0;
}

/* fe64_pow22523_2 and fe64_pow22523_invert on (a, b) against the serial
 * powers, separate outputs and aliased; 0 if every output matches. */
static int check_pow_pair(const uint8_t ra[32], const uint8_t rb[32])
{
    fe in[2], got[2], want[3], alias[2], g0, g1;
    int bad = 0;

    ser_from_raw(&in[0], ra);
    ser_from_raw(&in[1], rb);
    fe_pow22523(&want[0], &in[0]);
    fe_pow22523(&want[1], &in[1]);
    fe_invert_fermat(&want[2], &in[1]);

    fe64_pow22523_2(got, in);
    alias[0] = in[0];
    alias[1] = in[1];
    fe64_pow22523_2(alias, alias);
    for (int i = 0; i < 2; i++) bad |= fe_differ(&got[i], &want[i]) | fe_differ(&alias[i], &want[i]);

    fe64_pow22523_invert(&g0, &in[0], &g1, &in[1]);
    bad |= fe_differ(&g0, &want[0]) | fe_differ(&g1, &want[2]);
    g0 = in[0];
    g1 = in[1];
    fe64_pow22523_invert(&g0, &g0, &g1, &g1);
    bad |= fe_differ(&g0, &want[0]) | fe_differ(&g1, &want[2]);
    if (bad) {
        hex_print(stderr, "  a", ra, 32);
        hex_print(stderr, "  b", rb, 32);
    }
    return bad;
}

static void test_pow_pairs(void)
{
    unsigned long n = 0, bad = 0;
    uint8_t ra[32], rb[32];

    for (int i = 0; i < n_edge; i++)
        for (int j = 0; j < n_edge; j++, n++) bad += check_pow_pair(edge[i], edge[j]);
    for (int i = 0; i < 2000; i++, n++) {
        gen_raw(ra, (unsigned)i);
        gen_raw(rb, (unsigned)i / 7);
        bad += check_pow_pair(ra, i % 5 ? rb : ra);
    }
    CHECK(bad == 0, "pow_fe64: %lu of %lu pairs differ from the serial powers", bad, n);
    printf("pow_fe64: %lu pairs (%d × %d edge values, 2,000 random) against fe_pow22523 and "
           "fe_invert_fermat, aliasing included; %lu mismatches\n", n, n_edge, n_edge, bad);
}

/* ---- the ladder ------------------------------------------------------------- */

/*
 * X25519 on the serial field in the plain RFC 7748 §5 form: a swap before and
 * after every step (not deferred) and z2 = E·(BB + 121666·E). Test reference.
 */
static void ref_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    uint8_t k[32];
    fe x1, x2, z2, x3, z3, aa, bb, da, cb, t;
    fe_loose a, b, c, d, e, s;

    memcpy(k, scalar, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
    fe_frombytes(&x1, point);
    fe_1(&x2);
    fe_0(&z2);
    fe_copy(&x3, &x1);
    fe_1(&z3);
    for (int i = 254; i >= 0; i--) {
        ct_mask m = ct_from_bit((uint64_t)(k[i >> 3] >> (i & 7)) & 1);
        fe_cswap(&x2, &x3, m);
        fe_cswap(&z2, &z3, m);
        fe_add(&a, &x2, &z2);
        fe_sub(&b, &x2, &z2);
        fe_add(&c, &x3, &z3);
        fe_sub(&d, &x3, &z3);
        fe_sq_l(&aa, &a);
        fe_sq_l(&bb, &b);
        fe_mul_ll(&da, &d, &a);
        fe_mul_ll(&cb, &c, &b);
        fe_sub(&e, &aa, &bb);
        fe_add(&s, &da, &cb);
        fe_sq_l(&x3, &s);
        fe_sub(&s, &da, &cb);
        fe_sq_l(&t, &s);
        fe_mul(&z3, &x1, &t);
        fe_mul(&x2, &aa, &bb);
        fe_mul_small(&t, &e, 121666);
        fe_add(&s, &bb, &t);
        fe_mul_ll(&z2, &e, &s);
        fe_cswap(&x2, &x3, m);
        fe_cswap(&z2, &z3, m);
    }
    fe_invert(&t, &z2);
    fe_mul(&x2, &x2, &t);
    fe_tobytes(out, &x2);
}

static void test_ladder_random(void)
{
    static const uint8_t zero[32] = {0};
    unsigned long bad = 0, n_sodium = 0, n_ge_p = 0;
    for (int i = 0; i < N_LADDER; i++) {
        uint8_t s[32], u[32], got[32], want[32], lib[32];
        test_rng_bytes(s, 32);
        test_rng_bytes(u, 32);
        if (i % 8 == 1) { /* u ≥ p: p + small, bit 255 random */
            memset(u, 0xff, 32);
            u[0] = (uint8_t)(0xed + test_rng_below(19));
            u[31] = (uint8_t)(0x7f | (test_rng_below(2) << 7));
            n_ge_p++;
        }
        x25519_ladder_fe64(got, s, u);
        ref_x25519(want, s, u);
        int rc = vec25519_x25519(lib, s, u);
        int ok = memcmp(got, want, 32) == 0 && memcmp(got, lib, 32) == 0 &&
                 (rc == 0) == (memcmp(got, zero, 32) != 0);
        CHECK(ok, "ladder_fe64 differs from the serial reference or vec25519_x25519 (sample %d)", i);
#ifdef HAVE_SODIUM
        uint8_t so[32];
        if (crypto_scalarmult_curve25519(so, s, u) == 0) {
            CHECK(memcmp(got, so, 32) == 0, "ladder_fe64 differs from libsodium (sample %d)", i);
            ok &= memcmp(got, so, 32) == 0;
            n_sodium++;
        }
#endif
        if (!ok) {
            bad++;
            hex_print(stderr, "  scalar", s, 32);
            hex_print(stderr, "  u     ", u, 32);
        }
    }
    printf("ladder_fe64: %d random inputs (%lu with u ≥ p) against the serial reference and "
           "vec25519_x25519, %lu against libsodium; %lu mismatches\n",
           N_LADDER, n_ge_p, n_sodium, bad);
}

static void test_ladder_aliasing(void)
{
    for (int i = 0; i < 50; i++) {
        uint8_t s[32], u[32], want[32], buf[32];
        test_rng_bytes(s, 32);
        test_rng_bytes(u, 32);
        x25519_ladder_fe64(want, s, u);
        memcpy(buf, s, 32);
        x25519_ladder_fe64(buf, buf, u);
        CHECK(memcmp(buf, want, 32) == 0, "ladder_fe64: out aliasing scalar differs");
        memcpy(buf, u, 32);
        x25519_ladder_fe64(buf, s, buf);
        CHECK(memcmp(buf, want, 32) == 0, "ladder_fe64: out aliasing point differs");
    }
}

/* The ladder as a vec_x25519_fn (it returns nothing: an all-zero output is
 * left to the caller). */
static int ladder_fe64_rc(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    x25519_ladder_fe64(out, k, u);
    return 0;
}

static void test_ladder_rfc7748(void)
{
    vec_x25519_rfc7748(ladder_fe64_rc, NULL, "ladder_fe64");
}

static void wycheproof_case(const void *arg, const char *tc, const char *result,
                            const uint8_t priv[32], const uint8_t pub[32], const uint8_t want[32])
{
    uint8_t got[32];
    (void)arg;
    (void)result;
    memset(got, 0xa5, 32);
    x25519_ladder_fe64(got, priv, pub);
    if (!CHECK_BYTES(got, want, 32, "wycheproof shared")) fprintf(stderr, "  tcId %s\n", tc);
}

static void test_ladder_wycheproof(void)
{
    int n = vec_wycheproof_x25519(wycheproof_case, NULL);
    if (n < 0) return;
    CHECK(n == 518, "expected 518 wycheproof cases, read %d", n);
    printf("ladder_fe64: %d wycheproof cases, output equal to `shared` (zeros included)\n", n);
}

/* ---- benchmark (--bench) ---------------------------------------------------- */

/* Each group of functions is timed interleaved (timer_medians, the shared
 * timer of tests/support/timer.h): the median of BENCH_RUNS samples minus the
 * median of an empty function. TSC cycles tick at the nominal frequency. */
#define BENCH_RUNS 2001
#define BENCH_MAX TIMER_MAX_FNS


static uint8_t b_scalar[32], b_point[32], b_out[32];
static fe64 b_x[8], b_y[8];
static fe b_sx[8], b_sy;
static ct_mask b_mask;

static void b_ladder_fe64(void) { x25519_ladder_fe64(b_out, b_scalar, b_point); }
static void b_vec25519(void)
{
    if (vec25519_x25519(b_out, b_scalar, b_point) != 0) b_out[0] ^= 1;
}
#ifdef HAVE_SODIUM
static void b_sodium(void)
{
    if (crypto_scalarmult_curve25519(b_out, b_scalar, b_point) != 0) b_out[0] ^= 1;
}
#endif
#ifdef HAVE_OPENSSL
static EVP_PKEY_CTX *b_ossl_ctx;
static EVP_PKEY *b_ossl_priv, *b_ossl_peer;
static void b_openssl(void)
{
    size_t len = 32;
    if (EVP_PKEY_derive(b_ossl_ctx, b_out, &len) <= 0 || len != 32) b_out[0] ^= 1;
}
static void b_openssl_full(void)
{
    size_t len = 32;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(b_ossl_priv, NULL);
    if (!ctx || EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_derive_set_peer(ctx, b_ossl_peer) <= 0 ||
        EVP_PKEY_derive(ctx, b_out, &len) <= 0)
        b_out[0] ^= 1;
    EVP_PKEY_CTX_free(ctx);
}
#endif

/* Field operations: CHAIN dependent calls (latency) or CHAIN/8 rounds of 8
 * independent calls (throughput) per sample, reported per call. */
#define CHAIN 96
/* b_<name>: CHAIN dependent calls of `call` on lane j = 0. (name is pasted,
 * never expanded: fe_mul may be a macro.) */
#define B_CHAIN(name, call)                                                              \
    static void b_##name(void)                                                           \
    {                                                                                    \
        const int j = 0;                                                                 \
        for (int i = 0; i < CHAIN; i++) call;                                            \
    }
/* b_<name> as above, and b_<name>8: CHAIN/8 rounds of `call` on lanes j = 0..7. */
#define B_CHAIN8(name, call)                                                             \
    static void b_##name(void)                                                           \
    {                                                                                    \
        const int j = 0;                                                                 \
        for (int i = 0; i < CHAIN; i++) call;                                            \
    }                                                                                    \
    static void b_##name##8(void)                                                        \
    {                                                                                    \
        for (int i = 0; i < CHAIN / 8; i++)                                              \
            for (int j = 0; j < 8; j++) call;                                            \
    }
B_CHAIN8(fe64_mul, fe64_mul(&b_x[j], &b_x[j], &b_y[j]))
B_CHAIN8(fe64_sq, fe64_sq(&b_x[j], &b_x[j]))
B_CHAIN8(fe_mul, fe_mul(&b_sx[j], &b_sx[j], &b_sy))
B_CHAIN8(fe_sq, fe_sq(&b_sx[j], &b_sx[j]))
B_CHAIN(fe64_add, fe64_add(&b_x[j], &b_x[j], &b_y[j]))
B_CHAIN(fe64_sub, fe64_sub(&b_x[j], &b_x[j], &b_y[j]))
B_CHAIN(fe64_a24_add, fe64_mul_a24_add(&b_x[j], &b_x[j], &b_y[j]))
static void b_fe_invert(void) { fe_invert(&b_sx[0], &b_sx[0]); }
static void b_fe_invert_fermat(void) { fe_invert_fermat(&b_sx[0], &b_sx[0]); }
static void b_pow_serial2(void)
{
    fe_pow22523(&b_sx[0], &b_sx[0]);
    fe_pow22523(&b_sx[1], &b_sx[1]);
}
static void b_pow_fe64_2(void) { fe64_pow22523_2(b_sx, b_sx); }
static void b_pow_inv_serial(void)
{
    fe_pow22523(&b_sx[0], &b_sx[0]);
    fe_invert(&b_sx[1], &b_sx[1]);
}
static void b_pow_inv_fe64(void) { fe64_pow22523_invert(&b_sx[0], &b_sx[0], &b_sx[1], &b_sx[1]); }

/*
 * The cswap forms, each swapping the ladder's two points (x2, z2) and
 * (x3, z3) under one mask, CHAIN times per sample. In isolation the data
 * was last written by the same form, so store forwarding never fails here;
 * in the ladder it does for the vector forms (docs/x25519.md §5).
 */
/* b_cswap_<name>: CHAIN rounds of two swaps with fn. */
#define B_CSWAP(name, fn, attr)                                                          \
    attr static void b_cswap_##name(void)                                                \
    {                                                                                    \
        for (int i = 0; i < CHAIN; i++) {                                                \
            fn(&b_x[0], &b_y[0], b_mask);                                                \
            fn(&b_x[1], &b_y[1], b_mask);                                                \
        }                                                                                \
    }

/* 1. scalar masks in general-purpose registers: the library's fe64_cswap */
B_CSWAP(lib, fe64_cswap, )

/* 2. the same masks in C (the compiler may vectorise the loop) */
static void cswap_c(fe64 *f, fe64 *g, ct_mask m)
{
    for (int i = 0; i < 4; i++) {
        uint64_t t = m.m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= t;
        g->v[i] ^= t;
    }
}
B_CSWAP(c, cswap_c, )

/* 3. CMOV on the flags of TEST mask, mask (the old Go amd64 form) */
static void cswap_cmov(fe64 *f, fe64 *g, ct_mask m)
{
    for (int i = 0; i < 4; i++) {
        uint64_t a = f->v[i], b = g->v[i], t;
        __asm__("testq %[m], %[m]\n\t"
                "movq %[a], %[t]\n\t"
                "cmovnzq %[b], %[a]\n\t"
                "cmovnzq %[t], %[b]"
                : [a] "+r"(a), [b] "+r"(b), [t] "=&r"(t)
                : [m] "r"(m.m)
                : "cc");
        f->v[i] = a;
        g->v[i] = b;
    }
}
B_CSWAP(cmov, cswap_cmov, )

/* 4. SSE2 masks (the new Go amd64 form): 16-byte vectors (GNU C vector extension) */
typedef uint64_t u64x2 __attribute__((vector_size(16)));
static void cswap_sse2(fe64 *f, fe64 *g, ct_mask m)
{
    u64x2 mv = {m.m, m.m};
    for (int i = 0; i < 4; i += 2) {
        u64x2 a, b, t;
        memcpy(&a, f->v + i, 16);
        memcpy(&b, g->v + i, 16);
        t = mv & (a ^ b);
        a ^= t;
        b ^= t;
        memcpy(f->v + i, &a, 16);
        memcpy(g->v + i, &b, 16);
    }
}
B_CSWAP(sse2, cswap_sse2, )

/* 5. AVX2 masks: one 32-byte vector per element (run only if the CPU has AVX2) */
typedef uint64_t u64x4 __attribute__((vector_size(32)));
__attribute__((target("avx2"))) static void cswap_avx2(fe64 *f, fe64 *g, ct_mask m)
{
    u64x4 mv = {m.m, m.m, m.m, m.m}, a, b, t;
    memcpy(&a, f->v, 32);
    memcpy(&b, g->v, 32);
    t = mv & (a ^ b);
    a ^= t;
    b ^= t;
    memcpy(f->v, &a, 32);
    memcpy(g->v, &b, 32);
}
B_CSWAP(avx2, cswap_avx2, __attribute__((target("avx2"))))

static void bench(void)
{
    uint64_t med[BENCH_MAX];
    uint8_t r[32];

    test_rng_bytes(b_scalar, 32);
    test_rng_bytes(b_point, 32);
    for (int j = 0; j < 8; j++) {
        test_rng_bytes(r, 32);
        fe64_from_raw(&b_x[j], r);
        ser_from_raw(&b_sx[j], r);
        test_rng_bytes(r, 32);
        fe64_from_raw(&b_y[j], r);
        if (j == 0) ser_from_raw(&b_sy, r);
    }
    printf("rdtsc, median of %d interleaved samples (TSC cycles; empty sample = %llu, "
           "subtracted)\n", BENCH_RUNS, (unsigned long long)timer_overhead());

    /* X25519 */
    timer_fn xf[BENCH_MAX];
    const char *xn[BENCH_MAX];
    int nx = 0;
    xf[nx] = b_ladder_fe64, xn[nx++] = "x25519_ladder_fe64 (this)";
    xf[nx] = b_vec25519, xn[nx++] = "vec25519_x25519 (" FE_BACKEND_NAME " unless dispatched)";
#ifdef HAVE_SODIUM
    if (sodium_init() >= 0) xf[nx] = b_sodium, xn[nx++] = "libsodium crypto_scalarmult_curve25519";
#endif
#ifdef HAVE_OPENSSL
    b_ossl_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, b_scalar, 32);
    b_ossl_peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, b_point, 32);
    b_ossl_ctx = b_ossl_priv ? EVP_PKEY_CTX_new(b_ossl_priv, NULL) : NULL;
    if (b_ossl_ctx && EVP_PKEY_derive_init(b_ossl_ctx) > 0 &&
        EVP_PKEY_derive_set_peer(b_ossl_ctx, b_ossl_peer) > 0) {
        xf[nx] = b_openssl, xn[nx++] = "OpenSSL EVP_PKEY_derive";
        xf[nx] = b_openssl_full, xn[nx++] = "OpenSSL CTX_new + derive_init + set_peer + derive";
    }
#endif
    timer_medians(xf, nx, BENCH_RUNS, med);
    printf("X25519, one call (random scalar and u):\n");
    for (int f = 0; f < nx; f++)
        printf("  %-52s %8llu  (%.2f × this)\n", xn[f], (unsigned long long)med[f],
               (double)med[f] / (double)med[0]);
#ifdef HAVE_SODIUM
    printf("  libsodium %s", sodium_version_string());
#endif
#ifdef HAVE_OPENSSL
    printf(", %s", OpenSSL_version(OPENSSL_VERSION));
    EVP_PKEY_CTX_free(b_ossl_ctx);
    EVP_PKEY_free(b_ossl_priv);
    EVP_PKEY_free(b_ossl_peer);
#endif
    printf("\n");

    /* field */
    const timer_fn ff[] = {b_fe64_mul, b_fe64_mul8, b_fe64_sq, b_fe64_sq8, b_fe_mul,
                           b_fe_mul8,  b_fe_sq,     b_fe_sq8};
    timer_medians(ff, 8, BENCH_RUNS, med);
    printf("field, cycles per call, latency (chain of %d dependent calls) / throughput "
           "(8 independent):\n", CHAIN);
    printf("  fe64_mul %5.1f / %5.1f   fe64_sq %5.1f / %5.1f\n", med[0] / (double)CHAIN,
           med[1] / (double)CHAIN, med[2] / (double)CHAIN, med[3] / (double)CHAIN);
    printf("  fe_mul   %5.1f / %5.1f   fe_sq   %5.1f / %5.1f   (%s)\n", med[4] / (double)CHAIN,
           med[5] / (double)CHAIN, med[6] / (double)CHAIN, med[7] / (double)CHAIN,
           FE_BACKEND_NAME);
    const timer_fn fa[] = {b_fe64_add, b_fe64_sub, b_fe64_a24_add, b_fe_invert, b_fe_invert_fermat};
    timer_medians(fa, 5, BENCH_RUNS, med);
    printf("  fe64_add %5.1f   fe64_sub %5.1f   fe64_mul_a24_add %5.1f\n", med[0] / (double)CHAIN,
           med[1] / (double)CHAIN, med[2] / (double)CHAIN);
    printf("  fe_invert %llu (the ladder's)   fe_invert_fermat %llu\n", (unsigned long long)med[3],
           (unsigned long long)med[4]);
    const timer_fn fp[] = {b_pow_serial2, b_pow_fe64_2, b_pow_inv_serial, b_pow_inv_fe64};
    timer_medians(fp, 4, BENCH_RUNS, med);
    printf("two powers: fe_pow22523 twice %llu   fe64_pow22523_2 %llu   "
           "fe_pow22523 + fe_invert %llu   fe64_pow22523_invert %llu\n",
           (unsigned long long)med[0], (unsigned long long)med[1], (unsigned long long)med[2],
           (unsigned long long)med[3]);

    /* cswap forms */
    timer_fn cf[] = {b_cswap_lib, b_cswap_c, b_cswap_cmov, b_cswap_sse2, b_cswap_avx2};
    int nc = cpu_features().avx2 ? 5 : 4;
    printf("cswap of the two ladder points (2 × 64 bytes) in isolation, cycles per swap:\n");
    for (int bit = 0; bit <= 1; bit++) {
        b_mask = ct_from_bit((uint64_t)bit);
        timer_medians(cf, nc, BENCH_RUNS, med);
        printf("  mask %d: GPR masks (asm) %5.2f   C masks %5.2f   CMOV %5.2f   SSE2 masks %5.2f", bit,
               med[0] / (double)CHAIN, med[1] / (double)CHAIN, med[2] / (double)CHAIN,
               med[3] / (double)CHAIN);
        if (nc == 5) printf("   AVX2 masks %5.2f", med[4] / (double)CHAIN);
        printf("\n");
    }

    /* keep the results alive */
    uint8_t sink[32];
    fe64_tobytes(sink, &b_x[0]);
    fe_tobytes(r, &b_sx[0]);
    printf("(checksum %02x%02x%02x)\n", b_out[0], sink[0], r[0]);
}

int main(int argc, char **argv)
{
    if (!cpu_features().bmi2_adx) test_skip("this CPU has no BMI2/ADX");
    bn_p25519(&P);
    make_edges();
    timer_bench_mode(argc, argv, bench);
    test_field_edges();
    test_field_second_fold();
    test_field_random();
    test_field_aliasing();
    test_field_chains();
    test_pow_pairs();
    test_ladder_rfc7748();
    test_ladder_wycheproof();
    test_ladder_random();
    test_ladder_aliasing();
    return test_done();
}
