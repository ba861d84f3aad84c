/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 (RFC 7748 §5) as one Montgomery ladder whose field operations run
 * several at a time on the AVX-512 IFMA multiplier (docs/x25519.md §8):
 * eight at a time on fe52x8 (two rounds of products per step; the IFMA
 * backend's).
 *
 * Compiled with -mavx512f -mavx512vl -mavx512ifma; may be called only when
 * cpu_features().avx512ifma is set. The IFMA backend's table
 * (src/backend/ifma/backend_ifma.c) uses x25519_ladder_ifma for
 * vec25519_x25519.
 */
#ifndef VEC25519_BACKEND_IFMA_LADDER_IFMA_H
#define VEC25519_BACKEND_IFMA_LADDER_IFMA_H

#include <stdint.h>

/*
 * out = X25519(scalar, point), RFC 7748 §5: the scalar is clamped (on a
 * copy), bit 255 of point is ignored and u ≥ p is reduced; out is canonical.
 * An all-zero result (point of small order) is NOT checked here: the caller
 * must test it (RFC 7748 §6.1). Requires AVX-512 F, VL and IFMA. out may
 * alias scalar or point. Constant time in scalar (and in point).
 * Eight lanes (fe52x8), two rounds of products per step (docs/x25519.md §8.5).
 */
void x25519_ladder_ifma(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

#endif /* VEC25519_BACKEND_IFMA_LADDER_IFMA_H */
