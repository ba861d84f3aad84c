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
 * Signing checks first that the public half of sk belongs to the seed, and
 * fails (-1, signature zeroed) when it does not: signing one message under
 * one seed with two different public halves would reveal the secret scalar
 * to anyone holding both signatures (the "double public key" attack; newer
 * libsodium checks too). Each thread remembers the last 8 key pairs it
 * checked (or made with vec25519_ed25519_keypair), so a key that signs many
 * messages pays the check once (src/ed25519/keycheck.c).
 *
 * Timing of signing, exactly: no branch and no memory address depends on the
 * seed, the secret scalar, the nonce or the message's contents. The time
 * depends on the message length and on two public bits, and on nothing else:
 *   - whether this (seed, pk) pair is among the last 8 pairs this thread
 *     checked or generated (a hit skips one fixed-base multiplication): an
 *     observer who can time signatures learns whether the key is new to the
 *     thread, never anything about its value;
 *   - whether the public half matches the seed, which is the result (-1).
 * vec25519_ed25519_keypair branches on the first bit too (it stores the new
 * pair unless it is cached already). Ed25519ctx, Ed25519ph and the streaming
 * signer share this check and this statement.
 * Without C11 thread-local storage there is no cache and only the second bit
 * remains. The constant-time harness (tests/ct/ct_check.c) declassifies these
 * two bits and nothing else, and runs signing both ways (hit and miss).
 * Verification is variable time (all its inputs are public).
 *
 * Arguments: a (pointer, length) pair may have a NULL pointer only with
 * length 0, and a NULL pointer with a non-zero length is an error (-1, never
 * a crash); every other pointer must not be NULL (VEC25519_NONNULL).
 */
#ifndef VEC25519_ED25519_H
#define VEC25519_ED25519_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_ED25519_SEEDBYTES 32       /**< bytes in a seed (the secret from which a key pair is derived) */
#define VEC25519_ED25519_PUBLICKEYBYTES 32  /**< bytes in a public key (the encoding of A) */
#define VEC25519_ED25519_SECRETKEYBYTES 64  /**< bytes in a secret key: seed ‖ public key */
#define VEC25519_ED25519_BYTES 64           /**< bytes in a signature R ‖ S */
#define VEC25519_ED25519_CONTEXTMAXBYTES 255 /**< longest Ed25519ctx / Ed25519ph context */

/* ---- keys -------------------------------------------------------------------------- */

/** pk = [s]B where s is the clamped first half of SHA-512(seed); sk = seed ‖ pk.
 * The seed must be 32 uniformly random secret bytes (vec25519_random_bytes),
 * or use vec25519_ed25519_keypair_random. Constant time. seed may alias sk or pk. */
VEC25519_API void vec25519_ed25519_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
    VEC25519_NONNULL_ALL;

/** A fresh key pair: vec25519_ed25519_keypair of a seed of 32 bytes from the
 * random generator (vec25519/util.h: the operating system, or the hook).
 * Returns 0, or -1 with pk and sk zeroed when no randomness is available.
 * Constant time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_keypair_random(uint8_t pk[32], uint8_t sk[64])
    VEC25519_NONNULL_ALL;

/** seed = the seed half of sk (its first 32 bytes), as libsodium's
 * crypto_sign_ed25519_sk_to_seed. Constant time; seed may alias sk. */
VEC25519_API void vec25519_ed25519_sk_to_seed(uint8_t seed[32], const uint8_t sk[64])
    VEC25519_NONNULL_ALL;

/** pk = the public half of sk (its last 32 bytes) as stored, not recomputed
 * (crypto_sign_ed25519_sk_to_pk); signing checks that it matches the seed.
 * pk may alias sk. */
VEC25519_API void vec25519_ed25519_sk_to_pk(uint8_t pk[32], const uint8_t sk[64])
    VEC25519_NONNULL_ALL;

/* ---- pure Ed25519 -------------------------------------------------------------------- */

