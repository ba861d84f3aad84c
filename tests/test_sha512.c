/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * SHA-512 (src/hash/sha512.c, include/vec25519/sha512.h) and its compression
 * functions (src/backend/sha512_blocks.h: portable, AVX2, AVX-512VL).
 *
 * Registered once per backend (VEC25519_BACKEND=serial|avx2|ifma), so that
 * the API runs on each backend's compression function (backend.h:
 * sha512_blocks):
 *   sha512/sha512_shortmsg.txt  NIST CAVP ShortMsg, 129 messages of 0..128 bytes
 *   sha512/sha512_longmsg.txt   NIST CAVP LongMsg, 128 messages of 141..12,812 bytes
 * each one-shot and incremental with random split points (zero-length pieces
 * included); FIPS 180-2 Appendix C ("abc", the 896-bit two-block message, one
 * million 'a' fed in chunks); random messages of every length 0..1024 and
 * some of up to 1 MiB + 17 against the portable path (the serial backend,
 * switched to with backend_set) and against OpenSSL's SHA512() and
 * libsodium's crypto_hash_sha512 when built in; two-piece updates split at
 * every position; inputs at every offset 0..15 from an aligned buffer. Also:
 * final wipes the context, and the one-shot output may overlap the input.
 *
 * And, whatever the backend, every compression function this CPU can run,
 * called directly (each available backend's table entry, and
 * sha512_blocks_avx2 / _avx512 by CPUID): n = 1..9, 16, 33 blocks (each code
 * path of the two-block schedule: a lone block, a last pair, the pipeline)
 * from every input offset 0..15, on random states, against
 * sha512_blocks_portable.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vec25519/sha512.h"
#include "backend/backend.h"
#include "backend/sha512_blocks.h"
#include "internal/cpu.h"

#ifdef HAVE_OPENSSL
#include <openssl/sha.h>
#endif
#ifdef HAVE_SODIUM
#include <sodium.h>
#endif

/* The backend under test (forced by VEC25519_BACKEND) and the serial one. */
static const struct backend *tested, *serial;

/* The digest by the portable compression function (the serial backend). */
static void ref_sha512(uint8_t out[64], const uint8_t *msg, size_t len)
{
    backend_set(serial);
    vec25519_sha512(out, msg, len);
    backend_set(tested);
}

/* msg's digest by ours (one-shot) against the portable path and the peers. */
static void check_digest(const uint8_t *msg, size_t len, const char *what)
{
    uint8_t got[64], want[64];

    vec25519_sha512(got, msg, len);
    ref_sha512(want, msg, len);
    CHECK_BYTES(got, want, 64, what);
#ifdef HAVE_OPENSSL
    SHA512(msg, len, want);
    CHECK_BYTES(got, want, 64, what);
#endif
#ifdef HAVE_SODIUM
    crypto_hash_sha512(want, msg, (unsigned long long)len);
    CHECK_BYTES(got, want, 64, what);
#endif
}

/* Hash msg in random pieces (some empty), through update. */
static void sha512_split(uint8_t out[64], const uint8_t *msg, size_t len)
{
    vec25519_sha512_ctx ctx;
    size_t done = 0;
    vec25519_sha512_init(&ctx);
    while (done < len) {
        size_t piece;
        switch (test_rng_below(4)) {
        case 0: piece = 0; break;
        case 1: piece = (size_t)test_rng_below(8); break;
        case 2: piece = (size_t)test_rng_below(300); break;
        default: piece = 128 * (size_t)test_rng_below(3) + (size_t)test_rng_below(2); break;
        }
        if (piece > len - done) piece = len - done;
        vec25519_sha512_update(&ctx, msg + done, piece);
        done += piece;
    }
    vec25519_sha512_update(&ctx, NULL, 0);
    vec25519_sha512_final(&ctx, out);

    static const vec25519_sha512_ctx zero;
    CHECK(memcmp(&ctx, &zero, sizeof ctx) == 0, "final wipes the context");
}

