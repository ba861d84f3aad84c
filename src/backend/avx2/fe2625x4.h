/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fe2625x4: four elements of GF(p), p = 2^255 - 19, held in five AVX2
 * registers, one element per lane, for the 4-way point formulas of
 * edwards_avx2.c. The design note is docs/avx2.md (cited as §n below).
 *
 * Representation (§2). Lanes A, B, C, D are four independent field elements
 * a, b, c, d, each in radix 2^25.5 exactly as the serial fe2625: limb i has
 * w_i = 26 bits for even i and 25 for odd i, value Σ a_i·2^ceil(25.5·i). The
 * 32-bit words are interleaved so that unpacking with zero inside each
 * 128-bit half puts one limb of every lane in a 64-bit slot, the operand
 * form of vpmuludq:
 *
 *     v[0] = (a0 b0 a1 b1 | c0 d0 c1 d1)
 *     v[1] = (a2 b2 a3 b3 | c2 d2 c3 d3)
 *       ...
 *     v[4] = (a8 b8 a9 b9 | c8 d8 c9 d9)
 *
 * Bounds (§3) use the bit-excess b: an element has excess b when limb i
 * < 2^(w_i + b). "Reduced" means b < 0.002, what every carrying operation
 * gives. Each function states its bounds per lane; with
 * -DVEC25519_CHECK_BOUNDS it asserts them (FE2625X4_CHECK below).
 *
 * Everything is constant time: no branch, memory index or variable-latency
 * instruction depends on limb values. Outputs may alias inputs.
 *
 * The hot operations are static inline here (inlined into the point
 * formulas they measure faster, docs/avx2.md §9); fe2625x4.c holds the
 * conversions and the carry pass.
 *
 * References: the parallel formulas (docs/parallel-formulas.md);
 * Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves Revisited", HWCD 2008
 * (eprint 2008/522); the serial twin src/field/fe2625.h.
 */
#ifndef VEC25519_BACKEND_AVX2_FE2625X4_H
#define VEC25519_BACKEND_AVX2_FE2625X4_H

#include <immintrin.h>
#include <stdint.h>

#include "../../internal/bounds.h"
#include "../../internal/ct.h"
#include "../../field/fe2625.h"
#include "../vector/lanes.h"

typedef struct {
    __m256i v[5];
} fe2625x4;

/* ---- The one table of raw immediates (§5) ---------------------------------- */

/*
 * Lane sets (the names of vector/lanes.h), as vpblendd masks: bit k selects
 * word k. Lane A is words 0 and 2 of every register, B words 1 and 3, C words
 * 4 and 6, D words 5 and 7.
 */
typedef enum { LANES4_SETS(0x05, 0x0a, 0x50, 0xa0) } fe2625x4_lanes;

/* Immediates of the field layer itself (word positions, not lanes). */
enum {
    WORDS_ODD_LIMBS = 0xcc, /* vpblendd: words 2, 3, 6, 7 hold the odd limbs */
    IMM_SWAP_HALVES = 0x4e, /* vpshufd: (w0 w1 w2 w3) -> (w2 w3 w0 w1) in each 128-bit half */
    IMM_PACK_LOW32 = 0x88   /* vshufps: (x0 x2 y0 y2) in each half: low words of 64-bit slots */
};

/*
 * Lane permutations: the SHUF_* names of vector/lanes.h. Each becomes a
 * vpermd index vector (fe2625x4_shuf_index_): the word of the even limb of
 * source lane l is l + (l & 2) (0, 1, 4, 5), the odd limb two words up.
 */
typedef lanes4_shuf fe2625x4_shuf;
#define FE2625X4_SHUF_COUNT LANES4_SHUF_COUNT
#define FE2625X4_SHUF_WORD_(s, k) (LANES4_SRC(s, k) + (LANES4_SRC(s, k) & 2))

/* ---- Bounds checking (§8) ---------------------------------------------------- */

#ifdef VEC25519_CHECK_BOUNDS
#include <stdio.h>
#include <stdlib.h>

/* Limb i of lane (0..3). Variable time: check builds only. */
static inline uint32_t fe2625x4_limb_(const fe2625x4 *f, int lane, int i)
{
    uint32_t w[8];
    static const int word[4] = {0, 1, 4, 5};
    _mm256_storeu_si256((__m256i *)w, f->v[i / 2]);
    return w[word[lane] + 2 * (i & 1)];
}

/* Abort unless every limb i of lane l is < 2^(w_i + b[l]). */
static inline void fe2625x4_check_(const fe2625x4 *f, double ba, double bb, double bc, double bd,
                                   const char *what, const char *file, int line)
{
    const double b[4] = {ba, bb, bc, bd};
    double lims[2] = {0, 0}; /* 2^(w_i + b[l]) for even and odd i: computed once per bound */
    for (int l = 0; l < 4; l++) {
        if (l == 0 || b[l] != b[l - 1]) {
            lims[0] = bounds_pow2(FE2625_WIDTH(0) + b[l]);
            lims[1] = bounds_pow2(FE2625_WIDTH(1) + b[l]);
        }
        for (int i = 0; i < 10; i++) {
            uint32_t x = fe2625x4_limb_(f, l, i);
            double lim = lims[i & 1];
            if ((double)x >= lim) {
                fprintf(stderr,
                        "%s:%d: bound violated: %s lane %c limb %d = 0x%08x >= 2^(%d + %.5f)\n",
                        file, line, what, "ABCD"[l], i, (unsigned)x, FE2625_WIDTH(i), b[l]);
                abort();
            }
        }
    }
}