/** sig = Ed25519 signature of msg under sk (pure Ed25519, RFC 8032 §5.1.6).
 * Returns 0; or -1 with sig zeroed when the public half of sk is not the
 * public key of its seed (see above) or msg is NULL with len > 0. Constant
 * time in sk, except that the time shows whether this key pair is in the
 * thread's cache of checked pairs (see "Timing of signing" above); msg may
 * alias sig. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_sign(uint8_t sig[64], const uint8_t *msg,
                                                    size_t len, const uint8_t sk[64])
    VEC25519_NONNULL(1, 4);

/** 0 if sig is a valid Ed25519 signature of msg under pk (policy above), else
 * -1 (also when msg is NULL with len > 0). Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify(const uint8_t sig[64], const uint8_t *msg,
                                                      size_t len, const uint8_t pk[32])
    VEC25519_NONNULL(1, 4);

/** The two verification policies: strict (the policy above, of every
 * function without _zip215 in its name) and ZIP-215 (see
 * vec25519_ed25519_verify_zip215). */
typedef enum vec25519_ed25519_policy {
    VEC25519_ED25519_STRICT = 0, /**< canonical A and R, neither of small order */
    VEC25519_ED25519_ZIP215 = 1  /**< y of A and R taken mod p, small order allowed */
} vec25519_ed25519_policy;

/**
 * Whether pk is a public key that the policy accepts, and if not why:
 * VEC25519_OK; VEC25519_ERR_PK_NOT_POINT (strict: not a canonical encoding of
 * a curve point, i.e. y ≥ p, no x for y, or x = 0 with the sign bit set;
 * ZIP-215: only "no x for y mod p");
 * VEC25519_ERR_PK_SMALL_ORDER (strict only: one of the 8 torsion points);
 * VEC25519_ERR_ARGUMENT for an unknown policy. Every verification under the
 * policy refuses every signature under a key refused here. Variable time
 * (pk is public).
 */
VEC25519_API VEC25519_WUR vec25519_error vec25519_ed25519_public_key_check(
    const uint8_t pk[32], vec25519_ed25519_policy policy) VEC25519_NONNULL_ALL;

/**
 * vec25519_ed25519_verify (policy STRICT) or vec25519_ed25519_verify_zip215
 * (policy ZIP215), saying why a signature is refused: VEC25519_OK exactly when
 * that function returns 0, otherwise the first rule broken in the order the
 * verifier checks them: VEC25519_ERR_ARGUMENT (msg NULL with len > 0, or an
 * unknown policy), VEC25519_ERR_S_NOT_CANONICAL, VEC25519_ERR_PK_NOT_POINT,
 * VEC25519_ERR_PK_SMALL_ORDER, VEC25519_ERR_R_NOT_POINT,
 * VEC25519_ERR_R_SMALL_ORDER, VEC25519_ERR_EQUATION. Every code but the last
 * depends on sig and pk alone, so a caller who verified by another route
 * (streaming, Ed25519ctx/ph, batch) and got -1 learns why from this with
 * msg = NULL, len = 0: a code other than VEC25519_ERR_EQUATION is the reason,
 * VEC25519_ERR_EQUATION or VEC25519_OK mean the equation failed for its
 * message. Variable time.
 */
VEC25519_API VEC25519_WUR vec25519_error vec25519_ed25519_verify_ex(
    const uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t pk[32],
    vec25519_ed25519_policy policy) VEC25519_NONNULL(1, 4);

/**
 * The state of a streaming verification of pure Ed25519. 640 bytes, 8-byte
 * aligned; the contents are internal (they may change between versions, the
 * size may not within a soname). Initialise one only with
 * vec25519_ed25519_verify_init; it holds no secrets.
 */
typedef struct {
    uint64_t opaque[80]; /**< internal */
} vec25519_ed25519_verify_state;

/**
 * Starts verifying sig under pk for a message that will be given in pieces
 * to vec25519_ed25519_verify_update (pure Ed25519 needs the message only
 * once, after R and A: k = SHA-512(R ‖ A ‖ M)). Every check that does not
 * need the message is made here: returns 0, or -1 when sig or pk is rejected
 * already (S ≥ ℓ, A or R not a strict encoding, A or R of small order). The
 * state is usable either way: after -1, update does nothing and final
 * returns -1, so a caller may check only final's answer. Variable time.
 */
