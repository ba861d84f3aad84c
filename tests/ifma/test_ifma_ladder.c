/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the IFMA X25519 ladder (src/backend/ifma/ladder_ifma.c,
 * docs/x25519.md §8): x25519_ladder_ifma (eight lanes, the backend's)
 * against the serial ladder x25519_ladder_serial
 * (src/backend/serial/ladder.c), which is not the code under test:
 *
 *   - 10,000 random (scalar, u) pairs, one in four with u ≥ 2^255 − 19 or
 *     bit 255 set;
 *   - edge u values (0, 1, p − 1, p, p + 1, 2^255 − 1, 2^256 − 1, the
 *     points of small order and their non-canonical forms) with random
 *     scalars and with the all-zero and all-ones scalars;
 *   - aliasing: out == scalar, out == point;
 *   - the RFC 7748 §5.2 vectors and 1,000 iterations of §5.2's loop;
 *   - vec25519_x25519 under the forced backend equals the serial ladder.
 *
 * `test_ifma_ladder --bench` prints rdtsc medians of the two IFMA ladders, the
 * BMI2/ADX one and the serial one, interleaved (and libsodium / OpenSSL
 * when linked).
 *
 * Compiled with -mavx512f -mavx512vl -mavx512ifma; skips (exit 77) on a CPU
 * without AVX-512 IFMA.
 */
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/ifma/ladder_ifma.h"
#include "internal/cpu.h"
#include "test.h"
#include "timer.h"
#include "vec25519/x25519.h"
#include "backend/x86_64/ladder_fe64.h"
#include "backend/ladder.h"

#ifdef HAVE_SODIUM
#include <sodium.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/evp.h>
#endif

#define N_RANDOM 10000

typedef void (*ladder_fn)(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);

/* The ladder under test: the backend's (eight lanes, two rounds per step). */
static const struct {
    ladder_fn fn;
    const char *name;
} ladders[] = {
    {x25519_ladder_ifma, "x25519_ladder_ifma"},
};
static ladder_fn ladder; /* the one being tested */
#define N_EDGE_RANDOM 50

static void hex32(uint8_t out[32], const char *hex)
{
    long n = hex_decode(out, 32, hex);
    if (n != 32) {
        fprintf(stderr, "bad hex constant %s\n", hex);
        abort();
    }
}

/* One comparison, with and without aliasing. */
static void check_one(const uint8_t k[32], const uint8_t u[32], const char *what)
{
    uint8_t want[32], got[32], buf[32];

    x25519_ladder_serial(want, k, u);
    ladder(got, k, u);
    CHECK_BYTES(got, want, 32, what);
    memcpy(buf, k, 32);
    ladder(buf, buf, u); /* out == scalar */
    CHECK_BYTES(buf, want, 32, what);
    memcpy(buf, u, 32);
    ladder(buf, k, buf); /* out == point */
    CHECK_BYTES(buf, want, 32, what);
}

static void test_random(void)
{
    uint8_t k[32], u[32], want[32], got[32];
    static const uint8_t p_bytes[32] = {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};

    for (int n = 0; n < N_RANDOM; n++) {
        test_rng_bytes(k, 32);
        test_rng_bytes(u, 32);
        switch (n & 7) {
        case 1: /* p ≤ u < 2^255: p + small */
            memcpy(u, p_bytes, 32);
            u[0] = (uint8_t)(0xed + (test_rng_u64() % 19));
            break;
        case 3: /* bit 255 set: ignored */
            u[31] |= 0x80;
            break;
        default:
            break;
        }
        x25519_ladder_serial(want, k, u);
        ladder(got, k, u);
        if (!CHECK_BYTES(got, want, 32, "random")) {
            hex_print(stderr, "k", k, 32);
            hex_print(stderr, "u", u, 32);
        }
    }
}

static void test_edges(void)
{
    /* u values: 0, 1, the small-order points of RFC 7748 §6.1's discussion
     * and their forms ≥ p, p − 1, p, p + 1, 2^255 − 1, and the same with bit
     * 255 set. */
    static const char *const edge_hex[] = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
        "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p − 1 */
        "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p     */
        "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 */
        "cdeb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
        "4c9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7",
        "d9ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "daffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "dbffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* 2^255 − 1 */
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* 2^256 − 1 */
        "0900000000000000000000000000000000000000000000000000000000000000", /* the base point */
        "0000000000000000000000000000000000000000000000000000000000000080",
        "0100000000000000000000000000000000000000000000000000000000000080",
    };
    uint8_t u[32], k[32];

    for (size_t e = 0; e < sizeof edge_hex / sizeof edge_hex[0]; e++) {
        hex32(u, edge_hex[e]);
        memset(k, 0, 32);
        check_one(k, u, "edge u, scalar 0");
        memset(k, 0xff, 32);
        check_one(k, u, "edge u, scalar all ones");
        for (int n = 0; n < N_EDGE_RANDOM; n++) {
            test_rng_bytes(k, 32);
            check_one(k, u, "edge u, random scalar");
        }
    }
    /* every scalar bit pattern that makes the deferred swap fire at each step or never */
    for (int pat = 0; pat < 4; pat++) {
        static const uint8_t fill[4] = {0x00, 0xff, 0x55, 0xaa};
        for (int n = 0; n < N_EDGE_RANDOM; n++) {
            memset(k, fill[pat], 32);
            test_rng_bytes(u, 32);
            check_one(k, u, "patterned scalar");
        }
    }
}

