/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Scalar recodings for scalar multiplication.
 *
 *   sc_recode_radix16       signed radix 16, digits in [-8, 8): the fixed
 *                           window of constant-time variable- and fixed-base
 *                           multiplication (64 digits, every one used, so the
 *                           sequence of point operations is independent of s).
 *   sc_recode_radix16_256   the same for any 256-bit s, in 65 digits (the
 *                           constant-time multiscalar Straus, serial and
 *                           vector).
 *   sc_recode_wnaf_vartime  width-w non-adjacent form (Solinas; HMV "Guide to
 *                           Elliptic Curve Cryptography" Alg. 3.35): sparse odd
 *                           digits for variable-time double-base and
 *                           multiscalar multiplication on public scalars.
 *   sc_wnaf_digits_vartime  the same digits as a list of the nonzero ones
 *                           (position, digit), found by skipping runs of zeros
 *                           (variable-time Straus, serial and vector).
 *   sc_radix2w_column_vartime  signed radix 2^w, one scalar's column of a
 *                           position-major array (Pippenger, serial and vector).
 *
 * Scalars are 32-byte little-endian strings, as in sc.h.
 */
#include <stddef.h>
#include <string.h>

#include "sc.h"
#include "../internal/bytes.h"

/*
 * e[0..63] with s = Σ e[i]·16^i, e[i] ∈ [-8, 8) for i < 63, e[63] ∈ [-8, 8].
 * Requires s[31] ≤ 127 (s < 2^255). First the plain nibbles (∈ [0, 15]),
 * then a carry pass: a digit d = nibble + carry ∈ [0, 16] becomes d - 16 and
 * passes 1 up when d ≥ 8, computed as (d + 8) >> 4 with no branch. The top
 * nibble is ≤ 7, so e[63] ≤ 8 after absorbing the last carry.
 * Constant time. e must not overlap s.
 */
void sc_recode_radix16(int8_t e[64], const uint8_t s[32])
{
    for (int i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(s[i] & 15);
        e[2 * i + 1] = (int8_t)(s[i] >> 4);
    }
    int carry = 0;
    for (int i = 0; i < 63; i++) {
        int d = e[i] + carry;  /* [0, 16] */
        carry = (d + 8) >> 4;  /* 1 iff d ≥ 8; d + 8 ≥ 0 so the shift is exact */
        e[i] = (int8_t)(d - (carry << 4));
    }
    e[63] = (int8_t)(e[63] + carry);
}

/*
 * naf[0..256] with s = Σ naf[i]·2^i, each nonzero digit odd with
 * |naf[i]| < 2^(w-1), and at most one nonzero digit in any w consecutive
 * positions; 2 ≤ w ≤ 8, s any 256-bit string.
 *
 * The nonzero digits are those of sc_wnaf_digits_vartime (below, which says
 * how they are found), written into a zeroed array.
 * Variable time: s must be public.
 */
void sc_recode_wnaf_vartime(int8_t naf[257], const uint8_t s[32], int w)
{
    uint16_t pos[SC_WNAF_CAP(2)];
    int8_t dig[SC_WNAF_CAP(2)];
    size_t k = sc_wnaf_digits_vartime(pos, dig, s, w);

    memset(naf, 0, 257);
    for (size_t i = 0; i < k; i++) naf[pos[i]] = dig[i];
}

/*
 * e[0..64] with s = Σ e[k]·16^k, e[k] ∈ [-8, 8) for k < 64 and e[64] ∈ {0, 1},
 * for any 256-bit s. Each digit d = nibble + carry ∈ [0, 16] becomes d − 16
 * with a carry of 1 when d ≥ 8: carry = (d + 8) >> 4. (sc_recode_radix16 does
 * the same for s < 2^255 in 64 digits; here the top carry needs a 65th.)
 * Constant time.
 */
void sc_recode_radix16_256(int8_t e[65], const uint8_t s[32])
{
    int carry = 0;
    for (int k = 0; k < 64; k++) {
        int d = ((s[k / 2] >> (4 * (k & 1))) & 15) + carry; /* [0, 16] */
        carry = (d + 8) >> 4;
        e[k] = (int8_t)(d - (carry << 4));
    }
    e[64] = (int8_t)carry;
}

/* Index of the lowest set bit of v ≠ 0. */
static int lowest_bit(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(v);
#else
    int i = 0;
    while ((v & 1) == 0) {
        v >>= 1;
        i++;
    }
    return i;
#endif
}

/* The 64 bits of x from bit pos on, pos ≤ 256; x holds four scalar limbs
 * followed by two zero limbs. */
static uint64_t bits64(const uint64_t x[6], int pos)
{
    int q = pos >> 6, sh = pos & 63;
    uint64_t v = x[q] >> sh;
    if (sh > 0) v |= x[q + 1] << (64 - sh);
    return v;
}

/*
 * The nonzero digits of the width-w NAF of s (the digits of
 * sc_recode_wnaf_vartime, HMV Alg. 3.35), as (position, digit) pairs in
 * increasing position; returns their number (≤ SC_WNAF_CAP(w)). Whole runs of
 * zero digits are skipped at once: with a carry c pending into position i,
 * the digit there is 0 exactly when bit i equals c (the value at i is even),
 * and the carry is unchanged; so the next nonzero digit is at the first bit
 * that differs from c, found with one count-trailing-zeros per 64 positions.
 * There the window value v = (w bits) + c is odd (and < 2^w, as its low bit
 * differs from c); the digit is v, or v − 2^w with a carry of 1 when
 * v > 2^(w−1), and the next w − 1 digits are 0. A carry left at the top
 * becomes the digit 1 at position 256 (bits past 255 are 0, which differ
 * from c = 1). Variable time: s public.
 */
size_t sc_wnaf_digits_vartime(uint16_t *pos_out, int8_t *dig_out, const uint8_t s[32], int w)
{
    const int width = 1 << w, half = 1 << (w - 1);
    uint64_t x[6] = {0, 0, 0, 0, 0, 0};
    int pos = 0, carry = 0;
    size_t k = 0;

    for (int i = 0; i < 4; i++) x[i] = load64_le(s + 8 * i);
    while (pos < 257) {
        uint64_t v = bits64(x, pos);
        if (carry) v = ~v;
        if (v == 0) {
            pos += 64;
            continue;
        }
        pos += lowest_bit(v);
        if (pos >= 257) break;
        int win = (int)(bits64(x, pos) & (uint64_t)(width - 1)) + carry;
        if (win > half) {
            win -= width;
            carry = 1;
        } else {
            carry = 0;
        }
        pos_out[k] = (uint16_t)pos;
        dig_out[k++] = (int8_t)win;
        pos += w;
    }
    return k;
}

/*
 * Column j of the position-major digit array dig[k·stride + j], k = 0..nd-1,
 * nd = 256/w + 1: s = Σ dig[k]·2^(wk), dig[k] ∈ [-2^(w-1), 2^(w-1)) for
 * k < nd-1 (a window value v plus the carry, v ≥ 2^(w-1) becoming v − 2^w with
 * a carry of 1), and the last digit unsigned: the top window holds
 * r = 256 − (nd−1)·w < w bits, so it is at most 2^r ≤ 2^(w-1) with the carry.
 * Variable time.
 */
void sc_radix2w_column_vartime(int16_t *dig, size_t stride, size_t j, const uint8_t s[32],
                                   int w, int nd)
{
    uint64_t x[6] = {0, 0, 0, 0, 0, 0};
    uint64_t mask = ((uint64_t)1 << w) - 1;
    int carry = 0, half = 1 << (w - 1);

    for (int i = 0; i < 4; i++) x[i] = load64_le(s + 8 * i);
    for (int k = 0; k < nd - 1; k++) {
        int v = (int)(bits64(x, k * w) & mask) + carry; /* [0, 2^w] */
        carry = (v + half) >> w;                      /* 1 iff v ≥ 2^(w-1) */
        dig[(size_t)k * stride + j] = (int16_t)(v - (carry << w));
    }
    dig[(size_t)(nd - 1) * stride + j] = (int16_t)((int)(bits64(x, (nd - 1) * w) & mask) + carry);
}
