/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519, Ed25519ctx and Ed25519ph (RFC 8032 §5.1): key pairs, one-shot
 * signing and verification.
 *
 * Keys: seed (32 bytes), public key pk = encode([a]B) where a is the clamped
 * low half of SHA-512(seed) (RFC 8032 §5.1.5), secret key sk = seed ‖ pk.
 * Scalars are 32-byte little-endian strings mod ℓ (src/scalar/sc.h); points
 * are extended coordinates (src/backend/serial/ge.h), and the scalar
 * multiplications go through the backend table (src/backend/backend.h).
 *
 * The three variants share one signer and one verifier; they differ only in
 * the dom2(F, C) prefix of both hashes (RFC 8032 §2, §5.1):
 *   Ed25519     no prefix
 *   Ed25519ctx  "SigEd25519 no Ed25519 collisions" ‖ 0 ‖ |C| ‖ C, |C| = 1..255
 *   Ed25519ph   "SigEd25519 no Ed25519 collisions" ‖ 1 ‖ |C| ‖ C, |C| = 0..255,
 *               and the message is replaced by SHA-512(M)
 *
 * Signing (RFC 8032 §5.1.6) is constant time in the secret key and the nonce;
 * R and S are declassified, being the public signature. Every signer first
 * checks that the public half of sk is [a]B (keycheck.c). Verification
 * (§5.1.7) follows the policy written in include/vec25519/ed25519.h: S < ℓ,
 * strict decoding of A and R, A and R not of small order, and the cofactored
 * equation [8]([S]B − [k]A − R) = identity. It is variable time (public
 * inputs only). The streaming forms are in stream.c; every verifier runs
 * the core of verify.c (ed25519_internal.h).
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/ed25519.h"
#include "vec25519/sha512.h"
#include "vec25519/util.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../internal/random.h"
#include "../scalar/sc.h"
#include "ed25519_internal.h"

void ed25519_expand_seed(uint8_t a[32], uint8_t prefix[32], const uint8_t seed[32])
{
    uint8_t az[64];
    vec25519_sha512(az, seed, 32);
    sc_clamp(a, az);
    sc_reduce32(a, a); /* sc_muladd wants reduced inputs; a ≡ clamp(h) mod ℓ */
    memcpy(prefix, az + 32, 32);
    vec25519_wipe(az, sizeof az);
}

void ed25519_sign_finish(uint8_t sig[64], const uint8_t R[32], const uint8_t digest[64],
                         const uint8_t a[32], const uint8_t r[32])
{
    uint8_t k[32], S[32];
    sc_reduce64(k, digest);
    sc_muladd(S, k, a, r);
    ct_declassify(S, 32); /* second half of the signature */
    memmove(sig, R, 32);
    memcpy(sig + 32, S, 32);
}

/* out = SHA-512(msg), the Ed25519ph pre-hash; msg may be NULL when len = 0. */
static void prehash_msg(uint8_t out[64], const uint8_t *msg, size_t len)
{
    vec25519_sha512_ctx h;
    vec25519_sha512_init(&h);
    ed25519_hash_update(&h, msg, len);
    vec25519_sha512_final(&h, out);
}

/* A (ptr, len) pair the header allows: ptr may be NULL only when len = 0. */
static int span_ok(const void *p, size_t len)
{
    return p != NULL || len == 0;
}

/*
 * (pk, sk) from seed (RFC 8032 §5.1.5): a = clamp(SHA-512(seed)[0..32)),
 * pk = encode([a]B), sk = seed ‖ pk. Constant time in seed; pk is
 * declassified. seed may alias sk or pk.
 */
VEC25519_API void vec25519_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    uint8_t s[32], a[32], prefix[32], A_enc[32];

    memcpy(s, seed, 32); /* seed may alias sk or pk */
    ed25519_expand_seed(a, prefix, s);
    backend_get()->base_encode(1, A_enc, a, BASE_ENCODE_ED25519); /* encode([a]B) */
    ct_declassify(A_enc, 32); /* the public key */

    memcpy(sk, s, 32);
    memcpy(sk + 32, A_enc, 32);
    memcpy(pk, A_enc, 32);
    ed25519_key_check_remember(sk);

    vec25519_wipe(s, sizeof s);
    vec25519_wipe(a, sizeof a);
    vec25519_wipe(prefix, sizeof prefix);
}

