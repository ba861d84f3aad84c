/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — hashing to Curve25519 (RFC 9380) and Elligator 2
 * representatives (Bernstein, Hamburg, Krasnova, Lange, "Elligator:
 * elliptic-curve points indistinguishable from uniform random strings",
 * CCS 2013, §5).
 *
 * 1. expand_message_xmd with SHA-512 (RFC 9380 §5.3.1).
 *
 * 2. The four RFC 9380 suites of Curve25519 (§8.5), with a caller-supplied
 *    domain separation tag (DST):
 *      edwards25519_XMD:SHA-512_ELL2_RO_   vec25519_edwards25519_hash_to_curve
 *      edwards25519_XMD:SHA-512_ELL2_NU_   vec25519_edwards25519_encode_to_curve
 *      curve25519_XMD:SHA-512_ELL2_RO_     vec25519_curve25519_hash_to_curve
 *      curve25519_XMD:SHA-512_ELL2_NU_     vec25519_curve25519_encode_to_curve
 *    hash_to_curve (RO, random oracle) is the one to use unless a protocol
 *    asks for encode_to_curve (NU, nonuniform: its output is
 *    distinguishable from a random point, RFC 9380 §2.2.2). Every output is
 *    in the prime-order subgroup (the cofactor 8 is cleared). The edwards25519
 *    suites write the RFC 8032 point encoding; the curve25519 suites write the
 *    Montgomery u-coordinate, 32 bytes little-endian (RFC 7748 §5), a valid
 *    X25519 public key. The DST must be at least 1 byte (RFC 9380 §3.1
 *    forbids an empty tag); a tag longer than 255 bytes is replaced by the
 *    64-byte SHA-512("H2C-OVERSIZE-DST-" ‖ DST) before use, as RFC 9380
 *    §5.3.3 says, in expand_message_xmd and so in every suite (a caller
 *    passes the long tag itself, not its hash).
 *
 * 3. Elligator 2 on Curve25519 in both directions, for hiding X25519 public
 *    keys among random strings (docs/elligator.md): a representative is a
 *    32-byte string; the map sends every string to a curve point, and the
 *    inverse finds a string for about half of the points. With the key pair
 *    helper, the 32 bytes on the wire are indistinguishable from uniformly
 *    random bytes.
 *
 * The hash-to-curve functions fail (-1, output zeroed) exactly when
 * expand_message_xmd would: an empty tag, a NULL tag, or
 * a NULL message with a non-zero length.
 *
 * Timing: constant time in every message, representative, u-coordinate and
 * secret key; the lengths are public. Failures depend on lengths only, except
 * the verdict of vec25519_elligator2_inverse, which is computed without a
 * branch. Outputs may alias inputs.
 */
#ifndef VEC25519_HASH_TO_CURVE_H
#define VEC25519_HASH_TO_CURVE_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Longest domain separation tag used as it is (RFC 9380 §5.3.1: len(DST) ≤ 255); a
 * longer tag is accepted and first hashed as RFC 9380 §5.3.3 says. */
#define VEC25519_H2C_DSTMAXBYTES 255
/** Longest expand_message_xmd output with SHA-512: 255 blocks of 64 bytes. */
#define VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES (255 * 64)
/** Bytes in an Elligator 2 representative. */
#define VEC25519_ELLIGATOR2_REPRESENTATIVEBYTES 32

/* ---- RFC 9380 §5.3.1 --------------------------------------------------------- */

/**
 * out[0..len) = expand_message_xmd(msg, dst, len) with H = SHA-512.
 * A tag of more than 255 bytes is replaced by SHA-512("H2C-OVERSIZE-DST-" ‖
 * dst), 64 bytes, before use (RFC 9380 §5.3.3).
 * Returns 0, or -1 with out[0..len) zeroed when len = 0,
 * len > 16320 (255·64), dstlen = 0, dst is NULL, or msg is NULL with
 * msglen > 0 (msg may be NULL when msglen = 0); -1 with nothing written when
 * out is NULL. Constant time in msg and dst.
 */
VEC25519_API VEC25519_WUR int vec25519_expand_message_xmd_sha512(uint8_t *out, size_t len,
                                                                 const uint8_t *msg,
                                                                 size_t msglen,
                                                                 const uint8_t *dst,
                                                                 size_t dstlen);

/* ---- RFC 9380 suites (§8.5) --------------------------------------------------- */

/**
 * p = hash_to_curve(msg) of edwards25519_XMD:SHA-512_ELL2_RO_ with tag dst,
 * as an RFC 8032 encoding; the point is in the prime-order subgroup.
 * Returns 0, or -1 with p zeroed when dstlen is 0 (a tag over 255 bytes is
 * hashed as RFC 9380 §5.3.3 says). Constant time in msg.
 */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_hash_to_curve(uint8_t p[32],
                                                                  const uint8_t *msg, size_t len,
                                                                  const uint8_t *dst,
                                                                  size_t dstlen)
    VEC25519_NONNULL(1);
