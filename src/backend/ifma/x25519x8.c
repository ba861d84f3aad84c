/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Eight X25519 Montgomery ladders in parallel, one per 64-bit lane of a
 * 512-bit register, on the AVX-512 IFMA multiplier (vpmadd52luq /
 * vpmadd52huq). The design note, with the bound proofs in full and the
 * measurements, is docs/x25519.md §9 (cited below as §9.n).
 *
 * The field is fe52x8 (fe52x8.h: eight elements, limb i of the eight lanes
 * in one register, radix 2^51; its bounds, "carried" and "loose", are
 * stated there and proved in §9.1–§9.2). Lanes are independent: they never
 * mix, so there is no shuffle anywhere; the only per-lane difference is the
 * scalar bit, which becomes an AVX-512 opmask (one bit per lane) for the
 * swap. VEC25519_CHECK_BOUNDS builds assert every bound in every lane.
 *
 * Ladder step (RFC 7748 §5, SSA names as in src/x25519/x25519.c), 5M + 4S +
 * one AA + a24·E, with a carry pass after each sum:
 *
 *   A = x2 + z2   B = x2 − z2   C = x3 + z3   D = x3 − z3      (carried)
 *   AA = A²  BB = B²  E = AA − BB                              (carried)
 *   DA = D·A  CB = C·B                                         (loose)
 *   x3 = (DA + CB)²   z3 = x1·(DA − CB)²                        (loose)
 *   x2 = AA·BB        z2 = E·(AA + a24·E)                        (loose)
 *
 * A product that is only added or subtracted before the next carry pass
 * (DA, CB and the four state coordinates) stays loose: 6 of the 17 carry
 * passes per step are saved (8 % of the kernel, §9.5).
 *
 * The conditional swap is deferred (swap by bit XOR previous bit, once more
 * after the loop), per lane: lane l swaps iff its own scalar's bits differ.
 * The inversion z^(p−2) is the usual 254-square, 11-multiply chain, run in
 * all eight lanes at once (z = 0 gives 0, as the serial ladder).
 *
 * Constant time: the loop, every memory index and every instruction are
 * fixed; scalar bits only become opmask bits for vpblendmq; IFMA, shifts,
 * adds and blends have data-independent latency. Secrets on the stack (the
 * clamped scalars, the limbs of inputs and outputs, the ladder state) are
 * wiped before returning.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512dq -mavx512ifma (every .c in
 * src/backend/ifma/); called only when cpu_features().avx512ifma (F, VL,
 * DQ and IFMA).
 *
 * References: RFC 7748 §5 (the ladder, a24 = 121665) and §6.1; Intel SDM,
 * VPMADD52LUQ / VPMADD52HUQ; P. L. Montgomery, Math. Comp. 48 (1987); the
 * 4-way IFMA field src/backend/ifma/fe52x4.h (same radix and fold, docs/ifma.md).
 */
#include "x25519x8.h"

#include <immintrin.h>
#include <stdint.h>

#include "../../internal/bytes.h"
#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "../serial/fe51.h"
#include "fe52x8.h"

/* Everything secret the kernel keeps on the stack, wiped in one call. */
struct x8_state {
    fe52x8 x1;                   /* carried: the input u                  */
    fe52x8 x2, z2, x3, z3;       /* loose: [k']P, [k'+1]P                 */
    fe52x8 zinv;
    __m512i k[4];                /* word w of the eight clamped scalars   */
    uint64_t limbs[5][8];        /* transposition buffer (in and out)     */
    uint64_t kw[4][8];
    uint8_t kc[32];
    fe51 t;
};

/*
 * One ladder step in every lane (the header's formulas; bounds per line).
 * x2, z2, x3, z3 loose in and out (limbs < 2^60.06: they are only added,
 * subtracted and carried, so the products that make them skip the carry);
 * x1 carried.
 */
