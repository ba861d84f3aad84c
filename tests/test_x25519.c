/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 known-answer and property tests (RFC 7748).
 *
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

static void test_scalarmult_vectors(void)
{
    vec_reader r;
    int n = 0;
    if (vec_open(&r, "rfc7748/x25519_scalarmult.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t k[32], u[32], want[32], got[32];
        if (!vec_field_exact(&r, 0, k, 32) || !vec_field_exact(&r, 1, u, 32) || !vec_field_exact(&r, 2, want, 32))
            continue;
        CHECK(vec25519_x25519(got, k, u) == 0, "scalarmult line %lu: rc", r.lineno);
        CHECK_BYTES(got, want, 32, "RFC 7748 §5.2 scalarmult");
        n++;
    }
    vec_close(&r);
    CHECK(n == 2, "expected 2 scalarmult vectors, read %d", n);
}

static void test_dh_vector(void)
{
    vec_reader r;
    int n = 0;
    if (vec_open(&r, "rfc7748/x25519_dh.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t a[32], A[32], b[32], B[32], K[32], got[32];
        if (!vec_field_exact(&r, 0, a, 32) || !vec_field_exact(&r, 1, A, 32) || !vec_field_exact(&r, 2, b, 32) ||
            !vec_field_exact(&r, 3, B, 32) || !vec_field_exact(&r, 4, K, 32))
            continue;
        CHECK(vec25519_x25519_base(got, a) == 0, "alice base rc");
        CHECK_BYTES(got, A, 32, "alice public (x25519_base)");
        CHECK(vec25519_x25519(got, a, nine) == 0, "alice ladder rc");
        CHECK_BYTES(got, A, 32, "alice public (ladder, u = 9)");
        CHECK(vec25519_x25519_base(got, b) == 0, "bob base rc");
        CHECK_BYTES(got, B, 32, "bob public (x25519_base)");
        CHECK(vec25519_x25519(got, b, nine) == 0, "bob ladder rc");
        CHECK_BYTES(got, B, 32, "bob public (ladder, u = 9)");
        CHECK(vec25519_x25519(got, a, B) == 0, "alice shared rc");
        CHECK_BYTES(got, K, 32, "shared secret X25519(a, B)");
        CHECK(vec25519_x25519(got, b, A) == 0, "bob shared rc");
        CHECK_BYTES(got, K, 32, "shared secret X25519(b, A)");
        n++;
    }
    vec_close(&r);
    CHECK(n == 1, "expected 1 DH vector, read %d", n);
}

static void test_iterated(void)
{
    vec_reader r;
    const char *slow = getenv("VEC25519_SLOW");
    int run_slow = slow && strcmp(slow, "1") == 0;
    uint8_t k[32] = {9}, u[32] = {9}, t[32];
    unsigned long done = 0;
    int n = 0;

    if (vec_open(&r, "rfc7748/x25519_iterated.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t want[32];
        unsigned long iters = strtoul(r.fields[0], NULL, 10);
        if (!vec_field_exact(&r, 1, want, 32)) continue;
        if (iters > 1000 && !run_slow) {
            printf("iterated X25519: %lu iterations skipped (set VEC25519_SLOW=1 to run it)\n",
                   iters);
            continue;
        }
        CHECK(iters >= done, "iteration counts must increase");
        unsigned long bad_rc = 0;
        for (; done < iters; done++) {
            bad_rc += vec25519_x25519(t, k, u) != 0;
            memcpy(u, k, 32);
            memcpy(k, t, 32);
        }
        CHECK(bad_rc == 0, "iterated: %lu calls returned -1", bad_rc);
        CHECK_BYTES(k, want, 32, "RFC 7748 §5.2 iterated");
        printf("iterated X25519: %lu iterations checked\n", iters);
        n++;
    }
    vec_close(&r);
    CHECK(n >= 2, "expected at least the 1 and 1000 iteration vectors, ran %d", n);
}

static void test_wycheproof(void)
{
    static const uint8_t zero[32] = {0};
    vec_reader r;
    unsigned long n = 0, n_valid = 0, n_acceptable = 0, n_other = 0, n_zero = 0;
    if (vec_open(&r, "wycheproof/x25519_test.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t priv[32], pub[32], want[32], got[32];
        const char *tc = r.fields[0], *result = r.nfields > 1 ? r.fields[1] : "";
        if (!vec_field_exact(&r, 3, priv, 32) || !vec_field_exact(&r, 4, pub, 32) ||
            !vec_field_exact(&r, 5, want, 32))
            continue;
        n++;
        if (strcmp(result, "valid") == 0)
            n_valid++;
        else if (strcmp(result, "acceptable") == 0)
            n_acceptable++;
        else
            n_other++;
        memset(got, 0xa5, 32);
        int rc = vec25519_x25519(got, priv, pub);
        if (memcmp(want, zero, 32) == 0) {
            n_zero++;
            CHECK(rc == -1, "wycheproof tcId %s: all-zero shared secret must return -1", tc);
            CHECK(memcmp(got, zero, 32) == 0, "wycheproof tcId %s: output must be zeroed", tc);
        } else {
            CHECK(rc == 0, "wycheproof tcId %s: rc %d", tc, rc);
            if (!CHECK_BYTES(got, want, 32, "wycheproof shared")) fprintf(stderr, "  tcId %s\n", tc);
        }
    }
    vec_close(&r);
    CHECK(n == 518, "expected 518 wycheproof cases, read %lu", n);
    CHECK(n_other == 0, "%lu cases neither valid nor acceptable", n_other);
    printf("wycheproof x25519: %lu cases (%lu valid, %lu acceptable); %lu with an all-zero "
           "shared secret (rejected, output zeroed), %lu compared byte for byte\n",
           n, n_valid, n_acceptable, n_zero, n - n_zero);
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
    test_scalarmult_vectors();
    test_dh_vector();
    test_iterated();
    test_wycheproof();
    test_base_equals_ladder();
    test_u_encoding();
    test_aliasing();
#ifdef HAVE_SODIUM
    test_libsodium();
#endif
    return test_done();
}
