/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-sodium-bench: libsodium's names with and without the drop-in, in
 * one interleaved run (docs/sodium.md). Both implementations are resolved
 * by name with dlsym: libsodium's own from libsodium.so, the drop-in's from
 * libvec25519-sodium.so (each opened RTLD_LOCAL, so neither interposes the
 * other). Each round times every operation once per implementation,
 * alternating which goes first; the table gives the median over rounds.
 *
 *   vec25519-sodium-bench [rounds] [path of libvec25519-sodium.so]
 */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sodium.h>

typedef int sign_fn(unsigned char *, unsigned long long *, const unsigned char *,
                    unsigned long long, const unsigned char *);
typedef int verify_fn(const unsigned char *, const unsigned char *, unsigned long long,
                      const unsigned char *);
typedef int keypair_fn(unsigned char *, unsigned char *, const unsigned char *);
typedef int mult_fn(unsigned char *, const unsigned char *, const unsigned char *);

typedef struct {
    sign_fn *sign;
    verify_fn *verify;
    keypair_fn *keypair;
    mult_fn *x25519;
    mult_fn *rist;
} impl;

static void *need(void *h, const char *name)
{
    void *f = dlsym(h, name);
    if (f == NULL) {
        fprintf(stderr, "dlsym %s: %s\n", name, dlerror());
        exit(1);
    }
    return f;
}

static void load(impl *im, void *h)
{
    im->sign = (sign_fn *)need(h, "crypto_sign_detached");
    im->verify = (verify_fn *)need(h, "crypto_sign_verify_detached");
    im->keypair = (keypair_fn *)need(h, "crypto_sign_seed_keypair");
    im->x25519 = (mult_fn *)need(h, "crypto_scalarmult");
    im->rist = (mult_fn *)need(h, "crypto_scalarmult_ristretto255");
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

enum { OPS = 5, BATCH = 64 };
static const char *op_names[OPS] = {"sign (64 B)", "verify (64 B)", "keypair (seed)",
                                    "X25519", "ristretto255 scalarmult"};

static unsigned char pk[32], sk[64], seed[32], msg[64], sig[64], xsk[32], xpk[32], rp[32],
    rs[32], out[64];
static volatile int sink;

/* ns per call of operation op, over BATCH calls. */
static double run(const impl *im, int op)
{
    double t0 = now_ns();
    unsigned long long l;
    int acc = 0;
    for (int i = 0; i < BATCH; i++) {
        switch (op) {
        case 0: acc += im->sign(out, &l, msg, sizeof msg, sk); break;
        case 1: acc += im->verify(sig, msg, sizeof msg, pk); break;
        case 2: acc += im->keypair(out, out, seed); break;
        case 3: acc += im->x25519(out, xsk, xpk); break;
        case 4: acc += im->rist(out, rs, rp); break;
        }
    }
    sink = acc;
    return (now_ns() - t0) / BATCH;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 41;
    const char *path = argc > 2 ? argv[2] : VEC25519_SODIUM_SO;
    impl so, vec;
    void *hs, *hv;
    double *t[2][OPS];

    if (rounds < 1 || sodium_init() < 0) return 1;
    hs = dlopen("libsodium.so.23", RTLD_NOW | RTLD_LOCAL);
    hv = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (hs == NULL || hv == NULL) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    load(&so, hs);
    load(&vec, hv);
    {
        const char *(*backend)(void) = (const char *(*)(void))dlsym(hv, "vec25519_sodium_backend");
        printf("libsodium %s against libvec25519-sodium (%s backend), %d rounds of %d calls\n",
               sodium_version_string(), backend ? backend() : "?", rounds, BATCH);
    }
    randombytes_buf(seed, sizeof seed);
    randombytes_buf(msg, sizeof msg);
    crypto_sign_seed_keypair(pk, sk, seed);
    crypto_sign_detached(sig, NULL, msg, sizeof msg, sk);
    randombytes_buf(xsk, sizeof xsk);
    crypto_scalarmult_base(xpk, xsk);
    crypto_core_ristretto255_random(rp);
    crypto_core_ristretto255_scalar_random(rs);
    /* Both must agree before they are timed. */
    {
        unsigned char a[64], b[64];
        so.sign(a, NULL, msg, sizeof msg, sk);
        vec.sign(b, NULL, msg, sizeof msg, sk);
        if (memcmp(a, b, 64) != 0 || so.verify(sig, msg, sizeof msg, pk) != 0 ||
            vec.verify(sig, msg, sizeof msg, pk) != 0) {
            fprintf(stderr, "the two implementations disagree\n");
            return 1;
        }
    }
    for (int k = 0; k < 2; k++)
        for (int op = 0; op < OPS; op++) t[k][op] = calloc((size_t)rounds, sizeof(double));
    for (int r = 0; r < rounds; r++)
        for (int op = 0; op < OPS; op++) {
            if (r & 1) {
                t[1][op][r] = run(&vec, op);
                t[0][op][r] = run(&so, op);
            } else {
                t[0][op][r] = run(&so, op);
                t[1][op][r] = run(&vec, op);
            }
        }
    printf("| operation (libsodium's name) | libsodium ns | drop-in ns | speed-up |\n");
    printf("|---|---:|---:|---:|\n");
    for (int op = 0; op < OPS; op++) {
        qsort(t[0][op], (size_t)rounds, sizeof(double), cmp);
        qsort(t[1][op], (size_t)rounds, sizeof(double), cmp);
        double a = t[0][op][rounds / 2], b = t[1][op][rounds / 2];
        printf("| %s | %.0f | %.0f | %.2fx |\n", op_names[op], a, b, a / b);
    }
    return 0;
}
