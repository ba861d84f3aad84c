/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The 4-way point operations of the IFMA backend: the parallel formulas of
 * HWCD for a = -1 twisted Edwards curves, in the seed's SSA form S0 … S15,
 * one fe52x4 per step. Each vector statement is followed by its lane
 * contents and their bounds in the b notation of docs/ifma.md §3 (limbs
 * < 2^(51 + b)); the same bounds are asserted in a -DVEC25519_CHECK_BOUNDS
 * build.
 *
 * Representation: extended points (X, Y, Z, T) in lanes A, B, C, D, left
 * unreduced after their last product (b < 9.07); cached points
 * (S2', S3', Z2', -T2') with S2' = 121666·(Y - X), S3' = 121666·(Y + X),
 * Z2' = 2·121666·Z, -T2' = 2·121665·T, reduced (docs/ifma.md §6: the curve
 * constant 2d = -2·121665/121666 spread over the four lanes as small
 * multipliers, and the sign of T2' moved into the lane pattern of S12 … S15).
 *
 * What differs from the AVX2 formulas (src/backend/avx2/edwards_avx2.c): the
 * lazy additions run in 64-bit limbs with 13 bits of headroom, so every
 * sum and difference is formed from unreduced products and then brought
 * back to a multiplier operand by one parallel carry pass (fe52x4_reduce)
 * before the next product; doubling needs no sign flip of S4; the
 * per-lane additions and subtractions are AVX-512 masked operations rather
 * than an operation and a blend (docs/ifma.md §7).
 *
 * References: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", HWCD 2008 (eprint 2008/522) §3.1 and §4 (the 4-processor
 * tables); the parallel formulas (docs/parallel-formulas.md): the
 * tweaked formulas and the small constants.
 */
#include "edwards_ifma.h"

#include "../vector/point_dbl.h"

/* d = -121665/121666 (RFC 8032 §5.1). */
#define D_NUM 121665u
#define D_DEN 121666u

/* Named bounds of the comments (docs/ifma.md §3). */
#define B_REDUCED FE52X4_B_REDUCED  /* after fe52x4_reduce */
#define B_PROD FE52X4_B_PRODUCT /* a product, and every point */

/* clang-format off */

/*
 * (Y - X, Y + X, Z, T) from (X, Y, Z, T), carried: the first step of
 * addition, re-addition and the cached form. In: b < 9.07; out: b < 0.00001
 * (multiplier operands).
 */
static inline fe52x4 diff_sum_(const fe52x4 *p)
{
    fe52x4 q, t;

    q = fe52x4_shuffle(*p, SHUF_BADC);      /* (Y, X, T, Z), b < 9.07 */
    fe52x4_neg_bias_lanes(&t, p, LANES_A);  /* (-X, Y, Z, T), b < (10.00, 9.07, 9.07, 9.07) */
    fe52x4_add_lanes(&t, &t, &q, &t, LANES_AB);
                                            /* (Y - X, Y + X, Z, T), b < (10.61, 10.07, 9.07, 9.07) */
    FE52X4_CHECK(&t, 10.61, 10.07, B_PROD, B_PROD, "(Y - X, Y + X, Z, T) lazy");
    fe52x4_reduce(&t, &t);                  /* (Y - X, Y + X, Z, T), b < 0.00001 */
    return t;
}

/*
 * (X3, Y3, Z3, T3) from (S8, S9, S10, -S11): the two steps that addition
 * and re-addition share (docs/ifma.md §7.2),
 *
 *     S12 = S9 - S8,  S13 = S9 + S8,  S14 = S10 - S11,  S15 = S10 + S11,
 *     X3 = S12 S14,   Y3 = S15 S13,   Z3 = S15 S14,     T3 = S12 S13.
 *
 * With -S11 in lane D, lanes A and D of S12 … S15 are differences and lanes
 * B and C sums. In: b < 9.07; out: b < 9.07.
 */
