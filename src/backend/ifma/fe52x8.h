/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fe52x8: eight field elements mod p = 2^255 − 19, one per 64-bit lane of a
 * 512-bit register, on the AVX-512 IFMA multiplier (vpmadd52luq /
 * vpmadd52huq). Used by the 8-ladder batch kernel (x25519x8.c,
 * docs/x25519.md §9) and by the single ladder on eight lanes
 * (ladder_ifma.c, docs/x25519.md §8). The bound proofs in full are
 * docs/x25519.md §9.1–§9.2.
 *
 * Representation (§9.1). Register v[i] holds limb i of the eight lanes,
 * radix 2^51:
 *
 *     v[i] = (a_i, b_i, …, h_i),   lane value Σ_i limb_i·2^(51·i)
 *
 * so one IFMA multiplies limb i by limb j in all eight lanes. The multiplier
 * reads 52 bits of each operand; radix 2^51 leaves the 52nd bit for a
 * carry, so ONE parallel carry pass (no carry chain) turns any 64-bit limbs
 * into multiplier operands.
 *
 * Bounds, per limb, in every lane (§9.2):
 *
 *   carried  limb 0 < 2^51 + 19·2^13 < 2^51 + 2^17.25, limbs 1..4 < 2^51 + 2^13
 *            (the output of fe52x8_carry, fe52x8_mul, fe52x8_sq; ≤ 2p limbwise,
 *            < 2^52: a multiplier operand, and a valid subtrahend of sub)
 *   operand  limbs < 2^52 (what fe52x8_mul and fe52x8_sq require)
 *   column   z_k = lo_k + 2·hi_(k−1) < (n_k + 2·n_(k−1))·2^52, n_k = number of
 *            pairs i + j = k (1,2,3,4,5,4,3,2,1): z_0..z_9 < (1,4,7,10,13,14,11,8,5,2)·2^52
 *   loose    h_k = z_k + 19·z_(k+5) < (267,213,159,105,51)·2^52 < 2^60.06: a
 *            product before its carry pass (any 64-bit limbs may be carried)
 *   biased   a loose product plus 2^10·p, the column sums started at the
 *            limbs of 2^10·p instead of 0 (fe52x8_mul_biased, _sq_biased):
 *            limbs ≥ those of 2^10·p and < 2^60.06 + 2^61 < 2^61.58; a loose
 *            value subtracted from it needs no bias of its own
 *            (fe52x8_sub_biased, 5 adds fewer than fe52x8_sub_loose)
 *   sums     loose + loose < 2^61.06; f + 2^10·p − loose < 2^62 (2^10·p has
 *            limbs ≥ 2^61 − 2^14.25 > 2^60.06); biased + loose < 2^62;
 *            biased − loose < 2^61.58; carried + 2p − carried < 2^53;
 *            each carried before it is multiplied
 *
 * With -DVEC25519_CHECK_BOUNDS (the bounds-checking test core) every
 * operation asserts these bounds in every lane (X8_CHECK).
 *
 * Constant time: IFMA, shifts, adds, ands, blends and permutations have
 * data-independent latency; there is no branch and no memory index.
 *
 * Include only from files compiled with -mavx512f -mavx512vl -mavx512dq
 * -mavx512ifma (src/backend/ifma/), called only when
 * cpu_features().avx512ifma (which includes AVX512DQ).
 * References: Intel SDM, VPMADD52LUQ / VPMADD52HUQ; the 4-way IFMA field
 * fe52x4.h (same radix and fold, docs/ifma.md).
 */
#ifndef VEC25519_BACKEND_IFMA_FE52X8_H
#define VEC25519_BACKEND_IFMA_FE52X8_H

#include <immintrin.h>
#include <stdint.h>

#include "../../internal/ct.h"
#include "fe52_small.h"

typedef struct {
    __m512i v[5];
} fe52x8;

#if defined(__GNUC__) || defined(__clang__)
#define X8_INLINE static inline __attribute__((always_inline))
#else
#define X8_INLINE static inline
#endif
/* Hides a value from the optimiser (no instruction): keeps the constant 19 of
 * the fold in a register, so that gcc does not turn the one vpmullq back into
 * shifts and adds (and, in a build without AVX512DQ, keeps 19z = z + 2z + 16z
 * as written: clang would build a 64-bit multiply out of vpmuludq). */
