/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fuzz_hash_to_curve: RFC 9380 hashing to Curve25519 and Elligator 2
 * (include/vec25519/hash_to_curve.h). libsodium 1.0.18 has no RFC 9380
 * suites, so the checks are a reference expand_message_xmd written here on
 * libsodium's SHA-512, libsodium's point predicates, and the relations the
 * suites must satisfy among themselves.
 *
 * Input: at least 1 byte: L = byte 0, dst = the next min(L, size - 1) bytes,
 * msg = the rest.
 *   - with an empty dst, every suite and expand_message_xmd return -1 and
 *     zero their output; with 256..455 bytes of dst, RFC 9380 §5.3.3:
 *     expand_message_xmd equals the reference run on the 64-byte
 *     DST' = SHA-512("H2C-OVERSIZE-DST-" ‖ dst) (libsodium's SHA-512), and
 *     every suite gives what it gives with DST';
 *   - otherwise every suite returns 0, and
 *       edwards25519 RO/NU: the output decodes strictly, re-encodes to
 *       itself and is torsion-free; libsodium's
 *       crypto_core_ed25519_is_valid_point agrees (valid unless the identity);
 *       curve25519 RO/NU: u is canonical (< p) and is the Montgomery image
 *       u = (1 + y)/(1 - y) of the edwards25519 output of the same kind
 *       with the same dst and msg (the suites differ only by the rational
 *       map, RFC 9380 §6.8.2), computed by
 *       crypto_sign_ed25519_pk_to_curve25519 and by vec25519_ed25519_pk_to_x25519;
 *   - expand_message_xmd(msg, dst, n) equals the reference for an n in
 *     1..1024 derived from the input (and n = 16320 for some inputs); n = 0
 *     and n = 16321 are rejected;
 *   - Elligator 2: the map of a representative r taken from the input is a
 *     canonical u on the curve (vec25519_x25519_to_ed25519 accepts it),
 *     ignores bits 254 and 255 of r, and agrees with libsodium's
 *     crypto_core_ed25519_from_uniform(r), which is [8]·(the Edwards point
 *     of u with the sign of x taken from bit 255 of r) for the field element
 *     r mod 2^255 (libsodium reads bit 254, vec25519 does not: the map
 *     depends on r² only, so r is replaced by p − r or r − p below 2^254 to
 *     compare); vec25519_elligator2_inverse of that u
 *     and of the curve25519 RO output, with a tweak from the input, either
 *     fails with a zeroed output or gives a representative that maps back to
 *     u and carries tweak bits 6 and 7 in its bits 254 and 255.
 */
#include <string.h>

#include <sodium.h>

#include "backend/serial/ge.h"
#include "fuzz_common.h"
#include "vec25519.h"
#include "vec25519/hash_to_curve.h"

#define XMD_MAX (255 * 64)

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_sodium_init();
    return 0;
}

/* expand_message_xmd with SHA-512 (RFC 9380 §5.3.1), 1 ≤ len ≤ 16320, 1 ≤ dstlen ≤ 255. */
static void ref_expand(uint8_t *out, size_t len, const uint8_t *msg, size_t msglen,
                       const uint8_t *dst, size_t dstlen)
{
    static const uint8_t zpad[128];
    crypto_hash_sha512_state st;
    uint8_t b0[64], bi[64], x[64], lib[2], dl = (uint8_t)dstlen, zero = 0;
    size_t ell = (len + 63) / 64;

    lib[0] = (uint8_t)(len >> 8);
    lib[1] = (uint8_t)len;
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, zpad, sizeof zpad);
    if (msglen > 0) crypto_hash_sha512_update(&st, msg, msglen);
    crypto_hash_sha512_update(&st, lib, 2);
    crypto_hash_sha512_update(&st, &zero, 1);
    crypto_hash_sha512_update(&st, dst, dstlen);
    crypto_hash_sha512_update(&st, &dl, 1);
    crypto_hash_sha512_final(&st, b0);

    memset(bi, 0, sizeof bi); /* b_0 xor 0 = b_0 for i = 1 */
    for (size_t i = 1; i <= ell; i++) {
        uint8_t ib = (uint8_t)i;
        for (int j = 0; j < 64; j++) x[j] = (uint8_t)(b0[j] ^ bi[j]);
        crypto_hash_sha512_init(&st);
        crypto_hash_sha512_update(&st, x, 64);
        crypto_hash_sha512_update(&st, &ib, 1);
        crypto_hash_sha512_update(&st, dst, dstlen);
        crypto_hash_sha512_update(&st, &dl, 1);
        crypto_hash_sha512_final(&st, bi);
        size_t off = (i - 1) * 64, n = len - off < 64 ? len - off : 64;
        memcpy(out + off, bi, n);
    }
}

