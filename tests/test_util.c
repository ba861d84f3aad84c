/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519/util.h and the random key pairs: vec25519_random_bytes,
 * vec25519_random_set_hook, vec25519_wipe, vec25519_memeq,
 * vec25519_ed25519_keypair_random, vec25519_x25519_keypair_random.
 *
 *   the OS generator     fills every length asked (0 … 5000 bytes, large
 *                        requests included), different each time, NULL with a
 *                        length is -1;
 *   the hook             every random thing the library does draws from it:
 *                        random_bytes, both random key pairs (equal to the
 *                        deterministic key pairs of the hook's bytes),
 *                        edwards25519 / ristretto255 random scalars and
 *                        elements (reproducible under a deterministic hook),
 *                        and batch verification's weights (counted);
 *   a failing hook       -1 with every output zeroed for the int functions;
 *                        batch verification falls back to one-by-one with the
 *                        same verdicts; the void random functions abort with
 *                        one line on stderr (in a child process);
 *   reset                set_hook(NULL, …) goes back to the OS;
 *   memeq, wipe          equal/unequal at every position and length, NULL and
 *                        zero lengths; wipe zeroes exactly what it is given.
 */
#define _POSIX_C_SOURCE 200809L

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#if !defined(_WIN32)
#include <sys/wait.h>
#include <unistd.h>
#endif

#include "test.h"
#include "vec25519.h"

/* ---- hooks --------------------------------------------------------------------- */

/* A deterministic hook: a counter-mode stream of SHA-512 blocks of a seed. */
typedef struct {
    uint8_t seed[32];
    uint64_t counter;
    unsigned long calls;
    size_t bytes;
} det_rng;

static int det_hook(void *ctx, uint8_t *buf, size_t len)
{
    det_rng *r = ctx;
    r->calls++;
    r->bytes += len;
    while (len > 0) {
        uint8_t in[40], out[64];
        memcpy(in, r->seed, 32);
        for (int i = 0; i < 8; i++) in[32 + i] = (uint8_t)(r->counter >> (8 * i));
        r->counter++;
        vec25519_sha512(out, in, sizeof in);
        size_t k = len < 64 ? len : 64;
        memcpy(buf, out, k);
        buf += k;
        len -= k;
    }
    return 0;
}

/* A hook that fails after writing garbage (the library must zero it). */
static int fail_hook(void *ctx, uint8_t *buf, size_t len)
{
    (void)ctx;
    memset(buf, 0x5a, len);
    return -1;
}

static void det_init(det_rng *r, uint8_t tag)
{
    memset(r, 0, sizeof *r);
    memset(r->seed, tag, 32);
}

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i]) return 0;
    return 1;
}

/* ---- the OS generator ----------------------------------------------------------- */

static void test_os(void)
{
    static const size_t lens[] = {0, 1, 7, 32, 33, 255, 256, 257, 4096, 5000};
    static uint8_t a[5000], b[5000];

    vec25519_random_set_hook(NULL, NULL);
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t n = lens[i];
        memset(a, 0, sizeof a);
        memset(b, 0, sizeof b);
        CHECK(vec25519_random_bytes(a, n) == 0 && vec25519_random_bytes(b, n) == 0,
              "random_bytes(%zu)", n);
        if (n >= 16) {
            CHECK(memcmp(a, b, n) != 0, "two draws of %zu bytes are equal", n);
            CHECK(!all_zero(a + n - 16, 16), "the last 16 of %zu bytes are zero", n);
        }
        CHECK(all_zero(a + n, sizeof a - n), "random_bytes(%zu) wrote past the end", n);
    }
    CHECK(vec25519_random_bytes(NULL, 0) == 0, "random_bytes(NULL, 0)");
    CHECK(vec25519_random_bytes(NULL, 1) == -1, "random_bytes(NULL, 1)");

    uint8_t pk[32], sk[64], pk2[32], sk2[64], xpk[32], xsk[32], want[32];
    CHECK(vec25519_ed25519_keypair_random(pk, sk) == 0, "ed25519 keypair_random");
    CHECK(vec25519_ed25519_keypair_random(pk2, sk2) == 0, "ed25519 keypair_random");
    CHECK(memcmp(sk, sk2, 32) != 0, "two random seeds are equal");
    vec25519_ed25519_keypair(pk2, sk2, sk);
    CHECK(memcmp(pk, pk2, 32) == 0 && memcmp(sk, sk2, 64) == 0,
          "keypair_random = keypair of its seed");
    CHECK(vec25519_x25519_keypair_random(xpk, xsk) == 0, "x25519 keypair_random");
    vec25519_x25519_base(want, xsk); /* not warn_unused_result: no cast needed */
    CHECK(memcmp(xpk, want, 32) == 0, "x25519 keypair_random pk = x25519_base(sk)");
}