#define X8_OPAQUE(x) CT_VEC_OPAQUE(x)

#define X8_MASK51 ((UINT64_C(1) << 51) - 1)
#define X8_2P0 ((UINT64_C(1) << 52) - 38) /* limb 0 of 2p */
#define X8_2P1 ((UINT64_C(1) << 52) - 2)  /* limbs 1..4 of 2p */
#define X8_BIAS0 (((UINT64_C(1) << 51) - 19) << 10) /* limb 0 of 2^10·p */
#define X8_BIAS1 (((UINT64_C(1) << 51) - 1) << 10)  /* limbs 1..4 of 2^10·p */
#define X8_A24 121665                     /* (486662 − 2)/4, RFC 7748 §5 */

/* Bounds (inclusive limb maxima) that VEC25519_CHECK_BOUNDS builds assert. */
#define X8_CARRIED0 (X8_MASK51 + 19 * ((UINT64_C(1) << 13) - 1)) /* carry pass, limb 0 */
#define X8_CARRIED1 (X8_MASK51 + ((UINT64_C(1) << 13) - 1))      /* carry pass, limbs 1..4 */
#define X8_OPERAND ((UINT64_C(1) << 52) - 1)                      /* IFMA operand */
#define X8_LOOSE0 (UINT64_C(267) << 52)                           /* folded product, limb 0 */
#define X8_LOOSE1 (UINT64_C(213) << 52)                           /* folded product, limbs 1..4 */
#define X8_BIASED0 (X8_LOOSE0 + X8_BIAS0)                         /* biased product, limb 0 */
#define X8_BIASED1 (X8_LOOSE1 + X8_BIAS1)                         /* biased product, limbs 1..4 */

/* The three output states of a product (a compile-time constant after
 * inlining): loose, carried, or biased (the bounds above). */
#define X8_OUT_LOOSE 0
#define X8_OUT_CARRIED 1
#define X8_OUT_BIASED 2

#ifdef VEC25519_CHECK_BOUNDS
#include <stdio.h>
#include <stdlib.h>

/* Abort unless, in every lane, limb 0 ≤ max0 and limbs 1..4 ≤ max1.
 * Variable time: bounds-checking test builds only. */
static inline void x8_check_(const fe52x8 *f, uint64_t max0, uint64_t max1, const char *what, int line)
{
    uint64_t w[8];

    for (int i = 0; i < 5; i++) {
        _mm512_storeu_si512(w, f->v[i]);
        for (int l = 0; l < 8; l++)
            if (w[l] > (i == 0 ? max0 : max1)) {
                fprintf(stderr, "%s:%d: bound violated: %s lane %d limb %d = 0x%016llx > 0x%016llx\n",
                        __FILE__, line, what, l, i, (unsigned long long)w[l],
                        (unsigned long long)(i == 0 ? max0 : max1));
                abort();
            }
    }
}
#define X8_CHECK(f, max0, max1, what) x8_check_((f), (max0), (max1), (what), __LINE__)
#else
#define X8_CHECK(f, max0, max1, what) ((void)0)
#endif

static inline __m512i x8_set1(uint64_t x)
{
    return _mm512_set1_epi64((long long)x);
}

/*
 * h = f with one parallel carry pass: limb i keeps its low 51 bits and gets
 * the carry of limb i − 1; limb 0 gets 19 times the carry of limb 4
 * (2^255 ≡ 19). In: any 64-bit limbs, so carries < 2^13; out: carried
 * (limb 0 < 2^51 + 19·2^13, limbs 1..4 < 2^51 + 2^13). 19·c4 < 2^17.25 is
 * one IFMA low half. Aliasing allowed.
 */
