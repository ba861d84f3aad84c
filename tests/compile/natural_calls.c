/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The calls a user writes on day one, with ordinary arrays and no casts:
 * tests/compile/check_calls.sh compiles this file with gcc and clang as
 * C99, C11, C17 and C2x, and with g++ and clang++ as C++11, C++17 and C++20,
 * under -Wall -Wextra -pedantic -Werror. (It is also linked and run by the
 * same script, so the calls are not only accepted but right.)
 *
 * The batch functions take one contiguous array per argument, of a
 * non-pointer element type: n 32-byte strings back to back (x25519_batch,
 * x25519_base_batch, ed25519_keypair_batch, and the multiscalar functions'
 * scalars), or n entries of a small struct
 * (the batch verifiers). C converts `T *` to `const T *` without a word, but
 * not `uint8_t **` to `const uint8_t *const *`, nor (before C23)
 * `uint8_t (*)[32]` to `const uint8_t (*)[32]`: so no prototype has a pointer
 * to pointers or a pointer to arrays.
 */
#include <stdio.h>
#include <string.h>

#include <vec25519.h>

#define N 5

int main(void)
{
    /* X25519, batched: 2-D arrays of keys, passed as their first row. */
    uint8_t sks[N][32], pks[N][32], peer_sks[N][32], peer_pks[N][32], out[N][32], mine[N][32];
    int results[N];
    for (int i = 0; i < N; i++) {
        if (vec25519_x25519_keypair_random(pks[i], sks[i]) != 0) return 1;
        if (vec25519_x25519_keypair_random(peer_pks[i], peer_sks[i]) != 0) return 1;
    }
    if (vec25519_x25519_batch(N, out[0], sks[0], peer_pks[0], results) != 0) return 1;
    if (vec25519_x25519_batch(N, mine[0], peer_sks[0], pks[0], NULL) != 0) return 1;
    if (memcmp(out, mine, sizeof out) != 0) return 2;

    /* A flat buffer works the same way. */
    uint8_t flat_out[N * 32];
    const uint8_t *flat_sks = &sks[0][0];
    if (vec25519_x25519_batch(N, flat_out, flat_sks, &peer_pks[0][0], results) != 0) return 1;
    if (memcmp(flat_out, out, sizeof out) != 0) return 2;

    /* Batched key generation: the same flat style. */
    uint8_t bpks[N][32], bsks[N][64];
    if (vec25519_x25519_base_batch(N, bpks[0], sks[0]) != 0) return 1;
    if (memcmp(bpks, pks, sizeof bpks) != 0) return 2;
    vec25519_ed25519_keypair_batch(N, bpks[0], bsks[0], sks[0]);
    for (int i = 0; i < N; i++) {
        uint8_t one_pk[32], one_sk[64];
        vec25519_ed25519_keypair(one_pk, one_sk, sks[i]);
        if (memcmp(one_pk, bpks[i], 32) != 0 || memcmp(one_sk, bsks[i], 64) != 0) return 2;
    }

    /* The public key needs no cast to ignore its (always 0) result. */
    (void)vec25519_x25519_base(pks[0], sks[0]);
    vec25519_x25519_base(pks[0], sks[0]);

    /* Ed25519, batched: messages as `uint8_t *msgs[]`, signatures and keys as
     * 2-D arrays, one entry per signature. */
    uint8_t msg_storage[N][40], sigs[N][64], epks[N][32], esks[N][64];
    uint8_t *msgs[N];
    size_t lens[N];
    vec25519_ed25519_batch_item items[N];
    for (int i = 0; i < N; i++) {
        memset(msg_storage[i], 'a' + i, sizeof msg_storage[i]);
        msgs[i] = msg_storage[i];
        lens[i] = (size_t)(10 + i);
        if (vec25519_ed25519_keypair_random(epks[i], esks[i]) != 0) return 1;
        if (vec25519_ed25519_sign(sigs[i], msgs[i], lens[i], esks[i]) != 0) return 1;
        items[i].msg = msgs[i];
        items[i].len = lens[i];
        items[i].sig = sigs[i];
        items[i].pk = epks[i];
    }
    if (vec25519_ed25519_verify_batch(N, items, results) != 0) return 3;
    if (vec25519_ed25519_verify_batch_zip215(N, items, NULL) != 0) return 3;

    /* ... with expanded keys, several entries sharing one. */
    static vec25519_ed25519_expanded_pk xk;
    if (vec25519_ed25519_pk_expand(&xk, epks[0]) != 0) return 1;
    vec25519_ed25519_batch_item_expanded xitems[2];
    for (int i = 0; i < 2; i++) {
        xitems[i].msg = msgs[0];
        xitems[i].len = lens[0];
        xitems[i].sig = sigs[0];
        xitems[i].epk = &xk;
    }
    if (vec25519_ed25519_verify_batch_expanded(2, xitems, NULL) != 0) return 3;

    /* Multiscalar: scalars as a 2-D array's first row, points as an array. */
    uint8_t scalars[N][32];
    vec25519_edwards25519_point points[N], r;
    for (int i = 0; i < N; i++) {
        vec25519_edwards25519_scalar_random(scalars[i]);
        vec25519_edwards25519_point_base(&points[i]);
    }
    vec25519_edwards25519_point_multiscalar(&r, scalars[0], points, N);
    vec25519_edwards25519_point_multiscalar_vartime(&r, scalars[0], points, N);
    vec25519_ristretto255_point rp[N], rr;
    for (int i = 0; i < N; i++) vec25519_ristretto255_point_base(&rp[i]);
    vec25519_ristretto255_point_multiscalar(&rr, scalars[0], rp, N);
    uint8_t enc[N][32];
    vec25519_ristretto255_point_double_and_compress_batch(enc[0], rp, N);

    /* Streaming verification. */
    vec25519_ed25519_verify_state st;
    (void)vec25519_ed25519_verify_init(&st, sigs[1], epks[1]);
    vec25519_ed25519_verify_update(&st, msgs[1], 3);
    vec25519_ed25519_verify_update(&st, msgs[1] + 3, lens[1] - 3);
    if (vec25519_ed25519_verify_final(&st) != 0) return 4;

    /* A (NULL, 0) message is fine; (NULL, 5) is an error, not a crash. */
    uint8_t sig[64];
    if (vec25519_ed25519_sign(sig, NULL, 0, esks[0]) != 0) return 5;
    if (vec25519_ed25519_verify(sig, NULL, 0, epks[0]) != 0) return 5;
    if (vec25519_ed25519_verify(sig, NULL, 5, epks[0]) != -1) return 5;

    if (!vec25519_memeq(out, mine, sizeof out)) return 6;
    vec25519_wipe(sks, sizeof sks);
    puts("natural calls: ok");
    return 0;
}
