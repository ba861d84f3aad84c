/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Arithmetic modulo ℓ = 2^252 + c, c = 27742317777372353535851937790883648493
 * (a 125-bit number), the order of the prime-order subgroup of edwards25519
 * (RFC 8032 §5.1; RFC 7748 §4.1 for the curve).
 *
 * Representation: inside this file a scalar is 4 little-endian 64-bit limbs,
 * s = Σ s[i]·2^(64i); wider intermediates (products, folded values) have 5 to
 * 8 limbs. Limb products are 64×64 → 128-bit multiply-accumulates, written
 * with unsigned __int128 where the compiler has it; elsewhere (32-bit targets,
 * or -DVEC25519_NO_INT128 to test that path) mac()/adc()/sbb() are built from
 * 32×32 → 64-bit products and mask arithmetic, so the file stays portable C11.
 *
 * Reduction: special-form folding, since ℓ = 2^252 + c with c < 2^125. From
 * 2^252 ≡ -c (mod ℓ), a value x = h·2^252 + lo satisfies x ≡ lo - h·c, and
 * h·c is about 127 bits shorter than x. A 512-bit x is folded twice:
 *
 *   x = h1·2^252 + lo1,  h1 < 2^260,   t = h1·c < 2^385   (10 limb products)
 *   t = h2·2^252 + lo2,  h2 < 2^133,   u = h2·c < 2^258   ( 6 limb products)
 *   x ≡ lo1 - t ≡ lo1 - lo2 + u,  and  v = lo1 + u + ℓ - lo2 ∈ (0, 2^259),
 *
 * then reduce_small() finishes any v < 2^260 with one more fold
 * (v = h·2^252 + lo, h < 2^8, r = lo - h·c ∈ (-2^8·c, 2^252)) and a single
 * masked addition of ℓ when r is negative, which lands in [0, ℓ) because
 * 2^8·c < 2^133 < ℓ. No quotient estimate, no trial subtraction loop: the
 * output is always fully reduced after a fixed sequence of operations.
 *
 * Every function here is constant time: no branch and no memory index depend
 * on a scalar's value (the only branches are on loop counters and on the
 * public exponent ℓ - 2 in sc_invert). The limb arrays holding secrets live
 * in one struct per public entry point, wiped with vec25519_wipe on return;
 * the reduction's intermediates are scalar locals (registers).
 */
#include <string.h>

#include "sc.h"
#include "../internal/bytes.h"

