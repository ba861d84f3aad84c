/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The SHA-512 compression function (FIPS 180-4 §6.4.2) behind
 * vec25519_sha512_* (src/hash/sha512.c), in its portable form and its ISA
 * forms (docs/sha512.md): an interface the backends implement, declared in
 * backend.h's layer. Each backend table names one (backend.h:
 * sha512_blocks); src/hash/sha512.c calls the one of the backend in use.
 *
 * Every form has the same contract:
 *   state = the eight working hash words H0..H7, updated in place;
 *   p     = n ≥ 1 whole 128-byte blocks, any alignment, not overlapping state;
 *   the message schedule and the K+W buffers it keeps on the stack are wiped
 *   on return.
 * Constant time in the block contents (rotations, shifts, additions and
 * bitwise operations only); the running time depends on n alone.
 */
#ifndef VEC25519_BACKEND_SHA512_BLOCKS_H
#define VEC25519_BACKEND_SHA512_BLOCKS_H

#include <stddef.h>
#include <stdint.h>

/* FIPS 180-4 §4.2.3: the round constants K_0..K_79 (serial/sha512_blocks.c). */
extern const uint64_t sha512_k[80];

typedef void sha512_blocks_fn(uint64_t state[8], const uint8_t *p, size_t n);

/* Portable C: the reference and the serial backend's (serial/sha512_blocks.c). */
void sha512_blocks_portable(uint64_t state[8], const uint8_t *p, size_t n);

#if defined(VEC25519_X86_64)
/* AVX2 message schedule of two blocks at a time next to BMI2 (RORX, ANDN)
 * scalar rounds (src/backend/avx2/sha512_avx2.c). Call only when the CPU
 * has AVX2; without BMI2 it runs sha512_blocks_portable. */
void sha512_blocks_avx2(uint64_t state[8], const uint8_t *p, size_t n);
/* The same with the AVX-512VL schedule (VPRORQ, VPTERNLOGQ;
 * src/backend/avx512/sha512_avx512.c). Call only when the CPU has AVX-512F
 * and AVX-512VL (and the OS saves their state); without BMI2 it runs
 * sha512_blocks_portable. */
void sha512_blocks_avx512(uint64_t state[8], const uint8_t *p, size_t n);
#endif

#endif /* VEC25519_BACKEND_SHA512_BLOCKS_H */
