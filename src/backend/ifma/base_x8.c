/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Fixed-base multiplication [s]B on the 8-lane IFMA field fe52x8 (fe52x8.h:
 * eight independent elements, limb i of the eight lanes in one 512-bit
 * register, radix 2^51). The design note, with the instruction counts and
 * the measurements, is docs/performance.md §2–§4.
 *
 * Table. base_x8_table.inc (tools/gen_base_table.c) holds the affine Niels
 * points (y+x, y−x, 2d·x·y) of (j+1)·256^k·B, rows k = 0..31, entries j =
 * 0..7, transposed: one register is one limb of one coordinate of the
 * eight entries of a row. A lane that needs entry |d| − 1 of a row gets it
 * with one vpermq whose index vector holds the digits; the eight entries of
 * every row read are loaded whatever the digits are, so the memory
 * addresses depend only on the step (public) and the lookup is constant
 * time. Digit 0 gives the identity (1, 1, 0), a negative digit the negated
 * point (y−x, y+x, −2d·x·y), both by opmask blends.
 *
 * Points in a lane ("8x1w"): extended coordinates (X : Y : Z : T), XY = ZT,
 * one fe52x8 per coordinate, and the serial formulas in every lane at once
 * (HWCD 2008 §3.1, a = −1, "madd-2008-hwcd-3" with Z2 = 1 and
 * "dbl-2008-hwcd"), as in src/backend/serial/ge.c:
 *
 *   madd   A = (Y1 − X1)(y2 − x2)  B = (Y1 + X1)(y2 + x2)  C = T1·2d·x2y2
 *          D = 2·Z1   E = B − A  F = D − C  G = D + C  H = B + A
 *          X3 = E·F   Y3 = G·H   Z3 = F·G   T3 = E·H                  7M
 *   dbl    A = X1²  B = Y1²  C = 2·Z1²  H = A + B  G = B − A
 *          E = (X1 + Y1)² − H  F = C − G
 *          X3 = E·F   Y3 = G·H   Z3 = F·G   T3 = E·H                  4M + 4S
 *
 * Bounds (fe52x8.h): X and Y of a point are "loose" (< 2^60.06, a product
 * before its carry pass: they are only added and subtracted), Z and T are
 * "carried" (multiplier operands: T is a factor of C, Z is doubled into D
 * and must stay below the 2^10·p bias of F). Every sum or difference is
 * carried before it is multiplied. VEC25519_CHECK_BOUNDS builds assert
 * every bound in every lane (X8_CHECK).
 *
 * Single [s]B (ifma_scalarmult_base_x8): the signed radix-16 digits
 * e[0..63] of s (sc_recode_radix16), s = Σ e[2k]·256^k + 16·Σ e[2k+1]·256^k.
 * Lanes 2m and 2m+1 take the rows k = 8m … 8m+7: in step t (t = 0..7)
 * lane 2m adds [e[2k]]·(256^k·B) and lane 2m+1 adds [e[2k+1]]·(256^k·B), k =
 * 8m + t, so eight steps cover the 64 digits; a step loads four rows (one
 * per lane pair) and merges them with four masked vpermq per register.
 * Then the eight partial sums P_l are merged,
 *
 *   [s]B = (P_0 + P_2 + P_4 + P_6) + 16·(P_1 + P_3 + P_5 + P_7),
 *
 * in the 4-way layout ("2x4w": a point's X, Y, Z, T in the four lanes of
 * one 256-bit half, two points per register, the HWCD parallel formulas of
 * src/backend/ifma/edwards_ifma.c on both halves at once): a transposition
 * into four registers of two points, three additions to (ΣP_even | ΣP_odd),
 * four doublings, a blend to (ΣP_even | 16·ΣP_odd) and one addition of the
 * two halves.
 *
 * Batch of eight (one scalar per lane): every lane reads the same row, so a
 * lookup is one vpermq per register; the BDLSY order of the serial
 * ge_scalarmult_base, h = Σ e[2k+1]·T_k, h = 16h, h += Σ e[2k]·T_k: 63 mixed
 * additions and 4 doublings per lane.
 *
 * Constant time in every scalar: the step sequence, every memory address
 * and every instruction are fixed; digits only become vpermq indices and
 * opmasks; IFMA, shifts, adds, blends and permutations have
 * data-independent latency. The digits and the points are wiped.
 *
 * Compiled with -mavx512f -mavx512vl -mavx512ifma (every .c in
 * src/backend/ifma/); called only when cpu_features().avx512ifma.
 *
 * References: Hisil, Wong, Carter, Dawson, "Twisted Edwards Curves
 * Revisited", HWCD 2008 (eprint 2008/522) §3.1 and the 4-processor
 * formulas; Bernstein, Duif, Lange, Schwabe, Yang, "High-speed high-security
 * signatures", CHES 2011 (the radix-16 fixed-base method); the eight-way
 * split of one scalar over the lanes of a register is the idea of ENG25519
 * (Zhang et al., USENIX Security 2024), written here from the description
 * in docs/performance.md; RFC 8032 §5.1 (B, d); Intel SDM, VPMADD52LUQ /
 * VPMADD52HUQ, VPERMQ.
 */
