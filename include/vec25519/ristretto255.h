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
 *       - scalarmult and scalarmult_base reduce the scalar mod ℓ, as the
 *         struct point_mul does, so every 256-bit n gives the same element
 *         through both interfaces; libsodium clears bit 255 instead
 *         (n mod 2^255). The two agree when bit 255 is clear; with it set
 *         they differ by [2^255 mod ℓ]P (asserted against libsodium).
 *       - a failing function zeroes its output, where libsodium leaves it
 *         untouched in some cases.
 *
 *  2. Elements as a struct, vec25519_ristretto255_point, for chains of
 *     operations without decoding and encoding at every step: decode once,
 *     add, multiply, compare (RFC 9496 §4.3.3, not byte comparison), encode
 *     once, and the batched encodings of multiscalar products and of doubled
 *     elements.
 *
 * Scalars are 32-byte little-endian strings mod ℓ, and one rule holds
 * everywhere: every function that multiplies by a scalar accepts any 256-bit
 * string and uses its residue mod ℓ (the group has order ℓ, so that is the
 * only rule under which the byte and struct interfaces agree). The scalar
 * functions are libsodium's crypto_core_ristretto255_scalar_* (the same as
 * the edwards25519 ones in edwards25519.h).
 *
 * 3. Hashing to the group (RFC 9380 Appendix B, the suite
 *    ristretto255_XMD:SHA-512_R255MAP_RO_): vec25519_ristretto255_hash_to_group.
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
#define VEC25519_RISTRETTO255_UNIFORMBYTES 64  /**< bytes in the input of from_uniform_bytes */
/** The input size of from_uniform_bytes under its libsodium-style name, as a
 * deprecated constant (a macro cannot warn).
 * @deprecated Use VEC25519_RISTRETTO255_UNIFORMBYTES (this name goes in 0.2). */
#define VEC25519_RISTRETTO255_HASHBYTES VEC25519_RISTRETTO255_HASHBYTES_is_deprecated
/** The constant behind VEC25519_RISTRETTO255_HASHBYTES. */
enum {
    /** @deprecated Use VEC25519_RISTRETTO255_UNIFORMBYTES. */
    VEC25519_RISTRETTO255_HASHBYTES_is_deprecated VEC25519_DEPRECATED(
        "use VEC25519_RISTRETTO255_UNIFORMBYTES") = VEC25519_RISTRETTO255_UNIFORMBYTES
};
/** Longest domain separation tag that vec25519_ristretto255_hash_to_group uses as it is
 * (RFC 9380 §5.3.1); a longer one is first hashed as RFC 9380 §5.3.3 says. */
#define VEC25519_RISTRETTO255_DSTMAXBYTES 255
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
VEC25519_API int vec25519_ristretto255_is_valid_point(const uint8_t p[32])
    VEC25519_NONNULL_ALL;
/** r = p + q. Returns 0, or -1 with r zeroed when p or q is not a valid
 * encoding — as crypto_core_ristretto255_add. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_add(uint8_t r[32], const uint8_t p[32],
                                                        const uint8_t q[32])
    VEC25519_NONNULL_ALL;
/** r = p - q; as vec25519_ristretto255_add (crypto_core_ristretto255_sub). */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_sub(uint8_t r[32], const uint8_t p[32],
                                                        const uint8_t q[32])
    VEC25519_NONNULL_ALL;
/**
 * p = the element derived from 64 uniformly random bytes (RFC 9496 §4.3.4:
 * the sum of the one-way map applied to each half, with bit 255 of each half
 * ignored) — as crypto_core_ristretto255_from_hash. Feed it a 64-byte hash
 * output or random bytes; the result has no known discrete logarithm. Always
 * returns 0 (an int for libsodium compatibility; nothing can fail).
 */
VEC25519_API int vec25519_ristretto255_from_uniform_bytes(uint8_t p[32], const uint8_t r[64])
    VEC25519_NONNULL_ALL;
