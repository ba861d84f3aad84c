/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The differential driver: every comparison of vec25519 with a peer library
 * (tests/test_diff_sodium.c, tests/test_diff_openssl.c), written once over a
 * table of the peer's operations.
 *
 *   - X25519, random scalar × random u (bit 255 random), and X25519 of the
 *     base point: the same return codes and, where both succeed, the same
 *     bytes;
 *   - X25519 on the small-order u (adv_small_order_u: both must fail, our
 *     output zeroed) and on the non-canonical u = p + t, t < 19;
 *   - Ed25519 key pairs from random seeds and signatures of random messages
 *     (0..300 bytes): identical keys and signatures, each library verifying
 *     the other's, and a random one-bit mutation both must reject;
 *   - every adversarial verification class (adv_ed25519_cases), with the
 *     verdicts the peer's file expects, printed as a table (verdicts.h).
 *
 * Compiled with each test that uses it (support/adversarial.c's types depend
 * on the core's serial field).
 */
#ifndef VEC25519_TEST_DIFF_H
#define VEC25519_TEST_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "adversarial.h"
#include "verdicts.h"

typedef struct {
    const char *name;    /* in messages: "libsodium", "OpenSSL" */
    const char *version; /* printed first */
    /* out = X25519(sk, pk): 0, or -1 where the peer fails (all-zero secret). */
    int (*x25519)(uint8_t out[32], const uint8_t sk[32], const uint8_t pk[32]);
    /* pk = X25519(sk, 9): 0, or -1. */
    int (*x25519_base)(uint8_t pk[32], const uint8_t sk[32]);
    /* The peer's Ed25519 public key from seed and its signature of m; sk is
     * vec25519's secret key of the same seed, for a peer that has one to
     * compare (its own checks). -1: the peer failed; 1: its checks passed;
     * 0: they did not. */
    int (*ed25519_keypair_sign)(uint8_t pk[32], uint8_t sig[64], const uint8_t seed[32],
                                const uint8_t sk[64], const uint8_t *m, size_t mlen);
    const char *keypair_label; /* "Ed25519 keypair from seed ..." in the summary */
    verdict_peer_fn *ed25519_verify;
    adv_k_fn *hash_k;
    /* The expected verdicts of each adversarial case (calls verdict_case). */
    adv_sig_case_fn *ed25519_case;
    const char *classes_title, *differ_note; /* verdicts_print */
    /* Optional: more checks after the torsion points are found (torsion)
     * and after the random Ed25519 cases (extra); more to print (finish). */
    void (*torsion)(void);
    void (*extra)(void);
    void (*finish)(void);
} diff_peer;

/* Runs every comparison against peer; returns test_done(). */
int diff_run(const diff_peer *peer);

#endif /* VEC25519_TEST_DIFF_H */
