/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * GF(p), p = 2^255 - 19, in radix 2^25.5: ten unsigned 32-bit limbs,
 *
 *     f = Σ v[i]·2^ceil(25.5·i),  offsets 0, 26, 51, 77, 102, 128, 153, 179, 204, 230,
 *
 * limb i holds w_i = 26 bits for even i and 25 bits for odd i; products in
 * uint64_t. The limbs are unsigned and in this order because the AVX2 backend
 * packs four such elements into vectors.
 * Header only: every function is static inline (the contract is src/field/fe.h).
 *
 * Bounds, in the b notation "limb i < 2^(w_i + b)":
 *
 *   tight  fe2625        v[i] < 1.125·2^w_i  (even < 0x4800000, odd < 0x2400000; b < 0.17)
 *   loose  fe2625_loose  v[i] < 3.25·2^w_i   (even < 0xd000000, odd < 0x6800000; b < 1.71)
 *
 * Who produces what:
 *   frombytes                   v[i] < 2^w_i                                 (tight)
 *   carry, mul*, sq*, mul_small v[i] < 2^w_i + 2^16 (carry: + 2^6; mul: only
 *                               v[1] and v[5] exceed 2^w, by < 2^15.8, 2^11.5)  (tight)
 *   add  f + g                  < 2.25·2^w_i                                 (loose)
 *   sub  f + 2p - g             2p has limbs 2^27 - 38, then 2^26 - 2 (odd),
 *                               2^27 - 2 (even), each ≥ the tight bound, so no
 *                               underflow; < 1.125·2^w + 2·2^w = 3.125·2^w   (loose)
 *   neg  2p - f                 < 2·2^w_i                                    (loose)
 *
 * Multiplication. Limb offsets add as off_j + off_k = off_(j+k) + [j, k both odd],
 * and off_(i+10) = 255 + off_i, 2^255 ≡ 19, so column i is
 *
 *   c_i = Σ_(j+k=i) (2 if j, k odd) f_j g_k + 19·Σ_(j+k=i+10) (2 if j, k odd) f_j g_k.
 *
 * Let f[i] < a·2^w_i, g[i] < a'·2^w_i, A = a·a'. A term f_j g_k (doubled for
 * two odd limbs) is < A·2^52 when j, k are both even and < A·2^51 otherwise;
 * c0 is the largest column: 2^52 + 19·(4·2^52 + 5·2^51) = 249·2^51, so every
 * c_i < 249·A·2^51. Loose × loose, A = 3.25² = 10.5625: c_i < 2630·2^51 < 2^62.37:
 * fits in u64 iff 51 + lg 249 + 2b < 64. The operands pre-multiplied in u32
 * fit: 19·g[i] < 19·3.25·2^26 < 2^31.96, 2·f[i] < 2^28.7, 38·f[odd] < 2^31.96
 * (sq splits 38 = 2·19 and 76 = 2·38 between its two operands so that no
 * operand exceeds 32 bits).
 *
 * Carry chain (two interleaved chains, 0→1→2→3→4→5 and 4→5→6→7→8→9, then
 * 9→0 with the factor 19 and 0→1 again). Every carry of a column < 2^62.4 is
 * < 2^37.4, so no sum overflows; c4 is reduced before it receives the carry
 * from c3 (< 2^37.4), so its second carry into c5 is < 2^11.5; the top carry
 * k = c9 >> 25 < 2^37.4 gives 19k < 2^41.7, and the last carry into v[1] is
 * < 2^15.8. The output is tight. sq uses the same columns; sq2 doubles them
 * (tight input: 2·249·1.27·2^51 < 2^60.3).
 *
 * Constant time: no branch or memory index depends on limb values; conditional
 * operations are ct_mask masks (src/internal/ct.h) through a value barrier.
 *
 * References: RFC 7748 §5; D. J. Bernstein, "Curve25519: new Diffie-Hellman
 * speed records" (PKC 2006) §4 for the radix-2^25.5 representation.
 */
