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
 *  1. Points as a struct, vec25519_edwards25519_point, for chains of operations
 *     without re-encoding. Decoding is strict (RFC 8032 §5.1.3 plus
 *     canonicity): an encoding is accepted iff its low 255 bits are y < p,
 *     x² = (y² - 1)/(d·y² + 1) has a square root, and not (x = 0 with the
 *     sign bit set). Every accepted encoding is the one tobytes writes, so
 *     encodings are unique. Decoding does not check the subgroup; use
 *     _is_small_order / _is_torsion_free, or vec25519_edwards25519_is_valid_point.
 *
 *  2. Byte-level functions with the semantics of libsodium's
 *     crypto_core_ed25519_* and crypto_scalarmult_ed25519* (the Ed25519 ↔
 *     X25519 key conversions are in ed25519.h). Differences from libsodium
 *     (1.0.18), each
 *     asserted by tests/test_edwards25519.c or tests/test_ristretto255.c:
 *       - vec25519_edwards25519_add and _sub decode strictly as above, so they
 *         reject the 26 strings that libsodium's add/sub decode by reducing
 *         them (y ≥ p, or x = 0 with the sign bit set); on every other
 *         input the verdicts and the outputs are the same. (Every other
 *         function here rejects exactly what libsodium rejects: for
 *         is_valid_point, the scalar multiplications and pk_to_x25519 those
 *         26 points all have small order or a torsion component.)
 *       - scalar_add/sub of unreduced inputs, and scalar_invert of a
 *         non-zero multiple of ℓ (see the paragraph below and
 *         vec25519_edwards25519_scalar_invert).
 *
 * Scalars are 32-byte little-endian strings. The scalar functions are
 * libsodium's crypto_core_ed25519_scalar_*: they accept any 256-bit input
 * (reduce takes 512 bits) and return the canonical residue mod ℓ. For
 * unreduced inputs (≥ ℓ) this is the true residue; libsodium's add and sub
 * drop the carry when the 256-bit sum overflows.
 *
 * Names: everything here is vec25519_edwards25519_*, like the hash-to-curve
 * functions of hash_to_curve.h; the vec25519_ed25519_* names of the first
 * snapshot are deprecated aliases (end of this header), kept for the 0.1
 * series.
 *
 * Scalars of the byte-level scalar multiplications follow libsodium (clamped,
 * or taken mod 2^255: the group has a cofactor, so mod ℓ would change the
 * result for points with a torsion component); the struct point_mul and the
 * multiscalar functions use the whole 256-bit integer.
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

#define VEC25519_EDWARDS25519_BYTES 32                 /**< bytes in a point encoding */
#define VEC25519_EDWARDS25519_SCALARBYTES 32           /**< bytes in a scalar */
#define VEC25519_EDWARDS25519_NONREDUCEDSCALARBYTES 64 /**< bytes in the input of scalar_reduce */

/**
 * A point of edwards25519. 160 bytes, 8-byte aligned; the contents are
 * internal (extended coordinates in the library's field representation) and
 * may change between versions, the size may not within a major version.
 * Initialise one only with the functions below; copying by assignment is fine.
 */
typedef struct {
    uint64_t opaque[20]; /**< internal */
} vec25519_edwards25519_point;

/* ---- points (struct interface) ------------------------------------------------ */

/** p = the point encoded by s (strict decoding, see above). Returns 0, or -1
 * with p zeroed (not a valid point) when s is not a strict encoding.
 * Constant time except for the verdict. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_point_frombytes(
    vec25519_edwards25519_point *p, const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** s = the canonical encoding of p (RFC 8032 §5.1.2). Constant time. */