static inline void hwcd_finish_(fe52x4 *r, const fe52x4 *s8)
{
    fe52x4 q, s12, left, right;

    q = fe52x4_shuffle(*s8, SHUF_BADC);         /* (S9, S8, -S11, S10), b < 9.07 */
    fe52x4_neg_bias_lanes(&s12, s8, LANES_AD);  /* (-S8, S9, S10, S11),
                                                   b < (10.00, 9.07, 9.07, 10.00) */
    fe52x4_add(&s12, &q, &s12);                 /* (S12, S13, S14, S15),
                                                   b < (10.61, 10.07, 10.07, 10.61) */
    FE52X4_CHECK(&s12, 10.61, 10.07, 10.07, 10.61, "(S12, S13, S14, S15) lazy");
    fe52x4_reduce(&s12, &s12);                  /* (S12, S13, S14, S15), b < 0.00001 */
    left = fe52x4_shuffle(s12, SHUF_ADDA);      /* (S12, S15, S15, S12), b < 0.00001 */
    right = fe52x4_shuffle(s12, SHUF_CBCB);     /* (S14, S13, S14, S13), b < 0.00001 */
    fe52x4_mul(r, &left, &right);               /* (X3, Y3, Z3, T3), b < 9.07 */
}

/* clang-format on */

/* ---- conversions -------------------------------------------------------------- */

/* Identity (0 : 1 : 1 : 0). Constant time. */
void ge_ifma_ext_0(ge_ifma_ext *h)
{
    fe51 zero, one;

    fe51_0(&zero);
    fe51_1(&one);
    fe52x4_pack(&h->xyzt, &zero, &one, &one, &zero);
}

/* The identity cached: 121666·(1 - 0), 121666·(1 + 0), 2·121666·1, 2·121665·0. Constant time. */
void ge_ifma_cached_0(ge_ifma_cached *h)
{
    fe51 s, z, zero;

    fe51_0(&s);
    fe51_0(&z);
    fe51_0(&zero);
    s.v[0] = D_DEN;
    z.v[0] = 2 * D_DEN;
    fe52x4_pack(&h->c, &s, &s, &z, &zero);
}

/*
 * r = p. In: tight fe; out: b < 0.17 (the tight fe51 limbs themselves), or
 * b = 0 through canonical bytes from fe2625. Constant time.
 */
void ge_ext_to_ifma(ge_ifma_ext *r, const ge_ext *p)
{
#if defined(VEC25519_SERIAL_U32)
    const fe *src[4] = {&p->X, &p->Y, &p->Z, &p->T};
    fe51 c[4];
    uint8_t s[32];

    for (int i = 0; i < 4; i++) {
        fe_tobytes(s, src[i]);
        fe51_frombytes(&c[i], s); /* limbs < 2^51: b = 0 */
    }
    fe52x4_pack(&r->xyzt, &c[0], &c[1], &c[2], &c[3]);
    vec25519_wipe(s, sizeof s);
    vec25519_wipe(c, sizeof c);
#else
    fe52x4_pack(&r->xyzt, &p->X, &p->Y, &p->Z, &p->T); /* fe51 tight: b < 0.17 */
#endif
}

/* r = the point in half `half` of p (0; or 1 in the 512-bit build,
 * scalarmult_x2.c). In: b < 9.07; a carry pass gives b < 0.00001 < 0.17;
 * out: tight fe. Constant time. */
static void to_ext_half_(ge_ext *r, const ge_ifma_ext *p, int half)
{
    fe52x4 t;

    fe52x4_reduce(&t, &p->xyzt);
#if defined(VEC25519_SERIAL_U32)
    {
        fe *dst[4] = {&r->X, &r->Y, &r->Z, &r->T};
        fe51 c[4];
        uint8_t s[32];

        fe52x4_unpack_half(&c[0], &c[1], &c[2], &c[3], &t, half);
        for (int i = 0; i < 4; i++) {
            fe51_tobytes(s, &c[i]);
            fe_frombytes(dst[i], s);
        }
        vec25519_wipe(s, sizeof s);
        vec25519_wipe(c, sizeof c);
    }
#else
    fe52x4_unpack_half(&r->X, &r->Y, &r->Z, &r->T, &t, half);
#endif
    vec25519_wipe(&t, sizeof t);
}

/* r = p. In: b < 9.07; out: tight fe. Constant time. */
void ge_ifma_to_ext(ge_ext *r, const ge_ifma_ext *p)
{
    to_ext_half_(r, p, 0);
}

/* clang-format off */

/*
 * r = p in cached form (docs/ifma.md §6), 1D:
 *
 *     S2 = Y - X,  S3 = Y + X,
 *     (S2', S3', Z2', -T2') = (121666 S2, 121666 S3, 2·121666 Z, 2·121665 T).
 *
 * In: b < 9.07; out: b < 0.00001 (≤ 2p). Constant time.
 */
