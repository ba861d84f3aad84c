/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the IFMA backend: the 4-way field fe52x4
 * (src/backend/ifma/fe52x4.[ch]), the 4-way HWCD points
 * (src/backend/ifma/edwards_ifma.[ch]) and the backend table built on them.
 *
 * References, none of them the code under test:
 *   - every field operation against four serial fe51 computations, one per
 *     lane (src/backend/serial/fe51.h), compared as canonical bytes; vector
 *     inputs are random below the largest bound each function accepts, at
 *     that bound (every limb maximal: 2^52 - 1 for the multiplier, 2^64 - 1
 *     for the carry pass), and mixtures of zero and maximal limbs; the output
 *     bound each function promises (docs/ifma.md §4) is checked limb by limb;
 *     every function is also run in place (aliasing);
 *   - every point operation against the serial group: the vector point tests
 *     shared with the AVX2 backend (tests/vector/vpoint_tests.c, through
 *     vpoint.h), here also on points whose limbs are at the bound;
 *   - the backend's scalar multiplications against the serial backend.
 *
 * `test_ifma --bench` prints rdtsc cycle counts instead (docs/ifma.md §9).
 *
 * Compiled with -mavx512f -mavx512vl -mavx512ifma like the backend
 * (tests/ifma/ is not part of the tests/test_*.c glob). Skips (exit 77) on a
 * CPU without AVX-512 IFMA.
 */
#include <stdlib.h>
#include <string.h>

#define VEC25519_VECTOR_IFMA 1
#include "backend/backend.h"
#include "backend/ifma/edwards_ifma.h"
#include "backend/ifma/fe52x4.h"
#include "backend/serial/fe51.h"
#include "backend/serial/ge.h"
#include "internal/bounds.h"
#include "test.h"
#include "timer.h"

#define N_FIELD 10000
#define N_POINT 10000
#define N_SCALARMULT 200

/* ---- helpers: lanes, bounds, values ----------------------------------------- */

/* The largest limb value below 2^(51 + b), capped at 2^64 - 1. */
static uint64_t limb_max(double b)
{
    double lim = bounds_pow2(51.0 + b);
    uint64_t m;
    if (lim >= 18446744073709551615.0) return UINT64_MAX;
    m = (uint64_t)lim;
    if ((double)m >= lim) m--;
    return m;
}

typedef uint64_t lanes_t[4][5];

static void lanes_get(lanes_t out, const fe52x4 *f)
{
    for (int i = 0; i < 5; i++) {
        uint64_t w[4];
        memcpy(w, &f->v[i], sizeof w);
        for (int k = 0; k < 4; k++) out[k][i] = w[k];
    }
}

static void lanes_set(fe52x4 *f, lanes_t in)
{
    for (int i = 0; i < 5; i++) {
        uint64_t w[4] = {in[0][i], in[1][i], in[2][i], in[3][i]};
        memcpy(&f->v[i], w, sizeof w);
    }
}

/* Every limb of l below 2^(51 + b). */
static int within(const uint64_t l[5], double b)
{
    const uint64_t m = limb_max(b);
    for (int i = 0; i < 5; i++)
        if (l[i] > m) return 0;
    return 1;
}

static uint64_t limb_2p(int i)
{
    return i == 0 ? FE52X4_2P0 : FE52X4_2P1;
}

/* Every limb of l at most the limb of 2p. */
static int within_2p(const uint64_t l[5])
{
    for (int i = 0; i < 5; i++)
        if (l[i] > limb_2p(i)) return 0;
    return 1;
}

/* A tight fe51 with the value of arbitrary 64-bit limbs (mod p): carry passes in u128. */
static void to_tight(fe51 *f, const uint64_t l[5])
{
    fe51_u128 t[5];
    for (int i = 0; i < 5; i++) t[i] = l[i];
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < 4; i++) {
            t[i + 1] += t[i] >> 51;
            t[i] &= FE51_MASK;
        }
        t[0] += 19 * (t[4] >> 51);
        t[4] &= FE51_MASK;
    }
    for (int i = 0; i < 5; i++) f->v[i] = (uint64_t)t[i];
}

static void canon(uint8_t s[32], const uint64_t l[5])
{
    fe51 f;
    to_tight(&f, l);
    fe51_tobytes(s, &f);
}

