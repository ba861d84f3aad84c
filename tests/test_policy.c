/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The policy functions (include/vec25519/error.h, ed25519.h, x25519.h):
 * vec25519_ed25519_verify_ex, vec25519_ed25519_public_key_check,
 * vec25519_x25519_public_key_check and vec25519_strerror.
 *
 * Each code is reached by a real input, and each verdict is checked against
 * the 0 / -1 function it explains:
 *   - Wycheproof ed25519_test: verify_ex(STRICT) is OK exactly when
 *     vec25519_ed25519_verify accepts and Wycheproof says valid, and
 *     verify_ex(ZIP215) exactly when vec25519_ed25519_verify_zip215 accepts;
 *     the sweep must meet S ≥ ℓ, R not a point, R of small order and the
 *     equation;
 *   - a signature of ours with one part replaced: each A or R of small order
 *     (the 8 torsion points, tests/support/test.h), non-canonical encodings
 *     (y = p, y = p + 1, the sign bit on x = 0), an encoding with no x,
 *     S + ℓ, another message; ZIP-215 accepts the small-order and
 *     non-canonical ones where the equation holds;
 *   - Wycheproof x25519_test: vec25519_x25519_public_key_check refuses a
 *     peer exactly when vec25519_x25519 fails with it (518 peers), and the
 *     seven small-order u with bit 255 set or clear.
 */
#include <stdio.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

static unsigned long seen[16]; /* how often each code came out */

static void count(vec25519_error e)
{
    if ((unsigned)e < 16) seen[e]++;
}

/* ---- Wycheproof Ed25519 ------------------------------------------------------ */

static void test_wycheproof_ed25519(void)
{
    vec_reader r;
    uint8_t pk[32], msg[1024], sig[128];
    unsigned long n = 0;

    if (vec_open(&r, "wycheproof/ed25519_test.txt") != 0) return;
    while (vec_next(&r)) {
        long mlen, slen;
        if (r.nfields < 6) continue;
        if (!vec_field_hex(&r, 3, pk, 32)) continue;
        mlen = strcmp(r.fields[4], "-") == 0 ? 0 : vec_field_var(&r, 4, msg, sizeof msg);
        slen = strcmp(r.fields[5], "-") == 0 ? 0 : vec_field_var(&r, 5, sig, sizeof sig);
        if (mlen < 0 || slen < 0) continue;
        n++;
        CHECK(vec25519_ed25519_public_key_check(pk, VEC25519_ED25519_STRICT) == VEC25519_OK,
              "line %lu: Wycheproof's key is valid", r.lineno);
        if (slen != 64) continue; /* the _ex functions take 64 bytes, as verify does */
        int valid = strcmp(r.fields[1], "valid") == 0;
        vec25519_error strict =
            vec25519_ed25519_verify_ex(sig, msg, (size_t)mlen, pk, VEC25519_ED25519_STRICT);
        vec25519_error zip =
            vec25519_ed25519_verify_ex(sig, msg, (size_t)mlen, pk, VEC25519_ED25519_ZIP215);
        int v = vec25519_ed25519_verify(sig, msg, (size_t)mlen, pk);
        int vz = vec25519_ed25519_verify_zip215(sig, msg, (size_t)mlen, pk);
        count(strict);
        CHECK((strict == VEC25519_OK) == (v == 0), "line %lu: verify_ex %d, verify %d", r.lineno,
              (int)strict, v);
        CHECK((strict == VEC25519_OK) == valid, "line %lu: verify_ex %d, Wycheproof says %s",
              r.lineno, (int)strict, r.fields[1]);
        CHECK((zip == VEC25519_OK) == (vz == 0), "line %lu: zip215 verify_ex %d, verify %d",
              r.lineno, (int)zip, vz);
        /* The reasons other than the equation depend on sig and pk alone. */
        vec25519_error nomsg =
            vec25519_ed25519_verify_ex(sig, NULL, 0, pk, VEC25519_ED25519_STRICT);
        if (strict != VEC25519_OK && strict != VEC25519_ERR_EQUATION)
            CHECK(nomsg == strict, "line %lu: the reason %d without the message is %d", r.lineno,
                  (int)strict, (int)nomsg);
        else
            CHECK(nomsg == VEC25519_OK || nomsg == VEC25519_ERR_EQUATION,
                  "line %lu: without the message %d", r.lineno, (int)nomsg);
    }
    vec_close(&r);
    CHECK(n == 151, "Wycheproof ed25519: %lu cases read, 151 expected", n);
    CHECK(seen[VEC25519_OK] > 0 && seen[VEC25519_ERR_S_NOT_CANONICAL] > 0 &&
              seen[VEC25519_ERR_R_NOT_POINT] > 0 && seen[VEC25519_ERR_R_SMALL_ORDER] > 0 &&
              seen[VEC25519_ERR_EQUATION] > 0,
          "Wycheproof reaches OK %lu, S %lu, R not a point %lu, R small %lu, equation %lu",
          seen[VEC25519_OK], seen[VEC25519_ERR_S_NOT_CANONICAL], seen[VEC25519_ERR_R_NOT_POINT],
          seen[VEC25519_ERR_R_SMALL_ORDER], seen[VEC25519_ERR_EQUATION]);
}