typedef int (*suite_fn)(uint8_t[32], const uint8_t *, size_t, const uint8_t *, size_t);

static const struct {
    const char *name;
    suite_fn fn;
} suites[4] = {
    {"edwards25519_hash_to_curve", vec25519_edwards25519_hash_to_curve},
    {"edwards25519_encode_to_curve", vec25519_edwards25519_encode_to_curve},
    {"curve25519_hash_to_curve", vec25519_curve25519_hash_to_curve},
    {"curve25519_encode_to_curve", vec25519_curve25519_encode_to_curve},
};

static void check_rejected(const uint8_t *msg, size_t msglen, const uint8_t *dst, size_t dstlen)
{
    static uint8_t big[XMD_MAX + 1];
    uint8_t out[32];

    fuzz_notes_reset();
    for (int i = 0; i < 4; i++) {
        memset(out, 0xa5, 32);
        int r = suites[i].fn(out, msg, msglen, dst, dstlen);
        FUZZ_REQUIRE(r == -1 && fuzz_is_zero(out, 32),
                     "%s with a %zu-byte dst returns %d (want -1 and a zeroed output)",
                     suites[i].name, dstlen, r);
    }
    memset(big, 0xa5, 64);
    int r = vec25519_expand_message_xmd_sha512(big, 64, msg, msglen, dst, dstlen);
    FUZZ_REQUIRE(r == -1 && fuzz_is_zero(big, 64),
                 "expand_message_xmd with a %zu-byte dst returns %d", dstlen, r);
}

/* RFC 9380 §5.3.3: a tag over 255 bytes works as its reduction
 * DST' = SHA-512("H2C-OVERSIZE-DST-" ‖ dst), in expand_message_xmd (against
 * the reference) and in every suite. */
static void check_oversize(const uint8_t *msg, size_t msglen, const uint8_t *dst, size_t dstlen)
{
    static const char prefix[] = "H2C-OVERSIZE-DST-";
    uint8_t dp[64], got[96], want[96], a[32], b[32];
    crypto_hash_sha512_state st;

    fuzz_notes_reset();
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, (const uint8_t *)prefix, sizeof prefix - 1);
    crypto_hash_sha512_update(&st, dst, dstlen);
    crypto_hash_sha512_final(&st, dp);
    ref_expand(want, sizeof want, msg, msglen, dp, sizeof dp);
    int r = vec25519_expand_message_xmd_sha512(got, sizeof got, msg, msglen, dst, dstlen);
    fuzz_note("reference (DST')", want, sizeof want);
    fuzz_note("ours (long dst)", got, sizeof got);
    FUZZ_REQUIRE(r == 0 && memcmp(got, want, sizeof want) == 0,
                 "expand_message_xmd with a %zu-byte dst (rc %d) is not the reference on "
                 "SHA-512(\"H2C-OVERSIZE-DST-\" || dst)", dstlen, r);
    for (int i = 0; i < 4; i++) {
        int r1 = suites[i].fn(a, msg, msglen, dst, dstlen);
        int r2 = suites[i].fn(b, msg, msglen, dp, sizeof dp);
        FUZZ_REQUIRE(r1 == 0 && r2 == 0 && memcmp(a, b, 32) == 0,
                     "%s with a %zu-byte dst differs from its RFC 9380 §5.3.3 reduction",
                     suites[i].name, dstlen);
    }
}

/*
 * Elligator 2 against libsodium 1.0.18's crypto_core_ed25519_from_uniform:
 * r is read as a 255-bit field element; when bit 254 is set it is replaced
 * by p − r (or r − p when r ≥ p), which is below 2^254 and has the same
 * square, so the same u. Then from_uniform(r) = [8]·E with E the Edwards
 * point of u whose x has the sign bit 255 of r (x = 0 when u = 0).
 */