#include "base_x8.h"

#include <immintrin.h>
#include <stdint.h>

#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "../../field/fe51.h"
#include "fe52x8.h"

#include "base_x8_table.inc"

/* One extended point per lane: X, Y loose; Z, T carried. */
typedef struct {
    fe52x8 X, Y, Z, T;
} pt8;

/* One affine Niels point per lane: limbs ≤ those of 2p (multiplier operands). */
typedef struct {
    fe52x8 ypx, ymx, xy2d;
} niels8;

/* 1/d = −121666/121665 mod p, radix 2^51 (RFC 8032 §5.1: d = −121665/121666). */
static const uint64_t inv_d[5] = {0x0f276cdc9f843, 0x3084f2a85c4bc, 0x6e73d982d775a,
                                  0x721958b108a66, 0x40907ed214d5c};

/* ---- table lookups -------------------------------------------------------- */

/* The indices |d| − 1, and the opmasks of the nonzero and the negative digits, of d[0..7]. */
X8_INLINE void x8_digits(__m512i *idx, __mmask8 *nz, __mmask8 *neg, const int8_t d[8])
{
    const __m512i v = _mm512_cvtepi8_epi64(_mm_loadl_epi64((const __m128i *)(const void *)d));
    const __m512i a = _mm512_abs_epi64(v);

    *neg = _mm512_cmplt_epi64_mask(v, _mm512_setzero_si512());
    *nz = _mm512_test_epi64_mask(a, a);
    *idx = _mm512_sub_epi64(a, x8_set1(1)); /* d = 0: any index, masked off */
}

/*
 * q = the identity (1, 1, 0) where a digit is zero, the negated point (y−x,
 * y+x, 2p − 2d·x·y) where it is negative. In: the looked-up entries
 * (canonical limbs, zero in the zero lanes); out: limbs ≤ those of 2p.
 */
X8_INLINE void x8_niels_fix(niels8 *q, __mmask8 nz, __mmask8 neg)
{
    const __m512i one = x8_set1(1);

    q->ypx.v[0] = _mm512_mask_mov_epi64(q->ypx.v[0], (__mmask8)~nz, one);
    q->ymx.v[0] = _mm512_mask_mov_epi64(q->ymx.v[0], (__mmask8)~nz, one);
    for (int i = 0; i < 5; i++) {
        const __m512i a = q->ypx.v[i], b = q->ymx.v[i];
        q->ypx.v[i] = _mm512_mask_blend_epi64(neg, a, b);
        q->ymx.v[i] = _mm512_mask_blend_epi64(neg, b, a);
        q->xy2d.v[i] = _mm512_mask_sub_epi64(q->xy2d.v[i], neg, x8_set1(i == 0 ? X8_2P0 : X8_2P1),
                                             q->xy2d.v[i]);
    }
    X8_CHECK(&q->ypx, X8_2P0, X8_2P1, "niels: y+x");
    X8_CHECK(&q->ymx, X8_2P0, X8_2P1, "niels: y-x");
    X8_CHECK(&q->xy2d, X8_2P0, X8_2P1, "niels: 2dxy");
}