/* Abort unless every limb of the lanes in `lanes` is ≤ the limb of 2p. */
static inline void fe2625x4_check_2p_(const fe2625x4 *f, int lanes, const char *what,
                                      const char *file, int line)
{
    static const int bit[4] = {0x05, 0x0a, 0x50, 0xa0};
    for (int l = 0; l < 4; l++) {
        if (!(lanes & bit[l])) continue;
        for (int i = 0; i < 10; i++) {
            uint32_t x = fe2625x4_limb_(f, l, i);
            if (x > FE2625_2P(i)) {
                fprintf(stderr, "%s:%d: bound violated: %s lane %c limb %d = 0x%08x > 2p\n", file,
                        line, what, "ABCD"[l], i, (unsigned)x);
                abort();
            }
        }
    }
}

/* Abort unless, in the lanes of `lanes`, every limb of f is ≥ the same limb of g. */
static inline void fe2625x4_check_ge_(const fe2625x4 *f, const fe2625x4 *g, int lanes,
                                      const char *what, const char *file, int line)
{
    static const int bit[4] = {0x05, 0x0a, 0x50, 0xa0};
    for (int l = 0; l < 4; l++) {
        if (!(lanes & bit[l])) continue;
        for (int i = 0; i < 10; i++) {
            uint32_t x = fe2625x4_limb_(f, l, i), y = fe2625x4_limb_(g, l, i);
            if (x < y) {
                fprintf(stderr, "%s:%d: bound violated: %s lane %c limb %d: 0x%08x < 0x%08x\n",
                        file, line, what, "ABCD"[l], i, (unsigned)x, (unsigned)y);
                abort();
            }
        }
    }
}

#define FE2625X4_CHECK(f, ba, bb, bc, bd, what) \
    fe2625x4_check_((f), (ba), (bb), (bc), (bd), (what), __FILE__, __LINE__)
#define FE2625X4_CHECK_2P(f, lanes, what) \
    fe2625x4_check_2p_((f), (lanes), (what), __FILE__, __LINE__)
#define FE2625X4_CHECK_GE_LANES(f, g, lanes, what) \
    fe2625x4_check_ge_((f), (g), (lanes), (what), __FILE__, __LINE__)
#else
#define FE2625X4_CHECK(f, ba, bb, bc, bd, what) ((void)0)
#define FE2625X4_CHECK_2P(f, lanes, what) ((void)0)
#define FE2625X4_CHECK_GE_LANES(f, g, lanes, what) ((void)0)
#endif

/* The same bound b on all four lanes. */
#define FE2625X4_CHECK1(f, b, what) FE2625X4_CHECK(f, b, b, b, b, what)

/* Output bounds of the carrying operations (§3.2, §3.3, §4). */
#define FE2625X4_B_MUL 0.0003
#define FE2625X4_B_SQ 0.0002
#define FE2625X4_B_SQNEG 0.002
#define FE2625X4_B_REDUCED 0.0001
#define FE2625X4_B_SMALL 0.00001
/* Input bounds of the multiplication (§3.1). */
#define FE2625X4_B_MUL_LEFT 2.5
#define FE2625X4_B_MUL_RIGHT 1.75

/* ---- Constants ----------------------------------------------------------------- */

/* Register i of 2p in every lane: limbs 2^27 - 38, then 2^26 - 2 (odd), 2^27 - 2 (even). */
static inline __m256i fe2625x4_2p_(int i)
{
    const int e = (int)FE2625_2P(2 * i), o = (int)FE2625_2P(1);
    return _mm256_setr_epi32(e, e, o, o, e, e, o, o);
}

/* ---- Lane movement ---------------------------------------------------------------- */

/*
 * Lane by lane: the lanes in `lanes` from b, the others from a. `lanes` must
 * be a constant expression (a LANES_* name: vpblendd takes an immediate, which
 * is why this is a macro); a and b are fe2625x4 values and are evaluated five
 * times, so pass variables. Bounds: each lane keeps its source's. Constant time.
 */
#define fe2625x4_blend(a, b, lanes)                                       \
    ((fe2625x4){{_mm256_blend_epi32((a).v[0], (b).v[0], (lanes)),         \
                 _mm256_blend_epi32((a).v[1], (b).v[1], (lanes)),         \
                 _mm256_blend_epi32((a).v[2], (b).v[2], (lanes)),         \
                 _mm256_blend_epi32((a).v[3], (b).v[3], (lanes)),         \
                 _mm256_blend_epi32((a).v[4], (b).v[4], (lanes))}})