/* ---- the hook --------------------------------------------------------------------- */

static void test_hook(void)
{
    det_rng r1, r2;
    uint8_t a[100], b[100], pk[32], sk[64], pk2[32], sk2[64], seed[32];

    /* random_bytes is the hook's stream. */
    det_init(&r1, 1);
    det_init(&r2, 1);
    vec25519_random_set_hook(det_hook, &r1);
    CHECK(vec25519_random_bytes(a, sizeof a) == 0, "random_bytes via hook");
    det_hook(&r2, b, sizeof b);
    CHECK_BYTES(a, b, sizeof a, "random_bytes = the hook's bytes");
    CHECK(r1.calls == 1 && r1.bytes == 100, "one hook call of 100 bytes (%lu, %zu)", r1.calls,
          r1.bytes);
    CHECK(vec25519_random_bytes(a, 0) == 0 && r1.calls == 1, "a zero-length draw calls nothing");

    /* The key pairs are the deterministic ones of the hook's bytes. */
    det_init(&r1, 2);
    det_init(&r2, 2);
    CHECK(vec25519_ed25519_keypair_random(pk, sk) == 0, "ed25519 keypair_random via hook");
    det_hook(&r2, seed, 32);
    vec25519_ed25519_keypair(pk2, sk2, seed);
    CHECK(memcmp(pk, pk2, 32) == 0 && memcmp(sk, sk2, 64) == 0,
          "ed25519 keypair_random = keypair(hook's 32 bytes)");
    uint8_t xpk[32], xsk[32], want[32];
    CHECK(vec25519_x25519_keypair_random(xpk, xsk) == 0, "x25519 keypair_random via hook");
    det_hook(&r2, seed, 32);
    CHECK_BYTES(xsk, seed, 32, "x25519 sk = the hook's 32 bytes");
    vec25519_x25519_base(want, seed);
    CHECK_BYTES(xpk, want, 32, "x25519 pk");

    /* Random scalars and elements: reproducible under the same stream. */
    uint8_t s1[32], s2[32], e1[32], e2[32], t1[32], t2[32];
    det_init(&r1, 3);
    vec25519_edwards25519_scalar_random(s1);
    vec25519_ristretto255_scalar_random(t1);
    vec25519_ristretto255_random(e1);
    unsigned long calls = r1.calls;
    det_init(&r1, 3);
    vec25519_edwards25519_scalar_random(s2);
    vec25519_ristretto255_scalar_random(t2);
    vec25519_ristretto255_random(e2);
    CHECK(calls >= 3 && r1.calls == calls, "scalar/element randomness comes from the hook");
    CHECK(memcmp(s1, s2, 32) == 0 && memcmp(t1, t2, 32) == 0 && memcmp(e1, e2, 32) == 0,
          "random scalars and elements reproduce under the same hook stream");
    CHECK(!all_zero(s1, 32) && vec25519_ristretto255_is_valid_point(e1) == 1, "sane outputs");

    /* Batch verification draws its weights from the hook. */
    enum { N = 6 };
    uint8_t sigs[N][64], msgs[N][20], keys[N][32], ksk[64];
    vec25519_ed25519_batch_item items[N];
    int res[N];
    for (int i = 0; i < N; i++) {
        test_rng_bytes(seed, 32);
        test_rng_bytes(msgs[i], 20);
        vec25519_ed25519_keypair(keys[i], ksk, seed);
        CHECK(vec25519_ed25519_sign(sigs[i], msgs[i], 20, ksk) == 0, "sign");
        items[i] = (vec25519_ed25519_batch_item){msgs[i], 20, sigs[i], keys[i]};
    }
    det_init(&r1, 4);
    CHECK(vec25519_ed25519_verify_batch(N, items, res) == 0, "batch via hook");
    CHECK(r1.calls == 1 && r1.bytes == 16 * N, "batch drew %zu bytes in %lu calls", r1.bytes,
          r1.calls);

    /* A failing hook: zeroed outputs and -1. */
    vec25519_random_set_hook(fail_hook, NULL);
    memset(a, 0xee, sizeof a);
    CHECK(vec25519_random_bytes(a, sizeof a) == -1 && all_zero(a, sizeof a),
          "random_bytes with a failing hook: -1, zeroed");
    memset(pk, 0xee, 32);
    memset(sk, 0xee, 64);
    CHECK(vec25519_ed25519_keypair_random(pk, sk) == -1 && all_zero(pk, 32) && all_zero(sk, 64),
          "ed25519 keypair_random with a failing hook");
    memset(xpk, 0xee, 32);
    memset(xsk, 0xee, 32);
    CHECK(vec25519_x25519_keypair_random(xpk, xsk) == -1 && all_zero(xpk, 32) &&
              all_zero(xsk, 32),
          "x25519 keypair_random with a failing hook");
    /* ... batch verification still answers, one by one, with the same verdicts. */
    sigs[2][40] ^= 1;
    for (int i = 0; i < N; i++) res[i] = 7;
    CHECK(vec25519_ed25519_verify_batch(N, items, res) == -1, "batch without randomness");
    for (int i = 0; i < N; i++)
        CHECK(res[i] == (i == 2 ? -1 : 0), "batch without randomness: results[%d] = %d", i,
              res[i]);
    sigs[2][40] ^= 1;
    CHECK(vec25519_ed25519_verify_batch(N, items, NULL) == 0, "batch without randomness, valid");

    /* ... and the void random functions abort, in a child, with one line. */
#if defined(_WIN32)
    printf("not checked on Windows (no fork): the void random functions abort without "
           "randomness\n");
#else
    for (int which = 0; which < 3; which++) {
        int fd[2];
        CHECK(pipe(fd) == 0, "pipe");
        fflush(stdout);
        pid_t pid = fork();
        if (pid == 0) {
            close(fd[0]);
            dup2(fd[1], 2);
            uint8_t out[32];
            if (which == 0) vec25519_edwards25519_scalar_random(out);
            if (which == 1) vec25519_ristretto255_random(out);
            if (which == 2) vec25519_ristretto255_scalar_random(out);
            _exit(0);
        }
        close(fd[1]);
        char err[512];
        ssize_t n = read(fd[0], err, sizeof err - 1);
        err[n > 0 ? n : 0] = 0;
        close(fd[0]);
        int st = 0;
        waitpid(pid, &st, 0);
        CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT, "random function %d: status %#x", which,
              st);
        CHECK(strstr(err, "vec25519: no randomness") != NULL, "random function %d: '%s'", which,
              err);
    }
