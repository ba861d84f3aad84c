/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fe52x4: four elements of GF(p), p = 2^255 - 19, held in five 256-bit
 * registers, one element per 64-bit lane, multiplied on the AVX-512 IFMA
 * 52-bit multiplier (vpmadd52luq / vpmadd52huq), for the 4-way point
 * formulas of edwards_ifma.c. The design note is docs/ifma.md (cited as §n).
 *
 * Representation (§2). Lanes A, B, C, D are four independent field elements
 * a, b, c, d, each in radix 2^51 exactly as the serial fe51: five limbs,
 * value Σ a_i·2^(51·i). Register i holds limb i of the four lanes:
 *
 *     v[i] = (a_i, b_i, c_i, d_i)      i = 0 … 4, one limb per 64-bit lane
 *
 * so that one IFMA instruction multiplies limb i of all four lanes by limb
 * j of all four lanes. The multiplier reads the low 52 bits of each operand:
 * radix 2^51 leaves one bit for a carry, so that a single parallel carry
 * pass (fe52x4_reduce, no carry chain) makes any value a valid operand
 * (§1 explains the choice against radix 2^52).
 *
 * Bounds (§3) use the bit-excess b over the radix: an element has excess b
 * when every limb is < 2^(51 + b). Multiplier operands need b < 1 (limbs
 * below 2^52); products come out at b < 9.07, unreduced; the lazy additions
 * use the 64-bit headroom above that; fe52x4_reduce brings anything back to
 * b < 0.00001. Each function states its bounds per lane; with
 * -DVEC25519_CHECK_BOUNDS it asserts them (FE52X4_CHECK below).
 *
 * Everything is constant time: no branch, memory index or variable-latency
 * instruction depends on limb values (IFMA, shifts, adds, masked adds,
 * blends and permutations are fixed latency). Outputs may alias inputs.
 *
 * The arithmetic is static inline here (the point formulas inline it);
 * The conversions from and to four serial fe51 (fe52x4_pack, fe52x4_unpack)
 * are here too.
 *
 * References: the parallel formulas (docs/parallel-formulas.md);
 * Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves Revisited", HWCD 2008
 * (eprint 2008/522); Intel SDM, VPMADD52LUQ / VPMADD52HUQ; the serial twin
 * src/field/fe51.h.
 */
#ifndef VEC25519_BACKEND_IFMA_FE52X4_H
#define VEC25519_BACKEND_IFMA_FE52X4_H

#include <immintrin.h>
#include <stdint.h>

#include "../../internal/bounds.h"
#include "../../internal/ct.h"
#include "../../field/fe51.h"
#include "../vector/lanes.h"
#include "fe52_small.h"

/*
 * The register width. Every operation here works within each group of four
 * 64-bit lanes (the lane permutations are vpermq/vpshufd immediates, which
 * act on each 256-bit half alike; the lane masks are repeated per half), so
 * the same source compiled with FE52X4_WIDE defined runs two independent
 * 4-way elements in the halves of a 512-bit register, at the cost of one
 * on CPUs whose 512-bit units are full width (src/backend/ifma/
 * scalarmult_x2.c, docs/performance.md §16). Such a translation unit must
 * not call the functions of the 256-bit build (fe52x4 is a different type
 * there).
 */
#if defined(FE52X4_WIDE)
typedef __m512i fe52x4_reg;
#define FE52X4_NLANES 8
#define FE52X4_OP(op) _mm512_##op
#define FE52X4_SET1(x) _mm512_set1_epi64((long long)(x))
#define FE52X4_SETR4(a, b, c, d) _mm512_setr_epi64((a), (b), (c), (d), (a), (b), (c), (d))
#define FE52X4_ZERO() _mm512_setzero_si512()
#define FE52X4_AND(a, b) _mm512_and_si512((a), (b))
#define FE52X4_STOREU(p, x) _mm512_storeu_si512((void *)(p), (x))
#define FE52X4_PERMUTE(x, imm) _mm512_permutex_epi64((x), (imm))
#define FE52X4_PSHUFD(x, imm) _mm512_shuffle_epi32((x), (_MM_PERM_ENUM)(imm))
#define FE52X4_K(lanes) ((__mmask8)((unsigned)(lanes) | (unsigned)(lanes) << 4))
#else
typedef __m256i fe52x4_reg;
#define FE52X4_NLANES 4
#define FE52X4_OP(op) _mm256_##op
#define FE52X4_SET1(x) _mm256_set1_epi64x((long long)(x))
#define FE52X4_SETR4(a, b, c, d) _mm256_setr_epi64x((a), (b), (c), (d))
#define FE52X4_ZERO() _mm256_setzero_si256()
#define FE52X4_AND(a, b) _mm256_and_si256((a), (b))
#define FE52X4_STOREU(p, x) _mm256_storeu_si256((__m256i *)(p), (x))
#define FE52X4_PERMUTE(x, imm) _mm256_permute4x64_epi64((x), (imm))
#define FE52X4_PSHUFD(x, imm) _mm256_shuffle_epi32((x), (imm))
#define FE52X4_K(lanes) ((__mmask8)(lanes))
#endif

typedef struct {
    fe52x4_reg v[5];
} fe52x4;

/* ---- The one table of raw immediates (§5) ---------------------------------- */

