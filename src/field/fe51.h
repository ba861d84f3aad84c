/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * GF(p), p = 2^255 - 19, in radix 2^51: five unsigned 64-bit limbs,
 *
 *     f = v[0] + v[1]·2^51 + v[2]·2^102 + v[3]·2^153 + v[4]·2^204,
 *
 * products in unsigned __int128. Reduction uses 2^255 ≡ 19 (mod p).
 * Header only: every function is static inline (the contract is src/field/fe.h).
 *
 * Bounds, in the b notation "limbs < 2^(51+b)" (w = 51 is the limb width):
 *
 *   tight  fe51        every v[i] < FE51_TIGHT = 2^51 + 2^48 = 1.125·2^51  (b = lg 1.125 < 0.17)
 *   loose  fe51_loose  every v[i] < FE51_LOOSE = 2^52 + 2^51 + 2^49 = 3.25·2^51  (b = lg 3.25 < 1.71)
 *
 * Who produces what:
 *   frombytes             v[i] < 2^51                                      (tight)
 *   carry, mul*, sq*, mul_small
 *                         v[i] < 2^51 + 2^13 (carry: + 2^6; mul: only v[1]
 *                         and v[4] exceed 2^51, by < 2^10.4)                (tight)
 *   add  f + g            < 2·1.125·2^51 = 2.25·2^51                        (loose)
 *   sub  f + 2p - g       2p has limbs 2^52 - 38, 2^52 - 2 (×4), each ≥ FE51_TIGHT,
 *                         so no limb underflows for tight g, and
 *                         < 1.125·2^51 + 2^52 = 3.125·2^51                  (loose)
 *   neg  2p - f           < 2^52                                            (loose)
 *
 * Multiplication bound (dalek's u64 field.rs and Monocypher's fe_mul do the
 * same analysis): let f[i] < a·2^51, g[i] < a'·2^51 and A = a·a'. The five
 * column sums, with 19 folded in for the terms of weight ≥ 2^255, are
 *
 *   c0 = f0g0 + 19(f1g4 + f2g3 + f3g2 + f4g1)   < (1 + 4·19)·A·2^102 = 77A·2^102
 *   c1 = f0g1 + f1g0 + 19(f2g4 + f3g3 + f4g2)   < 59A·2^102
 *   c2 = f0g2 + f1g1 + f2g0 + 19(f3g4 + f4g3)   < 41A·2^102
 *   c3 = f0g3 + f1g2 + f2g1 + f3g0 + 19·f4g4     < 23A·2^102
 *   c4 = f0g4 + f1g3 + f2g2 + f3g1 + f4g0        <  5A·2^102
 *
 * The worst input pair is loose × loose, A = 3.25² = 10.5625 < 2^3.41, so
 * every c_i < 77·10.5625·2^102 < 2^111.7: fits in u128 iff 102 + lg 77 + 2b < 128,
 * here 102 + 6.27 + 3.41 = 111.7 < 128. The pre-multiplied 19·g[i] < 19·3.25·2^51
 * < 2^57.3 fits in u64.
 *
 * Carry chain, two chains interleaved (depth 4 instead of 6):
 *   A: c0 → c1 → c2 → c3 → c4        B: c3 → c4 → 19·(c4 >> 51) into c0 → c1
 * Every carry out of a column < 2^111.7 is < 2^60.7, so no sum overflows.
 * The carry out of the top, k = (c4 + (c3 >> 51)) >> 51 < 5A·2^51 + 2^10
 * < 2^57.05, so 19·k < 2^61.3 and h0 = (c0 mod 2^51) + 19k < 2^61.4 fits in u64
 * (iff 51 + lg(5·19·A) < 64; c4 is the smallest column because it has no
 * factor 19). Likewise h3 = (c3 mod 2^51) + (c2' >> 51) < 434·2^51 < 2^59.8.
 * The last carries h0 → h1 and h3 → h4 leave h1 < 2^51 + 2^10.4,
 * h4 < 2^51 + 2^8.8 and the other limbs < 2^51: the output is tight. The same
 * bounds hold for sq (the same column coefficients, 1 + 2·38 = 77 in c0) and
 * for sq2 on tight input (2·77·1.27 < 77·10.56).
 *
 * Constant time: no branch or memory index depends on limb values; every
 * conditional operation is a mask from src/internal/ct.h passed through a
 * value barrier.
 *
 * References: RFC 7748 §5 (p, the u-coordinate encoding), D. J. Bernstein,
 * "Curve25519: new Diffie-Hellman speed records" (PKC 2006) for the radix-2^51
 * representation, curve25519-dalek src/backend/serial/u64/field.rs (bound notation).
 */
#ifndef VEC25519_FIELD_FE51_H
#define VEC25519_FIELD_FE51_H

#include <stdint.h>

#include "../internal/bytes.h"
#include "../internal/ct.h"

/*
 * fe51 needs a 64×64 → 128-bit product. Targets without unsigned __int128
 * (32-bit ones) use fe2625 only; there this header defines nothing, unless
 * fe51 was asked for as the serial field.
 */
#if defined(__SIZEOF_INT128__)
#define VEC25519_HAVE_FE51 1

__extension__ typedef unsigned __int128 fe51_u128;

typedef struct {
    uint64_t v[5];
} fe51;

typedef struct {
    uint64_t v[5];
} fe51_loose;

#define FE51_MASK ((UINT64_C(1) << 51) - 1)
/* Exclusive limb bounds of the two states (see the file header). */
#define FE51_TIGHT ((UINT64_C(1) << 51) + (UINT64_C(1) << 48))
#define FE51_LOOSE ((UINT64_C(1) << 52) + (UINT64_C(1) << 51) + (UINT64_C(1) << 49))

/* h = 0. */
static inline void fe51_0(fe51 *h)
{
    for (int i = 0; i < 5; i++) h->v[i] = 0;
}

/* h = 1. */
static inline void fe51_1(fe51 *h)
{
    h->v[0] = 1;
    for (int i = 1; i < 5; i++) h->v[i] = 0;
}

/* h = f. Aliasing allowed. */
static inline void fe51_copy(fe51 *h, const fe51 *f)
{
    *h = *f;
}

/*
 * h = s mod p, s a 32-byte little-endian string; bit 255 is ignored and
 * values p ≤ s < 2^255 are accepted (reduced lazily, by later operations).
 * Out: limbs < 2^51 (tight). Constant time.
 */
static inline void fe51_frombytes(fe51 *h, const uint8_t s[32])
{
    uint64_t w0 = load64_le(s), w1 = load64_le(s + 8);
    uint64_t w2 = load64_le(s + 16), w3 = load64_le(s + 24);
    h->v[0] = w0 & FE51_MASK;
    h->v[1] = ((w0 >> 51) | (w1 << 13)) & FE51_MASK;
    h->v[2] = ((w1 >> 38) | (w2 << 26)) & FE51_MASK;
    h->v[3] = ((w2 >> 25) | (w3 << 39)) & FE51_MASK;
    h->v[4] = (w3 >> 12) & FE51_MASK; /* drops bit 255 */
}

/*
 * Canonical limbs of f: out[i] < 2^51 and Σ out[i]·2^(51i) = f mod p < p.
 * In: tight. Constant time.
 *
 * First a full carry pass: each carry is 0 or 1 (limbs < 2^52), so afterwards
 * out[1..4] < 2^51, out[0] < 2^51 + 19 and the value x < 2^255 + 19 < 2p. Then
 * q = [x ≥ p] = [x + 19 ≥ 2^255] is the carry out of bit 255 of x + 19, and
 * x - q·p = x + 19q - q·2^255 is computed by adding 19q and dropping bit 255.
 */
static inline void fe51_canon_(uint64_t out[5], const fe51 *f)
{
    uint64_t t0 = f->v[0], t1 = f->v[1], t2 = f->v[2], t3 = f->v[3], t4 = f->v[4];
    t1 += t0 >> 51; t0 &= FE51_MASK;
    t2 += t1 >> 51; t1 &= FE51_MASK;
    t3 += t2 >> 51; t2 &= FE51_MASK;
    t4 += t3 >> 51; t3 &= FE51_MASK;
    t0 += 19 * (t4 >> 51); t4 &= FE51_MASK;

    uint64_t q = (t0 + 19) >> 51;
    q = (t1 + q) >> 51;
    q = (t2 + q) >> 51;
    q = (t3 + q) >> 51;
    q = (t4 + q) >> 51; /* 0 or 1 */

    t0 += 19 * q;
    t1 += t0 >> 51; t0 &= FE51_MASK;
    t2 += t1 >> 51; t1 &= FE51_MASK;
    t3 += t2 >> 51; t2 &= FE51_MASK;
    t4 += t3 >> 51; t3 &= FE51_MASK;
    t4 &= FE51_MASK; /* drop 2^255 (subtracts q·2^255) */
    out[0] = t0; out[1] = t1; out[2] = t2; out[3] = t3; out[4] = t4;
}

/*
 * s = h as 32 little-endian bytes, fully reduced (s < p, bit 255 clear).
 * In: tight. Constant time.
 */
static inline void fe51_tobytes(uint8_t s[32], const fe51 *h)
{
    uint64_t t[5];
    fe51_canon_(t, h);
    store64_le(s, t[0] | (t[1] << 51));
    store64_le(s + 8, (t[1] >> 13) | (t[2] << 38));
    store64_le(s + 16, (t[2] >> 26) | (t[3] << 25));
    store64_le(s + 24, (t[3] >> 39) | (t[4] << 12));
}

/* h = f + g, no carry. In: tight; out: loose (< 2.25·2^51). Aliasing allowed. Constant time. */
static inline void fe51_add(fe51_loose *h, const fe51 *f, const fe51 *g)
{
    for (int i = 0; i < 5; i++) h->v[i] = f->v[i] + g->v[i];
}

/*
 * h = f - g, computed as f + 2p - g (2p limbs ≥ FE51_TIGHT > g[i]: no underflow).
 * In: tight; out: loose (< 3.125·2^51). Aliasing allowed. Constant time.
 */
static inline void fe51_sub(fe51_loose *h, const fe51 *f, const fe51 *g)
{
    h->v[0] = (f->v[0] + UINT64_C(0xfffffffffffda)) - g->v[0]; /* 2^52 - 38 */
    h->v[1] = (f->v[1] + UINT64_C(0xffffffffffffe)) - g->v[1]; /* 2^52 - 2  */
    h->v[2] = (f->v[2] + UINT64_C(0xffffffffffffe)) - g->v[2];
    h->v[3] = (f->v[3] + UINT64_C(0xffffffffffffe)) - g->v[3];
    h->v[4] = (f->v[4] + UINT64_C(0xffffffffffffe)) - g->v[4];
}

/* h = -f = 2p - f. In: tight; out: loose (< 2^52). Aliasing allowed. Constant time. */
static inline void fe51_neg(fe51_loose *h, const fe51 *f)
{
    h->v[0] = UINT64_C(0xfffffffffffda) - f->v[0];
    h->v[1] = UINT64_C(0xffffffffffffe) - f->v[1];
    h->v[2] = UINT64_C(0xffffffffffffe) - f->v[2];
    h->v[3] = UINT64_C(0xffffffffffffe) - f->v[3];
    h->v[4] = UINT64_C(0xffffffffffffe) - f->v[4];
}

/*
 * h = f, carried. In: loose (in fact any 64-bit limbs: then c_i < 2^13 and
 * h[0] < 2^51 + 2^17.3); out: tight.
 * The five carries are taken in parallel from the input: each c_i = f[i] >> 51
 * < 4 for loose input, so h[i] = (f[i] mod 2^51) + c_(i-1) < 2^51 + 4 and
 * h[0] < 2^51 + 19·3. Aliasing allowed. Constant time.
 */
static inline void fe51_carry(fe51 *h, const fe51_loose *f)
{
    uint64_t c0 = f->v[0] >> 51, c1 = f->v[1] >> 51, c2 = f->v[2] >> 51;
    uint64_t c3 = f->v[3] >> 51, c4 = f->v[4] >> 51;
    h->v[0] = (f->v[0] & FE51_MASK) + 19 * c4;
    h->v[1] = (f->v[1] & FE51_MASK) + c0;
    h->v[2] = (f->v[2] & FE51_MASK) + c1;
    h->v[3] = (f->v[3] & FE51_MASK) + c2;
    h->v[4] = (f->v[4] & FE51_MASK) + c3;
}

/* h = f, as a loose element (every tight element is loose). Constant time. */
static inline void fe51_relax(fe51_loose *h, const fe51 *f)
{
    for (int i = 0; i < 5; i++) h->v[i] = f->v[i];
}

/*
 * Reduce the five column sums of a product to a tight element (the two
 * interleaved carry chains of the file header). In: c_i < 77A·2^102 and
 * c4 < 5A·2^102 with A ≤ 10.5625. Out: tight.
 */
static inline void fe51_reduce_(uint64_t h[5], fe51_u128 c0, fe51_u128 c1, fe51_u128 c2,
                                fe51_u128 c3, fe51_u128 c4)
{
    uint64_t h0, h1, h2, h3, h4;
    c1 += (uint64_t)(c0 >> 51);      /* A: 0 → 1 */
    h0 = (uint64_t)c0 & FE51_MASK;
    c4 += (uint64_t)(c3 >> 51);      /* B: 3 → 4 */
    h3 = (uint64_t)c3 & FE51_MASK;
    c2 += (uint64_t)(c1 >> 51);      /* A: 1 → 2 */
    h1 = (uint64_t)c1 & FE51_MASK;
    h0 += 19 * (uint64_t)(c4 >> 51); /* B: 4 → 0, h0 < 2^61.4 */
    h4 = (uint64_t)c4 & FE51_MASK;
    h3 += (uint64_t)(c2 >> 51);      /* A: 2 → 3, h3 < 2^59.8 */
    h2 = (uint64_t)c2 & FE51_MASK;
    h1 += h0 >> 51;                  /* B: 0 → 1, h1 < 2^51 + 2^10.4 */
    h0 &= FE51_MASK;
    h4 += h3 >> 51;                  /* A: 3 → 4, h4 < 2^51 + 2^8.8 */
    h3 &= FE51_MASK;
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
    h[4] = h4;
}

/*
 * out = f·g, on raw limbs; f[i], g[i] < 3.25·2^51 (loose or tight). Out:
 * tight. 5×5 schoolbook with 19 folded into g (19·g[i] < 2^57.3).
 */
static inline void fe51_mul_limbs_(uint64_t out[5], const uint64_t f[5], const uint64_t g[5])
{
    uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint64_t g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
    uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;

    fe51_u128 c0 = (fe51_u128)f0 * g0 + (fe51_u128)f1 * g4_19 + (fe51_u128)f2 * g3_19 +
                   (fe51_u128)f3 * g2_19 + (fe51_u128)f4 * g1_19;
    fe51_u128 c1 = (fe51_u128)f0 * g1 + (fe51_u128)f1 * g0 + (fe51_u128)f2 * g4_19 +
                   (fe51_u128)f3 * g3_19 + (fe51_u128)f4 * g2_19;
    fe51_u128 c2 = (fe51_u128)f0 * g2 + (fe51_u128)f1 * g1 + (fe51_u128)f2 * g0 +
                   (fe51_u128)f3 * g4_19 + (fe51_u128)f4 * g3_19;
    fe51_u128 c3 = (fe51_u128)f0 * g3 + (fe51_u128)f1 * g2 + (fe51_u128)f2 * g1 +
                   (fe51_u128)f3 * g0 + (fe51_u128)f4 * g4_19;
    fe51_u128 c4 = (fe51_u128)f0 * g4 + (fe51_u128)f1 * g3 + (fe51_u128)f2 * g2 +
                   (fe51_u128)f3 * g1 + (fe51_u128)f4 * g0;
    fe51_reduce_(out, c0, c1, c2, c3, c4);
}

/*
 * out = k·f², k ∈ {1, 2}, on raw limbs f[i] < 3.25·2^51 (k = 2 only for
 * tight f). Out: tight. Uses the symmetry f_i·f_j = f_j·f_i: 15 products
 * instead of 25, with 2 and 19 (38 = 2·19) folded into one operand
 * (38·f[i] < 2^58.3).
 */
static inline void fe51_sq_limbs_(uint64_t out[5], const uint64_t f[5], int k)
{
    uint64_t f0 = f[0], f1 = f[1], f2 = f[2], f3 = f[3], f4 = f[4];
    uint64_t f0_2 = 2 * f0, f1_2 = 2 * f1;
    uint64_t f1_38 = 38 * f1, f2_38 = 38 * f2, f3_38 = 38 * f3;
    uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;

    /* c0 = f0² + 38·f1f4 + 38·f2f3, ... : column coefficients as in mul. */
    fe51_u128 c0 = (fe51_u128)f0 * f0 + (fe51_u128)f1_38 * f4 + (fe51_u128)f2_38 * f3;
    fe51_u128 c1 = (fe51_u128)f0_2 * f1 + (fe51_u128)f2_38 * f4 + (fe51_u128)f3_19 * f3;
    fe51_u128 c2 = (fe51_u128)f0_2 * f2 + (fe51_u128)f1 * f1 + (fe51_u128)f3_38 * f4;
    fe51_u128 c3 = (fe51_u128)f0_2 * f3 + (fe51_u128)f1_2 * f2 + (fe51_u128)f4_19 * f4;
    fe51_u128 c4 = (fe51_u128)f0_2 * f4 + (fe51_u128)f1_2 * f3 + (fe51_u128)f2 * f2;
    if (k == 2) { /* k is a compile-time constant at every call site, never secret */
        c0 <<= 1; c1 <<= 1; c2 <<= 1; c3 <<= 1; c4 <<= 1;
    }
    fe51_reduce_(out, c0, c1, c2, c3, c4);
}

/* h = f·g. In: tight, tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe51_mul(fe51 *h, const fe51 *f, const fe51 *g)
{
    fe51_mul_limbs_(h->v, f->v, g->v);
}

/* h = f·g. In: loose, tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe51_mul_l(fe51 *h, const fe51_loose *f, const fe51 *g)
{
    fe51_mul_limbs_(h->v, f->v, g->v);
}

/* h = f·g. In: loose, loose; out: tight. Aliasing allowed. Constant time. */
static inline void fe51_mul_ll(fe51 *h, const fe51_loose *f, const fe51_loose *g)
{
    fe51_mul_limbs_(h->v, f->v, g->v);
}

/* h = f². In: tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe51_sq(fe51 *h, const fe51 *f)
{
    fe51_sq_limbs_(h->v, f->v, 1);
}

/* h = f². In: loose; out: tight. Aliasing allowed. Constant time. */
static inline void fe51_sq_l(fe51 *h, const fe51_loose *f)
{
    fe51_sq_limbs_(h->v, f->v, 1);
}

/* h = 2f². In: tight; out: tight (c_i < 154·1.27·2^102). Aliasing allowed. Constant time. */
static inline void fe51_sq2(fe51 *h, const fe51 *f)
{
    fe51_sq_limbs_(h->v, f->v, 2);
}

/*
 * h = c·f, c < 2^20. In: loose; out: tight. Products c·f[i] < 3.25·2^71 in
 * u128; the carry out of the top is < 2^21.7, so 19 times it < 2^26 and a last
 * carry h[0] → h[1] leaves h[1] < 2^51 + 1. Aliasing allowed. Constant time.
 */
static inline void fe51_mul_small(fe51 *h, const fe51_loose *f, uint32_t c)
{
    fe51_u128 c0 = (fe51_u128)f->v[0] * c, c1 = (fe51_u128)f->v[1] * c;
    fe51_u128 c2 = (fe51_u128)f->v[2] * c, c3 = (fe51_u128)f->v[3] * c;
    fe51_u128 c4 = (fe51_u128)f->v[4] * c;
    fe51_reduce_(h->v, c0, c1, c2, c3, c4);
}

/* if m: h = f (else h unchanged). m is a ct_mask. Aliasing allowed. Constant time. */
static inline void fe51_cmov(fe51 *h, const fe51 *f, ct_mask m)
{
    uint64_t mm = ct_barrier_u64(m.m);
    for (int i = 0; i < 5; i++) h->v[i] ^= mm & (h->v[i] ^ f->v[i]);
}

/* if m: swap f and g. Constant time. */
static inline void fe51_cswap(fe51 *f, fe51 *g, ct_mask m)
{
    uint64_t mm = ct_barrier_u64(m.m);
    for (int i = 0; i < 5; i++) {
        uint64_t x = mm & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

/* h = m ? -f : f. In: tight; out: tight. Aliasing allowed. Constant time. */
static inline void fe51_cneg(fe51 *h, const fe51 *f, ct_mask m)
{
    fe51_loose nl;
    fe51 n, r = *f;
    fe51_neg(&nl, f);
    fe51_carry(&n, &nl);
    fe51_cmov(&r, &n, m);
    *h = r;
}

/* All-ones iff the canonical f is odd ("negative", RFC 8032 §5.1.2). In: tight. Constant time. */
static inline ct_mask fe51_is_negative(const fe51 *f)
{
    uint64_t t[5];
    fe51_canon_(t, f);
    return ct_from_bit(t[0] & 1);
}

/* All-ones iff f ≡ 0 (mod p), for any tight representation. Constant time. */
static inline ct_mask fe51_is_zero(const fe51 *f)
{
    uint64_t t[5];
    fe51_canon_(t, f);
    return ct_is_zero(t[0] | t[1] | t[2] | t[3] | t[4]);
}

/* All-ones iff f ≡ g (mod p), for any tight representations. Constant time. */
static inline ct_mask fe51_eq(const fe51 *f, const fe51 *g)
{
    uint64_t a[5], b[5];
    fe51_canon_(a, f);
    fe51_canon_(b, g);
    uint64_t d = 0;
    for (int i = 0; i < 5; i++) d |= a[i] ^ b[i];
    return ct_is_zero(d);
}

#elif !defined(VEC25519_SERIAL_U32)
#error "fe51 needs unsigned __int128; build with VEC25519_SERIAL=u32 (-DVEC25519_SERIAL_U32) on this target"
#endif /* __SIZEOF_INT128__ */

#endif /* VEC25519_FIELD_FE51_H */
