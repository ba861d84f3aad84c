/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519 internals shared by the one-shot functions (ed25519.c), the
 * streaming ones (stream.c), the verification core (verify.c), batch.c and
 * the key-pair check (keycheck.c). Hidden, like
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

#include "vec25519/ed25519.h"
#include "vec25519/error.h"
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
 * The verification core (verify.c), shared by every verifier: one-shot and
 * streaming (ed25519.c, stream.c), batch, ZIP-215 and expanded-key (batch.c).
 * Variable time: every input is public.
 */

/* The policies of include/vec25519/ed25519.h: strict (RFC 8032 §5.1.7 with
 * canonical encodings and no small-order A or R) and ZIP-215. */
typedef vec25519_ed25519_policy ed25519_policy;
#define ED25519_STRICT VEC25519_ED25519_STRICT
#define ED25519_ZIP215 VEC25519_ED25519_ZIP215

/* No dom2 prefix (pure Ed25519). */
extern const dom2_params ed25519_dom2_none;

/* k = SHA-512(dom2 ‖ R ‖ A ‖ M) mod ℓ (RFC 8032 §5.1.7 step 2) over the
 * encodings as received; msg may be NULL when len = 0. In two halves for
 * the streaming verifier: _init hashes dom2 ‖ R ‖ A, the caller the
 * message, _final reduces (and wipes h). */
void ed25519_challenge(uint8_t k[32], const dom2_params *dom, const uint8_t R[32],
                       const uint8_t A[32], const uint8_t *msg, size_t len);
void ed25519_challenge_init(vec25519_sha512_ctx *h, const dom2_params *dom, const uint8_t R[32],
                            const uint8_t A[32]);
void ed25519_challenge_final(uint8_t k[32], vec25519_sha512_ctx *h);

/* 1 iff enc, an encoding a decoder accepted, is that of a point of small
 * order (its low 255 bits are one of the five small-order y), else 0. */
int ed25519_small_order_encoding(const uint8_t enc[32]);

/* The policy's verdict on an encoding its decoder returned rc for: VEC25519_OK,
 * not_point (VEC25519_ERR_PK_NOT_POINT or VEC25519_ERR_R_NOT_POINT) when the
 * decoder refused it, or the small-order code that follows not_point. */
vec25519_error ed25519_point_why(int rc, const uint8_t enc[32], ed25519_policy pol,
                                 vec25519_error not_point);

/* The same verdict as 0 / -1. */
int ed25519_point_verdict(int rc, const uint8_t enc[32], ed25519_policy pol);

/* P = the point of enc under the policy's decoder; its verdict, 0 or -1. */
int ed25519_decode_point(ge_ext *P, const uint8_t enc[32], ed25519_policy pol);

/* A = the point of pk under the policy's decoder; VEC25519_OK or why not. */
vec25519_error ed25519_public_key_why(ge_ext *A, const uint8_t pk[32], ed25519_policy pol);

/* S = sig[32..64) < ℓ, and A (from pk) and R (from sig[0..32)) accepted by
 * the policy, checked in that order: VEC25519_OK with A and R written, or the
 * first rule broken (include/vec25519/ed25519.h, vec25519_ed25519_verify_ex). */
vec25519_error ed25519_verify_prepare(ge_ext *A, ge_ext *R, const uint8_t sig[64],
                                      const uint8_t pk[32], ed25519_policy pol);

/* The cofactored verdict: 0 iff [8]P = identity, else -1. */
int ed25519_cofactored_verdict(const ge_ext *P);

/* The single equation [8]([S]B − [k]A − R) = identity: 0 or -1. */
int ed25519_verify_equation(const uint8_t k[32], const uint8_t S[32], const ge_ext *A,
                            const ge_ext *R);

/* One signature, the message in one piece: the argument check (msg NULL
 * with len > 0), ed25519_verify_prepare, the challenge and the equation.
 * VEC25519_OK or the first rule broken (VEC25519_ERR_EQUATION last). */
vec25519_error ed25519_verify_single(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                     const dom2_params *dom, const uint8_t pk[32],
                                     ed25519_policy pol);

/*
 * S = r + k·a mod ℓ with k = digest mod ℓ (digest = SHA-512(dom2 ‖ R ‖ A ‖ M));
 * sig = R ‖ S, S declassified (the public signature). Constant time in r and a.
 */
void ed25519_sign_finish(uint8_t sig[64], const uint8_t R[32], const uint8_t digest[64],
                         const uint8_t a[32], const uint8_t r[32]);

#endif /* VEC25519_ED25519_INTERNAL_H */