/* Lane sets (the names of vector/lanes.h), as AVX-512 opmasks: bit k selects 64-bit lane k. */
typedef enum { LANES4_SETS(0x1, 0x2, 0x4, 0x8) } fe52x4_lanes;

/*
 * Lane permutations: the SHUF_* names of vector/lanes.h, whose values are
 * the vpermq immediates (two bits per destination lane).
 */
typedef lanes4_shuf fe52x4_shuf;
/* The source-lane indices, for permutations the table does not name. */
#define FE52X4_LANE_A LANES4_INDEX_A
#define FE52X4_LANE_B LANES4_INDEX_B
#define FE52X4_LANE_C LANES4_INDEX_C
#define FE52X4_LANE_D LANES4_INDEX_D

/*
 * A permutation that keeps each lane in its 128-bit half and moves both
 * halves alike (SHUF_BADC) is one vpshufd (1 cycle) instead of one vpermq
 * (a cross-half shuffle, 3 to 4 cycles): FE52X4_IN_HALVES_ tells them
 * apart at compile time and FE52X4_PSHUFD_IMM_ gives the vpshufd immediate
 * (dwords 2s, 2s + 1 for source lane s of the half).
 */
#define FE52X4_IN_HALVES_(s)                                \
    (LANES4_SRC(s, 0) < 2 && LANES4_SRC(s, 1) < 2 &&      \
     LANES4_SRC(s, 2) == LANES4_SRC(s, 0) + 2 && LANES4_SRC(s, 3) == LANES4_SRC(s, 1) + 2)
#define FE52X4_PSHUFD_IMM_(s)                                                                 \
    ((2 * LANES4_SRC(s, 0)) | (2 * LANES4_SRC(s, 0) + 1) << 2 | (2 * LANES4_SRC(s, 1)) << 4 | \
     (2 * LANES4_SRC(s, 1) + 1) << 6)

/* Limb constants: the radix mask, 2p and the bias 2^10·p (§3.2). */
#define FE52X4_MASK51 ((UINT64_C(1) << 51) - 1)
#define FE52X4_2P0 ((UINT64_C(1) << 52) - 38)      /* limb 0 of 2p */
#define FE52X4_2P1 ((UINT64_C(1) << 52) - 2)       /* limbs 1 … 4 of 2p */
#define FE52X4_BIAS0 (((UINT64_C(1) << 51) - 19) << 10) /* limb 0 of 2^10·p */
#define FE52X4_BIAS1 (((UINT64_C(1) << 51) - 1) << 10)  /* limbs 1 … 4 of 2^10·p */

/* ---- Bounds (§3, §4) -------------------------------------------------------- */

/* Output bounds of the carrying operations. */
#define FE52X4_B_REDUCED 0.00001 /* fe52x4_reduce */
#define FE52X4_B_PRODUCT 9.07    /* fe52x4_mul, fe52x4_sq: limbs < 267·2^52 < 2^60.06 */
#define FE52X4_B_PRODUCT_BIASED 10.61 /* + 2^10·p (fe52x4_sq_bias_a): < 779·2^52 < 2^61.61 */
#define FE52X4_B_SMALL 1.0001    /* fe52x4_mul_small: limbs < 2^52 + 2^25.25 */
/* Input bounds. */
#define FE52X4_B_MUL_IN 1.0      /* multiplier operands: limbs < 2^52 */
#define FE52X4_B_LAZY_IN 12.0    /* add, sub: limbs < 2^63 */
#define FE52X4_B_BIAS_IN 9.99    /* the subtrahend of sub: limbs < 2^60.99 ≤ 2^10·p */
/* Tight fe51 (fe51.h: limbs < 1.125·2^51), the bound of unpack. */
#define FE52X4_B_FE51_TIGHT 0.16

#ifdef VEC25519_CHECK_BOUNDS
#include <stdio.h>
#include <stdlib.h>

/* Limb i of lane (0..3, or 0..7 in the 512-bit build). Variable time: check builds only. */
static inline uint64_t fe52x4_limb_(const fe52x4 *f, int lane, int i)
{
    uint64_t w[FE52X4_NLANES];
    FE52X4_STOREU(w, f->v[i]);
    return w[lane];
}

/* The largest integer below 2^(51 + b), capped at 2^64 - 1 (compared exactly, not in double). */
static inline uint64_t fe52x4_limb_max_(double b)
{
    const double lim = bounds_pow2(51.0 + b);
    uint64_t m;
    if (lim >= 18446744073709551615.0) return UINT64_MAX;
    m = (uint64_t)lim;
    if ((double)m >= lim) m--;
    return m;
}

/* Abort unless every limb of lane l is < 2^(51 + b[l]) (b ≤ 13: the limit is ≤ 2^64),
 * in each half of the 512-bit build. */
static inline void fe52x4_check_(const fe52x4 *f, double ba, double bb, double bc, double bd,
                                 const char *what, const char *file, int line)
{
    const double b[4] = {ba, bb, bc, bd};
    for (int l = 0; l < FE52X4_NLANES; l++) {
        const uint64_t max = fe52x4_limb_max_(b[l & 3]);
        for (int i = 0; i < 5; i++) {
            const uint64_t x = fe52x4_limb_(f, l, i);
            if (x > max) {
                fprintf(stderr,
                        "%s:%d: bound violated: %s lane %c limb %d = 0x%016llx >= 2^(51 + %.5f)\n",
                        file, line, what, "ABCDabcd"[l], i, (unsigned long long)x, b[l & 3]);
                abort();
            }
        }
    }
}

