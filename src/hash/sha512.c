/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * SHA-512 (FIPS 180-4 §6.4), one-shot and incremental.
 *
 * State: the eight 64-bit working hash words H0..H7 (§5.3.5 initial values),
 * a 128-byte block buffer, and the message length in bytes as a 128-bit
 * counter (count[1]:count[0]); the bit length written by the padding (§5.1.2)
 * is that counter times 8.
 *
 * The compression function is a backend entry (src/backend/sha512_blocks.h:
 * the portable one of src/backend/serial/sha512_blocks.c, and the vector
 * backends' own, docs/sha512.md): update and final call the one in the table
 * of the backend in use, handing every whole block of a call over at once.
 * Only rotations, shifts, additions and bitwise operations touch the
 * message, so the running time depends on its length alone.
 */
#include <string.h>

#include "vec25519/sha512.h"
#include "../backend/backend.h"
#include "../backend/sha512_blocks.h"
#include "../internal/bytes.h"
#include "../internal/ct.h"

/* FIPS 180-4 §5.3.5: the first 64 bits of the fractional parts of the square
 * roots of the first 8 primes. */
static const uint64_t H0[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b), UINT64_C(0x3c6ef372fe94f82b),
    UINT64_C(0xa54ff53a5f1d36f1), UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
};


/* ctx = the empty message (§5.3.5). */
VEC25519_API void vec25519_sha512_init(vec25519_sha512_ctx *ctx)
{
    memcpy(ctx->state, H0, sizeof ctx->state);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
    memset(ctx->buf, 0, sizeof ctx->buf);
}

/*
 * Append data[0..len) to the message. Any split of a message gives the same
 * digest; len = 0 is allowed (data may then be NULL). Whole blocks are
 * compressed straight from data; a partial block waits in ctx->buf.
 * Constant time in the contents of data.
 */
VEC25519_API void vec25519_sha512_update(vec25519_sha512_ctx *ctx, const uint8_t *data, size_t len)
{
    if (len == 0) return;
    sha512_blocks_fn *blocks = backend_get()->sha512_blocks;
    size_t used = (size_t)(ctx->count[0] & 127);

    uint64_t old = ctx->count[0];
    ctx->count[0] += (uint64_t)len;
    ctx->count[1] += (ctx->count[0] < old); /* lengths are public */
#if SIZE_MAX > UINT64_MAX
    ctx->count[1] += (uint64_t)((len >> 32) >> 32);
#endif

    if (used > 0) {
        size_t take = 128 - used;
        if (len < take) {
            memcpy(ctx->buf + used, data, len);
            return;
        }
        memcpy(ctx->buf + used, data, take);
        blocks(ctx->state, ctx->buf, 1);
        data += take;
        len -= take;
    }
    if (len >= 128) {
        blocks(ctx->state, data, len / 128);
        data += len & ~(size_t)127;
        len &= 127;
    }
    if (len > 0) memcpy(ctx->buf, data, len);
}

/*
 * out = the digest of everything passed to update (§5.1.2 padding: a 1 bit,
 * zeros, and the 128-bit big-endian bit length, filling the last block or
 * two). Wipes ctx, which must be initialised again before reuse.
 */
VEC25519_API void vec25519_sha512_final(vec25519_sha512_ctx *ctx, uint8_t out[64])
{
    sha512_blocks_fn *blocks = backend_get()->sha512_blocks;
    size_t used = (size_t)(ctx->count[0] & 127);
    uint64_t bits_hi = (ctx->count[1] << 3) | (ctx->count[0] >> 61);
    uint64_t bits_lo = ctx->count[0] << 3;

    ctx->buf[used++] = 0x80;
    if (used > 112) { /* no room for the length: pad this block, length in the next */
        memset(ctx->buf + used, 0, 128 - used);
        blocks(ctx->state, ctx->buf, 1);
        used = 0;
    }
    memset(ctx->buf + used, 0, 112 - used);
    store64_be(ctx->buf + 112, bits_hi);
    store64_be(ctx->buf + 120, bits_lo);
    blocks(ctx->state, ctx->buf, 1);

    for (int i = 0; i < 8; i++) store64_be(out + 8 * i, ctx->state[i]);
    vec25519_wipe(ctx, sizeof *ctx);
}

/* out = SHA-512(data[0..len)). Constant time in the contents of data. out may overlap data. */
VEC25519_API void vec25519_sha512(uint8_t out[64], const uint8_t *data, size_t len)
{
    vec25519_sha512_ctx ctx;
    vec25519_sha512_init(&ctx);
    vec25519_sha512_update(&ctx, data, len);
    vec25519_sha512_final(&ctx, out);
}