/* ---- our signatures, one part replaced ----------------------------------------- */

static vec25519_error ex(const uint8_t sig[64], const uint8_t *m, size_t len, const uint8_t pk[32],
                         vec25519_ed25519_policy pol)
{
    vec25519_error e = vec25519_ed25519_verify_ex(sig, m, len, pk, pol);
    int v = pol == VEC25519_ED25519_STRICT ? vec25519_ed25519_verify(sig, m, len, pk)
                                           : vec25519_ed25519_verify_zip215(sig, m, len, pk);
    count(e);
    CHECK((e == VEC25519_OK) == (v == 0), "verify_ex %d against verify %d", (int)e, v);
    return e;
}

/*
 * One encoding enc of a point, or of no point, put in as the key and as R
 * of our signature (sig of msg under pk), and what each policy must say:
 * the key check (strict, ZIP-215), verification with enc as A (strict) and
 * with enc as R (strict, ZIP-215). The ZIP-215 verdict with enc as A is not
 * asserted (it depends on whether the equation holds), only its agreement
 * with verify_zip215 (ex).
 */
static void check_encoding(const char *what, const uint8_t enc[32], const uint8_t sig[64],
                           const uint8_t *msg, size_t len, const uint8_t pk[32],
                           vec25519_error key_strict, vec25519_error key_zip,
                           vec25519_error as_a, vec25519_error as_r, vec25519_error as_r_zip)
{
    const vec25519_ed25519_policy S = VEC25519_ED25519_STRICT, Z = VEC25519_ED25519_ZIP215;
    uint8_t bad[64];

    CHECK(vec25519_ed25519_public_key_check(enc, S) == key_strict, "%s: key", what);
    CHECK(vec25519_ed25519_public_key_check(enc, Z) == key_zip, "%s: key, ZIP-215", what);
    CHECK(ex(sig, msg, len, enc, S) == as_a, "%s as A", what);
    (void)ex(sig, msg, len, enc, Z);
    memcpy(bad, sig, 64);
    memcpy(bad, enc, 32);
    CHECK(ex(bad, msg, len, pk, S) == as_r, "%s as R", what);
    CHECK(ex(bad, msg, len, pk, Z) == as_r_zip, "%s as R, ZIP-215", what);
    /* The key is checked before R. */
    if (as_a != VEC25519_OK)
        CHECK(ex(bad, msg, len, enc, S) == as_a, "%s as A and R: A first", what);
}

