/*
 * vec25519 — X25519 Diffie–Hellman (RFC 7748).
 *
 * Keys are 32-byte strings. Scalars are clamped as RFC 7748 §5 says
 * (the caller's buffer is not modified); the top bit of an input
 * u-coordinate is ignored and non-canonical u (≥ p) is accepted and reduced,
 * as RFC 7748 §5 requires.
 *
 * Both functions are constant time in the scalar.
 */
#ifndef VEC25519_X25519_H
#define VEC25519_X25519_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_X25519_BYTES 32
#define VEC25519_X25519_SCALARBYTES 32

/*
 * out = X25519(scalar, point).
 * Returns 0 on success; -1 when the shared secret is all zero (the peer's
 * point has small order), in which case out is zeroed — as libsodium's
 * crypto_scalarmult. Constant time in scalar.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519(uint8_t out[32], const uint8_t scalar[32],
                                              const uint8_t point[32]);

/*
 * out = X25519(scalar, 9): the public key of a secret scalar, computed on the
 * Edwards fixed-base table and mapped to Montgomery u = (1 + y) / (1 - y).
 * Returns 0 on success; -1 (out zeroed) only if the result is all zero, which
 * cannot happen for a clamped scalar. Constant time in scalar.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_base(uint8_t out[32], const uint8_t scalar[32]);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_X25519_H */
