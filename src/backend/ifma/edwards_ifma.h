/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * edwards25519 points for the IFMA backend: the four coordinates of a point
 * live in the four lanes of one fe52x4, and the 4-way parallel formulas of
 * HWCD compute them together (docs/ifma.md §6, §7).
 *
 *   ge_ifma_ext     lanes (X, Y, Z, T): extended coordinates, x = X/Z,
 *                   y = Y/Z, XY = ZT (the serial ge_ext). Invariant: b < 9.07
 *                   (any product of fe52x4_mul, unreduced; every operation
 *                   starts with a carry pass).
 *   ge_ifma_cached  lanes (S2', S3', Z2', -T2') of the seed: 121666·(Y - X),
 *                   121666·(Y + X), 2·121666·Z, 2·121665·T, the operand of
 *                   re-addition. Invariant: every limb ≤ the limb of 2p (b < 1,
 *                   a multiplier operand).
 *
 * Lane D of the cached point is the seed's T2' negated, as in the AVX2
 * backend (docs/avx2.md §6): the sign goes into the lane pattern of the
 * S12…S15 step.
 *
 * Every function is constant time; outputs may alias inputs.
 *
 * References: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", HWCD 2008 (eprint 2008/522) §3.1 and the 4-processor
 * formulas; the parallel formulas (docs/parallel-formulas.md),
 * whose SSA names S0 … S15 the code uses.
 */
#ifndef VEC25519_BACKEND_IFMA_EDWARDS_IFMA_H
#define VEC25519_BACKEND_IFMA_EDWARDS_IFMA_H

#include "../../internal/ct.h"
#include "../serial/ge.h"
#include "fe52x4.h"

typedef struct {
    fe52x4 xyzt; /* (X, Y, Z, T) */
} ge_ifma_ext;

typedef struct {
    fe52x4 c; /* (S2', S3', Z2', -T2') */
} ge_ifma_cached;

/* ---- conversions ------------------------------------------------------------ */

/* h = the identity (0 : 1 : 1 : 0). */
void ge_ifma_ext_0(ge_ifma_ext *h);
/* h = the identity, cached: (121666, 121666, 2·121666, 0). */
void ge_ifma_cached_0(ge_ifma_cached *h);
/* r = p, from the serial extended point (any tight coordinates); out: b < 0.17. */
void ge_ext_to_ifma(ge_ifma_ext *r, const ge_ext *p);
/* r = p, to the serial extended point; out: tight fe. */
void ge_ifma_to_ext(ge_ext *r, const ge_ifma_ext *p);
/* r = p in cached form (1D: one mul_small); out: b < 0.00001, ≤ 2p. */
void ge_ifma_ext_to_cached(ge_ifma_cached *r, const ge_ifma_ext *p);

/* ---- arithmetic ------------------------------------------------------------- */

/* r = p + q, the seed's addition (2M + 1D). In, out: b < 9.07. */
void ge_ifma_ext_add(ge_ifma_ext *r, const ge_ifma_ext *p, const ge_ifma_ext *q);
/* r = p + q, re-addition with a cached q (2M). In: p b < 9.07, q cached; out: b < 9.07. */
void ge_ifma_add_cached(ge_ifma_ext *r, const ge_ifma_ext *p, const ge_ifma_cached *q);
/* r = 2p, the seed's doubling (1M + 1S). In, out: b < 9.07. */
void ge_ifma_ext_dbl(ge_ifma_ext *r, const ge_ifma_ext *p);

/* r = 2^n·p: n ≥ 0 (public) doublings, the point kept in registers between them. In, out: b < 9.07. */
void ge_ifma_ext_dbl_n(ge_ifma_ext *r, const ge_ifma_ext *p, int n);

/* ---- constant-time selection (table lookups), inline ----------------------------- */

/* if m: r = p (else r unchanged). Bounds: those of r or p (both ≤ 2p). Aliasing allowed. */
static inline void ge_ifma_cached_cmov(ge_ifma_cached *r, const ge_ifma_cached *p, ct_mask m)
{
    fe52x4_cmov(&r->c, &p->c, m);
}

