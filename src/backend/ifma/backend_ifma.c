/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The IFMA backend: the vector scalar-multiplication algorithms of
 * src/backend/vector/ on the 4-way IFMA points (edwards_ifma.h),
 * defining `ifma_backend`. Compiled with -mavx512f -mavx512vl -mavx512ifma;
 * used only when cpu_features().avx512ifma (src/backend/dispatch.c). Its
 * SHA-512 is the AVX-512VL message schedule (src/backend/avx512/, which
 * needs only AVX-512F and VL, both implied here; docs/sha512.md). Its X25519
 * is the IFMA ladder, batched on the 16- and 8-lane kernels (x25519x8.c).
 */
#define VEC25519_VECTOR_IFMA 1
#include <stddef.h>
#include <stdint.h>

#include "../sha512_blocks.h"
#include "../ladder.h" /* x25519_batch_lanes */
#define VBACKEND_SHA512_BLOCKS sha512_blocks_avx512
#include "ladder_ifma.h"
#include "x25519x8.h"

/* X25519, the one place that routes it for this table: single keys on the
 * ladder on the 4-way IFMA field (ladder_ifma.c, docs/x25519.md §8), batches
 * on the 16- and 8-lane kernels (x25519x8.c) as below. */
#define VBACKEND_X25519 x25519_ladder_ifma

/*
 * Where x25519_ifma_lanes() is 16 (src/backend/dispatch.c: the CPU decides):
 * chunks of 16 run on the 16-lane kernel (two 8-lane groups side by side:
 * one call costs about 1.8 calls of the 8-lane kernel, docs/x25519.md §9.6);
 * a remainder r = n mod 16 ≥ X25519_BATCH_PAD16_MIN_IFMA is padded into one
 * more 16-lane call (1.8 < 2 calls of 8, or one of 8 and two single
 * ladders). A smaller remainder, or all of n where the choice is 8, goes to
 * the 8-lane kernel: chunks of 8, then r mod 8 padded into one more 8-lane
 * call when ≥ X25519_BATCH_PAD_MIN_IFMA, else run singly on
 * x25519_ladder_ifma (one 8-lane call costs 2.1 single ladders of this
 * backend, §9.5).
 */
#define X25519_BATCH_PAD16_MIN_IFMA 10
#define X25519_BATCH_PAD_MIN_IFMA 3
/*
 * Where the part for one kernel is a single call (at most 16, or 8, entries),
 * the kernel divides in its own registers (x25519_batch16_ifma /
 * x25519_batch8_ifma: Montgomery's trick in the lanes, one inversion, x8_divide
 * in x25519x8.c); a longer part shares one inversion per block of
 * X25519_XZ_BLOCK entries (x25519_batch_lanes_xz), cheaper per entry there.
 */

/* The table's x25519_batch (src/backend/backend.h). Constant time (n public). */
static void ifma_x25519_batch(size_t n, uint8_t *out, const uint8_t *scalars,
                              const uint8_t *points)
{
    const size_t r = n % 16;
    const size_t n16 = x25519_ifma_lanes() != 16         ? 0
                       : r >= X25519_BATCH_PAD16_MIN_IFMA ? n
                                                          : n - r;

    if (n16 > 16)
        x25519_batch_lanes_xz(n16, out, scalars, points, x25519_batch16_ifma_xz, 16,
                              X25519_BATCH_PAD16_MIN_IFMA, x25519_ladder_ifma);
    else if (n16 != 0)
        x25519_batch_lanes(n16, out, scalars, points, x25519_batch16_ifma, 16,
                           X25519_BATCH_PAD16_MIN_IFMA, x25519_ladder_ifma);
    if (n - n16 > 8)
        x25519_batch_lanes_xz(n - n16, out + 32 * n16, scalars + 32 * n16, points + 32 * n16,
                              x25519_batch8_ifma_xz, 8, X25519_BATCH_PAD_MIN_IFMA,
                              x25519_ladder_ifma);
    else if (n16 != n)
        x25519_batch_lanes(n - n16, out + 32 * n16, scalars + 32 * n16, points + 32 * n16,
                           x25519_batch8_ifma, 8, X25519_BATCH_PAD_MIN_IFMA, x25519_ladder_ifma);
}

#include "scalarmult_x2.h" /* its scalarmult_order and scalarmult_best */
#include "base_x8.h"     /* its fixed-base entries (VBACKEND_SCALARMULT_BASE, ..._BASE_ENCODE) */
/* The vector algorithms (src/backend/vector/algorithms.h lists them). */
#include "../vector/variable_base.c"
#include "../vector/fixed_base.c"
#include "../vector/double_base.c"
#include "../vector/straus.c"
#include "../vector/pippenger.c"
#include "../vector/multiscalar.c"
#include "../vector/decode.c"

/* The table's scalarmult (vpoint.h, VBACKEND_SCALARMULT): the scalar's two
 * halves in the two halves of 512-bit registers where a 512-bit operation
 * costs a 256-bit one (dispatch.c, scalarmult_halves_best), else the 4-way
 * [s]P of vector/variable_base.c. Constant time; r may alias P. */
static void VFN(scalarmult_best)(ge_ext *r, const uint8_t s[32], const ge_ext *P)
{
    if (scalarmult_halves_best())
        ifma_scalarmult_halves_x2(r, s, P);
    else
        VFN(scalarmult)(r, s, P);
}

#include "../vector/backend.c"