#ifndef VEC25519_FIELD_FE2625_H
#define VEC25519_FIELD_FE2625_H

#include <stdint.h>

#include "../internal/bytes.h"
#include "../internal/ct.h"

typedef struct {
    uint32_t v[10];
} fe2625;

typedef struct {
    uint32_t v[10];
} fe2625_loose;

#define FE2625_MASK26 ((UINT32_C(1) << 26) - 1)
#define FE2625_MASK25 ((UINT32_C(1) << 25) - 1)
/* Exclusive limb bounds of the two states, even and odd limbs (see the file header). */
#define FE2625_TIGHT_EVEN UINT32_C(0x4800000)
#define FE2625_TIGHT_ODD UINT32_C(0x2400000)
#define FE2625_LOOSE_EVEN UINT32_C(0xd000000)
#define FE2625_LOOSE_ODD UINT32_C(0x6800000)

/* Limb width, 26 or 25, and the bit offset ceil(25.5·i) of limb i. */
#define FE2625_WIDTH(i) (26 - ((i) & 1))
#define FE2625_OFFSET(i) (((i) * 51 + 1) / 2)

/* h = 0. */
static inline void fe2625_0(fe2625 *h)
{
    for (int i = 0; i < 10; i++) h->v[i] = 0;
}

/* h = 1. */
static inline void fe2625_1(fe2625 *h)
{
    h->v[0] = 1;
    for (int i = 1; i < 10; i++) h->v[i] = 0;
}

/* h = f. Aliasing allowed. */
static inline void fe2625_copy(fe2625 *h, const fe2625 *f)
{
    *h = *f;
}

/*
 * h = s mod p, s a 32-byte little-endian string; bit 255 is ignored and
 * values p ≤ s < 2^255 are accepted (reduced lazily). Limb i is read from the
 * 32-bit word at byte offset off_i / 8, shifted by off_i mod 8: that shift
 * plus the width never exceeds 32 (the largest is 6 + 26). Out: limbs
 * < 2^w_i (tight). Constant time.
 */
static inline void fe2625_frombytes(fe2625 *h, const uint8_t s[32])
{
    for (int i = 0; i < 10; i++) {
        int off = FE2625_OFFSET(i);
        uint32_t mask = (i & 1) ? FE2625_MASK25 : FE2625_MASK26;
        h->v[i] = (load32_le(s + off / 8) >> (off % 8)) & mask; /* v[9]: drops bit 255 */
    }
}

/*
 * Canonical limbs of f: out[i] < 2^w_i and Σ out[i]·2^off_i = f mod p < p.
 * In: tight. Constant time.
 *
 * A full carry pass (each carry is 0 or 1 since limbs < 2^(w+1)) leaves
 * out[1..9] < 2^w_i, out[0] < 2^26 + 19 and x < 2^255 + 19 < 2p. Then
 * q = [x ≥ p] is the carry out of bit 255 of x + 19, and x - q·p is x + 19q
 * with bit 255 dropped.
 */
static inline void fe2625_canon_(uint32_t out[10], const fe2625 *f)
{
    uint32_t t[10];
    for (int i = 0; i < 10; i++) t[i] = f->v[i];
    for (int i = 0; i < 9; i++) {
        int w = FE2625_WIDTH(i);
        t[i + 1] += t[i] >> w;
        t[i] &= (UINT32_C(1) << w) - 1;
    }
    t[0] += 19 * (t[9] >> 25);
    t[9] &= FE2625_MASK25;

    uint32_t q = (t[0] + 19) >> 26;
    for (int i = 1; i < 10; i++) q = (t[i] + q) >> FE2625_WIDTH(i); /* 0 or 1 */

    t[0] += 19 * q;
    for (int i = 0; i < 9; i++) {
        int w = FE2625_WIDTH(i);
        t[i + 1] += t[i] >> w;
        t[i] &= (UINT32_C(1) << w) - 1;
    }
    t[9] &= FE2625_MASK25; /* drop 2^255 (subtracts q·2^255) */
    for (int i = 0; i < 10; i++) out[i] = t[i];
}

