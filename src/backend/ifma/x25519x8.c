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
 *   DA = D·A  CB = C·B                                   (biased, loose)
 *   x3 = (DA + CB)²   z3 = x1·(DA − CB)²                  (biased, loose)
 *   x2 = AA·BB        z2 = E·(AA + a24·E)                  (biased, loose)
 *
 * A product that is only added or subtracted before the next carry pass
 * (DA, CB and the four state coordinates) stays loose: 6 of the 17 carry
 * passes per step are saved (8 % of the kernel, §9.5). The three that are
 * minuends (DA, x3, x2) are biased: their column sums start at the limbs of
 * 2^10·p (fe52x8.h), so the subtraction needs no bias of its own: 15 vector
 * additions fewer per step (docs/x25519.md §9.11). x2 and x3 start biased
 * too; a multiple of p changes nothing mod p.
 *
 * The conditional swap is deferred (swap by bit XOR previous bit, once more
 * after the loop), per lane: lane l swaps iff its own scalar's bits differ.
 * Division: the _xz entry points stop before it, and x/z is taken on the
 * serial field with one inversion for many ladders (x25519_xz_to_bytes,
 * Montgomery's trick; z = 0 gives 0, as the serial ladder), for a whole
 * batch at once through x25519_batch_lanes_xz (docs/x25519.md §9.9); the
 * entry points without _xz (one kernel call that is the whole batch) divide
 * in their own lanes, with one inversion (x8_divide, §9.11).
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
    struct {                           /* x8_divide                             */
        fe52x8 z[X8_GROUPS], x[X8_GROUPS], pre, suf, e, w[X8_GROUPS], u;
        fe total, inv;
    } dv;
};

/* Every statement of the step below is done for each of the ng groups before
 * the next one (ng is a compile-time constant after inlining). */
#define X8_EACH(g, ng) _Pragma("GCC unroll 2") for (int g = 0; g < (ng); g++)

/*
 * One ladder step in every lane of ng groups (the header's formulas; bounds
 * per line). z2, z3 loose and x2, x3 biased in and out (limbs < 2^60.06,
 * < 2^61.58: they are only added, subtracted and carried, so the products
 * that make them skip the carry); x1 carried. Within one lane the step is
 * one chain of dependent products; with ng = 2 the two groups' chains are
 * independent and are issued side by side, operation by operation
 * (docs/x25519.md §9.6).
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
        fe52x8_add(&a[g], &st->x2[g], &st->z2[g]);       /* A  = x2 + z2 (+ 2^10·p) < 2^62  */
        fe52x8_carry(&a[g], &a[g]);                       /*                       carried   */
    }
    X8_EACH(g, ng) {
        fe52x8_sub_biased(&b[g], &st->x2[g], &st->z2[g]); /* B = x2 − z2          < 2^61.58 */
        fe52x8_carry(&b[g], &b[g]);
    }
    X8_EACH(g, ng) {
        fe52x8_add(&c[g], &st->x3[g], &st->z3[g]);       /* C  = x3 + z3 */
        fe52x8_carry(&c[g], &c[g]);
    }
    X8_EACH(g, ng) {
        fe52x8_sub_biased(&d[g], &st->x3[g], &st->z3[g]); /* D = x3 − z3 */
        fe52x8_carry(&d[g], &d[g]);
    }
    X8_EACH(g, ng) fe52x8_mul_biased(&da[g], &d[g], &a[g]); /* DA = D·A            biased    */
    X8_EACH(g, ng) fe52x8_mul_loose(&cb[g], &c[g], &b[g]); /* CB = C·B             loose     */
    X8_EACH(g, ng) fe52x8_sq(&aa[g], &a[g]);              /* AA = A²               carried   */
    X8_EACH(g, ng) fe52x8_sq(&bb[g], &b[g]);              /* BB = B²               carried   */
    X8_EACH(g, ng) {
        fe52x8_sub_biased(&s[g], &da[g], &cb[g]);         /* DA + 2^10·p − CB      < 2^61.58 */
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
        fe52x8_add(&s[g], &da[g], &cb[g]);                /* DA + 2^10·p + CB      < 2^62    */
        fe52x8_carry(&s[g], &s[g]);
    }
    X8_EACH(g, ng) fe52x8_sq_biased(&st->x3[g], &s[g]);   /* x3 = (DA + CB)²       biased    */
    X8_EACH(g, ng) fe52x8_mul_biased(&st->x2[g], &aa[g], &bb[g]);   /* x2 = AA·BB        biased */
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
    for (int i = 0; i < 5; i++) { /* x2 and x3 biased, as the step keeps them */
        const uint64_t bias = i == 0 ? X8_BIAS0 : X8_BIAS1;
        st->x2[g].v[i] = _mm512_add_epi64(st->x2[g].v[i], x8_set1(bias));
        st->x3[g].v[i] = _mm512_add_epi64(st->x3[g].v[i], x8_set1(bias));
    }
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
 * the division: (x2, z2) of each group in st, carried. Every input is read
 * (into st) before anything is written. */
