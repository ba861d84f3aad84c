/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * edwards25519 points for the AVX2 backend: the four coordinates of a point
 * live in the four lanes of one fe2625x4, and the 4-way parallel formulas of
 * HWCD compute them together (docs/avx2.md §6, §7).
 *
 *   ge_avx2_ext     lanes (X, Y, Z, T): extended coordinates, x = X/Z,
 *                   y = Y/Z, XY = ZT (the serial ge_ext). Reduced: b < 0.002.
 *   ge_avx2_cached  lanes (S2', S3', Z2', -T2') of the seed: 121666·(Y - X),
 *                   121666·(Y + X), 2·121666·Z, 2·121665·T, the operand of
 *                   re-addition. Every limb ≤ the limb of 2p (b < 1).
 *
 * Lane D of the cached point is the seed's T2' negated: the seed multiplies T
 * by -2·121665; we keep +2·121665·T and take the sign into the lane pattern of
 * the S12…S15 step (docs/avx2.md §6), so no lane is ever negated for it.
 *
 * Every function is constant time; outputs may alias inputs. The table
 * lookup (cmov, cneg, select) is inline here; the arithmetic is in
 * edwards_avx2.c, one copy of each formula (docs/avx2.md §9.1 on why).
 *
 * References: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", HWCD 2008 (eprint 2008/522) §3.1 and the 4-processor
 * formulas; the parallel formulas (docs/parallel-formulas.md), whose
 * SSA names S0 … S15 the code uses.
 */
#ifndef VEC25519_BACKEND_AVX2_EDWARDS_AVX2_H
#define VEC25519_BACKEND_AVX2_EDWARDS_AVX2_H

#include "../../internal/ct.h"
#include "../serial/ge.h"
#include "fe2625x4.h"

typedef struct {
    fe2625x4 xyzt; /* (X, Y, Z, T) */
} ge_avx2_ext;

typedef struct {
    fe2625x4 c; /* (S2', S3', Z2', -T2') */
} ge_avx2_cached;

/* ---- conversions ------------------------------------------------------------ */

/* h = the identity (0 : 1 : 1 : 0). */
void ge_avx2_ext_0(ge_avx2_ext *h);
/* h = the identity, cached: (121666, 121666, 2·121666, 0). */
void ge_avx2_cached_0(ge_avx2_cached *h);
/* r = p, from the serial extended point (any tight coordinates); out: reduced. */
void ge_ext_to_avx2(ge_avx2_ext *r, const ge_ext *p);
/* r = p, to the serial extended point; out: tight fe. */
void ge_avx2_to_ext(ge_ext *r, const ge_avx2_ext *p);
/* r = p in cached form (1D: one mul_small); out: b < 0.00001. */
void ge_avx2_ext_to_cached(ge_avx2_cached *r, const ge_avx2_ext *p);

/* ---- arithmetic ------------------------------------------------------------- */

/* r = p + q, the seed's addition (2M + 1D). In, out: reduced. */
void ge_avx2_ext_add(ge_avx2_ext *r, const ge_avx2_ext *p, const ge_avx2_ext *q);
/* r = p + q, re-addition with a cached q (2M). In: p reduced, q cached; out: reduced. */
void ge_avx2_add_cached(ge_avx2_ext *r, const ge_avx2_ext *p, const ge_avx2_cached *q);
/* r = 2p, the seed's doubling with the sign flip of S4 (1M + 1S). In, out: reduced. */
void ge_avx2_ext_dbl(ge_avx2_ext *r, const ge_avx2_ext *p);
/* r = 2^n·p: n ≥ 0 (public) doublings, the point kept in registers between them. In, out: reduced. */
void ge_avx2_ext_dbl_n(ge_avx2_ext *r, const ge_avx2_ext *p, int n);

/* ---- constant-time selection (table lookups), inline ----------------------------- */