X8_INLINE void fe52x8_carry(fe52x8 *h, const fe52x8 *f)
{
    const __m512i mask = x8_set1(X8_MASK51), k19 = x8_set1(19);
    __m512i c[5];

    for (int i = 0; i < 5; i++) c[i] = _mm512_srli_epi64(f->v[i], 51);
    h->v[0] = _mm512_madd52lo_epu64(_mm512_and_si512(f->v[0], mask), c[4], k19);
    for (int i = 1; i < 5; i++) h->v[i] = _mm512_add_epi64(_mm512_and_si512(f->v[i], mask), c[i - 1]);
    X8_CHECK(h, X8_CARRIED0, X8_CARRIED1, "carry: h");
}

/* h = f + g, limb by limb, no carry. In: carried, loose or (f only) biased;
 * out: < 2^52 + 2^18.25 from carried inputs, < 2^62 from the others. */
X8_INLINE void fe52x8_add(fe52x8 *h, const fe52x8 *f, const fe52x8 *g)
{
    X8_CHECK(f, X8_BIASED0, X8_BIASED1, "add: f");
    X8_CHECK(g, X8_LOOSE0, X8_LOOSE1, "add: g");
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_add_epi64(f->v[i], g->v[i]);
}

/* h = f + 2p − g, no carry. In: carried (g ≤ 2p limbwise: no limb goes
 * negative); out: < 2^51 + 2^17.25 + 2^52 < 2^53. */
X8_INLINE void fe52x8_sub(fe52x8 *h, const fe52x8 *f, const fe52x8 *g)
{
    X8_CHECK(f, X8_CARRIED0, X8_CARRIED1, "sub: f");
    X8_CHECK(g, X8_2P0, X8_2P1, "sub: g");
    h->v[0] = _mm512_sub_epi64(_mm512_add_epi64(f->v[0], x8_set1(X8_2P0)), g->v[0]);
    for (int i = 1; i < 5; i++)
        h->v[i] = _mm512_sub_epi64(_mm512_add_epi64(f->v[i], x8_set1(X8_2P1)), g->v[i]);
}

/* h = f + 2^10·p − g, no carry. In: f < 2^61, g loose (< 2^60.06 ≤ the limbs
 * 2^10·(2^51 − 19), 2^10·(2^51 − 1) of 2^10·p: no limb goes negative);
 * out: < 2^61 + 2^61 = 2^62. */
X8_INLINE void fe52x8_sub_loose(fe52x8 *h, const fe52x8 *f, const fe52x8 *g)
{
    X8_CHECK(f, X8_LOOSE0, X8_LOOSE1, "sub_loose: f");
    X8_CHECK(g, X8_LOOSE0, X8_LOOSE1, "sub_loose: g");
    h->v[0] = _mm512_sub_epi64(_mm512_add_epi64(f->v[0], x8_set1(X8_BIAS0)), g->v[0]);
    for (int i = 1; i < 5; i++)
        h->v[i] = _mm512_sub_epi64(_mm512_add_epi64(f->v[i], x8_set1(X8_BIAS1)), g->v[i]);
}

/* h = f − g, no carry. In: f biased (limbs ≥ those of 2^10·p), g loose
 * (< 2^60.06 ≤ the limbs of 2^10·p: no limb goes negative); out: < 2^61.58. */
X8_INLINE void fe52x8_sub_biased(fe52x8 *h, const fe52x8 *f, const fe52x8 *g)
{
    X8_CHECK(f, X8_BIASED0, X8_BIASED1, "sub_biased: f");
    X8_CHECK(g, X8_LOOSE0, X8_LOOSE1, "sub_biased: g");
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_sub_epi64(f->v[i], g->v[i]);
}

/*
 * h = carry(Σ_k z_k·2^(51k) folded at 2^255 ≡ 19), from the IFMA column sums
 * lo[k] (low 52 bits of the products f_i·g_j, i + j = k, weight 2^(51k)) and
 * hi[k] (their high halves, weight 2^(51k + 52) = 2·2^(51(k+1))):
 * z_k = lo_k + 2·hi_(k−1), h_k = z_k + 19·z_(k+5). The 19·z is one vpmullq
 * (AVX512DQ, which the dispatcher requires with IFMA: src/internal/cpu.c):
 * 2 instructions per limb instead of the 5 of z + 2z + 16z, 15 fewer per
 * product, 135 fewer per ladder step of about 1 050 vector instructions; the
 * kernel is bound by the issue of those (docs/performance.md §8.3).
 * vpmullq has a fixed latency (no data-dependent timing); 19·z_(k+5) <
 * 19·14·2^52 < 2^60.06 fits 64 bits exactly as before. The shift-and-add
 * form stays for a build without -mavx512dq.
 * Bounds: the header's "column" and "folded" rows; out (a compile-time
 * constant): carried, loose (limbs < 2^60.06) or biased (+ 2^10·p, < 2^61.58).
 */
