/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 as one Montgomery ladder on the IFMA multiplier, the field
 * operations of one ladder step several at a time, one per 64-bit lane of
 * fe52x8.h, two rounds of products per step: x25519_ladder_ifma, the
 * backend's (docs/x25519.md §8 has the schedules, the bounds and the
 * numbers; §8.1's three-round 4-lane form was measured and dropped).
 *
 * The step is RFC 7748 §5's, a differential addition and a doubling on
 * v² = u³ + 486662·u² + u, with a24 = 121665:
 *
 *   A = x2 + z2, B = x2 − z2, C = x3 + z3, D = x3 − z3,
 *   AA = A², BB = B², DA = D·A, CB = C·B,
 *   E = AA − BB, S = DA + CB, T = DA − CB, F = AA + a24·E,
 *   x2' = AA·BB, z2' = E·F, x3' = S², z3' = x1·T².
 *
 * Conditional swap: deferred as in the serial ladders (swap when the bit
 * differs from the previous one), and folded into the first lane
 * permutation of the step: L1 is built from P by permutations whose index
 * vectors are (A, A, C, C), (B, B, D, D) xor 2·swap in each half. The index
 * is a register derived from the secret bit by a mask (no branch, no memory
 * index; vpermq has a fixed latency whatever the index).
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
#include "../../field/fe51.h"
#include "fe52x8.h"

/* ---- the ladder ------------------------------------------------------------------------- */

/*
 * out = x/z on the serial field, canonical (the ladder ends here). In: x, z
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

/* ==== the ladder on eight lanes: two rounds of products per step (§8.5) ================== */

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
 * Conditional swap: as above, the index XOR 2 in both halves.
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
