/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The AVX2 backend: the vector scalar-multiplication algorithms of
 * src/backend/vector/ on the 4-way AVX2 points (edwards_avx2.h),
 * defining `avx2_backend`. Compiled with -mavx2; used only when
 * cpu_features().avx2 (src/backend/dispatch.c). Its SHA-512 is the AVX2
 * message schedule (sha512_avx2.c, docs/sha512.md); its X25519 the MULX/ADX
 * ladder, batched on the 4-lane kernel (x25519x4.c).
 */
#define VEC25519_VECTOR_AVX2 1
#include <stddef.h>
#include <stdint.h>

#include "../sha512_blocks.h"
#include "../ladder.h" /* x25519_ladder_best, x25519_batch_lanes */
#include "x25519x4.h"
#define VBACKEND_SHA512_BLOCKS sha512_blocks_avx2

/*
 * X25519, the one place that routes it for this table: single keys on the
 * BMI2/ADX radix-2^64 ladder (or the serial one; x25519_ladder_best,
 * src/backend/dispatch.c), which beats a ladder on this 4-way field
 * (docs/x25519.md); batches in chunks of 4 on the AVX2 kernel, which costs
 * 0.62× a single ladder per key (docs/x25519.md §9.5).
 */
#define VBACKEND_X25519 x25519_ladder_best
/*
 * A remainder of r = n mod 4 entries is padded into one more 4-lane call
 * when r ≥ this, else run singly: one 4-lane AVX2 call costs 2.5 single
 * BMI2/ADX ladders (docs/x25519.md §9.5).
 */
#define X25519_BATCH_PAD_MIN_AVX2 3

/* The table's x25519_batch (src/backend/backend.h). Constant time. */
static void avx2_x25519_batch(size_t n, uint8_t *out, const uint8_t *scalars,
                              const uint8_t *points)
{
    x25519_batch_lanes(n, out, scalars, points, x25519_batch4_avx2, 4, X25519_BATCH_PAD_MIN_AVX2,
                       x25519_ladder_best);
}

/* The vector algorithms (src/backend/vector/algorithms.h lists them). */
#include "../vector/variable_base.c"
#include "../vector/fixed_base.c"
#include "../vector/double_base.c"
#include "../vector/straus.c"
#include "../vector/pippenger.c"
#include "../vector/multiscalar.c"
#include "../vector/decode.c"
#include "../vector/backend.c"
