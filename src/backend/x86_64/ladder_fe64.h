/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The X25519 Montgomery ladder on the radix-2^64 BMI2/ADX field of
 * src/backend/x86_64/fe64.h (src/backend/x86_64/ladder_fe64.c; RFC 7748 §5).
 *
 * x25519_ladder_fe64 exists on x86-64 (VEC25519_HAVE_LADDER_FE64 is then
 * defined) and may be called only when cpu_features().bmi2_adx is set
 * (src/internal/cpu.h); x25519_ladder_best (src/backend/ladder.h) makes
 * that choice. This header includes no intrinsics: plain C may include it.
 */
#ifndef VEC25519_BACKEND_X86_64_LADDER_FE64_H
#define VEC25519_BACKEND_X86_64_LADDER_FE64_H

#include <stdint.h>

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

#endif /* VEC25519_BACKEND_X86_64_LADDER_FE64_H */
