/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The 4-way vector field tests and lane helpers that the AVX2 (fe2625x4) and
 * IFMA (fe52x4) backends share, written once and compiled per ISA like
 * tests/vector/vpoint_tests.c: tests/avx2/test_avx2.c and
 * tests/ifma/test_ifma.c describe their limbs, their serial reference field
 * and their vector operations, and #include this file.
 *
 * Every vector result is compared lane by lane with the serial reference
 * field (fe2625 for AVX2, fe51 for IFMA) as canonical bytes; inputs are
 * random below the bound each function accepts, at that bound (every limb
 * maximal) and mixtures of zero and maximal limbs; each function's output
 * bound is checked limb by limb, and each function is also run in place.
 *
 * The including file provides, before the #include:
 *   vt_limb, VT_NLIMBS                    a lane's limb type and count
 *   vt_wide                               an unsigned type twice as wide as vt_limb
 *   limb_width(i)                         w_i, the width of limb i (radix 2^w_i)
 *   limb_2p(i)                            limb i of 2p
 *   lanes_t, lanes_get(l, f), lanes_set(f, l)   the limbs of the four lanes
 *   vt_sfe, vt_sfe_loose and sfe_tobytes, sfe_relax, sfe_carry, sfe_sub,
 *   sfe_neg, sfe_mul, sfe_sq, sfe_mul_small: the serial reference field
 *   vt_pack, vt_unpack, vt_blend, vt_shuffle, vt_cmov, vt_add, vt_sub,
 *   vt_reduce, vt_mul, vt_sq, vt_mul_small   the vector field under test
 *   VT_B_MOVE      the bound of inputs to blend, shuffle and cmov
 *   VT_B_PACK      the bound of the serial inputs to pack
 *   VT_B_REDUCED   the bound of reduce's output; VT_REDUCED_2P: also ≤ 2p (1 or 0)
 *   VT_B_MUL_LEFT, VT_B_MUL_RIGHT, VT_B_MUL   mul: input and output bounds
 *   VT_B_SQ_IN, VT_B_SQ                       sq: input and output bounds
 *   VT_B_SMALL_IN, VT_B_SMALL                 mul_small: input and output bounds
 *   N_FIELD                               iterations of each test
 */
#include "backend/vector/vpoint.h" /* vfe, the ISA's 4-way field element */

/* ---- helpers: lanes, bounds, values ----------------------------------------- */

/* The largest value of limb i below 2^(w_i + b), capped at the limb type's maximum. */
static vt_limb limb_max(int i, double b)
{
    const double top = 2.0 * (double)((vt_limb)-1 / 2 + 1); /* 2^32 or 2^64 */
    double lim = bounds_pow2(limb_width(i) + b);
    uint64_t m;
    if (lim >= top) return (vt_limb)-1;
    m = (uint64_t)lim;
    if ((double)m >= lim) m--;
    return (vt_limb)m;
}

/* A tight reference element with the value of arbitrary limbs (mod p): three carry passes. */
static void to_tight(vt_sfe *f, const vt_limb l[VT_NLIMBS])
{
    const int top = limb_width(VT_NLIMBS - 1);
    vt_wide t[VT_NLIMBS];
    for (int i = 0; i < VT_NLIMBS; i++) t[i] = l[i];
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < VT_NLIMBS - 1; i++) {
            t[i + 1] += t[i] >> limb_width(i);
            t[i] &= ((vt_wide)1 << limb_width(i)) - 1;
        }
        t[0] += 19 * (t[VT_NLIMBS - 1] >> top);
        t[VT_NLIMBS - 1] &= ((vt_wide)1 << top) - 1;
    }
    for (int i = 0; i < VT_NLIMBS; i++) f->v[i] = (vt_limb)t[i];
}

/* Every limb of l below 2^(w_i + b). */
static int within(const vt_limb l[VT_NLIMBS], double b)
{
    for (int i = 0; i < VT_NLIMBS; i++)
        if (l[i] > limb_max(i, b)) return 0;
    return 1;
}

/* Every limb of l at most the limb of 2p. */
static int within_2p(const vt_limb l[VT_NLIMBS])
{
    for (int i = 0; i < VT_NLIMBS; i++)
        if (l[i] > limb_2p(i)) return 0;
    return 1;
}

static void canon(uint8_t s[32], const vt_limb l[VT_NLIMBS])
{
    vt_sfe f;
    to_tight(&f, l);
    sfe_tobytes(s, &f);
}