/* ℓ, little endian. */
const uint8_t sc_ell[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

/* c = ℓ - 2^252 = C1·2^64 + C0, C1 < 2^61. */
#define C0 UINT64_C(0x5812631a5cf5d3ed)
#define C1 UINT64_C(0x14def9dea2f79cd6)
/* Low 60 bits of a limb: bits 192..251 of a value are the low 60 of limb 3. */
#define M60 ((UINT64_C(1) << 60) - 1)

static const uint64_t L[4] = {C0, C1, 0, UINT64_C(1) << 60};

/* 16ℓ = 2^256 + 16c, as 5 limbs (used to keep differences positive). */
static const uint64_t L16[5] = {
    C0 << 4, (C1 << 4) | (C0 >> 60), C1 >> 60, 0, 1,
};

/* ---- limb primitives ------------------------------------------------------ */

#if defined(__SIZEOF_INT128__) && !defined(VEC25519_NO_INT128)
__extension__ typedef unsigned __int128 u128;

/*
 * Returns the low half of a·b + c + d and stores the high half in *hi.
 * Never overflows: (2^64-1)^2 + 2·(2^64-1) = 2^128 - 1.
 */
static inline uint64_t mac(uint64_t *hi, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    u128 t = (u128)a * b + c + d;
    *hi = (uint64_t)(t >> 64);
    return (uint64_t)t;
}

/* a + b + *carry; *carry (0 or 1) becomes the carry out. */
static inline uint64_t adc(uint64_t *carry, uint64_t a, uint64_t b)
{
    u128 t = (u128)a + b + *carry;
    *carry = (uint64_t)(t >> 64);
    return (uint64_t)t;
}

/* a - b - *borrow; *borrow (0 or 1) becomes the borrow out. */
static inline uint64_t sbb(uint64_t *borrow, uint64_t a, uint64_t b)
{
    u128 t = (u128)a - b - *borrow;
    *borrow = (uint64_t)(t >> 64) & 1;
    return (uint64_t)t;
}

#else /* portable: 32×32 → 64-bit products, carries from mask arithmetic */

/* Carry out of s = a + b (mod 2^64), without a comparison. */
static inline uint64_t carry_of(uint64_t a, uint64_t b, uint64_t s)
{
    return ((a & b) | ((a | b) & ~s)) >> 63;
}

static inline uint64_t adc(uint64_t *carry, uint64_t a, uint64_t b)
{
    uint64_t s = a + b;
    uint64_t c1 = carry_of(a, b, s);
    uint64_t r = s + *carry;
    *carry = c1 | carry_of(s, *carry, r);
    return r;
}

static inline uint64_t sbb(uint64_t *borrow, uint64_t a, uint64_t b)
{
    uint64_t d = a - b;
    uint64_t b1 = ((~a & b) | ((~a | b) & d)) >> 63;
    uint64_t r = d - *borrow;
    *borrow = b1 | (((~d & *borrow) | ((~d | *borrow) & r)) >> 63);
    return r;
}

static inline uint64_t mac(uint64_t *hi, uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu); /* < 3·2^32 */
    uint64_t lo = (mid << 32) | (p00 & 0xffffffffu);
    uint64_t h = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    uint64_t k = 0;
    lo = adc(&k, lo, c);
    h += k;
    k = 0;
    lo = adc(&k, lo, d);
    *hi = h + k;
    return lo;
}
#endif

/* ---- loads and stores ----------------------------------------------------- */

static inline void load4(uint64_t r[4], const uint8_t s[32])
{
    for (int i = 0; i < 4; i++) r[i] = load64_le(s + 8 * i);
}

static inline void store4(uint8_t s[32], const uint64_t r[4])
{
    for (int i = 0; i < 4; i++) store64_le(s + 8 * i, r[i]);
}

/* ---- reduction ------------------------------------------------------------ */

/*
 * r = v mod ℓ, fully reduced, for v = v0 + v1·2^64 + ... + v4·2^256 < 2^260
 * (v4 < 2^4). One fold and one masked addition of ℓ (see the file header).
 * Constant time.
 */
static void reduce_small(uint64_t r[4], uint64_t v0, uint64_t v1, uint64_t v2, uint64_t v3,
                         uint64_t v4)
{
    uint64_t h = (v3 >> 60) | (v4 << 4); /* < 2^8 */
    uint64_t k, hc0, hc1, hc2;
    hc0 = mac(&k, h, C0, 0, 0);
    hc1 = mac(&hc2, h, C1, k, 0); /* h·c < 2^133 */

    /* r = (v mod 2^252) - h·c, in (-2^133, 2^252); borrow = 1 iff negative */
    uint64_t borrow = 0;
    uint64_t r0 = sbb(&borrow, v0, hc0);
    uint64_t r1 = sbb(&borrow, v1, hc1);
    uint64_t r2 = sbb(&borrow, v2, hc2);
    uint64_t r3 = sbb(&borrow, v3 & M60, 0);

    /* if negative, add ℓ; the carry out of limb 3 cancels the 2^256 wrap */
    ct_mask neg = ct_from_bit(borrow);
    uint64_t carry = 0;
    r[0] = adc(&carry, r0, L[0] & neg.m);
    r[1] = adc(&carry, r1, L[1] & neg.m);
    r[2] = adc(&carry, r2, L[2] & neg.m);
    r[3] = adc(&carry, r3, L[3] & neg.m);
}

