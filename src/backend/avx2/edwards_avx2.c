/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The 4-way point operations of the AVX2 backend: the parallel formulas of
 * HWCD for a = -1 twisted Edwards curves, in the seed's SSA form S0 … S15,
 * one fe2625x4 per step. Each vector statement is followed by its lane
 * contents and their bounds in the b notation (docs/avx2.md §3); the same
 * bounds are asserted in a -DVEC25519_CHECK_BOUNDS build.
 *
 * Representation: extended points (X, Y, Z, T) in lanes A, B, C, D; cached
 * points (S2', S3', Z2', -T2') with S2' = 121666·(Y - X), S3' = 121666·(Y + X),
 * Z2' = 2·121666·Z, -T2' = 2·121665·T (docs/avx2.md §6: the curve constant
 * 2d = -2·121665/121666 spread over the four lanes as small multipliers, and
 * the sign of T2' moved into the lane pattern of S12 … S15).
 *
 * References: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", HWCD 2008 (eprint 2008/522) §3.1 and §4 (the 4-processor
 * tables); the parallel formulas (docs/parallel-formulas.md): the
 * tweaked formulas, the small constants and the sign flip of S4 in doubling.
 */
#include "edwards_avx2.h"

#include "../vector/point_dbl.h"

/* d = -121665/121666 (RFC 8032 §5.1). */
#define D_NUM 121665u
#define D_DEN 121666u

/* A reduced point coordinate: the output bound of every carrying operation. */
#define B_REDUCED FE2625X4_B_SQNEG

/* clang-format off */

/*
 * (Y - X, Y + X, Z, T) from (X, Y, Z, T): the first step of addition,
 * re-addition and the cached form. In: reduced; out: b < (1.59, 1.01,
 * 0.002, 0.002).
 */
static inline fe2625x4 diff_sum_(const fe2625x4 *p)
{
    fe2625x4 q, n, m, r;

    q = fe2625x4_shuffle(*p, SHUF_BADC);    /* (Y, X, T, Z), b < 0.002 */
    fe2625x4_neg(&n, p);                    /* (2p - X, ·, ·, ·), ≤ 2p: in parallel with the shuffle */
    m = fe2625x4_blend(*p, n, LANES_A);     /* (2p - X, Y, Z, T) */
    fe2625x4_add(&r, &q, &m);               /* (Y - X, Y + X, ·, ·), b < (1.59, 1.01, ·, ·) */
    r = fe2625x4_blend(r, *p, LANES_CD);    /* (Y - X, Y + X, Z, T), b < (1.59, 1.01, 0.002, 0.002) */
    FE2625X4_CHECK(&r, 1.59, 1.01, B_REDUCED, B_REDUCED, "(Y - X, Y + X, Z, T)");
    return r;
}

/*
 * (X3, Y3, Z3, T3) from (S8, S9, S10, -S11): the two steps that addition
 * and re-addition share (docs/avx2.md §7.2),
 *
 *     S12 = S9 - S8,  S13 = S9 + S8,  S14 = S10 - S11,  S15 = S10 + S11,
 *     X3 = S12 S14,   Y3 = S15 S13,   Z3 = S15 S14,     T3 = S12 S13.
 *
 * With -S11 in lane D, lanes A and D of S12 … S15 are differences and lanes
 * B and C sums. In: reduced; out: reduced (b < 0.0003).
 */
static inline void hwcd_finish_(fe2625x4 *r, const fe2625x4 *s8)
{
    fe2625x4 q, n, m, s12, left, right;

    q = fe2625x4_shuffle(*s8, SHUF_BADC);       /* (S9, S8, -S11, S10), b < 0.0003 */
    fe2625x4_neg(&n, s8);                       /* (2p - S8, ·, ·, 2p + S11), ≤ 2p: beside the shuffle */
    m = fe2625x4_blend(*s8, n, LANES_AD);       /* (2p - S8, S9, S10, 2p + S11) */
    fe2625x4_add(&s12, &q, &m);                 /* (S12, S13, S14, S15), b < (1.59, 1.01, 1.01, 1.59) */
    FE2625X4_CHECK(&s12, 1.59, 1.01, 1.01, 1.59, "(S12, S13, S14, S15)");
    left = fe2625x4_shuffle(s12, SHUF_ADDA);    /* (S12, S15, S15, S12), b < 1.59 */
    right = fe2625x4_shuffle(s12, SHUF_CBCB);   /* (S14, S13, S14, S13), b < 1.01 */
    fe2625x4_mul(r, &left, &right);             /* (X3, Y3, Z3, T3), b < 0.0003 */
}

/* clang-format on */

/* ---- conversions -------------------------------------------------------------- */

/* Identity (0 : 1 : 1 : 0). Constant time. */
void ge_avx2_ext_0(ge_avx2_ext *h)
{
    fe2625 zero, one;

    fe2625_0(&zero);
    fe2625_1(&one);
    fe2625x4_pack(&h->xyzt, &zero, &one, &one, &zero);
}