/**
 * p = hash_to_group(msg) of the RFC 9380 suite ristretto255_XMD:SHA-512_R255MAP_RO_
 * (RFC 9380 Appendix B; RFC 9496 §4.3.4): from_uniform_bytes of
 * expand_message_xmd(msg, dst, 64) with SHA-512, the hash-to-group of
 * RFC 9497 (OPRF) and other ristretto255 protocols. dst is the caller's
 * domain separation tag of at least 1 byte (RFC 9380 §3.1); a tag longer than
 * 255 bytes is replaced by SHA-512("H2C-OVERSIZE-DST-" ‖ dst), as RFC 9380
 * §5.3.3 says. Returns 0, or -1 with p zeroed when dstlen is 0, dst is NULL,
 * or msg is NULL with len > 0. Constant time in msg and dst (the lengths are
 * public).
 */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_hash_to_group(uint8_t p[32], const uint8_t *msg,
                                                                  size_t len, const uint8_t *dst,
                                                                  size_t dstlen)
    VEC25519_NONNULL(1);
/** p = a uniformly random element (from_uniform_bytes of 64 random bytes), as
 * crypto_core_ristretto255_random. The bytes come from the random generator
 * (vec25519/util.h); it aborts if there is none. */
VEC25519_API void vec25519_ristretto255_random(uint8_t p[32]) VEC25519_NONNULL_ALL;

/**
 * q = [n mod ℓ]p for any 256-bit n (not clamped; the same element as
 * vec25519_ristretto255_point_mul). libsodium's crypto_scalarmult_ristretto255
 * uses n mod 2^255 instead, which differs when bit 255 of n is set (header
 * comment). Returns 0, or -1 with q zeroed when p is not a valid encoding or
 * when the result is the identity (n ≡ 0 mod ℓ, or p the identity). Constant
 * time in n and p, except for the verdict. Faster than point_frombytes,
 * point_mul and point_tobytes in a row: the encoding of the result needs an
 * inversion instead of an inverse square root (docs/performance.md §17).
 */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32],
                                                               const uint8_t p[32])
    VEC25519_NONNULL_ALL;
/** q = [n mod ℓ]B for any 256-bit n (crypto_scalarmult_ristretto255_base,
 * with the reduction rule above). Returns 0, or -1 with q zeroed when the
 * result is the identity (n ≡ 0 mod ℓ). Constant time in n. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_scalarmult_base(uint8_t q[32],
                                                                    const uint8_t n[32])
    VEC25519_NONNULL_ALL;

/* ---- scalars mod ℓ, libsodium crypto_core_ristretto255_scalar_* ------------------ */

/** r = a uniformly random scalar in [1, ℓ), from the random generator
 * (vec25519/util.h); aborts if there is none. */
VEC25519_API void vec25519_ristretto255_scalar_random(uint8_t r[32]) VEC25519_NONNULL_ALL;
/** recip = 1/s mod ℓ. Returns 0, or -1 with recip zeroed when s ≡ 0 (mod ℓ)
 * (libsodium fails only for the all-zero string and returns 0 with a zero
 * output for the other multiples of ℓ). Constant time; the verdict is not
 * secret. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_scalar_invert(uint8_t recip[32],
                                                                  const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/** neg = -s mod ℓ (any 256-bit s). Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_negate(uint8_t neg[32], const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/** comp = 1 - s mod ℓ. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_complement(uint8_t comp[32], const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/** z = x + y mod ℓ, for any 256-bit x, y (see above for libsodium on
 * unreduced inputs). Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_add(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** z = x - y mod ℓ, for any 256-bit x, y. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** z = x·y mod ℓ. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** r = s mod ℓ for a 512-bit little-endian s. Constant time. */
VEC25519_API void vec25519_ristretto255_scalar_reduce(uint8_t r[32], const uint8_t s[64])
    VEC25519_NONNULL_ALL;

/* ---- elements (struct interface) ------------------------------------------------ */