/*
 * s = h as 32 little-endian bytes, fully reduced (s < p, bit 255 clear).
 * In: tight. Constant time (the shifts depend only on the limb index).
 */
static inline void fe2625_tobytes(uint8_t s[32], const fe2625 *h)
{
    uint32_t t[10];
    fe2625_canon_(t, h);
    uint64_t acc = 0; /* < 2^34: at most 7 pending bits plus one limb */
    int nbits = 0, o = 0;
    for (int i = 0; i < 10; i++) {
        acc |= (uint64_t)t[i] << nbits;
        nbits += FE2625_WIDTH(i);
        while (nbits >= 8) {
            s[o++] = (uint8_t)acc;
            acc >>= 8;
            nbits -= 8;
        }
    }
    s[31] = (uint8_t)acc; /* the last 7 bits; bit 255 is 0 */
}

/* h = f + g, no carry. In: tight; out: loose (< 2.25·2^w). Aliasing allowed. Constant time. */
static inline void fe2625_add(fe2625_loose *h, const fe2625 *f, const fe2625 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = f->v[i] + g->v[i];
}

/* Limb i of 2p: 2^27 - 38, then 2^26 - 2 (odd i) and 2^27 - 2 (even i). */
#define FE2625_2P(i) ((i) == 0 ? UINT32_C(0x7ffffda) : ((i) & 1) ? UINT32_C(0x3fffffe) : UINT32_C(0x7fffffe))

/*
 * h = f - g, computed as f + 2p - g (2p limbs ≥ the tight bound: no underflow).
 * In: tight; out: loose (< 3.125·2^w). Aliasing allowed. Constant time.
 */
static inline void fe2625_sub(fe2625_loose *h, const fe2625 *f, const fe2625 *g)
{
    for (int i = 0; i < 10; i++) h->v[i] = (f->v[i] + FE2625_2P(i)) - g->v[i];
}

/* h = -f = 2p - f. In: tight; out: loose (< 2·2^w). Aliasing allowed. Constant time. */
static inline void fe2625_neg(fe2625_loose *h, const fe2625 *f)
{
    for (int i = 0; i < 10; i++) h->v[i] = FE2625_2P(i) - f->v[i];
}

/*
 * h = f, carried. In: loose (in fact any 32-bit limbs: then c_i < 2^7 and
 * h[0] < 2^26 + 2^11.3); out: tight. The carries are taken in parallel
 * from the input: c_i = f[i] >> w_i < 4, so h[i] = (f[i] mod 2^w_i) + c_(i-1)
 * < 2^w_i + 4 and h[0] < 2^26 + 19·3. Aliasing allowed. Constant time.
 */
static inline void fe2625_carry(fe2625 *h, const fe2625_loose *f)
{
    uint32_t c[10];
    for (int i = 0; i < 10; i++) c[i] = f->v[i] >> FE2625_WIDTH(i);
    h->v[0] = (f->v[0] & FE2625_MASK26) + 19 * c[9];
    for (int i = 1; i < 10; i++) {
        uint32_t mask = (i & 1) ? FE2625_MASK25 : FE2625_MASK26;
        h->v[i] = (f->v[i] & mask) + c[i - 1];
    }
}

/* h = f, as a loose element (every tight element is loose). Constant time. */
static inline void fe2625_relax(fe2625_loose *h, const fe2625 *f)
{
    for (int i = 0; i < 10; i++) h->v[i] = f->v[i];
}

/* Carry column c[i] into column c[i+1] (columns are u64). */
#define FE2625_CARRY_(c, i)                                                         \
    do {                                                                            \
        (c)[(i) + 1] += (c)[i] >> FE2625_WIDTH(i);                                  \
        (c)[i] &= ((i) & 1) ? (uint64_t)FE2625_MASK25 : (uint64_t)FE2625_MASK26;    \
    } while (0)

