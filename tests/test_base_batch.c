/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the batched key generation, vec25519_x25519_base_batch
 * (src/x25519/base_batch.c) and vec25519_ed25519_keypair_batch
 * (src/ed25519/keypair_batch.c), and of the backend entry base_encode they
 * run on (src/backend/backend.h; serial, 8-lane IFMA and 4-lane AVX2
 * kernels), under whichever backend CTest forces:
 *   - every n = 0 … 20, 63, 64, 65, 100, 129: each output byte-identical to
 *     the single call (vec25519_x25519_base, vec25519_ed25519_keypair) and
 *     to libsodium (crypto_scalarmult_curve25519_base,
 *     crypto_sign_ed25519_seed_keypair), the return value, nothing written
 *     past the end;
 *   - unaligned buffers (every offset 1 … 7 into a larger buffer);
 *   - aliasing: pks = sks for X25519 (the documented contract);
 *   - special secrets (all zero, all ones, the clamping bits);
 *   - known answers: RFC 7748 §6.1 (Alice's and Bob's public keys), RFC
 *     8032 §7.1 and the 1024 key pairs of the Ed25519 reference sign.input,
 *     as batches;
 *   - base_encode itself on unclamped scalars against ge_scalarmult_base
 *     with the encodings computed here (Fermat inversion), including the identity (s = 0, s = ℓ: the
 *     X25519 form gives 0) in the middle of a block, which must not disturb
 *     the block's other entries (their inversion is shared).
 */
#include <stdlib.h>
#include <string.h>

#include "vec25519/ed25519.h"
#include "vec25519/x25519.h"
#include "backend/backend.h"
#include "field/fe.h"
#include "test.h"

#ifdef HAVE_SODIUM
#include <sodium.h>
#endif

#define MAX_N 1100

static uint8_t sk[MAX_N][32], pk[MAX_N + 1][32], want[MAX_N][32];
static uint8_t esk[MAX_N + 1][64], wsk[MAX_N][64];
static uint8_t raw[(MAX_N + 1) * 64 + 16];

static const size_t sizes[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13,
                               14, 15, 16, 17, 18, 19, 20, 63, 64, 65, 100, 129};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

/* ---- X25519 ---------------------------------------------------------------- */

static int x25519_reference(size_t n)
{
    int rc = 0;
    for (size_t i = 0; i < n; i++) {
        rc |= vec25519_x25519_base(want[i], sk[i]);
#ifdef HAVE_SODIUM
        uint8_t s[32];
        crypto_scalarmult_curve25519_base(s, sk[i]);
        CHECK_BYTES(want[i], s, 32, "x25519_base vs libsodium");
#endif
    }
    return rc;
}

static void check_x25519(size_t n, const char *what)
{
    int want_rc = x25519_reference(n), rc;

    memset(pk, 0xa5, sizeof pk);
    rc = vec25519_x25519_base_batch(n, pk[0], sk[0]);
    CHECK(rc == want_rc && rc == 0, "%s n=%zu: returned %d", what, n, rc);
    for (size_t i = 0; i < n; i++)
        if (!CHECK_BYTES(pk[i], want[i], 32, what)) fprintf(stderr, "  n=%zu i=%zu\n", n, i);
    CHECK(pk[n][0] == 0xa5 && pk[n][31] == 0xa5, "%s n=%zu: wrote past the end", what, n);
}

/* check(n, what) on random secrets, for every batch size of the list. */
static void each_size(void (*check)(size_t n, const char *what), const char *what)
{
    for (size_t s = 0; s < N_SIZES; s++) {
        size_t n = sizes[s];
        test_rng_bytes(sk, n * 32);
        check(n, what);
    }
}

static void test_x25519_sizes(void)
{
    each_size(check_x25519, "x25519 batch vs single");
    CHECK(vec25519_x25519_base_batch(0, NULL, NULL) == 0, "n = 0 with NULL buffers");
}