/** p = encode_to_curve(msg) of edwards25519_XMD:SHA-512_ELL2_NU_; as above. */
VEC25519_API VEC25519_WUR int vec25519_edwards25519_encode_to_curve(uint8_t p[32],
                                                                    const uint8_t *msg,
                                                                    size_t len,
                                                                    const uint8_t *dst,
                                                                    size_t dstlen)
    VEC25519_NONNULL(1);
/**
 * u = the u-coordinate of hash_to_curve(msg) of curve25519_XMD:SHA-512_ELL2_RO_
 * with tag dst, 32 bytes little-endian. Returns 0, or -1 with u zeroed when
 * dstlen is 0 (a tag over 255 bytes is hashed, RFC 9380 §5.3.3). Constant
 * time in msg.
 */
VEC25519_API VEC25519_WUR int vec25519_curve25519_hash_to_curve(uint8_t u[32],
                                                                const uint8_t *msg, size_t len,
                                                                const uint8_t *dst,
                                                                size_t dstlen)
    VEC25519_NONNULL(1);
/** u = the u-coordinate of encode_to_curve(msg) of curve25519_XMD:SHA-512_ELL2_NU_;
 * as above. */
VEC25519_API VEC25519_WUR int vec25519_curve25519_encode_to_curve(uint8_t u[32],
                                                                  const uint8_t *msg, size_t len,
                                                                  const uint8_t *dst,
                                                                  size_t dstlen)
    VEC25519_NONNULL(1);

/* ---- Elligator 2 representatives (docs/elligator.md) ------------------------- */

/**
 * u = the u-coordinate of map_to_curve_elligator2(r) (RFC 9380 §6.7.1,
 * curve25519, Z = 2), where r is the field element representative[0..32)
 * read little-endian with bits 254 and 255 (the two top bits of
 * representative[31], mask 0xc0) ignored, so r < 2^254 < p. Every string maps
 * to a point on the curve (never on the twist); u is canonical (< p).
 * Constant time. Compatible with Monocypher's crypto_elligator_map.
 */
VEC25519_API void vec25519_elligator2_map(uint8_t u[32], const uint8_t representative[32])
    VEC25519_NONNULL_ALL;

/**
 * representative = a string that vec25519_elligator2_map sends to u.
 * u must be canonical (u < p, bit 255 clear) and on the curve. Bit 0 of
 * tweak chooses which of the two points (u, ±v) the representative stands
 * for: with the full-point map of RFC 9380 §6.7.1, the point reached has v
 * odd when bit 0 is 1 and v even when it is 0 (both exist and are
 * representable together, except for u = 0, whose v = 0 is even). Bits 6
 * and 7 of tweak become bits 254 and 255 of the representative; bits 1..5
 * are ignored. Bits 0..253 hold the root r ≤ (p - 1)/2. For a uniformly
 * random tweak and a point that is uniform over the curve, the
 * representative is a uniformly random 32-byte string (up to a bias of
 * about 2^-250).
 * Returns 0, or -1 with representative zeroed when u has no representative
 * (about half of the curve: -2u(u + 486662) is not a square), u is not
 * canonical, u is on the twist, or u = 0 with bit 0 of tweak set.
 * Constant time in u and tweak, including the verdict.
 */
VEC25519_API VEC25519_WUR int vec25519_elligator2_inverse(uint8_t representative[32],
                                                          const uint8_t u[32], uint8_t tweak)
    VEC25519_NONNULL_ALL;

/**
 * An X25519 key pair whose public key can travel as an Elligator 2
 * representative, derived deterministically from a 32-byte uniformly random
 * seed (keep it secret; use a fresh one per key):
 *   sk              the X25519 secret key (32 bytes, unclamped as generated;
 *                   vec25519_x25519 clamps it);
 *   pk              the "dirty" public key: the u-coordinate of
 *                   [clamp(sk)]B + [sk[0] mod 8]T, T a point of order 8. For
 *                   every peer secret k, X25519(k, pk) = X25519(k,
 *                   X25519(sk, 9)) (clamping makes the peer's scalar a
 *                   multiple of 8, which kills T), and X25519(sk, peer) is
 *                   unchanged; pk itself differs from vec25519_x25519_base(sk);
 *   representative  vec25519_elligator2_inverse(pk) with random tweak bits, so
 *                   vec25519_elligator2_map(representative) = pk: send these
 *                   32 bytes instead of pk.
 * Candidate keys are derived from SHA-512 of the seed and a counter until one
 * has a representative (2 tries on average); the number of tries depends only
 * on the discarded candidates. Returns 0, or -1 with every output zeroed after
 * 256 failed candidates (probability 2^-256). Constant time in the seed and
 * the keys, apart from the number of tries. seed may alias an output.
 */
VEC25519_API VEC25519_WUR int vec25519_x25519_keypair_elligator(uint8_t pk[32],
                                                                uint8_t representative[32],
                                                                uint8_t sk[32],
                                                                const uint8_t seed[32])
    VEC25519_NONNULL_ALL;

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_HASH_TO_CURVE_H */
