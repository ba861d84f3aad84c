/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — SHA-512 (FIPS 180-4), one-shot and incremental.
 *
 * Used by Ed25519 (RFC 8032) and hash-to-curve (RFC 9380); exported so that
 * callers can stream a large message into an Ed25519ph pre-hash.
 * Not constant time in the message length (which is public); constant time in
 * the message contents.
 */
#ifndef VEC25519_SHA512_H
#define VEC25519_SHA512_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_SHA512_BYTES 64 /**< bytes in a digest */

/** Incremental state. Treat the fields as private; the size is part of the ABI. */
typedef struct vec25519_sha512_ctx {
    uint64_t state[8]; /**< the chaining value */
    uint64_t count[2]; /**< message length in bytes, 128-bit: count[0] low word */
    uint8_t buf[128];  /**< the unprocessed tail of the message */
} vec25519_sha512_ctx;

/** Starts a new hash in ctx. */
VEC25519_API void vec25519_sha512_init(vec25519_sha512_ctx *ctx);
/** Appends len bytes at data to the message hashed in ctx (data may be NULL when len = 0). */
VEC25519_API void vec25519_sha512_update(vec25519_sha512_ctx *ctx, const uint8_t *data, size_t len);
/** Writes the digest and wipes ctx. */
VEC25519_API void vec25519_sha512_final(vec25519_sha512_ctx *ctx, uint8_t out[64]);
/** out = SHA-512(data). */
VEC25519_API void vec25519_sha512(uint8_t out[64], const uint8_t *data, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_SHA512_H */