/*
 * q = [d_l]·(256^k_l·B) in lane l. pairs = 0 (the batch kernel): every lane
 * from row k_l = t, one vpermq per register. pairs = 1 (the single kernel):
 * k_l = t + 8·(l/2), lanes 2m and 2m+1 read row t + 8m; four rows are
 * loaded, each merged into its lane pair by a masked vpermq. pairs is a
 * constant at every call (the function is always inlined).
 */
X8_INLINE void x8_lookup_(niels8 *q, int t, const int8_t d[8], int pairs)
{
    fe52x8 *dst[3] = {&q->ypx, &q->ymx, &q->xy2d};
    __m512i idx;
    __mmask8 nz, neg;

    x8_digits(&idx, &nz, &neg, d);
    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 5; i++) {
            __m512i r = _mm512_maskz_permutexvar_epi64((__mmask8)(pairs ? nz & 0x03 : nz), idx,
                                                       _mm512_load_si512(base_x8_table[t][c][i]));
            for (int m = 1; pairs && m < 4; m++)
                r = _mm512_mask_permutexvar_epi64(
                    r, (__mmask8)(nz & (0x03 << 2 * m)), idx,
                    _mm512_load_si512(base_x8_table[t + 8 * m][c][i]));
            dst[c]->v[i] = r;
        }
    x8_niels_fix(q, nz, neg);
}

/* Every lane from row k (the batch kernel). */
X8_INLINE void x8_lookup_row(niels8 *q, int k, const int8_t d[8])
{
    x8_lookup_(q, k, d, 0);
}

/* Lane pair m from row t + 8m (the single kernel). */
X8_INLINE void x8_lookup_pairs(niels8 *q, int t, const int8_t d[8])
{
    x8_lookup_(q, t, d, 1);
}

/* ---- the formulas in every lane (8x1w) -------------------------------------- */

/* p = q as an extended point: (2x, 2y, 2, 2xy), 2xy = (2d·x·y)·(1/d). 1M. */
X8_INLINE void x8_from_niels(pt8 *p, const niels8 *q)
{
    fe52x8 c;

    for (int i = 0; i < 5; i++) c.v[i] = x8_set1(inv_d[i]);
    fe52x8_sub(&p->X, &q->ypx, &q->ymx); /* y+x + 2p − (y−x) = 2x   < 2^53      */
    fe52x8_add(&p->Y, &q->ypx, &q->ymx); /* 2y                      < 2^53      */
    for (int i = 0; i < 5; i++) p->Z.v[i] = _mm512_setzero_si512();
    p->Z.v[0] = x8_set1(2);               /* 2                       carried     */
    fe52x8_mul(&p->T, &q->xy2d, &c);      /* 2xy                     carried     */
}

/* p = p + q, q affine Niels (madd, the file header). 7M. */
X8_INLINE void x8_madd(pt8 *p, const niels8 *q)
{
    fe52x8 a, b, A, B, C, D, E, F, G, H;

    X8_CHECK(&p->X, X8_LOOSE0, X8_LOOSE1, "madd: X1");
    X8_CHECK(&p->Y, X8_LOOSE0, X8_LOOSE1, "madd: Y1");
    X8_CHECK(&p->Z, X8_CARRIED0, X8_CARRIED1, "madd: Z1");
    X8_CHECK(&p->T, X8_CARRIED0, X8_CARRIED1, "madd: T1");
    fe52x8_sub_loose(&a, &p->Y, &p->X);  /* Y1 + 2^10·p − X1        < 2^62      */
    fe52x8_carry(&a, &a);
    fe52x8_add(&b, &p->Y, &p->X);        /* Y1 + X1                 < 2^61.06   */
    fe52x8_carry(&b, &b);
    fe52x8_mul_loose(&A, &a, &q->ymx);   /* A                       loose       */
    fe52x8_mul_loose(&B, &b, &q->ypx);   /* B                       loose       */
    fe52x8_mul_loose(&C, &p->T, &q->xy2d); /* C                     loose       */
    fe52x8_add(&D, &p->Z, &p->Z);        /* D = 2·Z1                < 2^52.01   */
    fe52x8_sub_loose(&E, &B, &A);        /* E = B + 2^10·p − A      < 2^62      */
    fe52x8_carry(&E, &E);
    fe52x8_add(&H, &B, &A);              /* H = B + A               < 2^61.06   */
    fe52x8_carry(&H, &H);
    fe52x8_add(&G, &D, &C);              /* G = D + C               < 2^60.1    */
    fe52x8_carry(&G, &G);
    fe52x8_sub_loose(&F, &D, &C);        /* F = D + 2^10·p − C      < 2^61.1    */
    fe52x8_carry(&F, &F);
    fe52x8_mul_loose(&p->X, &E, &F);     /* X3                      loose       */
    fe52x8_mul_loose(&p->Y, &G, &H);     /* Y3                      loose       */
    fe52x8_mul(&p->Z, &F, &G);           /* Z3                      carried     */
    fe52x8_mul(&p->T, &E, &H);           /* T3                      carried     */
}