/* The vpermd index of the permutation s (a constant in the formulas). */
static inline __m256i fe2625x4_shuf_index_(fe2625x4_shuf s)
{
    const int a = FE2625X4_SHUF_WORD_(s, 0), b = FE2625X4_SHUF_WORD_(s, 1);
    const int c = FE2625X4_SHUF_WORD_(s, 2), d = FE2625X4_SHUF_WORD_(s, 3);
    __m256i idx = _mm256_setr_epi32(a, b, a + 2, b + 2, c, d, c + 2, d + 2);
#if defined(__clang__)
    /* hide the constant: clang would turn some vpermd into two shuffles (slower) */
    CT_VEC_OPAQUE(idx);
#endif
    return idx;
}

/* The five registers of a, each permuted by the vpermd index idx. */
static inline fe2625x4 fe2625x4_permute_(fe2625x4 a, __m256i idx)
{
    fe2625x4 r = {{_mm256_permutevar8x32_epi32(a.v[0], idx),
                   _mm256_permutevar8x32_epi32(a.v[1], idx),
                   _mm256_permutevar8x32_epi32(a.v[2], idx),
                   _mm256_permutevar8x32_epi32(a.v[3], idx),
                   _mm256_permutevar8x32_epi32(a.v[4], idx)}};
    return r;
}

/*
 * The lanes of a permuted by s, a SHUF_* name (a macro like fe2625x4_blend and
 * fe52x4_shuffle; the index vector is built once, by fe2625x4_shuf_index_).
 * Bounds: each destination lane has its source lane's. Constant time (the
 * permutation is public; the data only passes through vpermd).
 */
#define fe2625x4_shuffle(a, s) fe2625x4_permute_((a), fe2625x4_shuf_index_(s))

/*
 * if m: h = f (else h unchanged), one vpblendvb per register under the mask
 * broadcast to every byte. Bounds: those of h or f. Constant time; aliasing
 * allowed.
 */
static inline void fe2625x4_cmov(fe2625x4 *h, const fe2625x4 *f, ct_mask m)
{
    const __m256i mm = _mm256_set1_epi64x((long long)ct_barrier_u64(m.m));
    h->v[0] = _mm256_blendv_epi8(h->v[0], f->v[0], mm);
    h->v[1] = _mm256_blendv_epi8(h->v[1], f->v[1], mm);
    h->v[2] = _mm256_blendv_epi8(h->v[2], f->v[2], mm);
    h->v[3] = _mm256_blendv_epi8(h->v[3], f->v[3], mm);
    h->v[4] = _mm256_blendv_epi8(h->v[4], f->v[4], mm);
}

/* ---- Lazy arithmetic (no carry) ---------------------------------------------------- */

/*
 * h = f + g, lane by lane, limb by limb. In: b_f, b_g ≤ 5; out:
 * b ≤ lg(2^b_f + 2^b_g) ≤ 6 (still 32 bits). Constant time; aliasing allowed.
 */
static inline void fe2625x4_add(fe2625x4 *h, const fe2625x4 *f, const fe2625x4 *g)
{
    FE2625X4_CHECK1(f, 5.0, "add: f");
    FE2625X4_CHECK1(g, 5.0, "add: g");
    h->v[0] = _mm256_add_epi32(f->v[0], g->v[0]);
    h->v[1] = _mm256_add_epi32(f->v[1], g->v[1]);
    h->v[2] = _mm256_add_epi32(f->v[2], g->v[2]);
    h->v[3] = _mm256_add_epi32(f->v[3], g->v[3]);
    h->v[4] = _mm256_add_epi32(f->v[4], g->v[4]);
}

/*
 * h = f - g, computed as f + 2p - g so that no limb goes negative. In:
 * b_f ≤ 5, g ≤ 2p limbwise (true for b_g < 0.999, e.g. any reduced g, and
 * for any output of fe2625x4_neg); out: b ≤ lg(2^b_f + 2) (reduced f: 1.59).
 * Constant time; aliasing allowed.
 */
static inline void fe2625x4_sub(fe2625x4 *h, const fe2625x4 *f, const fe2625x4 *g)
{
    FE2625X4_CHECK1(f, 5.0, "sub: f");
    FE2625X4_CHECK_2P(g, LANES_ABCD, "sub: g");
    h->v[0] = _mm256_sub_epi32(_mm256_add_epi32(f->v[0], fe2625x4_2p_(0)), g->v[0]);
    h->v[1] = _mm256_sub_epi32(_mm256_add_epi32(f->v[1], fe2625x4_2p_(1)), g->v[1]);
    h->v[2] = _mm256_sub_epi32(_mm256_add_epi32(f->v[2], fe2625x4_2p_(2)), g->v[2]);
    h->v[3] = _mm256_sub_epi32(_mm256_add_epi32(f->v[3], fe2625x4_2p_(3)), g->v[3]);
    h->v[4] = _mm256_sub_epi32(_mm256_add_epi32(f->v[4], fe2625x4_2p_(4)), g->v[4]);
}