static void run_cavp(const char *file, int expect)
{
    vec_reader r;
    if (vec_open(&r, file) < 0) return;
    size_t cap = 1 << 15;
    uint8_t *msg = malloc(cap);
    uint8_t want[64], got[64];
    int n = 0;
    while (vec_next(&r)) {
        if (r.nfields < 3) {
            CHECK(0, "%s:%lu: expected 3 fields", file, r.lineno);
            continue;
        }
        long len = hex_decode(msg, cap, r.fields[1]);
        long dlen = hex_decode(want, sizeof want, r.fields[2]);
        CHECK(len >= 0 && len == strtol(r.fields[0], NULL, 10) && dlen == 64,
              "%s:%lu: malformed case", file, r.lineno);
        if (len < 0 || dlen != 64) continue;

        vec25519_sha512(got, msg, (size_t)len);
        CHECK_BYTES(got, want, 64, "CAVP one-shot");
        for (int k = 0; k < 3; k++) {
            sha512_split(got, msg, (size_t)len);
            CHECK_BYTES(got, want, 64, "CAVP incremental");
        }
        n++;
    }
    vec_close(&r);
    free(msg);
    CHECK(n == expect, "%s: %d cases read, %d expected", file, n, expect);
}

static void hex64(uint8_t out[64], const char *hex)
{
    long n = hex_decode(out, 64, hex);
    CHECK(n == 64, "bad constant");
}

/* One FIPS message m[0..n) and its digest (hex): one-shot, incremental, and OpenSSL's. */
static void fips_case(const char *what, const char *m, size_t n, const char *hex)
{
    uint8_t want[64], got[64];
    char label[64];

    hex64(want, hex);
    vec25519_sha512(got, (const uint8_t *)m, n);
    CHECK_BYTES(got, want, 64, what);
    sha512_split(got, (const uint8_t *)m, n);
    snprintf(label, sizeof label, "%s incremental", what);
    CHECK_BYTES(got, want, 64, label);
#ifdef HAVE_OPENSSL
    SHA512((const unsigned char *)m, n, got);
    snprintf(label, sizeof label, "%s, OpenSSL", what);
    CHECK_BYTES(got, want, 64, label);
#endif
}

/* FIPS 180-2 Appendix C.1, C.2, C.3. */
static void test_fips(void)
{
    uint8_t want[64], got[64];
    const char *abc = "abc";
    const char *two =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
        "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    fips_case("FIPS abc", abc, 3,
              "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
              "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    CHECK(strlen(two) == 112, "896-bit message length");
    fips_case("FIPS 896-bit", two, 112,
              "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
              "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");

    /* one million 'a', in chunks of 1000 and in chunks of random sizes */
    hex64(want, "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
    uint8_t *a = malloc(1000000);
    memset(a, 'a', 1000000);
    vec25519_sha512_ctx ctx;
    vec25519_sha512_init(&ctx);
    for (int i = 0; i < 1000; i++) vec25519_sha512_update(&ctx, a, 1000);
    vec25519_sha512_final(&ctx, got);
    CHECK_BYTES(got, want, 64, "FIPS million a, chunks of 1000");
    vec25519_sha512_init(&ctx);
    size_t done = 0;
    while (done < 1000000) {
        size_t piece = (size_t)test_rng_below(5000);
        if (piece > 1000000 - done) piece = 1000000 - done;
        vec25519_sha512_update(&ctx, a + done, piece);
        done += piece;
    }
    vec25519_sha512_final(&ctx, got);
    CHECK_BYTES(got, want, 64, "FIPS million a, random chunks");
    vec25519_sha512(got, a, 1000000);
    CHECK_BYTES(got, want, 64, "FIPS million a, one-shot");
#ifdef HAVE_OPENSSL
    SHA512(a, 1000000, got);
    CHECK_BYTES(got, want, 64, "FIPS million a, OpenSSL");
#endif
    free(a);
}

/* The one-shot output may overlap its input. */
static void test_overlap(void)
{
    uint8_t buf[300], want[64];
    for (size_t len = 0; len <= 300; len += 37) {
        test_rng_bytes(buf, sizeof buf);
        vec25519_sha512(want, buf, len);
        vec25519_sha512(buf, buf, len);
        CHECK_BYTES(buf, want, 64, "one-shot, out overlaps data");
    }
}

/* Every length 0..1024, random contents; some large messages. */
static void test_lengths(void)
{
    static const size_t large[] = {4096, 16384 + 1, 65536 + 127, (1u << 20) + 17};
    size_t max = large[sizeof large / sizeof large[0] - 1];
    uint8_t *msg = malloc(max);

    for (size_t len = 0; len <= 1024; len++) {
        uint8_t got[64], want[64];
        test_rng_bytes(msg, len);
        check_digest(msg, len, "every length 0..1024");
        sha512_split(got, msg, len);
        ref_sha512(want, msg, len);
        CHECK_BYTES(got, want, 64, "every length 0..1024, incremental");
    }
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++) {
        test_rng_bytes(msg, large[i]);
        check_digest(msg, large[i], "large message");
    }
    free(msg);
}

/* Two pieces, split at every position; and the one-shot from every offset
 * 0..15 of an aligned buffer. */
