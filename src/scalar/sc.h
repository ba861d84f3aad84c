/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Scalars modulo ℓ = 2^252 + 27742317777372353535851937790883648493, the
 * order of the prime-order subgroup of edwards25519.
 *
 * Interface on 32-byte little-endian strings (as RFC 8032 and ref10), so the
 * protocols never see the internal limb form. Unless stated otherwise,
 * inputs must be reduced (< ℓ) and outputs are reduced. All functions are
 * constant time except those ending in _vartime. Outputs may alias inputs.
 */
#ifndef VEC25519_SCALAR_SC_H
#define VEC25519_SCALAR_SC_H

#include <stddef.h>
#include <stdint.h>

#include "../internal/ct.h"

/* ℓ as 32 little-endian bytes. */
extern const uint8_t sc_ell[32];

/* out = in mod ℓ, for any 256-bit in. */
void sc_reduce32(uint8_t out[32], const uint8_t in[32]);
/* out = in mod ℓ, for any 512-bit in (e.g. a SHA-512 digest). */
void sc_reduce64(uint8_t out[32], const uint8_t in[64]);
/* all-ones iff s < ℓ (s is any 256-bit string). */
ct_mask sc_is_canonical(const uint8_t s[32]);
/* all-ones iff s ≡ 0. */
ct_mask sc_is_zero(const uint8_t s[32]);

void sc_add(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]); /* a + b   */
void sc_sub(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]); /* a - b   */
void sc_neg(uint8_t out[32], const uint8_t a[32]);                      /* -a      */
void sc_mul(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]); /* a · b   */
/* out = a/2 mod ℓ, for a < ℓ. */
void sc_half(uint8_t out[32], const uint8_t a[32]);
/* out = a·b + c mod ℓ (Ed25519's S = r + k·s). */
void sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32]);
/* out = 1/a mod ℓ (a ≠ 0; 0 ↦ 0). */
void sc_invert(uint8_t out[32], const uint8_t a[32]);

/* RFC 7748 §5 / RFC 8032 §5.1.5 clamping: clear bits 0,1,2 and 255, set 254. */
void sc_clamp(uint8_t out[32], const uint8_t in[32]);
/* The scalar of crypto_scalarmult_ed25519 (clamp: sc_clamp) and of the
 * _noclamp forms (bit 255 cleared, nothing else); the byte-level Edwards
 * multiplications and the libsodium drop-in share it. out may alias in. */
void sc_sodium_ed25519(uint8_t out[32], const uint8_t in[32], int clamp);

/*
 * Signed radix-16: s = Σ e[i]·16^i with e[i] ∈ [-8, 8), i = 0..63.
 * Requires s[31] ≤ 127 (s < 2^255; every clamped or reduced scalar). The last
 * digit e[63] ∈ [-8, 8] (it absorbs the final carry). Constant time.
 */
void sc_recode_radix16(int8_t e[64], const uint8_t s[32]);

/*
 * Width-w NAF, 2 ≤ w ≤ 8: s = Σ naf[i]·2^i, each nonzero digit odd with
 * |naf[i]| < 2^(w-1), and any w consecutive digits hold at most one nonzero.
 * s is any 256-bit string (< 2^256), so 257 digits. Variable time: s public.
 */
void sc_recode_wnaf_vartime(int8_t naf[257], const uint8_t s[32], int w);

/*
 * The highest position i ≤ 256 at which naf_a[i] or naf_b[i] is nonzero, or
 * -1 when both are all zero: where a double-base Horner loop over two
 * 257-digit NAFs starts (the serial and vector double_base.c). Variable time:
 * the digits are public.
 */
static inline int sc_wnaf_top2_vartime(const int8_t naf_a[257], const int8_t naf_b[257])
{
    int i = 256;

    while (i >= 0 && naf_a[i] == 0 && naf_b[i] == 0) i--;
    return i;
}

/*
 * Signed radix-16 of any 256-bit s: e[0..64], s = Σ e[k]·16^k, e[k] ∈ [-8, 8)
 * for k < 64, e[64] ∈ {0, 1}. Constant time.
 */
void sc_recode_radix16_256(int8_t e[65], const uint8_t s[32]);

/* The most nonzero digits a 257-digit wNAF_w can have: they are at least w
 * apart. */
#define SC_WNAF_CAP(w) (256 / (w) + 2)

/*
 * The nonzero digits of the width-w NAF of s (the digits of
 * sc_recode_wnaf_vartime, 2 ≤ w ≤ 8) as (position, digit) pairs in
 * increasing position; returns their number (≤ SC_WNAF_CAP(w)). Variable
 * time: s public.
 */
size_t sc_wnaf_digits_vartime(uint16_t *pos_out, int8_t *dig_out, const uint8_t s[32], int w);

/*
 * Column j of the position-major signed radix-2^w digits dig[k·stride + j],
 * k < nd = 256/w + 1 (Pippenger; 4 ≤ w ≤ 15): s = Σ dig[k]·2^(wk), digits in
 * [-2^(w-1), 2^(w-1)) but the last, which is in [0, 2^(w-1)]. Variable time.
 */
void sc_radix2w_column_vartime(int16_t *dig, size_t stride, size_t j, const uint8_t s[32],
                               int w, int nd);

#endif /* VEC25519_SCALAR_SC_H */
