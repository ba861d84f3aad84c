/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the AVX2 backend's first half: the 4-way field fe2625x4
 * (src/backend/avx2/fe2625x4.[ch]) and the 4-way HWCD points
 * (src/backend/avx2/edwards_avx2.[ch]).
 *
 * References, none of them the code under test:
 *   - every field operation against four serial fe2625 computations, one per
 *     lane (src/backend/serial/fe2625.h), compared as canonical bytes; vector
 *     inputs are random below the largest bound each function accepts, at
 *     that bound (every limb maximal), and mixtures of zero and maximal
 *     limbs; the output bound each function promises (docs/avx2.md §4) is
 *     checked limb by limb; every function is also run in place (aliasing);
 *   - every point operation against the serial group: the vector point tests
 *     shared with the IFMA backend (tests/vector/vpoint_tests.c, through
 *     vpoint.h), here with the table lookup and 2^n·p that AVX2 adds;
 *   - the whole algorithms against the serial backend.
 *
 * `test_avx2 --bench` prints rdtsc cycle counts instead (docs/avx2.md §9).
 *
 * Compiled with -mavx2 like the backend (tests/avx2/ is not part of the
 * tests/test_*.c glob). Skips (exit 77) on a CPU without AVX2.
 */
#include <stdlib.h>
#include <string.h>

#define VEC25519_VECTOR_AVX2 1
#include "backend/avx2/edwards_avx2.h"
#include "backend/avx2/fe2625x4.h"
#include "backend/backend.h"
#include "backend/serial/fe2625.h"
#include "backend/serial/fe51.h"
#include "backend/serial/ge.h"
#include "internal/bounds.h"
#include "test.h"
#include "timer.h"

#define N_FIELD 10000
#define N_POINT 10000

static const int WIDTH[10] = {26, 25, 26, 25, 26, 25, 26, 25, 26, 25};

/* ---- helpers: lanes, bounds, values ----------------------------------------- */

/* The largest limb value below 2^(w + b), capped at 2^32 - 1. */
static uint32_t limb_max(int w, double b)
{
    double lim = bounds_pow2(w + b);
    if (lim > 4294967295.0) return UINT32_MAX;
    uint64_t m = (uint64_t)lim;
    if ((double)m >= lim) m--;
    return (uint32_t)m;
}

typedef uint32_t lanes_t[4][10];

static void lanes_get(lanes_t out, const fe2625x4 *f)
{
    for (int i = 0; i < 5; i++) {
        uint32_t w[8];
        memcpy(w, &f->v[i], sizeof w);
        out[0][2 * i] = w[0];
        out[1][2 * i] = w[1];
        out[0][2 * i + 1] = w[2];
        out[1][2 * i + 1] = w[3];
        out[2][2 * i] = w[4];
        out[3][2 * i] = w[5];
        out[2][2 * i + 1] = w[6];
        out[3][2 * i + 1] = w[7];
    }
}

static void lanes_set(fe2625x4 *f, lanes_t in)
{
    for (int i = 0; i < 5; i++) {
        uint32_t w[8] = {in[0][2 * i], in[1][2 * i], in[0][2 * i + 1], in[1][2 * i + 1],
                         in[2][2 * i], in[3][2 * i], in[2][2 * i + 1], in[3][2 * i + 1]};
        memcpy(&f->v[i], w, sizeof w);
    }
}

/* Every limb of l below 2^(w_i + b). */
static int within(const uint32_t l[10], double b)
{
    for (int i = 0; i < 10; i++)
        if (l[i] > limb_max(WIDTH[i], b)) return 0;
    return 1;
}

/* Every limb of l at most the limb of 2p. */
static int within_2p(const uint32_t l[10])
{
    for (int i = 0; i < 10; i++)
        if (l[i] > FE2625_2P(i)) return 0;
    return 1;
}

/* A tight fe2625 with the value of arbitrary 32-bit limbs (mod p): three carry passes in u64. */
static void to_tight(fe2625 *f, const uint32_t l[10])
{
    uint64_t t[10];
    for (int i = 0; i < 10; i++) t[i] = l[i];
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < 9; i++) {
            t[i + 1] += t[i] >> WIDTH[i];
            t[i] &= (UINT64_C(1) << WIDTH[i]) - 1;
        }
        t[0] += 19 * (t[9] >> 25);
        t[9] &= (UINT64_C(1) << 25) - 1;
    }
    for (int i = 0; i < 10; i++) f->v[i] = (uint32_t)t[i];
}