static void test_splits_offsets(void)
{
    static const size_t lens[] = {127, 128, 129, 300, 1024 + 5};
    _Alignas(64) uint8_t buf[1200], want[64], got[64];

    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t len = lens[i];
        test_rng_bytes(buf, len);
        ref_sha512(want, buf, len);
        for (size_t cut = 0; cut <= len; cut++) {
            vec25519_sha512_ctx ctx;
            vec25519_sha512_init(&ctx);
            vec25519_sha512_update(&ctx, buf, cut);
            vec25519_sha512_update(&ctx, buf + cut, len - cut);
            vec25519_sha512_final(&ctx, got);
            CHECK_BYTES(got, want, 64, "two pieces, split at every position");
        }
    }
    for (size_t off = 0; off < 16; off++) {
        size_t len = 1024 + 3 - off;
        test_rng_bytes(buf + off, len);
        vec25519_sha512(got, buf + off, len);
        ref_sha512(want, buf + off, len);
        CHECK_BYTES(got, want, 64, "input at offset 0..15");
        sha512_split(got, buf + off, len);
        CHECK_BYTES(got, want, 64, "input at offset 0..15, incremental");
    }
}

/* One compression function against sha512_blocks_portable. */
static void check_blocks(sha512_blocks_fn *fn, const char *name)
{
    static const size_t counts[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 33};
    uint8_t *buf = malloc(33 * 128 + 16);
    int bad = 0;

    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        size_t n = counts[i];
        for (size_t off = 0; off < 16; off++) {
            uint64_t got[8], want[8];
            test_rng_bytes(want, sizeof want);
            memcpy(got, want, sizeof got);
            test_rng_bytes(buf + off, n * 128);
            fn(got, buf + off, n);
            sha512_blocks_portable(want, buf + off, n);
            test_checks++;
            if (memcmp(got, want, sizeof got) != 0 && bad++ < 5)
                test_fail(__FILE__, __LINE__, "%s: %zu block(s) at offset %zu differ from portable",
                          name, n, off);
        }
    }
    free(buf);
}

static void test_block_functions(void)
{
    size_t n;
    const struct backend *const *list = backend_available(&n);

    for (size_t i = 0; i < n; i++) check_blocks(list[i]->sha512_blocks, list[i]->name);
#if defined(VEC25519_X86_64)
    struct cpu_features f = cpu_features();
    if (f.avx2)
        check_blocks(sha512_blocks_avx2, "sha512_blocks_avx2");
    else
        printf("no AVX2: sha512_blocks_avx2 not called directly\n");
    if (f.avx512vl)
        check_blocks(sha512_blocks_avx512, "sha512_blocks_avx512");
    else
        printf("no AVX-512F/VL: sha512_blocks_avx512 not called directly\n");
    if (!f.bmi2) printf("no BMI1/BMI2: the vector paths fall back to the portable rounds\n");

    /* each backend names the path it is meant to (docs/sha512.md §2) */
    for (size_t i = 0; i < n; i++) {
        const struct backend *b = list[i];
        if (strcmp(b->name, "avx2") == 0)
            CHECK(b->sha512_blocks == sha512_blocks_avx2, "avx2 backend: SHA-512 path");
        else if (strcmp(b->name, "ifma") == 0)
            CHECK(b->sha512_blocks == sha512_blocks_avx512, "ifma backend: SHA-512 path");
        else
            CHECK(b->sha512_blocks == sha512_blocks_portable, "%s backend: SHA-512 path", b->name);
    }
#else
    for (size_t i = 0; i < n; i++)
        CHECK(list[i]->sha512_blocks == sha512_blocks_portable, "SHA-512 path");
#endif
}

int main(void)
{
#ifdef HAVE_SODIUM
    if (sodium_init() < 0) test_skip("sodium_init failed");
#endif
    tested = backend_get();
    serial = backend_by_name("serial");
    CHECK(serial != NULL, "the serial backend is available");
    if (!serial) return test_done();
    printf("SHA-512 on the %s backend\n", tested->name);

    run_cavp("sha512/sha512_shortmsg.txt", 129);
    run_cavp("sha512/sha512_longmsg.txt", 128);
    test_fips();
    test_overlap();
    test_lengths();
    test_splits_offsets();
    test_block_functions();
#ifndef HAVE_OPENSSL
    printf("OpenSSL not built in: compared with the portable path and libsodium only\n");
#endif
#ifndef HAVE_SODIUM
    printf("libsodium not built in: compared with the portable path and OpenSSL only\n");
#endif
    return test_done();
}
