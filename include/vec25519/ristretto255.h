/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — the ristretto255 prime-order group (RFC 9496).
 *
 * ristretto255 is a group of prime order ℓ = 2^252 +
 * 27742317777372353535851937790883648493 built on edwards25519: an element is
 * a class of four curve points (P + E[4]), it has exactly one 32-byte
 * encoding, and decoding rejects every string that is not such an encoding
 * (RFC 9496 §4.3.1: s ≥ p, s negative, no square root, t negative, y = 0).
 * There is no cofactor to clear and no small-order element other than the
 * identity, whose encoding is 32 zero bytes. The generator is the Ed25519
 * basepoint B (RFC 9496 §4.4).
 *
 * Two interfaces:
 *
 *  1. Byte-level functions with the semantics of libsodium's
 *     crypto_core_ristretto255_* and crypto_scalarmult_ristretto255*: the
 *     same inputs accepted, the same outputs, the same return values, with
 *     these differences (each asserted by tests/test_ristretto255.c):
 *       - an encoding with bit 255 set is rejected, as RFC 9496 §4.3.1
 *         requires (its integer is ≥ p). libsodium 1.0.18 ignores that bit
 *         and accepts such a string when its low 255 bits are a valid
 *         encoding; later libsodium releases reject it too.
 *       - the scalar functions return the true residue mod ℓ also for
 *         unreduced inputs (≥ ℓ); libsodium's scalar_add and scalar_sub drop
 *         the carry when the 256-bit sum overflows, which only unreduced
 *         inputs can cause.
 *       - scalar_invert fails (-1) for every multiple of ℓ, not only for the
 *         all-zero string.
 *       - a failing function zeroes its output, where libsodium leaves it
 *         untouched in some cases.
 *
 *  2. Elements as a struct, vec25519_ristretto255_point, for chains of
 *     operations without decoding and encoding at every step: decode once,
 *     add, multiply, compare (RFC 9496 §4.3.3, not byte comparison), encode
 *     once, and the batched encodings of multiscalar products and of doubled
 *     elements.
 *
 * Scalars are 32-byte little-endian strings mod ℓ; the scalar functions are
 * libsodium's crypto_core_ristretto255_scalar_* (the same as the ed25519
 * ones in edwards25519.h).
 *
 * Timing: everything is constant time in all inputs unless its name ends in
 * _vartime (then every input must be public). Whether an encoding is valid is
 * not treated as secret. Outputs may alias inputs, except where stated.
 */
#ifndef VEC25519_RISTRETTO255_H
#define VEC25519_RISTRETTO255_H

#include <stddef.h>
#include <stdint.h>

#include "edwards25519.h" /* the scalar functions are shared; see there */
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_RISTRETTO255_BYTES 32      /**< bytes in an element encoding */
#define VEC25519_RISTRETTO255_HASHBYTES 64  /**< bytes in the input of from_uniform_bytes */
#define VEC25519_RISTRETTO255_SCALARBYTES 32 /**< bytes in a scalar */
#define VEC25519_RISTRETTO255_NONREDUCEDSCALARBYTES 64 /**< bytes in the input of scalar_reduce */

/**
 * An element of ristretto255. 160 bytes, 8-byte aligned; the contents (one
 * edwards25519 representative in extended coordinates) are internal and may
 * change between versions, the size may not within a major version. Two
 * structs holding the same element may differ byte for byte: compare with
 * vec25519_ristretto255_point_eq. Initialise one only with the functions
 * below; copying by assignment is fine.
 */
typedef struct {
    uint64_t opaque[20]; /**< internal */
} vec25519_ristretto255_point;

/* ---- byte-level, libsodium semantics -------------------------------------------- */

/** 1 if p is a valid encoding (RFC 9496 §4.3.1), else 0 — as
 * crypto_core_ristretto255_is_valid_point. The identity is valid. */
VEC25519_API int vec25519_ristretto255_is_valid_point(const uint8_t p[32]);
/** r = p + q. Returns 0, or -1 with r zeroed when p or q is not a valid
 * encoding — as crypto_core_ristretto255_add. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_add(uint8_t r[32], const uint8_t p[32],
                                                        const uint8_t q[32]);
/** r = p - q; as vec25519_ristretto255_add (crypto_core_ristretto255_sub). */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_sub(uint8_t r[32], const uint8_t p[32],
                                                        const uint8_t q[32]);
/**
 * p = the element derived from 64 uniformly random bytes (RFC 9496 §4.3.4:
 * the sum of the one-way map applied to each half, with bit 255 of each half
 * ignored) — as crypto_core_ristretto255_from_hash. Feed it a 64-byte hash
 * output or random bytes; the result has no known discrete logarithm. Always
 * returns 0 (an int for libsodium compatibility; nothing can fail).
 */
VEC25519_API int vec25519_ristretto255_from_uniform_bytes(uint8_t p[32], const uint8_t r[64]);
/** p = a uniformly random element (from_uniform_bytes of 64 random bytes), as
 * crypto_core_ristretto255_random. Aborts if the OS generator fails. */
VEC25519_API void vec25519_ristretto255_random(uint8_t p[32]);

/**
 * q = [n mod 2^255]p: bit 255 of n is ignored, n is not reduced or clamped
 * (as crypto_scalarmult_ristretto255). Returns 0, or -1 with q zeroed when p
 * is not a valid encoding or when the result is the identity (n ≡ 0 mod ℓ,
 * or p the identity). Constant time in n and p, except for the verdict.
 */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32],
                                                               const uint8_t p[32]);