static void check_from_uniform(const uint8_t rep[32])
{
    static const uint8_t p[32] = {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                  0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    uint8_t r[32], u[32], ed[32], want[32], got[32];
    vec25519_edwards25519_point P;
    int sign = rep[31] >> 7;

    fuzz_notes_reset();
    memcpy(r, rep, 32);
    r[31] &= 0x7f;
    if (r[31] & 0x40) {
        /* p − r when r < p, else r − p: subtract the smaller from the larger. */
        int r_ge_p = !fuzz_y_is_canonical(r);
        const uint8_t *a = r_ge_p ? r : p, *b = r_ge_p ? p : r;
        uint8_t d[32];
        int borrow = 0;
        for (int i = 0; i < 32; i++) {
            int v = a[i] - b[i] - borrow;
            d[i] = (uint8_t)v;
            borrow = v < 0;
        }
        memcpy(r, d, 32);
    }
    fuzz_note("representative", rep, 32);
    fuzz_note("reduced", r, 32);
    fuzz_note("u", u, 32);
    fuzz_note("libsodium from_uniform", want, 32);
    fuzz_note("ours", got, 32);
    vec25519_elligator2_map(u, r);
    FUZZ_REQUIRE(crypto_core_ed25519_from_uniform(want, rep) == 0,
                 "crypto_core_ed25519_from_uniform failed");
    int rc = vec25519_x25519_to_ed25519(ed, u, sign);
    if (rc != 0 && sign == 1 && fuzz_is_zero(u, 32)) rc = vec25519_x25519_to_ed25519(ed, u, 0);
    FUZZ_REQUIRE(rc == 0, "x25519_to_ed25519(elligator2_map(r)) returns %d", rc);
    FUZZ_REQUIRE(vec25519_edwards25519_point_frombytes(&P, ed) == 0,
                 "the Edwards point does not decode");
    vec25519_edwards25519_point_mul_by_cofactor(&P, &P);
    vec25519_edwards25519_point_tobytes(got, &P);
    FUZZ_REQUIRE(memcmp(got, want, 32) == 0,
                 "[8]·Edwards(elligator2_map(r)) != crypto_core_ed25519_from_uniform(r)");
}

static void check_elligator(const char *what, const uint8_t u[32], uint8_t tweak)
{
    uint8_t rep[32], back[32];

    fuzz_notes_reset();
    fuzz_note(what, u, 32);
    fuzz_note("representative", rep, 32);
    fuzz_note("map(representative)", back, 32);
    memset(rep, 0xa5, 32);
    int r = vec25519_elligator2_inverse(rep, u, tweak);
    if (r != 0) {
        FUZZ_REQUIRE(r == -1 && fuzz_is_zero(rep, 32),
                     "elligator2_inverse(%s) fails (%d) without zeroing", what, r);
        return;
    }
    vec25519_elligator2_map(back, rep);
    FUZZ_REQUIRE(memcmp(back, u, 32) == 0, "elligator2_map(elligator2_inverse(%s)) != %s", what,
                 what);
    FUZZ_REQUIRE((rep[31] & 0xc0) == (tweak & 0xc0),
                 "elligator2_inverse(%s): top bits %02x, tweak %02x", what, rep[31] & 0xc0, tweak);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t x1[XMD_MAX + 1], x2[XMD_MAX + 1];
    static uint8_t longdst[456];
    uint8_t out[4][32];

    fuzz_begin(data, size);
    if (size < 1) return 0;
    size_t dstlen = data[0] < size - 1 ? data[0] : size - 1;
    const uint8_t *dst = data + 1;
    const uint8_t *msg = data + 1 + dstlen;
    size_t msglen = size - 1 - dstlen;

    /* A tag the API must refuse: empty; and tags over 255 bytes (§5.3.3). */
    check_rejected(msg, msglen, dst, 0);
    memset(longdst, 0x5a, sizeof longdst);
    memcpy(longdst, dst, dstlen);
    check_oversize(msg, msglen, longdst, 256 + data[0] % 200);
    if (dstlen == 0) return 0;

    /* The four suites. */
    for (int i = 0; i < 4; i++) {
        memset(out[i], 0xa5, 32);
        int r = suites[i].fn(out[i], msg, msglen, dst, dstlen);
        FUZZ_REQUIRE(r == 0, "%s returns %d with a %zu-byte dst", suites[i].name, r, dstlen);
    }
    fuzz_note("edwards RO", out[0], 32);
    fuzz_note("edwards NU", out[1], 32);
    fuzz_note("curve RO", out[2], 32);
    fuzz_note("curve NU", out[3], 32);
    for (int i = 0; i < 2; i++) {
        static const uint8_t identity[32] = {1};
        ge_ext P;
        uint8_t enc[32], u1[32], u2[32];
        const uint8_t *u = out[2 + i];
        FUZZ_REQUIRE(ge_ext_frombytes(&P, out[i]) == 0, "%s: output does not decode",
                     suites[i].name);
        ge_ext_tobytes(enc, &P);
        FUZZ_REQUIRE(memcmp(enc, out[i], 32) == 0, "%s: output is not canonical", suites[i].name);
        FUZZ_REQUIRE(ct_to_int(ge_ext_is_torsion_free(&P)), "%s: output not torsion-free",
                     suites[i].name);
        int is_id = memcmp(out[i], identity, 32) == 0;
        FUZZ_REQUIRE(crypto_core_ed25519_is_valid_point(out[i]) == !is_id,
                     "%s: libsodium crypto_core_ed25519_is_valid_point says %d", suites[i].name,
                     crypto_core_ed25519_is_valid_point(out[i]));
        FUZZ_REQUIRE(fuzz_y_is_canonical(u) && !(u[31] & 0x80), "%s: u is not canonical",
                     suites[2 + i].name);
        if (!is_id) {
            FUZZ_REQUIRE(crypto_sign_ed25519_pk_to_curve25519(u1, out[i]) == 0,
                         "libsodium pk_to_curve25519 rejects the %s output", suites[i].name);
            FUZZ_REQUIRE(memcmp(u1, u, 32) == 0,
                         "%s is not the Montgomery image of %s (libsodium's map)",
                         suites[2 + i].name, suites[i].name);
            FUZZ_REQUIRE(vec25519_ed25519_pk_to_x25519(u2, out[i]) == 0 &&
                             memcmp(u2, u, 32) == 0,
                         "%s is not vec25519_ed25519_pk_to_x25519 of %s", suites[2 + i].name,
                         suites[i].name);
        }
    }

    /* expand_message_xmd against the reference. */
    {
        size_t n = 1 + (msglen * 251 + dstlen * 7 + data[0]) % 1024;
        fuzz_notes_reset();
        int r = vec25519_expand_message_xmd_sha512(x1, n, msg, msglen, dst, dstlen);
        FUZZ_REQUIRE(r == 0, "expand_message_xmd(%zu bytes) returns %d", n, r);
        ref_expand(x2, n, msg, msglen, dst, dstlen);
        fuzz_note("ours", x1, n);
        fuzz_note("reference", x2, n);
        FUZZ_REQUIRE(memcmp(x1, x2, n) == 0, "expand_message_xmd(%zu bytes) differs", n);
        if ((data[0] & 0x3f) == 0x3f) {
            fuzz_notes_reset();
            r = vec25519_expand_message_xmd_sha512(x1, XMD_MAX, msg, msglen, dst, dstlen);
            ref_expand(x2, XMD_MAX, msg, msglen, dst, dstlen);
            FUZZ_REQUIRE(r == 0 && memcmp(x1, x2, XMD_MAX) == 0,
                         "expand_message_xmd(16320 bytes) returns %d or differs", r);
        }
        fuzz_notes_reset();
        memset(x1, 0xa5, XMD_MAX + 1);
        r = vec25519_expand_message_xmd_sha512(x1, XMD_MAX + 1, msg, msglen, dst, dstlen);
        FUZZ_REQUIRE(r == -1 && fuzz_is_zero(x1, XMD_MAX + 1),
                     "expand_message_xmd(16321 bytes) returns %d or leaves output", r);
        r = vec25519_expand_message_xmd_sha512(x1, 0, msg, msglen, dst, dstlen);
        FUZZ_REQUIRE(r == -1, "expand_message_xmd(0 bytes) returns %d", r);
    }

    /* Elligator 2. */
    {
        uint8_t rep[32] = {0}, u[32], u2[32], ed[32];
        for (size_t i = 0; i < 32 && i < size; i++) rep[i] = data[size - 1 - i];
        fuzz_notes_reset();
        fuzz_note("representative", rep, 32);
        fuzz_note("map", u, 32);
        vec25519_elligator2_map(u, rep);
        FUZZ_REQUIRE(fuzz_y_is_canonical(u) && !(u[31] & 0x80), "elligator2_map: u not canonical");
        FUZZ_REQUIRE(vec25519_x25519_to_ed25519(ed, u, 0) == 0,
                     "elligator2_map: u is not on the curve");
        rep[31] ^= 0xc0;
        vec25519_elligator2_map(u2, rep);
        FUZZ_REQUIRE(memcmp(u, u2, 32) == 0, "elligator2_map depends on bits 254, 255");
        rep[31] ^= 0xc0;
        check_from_uniform(rep);
        check_elligator("map(representative)", u, data[0]);
        check_elligator("curve RO", out[2], (uint8_t)(data[0] ^ 0x41));
    }
    return 0;
}
