/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — batched key generation: vec25519_x25519_base_batch and
 * vec25519_ed25519_keypair_batch of 8 and 64 keys; the table shows the time
 * per key (per_call = n), to be read against the single "x25519 base" and
 * "ed25519 keypair" rows.
 *
 * Inputs: secret (or seed) i is the RFC 7748 §6.1 Alice private key with
 * bytes 0 and 1 replaced by i and i + 1 (mod 256). The output compared by
 * the correctness check is SHA-512 of the n public keys (and, for Ed25519,
 * of the n secret keys after them); the expected value is the same digest
 * of n single calls. There is no peer equivalent (libsodium and OpenSSL
 * have no batch key generation).
 */
#include <stdio.h>
#include <string.h>

#include "vec25519.h"
#include "bench.h"

#define KG_MAX 64

static struct {
    int ready;
    uint8_t sk[KG_MAX][32], pk[KG_MAX][32], esk[KG_MAX][64];
    uint8_t all[KG_MAX][96];
    volatile int status;
} kg;

static void kg_init(void)
{
    /* RFC 7748 §6.1: Alice's private key */
    static const uint8_t alice_sk[32] = {
        0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
        0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};

    if (kg.ready) return;
    for (size_t i = 0; i < KG_MAX; i++) {
        memcpy(kg.sk[i], alice_sk, 32);
        kg.sk[i][0] = (uint8_t)i;
        kg.sk[i][1] = (uint8_t)(i + 1);
    }
    kg.ready = 1;
}

/* SHA-512 of the n public keys, then (ed != 0) of the n secret keys. */
static void kg_digest(uint8_t out[BENCH_OUT_MAX], size_t n, int ed)
{
    for (size_t i = 0; i < n; i++) {
        memcpy(kg.all[i], kg.pk[i], 32);
        memcpy(kg.all[i] + 32, kg.esk[i], 64);
    }
    if (!ed)
        for (size_t i = 0; i < n; i++) memset(kg.all[i] + 32, 0, 64);
    vec25519_sha512(out, &kg.all[0][0], n * 96);
}

static void xbase_run(size_t n, uint8_t out[BENCH_OUT_MAX], int want)
{
    kg_init();
    kg.status = vec25519_x25519_base_batch(n, kg.pk, kg.sk);
    if (want) {
        memset(kg.esk, 0, sizeof kg.esk);
        kg_digest(out, n, 0);
    }
}

static int xbase_expected(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    kg_init();
    memset(kg.esk, 0, sizeof kg.esk);
    for (size_t i = 0; i < n; i++)
        if (vec25519_x25519_base(kg.pk[i], kg.sk[i]) != 0) {
            fprintf(stderr, "vec25519-bench: x25519_base of batch input %zu failed\n", i);
            return -1;
        }
    kg_digest(out, n, 0);
    return 0;
}

static void edkp_run(size_t n, uint8_t out[BENCH_OUT_MAX], int want)
{
    kg_init();
    vec25519_ed25519_keypair_batch(n, kg.pk, kg.esk, kg.sk);
    if (want) kg_digest(out, n, 1);
}

static int edkp_expected(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    kg_init();
    for (size_t i = 0; i < n; i++) vec25519_ed25519_keypair(kg.pk[i], kg.esk[i], kg.sk[i]);
    kg_digest(out, n, 1);
    return 0;
}

#define KG_SIZE(n)                                                         \
    void bench_x25519_base_batch_##n(uint8_t out[BENCH_OUT_MAX], int want)  \
    {                                                                      \
        xbase_run(n, out, want);                                           \
    }                                                                      \
    int bench_x25519_base_batch_##n##_expected(uint8_t out[BENCH_OUT_MAX]) \
    {                                                                      \
        return xbase_expected(n, out);                                     \
    }                                                                      \
    void bench_keypair_batch_##n(uint8_t out[BENCH_OUT_MAX], int want)      \
    {                                                                      \
        edkp_run(n, out, want);                                            \
    }                                                                      \
    int bench_keypair_batch_##n##_expected(uint8_t out[BENCH_OUT_MAX])     \
    {                                                                      \
        return edkp_expected(n, out);                                      \
    }

KG_SIZE(8)
KG_SIZE(64)