/*
 * r = x mod ℓ, fully reduced, for any 512-bit x. Two folds by 2^252 ≡ -c and
 * reduce_small (bounds in the file header). 18 limb products, written out
 * with scalar temporaries so that every compiler keeps them in registers.
 * Constant time. r may alias x.
 */
static void reduce512(uint64_t r[4], const uint64_t x[8])
{
    uint64_t k, c;

    /* fold 1: h = x >> 252 (260 bits: h4 < 2^4), t = h·c < 2^385 */
    uint64_t h0 = (x[3] >> 60) | (x[4] << 4);
    uint64_t h1 = (x[4] >> 60) | (x[5] << 4);
    uint64_t h2 = (x[5] >> 60) | (x[6] << 4);
    uint64_t h3 = (x[6] >> 60) | (x[7] << 4);
    uint64_t h4 = x[7] >> 60;
    uint64_t t0, t1, t2, t3, t4, t5, t6;
    t0 = mac(&k, h0, C0, 0, 0);
    t1 = mac(&k, h1, C0, 0, k);
    t2 = mac(&k, h2, C0, 0, k);
    t3 = mac(&k, h3, C0, 0, k);
    t4 = mac(&k, h4, C0, 0, k);
    t5 = k;
    t1 = mac(&k, h0, C1, t1, 0);
    t2 = mac(&k, h1, C1, t2, k);
    t3 = mac(&k, h2, C1, t3, k);
    t4 = mac(&k, h3, C1, t4, k);
    t5 = mac(&k, h4, C1, t5, k);
    t6 = k;

    /* fold 2: g = t >> 252 (133 bits: g2 < 2^5), u = g·c < 2^258 */
    uint64_t g0 = (t3 >> 60) | (t4 << 4);
    uint64_t g1 = (t4 >> 60) | (t5 << 4);
    uint64_t g2 = (t5 >> 60) | (t6 << 4);
    uint64_t u0, u1, u2, u3, u4;
    u0 = mac(&k, g0, C0, 0, 0);
    u1 = mac(&k, g1, C0, 0, k);
    u2 = mac(&k, g2, C0, 0, k);
    u3 = k;
    u1 = mac(&k, g0, C1, u1, 0);
    u2 = mac(&k, g1, C1, u2, k);
    u3 = mac(&k, g2, C1, u3, k);
    u4 = k;

    /* v = lo1 + u + ℓ - lo2 ∈ (0, 2^259): lo1, lo2 < 2^252 ≤ ℓ, u < 2^258 */
    uint64_t v0, v1, v2, v3, v4;
    c = 0;
    v0 = adc(&c, x[0], u0);
    v1 = adc(&c, x[1], u1);
    v2 = adc(&c, x[2], u2);
    v3 = adc(&c, x[3] & M60, u3);
    v4 = u4 + c; /* no carry out: the sum is < 2^259 */
    c = 0;
    v0 = adc(&c, v0, L[0]);
    v1 = adc(&c, v1, L[1]);
    v2 = adc(&c, v2, L[2]);
    v3 = adc(&c, v3, L[3]);
    v4 += c;
    c = 0;
    v0 = sbb(&c, v0, t0);
    v1 = sbb(&c, v1, t1);
    v2 = sbb(&c, v2, t2);
    v3 = sbb(&c, v3, t3 & M60);
    v4 -= c; /* no borrow out: the difference is positive */

    reduce_small(r, v0, v1, v2, v3, v4);
}

/* ---- products --------------------------------------------------------------- */

/*
 * p = a·b + c (8 limbs), for any a, b, c < 2^256: the result is at most
 * (2^256-1)^2 + 2^256-1 < 2^512. Schoolbook by rows, written out; each
 * multiply-accumulate a[i]·b[j] + p[i+j] + carry fits 128 bits.
 * 16 limb products. Constant time. p must not alias a, b or c.
 */
