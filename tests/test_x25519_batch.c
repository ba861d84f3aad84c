/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of vec25519_x25519_batch (src/x25519/batch.c, docs/x25519.md §9)
 * against n calls of vec25519_x25519, under whichever backend CTest forces
 * (serial, avx2, ifma: the chunking and padding paths of each):
 *   - every n = 1 … 100, random scalars and points with small-order and
 *     non-canonical points (0, 1, the order-8 u values, p − 1, p, p + 1,
 *     2^255 − 1, bit 255 set) mixed in at varied positions: outputs, results[]
 *     and the return value exactly as the single calls; results == NULL;
 *   - n = 0 (NULL arrays allowed);
 *   - aliasing: out = scalars, out = points (the documented contract);
 *   - the RFC 7748 §5.2 vectors, and all 518 Wycheproof cases as one batch
 *     (the all-zero ones must fail with a zeroed output);
 *   - one small-order point at every position of batches that cover each
 *     chunk kind of the IFMA backend (16 lanes, 16 padded, 8, 8 padded,
 *     single): each entry's output and verdict are its own.
 */
#include <stdlib.h>
#include <string.h>

#include "vec25519/x25519.h"
#include "test.h"

#define MAX_N 600

/* Small-order u (the shared secret is all zero for every scalar). */
static const char *const small_order[] = {
    "0000000000000000000000000000000000000000000000000000000000000000", /* 0 */
    "0100000000000000000000000000000000000000000000000000000000000000", /* 1 */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", /* order 8 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p − 1 */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 */
    "0000000000000000000000000000000000000000000000000000000000000080", /* 0, bit 255 */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880", /* order 8, bit 255 */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* p, bit 255 */
};
#define N_SMALL (sizeof small_order / sizeof small_order[0])

/* Non-canonical but not small order: the reference decides. */
static const char *const odd_points[] = {
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* 2^255 − 1 */
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* 2^256 − 1 */
    "0900000000000000000000000000000000000000000000000000000000000080", /* 9, bit 255 */
};
#define N_ODD (sizeof odd_points / sizeof odd_points[0])

static uint8_t k[MAX_N][32], u[MAX_N][32], out[MAX_N][32], want[MAX_N][32], buf[MAX_N][32];
static int res[MAX_N], want_res[MAX_N];

/* want[], want_res[] from single calls; returns the expected batch return value. */
static int reference(size_t n)
{
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        want_res[i] = vec25519_x25519(want[i], k[i], u[i]);
        rc |= want_res[i];
    }
    return rc;
}

static void check_batch(size_t n, const char *what)
{
    int want_rc = reference(n), rc;

    memset(out, 0xa5, sizeof out);
    for (size_t i = 0; i < n; i++) res[i] = 12345;
    rc = vec25519_x25519_batch(n, out[0], k[0], u[0], res);
    CHECK(rc == want_rc, "%s n=%zu: returned %d, want %d", what, n, rc, want_rc);
    for (size_t i = 0; i < n; i++) {
        CHECK(res[i] == want_res[i], "%s n=%zu: results[%zu] = %d, want %d", what, n, i, res[i],
              want_res[i]);
        if (!CHECK_BYTES(out[i], want[i], 32, what)) fprintf(stderr, "  n=%zu i=%zu\n", n, i);
    }
    CHECK(out[n][0] == 0xa5, "%s n=%zu: wrote past out[n-1]", what, n);

    memset(out, 0x5a, sizeof out);
    rc = vec25519_x25519_batch(n, out[0], k[0], u[0], NULL);
    CHECK(rc == want_rc, "%s n=%zu (results NULL): returned %d, want %d", what, n, rc, want_rc);
    CHECK(memcmp(out, want, n * 32) == 0, "%s n=%zu (results NULL): outputs differ", what, n);
}

