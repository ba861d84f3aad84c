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
 * The kernels stop before the division (the _xz entry points): x/z is
 * taken on the serial field with one inversion for many ladders
 * (x25519_xz_to_bytes, Montgomery's trick; z = 0 gives 0, as the serial
 * ladder), for a whole batch at once through x25519_batch_lanes_xz
 * (docs/x25519.md §9.9).
 *
 * Two kernels: x25519_batch8_ifma (one group of eight lanes) and
 * x25519_batch16_ifma (two groups). Within a lane the step is one chain of
 * dependent products, and one group alone leaves the multipliers waiting on
 * that chain's latency; the 16-lane kernel issues every operation of the step
 * for both groups before the next (X8_EACH), so the two independent chains
 * fill each other's gaps: about 1.8 times the 8-lane call for twice the
 * ladders (§9.6).
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
#include "../../field/fe.h"
#include "../../field/fe51.h"
#include "../ladder.h" /* x25519_xz_to_bytes */
#include "fe52x8.h"

/* At most two groups of eight lanes per call (the 16-lane kernel). */
#define X8_GROUPS 2

/* Everything secret the kernel keeps on the stack, wiped in one call; group g
 * holds lanes 8g … 8g + 7 (the 8-lane kernel uses group 0 only). */
struct x8_state {
    fe52x8 x1[X8_GROUPS];              /* carried: the input u                  */
    fe52x8 x2[X8_GROUPS], z2[X8_GROUPS]; /* loose: [k']P                        */
    fe52x8 x3[X8_GROUPS], z3[X8_GROUPS]; /* loose: [k'+1]P                      */
    __m512i k[X8_GROUPS][4];           /* word w of the eight clamped scalars   */
    uint64_t limbs[5][8];              /* transposition buffer (in and out)     */
    uint64_t kw[4][8];
    uint8_t kc[32];
    fe51 t;
};

/* Every statement of the step below is done for each of the ng groups before
 * the next one (ng is a compile-time constant after inlining). */
#define X8_EACH(g, ng) _Pragma("GCC unroll 2") for (int g = 0; g < (ng); g++)

/*
 * One ladder step in every lane of ng groups (the header's formulas; bounds
 * per line). x2, z2, x3, z3 loose in and out (limbs < 2^60.06: they are only
 * added, subtracted and carried, so the products that make them skip the
 * carry); x1 carried. Within one lane the step is one chain of dependent
 * products; with ng = 2 the two groups' chains are independent and are
 * issued side by side, operation by operation (docs/x25519.md §9.6).
 *
 * The statements go in the order of the longest chain: DA, CB → DA − CB →
 * its square → z3 is three products deep, AA, BB → E → z2 two, and x3, x2
 * one product after their inputs, so they come last. Issued in this order
 * the out-of-order window holds the critical chain earlier: 3.8–3.9 % fewer
 * ticks per key than the order of the formulas (docs/x25519.md §9.10).
 */