/* Random limbs below 2^(51 + b): uniform, all maximal, or a mixture of 0 and maximal. */
static void rand_limbs(uint64_t l[5], double b)
{
    const uint64_t max = limb_max(b);
    const uint64_t mode = test_rng_below(8);
    for (int i = 0; i < 5; i++) {
        if (mode == 0)
            l[i] = max;
        else if (mode == 1)
            l[i] = (test_rng_u64() & 1) ? max : 0;
        else
            l[i] = max == UINT64_MAX ? test_rng_u64() : test_rng_below(max + 1);
    }
}

/* Random limbs at most those of 2p, with the same three modes. */
static void rand_limbs_2p(uint64_t l[5])
{
    const uint64_t mode = test_rng_below(8);
    for (int i = 0; i < 5; i++) {
        const uint64_t max = limb_2p(i);
        if (mode == 0)
            l[i] = max;
        else if (mode == 1)
            l[i] = (test_rng_u64() & 1) ? max : 0;
        else
            l[i] = test_rng_below(max + 1);
    }
}

static void rand_lanes(lanes_t l, double b)
{
    for (int k = 0; k < 4; k++) rand_limbs(l[k], b);
}

/* Compare lane k of a vector result with the serial result. */
static void check_lane(lanes_t got, int k, const fe51 *want, const char *what, int n)
{
    uint8_t a[32], b[32];
    canon(a, got[k]);
    fe51_tobytes(b, want);
    CHECK(memcmp(a, b, 32) == 0, "%s: lane %c differs (iteration %d)", what, "ABCD"[k], n);
}

static void check_bound(lanes_t got, double b, const char *what, int n)
{
    for (int k = 0; k < 4; k++)
        CHECK(within(got[k], b), "%s: lane %c exceeds b = %g (iteration %d)", what, "ABCD"[k], b,
              n);
}

/* The value of lane k as a tight fe51. */
static void lane_value(fe51 *f, lanes_t l, int k)
{
    to_tight(f, l[k]);
}

/* ---- field: pack, unpack, lane moves, cmov ---------------------------------------- */

static void test_pack_unpack(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        fe51 in[4], out[4];
        fe52x4 f;
        lanes_t got;
        for (int k = 0; k < 4; k++) rand_limbs(in[k].v, FE52X4_B_FE51_TIGHT);
        fe52x4_pack(&f, &in[0], &in[1], &in[2], &in[3]);
        lanes_get(got, &f);
        for (int k = 0; k < 4; k++)
            CHECK(memcmp(got[k], in[k].v, sizeof in[k].v) == 0, "pack: lane %c", "ABCD"[k]);
        fe52x4_unpack(&out[0], &out[1], &out[2], &out[3], &f);
        for (int k = 0; k < 4; k++)
            CHECK(memcmp(out[k].v, in[k].v, sizeof in[k].v) == 0, "unpack: lane %c", "ABCD"[k]);
    }
}

static void test_blend(void)
{
    static const fe52x4_lanes sets[] = {LANES_NONE, LANES_A,  LANES_B,  LANES_C,
                                        LANES_D,    LANES_AB, LANES_AC, LANES_AD,
                                        LANES_BC,   LANES_BD, LANES_CD, LANES_ABCD};
    for (int n = 0; n < 100; n++) {
        lanes_t la, lb, got;
        fe52x4 a, b, r;
        rand_lanes(la, 13.0);
        rand_lanes(lb, 13.0);
        lanes_set(&a, la);
        lanes_set(&b, lb);
        for (size_t s = 0; s < sizeof sets / sizeof sets[0]; s++) {
            r = fe52x4_blend(a, b, sets[s]);
            lanes_get(got, &r);
            for (int k = 0; k < 4; k++)
                CHECK(memcmp(got[k], (sets[s] >> k & 1) ? lb[k] : la[k], 40) == 0,
                      "blend 0x%x: lane %c", (unsigned)sets[s], "ABCD"[k]);
        }
    }
}

#define TEST_SHUFFLE(name, src)                                                          \
    do {                                                                                 \
        fe52x4 r = fe52x4_shuffle(a, name);                                              \
        lanes_t got;                                                                     \
        lanes_get(got, &r);                                                              \
        for (int k = 0; k < 4; k++)                                                      \
            CHECK(memcmp(got[k], la[(src)[k] - 'A'], 40) == 0, "shuffle %s: lane %c", src, \
                  "ABCD"[k]);                                                            \
        count++;                                                                         \
    } while (0)

