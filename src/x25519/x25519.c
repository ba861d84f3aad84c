/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 Diffie–Hellman (RFC 7748 §5, §6.1).
 *
 * vec25519_x25519 runs the Montgomery ladder of the backend in use (its
 * x25519 entry, src/backend/backend.h: the serial field's ladder of
 * src/montgomery/ladder.c, the MULX/ADX one of src/backend/x86_64/, or the
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
