/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * SHA-512 (src/hash/sha512.c, include/vec25519/sha512.h).
 *
 *   sha512/sha512_shortmsg.txt  NIST CAVP ShortMsg, 129 messages of 0..128 bytes
 *   sha512/sha512_longmsg.txt   NIST CAVP LongMsg, 128 messages of 141..12,812 bytes
 * each one-shot and incremental with random split points (zero-length pieces
 * included); FIPS 180-2 Appendix C ("abc", the 896-bit two-block message, one
 * million 'a' fed in chunks); and, with OpenSSL, random messages of random
 * lengths against OpenSSL's SHA512(). Also: final wipes the context, and the
 * one-shot output may overlap the input.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vec25519/sha512.h"

#ifdef HAVE_OPENSSL
#include <openssl/sha.h>
#endif

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

/* FIPS 180-2 Appendix C.1, C.2, C.3. */
static void test_fips(void)
{
    uint8_t want[64], got[64];
    const char *abc = "abc";
    const char *two =
        "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
        "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";

    hex64(want, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    vec25519_sha512(got, (const uint8_t *)abc, 3);
    CHECK_BYTES(got, want, 64, "FIPS abc");
    sha512_split(got, (const uint8_t *)abc, 3);
    CHECK_BYTES(got, want, 64, "FIPS abc incremental");
#ifdef HAVE_OPENSSL
    SHA512((const unsigned char *)abc, 3, got);
    CHECK_BYTES(got, want, 64, "FIPS abc, OpenSSL");
#endif

    CHECK(strlen(two) == 112, "896-bit message length");
    hex64(want, "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
                "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
    vec25519_sha512(got, (const uint8_t *)two, 112);
    CHECK_BYTES(got, want, 64, "FIPS 896-bit");
    sha512_split(got, (const uint8_t *)two, 112);
    CHECK_BYTES(got, want, 64, "FIPS 896-bit incremental");
#ifdef HAVE_OPENSSL
    SHA512((const unsigned char *)two, 112, got);
    CHECK_BYTES(got, want, 64, "FIPS 896-bit, OpenSSL");
#endif

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

#ifdef HAVE_OPENSSL
static void test_openssl(void)
{
    uint8_t *msg = malloc(20000);
    uint8_t want[64], got[64];
    for (int i = 0; i < 2000; i++) {
        size_t len = i < 1500 ? (size_t)test_rng_below(1001) : (size_t)test_rng_below(20001);
        test_rng_bytes(msg, len);
        SHA512(msg, len, want);
        vec25519_sha512(got, msg, len);
        CHECK_BYTES(got, want, 64, "random message vs OpenSSL, one-shot");
        sha512_split(got, msg, len);
        CHECK_BYTES(got, want, 64, "random message vs OpenSSL, incremental");
    }
    /* every length around the padding boundaries of the first blocks */
    for (size_t len = 0; len <= 400; len++) {
        test_rng_bytes(msg, len);
        SHA512(msg, len, want);
        vec25519_sha512(got, msg, len);
        CHECK_BYTES(got, want, 64, "every length 0..400 vs OpenSSL");
    }
    free(msg);
}
#endif

int main(void)
{
    run_cavp("sha512/sha512_shortmsg.txt", 129);
    run_cavp("sha512/sha512_longmsg.txt", 128);
    test_fips();
    test_overlap();
#ifdef HAVE_OPENSSL
    test_openssl();
#else
    printf("OpenSSL not available: random-message comparison skipped\n");
#endif
    return test_done();
}
