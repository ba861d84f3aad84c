/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The Ed25519 challenge for the tests that build signatures by hand:
 * k = SHA-512(R ‖ A ‖ m) mod ℓ (RFC 8032 §5.1.7 step 2, pure Ed25519),
 * computed by the library's verification core (src/ed25519/verify.c), so
 * that no test keeps its own copy. A wrong hash there still shows: the
 * differential tests compare every verdict with libsodium's and OpenSSL's,
 * which hash on their own.
 */
#ifndef VEC25519_TEST_CHALLENGE_H
#define VEC25519_TEST_CHALLENGE_H

#include <stddef.h>
#include <stdint.h>

#include "ed25519/ed25519_internal.h"

/* k for the encodings R and A and the message m (NULL allowed when mlen = 0);
 * the shape of adv_hooks.k (adversarial.h). */
static inline void test_ed25519_challenge(uint8_t k[32], const uint8_t R[32], const uint8_t A[32],
                                          const uint8_t *m, size_t mlen)
{
    ed25519_challenge(k, &ed25519_dom2_none, R, A, m, mlen);
}

#endif /* VEC25519_TEST_CHALLENGE_H */
