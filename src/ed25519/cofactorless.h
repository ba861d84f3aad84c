/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Cofactorless Ed25519 verification with libsodium 1.0.18's policy
 * (src/ed25519/cofactorless.c): the equation and the checks its
 * crypto_sign_ed25519_verify_detached applies, for the drop-in
 * libvec25519-sodium (sodium/, docs/sodium.md). Internal, not exported.
 */
#ifndef VEC25519_ED25519_COFACTORLESS_H
#define VEC25519_ED25519_COFACTORLESS_H

#include <stddef.h>
#include <stdint.h>

/*
 * 1 if the low 255 bits of enc are the y of a point of small order, in any
 * of its encodings that fit in 255 bits: 0, 1, -1, ±y8 (canonical), p and
 * p + 1 (non-canonical 0 and 1); bit 255 (the sign of x) is ignored. This is
 * libsodium's ge25519_has_small_order, a byte test that needs no decoding.
 * Variable time (public inputs).
 */
int ed25519_sodium_small_order_encoding(const uint8_t enc[32]);

/*
 * 0 if sig = R ‖ S is a valid signature of msg under pk, else -1, by the
 * cofactorless rule of libsodium 1.0.18:
 *   - S < ℓ;
 *   - R is not a small-order encoding (ed25519_sodium_small_order_encoding);
 *   - A = pk has y < p (bit 255 ignored), is not a small-order encoding, and
 *     decodes (x exists);
 *   - the canonical encoding of [S]B − [k]A equals R byte for byte, with
 *     k = SHA-512(dom ‖ R ‖ A ‖ msg) mod ℓ, dom the RFC 8032 dom2 prefix of
 *     Ed25519ph with an empty context when prehashed is 1, nothing when 0
 *     (a non-canonical R therefore never verifies).
 * A or R with a torsion component gives the group's answer: [S]B − [k]A
 * must be R itself, torsion included (no multiplication by the cofactor).
 * msg may be NULL when len is 0. Variable time (public inputs).
 */
int ed25519_verify_cofactorless(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                const uint8_t pk[32], int prehashed);

#endif /* VEC25519_ED25519_COFACTORLESS_H */
