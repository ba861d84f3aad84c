/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Scalar recodings for scalar multiplication.
 *
 *   sc_recode_radix16       signed radix 16, digits in [-8, 8): the fixed
 *                           window of constant-time variable- and fixed-base
 *                           multiplication (64 digits, every one used, so the
 *                           sequence of point operations is independent of s).
 *   sc_recode_wnaf_vartime  width-w non-adjacent form (Solinas; HMV "Guide to
 *                           Elliptic Curve Cryptography" Alg. 3.35): sparse odd
 *                           digits for variable-time double-base and
 *                           multiscalar multiplication on public scalars.
 *
 * Scalars are 32-byte little-endian strings, as in sc.h.
 */
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

/* The bits of x (5 limbs, x[4] = 0) from bit pos ≤ 256 on, at least 8 of them. */
static unsigned bits_at(const uint64_t x[5], int pos)
{
    int q = pos >> 6, r = pos & 63;
    uint64_t v = x[q] >> r;
    if (r > 56) v |= x[q + 1] << (64 - r); /* q ≤ 3 here, since pos ≤ 256 */
    return (unsigned)(v & 0xff);
}

/*
 * naf[0..256] with s = Σ naf[i]·2^i, each nonzero digit odd with
 * |naf[i]| < 2^(w-1), and at most one nonzero digit in any w consecutive
 * positions; 2 ≤ w ≤ 8, s any 256-bit string.
 *
 * The remaining value is R = (s >> pos) + carry, carry ∈ {0, 1}. If R is even
 * the digit is 0 (and carry is unchanged). If R is odd the digit is
 * d = R mod 2^w taken in (-2^(w-1), 2^(w-1)), R becomes (R - d)/2^w, and the
 * next w - 1 digits are 0. The last carry is never lost: when pos + w > 256
 * the window holds at most 256 - pos < w significant bits, so an odd window
 * near the top is < 2^(w-1) and leaves no carry, except possibly at pos = 256
 * itself where it becomes the digit naf[256] = 1.
 * Variable time: s must be public.
 */
void sc_recode_wnaf_vartime(int8_t naf[257], const uint8_t s[32], int w)
{
    const int width = 1 << w, half = 1 << (w - 1);
    int pos = 0, carry = 0;
    uint64_t x[5];

    for (int i = 0; i < 4; i++) x[i] = load64_le(s + 8 * i);
    x[4] = 0;
    memset(naf, 0, 257);
    while (pos < 257) {
        int win = (int)(bits_at(x, pos) & (unsigned)(width - 1)) + carry;
        if ((win & 1) == 0) {
            pos++;
            continue;
        }
        int d = win & (width - 1);
        if (d >= half) {
            d -= width;
            carry = 1;
        } else {
            carry = 0;
        }
        naf[pos] = (int8_t)d;
        pos += w;
    }
}