/** p = DECODE(s) (RFC 9496 §4.3.1). Returns 0, or -1 with p zeroed (not an
 * element) when s is not a valid encoding. Constant time except for the
 * verdict. */
VEC25519_API VEC25519_WUR int vec25519_ristretto255_point_frombytes(vec25519_ristretto255_point *p,
                                                                    const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/** s = ENCODE(p) (RFC 9496 §4.3.2), the unique encoding. Constant time. */
VEC25519_API void vec25519_ristretto255_point_tobytes(uint8_t s[32],
                                                      const vec25519_ristretto255_point *p)
    VEC25519_NONNULL_ALL;
/** p = the identity. */
VEC25519_API void vec25519_ristretto255_point_identity(vec25519_ristretto255_point *p)
    VEC25519_NONNULL_ALL;
/** p = the generator B. */
VEC25519_API void vec25519_ristretto255_point_base(vec25519_ristretto255_point *p)
    VEC25519_NONNULL_ALL;
/** 1 if p and q are the same element (RFC 9496 §4.3.3), else 0. Constant time. */
VEC25519_API int vec25519_ristretto255_point_eq(const vec25519_ristretto255_point *p,
                                                const vec25519_ristretto255_point *q)
    VEC25519_NONNULL_ALL;
/** r = p + q. Constant time. */
VEC25519_API void vec25519_ristretto255_point_add(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p,
                                                  const vec25519_ristretto255_point *q)
    VEC25519_NONNULL_ALL;
/** r = p - q. Constant time. */
VEC25519_API void vec25519_ristretto255_point_sub(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p,
                                                  const vec25519_ristretto255_point *q)
    VEC25519_NONNULL_ALL;
/** r = -p. Constant time. */
VEC25519_API void vec25519_ristretto255_point_neg(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p)
    VEC25519_NONNULL_ALL;
/** r = [s]p for any 256-bit s (s is reduced mod ℓ). Constant time in s and p. */
VEC25519_API void vec25519_ristretto255_point_mul(vec25519_ristretto255_point *r,
                                                  const uint8_t s[32],
                                                  const vec25519_ristretto255_point *p)
    VEC25519_NONNULL_ALL;
/** r = [s]B for any 256-bit s (fixed-base tables). Constant time in s. */
VEC25519_API void vec25519_ristretto255_point_mul_base(vec25519_ristretto255_point *r,
                                                       const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/**
 * r = Σ [s_i]P_i for i < n, scalar i at scalars + 32·i (any 256-bit values),
 * P_i = points[i]; n = 0 gives the identity, r may alias a point:
 * vec25519_edwards25519_point_multiscalar_vartime on the representatives
 * (the backend's Straus or Pippenger, by n). One heap allocation per call
 * (it never fails: without memory it works in chunks). Variable time: the
 * scalars and the points must be public.
 */
VEC25519_API void vec25519_ristretto255_point_multiscalar_vartime(
    vec25519_ristretto255_point *r, const uint8_t *scalars,
    const vec25519_ristretto255_point *points, size_t n) VEC25519_NONNULL(1);
/**
 * r = Σ [s_i]P_i as above (any 256-bit scalars, n = 0 gives the identity, r
 * may alias a point), constant time in the scalars and the points (n public):
 * vec25519_edwards25519_point_multiscalar on the representatives. One heap
 * allocation per call (it never fails: without memory it works in chunks).
 */
VEC25519_API void vec25519_ristretto255_point_multiscalar(vec25519_ristretto255_point *r,
                                                          const uint8_t *scalars,
                                                          const vec25519_ristretto255_point *points,
                                                          size_t n) VEC25519_NONNULL(1);
/** p = the element derived from 64 uniform bytes (RFC 9496 §4.3.4), as
 * vec25519_ristretto255_from_uniform_bytes. Constant time. */
VEC25519_API void vec25519_ristretto255_point_from_uniform_bytes(vec25519_ristretto255_point *p,
                                                                 const uint8_t r[64])
    VEC25519_NONNULL_ALL;
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
