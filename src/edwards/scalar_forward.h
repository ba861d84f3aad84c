/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The scalar operations mod ℓ of include/vec25519/edwards25519.h, offered
 * again under the ristretto255 prefix (src/ristretto/ristretto255.c, the same
 * group order) and the deprecated ed25519 one (src/edwards/deprecated.c).
 * SCALAR_FORWARDERS(prefix) defines vec25519_<prefix>_scalar_<op> for every
 * op below as a call of vec25519_edwards25519_scalar_<op>; the prototypes,
 * with their contracts, are the public headers'.
 *
 * SCALAR_OPS lists (return type, "return" or nothing, op, parameters,
 * arguments).
 */
#ifndef VEC25519_EDWARDS_SCALAR_FORWARD_H
#define VEC25519_EDWARDS_SCALAR_FORWARD_H

#include <stdint.h>

#include "vec25519/edwards25519.h"

/* clang-format off */
#define SCALAR_OPS(X)                                                                     \
    X(void, ,       random,     (uint8_t r[32]),                                  (r))       \
    X(int,  return, invert,     (uint8_t recip[32], const uint8_t s[32]),         (recip, s)) \
    X(void, ,       negate,     (uint8_t neg[32], const uint8_t s[32]),           (neg, s))  \
    X(void, ,       complement, (uint8_t comp[32], const uint8_t s[32]),          (comp, s)) \
    X(void, ,       add,        (uint8_t z[32], const uint8_t x[32], const uint8_t y[32]), (z, x, y)) \
    X(void, ,       sub,        (uint8_t z[32], const uint8_t x[32], const uint8_t y[32]), (z, x, y)) \
    X(void, ,       mul,        (uint8_t z[32], const uint8_t x[32], const uint8_t y[32]), (z, x, y)) \
    X(void, ,       reduce,     (uint8_t r[32], const uint8_t s[64]),             (r, s))
/* clang-format on */

#define SCALAR_FORWARD_ONE_(prefix, type, ret, op, params, args)                          \
    VEC25519_API type vec25519_##prefix##_scalar_##op params                             \
    {                                                                                     \
        ret vec25519_edwards25519_scalar_##op args;                                       \
    }
#define SCALAR_FORWARD_RISTRETTO255_(type, ret, op, params, args) \
    SCALAR_FORWARD_ONE_(ristretto255, type, ret, op, params, args)
#define SCALAR_FORWARD_ED25519_(type, ret, op, params, args) \
    SCALAR_FORWARD_ONE_(ed25519, type, ret, op, params, args)

/* The definitions for one prefix: ristretto255 or ed25519. */
#define SCALAR_FORWARDERS(prefix) SCALAR_OPS(SCALAR_FORWARD_##prefix##_)

#endif /* VEC25519_EDWARDS_SCALAR_FORWARD_H */