/* p = 2p (dbl, the file header); T3 only if with_t (a compile-time constant). 4M + 4S. */
X8_INLINE void x8_dbl(pt8 *p, int with_t)
{
    fe52x8 x, y, s, A, B, S, ZZ, C, E, F, G, H;

    X8_CHECK(&p->X, X8_LOOSE0, X8_LOOSE1, "dbl: X1");
    X8_CHECK(&p->Y, X8_LOOSE0, X8_LOOSE1, "dbl: Y1");
    X8_CHECK(&p->Z, X8_CARRIED0, X8_CARRIED1, "dbl: Z1");
    fe52x8_carry(&x, &p->X);
    fe52x8_carry(&y, &p->Y);
    fe52x8_add(&s, &x, &y);              /* X1 + Y1                 < 2^52.01   */
    fe52x8_carry(&s, &s);
    fe52x8_sq_loose(&A, &x);             /* A = X1²                 loose       */
    fe52x8_sq_loose(&B, &y);             /* B = Y1²                 loose       */
    fe52x8_sq_loose(&ZZ, &p->Z);         /* Z1²                     loose       */
    fe52x8_sq_loose(&S, &s);             /* (X1 + Y1)²              loose       */
    fe52x8_add(&H, &A, &B);              /* H = A + B               < 2^61.06   */
    fe52x8_carry(&H, &H);
    fe52x8_sub_loose(&G, &B, &A);        /* G = B + 2^10·p − A      < 2^62      */
    fe52x8_carry(&G, &G);
    fe52x8_sub_loose(&E, &S, &H);        /* E = S + 2^10·p − H      < 2^61.1    */
    fe52x8_carry(&E, &E);
    fe52x8_add(&C, &ZZ, &ZZ);            /* C = 2·Z1²               < 2^61.06   */
    fe52x8_carry(&C, &C);
    fe52x8_sub(&F, &C, &G);              /* F = C + 2p − G          < 2^53      */
    fe52x8_carry(&F, &F);
    fe52x8_mul_loose(&p->X, &E, &F);     /* X3                      loose       */
    fe52x8_mul_loose(&p->Y, &G, &H);     /* Y3                      loose       */
    fe52x8_mul(&p->Z, &F, &G);           /* Z3                      carried     */
    if (with_t) fe52x8_mul(&p->T, &E, &H); /* T3                    carried     */
}

/* ---- two points per register (2x4w): the merge of the single kernel -------- */

/*
 * An fe52x8 whose 256-bit halves each hold one point, lanes (X, Y, Z, T)
 * (the layout of edwards_ifma.c, on both halves). Lane sets are opmasks
 * with the bit of the lane in both halves; a permutation inside the halves
 * is one vpermq with an immediate (the same pattern on both).
 */
#define H2_A 0x11
#define H2_B 0x22
#define H2_C 0x44
#define H2_D 0x88
#define H2_SHUF(a, b, c, d) ((a) | (b) << 2 | (c) << 4 | (d) << 6)

