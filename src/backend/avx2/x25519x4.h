/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Four independent X25519 Montgomery ladders at once, one per AVX2 lane
 * (RFC 7748 §5), for batched X25519 (src/x25519/batch.c). The design note is
 * docs/avx2.md §10, "4-lane AVX2 batch kernel".
 *
 * This header includes no intrinsics: serial code may include it. The
 * function exists on x86-64 only (VEC25519_HAVE_X25519X4_AVX2 is then
 * defined), is compiled with -mavx2 (src/backend/avx2/), and may be called
 * only when cpu_features().avx2 is set (src/internal/cpu.h).
 */
#ifndef VEC25519_BACKEND_AVX2_X25519X4_H
#define VEC25519_BACKEND_AVX2_X25519X4_H

#include <stdint.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEC25519_HAVE_X25519X4_AVX2 1

/*
 * out[i] = X25519(scalars[i], points[i]) for i = 0..3, the raw ladder output
 * exactly as x25519_ladder_fe64 (src/x25519/ladder.h): each scalar is
 * clamped (on a copy), bit 255 of each u is ignored and u ≥ p is reduced,
 * every output is canonical, and an all-zero output (point of small order)
 * is NOT checked: that is the caller's (RFC 7748 §6.1). Requires AVX2. out
 * may alias scalars or points (all inputs are read before out is written).
 * Constant time in every scalar and every point.
 */
void x25519_batch4_avx2(uint8_t out[4][32], const uint8_t scalars[4][32],
                        const uint8_t points[4][32]);
#endif

#endif /* VEC25519_BACKEND_AVX2_X25519X4_H */
