/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — why a public key or a signature was refused.
 *
 * The functions that return 0 / -1 (vec25519_ed25519_verify, ...) say only
 * whether; the checks below say why, with one code per rule of the policy
 * that refused. The codes are part of the ABI: their values never change and
 * new ones are only added. vec25519_strerror turns a code into one English
 * sentence, for a log or a message to a person; programs compare the codes.
 */
#ifndef VEC25519_ERROR_H
#define VEC25519_ERROR_H

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The verdict of a check: VEC25519_OK (0), or the rule that refused. */
typedef enum vec25519_error {
    VEC25519_OK = 0,                 /**< accepted */
    VEC25519_ERR_ARGUMENT = 1,       /**< a NULL pointer with a non-zero length, or an unknown policy */
    VEC25519_ERR_S_NOT_CANONICAL = 2, /**< Ed25519: S (sig[32..64)) ≥ ℓ */
    VEC25519_ERR_R_NOT_POINT = 3,    /**< Ed25519: R (sig[0..32)) is not accepted by the policy's decoder */
    VEC25519_ERR_R_SMALL_ORDER = 4,  /**< Ed25519, strict policy: R has small order */
    VEC25519_ERR_PK_NOT_POINT = 5,   /**< Ed25519: the public key A is not accepted by the policy's decoder */
    VEC25519_ERR_PK_SMALL_ORDER = 6, /**< Ed25519, strict policy: A has small order */
    VEC25519_ERR_EQUATION = 7,       /**< Ed25519: the encodings pass, the cofactored equation does not hold */
    VEC25519_ERR_X25519_SMALL_ORDER = 8 /**< X25519: the public u has small order (every shared secret is zero) */
} vec25519_error;

/**
 * A sentence (English, no final period, static storage) that says what err
 * means, e.g. "R has small order"; "unknown error" for a value that is not a
 * vec25519_error. Never NULL. Thread-safe.
 */
VEC25519_API const char *vec25519_strerror(int err);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_ERROR_H */