/* RFC 7748 §5.2: the two vectors and 1,000 iterations. */
static void test_rfc7748(void)
{
    uint8_t k[32], u[32], out[32], want[32], t[32];

    hex32(k, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    hex32(u, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    hex32(want, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552");
    ladder(out, k, u);
    CHECK_BYTES(out, want, 32, "RFC 7748 §5.2 vector 1");
    hex32(k, "4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d");
    hex32(u, "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493");
    hex32(want, "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957");
    ladder(out, k, u);
    CHECK_BYTES(out, want, 32, "RFC 7748 §5.2 vector 2");

    memset(k, 0, 32);
    k[0] = 9;
    memcpy(u, k, 32);
    for (int i = 0; i < 1000; i++) {
        ladder(t, k, u);
        memcpy(u, k, 32);
        memcpy(k, t, 32);
        if (i == 0) {
            hex32(want, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079");
            CHECK_BYTES(k, want, 32, "RFC 7748 §5.2, 1 iteration");
        }
    }
    hex32(want, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51");
    CHECK_BYTES(k, want, 32, "RFC 7748 §5.2, 1,000 iterations");
}

/* vec25519_x25519 through the backend table (forced by VEC25519_BACKEND). */
static void test_api(void)
{
    uint8_t k[32], u[32], want[32], got[32];

    for (int n = 0; n < 200; n++) {
        test_rng_bytes(k, 32);
        test_rng_bytes(u, 32);
        x25519_ladder_serial(want, k, u);
        int rc = vec25519_x25519(got, k, u);
        CHECK(rc == 0, "vec25519_x25519 returned %d", rc);
        CHECK_BYTES(got, want, 32, "vec25519_x25519");
    }
}

/* ---- benchmark (--bench) ------------------------------------------------------------------ */

#define BENCH_RUNS 2001

static uint8_t b_k[32], b_u[32], b_out[32];

static void b_ifma(void) { x25519_ladder_ifma(b_out, b_k, b_u); }
static void b_serial(void) { x25519_ladder_serial(b_out, b_k, b_u); }
#ifdef VEC25519_HAVE_LADDER_FE64
static void b_fe64(void) { x25519_ladder_fe64(b_out, b_k, b_u); }
#endif
#ifdef HAVE_SODIUM
static void b_sodium(void)
{
    if (crypto_scalarmult_curve25519(b_out, b_k, b_u) != 0) b_out[0] ^= 1;
}
#endif
#ifdef HAVE_OPENSSL
static EVP_PKEY_CTX *b_ctx;
static void b_openssl(void)
{
    size_t len = 32;
    if (EVP_PKEY_derive(b_ctx, b_out, &len) != 1) b_out[0] ^= 1;
}
#endif

static void bench(void)
{
    timer_fn fns[6];
    const char *names[6];
    uint64_t med[6];
    int n = 0;

    test_rng_bytes(b_k, 32);
    test_rng_bytes(b_u, 32);
    b_u[31] &= 0x7f;
    fns[n] = b_ifma, names[n++] = "x25519_ladder_ifma";
#ifdef VEC25519_HAVE_LADDER_FE64
    if (cpu_features().bmi2_adx) fns[n] = b_fe64, names[n++] = "x25519_ladder_fe64";
#endif
    fns[n] = b_serial, names[n++] = "x25519_ladder_serial";
#ifdef HAVE_SODIUM
    if (sodium_init() >= 0) fns[n] = b_sodium, names[n++] = "libsodium";
#endif
#ifdef HAVE_OPENSSL
    {
        EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, b_k, 32);
        EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, b_u, 32);
        b_ctx = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
        if (b_ctx && EVP_PKEY_derive_init(b_ctx) == 1 && EVP_PKEY_derive_set_peer(b_ctx, peer) == 1)
            fns[n] = b_openssl, names[n++] = "OpenSSL EVP_PKEY_derive";
        EVP_PKEY_free(priv);
        EVP_PKEY_free(peer);
    }
#endif
    timer_medians(fns, n, BENCH_RUNS, med);
    printf("X25519, one call: rdtsc median of %d interleaved samples (TSC ticks, an empty call's "
           "median subtracted)\n",
           BENCH_RUNS);
    uint64_t first = 0;
    for (int f = 0; f < n; f++) {
        uint64_t m = med[f];
        if (f == 0) first = m;
        printf("  %-28s %8llu  (ifma / this = %.3f)\n", names[f], (unsigned long long)m,
               (double)first / (double)m);
    }
#ifdef HAVE_OPENSSL
    EVP_PKEY_CTX_free(b_ctx);
#endif
}

int main(int argc, char **argv)
{
    test_require_ifma();
    timer_bench_mode(argc, argv, bench);
    for (size_t l = 0; l < sizeof ladders / sizeof ladders[0]; l++) {
        ladder = ladders[l].fn;
        printf("%s\n", ladders[l].name);
        test_rfc7748();
        test_edges();
        test_random();
    }
    test_api();
    return test_done();
}