/* h = f with the lanes of each half permuted by the immediate s (a macro: vpermq takes an immediate). */
#define H2_PERM(h, f, s)                                                          \
    do {                                                                         \
        for (int i_ = 0; i_ < 5; i_++) (h)->v[i_] = _mm512_permutex_epi64((f)->v[i_], (s)); \
    } while (0)

/* h = f + g in the lanes of k, src elsewhere. In: < 2^62 each; out: < 2^63. */
X8_INLINE void h2_add_lanes(fe52x8 *h, const fe52x8 *src, const fe52x8 *f, const fe52x8 *g,
                            __mmask8 k)
{
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_mask_add_epi64(src->v[i], k, f->v[i], g->v[i]);
}

/* h = f + 2^10·p − g in the lanes of k, src elsewhere. In: f < 2^62, g loose. */
X8_INLINE void h2_sub_lanes(fe52x8 *h, const fe52x8 *src, const fe52x8 *f, const fe52x8 *g,
                            __mmask8 k)
{
    X8_CHECK(g, X8_LOOSE0, X8_LOOSE1, "h2_sub_lanes: g");
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm512_mask_sub_epi64(
            src->v[i], k, _mm512_add_epi64(f->v[i], x8_set1(i == 0 ? X8_BIAS0 : X8_BIAS1)),
            g->v[i]);
}

/* h = 2^10·p − f in the lanes of k, f elsewhere. In: loose. */
X8_INLINE void h2_neg_lanes(fe52x8 *h, const fe52x8 *f, __mmask8 k)
{
    X8_CHECK(f, X8_LOOSE0, X8_LOOSE1, "h2_neg_lanes: f");
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm512_mask_sub_epi64(f->v[i], k, x8_set1(i == 0 ? X8_BIAS0 : X8_BIAS1), f->v[i]);
}

/* h = (c_l·f_l) lane by lane, c_l < 2^20. In: carried; out: < 2^52 + 2^25.3, not carried. 10 IFMA. */
X8_INLINE void h2_mul_small(fe52x8 *h, const fe52x8 *f, __m512i c)
{
    const fe52x8 zero = {{_mm512_setzero_si512(), _mm512_setzero_si512(), _mm512_setzero_si512(),
                          _mm512_setzero_si512(), _mm512_setzero_si512()}};

    X8_CHECK(f, X8_CARRIED0, X8_CARRIED1, "h2_mul_small: f");
    fe52x8_mul_small_add(h, f, c, &zero);
}

/* (Y − X, Y + X, Z, T) of each half, carried. In: loose. */
X8_INLINE void h2_diff_sum(fe52x8 *t, const fe52x8 *p)
{
    fe52x8 q;

    H2_PERM(&q, p, H2_SHUF(1, 0, 3, 2));     /* (Y, X, T, Z)             */
    h2_neg_lanes(t, p, H2_A);                /* (2^10·p − X, Y, Z, T)    */
    h2_add_lanes(t, t, t, &q, H2_A | H2_B);  /* (Y − X, Y + X, Z, T)     < 2^62 */
    fe52x8_carry(t, t);
}

/*
 * r = p + q in both halves: the seed's addition of edwards_ifma.c
 * (ge_ifma_ext_add, docs/ifma.md §7.3; 2M + 1D), the curve constant spread
 * over the lanes as the small multipliers (121666, 121666, 2·121666,
 * 2·121665). In, out: loose. Complete (no exceptional case).
 */
