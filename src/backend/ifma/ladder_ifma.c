/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 as one Montgomery ladder on the IFMA multiplier, the field
 * operations of one ladder step several at a time, one per 64-bit lane
 * (docs/x25519.md §8 has the schedules, the bounds and the numbers):
 * x25519_ladder_ifma on eight lanes (fe52x8.h, two rounds of products per
 * step, the backend's; second half of this file) and x25519_ladder_ifma4 on
 * four (fe52x4.h, three rounds; first half, kept for comparison).
 *
 * The step is RFC 7748 §5's, a differential addition and a doubling on
 * v² = u³ + 486662·u² + u, with a24 = 121665:
 *
 *   A = x2 + z2, B = x2 − z2, C = x3 + z3, D = x3 − z3,
 *   AA = A², BB = B², DA = D·A, CB = C·B,
 *   E = AA − BB, S = DA + CB, T = DA − CB, F = AA + a24·E,
 *   x2' = AA·BB, z2' = E·F, x3' = S², z3' = x1·T².
 *
 * With only (x2, z2, x3, z3) in the state its multiplicative depth is three
 * (z3' = x1·(DA − CB)² is a product of five factors), so three 4-way
 * products per step, with the state in lanes P = (x2, z2, x3, z3) (the
 * depth-two form on eight lanes is below, docs/x25519.md §8.5):
 *
 *   L1 = (A, B, D, C)          R1 = (A, B, A, B)          M1 = L1·R1 = (AA, BB, DA, CB)
 *   L2 = (AA, E, S, T)         R2 = (BB, E, S, T)         M2 = L2·R2 = (x2', E², x3', T²)
 *   L3 = (x2', E, x3', T²)     R3 = (1, F, 1, x1)         M3 = L3·R3 = (x2', z2', x3', z3')
 *
 * F (one small multiplication) is computed while M2 runs. M3 multiplies
 * x2' and x3' by 1 so that its output is the next state as it stands (no
 * blend after the product). E² is not used.
 *
 * Conditional swap: deferred as in the serial ladders (swap when the bit
 * differs from the previous one), and folded into the first lane
 * permutation of the step: L1 is built from P by two vpermq whose index
 * vectors are (A, A, C, C), (B, B, D, D) xor 2·swap. The index is a register
 * derived from the secret bit by a mask (no branch, no memory index; vpermq
 * has a fixed latency whatever the index).
 *
 * Per step: 3 fe52x4_mul (150 IFMA), 1 small product (11 IFMA), 5 carry
 * passes, 2 vpermq + 1 vinserti128 + 2 vpshufd, 2 blends, 5 lazy additions
 * or subtractions (each of these ×5 registers).
 *
 * The final inversion runs on the serial field (fe_invert), after the state
 * is carried and unpacked.
 *
 * Constant time in the scalar and the point. References: RFC 7748 §5;
 * P. L. Montgomery, Math. Comp. 48 (1987); the 4-way ladder idea of
 * H. Hisil, B. Egrice, M. Yassi, "Fast 4 way vectorized ladder for the
 * complete set of Montgomery curves" (2020) and K. Nath, P. Sarkar,
 * "Efficient 4-way vectorizations of the Montgomery ladder" (2020), whose
 * schedules were not copied.
 */
#include "ladder_ifma.h"

#include <stdint.h>

#include "../../field/fe.h"
#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "../serial/fe51.h"
#include "fe52x4.h"
#include "fe52x8.h"

#define X25519_A24 121665u

/* Lane names fe52x4.h does not have (same encodings as its LANES_* and SHUF_* tables). */
#define LANES_BCD_ ((fe52x4_lanes)(LANES_B | LANES_C | LANES_D))
#define SHUF_AACC_ (FE52X4_LANE_A | FE52X4_LANE_A << 2 | FE52X4_LANE_C << 4 | FE52X4_LANE_C << 6)

/* Everything secret the ladder keeps, so that one vec25519_wipe clears it. */
struct ladder_ifma_state {
    fe52x4 p;     /* (x2, z2, x3, z3)                        */
    fe52x4 onex1; /* (1, 1, 1, x1): the right operand of M3  */
    fe51 x1, one, x, z;
    uint8_t k[32];   /* the clamped scalar                     */
    uint64_t prev;   /* the previous bit (pending swap)        */
};

/* ---- lane movements that fe52x4.h does not name ----------------------------------------- */

/* h = f with the lanes permuted by the index register idx (vpermq, variable). */
static inline void perm_var(fe52x4 *h, const fe52x4 *f, __m256i idx)
{
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_permutexvar_epi64(idx, f->v[i]);
}

/* h = (a, b, a, b) from f = (a, b, ·, ·): the low half copied to the high half. */
static inline void perm_abab(fe52x4 *h, const fe52x4 *f)
{
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_inserti128_si256(f->v[i], _mm256_castsi256_si128(f->v[i]), 1);
}

/* ---- the small product of lane B ---------------------------------------------------------- */

/*
 * h = g + c·f lane by lane, c < 2^20 per lane (public). In: b_f < 1, g
 * reduced (b < 0.00001: limbs < 2^51 + 2^17.25); out: limbs < g + 2^52 +
 * 2^25.25 < 3·2^51 + 2^26, b < 1.59, not an operand (reduce it). As
 * fe52x4_mul_small, with g as the accumulator: f_i·c = lo_i + hi_i·2^52
 * (lo_i < 2^52, hi_i < 2^20), lo_i on limb i, 2·hi_i on limb i + 1,
 * 2·19·hi_4 on limb 0. 10 IFMA, 4 additions. Constant time.
 */
static inline void mul_small_add(fe52x4 *h, const fe52x4 *f, const fe52x4 *g, __m256i c)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256i k38 = _mm256_set1_epi64x(38);
    __m256i hi[5];

    FE52X4_CHECK1(f, FE52X4_B_MUL_IN, "mul_small_add: f");
    FE52X4_CHECK1(g, FE52X4_B_REDUCED, "mul_small_add: g");
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) hi[i] = _mm256_madd52hi_epu64(zero, f->v[i], c);
    h->v[0] = _mm256_madd52lo_epu64(_mm256_madd52lo_epu64(g->v[0], hi[4], k38), f->v[0], c);
    #pragma GCC unroll 4
    for (int i = 1; i < 5; i++)
        h->v[i] = _mm256_madd52lo_epu64(
            _mm256_add_epi64(g->v[i], _mm256_add_epi64(hi[i - 1], hi[i - 1])), f->v[i], c);
    FE52X4_CHECK1(h, 1.59, "mul_small_add: h");
}