static void test_sizes(void)
{
    uint8_t e[32];
    unsigned long failing = 0;

    for (size_t n = 1; n <= 100; n++) {
        test_rng_bytes(k, n * 32);
        test_rng_bytes(u, n * 32);
        /* Bad points at varied positions: the first, the last, one in every
         * 8-lane chunk for some n, and a few random ones. */
        size_t nbad = (size_t)test_rng_below(4);
        if (n % 3 == 0) hex_decode(u[0], 32, small_order[n % N_SMALL]);
        if (n % 4 == 1) hex_decode(u[n - 1], 32, small_order[(n / 4) % N_SMALL]);
        if (n % 7 == 2)
            for (size_t i = n % 8; i < n; i += 8) hex_decode(u[i], 32, small_order[i % N_SMALL]);
        for (size_t b = 0; b < nbad; b++)
            hex_decode(u[test_rng_below(n)], 32, small_order[test_rng_below(N_SMALL)]);
        if (n % 5 == 0) hex_decode(u[test_rng_below(n)], 32, odd_points[n % N_ODD]);
        check_batch(n, "batch vs single");
        for (size_t i = 0; i < n; i++) failing += want_res[i] != 0;
    }
    /* every small-order point does fail (so the mix above tests failures) */
    for (size_t s = 0; s < N_SMALL; s++) {
        uint8_t o[32];
        hex_decode(e, 32, small_order[s]);
        test_rng_bytes(k[0], 32);
        CHECK(vec25519_x25519(o, k[0], e) == -1, "small-order point %zu does not fail", s);
    }
    CHECK(failing > 100, "only %lu failing entries were mixed in", failing);
    /* one batch of nothing but small-order points, and one with none */
    for (size_t i = 0; i < 24; i++) hex_decode(u[i], 32, small_order[i % N_SMALL]);
    check_batch(24, "all small order");
    test_rng_bytes(u, 24 * 32);
    check_batch(24, "none small order");
}

static void test_empty(void)
{
    CHECK(vec25519_x25519_batch(0, NULL, NULL, NULL, NULL) == 0, "n = 0 (NULL)");
    res[0] = 7;
    CHECK(vec25519_x25519_batch(0, out[0], k[0], u[0], res) == 0, "n = 0");
    CHECK(res[0] == 7, "n = 0 wrote results[0]");

    /* NULL buffers with n > 0: -1, every result -1, out zeroed; no crash. */
    static const uint8_t zero[3 * 32];
    for (int which = 0; which < 3; which++) {
        memset(out, 0xaa, 3 * 32);
        res[0] = res[1] = res[2] = 7;
        int rc = vec25519_x25519_batch(3, which == 0 ? NULL : out[0], which == 1 ? NULL : k[0],
                                       which == 2 ? NULL : u[0], res);
        CHECK(rc == -1 && res[0] == -1 && res[1] == -1 && res[2] == -1,
              "NULL buffer %d with n = 3: rc %d, results %d %d %d", which, rc, res[0], res[1],
              res[2]);
        if (which != 0)
            CHECK(memcmp(out, zero, sizeof zero) == 0, "NULL buffer %d: out zeroed", which);
    }
}

static void test_alias(void)
{
    static const size_t sizes[] = {1, 2, 7, 8, 9, 15, 17, 64, 67};

    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        int rc, want_rc;
        test_rng_bytes(k, n * 32);
        test_rng_bytes(u, n * 32);
        hex_decode(u[n / 2], 32, small_order[s % N_SMALL]);
        want_rc = reference(n);

        memcpy(buf, k, n * 32);
        rc = vec25519_x25519_batch(n, buf[0], buf[0], u[0], res);
        CHECK(rc == want_rc, "alias out = scalars n=%zu: rc", n);
        CHECK(memcmp(buf, want, n * 32) == 0, "alias out = scalars n=%zu: outputs", n);
        CHECK(memcmp(res, want_res, n * sizeof res[0]) == 0, "alias out = scalars n=%zu: results", n);

        memcpy(buf, u, n * 32);
        rc = vec25519_x25519_batch(n, buf[0], k[0], buf[0], res);
        CHECK(rc == want_rc, "alias out = points n=%zu: rc", n);
        CHECK(memcmp(buf, want, n * 32) == 0, "alias out = points n=%zu: outputs", n);
        CHECK(memcmp(res, want_res, n * sizeof res[0]) == 0, "alias out = points n=%zu: results", n);
    }
}