static void test_shuffle(void)
{
    for (int n = 0; n < 100; n++) {
        lanes_t la;
        fe52x4 a;
        int count = 0;
        rand_lanes(la, 13.0);
        lanes_set(&a, la);
        TEST_SHUFFLE(SHUF_BADC, "BADC");
        TEST_SHUFFLE(SHUF_BACD, "BACD");
        TEST_SHUFFLE(SHUF_AAAA, "AAAA");
        TEST_SHUFFLE(SHUF_BBBB, "BBBB");
        TEST_SHUFFLE(SHUF_CACA, "CACA");
        TEST_SHUFFLE(SHUF_DBBD, "DBBD");
        TEST_SHUFFLE(SHUF_ADDA, "ADDA");
        TEST_SHUFFLE(SHUF_CBCB, "CBCB");
        TEST_SHUFFLE(SHUF_ABCA, "ABCA");
        TEST_SHUFFLE(SHUF_ABCB, "ABCB");
        CHECK(count == 10, "every shuffle of FE52X4_SHUFFLES is tested");
    }
    /* the in-half detection picks vpshufd for exactly the in-half permutation */
    CHECK(FE52X4_IN_HALVES_(SHUF_BADC), "SHUF_BADC stays in halves");
    CHECK(!FE52X4_IN_HALVES_(SHUF_BACD) && !FE52X4_IN_HALVES_(SHUF_CACA),
          "cross-half shuffles use vpermq");
}

static void test_cmov(void)
{
    for (int n = 0; n < 1000; n++) {
        lanes_t la, lb, got;
        fe52x4 a, b, r;
        int bit = (int)(test_rng_u64() & 1);
        rand_lanes(la, 13.0);
        rand_lanes(lb, 13.0);
        lanes_set(&a, la);
        lanes_set(&b, lb);
        r = a;
        fe52x4_cmov(&r, &b, ct_from_bit((uint64_t)bit));
        lanes_get(got, &r);
        CHECK(memcmp(got, bit ? lb : la, sizeof got) == 0, "cmov(%d)", bit);
    }
}

/* ---- field: lazy arithmetic ------------------------------------------------------------ */

static const uint64_t BIAS[5] = {FE52X4_BIAS0, FE52X4_BIAS1, FE52X4_BIAS1, FE52X4_BIAS1,
                                 FE52X4_BIAS1};

/* want = f - g mod p for lane values */
static void ref_sub(fe51 *want, const uint64_t f[5], const uint64_t g[5])
{
    fe51 a, b;
    fe51_loose d;
    to_tight(&a, f);
    to_tight(&b, g);
    fe51_sub(&d, &a, &b);
    fe51_carry(want, &d);
}

static void test_add_sub(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, lg, ls, got;
        fe52x4 f, g, s, h;
        const fe52x4_lanes sel = (fe52x4_lanes)test_rng_below(16);
        rand_lanes(lf, FE52X4_B_LAZY_IN);
        rand_lanes(lg, FE52X4_B_LAZY_IN);
        rand_lanes(ls, 13.0);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        lanes_set(&s, ls);

        /* add: exact limb sums; in place on either side */
        for (int alias = 0; alias < 3; alias++) {
            if (alias == 0) fe52x4_add(&h, &f, &g);
            if (alias == 1) h = f, fe52x4_add(&h, &h, &g);
            if (alias == 2) h = g, fe52x4_add(&h, &f, &h);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++)
                for (int i = 0; i < 5; i++)
                    CHECK(got[k][i] == lf[k][i] + lg[k][i], "add (alias %d)", alias);
        }
        check_bound(got, 13.0, "add", n);

        /* add_lanes: sums in the selected lanes, src elsewhere */
        for (int alias = 0; alias < 2; alias++) {
            if (alias == 0) fe52x4_add_lanes(&h, &s, &f, &g, sel);
            if (alias == 1) h = s, fe52x4_add_lanes(&h, &h, &f, &g, sel);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++)
                for (int i = 0; i < 5; i++)
                    CHECK(got[k][i] == ((sel >> k & 1) ? lf[k][i] + lg[k][i] : ls[k][i]),
                          "add_lanes 0x%x (alias %d)", (unsigned)sel, alias);
        }

        /* sub: f + 2^10·p - g for g below the bias, value f - g */
        rand_lanes(lg, FE52X4_B_BIAS_IN);
        lanes_set(&g, lg);
        for (int alias = 0; alias < 3; alias++) {
            if (alias == 0) fe52x4_sub(&h, &f, &g);
            if (alias == 1) h = f, fe52x4_sub(&h, &h, &g);
            if (alias == 2) h = g, fe52x4_sub(&h, &f, &h);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++) {
                fe51 want;
                for (int i = 0; i < 5; i++)
                    CHECK(got[k][i] == lf[k][i] + BIAS[i] - lg[k][i], "sub limbs (alias %d)",
                          alias);
                ref_sub(&want, lf[k], lg[k]);
                check_lane(got, k, &want, "sub", n);
            }
        }
        /* lg(2^12 + 2^10) < 12.33 */
        check_bound(got, 12.33, "sub", n);

        /* sub_lanes, and in place with h = src = f (as the point formulas use it) */
        for (int alias = 0; alias < 2; alias++) {
            if (alias == 0) fe52x4_sub_lanes(&h, &s, &f, &g, sel);
            if (alias == 1) h = f, fe52x4_sub_lanes(&h, &h, &h, &g, sel);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++) {
                const uint64_t *src = alias ? lf[k] : ls[k];
                for (int i = 0; i < 5; i++)
                    CHECK(got[k][i] == ((sel >> k & 1) ? lf[k][i] + BIAS[i] - lg[k][i] : src[i]),
                          "sub_lanes 0x%x (alias %d)", (unsigned)sel, alias);
            }
        }
    }
}