X8_INLINE void x8_ladders(struct x8_state *st, const uint8_t (*scalars)[32],
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
    vec25519_wipe(prev, sizeof prev);
}

/* Lane l of f (carried: tight fe51 limbs) as a serial field element. */
static void x8_lane_to_fe(struct x8_state *st, fe *h, const fe52x8 *f, int l)
{
    for (int i = 0; i < 5; i++) _mm512_storeu_si512(st->limbs[i], f->v[i]);
    for (int i = 0; i < 5; i++) st->t.v[i] = st->limbs[i][l];
#if defined(VEC25519_SERIAL_U32)
    fe51_tobytes(st->kc, &st->t);
    fe_frombytes(h, st->kc);
#else
    *h = st->t;
#endif
}

/* f in every lane of h (carried). */
static void x8_fe_broadcast(struct x8_state *st, fe52x8 *h, const fe *f)
{
#if defined(VEC25519_SERIAL_U32)
    fe_tobytes(st->kc, f);
    fe51_frombytes(&st->t, st->kc);
#else
    st->t = *f;
#endif
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_set1_epi64((long long)st->t.v[i]);
}

/* h = f with the lanes moved up by s (lane l gets lane l − s; lanes below s
 * get 1), or down by s (lane l gets lane l + s; lanes from 8 − s get 1):
 * valignq on each limb against the constant 1 (limb 0 = 1, the others 0). */
#define X8_SHIFT_UP(h, f, s)                                                                    \
    for (int i_ = 0; i_ < 5; i_++)                                                              \
    (h)->v[i_] = _mm512_alignr_epi64((f)->v[i_], x8_set1(i_ == 0), 8 - (s))
#define X8_SHIFT_DOWN(h, f, s)                                                                  \
    for (int i_ = 0; i_ < 5; i_++)                                                              \
    (h)->v[i_] = _mm512_alignr_epi64(x8_set1(i_ == 0), (f)->v[i_], (s))
/* h = the inclusive scan of h by products over the eight lanes, towards the
 * top lane (DIR = UP: lane l gets h_0 ⋯ h_l) or the bottom one (DOWN: h_l ⋯
 * h_7), in three rounds of shift and product (u: scratch). Carried in, out. */
#define X8_SCAN(h, u, DIR)                                                                      \
    do {                                                                                        \
        X8_SHIFT_##DIR((u), (h), 1);                                                            \
        fe52x8_mul((h), (h), (u));                                                              \
        X8_SHIFT_##DIR((u), (h), 2);                                                            \
        fe52x8_mul((h), (h), (u));                                                              \
        X8_SHIFT_##DIR((u), (h), 4);                                                            \
        fe52x8_mul((h), (h), (u));                                                              \
    } while (0)

/*
 * out[l] = x2/z2 of lane l, canonical, for the 8·ng lanes held in st
 * (carried, after x8_ladders); z ≡ 0 gives 0, as x25519_xz_to_bytes. One
 * inversion for all, Montgomery's trick in the lanes (docs/x25519.md §9.11):
 *
 *   z' = z, or 1 where z ≡ 0 (x' = 0 there);  q = Π_g z'_g lane by lane;
 *   pre_l = q_0 ⋯ q_(l−1), suf_l = q_(l+1) ⋯ q_7 (log-depth scans: three
 *   products each, valignq against 1);  t = pre_7·q_7 = Π all;
 *   x/z in lane l of group g = x'_g · pre·suf · Π_(h≠g) z'_h · t^−1.
 *
 * Everything but t^−1 (fe_invert, the serial divsteps) is issued before
 * the inversion and is independent of it; after it, one product per group
 * and the bytes (fe51_tobytes freezes each lane). 12 (ng = 1) or 15
 * (ng = 2) eight-lane products replace the 3·8·ng − 3 serial products and
 * 8·ng serial zero tests of x25519_xz_to_bytes. Constant time: masks and
 * blends only.
 */