/* ---- the ladder ------------------------------------------------------------------------- */

/*
 * out = x/z on the serial field, canonical (both ladders end here). In: x, z
 * tight fe51 (limbs < 2^51 + 2^17.25). z = 0 (u of small order) gives
 * 1/0 = 0 and out = 0. In the u32 build through canonical bytes to fe2625.
 * Constant time; wipes its temporaries.
 */
static void ladder_finish(uint8_t out[32], const fe51 *x, const fe51 *z)
{
    struct {
        fe fx, fz, zinv;
        uint8_t s[32];
    } t;

#if defined(VEC25519_SERIAL_U32)
    fe51_tobytes(t.s, x);
    fe_frombytes(&t.fx, t.s);
    fe51_tobytes(t.s, z);
    fe_frombytes(&t.fz, t.s);
#else
    t.fx = *x;
    t.fz = *z;
#endif
    fe_invert(&t.zinv, &t.fz);
    fe_mul(&t.fx, &t.fx, &t.zinv);
    fe_tobytes(out, &t.fx);
    vec25519_wipe(&t, sizeof t);
}

/*
 * One ladder step on the lanes (docs/x25519.md §8). In: p = (x2, z2, x3, z3)
 * as left by the previous step (swap pending), b < 9.07 (or reduced, the
 * start); swap2 = 2 in every lane if the two points must be exchanged
 * first, else 0; onex1 = (1, ·, 1, x1) reduced. Out: p = the next state,
 * b < 9.07. Constant time.
 */