void ge_ifma_ext_to_cached(ge_ifma_cached *r, const ge_ifma_ext *p)
{
    fe52x4 t;

    FE52X4_CHECK1(&p->xyzt, B_PROD, "to_cached: P");
    t = diff_sum_(&p->xyzt);            /* (S2, S3, Z2, T2), b < 0.00001 */
    fe52x4_mul_small(&t, &t, D_DEN, D_DEN, 2 * D_DEN, 2 * D_NUM);
                                        /* (S2', S3', Z2', -T2'), b < 1.0001 */
    fe52x4_reduce(&r->c, &t);           /* (S2', S3', Z2', -T2'), b < 0.00001 */
}

/* ---- arithmetic ------------------------------------------------------------------ */

/*
 * r = p + q: the seed's addition (HWCD unified addition, 2M + 1D), complete
 * on edwards25519 (no exceptional cases):
 *
 *     S0 = Y1 - X1,  S1 = Y1 + X1,  S2 = Y2 - X2,  S3 = Y2 + X2,
 *     S4 = S0 S2,    S5 = S1 S3,    S6 = Z1 Z2,    S7 = T1 T2,
 *     S8 = 121666 S4,  S9 = 121666 S5,  S10 = 2·121666 S6,  -S11 = 2·121665 S7,
 *
 * then S12 … S15 and the products as in hwcd_finish_. In, out: b < 9.07.
 * Constant time; r may alias p or q.
 */
void ge_ifma_ext_add(ge_ifma_ext *r, const ge_ifma_ext *p, const ge_ifma_ext *q)
{
    fe52x4 s0, s2, s4;

    FE52X4_CHECK1(&p->xyzt, B_PROD, "add: P1");
    FE52X4_CHECK1(&q->xyzt, B_PROD, "add: P2");
    s0 = diff_sum_(&p->xyzt);           /* (S0, S1, Z1, T1), b < 0.00001 */
    s2 = diff_sum_(&q->xyzt);           /* (S2, S3, Z2, T2), b < 0.00001 */
    fe52x4_mul(&s4, &s0, &s2);          /* (S4, S5, S6, S7), b < 9.07 */
    fe52x4_reduce(&s4, &s4);            /* (S4, S5, S6, S7), b < 0.00001 */
    fe52x4_mul_small(&s4, &s4, D_DEN, D_DEN, 2 * D_DEN, 2 * D_NUM);
                                        /* (S8, S9, S10, -S11), b < 1.0001 */
    hwcd_finish_(&r->xyzt, &s4);        /* (X3, Y3, Z3, T3), b < 9.07 */
}

/*
 * r = p + q, q cached: the seed's re-addition (2M; the 1D is in q):
 *
 *     S0 = Y1 - X1,  S1 = Y1 + X1,
 *     S8 = S0 S2',   S9 = S1 S3',  S10 = Z1 Z2',  -S11 = T1 (-T2'),
 *
 * then S12 … S15 and the products as in hwcd_finish_. In: p b < 9.07, q ≤ 2p
 * limbwise (b < 1); out: b < 9.07. Constant time; r may alias p.
 */
void ge_ifma_add_cached(ge_ifma_ext *r, const ge_ifma_ext *p, const ge_ifma_cached *q)
{
    fe52x4 s0, s8;

    FE52X4_CHECK1(&p->xyzt, B_PROD, "add_cached: P1");
    FE52X4_CHECK_2P(&q->c, LANES_ABCD, "add_cached: Q");
    s0 = diff_sum_(&p->xyzt);           /* (S0, S1, Z1, T1), b < 0.00001 */
    fe52x4_mul(&s8, &s0, &q->c);        /* (S8, S9, S10, -S11), b < 9.07 */
    hwcd_finish_(&r->xyzt, &s8);        /* (X3, Y3, Z3, T3), b < 9.07 */
}

/*
 * r = 2p: the seed's doubling (1M + 1S),
 *
 *     S0 = X1 + Y1,
 *     S1 = X1²,  S2 = Y1²,  S3 = Z1²,  S4 = S0²,
 *     S5 = S1 + S2,  S6 = S1 - S2,  S8 = S1 + 2 S3 - S2,  S9 = S1 + S2 - S4,
 *     X3 = S8 S9,  Y3 = S5 S6,  Z3 = S8 S6,  T3 = S5 S9.
 *
 * The sums are formed from the unreduced squares in 64-bit limbs, directly
 * in the lane order of the last product: left = (S8, S5, S8, S5), right =
 * (S9, S6, S6, S9) (docs/ifma.md §7.4). Every difference has S1 or S5 =
 * S1 + S2 as its minuend, so the square carries the bias 2^10·p in lane A
 * (S1) from its first column (fe52x4_sq_bias_a, no instruction) and the
 * three subtractions add none (15 vector additions fewer per doubling, one
 * fewer on the path to X3: docs/ifma.md §7.4). The largest sum, S8 = S1 +
 * 2^10·p − S2 + 2 S3, is b < 11.37 as before, far inside 64 bits, and one
 * carry pass per operand makes it a multiplier operand, so the sign flip of
 * S4 that the 32-bit AVX2 limbs need (docs/avx2.md §7.3) is not needed here.
 * In, out: b < 9.07. Constant time; r may alias p.
 */
