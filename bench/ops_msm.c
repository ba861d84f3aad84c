/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — Ed25519 batch verification rows: per-signature cost of
 * vec25519_ed25519_verify_batch of op->n signatures (rows n = 1, 8, 64, 256,
 * 1024), to read against the "ed25519 verify" row of the same run (issue 5's targets: n = 64 at
 * ≤ 0.5×, n = 1024 at ≤ 0.35× a single verification).
 *
 * Fixture: 1024 keys and messages derived from the RFC 8032 §7.1 TEST 1 seed
 * (seed byte 0 and 1 xor the index, message = index-dependent 64 bytes),
 * signed once on first use; the row for n uses the first n. Each signature is
 * checked alone (and by libsodium when built in) before any timing. The
 * tamper check flips one bit of S of signature 0, which every row includes.
 *
 * The multiscalar sweep (every algorithm, every backend, n = 1 … 4096) is
 * not part of this run: it is tools/msm_sweep (docs/msm.md §3).
 */
#include <stdio.h>
#include <string.h>

#include "vec25519.h"
#include "bench.h"

#ifdef HAVE_SODIUM
#include <sodium.h>
#endif

#define BATCH_MAX_N 1024
#define BATCH_MSG_LEN 64

static struct {
    int ready; /* 1 once signed; -1 if making the fixture failed */
    uint8_t pk[BATCH_MAX_N][32], msg[BATCH_MAX_N][BATCH_MSG_LEN];
    uint8_t sig[BATCH_MAX_N][64], sig_ok[BATCH_MAX_N][64];
    vec25519_ed25519_batch_item items[BATCH_MAX_N];
} bx;

static const char hex_seed[] = /* RFC 8032 §7.1 TEST 1 */
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";

static int fixture(void)
{
    uint8_t seed0[32];

    if (bx.ready != 0) return bx.ready == 1 ? 0 : -1;
    bx.ready = -1;
    for (size_t i = 0; i < 32; i++) {
        unsigned v;
        if (sscanf(hex_seed + 2 * i, "%2x", &v) != 1) return -1;
        seed0[i] = (uint8_t)v;
    }
    for (size_t i = 0; i < BATCH_MAX_N; i++) {
        uint8_t seed[32], sk[64];
        memcpy(seed, seed0, 32);
        seed[0] ^= (uint8_t)i;
        seed[1] ^= (uint8_t)(i >> 8);
        vec25519_ed25519_keypair(bx.pk[i], sk, seed);
        for (size_t j = 0; j < BATCH_MSG_LEN; j++) bx.msg[i][j] = (uint8_t)(i * 131 + j * 7);
        if (vec25519_ed25519_sign(bx.sig_ok[i], bx.msg[i], BATCH_MSG_LEN, sk) != 0) return -1;
        memset(sk, 0, sizeof sk); /* a fixture key, public anyway */
        memcpy(bx.sig[i], bx.sig_ok[i], 64);
        bx.items[i].msg = bx.msg[i];
        bx.items[i].len = BATCH_MSG_LEN;
        bx.items[i].sig = bx.sig[i];
        bx.items[i].pk = bx.pk[i];
    }
    bx.ready = 1;
    return 0;
}

void bench_verify_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)want;
    if (fixture() != 0) {
        out[0] = 0;
        return;
    }
    out[0] = vec25519_ed25519_verify_batch(op->n, bx.items, NULL) == 0;
}

/* Every signature of the fixture verifies alone (and under libsodium). */
int bench_expect_verify_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    if (op->n > BATCH_MAX_N) {
        fprintf(stderr, "vec25519-bench: %s: n = %zu exceeds the fixture\n", op->id, op->n);
        return -1;
    }
    if (fixture() != 0) {
        fprintf(stderr, "vec25519-bench: cannot make the batch fixture\n");
        return -1;
    }
#ifdef HAVE_SODIUM
    if (sodium_init() < 0) return -1;
#endif
    for (size_t i = 0; i < BATCH_MAX_N; i++) {
        int ok = vec25519_ed25519_verify(bx.sig_ok[i], bx.msg[i], BATCH_MSG_LEN, bx.pk[i]) == 0;
#ifdef HAVE_SODIUM
        ok = ok && crypto_sign_verify_detached(bx.sig_ok[i], bx.msg[i], BATCH_MSG_LEN,
                                               bx.pk[i]) == 0;
#endif
        if (!ok) {
            fprintf(stderr, "vec25519-bench: batch signature %zu does not verify alone\n", i);
            return -1;
        }
    }
    out[0] = 1;
    return 0;
}

/* One bit of S of signature 0 flipped: every batch must fail. */
void bench_tamper_verify_batch(int on)
{
    if (fixture() != 0) return;
    memcpy(bx.sig[0], bx.sig_ok[0], 64);
    if (on) bx.sig[0][40] ^= 0x01;
}
