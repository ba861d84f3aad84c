/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * libvec25519-sodium: crypto_sign_* and crypto_sign_ed25519_* of libsodium
 * 1.0.18 (docs/sodium.md), with <sodium.h>'s own prototypes.
 *
 * Signing is vec25519's (deterministic RFC 8032, byte-identical to
 * libsodium's); verification is the cofactorless rule of libsodium 1.0.18
 * (src/ed25519/cofactorless.c). The Ed25519ph state is libsodium's
 * crypto_sign_state, a crypto_hash_sha512_state driven by libsodium's own
 * SHA-512 functions, so a state begun by either library is finished by the
 * other. Randomness comes from libsodium's randombytes_buf.
 */
#include <stdint.h>
#include <string.h>

#include <sodium.h>

#include "vec25519/ed25519.h"
#include "vec25519/sha512.h"
#include "vec25519/util.h"

#include "ed25519/cofactorless.h"
#include "sodium_internal.h"

/* ---- sizes and names -------------------------------------------------------- */

/* crypto_sign_ed25519_<name>() and crypto_sign_<name>(): the same size. */
#define SIGN_SIZE(name, NAME)                   \
    size_t crypto_sign_ed25519_##name(void)     \
    {                                           \
        SODIUM_COUNT();                         \
        return crypto_sign_ed25519_##NAME;      \
    }                                           \
    size_t crypto_sign_##name(void)             \
    {                                           \
        SODIUM_COUNT();                         \
        return crypto_sign_##NAME;              \
    }

size_t crypto_sign_ed25519ph_statebytes(void) { SODIUM_COUNT(); return sizeof(crypto_sign_ed25519ph_state); }
size_t crypto_sign_statebytes(void) { SODIUM_COUNT(); return sizeof(crypto_sign_state); }
SIGN_SIZE(bytes, BYTES)
SIGN_SIZE(seedbytes, SEEDBYTES)
SIGN_SIZE(publickeybytes, PUBLICKEYBYTES)
SIGN_SIZE(secretkeybytes, SECRETKEYBYTES)
SIGN_SIZE(messagebytes_max, MESSAGEBYTES_MAX)
const char *crypto_sign_primitive(void) { SODIUM_COUNT(); return crypto_sign_PRIMITIVE; }

/* ---- keys ------------------------------------------------------------------- */

int crypto_sign_ed25519_seed_keypair(unsigned char *pk, unsigned char *sk,
                                     const unsigned char *seed)
{
    SODIUM_COUNT();
    vec25519_ed25519_keypair(pk, sk, seed);
    return 0;
}

int crypto_sign_ed25519_keypair(unsigned char *pk, unsigned char *sk)
{
    unsigned char seed[32];

    SODIUM_COUNT();
    randombytes_buf(seed, sizeof seed);
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_wipe(seed, sizeof seed);
    return 0;
}

int crypto_sign_ed25519_sk_to_seed(unsigned char *seed, const unsigned char *sk)
{
    SODIUM_COUNT();
    memmove(seed, sk, 32);
    return 0;
}

int crypto_sign_ed25519_sk_to_pk(unsigned char *pk, const unsigned char *sk)
{
    SODIUM_COUNT();
    memmove(pk, sk + 32, 32);
    return 0;
}

int crypto_sign_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
    return crypto_sign_ed25519_seed_keypair(pk, sk, seed);
}

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk)
{
    return crypto_sign_ed25519_keypair(pk, sk);
}

/* ---- signing ------------------------------------------------------------------ */

/*
 * The one difference from libsodium on purpose: a secret key whose second
 * half is not the public key of its first half is refused (-1, signature
 * zeroed, *siglen_p = 0). libsodium signs with the stored half, and two
 * signatures of one message under one seed with two different halves reveal
 * the secret scalar (docs/sodium.md).
 */
int crypto_sign_ed25519_detached(unsigned char *sig, unsigned long long *siglen_p,
                                 const unsigned char *m, unsigned long long mlen,
                                 const unsigned char *sk)
{
    SODIUM_COUNT();
    if (mlen > SIZE_MAX || vec25519_ed25519_sign(sig, m, (size_t)mlen, sk) != 0) {
        memset(sig, 0, 64);
        if (siglen_p != NULL) *siglen_p = 0;
        return -1;
    }
    if (siglen_p != NULL) *siglen_p = 64U;
    return 0;
}

int crypto_sign_ed25519(unsigned char *sm, unsigned long long *smlen_p, const unsigned char *m,
                        unsigned long long mlen, const unsigned char *sk)
{
    unsigned long long siglen;

    memmove(sm + 64, m, (size_t)mlen);
    if (crypto_sign_ed25519_detached(sm, &siglen, sm + 64, mlen, sk) != 0) {
        if (smlen_p != NULL) *smlen_p = 0;
        memset(sm, 0, (size_t)mlen + 64);
        return -1;
    }
    if (smlen_p != NULL) *smlen_p = mlen + siglen;
    return 0;
}

/* ---- verification ---------------------------------------------------------- */