/* The identity cached: 121666·(1 - 0), 121666·(1 + 0), 2·121666·1, 2·121665·0. Constant time. */
void ge_avx2_cached_0(ge_avx2_cached *h)
{
    fe2625 s, z, zero;

    fe2625_0(&s);
    fe2625_0(&z);
    fe2625_0(&zero);
    s.v[0] = D_DEN;
    z.v[0] = 2 * D_DEN; /* < 2^26 */
    fe2625x4_pack(&h->c, &s, &s, &z, &zero);
}

/*
 * r = p. In: tight fe; out: reduced (b < 0.0001, after a carry pass).
 * Constant time.
 */
void ge_ext_to_avx2(ge_avx2_ext *r, const ge_ext *p)
{
#if defined(VEC25519_SERIAL_U32)
    fe2625x4_pack(&r->xyzt, &p->X, &p->Y, &p->Z, &p->T); /* fe2625 tight: b < 0.17 */
    fe2625x4_reduce(&r->xyzt, &r->xyzt);                  /* b < 0.0001 */
#else
    /* fe51 tight: limbs < 2^51 + 2^48; a regrouping of the bits and a carry pass */
    fe2625x4_from_radix51(&r->xyzt, p->X.v, p->Y.v, p->Z.v, p->T.v); /* b < 0.0001 */
#endif
}

/* r = p. In: reduced (b < 0.002 < 0.16); out: tight fe. Constant time. */
void ge_avx2_to_ext(ge_ext *r, const ge_avx2_ext *p)
{
#if defined(VEC25519_SERIAL_U32)
    fe2625x4_unpack(&r->X, &r->Y, &r->Z, &r->T, &p->xyzt);
#else
    fe2625x4_to_radix51(r->X.v, r->Y.v, r->Z.v, r->T.v, &p->xyzt); /* fe51 tight */
#endif
}

/* clang-format off */

/*
 * r = p in cached form (docs/avx2.md §6), 1D:
 *
 *     S2 = Y - X,  S3 = Y + X,
 *     (S2', S3', Z2', -T2') = (121666 S2, 121666 S3, 2·121666 Z, 2·121665 T).
 *
 * In: reduced; out: b < 0.00001. Constant time.
 */