/* Abort unless every limb of the lanes in `lanes` is ≤ the limb of 2p. */
static inline void fe52x4_check_2p_(const fe52x4 *f, int lanes, const char *what,
                                    const char *file, int line)
{
    for (int l = 0; l < FE52X4_NLANES; l++) {
        if (!(lanes & (1 << (l & 3)))) continue;
        for (int i = 0; i < 5; i++) {
            const uint64_t x = fe52x4_limb_(f, l, i);
            if (x > (i == 0 ? FE52X4_2P0 : FE52X4_2P1)) {
                fprintf(stderr, "%s:%d: bound violated: %s lane %c limb %d = 0x%016llx > 2p\n",
                        file, line, what, "ABCDabcd"[l], i, (unsigned long long)x);
                abort();
            }
        }
    }
}

#define FE52X4_CHECK(f, ba, bb, bc, bd, what) \
    fe52x4_check_((f), (ba), (bb), (bc), (bd), (what), __FILE__, __LINE__)
#define FE52X4_CHECK_2P(f, lanes, what) fe52x4_check_2p_((f), (lanes), (what), __FILE__, __LINE__)
#else
#define FE52X4_CHECK(f, ba, bb, bc, bd, what) ((void)0)
#define FE52X4_CHECK_2P(f, lanes, what) ((void)0)
#endif

/* The same bound b on all four lanes. */
#define FE52X4_CHECK1(f, b, what) FE52X4_CHECK(f, b, b, b, b, what)

/* ---- Constants ----------------------------------------------------------------- */

static inline fe52x4_reg fe52x4_2p_(int i)
{
    return FE52X4_SET1(i == 0 ? FE52X4_2P0 : FE52X4_2P1);
}

static inline fe52x4_reg fe52x4_bias_(int i)
{
    return FE52X4_SET1(i == 0 ? FE52X4_BIAS0 : FE52X4_BIAS1);
}

/* ---- Lane movement ---------------------------------------------------------------- */

/*
 * Lane by lane: the lanes in `lanes` from b, the others from a. `lanes` is a
 * LANES_* name (a macro like fe52x4_shuffle and fe2625x4_blend, whose vpblendd
 * needs an immediate; here the opmask may also be a variable). a and b are
 * fe52x4 values and are evaluated five times, so pass variables. Bounds: each
 * lane keeps its source's. Constant time (the opmask is public).
 */
#define fe52x4_blend(a, b, lanes)                                                 \
    ((fe52x4){{FE52X4_OP(mask_blend_epi64)(FE52X4_K(lanes), (a).v[0], (b).v[0]),    \
               FE52X4_OP(mask_blend_epi64)(FE52X4_K(lanes), (a).v[1], (b).v[1]),    \
               FE52X4_OP(mask_blend_epi64)(FE52X4_K(lanes), (a).v[2], (b).v[2]),    \
               FE52X4_OP(mask_blend_epi64)(FE52X4_K(lanes), (a).v[3], (b).v[3]),    \
               FE52X4_OP(mask_blend_epi64)(FE52X4_K(lanes), (a).v[4], (b).v[4])}})

/* One register permuted by s (a constant expression; vpshufd when it stays in halves). */
#define FE52X4_PERMUTE1_(x, s)                                                    \
    (FE52X4_IN_HALVES_(s) ? FE52X4_PSHUFD((x), FE52X4_PSHUFD_IMM_(s) & 0xff) \
                          : FE52X4_PERMUTE((x), (s)&0xff))

/*
 * The lanes of a permuted by s, a SHUF_* name (a macro: vpermq and vpshufd
 * take immediates). a is evaluated five times: pass a variable. Bounds: each
 * destination lane has its source lane's. Constant time (the permutation is
 * public; the data only passes through the shuffle unit).
 */
#define fe52x4_shuffle(a, s)                                                   \
    ((fe52x4){{FE52X4_PERMUTE1_((a).v[0], (s)), FE52X4_PERMUTE1_((a).v[1], (s)), \
               FE52X4_PERMUTE1_((a).v[2], (s)), FE52X4_PERMUTE1_((a).v[3], (s)), \
               FE52X4_PERMUTE1_((a).v[4], (s))}})

/*
 * if m: h = f (else h unchanged). The all-ones or all-zero mask becomes an
 * opmask (its low four bits, through the value barrier) and each register
 * one masked blend. Bounds: those of h or f. Constant time (no branch: the
 * mask only selects); aliasing allowed.
 */
static inline void fe52x4_cmov(fe52x4 *h, const fe52x4 *f, ct_mask m)
{
    const __mmask8 k = FE52X4_K(ct_barrier_u64(m.m) & 0xf);
    h->v[0] = FE52X4_OP(mask_blend_epi64)(k, h->v[0], f->v[0]);
    h->v[1] = FE52X4_OP(mask_blend_epi64)(k, h->v[1], f->v[1]);
    h->v[2] = FE52X4_OP(mask_blend_epi64)(k, h->v[2], f->v[2]);
    h->v[3] = FE52X4_OP(mask_blend_epi64)(k, h->v[3], f->v[3]);
    h->v[4] = FE52X4_OP(mask_blend_epi64)(k, h->v[4], f->v[4]);
}

