/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519_strerror: one sentence per vec25519_error (include/vec25519/error.h).
 * The sentences are the ones the vec25519 program prints after "FAIL: ".
 */
#include <stddef.h>

#include "vec25519/error.h"

VEC25519_API const char *vec25519_strerror(int err)
{
    switch (err) {
    case VEC25519_OK: return "success";
    case VEC25519_ERR_ARGUMENT:
        return "an argument is invalid (a NULL pointer with a non-zero length, or an unknown "
               "policy)";
    case VEC25519_ERR_S_NOT_CANONICAL:
        return "S (the second half of the signature) is not reduced modulo the group order";
    case VEC25519_ERR_R_NOT_POINT:
        return "R (the first half of the signature) is not a canonical encoding of a curve point";
    case VEC25519_ERR_R_SMALL_ORDER: return "R has small order";
    case VEC25519_ERR_PK_NOT_POINT:
        return "the public key is not a canonical encoding of a curve point";
    case VEC25519_ERR_PK_SMALL_ORDER: return "the public key has small order";
    case VEC25519_ERR_EQUATION:
        return "the signature does not match the message and the public key";
    case VEC25519_ERR_X25519_SMALL_ORDER:
        return "the public key has small order (every X25519 shared secret with it is all zero)";
    }
    return "unknown error";
}
