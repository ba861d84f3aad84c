/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the 4-lane AVX2 X25519 kernel x25519_batch4_avx2
 * (src/backend/avx2/x25519x4.[ch]).
 *
 * References, none of them the code under test:
 *   - x25519_ladder_serial (src/backend/serial/ladder.c, the generic serial ladder),
 *     lane by lane, on random inputs with a different scalar and point in
 *     every lane (10,000 inputs; fewer on the bounds-checking core, where
 *     every vector field operation also asserts its bounds);
 *   - edge inputs in every lane position, next to random lanes: u = 0, 1,
 *     p − 1, p, p + 1, 2^255 − 1, 2^256 − 1, the small-order u values (order
 *     2, 4 and 8, checked here to give 0 with the serial ladder), the same
 *     plus p and with bit 255 set, and the scalars all-zero and all-ones;
 *   - the known answers of tests/vectors/: RFC 7748 §5.2 (two vectors and
 *     the iterated test to 1000), Wycheproof x25519_test (518 cases, raw
 *     output: the all-zero results must come out as zero, unchecked);
 *   - aliasing: out = scalars and out = points.
 *
 * The kernel's header has no intrinsics, so this file is compiled without
 * -mavx2. Skips (exit 77) on a CPU without AVX2.
 */
#include <stdlib.h>
#include <string.h>

#include "backend/avx2/x25519x4.h"
#include "backend/ladder.h"
#include "backend/backend.h"
#include "internal/cpu.h"
#include "bn.h"
#include "test.h"

#ifdef VEC25519_CHECK_BOUNDS
#define N_RANDOM_BATCHES 25 /* 100 inputs: every field operation checks its bounds */
#define N_ITERATED 1
#define N_EDGE_SCALARS 1      /* edge u in each lane with one edge scalar, not all four */
#else
#define N_RANDOM_BATCHES 2500 /* 10,000 inputs */
#define N_ITERATED 1000
#define N_EDGE_SCALARS 4
#endif

static const uint8_t zero32[32] = {0};

/* Runs the kernel on (s, u) and compares every lane with the serial ladder. */
static void check_batch(uint8_t s[4][32], uint8_t u[4][32], const char *what)
{
    uint8_t got[4][32], want[32];
    memset(got, 0xa5, sizeof got);
    x25519_batch4_avx2(got, (const uint8_t(*)[32])s, (const uint8_t(*)[32])u);
    for (int l = 0; l < 4; l++) {
        x25519_ladder_serial(want, s[l], u[l]);
        if (!CHECK_BYTES(got[l], want, 32, what)) {
            fprintf(stderr, "  lane %d\n", l);
            hex_print(stderr, "  scalar", s[l], 32);
            hex_print(stderr, "  u", u[l], 32);
        }
    }
}

static void test_random(void)
{
    uint8_t s[4][32], u[4][32];
    for (int n = 0; n < N_RANDOM_BATCHES; n++) {
        test_rng_bytes(s, sizeof s);
        test_rng_bytes(u, sizeof u);
        check_batch(s, u, "random");
    }
}

/* p = 2^255 - 19 */
static const uint8_t P[32] = {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                              0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                              0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};

/* u-coordinates of small order on Curve25519 or its twist (RFC 7748 §6.1; the
 * order-8 pair are the well-known values, checked below with the serial ladder). */
static const uint8_t SMALL_ORDER[][32] = {
    {0},                                                   /* 0: order 2 (the point (0, 0)) */
    {1},                                                   /* 1: order 4                     */
    {0xe0, 0xeb, 0x7a, 0x7c, 0x3b, 0x41, 0xb8, 0xae, 0x16, 0x56, 0xe3, 0xfa, 0xf1, 0x9f, 0xc4,
     0x6a, 0xda, 0x09, 0x8d, 0xeb, 0x9c, 0x32, 0xb1, 0xfd, 0x86, 0x62, 0x05, 0x16, 0x5f, 0x49,
     0xb8, 0x00},                                          /* order 8 */
    {0x5f, 0x9c, 0x95, 0xbc, 0xa3, 0x50, 0x8c, 0x24, 0xb1, 0xd0, 0xb1, 0x55, 0x9c, 0x83, 0xef,
     0x5b, 0x04, 0x44, 0x5c, 0xc4, 0x58, 0x1c, 0x8e, 0x86, 0xd8, 0x22, 0x4e, 0xdd, 0xd0, 0x9f,
     0x11, 0x57},                                          /* order 8 */
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0x7f},                                          /* p - 1 = -1: order 4 on the twist */
};
#define N_SMALL_ORDER (sizeof SMALL_ORDER / sizeof SMALL_ORDER[0])

