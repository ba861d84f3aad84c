/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fuzz_point_decode: edwards25519 point decoding, checked against libsodium
 * 1.0.18 and against properties that need no second library.
 *
 * Input: at least 32 bytes; s = bytes 0..31. With 64 bytes or more, q =
 * bytes 32..63 is a second point encoding and also a scalar.
 *
 * On s:
 *   - strict decoding (ge_ext_frombytes) accepts s iff the relaxed decoding
 *     (ge_ext_frombytes_relaxed, y mod p, any sign on x = 0) accepts it and
 *     the point re-encodes to s; a rejected s leaves the identity; strict
 *     rejection of a relaxed-decodable s is only for y ≥ p (checked by a
 *     byte-wise reference) or x = 0 with the sign bit set (y = ±1);
 *     every accepted s satisfies encode(decode(s)) = s;
 *   - decode + is_torsion_free + !is_small_order equals libsodium's
 *     crypto_core_ed25519_is_valid_point (which also demands the prime-order
 *     subgroup and rejects small order), and vec25519_edwards25519_is_valid_point;
 *     is_small_order agrees with [8]P = 0;
 *   - the public struct decoding (vec25519_edwards25519_point_frombytes) gives the
 *     same verdict and encoding, and zeroes the struct on failure;
 *   - vec25519_ed25519_pk_to_x25519 equals crypto_sign_ed25519_pk_to_curve25519
 *     (return code and output; the header says libsodium rejects exactly the
 *     same keys), and vec25519_x25519_to_ed25519 inverts it.
 * On (s, q), with 64 bytes or more:
 *   - vec25519_edwards25519_add/_sub against crypto_core_ed25519_add/_sub: the
 *     same result whenever we succeed; we may fail where libsodium succeeds
 *     only when s or q is one of the non-canonical encodings that libsodium's
 *     relaxed decoding accepts (the documented difference in edwards25519.h);
 *   - vec25519_edwards25519_scalarmult{,_noclamp}(n = q, p = s) and
 *     _scalarmult_base{,_noclamp}(q) against crypto_scalarmult_ed25519*:
 *     identical return codes and outputs (ours zeroed on failure).
 */
#include <string.h>

#include <sodium.h>

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "fuzz_common.h"
#include "vec25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_sodium_init();
    return 0;
}

static int is_identity(const ge_ext *p)
{
    return ct_to_int(ge_ext_is_identity(p));
}