/* ---- Lazy arithmetic (no carry; §4) -------------------------------------------------- */

/*
 * h = f + g, lane by lane, limb by limb. In: b_f, b_g ≤ 12; out:
 * b ≤ lg(2^b_f + 2^b_g) ≤ 13 (limbs < 2^64). Constant time; aliasing allowed.
 */
static inline void fe52x4_add(fe52x4 *h, const fe52x4 *f, const fe52x4 *g)
{
    FE52X4_CHECK1(f, FE52X4_B_LAZY_IN, "add: f");
    FE52X4_CHECK1(g, FE52X4_B_LAZY_IN, "add: g");
    h->v[0] = FE52X4_OP(add_epi64)(f->v[0], g->v[0]);
    h->v[1] = FE52X4_OP(add_epi64)(f->v[1], g->v[1]);
    h->v[2] = FE52X4_OP(add_epi64)(f->v[2], g->v[2]);
    h->v[3] = FE52X4_OP(add_epi64)(f->v[3], g->v[3]);
    h->v[4] = FE52X4_OP(add_epi64)(f->v[4], g->v[4]);
}

/*
 * h = f - g, computed as f + 2^10·p - g so that no limb goes negative. In:
 * b_f ≤ 12, b_g < 9.99 (limbs of g ≤ those of 2^10·p, which every product
 * and every sum of two products satisfies); out: b ≤ lg(2^b_f + 2^10)
 * (a product minus a product: < 10.60). Constant time; aliasing allowed.
 */
static inline void fe52x4_sub(fe52x4 *h, const fe52x4 *f, const fe52x4 *g)
{
    FE52X4_CHECK1(f, FE52X4_B_LAZY_IN, "sub: f");
    FE52X4_CHECK1(g, FE52X4_B_BIAS_IN, "sub: g");
    h->v[0] = FE52X4_OP(sub_epi64)(FE52X4_OP(add_epi64)(f->v[0], fe52x4_bias_(0)), g->v[0]);
    h->v[1] = FE52X4_OP(sub_epi64)(FE52X4_OP(add_epi64)(f->v[1], fe52x4_bias_(1)), g->v[1]);
    h->v[2] = FE52X4_OP(sub_epi64)(FE52X4_OP(add_epi64)(f->v[2], fe52x4_bias_(2)), g->v[2]);
    h->v[3] = FE52X4_OP(sub_epi64)(FE52X4_OP(add_epi64)(f->v[3], fe52x4_bias_(3)), g->v[3]);
    h->v[4] = FE52X4_OP(sub_epi64)(FE52X4_OP(add_epi64)(f->v[4], fe52x4_bias_(4)), g->v[4]);
}

/*
 * Masked forms (AVX-512 merge masking, one instruction per register): in the
 * lanes of `lanes`, h = f + g (add_lanes) or f + 2^10·p - g (sub_lanes); in
 * the other lanes h = src. Bounds per lane: as fe52x4_add / fe52x4_sub in
 * the selected lanes, src's elsewhere. Constant time; aliasing allowed.
 */
static inline void fe52x4_add_lanes(fe52x4 *h, const fe52x4 *src, const fe52x4 *f,
                                    const fe52x4 *g, fe52x4_lanes lanes)
{
    const __mmask8 k = FE52X4_K(lanes);
    FE52X4_CHECK1(f, FE52X4_B_LAZY_IN, "add_lanes: f");
    FE52X4_CHECK1(g, FE52X4_B_LAZY_IN, "add_lanes: g");
    h->v[0] = FE52X4_OP(mask_add_epi64)(src->v[0], k, f->v[0], g->v[0]);
    h->v[1] = FE52X4_OP(mask_add_epi64)(src->v[1], k, f->v[1], g->v[1]);
    h->v[2] = FE52X4_OP(mask_add_epi64)(src->v[2], k, f->v[2], g->v[2]);
    h->v[3] = FE52X4_OP(mask_add_epi64)(src->v[3], k, f->v[3], g->v[3]);
    h->v[4] = FE52X4_OP(mask_add_epi64)(src->v[4], k, f->v[4], g->v[4]);
}

/*
 * As fe52x4_sub_lanes, without the bias: f − g in the lanes of `lanes`, src
 * elsewhere. In: f ≥ 2^10·p limbwise in those lanes (it holds the bias
 * already: fe52x4_sq_bias_a), b < 12; g b < 9.99 (≤ 2^10·p, so no limb goes
 * negative); out: < f. The bounds check builds verify that no limb wrapped.
 */
static inline void fe52x4_sub_lanes_biased(fe52x4 *h, const fe52x4 *src, const fe52x4 *f,
                                           const fe52x4 *g, fe52x4_lanes lanes)
{
    const __mmask8 k = FE52X4_K(lanes);
    FE52X4_CHECK1(f, FE52X4_B_LAZY_IN, "sub_lanes_biased: f");
    FE52X4_CHECK1(g, FE52X4_B_BIAS_IN, "sub_lanes_biased: g");
    for (int i = 0; i < 5; i++) h->v[i] = FE52X4_OP(mask_sub_epi64)(src->v[i], k, f->v[i], g->v[i]);
    FE52X4_CHECK1(h, FE52X4_B_LAZY_IN, "sub_lanes_biased: h");
}

