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

/* ---- constant-time selection (table lookups) ------------------------------------ */

/* if m: r = p (else r unchanged). */
void ge_ifma_cached_cmov(ge_ifma_cached *r, const ge_ifma_cached *p, ct_mask m);
/* r = m ? -p : p. Keeps the cached invariant (limbs ≤ 2p). */
void ge_ifma_cached_cneg(ge_ifma_cached *r, const ge_ifma_cached *p, ct_mask m);

#endif /* VEC25519_BACKEND_IFMA_EDWARDS_IFMA_H */