static void test_neg(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t l2p, got;
        fe52x4 f, h;
        const fe52x4_lanes sel = (fe52x4_lanes)test_rng_below(16);
        for (int k = 0; k < 4; k++) rand_limbs_2p(l2p[k]);
        lanes_set(&f, l2p);
        fe52x4_neg_lanes(&h, &f, sel);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            CHECK(within_2p(got[k]), "neg_lanes: output ≤ 2p");
            if (sel >> k & 1) {
                fe51 a, want;
                fe51_loose d;
                to_tight(&a, l2p[k]);
                fe51_neg(&d, &a);
                fe51_carry(&want, &d);
                check_lane(got, k, &want, "neg_lanes", n);
            } else {
                CHECK(memcmp(got[k], l2p[k], 40) == 0, "neg_lanes: unselected lane %c kept",
                      "ABCD"[k]);
            }
        }
        /* in place, twice: -(-f) = f limb for limb */
        fe52x4_neg_lanes(&h, &h, sel);
        lanes_get(got, &h);
        CHECK(memcmp(got, l2p, sizeof got) == 0, "neg_lanes twice (in place)");
    }
}

/* ---- field: carrying operations ---------------------------------------------------------- */

static void test_reduce(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        fe52x4 f, h;
        /* any 64-bit limbs, all-maximal ones included */
        for (int k = 0; k < 4; k++) {
            const uint64_t all = test_rng_below(8);
            for (int i = 0; i < 5; i++) {
                const uint64_t mode = all == 0 ? 0 : test_rng_below(4);
                lf[k][i] = mode == 0 ? UINT64_MAX : mode == 1 ? 0 : test_rng_u64();
            }
        }
        lanes_set(&f, lf);
        if (n & 1) {
            fe52x4_reduce(&h, &f);
        } else {
            h = f;
            fe52x4_reduce(&h, &h);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            fe51 want;
            to_tight(&want, lf[k]);
            check_lane(got, k, &want, "reduce", n);
            CHECK(within_2p(got[k]), "reduce: output ≤ 2p");
        }
        check_bound(got, FE52X4_B_REDUCED, "reduce", n);
    }
}

static void test_mul(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, lg, got;
        fe52x4 f, g, h;
        fe51 want[4], want_sq[4];
        /* operands up to 2^52 - 1 in every limb: the multiplier's whole width */
        rand_lanes(lf, FE52X4_B_MUL_IN);
        rand_lanes(lg, FE52X4_B_MUL_IN);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        for (int k = 0; k < 4; k++) {
            fe51 a, b;
            lane_value(&a, lf, k);
            lane_value(&b, lg, k);
            fe51_mul(&want[k], &a, &b);
            fe51_sq(&want_sq[k], &b);
        }
        for (int alias = 0; alias < 4; alias++) {
            if (alias == 0) fe52x4_mul(&h, &f, &g);
            if (alias == 1) h = f, fe52x4_mul(&h, &h, &g);
            if (alias == 2) h = g, fe52x4_mul(&h, &f, &h);
            if (alias == 3) h = g, fe52x4_mul(&h, &h, &h);
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++)
                check_lane(got, k, alias == 3 ? &want_sq[k] : &want[k], "mul", n);
            check_bound(got, FE52X4_B_PRODUCT, "mul", n);
        }
        /* squaring, and in place */
        if (n & 1) {
            fe52x4_sq(&h, &g);
        } else {
            h = g;
            fe52x4_sq(&h, &h);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) check_lane(got, k, &want_sq[k], "sq", n);
        check_bound(got, FE52X4_B_PRODUCT, "sq", n);
    }
}

