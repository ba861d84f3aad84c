/*
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

#define VEC25519_ED25519_SEEDBYTES 32
#define VEC25519_ED25519_PUBLICKEYBYTES 32
#define VEC25519_ED25519_SECRETKEYBYTES 64
#define VEC25519_ED25519_BYTES 64
#define VEC25519_ED25519_CONTEXTMAXBYTES 255

/* pk = [s]B where s is the clamped first half of SHA-512(seed); sk = seed ‖ pk.
 * Constant time. */
VEC25519_API void vec25519_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);

/* sig = Ed25519 signature of msg under sk (pure Ed25519, RFC 8032 §5.1.6).
 * sk must be seed ‖ pk as written by vec25519_ed25519_keypair. Constant time
 * in sk; msg may alias sig. */
VEC25519_API void vec25519_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                                        const uint8_t sk[64]);

/* 0 if sig is a valid Ed25519 signature of msg under pk (policy above), else -1. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify(const uint8_t sig[64], const uint8_t *msg,
                                                      size_t len, const uint8_t pk[32]);

/* Ed25519ctx (RFC 8032 §5.1, phflag = 0). The context must be 1..255 bytes
 * (RFC 8032: Ed25519ctx SHOULD NOT be used with an empty context; we refuse it,
 * since the empty-context case is pure Ed25519's job). Returns 0, or -1 on a
 * bad context length with sig zeroed. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg,
                                                       size_t len, const uint8_t *ctx,
                                                       size_t ctxlen, const uint8_t sk[64]);
/* 0 if valid, -1 if not or if the context length is outside 1..255. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg,
                                                         size_t len, const uint8_t *ctx,
                                                         size_t ctxlen, const uint8_t pk[32]);

/* Ed25519ph (RFC 8032 §5.1, phflag = 1): signs SHA-512(msg). The context may
 * be 0..255 bytes. Returns 0, or -1 when ctxlen > 255 (sig zeroed). */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg,
                                                      size_t len, const uint8_t *ctx,
                                                      size_t ctxlen, const uint8_t sk[64]);
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg,
                                                        size_t len, const uint8_t *ctx,
                                                        size_t ctxlen, const uint8_t pk[32]);
/* The same, given the 64-byte pre-hash SHA-512(msg) (e.g. streamed with
 * vec25519_sha512_update). */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_sign_prehashed(uint8_t sig[64],
                                                                const uint8_t prehash[64],
                                                                const uint8_t *ctx, size_t ctxlen,
                                                                const uint8_t sk[64]);
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_verify_prehashed(const uint8_t sig[64],
                                                                  const uint8_t prehash[64],
                                                                  const uint8_t *ctx,
                                                                  size_t ctxlen,
                                                                  const uint8_t pk[32]);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_ED25519_H */
