/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — Ed25519, Ed25519ctx and Ed25519ph signatures (RFC 8032 §5.1).
 *
 * Key formats are libsodium's: a 32-byte seed, a 32-byte public key, and a
 * 64-byte secret key sk = seed ‖ pk.
 *
 * Verification policy (identical for every verify function here and for the
 * batch verifier, so that their answers can never differ):
 *   - the signature is exactly 64 bytes R ‖ S;
 *   - S must be canonical: S < ℓ (S ≥ ℓ is rejected, RFC 8032 §5.1.7);
 *   - A (public key) and R must be canonical encodings of curve points:
 *     y < p, x exists, and not (x = 0 with the sign bit set);
 *   - A and R must not have small order (rejects the 8 torsion points; a
 *     point with a torsion component but large order is accepted, and the
 *     cofactored equation below removes the torsion component);
 *   - the cofactored equation [8][S]B = [8]R + [8][k]A holds, with
 *     k = SHA-512(dom2(F, C) ‖ R ‖ A ‖ M) mod ℓ.
 * This is the strict policy of current libsodium. Differences with peers, each
 * asserted by the differential tests:
 *   - libsodium 1.0.18 uses the cofactorless equation [S]B = R + [k]A: it
 *     rejects some signatures whose A or R carry a torsion component that we
 *     accept (when T_R + [k]T_A ≠ 0); otherwise identical verdicts.
 *   - OpenSSL 3.0 is cofactorless too, and in addition accepts small-order
 *     public keys (in any encoding, including y ≥ p and x = 0 with the sign
 *     bit set) and R = identity, all of which we reject.
 *
 * Signing is constant time in the secret key and the nonce. Verification is
 * variable time (all its inputs are public).
 */
#ifndef VEC25519_ED25519_H
#define VEC25519_ED25519_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_ED25519_SEEDBYTES 32       /**< bytes in a seed (the secret from which a key pair is derived) */
#define VEC25519_ED25519_PUBLICKEYBYTES 32  /**< bytes in a public key (the encoding of A) */
#define VEC25519_ED25519_SECRETKEYBYTES 64  /**< bytes in a secret key: seed ‖ public key */
#define VEC25519_ED25519_BYTES 64           /**< bytes in a signature R ‖ S */
#define VEC25519_ED25519_CONTEXTMAXBYTES 255 /**< longest Ed25519ctx / Ed25519ph context */

/** pk = [s]B where s is the clamped first half of SHA-512(seed); sk = seed ‖ pk.
 * Constant time. */
VEC25519_API void vec25519_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);

/** sig = Ed25519 signature of msg under sk (pure Ed25519, RFC 8032 §5.1.6).
 * sk must be seed ‖ pk as written by vec25519_ed25519_keypair. Constant time
 * in sk; msg may alias sig. */
VEC25519_API void vec25519_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                                        const uint8_t sk[64]);

/** 0 if sig is a valid Ed25519 signature of msg under pk (policy above), else -1. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify(const uint8_t sig[64], const uint8_t *msg,
                                                      size_t len, const uint8_t pk[32]);

/** Ed25519ctx (RFC 8032 §5.1, phflag = 0). The context must be 1..255 bytes
 * (RFC 8032: Ed25519ctx SHOULD NOT be used with an empty context; we refuse it,
 * since the empty-context case is pure Ed25519's job). Returns 0, or -1 on a
 * bad context length with sig zeroed. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg,
                                                       size_t len, const uint8_t *ctx,
                                                       size_t ctxlen, const uint8_t sk[64]);
/** 0 if valid, -1 if not or if the context length is outside 1..255. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg,
                                                         size_t len, const uint8_t *ctx,
                                                         size_t ctxlen, const uint8_t pk[32]);

/** Ed25519ph (RFC 8032 §5.1, phflag = 1): signs SHA-512(msg). The context may
 * be 0..255 bytes. Returns 0, or -1 when ctxlen > 255 (sig zeroed). */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg,
                                                      size_t len, const uint8_t *ctx,
                                                      size_t ctxlen, const uint8_t sk[64]);
/** 0 if sig is a valid Ed25519ph signature of msg (of SHA-512(msg)) with context ctx under pk
 * (the policy above), else -1; -1 also when ctxlen > 255. Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg,
                                                        size_t len, const uint8_t *ctx,
                                                        size_t ctxlen, const uint8_t pk[32]);
/** The same, given the 64-byte pre-hash SHA-512(msg) (e.g. streamed with
 * vec25519_sha512_update). */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_sign_prehashed(uint8_t sig[64],
                                                                const uint8_t prehash[64],
                                                                const uint8_t *ctx, size_t ctxlen,
                                                                const uint8_t sk[64]);
/** vec25519_ed25519ph_verify given the 64-byte pre-hash SHA-512(msg). Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_verify_prehashed(const uint8_t sig[64],
                                                                  const uint8_t prehash[64],
                                                                  const uint8_t *ctx,
                                                                  size_t ctxlen,
                                                                  const uint8_t pk[32]);

/* ---- Batch verification, ZIP-215, expanded public keys (src/ed25519/batch.c) ---- */