static void canon(uint8_t s[32], const uint32_t l[10])
{
    fe2625 f;
    to_tight(&f, l);
    fe2625_tobytes(s, &f);
}

/* Random limbs below 2^(w_i + b): uniform, all maximal, or a mixture of 0 and maximal. */
static void rand_limbs(uint32_t l[10], double b)
{
    uint64_t mode = test_rng_below(8);
    for (int i = 0; i < 10; i++) {
        uint32_t max = limb_max(WIDTH[i], b);
        if (mode == 0)
            l[i] = max;
        else if (mode == 1)
            l[i] = (test_rng_u64() & 1) ? max : 0;
        else
            l[i] = (uint32_t)test_rng_below((uint64_t)max + 1);
    }
}

/* Random limbs at most those of 2p, with the same three modes. */
static void rand_limbs_2p(uint32_t l[10])
{
    uint64_t mode = test_rng_below(8);
    for (int i = 0; i < 10; i++) {
        uint32_t max = FE2625_2P(i);
        if (mode == 0)
            l[i] = max;
        else if (mode == 1)
            l[i] = (test_rng_u64() & 1) ? max : 0;
        else
            l[i] = (uint32_t)test_rng_below((uint64_t)max + 1);
    }
}

static void rand_lanes(lanes_t l, double b)
{
    for (int k = 0; k < 4; k++) rand_limbs(l[k], b);
}

/* Compare lane k of a vector result with the serial result r. */
static void check_lane(lanes_t got, int k, const fe2625 *want, const char *what, int n)
{
    uint8_t a[32], b[32];
    canon(a, got[k]);
    fe2625_tobytes(b, want);
    CHECK(memcmp(a, b, 32) == 0, "%s: lane %c differs (iteration %d)", what, "ABCD"[k], n);
}

static void check_bound(lanes_t got, double b, const char *what, int n)
{
    for (int k = 0; k < 4; k++)
        CHECK(within(got[k], b), "%s: lane %c exceeds b = %g (iteration %d)", what, "ABCD"[k], b, n);
}

/* ---- field: pack, unpack, lane moves, cmov ---------------------------------------- */

static void test_pack_unpack(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        fe2625 in[4], out[4];
        fe2625x4 f;
        lanes_t got;
        for (int k = 0; k < 4; k++) rand_limbs(in[k].v, 0.16);
        fe2625x4_pack(&f, &in[0], &in[1], &in[2], &in[3]);
        lanes_get(got, &f);
        for (int k = 0; k < 4; k++)
            CHECK(memcmp(got[k], in[k].v, sizeof in[k].v) == 0, "pack: lane %c", "ABCD"[k]);
        fe2625x4_unpack(&out[0], &out[1], &out[2], &out[3], &f);
        for (int k = 0; k < 4; k++)
            CHECK(memcmp(out[k].v, in[k].v, sizeof in[k].v) == 0, "unpack: lane %c", "ABCD"[k]);
    }
}