static void test_mul_small(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        fe52x4 f, h;
        uint32_t c[4];
        for (int k = 0; k < 4; k++) {
            const uint64_t mode = test_rng_below(4);
            c[k] = mode == 0   ? (1u << 20) - 1
                   : mode == 1 ? (k == 3 ? 2 * 121665u : k == 2 ? 2 * 121666u : 121666u)
                               : (uint32_t)test_rng_below(1u << 20);
        }
        rand_lanes(lf, FE52X4_B_MUL_IN);
        lanes_set(&f, lf);
        if (n & 1) {
            fe52x4_mul_small(&h, &f, c[0], c[1], c[2], c[3]);
        } else {
            h = f;
            fe52x4_mul_small(&h, &h, c[0], c[1], c[2], c[3]);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            fe51 a, want;
            fe51_loose al;
            lane_value(&a, lf, k);
            fe51_relax(&al, &a);
            fe51_mul_small(&want, &al, c[k]);
            check_lane(got, k, &want, "mul_small", n);
        }
        check_bound(got, FE52X4_B_SMALL, "mul_small", n);
    }
}

/* ---- points: the shared vector point tests ------------------------------------------------ */

/* Every point operation's output bound (the largest product). */
#define VPT_B_POINT FE52X4_B_PRODUCT
#include "../vector/vpoint_tests.c"

/*
 * Points at the edge of the invariant: the lanes of a point whose limbs are
 * all maximal for b < 9.07 (the largest product), with the point's value.
 * A point (X : Y : Z : T) is changed by adding multiples of p limb by limb
 * (k·p in radix 2^51 has limbs k(2^51 - 19), k(2^51 - 1), …), which keeps
 * its value and pushes each limb towards the bound.
 */
static void inflate(ge_ifma_ext *r, const ge_ifma_ext *p)
{
    lanes_t l;
    const uint64_t max = limb_max(FE52X4_B_PRODUCT);
    lanes_get(l, &p->xyzt);
    for (int k = 0; k < 4; k++) {
        /* the largest k with every limb + k·(2^51 - 1) ≤ max: limbs here are < 2^52 */
        const uint64_t m = (max - (UINT64_C(1) << 52)) / ((UINT64_C(1) << 51) - 1);
        const uint64_t kk = test_rng_below(2) ? m : test_rng_below(m + 1);
        l[k][0] += kk * ((UINT64_C(1) << 51) - 19);
        for (int i = 1; i < 5; i++) l[k][i] += kk * ((UINT64_C(1) << 51) - 1);
    }
    lanes_set(&r->xyzt, l);
}

static void test_points_at_bound(void)
{
    uint8_t want[32], got[32];
    for (int n = 0; n < 1000; n++) {
        ge_ext p, q, ref;
        ge_ifma_ext vp, vq, vr;
        ge_ifma_cached cq;
        next_point(&p);
        next_point(&q);
        ge_ext_to_ifma(&vp, &p);
        ge_ext_to_ifma(&vq, &q);
        inflate(&vp, &vp);
        inflate(&vq, &vq);
        CHECK(point_ok(&vp) && point_ok(&vq), "inflated points stay within b < 9.07");

        ge_ext_add(&ref, &p, &q);
        enc_serial(want, &ref);
        ge_ifma_ext_add(&vr, &vp, &vq);
        enc_vec(got, &vr);
        CHECK_BYTES(got, want, 32, "ext_add at the bound");
        ge_ifma_ext_to_cached(&cq, &vq);
        CHECK(cached_ok(&cq), "to_cached at the bound: ≤ 2p");
        ge_ifma_add_cached(&vr, &vp, &cq);
        enc_vec(got, &vr);
        CHECK_BYTES(got, want, 32, "add_cached at the bound");

        ge_ext_dbl(&ref, &p);
        enc_serial(want, &ref);
        ge_ifma_ext_dbl(&vr, &vp);
        enc_vec(got, &vr);
        CHECK_BYTES(got, want, 32, "ext_dbl at the bound");
        enc_vec(got, &vp);
        enc_serial(want, &p);
        CHECK_BYTES(got, want, 32, "to_ext at the bound");
    }
}

