/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * A Ristretto255 protocol step: an oblivious PRF (the shape of RFC 9497's
 * OPRF mode). A client learns F(k, x) = [k]·H(x) for a server's secret key k
 * without the server learning x, and without the client learning k:
 *
 *   client: P = H(x) (hash to the group), r random, sends B = [r]P
 *   server: sends Z = [k]B
 *   client: N = [1/r]Z = [k]P
 *
 * The program plays both sides and checks that N equals [k]H(x) computed
 * directly, and that a different input gives a different output.
 */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

static const uint8_t dst[] = "vec25519-example-OPRF-ristretto255-SHA512";

static int hash_input(uint8_t p[32], const char *x)
{
    return vec25519_ristretto255_hash_to_group(p, (const uint8_t *)x, strlen(x), dst,
                                               sizeof dst - 1);
}

int main(void)
{
    uint8_t k[32], r[32], r_inv[32];
    uint8_t p[32], blinded[32], evaluated[32], output[32], direct[32], other[32];
    const char *input = "correct horse battery staple";
    int ok = 1;

    vec25519_ristretto255_scalar_random(k); /* the server's key */

    /* Client: blind. */
    vec25519_ristretto255_scalar_random(r);
    if (hash_input(p, input) != 0 || vec25519_ristretto255_scalarmult(blinded, r, p) != 0) {
        printf("blinding failed\n");
        return 1;
    }
    /* Server: evaluate on an element it cannot link to the input. */
    if (vec25519_ristretto255_scalarmult(evaluated, k, blinded) != 0) {
        printf("evaluation failed\n");
        return 1;
    }
    /* Client: unblind. */
    if (vec25519_ristretto255_scalar_invert(r_inv, r) != 0 ||
        vec25519_ristretto255_scalarmult(output, r_inv, evaluated) != 0) {
        printf("unblinding failed\n");
        return 1;
    }

    /* Check: the same as evaluating [k]H(x) directly; another input differs. */
    if (vec25519_ristretto255_scalarmult(direct, k, p) != 0 || memcmp(output, direct, 32) != 0) {
        printf("the unblinded output is not [k]H(x)\n");
        ok = 0;
    }
    if (hash_input(p, "another input") != 0 || vec25519_ristretto255_scalarmult(other, k, p) != 0 ||
        memcmp(other, output, 32) == 0) {
        printf("two inputs gave the same output\n");
        ok = 0;
    }
    vec25519_wipe(k, sizeof k);
    vec25519_wipe(r, sizeof r);
    vec25519_wipe(r_inv, sizeof r_inv);
    printf("%s (backend %s)\n", ok ? "ok" : "FAILED", vec25519_backend());
    return ok ? 0 : 1;
}