#define TEST_BLEND(lanes, mask)                                                        \
    do {                                                                               \
        fe2625x4 r = fe2625x4_blend(a, b, lanes);                                      \
        lanes_t got;                                                                   \
        lanes_get(got, &r);                                                            \
        for (int k = 0; k < 4; k++)                                                    \
            CHECK(memcmp(got[k], ((mask) >> k & 1) ? lb[k] : la[k], 40) == 0,          \
                  "blend %s: lane %c", #lanes, "ABCD"[k]);                             \
    } while (0)

static void test_blend(void)
{
    for (int n = 0; n < 100; n++) {
        lanes_t la, lb;
        fe2625x4 a, b;
        rand_lanes(la, 6.0);
        rand_lanes(lb, 6.0);
        lanes_set(&a, la);
        lanes_set(&b, lb);
        /* mask: bit k set when lane k comes from b */
        TEST_BLEND(LANES_NONE, 0x0);
        TEST_BLEND(LANES_A, 0x1);
        TEST_BLEND(LANES_B, 0x2);
        TEST_BLEND(LANES_C, 0x4);
        TEST_BLEND(LANES_D, 0x8);
        TEST_BLEND(LANES_AB, 0x3);
        TEST_BLEND(LANES_AC, 0x5);
        TEST_BLEND(LANES_AD, 0x9);
        TEST_BLEND(LANES_BC, 0x6);
        TEST_BLEND(LANES_BD, 0xa);
        TEST_BLEND(LANES_CD, 0xc);
        TEST_BLEND(LANES_ABCD, 0xf);
    }
}

static void test_shuffle(void)
{
    static const struct {
        fe2625x4_shuf s;
        const char *src;
    } shufs[] = {{SHUF_BADC, "BADC"}, {SHUF_BACD, "BACD"}, {SHUF_AAAA, "AAAA"},
                 {SHUF_BBBB, "BBBB"}, {SHUF_CACA, "CACA"}, {SHUF_DBBD, "DBBD"},
                 {SHUF_ADDA, "ADDA"}, {SHUF_CBCB, "CBCB"}, {SHUF_ABCA, "ABCA"},
                 {SHUF_ABCB, "ABCB"}};
    CHECK(sizeof shufs / sizeof shufs[0] == FE2625X4_SHUF_COUNT, "every shuffle is tested");
    for (int n = 0; n < 100; n++) {
        lanes_t la, got;
        fe2625x4 a, r;
        rand_lanes(la, 6.0);
        lanes_set(&a, la);
        for (size_t s = 0; s < sizeof shufs / sizeof shufs[0]; s++) {
            r = fe2625x4_shuffle(a, shufs[s].s);
            lanes_get(got, &r);
            for (int k = 0; k < 4; k++)
                CHECK(memcmp(got[k], la[shufs[s].src[k] - 'A'], 40) == 0, "shuffle %s: lane %c",
                      shufs[s].src, "ABCD"[k]);
        }
    }
}

static void test_cmov(void)
{
    for (int n = 0; n < 1000; n++) {
        lanes_t la, lb, got;
        fe2625x4 a, b, r;
        int bit = (int)(test_rng_u64() & 1);
        rand_lanes(la, 6.0);
        rand_lanes(lb, 6.0);
        lanes_set(&a, la);
        lanes_set(&b, lb);
        r = a;
        fe2625x4_cmov(&r, &b, ct_from_bit((uint64_t)bit));
        lanes_get(got, &r);
        CHECK(memcmp(got, bit ? lb : la, sizeof got) == 0, "cmov(%d)", bit);
    }
}

/* ---- field: lazy arithmetic ------------------------------------------------------------ */

static void test_add_sub_neg(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, lg, l2p, got;
        fe2625x4 f, g, g2p, h;
        rand_lanes(lf, 5.0);
        rand_lanes(lg, 5.0);
        for (int k = 0; k < 4; k++) rand_limbs_2p(l2p[k]);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        lanes_set(&g2p, l2p);

        /* add: exact limb sums; in place on either side */
        for (int alias = 0; alias < 3; alias++) {
            if (alias == 0) fe2625x4_add(&h, &f, &g);
            if (alias == 1) h = f, fe2625x4_add(&h, &h, &g);
            if (alias == 2) h = g, fe2625x4_add(&h, &f, &h);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++)
                for (int i = 0; i < 10; i++)
                    CHECK(got[k][i] == lf[k][i] + lg[k][i], "add (alias %d)", alias);
        }

        /* sub: f + 2p - g, value f - g */
        for (int alias = 0; alias < 3; alias++) {
            if (alias == 0) fe2625x4_sub(&h, &f, &g2p);
            if (alias == 1) h = f, fe2625x4_sub(&h, &h, &g2p);
            if (alias == 2) h = g2p, fe2625x4_sub(&h, &f, &h);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++) {
                fe2625 a, b, want;
                fe2625_loose d;
                for (int i = 0; i < 10; i++)
                    CHECK(got[k][i] == lf[k][i] + FE2625_2P(i) - l2p[k][i], "sub limbs (alias %d)",
                          alias);
                to_tight(&a, lf[k]);
                to_tight(&b, l2p[k]);
                fe2625_sub(&d, &a, &b);
                fe2625_carry(&want, &d);
                check_lane(got, k, &want, "sub", n);
            }
        }
        /* the output bound lg(2^b_f + 2) = lg 34 < 5.09 for b_f = 5 */
        check_bound(got, 5.09, "sub", n);

        /* neg: 2p - f for f ≤ 2p, output ≤ 2p, and -(-f) = f limb for limb */
        fe2625x4_neg(&h, &g2p);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            fe2625 a, want;
            fe2625_loose d;
            CHECK(within_2p(got[k]), "neg: output ≤ 2p");
            to_tight(&a, l2p[k]);
            fe2625_neg(&d, &a);
            fe2625_carry(&want, &d);
            check_lane(got, k, &want, "neg", n);
        }
        fe2625x4_neg(&h, &h);
        lanes_get(got, &h);
        CHECK(memcmp(got, l2p, sizeof got) == 0, "neg twice (in place)");
    }
}