static inline __attribute__((always_inline)) void ladder_step(fe52x4 *p, __m256i swap2,
                                                             const fe52x4 *onex1)
{
    const __m256i idx_l = _mm256_xor_si256(_mm256_setr_epi64x(0, 0, 2, 2), swap2);
    const __m256i idx_r = _mm256_xor_si256(_mm256_setr_epi64x(1, 1, 3, 3), swap2);
    const __m256i a24 = _mm256_setr_epi64x(0, X25519_A24, 0, 0);
    fe52x4 pl, pr, t, l1, r1, m1, mm, y, l2, r2, m2, h, f, l3, r3;

    /* clang-format off */
    /* L1 = (A, B, D, C) = (x2 + z2, x2 − z2, x3 − z3, x3 + z3), the swap in the index */
    perm_var(&pl, p, idx_l);                         /* (x2, x2, x3, x3), b < 9.07 */
    perm_var(&pr, p, idx_r);                         /* (z2, z2, z3, z3), b < 9.07 */
    fe52x4_add(&t, &pl, &pr);                        /* sums in every lane, b < 10.07 */
    fe52x4_sub_lanes(&l1, &t, &pl, &pr, LANES_BC);   /* (A, B, D, C) */
    FE52X4_CHECK(&l1, 10.07, 10.61, 10.61, 10.07, "ladder: L1");
    fe52x4_reduce(&l1, &l1);                         /* (A, B, D, C), b < 0.00001 */
    perm_abab(&r1, &l1);                             /* (A, B, A, B), b < 0.00001 */
    fe52x4_mul(&m1, &l1, &r1);                       /* M1 = (AA, BB, DA, CB), b < 9.07 */

    /* L2 = (AA, E, S, T), R2 = (BB, E, S, T) */
    mm = fe52x4_shuffle(m1, SHUF_BADC);              /* (BB, AA, CB, DA), b < 9.07 (vpshufd) */
    fe52x4_neg_bias_lanes(&y, &m1, LANES_BD);        /* (AA, −BB, DA, −CB) */
    FE52X4_CHECK(&y, 9.07, 10.0, 9.07, 10.0, "ladder: y");
    fe52x4_add_lanes(&l2, &m1, &mm, &y, LANES_BCD_); /* (AA, E, S, T) */
    fe52x4_add_lanes(&r2, &mm, &mm, &y, LANES_BCD_); /* (BB, E, S, T) */
    FE52X4_CHECK(&l2, 9.07, 10.61, 10.07, 10.61, "ladder: L2");
    FE52X4_CHECK(&r2, 9.07, 10.61, 10.07, 10.61, "ladder: R2");
    fe52x4_reduce(&l2, &l2);                         /* (AA, E, S, T), b < 0.00001 */
    fe52x4_reduce(&r2, &r2);                         /* (BB, E, S, T), b < 0.00001 */
    fe52x4_mul(&m2, &l2, &r2);                       /* M2 = (x2', E², x3', T²), b < 9.07 */

    /* F = AA + a24·E in lane B, while M2 runs */
    h = fe52x4_shuffle(l2, SHUF_AACC_);              /* (AA, AA, S, S), b < 0.00001 (vpshufd) */
    mul_small_add(&f, &l2, &h, a24);                 /* (AA, F, S, S), b < 1.59 */
    fe52x4_reduce(&f, &f);                           /* (AA, F, S, S), b < 0.00001 */
    r3 = fe52x4_blend(*onex1, f, LANES_B);           /* R3 = (1, F, 1, x1), b < 0.00001 */

    fe52x4_reduce(&m2, &m2);                         /* (x2', E², x3', T²), b < 0.00001 */
    l3 = fe52x4_blend(m2, l2, LANES_B);              /* L3 = (x2', E, x3', T²), b < 0.00001 */
    fe52x4_mul(p, &l3, &r3);                         /* M3 = (x2', z2', x3', z3'), b < 9.07 */
    /* clang-format on */
}

/*
 * out = X25519(scalar, point) on the 4-way IFMA field (ladder_ifma.h has the
 * contract). The all-zero check is the caller's. Constant time.
 */