/*
 * Reduce ten column sums c[i] < 2^62.4 to a tight element (the chain of the
 * file header). Out: tight.
 */
static inline void fe2625_reduce_(uint32_t h[10], uint64_t c[10])
{
    FE2625_CARRY_(c, 0);
    FE2625_CARRY_(c, 4);
    FE2625_CARRY_(c, 1);
    FE2625_CARRY_(c, 5);
    FE2625_CARRY_(c, 2);
    FE2625_CARRY_(c, 6);
    FE2625_CARRY_(c, 3);
    FE2625_CARRY_(c, 7);
    FE2625_CARRY_(c, 4);
    FE2625_CARRY_(c, 8);
    c[0] += 19 * (c[9] >> 25); /* < 2^26 + 2^41.7 */
    c[9] &= FE2625_MASK25;
    FE2625_CARRY_(c, 0);
    for (int i = 0; i < 10; i++) h[i] = (uint32_t)c[i];
}

#define FE2625_M(a, b) ((uint64_t)(a) * (b))

/*
 * out = f·g on raw limbs, f[i], g[i] < 3.25·2^w_i (loose or tight). Out:
 * tight. 10×10 schoolbook; 19 is folded into g and the factor 2 of two odd
 * limbs into f.
 */
static inline void fe2625_mul_limbs_(uint32_t out[10], const uint32_t f[10], const uint32_t g[10])
{
    uint32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint32_t f5 = f[5], f6 = f[6], f7 = f[7], f8 = f[8], f9 = f[9];
    uint32_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
    uint32_t g5 = g[5], g6 = g[6], g7 = g[7], g8 = g[8], g9 = g[9];
    uint32_t f1_2 = 2 * f1, f3_2 = 2 * f3, f5_2 = 2 * f5, f7_2 = 2 * f7, f9_2 = 2 * f9;
    uint32_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
    uint32_t g5_19 = 19 * g5, g6_19 = 19 * g6, g7_19 = 19 * g7, g8_19 = 19 * g8;
    uint32_t g9_19 = 19 * g9;
    uint64_t c[10];

    /* clang-format off */
    c[0] = FE2625_M(f0, g0) + FE2625_M(f1_2, g9_19) + FE2625_M(f2, g8_19) + FE2625_M(f3_2, g7_19) +
           FE2625_M(f4, g6_19) + FE2625_M(f5_2, g5_19) + FE2625_M(f6, g4_19) + FE2625_M(f7_2, g3_19) +
           FE2625_M(f8, g2_19) + FE2625_M(f9_2, g1_19);
    c[1] = FE2625_M(f0, g1) + FE2625_M(f1, g0) + FE2625_M(f2, g9_19) + FE2625_M(f3, g8_19) +
           FE2625_M(f4, g7_19) + FE2625_M(f5, g6_19) + FE2625_M(f6, g5_19) + FE2625_M(f7, g4_19) +
           FE2625_M(f8, g3_19) + FE2625_M(f9, g2_19);
    c[2] = FE2625_M(f0, g2) + FE2625_M(f1_2, g1) + FE2625_M(f2, g0) + FE2625_M(f3_2, g9_19) +
           FE2625_M(f4, g8_19) + FE2625_M(f5_2, g7_19) + FE2625_M(f6, g6_19) + FE2625_M(f7_2, g5_19) +
           FE2625_M(f8, g4_19) + FE2625_M(f9_2, g3_19);
    c[3] = FE2625_M(f0, g3) + FE2625_M(f1, g2) + FE2625_M(f2, g1) + FE2625_M(f3, g0) +
           FE2625_M(f4, g9_19) + FE2625_M(f5, g8_19) + FE2625_M(f6, g7_19) + FE2625_M(f7, g6_19) +
           FE2625_M(f8, g5_19) + FE2625_M(f9, g4_19);
    c[4] = FE2625_M(f0, g4) + FE2625_M(f1_2, g3) + FE2625_M(f2, g2) + FE2625_M(f3_2, g1) +
           FE2625_M(f4, g0) + FE2625_M(f5_2, g9_19) + FE2625_M(f6, g8_19) + FE2625_M(f7_2, g7_19) +
           FE2625_M(f8, g6_19) + FE2625_M(f9_2, g5_19);
    c[5] = FE2625_M(f0, g5) + FE2625_M(f1, g4) + FE2625_M(f2, g3) + FE2625_M(f3, g2) +
           FE2625_M(f4, g1) + FE2625_M(f5, g0) + FE2625_M(f6, g9_19) + FE2625_M(f7, g8_19) +
           FE2625_M(f8, g7_19) + FE2625_M(f9, g6_19);
    c[6] = FE2625_M(f0, g6) + FE2625_M(f1_2, g5) + FE2625_M(f2, g4) + FE2625_M(f3_2, g3) +
           FE2625_M(f4, g2) + FE2625_M(f5_2, g1) + FE2625_M(f6, g0) + FE2625_M(f7_2, g9_19) +
           FE2625_M(f8, g8_19) + FE2625_M(f9_2, g7_19);
    c[7] = FE2625_M(f0, g7) + FE2625_M(f1, g6) + FE2625_M(f2, g5) + FE2625_M(f3, g4) +
           FE2625_M(f4, g3) + FE2625_M(f5, g2) + FE2625_M(f6, g1) + FE2625_M(f7, g0) +
           FE2625_M(f8, g9_19) + FE2625_M(f9, g8_19);
    c[8] = FE2625_M(f0, g8) + FE2625_M(f1_2, g7) + FE2625_M(f2, g6) + FE2625_M(f3_2, g5) +
           FE2625_M(f4, g4) + FE2625_M(f5_2, g3) + FE2625_M(f6, g2) + FE2625_M(f7_2, g1) +
           FE2625_M(f8, g0) + FE2625_M(f9_2, g9_19);
    c[9] = FE2625_M(f0, g9) + FE2625_M(f1, g8) + FE2625_M(f2, g7) + FE2625_M(f3, g6) +
           FE2625_M(f4, g5) + FE2625_M(f5, g4) + FE2625_M(f6, g3) + FE2625_M(f7, g2) +
           FE2625_M(f8, g1) + FE2625_M(f9, g0);
    /* clang-format on */
    fe2625_reduce_(out, c);
}

