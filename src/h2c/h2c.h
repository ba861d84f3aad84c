/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Hash-to-curve internals (RFC 9380), shared by src/h2c/hash_to_curve.c and
 * the tests, which check the intermediate values of the RFC's vectors.
 */
#ifndef VEC25519_H2C_H2C_H
#define VEC25519_H2C_H2C_H

#include <stddef.h>
#include <stdint.h>

#include "../backend/serial/ge.h"
#include "../field/fe.h"

/* L = ceil((ceil(log2(p)) + k)/8) = ceil((255 + 128)/8) bytes per element
 * (RFC 9380 §5.1, k = 128 for the Curve25519 suites, §8.5). */
#define H2C_L 48

/*
 * u[0..count) = hash_to_field(msg, count) of RFC 9380 §5.2 for GF(p),
 * p = 2^255 - 19 (m = 1, L = 48) with expand_message_xmd / SHA-512 and tag
 * dst. Returns 0, or -1 when count is not 1 or 2, or (u zeroed) when dstlen
 * is 0 (a tag over 255 bytes is hashed, RFC 9380 §5.3.3). Constant time in msg.
 */
int h2c_hash_to_field(fe *u, size_t count, const uint8_t *msg, size_t len, const uint8_t *dst,
                      size_t dstlen);

/*
 * P = hash_to_curve(msg) (random_oracle = 1) or encode_to_curve(msg)
 * (random_oracle = 0) of the edwards25519_XMD:SHA-512_ELL2 suites (RFC 9380
 * §3, §8.5), as an edwards25519 point in the prime-order subgroup. The
 * curve25519 suites are the same points seen through the birational map.
 * Returns 0, or -1 with P = identity when dstlen is 0 (longer tags:
 * §5.3.3). Constant
 * time in msg.
 */
int h2c_edwards25519(ge_ext *P, int random_oracle, const uint8_t *msg, size_t len,
                     const uint8_t *dst, size_t dstlen);

#endif /* VEC25519_H2C_H2C_H */