void ge_avx2_ext_to_cached(ge_avx2_cached *r, const ge_avx2_ext *p)
{
    fe2625x4 t;

    FE2625X4_CHECK1(&p->xyzt, B_REDUCED, "to_cached: P");
    t = diff_sum_(&p->xyzt);        /* (S2, S3, Z2, T2), b < (1.59, 1.01, 0.002, 0.002) */
    fe2625x4_mul_small(&r->c, &t, D_DEN, D_DEN, 2 * D_DEN, 2 * D_NUM);
                                    /* (S2', S3', Z2', -T2'), b < 0.00001 */
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
 * then S12 … S15 and the products as in hwcd_finish_. In: reduced; out:
 * reduced. Constant time; r may alias p or q.
 */
void ge_avx2_ext_add(ge_avx2_ext *r, const ge_avx2_ext *p, const ge_avx2_ext *q)
{
    fe2625x4 s0, s2, s4;

    FE2625X4_CHECK1(&p->xyzt, B_REDUCED, "add: P1");
    FE2625X4_CHECK1(&q->xyzt, B_REDUCED, "add: P2");
    s0 = diff_sum_(&p->xyzt);       /* (S0, S1, Z1, T1), b < (1.59, 1.01, 0.002, 0.002) */
    s2 = diff_sum_(&q->xyzt);       /* (S2, S3, Z2, T2), b < (1.59, 1.01, 0.002, 0.002) */
    fe2625x4_mul(&s4, &s0, &s2);    /* (S4, S5, S6, S7), b < 0.0003 */
    fe2625x4_mul_small(&s4, &s4, D_DEN, D_DEN, 2 * D_DEN, 2 * D_NUM);
                                    /* (S8, S9, S10, -S11), b < 0.00001 */
    hwcd_finish_(&r->xyzt, &s4);    /* (X3, Y3, Z3, T3), b < 0.0003 */
}

/*
 * r = p + q, q cached: the seed's re-addition (2M; the 1D is in q):
 *
 *     S0 = Y1 - X1,  S1 = Y1 + X1,
 *     S8 = S0 S2',   S9 = S1 S3',  S10 = Z1 Z2',  -S11 = T1 (-T2'),
 *
 * then S12 … S15 and the products as in hwcd_finish_. In: p reduced, q ≤ 2p
 * limbwise (b < 1); out: reduced. Constant time; r may alias p.
 */
void ge_avx2_add_cached(ge_avx2_ext *r, const ge_avx2_ext *p, const ge_avx2_cached *q)
{
    fe2625x4 s0, s8;

    FE2625X4_CHECK1(&p->xyzt, B_REDUCED, "add_cached: P1");
    FE2625X4_CHECK_2P(&q->c, LANES_ABCD, "add_cached: Q");
    s0 = diff_sum_(&p->xyzt);       /* (S0, S1, Z1, T1), b < (1.59, 1.01, 0.002, 0.002) */
    fe2625x4_mul(&s8, &s0, &q->c);  /* (S8, S9, S10, -S11), b < 0.0003 */
    hwcd_finish_(&r->xyzt, &s8);    /* (X3, Y3, Z3, T3), b < 0.0003 */
}

/*
 * r = 2p: the seed's doubling (1M + 1S),
 *
 *     S0 = X1 + Y1,
 *     S1 = X1²,  S2 = Y1²,  S3 = Z1²,  S4' = -S0²   (S4' = -S4: the sign flip),
 *     S5 = S1 + S2,  S6 = S1 - S2,  S8 = S1 + 2 S3 - S2,  S9 = S1 + S2 + S4',
 *     X3 = S8 S9,  Y3 = S5 S6,  Z3 = S8 S6,  T3 = S5 S9.
 *
 * Negating S4 inside the squaring keeps S9 at b < 1.59 instead of 2.33, so
 * every product pairs a left operand < 2.5 with a right one < 1.75 and no
 * carry pass is needed (docs/avx2.md §7.3). The lane moves are arranged for
 * a short chain: S0 from two broadcasts, and (S5, S6, S8, S9) as
 * (0, 2p, 2p + 2 S3, S4') + S1 ± S2 in one step (fe2625x4_add_pm), the
 * biased part summed beside the broadcasts of S1 and S2. In: reduced; out:
 * reduced. Constant time; r may alias p.
 */
FE2625X4_HOT void dbl_(fe2625x4 *r, const fe2625x4 *p)
{
    fe2625x4 zero, bias, t, u, v, e, f;

    zero.v[0] = zero.v[1] = zero.v[2] = zero.v[3] = zero.v[4] = _mm256_setzero_si256();
    fe2625x4_2p(&bias);
    bias = fe2625x4_blend(zero, bias, LANES_BC);  /* (0, 2p, 2p, 0) */
    FE2625X4_CHECK1(p, B_REDUCED, "dbl: P1");
    u = fe2625x4_shuffle(*p, SHUF_AAAA);          /* (X1, X1, X1, X1), b < 0.002 */
    v = fe2625x4_shuffle(*p, SHUF_BBBB);          /* (Y1, Y1, Y1, Y1), b < 0.002 */
    fe2625x4_add(&u, &u, &v);                     /* (S0, S0, S0, S0), b < 1.01 */
    t = fe2625x4_blend(*p, u, LANES_D);           /* (X1, Y1, Z1, S0), b < (0.002, 0.002, 0.002, 1.01) */
    FE2625X4_CHECK(&t, B_REDUCED, B_REDUCED, B_REDUCED, 1.01, "(X1, Y1, Z1, S0)");
    fe2625x4_sq_neg(&t, &t, LANES_D);             /* (S1, S2, S3, S4'), b < (0.0002, 0.0002, 0.0002, 0.002) */
    e = fe2625x4_blend(zero, t, LANES_CD);        /* (0, 0, S3, S4'), b < (0, 0, 0.0002, 0.002) */
    f = fe2625x4_blend(zero, t, LANES_C);         /* (0, 0, S3, 0) */
    fe2625x4_add(&e, &e, &f);                     /* (0, 0, 2 S3, S4'), b < (0, 0, 1.01, 0.002) */
    fe2625x4_add(&e, &e, &bias);                  /* (0, 2p, 2p + 2 S3, S4'), b < (0, 1, 1.59, 0.002) */
    u = fe2625x4_shuffle(t, SHUF_AAAA);           /* (S1, S1, S1, S1), b < 0.0002 */
    v = fe2625x4_shuffle(t, SHUF_BBBB);           /* (S2, S2, S2, S2), b < 0.0002 */
    fe2625x4_add_pm(&u, &e, &u, &v, LANES_BC);    /* (S5, S6, S8, S9): e + S1 ± S2, b < (1.01, 1.59, 2.33, 1.59) */
    FE2625X4_CHECK(&u, 1.01, 1.59, 2.33, 1.59, "(S5, S6, S8, S9)");
    t = fe2625x4_shuffle(u, SHUF_CACA);           /* (S8, S5, S8, S5), b < (2.33, 1.01, 2.33, 1.01) */
    v = fe2625x4_shuffle(u, SHUF_DBBD);           /* (S9, S6, S6, S9), b < 1.59 */
    fe2625x4_mul(r, &t, &v);                      /* (X3, Y3, Z3, T3), b < 0.0003 */
}

/* clang-format on */

/* r = 2p and r = 2^n·p on dbl_ above (vector/point_dbl.h). In, out: reduced. */
VPT_DEFINE_DBL(ge_avx2_ext, fe2625x4, ge_avx2_ext_dbl, ge_avx2_ext_dbl_n)