X8_INLINE void h2_add(fe52x8 *r, const fe52x8 *p, const fe52x8 *q)
{
    const __m512i k = _mm512_setr_epi64(121666, 121666, 2 * 121666, 2 * 121665, 121666, 121666,
                                        2 * 121666, 2 * 121665);
    fe52x8 s0, s2, s8, t, left, right;

    h2_diff_sum(&s0, p);                     /* (S0, S1, Z1, T1)        carried */
    h2_diff_sum(&s2, q);                     /* (S2, S3, Z2, T2)        carried */
    fe52x8_mul(&s8, &s0, &s2);               /* (S4, S5, S6, S7)        carried */
    h2_mul_small(&s8, &s8, k);               /* (S8, S9, S10, −S11)     < 2^52.01 */
    H2_PERM(&t, &s8, H2_SHUF(1, 0, 3, 2));   /* (S9, S8, −S11, S10)              */
    h2_neg_lanes(&s8, &s8, H2_A | H2_D);     /* (−S8, S9, S10, S11)              */
    h2_add_lanes(&s8, &s8, &s8, &t, 0xff);   /* (S12, S13, S14, S15)    < 2^62   */
    fe52x8_carry(&s8, &s8);
    H2_PERM(&left, &s8, H2_SHUF(0, 3, 3, 0));  /* (S12, S15, S15, S12)           */
    H2_PERM(&right, &s8, H2_SHUF(2, 1, 2, 1)); /* (S14, S13, S14, S13)           */
    fe52x8_mul_loose(r, &left, &right);      /* (X3, Y3, Z3, T3)        loose   */
}

/* r = 2p in both halves: the seed's doubling of edwards_ifma.c (ge_ifma_ext_dbl; 1M + 1S). In, out: loose. */
X8_INLINE void h2_dbl(fe52x8 *r, const fe52x8 *p)
{
    fe52x8 a, b, c, d, t, s5, left, right;

    H2_PERM(&a, p, H2_SHUF(0, 1, 2, 0));     /* (X, Y, Z, X)                     */
    H2_PERM(&b, p, H2_SHUF(0, 1, 2, 1));     /* (X, Y, Z, Y)                     */
    h2_add_lanes(&t, p, &a, &b, H2_D);       /* (X, Y, Z, X + Y)        < 2^61.06 */
    fe52x8_carry(&t, &t);
    fe52x8_sq_loose(&t, &t);                 /* (S1, S2, S3, S4)        loose    */
    H2_PERM(&a, &t, H2_SHUF(0, 0, 0, 0));    /* S1                               */
    H2_PERM(&b, &t, H2_SHUF(1, 1, 1, 1));    /* S2                               */
    H2_PERM(&c, &t, H2_SHUF(2, 0, 2, 0));    /* (S3, ·, S3, ·)                   */
    H2_PERM(&d, &t, H2_SHUF(3, 1, 1, 3));    /* (S4, ·, ·, S4)                   */
    fe52x8_add(&s5, &a, &b);                 /* S5 = S1 + S2            < 2^61.06 */
    fe52x8_add(&c, &c, &c);                  /* 2·S3                    < 2^61.06 */
    h2_sub_lanes(&left, &s5, &a, &b, H2_A | H2_C);       /* (S6, S5, S6, S5)   < 2^61.6 */
    h2_add_lanes(&left, &left, &left, &c, H2_A | H2_C);  /* (S8, S5, S8, S5)   < 2^62.4 */
    h2_sub_lanes(&right, &s5, &a, &b, H2_B | H2_C);      /* (S5, S6, S6, S5)            */
    h2_sub_lanes(&right, &right, &right, &d, H2_A | H2_D); /* (S9, S6, S6, S9) < 2^62.1 */
    fe52x8_carry(&left, &left);
    fe52x8_carry(&right, &right);
    fe52x8_mul_loose(r, &left, &right);      /* (X3, Y3, Z3, T3)        loose    */
}

/*
 * w[j] = (P_2j | P_2j+1) from the eight lane points: per limb, the 4×4
 * transposition of 128-bit blocks of (X, Y)_even, (Z, T)_even, (X, Y)_odd,
 * (Z, T)_odd (vpunpck*qdq, vshufi64x2). Bounds: each lane keeps its own.
 */
