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
 * Every function is constant time; outputs may alias inputs.
 *
 * References: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", HWCD 2008 (eprint 2008/522) §3.1 and the 4-processor
 * formulas; the seed notes (../shared/seeds/000_3046788e38a5a0b8.txt), whose
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

/* ---- constant-time selection (table lookups) ------------------------------------ */

/* if m: r = p (else r unchanged). */
void ge_avx2_cached_cmov(ge_avx2_cached *r, const ge_avx2_cached *p, ct_mask m);
/* r = m ? -p : p. Keeps the cached invariant (limbs ≤ 2p). */
void ge_avx2_cached_cneg(ge_avx2_cached *r, const ge_avx2_cached *p, ct_mask m);

#endif /* VEC25519_BACKEND_AVX2_EDWARDS_AVX2_H */