/* A fresh key pair from the random generator (vec25519/util.h). */
VEC25519_API int vec25519_ed25519_keypair_random(uint8_t pk[32], uint8_t sk[64])
{
    uint8_t seed[32];
    if (vec25519_random_bytes(seed, sizeof seed) != 0) {
        memset(pk, 0, 32);
        memset(sk, 0, 64);
        return -1;
    }
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_wipe(seed, sizeof seed);
    return 0;
}

/* seed = sk[0..32). */
VEC25519_API void vec25519_ed25519_sk_to_seed(uint8_t seed[32], const uint8_t sk[64])
{
    memmove(seed, sk, 32);
}

/* pk = sk[32..64), as stored (not recomputed). */
VEC25519_API void vec25519_ed25519_sk_to_pk(uint8_t pk[32], const uint8_t sk[64])
{
    memmove(pk, sk + 32, 32);
}

/*
 * sig = (R, S) for message msg under sk with the given dom2 prefix
 * (RFC 8032 §5.1.6):
 *   (a, prefix) = (clamp(h[0..32)), h[32..64)), h = SHA-512(seed)
 *   r = SHA-512(dom2 ‖ prefix ‖ M) mod ℓ,  R = [r]B
 *   k = SHA-512(dom2 ‖ R ‖ A ‖ M) mod ℓ,   S = r + k·a mod ℓ
 * after checking that A = sk[32..64) is [a]B (keycheck.c): -1 with sig zeroed
 * if it is not. sig is written only at the end, so msg may alias sig.
 * Constant time in sk and r; R and S are declassified, and so is the
 * verdict of the check.
 */
static int sign_internal(uint8_t sig[64], const uint8_t *msg, size_t len, const dom2_params *dom,
                         const uint8_t sk[64])
{
    uint8_t a[32], prefix[32], nonce[64], r[32], R[32], digest[64];
    vec25519_sha512_ctx h;
    int rc = -1;

    ed25519_expand_seed(a, prefix, sk);
    if (ed25519_key_check(sk, a) != 0) goto out;

    ed25519_hash_init_dom2(&h, dom);
    vec25519_sha512_update(&h, prefix, 32);
    ed25519_hash_update(&h, msg, len);
    vec25519_sha512_final(&h, nonce); /* final wipes h */
    sc_reduce64(r, nonce);

    backend_get()->base_encode(1, R, r, BASE_ENCODE_ED25519); /* encode([r]B) */
    ct_declassify(R, 32); /* first half of the signature */

    ed25519_hash_init_dom2(&h, dom);
    vec25519_sha512_update(&h, R, 32);
    vec25519_sha512_update(&h, sk + 32, 32);
    ed25519_hash_update(&h, msg, len);
    vec25519_sha512_final(&h, digest);
    ed25519_sign_finish(sig, R, digest, a, r);
    rc = 0;
    vec25519_wipe(nonce, sizeof nonce);
    vec25519_wipe(r, sizeof r);
out:
    vec25519_wipe(a, sizeof a);
    vec25519_wipe(prefix, sizeof prefix);
    if (rc != 0) memset(sig, 0, 64);
    return rc;
}

/*
 * 0 iff sig is valid for msg under pk with the given dom2 prefix, under the
 * policy of include/vec25519/ed25519.h (RFC 8032 §5.1.7 with the cofactored
 * equation). Variable time: all inputs are public, so the masks are turned
 * into branches with ct_to_int, not declassified.
 */
static int verify_internal(const uint8_t sig[64], const uint8_t *msg, size_t len,
                           const dom2_params *dom, const uint8_t pk[32])
{
    return ed25519_verify_single(sig, msg, len, dom, pk, ED25519_STRICT) == VEC25519_OK ? 0 : -1;
}

/* Zeroes sig and returns -1 (bad context or message argument). */
static int sign_reject(uint8_t sig[64])
{
    memset(sig, 0, 64);
    return -1;
}

/* Pure Ed25519 (RFC 8032 §5.1.6). Constant time in sk. msg may alias sig. */
VEC25519_API int vec25519_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                                       const uint8_t sk[64])
{
    if (!span_ok(msg, len)) return sign_reject(sig);
    return sign_internal(sig, msg, len, &ed25519_dom2_none, sk);
}

/* Pure Ed25519 verification. Variable time: inputs must be public. */
VEC25519_API int vec25519_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                         const uint8_t pk[32])
{
    return verify_internal(sig, msg, len, &ed25519_dom2_none, pk);
}