#endif

    /* Reset: the OS again (different bytes every time, the hook not called). */
    det_init(&r1, 5);
    vec25519_random_set_hook(det_hook, &r1);
    vec25519_random_set_hook(NULL, &r1);
    CHECK(vec25519_random_bytes(a, 32) == 0 && vec25519_random_bytes(b, 32) == 0 &&
              memcmp(a, b, 32) != 0 && r1.calls == 0,
          "set_hook(NULL) goes back to the OS");
}

/* ---- memeq and wipe ---------------------------------------------------------------- */

static void test_memeq_wipe(void)
{
    uint8_t a[70], b[70];

    for (size_t len = 0; len <= 70; len++) {
        test_rng_bytes(a, sizeof a);
        memcpy(b, a, sizeof b);
        CHECK(vec25519_memeq(a, b, len) == 1, "memeq equal, len %zu", len);
        for (size_t i = 0; i < len; i++) {
            for (int bit = 0; bit < 8; bit += 7) {
                b[i] ^= (uint8_t)(1u << bit);
                CHECK(vec25519_memeq(a, b, len) == 0, "memeq: len %zu, byte %zu bit %d", len, i,
                      bit);
                b[i] ^= (uint8_t)(1u << bit);
            }
        }
        if (len < 70) {
            b[len] ^= 1; /* beyond the length: not compared */
            CHECK(vec25519_memeq(a, b, len) == 1, "memeq reads past len %zu", len);
        }
    }
    CHECK(vec25519_memeq(a, a, 70) == 1, "memeq of a buffer with itself");
    CHECK(vec25519_memeq(NULL, NULL, 0) == 1 && vec25519_memeq(a, NULL, 0) == 1,
          "memeq of zero bytes is 1, NULL allowed");
    CHECK(vec25519_memeq(NULL, a, 1) == 0 && vec25519_memeq(a, NULL, 1) == 0 &&
              vec25519_memeq(NULL, NULL, 5) == 0,
          "memeq with NULL and a length is 0");

    memset(a, 0xff, sizeof a);
    vec25519_wipe(a + 3, 60);
    CHECK(a[2] == 0xff && all_zero(a + 3, 60) && a[63] == 0xff, "wipe zeroes exactly its range");
    vec25519_wipe(NULL, 0);
    vec25519_wipe(NULL, 10);
    vec25519_wipe(a, 0);
    CHECK(a[0] == 0xff, "wipe(NULL, n) and wipe(p, 0) do nothing");
}

int main(void)
{
    test_os();
    test_hook();
    test_memeq_wipe();
    vec25519_random_set_hook(NULL, NULL);
    return test_done();
}
