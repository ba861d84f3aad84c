/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the IFMA backend: the 4-way field fe52x4
 * (src/backend/ifma/fe52x4.h), the 4-way HWCD points
 * (src/backend/ifma/edwards_ifma.[ch]) and the backend table built on them.
 *
 * References, none of them the code under test (the field tests and lane
 * helpers shared with the AVX2 backend are tests/vector/vfield_tests.c):
 *   - every field operation against four serial fe51 computations, one per
 *     lane (src/field/fe51.h), compared as canonical bytes; vector
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
#include "backend/ifma/scalarmult_x2.h"
#include "field/fe51.h"
#include "backend/serial/ge.h"
#include "internal/bounds.h"
#include "test.h"
#include "timer.h"

#define N_FIELD 10000
#define N_POINT 10000
#define N_SCALARMULT 200

/* ---- the lanes, the serial reference (fe51), the shared field tests ------------- */

typedef uint64_t vt_limb;
#define VT_NLIMBS 5

typedef fe51_u128 vt_wide;

static int limb_width(int i)
{
    (void)i;
    return 51;
}

static uint64_t limb_2p(int i)
{
    return i == 0 ? FE52X4_2P0 : FE52X4_2P1;
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

typedef fe51 vt_sfe;
typedef fe51_loose vt_sfe_loose;
#define sfe_tobytes fe51_tobytes
#define sfe_relax fe51_relax
#define sfe_carry fe51_carry
#define sfe_sub fe51_sub
#define sfe_neg fe51_neg
#define sfe_mul fe51_mul
#define sfe_sq fe51_sq
#define sfe_mul_small fe51_mul_small
#define vt_pack fe52x4_pack
#define vt_unpack fe52x4_unpack
#define vt_blend fe52x4_blend
#define vt_shuffle fe52x4_shuffle
#define vt_cmov fe52x4_cmov
#define vt_add fe52x4_add
#define vt_sub fe52x4_sub
#define vt_reduce fe52x4_reduce
#define vt_mul fe52x4_mul
#define vt_sq fe52x4_sq
#define vt_mul_small fe52x4_mul_small
#define VT_B_MOVE 13.0
#define VT_B_PACK FE52X4_B_FE51_TIGHT
/* operands up to 2^52 - 1 in every limb: the multiplier's whole width */
#define VT_B_REDUCED FE52X4_B_REDUCED
#define VT_REDUCED_2P 1
#define VT_B_MUL_LEFT FE52X4_B_MUL_IN
#define VT_B_MUL_RIGHT FE52X4_B_MUL_IN
#define VT_B_MUL FE52X4_B_PRODUCT
#define VT_B_SQ_IN FE52X4_B_MUL_IN
#define VT_B_SQ FE52X4_B_PRODUCT
#define VT_B_SMALL_IN FE52X4_B_MUL_IN
#define VT_B_SMALL FE52X4_B_SMALL
#include "../vector/vfield_tests.c"

/* The in-half detection picks vpshufd for exactly the in-half permutation. */
static void test_shuffle_halves(void)
{
    CHECK(FE52X4_IN_HALVES_(SHUF_BADC), "SHUF_BADC stays in halves");
    CHECK(!FE52X4_IN_HALVES_(SHUF_BACD) && !FE52X4_IN_HALVES_(SHUF_CACA),
          "cross-half shuffles use vpermq");
}

/* ---- field: lazy arithmetic ------------------------------------------------------------ */

static const uint64_t BIAS[5] = {FE52X4_BIAS0, FE52X4_BIAS1, FE52X4_BIAS1, FE52X4_BIAS1,
                                 FE52X4_BIAS1};

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

        check_add(&f, &g, lf, lg, got);
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
        check_sub(&f, &g, lf, lg, got, BIAS, n);
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
                fe51 want;
                ref_neg(&want, l2p[k]);
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
    const uint64_t max = limb_max(0, FE52X4_B_PRODUCT);
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

/*
 * The table's scalarmult_order (src/backend/ifma/scalarmult_x2.c: [s]P and
 * [ℓ]P in the halves of 512-bit registers) against the serial [s]P and
 * ge_ext_is_torsion_free, on points of every coset of the 8-torsion (P + T
 * for P = [8]Q and T = [k]T8, T8 of order 8, k = 0 … 7: in the subgroup
 * exactly when k = 0),
 * the torsion points alone and the identity, and on scalars 0, the largest,
 * ℓ - 1, ℓ (below 2^255, as the table takes them) and random ones; the
 * output may alias P. A wrong digit of ℓ, or a half that leaked into the
 * other, fails both checks.
 */
static void test_scalarmult_order(void)
{
    /* a point of order 8 (libsodium's blocklist of small-order encodings) */
    static const uint8_t t8_enc[32] = {
        0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
        0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a};
    static const uint8_t ell[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 0, 0, 0, 0, 0x10};
    ge_ext t8, tk[8];
    uint8_t s[32], got[32], want[32];
    int in_subgroup = 0;

    if (ifma_backend.scalarmult_order == NULL) {
        CHECK(0, "the ifma table has scalarmult_order");
        return;
    }
    CHECK(ge_ext_frombytes(&t8, t8_enc) == 0, "T8 decodes");
    ge_ext_0(&tk[0]);
    for (int k = 1; k < 8; k++) ge_ext_add(&tk[k], &tk[k - 1], &t8);
    CHECK(ct_declassify_mask(ge_ext_is_identity(&tk[4])) == 0, "T8 has order 8, not 4");
    for (int n = 0; n < 8 * 40; n++) {
        ge_ext p, r1, r2, q;
        ct_mask ord;
        const int k = n % 8;
        if (n < 8) {
            p = tk[k]; /* the torsion points alone, the identity first */
        } else {
            next_point(&q);
            ge_ext_mul_by_cofactor(&q, &q); /* in the subgroup */
            ge_ext_add(&p, &q, &tk[k]);
        }
        test_rng_bytes(s, 32);
        s[31] &= 127;
        if (n % 40 == 8) memset(s, 0, 32);
        if (n % 40 == 9) memset(s, 0xff, 31), s[31] = 127;
        if (n % 40 == 10) memcpy(s, ell, 32);
        if (n % 40 == 11) memcpy(s, ell, 32), s[0]--;
        serial_backend.scalarmult(&r2, s, &p);
        r1 = p;
        ifma_backend.scalarmult_order(&r1, &ord, s, &r1);
        enc_serial(got, &r1);
        enc_serial(want, &r2);
        CHECK_BYTES(got, want, 32, "scalarmult_order: [s]P");
        CHECK(ct_declassify_mask(ord) == ct_declassify_mask(ge_ext_is_torsion_free(&p)),
              "scalarmult_order: [ℓ]P = O iff P is torsion-free");
        in_subgroup += ct_declassify_mask(ord) != 0;
    }
    CHECK(in_subgroup == 40, "one point in eight is in the subgroup");
}

/*
 * ifma_scalarmult_halves_x2 (src/backend/ifma/scalarmult_x2.c: the scalar's
 * low and high 128 bits in the two halves of 512-bit registers, then 128
 * doublings of the high half and one addition) against the serial [s]P, on
 * the same points as above (every coset of the 8-torsion, the torsion points
 * alone, the identity) and on scalars at the split: 0, the largest, ℓ - 1,
 * ℓ, 2^128 - 1, 2^128, 2^128 + 1, one digit on either side of it (bit 124,
 * bit 128), and random ones; the output may alias P. Swapping the halves'
 * digits, dropping the 128 doublings or the final addition, or leaving a
 * half's table out of the scan fails it.
 */
static void test_scalarmult_halves(void)
{
    static const uint8_t ell[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 0, 0, 0, 0, 0x10};
    static const uint8_t t8_enc[32] = {
        0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
        0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a};
    ge_ext t8, tk[8];
    uint8_t s[32], got[32], want[32];

    CHECK(ge_ext_frombytes(&t8, t8_enc) == 0, "T8 decodes");
    ge_ext_0(&tk[0]);
    for (int k = 1; k < 8; k++) ge_ext_add(&tk[k], &tk[k - 1], &t8);
    for (int n = 0; n < 8 * 30; n++) {
        ge_ext p, r1, r2, q;
        const int k = n % 8;
        if (n < 8) {
            p = tk[k];
        } else {
            next_point(&q);
            ge_ext_mul_by_cofactor(&q, &q);
            ge_ext_add(&p, &q, &tk[k]);
        }
        test_rng_bytes(s, 32);
        s[31] &= 127;
        switch (n % 30) {
        case 8: memset(s, 0, 32); break;
        case 9: memset(s, 0xff, 31), s[31] = 127; break;
        case 10: memcpy(s, ell, 32); break;
        case 11: memcpy(s, ell, 32), s[0]--; break;
        case 12: memset(s, 0, 32), memset(s, 0xff, 16); break;        /* 2^128 - 1 */
        case 13: memset(s, 0, 32), s[16] = 1; break;                   /* 2^128 */
        case 14: memset(s, 0, 32), s[16] = 1, s[0] = 1; break;         /* 2^128 + 1 */
        case 15: memset(s, 0, 32), s[15] = 0x10; break;                /* 2^124: digit 31 */
        case 16: memset(s + 16, 0, 16); break;                         /* the low half alone */
        case 17: memset(s, 0, 16); break;                              /* the high half alone */
        case 18: memset(s, 0x88, 32), s[31] = 0x08; break;             /* nibbles of 8: carries through the split */
        default: break;
        }
        serial_backend.scalarmult(&r2, s, &p);
        r1 = p;
        ifma_scalarmult_halves_x2(&r1, s, &r1);
        enc_serial(got, &r1);
        enc_serial(want, &r2);
        CHECK_BYTES(got, want, 32, "scalarmult_halves: [s]P");
    }
}

/* ---- cycle counts (--bench) ------------------------------------------------------------------- */

static void bench(void)
{
    fe52x4 x, y;
    fe51 u[4], v[4];
    ge_ext q;
    ge_ifma_ext vp;
    uint8_t buf[32];

    bench_operands(&x, &y, u, v);
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

    bench_points(&vp, &q);
    enc_vec(buf, &vp);
    bench_checksum(&x, buf[0] ^ (uint8_t)u[0].v[0]);
}

int main(int argc, char **argv)
{
    test_require_ifma();
    make_pool();
    timer_bench_mode(argc, argv, bench);
    test_pack_unpack();
    test_blend();
    test_shuffle();
    test_shuffle_halves();
    test_cmov();
    test_add_sub();
    test_neg();
    test_reduce();
    test_mul();
    test_sq();
    test_mul_small();
    test_vpoints();
    test_points_at_bound();
    test_backend();
    test_scalarmult_order();
    test_scalarmult_halves();
    return test_done();
}