static inline void fe52x4_sub_lanes(fe52x4 *h, const fe52x4 *src, const fe52x4 *f,
                                    const fe52x4 *g, fe52x4_lanes lanes)
{
    const __mmask8 k = FE52X4_K(lanes);
    FE52X4_CHECK1(f, FE52X4_B_LAZY_IN, "sub_lanes: f");
    FE52X4_CHECK1(g, FE52X4_B_BIAS_IN, "sub_lanes: g");
    h->v[0] = FE52X4_OP(mask_sub_epi64)(src->v[0], k, FE52X4_OP(add_epi64)(f->v[0], fe52x4_bias_(0)),
                                    g->v[0]);
    h->v[1] = FE52X4_OP(mask_sub_epi64)(src->v[1], k, FE52X4_OP(add_epi64)(f->v[1], fe52x4_bias_(1)),
                                    g->v[1]);
    h->v[2] = FE52X4_OP(mask_sub_epi64)(src->v[2], k, FE52X4_OP(add_epi64)(f->v[2], fe52x4_bias_(2)),
                                    g->v[2]);
    h->v[3] = FE52X4_OP(mask_sub_epi64)(src->v[3], k, FE52X4_OP(add_epi64)(f->v[3], fe52x4_bias_(3)),
                                    g->v[3]);
    h->v[4] = FE52X4_OP(mask_sub_epi64)(src->v[4], k, FE52X4_OP(add_epi64)(f->v[4], fe52x4_bias_(4)),
                                    g->v[4]);
}

/* h = c - f in the lanes of k (limb 0 of c is c0, limbs 1 … 4 are c1), h = f in the others. */
static inline void fe52x4_rsub_lanes_(fe52x4 *h, const fe52x4 *f, __mmask8 k, fe52x4_reg c0,
                                      fe52x4_reg c1)
{
    h->v[0] = FE52X4_OP(mask_sub_epi64)(f->v[0], k, c0, f->v[0]);
    h->v[1] = FE52X4_OP(mask_sub_epi64)(f->v[1], k, c1, f->v[1]);
    h->v[2] = FE52X4_OP(mask_sub_epi64)(f->v[2], k, c1, f->v[2]);
    h->v[3] = FE52X4_OP(mask_sub_epi64)(f->v[3], k, c1, f->v[3]);
    h->v[4] = FE52X4_OP(mask_sub_epi64)(f->v[4], k, c1, f->v[4]);
}

/*
 * h = -f in the lanes of `lanes`, computed as 2^10·p - f; h = f in the
 * others. In: b_f < 9.99 (f ≤ 2^10·p limbwise); out: b ≤ 10 in the selected
 * lanes (limbs ≤ 2^61), b_f elsewhere. The lazy form of negation: a later
 * addition turns it into a subtraction whose bias is already paid.
 * Constant time; aliasing allowed.
 */
static inline void fe52x4_neg_bias_lanes(fe52x4 *h, const fe52x4 *f, fe52x4_lanes lanes)
{
    FE52X4_CHECK1(f, FE52X4_B_BIAS_IN, "neg_bias_lanes: f");
    fe52x4_rsub_lanes_(h, f, FE52X4_K(lanes), fe52x4_bias_(0), fe52x4_bias_(1));
}

/*
 * h = -f in the lanes of `lanes`, computed as 2p - f; h = f in the others.
 * In: f ≤ 2p limbwise in the selected lanes; out: h ≤ 2p limbwise there (so
 * b < 1, a multiplier operand, and the negation can be applied again).
 * Constant time; aliasing allowed.
 */
static inline void fe52x4_neg_lanes(fe52x4 *h, const fe52x4 *f, fe52x4_lanes lanes)
{
    FE52X4_CHECK_2P(f, lanes, "neg_lanes: f");
    fe52x4_rsub_lanes_(h, f, FE52X4_K(lanes), fe52x4_2p_(0), fe52x4_2p_(1));
    FE52X4_CHECK_2P(h, lanes, "neg_lanes: h");
}

/* ---- The parallel carry pass (§4.1) ---------------------------------------------------- */

/*
 * h = f with one carry pass, all limbs of all lanes at once: limb i keeps
 * its low 51 bits and receives the carry of limb i - 1, limb 0 receives 19
 * times the carry of limb 4 (2^255 ≡ 19). In: any 64-bit limbs; carries are
 * < 2^13, so out: limbs 1 … 4 < 2^51 + 2^13, limb 0 < 2^51 + 19·2^13: b <
 * 0.00001, a multiplier operand, ≤ 2p limbwise. Five independent lanes of
 * work, no chain: two deep (a shift, then an add or IFMA). Constant time;
 * aliasing allowed.
 */
