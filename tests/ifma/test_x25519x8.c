/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the 8-lane IFMA X25519 kernel x25519_batch8_ifma
 * (src/backend/ifma/x25519x8.c, docs/x25519.md §9) against the serial
 * ladder x25519_ladder_serial (src/backend/serial/ladder.c, a different field and
 * code), lane by lane:
 *   - 1,250 calls on random scalars and points (10,000 ladders);
 *   - edge inputs in every lane position: u = 0, 1, p − 1, p, p + 1,
 *     2^255 − 1 (bit 255 and every limb set), 2^256 − 1, the order-8 u
 *     values of RFC 7748 / Wycheproof; scalars all-zero, all-ones, and
 *     random; each lane's neighbours random (lanes must not interfere);
 *   - the same scalar in every lane with different points and the reverse
 *     (the per-lane swap mask must follow each lane's own bits);
 *   - aliasing: out = scalars, out = points;
 *   - the 16-lane kernel x25519_batch16_ifma (two groups of eight issued side
 *     by side) the same way: random calls, an edge point and scalar in each
 *     of the 16 lane positions, one group's inputs repeated in the other
 *     (the groups must not interfere), aliasing.
 *
 * `test_x25519x8 --bench` prints rdtsc cycles per 8-lane call and per
 * single ladder of the ifma backend (backend->x25519), the numbers behind
 * X25519_BATCH_PAD_MIN_IFMA in src/backend/ifma/backend_ifma.c, the 16-lane
 * kernel against two 8-lane calls (behind the chunking of backend_ifma.c), and
 * the same for the AVX2 4-lane kernel (behind the chunks of 4 of
 * src/backend/avx2/backend_avx2.c).
 *
 * Compiled with the IFMA flags like tests/ifma/test_ifma.c; skips (exit 77)
 * on a CPU without AVX-512 IFMA.
 */
#include <stdlib.h>
#include <string.h>

#include "backend/avx2/x25519x4.h"
#include "backend/ladder.h"
#include "backend/backend.h"
#include "backend/ifma/x25519x8.h"
#include "test.h"
#include "timer.h"

#define N_RANDOM_CALLS 1250

/* Every lane of one call of the w-lane kernel (w = 8 or 16) against the
 * serial ladder. */
static void check_lanes(int w, const uint8_t (*k)[32], const uint8_t (*u)[32], const char *what)
{
    uint8_t out[16][32], want[32];

    if (w == 16)
        x25519_batch16_ifma(out, k, u);
    else
        x25519_batch8_ifma(out, k, u);
    for (int l = 0; l < w; l++) {
        x25519_ladder_serial(want, k[l], u[l]);
        if (!CHECK_BYTES(out[l], want, 32, what)) {
            fprintf(stderr, "  lane %d of %d\n", l, w);
            hex_print(stderr, "scalar", k[l], 32);
            hex_print(stderr, "point", u[l], 32);
        }
    }
}

static void check_call(const uint8_t k[8][32], const uint8_t u[8][32], const char *what)
{
    check_lanes(8, k, u, what);
}

static void check_call16(const uint8_t k[16][32], const uint8_t u[16][32], const char *what)
{
    check_lanes(16, k, u, what);
}

static void test_random(void)
{
    uint8_t k[8][32], u[8][32];

    for (int c = 0; c < N_RANDOM_CALLS; c++) {
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(u, sizeof u);
        check_call((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "random");
    }
}

/* Little-endian hex of the edge u-coordinates: the seven of small order
 * (test_small_order_u_hex), then these. */
static const char *const edge_more[] = {
    /* 2^255 − 1 (non-canonical), 2^256 − 1 (bit 255 set too) */
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    /* p − 1 and 1 with bit 255 set */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "0100000000000000000000000000000000000000000000000000000000000080",
};
#define N_EDGE_POINTS (7 + sizeof edge_more / sizeof edge_more[0])
static const char *edge_point(size_t p)
{
    return p < 7 ? test_small_order_u_hex[p] : edge_more[p - 7];
}

static void edge_scalar(uint8_t k[32], int which)
{
    switch (which) {
    case 0: memset(k, 0x00, 32); break;
    case 1: memset(k, 0xff, 32); break;
    default: test_rng_bytes(k, 32); break;
    }
}

static void test_edges(void)
{
    uint8_t k[8][32], u[8][32], e[32];

    for (size_t p = 0; p < N_EDGE_POINTS; p++) {
        CHECK(hex_decode(e, 32, edge_point(p)) == 32, "edge point %zu", p);
        for (int which = 0; which < 3; which++)
            for (int lane = 0; lane < 8; lane++) {
                test_rng_bytes(k, sizeof k);
                test_rng_bytes(u, sizeof u);
                memcpy(u[lane], e, 32);
                edge_scalar(k[lane], which);
                check_call((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "edge point");
            }
    }
    /* every lane an edge point at once, and every lane an edge scalar */
    for (int which = 0; which < 3; which++) {
        for (int lane = 0; lane < 8; lane++) {
            hex_decode(u[lane], 32, edge_point((size_t)lane % N_EDGE_POINTS));
            edge_scalar(k[lane], (which + lane) % 3);
        }
        check_call((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "all edges");
    }
}

static void test_shared_inputs(void)
{
    uint8_t k[8][32], u[8][32];

    for (int r = 0; r < 20; r++) {
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(u, sizeof u);
        for (int l = 1; l < 8; l++) memcpy(k[l], k[0], 32);
        check_call((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "same scalar");
        test_rng_bytes(k, sizeof k);
        for (int l = 1; l < 8; l++) memcpy(u[l], u[0], 32);
        check_call((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "same point");
    }
}

/* The output in place of the scalars, then of the points, of the n-lane
 * kernel f (8 or 16), for rounds random inputs; what_s / what_p name the
 * checks. */
static void check_alias(void (*f)(uint8_t (*)[32], const uint8_t (*)[32], const uint8_t (*)[32]),
                        int n, int rounds, const char *what_s, const char *what_p)
{
    uint8_t k[16][32], u[16][32], buf[16][32], want[16][32];
    size_t size = (size_t)n * 32;

    for (int r = 0; r < rounds; r++) {
        test_rng_bytes(k, size);
        test_rng_bytes(u, size);
        for (int l = 0; l < n; l++) x25519_ladder_serial(want[l], k[l], u[l]);
        memcpy(buf, k, size);
        f(buf, (const uint8_t(*)[32])buf, (const uint8_t(*)[32])u);
        CHECK_BYTES(buf, want, size, what_s);
        memcpy(buf, u, size);
        f(buf, (const uint8_t(*)[32])k, (const uint8_t(*)[32])buf);
        CHECK_BYTES(buf, want, size, what_p);
    }
}

static void test_alias(void)
{
    check_alias(x25519_batch8_ifma, 8, 10, "out = scalars", "out = points");
}

/* ---- the 16-lane kernel ------------------------------------------------------- */

static void test16_random(void)
{
    uint8_t k[16][32], u[16][32];

    for (int c = 0; c < N_RANDOM_CALLS / 4; c++) {
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(u, sizeof u);
        check_call16((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "16 lanes: random");
    }
}

static void test16_edges(void)
{
    uint8_t k[16][32], u[16][32];

    /* each edge point, with each edge scalar kind, in each of the 16 lanes */
    for (size_t p = 0; p < N_EDGE_POINTS; p++)
        for (int lane = 0; lane < 16; lane++) {
            test_rng_bytes(k, sizeof k);
            test_rng_bytes(u, sizeof u);
            CHECK(hex_decode(u[lane], 32, edge_point(p)) == 32, "edge point %zu", p);
            edge_scalar(k[lane], (int)((p + (size_t)lane) % 3));
            check_call16((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "16 lanes: edge");
        }
    /* every lane an edge at once, the two groups different */
    for (int which = 0; which < 3; which++) {
        for (int lane = 0; lane < 16; lane++) {
            hex_decode(u[lane], 32, edge_point((size_t)(lane + which) % N_EDGE_POINTS));
            edge_scalar(k[lane], (which + lane) % 3);
        }
        check_call16((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "16 lanes: all edges");
    }
}

/* Group 1 a copy of group 0 with one input changed per round, and the same
 * scalar (or point) in all 16 lanes: the groups' masks and states are their own. */
static void test16_groups(void)
{
    uint8_t k[16][32], u[16][32];

    for (int r = 0; r < 16; r++) {
        test_rng_bytes(k, 8 * 32);
        test_rng_bytes(u, 8 * 32);
        memcpy(k[8], k[0], 8 * 32);
        memcpy(u[8], u[0], 8 * 32);
        if (r % 2)
            k[8 + r / 2][r % 32] ^= 0x40;
        else
            u[8 + r / 2][r % 31] ^= 0x01;
        check_call16((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "16 lanes: copied group");
        for (int l = 1; l < 16; l++) memcpy(k[l], k[0], 32);
        test_rng_bytes(u, sizeof u);
        check_call16((const uint8_t(*)[32])k, (const uint8_t(*)[32])u, "16 lanes: same scalar");
    }
}

static void test16_alias(void)
{
    check_alias(x25519_batch16_ifma, 16, 5, "16 lanes: out = scalars", "16 lanes: out = points");
}

/* ---- cycle counts (--bench) --------------------------------------------------- */

typedef void kernel_fn(uint8_t (*out)[32], const uint8_t (*k)[32], const uint8_t (*u)[32]);
typedef void single_fn(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

/* The single ladder that one_lane runs. */
static single_fn *single_ladder;

/* single_ladder on lane 1, as a kernel. */
static void one_lane(uint8_t (*out)[32], const uint8_t (*k)[32], const uint8_t (*u)[32])
{
    single_ladder(out[0], k[1], u[1]);
}

/* Minimum ticks over 200 interleaved runs of a call of each (of up to 16 lanes). */
static void time_pair(kernel_fn *a, kernel_fn *b, uint64_t *t_a, uint64_t *t_b)
{
    uint8_t k[16][32], u[16][32], out[16][32];

    test_rng_bytes(k, sizeof k);
    test_rng_bytes(u, sizeof u);
    *t_a = *t_b = UINT64_MAX;
    for (int run = 0; run < 200; run++) {
        uint64_t t0 = timer_start();
        a(out, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u);
        uint64_t t1 = timer_stop();
        b(out, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u);
        uint64_t t2 = timer_stop();
        if (t1 - t0 < *t_a) *t_a = t1 - t0;
        if (t2 - t1 < *t_b) *t_b = t2 - t1;
    }
}

static void bench(void)
{
    uint64_t tk, t1, t16, t8;

    /* what the batch runs singly under ifma: the ifma backend's ladder */
    single_ladder = backend_by_name("ifma")->x25519;
    time_pair(x25519_batch8_ifma, one_lane, &tk, &t1);
    printf("rdtsc cycles (min of 200): x25519_batch8_ifma %llu (%llu per key), "
           "ifma backend->x25519 %llu; one 8-lane call = %.2f single ladders\n",
           (unsigned long long)tk, (unsigned long long)(tk / 8), (unsigned long long)t1,
           (double)tk / (double)t1);
    time_pair(x25519_batch16_ifma, x25519_batch8_ifma, &t16, &t8);
    printf("rdtsc cycles (min of 200): x25519_batch16_ifma %llu (%llu per key), "
           "x25519_batch8_ifma %llu; one 16-lane call = %.2f 8-lane calls\n",
           (unsigned long long)t16, (unsigned long long)(t16 / 16), (unsigned long long)t8,
           (double)t16 / (double)t8);
#if defined(VEC25519_HAVE_X25519X4_AVX2)
    /* The AVX2 4-lane kernel against the avx2 backend's single ladder, for
     * the chunks of 4 of src/backend/avx2/backend_avx2.c. */
    single_ladder = x25519_ladder_best;
    time_pair(x25519_batch4_avx2, one_lane, &tk, &t1);
    printf("rdtsc cycles (min of 200): x25519_batch4_avx2 %llu (%llu per key), "
           "x25519_ladder_best %llu; per key %.2f× the single ladder\n",
           (unsigned long long)tk, (unsigned long long)(tk / 4), (unsigned long long)t1,
           (double)tk / 4.0 / (double)t1);
#endif
}

int main(int argc, char **argv)
{
    test_require_ifma();
    timer_bench_mode(argc, argv, bench);
    test_random();
    test_edges();
    test_shared_inputs();
    test_alias();
    test16_random();
    test16_edges();
    test16_groups();
    test16_alias();
    return test_done();
}
