/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 known-answer and property tests (RFC 7748).
 *
 * The RFC 7748 files are read by vec_x25519_rfc7748 (support/test.c, shared
 * with tests/fe64/), the Wycheproof file by vec_wycheproof_x25519:
 *   rfc7748/x25519_scalarmult.txt  the two §5.2 single-shot vectors
 *   rfc7748/x25519_dh.txt          the §6.1 Diffie–Hellman example, public keys
 *                                  both through vec25519_x25519_base and the ladder
 *   rfc7748/x25519_iterated.txt    §5.2 iterations: 1 and 1,000 always,
 *                                  1,000,000 only with VEC25519_SLOW=1
 *   wycheproof/x25519_test.txt     all 518 cases; all-zero shared secrets must
 *                                  give -1 and a zeroed output
 * Properties: base == ladder(9) on random scalars, bit 255 of u ignored,
 * u ≥ p reduced, aliasing, and (with libsodium) agreement with
 * crypto_scalarmult on random inputs.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vec25519/x25519.h"

#ifdef HAVE_SODIUM
#include "sodium_init.h"
#endif

static const uint8_t nine[32] = {9};

struct wycheproof_counts {
    unsigned long valid, acceptable, other, zero;
};

static void wycheproof_case(const void *arg, const char *tc, const char *result,
                            const uint8_t priv[32], const uint8_t pub[32], const uint8_t want[32])
{
    static const uint8_t zero[32] = {0};
    struct wycheproof_counts *c = (struct wycheproof_counts *)arg;
    uint8_t got[32];
    if (strcmp(result, "valid") == 0)
        c->valid++;
    else if (strcmp(result, "acceptable") == 0)
        c->acceptable++;
    else
        c->other++;
    memset(got, 0xa5, 32);
    int rc = vec25519_x25519(got, priv, pub);
    if (memcmp(want, zero, 32) == 0) {
        c->zero++;
        CHECK(rc == -1, "wycheproof tcId %s: all-zero shared secret must return -1", tc);
        CHECK(memcmp(got, zero, 32) == 0, "wycheproof tcId %s: output must be zeroed", tc);
    } else {
        CHECK(rc == 0, "wycheproof tcId %s: rc %d", tc, rc);
        if (!CHECK_BYTES(got, want, 32, "wycheproof shared")) fprintf(stderr, "  tcId %s\n", tc);
    }
}

static void test_wycheproof(void)
{
    struct wycheproof_counts c = {0};
    int n = vec_wycheproof_x25519(wycheproof_case, &c);
    if (n < 0) return;
    CHECK(n == 518, "expected 518 wycheproof cases, read %d", n);
    CHECK(c.other == 0, "%lu cases neither valid nor acceptable", c.other);
    printf("wycheproof x25519: %d cases (%lu valid, %lu acceptable); %lu with an all-zero "
           "shared secret (rejected, output zeroed), %lu compared byte for byte\n",
           n, c.valid, c.acceptable, c.zero, (unsigned long)n - c.zero);
}

static void test_base_equals_ladder(void)
{
    unsigned long bad = 0;
    for (int i = 0; i < 2000; i++) {
        uint8_t s[32], a[32], b[32];
        test_rng_bytes(s, 32);
        int ra = vec25519_x25519_base(a, s), rb = vec25519_x25519(b, s, nine);
        if (ra != 0 || rb != 0 || memcmp(a, b, 32) != 0) bad++;
        CHECK(ra == 0 && rb == 0 && memcmp(a, b, 32) == 0, "base != ladder(9) at sample %d", i);
    }
    printf("x25519_base == x25519(., 9): 2000 random scalars, %lu mismatches\n", bad);
}