X8_INLINE void x8_ladder_step(struct x8_state *st, int ng)
{
    fe52x8 a[X8_GROUPS], b[X8_GROUPS], c[X8_GROUPS], d[X8_GROUPS], aa[X8_GROUPS], bb[X8_GROUPS],
        e[X8_GROUPS], da[X8_GROUPS], cb[X8_GROUPS], s[X8_GROUPS];

    X8_EACH(g, ng) {
        fe52x8_add(&a[g], &st->x2[g], &st->z2[g]);       /* A  = x2 + z2          < 2^61.06 */
        fe52x8_carry(&a[g], &a[g]);                       /*                       carried   */
    }
    X8_EACH(g, ng) {
        fe52x8_sub_loose(&b[g], &st->x2[g], &st->z2[g]); /* B = x2 + 2^10·p − z2  < 2^62    */
        fe52x8_carry(&b[g], &b[g]);
    }
    X8_EACH(g, ng) {
        fe52x8_add(&c[g], &st->x3[g], &st->z3[g]);       /* C  = x3 + z3 */
        fe52x8_carry(&c[g], &c[g]);
    }
    X8_EACH(g, ng) {
        fe52x8_sub_loose(&d[g], &st->x3[g], &st->z3[g]); /* D = x3 − z3 */
        fe52x8_carry(&d[g], &d[g]);
    }
    X8_EACH(g, ng) fe52x8_mul_loose(&da[g], &d[g], &a[g]); /* DA = D·A             loose     */
    X8_EACH(g, ng) fe52x8_mul_loose(&cb[g], &c[g], &b[g]); /* CB = C·B             loose     */
    X8_EACH(g, ng) fe52x8_sq(&aa[g], &a[g]);              /* AA = A²               carried   */
    X8_EACH(g, ng) fe52x8_sq(&bb[g], &b[g]);              /* BB = B²               carried   */
    X8_EACH(g, ng) {
        fe52x8_sub_loose(&s[g], &da[g], &cb[g]);          /* DA + 2^10·p − CB      < 2^62    */
        fe52x8_carry(&s[g], &s[g]);
    }
    X8_EACH(g, ng) fe52x8_sq(&s[g], &s[g]);
    X8_EACH(g, ng) {
        fe52x8_sub(&e[g], &aa[g], &bb[g]);                /* E  = AA + 2p − BB     < 2^53    */
        fe52x8_carry(&e[g], &e[g]);
    }
    X8_EACH(g, ng) fe52x8_mul_loose(&st->z3[g], &st->x1[g], &s[g]); /* z3 = x1·(DA − CB)² loose */
    X8_EACH(g, ng) {
        fe52x8_mul_a24_add(&s[g], &e[g], &aa[g]);         /* AA + a24·E            < 2^53    */
        fe52x8_carry(&s[g], &s[g]);
    }
    X8_EACH(g, ng) fe52x8_mul_loose(&st->z2[g], &e[g], &s[g]); /* z2 = E·(AA + a24·E) loose */
    X8_EACH(g, ng) {
        fe52x8_add(&s[g], &da[g], &cb[g]);                /* DA + CB               < 2^61.06 */
        fe52x8_carry(&s[g], &s[g]);
    }
    X8_EACH(g, ng) fe52x8_sq_loose(&st->x3[g], &s[g]);    /* x3 = (DA + CB)²       loose     */
    X8_EACH(g, ng) fe52x8_mul_loose(&st->x2[g], &aa[g], &bb[g]);    /* x2 = AA·BB         loose */
}

/* Group g's eight inputs into st (clamped scalars as words, u as limbs, the
 * ladder's start state). */
static inline void x8_load_group(struct x8_state *st, int g, const uint8_t scalars[8][32],
                                 const uint8_t points[8][32])
{
    for (int l = 0; l < 8; l++) {
        sc_clamp(st->kc, scalars[l]);
        for (int w = 0; w < 4; w++) st->kw[w][l] = load64_le(st->kc + 8 * w);
        fe51_frombytes(&st->t, points[l]); /* bit 255 dropped; limbs < 2^51 */
        for (int i = 0; i < 5; i++) st->limbs[i][l] = st->t.v[i];
    }
    for (int w = 0; w < 4; w++) st->k[g][w] = _mm512_loadu_si512(st->kw[w]);
    for (int i = 0; i < 5; i++) {
        st->x1[g].v[i] = _mm512_loadu_si512(st->limbs[i]);
        st->x2[g].v[i] = st->z2[g].v[i] = _mm512_setzero_si512();
        st->z3[g].v[i] = _mm512_setzero_si512();
    }
    st->x2[g].v[0] = st->z3[g].v[0] = x8_set1(1); /* (x2:z2) = (1:0), (x3:z3) = (u:1) */
    st->x3[g] = st->x1[g];
}