/**
 * Verifies n pure-Ed25519 signatures at once: sigs[i] (64 bytes) of msgs[i]
 * (lens[i] bytes; msgs[i] may be NULL when lens[i] = 0) under pks[i].
 * Returns 0 when every signature is valid (and for n = 0), else -1. When
 * results is not NULL, results[i] = 0 if signature i is valid and -1 if not.
 *
 * The policy is the one above, with the same cofactored equation, so each
 * verdict is vec25519_ed25519_verify's verdict on that signature, for every
 * input (mixed-order keys and R included): the batch check is
 * [8](Σ z_i·R_i + Σ (z_i·k_i)·A_i − (Σ z_i·S_i)·B) = identity with fresh
 * random 128-bit z_i, which holds whenever every single equation holds, and
 * otherwise fails except with probability ≤ 2^-128; a failing batch is
 * bisected to find the invalid signatures (about 2·b·log2(n) batch checks
 * for b invalid ones), and every signature is finally judged alone once
 * isolated. So a valid signature is never reported invalid, and an invalid
 * one is reported valid with probability ≤ (log2(n) + 2)·2^-128.
 * If memory or the OS random generator is unavailable it verifies the
 * signatures one by one (same verdicts, slower). Variable time: all inputs
 * are public.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_batch(size_t n, const uint8_t *const msgs[],
                                                            const size_t lens[],
                                                            const uint8_t *const sigs[],
                                                            const uint8_t *const pks[],
                                                            int *results);

/**
 * ZIP-215 verification (Zcash ZIP 215, for consensus users): as
 * vec25519_ed25519_verify except that the encodings of A and R need not be
 * canonical (y ≥ p is taken mod p, x = 0 with the sign bit set is accepted)
 * and A and R may have small order. S ≥ ℓ is still rejected, the equation is
 * the same cofactored one, and k hashes the encodings as received. Everything
 * the strict policy accepts, this accepts. 0 if valid, else -1. Variable time.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_zip215(const uint8_t sig[64],
                                                             const uint8_t *msg, size_t len,
                                                             const uint8_t pk[32]);
/** Batch form of vec25519_ed25519_verify_zip215, as vec25519_ed25519_verify_batch:
 * each results[i] is vec25519_ed25519_verify_zip215's verdict. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_batch_zip215(
    size_t n, const uint8_t *const msgs[], const size_t lens[], const uint8_t *const sigs[],
    const uint8_t *const pks[], int *results);

/**
 * An expanded public key: the decoded key and a table of its odd multiples,
 * for keys that verify many signatures. Opaque; an in-memory object of this
 * build of the library, not a storage format. About 7.9 KB.
 */
typedef struct {
    uint64_t opaque[992]; /**< internal */
} vec25519_ed25519_expanded_pk;

/** epk = the expansion of pk. Returns 0, or -1 with epk zeroed when pk is not
 * a valid public key under the policy above (non-canonical, not on the curve,
 * or of small order). Variable time (pk is public). */
VEC25519_API VEC25519_WUR int vec25519_ed25519_pk_expand(vec25519_ed25519_expanded_pk *epk,
                                                         const uint8_t pk[32]);
/** vec25519_ed25519_verify(sig, msg, len, pk) for the pk epk was expanded
 * from: the same verdict, faster. A zeroed epk (failed expansion) rejects
 * everything. Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_expanded(
    const uint8_t sig[64], const uint8_t *msg, size_t len, const vec25519_ed25519_expanded_pk *epk);
/** vec25519_ed25519_verify_batch with expanded keys: results[i] is
 * vec25519_ed25519_verify_expanded's verdict on signature i. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_batch_expanded(
    size_t n, const uint8_t *const msgs[], const size_t lens[], const uint8_t *const sigs[],
    const vec25519_ed25519_expanded_pk *const epks[], int *results);

/**
 * n Ed25519 key pairs from n seeds at once (key generation in bulk):
 * for i = 0 … n−1, pks + 32·i and sks + 64·i receive exactly what
 * vec25519_ed25519_keypair(pk, sk, seeds + 32·i) writes (pk = [s]B with s
 * the clamped first half of SHA-512(seed), sk = seed ‖ pk). The buffers are
 * flat byte arrays of 32·n (pks, seeds) and 64·n (sks) bytes, with no
 * alignment requirement; n = 0 writes nothing.
 * The fixed-base multiplications run several at a time where the CPU
 * allows (eight per AVX-512 IFMA register, four per AVX2 register) and the
 * n encodings share one field inversion per block of 64.
 * Aliasing: seeds must not overlap pks or sks, and pks must not overlap
 * sks. Constant time in every seed (n is public).
 */
VEC25519_API void vec25519_ed25519_keypair_batch(size_t n, void *pks, void *sks,
                                                 const void *seeds);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_ED25519_H */