static inline void fe52x4_reduce(fe52x4 *h, const fe52x4 *f)
{
    const fe52x4_reg mask = FE52X4_SET1(FE52X4_MASK51);
    const fe52x4_reg k19 = FE52X4_SET1(19);
    const fe52x4_reg c0 = FE52X4_OP(srli_epi64)(f->v[0], 51), c1 = FE52X4_OP(srli_epi64)(f->v[1], 51),
                  c2 = FE52X4_OP(srli_epi64)(f->v[2], 51), c3 = FE52X4_OP(srli_epi64)(f->v[3], 51),
                  c4 = FE52X4_OP(srli_epi64)(f->v[4], 51);

    /* 19·c4 < 2^17.25 < 2^52: the low half of the IFMA product is all of it */
    h->v[0] = FE52X4_OP(madd52lo_epu64)(FE52X4_AND(f->v[0], mask), c4, k19);
    h->v[1] = FE52X4_OP(add_epi64)(FE52X4_AND(f->v[1], mask), c0);
    h->v[2] = FE52X4_OP(add_epi64)(FE52X4_AND(f->v[2], mask), c1);
    h->v[3] = FE52X4_OP(add_epi64)(FE52X4_AND(f->v[3], mask), c2);
    h->v[4] = FE52X4_OP(add_epi64)(FE52X4_AND(f->v[4], mask), c3);
    FE52X4_CHECK1(h, FE52X4_B_REDUCED, "reduce: h");
}

/* ---- Conversions ---------------------------------------------------------------------- */

/*
 * h = (a, b, c, d): a regrouping of the limbs, no arithmetic (both halves
 * alike in the 512-bit build). Bounds: lane by lane those of the inputs
 * (tight fe51: b < 0.17). Constant time.
 */
static inline void fe52x4_pack(fe52x4 *h, const fe51 *a, const fe51 *b, const fe51 *c,
                               const fe51 *d)
{
    for (int i = 0; i < 5; i++)
        h->v[i] = FE52X4_SETR4((long long)a->v[i], (long long)b->v[i], (long long)c->v[i],
                               (long long)d->v[i]);
}

/*
 * (a, b, c, d) = the lanes of f (of its half `half`, 0 or 1, in the 512-bit
 * build; 0 otherwise), limbs unchanged. In: b < 0.16 (inside fe51's tight
 * bound 1.125·2^51; any reduced f); out: tight fe51. Constant time. The
 * four outputs must be distinct.
 */
static inline void fe52x4_unpack_half(fe51 *a, fe51 *b, fe51 *c, fe51 *d, const fe52x4 *f,
                                      int half)
{
    uint64_t w[5][FE52X4_NLANES];
    const int o = 4 * half;

    FE52X4_CHECK1(f, FE52X4_B_FE51_TIGHT, "unpack: f");
    for (int i = 0; i < 5; i++) FE52X4_STOREU(w[i], f->v[i]);
    for (int i = 0; i < 5; i++) {
        a->v[i] = w[i][o];
        b->v[i] = w[i][o + 1];
        c->v[i] = w[i][o + 2];
        d->v[i] = w[i][o + 3];
    }
    vec25519_wipe(w, sizeof w);
}

static inline void fe52x4_unpack(fe51 *a, fe51 *b, fe51 *c, fe51 *d, const fe52x4 *f)
{
    fe52x4_unpack_half(a, b, c, d, f, 0);
}

/* ---- Products (§3.1) ------------------------------------------------------------------- */

/*
 * The multiplications are static inline, forced: they are inlined into the
 * point formulas, where the compiler keeps the twenty accumulators in
 * registers (AVX-512VL has 32 of them).
 */
#if defined(__GNUC__) || defined(__clang__)
#define FE52X4_HOT static inline __attribute__((always_inline))
#else
#define FE52X4_HOT static inline
#endif

/*
 * Hide a register's value from the optimiser (no instruction is emitted):
 * clang 14 rewrites t + 2t + 16t as t·19 and, without AVX512DQ's vpmullq,
 * lowers that to two vpmuludq, shifts and adds, twice the work (§9.1).
 */
#define FE52X4_OPAQUE_(x) CT_VEC_OPAQUE(x)

#define FE52X4_LO_(acc, x, y) FE52X4_OP(madd52lo_epu64)((acc), (x), (y))
#define FE52X4_HI_(acc, x, y) FE52X4_OP(madd52hi_epu64)((acc), (x), (y))

/*
 * h = the columns z_0 … z_9 (weights 2^(51k)) folded at 2^255 ≡ 19:
 * h_k = z_k + 19·z_(k+5), with 19z = z + 2z + 16z (shifts and adds: no
 * 64-bit vector multiplier is needed, and the IFMA ports stay free).
 * In: z_k < (3k + 1)·2^52 for k ≤ 4, z_k < (29 - 3k)·2^52 for k ≥ 5 (§3.1);
 * out: h_k < 267·2^52 < 2^60.06 (b < 9.07).
 */
FE52X4_HOT void fe52x4_fold_(fe52x4 *h, const fe52x4_reg z[10])
{
    #pragma GCC unroll 5
    for (int k = 0; k < 5; k++) {
        const fe52x4_reg t = z[k + 5];
        fe52x4_reg t2 = FE52X4_OP(slli_epi64)(t, 1), t16 = FE52X4_OP(slli_epi64)(t, 4);
        FE52X4_OPAQUE_(t2);
        FE52X4_OPAQUE_(t16);
        h->v[k] = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(t, t2), FE52X4_OP(add_epi64)(t16, z[k]));
    }
}