#define MAX_EDGE_U 32
static size_t edge_u(uint8_t list[MAX_EDGE_U][32])
{
    size_t n = 0;
    for (size_t i = 0; i < N_SMALL_ORDER; i++) {
        memcpy(list[n++], SMALL_ORDER[i], 32);     /* u                      */
        bn_add256_bytes(list[n++], SMALL_ORDER[i], P); /* u + p (< 2^256) */
        memcpy(list[n], SMALL_ORDER[i], 32);
        list[n++][31] ^= 0x80;                     /* u with bit 255 flipped */
    }
    memcpy(list[n++], P, 32);                      /* p                      */
    memcpy(list[n], P, 32);
    list[n++][0] = 0xee;                           /* p + 1                  */
    memset(list[n], 0xff, 32);
    list[n++][31] = 0x7f;                          /* 2^255 - 1 = p + 18     */
    memset(list[n++], 0xff, 32);                   /* 2^256 - 1              */
    memset(list[n], 0, 32);
    list[n++][0] = 9;                              /* the base point         */
    memset(list[n], 0, 32);
    list[n++][0] = 2;
    return n;
}

static void test_small_order_reference(void)
{
    /* The serial ladder on the small-order list gives 0 (the clamped scalar is a
     * multiple of 8), so the list is right; the kernel must agree. */
    uint8_t s[4][32], u[4][32], got[4][32], out[32];
    test_rng_bytes(s, sizeof s);
    for (size_t i = 0; i < N_SMALL_ORDER; i++) {
        x25519_ladder_serial(out, s[0], SMALL_ORDER[i]);
        CHECK(memcmp(out, zero32, 32) == 0, "small-order u #%zu: serial result not zero", i);
        for (int l = 0; l < 4; l++) memcpy(u[l], SMALL_ORDER[(i + (size_t)l) % N_SMALL_ORDER], 32);
        x25519_batch4_avx2(got, (const uint8_t(*)[32])s, (const uint8_t(*)[32])u);
        for (int l = 0; l < 4; l++)
            CHECK(memcmp(got[l], zero32, 32) == 0, "small-order u, lane %d: not zero", l);
    }
}

static void test_edges(void)
{
    uint8_t list[MAX_EDGE_U][32];
    size_t n = edge_u(list);
    uint8_t scalars[4][32];
    memset(scalars[0], 0x00, 32); /* all zero: clamps to 2^254              */
    memset(scalars[1], 0xff, 32); /* all ones: clamps to 2^255 - 8          */
    test_rng_bytes(scalars[2], 64);

    /* Each edge u in each lane, the other lanes random; every edge scalar. */
    for (size_t e = 0; e < n; e++) {
        for (int lane = 0; lane < 4; lane++) {
            for (int sc = 0; sc < N_EDGE_SCALARS; sc++) {
                uint8_t s[4][32], u[4][32];
                test_rng_bytes(s, sizeof s);
                test_rng_bytes(u, sizeof u);
                memcpy(u[lane], list[e], 32);
                memcpy(s[lane], scalars[(sc + lane + (int)e) % 4], 32);
                check_batch(s, u, "edge u in one lane");
            }
        }
    }
    /* Four edge values side by side, edge scalars in every lane. */
    for (size_t e = 0; e < n; e++) {
        uint8_t s[4][32], u[4][32];
        for (int l = 0; l < 4; l++) {
            memcpy(u[l], list[(e + (size_t)l) % n], 32);
            memcpy(s[l], scalars[(e + (size_t)l) % 4], 32);
        }
        check_batch(s, u, "edge u in every lane");
    }
    /* All-zero and all-ones scalars in every lane on random points. */
    for (int sc = 0; sc < 2; sc++) {
        uint8_t s[4][32], u[4][32];
        for (int l = 0; l < 4; l++) memcpy(s[l], scalars[sc], 32);
        test_rng_bytes(u, sizeof u);
        check_batch(s, u, "edge scalar in every lane");
    }
}

/* Flushes a batch of up to four known-answer cases (the unused lanes random). */
static void kat_flush(uint8_t s[4][32], uint8_t u[4][32], uint8_t want[4][32], int *fill,
                      const char *what)
{
    uint8_t got[4][32];
    if (*fill == 0) return;
    for (int l = *fill; l < 4; l++) {
        test_rng_bytes(s[l], 32);
        test_rng_bytes(u[l], 32);
        x25519_ladder_serial(want[l], s[l], u[l]);
    }
    x25519_batch4_avx2(got, (const uint8_t(*)[32])s, (const uint8_t(*)[32])u);
    for (int l = 0; l < 4; l++) CHECK_BYTES(got[l], want[l], 32, what);
    *fill = 0;
}

