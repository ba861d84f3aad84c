/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 Montgomery ladders on fields other than the generic serial one,
 * chosen at run time by src/x25519/x25519.c (RFC 7748 §5).
 *
 * x25519_ladder_fe64 exists on x86-64 (VEC25519_HAVE_LADDER_FE64 is then
 * defined); it runs on the radix-2^64 BMI2/ADX field of
 * src/backend/x86_64/fe64.h and may be called only when
 * cpu_features().bmi2_adx is set (src/internal/cpu.h).
 */
#ifndef VEC25519_X25519_LADDER_H
#define VEC25519_X25519_LADDER_H

#include <stdint.h>

/*
 * The RFC 7748 §6.1 check after a raw ladder (src/x25519/x25519.c): returns
 * -1 and zeroes out when out is all zero, else 0. The verdict is
 * declassified (the caller must learn it); out stays secret.
 */
int x25519_finish(uint8_t out[32]);

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEC25519_HAVE_LADDER_FE64 1

/*
 * out = X25519(scalar, point), RFC 7748 §5: the scalar is clamped (on a
 * copy), bit 255 of point is ignored and u ≥ p is reduced; out is canonical.
 * An all-zero result (point of small order) is NOT checked here: the caller
 * must test it (RFC 7748 §6.1). Requires BMI2 and ADX. out may alias scalar
 * or point. Constant time in scalar (and in point).
 */
void x25519_ladder_fe64(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
#endif

#endif /* VEC25519_X25519_LADDER_H */
