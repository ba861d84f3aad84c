/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Hash-to-curve tests (RFC 9380).
 *
 *   hash_to_curve/expand_message_xmd_SHA512_38.txt    all 10 cases (K.3)
 *   hash_to_curve/{edwards25519,curve25519}_XMD_SHA-512_ELL2_{RO,NU}_.txt
 *       all 20 cases, with every intermediate: u0 (and u1) through
 *       h2c_hash_to_field, Q0 (and Q1) through the map, P in affine
 *       coordinates through h2c_edwards25519, and P_enc through the public
 *       function of the suite.
 * Properties: every output is on the curve and in the prime-order subgroup
 * (torsion-free) for random messages and tags; the curve25519 suites give
 * the u-coordinate of the edwards25519 suites' point for the same tag; DST
 * of 255 bytes works, 0 fails (and NULL arguments); tags of 256 bytes and
 * more are hashed as RFC 9380 §5.3.3 says: expand_message_xmd against the
 * hashlib reference of tools/gen_h2c_oversize_dst.py (h2c_oversize_dst.h,
 * checked against RFC 9380 K.2), and every suite gives with the long tag
 * what it gives with SHA-512("H2C-OVERSIZE-DST-" ‖ tag); len_in_bytes 1
 * and 16320 work, 0 and 16321 fail; failures zero the output; outputs may
 * alias the inputs.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vec25519/hash_to_curve.h"
#include "vec25519/sha512.h"

#include "backend/serial/ge.h"
#include "field/fe.h"
#include "h2c/h2c.h"
#include "montgomery/elligator2.h"
#include "mont_curve.h"

#include "h2c_oversize_dst.h"

/* Decodes a byte string of any length up to cap; returns its length or -1. */
static long field_bytes(const vec_reader *r, int i, uint8_t *out, size_t cap)
{
    long n = i < r->nfields ? hex_decode(out, cap, r->fields[i]) : -1;
    CHECK(n >= 0, "%s:%lu: field %d is not hex", r->path, r->lineno, i);
    return n;
}

/* The field element written as 32 big-endian hex bytes in field i, as 32 LE bytes. */
static int field_fe_le(const vec_reader *r, int i, uint8_t le[32])
{
    uint8_t be[32];
    if (!vec_field_exact(r, i, be, 32)) return 0;
    for (int j = 0; j < 32; j++) le[j] = be[31 - j];
    return 1;
}

static void check_fe(const fe *got, const uint8_t want_le[32], const char *what,
                     const vec_reader *r)
{
    uint8_t b[32];
    fe_tobytes(b, got);
    if (!CHECK_BYTES(b, want_le, 32, what)) fprintf(stderr, "  %s:%lu\n", r->path, r->lineno);
}

/* (x, y) = affine coordinates of P. */
static void ext_affine(fe *x, fe *y, const ge_ext *P)
{
    fe zi;
    fe_invert(&zi, &P->Z);
    fe_mul(x, &P->X, &zi);
    fe_mul(y, &P->Y, &zi);
}

/* ---- expand_message_xmd ---------------------------------------------------- */

static void test_expand_message_vectors(void)
{
    vec_reader r;
    int n = 0;
    if (vec_open(&r, "hash_to_curve/expand_message_xmd_SHA512_38.txt") != 0) return;
    while (vec_next(&r)) {
        static uint8_t msg[1024], want[256], got[256], buf[1024];
        uint8_t dst[256];
        long dstlen = field_bytes(&r, 0, dst, sizeof dst);
        long msglen = field_bytes(&r, 1, msg, sizeof msg);
        unsigned long len = r.nfields > 2 ? strtoul(r.fields[2], NULL, 10) : 0;
        if (dstlen < 0 || msglen < 0 || len == 0 || len > sizeof want ||
            !vec_field_exact(&r, 3, want, len))
            continue;
        memset(got, 0xa5, sizeof got);
        CHECK(vec25519_expand_message_xmd_sha512(got, len, msglen ? msg : NULL, (size_t)msglen,
                                                 dst, (size_t)dstlen) == 0,
              "expand_message line %lu: rc", r.lineno);
        CHECK_BYTES(got, want, len, "RFC 9380 K.3 expand_message_xmd(SHA-512)");

        /* out aliasing msg, then out aliasing dst */
        memcpy(buf, msg, (size_t)msglen);
        CHECK(vec25519_expand_message_xmd_sha512(buf, len, buf, (size_t)msglen, dst,
                                                 (size_t)dstlen) == 0,
              "alias msg rc");
        CHECK_BYTES(buf, want, len, "expand_message_xmd, out aliasing msg");
        memset(buf, 0, sizeof buf);
        memcpy(buf, dst, (size_t)dstlen);
        CHECK(vec25519_expand_message_xmd_sha512(buf, len, msglen ? msg : NULL, (size_t)msglen,
                                                 buf, (size_t)dstlen) == 0,
              "alias dst rc");
        CHECK_BYTES(buf, want, len, "expand_message_xmd, out aliasing dst");
        n++;
    }
    vec_close(&r);
    CHECK(n == 10, "expected 10 expand_message_xmd vectors, read %d", n);
}