void x25519_ladder_ifma4(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    struct ladder_ifma_state st;

    sc_clamp(st.k, scalar);
    fe51_frombytes(&st.x1, point); /* bit 255 ignored; limbs < 2^51 (b = 0); u ≥ p is fine */
    fe51_1(&st.one);
    fe51_0(&st.z);
    fe52x4_pack(&st.p, &st.one, &st.z, &st.x1, &st.one);     /* (1, 0, x1, 1) */
    fe52x4_pack(&st.onex1, &st.one, &st.one, &st.one, &st.x1); /* (1, ·, 1, x1) */
    st.prev = 0;

    for (int i = 254; i >= 0; i--) {
        /* i is public; the bit's value is secret and only feeds a mask. */
        uint64_t bit = (uint64_t)(st.k[i >> 3] >> (i & 7)) & 1;
        ct_mask swap = ct_from_bit(bit ^ st.prev);
        st.prev = bit;
        ladder_step(&st.p, _mm256_set1_epi64x((long long)(swap.m & 2)), &st.onex1);
    }
    /* The last pending swap, then x2/z2 from lanes A and B. */
    {
        ct_mask last = ct_from_bit(st.prev);
        const __m256i swap2 = _mm256_set1_epi64x((long long)(last.m & 2));
        const __m256i idx = _mm256_xor_si256(_mm256_setr_epi64x(0, 1, 2, 3), swap2);
        fe51 c, d;

        perm_var(&st.p, &st.p, idx);
        fe52x4_reduce(&st.p, &st.p); /* b < 0.00001: tight fe51 */
        fe52x4_unpack(&st.x, &st.z, &c, &d, &st.p);
        vec25519_wipe(&c, sizeof c);
        vec25519_wipe(&d, sizeof d);
    }
    ladder_finish(out, &st.x, &st.z);
    vec25519_wipe(&st, sizeof st);
}

/* ==== the same ladder on eight lanes: two rounds of products per step (§8.5) ============== */

/*
 * State P = (x2, z2, x3, z3 | x1·x2, x1·z2, x1·x3, x1·z3) in the eight lanes
 * of fe52x8 (fe52x8.h; lanes 0..7, written A..D | A'..D'). Carrying the
 * x1-multiples of both points makes x1·A = x1·x2 + x1·z2 (and x1·B, x1·C,
 * x1·D) lazy sums, so z3' = (x1·T)·T and x1·z3' = (x1·T)·(x1·T) have depth
 * two, as have the other six outputs:
 *
 *   L1 = (A, B, D, C | x1A, x1B, x1D, x1C)      R1 = (A, B, A, B | A, B, A, B)
 *   M1 = L1·R1 = (AA, BB, DA, CB | x1AA, x1BB, x1DA, x1CB)
 *   L2 = (AA, E, S, T | x1AA, x1E, x1S, x1T)    R2 = (BB, E, S, T | x1BB, x1E, x1S, x1T)
 *   F  = AA + a24·E (lane B), x1F = x1AA + a24·x1E (lane B')
 *   M2 = (AA, E, S, x1T | x1AA, E, x1S, x1T) · (BB, F, S, T | BB, x1F, S, x1T)
 *      = (x2', z2', x3', z3' | x1x2', x1z2', x1x3', x1z3') = the next P
 *
 * The swap is the same index XOR 2 as the 4-way step, in both halves.
 */

/* Lane index vectors (vpermq / vpermt2q; in vpermt2q, 8 + l is lane l of the second source). */
#define IDX8_AACC _mm512_setr_epi64(0, 0, 2, 2, 4, 4, 6, 6)
#define IDX8_BBDD _mm512_setr_epi64(1, 1, 3, 3, 5, 5, 7, 7)
#define IDX8_ABCD _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7)
#define IDX8_L2 _mm512_setr_epi64(0, 1, 2, 7, 4, 1, 6, 7)       /* (AA, E, S, x1T | x1AA, E, x1S, x1T) */
#define IDX8_R2 _mm512_setr_epi64(0, 8 + 1, 2, 3, 0, 8 + 5, 2, 7) /* (BB, F, S, T | BB, x1F, S, x1T) */
/* vpshufd immediates: swap the lanes of each pair (BADC); copy the even lane (AACC). */
#define SHUF8_BADC ((_MM_PERM_ENUM)0x4E)
#define SHUF8_AACC ((_MM_PERM_ENUM)0x44)
/* Lane masks (bit l = lane l). */
#define LANES8_BC ((__mmask8)0x66)  /* B, C, B', C' */
#define LANES8_BD ((__mmask8)0xAA)  /* B, D, B', D' */
#define LANES8_BCD ((__mmask8)0xEE) /* B, C, D, B', C', D' */
/* Inclusive limb maximum of the lazy sums below (< 2^62, fe52x8.h "sums"). */
#define X8_SUM ((UINT64_C(1) << 62) - 1)