/*
 * h = e + f + g in every lane, except h = e + f - g in the lanes of `minus`
 * (public): the sums and differences of two broadcasts in one step, against
 * a bias that e carries in the `minus` lanes. The difference f - g is taken
 * first and may wrap; the bias then brings it back, so the add of the bias
 * is not on the chain from f and g (doubling, docs/avx2.md §7.3). In:
 * b_e ≤ 5, b_f, b_g ≤ 4 (so h stays in 32 bits: b ≤ 6), and e ≥ g limb by
 * limb in the `minus` lanes (asserted in check builds), so that no limb of
 * h is below zero; out: b ≤ lg(2^b_e + 2^b_f + 2^b_g), and in the `minus`
 * lanes b ≤ lg(2^b_e + 2^b_f). Constant time; aliasing allowed.
 */
static inline void fe2625x4_add_pm(fe2625x4 *h, const fe2625x4 *e, const fe2625x4 *f,
                                   const fe2625x4 *g, fe2625x4_lanes minus)
{
    /* word k of the mask is all-ones iff bit k of `minus` is set (a constant when inlined) */
    const __m256i m = _mm256_setr_epi32(
        -(int)(minus & 1), -(int)((minus >> 1) & 1), -(int)((minus >> 2) & 1),
        -(int)((minus >> 3) & 1), -(int)((minus >> 4) & 1), -(int)((minus >> 5) & 1),
        -(int)((minus >> 6) & 1), -(int)((minus >> 7) & 1));

    FE2625X4_CHECK1(e, 5.0, "add_pm: e");
    FE2625X4_CHECK1(f, 4.0, "add_pm: f");
    FE2625X4_CHECK1(g, 4.0, "add_pm: g");
    FE2625X4_CHECK_GE_LANES(e, g, minus, "add_pm: e ≥ g");
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        const __m256i sum = _mm256_add_epi32(f->v[i], g->v[i]);
        const __m256i dif = _mm256_sub_epi32(f->v[i], g->v[i]);
        h->v[i] = _mm256_add_epi32(e->v[i], _mm256_blendv_epi8(sum, dif, m));
    }
}

/* h = 2p in every lane (limbs 2^27 - 38, then 2^26 - 2 (odd), 2^27 - 2 (even)). */
static inline void fe2625x4_2p(fe2625x4 *h)
{
    h->v[0] = fe2625x4_2p_(0);
    h->v[1] = fe2625x4_2p_(1);
    h->v[2] = fe2625x4_2p_(2);
    h->v[3] = fe2625x4_2p_(3);
    h->v[4] = fe2625x4_2p_(4);
}

/*
 * h = -f, computed as 2p - f. In: f ≤ 2p limbwise; out: h ≤ 2p limbwise
 * (b < 1), so neg can be applied again. Constant time; aliasing allowed.
 */
static inline void fe2625x4_neg(fe2625x4 *h, const fe2625x4 *f)
{
    FE2625X4_CHECK_2P(f, LANES_ABCD, "neg: f");
    h->v[0] = _mm256_sub_epi32(fe2625x4_2p_(0), f->v[0]);
    h->v[1] = _mm256_sub_epi32(fe2625x4_2p_(1), f->v[1]);
    h->v[2] = _mm256_sub_epi32(fe2625x4_2p_(2), f->v[2]);
    h->v[3] = _mm256_sub_epi32(fe2625x4_2p_(3), f->v[3]);
    h->v[4] = _mm256_sub_epi32(fe2625x4_2p_(4), f->v[4]);
    FE2625X4_CHECK_2P(h, LANES_ABCD, "neg: h");
}

/* ---- Conversions and the carry pass (fe2625x4.c) ----------------------------------------- */

/*
 * h = (a, b, c, d): a regrouping of the limbs, no arithmetic. Bounds: lane by
 * lane those of the inputs (any 32-bit limbs). Constant time.
 */
void fe2625x4_pack(fe2625x4 *h, const fe2625 *a, const fe2625 *b, const fe2625 *c,
                   const fe2625 *d);

/*
 * (a, b, c, d) = the lanes of f, limbs unchanged. In: b < 0.16 (limbs below
 * fe2625's tight bound 1.125·2^w_i; any reduced f); out: tight fe2625.
 * Constant time. The four outputs must be distinct.
 */
void fe2625x4_unpack(fe2625 *a, fe2625 *b, fe2625 *c, fe2625 *d, const fe2625x4 *f);

/*
 * h = (a, b, c, d) from four elements in radix 2^51 (the serial fe51, limb k
 * holding bits 51k … 51k + 50): since ⌈25.5·2k⌉ = 51k, limb 2k is the low 26
 * bits of limb k and limb 2k + 1 the rest, then one carry pass. In: limbs
 * < 2^51 + 2^48 (fe51 tight); out: b < 0.0001. Constant time.
 */
void fe2625x4_from_radix51(fe2625x4 *h, const uint64_t a[5], const uint64_t b[5],
                           const uint64_t c[5], const uint64_t d[5]);

