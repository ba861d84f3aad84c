/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519: a fresh key pair, a signature, its verification, and the
 * rejection of a modified message and of a modified signature.
 */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

static void print_hex(const char *label, const uint8_t *p, size_t n)
{
    printf("%s ", label);
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
    printf("\n");
}

int main(void)
{
    uint8_t pk[VEC25519_ED25519_PUBLICKEYBYTES];
    uint8_t sk[VEC25519_ED25519_SECRETKEYBYTES];
    uint8_t sig[VEC25519_ED25519_BYTES];
    uint8_t msg[] = "The quick brown fox jumps over the lazy dog";
    size_t len = sizeof msg - 1;
    int ok = 1;

    if (vec25519_ed25519_keypair_random(pk, sk) != 0) {
        fprintf(stderr, "no randomness from the operating system\n");
        return 1;
    }
    if (vec25519_ed25519_sign(sig, msg, len, sk) != 0) {
        fprintf(stderr, "signing failed\n");
        return 1;
    }
    print_hex("public key", pk, sizeof pk);
    print_hex("signature ", sig, sizeof sig);

    if (vec25519_ed25519_verify(sig, msg, len, pk) != 0) {
        printf("the signature does not verify\n");
        ok = 0;
    }
    msg[0] ^= 1; /* a different message */
    if (vec25519_ed25519_verify(sig, msg, len, pk) == 0) {
        printf("a modified message was accepted\n");
        ok = 0;
    }
    msg[0] ^= 1;
    sig[63] ^= 0x10; /* a different S */
    if (vec25519_ed25519_verify(sig, msg, len, pk) == 0) {
        printf("a modified signature was accepted\n");
        ok = 0;
    }
    vec25519_wipe(sk, sizeof sk);
    printf("%s (backend %s)\n", ok ? "ok" : "FAILED", vec25519_backend());
    return ok ? 0 : 1;
}
