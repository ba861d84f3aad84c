/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Eight X25519 Montgomery ladders at once, one per 512-bit vector lane, on
 * the AVX-512 IFMA multiplier (src/backend/ifma/x25519x8.c; docs/x25519.md
 * §9 "Batched X25519").
 *
 * This header has no ISA-specific content: it is included by portable code
 * (src/x25519/batch.c) that calls the kernel only after run-time detection.
 * VEC25519_HAVE_X25519X8_IFMA is defined when the kernel is compiled in
 * (x86-64 builds); it may be called only when cpu_features().avx512ifma is
 * set (src/internal/cpu.h: AVX512F + AVX512VL + AVX512IFMA and the OS saves
 * opmask/ZMM state).
 */
#ifndef VEC25519_BACKEND_IFMA_X25519X8_H
#define VEC25519_BACKEND_IFMA_X25519X8_H

#include <stdint.h>

#include "../../field/fe.h"

#if defined(VEC25519_X86_64)
#define VEC25519_HAVE_X25519X8_IFMA 1

/*
 * out[l] = X25519(scalars[l], points[l]) for l = 0 … 7, RFC 7748 §5, raw
 * ladder output exactly as x25519_ladder_serial: each scalar is clamped (on
 * a copy), bit 255 of each point is ignored and u ≥ p is reduced; out is
 * canonical. An all-zero result is NOT checked (the caller's, RFC 7748
 * §6.1). out may alias scalars or points (entirely or lane by lane): every
 * input is read before any output is written. Constant time in every scalar
 * and every point. Requires AVX512F, AVX512VL, AVX512IFMA.
 */
void x25519_batch8_ifma(uint8_t out[8][32], const uint8_t scalars[8][32],
                        const uint8_t points[8][32]);
/*
 * The same for l = 0 … 15: two groups of eight lanes whose ladder steps are
 * issued side by side (docs/x25519.md §9.6). Same contract as
 * x25519_batch8_ifma (every input read before any output is written).
 */
void x25519_batch16_ifma(uint8_t out[16][32], const uint8_t scalars[16][32],
                         const uint8_t points[16][32]);
/*
 * The two kernels stopped before the division (x25519_lanes_xz_kernel,
 * src/backend/ladder.h): x[l], z[l] on the serial field, tight, with the
 * ladder's output x[l]/z[l] (0 when z[l] = 0). The byte forms above are
 * these and x25519_xz_to_bytes; the IFMA table's x25519_batch divides a
 * whole block of them with one inversion (x25519_batch_lanes_xz). Same
 * contract otherwise.
 */
void x25519_batch8_ifma_xz(fe x[8], fe z[8], const uint8_t scalars[8][32],
                           const uint8_t points[8][32]);
void x25519_batch16_ifma_xz(fe x[16], fe z[16], const uint8_t scalars[16][32],
                            const uint8_t points[16][32]);
#endif

#endif /* VEC25519_BACKEND_IFMA_X25519X8_H */