/*
 * (a, b, c, d) = the lanes of f in radix 2^51: limb k = limb 2k + 2^26·limb
 * 2k+1. In: b < 0.16; out: limbs < 2^(51 + 0.16) + 2^(26 + 0.16) < 2^51 + 2^48
 * (fe51 tight). Constant time. The four outputs must be distinct.
 */
void fe2625x4_to_radix51(uint64_t a[5], uint64_t b[5], uint64_t c[5], uint64_t d[5],
                         const fe2625x4 *f);

/*
 * h = f with one carry pass, all limbs of all lanes in parallel (§4). In: any
 * 32-bit limbs; out: b < 0.0001. Constant time; aliasing allowed.
 */
void fe2625x4_reduce(fe2625x4 *h, const fe2625x4 *f);

/* ---- Carrying operations --------------------------------------------------------------- */

/*
 * The multiplications are static inline, forced: inlined into the point
 * formulas they are 5-15% faster than as calls (docs/avx2.md §9.1), and gcc
 * would not inline functions this large on its own.
 */

#if defined(__GNUC__) || defined(__clang__)
#define FE2625X4_HOT static inline __attribute__((always_inline))
#else
#define FE2625X4_HOT static inline
#endif

/* x[2i] = (a_2i, b_2i, c_2i, d_2i), x[2i+1] = (a_2i+1, …) in 64-bit slots. */
FE2625X4_HOT void fe2625x4_unzip_(__m256i x[10], const fe2625x4 *f)
{
    const __m256i zero = _mm256_setzero_si256();
    #pragma GCC unroll 10
    for (int i = 0; i < 5; i++) {
        x[2 * i] = _mm256_unpacklo_epi32(f->v[i], zero);
        x[2 * i + 1] = _mm256_unpackhi_epi32(f->v[i], zero);
    }
}

/* The inverse of unzip: h keeps the low 32 bits of every 64-bit slot of x (vshufps). */
FE2625X4_HOT void fe2625x4_zip_(fe2625x4 *h, const __m256i x[10])
{
    #pragma GCC unroll 10
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_castps_si256(_mm256_shuffle_ps(_mm256_castsi256_ps(x[2 * i]),
                                                        _mm256_castsi256_ps(x[2 * i + 1]),
                                                        IMM_PACK_LOW32));
}

/* Carry column k into column k + 1 (into column 0 times 19 for k = 9). */
FE2625X4_HOT void fe2625x4_carry_(__m256i z[10], int k)
{
    const int w = 26 - (k & 1);
    const __m256i mask = _mm256_set1_epi64x((1LL << w) - 1);
    const __m256i c = _mm256_srli_epi64(z[k], w);

    z[k] = _mm256_and_si256(z[k], mask);
    if (k == 9) { /* k is a loop constant, never data */
        /* 19·c = c + 2c + 16c: c9 may exceed 32 bits, so not vpmuludq */
        __m256i c19 = _mm256_add_epi64(c, _mm256_add_epi64(_mm256_slli_epi64(c, 1),
                                                            _mm256_slli_epi64(c, 4)));
        z[0] = _mm256_add_epi64(z[0], c19);
    } else {
        z[k + 1] = _mm256_add_epi64(z[k + 1], c);
    }
}

/*
 * h = the columns z, carried and zipped back (§3.2): three rounds of
 * independent carries, the even limbs, the odd limbs (9 into 0 times 19),
 * the even limbs again, so the chain is three carries deep instead of
 * seven. In: z_0 … z_8 < 2^63.3, z_9 < 2^62; out: b < 0.0003 if z_9 < 2^59
 * (every product and square), b < 0.002 otherwise (a negated lane, §3.3).
 * z is clobbered.
 */
FE2625X4_HOT void fe2625x4_carry_zip_(fe2625x4 *h, __m256i z[10])
{
    /* three rounds: even limbs, odd limbs (9→0 times 19), even limbs again */
    fe2625x4_carry_(z, 0);
    fe2625x4_carry_(z, 2);
    fe2625x4_carry_(z, 4);
    fe2625x4_carry_(z, 6);
    fe2625x4_carry_(z, 8);
    fe2625x4_carry_(z, 1);
    fe2625x4_carry_(z, 3);
    fe2625x4_carry_(z, 5);
    fe2625x4_carry_(z, 7);
    fe2625x4_carry_(z, 9);
    fe2625x4_carry_(z, 0);
    fe2625x4_carry_(z, 2);
    fe2625x4_carry_(z, 4);
    fe2625x4_carry_(z, 6);
    fe2625x4_carry_(z, 8);
    fe2625x4_zip_(h, z);
}

/* Sums of six and five vectors of 64-bit slots, as trees (depth 3 instead of 5). */
FE2625X4_HOT __m256i fe2625x4_sum6_(__m256i t0, __m256i t1, __m256i t2, __m256i t3,
                                    __m256i t4, __m256i t5)
{
    __m256i a = _mm256_add_epi64(_mm256_add_epi64(t0, t1), _mm256_add_epi64(t2, t3));
    return _mm256_add_epi64(a, _mm256_add_epi64(t4, t5));
}

