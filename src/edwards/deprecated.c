/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The deprecated vec25519_ed25519_* names of the edwards25519 group
 * (include/vec25519/edwards25519.h, end): each calls its
 * vec25519_edwards25519_* replacement. Kept for the 0.1 series (docs/abi.md:
 * a renamed function stays as a deprecated alias for at least one minor
 * release); tests/test_deprecated.c checks that they still work.
 */
#include <stddef.h>
#include <stdint.h>

#include "vec25519/edwards25519.h"

#include "scalar_forward.h"

VEC25519_API int vec25519_ed25519_point_frombytes(vec25519_edwards25519_point *p,
                                                  const uint8_t s[32])
{
    return vec25519_edwards25519_point_frombytes(p, s);
}

VEC25519_API void vec25519_ed25519_point_tobytes(uint8_t s[32],
                                                 const vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_tobytes(s, p);
}

VEC25519_API void vec25519_ed25519_point_identity(vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_identity(p);
}

VEC25519_API void vec25519_ed25519_point_base(vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_base(p);
}

VEC25519_API void vec25519_ed25519_point_add(vec25519_edwards25519_point *r,
                                             const vec25519_edwards25519_point *p,
                                             const vec25519_edwards25519_point *q)
{
    vec25519_edwards25519_point_add(r, p, q);
}

VEC25519_API void vec25519_ed25519_point_sub(vec25519_edwards25519_point *r,
                                             const vec25519_edwards25519_point *p,
                                             const vec25519_edwards25519_point *q)
{
    vec25519_edwards25519_point_sub(r, p, q);
}

VEC25519_API void vec25519_ed25519_point_neg(vec25519_edwards25519_point *r,
                                             const vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_neg(r, p);
}

VEC25519_API int vec25519_ed25519_point_eq(const vec25519_edwards25519_point *p,
                                           const vec25519_edwards25519_point *q)
{
    return vec25519_edwards25519_point_eq(p, q);
}

VEC25519_API void vec25519_ed25519_point_mul(vec25519_edwards25519_point *r, const uint8_t s[32],
                                             const vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_mul(r, s, p);
}

VEC25519_API void vec25519_ed25519_point_mul_base(vec25519_edwards25519_point *r,
                                                  const uint8_t s[32])
{
    vec25519_edwards25519_point_mul_base(r, s);
}

VEC25519_API void vec25519_ed25519_point_double_mul_base_vartime(
    vec25519_edwards25519_point *r,
    const uint8_t a[32],
    const vec25519_edwards25519_point *A,
    const uint8_t b[32])
{
    vec25519_edwards25519_point_double_mul_base_vartime(r, a, A, b);
}

VEC25519_API void vec25519_ed25519_point_mul_by_cofactor(vec25519_edwards25519_point *r,
                                                         const vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_mul_by_cofactor(r, p);
}

VEC25519_API int vec25519_ed25519_point_is_small_order(const vec25519_edwards25519_point *p)
{
    return vec25519_edwards25519_point_is_small_order(p);
}

VEC25519_API int vec25519_ed25519_point_is_torsion_free(const vec25519_edwards25519_point *p)
{
    return vec25519_edwards25519_point_is_torsion_free(p);
}

VEC25519_API void vec25519_ed25519_point_multiscalar(vec25519_edwards25519_point *r,
                                                     const uint8_t *scalars,
                                                     const vec25519_edwards25519_point *points,
                                                     size_t n)
{
    vec25519_edwards25519_point_multiscalar(r, scalars, points, n);
}

VEC25519_API void vec25519_ed25519_point_multiscalar_vartime(
    vec25519_edwards25519_point *r,
    const uint8_t *scalars,
    const vec25519_edwards25519_point *points,
    size_t n)
{
    vec25519_edwards25519_point_multiscalar_vartime(r, scalars, points, n);
}

VEC25519_API vec25519_edwards25519_precomp *vec25519_ed25519_precomp_new(
    const vec25519_edwards25519_point *points,
    size_t n)
{
    return vec25519_edwards25519_precomp_new(points, n);
}

VEC25519_API void vec25519_ed25519_precomp_free(vec25519_edwards25519_precomp *pc)
{
    vec25519_edwards25519_precomp_free(pc);
}

VEC25519_API size_t vec25519_ed25519_precomp_len(const vec25519_edwards25519_precomp *pc)
{
    return vec25519_edwards25519_precomp_len(pc);
}

VEC25519_API void vec25519_ed25519_precomp_mul_vartime(
    vec25519_edwards25519_point *r,
    const vec25519_edwards25519_precomp *pc,
    const uint8_t *static_scalars,
    const uint8_t *dynamic_scalars,
    const vec25519_edwards25519_point *dynamic_points,
    size_t nd)
{
    vec25519_edwards25519_precomp_mul_vartime(r, pc, static_scalars, dynamic_scalars,
                                              dynamic_points, nd);
}

VEC25519_API int vec25519_ed25519_is_valid_point(const uint8_t p[32])
{
    return vec25519_edwards25519_is_valid_point(p);
}

VEC25519_API int vec25519_ed25519_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    return vec25519_edwards25519_add(r, p, q);
}

VEC25519_API int vec25519_ed25519_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    return vec25519_edwards25519_sub(r, p, q);
}

VEC25519_API int vec25519_ed25519_scalarmult(uint8_t q[32], const uint8_t n[32],
                                             const uint8_t p[32])
{
    return vec25519_edwards25519_scalarmult(q, n, p);
}

VEC25519_API int vec25519_ed25519_scalarmult_noclamp(uint8_t q[32], const uint8_t n[32],
                                                     const uint8_t p[32])
{
    return vec25519_edwards25519_scalarmult_noclamp(q, n, p);
}

VEC25519_API int vec25519_ed25519_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
    return vec25519_edwards25519_scalarmult_base(q, n);
}

VEC25519_API int vec25519_ed25519_scalarmult_base_noclamp(uint8_t q[32], const uint8_t n[32])
{
    return vec25519_edwards25519_scalarmult_base_noclamp(q, n);
}

/* vec25519_ed25519_scalar_{random, invert, negate, complement, add, sub,
 * mul, reduce}. */
SCALAR_FORWARDERS(ED25519)