static void test_x25519_special(void)
{
    static const uint8_t pat[][2] = {{0x00, 0x00}, {0xff, 0xff}, {0x07, 0x80}, {0xf8, 0x7f},
                                     {0x00, 0x40}, {0xff, 0x3f}, {0x01, 0x00}, {0x08, 0xc0}};
    size_t n = 3 * (sizeof pat / sizeof pat[0]);

    /* byte 0 and byte 31 carry the clamped bits; the middle bytes vary */
    for (size_t i = 0; i < n; i++) {
        const uint8_t *q = pat[i % (sizeof pat / sizeof pat[0])];
        memset(sk[i], (int)(i % 3 == 0 ? 0x00 : i % 3 == 1 ? 0xff : 0x5a), 32);
        sk[i][0] = q[0];
        sk[i][31] = q[1];
    }
    check_x25519(n, "x25519 batch, special secrets");
}

static void test_x25519_unaligned_alias(void)
{
    static const size_t ns[] = {1, 5, 8, 11, 64, 67};

    for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) {
        size_t n = ns[s];
        test_rng_bytes(sk, n * 32);
        x25519_reference(n);
        for (size_t off = 1; off < 8; off++) {
            uint8_t *in = raw + off, *out = raw + off + 32 * n + off;
            memcpy(in, sk, 32 * n);
            CHECK(vec25519_x25519_base_batch(n, out, in) == 0, "unaligned n=%zu off=%zu", n, off);
            CHECK(memcmp(out, want, 32 * n) == 0, "unaligned n=%zu off=%zu: outputs", n, off);
            CHECK(memcmp(in, sk, 32 * n) == 0, "unaligned n=%zu off=%zu: input changed", n, off);
        }
        /* pks = sks, in place (and unaligned) */
        memcpy(raw + 3, sk, 32 * n);
        CHECK(vec25519_x25519_base_batch(n, raw + 3, raw + 3) == 0, "in place n=%zu", n);
        CHECK(memcmp(raw + 3, want, 32 * n) == 0, "in place n=%zu: outputs", n);
    }
}

static int field_hex(const vec_reader *r, int i, uint8_t *dst, size_t len)
{
    return i < r->nfields && hex_decode(dst, len, r->fields[i]) == (long)len;
}

/* RFC 7748 §6.1: Alice's and Bob's public keys, at every position of a batch of 19. */
static void test_x25519_rfc7748(void)
{
    uint8_t a_sk[32], a_pk[32], b_sk[32], b_pk[32];
    vec_reader r;
    int got = 0;

    if (vec_open(&r, "rfc7748/x25519_dh.txt") != 0) return;
    while (vec_next(&r))
        if (field_hex(&r, 0, a_sk, 32) && field_hex(&r, 1, a_pk, 32) &&
            field_hex(&r, 2, b_sk, 32) && field_hex(&r, 3, b_pk, 32))
            got = 1;
    vec_close(&r);
    CHECK(got, "no RFC 7748 §6.1 case read");
    if (!got) return;
    for (size_t pos = 0; pos < 19; pos++) {
        test_rng_bytes(sk, 19 * 32);
        memcpy(sk[pos], a_sk, 32);
        memcpy(sk[(pos + 7) % 19], b_sk, 32);
        CHECK(vec25519_x25519_base_batch(19, pk[0], sk[0]) == 0, "RFC 7748 batch rc");
        CHECK_BYTES(pk[pos], a_pk, 32, "RFC 7748 §6.1 Alice's public key through the batch");
        CHECK_BYTES(pk[(pos + 7) % 19], b_pk, 32, "RFC 7748 §6.1 Bob's public key through the batch");
    }
}

/* ---- Ed25519 ----------------------------------------------------------------- */