/*
 * One ladder step on eight lanes (the schedule above; docs/x25519.md §8.5).
 * In: p = (x2, z2, x3, z3 | x1x2, x1z2, x1x3, x1z3) as left by the previous
 * step (swap pending), loose (limbs < 2^60.06) or, at the start, < 2^52;
 * swap2 = 2 in every lane if the two points must be exchanged first, else
 * 0. Out: p = the next state, loose. Constant time.
 *
 * Per step: 2 fe52x8_mul (100 IFMA), 1 fe52x8_mul_a24_add (10 IFMA),
 * 4 carry passes (5 IFMA); 7 lane moves (2 vpermq, 1 vshufi64x2,
 * 2 vpshufd, 1 vpermq, 1 vpermt2q), each ×5 registers.
 */
static inline __attribute__((always_inline)) void ladder_step8(fe52x8 *p, __m512i swap2)
{
    const __m512i idx_l = _mm512_xor_si512(IDX8_AACC, swap2);
    const __m512i idx_r = _mm512_xor_si512(IDX8_BBDD, swap2);
    fe52x8 pl, pr, l1, r1, m1, mm, y, l2, r2, hh, f, a, b;

    /* clang-format off */
    /* Round 1: L1 = (A, B, D, C | x1A, x1B, x1D, x1C), the swap in the index */
    fe52x8_perm(&pl, p, idx_l);                      /* (x2, x2, x3, x3 | x1x2, x1x2, x1x3, x1x3), loose */
    fe52x8_perm(&pr, p, idx_r);                      /* (z2, z2, z3, z3 | x1z2, x1z2, x1z3, x1z3), loose */
    fe52x8_addsub_lanes(&l1, &pl, &pr, LANES8_BC);   /* (A, B, D, C | x1A, x1B, x1D, x1C), < 2^62 */
    fe52x8_carry(&l1, &l1);                          /* carried */
    for (int i = 0; i < 5; i++)                      /* R1 = (A, B, A, B | A, B, A, B), carried (vshufi64x2) */
        r1.v[i] = _mm512_shuffle_i64x2(l1.v[i], l1.v[i], 0);
    fe52x8_mul_loose(&m1, &l1, &r1);                 /* M1 = (AA, BB, DA, CB | x1AA, x1BB, x1DA, x1CB), loose */

    /* L2 = (AA, E, S, T | x1AA, x1E, x1S, x1T), R2 = (BB, E, S, T | x1BB, x1E, x1S, x1T) */
    for (int i = 0; i < 5; i++) {
        const __m512i bias = x8_set1(i == 0 ? X8_BIAS0 : X8_BIAS1);
        mm.v[i] = _mm512_shuffle_epi32(m1.v[i], SHUF8_BADC);          /* (BB, AA, CB, DA | …), loose */
        y.v[i] = _mm512_mask_sub_epi64(m1.v[i], LANES8_BD, bias, m1.v[i]); /* (AA, −BB, DA, −CB | …) */
        l2.v[i] = _mm512_mask_add_epi64(m1.v[i], LANES8_BCD, mm.v[i], y.v[i]);
        r2.v[i] = _mm512_mask_add_epi64(mm.v[i], LANES8_BCD, mm.v[i], y.v[i]);
    }
    /* −X is 2^10·p − X ≥ 0 (X loose); E, T < 2^60.06 + 2^61, S < 2^61.06: all < 2^62 */
    X8_CHECK(&m1, X8_LOOSE0, X8_LOOSE1, "ladder8: M1");
    X8_CHECK(&l2, X8_SUM, X8_SUM, "ladder8: L2");
    X8_CHECK(&r2, X8_SUM, X8_SUM, "ladder8: R2");
    fe52x8_carry(&l2, &l2);                          /* (AA, E, S, T | x1AA, x1E, x1S, x1T), carried */
    fe52x8_carry(&r2, &r2);                          /* (BB, E, S, T | x1BB, x1E, x1S, x1T), carried */

    /* F = AA + a24·E in lane B, x1F = x1AA + a24·x1E in lane B' (other lanes unused) */
    for (int i = 0; i < 5; i++)
        hh.v[i] = _mm512_shuffle_epi32(l2.v[i], SHUF8_AACC); /* (AA, AA, S, S | x1AA, x1AA, x1S, x1S), carried */
    fe52x8_mul_a24_add(&f, &l2, &hh);                /* (·, F, ·, · | ·, x1F, ·, ·), < 2^53 */
    fe52x8_carry(&f, &f);                            /* carried */

    /* Round 2: M2 = (x2', z2', x3', z3' | x1x2', x1z2', x1x3', x1z3') */
    fe52x8_perm(&a, &l2, IDX8_L2);                   /* (AA, E, S, x1T | x1AA, E, x1S, x1T), carried */
    for (int i = 0; i < 5; i++)                      /* (BB, F, S, T | BB, x1F, S, x1T), carried (vpermt2q) */
        b.v[i] = _mm512_permutex2var_epi64(r2.v[i], IDX8_R2, f.v[i]);
    fe52x8_mul_loose(p, &a, &b);                     /* the next P, loose */
    /* clang-format on */
}