X8_INLINE void fe52x8_fold_(fe52x8 *h, const __m512i lo[9], const __m512i hi[9], int out)
{
    __m512i z[10];

    z[0] = lo[0];
    for (int k = 1; k < 9; k++) z[k] = _mm512_add_epi64(lo[k], _mm512_add_epi64(hi[k - 1], hi[k - 1]));
    z[9] = _mm512_add_epi64(hi[8], hi[8]);
    for (int k = 0; k < 5; k++) {
#if defined(__AVX512DQ__)
        __m512i k19 = x8_set1(19);
        X8_OPAQUE(k19);
        h->v[k] = _mm512_add_epi64(z[k], _mm512_mullo_epi64(z[k + 5], k19));
#else
        __m512i t = z[k + 5], t2 = _mm512_slli_epi64(t, 1), t16 = _mm512_slli_epi64(t, 4);
        X8_OPAQUE(t2);
        X8_OPAQUE(t16);
        h->v[k] = _mm512_add_epi64(_mm512_add_epi64(z[k], t), _mm512_add_epi64(t2, t16));
#endif
    }
    if (out == X8_OUT_BIASED)
        X8_CHECK(h, X8_BIASED0, X8_BIASED1, "fold: h");
    else
        X8_CHECK(h, X8_LOOSE0, X8_LOOSE1, "fold: h");
    if (out == X8_OUT_CARRIED) fe52x8_carry(h, h); /* out is a compile-time constant */
}

/* The column sums' starting values: 0, or for a biased product the limbs of
 * 2^10·p in the low columns (z_k = lo_k + …: h_k gains exactly 2^10·p_k;
 * column bound + 2^61, still < 2^64). The squaring doubles columns 1..7
 * once they hold the cross products (doubled = 1): those start at half the
 * limb (2^10·p's limbs are even). */
X8_INLINE void fe52x8_columns_init_(__m512i lo[9], __m512i hi[9], int out, int doubled)
{
    for (int k = 0; k < 9; k++) lo[k] = hi[k] = _mm512_setzero_si512();
    if (out == X8_OUT_BIASED) {
        lo[0] = x8_set1(X8_BIAS0);
        for (int k = 1; k < 5; k++) lo[k] = x8_set1(doubled ? X8_BIAS1 / 2 : X8_BIAS1);
    }
}

/* h = f·g in every lane. In: operands (limbs < 2^52); out: carried, loose
 * (< 2^60.06) or biased as out. 25 vpmadd52luq + 25 vpmadd52huq, 18 independent
 * accumulators, filled column by column from the top (k = 8 … 0): the fold
 * needs z_(k+5) shifted (19z) before it adds z_k, so the high columns are
 * finished first and their shifts overlap the low columns' IFMA. Measured
 * against the row order (i outer, j inner): −11 % on the single 8-lane
 * ladder (latency-bound), −2.7 % on the batch kernel (docs/x25519.md §8.5).
 * Aliasing allowed. */
X8_INLINE void fe52x8_mul_(fe52x8 *h, const fe52x8 *f, const fe52x8 *g, int out)
{
    __m512i lo[9], hi[9];

    X8_CHECK(f, X8_OPERAND, X8_OPERAND, "mul: f");
    X8_CHECK(g, X8_OPERAND, X8_OPERAND, "mul: g");
    fe52x8_columns_init_(lo, hi, out, 0);
    #pragma GCC unroll 9
    for (int k = 8; k >= 0; k--)
        #pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            const int j = k - i;
            if (j < 0 || j > 4) continue;
            hi[k] = _mm512_madd52hi_epu64(hi[k], f->v[i], g->v[j]);
            lo[k] = _mm512_madd52lo_epu64(lo[k], f->v[i], g->v[j]);
        }
    fe52x8_fold_(h, lo, hi, out);
}