X8_INLINE void x8_divide(struct x8_state *st, uint8_t (*out)[32], int ng)
{
    const __m512i zero = _mm512_setzero_si512(), one = x8_set1(1);

    for (int g = 0; g < ng; g++) {
        const __mmask8 z0 = fe52x8_canon(&st->dv.z[g], &st->z2[g]);
        st->dv.z[g].v[0] = _mm512_mask_blend_epi64(z0, st->dv.z[g].v[0], one);
        for (int i = 0; i < 5; i++)
            st->dv.x[g].v[i] = _mm512_mask_blend_epi64(z0, st->x2[g].v[i], zero);
    }
    if (ng == 2)
        fe52x8_mul(&st->dv.e, &st->dv.z[0], &st->dv.z[1]); /* q */
    else
        st->dv.e = st->dv.z[0];
    /* inclusive prefix products of q, then exclusive (shift up by one) */
    st->dv.pre = st->dv.e;
    X8_SCAN(&st->dv.pre, &st->dv.u, UP);
    x8_lane_to_fe(st, &st->dv.total, &st->dv.pre, 7);
    X8_SHIFT_UP(&st->dv.pre, &st->dv.pre, 1);
    /* inclusive suffix products, then exclusive */
    st->dv.suf = st->dv.e;
    X8_SCAN(&st->dv.suf, &st->dv.u, DOWN);
    X8_SHIFT_DOWN(&st->dv.suf, &st->dv.suf, 1);
    fe52x8_mul(&st->dv.e, &st->dv.pre, &st->dv.suf); /* t / q, lane by lane */
    if (ng == 2) {
        fe52x8_mul(&st->dv.u, &st->dv.e, &st->dv.z[1]);
        fe52x8_mul(&st->dv.w[0], &st->dv.x[0], &st->dv.u);
        fe52x8_mul(&st->dv.u, &st->dv.e, &st->dv.z[0]);
        fe52x8_mul(&st->dv.w[1], &st->dv.x[1], &st->dv.u);
    } else {
        fe52x8_mul(&st->dv.w[0], &st->dv.x[0], &st->dv.e);
    }
    fe_invert(&st->dv.inv, &st->dv.total);
    x8_fe_broadcast(st, &st->dv.u, &st->dv.inv);
    for (int g = 0; g < ng; g++) {
        fe52x8_mul(&st->dv.w[g], &st->dv.w[g], &st->dv.u); /* carried: tight fe51 limbs */
        for (int i = 0; i < 5; i++) _mm512_storeu_si512(st->limbs[i], st->dv.w[g].v[i]);
        for (int l = 0; l < 8; l++) {
            for (int i = 0; i < 5; i++) st->t.v[i] = st->limbs[i][l];
            fe51_tobytes(out[8 * g + l], &st->t);
        }
    }
}

void x25519_batch8_ifma_xz(fe x[8], fe z[8], const uint8_t scalars[8][32],
                           const uint8_t points[8][32])
{
    struct x8_state st;

    x8_ladders(&st, scalars, points, 1);
    x8_store_group_xz(&st, 0, x, z);
    vec25519_wipe(&st, sizeof st);
}

void x25519_batch16_ifma_xz(fe x[16], fe z[16], const uint8_t scalars[16][32],
                            const uint8_t points[16][32])
{
    struct x8_state st;

    x8_ladders(&st, scalars, points, 2);
    for (int g = 0; g < 2; g++) x8_store_group_xz(&st, g, x + 8 * g, z + 8 * g);
    vec25519_wipe(&st, sizeof st);
}

void x25519_batch8_ifma(uint8_t out[8][32], const uint8_t scalars[8][32],
                        const uint8_t points[8][32])
{
    struct x8_state st;

    x8_ladders(&st, scalars, points, 1);
    x8_divide(&st, out, 1);
    vec25519_wipe(&st, sizeof st);
}

void x25519_batch16_ifma(uint8_t out[16][32], const uint8_t scalars[16][32],
                         const uint8_t points[16][32])
{
    struct x8_state st;

    x8_ladders(&st, scalars, points, 2);
    x8_divide(&st, out, 2);
    vec25519_wipe(&st, sizeof st);
}
