/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Verdict classes of the differential tests (tests/test_diff_sodium.c,
 * tests/test_diff_openssl.c): each Ed25519 verification case belongs to a
 * named class with the verdict expected from vec25519 and from the peer;
 * every case is checked against both expectations and counted, and the
 * classes are printed at the end as a table.
 */
#ifndef VEC25519_TEST_VERDICTS_H
#define VEC25519_TEST_VERDICTS_H

#include <stddef.h>
#include <stdint.h>

/* 1 if the peer accepts sig on m under pk, else 0. */
typedef int verdict_peer_fn(const uint8_t sig[64], const uint8_t *m, size_t mlen,
                            const uint8_t pk[32]);

/* The peer's name in messages and the table ("libsodium", "OpenSSL"). */
void verdicts_init(const char *peer_name, verdict_peer_fn *peer);

/* Verifies with vec25519_ed25519_verify and the peer, checks each verdict
 * against the expected one (2 checks, and 1 more when the class exists:
 * a class must always be used with the same expectations), counts the case
 * under name, and dumps the first 8 unexpected cases to stderr. */
void verdict_case(const char *name, int want_ours, int want_peer, const uint8_t sig[64],
                  const uint8_t *m, size_t mlen, const uint8_t pk[32]);

/* Counts a case whose verdicts the caller obtained and checks itself
 * (1 check when the class exists, as above). */
void verdict_count(const char *name, int want_ours, int want_peer, int ours, int peer);

/* Prints the table under title; differ_note is the [expected: ...] note of
 * the classes where the two libraries are expected to differ. */
void verdicts_print(const char *title, const char *differ_note);

#endif /* VEC25519_TEST_VERDICTS_H */