/*
 * r = -p in the lanes of the opmask k (both halves' bits in the 512-bit
 * build), r = p in the others. -(X : Y : Z : T) = (-X : Y : Z : -T) swaps
 * Y - X and Y + X and negates T: the cached form of -P is (S3', S2', Z2',
 * 2p - (-T2')). In, out: limbs ≤ 2p. Constant time (a mask select, no
 * branch); aliasing allowed.
 */
static inline void ge_ifma_cached_cneg_k_(ge_ifma_cached *r, const ge_ifma_cached *p, __mmask8 k)
{
    fe52x4 n;

    FE52X4_CHECK_2P(&p->c, LANES_ABCD, "cached_cneg: p");
    n = fe52x4_shuffle(p->c, SHUF_BACD); /* (S3', S2', Z2', -T2') */
    fe52x4_neg_lanes(&n, &n, LANES_D);   /* (S3', S2', Z2', T2'): -P cached, ≤ 2p */
    for (int i = 0; i < 5; i++) r->c.v[i] = FE52X4_OP(mask_blend_epi64)(k, p->c.v[i], n.v[i]);
}

/* r = m ? -p : p, as ge_ifma_cached_cneg_k_ with every lane. */
static inline void ge_ifma_cached_cneg(ge_ifma_cached *r, const ge_ifma_cached *p, ct_mask m)
{
    ge_ifma_cached_cneg_k_(r, p, FE52X4_K(ct_barrier_u64(m.m) & 0xf));
}

/* The scan of ge_ifma_cached_select (below) with |b| per lane in want and
 * the lanes to negate in the opmask neg: one digit for all four lanes
 * (ge_ifma_cached_select), or one per 256-bit half in the 512-bit build
 * (scalarmult_x2.c). */
static inline void ge_ifma_cached_select_k_(ge_ifma_cached *t, const ge_ifma_cached table[8],
                                            fe52x4_reg want, __mmask8 neg)
{
    ge_ifma_cached acc;

    /* the identity: limb 0 of lanes A, B, C = 121666, 121666, 2·121666 */
    acc.c.v[0] = FE52X4_SETR4(121666, 121666, 2 * 121666, 0);
    acc.c.v[1] = acc.c.v[2] = acc.c.v[3] = acc.c.v[4] = FE52X4_ZERO();
    #pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
        /* the lanes whose |b| is j + 1 */
        const __mmask8 m = FE52X4_OP(cmpeq_epi64_mask)(want, FE52X4_SET1(j + 1));
        #pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            /* a plain load into a register first: folded into the blend, the
             * compiler makes it a merge-masked load, which reads the entry
             * only under the (secret) mask */
            fe52x4_reg e = table[j].c.v[i];
            CT_VEC_OPAQUE(e);
            acc.c.v[i] = FE52X4_OP(mask_blend_epi64)(m, acc.c.v[i], e);
        }
    }
    ge_ifma_cached_cneg_k_(t, &acc, neg);
}

/*
 * t = [b]Q from table[j] = [j+1]Q (j = 0..7), b ∈ [-8, 8] (a signed radix-16
 * digit): the AVX2 backend's inline scan (edwards_avx2.h) with opmasks. |b|
 * is broadcast and compared with 1 … 8 (vpcmpeqq into an opmask); every
 * entry is loaded whole and merged under its opmask (vpblendmq); b = 0 leaves the
 * identity (121666, 121666, 2·121666, 0); the sign is applied by
 * ge_ifma_cached_cneg. Bounds: ≤ 2p, as the entries. Constant time: no
 * branch or memory index depends on b, and the whole table is read whatever
 * b is; the opmasks only select. Inline, with no call and no store per entry
 * (docs/performance.md, the IFMA variable-base row: eight calls of a masked
 * move cost more than the whole scan).
 */
static inline void ge_ifma_cached_select(ge_ifma_cached *t, const ge_ifma_cached table[8],
                                         int8_t b)
{
    uint64_t sign;                                  /* 1 iff b < 0 */
    const uint64_t babs = ct_digit_abs(&sign, b);   /* |b| ≤ 8 (ct.h) */

    ge_ifma_cached_select_k_(t, table, FE52X4_SET1(babs),
                             FE52X4_K(ct_barrier_u64(ct_from_bit(sign).m) & 0xf));
}

#endif /* VEC25519_BACKEND_IFMA_EDWARDS_IFMA_H */
