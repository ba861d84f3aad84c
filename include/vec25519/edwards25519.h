/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — the edwards25519 group for protocol builders ("hazmat").
 *
 * The curve is -x² + y² = 1 + d·x²·y² over GF(2^255 - 19), d = -121665/121666
 * (RFC 8032 §5.1, RFC 7748 §4.1). Its order is 8·ℓ, ℓ = 2^252 +
 * 27742317777372353535851937790883648493; B is the Ed25519 basepoint, of
 * order ℓ. Points of small order (the eight points of E[8]) and points with a
 * torsion component are valid curve points here: nothing in this layer
 * removes the cofactor unless asked. Prefer ristretto255.h, a prime-order
 * group, unless Ed25519 compatibility is needed.
 *
 * Two interfaces:
 *
 *  1. Points as a struct, vec25519_ed25519_point, for chains of operations
 *     without re-encoding. Decoding is strict (RFC 8032 §5.1.3 plus
 *     canonicity): an encoding is accepted iff its low 255 bits are y < p,
 *     x² = (y² - 1)/(d·y² + 1) has a square root, and not (x = 0 with the
 *     sign bit set). Every accepted encoding is the one tobytes writes, so
 *     encodings are unique. Decoding does not check the subgroup; use
 *     _is_small_order / _is_torsion_free, or vec25519_ed25519_is_valid_point.
 *
 *  2. Byte-level functions with the semantics of libsodium's
 *     crypto_core_ed25519_* and crypto_scalarmult_ed25519*, and the
 *     Ed25519 ↔ X25519 key conversions of crypto_sign_ed25519_pk_to_curve25519
 *     and _sk_to_curve25519. Differences from libsodium (1.0.18), each
 *     asserted by tests/test_edwards25519.c or tests/test_ristretto255.c:
 *       - vec25519_ed25519_add and _sub decode strictly as above, so they
 *         reject the 26 strings that libsodium's add/sub decode by reducing
 *         them (y ≥ p, or x = 0 with the sign bit set); on every other
 *         input the verdicts and the outputs are the same. (Every other
 *         function here rejects exactly what libsodium rejects: for
 *         is_valid_point, the scalar multiplications and pk_to_x25519 those
 *         26 points all have small order or a torsion component.)
 *       - scalar_add/sub of unreduced inputs, and scalar_invert of a
 *         non-zero multiple of ℓ (see the paragraph below and
 *         vec25519_ed25519_scalar_invert).
 *
 * Scalars are 32-byte little-endian strings. The scalar functions are
 * libsodium's crypto_core_ed25519_scalar_*: they accept any 256-bit input
 * (reduce takes 512 bits) and return the canonical residue mod ℓ. For
 * unreduced inputs (≥ ℓ) this is the true residue; libsodium's add and sub
 * drop the carry when the 256-bit sum overflows.
 *
 * Failure: every function that can reject an input returns -1 and zeroes its
 * output (libsodium leaves some outputs unspecified instead); the return codes
 * are marked warn_unused_result. Timing: constant time in every input unless
 * the name ends in _vartime, whose inputs must be public. The verdict of a
 * decoding or validity check is not secret. Outputs may alias inputs.
 */
#ifndef VEC25519_EDWARDS25519_H
#define VEC25519_EDWARDS25519_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_ED25519_POINTBYTES 32            /**< bytes in a point encoding */
#define VEC25519_ED25519_SCALARBYTES 32           /**< bytes in a scalar */
#define VEC25519_ED25519_NONREDUCEDSCALARBYTES 64 /**< bytes in the input of scalar_reduce */

/**
 * A point of edwards25519. 160 bytes, 8-byte aligned; the contents are
 * internal (extended coordinates in the library's field representation) and
 * may change between versions, the size may not within a major version.
 * Initialise one only with the functions below; copying by assignment is fine.
 */
typedef struct {
    uint64_t opaque[20]; /**< internal */
} vec25519_ed25519_point;

/* ---- points (struct interface) ------------------------------------------------ */

