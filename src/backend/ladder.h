/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The X25519 ladders every backend table is built from (RFC 7748 §5): an
 * interface the backends implement, declared in backend.h's layer. The
 * ladder on the build's serial field (serial/ladder.c), the one on the
 * fastest serial field of this CPU (dispatch.c: the one place besides the
 * choice of a table that looks at the CPU), and the glue that runs a batch
 * on a w-lane vector kernel (serial/ladder.c). Each gives the raw ladder output (canonical,
 * no all-zero check: the caller's, RFC 7748 §6.1). Plain C: no ISA flags.
 */
#ifndef VEC25519_BACKEND_LADDER_H
#define VEC25519_BACKEND_LADDER_H

#include <stddef.h>
#include <stdint.h>

#include "../field/fe.h"

/*
 * out = X25519(scalar, point) before the all-zero check, on the serial field
 * (src/field/fe.h: fe51 or fe2625). The scalar is clamped on a copy, bit 255
 * of point is ignored and u ≥ p is reduced. Constant time in scalar. out may
 * alias scalar or point.
 */
void x25519_ladder_serial(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
/* The same on the fastest serial field this CPU has: the radix-2^64
 * MULX/ADX ladder (x86_64/ladder_fe64.c) when BMI2 and ADX are
 * present, else x25519_ladder_serial. Constant time in scalar. */
void x25519_ladder_best(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

/* The widest kernel the IFMA backend's x25519_batch runs chunks on, 16 or 8
 * lanes, chosen by what the CPU is (dispatch.c states the rule and the
 * measurements behind it; VEC25519_IFMA_X25519_LANES=8 or 16 forces either).
 * Chosen once and cached. */
unsigned x25519_ifma_lanes(void);

/* The raw ladders of n entries (entry i at 32·i of each buffer), one by one
 * on x25519_ladder_serial: the serial backend's x25519_batch. Constant time
 * in every scalar and point (n public). out may be scalars or points. */
void x25519_batch_serial(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points);

/* A w-lane kernel: out[l] = the raw ladder of (scalars[l], points[l]) for
 * l < w, every input read before any output is written. Constant time. */
typedef void x25519_lanes_kernel(uint8_t (*out)[32], const uint8_t (*scalars)[32],
                                 const uint8_t (*points)[32]);
/*
 * The raw ladders of n entries on a w-lane kernel (w ≤ 16), for a vector
 * backend's x25519_batch: each full chunk of w, then a remainder r = n mod w
 * ≥ pad_min padded with zero lanes (public, and harmless since their output
 * is discarded), is copied into the kernel's arrays, run, and copied out; a
 * smaller remainder runs entry by entry on `one`. Copying (at most 1 536
 * bytes per chunk of 16 ladders) keeps the flat public buffers apart from the
 * kernel's 32-byte rows, and reads each chunk's inputs before its outputs
 * are written (out may be scalars or points); the copies are wiped.
 * Constant time in every scalar and point (n public).
 */
void x25519_batch_lanes(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points,
                        x25519_lanes_kernel *kernel, size_t w, size_t pad_min,
                        void (*one)(uint8_t out[32], const uint8_t scalar[32],
                                    const uint8_t point[32]));

/* A w-lane kernel that stops before the division: x[l], z[l] (serial field,
 * tight) with x[l]/z[l] the raw ladder of (scalars[l], points[l]) (0 when
 * z[l] = 0), for l < w; every input read before any output is written.
 * Constant time. */
typedef void x25519_lanes_xz_kernel(fe *x, fe *z, const uint8_t (*scalars)[32],
                                    const uint8_t (*points)[32]);
/*
 * out + 32·i = x[i]/z[i], canonical, for i < n; z[i] = 0 gives 0 (u of small
 * order, as the serial ladder's 1/0 = 0). One inversion for all n
 * (Montgomery's trick, fe_batch_invert on the divsteps fe_invert); a zero
 * z[i] enters the product as 1 and leaves as 0, so it spoils no other
 * entry. x and z are overwritten and wiped. Constant time in the values (n
 * public).
 */
void x25519_xz_to_bytes(size_t n, uint8_t *out, fe *x, fe *z);
/* The entries whose divisions share one inversion in x25519_batch_lanes_xz. */
#define X25519_XZ_BLOCK 64
/*
 * x25519_batch_lanes on a kernel that stops before the division: the chunks
 * of up to X25519_XZ_BLOCK entries are run (full chunks of w, then a
 * remainder ≥ pad_min padded as there), then divided by x25519_xz_to_bytes
 * with one inversion per block; a smaller remainder runs entry by entry on
 * `one`. Constant time in every scalar and point (n public); out may be
 * scalars or points (a block's inputs are read before its outputs are
 * written).
 */
void x25519_batch_lanes_xz(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points,
                           x25519_lanes_xz_kernel *kernel, size_t w, size_t pad_min,
                           void (*one)(uint8_t out[32], const uint8_t scalar[32],
                                       const uint8_t point[32]));

#endif /* VEC25519_BACKEND_LADDER_H */