/*
 * h = f·g lane by lane (§3.1). In: b_f, b_g < 1 (every limb < 2^52, the
 * multiplier's operand width); out: b < 9.07, unreduced (a product feeds a
 * lazy addition and fe52x4_reduce before it is multiplied again). 25
 * vpmadd52luq + 25 vpmadd52huq, then 9 additions to double the high halves
 * and 25 shift/add operations for the fold. Constant time; aliasing allowed.
 *
 * The product limb f_i·g_j (< 2^104) splits at bit 52 into lo + hi·2^52;
 * in radix 2^51, lo lands on column i + j and hi, of weight 2^52 =
 * 2·2^51, on column i + j + 1 twice. The low halves are accumulated in
 * lo[k], the high halves in hi[k], each column a chain of at most five
 * IFMA; then z_k = lo_k + 2·hi_k and the fold.
 *
 * The products are issued column by column from the top (s = i + j = 8
 * down to 0): the high columns go through the longer tail (the fold by
 * 19), so they are finished first and their tail overlaps the products of
 * the low columns (§9.1: 12% shorter with gcc 12).
 */
FE52X4_HOT void fe52x4_mul(fe52x4 *h, const fe52x4 *f, const fe52x4 *g)
{
    fe52x4_reg lo[10], hi[10], z[10];
    const fe52x4_reg zero = FE52X4_ZERO();

    FE52X4_CHECK1(f, FE52X4_B_MUL_IN, "mul: f");
    FE52X4_CHECK1(g, FE52X4_B_MUL_IN, "mul: g");
    #pragma GCC unroll 10
    for (int k = 0; k < 10; k++) lo[k] = hi[k] = zero;
    #pragma GCC unroll 9
    for (int s = 8; s >= 0; s--) {
        #pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            const int j = s - i; /* a loop constant: the pairs (i, j) with i + j = s */
            if (j < 0 || j > 4) continue;
            hi[s + 1] = FE52X4_HI_(hi[s + 1], f->v[i], g->v[j]);
            lo[s] = FE52X4_LO_(lo[s], f->v[i], g->v[j]);
        }
    }
    /* lo_k < (number of pairs i + j = k)·2^52, hi_k < (pairs i + j = k - 1)·2^52 */
    z[9] = FE52X4_OP(add_epi64)(hi[9], hi[9]);
    #pragma GCC unroll 8
    for (int k = 8; k > 0; k--) z[k] = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(hi[k], hi[k]), lo[k]);
    z[0] = lo[0];
    fe52x4_fold_(h, z);
    FE52X4_CHECK1(h, FE52X4_B_PRODUCT, "mul: h");
}

/*
 * h = f² lane by lane (§3.1). In: b < 1; out: b < 9.07, unreduced. 15
 * products (30 IFMA): a square term f_i² contributes lo once to column 2i
 * and hi twice to column 2i + 1; a cross term f_i·f_j (i < j) counts twice,
 * so its lo contributes 2× to column i + j and its hi 4× to column i + j + 1.
 * Column k is z_k = 2·(2·c_k + b_k) + a_k with c_k the 4× terms, b_k the
 * 2× terms and a_k the 1× term, three independent chains of at most three
 * IFMA (§9.1), so that no operand is ever doubled (a doubled limb could
 * exceed the 52-bit operand width). Columns from the top, as in
 * fe52x4_mul. Constant time; aliasing allowed.
 */