/** p = the point encoded by s (strict decoding, see above). Returns 0, or -1
 * with p zeroed (not a valid point) when s is not a strict encoding.
 * Constant time except for the verdict. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_point_frombytes(vec25519_ed25519_point *p,
                                                               const uint8_t s[32]);
/** s = the canonical encoding of p (RFC 8032 §5.1.2). Constant time. */
VEC25519_API void vec25519_ed25519_point_tobytes(uint8_t s[32], const vec25519_ed25519_point *p);
/** p = the identity (0, 1). */
VEC25519_API void vec25519_ed25519_point_identity(vec25519_ed25519_point *p);
/** p = B, the Ed25519 basepoint (RFC 8032 §5.1). */
VEC25519_API void vec25519_ed25519_point_base(vec25519_ed25519_point *p);
/** r = p + q. Complete formulas: any points. Constant time. */
VEC25519_API void vec25519_ed25519_point_add(vec25519_ed25519_point *r,
                                             const vec25519_ed25519_point *p,
                                             const vec25519_ed25519_point *q);
/** r = p - q. Constant time. */
VEC25519_API void vec25519_ed25519_point_sub(vec25519_ed25519_point *r,
                                             const vec25519_ed25519_point *p,
                                             const vec25519_ed25519_point *q);
/** r = -p. Constant time. */
VEC25519_API void vec25519_ed25519_point_neg(vec25519_ed25519_point *r,
                                             const vec25519_ed25519_point *p);
/** 1 if p = q (as points; projective comparison), else 0. Constant time. */
VEC25519_API int vec25519_ed25519_point_eq(const vec25519_ed25519_point *p,
                                           const vec25519_ed25519_point *q);
/** r = [s]p for any 256-bit s (exact, also for points with a torsion
 * component). Constant time in s and p. */
VEC25519_API void vec25519_ed25519_point_mul(vec25519_ed25519_point *r, const uint8_t s[32],
                                             const vec25519_ed25519_point *p);
/** r = [s]B for any 256-bit s (fixed-base tables). Constant time in s. */
VEC25519_API void vec25519_ed25519_point_mul_base(vec25519_ed25519_point *r, const uint8_t s[32]);
/** r = [a]A + [b]B for any 256-bit a, b. Variable time: a, A and b must be public. */
VEC25519_API void vec25519_ed25519_point_double_mul_base_vartime(vec25519_ed25519_point *r,
                                                                 const uint8_t a[32],
                                                                 const vec25519_ed25519_point *A,
                                                                 const uint8_t b[32]);
/** r = [8]p. Constant time. */
VEC25519_API void vec25519_ed25519_point_mul_by_cofactor(vec25519_ed25519_point *r,
                                                         const vec25519_ed25519_point *p);
/** 1 if [8]p is the identity (p is one of the 8 points of small order), else 0.
 * Constant time. */
VEC25519_API int vec25519_ed25519_point_is_small_order(const vec25519_ed25519_point *p);
/** 1 if [ℓ]p is the identity (p is in the prime-order subgroup; the identity
 * counts), else 0. Constant time. */
VEC25519_API int vec25519_ed25519_point_is_torsion_free(const vec25519_ed25519_point *p);

/* ---- multiscalar multiplication ----------------------------------------------- */
/*
 * r = Σ_{i<n} [s_i]P_i. Conventions shared by the functions below
 * (algorithms and measurements: docs/msm.md):
 *   - scalars: n 32-byte little-endian strings back to back, s_i at
 *     scalars + 32·i. Every 256-bit value is accepted and used as the integer
 *     it is, not reduced mod ℓ, as in vec25519_ed25519_point_mul: the result
 *     always equals the sum of the point_mul results, also for points with a
 *     torsion component (where [s]P and [s mod ℓ]P differ). Nothing can be
 *     invalid, so these functions return no error code.
 *   - n = 0 gives the identity (scalars and points may then be NULL).
 *   - r may alias any of the points; scalars and points are only read.
 *   - Heap: one allocation per call (about 0.2 KiB per point plus the
 *     algorithm's tables, 1–1.5 KiB per point), freed before returning.
 *     When malloc fails the result is the same, computed in chunks with
 *     stack tables (slower): they never fail.
 */

/** Constant time in the scalars and the points (n is public): Straus with
 * signed radix-16 digits and full table scans, on the best backend. */
VEC25519_API void vec25519_ed25519_point_multiscalar(vec25519_ed25519_point *r,
                                                     const uint8_t *scalars,
                                                     const vec25519_ed25519_point *points,
                                                     size_t n);
/** Variable time: the scalars and the points must be public. Straus with
 * wNAF for small n, Pippenger's bucket method for large n (both chosen by
 * the total bit length of the scalars), on the best backend. */
