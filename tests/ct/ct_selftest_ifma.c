/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The IFMA part of the harness self-test (ct_selftest.c), built into the
 * MemorySanitizer program only: valgrind cannot execute AVX-512. Compiled
 * with -mavx512f -mavx512vl -mavx512ifma; called only when the CPU has them.
 *
 * Each function computes the same vector value from four secret 52-bit limbs,
 * one per lane, with the instructions of src/backend/ifma/fe52x4.h: the two
 * halves of an IFMA product by public limbs (vpmadd52luq/huq), a lane
 * permutation (vpermq), a masked add, a shift and a blend. Then:
 *
 *   ifma_leaky_lane    branches on a bit of a lane extracted from it
 *   ifma_leaky_index   indexes a table with a lane extracted from it
 *   ifma_leaky_mask    branches on an opmask bit computed from it (vpcmpuq)
 *   ifma_ct            the three answers without a branch or an index:
 *                      masked selection and a full table scan
 *
 * so a report proves that the secret mark went through each of those
 * instructions and that a branch or an index on it is caught; no report from
 * ifma_ct proves that going through them is not itself reported.
 */
#include <immintrin.h>
#include <stdint.h>

#include "internal/ct.h"

#include "ct_selftest_ifma.h"

#define NOINLINE __attribute__((noinline))

static uint8_t ifma_table[256];

void ifma_selftest_init(void)
{
    for (unsigned i = 0; i < 256; i++) ifma_table[i] = (uint8_t)(i * 73u + 5u);
}

/* Extra work on one side of the branch (not inlined, so it stays a branch). */
static NOINLINE uint64_t ifma_slow(uint64_t x)
{
    return x * 0x9e3779b97f4a7c15u + 1;
}

/* The vector computation, from secret limbs (each < 2^52). */
static inline __m256i ifma_compute(const uint64_t limbs[4])
{
    const __m256i mask52 = _mm256_set1_epi64x((long long)((UINT64_C(1) << 52) - 1));
    const __m256i c = _mm256_setr_epi64x(0x3fedcba987654, 0x123456789abcd, 0xfffffffffffff, 19);
    __m256i x = _mm256_and_si256(_mm256_loadu_si256((const __m256i *)limbs), mask52);
    __m256i lo = _mm256_madd52lo_epu64(_mm256_setzero_si256(), x, c);   /* low 52 bits of x·c  */
    __m256i hi = _mm256_madd52hi_epu64(_mm256_setzero_si256(), x, c);   /* high 52 bits of x·c */
    __m256i s = _mm256_add_epi64(lo, _mm256_slli_epi64(hi, 3));
    s = _mm256_permute4x64_epi64(s, 0xb1);                                /* (B, A, D, C) */
    s = _mm256_mask_add_epi64(s, 0x5, s, c);                              /* lanes A and C */
    s = _mm256_xor_si256(s, _mm256_srli_epi64(s, 29));
    return _mm256_mask_blend_epi64(0x2, s, _mm256_permute4x64_epi64(s, 0x00)); /* lane B = lane A */
}

/* The compare of ifma_leaky_mask: which lanes are odd. */
static inline __mmask8 ifma_odd_lanes(__m256i s)
{
    return _mm256_test_epi64_mask(s, _mm256_set1_epi64x(1));
}

NOINLINE uint64_t ifma_leaky_lane(const uint64_t limbs[4])
{
    uint64_t lane = (uint64_t)_mm256_extract_epi64(ifma_compute(limbs), 2);
    if (lane & 1) lane = ifma_slow(lane);
    return lane;
}

NOINLINE uint8_t ifma_leaky_index(const uint64_t limbs[4])
{
    uint64_t lane = (uint64_t)_mm256_extract_epi64(ifma_compute(limbs), 1);
    return ifma_table[lane & 0xff];
}

NOINLINE uint64_t ifma_leaky_mask(const uint64_t limbs[4])
{
    __m256i s = ifma_compute(limbs);
    uint64_t lane = (uint64_t)_mm256_extract_epi64(s, 3);
    if (ifma_odd_lanes(s) & 0x8) lane = ifma_slow(lane);
    return lane;
}

NOINLINE void ifma_ct(uint64_t out[3], const uint64_t limbs[4])
{
    __m256i s = ifma_compute(limbs);
    uint64_t lane2 = (uint64_t)_mm256_extract_epi64(s, 2);
    uint64_t lane1 = (uint64_t)_mm256_extract_epi64(s, 1);
    uint64_t lane3 = (uint64_t)_mm256_extract_epi64(s, 3);
    uint64_t odd = (uint64_t)ifma_odd_lanes(s); /* the same opmask, not branched on */
    uint64_t r = 0;

    out[0] = ct_select_u64(ct_from_bit(lane2 & 1), ifma_slow(lane2), lane2);
    for (uint64_t i = 0; i < 256; i++) r = ct_select_u64(ct_eq(lane1 & 0xff, i), ifma_table[i], r);
    out[1] = r;
    out[2] = ct_select_u64(ct_from_bit((odd >> 3) & 1), ifma_slow(lane3), lane3);
}