/* if m: r = p (else r unchanged). Bounds: those of r or p (both ≤ 2p). Aliasing allowed. */
static inline void ge_avx2_cached_cmov(ge_avx2_cached *r, const ge_avx2_cached *p, ct_mask m)
{
    fe2625x4_cmov(&r->c, &p->c, m);
}

/*
 * r = m ? -p : p. -(X : Y : Z : T) = (-X : Y : Z : -T) swaps Y - X and Y + X
 * and negates T: the cached form of -P is (S3', S2', Z2', 2p - (-T2')). In,
 * out: limbs ≤ 2p. Constant time (a mask select, no branch); aliasing allowed.
 */
static inline void ge_avx2_cached_cneg(ge_avx2_cached *r, const ge_avx2_cached *p, ct_mask m)
{
    fe2625x4 n, neg;

    FE2625X4_CHECK_2P(&p->c, LANES_ABCD, "cached_cneg: p");
    n = fe2625x4_shuffle(p->c, SHUF_BACD); /* (S3', S2', Z2', -T2') */
    fe2625x4_neg(&neg, &p->c);             /* (·, ·, ·, T2'), ≤ 2p */
    n = fe2625x4_blend(n, neg, LANES_D);   /* (S3', S2', Z2', T2'): -P cached, ≤ 2p */
    r->c = p->c;
    fe2625x4_cmov(&r->c, &n, m);
}

/*
 * t = [b]Q from table[j] = [j+1]Q (j = 0..7), b ∈ [-8, 8] (a signed radix-16
 * digit). |b| is broadcast and compared with 1 … 8 in a vector register
 * (vpcmpeqd); every entry is read and blended in under its mask (vpblendvb);
 * b = 0 leaves the identity (121666, 121666, 2·121666, 0); the sign is
 * applied by ge_avx2_cached_cneg. Bounds: ≤ 2p, as the entries. Constant
 * time: no branch or memory index depends on b, and the whole table is read
 * whatever b is. Inline, with no call and no store per entry: 25 ticks
 * against about 100 for eight calls of a masked move (docs/avx2.md §9.1).
 */
static inline void ge_avx2_cached_select(ge_avx2_cached *t, const ge_avx2_cached table[8],
                                         int8_t b)
{
    uint64_t sign;                                  /* 1 iff b < 0 */
    const uint64_t babs = ct_digit_abs(&sign, b);   /* |b| ≤ 8 (ct.h) */
    const __m256i want = _mm256_set1_epi32((int)babs);
    ge_avx2_cached acc;

    /* the identity: limb 0 of lanes A, B, C (words 0, 1, 4) = 121666, 121666, 2·121666 */
    acc.c.v[0] = _mm256_setr_epi32(121666, 121666, 0, 0, 2 * 121666, 0, 0, 0);
    acc.c.v[1] = acc.c.v[2] = acc.c.v[3] = acc.c.v[4] = _mm256_setzero_si256();
    #pragma GCC unroll 8
    for (int j = 0; j < 8; j++) {
        /* all-ones iff |b| = j + 1 */
        const __m256i m = _mm256_cmpeq_epi32(want, _mm256_set1_epi32(j + 1));
        acc.c.v[0] = _mm256_blendv_epi8(acc.c.v[0], table[j].c.v[0], m);
        acc.c.v[1] = _mm256_blendv_epi8(acc.c.v[1], table[j].c.v[1], m);
        acc.c.v[2] = _mm256_blendv_epi8(acc.c.v[2], table[j].c.v[2], m);
        acc.c.v[3] = _mm256_blendv_epi8(acc.c.v[3], table[j].c.v[3], m);
        acc.c.v[4] = _mm256_blendv_epi8(acc.c.v[4], table[j].c.v[4], m);
    }
    ge_avx2_cached_cneg(t, &acc, ct_from_bit(sign));
}

#endif /* VEC25519_BACKEND_AVX2_EDWARDS_AVX2_H */