static void test_expand_message_limits(void)
{
    static uint8_t out[VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES + 64];
    static const uint8_t zero[VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES + 64];
    uint8_t dst[300], msg[3] = {'a', 'b', 'c'};
    memset(dst, 'D', sizeof dst);

    /* DST lengths: 1, 255 and 256 (hashed, §5.3.3) work, 0 fails with the output zeroed */
    CHECK(vec25519_expand_message_xmd_sha512(out, 32, msg, 3, dst, 1) == 0, "DST of 1 byte");
    CHECK(vec25519_expand_message_xmd_sha512(out, 32, msg, 3, dst, 255) == 0, "DST of 255 bytes");
    CHECK(vec25519_expand_message_xmd_sha512(out, 64, msg, 3, dst, 256) == 0,
          "DST of 256 bytes is hashed (RFC 9380 §5.3.3), not refused");
    memset(out, 0xa5, 64);
    CHECK(vec25519_expand_message_xmd_sha512(out, 64, msg, 3, dst, 0) == -1,
          "empty DST must fail");
    CHECK(memcmp(out, zero, 64) == 0, "output zeroed after empty DST");
    memset(out, 0xa5, 64);
    CHECK(vec25519_expand_message_xmd_sha512(out, 64, msg, 3, NULL, 10) == -1, "NULL DST");
    CHECK(memcmp(out, zero, 64) == 0, "output zeroed after NULL DST");

    /* Output lengths: 1 and 255·64 work; 0 and 255·64 + 1 fail */
    CHECK(vec25519_expand_message_xmd_sha512(out, 1, msg, 3, dst, 10) == 0, "len 1");
    CHECK(vec25519_expand_message_xmd_sha512(out, VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES,
                                             msg, 3, dst, 10) == 0,
          "len 16320 must work");
    CHECK(memcmp(out + 16320 - 64, zero, 64) != 0, "len 16320: last block written");
    memset(out, 0xa5, sizeof out);
    CHECK(vec25519_expand_message_xmd_sha512(out,
                                             VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES + 1,
                                             msg, 3, dst, 10) == -1,
          "len 16321 must fail");
    CHECK(memcmp(out, zero, VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES + 1) == 0,
          "output zeroed after len 16321");
    CHECK(vec25519_expand_message_xmd_sha512(out, 0, msg, 3, dst, 10) == -1, "len 0 must fail");
    CHECK(vec25519_expand_message_xmd_sha512(NULL, 32, msg, 3, dst, 10) == -1, "NULL out");
    memset(out, 0xa5, 32);
    CHECK(vec25519_expand_message_xmd_sha512(out, 32, NULL, 3, dst, 10) == -1,
          "NULL msg with a length");
    CHECK(memcmp(out, zero, 32) == 0, "output zeroed after NULL msg");
    CHECK(vec25519_expand_message_xmd_sha512(out, 32, NULL, 0, dst, 10) == 0,
          "NULL empty msg works");
}

/*
 * RFC 9380 §5.3.3: expand_message_xmd with tags of 256 to 1000 bytes against
 * the values of the independent hashlib reference (tests/h2c_oversize_dst.h),
 * also with out aliasing the long tag; and the long tag gives exactly what its
 * 64-byte reduction DST' = SHA-512("H2C-OVERSIZE-DST-" ‖ DST) gives.
 */