static void test_u_encoding(void)
{
    /* Bit 255 of u is ignored (RFC 7748 §5). */
    for (int i = 0; i < 100; i++) {
        uint8_t s[32], u[32], u_hi[32], a[32], b[32];
        test_rng_bytes(s, 32);
        test_rng_bytes(u, 32);
        u[31] &= 0x7f;
        memcpy(u_hi, u, 32);
        u_hi[31] |= 0x80;
        int ra = vec25519_x25519(a, s, u), rb = vec25519_x25519(b, s, u_hi);
        CHECK(ra == rb, "bit 255: return codes differ");
        CHECK_BYTES(b, a, 32, "bit 255 of u must be ignored");
    }
    /* u + p (< 2^255 for u ≤ 18) is accepted and reduced to u; also with bit 255 set. */
    for (int v = 0; v <= 18; v++) {
        uint8_t s[32], u[32] = {0}, up[32], a[32], b[32], c[32];
        test_rng_bytes(s, 32);
        u[0] = (uint8_t)v;
        /* up = p + v = 2^255 - 19 + v, little-endian */
        memset(up, 0xff, 32);
        up[0] = (uint8_t)(0xed + v);
        up[31] = 0x7f;
        int ra = vec25519_x25519(a, s, u), rb = vec25519_x25519(b, s, up);
        up[31] |= 0x80;
        int rc = vec25519_x25519(c, s, up);
        CHECK(ra == rb && ra == rc, "u = %d: return codes %d, %d, %d", v, ra, rb, rc);
        CHECK_BYTES(b, a, 32, "u + p must reduce to u");
        CHECK_BYTES(c, a, 32, "u + p with bit 255 set must reduce to u");
        /* u = 0 and u = 1 are small order: the result is zero and rejected. */
        if (v <= 1) CHECK(ra == -1, "u = %d must give -1", v);
    }
}

static void test_aliasing(void)
{
    for (int i = 0; i < 20; i++) {
        uint8_t s[32], u[32], want[32], buf[32], wantb[32];
        test_rng_bytes(s, 32);
        test_rng_bytes(u, 32);
        int rc = vec25519_x25519(want, s, u);
        memcpy(buf, u, 32);
        CHECK(vec25519_x25519(buf, s, buf) == rc, "alias out = point: rc");
        CHECK_BYTES(buf, want, 32, "alias out = point");
        memcpy(buf, s, 32);
        CHECK(vec25519_x25519(buf, buf, u) == rc, "alias out = scalar: rc");
        CHECK_BYTES(buf, want, 32, "alias out = scalar");
        CHECK(vec25519_x25519_base(wantb, s) == 0, "base rc");
        memcpy(buf, s, 32);
        CHECK(vec25519_x25519_base(buf, buf) == 0, "alias base rc");
        CHECK_BYTES(buf, wantb, 32, "alias base out = scalar");
    }
}

#ifdef HAVE_SODIUM
/* Differential test against libsodium's crypto_scalarmult (an independent implementation). */
static void test_libsodium(void)
{
    if (!test_sodium_init()) return;
    for (int i = 0; i < 300; i++) {
        uint8_t s[32], u[32], a[32], b[32];
        test_rng_bytes(s, 32);
        test_rng_bytes(u, 32);
        int ra = vec25519_x25519(a, s, u);
        int rb = crypto_scalarmult(b, s, u);
        CHECK(ra == rb, "libsodium: rc %d vs %d", ra, rb);
        if (ra == 0) CHECK_BYTES(a, b, 32, "x25519 vs libsodium crypto_scalarmult");
        CHECK(vec25519_x25519_base(a, s) == 0, "base rc");
        CHECK(crypto_scalarmult_base(b, s) == 0, "libsodium base rc");
        CHECK_BYTES(a, b, 32, "x25519_base vs libsodium crypto_scalarmult_base");
    }
    printf("libsodium differential: 300 random (scalar, u) pairs\n");
}
#endif

int main(void)
{
    vec_x25519_rfc7748(vec25519_x25519, vec25519_x25519_base, "X25519");
    test_wycheproof();
    test_base_equals_ladder();
    test_u_encoding();
    test_aliasing();
#ifdef HAVE_SODIUM
    test_libsodium();
#endif
    return test_done();
}