static void ed_reference(size_t n, const uint8_t (*seeds)[32])
{
    for (size_t i = 0; i < n; i++) {
        vec25519_ed25519_keypair(want[i], wsk[i], seeds[i]);
#ifdef HAVE_SODIUM
        uint8_t p[32], s[64];
        crypto_sign_ed25519_seed_keypair(p, s, seeds[i]);
        CHECK_BYTES(want[i], p, 32, "ed25519 keypair pk vs libsodium");
        CHECK_BYTES(wsk[i], s, 64, "ed25519 keypair sk vs libsodium");
#endif
    }
}

static void check_ed(size_t n, const char *what)
{
    ed_reference(n, (const uint8_t(*)[32])sk);
    memset(pk, 0xa5, sizeof pk);
    memset(esk, 0x5a, sizeof esk);
    vec25519_ed25519_keypair_batch(n, pk[0], esk[0], sk[0]);
    for (size_t i = 0; i < n; i++) {
        if (!CHECK_BYTES(pk[i], want[i], 32, what)) fprintf(stderr, "  pk n=%zu i=%zu\n", n, i);
        if (!CHECK_BYTES(esk[i], wsk[i], 64, what)) fprintf(stderr, "  sk n=%zu i=%zu\n", n, i);
    }
    CHECK(pk[n][0] == 0xa5 && pk[n][31] == 0xa5, "%s n=%zu: wrote past pks", what, n);
    CHECK(esk[n][0] == 0x5a && esk[n][63] == 0x5a, "%s n=%zu: wrote past sks", what, n);
}

static void test_ed_sizes(void)
{
    each_size(check_ed, "ed25519 keypair batch vs single");
    memset(sk, 0, 4 * 32);
    memset(sk[1], 0xff, 32);
    sk[2][0] = 1;
    sk[3][31] = 0x80;
    check_ed(4, "ed25519 keypair batch, special seeds");
    vec25519_ed25519_keypair_batch(0, NULL, NULL, NULL); /* n = 0 touches nothing */
}

static void test_ed_unaligned(void)
{
    static const size_t ns[] = {1, 6, 8, 13, 64, 70};

    for (size_t s = 0; s < sizeof ns / sizeof ns[0]; s++) {
        size_t n = ns[s];
        test_rng_bytes(sk, n * 32);
        ed_reference(n, (const uint8_t(*)[32])sk);
        for (size_t off = 1; off < 8; off++) {
            uint8_t *in = raw + off, *p = in + 32 * n + off, *q = p + 32 * n + off;
            memcpy(in, sk, 32 * n);
            vec25519_ed25519_keypair_batch(n, p, q, in);
            CHECK(memcmp(p, want, 32 * n) == 0, "unaligned n=%zu off=%zu: pks", n, off);
            CHECK(memcmp(q, wsk, 64 * n) == 0, "unaligned n=%zu off=%zu: sks", n, off);
            CHECK(memcmp(in, sk, 32 * n) == 0, "unaligned n=%zu off=%zu: seeds changed", n, off);
        }
    }
}

/* Known key pairs (seed, public) from a vector file, all in one batch. */
static void test_ed_known(const char *file, size_t expect)
{
    static uint8_t seeds[MAX_N][32], pubs[MAX_N][32];
    vec_reader r;
    size_t n = 0;

    if (vec_open(&r, file) != 0) return;
    while (vec_next(&r) && n < MAX_N)
        if (field_hex(&r, 0, seeds[n], 32) && field_hex(&r, 1, pubs[n], 32)) n++;
    vec_close(&r);
    CHECK(n == expect, "%s: read %zu key pairs, want %zu", file, n, expect);
    vec25519_ed25519_keypair_batch(n, pk[0], esk[0], seeds[0]);
    for (size_t i = 0; i < n; i++) {
        if (!CHECK_BYTES(pk[i], pubs[i], 32, file)) fprintf(stderr, "  case %zu\n", i);
        CHECK(memcmp(esk[i], seeds[i], 32) == 0 && memcmp(esk[i] + 32, pubs[i], 32) == 0,
              "%s case %zu: sk is not seed || pk", file, i);
    }
    /* the same keys in pieces that cross the 8-lane and 64-entry blocks */
    for (size_t done = 0; done < n;) {
        size_t m = n - done < 37 ? n - done : 37;
        vec25519_ed25519_keypair_batch(m, pk[0], esk[0], seeds[done]);
        CHECK(memcmp(pk, pubs[done], 32 * m) == 0, "%s from case %zu, %zu at a time", file, done, m);
        done += m;
    }
}

