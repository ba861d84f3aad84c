/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * [s]P beside the subgroup test [ℓ]P = O, and [s]P on the scalar's two
 * halves, in the two halves of 512-bit registers (scalarmult_x2.c). The
 * prototypes need no instruction-set flags; call only where
 * cpu_features().avx512ifma.
 */
#ifndef VEC25519_BACKEND_IFMA_SCALARMULT_X2_H
#define VEC25519_BACKEND_IFMA_SCALARMULT_X2_H

#include <stdint.h>

#include "../../internal/ct.h"
#include "../serial/ge.h"

/* r = [s]P (s: 32 bytes, s[31] ≤ 127, as the table's scalarmult) and
 * *in_order = all ones iff [ℓ]P is the identity. Constant time in s and P;
 * r may alias P. */
void ifma_scalarmult_order_x2(ge_ext *r, ct_mask *in_order, const uint8_t s[32], const ge_ext *P);

/* r = [s]P (s: 32 bytes, s[31] ≤ 127, as the table's scalarmult), the low
 * 128 bits of s in the low halves of the registers and the high ones in the
 * high halves. Constant time in s and P; r may alias P. */
void ifma_scalarmult_halves_x2(ge_ext *r, const uint8_t s[32], const ge_ext *P);

#endif /* VEC25519_BACKEND_IFMA_SCALARMULT_X2_H */