static void mul_add_wide(uint64_t p[8], const uint64_t a[4], const uint64_t b[4],
                         const uint64_t c[4])
{
    uint64_t k, p0, p1, p2, p3, p4, p5, p6, p7;
    uint64_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];

    p0 = mac(&k, a[0], b0, c[0], 0);
    p1 = mac(&k, a[0], b1, c[1], k);
    p2 = mac(&k, a[0], b2, c[2], k);
    p3 = mac(&k, a[0], b3, c[3], k);
    p4 = k;
    p1 = mac(&k, a[1], b0, p1, 0);
    p2 = mac(&k, a[1], b1, p2, k);
    p3 = mac(&k, a[1], b2, p3, k);
    p4 = mac(&k, a[1], b3, p4, k);
    p5 = k;
    p2 = mac(&k, a[2], b0, p2, 0);
    p3 = mac(&k, a[2], b1, p3, k);
    p4 = mac(&k, a[2], b2, p4, k);
    p5 = mac(&k, a[2], b3, p5, k);
    p6 = k;
    p3 = mac(&k, a[3], b0, p3, 0);
    p4 = mac(&k, a[3], b1, p4, k);
    p5 = mac(&k, a[3], b2, p5, k);
    p6 = mac(&k, a[3], b3, p6, k);
    p7 = k;

    p[0] = p0, p[1] = p1, p[2] = p2, p[3] = p3;
    p[4] = p4, p[5] = p5, p[6] = p6, p[7] = p7;
}

/*
 * p = a^2 (8 limbs), a < 2^256: the 6 cross products once, doubled by a
 * shift, plus the 4 squares. 10 limb products. Constant time. p must not
 * alias a.
 */
static void sq_wide(uint64_t p[8], const uint64_t a[4])
{
    uint64_t k, c, lo, hi, p1, p2, p3, p4, p5, p6, p7;
    uint64_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];

    /* the cross sum Σ_{i<j} a_i·a_j·2^(64(i+j)), limbs 1..6 */
    p1 = mac(&k, a0, a1, 0, 0);
    p2 = mac(&k, a0, a2, 0, k);
    p3 = mac(&k, a0, a3, 0, k);
    p4 = k;
    p3 = mac(&k, a1, a2, p3, 0);
    p4 = mac(&k, a1, a3, p4, k);
    p5 = k;
    p5 = mac(&k, a2, a3, p5, 0);
    p6 = k;

    /* doubled: 2·cross ≤ a^2 < 2^512, so it fits limbs 1..7 */
    p7 = p6 >> 63;
    p6 = (p6 << 1) | (p5 >> 63);
    p5 = (p5 << 1) | (p4 >> 63);
    p4 = (p4 << 1) | (p3 >> 63);
    p3 = (p3 << 1) | (p2 >> 63);
    p2 = (p2 << 1) | (p1 >> 63);
    p1 <<= 1;

    /* plus the squares a_i^2 at 2^(128i) */
    c = 0;
    lo = mac(&hi, a0, a0, 0, 0);
    p[0] = lo;
    p[1] = adc(&c, p1, hi);
    lo = mac(&hi, a1, a1, 0, 0);
    p[2] = adc(&c, p2, lo);
    p[3] = adc(&c, p3, hi);
    lo = mac(&hi, a2, a2, 0, 0);
    p[4] = adc(&c, p4, lo);
    p[5] = adc(&c, p5, hi);
    lo = mac(&hi, a3, a3, 0, 0);
    p[6] = adc(&c, p6, lo);
    p[7] = adc(&c, p7, hi);
}

/* ---- public functions ------------------------------------------------------- */

/*
 * out = in mod ℓ, for any 512-bit little-endian in (e.g. a SHA-512 digest,
 * RFC 8032 §5.1.6 steps 2 and 4). Constant time. out may alias in.
 */
void sc_reduce64(uint8_t out[32], const uint8_t in[64])
{
    struct {
        uint64_t x[8], r[4];
    } w;
    for (int i = 0; i < 8; i++) w.x[i] = load64_le(in + 8 * i);
    reduce512(w.r, w.x);
    store4(out, w.r);
    vec25519_wipe(&w, sizeof w);
}