/*
 * h = f² in every lane. In: operand; out: carried. The 10 cross products
 * f_i·f_j (i < j) are summed once and doubled, then the 5 squares f_i² are
 * added: lo[k] and hi[k] are then exactly the sums fe52x8_mul(f, f) would
 * form, with the same bounds. 30 IFMA. Out: carried, loose or biased as out.
 * Aliasing allowed.
 */
X8_INLINE void fe52x8_sq_(fe52x8 *h, const fe52x8 *f, int out)
{
    __m512i lo[9], hi[9];

    X8_CHECK(f, X8_OPERAND, X8_OPERAND, "sq: f");
    fe52x8_columns_init_(lo, hi, out, 1);
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        #pragma GCC unroll 5
        for (int j = i + 1; j < 5; j++) {
            lo[i + j] = _mm512_madd52lo_epu64(lo[i + j], f->v[i], f->v[j]);
            hi[i + j] = _mm512_madd52hi_epu64(hi[i + j], f->v[i], f->v[j]);
        }
    for (int k = 1; k < 8; k++) {
        lo[k] = _mm512_add_epi64(lo[k], lo[k]);
        hi[k] = _mm512_add_epi64(hi[k], hi[k]);
    }
    for (int i = 0; i < 5; i++) {
        lo[2 * i] = _mm512_madd52lo_epu64(lo[2 * i], f->v[i], f->v[i]);
        hi[2 * i] = _mm512_madd52hi_epu64(hi[2 * i], f->v[i], f->v[i]);
    }
    fe52x8_fold_(h, lo, hi, out);
}

/* The three output states of products: carried (a multiplier operand),
 * loose (limbs < 2^60.06: only added, subtracted and carried afterwards) or
 * biased (loose + 2^10·p: a minuend that needs no bias of its own). */
#define fe52x8_mul(h, f, g) fe52x8_mul_((h), (f), (g), X8_OUT_CARRIED)
#define fe52x8_mul_loose(h, f, g) fe52x8_mul_((h), (f), (g), X8_OUT_LOOSE)
#define fe52x8_mul_biased(h, f, g) fe52x8_mul_((h), (f), (g), X8_OUT_BIASED)
#define fe52x8_sq(h, f) fe52x8_sq_((h), (f), X8_OUT_CARRIED)
#define fe52x8_sq_loose(h, f) fe52x8_sq_((h), (f), X8_OUT_LOOSE)
#define fe52x8_sq_biased(h, f) fe52x8_sq_((h), (f), X8_OUT_BIASED)

/*
 * h = acc + c·f lane by lane, c < 2^20 per lane (public), not carried
 * (fe52_small.h: lo_i on limb i, 2·hi_i on limb i + 1, 38·hi_4 on limb 0).
 * In: carried f and acc. Out: limbs < acc_i + 2^52 + 2^21. 10 IFMA.
 */
X8_INLINE void fe52x8_mul_small_add(fe52x8 *h, const fe52x8 *f, __m512i c, const fe52x8 *acc)
{
    FE52_MUL_SMALL_ADD_(__m512i, h, f, c, acc->v, _mm512_setzero_si512, x8_set1,
                        _mm512_add_epi64, _mm512_madd52lo_epu64, _mm512_madd52hi_epu64);
}

/*
 * h = aa + a24·e, not carried. In: carried e and aa. e_i·a24 < 2^68.01
 * splits into lo (< 2^52, limb i) and hi (< 2^16.01). Out: limb 0 <
 * 2^51 + 2^17.25 + 38·2^16.01 + 2^52 < 2^53, limbs 1..4 < 2^53. 10 IFMA.
 */
X8_INLINE void fe52x8_mul_a24_add(fe52x8 *h, const fe52x8 *e, const fe52x8 *aa)
{
    X8_CHECK(e, X8_CARRIED0, X8_CARRIED1, "mul_a24_add: e");
    X8_CHECK(aa, X8_CARRIED0, X8_CARRIED1, "mul_a24_add: aa");
    fe52x8_mul_small_add(h, e, x8_set1(X8_A24), aa);
}

