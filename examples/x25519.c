/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 key agreement (RFC 7748): two parties make key pairs, exchange the
 * public keys, compute the same shared secret, and derive a session key from
 * it together with both public keys (never use the raw shared secret as a
 * key). A peer key of small order is refused.
 */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

/* session = SHA-512(shared ‖ the initiator's public key ‖ the responder's)[0..32) */
static void session_key(uint8_t out[32], const uint8_t shared[32], const uint8_t pk_i[32],
                        const uint8_t pk_r[32])
{
    vec25519_sha512_ctx h;
    uint8_t digest[64];

    vec25519_sha512_init(&h);
    vec25519_sha512_update(&h, shared, 32);
    vec25519_sha512_update(&h, pk_i, 32);
    vec25519_sha512_update(&h, pk_r, 32);
    vec25519_sha512_final(&h, digest);
    memcpy(out, digest, 32);
    vec25519_wipe(digest, sizeof digest);
}

int main(void)
{
    uint8_t alice_pk[32], alice_sk[32], bob_pk[32], bob_sk[32];
    uint8_t alice_shared[32], bob_shared[32], alice_key[32], bob_key[32];
    /* The point of order 1 (u = 0) and one of order 8 (RFC 7748 §6.1 says to abort). */
    uint8_t zero_point[32] = {0};
    static const uint8_t order8_point[32] = {
        0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3,
        0xfa, 0xf1, 0x9f, 0xc4, 0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32,
        0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49, 0xb8, 0x00};
    int ok = 1;

    if (vec25519_x25519_keypair_random(alice_pk, alice_sk) != 0 ||
        vec25519_x25519_keypair_random(bob_pk, bob_sk) != 0) {
        fprintf(stderr, "no randomness from the operating system\n");
        return 1;
    }
    /* Each side, with its own secret key and the other's public key. */
    if (vec25519_x25519(alice_shared, alice_sk, bob_pk) != 0 ||
        vec25519_x25519(bob_shared, bob_sk, alice_pk) != 0) {
        printf("a valid public key was refused\n");
        return 1;
    }
    session_key(alice_key, alice_shared, alice_pk, bob_pk);
    session_key(bob_key, bob_shared, alice_pk, bob_pk);
    if (!vec25519_memeq(alice_key, bob_key, 32)) {
        printf("the two parties disagree\n");
        ok = 0;
    }
    /* A malicious peer's key of small order gives an all-zero secret: refused. */
    if (vec25519_x25519(alice_shared, alice_sk, zero_point) == 0 ||
        vec25519_x25519(alice_shared, alice_sk, order8_point) == 0) {
        printf("a public key of small order was accepted\n");
        ok = 0;
    }
    vec25519_wipe(alice_sk, 32);
    vec25519_wipe(bob_sk, 32);
    vec25519_wipe(alice_shared, 32);
    vec25519_wipe(bob_shared, 32);
    vec25519_wipe(alice_key, 32);
    vec25519_wipe(bob_key, 32);
    printf("%s (backend %s)\n", ok ? "ok" : "FAILED", vec25519_backend());
    return ok ? 0 : 1;
}