/* out = in mod ℓ, for any 256-bit in. Constant time. out may alias in. */
void sc_reduce32(uint8_t out[32], const uint8_t in[32])
{
    struct {
        uint64_t v[5], r[4];
    } w;
    load4(w.v, in);
    w.v[4] = 0;
    reduce_small(w.r, w.v[0], w.v[1], w.v[2], w.v[3], w.v[4]);
    store4(out, w.r);
    vec25519_wipe(&w, sizeof w);
}

/*
 * All-ones iff s < ℓ, for any 256-bit s (RFC 8032 §5.1.7 step 1's check
 * on S). Computed as the borrow out of s - ℓ. Constant time.
 */
ct_mask sc_is_canonical(const uint8_t s[32])
{
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) (void)sbb(&borrow, load64_le(s + 8 * i), L[i]);
    return ct_from_bit(borrow);
}

/*
 * All-ones iff s ≡ 0 (mod ℓ), for any 256-bit s (so ℓ itself counts as
 * zero). Constant time.
 */
ct_mask sc_is_zero(const uint8_t s[32])
{
    uint8_t r[32];
    sc_reduce32(r, s);
    ct_mask z = ct_is_zero_bytes(r, 32);
    vec25519_wipe(r, sizeof r);
    return z;
}

/* out = (a + t) mod ℓ, a < 2^256 and t < 2^257 five limbs: a + t < 2^258 is
 * within reduce_small's range. Constant time. out may alias a. */
static void add_reduce(uint8_t out[32], const uint8_t a[32], const uint64_t t[5])
{
    struct {
        uint64_t a[4], v[5];
    } w;
    load4(w.a, a);
    uint64_t c = 0;
    for (int i = 0; i < 4; i++) w.v[i] = adc(&c, w.a[i], t[i]);
    w.v[4] = t[4] + c;
    reduce_small(w.a, w.v[0], w.v[1], w.v[2], w.v[3], w.v[4]);
    store4(out, w.a);
    vec25519_wipe(&w, sizeof w);
}

/*
 * out = a + b mod ℓ. Any 256-bit a, b are accepted (add_reduce with t = b);
 * the output is reduced. Constant time. Aliasing allowed.
 */
void sc_add(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    uint64_t t[5];
    load4(t, b);
    t[4] = 0;
    add_reduce(out, a, t);
    vec25519_wipe(t, sizeof t);
}

/*
 * out = a - b mod ℓ, computed as a + (16ℓ - b): since 16ℓ > 2^256 > b,
 * t = 16ℓ - b is positive, and below 16ℓ < 2^257. Any 256-bit a, b are
 * accepted; the output is reduced. Constant time. Aliasing allowed.
 */
void sc_sub(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    uint64_t t[5];
    load4(t, b);
    uint64_t c = 0;
    for (int i = 0; i < 4; i++) t[i] = sbb(&c, L16[i], t[i]);
    t[4] = L16[4] - c;
    add_reduce(out, a, t);
    vec25519_wipe(t, sizeof t);
}

/*
 * out = a/2 mod ℓ = a·(ℓ+1)/2 mod ℓ, for a < ℓ: a if a is even, else a + ℓ
 * (even, below 2ℓ < 2^254), shifted right by one. The result is < ℓ.
 * Constant time (the parity picks a mask, not a branch). out may alias a.
 */
void sc_half(uint8_t out[32], const uint8_t a[32])
{
    uint64_t t[4];
    load4(t, a);
    ct_mask odd = ct_from_bit(t[0] & 1);
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++) t[i] = adc(&carry, t[i], L[i] & odd.m);
    for (int i = 0; i < 3; i++) t[i] = (t[i] >> 1) | (t[i + 1] << 63);
    t[3] >>= 1;
    store4(out, t);
    vec25519_wipe(t, sizeof t);
}