X8_INLINE void x8_ladder_step(struct x8_state *st)
{
    fe52x8 a, b, c, d, aa, bb, e, da, cb, s;

    fe52x8_add(&a, &st->x2, &st->z2);      /* A  = x2 + z2           < 2^61.06 */
    fe52x8_carry(&a, &a);                  /*                        carried   */
    fe52x8_sub_loose(&b, &st->x2, &st->z2); /* B = x2 + 2^10·p − z2  < 2^62    */
    fe52x8_carry(&b, &b);
    fe52x8_add(&c, &st->x3, &st->z3);      /* C  = x3 + z3 */
    fe52x8_carry(&c, &c);
    fe52x8_sub_loose(&d, &st->x3, &st->z3); /* D = x3 − z3 */
    fe52x8_carry(&d, &d);
    fe52x8_sq(&aa, &a);                    /* AA = A²                carried   */
    fe52x8_sq(&bb, &b);                    /* BB = B²                carried   */
    fe52x8_mul_loose(&da, &d, &a);         /* DA = D·A               loose     */
    fe52x8_mul_loose(&cb, &c, &b);         /* CB = C·B               loose     */
    fe52x8_sub(&e, &aa, &bb);              /* E  = AA + 2p − BB      < 2^53    */
    fe52x8_carry(&e, &e);

    fe52x8_add(&s, &da, &cb);              /* DA + CB                < 2^61.06 */
    fe52x8_carry(&s, &s);
    fe52x8_sq_loose(&st->x3, &s);          /* x3 = (DA + CB)²        loose     */
    fe52x8_sub_loose(&s, &da, &cb);        /* DA + 2^10·p − CB       < 2^62    */
    fe52x8_carry(&s, &s);
    fe52x8_sq(&s, &s);
    fe52x8_mul_loose(&st->z3, &st->x1, &s); /* z3 = x1·(DA − CB)²    loose     */

    fe52x8_mul_loose(&st->x2, &aa, &bb);   /* x2 = AA·BB             loose     */
    fe52x8_mul_a24_add(&s, &e, &aa);       /* AA + a24·E             < 2^53    */
    fe52x8_carry(&s, &s);
    fe52x8_mul_loose(&st->z2, &e, &s);     /* z2 = E·(AA + a24·E)    loose     */
}

void x25519_batch8_ifma(uint8_t out[8][32], const uint8_t scalars[8][32],
                        const uint8_t points[8][32])
{
    struct x8_state st;
    __mmask8 prev = 0;

    /* Read every input before writing any output (out may alias them). */
    for (int l = 0; l < 8; l++) {
        sc_clamp(st.kc, scalars[l]);
        for (int w = 0; w < 4; w++) st.kw[w][l] = load64_le(st.kc + 8 * w);
        fe51_frombytes(&st.t, points[l]); /* bit 255 dropped; limbs < 2^51 */
        for (int i = 0; i < 5; i++) st.limbs[i][l] = st.t.v[i];
    }
    for (int w = 0; w < 4; w++) st.k[w] = _mm512_loadu_si512(st.kw[w]);
    for (int i = 0; i < 5; i++) {
        st.x1.v[i] = _mm512_loadu_si512(st.limbs[i]);
        st.x2.v[i] = st.z2.v[i] = _mm512_setzero_si512();
        st.z3.v[i] = _mm512_setzero_si512();
    }
    st.x2.v[0] = st.z3.v[0] = x8_set1(1); /* (x2:z2) = (1:0), (x3:z3) = (u:1) */
    st.x3 = st.x1;

    for (int i = 254; i >= 0; i--) {
        /* Lane l's bit i of its scalar, as opmask bit l (i is public). */
        const __mmask8 bit =
            _mm512_test_epi64_mask(st.k[i >> 6], x8_set1(UINT64_C(1) << (i & 63)));
        const __mmask8 swap = (__mmask8)(bit ^ prev);
        prev = bit;
        fe52x8_cswap(&st.x2, &st.x3, swap);
        fe52x8_cswap(&st.z2, &st.z3, swap);
        x8_ladder_step(&st);
    }
    fe52x8_cswap(&st.x2, &st.x3, prev); /* undo the pending swap: (x2:z2) = [k]P */
    fe52x8_cswap(&st.z2, &st.z3, prev);

    fe52x8_carry(&st.z2, &st.z2); /* loose → carried: multiplier operands */
    fe52x8_carry(&st.x2, &st.x2);
    fe52x8_invert(&st.zinv, &st.z2);
    fe52x8_mul(&st.x2, &st.x2, &st.zinv); /* carried: a tight fe51 per lane */
    for (int i = 0; i < 5; i++) _mm512_storeu_si512(st.limbs[i], st.x2.v[i]);
    for (int l = 0; l < 8; l++) {
        for (int i = 0; i < 5; i++) st.t.v[i] = st.limbs[i][l];
        fe51_tobytes(out[l], &st.t); /* full reduction: canonical */
    }

    vec25519_wipe(&st, sizeof st);
    vec25519_wipe(&prev, sizeof prev);
}
