/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — batched X25519 (vec25519_x25519_batch) of 8, 16, 64 and
 * 256 keys; the table shows the time per key (per_call = n).
 *
 * Inputs: scalar i is the RFC 7748 §6.1 Alice private key with bytes 0 and 1
 * replaced by i (mod 256) and i / 256, point i is the §6.1 Bob public key
 * with byte 0 xor (i mod 256) (any 32 bytes are a valid X25519 input; the
 * few that would be of small order are avoided by checking that every single
 * call succeeds). The output compared by the correctness check is SHA-512 of
 * the n shared secrets; the expected value is the same digest of n single
 * vec25519_x25519 calls. There is no peer equivalent (libsodium and OpenSSL
 * have no batch X25519): compare with the single "x25519" row.
 */
#include <stdio.h>
#include <string.h>

#include "vec25519.h"
#include "bench.h"

#define BATCH_MAX 256

static struct {
    int ready;
    uint8_t k[BATCH_MAX][32], u[BATCH_MAX][32], out[BATCH_MAX][32];
    volatile int status;
} xb;

static void xb_init(void)
{
    /* RFC 7748 §6.1: Alice's private key, Bob's public key */
    static const uint8_t alice_sk[32] = {
        0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
        0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
    static const uint8_t bob_pk[32] = {
        0xde, 0x9e, 0xdb, 0x7d, 0x7b, 0x7d, 0xc1, 0xb4, 0xd3, 0x5b, 0x61, 0xc2, 0xec, 0xe4, 0x35, 0x37,
        0x3f, 0x83, 0x43, 0xc8, 0x5b, 0x78, 0x67, 0x4d, 0xad, 0xfc, 0x7e, 0x14, 0x6f, 0x88, 0x2b, 0x4f};

    if (xb.ready) return;
    for (size_t i = 0; i < BATCH_MAX; i++) {
        memcpy(xb.k[i], alice_sk, 32);
        xb.k[i][0] = (uint8_t)i;
        xb.k[i][1] = (uint8_t)(i >> 8);
        memcpy(xb.u[i], bob_pk, 32);
        xb.u[i][0] ^= (uint8_t)i;
    }
    xb.ready = 1;
}

static void xb_run(size_t n, uint8_t out[BENCH_OUT_MAX], int want)
{
    xb_init();
    xb.status = vec25519_x25519_batch(n, xb.out[0], xb.k[0], xb.u[0], NULL);
    if (want) vec25519_sha512(out, &xb.out[0][0], n * 32);
}

static int xb_expected(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    uint8_t all[BATCH_MAX][32];

    xb_init();
    for (size_t i = 0; i < n; i++)
        if (vec25519_x25519(all[i], xb.k[i], xb.u[i]) != 0) {
            fprintf(stderr, "vec25519-bench: batch X25519 input %zu is of small order\n", i);
            return -1;
        }
    vec25519_sha512(out, &all[0][0], n * 32);
    return 0;
}

#define XB_SIZE(n)                                                  \
    void bench_x25519_batch_##n(uint8_t out[BENCH_OUT_MAX], int want) \
    {                                                               \
        xb_run(n, out, want);                                       \
    }                                                               \
    int bench_x25519_batch_##n##_expected(uint8_t out[BENCH_OUT_MAX]) \
    {                                                               \
        return xb_expected(n, out);                                 \
    }
XB_SIZE(8)
XB_SIZE(16)
XB_SIZE(64)
XB_SIZE(256)
