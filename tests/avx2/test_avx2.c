/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the AVX2 backend's first half: the 4-way field fe2625x4
 * (src/backend/avx2/fe2625x4.[ch]) and the 4-way HWCD points
 * (src/backend/avx2/edwards_avx2.[ch]).
 *
 * References, none of them the code under test (the field tests and lane
 * helpers shared with the IFMA backend are tests/vector/vfield_tests.c):
 *   - every field operation against four serial fe2625 computations, one per
 *     lane (src/field/fe2625.h), compared as canonical bytes; vector
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
#include "field/fe2625.h"
#include "field/fe51.h"
#include "backend/serial/ge.h"
#include "internal/bounds.h"
#include "test.h"
#include "timer.h"

#define N_FIELD 10000
#define N_POINT 10000

static const int WIDTH[10] = {26, 25, 26, 25, 26, 25, 26, 25, 26, 25};

/* ---- the lanes, the serial reference (fe2625), the shared field tests ------------- */

typedef uint32_t vt_limb;
#define VT_NLIMBS 10

typedef uint64_t vt_wide; /* the carry passes of to_tight */

static int limb_width(int i)
{
    return WIDTH[i];
}

static uint32_t limb_2p(int i)
{
    return FE2625_2P(i);
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

typedef fe2625 vt_sfe;
typedef fe2625_loose vt_sfe_loose;
#define sfe_tobytes fe2625_tobytes
#define sfe_relax fe2625_relax
#define sfe_carry fe2625_carry
#define sfe_sub fe2625_sub
#define sfe_neg fe2625_neg
#define sfe_mul fe2625_mul
#define sfe_sq fe2625_sq
#define sfe_mul_small fe2625_mul_small
#define vt_pack fe2625x4_pack
#define vt_unpack fe2625x4_unpack
#define vt_blend fe2625x4_blend
#define vt_shuffle fe2625x4_shuffle
#define vt_cmov fe2625x4_cmov
#define vt_add fe2625x4_add
#define vt_sub fe2625x4_sub
#define vt_reduce fe2625x4_reduce
#define vt_mul fe2625x4_mul
#define vt_sq fe2625x4_sq
#define vt_mul_small fe2625x4_mul_small
#define VT_B_MOVE 6.0
#define VT_B_PACK 0.16
#define VT_B_REDUCED FE2625X4_B_REDUCED
#define VT_REDUCED_2P 0
#define VT_B_MUL_LEFT FE2625X4_B_MUL_LEFT
#define VT_B_MUL_RIGHT FE2625X4_B_MUL_RIGHT
#define VT_B_MUL FE2625X4_B_MUL
#define VT_B_SQ_IN FE2625X4_B_MUL_RIGHT
#define VT_B_SQ FE2625X4_B_SQ
#define VT_B_SMALL_IN 6.0
#define VT_B_SMALL FE2625X4_B_SMALL
#include "../vector/vfield_tests.c"

/* ---- field: lazy arithmetic ------------------------------------------------------------ */

static void test_add_sub_neg(void)
{
    vt_limb two_p[10];
    for (int i = 0; i < 10; i++) two_p[i] = FE2625_2P(i);
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, lg, l2p, got;
        fe2625x4 f, g, g2p, h;
        rand_lanes(lf, 5.0);
        rand_lanes(lg, 5.0);
        for (int k = 0; k < 4; k++) rand_limbs_2p(l2p[k]);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        lanes_set(&g2p, l2p);
        check_add(&f, &g, lf, lg, got);
        /* sub: f + 2p - g, value f - g */
        check_sub(&f, &g2p, lf, l2p, got, two_p, n);
        /* the output bound lg(2^b_f + 2) = lg 34 < 5.09 for b_f = 5 */
        check_bound(got, 5.09, "sub", n);

        /* neg: 2p - f for f ≤ 2p, output ≤ 2p, and -(-f) = f limb for limb */
        fe2625x4_neg(&h, &g2p);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            fe2625 want;
            CHECK(within_2p(got[k]), "neg: output ≤ 2p");
            ref_neg(&want, l2p[k]);
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

/* sq_neg: the square, negated in the selected lanes (the shared test_sq has the plain square). */
static void test_sq_neg(void)
{
    static const fe2625x4_lanes sets[16] = {
        LANES_NONE, LANES_A,  LANES_B,  LANES_AB, LANES_C,
        LANES_AC,   LANES_BC, LANES_A | LANES_B | LANES_C, LANES_D,
        LANES_AD,   LANES_BD, LANES_A | LANES_B | LANES_D, LANES_CD,
        LANES_A | LANES_C | LANES_D, LANES_B | LANES_C | LANES_D, LANES_ABCD};
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        fe2625x4 f, h;
        fe2625 want[4];
        int sel = (int)test_rng_below(16); /* bit k: negate lane k */
        rand_sq_input(&f, lf, want);
        if (n & 2) {
            fe2625x4_sq_neg(&h, &f, sets[sel]);
        } else {
            h = f;
            fe2625x4_sq_neg(&h, &h, sets[sel]);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            int neg = sel >> k & 1;
            fe2625 want_neg;
            fe2625_loose d;
            fe2625_neg(&d, &want[k]);
            fe2625_carry(&want_neg, &d);
            check_lane(got, k, neg ? &want_neg : &want[k], "sq_neg", n);
            CHECK(within(got[k], neg ? FE2625X4_B_SQNEG : FE2625X4_B_SQ),
                  "sq_neg: lane %c bound (iteration %d)", "ABCD"[k], n);
        }
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
 * The whole algorithms of the AVX2 backend (src/backend/vector/variable_base.c,
 * fixed_base.c, double_base.c)
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
    fe2625x4 x, y;
    fe2625 s[4], t[4];
    fe51 u[4], v[4];
    ge_ext q;
    ge_avx2_ext vp;
    uint8_t buf[32];

    bench_operands(&x, &y, s, t);
    for (int k = 0; k < 4; k++) {
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

    bench_points(&vp, &q);
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
    enc_vec(buf, &vp);
    bench_checksum(&x, buf[0] ^ (uint8_t)s[0].v[0] ^ (uint8_t)u[0].v[0]);
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
    test_sq_neg();
    test_mul_small();
    test_vpoints();
    test_algorithms();
    return test_done();
}