/* e + f ± g (add_pm): exact limbs, no wrap in the minus lanes, and the value. */
static void test_add_pm(void)
{
    static const fe2625x4_lanes sets[4] = {LANES_NONE, LANES_BC, LANES_AD, LANES_ABCD};
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t le, lf, lg, got;
        fe2625x4 e, f, g, h;
        fe2625x4_lanes minus = sets[test_rng_below(4)];
        static const int bit[4] = {0x05, 0x0a, 0x50, 0xa0};
        rand_lanes(lf, 4.0);
        rand_lanes(lg, 4.0);
        rand_lanes(le, 5.0);
        for (int k = 0; k < 4; k++) /* the bias: e ≥ g in the minus lanes */
            if (minus & bit[k])
                for (int i = 0; i < 10; i++)
                    if (le[k][i] < lg[k][i]) le[k][i] = lg[k][i];
        lanes_set(&e, le);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        for (int alias = 0; alias < 4; alias++) {
            if (alias == 0) fe2625x4_add_pm(&h, &e, &f, &g, minus);
            if (alias == 1) h = e, fe2625x4_add_pm(&h, &h, &f, &g, minus);
            if (alias == 2) h = f, fe2625x4_add_pm(&h, &e, &h, &g, minus);
            if (alias == 3) h = g, fe2625x4_add_pm(&h, &e, &f, &h, minus);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++) {
                int m = (minus & bit[k]) != 0;
                fe2625 a, b, c, want;
                fe2625_loose t;
                for (int i = 0; i < 10; i++) {
                    uint64_t w = (uint64_t)le[k][i] + lf[k][i] + (m ? 0 : lg[k][i]) -
                                 (m ? lg[k][i] : 0);
                    CHECK(w < (UINT64_C(1) << 32) && got[k][i] == (uint32_t)w,
                          "add_pm limbs (alias %d)", alias);
                }
                to_tight(&a, le[k]);
                to_tight(&b, lf[k]);
                to_tight(&c, lg[k]);
                fe2625_add(&t, &a, &b);
                fe2625_carry(&want, &t);
                if (m)
                    fe2625_sub(&t, &want, &c);
                else
                    fe2625_add(&t, &want, &c);
                fe2625_carry(&want, &t);
                check_lane(got, k, &want, "add_pm", n);
            }
        }
    }
    {
        fe2625x4 t;
        lanes_t l;
        fe2625x4_2p(&t);
        lanes_get(l, &t);
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < 10; i++) CHECK(l[k][i] == FE2625_2P(i), "2p: lane %c", "ABCD"[k]);
    }
}

/*
 * Radix 2^51 (the serial fe51) to and from the lanes: values through
 * canonical bytes, at the largest tight limbs too, and the output bounds.
 */
static void test_radix51(void)
{
    const uint64_t tight_max = FE51_TIGHT - 1;
    for (int n = 0; n < N_FIELD; n++) {
        fe51 in[4], out[4];
        fe2625x4 f;
        lanes_t got;
        uint64_t mode = test_rng_below(4);
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < 5; i++)
                in[k].v[i] = mode == 0   ? tight_max
                             : mode == 1 ? ((test_rng_u64() & 1) ? tight_max : 0)
                                         : test_rng_below(FE51_TIGHT);
        fe2625x4_from_radix51(&f, in[0].v, in[1].v, in[2].v, in[3].v);
        lanes_get(got, &f);
        check_bound(got, FE2625X4_B_REDUCED, "from_radix51", n);
        for (int k = 0; k < 4; k++) {
            uint8_t a[32], b[32];
            canon(a, got[k]);
            fe51_tobytes(b, &in[k]);
            CHECK(memcmp(a, b, 32) == 0, "from_radix51: lane %c (iteration %d)", "ABCD"[k], n);
        }

        /* back, from lanes at the largest bound to_radix51 accepts */
        rand_lanes(got, 0.16);
        lanes_set(&f, got);
        fe2625x4_to_radix51(out[0].v, out[1].v, out[2].v, out[3].v, &f);
        for (int k = 0; k < 4; k++) {
            uint8_t a[32], b[32];
            for (int i = 0; i < 5; i++)
                CHECK(out[k].v[i] < FE51_TIGHT, "to_radix51: limb %d not tight", i);
            canon(a, got[k]);
            fe51_tobytes(b, &out[k]);
            CHECK(memcmp(a, b, 32) == 0, "to_radix51: lane %c (iteration %d)", "ABCD"[k], n);
        }
    }
}