/** q = [n mod 2^255]B, as crypto_scalarmult_ristretto255_base. Returns 0, or
 * -1 with q zeroed when the result is the identity. Constant time in n. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_scalarmult_base(uint8_t q[32],
                                                                    const uint8_t n[32]);

/* ---- scalars mod ℓ, libsodium crypto_core_ristretto255_scalar_* ------------------ */

/** r = a uniformly random scalar in [1, ℓ). Aborts if the OS generator fails. */
VEC25519_API void vec25519_ristretto255_scalar_random(uint8_t r[32]);
/** recip = 1/s mod ℓ. Returns 0, or -1 with recip zeroed when s ≡ 0 (mod ℓ)
 * (libsodium fails only for the all-zero string and returns 0 with a zero
 * output for the other multiples of ℓ). Constant time; the verdict is not
 * secret. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_scalar_invert(uint8_t recip[32],
                                                                  const uint8_t s[32]);
/** neg = -s mod ℓ (any 256-bit s). Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_negate(uint8_t neg[32], const uint8_t s[32]);
/** comp = 1 - s mod ℓ. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_complement(uint8_t comp[32], const uint8_t s[32]);
/** z = x + y mod ℓ, for any 256-bit x, y (see above for libsodium on
 * unreduced inputs). Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_add(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]);
/** z = x - y mod ℓ, for any 256-bit x, y. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]);
/** z = x·y mod ℓ. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]);
/** r = s mod ℓ for a 512-bit little-endian s. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_reduce(uint8_t r[32], const uint8_t s[64]);

/* ---- elements (struct interface) ------------------------------------------------ */

/** p = DECODE(s) (RFC 9496 §4.3.1). Returns 0, or -1 with p zeroed (not an
 * element) when s is not a valid encoding. Constant time except for the
 * verdict. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_point_frombytes(vec25519_ristretto255_point *p,
                                                                    const uint8_t s[32]);
/** s = ENCODE(p) (RFC 9496 §4.3.2), the unique encoding. Constant time. */
VEC25519_API void vec25519_ristretto255_point_tobytes(uint8_t s[32],
                                                      const vec25519_ristretto255_point *p);
/** p = the identity. */
VEC25519_API void vec25519_ristretto255_point_identity(vec25519_ristretto255_point *p);
/** p = the generator B. */
VEC25519_API void vec25519_ristretto255_point_base(vec25519_ristretto255_point *p);
/** 1 if p and q are the same element (RFC 9496 §4.3.3), else 0. Constant time. */
VEC25519_API int vec25519_ristretto255_point_eq(const vec25519_ristretto255_point *p,
                                                const vec25519_ristretto255_point *q);
/** r = p + q. Constant time. */
VEC25519_API void vec25519_ristretto255_point_add(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p,
                                                  const vec25519_ristretto255_point *q);
/** r = p - q. Constant time. */
VEC25519_API void vec25519_ristretto255_point_sub(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p,
                                                  const vec25519_ristretto255_point *q);
/** r = -p. Constant time. */
VEC25519_API void vec25519_ristretto255_point_neg(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p);
/** r = [s]p for any 256-bit s (s is reduced mod ℓ). Constant time in s and p. */
VEC25519_API void vec25519_ristretto255_point_mul(vec25519_ristretto255_point *r,
                                                  const uint8_t s[32],
                                                  const vec25519_ristretto255_point *p);
/** r = [s]B for any 256-bit s (fixed-base tables). Constant time in s. */
VEC25519_API void vec25519_ristretto255_point_mul_base(vec25519_ristretto255_point *r,
                                                       const uint8_t s[32]);
/**
 * r = Σ [s_i]P_i for i < n, scalar i at scalars + 32·i (any 256-bit values),
 * P_i = points[i]; n = 0 gives the identity. No heap; the work grows
 * linearly with n (Straus's method, groups of 8 points). Variable time: the
 * scalars and the points must be public.
 */
VEC25519_API void vec25519_ristretto255_point_multiscalar_vartime(
    vec25519_ristretto255_point *r, const uint8_t *scalars,
    const vec25519_ristretto255_point *points, size_t n);
/**
 * r = Σ [s_i]P_i as above (any 256-bit scalars, n = 0 gives the identity, r
 * may alias a point), constant time in the scalars and the points (n public):
 * vec25519_ed25519_point_multiscalar on the representatives. One heap
 * allocation per call (it never fails: without memory it works in chunks).
 */
VEC25519_API void vec25519_ristretto255_point_multiscalar(vec25519_ristretto255_point *r,
                                                          const uint8_t *scalars,
                                                          const vec25519_ristretto255_point *points,
                                                          size_t n);
/** p = the element derived from 64 uniform bytes (RFC 9496 §4.3.4), as
 * vec25519_ristretto255_from_uniform_bytes. Constant time. */
VEC25519_API void vec25519_ristretto255_point_from_uniform_bytes(vec25519_ristretto255_point *p,
                                                                 const uint8_t r[64]);
/**
 * out + 32·i = ENCODE(2·points[i]) for i < n, with a single field inversion
 * for the whole batch and no square root (the encoding of a doubled point
 * needs none). n may be 0. out (n × 32 bytes) must not overlap points; out
 * is used as scratch before the results are written. Constant time in the
 * points (the control flow depends on n only).
 */
VEC25519_API void vec25519_ristretto255_point_double_and_compress_batch(
    uint8_t *out, const vec25519_ristretto255_point *points, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_RISTRETTO255_H */
