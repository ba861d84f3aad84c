/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — SHA-512 throughput: the one-shot digest of a 64-byte,
 * 1 KiB, 16 KiB and 1 MiB message (rows of the table in ops.c; bench.c shows
 * them also as TSC cycles per byte and MB/s, bench_bytes_per_call).
 *
 * Ours (vec25519_sha512) runs on the compression function of the backend in
 * use: the portable C (serial), the AVX2 schedule (avx2) or the AVX-512VL
 * schedule (ifma), docs/sha512.md. libsodium: crypto_hash_sha512. OpenSSL:
 * EVP_Digest with an EVP_MD fetched once ("SHA512", outside the timing), as
 * an application that hashes many messages calls it.
 *
 * Message byte i is (167·i + 13) mod 256. The expected digest is the
 * portable path's (the serial backend, a different algorithm from the vector
 * ones), which must agree with libsodium's and OpenSSL's when they are built
 * in.
 *
 * bench_portable_sha512 runs an operation on the backend in use with its
 * SHA-512 replaced by the portable one: the rows "sign, portable SHA-512"
 * and "verify, portable SHA-512" of ops.c, read against "ed25519 sign" and
 * "ed25519 verify" of the same run and backend, show what the vector
 * SHA-512 gives Ed25519.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "vec25519.h"
#include "backend/backend.h"
#include "hash/sha512_blocks.h"
#include "bench.h"

#ifdef HAVE_SODIUM
#include <sodium.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#define SHA_MAX (1u << 20)

static struct {
    int ready;
    uint8_t msg[SHA_MAX];
    volatile int status;
#ifdef HAVE_OPENSSL
    EVP_MD *md;
#endif
} sh;

static void sh_init(void)
{
    if (sh.ready) return;
    for (size_t i = 0; i < SHA_MAX; i++) sh.msg[i] = (uint8_t)(167 * i + 13);
    sh.ready = 1;
}

static void ours(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    sh_init();
    vec25519_sha512(out, sh.msg, n);
}

#ifdef HAVE_SODIUM
static void sodium(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    sh_init();
    sh.status = crypto_hash_sha512(out, sh.msg, n);
}
#endif

#ifdef HAVE_OPENSSL
static void openssl(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    sh_init();
    if (!sh.md) sh.md = EVP_MD_fetch(NULL, "SHA512", NULL);
    if (!sh.md || !EVP_Digest(sh.msg, n, out, NULL, sh.md, NULL)) memset(out, 0, 64);
}
#endif

/* The portable path's digest, checked against the peers built in. */
static int expected(size_t n, uint8_t out[BENCH_OUT_MAX])
{
    const struct backend *serial = backend_by_name("serial");

    if (!serial) return -1;
    backend_set(serial);
    ours(n, out);
#ifdef HAVE_SODIUM
    {
        uint8_t peer[BENCH_OUT_MAX];
        sodium(n, peer);
        if (sh.status != 0 || memcmp(peer, out, 64) != 0) {
            fprintf(stderr, "vec25519-bench: SHA-512 of %zu bytes: portable and libsodium disagree\n",
                    n);
            return -1;
        }
    }
#endif
#ifdef HAVE_OPENSSL
    {
        uint8_t peer[BENCH_OUT_MAX];
        openssl(n, peer);
        if (memcmp(peer, out, 64) != 0) {
            fprintf(stderr, "vec25519-bench: SHA-512 of %zu bytes: portable and OpenSSL disagree\n",
                    n);
            return -1;
        }
    }
#endif
    return 0;
}

#define SHA_ROW(name, n)                                                          \
    void bench_sha512_##name(uint8_t out[BENCH_OUT_MAX], int want)               \
    {                                                                             \
        (void)want;                                                               \
        ours(n, out);                                                             \
    }                                                                             \
    int bench_sha512_##name##_expected(uint8_t out[BENCH_OUT_MAX])               \
    {                                                                             \
        return expected(n, out);                                                  \
    }                                                                             \
    SODIUM_ROW(name, n)                                                           \
    OPENSSL_ROW(name, n)

#ifdef HAVE_SODIUM
#define SODIUM_ROW(name, n)                                                       \
    void bench_sha512_##name##_sodium(uint8_t out[BENCH_OUT_MAX], int want)      \
    {                                                                             \
        (void)want;                                                               \
        sodium(n, out);                                                           \
    }
#else
#define SODIUM_ROW(name, n)
#endif
#ifdef HAVE_OPENSSL
#define OPENSSL_ROW(name, n)                                                      \
    void bench_sha512_##name##_openssl(uint8_t out[BENCH_OUT_MAX], int want)     \
    {                                                                             \
        (void)want;                                                               \
        openssl(n, out);                                                          \
    }
#else
#define OPENSSL_ROW(name, n)
#endif

SHA_ROW(64, 64)
SHA_ROW(1k, 1024)
SHA_ROW(16k, 16384)
SHA_ROW(1m, SHA_MAX)

void bench_portable_sha512(bench_fn f, uint8_t out[BENCH_OUT_MAX], int want_output)
{
    static struct backend alt; /* the benchmark runs on one thread */
    const struct backend *b = backend_get();

    alt = *b;
    alt.sha512_blocks = sha512_blocks_portable;
    backend_set(&alt);
    f(out, want_output);
    backend_set(b);
}

size_t bench_bytes_per_call(const struct bench_op *op)
{
    if (op->ours == bench_sha512_64) return 64;
    if (op->ours == bench_sha512_1k) return 1024;
    if (op->ours == bench_sha512_16k) return 16384;
    if (op->ours == bench_sha512_1m) return SHA_MAX;
    return 0;
}

void bench_sha512_free(void)
{
#ifdef HAVE_OPENSSL
    EVP_MD_free(sh.md);
    sh.md = NULL;
#endif
}
