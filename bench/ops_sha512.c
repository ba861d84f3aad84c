/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — SHA-512 throughput: the one-shot digest of an op->n-byte
 * message (rows of 64 B, 1 KiB, 16 KiB and 1 MiB in the table of ops.c;
 * bench.c shows them also as TSC cycles per byte and MB/s,
 * bench_bytes_per_call).
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
#include "backend/sha512_blocks.h"
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

void bench_sha512(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)want;
    sh_init();
    vec25519_sha512(out, sh.msg, op->n);
}

#ifdef HAVE_SODIUM
void bench_sha512_sodium(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)want;
    sh_init();
    sh.status = crypto_hash_sha512(out, sh.msg, op->n);
}
#endif

#ifdef HAVE_OPENSSL
void bench_sha512_openssl(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)want;
    sh_init();
    if (!sh.md) sh.md = EVP_MD_fetch(NULL, "SHA512", NULL);
    if (!sh.md || !EVP_Digest(sh.msg, op->n, out, NULL, sh.md, NULL)) memset(out, 0, 64);
}
#endif

/* The portable path's digest, checked against each peer built in. */
int bench_sha512_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    static const struct {
        const char *name;
        bench_fn f;
    } peers[] = {
#ifdef HAVE_SODIUM
        {"libsodium", bench_sha512_sodium},
#endif
#ifdef HAVE_OPENSSL
        {"OpenSSL", bench_sha512_openssl},
#endif
        {NULL, NULL},
    };
    const struct backend *serial = backend_by_name("serial");

    if (!serial) return -1;
    if (op->n > SHA_MAX) {
        fprintf(stderr, "vec25519-bench: %s: %zu bytes exceed the fixture\n", op->id, op->n);
        return -1;
    }
    backend_set(serial);
    bench_sha512(op, out, 1);
    for (size_t i = 0; peers[i].f; i++) {
        uint8_t peer[BENCH_OUT_MAX];
        sh.status = 0;
        peers[i].f(op, peer, 1);
        if (sh.status != 0 || memcmp(peer, out, 64) != 0) {
            fprintf(stderr, "vec25519-bench: SHA-512 of %zu bytes: portable and %s disagree\n",
                    op->n, peers[i].name);
            return -1;
        }
    }
    return 0;
}

void bench_portable_sha512(bench_fn f, const struct bench_op *op, uint8_t out[BENCH_OUT_MAX],
                           int want_output)
{
    static struct backend alt; /* the benchmark runs on one thread */
    const struct backend *b = backend_get();

    alt = *b;
    alt.sha512_blocks = sha512_blocks_portable;
    backend_set(&alt);
    f(op, out, want_output);
    backend_set(b);
}

size_t bench_bytes_per_call(const struct bench_op *op)
{
    return op->ours == bench_sha512 ? op->n : 0;
}

void bench_sha512_free(void)
{
#ifdef HAVE_OPENSSL
    EVP_MD_free(sh.md);
    sh.md = NULL;
#endif
}