FE2625X4_HOT __m256i fe2625x4_sum5_(__m256i t0, __m256i t1, __m256i t2, __m256i t3,
                                    __m256i t4)
{
    __m256i a = _mm256_add_epi64(_mm256_add_epi64(t0, t1), _mm256_add_epi64(t2, t3));
    return _mm256_add_epi64(a, t4);
}

#define FE2625X4_MUL_(a, b) _mm256_mul_epu32((a), (b))

/*
 * The ten column sums, in registers at this point: an empty asm that takes
 * and returns them, so that gcc finishes one row of products before it
 * starts the next instead of hoisting all 100 products and spilling them to
 * the stack (docs/avx2.md §9.1). No instruction is emitted. clang schedules
 * the rows well by itself and is slower with the pin, so it is gcc only.
 */
#if defined(__GNUC__) && !defined(__clang__)
#define FE2625X4_PIN_COLUMNS_(z)                                                        \
    __asm__ volatile("" : "+x"(z[0]), "+x"(z[1]), "+x"(z[2]), "+x"(z[3]), "+x"(z[4]), \
                     "+x"(z[5]), "+x"(z[6]), "+x"(z[7]), "+x"(z[8]), "+x"(z[9]))
#else
#define FE2625X4_PIN_COLUMNS_(z) ((void)0)
#endif

/* ---- Multiplication ------------------------------------------------------------------ */

/*
 * h = f·g lane by lane (§3.1, §3.2). In: b_f < 2.5, b_g < 1.75 (the operand
 * order matters: g is the one multiplied by 19); out: b < 0.0003. 100
 * vpmuludq for the products, 9 for 19·g. Constant time; aliasing allowed.
 *
 * The registers are unzipped into vectors of 64-bit slots, (a_2i, b_2i,
 * c_2i, d_2i) and (a_2i+1, …); the products are accumulated by rows (operand
 * scanning): row i adds f_i·g_j into column (i + j) mod 10 for every j, with
 * f_i doubled when i and j are both odd and g_j taken times 19 when
 * i + j ≥ 10 (its weight is 2^255·…). So the ten column sums stay in
 * registers while g is read from memory operands; with both loops unrolled
 * i and j are constants and both choices are made at compile time; the
 * columns are pinned after each row (FE2625X4_PIN_COLUMNS_) so that gcc
 * keeps this order. Then the columns are carried and zipped back (vshufps).
 */
FE2625X4_HOT void fe2625x4_mul(fe2625x4 *h, const fe2625x4 *f, const fe2625x4 *g)
{
    __m256i y[10], y19[10], z[10];
    const __m256i zero = _mm256_setzero_si256();
    const __m256i k19 = _mm256_set1_epi64x(19);

    FE2625X4_CHECK1(f, FE2625X4_B_MUL_LEFT, "mul: f");
    FE2625X4_CHECK1(g, FE2625X4_B_MUL_RIGHT, "mul: g");
    fe2625x4_unzip_(y, g);
    y19[0] = zero; /* never used: no term wraps with j = 0 */
    #pragma GCC unroll 10
    for (int j = 1; j < 10; j++) y19[j] = _mm256_mul_epu32(y[j], k19); /* < 19·2^27.75 < 2^32 */

    #pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        const __m256i fi = (i & 1) ? _mm256_unpackhi_epi32(f->v[i / 2], zero)
                                   : _mm256_unpacklo_epi32(f->v[i / 2], zero);
        const __m256i fi2 = _mm256_add_epi64(fi, fi); /* used for odd i only: < 2^28.5 */
        #pragma GCC unroll 10
        for (int j = 0; j < 10; j++) {
            const int k = (i + j) % 10;
            const __m256i t =
                _mm256_mul_epu32((i & j & 1) ? fi2 : fi, (i + j >= 10) ? y19[j] : y[j]);
            z[k] = i ? _mm256_add_epi64(z[k], t) : t;
        }
        if (i < 9) FE2625X4_PIN_COLUMNS_(z);
    }
    /* z_k < 124.5·2^(52 + 2.5 + 1.75) < 2^63.21, z_9 < 10·2^(51 + 4.25) < 2^58.6 (§3.1) */
    fe2625x4_carry_zip_(h, z);
    FE2625X4_CHECK1(h, FE2625X4_B_MUL, "mul: h");
}

/* ---- Squaring ------------------------------------------------------------------------ */

/*
 * The columns of f² (55 products). A pair i < j appears twice in the schoolbook
 * product, so it is doubled; two odd limbs double again; a wrapped pair
 * (i + j ≥ 10) takes 19. These factors are split between the operands so that
 * each stays below 2^32 for b < 1.75: d_i = 2f_i, t19_j = 19f_j,
 * t38_j = 38f_j (odd j: 38·2^26.75 < 2^32).
 */