/*
 * out = k·f², k ∈ {1, 2} (k = 2 only for tight f), on raw limbs f[i] <
 * 3.25·2^w_i. Out: tight. 55 products instead of 100: f_j f_k = f_k f_j, with
 * the factors 2 (j ≠ k, and two odd limbs) and 19 split between the operands:
 * fX_2 = 2f[X], fX_19 = 19f[X], fX_38 = 38f[X] (odd X only: 38·f[odd] < 2^32).
 */
static inline void fe2625_sq_limbs_(uint32_t out[10], const uint32_t f[10], int k)
{
    uint32_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint32_t f5 = f[5], f6 = f[6], f7 = f[7], f8 = f[8], f9 = f[9];
    uint32_t f0_2 = 2 * f0, f1_2 = 2 * f1, f2_2 = 2 * f2, f3_2 = 2 * f3, f4_2 = 2 * f4;
    uint32_t f5_2 = 2 * f5, f6_2 = 2 * f6, f7_2 = 2 * f7, f8_2 = 2 * f8;
    uint32_t f5_19 = 19 * f5, f6_19 = 19 * f6, f7_19 = 19 * f7, f8_19 = 19 * f8, f9_19 = 19 * f9;
    uint32_t f7_38 = 38 * f7, f9_38 = 38 * f9;
    uint64_t c[10];

    /* clang-format off */
    /* c0 = f0² + 76 f1f9 + 38 f2f8 + 76 f3f7 + 38 f4f6 + 38 f5² */
    c[0] = FE2625_M(f0, f0) + FE2625_M(f1_2, f9_38) + FE2625_M(f2_2, f8_19) + FE2625_M(f3_2, f7_38) +
           FE2625_M(f4_2, f6_19) + FE2625_M(f5_2, f5_19);
    /* c1 = 2 f0f1 + 38 (f2f9 + f3f8 + f4f7 + f5f6) */
    c[1] = FE2625_M(f0_2, f1) + FE2625_M(f2_2, f9_19) + FE2625_M(f3_2, f8_19) + FE2625_M(f4_2, f7_19) +
           FE2625_M(f5_2, f6_19);
    /* c2 = 2 f0f2 + 2 f1² + 76 f3f9 + 38 f4f8 + 76 f5f7 + 19 f6² */
    c[2] = FE2625_M(f0_2, f2) + FE2625_M(f1_2, f1) + FE2625_M(f3_2, f9_38) + FE2625_M(f4_2, f8_19) +
           FE2625_M(f5_2, f7_38) + FE2625_M(f6, f6_19);
    /* c3 = 2 (f0f3 + f1f2) + 38 (f4f9 + f5f8 + f6f7) */
    c[3] = FE2625_M(f0_2, f3) + FE2625_M(f1_2, f2) + FE2625_M(f4_2, f9_19) + FE2625_M(f5_2, f8_19) +
           FE2625_M(f6_2, f7_19);
    /* c4 = 2 f0f4 + 4 f1f3 + f2² + 76 f5f9 + 38 f6f8 + 38 f7² */
    c[4] = FE2625_M(f0_2, f4) + FE2625_M(f1_2, f3_2) + FE2625_M(f2, f2) + FE2625_M(f5_2, f9_38) +
           FE2625_M(f6_2, f8_19) + FE2625_M(f7, f7_38);
    /* c5 = 2 (f0f5 + f1f4 + f2f3) + 38 (f6f9 + f7f8) */
    c[5] = FE2625_M(f0_2, f5) + FE2625_M(f1_2, f4) + FE2625_M(f2_2, f3) + FE2625_M(f6_2, f9_19) +
           FE2625_M(f7_2, f8_19);
    /* c6 = 2 f0f6 + 4 f1f5 + 2 f2f4 + 2 f3² + 76 f7f9 + 19 f8² */
    c[6] = FE2625_M(f0_2, f6) + FE2625_M(f1_2, f5_2) + FE2625_M(f2_2, f4) + FE2625_M(f3_2, f3) +
           FE2625_M(f7_2, f9_38) + FE2625_M(f8, f8_19);
    /* c7 = 2 (f0f7 + f1f6 + f2f5 + f3f4) + 38 f8f9 */
    c[7] = FE2625_M(f0_2, f7) + FE2625_M(f1_2, f6) + FE2625_M(f2_2, f5) + FE2625_M(f3_2, f4) +
           FE2625_M(f8_2, f9_19);
    /* c8 = 2 f0f8 + 4 f1f7 + 2 f2f6 + 4 f3f5 + f4² + 38 f9² */
    c[8] = FE2625_M(f0_2, f8) + FE2625_M(f1_2, f7_2) + FE2625_M(f2_2, f6) + FE2625_M(f3_2, f5_2) +
           FE2625_M(f4, f4) + FE2625_M(f9, f9_38);
    /* c9 = 2 (f0f9 + f1f8 + f2f7 + f3f6 + f4f5) */
    c[9] = FE2625_M(f0_2, f9) + FE2625_M(f1_2, f8) + FE2625_M(f2_2, f7) + FE2625_M(f3_2, f6) +
           FE2625_M(f4_2, f5);
    /* clang-format on */
    if (k == 2) { /* k is a compile-time constant at every call site, never secret */
        for (int i = 0; i < 10; i++) c[i] <<= 1;
    }
    fe2625_reduce_(out, c);
}

