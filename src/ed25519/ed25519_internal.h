/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519 internals shared by the one-shot functions (ed25519.c), the
 * streaming ones (stream.c) and the key-pair check (keycheck.c). Hidden, like
 * every symbol outside include/.
 *
 * Notation (RFC 8032 §5.1.5-§5.1.7): h = SHA-512(seed), a = clamp(h[0..32)),
 * prefix = h[32..64), A = [a]B, r = SHA-512(dom2 ‖ prefix ‖ M) mod ℓ,
 * R = [r]B, k = SHA-512(dom2 ‖ R ‖ A ‖ M) mod ℓ, S = r + k·a mod ℓ.
 */
#ifndef VEC25519_ED25519_INTERNAL_H
#define VEC25519_ED25519_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "vec25519/sha512.h"

#include "../backend/serial/ge.h"

/* The dom2 prefix of one call: F, C and whether it is present at all. */
typedef struct {
    int present; /* 0 for pure Ed25519 */
    uint8_t phflag;
    const uint8_t *ctx;
    size_t ctxlen; /* ≤ 255, checked by the callers */
} dom2_params;

/* sha512_update that accepts (NULL, 0), e.g. an empty message or context. */
void ed25519_hash_update(vec25519_sha512_ctx *h, const uint8_t *p, size_t n);

/* Starts a hash with dom2(F, C) (RFC 8032 §2), or with nothing for pure Ed25519. */
void ed25519_hash_init_dom2(vec25519_sha512_ctx *h, const dom2_params *dom);

/*
 * a = clamp(SHA-512(seed)[0..32)) mod ℓ and prefix = SHA-512(seed)[32..64)
 * (RFC 8032 §5.1.6 step 1). Constant time; seed may alias the outputs.
 */
void ed25519_expand_seed(uint8_t a[32], uint8_t prefix[32], const uint8_t seed[32]);

/*
 * The key-pair consistency check (keycheck.c): 0 if sk[32..64) is the
 * encoding of [a]B, where a is the scalar ed25519_expand_seed derives from
 * sk[0..32); -1 if it is not. Signing with a public half that is not [a]B
 * would let anyone who gets two signatures of one message under two such
 * public halves solve for a ("double public key" attack), so every signer
 * calls this first. A per-thread cache of the pairs already checked makes
 * the common case (one key, many messages) cost one SHA-512 block instead
 * of a fixed-base multiplication and an inversion. Constant time in sk and
 * a; the verdict and whether the cache answered are declassified (see
 * keycheck.c for what that reveals).
 */
int ed25519_key_check(const uint8_t sk[64], const uint8_t a[32]);

/* Records that sk = seed ‖ pk is consistent (keypair just made it so), so
 * that the first signature with it is a cache hit. Constant time. */
void ed25519_key_check_remember(const uint8_t sk[64]);

/* For the tests and the benchmark: empties the calling thread's cache, and
 * reads its counters (either pointer may be NULL). */
void ed25519_key_check_cache_clear(void);
void ed25519_key_check_stats(unsigned long *hits, unsigned long *misses);

/*
 * Verification, split so that the one-shot and the streaming verifiers run
 * the same code (the policy of include/vec25519/ed25519.h):
 *   ed25519_verify_prepare  S < ℓ, A and R decode strictly, neither has
 *                           small order: 0 (A and R written) or -1;
 *   ed25519_verify_equation [8]([S]B − [k]A − R) = identity: 0 or -1.
 * Variable time: every input is public.
 */
int ed25519_verify_prepare(ge_ext *A, ge_ext *R, const uint8_t sig[64], const uint8_t pk[32]);
int ed25519_verify_equation(const uint8_t k[32], const uint8_t S[32], const ge_ext *A,
                            const ge_ext *R);

/*
 * S = r + k·a mod ℓ with k = digest mod ℓ (digest = SHA-512(dom2 ‖ R ‖ A ‖ M));
 * sig = R ‖ S, S declassified (the public signature). Constant time in r and a.
 */
void ed25519_sign_finish(uint8_t sig[64], const uint8_t R[32], const uint8_t digest[64],
                         const uint8_t a[32], const uint8_t r[32]);

#endif /* VEC25519_ED25519_INTERNAL_H */