/*
 * Every line of a known-answer file, with the scalar, u and expected output in
 * fields fs, fu, fw, through the kernel four cases at a time; expects n cases.
 */
static void kat_file(const char *rel, int fs, int fu, int fw, unsigned long expect)
{
    vec_reader r;
    uint8_t s[4][32], u[4][32], want[4][32];
    int fill = 0;
    unsigned long n = 0;

    if (vec_open(&r, rel) != 0) return;
    while (vec_next(&r)) {
        if (!vec_field_exact(&r, fs, s[fill], 32) || !vec_field_exact(&r, fu, u[fill], 32) ||
            !vec_field_exact(&r, fw, want[fill], 32))
            continue;
        n++;
        if (++fill == 4) kat_flush(s, u, want, &fill, rel);
    }
    kat_flush(s, u, want, &fill, rel);
    vec_close(&r);
    CHECK(n == expect, "%s: expected %lu cases, read %lu", rel, expect, n);
}

static void test_vectors(void)
{
    kat_file("rfc7748/x25519_scalarmult.txt", 0, 1, 2, 2);
    /* tcId result flags private public shared; raw output, all-zero results included */
    kat_file("wycheproof/x25519_test.txt", 3, 4, 5, 518);
}

/* RFC 7748 §5.2 iterated: k = u = 9; repeat: r = X25519(k, u), u = k, k = r.
 * Lane l starts l steps ahead (its first l steps are done serially), so the
 * four lanes hold different values at every call. */
static void test_iterated(void)
{
    vec_reader r;
    uint8_t k[4][32], uu[4][32], res[4][32], w1[32] = {0}, w1000[32] = {0};
    int have1 = 0, have1000 = 0;

    if (vec_open(&r, "rfc7748/x25519_iterated.txt") != 0) return;
    while (vec_next(&r)) {
        if (r.nfields < 2) continue;
        if (strcmp(r.fields[0], "1") == 0) have1 = vec_field_exact(&r, 1, w1, 32);
        if (strcmp(r.fields[0], "1000") == 0) have1000 = vec_field_exact(&r, 1, w1000, 32);
    }
    vec_close(&r);
    CHECK(have1 && have1000, "iterated vectors for 1 and 1000 missing");
    for (int l = 0; l < 4; l++) {
        memset(k[l], 0, 32);
        k[l][0] = 9;
        memcpy(uu[l], k[l], 32);
        for (int j = 0; j < l; j++) { /* lane l runs l steps ahead */
            uint8_t t[32];
            x25519_ladder_serial(t, k[l], uu[l]);
            memcpy(uu[l], k[l], 32);
            memcpy(k[l], t, 32);
        }
    }
    for (int it = 1; it <= N_ITERATED; it++) {
        x25519_batch4_avx2(res, (const uint8_t(*)[32])k, (const uint8_t(*)[32])uu);
        memcpy(uu, k, sizeof k);
        memcpy(k, res, sizeof k);
        for (int l = 0; l < 4; l++) {
            /* lane l has now done it + l steps */
            if (it + l == 1) CHECK_BYTES(k[l], w1, 32, "rfc7748 iterated, 1");
            if (N_ITERATED == 1000 && it + l == 1000)
                CHECK_BYTES(k[l], w1000, 32, "rfc7748 iterated, 1000");
        }
    }
}

static void test_aliasing(void)
{
    uint8_t s[4][32], u[4][32], want[4][32], buf[4][32];
    for (int n = 0; n < 8; n++) {
        test_rng_bytes(s, sizeof s);
        test_rng_bytes(u, sizeof u);
        for (int l = 0; l < 4; l++) x25519_ladder_serial(want[l], s[l], u[l]);

        memcpy(buf, s, sizeof buf); /* out = scalars */
        x25519_batch4_avx2(buf, (const uint8_t(*)[32])buf, (const uint8_t(*)[32])u);
        for (int l = 0; l < 4; l++) CHECK_BYTES(buf[l], want[l], 32, "aliasing out = scalars");

        memcpy(buf, u, sizeof buf); /* out = points */
        x25519_batch4_avx2(buf, (const uint8_t(*)[32])s, (const uint8_t(*)[32])buf);
        for (int l = 0; l < 4; l++) CHECK_BYTES(buf[l], want[l], 32, "aliasing out = points");
    }
}

int main(void)
{
#ifndef VEC25519_HAVE_X25519X4_AVX2
    test_skip("no AVX2 X25519 kernel on this architecture");
#else
    if (!cpu_features().avx2) test_skip("the CPU has no AVX2 (or the OS does not save YMM)");
    test_small_order_reference();
    test_edges();
    test_vectors();
    test_iterated();
    test_aliasing();
    test_random();
    return test_done();
#endif
}
