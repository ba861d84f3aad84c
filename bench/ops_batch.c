/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — the batched rows of key generation and key exchange:
 * vec25519_x25519_base_batch and vec25519_ed25519_keypair_batch (n = 8, 64),
 * vec25519_x25519_batch (n = 8, 16, 64, 256). The table shows the time per
 * key (per_call = n), to be read against the single "x25519 base",
 * "ed25519 keypair" and "x25519" rows. The row gives n (op->n).
 *
 * Inputs: secret (or seed) i is the RFC 7748 §6.1 Alice private key with
 * bytes 0 and 1 replaced by i (mod 256) and i / 256; point i is the §6.1 Bob
 * public key with byte 0 xor (i mod 256) (any 32 bytes are a valid X25519
 * input; the few that would be of small order are avoided by checking that
 * every single call succeeds). The output compared by the correctness check
 * is SHA-512 of the n outputs: the shared secrets (x25519 batch), or 96 bytes
 * per key, the public key then the secret key (ed25519) or zeros (x25519
 * base). The expected value is the same digest of n single calls. There is
 * no peer equivalent (libsodium and OpenSSL have no batch key generation or
 * batch X25519).
 */
#include <stdio.h>
#include <string.h>

#include "vec25519.h"
#include "bench.h"

#define BATCH_MAX 256 /* the largest n of a row */

static struct {
    int ready;
    uint8_t k[BATCH_MAX][32], u[BATCH_MAX][32]; /* secrets or seeds; peers' public keys */
    uint8_t pk[BATCH_MAX][32], esk[BATCH_MAX][64]; /* outputs */
    uint8_t all[BATCH_MAX][96];                    /* what the key-generation digest reads */
    volatile int status;
} bt;

static void bt_init(void)
{
    if (bt.ready) return;
    for (size_t i = 0; i < BATCH_MAX; i++) {
        memcpy(bt.k[i], bench_rfc7748_alice_sk(), 32);
        bt.k[i][0] = (uint8_t)i;
        bt.k[i][1] = (uint8_t)(i >> 8);
        memcpy(bt.u[i], bench_rfc7748_bob_pk(), 32);
        bt.u[i][0] ^= (uint8_t)i;
    }
    bt.ready = 1;
}

/* The expected functions run first (bench.c checks every row before timing
 * any): a row larger than the fixture stops the benchmark there. */
static int bt_check(const struct bench_op *op)
{
    bt_init();
    if (op->n <= BATCH_MAX) return 0;
    fprintf(stderr, "vec25519-bench: %s: n = %zu exceeds the fixture (%d keys)\n", op->id, op->n,
            BATCH_MAX);
    return -1;
}

/* SHA-512 of the n public keys, each followed by its secret key (ed != 0)
 * or by 64 zero bytes. */
static void kg_digest(uint8_t out[BENCH_OUT_MAX], size_t n, int ed)
{
    for (size_t i = 0; i < n; i++) {
        memcpy(bt.all[i], bt.pk[i], 32);
        if (ed)
            memcpy(bt.all[i] + 32, bt.esk[i], 64);
        else
            memset(bt.all[i] + 32, 0, 64);
    }
    vec25519_sha512(out, &bt.all[0][0], n * 96);
}

void bench_x25519_base_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    bt_init();
    bt.status = vec25519_x25519_base_batch(op->n, bt.pk[0], bt.k[0]);
    if (want) kg_digest(out, op->n, 0);
}

int bench_x25519_base_batch_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    if (bt_check(op) != 0) return -1;
    for (size_t i = 0; i < op->n; i++)
        if (vec25519_x25519_base(bt.pk[i], bt.k[i]) != 0) {
            fprintf(stderr, "vec25519-bench: x25519_base of batch input %zu failed\n", i);
            return -1;
        }
    kg_digest(out, op->n, 0);
    return 0;
}

void bench_keypair_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    bt_init();
    vec25519_ed25519_keypair_batch(op->n, bt.pk[0], bt.esk[0], bt.k[0]);
    if (want) kg_digest(out, op->n, 1);
}

int bench_keypair_batch_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    if (bt_check(op) != 0) return -1;
    for (size_t i = 0; i < op->n; i++) vec25519_ed25519_keypair(bt.pk[i], bt.esk[i], bt.k[i]);
    kg_digest(out, op->n, 1);
    return 0;
}

void bench_x25519_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    bt_init();
    bt.status = vec25519_x25519_batch(op->n, bt.pk[0], bt.k[0], bt.u[0], NULL);
    if (want) vec25519_sha512(out, &bt.pk[0][0], op->n * 32);
}

int bench_x25519_batch_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    if (bt_check(op) != 0) return -1;
    for (size_t i = 0; i < op->n; i++)
        if (vec25519_x25519(bt.pk[i], bt.k[i], bt.u[i]) != 0) {
            fprintf(stderr, "vec25519-bench: batch X25519 input %zu is of small order\n", i);
            return -1;
        }
    vec25519_sha512(out, &bt.pk[0][0], op->n * 32);
    return 0;
}