static void test_expand_message_oversize_dst(void)
{
    size_t ncases = sizeof h2c_oversize_cases / sizeof h2c_oversize_cases[0];
    for (size_t c = 0; c < ncases; c++) {
        static uint8_t dst[1000], got[1000], red[200];
        size_t dl = h2c_oversize_cases[c].dst_len, n = h2c_oversize_cases[c].len;
        const uint8_t *m = (const uint8_t *)h2c_oversize_cases[c].msg;
        size_t ml = h2c_oversize_cases[c].msg_len;
        uint8_t dp[64];
        for (size_t j = 0; j < dl; j++) dst[j] = (uint8_t)(j * 7 + 3);
        CHECK(dl <= sizeof dst && n <= sizeof red, "case %zu fits", c);

        /* the reduced tag is SHA-512("H2C-OVERSIZE-DST-" ‖ DST), as the reference computed */
        vec25519_sha512_ctx h;
        vec25519_sha512_init(&h);
        vec25519_sha512_update(&h, (const uint8_t *)"H2C-OVERSIZE-DST-", 17);
        vec25519_sha512_update(&h, dst, dl);
        vec25519_sha512_final(&h, dp);
        CHECK_BYTES(dp, h2c_oversize_cases[c].dst_prime, 64, "SHA-512(H2C-OVERSIZE-DST- ‖ DST)");

        memset(got, 0xa5, sizeof got);
        CHECK(vec25519_expand_message_xmd_sha512(got, n, ml ? m : NULL, ml, dst, dl) == 0,
              "oversize DST case %zu: rc", c);
        CHECK_BYTES(got, h2c_oversize_cases[c].want, n, "expand_message_xmd, oversize DST");
        CHECK(vec25519_expand_message_xmd_sha512(red, n, ml ? m : NULL, ml, dp, 64) == 0,
              "reduced tag rc");
        CHECK_BYTES(red, got, n, "long tag = its §5.3.3 reduction");

        /* out aliasing the long tag */
        memcpy(got, dst, dl);
        CHECK(vec25519_expand_message_xmd_sha512(got, n, ml ? m : NULL, ml, got, dl) == 0,
              "alias rc");
        CHECK_BYTES(got, h2c_oversize_cases[c].want, n, "oversize DST, out aliasing dst");
    }
    printf("expand_message_xmd: %zu oversize-DST cases (RFC 9380 §5.3.3)\n", ncases);
}

/* ---- the four suites ------------------------------------------------------- */

struct suite {
    const char *file;
    int ro;      /* hash_to_curve (2 elements) or encode_to_curve (1) */
    int edwards; /* edwards25519 (x, y) or curve25519 (u, v) coordinates */
    int (*fn)(uint8_t out[32], const uint8_t *msg, size_t len, const uint8_t *dst,
              size_t dstlen);
};

static const struct suite suites[] = {
    {"hash_to_curve/edwards25519_XMD_SHA-512_ELL2_RO_.txt", 1, 1,
     vec25519_edwards25519_hash_to_curve},
    {"hash_to_curve/edwards25519_XMD_SHA-512_ELL2_NU_.txt", 0, 1,
     vec25519_edwards25519_encode_to_curve},
    {"hash_to_curve/curve25519_XMD_SHA-512_ELL2_RO_.txt", 1, 0,
     vec25519_curve25519_hash_to_curve},
    {"hash_to_curve/curve25519_XMD_SHA-512_ELL2_NU_.txt", 0, 0,
     vec25519_curve25519_encode_to_curve},
};

/* The coordinates of map(u) in the suite's model. */
static void suite_map(fe *a, fe *b, const struct suite *s, const fe *u)
{
    if (s->edwards) {
        ge_ext Q;
        elligator2_map_edwards25519(&Q, u);
        ext_affine(a, b, &Q);
    } else {
        fe un, ud;
        elligator2_map_curve25519(&un, &ud, b, u);
        fe_invert(&ud, &ud);
        fe_mul(a, &un, &ud);
        CHECK(ct_to_int(mont_on_curve(a, b)), "map(u) not on the Montgomery curve");
    }
}