/* A random limb in [0, max]. */
static vt_limb rand_limb(vt_limb max)
{
    if (sizeof(vt_limb) == 8 && max == (vt_limb)-1) return (vt_limb)test_rng_u64();
    return (vt_limb)test_rng_below((uint64_t)max + 1);
}

/* Random limbs at most max[i]: uniform, all maximal, or a mixture of 0 and maximal. */
static void rand_limbs_below(vt_limb l[VT_NLIMBS], const vt_limb max[VT_NLIMBS])
{
    uint64_t mode = test_rng_below(8);
    for (int i = 0; i < VT_NLIMBS; i++) {
        if (mode == 0)
            l[i] = max[i];
        else if (mode == 1)
            l[i] = (test_rng_u64() & 1) ? max[i] : 0;
        else
            l[i] = rand_limb(max[i]);
    }
}

/* Random limbs below 2^(w_i + b), in the three modes of rand_limbs_below. */
static void rand_limbs(vt_limb l[VT_NLIMBS], double b)
{
    vt_limb max[VT_NLIMBS];
    for (int i = 0; i < VT_NLIMBS; i++) max[i] = limb_max(i, b);
    rand_limbs_below(l, max);
}

/* Random limbs at most those of 2p, in the same three modes. */
static void rand_limbs_2p(vt_limb l[VT_NLIMBS])
{
    vt_limb max[VT_NLIMBS];
    for (int i = 0; i < VT_NLIMBS; i++) max[i] = limb_2p(i);
    rand_limbs_below(l, max);
}

/* h = op(f), or in place (h = f first, then h = op(h)): both ways are tested. */
static void run_unary(int in_place, vfe *h, const vfe *f, void (*op)(vfe *, const vfe *))
{
    if (in_place) {
        *h = *f;
        op(h, h);
    } else {
        op(h, f);
    }
}

static void rand_lanes(lanes_t l, double b)
{
    for (int k = 0; k < 4; k++) rand_limbs(l[k], b);
}

/* Compare lane k of a vector result with the serial result want. */
static void check_lane(lanes_t got, int k, const vt_sfe *want, const char *what, int n)
{
    uint8_t a[32], b[32];
    canon(a, got[k]);
    sfe_tobytes(b, want);
    CHECK(memcmp(a, b, 32) == 0, "%s: lane %c differs (iteration %d)", what, "ABCD"[k], n);
}

static void check_bound(lanes_t got, double b, const char *what, int n)
{
    for (int k = 0; k < 4; k++)
        CHECK(within(got[k], b), "%s: lane %c exceeds b = %g (iteration %d)", what, "ABCD"[k], b,
              n);
}

/* want = f - g, and want = -f (mod p), for the limbs f, g of a lane. */
static void ref_sub(vt_sfe *want, const vt_limb f[VT_NLIMBS], const vt_limb g[VT_NLIMBS])
{
    vt_sfe a, b;
    vt_sfe_loose d;
    to_tight(&a, f);
    to_tight(&b, g);
    sfe_sub(&d, &a, &b);
    sfe_carry(want, &d);
}

static void ref_neg(vt_sfe *want, const vt_limb f[VT_NLIMBS])
{
    vt_sfe a;
    vt_sfe_loose d;
    to_tight(&a, f);
    sfe_neg(&d, &a);
    sfe_carry(want, &d);
}

/* ---- field: pack, unpack, lane moves, cmov ---------------------------------------- */

static void test_pack_unpack(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        vt_sfe in[4], out[4];
        vfe f;
        lanes_t got;
        for (int k = 0; k < 4; k++) rand_limbs(in[k].v, VT_B_PACK);
        vt_pack(&f, &in[0], &in[1], &in[2], &in[3]);
        lanes_get(got, &f);
        for (int k = 0; k < 4; k++)
            CHECK(memcmp(got[k], in[k].v, sizeof in[k].v) == 0, "pack: lane %c", "ABCD"[k]);
        vt_unpack(&out[0], &out[1], &out[2], &out[3], &f);
        for (int k = 0; k < 4; k++)
            CHECK(memcmp(out[k].v, in[k].v, sizeof in[k].v) == 0, "unpack: lane %c", "ABCD"[k]);
    }
}