/* out = -a mod ℓ (0 ↦ 0), any 256-bit a. Constant time. out may alias a. */
void sc_neg(uint8_t out[32], const uint8_t a[32])
{
    static const uint8_t zero[32];
    sc_sub(out, zero, a);
}

/*
 * out = a·b + c mod ℓ (RFC 8032 §5.1.6 step 6, S = r + k·s). Any 256-bit
 * a, b, c are accepted (e.g. an unreduced clamped secret scalar), since
 * a·b + c < 2^512; the output is reduced. 16 + 18 limb products.
 * Constant time. out may alias any input.
 */
void sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32])
{
    struct {
        uint64_t a[4], b[4], c[4], p[8];
    } w;
    load4(w.a, a);
    load4(w.b, b);
    load4(w.c, c);
    mul_add_wide(w.p, w.a, w.b, w.c);
    reduce512(w.a, w.p);
    store4(out, w.a);
    vec25519_wipe(&w, sizeof w);
}

/* out = a·b mod ℓ, any 256-bit a, b. Constant time. out may alias a or b. */
void sc_mul(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    static const uint8_t zero[32];
    sc_muladd(out, a, b, zero);
}

/*
 * out = a^(ℓ-2) = 1/a mod ℓ (Fermat; 0 ↦ 0), any 256-bit a.
 * Fixed 4-bit window over the public exponent ℓ - 2 = 2^252 + (c - 2):
 * a table of a^1..a^15 (14 multiplications), then per nibble from the top
 * four squarings and, for a nonzero nibble, one multiplication: 252 squarings
 * and 32 multiplications (about 17k cycles). The branches and the table index
 * depend only on the exponent, which is a public constant. Constant time in
 * a. out may alias a.
 */
void sc_invert(uint8_t out[32], const uint8_t a[32])
{
    static const uint64_t e[4] = {C0 - 2, C1, 0, UINT64_C(1) << 60}; /* ℓ - 2 */
    static const uint64_t zero[4];
    struct {
        uint64_t t[16][4]; /* t[i] = a^i mod ℓ, i ≥ 1 */
        uint64_t acc[4], p[8];
    } w;
    int i;

    load4(w.p, a);
    memset(w.p + 4, 0, 4 * sizeof w.p[0]);
    reduce512(w.t[1], w.p);
    for (i = 2; i < 16; i++) {
        mul_add_wide(w.p, w.t[i - 1], w.t[1], zero);
        reduce512(w.t[i], w.p);
    }

    /* the top nibble of ℓ - 2 is nibble 63, equal to 1 */
    memcpy(w.acc, w.t[1], sizeof w.acc);
    for (i = 62; i >= 0; i--) {
        for (int j = 0; j < 4; j++) {
            sq_wide(w.p, w.acc);
            reduce512(w.acc, w.p);
        }
        unsigned nib = (unsigned)(e[i / 16] >> (4 * (i % 16))) & 15;
        if (nib != 0) { /* public exponent */
            mul_add_wide(w.p, w.acc, w.t[nib], zero);
            reduce512(w.acc, w.p);
        }
    }
    store4(out, w.acc);
    vec25519_wipe(&w, sizeof w);
}

/*
 * RFC 7748 §5 / RFC 8032 §5.1.5 clamping: clear bits 0, 1, 2 and 255, set
 * bit 254. Constant time. out may alias in.
 */
void sc_clamp(uint8_t out[32], const uint8_t in[32])
{
    memmove(out, in, 32);
    out[0] &= 248;
    out[31] &= 127;
    out[31] |= 64;
}

/* crypto_scalarmult_ed25519's scalar: sc_clamp when clamp, else bit 255
 * cleared. Constant time in the bytes (clamp is public). */
void sc_sodium_ed25519(uint8_t out[32], const uint8_t in[32], int clamp)
{
    if (clamp) {
        sc_clamp(out, in);
    } else {
        memmove(out, in, 32);
        out[31] &= 127;
    }
}