VEC25519_API void vec25519_ed25519_point_multiscalar_vartime(vec25519_ed25519_point *r,
                                                             const uint8_t *scalars,
                                                             const vec25519_ed25519_point *points,
                                                             size_t n);

/**
 * Precomputed static points, for a fixed set of public points used in many
 * multiscalar multiplications (e.g. generators of a commitment scheme):
 * tables of odd multiples (width-8 NAF, 7.5 KiB per point) are built once.
 * An opaque heap object; read-only after creation, so one object may serve
 * several threads at once. Variable time throughout: points and scalars
 * must be public.
 *
 * _new copies n points (n = 0 allowed) and builds their tables; returns the
 * object, or NULL when memory runs out (or n is too large). _free releases
 * it (NULL allowed). _len is its n.
 *
 * _mul_vartime: r = Σ_{i<len} [a_i]Q_i + Σ_{j<nd} [b_j]P_j with Q_i the
 * static points, a_i at static_scalars + 32·i (exactly len scalars), and
 * nd dynamic points P_j = dynamic_points[j] with b_j at dynamic_scalars +
 * 32·j (nd = 0: both may be NULL). Scalars, aliasing (r may alias a dynamic
 * point) and allocation as above; it never fails. Up to a few hundred static
 * points the tables make it faster per point than
 * vec25519_ed25519_point_multiscalar_vartime (serial: about 1.8 times at 64
 * points, 1.2 times at 256); from 384 static points on, where the tables no
 * longer fit in cache, the static points go through the same method as that
 * function.
 */
typedef struct vec25519_ed25519_precomp vec25519_ed25519_precomp;

/** A new precomputed object for the n points (see above), or NULL when memory runs out. */
VEC25519_API VEC25519_WUR vec25519_ed25519_precomp *vec25519_ed25519_precomp_new(
    const vec25519_ed25519_point *points, size_t n);
/** Releases pc (NULL allowed). */
VEC25519_API void vec25519_ed25519_precomp_free(vec25519_ed25519_precomp *pc);
/** The number of static points of pc. */
VEC25519_API size_t vec25519_ed25519_precomp_len(const vec25519_ed25519_precomp *pc);
/** r = Σ [a_i]Q_i + Σ [b_j]P_j (see above). Variable time: every input public. */
VEC25519_API void vec25519_ed25519_precomp_mul_vartime(vec25519_ed25519_point *r,
                                                       const vec25519_ed25519_precomp *pc,
                                                       const uint8_t *static_scalars,
                                                       const uint8_t *dynamic_scalars,
                                                       const vec25519_ed25519_point *dynamic_points,
                                                       size_t nd);

/* ---- byte-level, libsodium crypto_core_ed25519_* ------------------------------- */

/** 1 iff p is a strict encoding of a point of the prime-order subgroup other
 * than the identity (not of small order), else 0 — as
 * crypto_core_ed25519_is_valid_point. Constant time except for the verdict. */
VEC25519_API int vec25519_ed25519_is_valid_point(const uint8_t p[32]);
/** r = p + q for strict encodings of any curve points. Returns 0, or -1 with
 * r zeroed when p or q does not decode (strictly; see the header comment for
 * the difference from crypto_core_ed25519_add). Constant time except for the
 * verdict. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_add(uint8_t r[32], const uint8_t p[32],
                                                   const uint8_t q[32]);
/** r = p - q; as vec25519_ed25519_add. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_sub(uint8_t r[32], const uint8_t p[32],
                                                   const uint8_t q[32]);

/**
 * q = [clamp(n)]p, as crypto_scalarmult_ed25519: clamp(n) clears bits 0, 1,
 * 2 and 255 of n and sets bit 254. p must be valid in the sense of
 * vec25519_ed25519_is_valid_point. Returns 0, or -1 with q zeroed when p is
 * not valid, when the result is the identity, or when n is all zero
 * (libsodium's rule, kept although the clamped result is then not the
 * identity). Constant time in n; the verdict on p is not secret.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_scalarmult(uint8_t q[32], const uint8_t n[32],
                                                          const uint8_t p[32]);
/** q = [n mod 2^255]p (bit 255 of n ignored, no clamping), as
 * crypto_scalarmult_ed25519_noclamp; fails as vec25519_ed25519_scalarmult. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_scalarmult_noclamp(uint8_t q[32],
                                                                  const uint8_t n[32],
                                                                  const uint8_t p[32]);
/** q = [clamp(n)]B, as crypto_scalarmult_ed25519_base. Returns 0, or -1 with q
 * zeroed when n is all zero (the result is never the identity). Constant time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_scalarmult_base(uint8_t q[32], const uint8_t n[32]);
/** q = [n mod 2^255]B, as crypto_scalarmult_ed25519_base_noclamp. Returns 0,
 * or -1 with q zeroed when the result is the identity or n is all zero.
 * Constant time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_scalarmult_base_noclamp(uint8_t q[32],
                                                                       const uint8_t n[32]);

/* ---- scalars mod ℓ, libsodium crypto_core_ed25519_scalar_* --------------------- */