static void test_replaced(void)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], bad[64];
    char name[48];
    static const uint8_t msg[] = "the policy, rule by rule";
    const size_t len = sizeof msg - 1;
    const vec25519_ed25519_policy S = VEC25519_ED25519_STRICT, Z = VEC25519_ED25519_ZIP215;
    const uint8_t *O = test_small_order_enc[0]; /* the identity */

    memset(seed, 7, sizeof seed);
    vec25519_ed25519_keypair(pk, sk, seed);
    CHECK(vec25519_ed25519_sign(sig, msg, len, sk) == 0, "sign");
    CHECK(ex(sig, msg, len, pk, S) == VEC25519_OK, "our signature");
    CHECK(ex(sig, msg, len, pk, Z) == VEC25519_OK, "our signature, ZIP-215");
    CHECK(ex(sig, msg, len - 1, pk, S) == VEC25519_ERR_EQUATION, "another message");
    CHECK(vec25519_ed25519_public_key_check(pk, S) == VEC25519_OK, "our key");
    CHECK(vec25519_ed25519_public_key_check(pk, Z) == VEC25519_OK, "our key, ZIP-215");

    /* S + ℓ (the same scalar mod ℓ): refused by both policies, before A. */
    memcpy(bad, sig, 64);
    test_add_ell(bad + 32);
    CHECK(ex(bad, msg, len, pk, S) == VEC25519_ERR_S_NOT_CANONICAL, "S + l");
    CHECK(ex(bad, msg, len, pk, Z) == VEC25519_ERR_S_NOT_CANONICAL, "S + l, ZIP-215");
    CHECK(ex(bad, msg, len, O, S) == VEC25519_ERR_S_NOT_CANONICAL, "S is checked first");

    /* The 8 points of small order: strict refuses them as A and as R,
     * ZIP-215 takes them (and then R fails the equation). */
    for (int i = 0; i < 8; i++) {
        snprintf(name, sizeof name, "small-order point %d", i);
        check_encoding(name, test_small_order_enc[i], sig, msg, len, pk,
                       VEC25519_ERR_PK_SMALL_ORDER, VEC25519_OK, VEC25519_ERR_PK_SMALL_ORDER,
                       VEC25519_ERR_R_SMALL_ORDER, VEC25519_ERR_EQUATION);
    }

    /* Non-canonical encodings: y = p (≡ 0, order 4), y = p + 1 (≡ 1, the
     * identity), and x = 0 with the sign bit set (y = 1). Strict refuses them
     * as encodings, ZIP-215 takes them as the points they reduce to. */
    uint8_t nc[3][32];
    memset(nc[0], 0xff, 32);
    nc[0][0] = 0xed;
    nc[0][31] = 0x7f;
    memcpy(nc[1], nc[0], 32);
    nc[1][0] = 0xee;
    memcpy(nc[2], O, 32);
    nc[2][31] |= 0x80;
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "non-canonical encoding %d", i);
        check_encoding(name, nc[i], sig, msg, len, pk, VEC25519_ERR_PK_NOT_POINT,
                       VEC25519_OK, VEC25519_ERR_PK_NOT_POINT, VEC25519_ERR_R_NOT_POINT,
                       VEC25519_ERR_EQUATION);
    }

    /* An encoding with no x: the first y = 2, 3, … that no decoder accepts
     * (half of all y have none). Refused by both policies. */
    uint8_t nox[32] = {0};
    int found = 0;
    for (int y = 2; y < 100 && !found; y++) {
        nox[0] = (uint8_t)y;
        found = vec25519_edwards25519_is_valid_point(nox) == 0;
    }
    CHECK(found, "a y without x below 100");
    check_encoding("a y without x", nox, sig, msg, len, pk, VEC25519_ERR_PK_NOT_POINT,
                   VEC25519_ERR_PK_NOT_POINT, VEC25519_ERR_PK_NOT_POINT, VEC25519_ERR_R_NOT_POINT,
                   VEC25519_ERR_R_NOT_POINT);
    CHECK(ex(sig, msg, len, nox, Z) == VEC25519_ERR_PK_NOT_POINT, "A without x, ZIP-215");

    /* ZIP-215 accepts where the equation holds with small order or a
     * non-canonical key: A = R = O, S = 0 ([0]B − [k]O − O = O); A = O or
     * A = p + 1 (O again, non-canonical), R = [5]B, S = 5 (k hashes the
     * encodings as received). */
    memset(bad, 0, 64);
    bad[0] = 1;
    CHECK(ex(bad, msg, len, O, Z) == VEC25519_OK, "A = R = O, S = 0, ZIP-215");
    CHECK(ex(bad, msg, len, O, S) == VEC25519_ERR_PK_SMALL_ORDER, "A = R = O, strict");
    uint8_t five[32] = {5};
    CHECK(vec25519_edwards25519_scalarmult_base_noclamp(bad, five) == 0, "[5]B");
    memcpy(bad + 32, five, 32);
    CHECK(ex(bad, msg, len, O, Z) == VEC25519_OK, "A = O, R = [5]B, S = 5, ZIP-215");
    CHECK(ex(bad, msg, len, nc[1], Z) == VEC25519_OK, "A = p + 1, R = [5]B, S = 5, ZIP-215");

    /* Arguments. */
    CHECK(ex(sig, NULL, 1, pk, S) == VEC25519_ERR_ARGUMENT, "NULL message with length 1");
    CHECK(vec25519_ed25519_verify_ex(sig, msg, len, pk, (vec25519_ed25519_policy)2) ==
              VEC25519_ERR_ARGUMENT,
          "unknown policy");
    CHECK(vec25519_ed25519_public_key_check(pk, (vec25519_ed25519_policy)-1) ==
              VEC25519_ERR_ARGUMENT,
          "unknown policy, key");
}