static void test_suite_vectors(const struct suite *s)
{
    vec_reader r;
    int n = 0, nel = s->ro ? 2 : 1;
    if (vec_open(&r, s->file) != 0) return;
    while (vec_next(&r)) {
        static uint8_t msg[1024];
        uint8_t dst[256], want[32], got[32], buf[1024];
        fe u[2], a, b;
        ge_ext P;
        long dstlen = field_bytes(&r, 0, dst, sizeof dst);
        long msglen = field_bytes(&r, 1, msg, sizeof msg);
        int col = 2;
        if (dstlen < 0 || msglen < 0) continue;

        /* u_i = hash_to_field(msg, count) */
        CHECK(h2c_hash_to_field(u, (size_t)nel, msg, (size_t)msglen, dst, (size_t)dstlen) == 0,
              "hash_to_field rc");
        for (int i = 0; i < nel; i++, col++) {
            if (!field_fe_le(&r, col, want)) continue;
            check_fe(&u[i], want, "hash_to_field u_i", &r);
        }
        /* Q_i = map_to_curve(u_i) */
        for (int i = 0; i < nel; i++, col += 2) {
            suite_map(&a, &b, s, &u[i]);
            if (field_fe_le(&r, col, want)) check_fe(&a, want, "map_to_curve Q_i.x", &r);
            if (field_fe_le(&r, col + 1, want)) check_fe(&b, want, "map_to_curve Q_i.y", &r);
        }
        /* P = clear_cofactor(Q_0 (+ Q_1)) */
        CHECK(h2c_edwards25519(&P, s->ro, msg, (size_t)msglen, dst, (size_t)dstlen) == 0,
              "h2c_edwards25519 rc");
        CHECK(ct_to_int(ge_ext_is_torsion_free(&P)), "P is not torsion-free");
        CHECK(!ct_to_int(ge_ext_is_identity(&P)), "P is the identity");
        if (s->edwards) {
            ext_affine(&a, &b, &P);
        } else {
            elligator2_edwards_to_montgomery(&a, &b, &P);
            CHECK(ct_to_int(mont_on_curve(&a, &b)), "P not on the Montgomery curve");
        }
        if (field_fe_le(&r, col, want)) check_fe(&a, want, "P.x", &r);
        if (field_fe_le(&r, col + 1, want)) check_fe(&b, want, "P.y", &r);
        col += 2;

        /* P_enc through the public function, and with the output aliasing msg */
        if (!vec_field_exact(&r, col, want, 32)) continue;
        memset(got, 0xa5, 32);
        CHECK(s->fn(got, msglen ? msg : NULL, (size_t)msglen, dst, (size_t)dstlen) == 0,
              "%s line %lu: rc", s->file, r.lineno);
        if (!CHECK_BYTES(got, want, 32, "suite output P_enc"))
            fprintf(stderr, "  %s:%lu\n", s->file, r.lineno);
        memset(buf, 0, sizeof buf);
        memcpy(buf, msg, (size_t)msglen);
        CHECK(s->fn(buf, buf, (size_t)msglen, dst, (size_t)dstlen) == 0, "alias rc");
        CHECK_BYTES(buf, want, 32, "suite output, aliasing msg");
        n++;
    }
    vec_close(&r);
    CHECK(n == 5, "%s: expected 5 vectors, read %d", s->file, n);
}

/* DST of 255 bytes works, 0 fails with a zeroed output, in every suite; a tag
 * of 256 or 700 bytes gives what its RFC 9380 §5.3.3 reduction gives. */
