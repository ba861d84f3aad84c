/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* Uses the installed library through its public header only (compiled as C99
 * and as C++ by tests/install/check_install.sh): the RFC 7748 §6.1
 * Diffie–Hellman example and RFC 8032 §7.1 TEST 1 end to end, and the header
 * version against the library's. */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

static void unhex(uint8_t *out, size_t n, const char *hex)
{
    for (size_t i = 0; i < n; i++) sscanf(hex + 2 * i, "%2hhx", &out[i]);
}

int main(void)
{
    uint8_t a[32], bpub[32], want[32], got[32];
    uint8_t seed[32], pk[32], sk[64], sig[64], want_sig[64];

    unhex(a, 32, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    unhex(bpub, 32, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    unhex(want, 32, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    if (vec25519_x25519(got, a, bpub) != 0 || memcmp(got, want, 32) != 0) {
        printf("consumer: wrong shared secret\n");
        return 1;
    }
    unhex(seed, 32, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60");
    unhex(want_sig, 64,
          "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e3970"
          "1cf9b46bd25bf5f0595bbe24655141438e7a100b");
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_ed25519_sign(sig, NULL, 0, sk);
    if (memcmp(sig, want_sig, 64) != 0 || vec25519_ed25519_verify(sig, NULL, 0, pk) != 0) {
        printf("consumer: wrong Ed25519 signature\n");
        return 1;
    }
    if (strcmp(vec25519_version(), VEC25519_VERSION_STRING) != 0) {
        printf("consumer: header version %s, library version %s\n", VEC25519_VERSION_STRING,
               vec25519_version());
        return 1;
    }
    printf("consumer: ok (backend %s, version %s)\n", vec25519_backend(), vec25519_version());
    return 0;
}