/* blend takes a constant LANES_* name; mask: bit k set when lane k comes from b. */
#define TEST_BLEND(lanes, mask)                                                        \
    do {                                                                               \
        vfe r = vt_blend(a, b, lanes);                                                 \
        lanes_t got;                                                                   \
        lanes_get(got, &r);                                                            \
        for (int k = 0; k < 4; k++)                                                    \
            CHECK(memcmp(got[k], ((mask) >> k & 1) ? lb[k] : la[k], sizeof got[k]) == 0, \
                  "blend %s: lane %c", #lanes, "ABCD"[k]);                             \
    } while (0)

static void test_blend(void)
{
    for (int n = 0; n < 100; n++) {
        lanes_t la, lb;
        vfe a, b;
        rand_lanes(la, VT_B_MOVE);
        rand_lanes(lb, VT_B_MOVE);
        lanes_set(&a, la);
        lanes_set(&b, lb);
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

/* Every shuffle of the shared list (backend/vector/lanes.h), each a constant SHUF_* name. */
#define TEST_SHUFFLE(name, a_, b_, c_, d_)                                                  \
    do {                                                                                \
        static const char src[] = #a_ #b_ #c_ #d_;                                      \
        vfe r = vt_shuffle(a, name);                                                    \
        lanes_t got;                                                                    \
        lanes_get(got, &r);                                                             \
        for (int k = 0; k < 4; k++)                                                     \
            CHECK(memcmp(got[k], la[src[k] - 'A'], sizeof got[k]) == 0,                 \
                  "shuffle %s: lane %c", src, "ABCD"[k]);                               \
    } while (0);

static void test_shuffle(void)
{
    for (int n = 0; n < 100; n++) {
        lanes_t la;
        vfe a;
        rand_lanes(la, VT_B_MOVE);
        lanes_set(&a, la);
        LANES4_SHUFFLES(TEST_SHUFFLE)
    }
}

static void test_cmov(void)
{
    for (int n = 0; n < 1000; n++) {
        lanes_t la, lb, got;
        vfe a, b, r;
        int bit = (int)(test_rng_u64() & 1);
        rand_lanes(la, VT_B_MOVE);
        rand_lanes(lb, VT_B_MOVE);
        lanes_set(&a, la);
        lanes_set(&b, lb);
        r = a;
        vt_cmov(&r, &b, ct_from_bit((uint64_t)bit));
        lanes_get(got, &r);
        CHECK(memcmp(got, bit ? lb : la, sizeof got) == 0, "cmov(%d)", bit);
    }
}

/* ---- field: lazy arithmetic ------------------------------------------------------------ */

/* h = op(f, g); alias 1: in place on f (h = f first), alias 2: in place on g. */
static void run_binary(int alias, vfe *h, const vfe *f, const vfe *g,
                       void (*op)(vfe *, const vfe *, const vfe *))
{
    if (alias == 0) op(h, f, g);
    if (alias == 1) *h = *f, op(h, h, g);
    if (alias == 2) *h = *g, op(h, f, h);
}

/* add: exact limb sums; in place on either side. */
static void check_add(const vfe *f, const vfe *g, lanes_t lf, lanes_t lg, lanes_t got)
{
    vfe h;
    for (int alias = 0; alias < 3; alias++) {
        run_binary(alias, &h, f, g, vt_add);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++)
            for (int i = 0; i < VT_NLIMBS; i++)
                CHECK(got[k][i] == lf[k][i] + lg[k][i], "add (alias %d)", alias);
    }
}

/* sub: f + bias - g limb by limb, value f - g; in place on either side. */
static void check_sub(const vfe *f, const vfe *g, lanes_t lf, lanes_t lg, lanes_t got,
                      const vt_limb bias[VT_NLIMBS], int n)
{
    vfe h;
    for (int alias = 0; alias < 3; alias++) {
        run_binary(alias, &h, f, g, vt_sub);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            vt_sfe want;
            for (int i = 0; i < VT_NLIMBS; i++)
                CHECK(got[k][i] == lf[k][i] + bias[i] - lg[k][i], "sub limbs (alias %d)", alias);
            ref_sub(&want, lf[k], lg[k]);
            check_lane(got, k, &want, "sub", n);
        }
    }
}

/* ---- field: carrying operations ---------------------------------------------------------- */

/*
 * reduce: any limbs (whole lanes at the limb type's maximum included) to
 * b < VT_B_REDUCED, the value kept; with VT_REDUCED_2P also at most 2p.
 */
static void test_reduce(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        vfe f, h;
        for (int k = 0; k < 4; k++) {
            const uint64_t all = test_rng_below(8);
            for (int i = 0; i < VT_NLIMBS; i++) {
                const uint64_t mode = all == 0 ? 0 : test_rng_below(4);
                lf[k][i] = mode == 0 ? (vt_limb)-1 : mode == 1 ? 0 : (vt_limb)test_rng_u64();
            }
        }
        lanes_set(&f, lf);
        run_unary(!(n & 1), &h, &f, vt_reduce);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            vt_sfe want;
            to_tight(&want, lf[k]);
            check_lane(got, k, &want, "reduce", n);
            if (VT_REDUCED_2P) CHECK(within_2p(got[k]), "reduce: output ≤ 2p");
        }
        check_bound(got, VT_B_REDUCED, "reduce", n);
    }
}

