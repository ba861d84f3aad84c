/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 Diffie–Hellman (RFC 7748 §5, §6.1).
 *
 * vec25519_x25519 runs the Montgomery ladder of the backend in use (its
 * x25519 entry, src/backend/backend.h: the serial field's ladder of
 * src/backend/serial/ladder.c, the MULX/ADX one of src/backend/x86_64/, or the
 * IFMA one of src/backend/ifma/), then the all-zero check of §6.1.
 *
 * vec25519_x25519_base computes [s]B on edwards25519 with the backend's
 * fixed-base multiplication and maps the result to Montgomery form with the
 * birational map u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y) (RFC 7748 §4.1),
 * both in the backend's base_encode (src/backend/backend.h; batched in
 * src/x25519/base_batch.c).
 *
 * Both are constant time in the scalar. The only secret-derived value that
 * becomes a branch is the "shared secret is all zero" verdict, which RFC 7748
 * §6.1 makes public (the caller must be told to abort).
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/util.h"
#include "vec25519/x25519.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "ladder.h"

/*
 * Maps the verdict "out is all zero" to the return code, and zeroes out in
 * that case (it already is; the cmov keeps the contract independent of how
 * out was produced). The verdict is declassified: RFC 7748 §6.1 requires the
 * caller to learn it, and it only says that the peer's point has small order.
 */
int x25519_finish(uint8_t out[32])
{
    static const uint8_t zero[32] = {0};
    ct_mask is_zero = ct_is_zero_bytes(out, 32);
    ct_cmov_bytes(out, zero, 32, is_zero);
    return ct_declassify_mask(is_zero) ? -1 : 0;
}

/*
 * out = X25519(scalar, point) through the backend's ladder. Returns -1 with
 * out zeroed when the result is all zero. Constant time in scalar. out may
 * alias scalar or point.
 */
VEC25519_API int vec25519_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    backend_get()->x25519(out, scalar, point);
    return x25519_finish(out);
}

/*
 * out = X25519(scalar, 9): the u-coordinate of [clamp(scalar)]B on
 * edwards25519, u = (Z + Y)/(Z − Y) with one inversion (RFC 7748 §4.1),
 * through the backend's fixed-base encoding (backend.h, base_encode).
 * Constant time in scalar. out may alias scalar.
 */
VEC25519_API int vec25519_x25519_base(uint8_t out[32], const uint8_t scalar[32])
{
    uint8_t k[32];

    sc_clamp(k, scalar); /* k[31] ≤ 127, as base_encode requires */
    backend_get()->base_encode(1, out, k, BASE_ENCODE_X25519);
    vec25519_wipe(k, sizeof k);
    return x25519_finish(out);
}

/* sk = 32 random bytes (as drawn; X25519 clamps), pk = X25519(sk, 9). */
VEC25519_API int vec25519_x25519_keypair_random(uint8_t pk[32], uint8_t sk[32])
{
    if (vec25519_random_bytes(sk, 32) != 0) {
        memset(pk, 0, 32);
        return -1; /* sk is zeroed by vec25519_random_bytes */
    }
    (void)vec25519_x25519_base(pk, sk); /* cannot fail for a clamped scalar */
    ct_declassify(pk, 32);              /* the public key */
    return 0;
}

/*
 * The u-coordinates of small order, as 255-bit strings (bit 255 is ignored,
 * RFC 7748 §5): 0 and p (its non-canonical form), 1 and p + 1, p − 1, and
 * the two u of order 8. No other u < 2^255 reduces to one of these: the
 * non-canonical u are p … p + 18, and p − 1 + p and the two of order 8 plus p
 * are ≥ 2^255. Every other u has a non-zero multiple by every clamped scalar
 * (x25519.h), so this is the exact set of peers for which vec25519_x25519
 * fails: tests/test_policy.c checks the two verdicts agree on Wycheproof's
 * cases and on these seven.
 */
static const uint8_t small_order_u[7][32] = {
    {0},
    {1},
    {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4, 0x6a,
     0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00},
    {0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef, 0x5b,
     0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f, 0x11, 0x57},
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0xee, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
};

/* A table look-up rather than a ladder (x25519.h): a TLS stack validates
 * every key share, and a ladder here would double the cost of the derive
 * that follows. Variable time: pk is public. */
VEC25519_API vec25519_error vec25519_x25519_public_key_check(const uint8_t pk[32])
{
    uint8_t u[32];

    memcpy(u, pk, 32);
    u[31] &= 0x7f;
    for (size_t i = 0; i < 7; i++)
        if (memcmp(u, small_order_u[i], 32) == 0) return VEC25519_ERR_X25519_SMALL_ORDER;
    return VEC25519_OK;
}