static void test_suite_dst_limits(void)
{
    static const uint8_t zero[32] = {0};
    uint8_t dst[700], out[32], red[32], dp[64];
    ge_ext P;
    memset(dst, 'T', sizeof dst);
    for (size_t k = 0; k < sizeof suites / sizeof suites[0]; k++) {
        const struct suite *s = &suites[k];
        memset(out, 0xa5, 32);
        CHECK(s->fn(out, (const uint8_t *)"msg", 3, dst, 255) == 0, "%s: DST 255", s->file);
        if (s->edwards) {
            CHECK(ge_ext_frombytes(&P, out) == 0, "DST 255: output does not decode");
            CHECK(ct_to_int(ge_ext_is_torsion_free(&P)), "DST 255: not torsion-free");
        }
        for (size_t dl = 256; dl <= 700; dl += 444) {
            vec25519_sha512_ctx h;
            vec25519_sha512_init(&h);
            vec25519_sha512_update(&h, (const uint8_t *)"H2C-OVERSIZE-DST-", 17);
            vec25519_sha512_update(&h, dst, dl);
            vec25519_sha512_final(&h, dp);
            memset(out, 0xa5, 32);
            CHECK(s->fn(out, (const uint8_t *)"msg", 3, dst, dl) == 0, "%s: DST %zu", s->file,
                  dl);
            CHECK(s->fn(red, (const uint8_t *)"msg", 3, dp, 64) == 0, "%s: reduced", s->file);
            CHECK_BYTES(out, red, 32, "suite: long tag = its §5.3.3 reduction");
            CHECK(memcmp(out, zero, 32) != 0, "%s: DST %zu output written", s->file, dl);
        }
        memset(out, 0xa5, 32);
        CHECK(s->fn(out, (const uint8_t *)"msg", 3, dst, 0) == -1, "%s: empty DST must fail",
              s->file);
        CHECK(memcmp(out, zero, 32) == 0, "%s: output zeroed after empty DST", s->file);
        memset(out, 0xa5, 32);
        CHECK(s->fn(out, NULL, 5, dst, 20) == -1, "%s: NULL message with a length", s->file);
        CHECK(memcmp(out, zero, 32) == 0, "%s: output zeroed after NULL message", s->file);
        memset(out, 0xa5, 32);
        CHECK(s->fn(out, (const uint8_t *)"msg", 3, NULL, 20) == -1, "%s: NULL DST", s->file);
        CHECK(memcmp(out, zero, 32) == 0, "%s: output zeroed after NULL DST", s->file);
        CHECK(s->fn(out, NULL, 0, dst, 20) == 0, "%s: empty message", s->file);
    }
    CHECK(h2c_edwards25519(&P, 1, (const uint8_t *)"m", 1, dst, 0) == -1, "internal DST 0");
    CHECK(ct_to_int(ge_ext_is_identity(&P)), "internal failure gives the identity");
}

/*
 * Random messages and tags: every output decodes, lies in the prime-order
 * subgroup and is not the identity; the curve25519 suite's u is the
 * u-coordinate of the edwards25519 suite's point for the same tag; and RO
 * and NU differ.
 */
static void test_random_outputs(void)
{
    for (int it = 0; it < 200; it++) {
        uint8_t msg[200], dst[255], ed[32], ed_nu[32], mu[32], mu_nu[32], ubytes[32];
        size_t len = (size_t)test_rng_below(sizeof msg + 1);
        size_t dstlen = 1 + (size_t)test_rng_below(sizeof dst);
        ge_ext P;
        fe u, y;
        test_rng_bytes(msg, sizeof msg);
        test_rng_bytes(dst, sizeof dst);

        CHECK(vec25519_edwards25519_hash_to_curve(ed, msg, len, dst, dstlen) == 0, "ed RO rc");
        CHECK(vec25519_edwards25519_encode_to_curve(ed_nu, msg, len, dst, dstlen) == 0,
              "ed NU rc");
        CHECK(vec25519_curve25519_hash_to_curve(mu, msg, len, dst, dstlen) == 0, "mont RO rc");
        CHECK(vec25519_curve25519_encode_to_curve(mu_nu, msg, len, dst, dstlen) == 0,
              "mont NU rc");
        CHECK(memcmp(ed, ed_nu, 32) != 0, "RO and NU outputs coincide");

        const uint8_t *encs[2] = {ed, ed_nu};
        const uint8_t *us[2] = {mu, mu_nu};
        for (int k = 0; k < 2; k++) {
            CHECK(ge_ext_frombytes(&P, encs[k]) == 0, "output does not decode");
            CHECK(ct_to_int(ge_ext_is_torsion_free(&P)), "output not torsion-free");
            CHECK(!ct_to_int(ge_ext_is_identity(&P)), "output is the identity");
            /* u = (1 + y)/(1 - y) of the Edwards point */
            fe_frombytes(&y, encs[k]);
            mont_u_from_y(&u, &y);
            fe_tobytes(ubytes, &u);
            CHECK_BYTES(us[k], ubytes, 32, "curve25519 suite u = (1 + y)/(1 - y) of edwards25519");
        }
    }
}

int main(void)
{
    test_expand_message_vectors();
    test_expand_message_limits();
    test_expand_message_oversize_dst();
    for (size_t k = 0; k < sizeof suites / sizeof suites[0]; k++) test_suite_vectors(&suites[k]);
    test_suite_dst_limits();
    test_random_outputs();
    return test_done();
}