FE2625X4_HOT void fe2625x4_sq_columns_(__m256i z[10], const fe2625x4 *f)
{
    __m256i x[10], d[10];
    const __m256i k19 = _mm256_set1_epi64x(19);
    __m256i t19_5, t19_6, t19_7, t19_8, t19_9, t38_5, t38_7, t38_9;

    fe2625x4_unzip_(x, f);
    #pragma GCC unroll 10
    for (int i = 0; i < 10; i++) d[i] = _mm256_add_epi64(x[i], x[i]);
    t19_5 = FE2625X4_MUL_(x[5], k19);
    t19_6 = FE2625X4_MUL_(x[6], k19);
    t19_7 = FE2625X4_MUL_(x[7], k19);
    t19_8 = FE2625X4_MUL_(x[8], k19);
    t19_9 = FE2625X4_MUL_(x[9], k19);
    t38_5 = _mm256_add_epi64(t19_5, t19_5);
    t38_7 = _mm256_add_epi64(t19_7, t19_7);
    t38_9 = _mm256_add_epi64(t19_9, t19_9);

    /* clang-format off */
    /* z0 = f0² + 76 f1f9 + 38 f2f8 + 76 f3f7 + 38 f4f6 + 38 f5² */
    z[0] = fe2625x4_sum6_(FE2625X4_MUL_(x[0], x[0]), FE2625X4_MUL_(d[1], t38_9),
                          FE2625X4_MUL_(d[2], t19_8), FE2625X4_MUL_(d[3], t38_7),
                          FE2625X4_MUL_(d[4], t19_6), FE2625X4_MUL_(x[5], t38_5));
    /* z1 = 2 f0f1 + 38 (f2f9 + f3f8 + f4f7 + f5f6) */
    z[1] = fe2625x4_sum5_(FE2625X4_MUL_(d[0], x[1]), FE2625X4_MUL_(d[2], t19_9),
                          FE2625X4_MUL_(d[3], t19_8), FE2625X4_MUL_(d[4], t19_7),
                          FE2625X4_MUL_(d[5], t19_6));
    /* z2 = 2 f0f2 + 2 f1² + 76 f3f9 + 38 f4f8 + 76 f5f7 + 19 f6² */
    z[2] = fe2625x4_sum6_(FE2625X4_MUL_(d[0], x[2]), FE2625X4_MUL_(d[1], x[1]),
                          FE2625X4_MUL_(d[3], t38_9), FE2625X4_MUL_(d[4], t19_8),
                          FE2625X4_MUL_(d[5], t38_7), FE2625X4_MUL_(x[6], t19_6));
    /* z3 = 2 (f0f3 + f1f2) + 38 (f4f9 + f5f8 + f6f7) */
    z[3] = fe2625x4_sum5_(FE2625X4_MUL_(d[0], x[3]), FE2625X4_MUL_(d[1], x[2]),
                          FE2625X4_MUL_(d[4], t19_9), FE2625X4_MUL_(d[5], t19_8),
                          FE2625X4_MUL_(d[6], t19_7));
    /* z4 = 2 f0f4 + 4 f1f3 + f2² + 76 f5f9 + 38 f6f8 + 38 f7² */
    z[4] = fe2625x4_sum6_(FE2625X4_MUL_(d[0], x[4]), FE2625X4_MUL_(d[1], d[3]),
                          FE2625X4_MUL_(x[2], x[2]), FE2625X4_MUL_(d[5], t38_9),
                          FE2625X4_MUL_(d[6], t19_8), FE2625X4_MUL_(x[7], t38_7));
    /* z5 = 2 (f0f5 + f1f4 + f2f3) + 38 (f6f9 + f7f8) */
    z[5] = fe2625x4_sum5_(FE2625X4_MUL_(d[0], x[5]), FE2625X4_MUL_(d[1], x[4]),
                          FE2625X4_MUL_(d[2], x[3]), FE2625X4_MUL_(d[6], t19_9),
                          FE2625X4_MUL_(d[7], t19_8));
    /* z6 = 2 f0f6 + 4 f1f5 + 2 f2f4 + 2 f3² + 76 f7f9 + 19 f8² */
    z[6] = fe2625x4_sum6_(FE2625X4_MUL_(d[0], x[6]), FE2625X4_MUL_(d[1], d[5]),
                          FE2625X4_MUL_(d[2], x[4]), FE2625X4_MUL_(d[3], x[3]),
                          FE2625X4_MUL_(d[7], t38_9), FE2625X4_MUL_(x[8], t19_8));
    /* z7 = 2 (f0f7 + f1f6 + f2f5 + f3f4) + 38 f8f9 */
    z[7] = fe2625x4_sum5_(FE2625X4_MUL_(d[0], x[7]), FE2625X4_MUL_(d[1], x[6]),
                          FE2625X4_MUL_(d[2], x[5]), FE2625X4_MUL_(d[3], x[4]),
                          FE2625X4_MUL_(d[8], t19_9));
    /* z8 = 2 f0f8 + 4 f1f7 + 2 f2f6 + 4 f3f5 + f4² + 38 f9² */
    z[8] = fe2625x4_sum6_(FE2625X4_MUL_(d[0], x[8]), FE2625X4_MUL_(d[1], d[7]),
                          FE2625X4_MUL_(d[2], x[6]), FE2625X4_MUL_(d[3], d[5]),
                          FE2625X4_MUL_(x[4], x[4]), FE2625X4_MUL_(x[9], t38_9));
    /* z9 = 2 (f0f9 + f1f8 + f2f7 + f3f6 + f4f5) */
    z[9] = fe2625x4_sum5_(FE2625X4_MUL_(d[0], x[9]), FE2625X4_MUL_(d[1], x[8]),
                          FE2625X4_MUL_(d[2], x[7]), FE2625X4_MUL_(d[3], x[6]),
                          FE2625X4_MUL_(d[4], x[5]));
    /* clang-format on */
}