/* ---- X25519 -------------------------------------------------------------------- */

static void test_x25519(void)
{
    vec_reader r;
    uint8_t sk[32], pub[32], out[32];
    unsigned long n = 0, refused = 0;

    if (vec_open(&r, "wycheproof/x25519_test.txt") != 0) return;
    while (vec_next(&r)) {
        if (r.nfields < 5) continue;
        if (!vec_field_hex(&r, 3, sk, 32) || !vec_field_hex(&r, 4, pub, 32)) continue;
        n++;
        vec25519_error e = vec25519_x25519_public_key_check(pub);
        int rc = vec25519_x25519(out, sk, pub);
        CHECK(e == VEC25519_OK || e == VEC25519_ERR_X25519_SMALL_ORDER, "line %lu: code %d",
              r.lineno, (int)e);
        CHECK((e == VEC25519_OK) == (rc == 0), "line %lu: check %d, x25519 %d", r.lineno, (int)e,
              rc);
        refused += e != VEC25519_OK;
        count(e);
    }
    vec_close(&r);
    CHECK(n == 518, "Wycheproof x25519: %lu cases read, 518 expected", n);
    CHECK(refused > 0 && refused < n, "Wycheproof x25519: %lu of %lu refused", refused, n);

    /* The seven u of small order, bit 255 clear and set, and a neighbour of
     * each, against the ladder's verdict. */
    uint8_t u[7][32];
    for (int i = 0; i < 7; i++) CHECK(hex_decode(u[i], 32, test_small_order_u_hex[i]) == 32, "u %d", i);
    memset(sk, 0x5a, sizeof sk);
    for (int i = 0; i < 7; i++) {
        for (int top = 0; top < 2; top++) {
            memcpy(pub, u[i], 32);
            pub[31] |= (uint8_t)(top << 7);
            CHECK(vec25519_x25519_public_key_check(pub) == VEC25519_ERR_X25519_SMALL_ORDER,
                  "small-order u %d (bit 255 = %d)", i, top);
            CHECK(vec25519_x25519(out, sk, pub) == -1, "x25519 fails for u %d", i);
            /* u + 3 (no carry: every low byte is < 0xfd): the verdicts agree. */
            pub[0] = (uint8_t)(pub[0] + 3);
            int rc = vec25519_x25519(out, sk, pub);
            CHECK((vec25519_x25519_public_key_check(pub) == VEC25519_OK) == (rc == 0),
                  "neighbour of u %d", i);
        }
    }
}

/* ---- strerror ------------------------------------------------------------------ */

static void test_strerror(void)
{
    const char *s[9];
    for (int i = 0; i <= 8; i++) {
        s[i] = vec25519_strerror(i);
        CHECK(s[i] != NULL && s[i][0] != '\0', "strerror(%d)", i);
        CHECK(strcmp(s[i], "unknown error") != 0, "strerror(%d) is known", i);
        for (int j = 0; j < i; j++) CHECK(strcmp(s[i], s[j]) != 0, "strerror(%d) = (%d)", i, j);
    }
    CHECK(strcmp(vec25519_strerror(9), "unknown error") == 0, "strerror(9)");
    CHECK(strcmp(vec25519_strerror(-1), "unknown error") == 0, "strerror(-1)");
    CHECK(strcmp(vec25519_strerror(VEC25519_ERR_R_SMALL_ORDER), "R has small order") == 0,
          "the sentence for R of small order");
}

int main(void)
{
    test_wycheproof_ed25519();
    test_replaced();
    test_x25519();
    test_strerror();
    for (int e = VEC25519_OK; e <= VEC25519_ERR_X25519_SMALL_ORDER; e++)
        CHECK(seen[e] > 0, "code %d (%s) reached by no input", e, vec25519_strerror(e));
    return test_done();
}