/* verify or verify_zip215, with the reason of a refusal (ed25519.h). Variable time. */
VEC25519_API vec25519_error vec25519_ed25519_verify_ex(const uint8_t sig[64], const uint8_t *msg,
                                                       size_t len, const uint8_t pk[32],
                                                       vec25519_ed25519_policy policy)
{
    if (policy != ED25519_STRICT && policy != ED25519_ZIP215) return VEC25519_ERR_ARGUMENT;
    return ed25519_verify_single(sig, msg, len, &ed25519_dom2_none, pk, policy);
}

/* The policy's verdict on a public key alone (ed25519.h). Variable time. */
VEC25519_API vec25519_error vec25519_ed25519_public_key_check(const uint8_t pk[32],
                                                              vec25519_ed25519_policy policy)
{
    ge_ext A;
    if (policy != ED25519_STRICT && policy != ED25519_ZIP215) return VEC25519_ERR_ARGUMENT;
    return ed25519_public_key_why(&A, pk, policy);
}

/* Ed25519ctx signing, context 1..255 bytes. Constant time in sk. msg may alias sig. */
VEC25519_API int vec25519_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                                          const uint8_t *ctx, size_t ctxlen, const uint8_t sk[64])
{
    if (ctxlen < 1 || ctxlen > VEC25519_ED25519_CONTEXTMAXBYTES) return sign_reject(sig);
    if (!span_ok(msg, len) || ctx == NULL) return sign_reject(sig);
    dom2_params dom = {1, 0, ctx, ctxlen};
    return sign_internal(sig, msg, len, &dom, sk);
}

/* Ed25519ctx verification. Variable time: inputs must be public. */
VEC25519_API int vec25519_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                            const uint8_t *ctx, size_t ctxlen,
                                            const uint8_t pk[32])
{
    if (ctxlen < 1 || ctxlen > VEC25519_ED25519_CONTEXTMAXBYTES || ctx == NULL) return -1;
    dom2_params dom = {1, 0, ctx, ctxlen};
    return verify_internal(sig, msg, len, &dom, pk);
}

/* Ed25519ph signing of a given pre-hash, context 0..255 bytes. Constant time in sk. */
VEC25519_API int vec25519_ed25519ph_sign_prehashed(uint8_t sig[64], const uint8_t prehash[64],
                                                   const uint8_t *ctx, size_t ctxlen,
                                                   const uint8_t sk[64])
{
    if (ctxlen > VEC25519_ED25519_CONTEXTMAXBYTES || !span_ok(ctx, ctxlen))
        return sign_reject(sig);
    dom2_params dom = {1, 1, ctx, ctxlen};
    return sign_internal(sig, prehash, 64, &dom, sk);
}

/* Ed25519ph verification of a given pre-hash. Variable time: inputs must be public. */
VEC25519_API int vec25519_ed25519ph_verify_prehashed(const uint8_t sig[64],
                                                     const uint8_t prehash[64],
                                                     const uint8_t *ctx, size_t ctxlen,
                                                     const uint8_t pk[32])
{
    if (ctxlen > VEC25519_ED25519_CONTEXTMAXBYTES || !span_ok(ctx, ctxlen)) return -1;
    dom2_params dom = {1, 1, ctx, ctxlen};
    return verify_internal(sig, prehash, 64, &dom, pk);
}

/* Ed25519ph signing: signs SHA-512(msg). Constant time in sk. msg may alias sig. */
VEC25519_API int vec25519_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg, size_t len,
                                         const uint8_t *ctx, size_t ctxlen, const uint8_t sk[64])
{
    uint8_t ph[64];
    if (ctxlen > VEC25519_ED25519_CONTEXTMAXBYTES || !span_ok(msg, len) || !span_ok(ctx, ctxlen))
        return sign_reject(sig);
    prehash_msg(ph, msg, len);
    return vec25519_ed25519ph_sign_prehashed(sig, ph, ctx, ctxlen, sk);
}

/* Ed25519ph verification: checks a signature of SHA-512(msg). Variable time. */
VEC25519_API int vec25519_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                           const uint8_t *ctx, size_t ctxlen,
                                           const uint8_t pk[32])
{
    uint8_t ph[64];
    if (ctxlen > VEC25519_ED25519_CONTEXTMAXBYTES || !span_ok(msg, len) || !span_ok(ctx, ctxlen))
        return -1;
    prehash_msg(ph, msg, len);
    return vec25519_ed25519ph_verify_prehashed(sig, ph, ctx, ctxlen, pk);
}