/* ---- field: carrying operations ---------------------------------------------------------- */

static void test_reduce(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        fe2625x4 f, h;
        /* any 32-bit limbs */
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < 10; i++) {
                uint64_t mode = test_rng_below(4);
                lf[k][i] = mode == 0 ? UINT32_MAX : mode == 1 ? 0 : (uint32_t)test_rng_u64();
            }
        lanes_set(&f, lf);
        if (n & 1) {
            fe2625x4_reduce(&h, &f);
        } else {
            h = f;
            fe2625x4_reduce(&h, &h);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            fe2625 want;
            to_tight(&want, lf[k]);
            check_lane(got, k, &want, "reduce", n);
        }
        check_bound(got, FE2625X4_B_REDUCED, "reduce", n);
    }
}

static void test_mul(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, lg, got;
        fe2625x4 f, g, h;
        fe2625 want[4], want_sq[4];
        rand_lanes(lf, FE2625X4_B_MUL_LEFT);
        rand_lanes(lg, FE2625X4_B_MUL_RIGHT);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        for (int k = 0; k < 4; k++) {
            fe2625 a, b;
            to_tight(&a, lf[k]);
            to_tight(&b, lg[k]);
            fe2625_mul(&want[k], &a, &b);
            fe2625_sq(&want_sq[k], &b);
        }
        for (int alias = 0; alias < 4; alias++) {
            if (alias == 0) fe2625x4_mul(&h, &f, &g);
            if (alias == 1) h = f, fe2625x4_mul(&h, &h, &g);
            if (alias == 2) h = g, fe2625x4_mul(&h, &f, &h);
            if (alias == 3) h = g, fe2625x4_mul(&h, &h, &h); /* g·g: both bounds hold for g */
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++)
                check_lane(got, k, alias == 3 ? &want_sq[k] : &want[k], "mul", n);
            check_bound(got, FE2625X4_B_MUL, "mul", n);
        }
    }
}

static void test_sq(void)
{
    static const fe2625x4_lanes sets[16] = {
        LANES_NONE, LANES_A,  LANES_B,  LANES_AB, LANES_C,
        LANES_AC,   LANES_BC, LANES_A | LANES_B | LANES_C, LANES_D,
        LANES_AD,   LANES_BD, LANES_A | LANES_B | LANES_D, LANES_CD,
        LANES_A | LANES_C | LANES_D, LANES_B | LANES_C | LANES_D, LANES_ABCD};
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        fe2625x4 f, h;
        fe2625 want[4], want_neg[4];
        int sel = (int)test_rng_below(16); /* bit k: negate lane k */
        rand_lanes(lf, FE2625X4_B_MUL_RIGHT);
        lanes_set(&f, lf);
        for (int k = 0; k < 4; k++) {
            fe2625 a;
            fe2625_loose d;
            to_tight(&a, lf[k]);
            fe2625_sq(&want[k], &a);
            fe2625_neg(&d, &want[k]);
            fe2625_carry(&want_neg[k], &d);
        }

        if (n & 1) {
            fe2625x4_sq(&h, &f);
        } else {
            h = f;
            fe2625x4_sq(&h, &h);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) check_lane(got, k, &want[k], "sq", n);
        check_bound(got, FE2625X4_B_SQ, "sq", n);

        if (n & 2) {
            fe2625x4_sq_neg(&h, &f, sets[sel]);
        } else {
            h = f;
            fe2625x4_sq_neg(&h, &h, sets[sel]);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            int neg = sel >> k & 1;
            check_lane(got, k, neg ? &want_neg[k] : &want[k], "sq_neg", n);
            CHECK(within(got[k], neg ? FE2625X4_B_SQNEG : FE2625X4_B_SQ),
                  "sq_neg: lane %c bound (iteration %d)", "ABCD"[k], n);
        }
    }
}

