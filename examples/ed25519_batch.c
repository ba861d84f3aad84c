/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519 batch verification: 64 signatures by 8 signers checked at once,
 * then the same batch with one message changed — the batch fails and the
 * per-signature results point at the bad one. Every verdict equals the single
 * verification's (the same policy and the same equation).
 */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

#define N 64
#define SIGNERS 8

int main(void)
{
    static uint8_t pks[SIGNERS][32], sks[SIGNERS][64];
    static uint8_t msgs[N][40], sigs[N][64];
    vec25519_ed25519_batch_item items[N];
    int results[N];
    int ok = 1;

    for (int s = 0; s < SIGNERS; s++) {
        if (vec25519_ed25519_keypair_random(pks[s], sks[s]) != 0) {
            fprintf(stderr, "no randomness from the operating system\n");
            return 1;
        }
    }
    for (int i = 0; i < N; i++) {
        snprintf((char *)msgs[i], sizeof msgs[i], "payment #%d of 100 units", i);
        if (vec25519_ed25519_sign(sigs[i], msgs[i], strlen((char *)msgs[i]), sks[i % SIGNERS]) != 0)
            return 1;
        items[i].msg = msgs[i];
        items[i].len = strlen((char *)msgs[i]);
        items[i].sig = sigs[i];
        items[i].pk = pks[i % SIGNERS];
    }

    if (vec25519_ed25519_verify_batch(N, items, results) != 0) {
        printf("a batch of valid signatures was rejected\n");
        ok = 0;
    }

    msgs[37][10] ^= 1; /* a changed message */
    if (vec25519_ed25519_verify_batch(N, items, results) == 0) {
        printf("a batch with a changed message was accepted\n");
        ok = 0;
    }
    for (int i = 0; i < N; i++) {
        if ((results[i] != 0) != (i == 37)) {
            printf("signature %d: wrong verdict %d\n", i, results[i]);
            ok = 0;
        }
    }
    for (int s = 0; s < SIGNERS; s++) vec25519_wipe(sks[s], sizeof sks[s]);
    printf("%s (backend %s)\n", ok ? "ok" : "FAILED", vec25519_backend());
    return ok ? 0 : 1;
}