int crypto_sign_ed25519_verify_detached(const unsigned char *sig, const unsigned char *m,
                                        unsigned long long mlen, const unsigned char *pk)
{
    SODIUM_COUNT();
    if (mlen > SIZE_MAX) return -1;
    return ed25519_verify_cofactorless(sig, m, (size_t)mlen, pk, 0);
}

int crypto_sign_ed25519_open(unsigned char *m, unsigned long long *mlen_p, const unsigned char *sm,
                             unsigned long long smlen, const unsigned char *pk)
{
    unsigned long long mlen;

    if (smlen < 64 || smlen - 64 > crypto_sign_ed25519_MESSAGEBYTES_MAX) goto badsig;
    mlen = smlen - 64;
    if (crypto_sign_ed25519_verify_detached(sm, sm + 64, mlen, pk) != 0) {
        if (m != NULL) memset(m, 0, (size_t)mlen);
        goto badsig;
    }
    if (mlen_p != NULL) *mlen_p = mlen;
    if (m != NULL) memmove(m, sm + 64, (size_t)mlen);
    return 0;

badsig:
    if (mlen_p != NULL) *mlen_p = 0;
    return -1;
}

int crypto_sign(unsigned char *sm, unsigned long long *smlen_p, const unsigned char *m,
                unsigned long long mlen, const unsigned char *sk)
{
    return crypto_sign_ed25519(sm, smlen_p, m, mlen, sk);
}

int crypto_sign_open(unsigned char *m, unsigned long long *mlen_p, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk)
{
    return crypto_sign_ed25519_open(m, mlen_p, sm, smlen, pk);
}

int crypto_sign_detached(unsigned char *sig, unsigned long long *siglen_p, const unsigned char *m,
                         unsigned long long mlen, const unsigned char *sk)
{
    return crypto_sign_ed25519_detached(sig, siglen_p, m, mlen, sk);
}

int crypto_sign_verify_detached(const unsigned char *sig, const unsigned char *m,
                                unsigned long long mlen, const unsigned char *pk)
{
    return crypto_sign_ed25519_verify_detached(sig, m, mlen, pk);
}

/* ---- Ed25519ph (empty context), libsodium's SHA-512 state ---------------------- */

int crypto_sign_ed25519ph_init(crypto_sign_ed25519ph_state *state)
{
    SODIUM_COUNT();
    crypto_hash_sha512_init(&state->hs);
    return 0;
}

int crypto_sign_ed25519ph_update(crypto_sign_ed25519ph_state *state, const unsigned char *m,
                                 unsigned long long mlen)
{
    SODIUM_COUNT();
    return crypto_hash_sha512_update(&state->hs, m, mlen);
}

int crypto_sign_ed25519ph_final_create(crypto_sign_ed25519ph_state *state, unsigned char *sig,
                                       unsigned long long *siglen_p, const unsigned char *sk)
{
    unsigned char ph[64];
    int rc;

    SODIUM_COUNT();
    crypto_hash_sha512_final(&state->hs, ph);
    rc = vec25519_ed25519ph_sign_prehashed(sig, ph, NULL, 0, sk);
    vec25519_wipe(ph, sizeof ph);
    if (rc != 0) {
        memset(sig, 0, 64);
        if (siglen_p != NULL) *siglen_p = 0;
        return -1;
    }
    if (siglen_p != NULL) *siglen_p = 64U;
    return 0;
}

int crypto_sign_ed25519ph_final_verify(crypto_sign_ed25519ph_state *state, const unsigned char *sig,
                                       const unsigned char *pk)
{
    unsigned char ph[64];

    SODIUM_COUNT();
    crypto_hash_sha512_final(&state->hs, ph);
    return ed25519_verify_cofactorless(sig, ph, sizeof ph, pk, 1);
}

int crypto_sign_init(crypto_sign_state *state)
{
    return crypto_sign_ed25519ph_init(state);
}

int crypto_sign_update(crypto_sign_state *state, const unsigned char *m, unsigned long long mlen)
{
    return crypto_sign_ed25519ph_update(state, m, mlen);
}

int crypto_sign_final_create(crypto_sign_state *state, unsigned char *sig,
                             unsigned long long *siglen_p, const unsigned char *sk)
{
    return crypto_sign_ed25519ph_final_create(state, sig, siglen_p, sk);
}

int crypto_sign_final_verify(crypto_sign_state *state, const unsigned char *sig,
                             const unsigned char *pk)
{
    return crypto_sign_ed25519ph_final_verify(state, sig, pk);
}

/* ---- conversion to X25519 ------------------------------------------------------ */

int crypto_sign_ed25519_sk_to_curve25519(unsigned char *curve25519_sk,
                                         const unsigned char *ed25519_sk)
{
    unsigned char h[64];

    SODIUM_COUNT();
    vec25519_sha512(h, ed25519_sk, 32);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
    memcpy(curve25519_sk, h, 32);
    vec25519_wipe(h, sizeof h);
    return 0;
}