/* 1 if the low 255 bits of s are y = 1 or y = p - 1 (the points with x = 0). */
static int y_is_pm1(const uint8_t s[32])
{
    static const uint8_t one[32] = {1};
    static const uint8_t pm1[32] = {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                    0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    uint8_t y[32];
    memcpy(y, s, 32);
    y[31] &= 0x7f;
    return memcmp(y, one, 32) == 0 || memcmp(y, pm1, 32) == 0;
}

struct decoded {
    int strict, relaxed;
};

static struct decoded check_point(const char *name, const uint8_t s[32])
{
    struct decoded d;
    ge_ext P, Q, E;
    uint8_t enc[32], renc[32];

    fuzz_notes_reset();
    d.strict = ge_ext_frombytes(&P, s) == 0;
    d.relaxed = ge_ext_frombytes_relaxed(&Q, s) == 0;
    fuzz_note(name, s, 32);

    if (d.relaxed) ge_ext_tobytes(renc, &Q);
    FUZZ_REQUIRE(d.strict == (d.relaxed && memcmp(renc, s, 32) == 0),
                 "strict decoding (%d) is not relaxed decoding (%d) + re-encodes to s",
                 d.strict, d.relaxed);
    if (!fuzz_y_is_canonical(s)) FUZZ_REQUIRE(!d.strict, "strict decoding accepts y >= p");
    if (d.relaxed && !d.strict && fuzz_y_is_canonical(s)) {
        /* The only other strict rejection: x = 0 with the sign bit set. */
        uint8_t y[32];
        memcpy(y, s, 32);
        y[31] &= 0x7f;
        FUZZ_REQUIRE((s[31] & 0x80) && y_is_pm1(s) && memcmp(renc, y, 32) == 0,
                     "strict decoding rejects a canonical encoding that is not x = 0 with sign");
    }
    if (!d.strict) {
        FUZZ_REQUIRE(is_identity(&P), "failed decoding does not leave the identity");
    } else {
        ge_ext_tobytes(enc, &P);
        fuzz_note("encode(decode(s))", enc, 32);
        FUZZ_REQUIRE(memcmp(enc, s, 32) == 0, "encode(decode(s)) != s");
    }

    int small = 0, tf = 0;
    if (d.strict) {
        small = ct_to_int(ge_ext_is_small_order(&P));
        tf = ct_to_int(ge_ext_is_torsion_free(&P));
        ge_ext_mul_by_cofactor(&E, &P);
        FUZZ_REQUIRE(small == is_identity(&E), "is_small_order %d but [8]P = 0 is %d", small,
                     is_identity(&E));
    }
    int ours_valid = d.strict && !small && tf;
    int sodium_valid = crypto_core_ed25519_is_valid_point(s);
    FUZZ_REQUIRE(ours_valid == sodium_valid,
                 "valid point: vec25519 %d (decodes %d, small order %d, torsion-free %d), "
                 "libsodium crypto_core_ed25519_is_valid_point %d",
                 ours_valid, d.strict, small, tf, sodium_valid);
    FUZZ_REQUIRE(vec25519_edwards25519_is_valid_point(s) == ours_valid,
                 "vec25519_edwards25519_is_valid_point disagrees with decode + predicates");

    /* The public struct interface. */
    {
        vec25519_edwards25519_point pt;
        memset(&pt, 0xa5, sizeof pt);
        int r = vec25519_edwards25519_point_frombytes(&pt, s);
        FUZZ_REQUIRE((r == 0) == d.strict, "vec25519_edwards25519_point_frombytes returns %d", r);
        if (r == 0) {
            vec25519_edwards25519_point_tobytes(enc, &pt);
            FUZZ_REQUIRE(memcmp(enc, s, 32) == 0, "point_tobytes(point_frombytes(s)) != s");
        } else {
            FUZZ_REQUIRE(fuzz_is_zero((const uint8_t *)&pt, sizeof pt),
                         "point_frombytes failed without zeroing the point");
        }
    }

    /* Ed25519 → X25519 public key, and back. */
    {
        uint8_t u1[32], u2[32], back[32];
        memset(u1, 0xa5, 32);
        int r1 = vec25519_ed25519_pk_to_x25519(u1, s);
        int r2 = crypto_sign_ed25519_pk_to_curve25519(u2, s);
        fuzz_note("ours u", u1, 32);
        fuzz_note("libsodium u", u2, 32);
        FUZZ_REQUIRE(r1 == r2,
                     "pk_to_x25519 returns %d, crypto_sign_ed25519_pk_to_curve25519 returns %d "
                     "(decodes %d, small order %d, torsion-free %d, y canonical %d)",
                     r1, r2, d.strict, small, tf, fuzz_y_is_canonical(s));
        if (r1 == 0) {
            FUZZ_REQUIRE(memcmp(u1, u2, 32) == 0, "pk_to_x25519 output differs from libsodium");
            int rb = vec25519_x25519_to_ed25519(back, u1, s[31] >> 7);
            FUZZ_REQUIRE(rb == 0 && memcmp(back, s, 32) == 0,
                         "x25519_to_ed25519(pk_to_x25519(s), sign(s)) != s (returns %d)", rb);
        } else {
            FUZZ_REQUIRE(fuzz_is_zero(u1, 32), "pk_to_x25519 failed without zeroing");
        }
    }
    return d;
}

typedef int (*binop_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*vbinop_fn)(uint8_t[32], const uint8_t[32], const uint8_t[32]);

static void check_binop(const char *name, vbinop_fn ours_fn, binop_fn sodium_fn,
                        const uint8_t s[32], const uint8_t q[32], struct decoded ds,
                        struct decoded dq)
{
    uint8_t r1[32], r2[32];
    fuzz_notes_reset();
    memset(r1, 0xa5, 32);
    int ro = ours_fn(r1, s, q);
    int rs = sodium_fn(r2, s, q);
    fuzz_note("ours", r1, 32);
    fuzz_note("libsodium", r2, 32);
    FUZZ_REQUIRE((ro == 0) == (ds.strict && dq.strict),
                 "%s returns %d with strict decodings %d, %d", name, ro, ds.strict, dq.strict);
    if (ro == 0) {
        FUZZ_REQUIRE(rs == 0, "%s: vec25519 succeeds, libsodium fails", name);
        FUZZ_REQUIRE(memcmp(r1, r2, 32) == 0, "%s: outputs differ", name);
    } else {
        FUZZ_REQUIRE(ro == -1 && fuzz_is_zero(r1, 32), "%s failed without zeroing", name);
        if (rs == 0) {
            /* Documented: libsodium decodes y >= p and x = 0 with the sign bit set. */
            FUZZ_REQUIRE(ds.relaxed && dq.relaxed && (!ds.strict || !dq.strict),
                         "%s: libsodium succeeds where vec25519 fails, outside the documented "
                         "non-canonical encodings",
                         name);
        }
    }
}

typedef int (*smul_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef int (*vsmul_fn)(uint8_t[32], const uint8_t[32], const uint8_t[32]);
typedef int (*sbase_fn)(unsigned char *, const unsigned char *);
typedef int (*vsbase_fn)(uint8_t[32], const uint8_t[32]);

static void compare_out(const char *name, int r1, const uint8_t o1[32], int r2,
                        const uint8_t o2[32])
{
    fuzz_notes_reset();
    fuzz_note("ours", o1, 32);
    fuzz_note("libsodium", o2, 32);
    FUZZ_REQUIRE(r1 == r2, "%s: vec25519 returns %d, libsodium %d", name, r1, r2);
    if (r1 == 0)
        FUZZ_REQUIRE(memcmp(o1, o2, 32) == 0, "%s: outputs differ", name);
    else
        FUZZ_REQUIRE(fuzz_is_zero(o1, 32), "%s failed without zeroing", name);
}

static void check_smul(const char *name, vsmul_fn ours_fn, smul_fn sodium_fn, const uint8_t n[32],
                       const uint8_t p[32])
{
    uint8_t o1[32], o2[32];
    memset(o1, 0xa5, 32);
    int r1 = ours_fn(o1, n, p);
    int r2 = sodium_fn(o2, n, p);
    compare_out(name, r1, o1, r2, o2);
}

static void check_sbase(const char *name, vsbase_fn ours_fn, sbase_fn sodium_fn,
                        const uint8_t n[32])
{
    uint8_t o1[32], o2[32];
    memset(o1, 0xa5, 32);
    int r1 = ours_fn(o1, n);
    int r2 = sodium_fn(o2, n);
    compare_out(name, r1, o1, r2, o2);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t s[32], q[32];

    fuzz_begin(data, size);
    if (size < 32) return 0;
    memcpy(s, data, 32);
    struct decoded ds = check_point("s", s);
    if (size < 64) return 0;

    memcpy(q, data + 32, 32);
    struct decoded dq = check_point("q", q);
    check_binop("add", vec25519_edwards25519_add, crypto_core_ed25519_add, s, q, ds, dq);
    check_binop("sub", vec25519_edwards25519_sub, crypto_core_ed25519_sub, s, q, ds, dq);
    check_smul("scalarmult", vec25519_edwards25519_scalarmult, crypto_scalarmult_ed25519, q, s);
    check_smul("scalarmult_noclamp", vec25519_edwards25519_scalarmult_noclamp,
               crypto_scalarmult_ed25519_noclamp, q, s);
    check_sbase("scalarmult_base", vec25519_edwards25519_scalarmult_base,
                crypto_scalarmult_ed25519_base, q);
    check_sbase("scalarmult_base_noclamp", vec25519_edwards25519_scalarmult_base_noclamp,
                crypto_scalarmult_ed25519_base_noclamp, q);
    return 0;
}