static inline __attribute__((always_inline)) void dbl_(fe52x4 *r, const fe52x4 *p)
{
    fe52x4 t, a, b, c, d, s5, left, right;

    FE52X4_CHECK1(p, B_PROD, "dbl: P1");
    a = fe52x4_shuffle(*p, SHUF_ABCA);          /* (X1, Y1, Z1, X1), b < 9.07 */
    b = fe52x4_shuffle(*p, SHUF_ABCB);          /* (X1, Y1, Z1, Y1), b < 9.07 */
    fe52x4_add_lanes(&t, p, &a, &b, LANES_D);
                                                /* (X1, Y1, Z1, S0), b < (9.07, 9.07, 9.07, 10.07) */
    FE52X4_CHECK(&t, B_PROD, B_PROD, B_PROD, 10.07, "(X1, Y1, Z1, S0) lazy");
    fe52x4_reduce(&t, &t);                      /* (X1, Y1, Z1, S0), b < 0.00001 */
    fe52x4_sq_bias_a(&t, &t);                   /* (S1 + 2^10·p, S2, S3, S4), b < (10.61, 9.07, 9.07, 9.07) */
    a = fe52x4_shuffle(t, SHUF_AAAA);           /* (S1', S1', S1', S1'), S1' = S1 + 2^10·p, b < 10.61 */
    b = fe52x4_shuffle(t, SHUF_BBBB);           /* (S2, S2, S2, S2), b < 9.07 */
    c = fe52x4_shuffle(t, SHUF_CACA);           /* (S3, ·, S3, ·), b < 9.07 */
    d = fe52x4_shuffle(t, SHUF_DBBD);           /* (S4, ·, ·, S4), b < 9.07 */
    fe52x4_add(&s5, &a, &b);                    /* (S5', S5', S5', S5'), S5' = S5 + 2^10·p, b < 11.03 */
    fe52x4_add(&c, &c, &c);                     /* (2 S3, ·, 2 S3, ·), b < 10.07 */

    fe52x4_sub_lanes_biased(&left, &s5, &a, &b, LANES_AC);
                                                /* (S6', S5', S6', S5'), S6' = S1' − S2, b < (10.61, 11.03, 10.61, 11.03) */
    fe52x4_add_lanes(&left, &left, &left, &c, LANES_AC);
                                                /* (S8, S5', S8, S5'), b < (11.37, 11.03, 11.37, 11.03) */
    fe52x4_sub_lanes_biased(&right, &s5, &a, &b, LANES_BC);
                                                /* (S5', S6', S6', S5'), b < (11.03, 10.61, 10.61, 11.03) */
    fe52x4_sub_lanes_biased(&right, &right, &right, &d, LANES_AD);
                                                /* (S9, S6', S6', S9), S9 = S5' − S4, b < (11.03, 10.61, 10.61, 11.03) */
    FE52X4_CHECK(&left, 11.37, 11.03, 11.37, 11.03, "(S8, S5, S8, S5) lazy");
    FE52X4_CHECK(&right, 11.03, 10.61, 10.61, 11.03, "(S9, S6, S6, S9) lazy");
    fe52x4_reduce(&left, &left);                /* (S8, S5, S8, S5), b < 0.00001 */
    fe52x4_reduce(&right, &right);              /* (S9, S6, S6, S9), b < 0.00001 */
    fe52x4_mul(r, &left, &right);               /* (X3, Y3, Z3, T3), b < 9.07 */
}

/* clang-format on */

/* r = 2p and r = 2^n·p on dbl_ above (vector/point_dbl.h). In, out: b < 9.07. */
VPT_DEFINE_DBL(ge_ifma_ext, fe52x4, ge_ifma_ext_dbl, ge_ifma_ext_dbl_n)
