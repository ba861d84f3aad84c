/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Two-pass pure Ed25519 signing of a message that is read twice (a file),
 * for the command-line program: internal (hidden, not exported; the program
 * links the library's core objects). Implemented in stream.c.
 *
 * Pure Ed25519 needs the message twice: r = SHA-512(prefix ‖ M) before R is
 * known, then k = SHA-512(R ‖ A ‖ M). If the two passes saw different data
 * (a file modified while it is read), S = r + k·a would mix r from M1 with k
 * from M2, and one more honest signature of M1 (same r, another k) would
 * reveal a. So pass 2 hashes prefix ‖ M again as well, and final releases
 * the signature only if that hash equals pass 1's; otherwise it returns -1
 * with sig zeroed. The signature is byte-identical to vec25519_ed25519_sign
 * on the same message.
 *
 *   ed25519_sign2 st;
 *   if (ed25519_sign2_init(&st, sk) != 0) ...        (mismatched sk: -1)
 *   ed25519_sign2_update(&st, chunk, n);  ...        (pass 1, all of M)
 *   ed25519_sign2_next_pass(&st);
 *   ed25519_sign2_update(&st, chunk, n);  ...        (pass 2, all of M again)
 *   if (ed25519_sign2_final(&st, sig) != 0) ...      (the passes differed)
 *
 * Constant time in sk and the nonce; the message is hashed in constant time
 * in its contents (its length is public). The state holds secrets: init
 * writes it, final wipes it; a caller that abandons a state without calling
 * final must wipe it (vec25519_wipe). A call out of order (update after
 * final, final before next_pass, a NULL chunk with a non-zero length) makes
 * final fail.
 */
#ifndef VEC25519_ED25519_SIGN_STREAM_H
#define VEC25519_ED25519_SIGN_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "vec25519/sha512.h"

typedef struct ed25519_sign2 {
    vec25519_sha512_ctx nonce;     /* SHA-512(prefix ‖ M) of the current pass */
    vec25519_sha512_ctx challenge; /* pass 2: SHA-512(R ‖ A ‖ M) */
    uint8_t a[32];                 /* the secret scalar, reduced */
    uint8_t prefix[32];            /* the nonce key */
    uint8_t pk[32];                /* A, checked against a */
    uint8_t r[32];                 /* pass 1's nonce */
    uint8_t R[32];                 /* [r]B, encoded */
    uint8_t digest1[64];           /* pass 1's SHA-512(prefix ‖ M) */
    int pass;                      /* 1, 2, or 0 when finished or failed */
    int failed;                    /* a call out of order or a bad argument */
} ed25519_sign2;

/* Starts pass 1 with sk = seed ‖ pk: 0, or -1 (st unusable, wiped) when the
 * public half of sk is not the seed's public key. */
int ed25519_sign2_init(ed25519_sign2 *st, const uint8_t sk[64]);
/* Feeds len bytes of the message to the current pass (msg may be NULL when
 * len = 0). */
void ed25519_sign2_update(ed25519_sign2 *st, const uint8_t *msg, size_t len);
/* Ends pass 1 (computes r and R) and starts pass 2. */
void ed25519_sign2_next_pass(ed25519_sign2 *st);
/* sig = the signature: 0; or -1 with sig zeroed if pass 2's data differed
 * from pass 1's (or a call was out of order). Wipes st either way. */
int ed25519_sign2_final(ed25519_sign2 *st, uint8_t sig[64]);

#endif /* VEC25519_ED25519_SIGN_STREAM_H */