/** r = a uniformly random scalar in [1, ℓ) (getrandom; aborts if the
 * operating system's generator fails). */
VEC25519_API void vec25519_ed25519_scalar_random(uint8_t r[32]);
/** recip = 1/s mod ℓ. Returns 0, or -1 with recip zeroed when s ≡ 0 (mod ℓ).
 * (crypto_core_ed25519_scalar_invert fails only for the all-zero string and
 * returns 0 for the other multiples of ℓ.) Constant time in s; the verdict
 * is not secret. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_scalar_invert(uint8_t recip[32], const uint8_t s[32]);
/** neg = -s mod ℓ. Constant time. */
VEC25519_API void vec25519_ed25519_scalar_negate(uint8_t neg[32], const uint8_t s[32]);
/** comp = 1 - s mod ℓ. Constant time. */
VEC25519_API void vec25519_ed25519_scalar_complement(uint8_t comp[32], const uint8_t s[32]);
/** z = x + y mod ℓ. Constant time. */
VEC25519_API void vec25519_ed25519_scalar_add(uint8_t z[32], const uint8_t x[32],
                                              const uint8_t y[32]);
/** z = x - y mod ℓ. Constant time. */
VEC25519_API void vec25519_ed25519_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                              const uint8_t y[32]);
/** z = x·y mod ℓ. Constant time. */
VEC25519_API void vec25519_ed25519_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                              const uint8_t y[32]);
/** r = s mod ℓ for a 512-bit little-endian s (e.g. a hash). Constant time. */
VEC25519_API void vec25519_ed25519_scalar_reduce(uint8_t r[32], const uint8_t s[64]);

/* ---- Ed25519 ↔ X25519 (RFC 7748 §4.1 birational map) ------------------------- */

/**
 * x25519_pk = u = (1 + y)/(1 - y) of the Ed25519 public key, as
 * crypto_sign_ed25519_pk_to_curve25519. Returns 0, or -1 with x25519_pk
 * zeroed when ed25519_pk is not a strict encoding, has small order, or is not
 * in the prime-order subgroup (libsodium rejects exactly the same keys).
 * Constant time except for the verdict.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_pk_to_x25519(uint8_t x25519_pk[32],
                                                            const uint8_t ed25519_pk[32]);
/**
 * x25519_sk = the clamped first half of SHA-512(seed), seed = the first 32
 * bytes of the Ed25519 secret key (seed ‖ pk), as
 * crypto_sign_ed25519_sk_to_curve25519: the X25519 key whose public key is
 * vec25519_ed25519_pk_to_x25519 of the Ed25519 public key. Constant time.
 */
VEC25519_API void vec25519_ed25519_sk_to_x25519(uint8_t x25519_sk[32],
                                                const uint8_t ed25519_sk[64]);
/**
 * ed25519_pk = the encoding of the Edwards point with y = (u - 1)/(u + 1)
 * and sign bit `sign` (0 or 1): the inverse of vec25519_ed25519_pk_to_x25519
 * (which forgets the sign of x). Returns 0, or -1 with ed25519_pk zeroed when
 * u ≥ p (u must be canonical, bit 255 clear), u = p - 1 (u + 1 = 0), u is not
 * on the curve (it is on the twist: no Edwards x), sign is not 0 or 1, or
 * u = 0 with sign = 1 (x = 0 has no negative). The result may have small order
 * or a torsion component; check it with vec25519_ed25519_is_valid_point if
 * that matters. Constant time except for the verdict.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_to_ed25519(uint8_t ed25519_pk[32],
                                                         const uint8_t u[32], int sign);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_EDWARDS25519_H */
