/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* Uses the installed library through its public header only, and checks the
 * RFC 7748 §6.1 Diffie–Hellman example end to end. */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

static void unhex(uint8_t out[32], const char *hex)
{
    for (size_t i = 0; i < 32; i++) sscanf(hex + 2 * i, "%2hhx", &out[i]);
}

int main(void)
{
    uint8_t a[32], bpub[32], want[32], got[32];
    unhex(a, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    unhex(bpub, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
    unhex(want, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742");
    if (vec25519_x25519(got, a, bpub) != 0 || memcmp(got, want, 32) != 0) {
        printf("consumer: wrong shared secret\n");
        return 1;
    }
    printf("consumer: ok (backend %s, version %s)\n", vec25519_backend(), vec25519_version());
    return 0;
}