VEC25519_API void vec25519_edwards25519_point_tobytes(
    uint8_t s[32], const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** p = the identity (0, 1). */
VEC25519_API void vec25519_edwards25519_point_identity(vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;
/** p = B, the Ed25519 basepoint (RFC 8032 §5.1). */
VEC25519_API void vec25519_edwards25519_point_base(vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;
/** r = p + q. Complete formulas: any points. Constant time. */
VEC25519_API void vec25519_edwards25519_point_add(
    vec25519_edwards25519_point *r, const vec25519_edwards25519_point *p,
    const vec25519_edwards25519_point *q) VEC25519_NONNULL_ALL;
/** r = p - q. Constant time. */
VEC25519_API void vec25519_edwards25519_point_sub(
    vec25519_edwards25519_point *r, const vec25519_edwards25519_point *p,
    const vec25519_edwards25519_point *q) VEC25519_NONNULL_ALL;
/** r = -p. Constant time. */
VEC25519_API void vec25519_edwards25519_point_neg(
    vec25519_edwards25519_point *r, const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** 1 if p = q (as points; projective comparison), else 0. Constant time. */
VEC25519_API int vec25519_edwards25519_point_eq(const vec25519_edwards25519_point *p,
                                                const vec25519_edwards25519_point *q)
    VEC25519_NONNULL_ALL;
/** r = [s]p for any 256-bit s (exact, also for points with a torsion
 * component). Constant time in s and p. */
VEC25519_API void vec25519_edwards25519_point_mul(
    vec25519_edwards25519_point *r, const uint8_t s[32],
    const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** r = [s]B for any 256-bit s (fixed-base tables). Constant time in s. */
VEC25519_API void vec25519_edwards25519_point_mul_base(vec25519_edwards25519_point *r,
                                                       const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** r = [a]A + [b]B for any 256-bit a, b. Variable time: a, A and b must be public. */
VEC25519_API void vec25519_edwards25519_point_double_mul_base_vartime(
    vec25519_edwards25519_point *r, const uint8_t a[32], const vec25519_edwards25519_point *A,
    const uint8_t b[32]) VEC25519_NONNULL_ALL;
/** r = [8]p. Constant time. */
VEC25519_API void vec25519_edwards25519_point_mul_by_cofactor(
    vec25519_edwards25519_point *r, const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** 1 if [8]p is the identity (p is one of the 8 points of small order), else 0.
 * Constant time. */
VEC25519_API int vec25519_edwards25519_point_is_small_order(const vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;
/** 1 if [ℓ]p is the identity (p is in the prime-order subgroup; the identity
 * counts), else 0. Constant time. */
VEC25519_API int vec25519_edwards25519_point_is_torsion_free(const vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;

/* ---- multiscalar multiplication ----------------------------------------------- */
/*
 * r = Σ_{i<n} [s_i]P_i. Conventions shared by the functions below
 * (algorithms and measurements: docs/msm.md):
 *   - scalars: n 32-byte little-endian strings back to back, s_i at
 *     scalars + 32·i. Every 256-bit value is accepted and used as the integer
 *     it is, not reduced mod ℓ, as in vec25519_edwards25519_point_mul: the result
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
VEC25519_API void vec25519_edwards25519_point_multiscalar(vec25519_edwards25519_point *r,
                                                          const uint8_t *scalars,
                                                          const vec25519_edwards25519_point *points,
                                                          size_t n) VEC25519_NONNULL(1);
/** Variable time: the scalars and the points must be public. Straus with
 * wNAF for small n, Pippenger's bucket method for large n (both chosen by
 * the total bit length of the scalars), on the best backend. */
VEC25519_API void vec25519_edwards25519_point_multiscalar_vartime(
    vec25519_edwards25519_point *r, const uint8_t *scalars,
    const vec25519_edwards25519_point *points, size_t n) VEC25519_NONNULL(1);

/**
 * Precomputed static points, for a fixed set of public points used in many
 * multiscalar multiplications (e.g. generators of a commitment scheme):
 * tables of odd multiples (width-8 NAF, 7.5 KiB per point) are built once.
 * An opaque heap object; read-only after creation, so one object may serve
 * several threads at once. Variable time throughout: points and scalars
 * must be public.
 *
 * _new copies n points (n = 0 allowed) and builds their tables; returns the
 * object, or NULL when memory runs out (or n is too large, or points is NULL
 * with n > 0). _free releases
 * it (NULL allowed). _len is its n.
 *
 * _mul_vartime: r = Σ_{i<len} [a_i]Q_i + Σ_{j<nd} [b_j]P_j with Q_i the
 * static points, a_i at static_scalars + 32·i (exactly len scalars), and
 * nd dynamic points P_j = dynamic_points[j] with b_j at dynamic_scalars +
 * 32·j (nd = 0: both may be NULL). Scalars, aliasing (r may alias a dynamic
 * point) and allocation as above; it never fails. Up to a few hundred static
 * points the tables make it faster per point than
 * vec25519_edwards25519_point_multiscalar_vartime (serial: about 1.8 times at 64
 * points, 1.2 times at 256); from 384 static points on, where the tables no
 * longer fit in cache, the static points go through the same method as that
 * function.
 */
typedef struct vec25519_edwards25519_precomp vec25519_edwards25519_precomp;

/** A new precomputed object for the n points (see above), or NULL when memory runs out. */
VEC25519_API VEC25519_WUR vec25519_edwards25519_precomp *vec25519_edwards25519_precomp_new(
    const vec25519_edwards25519_point *points, size_t n);
/** Releases pc (NULL allowed). */
VEC25519_API void vec25519_edwards25519_precomp_free(vec25519_edwards25519_precomp *pc);
/** The number of static points of pc. */
VEC25519_API size_t vec25519_edwards25519_precomp_len(const vec25519_edwards25519_precomp *pc)
    VEC25519_NONNULL_ALL;
/** r = Σ [a_i]Q_i + Σ [b_j]P_j (see above). Variable time: every input public. */
VEC25519_API void vec25519_edwards25519_precomp_mul_vartime(
    vec25519_edwards25519_point *r, const vec25519_edwards25519_precomp *pc,
    const uint8_t *static_scalars, const uint8_t *dynamic_scalars,
    const vec25519_edwards25519_point *dynamic_points, size_t nd) VEC25519_NONNULL(1, 2);

/* ---- byte-level, libsodium crypto_core_ed25519_* ------------------------------- */

/** 1 iff p is a strict encoding of a point of the prime-order subgroup other
 * than the identity (not of small order), else 0 — as
 * crypto_core_ed25519_is_valid_point. Constant time except for the verdict. */
VEC25519_API int vec25519_edwards25519_is_valid_point(const uint8_t p[32])
    VEC25519_NONNULL_ALL;
/** r = p + q for strict encodings of any curve points. Returns 0, or -1 with
 * r zeroed when p or q does not decode (strictly; see the header comment for
 * the difference from crypto_core_ed25519_add). Constant time except for the
 * verdict. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_add(uint8_t r[32], const uint8_t p[32],
                                                        const uint8_t q[32]) VEC25519_NONNULL_ALL;
/** r = p - q; as vec25519_edwards25519_add. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_sub(uint8_t r[32], const uint8_t p[32],
                                                        const uint8_t q[32]) VEC25519_NONNULL_ALL;

/**
 * q = [clamp(n)]p, as crypto_scalarmult_ed25519: clamp(n) clears bits 0, 1,
 * 2 and 255 of n and sets bit 254. p must be valid in the sense of
 * vec25519_edwards25519_is_valid_point. Returns 0, or -1 with q zeroed when p is
 * not valid, when the result is the identity, or when n is all zero
 * (libsodium's rule, kept although the clamped result is then not the
 * identity). Constant time in n; the verdict on p is not secret.
 */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_scalarmult(
    uint8_t q[32], const uint8_t n[32], const uint8_t p[32]) VEC25519_NONNULL_ALL;
/** q = [n mod 2^255]p (bit 255 of n ignored, no clamping), as
 * crypto_scalarmult_ed25519_noclamp; fails as vec25519_edwards25519_scalarmult. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_scalarmult_noclamp(
    uint8_t q[32], const uint8_t n[32], const uint8_t p[32]) VEC25519_NONNULL_ALL;
/** q = [clamp(n)]B, as crypto_scalarmult_ed25519_base. Returns 0, or -1 with q
 * zeroed when n is all zero (the result is never the identity). Constant time. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_scalarmult_base(
    uint8_t q[32], const uint8_t n[32]) VEC25519_NONNULL_ALL;
/** q = [n mod 2^255]B, as crypto_scalarmult_ed25519_base_noclamp. Returns 0,
 * or -1 with q zeroed when the result is the identity or n is all zero.
 * Constant time. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_scalarmult_base_noclamp(
    uint8_t q[32], const uint8_t n[32]) VEC25519_NONNULL_ALL;

/* ---- scalars mod ℓ, libsodium crypto_core_ed25519_scalar_* --------------------- */

/** r = a uniformly random scalar in [1, ℓ), from the random generator
 * (vec25519/util.h: the hook, or the operating system); aborts with one line
 * on stderr if there is none. As a seed of an Ed25519 key it would be a poor
 * choice (its top bits are zero): use vec25519_ed25519_keypair_random. */
VEC25519_API void vec25519_edwards25519_scalar_random(uint8_t r[32]) VEC25519_NONNULL_ALL;
/** recip = 1/s mod ℓ. Returns 0, or -1 with recip zeroed when s ≡ 0 (mod ℓ).
 * (crypto_core_ed25519_scalar_invert fails only for the all-zero string and
 * returns 0 for the other multiples of ℓ.) Constant time in s; the verdict
 * is not secret. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_scalar_invert(
    uint8_t recip[32], const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** neg = -s mod ℓ. Constant time. */
VEC25519_API void vec25519_edwards25519_scalar_negate(uint8_t neg[32], const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/** comp = 1 - s mod ℓ. Constant time. */
VEC25519_API void vec25519_edwards25519_scalar_complement(uint8_t comp[32], const uint8_t s[32])
    VEC25519_NONNULL_ALL;
/** z = x + y mod ℓ. Constant time. */
VEC25519_API void vec25519_edwards25519_scalar_add(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** z = x - y mod ℓ. Constant time. */
VEC25519_API void vec25519_edwards25519_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** z = x·y mod ℓ. Constant time. */
VEC25519_API void vec25519_edwards25519_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** r = s mod ℓ for a 512-bit little-endian s (e.g. a hash). Constant time. */
VEC25519_API void vec25519_edwards25519_scalar_reduce(uint8_t r[32], const uint8_t s[64])
    VEC25519_NONNULL_ALL;

/* ---- deprecated names (kept for the 0.1 series, removed in 0.2) ---------------- */
/*
 * The first snapshot of this header named the group vec25519_ed25519_*, next
 * to the Ed25519 signature functions, while hash_to_curve.h used
 * vec25519_edwards25519_*. Everything here is now vec25519_edwards25519_*; the
 * old names below still work (exported functions calling the new ones, a
 * typedef, enumeration constants for the macros) and warn when used
 * (-Wdeprecated-declarations; CHANGELOG.md, docs/abi.md).
 */

/** @deprecated Use vec25519_edwards25519_point (this name goes in 0.2). */
typedef vec25519_edwards25519_point vec25519_ed25519_point
    VEC25519_DEPRECATED("use vec25519_edwards25519_point");
/** @deprecated Use vec25519_edwards25519_precomp (this name goes in 0.2). */
typedef vec25519_edwards25519_precomp vec25519_ed25519_precomp
    VEC25519_DEPRECATED("use vec25519_edwards25519_precomp");

/** The old size macros, as deprecated constants (a macro cannot warn). */
enum {
    /** @deprecated Use VEC25519_EDWARDS25519_BYTES. */
    VEC25519_ED25519_POINTBYTES_is_deprecated VEC25519_DEPRECATED(
        "use VEC25519_EDWARDS25519_BYTES") = VEC25519_EDWARDS25519_BYTES,
    /** @deprecated Use VEC25519_EDWARDS25519_SCALARBYTES. */
    VEC25519_ED25519_SCALARBYTES_is_deprecated VEC25519_DEPRECATED(
        "use VEC25519_EDWARDS25519_SCALARBYTES") = VEC25519_EDWARDS25519_SCALARBYTES,
    /** @deprecated Use VEC25519_EDWARDS25519_NONREDUCEDSCALARBYTES. */
    VEC25519_ED25519_NONREDUCEDSCALARBYTES_is_deprecated VEC25519_DEPRECATED(
        "use VEC25519_EDWARDS25519_NONREDUCEDSCALARBYTES") =
        VEC25519_EDWARDS25519_NONREDUCEDSCALARBYTES
};
/** @deprecated Use VEC25519_EDWARDS25519_BYTES. */
#define VEC25519_ED25519_POINTBYTES VEC25519_ED25519_POINTBYTES_is_deprecated
/** @deprecated Use VEC25519_EDWARDS25519_SCALARBYTES. */
#define VEC25519_ED25519_SCALARBYTES VEC25519_ED25519_SCALARBYTES_is_deprecated
/** @deprecated Use VEC25519_EDWARDS25519_NONREDUCEDSCALARBYTES. */
#define VEC25519_ED25519_NONREDUCEDSCALARBYTES VEC25519_ED25519_NONREDUCEDSCALARBYTES_is_deprecated

/** @deprecated Use vec25519_edwards25519_point_frombytes (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_frombytes")
VEC25519_WUR int vec25519_ed25519_point_frombytes(vec25519_edwards25519_point *p,
                                                  const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_tobytes (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_tobytes")
void vec25519_ed25519_point_tobytes(uint8_t s[32],
                                    const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_identity (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_identity")
void vec25519_ed25519_point_identity(vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_base (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_base")
void vec25519_ed25519_point_base(vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_add (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_add")
void vec25519_ed25519_point_add(vec25519_edwards25519_point *r,
                                const vec25519_edwards25519_point *p,
                                const vec25519_edwards25519_point *q) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_sub (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_sub")
void vec25519_ed25519_point_sub(vec25519_edwards25519_point *r,
                                const vec25519_edwards25519_point *p,
                                const vec25519_edwards25519_point *q) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_neg (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_neg")
void vec25519_ed25519_point_neg(vec25519_edwards25519_point *r,
                                const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_eq (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_eq")
int vec25519_ed25519_point_eq(const vec25519_edwards25519_point *p,
                              const vec25519_edwards25519_point *q) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_mul (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_mul")
void vec25519_ed25519_point_mul(vec25519_edwards25519_point *r, const uint8_t s[32],
                                const vec25519_edwards25519_point *p) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_mul_base (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_mul_base")
void vec25519_ed25519_point_mul_base(vec25519_edwards25519_point *r,
                                     const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_double_mul_base_vartime (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_double_mul_base_vartime")
void vec25519_ed25519_point_double_mul_base_vartime(vec25519_edwards25519_point *r,
                                                    const uint8_t a[32],
                                                    const vec25519_edwards25519_point *A,
                                                    const uint8_t b[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_mul_by_cofactor (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_mul_by_cofactor")
void vec25519_ed25519_point_mul_by_cofactor(vec25519_edwards25519_point *r,
                                            const vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_is_small_order (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_is_small_order")
int vec25519_ed25519_point_is_small_order(const vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_is_torsion_free (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_is_torsion_free")
int vec25519_ed25519_point_is_torsion_free(const vec25519_edwards25519_point *p)
    VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_point_multiscalar (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_multiscalar")
void vec25519_ed25519_point_multiscalar(vec25519_edwards25519_point *r, const uint8_t *scalars,
                                        const vec25519_edwards25519_point *points,
                                        size_t n) VEC25519_NONNULL(1);
/** @deprecated Use vec25519_edwards25519_point_multiscalar_vartime (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_point_multiscalar_vartime")
void vec25519_ed25519_point_multiscalar_vartime(vec25519_edwards25519_point *r,
                                                const uint8_t *scalars,
                                                const vec25519_edwards25519_point *points,
                                                size_t n) VEC25519_NONNULL(1);
/** @deprecated Use vec25519_edwards25519_precomp_new (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_precomp_new")
VEC25519_WUR vec25519_edwards25519_precomp *vec25519_ed25519_precomp_new(
    const vec25519_edwards25519_point *points,
    size_t n);
/** @deprecated Use vec25519_edwards25519_precomp_free (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_precomp_free")
void vec25519_ed25519_precomp_free(vec25519_edwards25519_precomp *pc);
/** @deprecated Use vec25519_edwards25519_precomp_len (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_precomp_len")
size_t vec25519_ed25519_precomp_len(const vec25519_edwards25519_precomp *pc) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_precomp_mul_vartime (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_precomp_mul_vartime")
void vec25519_ed25519_precomp_mul_vartime(vec25519_edwards25519_point *r,
                                          const vec25519_edwards25519_precomp *pc,
                                          const uint8_t *static_scalars,
                                          const uint8_t *dynamic_scalars,
                                          const vec25519_edwards25519_point *dynamic_points,
                                          size_t nd) VEC25519_NONNULL(1, 2);
/** @deprecated Use vec25519_edwards25519_is_valid_point (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_is_valid_point")
int vec25519_ed25519_is_valid_point(const uint8_t p[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_add (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_add")
VEC25519_WUR int vec25519_ed25519_add(uint8_t r[32], const uint8_t p[32],
                                      const uint8_t q[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_sub (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_sub")
VEC25519_WUR int vec25519_ed25519_sub(uint8_t r[32], const uint8_t p[32],
                                      const uint8_t q[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalarmult (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalarmult")
VEC25519_WUR int vec25519_ed25519_scalarmult(uint8_t q[32], const uint8_t n[32],
                                             const uint8_t p[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalarmult_noclamp (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalarmult_noclamp")
VEC25519_WUR int vec25519_ed25519_scalarmult_noclamp(uint8_t q[32], const uint8_t n[32],
                                                     const uint8_t p[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalarmult_base (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalarmult_base")
VEC25519_WUR int vec25519_ed25519_scalarmult_base(uint8_t q[32],
                                                  const uint8_t n[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalarmult_base_noclamp (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalarmult_base_noclamp")
VEC25519_WUR int vec25519_ed25519_scalarmult_base_noclamp(uint8_t q[32],
                                                          const uint8_t n[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_random (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_random")
void vec25519_ed25519_scalar_random(uint8_t r[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_invert (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_invert")
VEC25519_WUR int vec25519_ed25519_scalar_invert(uint8_t recip[32],
                                                const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_negate (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_negate")
void vec25519_ed25519_scalar_negate(uint8_t neg[32], const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_complement (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_complement")
void vec25519_ed25519_scalar_complement(uint8_t comp[32], const uint8_t s[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_add (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_add")
void vec25519_ed25519_scalar_add(uint8_t z[32], const uint8_t x[32],
                                 const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_sub (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_sub")
void vec25519_ed25519_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                 const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_mul (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_mul")
void vec25519_ed25519_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                 const uint8_t y[32]) VEC25519_NONNULL_ALL;
/** @deprecated Use vec25519_edwards25519_scalar_reduce (this name goes in 0.2). */
VEC25519_API VEC25519_DEPRECATED("use vec25519_edwards25519_scalar_reduce")
void vec25519_ed25519_scalar_reduce(uint8_t r[32], const uint8_t s[64]) VEC25519_NONNULL_ALL;

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_EDWARDS25519_H */