/* ---- base_encode on unclamped scalars -------------------------------------------- */

static void test_base_encode(void)
{
    /* ℓ = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 §5.1) */
    static const char ell_hex[] =
        "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";
    const struct backend *b = backend_get();
    static uint8_t s[70][32], got[70][32];
    uint8_t e[32];

    for (int form = 0; form < 2; form++) {
        for (size_t n = 1; n <= 70; n += (n < 20 ? 1 : 49)) {
            test_rng_bytes(s, n * 32);
            for (size_t i = 0; i < n; i++) s[i][31] &= 127;
            /* the identity in the middle, at the start and at the end of the block */
            memset(s[n / 2], 0, 32);
            if (n > 2) hex_decode(s[0], 32, ell_hex);
            if (n > 3) memset(s[n - 1], 0, 32);
            if (n > 4) memset(s[1], 0xff, 32), s[1][31] = 127; /* the largest allowed */
            b->base_encode(n, &got[0][0], &s[0][0], form);
            for (size_t i = 0; i < n; i++) {
                ge_ext p;
                ge_scalarmult_base(&p, s[i]);
                if (form == BASE_ENCODE_ED25519) {
                    ge_ext_tobytes(e, &p);
                } else {
                    /* u = (Z + Y)/(Z − Y) with the Fermat inversion (1/0 = 0) */
                    fe num, den, u;
                    fe_loose l;
                    fe_add(&l, &p.Z, &p.Y);
                    fe_carry(&num, &l);
                    fe_sub(&l, &p.Z, &p.Y);
                    fe_carry(&den, &l);
                    fe_invert(&den, &den);
                    fe_mul(&u, &num, &den);
                    fe_tobytes(e, &u);
                }
                if (!CHECK_BYTES(got[i], e, 32, "base_encode vs serial"))
                    fprintf(stderr, "  form %d n=%zu i=%zu\n", form, n, i);
                /* and the backend's own [s]B */
                ge_ext q;
                uint8_t eq[32];
                b->scalarmult_base(&q, s[i]);
                ge_ext_tobytes(eq, &q);
                ge_ext_tobytes(e, &p);
                CHECK_BYTES(eq, e, 32, "backend scalarmult_base vs serial");
            }
            /* the identity: y = 1 (Ed25519), u = 0 (X25519) */
            uint8_t id[32] = {0};
            if (form == BASE_ENCODE_ED25519) id[0] = 1;
            CHECK_BYTES(got[n / 2], id, 32, "base_encode of the identity");
        }
        /* out == scalars */
        test_rng_bytes(s, 20 * 32);
        for (size_t i = 0; i < 20; i++) s[i][31] &= 127;
        b->base_encode(20, &got[0][0], &s[0][0], form);
        b->base_encode(20, &s[0][0], &s[0][0], form);
        CHECK(memcmp(s, got, 20 * 32) == 0, "base_encode in place (form %d)", form);
    }
}

int main(void)
{
    test_x25519_sizes();
    test_x25519_special();
    test_x25519_unaligned_alias();
    test_x25519_rfc7748();
    test_ed_sizes();
    test_ed_unaligned();
    test_ed_known("rfc8032/ed25519.txt", 5);
    test_ed_known("ed25519_sign_input/sign_input.txt", 1024);
    test_base_encode();
    return test_done();
}