static void test_mul_small(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        fe2625x4 f, h;
        uint32_t c[4];
        for (int k = 0; k < 4; k++) {
            uint64_t mode = test_rng_below(4);
            c[k] = mode == 0   ? (1u << 20) - 1
                   : mode == 1 ? (k == 3 ? 2 * 121665u : k == 2 ? 2 * 121666u : 121666u)
                               : (uint32_t)test_rng_below(1u << 20);
        }
        rand_lanes(lf, 6.0);
        lanes_set(&f, lf);
        if (n & 1) {
            fe2625x4_mul_small(&h, &f, c[0], c[1], c[2], c[3]);
        } else {
            h = f;
            fe2625x4_mul_small(&h, &h, c[0], c[1], c[2], c[3]);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            fe2625 a, want;
            fe2625_loose al;
            to_tight(&a, lf[k]);
            fe2625_relax(&al, &a);
            fe2625_mul_small(&want, &al, c[k]);
            check_lane(got, k, &want, "mul_small", n);
        }
        check_bound(got, FE2625X4_B_SMALL, "mul_small", n);
    }
}

/* ---- points: the shared vector point tests ------------------------------------------------ */

/* Every point operation's output bound. */
#define VPT_B_POINT FE2625X4_B_SQNEG
#include "../vector/vpoint_tests.c"

/* A random scalar of one of a few shapes: uniform, all ones, digits ±8, sparse, zero. */
static void rand_scalar(uint8_t s[32], int top_bit)
{
    uint64_t mode = test_rng_below(8);
    test_rng_bytes(s, 32);
    if (mode == 0) memset(s, 0xff, 32);
    if (mode == 1) memset(s, 0x88, 32); /* radix-16 digits -8 */
    if (mode == 2) memset(s, 0x77, 32);
    if (mode == 3) {
        memset(s, 0, 32);
        s[test_rng_below(32)] = (uint8_t)(1u << test_rng_below(8));
    }
    if (mode == 4) memset(s, 0, 32);
    if (!top_bit) s[31] &= 127;
}

/*
 * The whole algorithms of the AVX2 backend (src/backend/vector/scalarmult.c)
 * against the serial backend: variable-base and fixed-base constant-time
 * multiplication, and the variable-time double-base multiplication, on
 * random points (and the identity, points of small order) and scalars of
 * several shapes.
 */
static void test_algorithms(void)
{
    uint8_t want[32], got[32];
    for (int n = 0; n < 300; n++) {
        uint8_t a[32], b[32];
        ge_ext p, ref, r;
        next_point(&p);
        rand_scalar(a, 0);
        rand_scalar(b, n & 1);

        serial_backend.scalarmult(&ref, a, &p);
        avx2_backend.scalarmult(&r, a, &p);
        enc_serial(want, &ref);
        enc_serial(got, &r);
        CHECK_BYTES(got, want, 32, "scalarmult");
        r = p; /* r may alias P */
        avx2_backend.scalarmult(&r, a, &r);
        enc_serial(got, &r);
        CHECK_BYTES(got, want, 32, "scalarmult (r = P)");

        serial_backend.scalarmult_base(&ref, a);
        avx2_backend.scalarmult_base(&r, a);
        enc_serial(want, &ref);
        enc_serial(got, &r);
        CHECK_BYTES(got, want, 32, "scalarmult_base");

        serial_backend.double_scalarmult_vartime(&ref, b, &p, a);
        avx2_backend.double_scalarmult_vartime(&r, b, &p, a);
        enc_serial(want, &ref);
        enc_serial(got, &r);
        CHECK_BYTES(got, want, 32, "double_scalarmult_vartime");
        r = p;
        avx2_backend.double_scalarmult_vartime(&r, b, &r, a);
        enc_serial(got, &r);
        CHECK_BYTES(got, want, 32, "double_scalarmult_vartime (r = A)");
    }
}

/* ---- cycle counts (--bench) ------------------------------------------------------------------- */