/*
 * h = f reduced to the canonical representative (value < p, limbs < 2^51),
 * lane by lane, and the mask of the lanes where f ≡ 0 (x8_divide's zero
 * test). In: carried.
 * (1) A sequential carry pass: limbs 1..4 < 2^51, limb 0 < 2^51 + 19 (each
 * carry is 0 or 1), value < 2^255 + 19. (2) q = ⌊(value + 19)/2^255⌋ ∈ {0, 1}
 * by a carry chain (exact: each step shifts the whole partial sum), q = 1 iff
 * value ≥ p. (3) value + 19q − 2^255·q: 19q on limb 0, a carry pass, bit 255
 * dropped. The usual freeze (as fe51_tobytes), eight lanes at once; shifts,
 * adds and masks only.
 */
X8_INLINE __mmask8 fe52x8_canon(fe52x8 *h, const fe52x8 *f)
{
    const __m512i mask = x8_set1(X8_MASK51), k19 = x8_set1(19);
    __m512i v[5], c, any;

    X8_CHECK(f, X8_CARRIED0, X8_CARRIED1, "canon: f");
    for (int i = 0; i < 5; i++) v[i] = f->v[i];
    for (int k = 0; k < 2; k++) {
        if (k == 1) { /* q, then 19q on limb 0 */
            c = _mm512_srli_epi64(_mm512_add_epi64(v[0], k19), 51);
            for (int i = 1; i < 5; i++) c = _mm512_srli_epi64(_mm512_add_epi64(v[i], c), 51);
            v[0] = _mm512_madd52lo_epu64(v[0], c, k19);
        }
        for (int i = 0; i < 4; i++) {
            c = _mm512_srli_epi64(v[i], 51);
            v[i] = _mm512_and_si512(v[i], mask);
            v[i + 1] = _mm512_add_epi64(v[i + 1], c);
        }
        c = _mm512_srli_epi64(v[4], 51);
        v[4] = _mm512_and_si512(v[4], mask);
        if (k == 0) v[0] = _mm512_madd52lo_epu64(v[0], c, k19); /* k = 1: 2^255 dropped */
    }
    any = v[0];
    for (int i = 0; i < 5; i++) {
        h->v[i] = v[i];
        if (i > 0) any = _mm512_or_si512(any, v[i]);
    }
    return _mm512_cmpeq_epi64_mask(any, _mm512_setzero_si512());
}

/* h = f with the lanes permuted by idx (vpermq, fixed latency for any index). */
static inline void fe52x8_perm(fe52x8 *h, const fe52x8 *f, __m512i idx)
{
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_permutexvar_epi64(idx, f->v[i]);
}

/* h = f − g lane by lane as f + 2^10·p − g in the lanes of m, f + g elsewhere.
 * In: loose (< 2^60.06, ≤ 2^10·p limbwise); out: < 2^62, not carried. */
static inline void fe52x8_addsub_lanes(fe52x8 *h, const fe52x8 *f, const fe52x8 *g, __mmask8 m)
{
    X8_CHECK(f, X8_LOOSE0, X8_LOOSE1, "addsub_lanes: f");
    X8_CHECK(g, X8_LOOSE0, X8_LOOSE1, "addsub_lanes: g");
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        const __m512i bias = x8_set1(i == 0 ? X8_BIAS0 : X8_BIAS1);
        h->v[i] = _mm512_mask_sub_epi64(_mm512_add_epi64(f->v[i], g->v[i]), m,
                                        _mm512_add_epi64(f->v[i], bias), g->v[i]);
    }
}

/* (f, g) = (g, f) in the lanes whose bit is set in m, unchanged elsewhere. */
X8_INLINE void fe52x8_cswap(fe52x8 *f, fe52x8 *g, __mmask8 m)
{
    for (int i = 0; i < 5; i++) {
        const __m512i a = f->v[i], b = g->v[i];
        f->v[i] = _mm512_mask_blend_epi64(m, a, b);
        g->v[i] = _mm512_mask_blend_epi64(m, b, a);
    }
}

#endif /* VEC25519_BACKEND_IFMA_FE52X8_H */