VEC25519_API int vec25519_ed25519_verify_init(vec25519_ed25519_verify_state *st,
                                              const uint8_t sig[64], const uint8_t pk[32])
    VEC25519_NONNULL_ALL;
/** Appends msg[0..len) to the message being verified. msg may be NULL when
 * len = 0; a NULL msg with len > 0 makes final return -1. */
VEC25519_API void vec25519_ed25519_verify_update(vec25519_ed25519_verify_state *st,
                                                 const uint8_t *msg, size_t len)
    VEC25519_NONNULL(1);
/**
 * 0 if sig is a valid signature of the whole message under pk, else -1:
 * exactly vec25519_ed25519_verify's verdict on the concatenation of the
 * pieces. Wipes st (a second final returns -1). Variable time.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_final(vec25519_ed25519_verify_state *st)
    VEC25519_NONNULL_ALL;

/* ---- Ed25519ctx and Ed25519ph ----------------------------------------------------------- */

/** Ed25519ctx (RFC 8032 §5.1, phflag = 0). The context must be 1..255 bytes
 * (RFC 8032: Ed25519ctx SHOULD NOT be used with an empty context; we refuse it,
 * since the empty-context case is pure Ed25519's job). Returns 0, or -1 with
 * sig zeroed on a bad context length, a NULL ctx or msg (with len > 0), or a
 * mismatched sk (as vec25519_ed25519_sign). */
VEC25519_API VEC25519_WUR int vec25519_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg,
                                                       size_t len, const uint8_t *ctx,
                                                       size_t ctxlen, const uint8_t sk[64])
    VEC25519_NONNULL(1, 6);
/** 0 if valid, -1 if not or if the context length is outside 1..255. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg,
                                                         size_t len, const uint8_t *ctx,
                                                         size_t ctxlen, const uint8_t pk[32])
    VEC25519_NONNULL(1, 6);

/** Ed25519ph (RFC 8032 §5.1, phflag = 1): signs SHA-512(msg). The context may
 * be 0..255 bytes. Returns 0, or -1 with sig zeroed when ctxlen > 255, a
 * pointer of a (pointer, length) pair is NULL with a non-zero length, or sk is
 * mismatched. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg,
                                                      size_t len, const uint8_t *ctx,
                                                      size_t ctxlen, const uint8_t sk[64])
    VEC25519_NONNULL(1, 6);
/** 0 if sig is a valid Ed25519ph signature of msg (of SHA-512(msg)) with context ctx under pk
 * (the policy above), else -1; -1 also when ctxlen > 255. Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg,
                                                        size_t len, const uint8_t *ctx,
                                                        size_t ctxlen, const uint8_t pk[32])
    VEC25519_NONNULL(1, 6);
/** The same, given the 64-byte pre-hash SHA-512(msg) (e.g. streamed with
 * vec25519_ed25519ph_update, or vec25519_sha512_update). */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_sign_prehashed(uint8_t sig[64],
                                                                const uint8_t prehash[64],
                                                                const uint8_t *ctx, size_t ctxlen,
                                                                const uint8_t sk[64])
    VEC25519_NONNULL(1, 2, 5);
/** vec25519_ed25519ph_verify given the 64-byte pre-hash SHA-512(msg). Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_verify_prehashed(const uint8_t sig[64],
                                                                  const uint8_t prehash[64],
                                                                  const uint8_t *ctx,
                                                                  size_t ctxlen,
                                                                  const uint8_t pk[32])
    VEC25519_NONNULL(1, 2, 5);

/**
 * The state of a streaming Ed25519ph signature or verification (libsodium's
 * crypto_sign_state): the message is hashed as it comes, and the final call
 * signs or verifies its SHA-512. 256 bytes, 8-byte aligned; the contents are
 * internal. The final calls wipe it; a state abandoned before its final call
 * holds a hash state of the message (wipe it if the message is secret).
 */