static void h2_from_pt8(fe52x8 w[4], const pt8 *p)
{
    for (int i = 0; i < 5; i++) {
        const __m512i a = _mm512_unpacklo_epi64(p->X.v[i], p->Y.v[i]); /* (X0 Y0 | X2 Y2 | …) */
        const __m512i b = _mm512_unpacklo_epi64(p->Z.v[i], p->T.v[i]); /* (Z0 T0 | Z2 T2 | …) */
        const __m512i c = _mm512_unpackhi_epi64(p->X.v[i], p->Y.v[i]); /* (X1 Y1 | X3 Y3 | …) */
        const __m512i d = _mm512_unpackhi_epi64(p->Z.v[i], p->T.v[i]); /* (Z1 T1 | Z3 T3 | …) */
        const __m512i t0 = _mm512_shuffle_i64x2(a, b, 0x44); /* (a0 a1 b0 b1) */
        const __m512i t1 = _mm512_shuffle_i64x2(c, d, 0x44); /* (c0 c1 d0 d1) */
        const __m512i t2 = _mm512_shuffle_i64x2(a, b, 0xee); /* (a2 a3 b2 b3) */
        const __m512i t3 = _mm512_shuffle_i64x2(c, d, 0xee); /* (c2 c3 d2 d3) */
        w[0].v[i] = _mm512_shuffle_i64x2(t0, t1, 0x88);    /* (a0 b0 c0 d0) */
        w[1].v[i] = _mm512_shuffle_i64x2(t0, t1, 0xdd);    /* (a1 b1 c1 d1) */
        w[2].v[i] = _mm512_shuffle_i64x2(t2, t3, 0x88);
        w[3].v[i] = _mm512_shuffle_i64x2(t2, t3, 0xdd);
    }
}

/* ---- the kernels -------------------------------------------------------------- */

/* Everything secret the kernels keep on the stack, wiped in one call. */
struct base_x8_state {
    pt8 p;
    niels8 q;
    fe52x8 w[4];
    int8_t d[64][8]; /* the digits of a step (single) or of a position (batch) */
    int8_t e[64];
    uint64_t limbs[4][5][8]; /* the results: limb i of coordinate c in lane l */
    uint64_t lanes[5][8];
};

/*
 * (X, Y, Z, T) of [s]B in st->limbs[c][i][0] (carried: tight fe51 limbs),
 * the single kernel (the file header). s[31] ≤ 127.
 */
static void base1(struct base_x8_state *st, const uint8_t s[32])
{
    sc_recode_radix16(st->e, s);
    /* step t, lane l = 2m + b: digit e[2(8m + t) + b] */
    for (int t = 0; t < 8; t++)
        for (int l = 0; l < 8; l++) st->d[t][l] = st->e[16 * (l >> 1) + 2 * t + (l & 1)];

    x8_lookup_pairs(&st->q, 0, st->d[0]);
    x8_from_niels(&st->p, &st->q);
    for (int t = 1; t < 8; t++) {
        x8_lookup_pairs(&st->q, t, st->d[t]);
        x8_madd(&st->p, &st->q);
    }

    /* (ΣP_even | ΣP_odd), then (ΣP_even | 16·ΣP_odd), then the sum of the halves */
    h2_from_pt8(st->w, &st->p);
    h2_add(&st->w[0], &st->w[0], &st->w[1]);
    h2_add(&st->w[2], &st->w[2], &st->w[3]);
    h2_add(&st->w[0], &st->w[0], &st->w[2]);
    h2_dbl(&st->w[1], &st->w[0]);
    h2_dbl(&st->w[1], &st->w[1]);
    h2_dbl(&st->w[1], &st->w[1]);
    h2_dbl(&st->w[1], &st->w[1]);
    for (int i = 0; i < 5; i++) {
        st->w[0].v[i] = _mm512_mask_blend_epi64(0xf0, st->w[0].v[i], st->w[1].v[i]);
        st->w[1].v[i] = _mm512_shuffle_i64x2(st->w[0].v[i], st->w[0].v[i], 0x4e); /* halves swapped */
    }
    h2_add(&st->w[0], &st->w[0], &st->w[1]);
    fe52x8_carry(&st->w[0], &st->w[0]);
    for (int i = 0; i < 5; i++) _mm512_storeu_si512(st->lanes[i], st->w[0].v[i]);
    /* lanes 0..3 of limb i are limb i of X, Y, Z, T */
    for (int c = 0; c < 4; c++)
        for (int i = 0; i < 5; i++) st->limbs[c][i][0] = st->lanes[i][c];
}