static void bench(void)
{
    lanes_t la, lb;
    fe2625x4 x, y;
    fe2625 s[4], t[4];
    fe51 u[4], v[4];
    ge_ext p, q;
    ge_avx2_ext vp;
    uint8_t buf[32];

    printf("rdtsc reference cycles per operation (min of %d runs of %d), serial fe = %s\n",
           TIMER_RUNS, TIMER_ITERS, FE_BACKEND_NAME);
    rand_lanes(la, 0.0);
    rand_lanes(lb, 0.0);
    lanes_set(&x, la);
    lanes_set(&y, lb);
    for (int k = 0; k < 4; k++) {
        to_tight(&s[k], la[k]);
        to_tight(&t[k], lb[k]);
        fe2625_tobytes(buf, &s[k]);
        fe51_frombytes(&u[k], buf);
        fe2625_tobytes(buf, &t[k]);
        fe51_frombytes(&v[k], buf);
    }
    TIMER_MIN_PER_ITER("fe2625x4_mul (4 products)", fe2625x4_mul(&x, &x, &y));
    TIMER_MIN_PER_ITER("4 x fe2625_mul",
                       for (int k = 0; k < 4; k++) fe2625_mul(&s[k], &s[k], &t[k]));
    TIMER_MIN_PER_ITER("4 x fe51_mul", for (int k = 0; k < 4; k++) fe51_mul(&u[k], &u[k], &v[k]));
    TIMER_MIN_PER_ITER("fe2625x4_sq (4 squares)", fe2625x4_sq(&x, &x));
    TIMER_MIN_PER_ITER("4 x fe2625_sq", for (int k = 0; k < 4; k++) fe2625_sq(&s[k], &s[k]));
    TIMER_MIN_PER_ITER("4 x fe51_sq", for (int k = 0; k < 4; k++) fe51_sq(&u[k], &u[k]));
    TIMER_MIN_PER_ITER("fe2625x4_mul_small",
                       fe2625x4_mul_small(&x, &x, 121666, 121666, 243332, 243330));
    TIMER_MIN_PER_ITER("fe2625x4_reduce", fe2625x4_reduce(&x, &x));

    next_point(&p);
    next_point(&q);
    bench_points(&vp, &p, &q);
    {
        uint8_t sa[32], sb[32];
        ge_ext r;
        ge_avx2_cached table[8], sel;
        ge_avx2_ext vt;
        for (int j = 0; j < 8; j++) {
            next_point(&r);
            ge_ext_to_avx2(&vt, &r);
            ge_avx2_ext_to_cached(&table[j], &vt);
        }
        TIMER_MIN_PER_ITER("ge_avx2_ext_dbl_n, n = 4", ge_avx2_ext_dbl_n(&vp, &vp, 4));
        TIMER_MIN_PER_ITER("ge_avx2_cached_select", {
            ge_avx2_cached_select(&sel, table, (int8_t)(buf[0] % 17 - 8));
            buf[0] ^= (uint8_t)_mm256_extract_epi32(sel.c.v[0], 0);
        });
        test_rng_bytes(sa, 32);
        test_rng_bytes(sb, 32);
        sa[31] &= 127;
        printf("whole algorithms, avx2 backend vs serial backend (min of single calls):\n");
        TIMER_MIN_CALL("avx2 scalarmult (ct)", avx2_backend.scalarmult(&r, sa, &q));
        TIMER_MIN_CALL("serial scalarmult (ct)", serial_backend.scalarmult(&r, sa, &q));
        TIMER_MIN_CALL("avx2 scalarmult_base (ct)", avx2_backend.scalarmult_base(&r, sa));
        TIMER_MIN_CALL("serial scalarmult_base (ct)", serial_backend.scalarmult_base(&r, sa));
        TIMER_MIN_CALL("avx2 double-base (vt)",
                       avx2_backend.double_scalarmult_vartime(&r, sa, &q, sb));
        TIMER_MIN_CALL("serial double-base (vt)",
                       serial_backend.double_scalarmult_vartime(&r, sa, &q, sb));
        buf[1] ^= (uint8_t)r.X.v[0];
    }
    /* keep the results alive */
    enc_vec(buf, &vp);
    lanes_get(la, &x);
    printf("  (checksum %02x)\n", buf[0] ^ (uint8_t)la[0][0] ^ (uint8_t)s[0].v[0] ^ (uint8_t)u[0].v[0]);
}

int main(int argc, char **argv)
{
    if (!__builtin_cpu_supports("avx2")) test_skip("the CPU has no AVX2");
    make_pool();
    timer_bench_mode(argc, argv, bench);
    test_pack_unpack();
    test_blend();
    test_shuffle();
    test_cmov();
    test_add_sub_neg();
    test_add_pm();
    test_radix51();
    test_reduce();
    test_mul();
    test_sq();
    test_mul_small();
    test_vpoints();
    test_algorithms();
    return test_done();
}