FE52X4_HOT void fe52x4_sq_(fe52x4 *h, const fe52x4 *f, int bias_a)
{
    const fe52x4_reg x0 = f->v[0], x1 = f->v[1], x2 = f->v[2], x3 = f->v[3], x4 = f->v[4];
    const fe52x4_reg zero = FE52X4_ZERO();
    /* the starting values of columns 0 … 4 (see fe52x4_sq_bias_a): 0, or in
     * lane A the limbs of 2^10·p (halved where the column is doubled after) */
    const fe52x4_reg s0 = bias_a ? FE52X4_SETR4(FE52X4_BIAS0, 0, 0, 0) : zero;
    const fe52x4_reg s1 = bias_a ? FE52X4_SETR4(FE52X4_BIAS1, 0, 0, 0) : zero;
    const fe52x4_reg s1h = bias_a ? FE52X4_SETR4(FE52X4_BIAS1 / 2, 0, 0, 0) : zero;
    fe52x4_reg z[10], c, b;

    FE52X4_CHECK1(f, FE52X4_B_MUL_IN, "sq: f");
    /* clang-format off */
    /* z9 = 2 hi(x4x4) */
    b = FE52X4_HI_(zero, x4, x4);
    z[9] = FE52X4_OP(add_epi64)(b, b);
    /* z8 = 4 hi(x3x4) + lo(x4x4) */
    c = FE52X4_HI_(zero, x3, x4);
    c = FE52X4_OP(add_epi64)(c, c);
    z[8] = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), FE52X4_LO_(zero, x4, x4));
    /* z7 = 2 (2 hi(x2x4) + lo(x3x4) + hi(x3x3)) */
    c = FE52X4_HI_(zero, x2, x4);
    b = FE52X4_HI_(FE52X4_LO_(zero, x3, x4), x3, x3);
    b = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), b);
    z[7] = FE52X4_OP(add_epi64)(b, b);
    /* z6 = 2 (2 (hi(x1x4) + hi(x2x3)) + lo(x2x4)) + lo(x3x3) */
    c = FE52X4_HI_(FE52X4_HI_(zero, x1, x4), x2, x3);
    b = FE52X4_LO_(zero, x2, x4);
    b = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), b);
    z[6] = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(b, b), FE52X4_LO_(zero, x3, x3));
    /* z5 = 2 (2 (hi(x0x4) + hi(x1x3)) + lo(x1x4) + lo(x2x3) + hi(x2x2)) */
    c = FE52X4_HI_(FE52X4_HI_(zero, x0, x4), x1, x3);
    b = FE52X4_HI_(FE52X4_LO_(FE52X4_LO_(zero, x1, x4), x2, x3), x2, x2);
    b = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), b);
    z[5] = FE52X4_OP(add_epi64)(b, b);
    /* z4 = 2 (2 (hi(x0x3) + hi(x1x2)) + lo(x0x4) + lo(x1x3)) + lo(x2x2) */
    c = FE52X4_HI_(FE52X4_HI_(zero, x0, x3), x1, x2);
    b = FE52X4_LO_(FE52X4_LO_(zero, x0, x4), x1, x3);
    b = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), b);
    z[4] = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(b, b), FE52X4_LO_(s1, x2, x2));
    /* z3 = 2 (2 hi(x0x2) + lo(x0x3) + lo(x1x2) + hi(x1x1)) */
    c = FE52X4_HI_(zero, x0, x2);
    b = FE52X4_HI_(FE52X4_LO_(FE52X4_LO_(s1h, x0, x3), x1, x2), x1, x1);
    b = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), b);
    z[3] = FE52X4_OP(add_epi64)(b, b);
    /* z2 = 2 (2 hi(x0x1) + lo(x0x2)) + lo(x1x1) */
    c = FE52X4_HI_(zero, x0, x1);
    b = FE52X4_LO_(zero, x0, x2);
    b = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(c, c), b);
    z[2] = FE52X4_OP(add_epi64)(FE52X4_OP(add_epi64)(b, b), FE52X4_LO_(s1, x1, x1));
    /* z1 = 2 (lo(x0x1) + hi(x0x0)) */
    b = FE52X4_HI_(FE52X4_LO_(s1h, x0, x1), x0, x0);
    z[1] = FE52X4_OP(add_epi64)(b, b);
    /* z0 = lo(x0x0) */
    z[0] = FE52X4_LO_(s0, x0, x0);
    /* clang-format on */
    /* every z_k is at most the matching column of a product (§3.1), plus
     * 2^10·p's limb k in lane A if bias_a */
    fe52x4_fold_(h, z);
    FE52X4_CHECK(h, bias_a ? FE52X4_B_PRODUCT_BIASED : FE52X4_B_PRODUCT, FE52X4_B_PRODUCT,
                 FE52X4_B_PRODUCT, FE52X4_B_PRODUCT, "sq: h");
}

/* h = f² lane by lane (fe52x4_sq_ above). */
FE52X4_HOT void fe52x4_sq(fe52x4 *h, const fe52x4 *f)
{
    fe52x4_sq_(h, f, 0);
}

/*
 * h = f² lane by lane, plus 2^10·p in lane A: the columns 0 … 4 of lane A
 * start at the limbs of 2^10·p instead of 0 (halved in the columns that are
 * doubled afterwards; the limbs are even), so h_k gains exactly 2^10·p's
 * limb k, at no instruction. A value subtracted from lane A then needs no
 * bias of its own (fe52x4_sub_lanes_biased). In: b < 1; out: lane A
 * b < 10.61 (limbs < 779·2^52, ≥ those of 2^10·p), lanes B, C, D b < 9.07.
 */
FE52X4_HOT void fe52x4_sq_bias_a(fe52x4 *h, const fe52x4 *f)
{
    fe52x4_sq_(h, f, 1);
}

/*
 * h = (ca·a, cb·b, cc·c, cd·d) for the lanes a, b, c, d of f; each c < 2^20
 * (public). In: b < 1; out: b < 1.0001 (limbs < 2^52 + 2^21, limb 0 <
 * 2^52 + 38·2^20): not yet a multiplier operand, reduce it first. 5 + 5
 * IFMA. Constant time; aliasing allowed.
 */
FE52X4_HOT void fe52x4_mul_small(fe52x4 *h, const fe52x4 *f, uint32_t ca, uint32_t cb,
                                 uint32_t cc, uint32_t cd)
{
    const fe52x4_reg c = FE52X4_SETR4(ca, cb, cc, cd);
    const fe52x4_reg zero[5] = {FE52X4_ZERO(), FE52X4_ZERO(),
                             FE52X4_ZERO(), FE52X4_ZERO(),
                             FE52X4_ZERO()};

    FE52X4_CHECK1(f, FE52X4_B_MUL_IN, "mul_small: f");
    /* f_i·c < 2^72: lo < 2^52 stays on limb i, hi < 2^20 goes twice to limb
     * i + 1, limb 5 wraps as 38·hi_4 < 2^25.25 (fe52_small.h) */
    FE52_MUL_SMALL_ADD_(fe52x4_reg, h, f, c, zero, FE52X4_ZERO, FE52X4_SET1, FE52X4_OP(add_epi64),
                        FE52X4_OP(madd52lo_epu64), FE52X4_OP(madd52hi_epu64));
    FE52X4_CHECK1(h, FE52X4_B_SMALL, "mul_small: h");
}

#endif /* VEC25519_BACKEND_IFMA_FE52X4_H */
