/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * What src/ristretto/ristretto255.c offers the drop-in libvec25519-sodium
 * (sodium/, docs/sodium.md) beyond the public API. Internal, not exported.
 */
#ifndef VEC25519_RISTRETTO_RISTRETTO255_INTERNAL_H
#define VEC25519_RISTRETTO_RISTRETTO255_INTERNAL_H

#include <stdint.h>

#include "vec25519/ristretto255.h"

/*
 * q = ENCODE([n mod ℓ]p) for any 256-bit n: point_mul followed by
 * point_tobytes, with ENCODE's inverse square root replaced by an inversion
 * ([n]p is computed as the double of [n/2 mod ℓ]p). Returns -1, q zeroed,
 * when the result is the identity, else 0. Constant time in n and p except
 * for that verdict. q may alias n.
 */
int ristretto255_point_mul_encode(uint8_t q[32], const uint8_t n[32],
                                  const vec25519_ristretto255_point *p);

#endif /* VEC25519_RISTRETTO_RISTRETTO255_INTERNAL_H */