/*
 * h = f² lane by lane. In: b < 1.75; out: b < 0.0002. 55 products.
 * Constant time; aliasing allowed.
 */
FE2625X4_HOT void fe2625x4_sq(fe2625x4 *h, const fe2625x4 *f)
{
    __m256i z[10];

    FE2625X4_CHECK1(f, FE2625X4_B_MUL_RIGHT, "sq: f");
    fe2625x4_sq_columns_(z, f); /* z_k < 124.5·2^(52 + 3.5) < 2^62.46, z_9 < 2^57.9 */
    fe2625x4_carry_zip_(h, z);
    FE2625X4_CHECK1(h, FE2625X4_B_SQ, "sq: h");
}

/*
 * h = f² in every lane, negated (h = -f² mod p) in the lanes of `neg` (§3.3:
 * the sign flip of S4 in doubling). In: b < 1.75; out: b < 0.0002 in plain
 * lanes, b < 0.002 in negated lanes. Constant time (neg is public; the
 * negation is a blend, not a branch); aliasing allowed.
 */
FE2625X4_HOT void fe2625x4_sq_neg(fe2625x4 *h, const fe2625x4 *f, fe2625x4_lanes neg)
{
    __m256i z[10];
    /* 64-bit slot l is lane l; the lane set is public, so is this mask */
    const __m256i m = _mm256_setr_epi64x(-(long long)(neg & 1), -(long long)((neg >> 1) & 1),
                                         -(long long)((neg >> 4) & 1),
                                         -(long long)((neg >> 5) & 1));
    /* B = 2^37·p in the column radix: B ≡ 0 and B_k ≥ every column of a square with b < 1.75 */
    const __m256i b0 = _mm256_set1_epi64x((long long)(((1ULL << 26) - 19) << 37));
    const __m256i b_even = _mm256_set1_epi64x((long long)(((1ULL << 26) - 1) << 37));
    const __m256i b_odd = _mm256_set1_epi64x((long long)(((1ULL << 25) - 1) << 37));

    FE2625X4_CHECK1(f, FE2625X4_B_MUL_RIGHT, "sq_neg: f");
    fe2625x4_sq_columns_(z, f); /* z_0 < 2^62.46 < B_0, odd z_k < 2^61.77 < B_k (§3.3) */
    /* negated columns are ≤ B_k < 2^63, so z_9 < 2^62 (carry_zip_: b < 0.002 there) */
    #pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
        const __m256i b = (k == 0) ? b0 : (k & 1) ? b_odd : b_even;
        z[k] = _mm256_blendv_epi8(z[k], _mm256_sub_epi64(b, z[k]), m);
    }
    fe2625x4_carry_zip_(h, z);
    FE2625X4_CHECK(h, (neg & LANES_A) ? FE2625X4_B_SQNEG : FE2625X4_B_SQ,
                   (neg & LANES_B) ? FE2625X4_B_SQNEG : FE2625X4_B_SQ,
                   (neg & LANES_C) ? FE2625X4_B_SQNEG : FE2625X4_B_SQ,
                   (neg & LANES_D) ? FE2625X4_B_SQNEG : FE2625X4_B_SQ, "sq_neg: h");
}

/* ---- Multiplication by small constants ----------------------------------------------- */

/*
 * h = (ca·a, cb·b, cc·c, cd·d) for the lanes a, b, c, d of f; each c < 2^20
 * (public). In: any 32-bit limbs; out: b < 0.00001. Constant time; aliasing
 * allowed.
 */
FE2625X4_HOT void fe2625x4_mul_small(fe2625x4 *h, const fe2625x4 *f, uint32_t ca, uint32_t cb,
                                     uint32_t cc, uint32_t cd)
{
    __m256i x[10];
    const __m256i c = _mm256_setr_epi64x(ca, cb, cc, cd);

    FE2625X4_CHECK1(f, 6.0, "mul_small: f");
    fe2625x4_unzip_(x, f);
    #pragma GCC unroll 10
    for (int k = 0; k < 10; k++) x[k] = FE2625X4_MUL_(x[k], c); /* < 2^32·2^20 = 2^52 */
    fe2625x4_carry_zip_(h, x);
    FE2625X4_CHECK1(h, FE2625X4_B_SMALL, "mul_small: h");
}

#endif /* VEC25519_BACKEND_AVX2_FE2625X4_H */