static void test_mul(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, lg, got;
        vfe f, g, h;
        vt_sfe want[4], want_sq[4];
        rand_lanes(lf, VT_B_MUL_LEFT);
        rand_lanes(lg, VT_B_MUL_RIGHT);
        lanes_set(&f, lf);
        lanes_set(&g, lg);
        for (int k = 0; k < 4; k++) {
            vt_sfe a, b;
            to_tight(&a, lf[k]);
            to_tight(&b, lg[k]);
            sfe_mul(&want[k], &a, &b);
            sfe_sq(&want_sq[k], &b);
        }
        for (int alias = 0; alias < 4; alias++) {
            run_binary(alias, &h, &f, &g, vt_mul);
            if (alias == 3) h = g, vt_mul(&h, &h, &h); /* g·g: both bounds hold for g */
            lanes_get(got, &h);
            for (int k = 0; k < 4; k++)
                check_lane(got, k, alias == 3 ? &want_sq[k] : &want[k], "mul", n);
            check_bound(got, VT_B_MUL, "mul", n);
        }
    }
}

/* A random f below VT_B_SQ_IN (its lanes in lf) and the squares of its lanes. */
static void rand_sq_input(vfe *f, lanes_t lf, vt_sfe want[4])
{
    rand_lanes(lf, VT_B_SQ_IN);
    lanes_set(f, lf);
    for (int k = 0; k < 4; k++) {
        vt_sfe a;
        to_tight(&a, lf[k]);
        sfe_sq(&want[k], &a);
    }
}

static void test_sq(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        vfe f, h;
        vt_sfe want[4];
        rand_sq_input(&f, lf, want);
        run_unary(!(n & 1), &h, &f, vt_sq);
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) check_lane(got, k, &want[k], "sq", n);
        check_bound(got, VT_B_SQ, "sq", n);
    }
}

static void test_mul_small(void)
{
    for (int n = 0; n < N_FIELD; n++) {
        lanes_t lf, got;
        vfe f, h;
        uint32_t c[4];
        for (int k = 0; k < 4; k++) {
            uint64_t mode = test_rng_below(4);
            c[k] = mode == 0   ? (1u << 20) - 1
                   : mode == 1 ? (k == 3 ? 2 * 121665u : k == 2 ? 2 * 121666u : 121666u)
                               : (uint32_t)test_rng_below(1u << 20);
        }
        rand_lanes(lf, VT_B_SMALL_IN);
        lanes_set(&f, lf);
        if (n & 1) {
            vt_mul_small(&h, &f, c[0], c[1], c[2], c[3]);
        } else {
            h = f;
            vt_mul_small(&h, &h, c[0], c[1], c[2], c[3]);
        }
        lanes_get(got, &h);
        for (int k = 0; k < 4; k++) {
            vt_sfe a, want;
            vt_sfe_loose al;
            to_tight(&a, lf[k]);
            sfe_relax(&al, &a);
            sfe_mul_small(&want, &al, c[k]);
            check_lane(got, k, &want, "mul_small", n);
        }
        check_bound(got, VT_B_SMALL, "mul_small", n);
    }
}

/* ---- cycle counts (--bench) ------------------------------------------------------------------- */

/* Prints the header of the cycle counts; random operands x, y, their lanes as serial s, t. */
static void bench_operands(vfe *x, vfe *y, vt_sfe s[4], vt_sfe t[4])
{
    lanes_t la, lb;
    printf("rdtsc reference cycles per operation (min of %d runs of %d), serial fe = %s\n",
           TIMER_RUNS, TIMER_ITERS, FE_BACKEND_NAME);
    rand_lanes(la, 0.0);
    rand_lanes(lb, 0.0);
    lanes_set(x, la);
    lanes_set(y, lb);
    for (int k = 0; k < 4; k++) {
        to_tight(&s[k], la[k]);
        to_tight(&t[k], lb[k]);
    }
}

/* Prints a checksum of the running values (so that the timed code is kept), x and extra. */
static void bench_checksum(const vfe *x, uint8_t extra)
{
    lanes_t l;
    lanes_get(l, x);
    printf("  (checksum %02x)\n", (uint8_t)l[0][0] ^ extra);
}