/* ---- the backend against the serial backend ----------------------------------------------- */

static void test_backend(void)
{
    uint8_t want[32], got[32], s[32], a[32], b[32];
    const struct backend *ifma = backend_by_name("ifma");

    CHECK(ifma == &ifma_backend, "the ifma backend is available on this CPU");
    if (ifma != &ifma_backend) return;
    for (int n = 0; n < N_SCALARMULT; n++) {
        ge_ext p, r1, r2;
        next_point(&p);
        test_rng_bytes(s, 32);
        s[31] &= 127;
        if (n == 0) memset(s, 0, 32);
        if (n == 1) memset(s, 0xff, 31), s[31] = 127;
        ifma_backend.scalarmult(&r1, s, &p);
        serial_backend.scalarmult(&r2, s, &p);
        enc_serial(got, &r1);
        enc_serial(want, &r2);
        CHECK_BYTES(got, want, 32, "ifma scalarmult");

        test_rng_bytes(a, 32);
        test_rng_bytes(b, 32);
        if (n == 2) memset(a, 0, 32), memset(b, 0, 32);
        if (n == 3) memset(a, 0xff, 32), memset(b, 0xff, 32);
        ifma_backend.double_scalarmult_vartime(&r1, a, &p, b);
        serial_backend.double_scalarmult_vartime(&r2, a, &p, b);
        enc_serial(got, &r1);
        enc_serial(want, &r2);
        CHECK_BYTES(got, want, 32, "ifma double_scalarmult_vartime");
    }
}

/* ---- cycle counts (--bench) ------------------------------------------------------------------- */

static void bench(void)
{
    lanes_t la, lb;
    fe52x4 x, y;
    fe51 u[4], v[4];
    ge_ext p, q;
    ge_ifma_ext vp;
    uint8_t buf[32];

    printf("rdtsc reference cycles per operation (min of %d runs of %d), serial fe = %s\n",
           TIMER_RUNS, TIMER_ITERS, FE_BACKEND_NAME);
    rand_lanes(la, 0.0);
    rand_lanes(lb, 0.0);
    lanes_set(&x, la);
    lanes_set(&y, lb);
    for (int k = 0; k < 4; k++) {
        to_tight(&u[k], la[k]);
        to_tight(&v[k], lb[k]);
    }
    /* a product chain needs a carry pass between products, as in the formulas */
    TIMER_MIN_PER_ITER("fe52x4_mul + reduce (4 products)", {
        fe52x4_mul(&x, &x, &y);
        fe52x4_reduce(&x, &x);
    });
    TIMER_MIN_PER_ITER("4 x fe51_mul", for (int k = 0; k < 4; k++) fe51_mul(&u[k], &u[k], &v[k]));
    TIMER_MIN_PER_ITER("fe52x4_sq + reduce (4 squares)", {
        fe52x4_sq(&x, &x);
        fe52x4_reduce(&x, &x);
    });
    TIMER_MIN_PER_ITER("4 x fe51_sq", for (int k = 0; k < 4; k++) fe51_sq(&u[k], &u[k]));
    TIMER_MIN_PER_ITER("fe52x4_mul_small + reduce", {
        fe52x4_mul_small(&x, &x, 121666, 121666, 243332, 243330);
        fe52x4_reduce(&x, &x);
    });
    TIMER_MIN_PER_ITER("fe52x4_reduce", fe52x4_reduce(&x, &x));

    next_point(&p);
    next_point(&q);
    bench_points(&vp, &p, &q);
    /* keep the results alive */
    enc_vec(buf, &vp);
    lanes_get(la, &x);
    printf("  (checksum %02x)\n", buf[0] ^ (uint8_t)la[0][0] ^ (uint8_t)u[0].v[0]);
}

int main(int argc, char **argv)
{
    test_require_ifma();
    make_pool();
    timer_bench_mode(argc, argv, bench);
    test_pack_unpack();
    test_blend();
    test_shuffle();
    test_cmov();
    test_add_sub();
    test_neg();
    test_reduce();
    test_mul();
    test_mul_small();
    test_vpoints();
    test_points_at_bound();
    test_backend();
    return test_done();
}