typedef struct {
    uint64_t opaque[32]; /**< internal */
} vec25519_ed25519ph_state;

/** Starts an Ed25519ph message. */
VEC25519_API void vec25519_ed25519ph_init(vec25519_ed25519ph_state *st) VEC25519_NONNULL_ALL;
/** Appends msg[0..len) (msg may be NULL when len = 0; NULL with len > 0 makes
 * the final call fail). Constant time in the contents. */
VEC25519_API void vec25519_ed25519ph_update(vec25519_ed25519ph_state *st, const uint8_t *msg,
                                            size_t len) VEC25519_NONNULL(1);
/** sig = vec25519_ed25519ph_sign of the whole message: 0, or -1 with sig
 * zeroed (the failures of vec25519_ed25519ph_sign, or a failed update).
 * Wipes st. Constant time in sk. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_final_sign(vec25519_ed25519ph_state *st,
                                                            uint8_t sig[64], const uint8_t *ctx,
                                                            size_t ctxlen, const uint8_t sk[64])
    VEC25519_NONNULL(1, 2, 5);
/** vec25519_ed25519ph_verify of the whole message: 0 valid, -1 invalid (or a
 * failed update). Wipes st. Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519ph_final_verify(vec25519_ed25519ph_state *st,
                                                              const uint8_t sig[64],
                                                              const uint8_t *ctx, size_t ctxlen,
                                                              const uint8_t pk[32])
    VEC25519_NONNULL(1, 2, 5);

/* ---- Batch verification, ZIP-215, expanded public keys (src/ed25519/batch.c) ---- */

/**
 * One signature of a batch: the message, the 64-byte signature and the
 * 32-byte public key, each where the caller keeps it (nothing is copied).
 * An array of these is what the batch verifiers take: it holds messages of
 * any length and needs no cast from ordinary arrays (`items[i].sig =
 * sigs[i]` works for a `uint8_t sigs[n][64]` and for a `uint8_t *sigs[]`).
 * An entry with a NULL sig or pk, or a NULL msg with len > 0, is invalid.
 */
typedef struct {
    const uint8_t *msg; /**< the message (NULL allowed when len = 0) */
    size_t len;         /**< its length in bytes */
    const uint8_t *sig; /**< the signature R ‖ S, 64 bytes */
    const uint8_t *pk;  /**< the public key, 32 bytes */
} vec25519_ed25519_batch_item;

/**
 * Verifies n pure-Ed25519 signatures at once: items[0..n) (items may be NULL
 * when n = 0). Returns 0 when every signature is valid (and for n = 0), else
 * -1. When results is not NULL, results[i] = 0 if signature i is valid and
 * -1 if not.
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
 * If memory or randomness (vec25519/util.h) is unavailable it verifies the
 * signatures one by one (same verdicts, slower). Variable time: all inputs
 * are public.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_batch(
    size_t n, const vec25519_ed25519_batch_item *items, int *results);

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
                                                             const uint8_t pk[32])
    VEC25519_NONNULL(1, 4);
/** Batch form of vec25519_ed25519_verify_zip215, as vec25519_ed25519_verify_batch:
 * each results[i] is vec25519_ed25519_verify_zip215's verdict. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_batch_zip215(
    size_t n, const vec25519_ed25519_batch_item *items, int *results);

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
                                                         const uint8_t pk[32])
    VEC25519_NONNULL_ALL;
/** vec25519_ed25519_verify(sig, msg, len, pk) for the pk epk was expanded
 * from: the same verdict, faster. A zeroed epk (failed expansion) rejects
 * everything. Variable time. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_expanded(
    const uint8_t sig[64], const uint8_t *msg, size_t len, const vec25519_ed25519_expanded_pk *epk)
    VEC25519_NONNULL(1, 4);

/** One signature of a batch with an expanded key: as
 * vec25519_ed25519_batch_item with the key already expanded (several entries
 * may share one epk). */
