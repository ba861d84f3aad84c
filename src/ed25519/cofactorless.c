/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Cofactorless Ed25519 verification (RFC 8032 §5.1.7 step 3 without the
 * factor 8: [S]B = R + [k]A, checked as ENCODE([S]B − [k]A) = R), with the
 * input checks of libsodium 1.0.18 (contract in cofactorless.h). The
 * library's own verifiers are cofactored (verify.c); this one exists for the
 * drop-in libvec25519-sodium, whose answers must be libsodium's.
 *
 * It reuses the verification core of verify.c (the challenge, the
 * backend's double-base multiplication); only the policy and the final
 * comparison differ. Variable time: every input is public.
 */
#include <stdint.h>
#include <string.h>

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "cofactorless.h"
#include "ed25519_internal.h"

int ed25519_sodium_small_order_encoding(const uint8_t enc[32])
{
    /* y = p or p + 1: 0xed or 0xee, thirty 0xff, 0x7f (bit 255 ignored). */
    int high = (enc[31] & 0x7f) == 0x7f && (enc[0] == 0xed || enc[0] == 0xee);
    for (int i = 1; high && i < 31; i++)
        high = enc[i] == 0xff;
    return high || ed25519_small_order_encoding(enc);
}

/* 1 if the low 255 bits of s are < p = 2^255 − 19. */
static int y_is_canonical(const uint8_t s[32])
{
    if ((s[31] & 0x7f) != 0x7f) return 1;
    for (int i = 30; i > 0; i--)
        if (s[i] != 0xff) return 1;
    return s[0] < 0xed;
}

int ed25519_verify_cofactorless(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                const uint8_t pk[32], int prehashed)
{
    /* Ed25519ph with an empty context (RFC 8032 §5.1: dom2(1, "")). */
    const dom2_params ph = {1, 1, NULL, 0};
    ge_ext A, negA, check;
    uint8_t k[32], enc[32];

    if (msg == NULL && len != 0) return -1;
    if (!ct_to_int(sc_is_canonical(sig + 32))) return -1;
    if (ed25519_sodium_small_order_encoding(sig)) return -1;
    if (!y_is_canonical(pk) || ed25519_sodium_small_order_encoding(pk)) return -1;
    /* y < p here, and x = 0 only for y = ±1 (small order, rejected above):
     * the relaxed decoder answers as libsodium's does. */
    if (ge_ext_frombytes_relaxed(&A, pk) != 0) return -1;

    ed25519_challenge(k, prehashed ? &ph : &ed25519_dom2_none, sig, pk, msg, len);
    ge_ext_neg(&negA, &A);
    backend_get()->double_scalarmult_vartime(&check, k, &negA, sig + 32); /* [S]B − [k]A */
    ge_ext_tobytes(enc, &check);
    return memcmp(enc, sig, 32) == 0 ? 0 : -1;
}
