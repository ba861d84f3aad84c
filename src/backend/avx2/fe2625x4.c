/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fe2625x4: the cold part of the 4-way field: the conversions from and to
 * four serial fe2625 and the parallel carry pass. The hot operations
 * (multiplication, squaring, square-and-negate, multiplication by small
 * constants), the lazy arithmetic, the lane moves and the bound checker are
 * static inline in fe2625x4.h, which documents them.
 *
 * Representation: four elements in radix 2^25.5, interleaved as
 * (a0 b0 a1 b1 | c0 d0 c1 d1) … (a8 b8 a9 b9 | c8 d8 c9 d9) in five __m256i
 * (docs/avx2.md §2). Bounds in the b notation of docs/avx2.md §3
 * (limb i < 2^(w_i + b)).
 *
 * References: the parallel formulas (docs/parallel-formulas.md);
 * HWCD 2008 (eprint 2008/522); the serial twin src/field/fe2625.h.
 */
#include "fe2625x4.h"

/* ---- Conversions ------------------------------------------------------------- */

void fe2625x4_pack(fe2625x4 *h, const fe2625 *a, const fe2625 *b, const fe2625 *c,
                   const fe2625 *d)
{
    for (int i = 0; i < 5; i++) {
        const int e = 2 * i, o = 2 * i + 1;
        h->v[i] = _mm256_setr_epi32((int)a->v[e], (int)b->v[e], (int)a->v[o], (int)b->v[o],
                                    (int)c->v[e], (int)d->v[e], (int)c->v[o], (int)d->v[o]);
    }
}

void fe2625x4_unpack(fe2625 *a, fe2625 *b, fe2625 *c, fe2625 *d, const fe2625x4 *f)
{
    uint32_t w[5][8];

    FE2625X4_CHECK1(f, 0.16, "unpack: f");
    for (int i = 0; i < 5; i++) _mm256_storeu_si256((__m256i *)w[i], f->v[i]);
    for (int i = 0; i < 5; i++) {
        const int e = 2 * i, o = 2 * i + 1;
        a->v[e] = w[i][0];
        b->v[e] = w[i][1];
        a->v[o] = w[i][2];
        b->v[o] = w[i][3];
        c->v[e] = w[i][4];
        d->v[e] = w[i][5];
        c->v[o] = w[i][6];
        d->v[o] = w[i][7];
    }
}

void fe2625x4_from_radix51(fe2625x4 *h, const uint64_t a[5], const uint64_t b[5],
                           const uint64_t c[5], const uint64_t d[5])
{
    const __m256i m26 = _mm256_set1_epi64x((1LL << 26) - 1);
    __m256i x[10];

    for (int k = 0; k < 5; k++) {
        /* one radix-2^51 limb of each lane per 64-bit slot */
        const __m256i s = _mm256_setr_epi64x((long long)a[k], (long long)b[k], (long long)c[k],
                                             (long long)d[k]);
        x[2 * k] = _mm256_and_si256(s, m26);    /* limb 2k: < 2^26 */
        x[2 * k + 1] = _mm256_srli_epi64(s, 26); /* limb 2k+1: < 2^25 + 2^22 */
    }
    fe2625x4_zip_(h, x);
    fe2625x4_reduce(h, h); /* b < 0.0001 */
}

void fe2625x4_to_radix51(uint64_t a[5], uint64_t b[5], uint64_t c[5], uint64_t d[5],
                         const fe2625x4 *f)
{
    __m256i x[10];
    uint64_t w[4];

    FE2625X4_CHECK1(f, 0.16, "to_radix51: f");
    fe2625x4_unzip_(x, f);
    for (int k = 0; k < 5; k++) {
        _mm256_storeu_si256((__m256i *)w, _mm256_add_epi64(x[2 * k], _mm256_slli_epi64(x[2 * k + 1], 26)));
        a[k] = w[0];
        b[k] = w[1];
        c[k] = w[2];
        d[k] = w[3];
    }
    vec25519_wipe(w, sizeof w);
}

/* ---- The parallel carry pass (32-bit words) -------------------------------------- */

void fe2625x4_reduce(fe2625x4 *h, const fe2625x4 *f)
{
    const __m256i shift = _mm256_setr_epi32(26, 26, 25, 25, 26, 26, 25, 25);
    const __m256i mask = _mm256_setr_epi32((int)FE2625_MASK26, (int)FE2625_MASK26,
                                           (int)FE2625_MASK25, (int)FE2625_MASK25,
                                           (int)FE2625_MASK26, (int)FE2625_MASK26,
                                           (int)FE2625_MASK25, (int)FE2625_MASK25);
    __m256i c[5], low[5], c19;

    /*
     * c[i]: the carry out of every limb, moved by the half swap to the word of
     * the limb that receives it: the carries of the even limbs 2i land on the
     * odd-limb words of the same register, those of the odd limbs 2i+1 on the
     * even-limb words, which belong to register i+1 (and, times 19, to
     * register 0 for limb 9). Carries of 32-bit limbs are < 2^7.
     */
    #pragma GCC unroll 10
    for (int i = 0; i < 5; i++) {
        c[i] = _mm256_shuffle_epi32(_mm256_srlv_epi32(f->v[i], shift), IMM_SWAP_HALVES);
        low[i] = _mm256_and_si256(f->v[i], mask);
    }
    /* 19·c = c + 2c + 16c, exact in 32 bits (c < 2^7) */
    c19 = _mm256_add_epi32(c[4], _mm256_add_epi32(_mm256_slli_epi32(c[4], 1),
                                                   _mm256_slli_epi32(c[4], 4)));
    h->v[0] = _mm256_add_epi32(low[0], _mm256_blend_epi32(c19, c[0], WORDS_ODD_LIMBS));
    #pragma GCC unroll 10
    for (int i = 1; i < 5; i++)
        h->v[i] = _mm256_add_epi32(low[i], _mm256_blend_epi32(c[i - 1], c[i], WORDS_ODD_LIMBS));
    /* limb 0 < 2^26 + 19·2^7, other limbs < 2^w + 2^7: b < 0.0001 */
    FE2625X4_CHECK1(h, FE2625X4_B_REDUCED, "reduce: h");
}