/* h = f·g. In: tight, tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_mul(fe2625 *h, const fe2625 *f, const fe2625 *g)
{
    fe2625_mul_limbs_(h->v, f->v, g->v);
}

/* h = f·g. In: loose, tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_mul_l(fe2625 *h, const fe2625_loose *f, const fe2625 *g)
{
    fe2625_mul_limbs_(h->v, f->v, g->v);
}

/* h = f·g. In: loose, loose; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_mul_ll(fe2625 *h, const fe2625_loose *f, const fe2625_loose *g)
{
    fe2625_mul_limbs_(h->v, f->v, g->v);
}

/* h = f². In: tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_sq(fe2625 *h, const fe2625 *f)
{
    fe2625_sq_limbs_(h->v, f->v, 1);
}

/* h = f². In: loose; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_sq_l(fe2625 *h, const fe2625_loose *f)
{
    fe2625_sq_limbs_(h->v, f->v, 1);
}

/* h = 2f². In: tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_sq2(fe2625 *h, const fe2625 *f)
{
    fe2625_sq_limbs_(h->v, f->v, 2);
}

/*
 * h = c·f, c < 2^20. In: loose; out: tight. Products c·f[i] < 3.25·2^46 <
 * 2^47.7 in u64, then the carry chain of mul. Aliasing allowed. Constant time.
 */