typedef struct {
    const uint8_t *msg;                      /**< the message (NULL allowed when len = 0) */
    size_t len;                              /**< its length in bytes */
    const uint8_t *sig;                      /**< the signature R ‖ S, 64 bytes */
    const vec25519_ed25519_expanded_pk *epk; /**< the expanded public key */
} vec25519_ed25519_batch_item_expanded;

/** vec25519_ed25519_verify_batch with expanded keys: results[i] is
 * vec25519_ed25519_verify_expanded's verdict on signature i. */
VEC25519_API VEC25519_WUR int vec25519_ed25519_verify_batch_expanded(
    size_t n, const vec25519_ed25519_batch_item_expanded *items, int *results);

/* ---- Ed25519 ↔ X25519 keys (RFC 7748 §4.1 birational map; src/edwards/edwards25519.c) ---- */

/**
 * x25519_pk = u = (1 + y)/(1 - y) of the Ed25519 public key, as
 * crypto_sign_ed25519_pk_to_curve25519. Returns 0, or -1 with x25519_pk
 * zeroed when ed25519_pk is not a strict encoding, has small order, or is not
 * in the prime-order subgroup (libsodium rejects exactly the same keys).
 * Constant time except for the verdict.
 */
VEC25519_API VEC25519_WUR int vec25519_ed25519_pk_to_x25519(uint8_t x25519_pk[32],
                                                            const uint8_t ed25519_pk[32])
    VEC25519_NONNULL_ALL;
/**
 * x25519_sk = the clamped first half of SHA-512(seed), seed = the first 32
 * bytes of the Ed25519 secret key (seed ‖ pk), as
 * crypto_sign_ed25519_sk_to_curve25519: the X25519 key whose public key is
 * vec25519_ed25519_pk_to_x25519 of the Ed25519 public key. Constant time.
 */
VEC25519_API void vec25519_ed25519_sk_to_x25519(uint8_t x25519_sk[32],
                                                const uint8_t ed25519_sk[64])
    VEC25519_NONNULL_ALL;
/**
 * ed25519_pk = the encoding of the Edwards point with y = (u - 1)/(u + 1)
 * and sign bit `sign` (0 or 1): the inverse of vec25519_ed25519_pk_to_x25519
 * (which forgets the sign of x). Returns 0, or -1 with ed25519_pk zeroed when
 * u ≥ p (u must be canonical, bit 255 clear), u = p - 1 (u + 1 = 0), u is not
 * on the curve (it is on the twist: no Edwards x), sign is not 0 or 1, or
 * u = 0 with sign = 1 (x = 0 has no negative). The result may have small order
 * or a torsion component; check it with vec25519_edwards25519_is_valid_point
 * if that matters. Constant time except for the verdict.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_to_ed25519(uint8_t ed25519_pk[32],
                                                         const uint8_t u[32], int sign)
    VEC25519_NONNULL(1, 2);

/**
 * n Ed25519 key pairs from n seeds at once (key generation in bulk):
 * for i = 0 … n−1, pks + 32·i and sks + 64·i receive exactly what
 * vec25519_ed25519_keypair(pk, sk, seeds + 32·i) writes (pk = [s]B with s
 * the clamped first half of SHA-512(seed), sk = seed ‖ pk). The buffers are
 * flat byte arrays of 32·n (pks, seeds) and 64·n (sks) bytes (pass a
 * `uint8_t pks[n][32]` as `pks[0]`, as for vec25519_x25519_batch), with no
 * alignment requirement; n = 0 writes nothing.
 * The fixed-base multiplications run several at a time where the CPU
 * allows (eight per AVX-512 IFMA register, four per AVX2 register) and the
 * n encodings share one field inversion per block of 64.
 * Aliasing: seeds must not overlap pks or sks, and pks must not overlap
 * sks. Constant time in every seed (n is public).
 */
VEC25519_API void vec25519_ed25519_keypair_batch(size_t n, uint8_t *pks, uint8_t *sks,
                                                 const uint8_t *seeds);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_ED25519_H */
