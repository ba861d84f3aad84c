/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — X25519 Diffie–Hellman (RFC 7748).
 *
 * Keys are 32-byte strings. Scalars are clamped as RFC 7748 §5 says
 * (the caller's buffer is not modified); the top bit of an input
 * u-coordinate is ignored and non-canonical u (≥ p) is accepted and reduced,
 * as RFC 7748 §5 requires.
 *
 * Everything here is constant time in the scalars.
 */
#ifndef VEC25519_X25519_H
#define VEC25519_X25519_H

#include <stddef.h>
#include <stdint.h>

#include "error.h"
#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VEC25519_X25519_BYTES 32       /**< bytes in a public key or shared secret (a u-coordinate) */
#define VEC25519_X25519_SCALARBYTES 32 /**< bytes in a secret key (a scalar) */

/**
 * out = X25519(scalar, point).
 * Returns 0 on success; -1 when the shared secret is all zero (the peer's
 * point has small order), in which case out is zeroed — as libsodium's
 * crypto_scalarmult. Constant time in scalar.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519(uint8_t out[32], const uint8_t scalar[32],
                                              const uint8_t point[32]) VEC25519_NONNULL_ALL;

/**
 * Whether pk is a public key to accept from a peer. VEC25519_OK, or
 * VEC25519_ERR_X25519_SMALL_ORDER when its u (bit 255 ignored, RFC 7748 §5)
 * is that of a point of small order on the curve or its twist: 0 and p, 1
 * and p + 1, p − 1, and the two u of order 8. With such a peer every shared
 * secret is all zero whatever our scalar (each clamped scalar is 8m with
 * 2^251 ≤ m < 2^252, and neither the curve's prime ℓ nor the twist's divides
 * m), so it is exactly the set of peers for which vec25519_x25519 fails; the
 * check says so before a ladder is run. Any other u, non-canonical ones
 * (≥ p) included, is accepted: the ladder reduces it mod p. Variable time
 * (pk is public).
 */
VEC25519_API VEC25519_WUR vec25519_error vec25519_x25519_public_key_check(const uint8_t pk[32])
    VEC25519_NONNULL_ALL;

/**
 * out = X25519(scalar, 9): the public key of a secret scalar, computed on the
 * Edwards fixed-base table and mapped to Montgomery u = (1 + y) / (1 - y).
 * It cannot fail: the result of a clamped scalar is never all zero, so it
 * always returns 0 (an int, for libsodium's crypto_scalarmult_base shape;
 * not marked warn_unused_result, so ignoring it needs no cast). Constant
 * time in scalar. out may alias scalar.
 */
VEC25519_API int vec25519_x25519_base(uint8_t out[32], const uint8_t scalar[32])
    VEC25519_NONNULL_ALL;

/**
 * A fresh key pair: sk = 32 bytes from the random generator (vec25519/util.h:
 * the operating system, or the hook), pk = vec25519_x25519_base(sk), as
 * libsodium's crypto_box_keypair (sk is stored as drawn; vec25519_x25519
 * clamps it). Returns 0, or -1 with pk and sk zeroed when no randomness is
 * available. Constant time.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_keypair_random(uint8_t pk[32], uint8_t sk[32])
    VEC25519_NONNULL_ALL;

/**
 * out[i] = X25519(scalars[i], points[i]) for i = 0 … n−1: n independent
 * shared secrets, each exactly what vec25519_x25519 gives (the same output
 * and the same failure), computed several at a time where the CPU allows
 * (8 ladders per AVX-512 IFMA instruction stream).
 *
 * Arrays: out, scalars and points are n 32-byte strings back to back, entry
 * i at offset 32·i (the layout of the multiscalar functions' scalars). So a
 * `uint8_t keys[n][32]` is passed as `keys[0]` (or `&keys[0][0]`) and a flat
 * buffer of 32·n bytes as itself, without a cast in any C or C++ standard.
 * They may be NULL when n = 0.
 *
 * Returns 0 when every entry succeeded, and for n = 0; -1 when any entry's
 * shared secret is all zero (its point has small order, RFC 7748 §6.1):
 * that entry's out is zeroed, the others are still computed. If results is
 * not NULL, results[i] is set to 0 (success) or -1 (failure) for each i.
 * -1 also when n > 0 and out, scalars or points is NULL (then every
 * results[i] is -1 and out, if given, is zeroed).
 * Aliasing: out may be the same buffer as scalars or as points (entry i
 * then overwrites its own input); no other overlap is allowed.
 * Constant time in every scalar and every point (n is public; which entries
 * failed is revealed, as RFC 7748 §6.1 requires).
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_batch(size_t n, uint8_t *out, const uint8_t *scalars,
                                                    const uint8_t *points, int *results);

/**
 * n X25519 public keys from n secret keys at once (key generation in
 * bulk): for i = 0 … n−1, pks + 32·i receives exactly what
 * vec25519_x25519_base(pk, sks + 32·i) writes, i.e. X25519(sk_i, 9) with
 * the secret clamped on a copy. The buffers are flat byte arrays of 32·n
 * bytes (pass a `uint8_t keys[n][32]` as `keys[0]`, as for
 * vec25519_x25519_batch), with no alignment requirement; n = 0 writes nothing.
 * The fixed-base multiplications run several at a time where the CPU
 * allows (eight per AVX-512 IFMA register, four per AVX2 register) and the
 * n maps to Montgomery form share one field inversion per block of 64.
 * Returns 0 when every key succeeded, and for n = 0; -1 when any public key
 * is all zero (that key zeroed; cannot happen for a clamped secret, as for
 * vec25519_x25519_base).
 * Aliasing: pks may be the same buffer as sks (the keys replaced in
 * place); no other overlap is allowed. Constant time in every secret key
 * (n is public).
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_base_batch(size_t n, uint8_t *pks,
                                                         const uint8_t *sks);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_X25519_H */