static inline void fe2625_mul_small(fe2625 *h, const fe2625_loose *f, uint32_t c)
{
    uint64_t col[10];
    for (int i = 0; i < 10; i++) col[i] = (uint64_t)f->v[i] * c;
    fe2625_reduce_(h->v, col);
}

/* if m: h = f (else h unchanged). Aliasing allowed. Constant time. */
static inline void fe2625_cmov(fe2625 *h, const fe2625 *f, ct_mask m)
{
    uint32_t mm = (uint32_t)ct_barrier_u64(m.m);
    for (int i = 0; i < 10; i++) h->v[i] ^= mm & (h->v[i] ^ f->v[i]);
}

/* if m: swap f and g. Constant time. */
static inline void fe2625_cswap(fe2625 *f, fe2625 *g, ct_mask m)
{
    uint32_t mm = (uint32_t)ct_barrier_u64(m.m);
    for (int i = 0; i < 10; i++) {
        uint32_t x = mm & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

/* h = m ? -f : f. In: tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe2625_cneg(fe2625 *h, const fe2625 *f, ct_mask m)
{
    fe2625_loose nl;
    fe2625 n, r = *f;
    fe2625_neg(&nl, f);
    fe2625_carry(&n, &nl);
    fe2625_cmov(&r, &n, m);
    *h = r;
}

/* All-ones iff the canonical f is odd ("negative", RFC 8032 §5.1.2). In: tight. Constant time. */
static inline ct_mask fe2625_is_negative(const fe2625 *f)
{
    uint32_t t[10];
    fe2625_canon_(t, f);
    return ct_from_bit(t[0] & 1);
}

/* All-ones iff f ≡ 0 (mod p), for any tight representation. Constant time. */
static inline ct_mask fe2625_is_zero(const fe2625 *f)
{
    uint32_t t[10];
    fe2625_canon_(t, f);
    uint32_t d = 0;
    for (int i = 0; i < 10; i++) d |= t[i];
    return ct_is_zero(d);
}

/* All-ones iff f ≡ g (mod p), for any tight representations. Constant time. */
static inline ct_mask fe2625_eq(const fe2625 *f, const fe2625 *g)
{
    uint32_t a[10], b[10];
    fe2625_canon_(a, f);
    fe2625_canon_(b, g);
    uint32_t d = 0;
    for (int i = 0; i < 10; i++) d |= a[i] ^ b[i];
    return ct_is_zero(d);
}

#endif /* VEC25519_FIELD_FE2625_H */