/* Group g's eight (x2, z2), carried (tight fe51 limbs), out of st into the
 * serial field: fe51 itself, or fe2625 through canonical bytes in the u32
 * build. */
static inline void x8_store_group_xz(struct x8_state *st, int g, fe *x, fe *z)
{
    const fe52x8 *src[2] = {&st->x2[g], &st->z2[g]};
    fe *dst[2] = {x, z};

    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < 5; i++) _mm512_storeu_si512(st->limbs[i], src[c]->v[i]);
        for (int l = 0; l < 8; l++) {
            for (int i = 0; i < 5; i++) st->t.v[i] = st->limbs[i][l];
#if defined(VEC25519_SERIAL_U32)
            fe51_tobytes(st->kc, &st->t);
            fe_frombytes(&dst[c][l], st->kc);
#else
            dst[c][l] = st->t;
#endif
        }
    }
}

/* The ladders of 8·ng lanes (ng = 1 or 2, a constant after inlining), up to
 * the division: x[l], z[l] for l < 8·ng. Every input is read before any
 * output is written. */
X8_INLINE void x8_ladders(struct x8_state *st, fe *x, fe *z, const uint8_t (*scalars)[32],
                          const uint8_t (*points)[32], int ng)
{
    __mmask8 prev[X8_GROUPS] = {0, 0}; /* the pending swap of each lane */

    for (int g = 0; g < ng; g++) x8_load_group(st, g, scalars + 8 * g, points + 8 * g);

    for (int i = 254; i >= 0; i--) {
        X8_EACH(g, ng) {
            /* Lane l's bit i of its scalar, as opmask bit l (i is public). */
            const __mmask8 bit =
                _mm512_test_epi64_mask(st->k[g][i >> 6], x8_set1(UINT64_C(1) << (i & 63)));
            const __mmask8 swap = (__mmask8)(bit ^ prev[g]);
            prev[g] = bit;
            fe52x8_cswap(&st->x2[g], &st->x3[g], swap);
            fe52x8_cswap(&st->z2[g], &st->z3[g], swap);
        }
        x8_ladder_step(st, ng);
    }
    X8_EACH(g, ng) {
        fe52x8_cswap(&st->x2[g], &st->x3[g], prev[g]); /* undo the pending swap: [k]P */
        fe52x8_cswap(&st->z2[g], &st->z3[g], prev[g]);
        fe52x8_carry(&st->z2[g], &st->z2[g]); /* loose → carried: tight fe51 */
        fe52x8_carry(&st->x2[g], &st->x2[g]);
    }
    for (int g = 0; g < ng; g++) x8_store_group_xz(st, g, x + 8 * g, z + 8 * g);
    vec25519_wipe(prev, sizeof prev);
}

void x25519_batch8_ifma_xz(fe x[8], fe z[8], const uint8_t scalars[8][32],
                           const uint8_t points[8][32])
{
    struct x8_state st;

    x8_ladders(&st, x, z, scalars, points, 1);
    vec25519_wipe(&st, sizeof st);
}

void x25519_batch16_ifma_xz(fe x[16], fe z[16], const uint8_t scalars[16][32],
                            const uint8_t points[16][32])
{
    struct x8_state st;

    x8_ladders(&st, x, z, scalars, points, 2);
    vec25519_wipe(&st, sizeof st);
}

void x25519_batch8_ifma(uint8_t out[8][32], const uint8_t scalars[8][32],
                        const uint8_t points[8][32])
{
    fe x[8], z[8];

    x25519_batch8_ifma_xz(x, z, scalars, points);
    x25519_xz_to_bytes(8, out[0], x, z); /* wipes x and z */
}

void x25519_batch16_ifma(uint8_t out[16][32], const uint8_t scalars[16][32],
                         const uint8_t points[16][32])
{
    fe x[16], z[16];

    x25519_batch16_ifma_xz(x, z, scalars, points);
    x25519_xz_to_bytes(16, out[0], x, z);
}