/*
 * (X, Y, Z) of [s_l]B in st->limbs[c][i][l] for the eight scalars s_l =
 * scalars + 32·l (carried), the batch kernel (the file header).
 */
static void base8(struct base_x8_state *st, const uint8_t *scalars)
{
    for (int l = 0; l < 8; l++) {
        sc_recode_radix16(st->e, scalars + 32 * l);
        for (int i = 0; i < 64; i++) st->d[i][l] = st->e[i];
    }
    x8_lookup_row(&st->q, 0, st->d[1]);
    x8_from_niels(&st->p, &st->q);
    for (int k = 1; k < 32; k++) {
        x8_lookup_row(&st->q, k, st->d[2 * k + 1]);
        x8_madd(&st->p, &st->q);
    }
    x8_dbl(&st->p, 0);
    x8_dbl(&st->p, 0);
    x8_dbl(&st->p, 0);
    x8_dbl(&st->p, 1);
    for (int k = 0; k < 32; k++) {
        x8_lookup_row(&st->q, k, st->d[2 * k]);
        x8_madd(&st->p, &st->q);
    }
    fe52x8_carry(&st->p.X, &st->p.X);
    fe52x8_carry(&st->p.Y, &st->p.Y);
    for (int i = 0; i < 5; i++) {
        _mm512_storeu_si512(st->limbs[0][i], st->p.X.v[i]);
        _mm512_storeu_si512(st->limbs[1][i], st->p.Y.v[i]);
        _mm512_storeu_si512(st->limbs[2][i], st->p.Z.v[i]);
    }
}

/* f = coordinate c of the result in lane l, as a serial fe. */
static void lane_to_fe(fe *f, const struct base_x8_state *st, int c, int l)
{
    uint64_t t[5];

    for (int i = 0; i < 5; i++) t[i] = st->limbs[c][i][l];
    ge_base_fe_from51(f, t);
    vec25519_wipe(t, sizeof t);
}

void ifma_scalarmult_base_x8(ge_ext *r, const uint8_t s[32])
{
    struct base_x8_state st;

    base1(&st, s);
    lane_to_fe(&r->X, &st, 0, 0);
    lane_to_fe(&r->Y, &st, 1, 0);
    lane_to_fe(&r->Z, &st, 2, 0);
    lane_to_fe(&r->T, &st, 3, 0);
    vec25519_wipe(&st, sizeof st);
}

/* X[l], Y[l], Z[l] = the coordinates of lane l of the result, l < count, as serial fe. */
static void lanes_to_fe(fe *X, fe *Y, fe *Z, const struct base_x8_state *st, size_t count)
{
    for (size_t l = 0; l < count; l++) {
        lane_to_fe(&X[l], st, 0, (int)l);
        lane_to_fe(&Y[l], st, 1, (int)l);
        lane_to_fe(&Z[l], st, 2, (int)l);
    }
}

/* The 8-lane kernel of ge_base_encode_lanes: (X : Y : Z) of [s_l]B, l < count ≤ 8. */
static void kernel8(fe *X, fe *Y, fe *Z, const uint8_t *scalars, size_t count)
{
    struct base_x8_state st;

    base8(&st, scalars);
    lanes_to_fe(X, Y, Z, &st, count);
    vec25519_wipe(&st, sizeof st);
}

/* The single kernel (count = 1). */
static void kernel1(fe *X, fe *Y, fe *Z, const uint8_t *scalars, size_t count)
{
    struct base_x8_state st;

    (void)count;
    base1(&st, scalars);
    lanes_to_fe(X, Y, Z, &st, 1);
    vec25519_wipe(&st, sizeof st);
}

/*
 * A remainder of r = n mod 8 entries of a block is padded into one more
 * 8-lane call when r ≥ this, else run through the single kernel: one batch
 * call costs about as much as six single ones (docs/performance.md §4:
 * about 17k against 3.0k TSC ticks).
 */
#define BASE_X8_PAD_MIN 6

void ifma_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form)
{
    ge_base_encode_lanes(n, out, scalars, form, kernel8, 8, BASE_X8_PAD_MIN, kernel1);
}