static int field_hex(const vec_reader *r, int i, uint8_t *dst, size_t len)
{
    return i < r->nfields && hex_decode(dst, len, r->fields[i]) == (long)len;
}

/* RFC 7748 §5.2: the two single-shot vectors, in one batch (twice, so that a
 * padded and a full chunk both see them under ifma). */
static void test_rfc7748(void)
{
    vec_reader r;
    size_t n = 0;

    if (vec_open(&r, "rfc7748/x25519_scalarmult.txt") != 0) return;
    while (vec_next(&r) && n < 2) {
        if (!field_hex(&r, 0, k[n], 32) || !field_hex(&r, 1, u[n], 32) ||
            !field_hex(&r, 2, want[n], 32))
            continue;
        n++;
    }
    vec_close(&r);
    CHECK(n == 2, "expected 2 scalarmult vectors, read %zu", n);
    for (size_t i = 2; i < 16; i++) {
        memcpy(k[i], k[i % 2], 32);
        memcpy(u[i], u[i % 2], 32);
        memcpy(want[i], want[i % 2], 32);
    }
    memcpy(buf, want, 16 * 32);
    for (size_t m = 2; m <= 16; m += 14) {
        int rc = vec25519_x25519_batch(m, out[0], k[0], u[0], res);
        CHECK(rc == 0, "RFC 7748 §5.2 batch of %zu: rc %d", m, rc);
        CHECK_BYTES(out, buf, m * 32, "RFC 7748 §5.2 through the batch");
    }
}

/* Every Wycheproof case as one batch of 518. */
static void test_wycheproof(void)
{
    static const uint8_t zero[32] = {0};
    vec_reader r;
    size_t n = 0;
    int any_zero = 0;

    if (vec_open(&r, "wycheproof/x25519_test.txt") != 0) return;
    while (vec_next(&r) && n < MAX_N) {
        if (!field_hex(&r, 3, k[n], 32) || !field_hex(&r, 4, u[n], 32) ||
            !field_hex(&r, 5, want[n], 32))
            continue;
        want_res[n] = memcmp(want[n], zero, 32) == 0 ? -1 : 0;
        any_zero |= want_res[n];
        n++;
    }
    vec_close(&r);
    CHECK(n == 518, "expected 518 wycheproof cases, read %zu", n);
    memset(out, 0xa5, sizeof out);
    int rc = vec25519_x25519_batch(n, out[0], k[0], u[0], res);
    CHECK(rc == any_zero, "wycheproof batch: rc %d", rc);
    for (size_t i = 0; i < n; i++) {
        CHECK(res[i] == want_res[i], "wycheproof entry %zu: result %d, want %d", i, res[i],
              want_res[i]);
        if (!CHECK_BYTES(out[i], want[i], 32, "wycheproof through the batch"))
            fprintf(stderr, "  entry %zu\n", i);
    }
}

/* One failing entry at each position p of n entries, the others random: the
 * verdict -1 and the zeroed output land at p only, in every chunk kind. */
static void test_positions(void)
{
    static const size_t sizes[] = {16, 26, 33, 40, 64};

    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        size_t n = sizes[s];
        test_rng_bytes(k, n * 32);
        test_rng_bytes(u, n * 32);
        memcpy(buf, u, n * 32);
        for (size_t p = 0; p < n; p++) {
            hex_decode(u[p], 32, small_order[(p + s) % N_SMALL]);
            check_batch(n, "small-order point at one position");
            CHECK(want_res[p] == -1, "n=%zu: entry %zu should fail", n, p);
            memcpy(u[p], buf[p], 32);
        }
    }
}

int main(void)
{
    test_empty();
    test_sizes();
    test_alias();
    test_rfc7748();
    test_wycheproof();
    test_positions();
    return test_done();
}