/* Everything secret the 8-lane ladder keeps, so that one vec25519_wipe clears it. */
struct ladder_ifma8_state {
    fe52x8 p;                /* (x2, z2, x3, z3 | x1·(x2, z2, x3, z3)) */
    uint64_t limbs[5][8];    /* transposition buffer                   */
    fe51 x1, x1sq, one, zero, x, z;
    uint8_t k[32];           /* the clamped scalar                     */
    uint64_t prev;           /* the previous bit (pending swap)        */
};

/*
 * out = X25519(scalar, point) on eight lanes, two rounds of products per
 * step (ladder_ifma.h has the contract). The all-zero check is the
 * caller's. Constant time.
 */
void x25519_ladder_ifma(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    struct ladder_ifma8_state st;

    sc_clamp(st.k, scalar);
    fe51_frombytes(&st.x1, point); /* bit 255 ignored; limbs < 2^51; u ≥ p is fine */
    fe51_sq(&st.x1sq, &st.x1);     /* tight: limbs < 2^52 */
    fe51_1(&st.one);
    fe51_0(&st.zero);
    {
        /* P = (1, 0, x1, 1 | x1, 0, x1², x1): (x2:z2) = (1:0), (x3:z3) = (x1:1) and x1 times them */
        const fe51 *src[8] = {&st.one, &st.zero, &st.x1, &st.one, &st.x1, &st.zero, &st.x1sq, &st.x1};
        for (int i = 0; i < 5; i++) {
            for (int l = 0; l < 8; l++) st.limbs[i][l] = src[l]->v[i];
            st.p.v[i] = _mm512_loadu_si512(st.limbs[i]);
        }
    }
    X8_CHECK(&st.p, X8_OPERAND, X8_OPERAND, "ladder8: start");
    st.prev = 0;

    for (int i = 254; i >= 0; i--) {
        /* i is public; the bit's value is secret and only feeds a mask. */
        uint64_t bit = (uint64_t)(st.k[i >> 3] >> (i & 7)) & 1;
        ct_mask swap = ct_from_bit(bit ^ st.prev);
        __m512i swap2 = _mm512_set1_epi64((long long)(swap.m & 2));
        CT_VEC_BARRIER(swap2);
        st.prev = bit;
        ladder_step8(&st.p, swap2);
    }
    /* The last pending swap, a carry pass, then x2/z2 from lanes A and B. */
    {
        ct_mask last = ct_from_bit(st.prev);
        __m512i swap2 = _mm512_set1_epi64((long long)(last.m & 2));
        CT_VEC_BARRIER(swap2);
        fe52x8_perm(&st.p, &st.p, _mm512_xor_si512(IDX8_ABCD, swap2));
        fe52x8_carry(&st.p, &st.p); /* carried: limbs < 2^51 + 2^17.25, a tight fe51 */
        for (int i = 0; i < 5; i++) {
            _mm512_storeu_si512(st.limbs[i], st.p.v[i]);
            st.x.v[i] = st.limbs[i][0];
            st.z.v[i] = st.limbs[i][1];
        }
    }
    ladder_finish(out, &st.x, &st.z);
    vec25519_wipe(&st, sizeof st);
}
