/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Every public function that can fail, called with invalid inputs: it must
 * return -1 (the documented failure value) and, where it has an output, zero
 * it. Outputs are pre-filled with 0xAA so that "zeroed" is observable.
 *
 *   vec25519_x25519            each small-order u (with and without bit 255)
 *   vec25519_x25519_base       cannot fail: 0 and a non-zero output even for
 *                              the extreme scalars
 *   vec25519_ed25519*_verify   every rejection class of the policy in
 *                              include/vec25519/ed25519.h, for the four verify
 *                              functions; each forged signature satisfies the
 *                              cofactored equation on the decoded points, so
 *                              the rejection can only come from the policy
 *                              check under test (positive controls show that
 *                              the same construction is accepted when valid)
 *   ctx / ph sign and verify   bad context lengths (0 for ctx, > 255 for both),
 *                              with signatures forged for the length byte a
 *                              careless implementation would write
 *   msg = NULL, len = 0        signing and verifying the empty message
 *
 * Forgeries use the internal group and scalar API (tests link the core), through
 * the shared builders of tests/support/adversarial.c.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "adversarial.h"
#include "test.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "vec25519.h"

static int all_zero(const uint8_t *p, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++) d |= p[i];
    return d == 0;
}

/* ---- per-class tallies ------------------------------------------------------ */

struct tally {
    char name[112];
    unsigned long n, ok;
};
static struct tally tallies[160];
static size_t ntallies;

static void tally(const char *name, int ok)
{
    size_t i;
    for (i = 0; i < ntallies; i++)
        if (strcmp(tallies[i].name, name) == 0) break;
    if (i == ntallies) {
        if (ntallies == sizeof tallies / sizeof tallies[0]) return;
        snprintf(tallies[ntallies++].name, sizeof tallies[0].name, "%s", name);
    }
    tallies[i].n++;
    tallies[i].ok += (unsigned long)ok;
}

static void print_tallies(void)
{
    for (size_t i = 0; i < ntallies; i++)
        printf("  %-84s %4lu cases, %s\n", tallies[i].name, tallies[i].n,
               tallies[i].ok == tallies[i].n ? "all as expected" : "FAILURES");
}

static void check_hook(int ok, const char *what)
{
    CHECK(ok, "%s", what);
}

/* ---- the four verify functions and their hash prefixes ------------------------ */

enum { V_PURE, V_CTX, V_PH, V_PHPRE, NV };
static const char *const vname[NV] = {"ed25519_verify", "ed25519ctx_verify", "ed25519ph_verify",
                                      "ed25519ph_verify_prehashed"};
static const uint8_t CTX[] = {'a', 'p', 'i', '-', 'i', 'n', 'v', 'a', 'l', 'i', 'd'};
#define CTXLEN sizeof CTX

static const char DOM2[] = "SigEd25519 no Ed25519 collisions"; /* 32 bytes */

/* dom2(F, C) with an explicit length byte, so that wrong encodings can be forged. */
static size_t dom2(uint8_t *out, int phflag, uint8_t lenbyte, const uint8_t *ctx, size_t ctxlen)
{
    memcpy(out, DOM2, 32);
    out[32] = (uint8_t)phflag;
    out[33] = lenbyte;
    if (ctxlen) memcpy(out + 34, ctx, ctxlen);
    return 34 + ctxlen;
}

/* k = SHA-512(prefix ‖ R ‖ A ‖ M') mod ℓ, M' = SHA-512(m) when ph. */
static void k_dom(uint8_t k[32], const uint8_t *prefix, size_t plen, int ph, const uint8_t R[32],
                  const uint8_t A[32], const uint8_t *m, size_t mlen)
{
    vec25519_sha512_ctx h;
    uint8_t d[64], mh[64];
    vec25519_sha512_init(&h);
    if (plen) vec25519_sha512_update(&h, prefix, plen);
    vec25519_sha512_update(&h, R, 32);
    vec25519_sha512_update(&h, A, 32);
    if (ph) {
        vec25519_sha512(mh, m, mlen);
        vec25519_sha512_update(&h, mh, 64);
    } else if (mlen) {
        vec25519_sha512_update(&h, m, mlen);
    }
    vec25519_sha512_final(&h, d);
    sc_reduce64(k, d);
}

/* sig = (R, S = r + k·a) with k = k_dom(prefix, ph, ...). */
static void make_sig_dom(uint8_t sig[64], const uint8_t *prefix, size_t plen, int ph,
                         const uint8_t R[32], const uint8_t r[32], const uint8_t A[32],
                         const uint8_t a[32], const uint8_t *m, size_t mlen)
{
    uint8_t k[32];
    k_dom(k, prefix, plen, ph, R, A, m, mlen);
    memcpy(sig, R, 32);
    sc_muladd(sig + 32, k, a, r);
}

/* The variant whose k the adversarial builders compute (their k hook). */
static int cur_v;

static void k_variant(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *m,
                      size_t mlen)
{
    uint8_t pre[34 + 255];
    size_t plen = cur_v == V_PURE ? 0 : dom2(pre, cur_v != V_CTX, (uint8_t)CTXLEN, CTX, CTXLEN);
    k_dom(k, pre, plen, cur_v == V_PH || cur_v == V_PHPRE, R, A, m, mlen);
}

static void make_sig(int v, uint8_t sig[64], const uint8_t R[32], const uint8_t r[32],
                     const uint8_t A[32], const uint8_t a[32], const uint8_t *m, size_t mlen)
{
    cur_v = v;
    adv_make_sig(sig, R, r, A, a, m, mlen);
}

static int verify(int v, const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    uint8_t ph[64];
    switch (v) {
    case V_PURE:
        return vec25519_ed25519_verify(sig, m, mlen, pk);
    case V_CTX:
        return vec25519_ed25519ctx_verify(sig, m, mlen, CTX, CTXLEN, pk);
    case V_PH:
        return vec25519_ed25519ph_verify(sig, m, mlen, CTX, CTXLEN, pk);
    default:
        vec25519_sha512(ph, m, mlen);
        return vec25519_ed25519ph_verify_prehashed(sig, ph, CTX, CTXLEN, pk);
    }
}

/* Expect `want` (0 or -1) from verify variant v; tally under "vname: cls". */
static void expect(int v, const char *cls, int want, const uint8_t sig[64], const uint8_t *m,
                   size_t mlen, const uint8_t pk[32])
{
    char name[112];
    int rc = verify(v, sig, m, mlen, pk);
    snprintf(name, sizeof name, "%s: %s -> %s", vname[v], cls, want ? "-1" : "0");
    CHECK(rc == want, "%s: returned %d", name, rc);
    tally(name, rc == want);
}

/* R = [r]B, S = r under a small-order A (its point): the cofactored equation
 * holds for every k. */
static void sig_small_A(int v, uint8_t sig[64], uint8_t msg[32], const uint8_t A[32])
{
    cur_v = v;
    (void)adv_sig_small_A(sig, msg, 32, A, ADV_K_ANY);
}

/* R small order, A = [a]B, S = k·a: the cofactored equation holds. */
static void sig_small_R(int v, uint8_t sig[64], uint8_t pk[32], uint8_t msg[32],
                        const uint8_t R[32])
{
    cur_v = v;
    adv_sig_small_R(sig, pk, msg, R);
}

/* enc as A of a small-order-A signature and as R of a small-order-R one: both rejected. */
static void expect_small_A_R(int v, const uint8_t enc[32], const char *cls_A, const char *cls_R)
{
    uint8_t sig[64], pk[32], msg[32];
    sig_small_A(v, sig, msg, enc);
    expect(v, cls_A, -1, sig, msg, 32, enc);
    sig_small_R(v, sig, pk, msg, enc);
    expect(v, cls_R, -1, sig, msg, 32, pk);
}

/* enc as A of a small-order-A signature, and as R (with a random S) under a random key:
 * both rejected. */
static void expect_bad_A_R(int v, const uint8_t enc[32], const char *cls_A, const char *cls_R)
{
    uint8_t sig[64], pk[32], msg[32], a[32];
    sig_small_A(v, sig, msg, enc);
    expect(v, cls_A, -1, sig, msg, 32, enc);
    adv_rand_point(a, pk, 0);
    memcpy(sig, enc, 32);
    adv_rand_scalar(sig + 32);
    expect(v, cls_R, -1, sig, msg, 32, pk);
}

static void verify_rejections(int v)
{
    uint8_t sig[64], sig2[64], pk[32], msg[64], a[32], r[32], R[32], enc[32];

    /* positive controls: the constructions below are right */
    for (int rep = 0; rep < 8; rep++) {
        adv_rand_point(a, pk, 0);
        adv_rand_point(r, R, 0);
        test_rng_bytes(msg, 32);
        make_sig(v, sig, R, r, pk, a, msg, 32);
        expect(v, "control: forged valid signature", 0, sig, msg, 32, pk);
        adv_rand_point(a, pk, 1 + rep % 7);
        adv_rand_point(r, R, 7 - rep % 7);
        make_sig(v, sig, R, r, pk, a, msg, 32);
        expect(v, "control: A and R with torsion components (cofactored holds)", 0, sig, msg, 32,
               pk);
    }

    /* S ≥ ℓ: S + k·ℓ while < 2^256, and S with its top bits set */
    for (int rep = 0; rep < 4; rep++) {
        adv_rand_point(a, pk, 0);
        adv_rand_point(r, R, 0);
        test_rng_bytes(msg, 32);
        make_sig(v, sig, R, r, pk, a, msg, 32);
        memcpy(sig2, sig, 64);
        for (int k = 1; k <= 15; k++) {
            if (adv_add_ell(sig2 + 32)) break;
            expect(v, "S + k*l (k = 1..15, < 2^256)", -1, sig2, msg, 32, pk);
        }
        for (int bit = 0; bit < 4; bit++) {
            memcpy(sig2, sig, 64);
            sig2[63] |= bit == 3 ? 0xe0 : (uint8_t)(0x20 << bit);
            expect(v, "S with bit 253/254/255 set", -1, sig2, msg, 32, pk);
        }
    }

    /* small-order A and R: all eight points */
    for (int j = 0; j < 8; j++)
        expect_small_A_R(v, adv_tors_enc[j], "small-order A (8 points), cofactored equation holds",
                         "small-order R (8 points), cofactored equation holds");

    /* non-canonical y = p + t: small order for t = 0, 1 (equation holds on
     * the reduced point), anything for t ≥ 2 */
    for (int t = 0; t < 19; t++)
        for (int sign = 0; sign < 2; sign++) {
            adv_noncanon(enc, t, sign);
            if (t <= 1)
                expect_small_A_R(v, enc, "non-canonical A = p + {0,1}, equation holds mod p",
                                 "non-canonical R = p + {0,1}, equation holds mod p");
            else
                expect_bad_A_R(v, enc, "non-canonical A = p + t, 2 <= t < 19",
                               "non-canonical R = p + t, 2 <= t < 19");
        }

    /* x = 0 with the sign bit set (y = 1 and y = −1) */
    for (int which = 0; which < 2; which++) {
        memcpy(enc, adv_tors_enc[which ? 4 : 0], 32);
        enc[31] |= 0x80;
        expect_small_A_R(v, enc, "A with x = 0 and sign bit set", "R with x = 0 and sign bit set");
    }

    /* not on the curve */
    int found = 0;
    for (int t = 0; t < 1000 && found < 8; t++) {
        ge_ext P;
        test_rng_bytes(enc, 32);
        if (ge_ext_frombytes_relaxed(&P, enc) == 0) continue;
        found++;
        expect_bad_A_R(v, enc, "A not on the curve", "R not on the curve");
    }
    CHECK(found == 8, "found only %d off-curve encodings", found);

    /* one-bit mutations of a valid signature */
    for (int rep = 0; rep < 16; rep++) {
        uint8_t pk2[32], msg2[64];
        adv_rand_point(a, pk, 0);
        adv_rand_point(r, R, 0);
        test_rng_bytes(msg, 64);
        make_sig(v, sig, R, r, pk, a, msg, 64);
        memcpy(sig2, sig, 64);
        sig2[test_rng_below(64)] ^= (uint8_t)(1u << test_rng_below(8));
        expect(v, "1-bit mutation of sig", -1, sig2, msg, 64, pk);
        memcpy(msg2, msg, 64);
        msg2[test_rng_below(64)] ^= (uint8_t)(1u << test_rng_below(8));
        expect(v, "1-bit mutation of msg", -1, sig, msg2, 64, pk);
        memcpy(pk2, pk, 32);
        pk2[test_rng_below(32)] ^= (uint8_t)(1u << test_rng_below(8));
        expect(v, "1-bit mutation of pk", -1, sig, msg, 64, pk2);
    }
}

/* ---- X25519 -------------------------------------------------------------------------- */

/* Scalar number rep of a test: zero, all ones, then random. */
static void extreme_or_random_scalar(uint8_t s[32], int rep)
{
    if (rep == 0)
        memset(s, 0, 32);
    else if (rep == 1)
        memset(s, 0xff, 32);
    else
        test_rng_bytes(s, 32);
}

static void x25519_invalid(void)
{
    uint8_t small[8][32];
    int nimages;
    int nsmall = adv_small_order_u(small, &nimages);
    CHECK(nimages == 4, "Edwards torsion maps to %d distinct u, expected 4", nimages);

    for (int i = 0; i < nsmall; i++)
        for (int top = 0; top < 2; top++)
            for (int rep = 0; rep < 6; rep++) {
                uint8_t s[32], u[32], out[32];
                extreme_or_random_scalar(s, rep);
                memcpy(u, small[i], 32);
                u[31] = (uint8_t)((u[31] & 0x7f) | (top << 7));
                memset(out, 0xaa, sizeof out);
                int rc = vec25519_x25519(out, s, u);
                CHECK(rc == -1, "x25519 small-order u #%d (bit 255 = %d): returned %d", i, top,
                      rc);
                CHECK(all_zero(out, 32), "x25519 small-order u #%d: output not zeroed", i);
                tally("x25519: small-order u (7 values, bit 255 clear/set) -> -1, out zeroed",
                      rc == -1 && all_zero(out, 32));
            }

    /* vec25519_x25519_base cannot fail: clamping leaves a non-zero multiple of 8
     * below ℓ·8, so [s]B is never the identity */
    for (int rep = 0; rep < 8; rep++) {
        uint8_t s[32], out[32], out2[32], nine[32] = {9};
        extreme_or_random_scalar(s, rep);
        memset(out, 0xaa, sizeof out);
        int rc = vec25519_x25519_base(out, s);
        int rc2 = vec25519_x25519(out2, s, nine);
        CHECK(rc == 0 && rc2 == 0, "x25519_base returned %d, x25519(s, 9) %d", rc, rc2);
        CHECK(!all_zero(out, 32), "x25519_base output is zero");
        CHECK_BYTES(out, out2, 32, "x25519_base vs x25519(s, 9)");
        tally("x25519_base: extreme and random scalars -> 0, = x25519(s, 9)",
              rc == 0 && rc2 == 0 && memcmp(out, out2, 32) == 0);
    }
}

/* ---- context lengths -------------------------------------------------------------- */

static void want_rc(const char *name, int rc, int want)
{
    CHECK(rc == want, "%s: returned %d", name, rc);
    tally(name, rc == want);
}

/* want_rc of ed25519ph_verify (F = 1) or ed25519ctx_verify (F = 0) with the context
 * ctx[0..clen), under the name "<function>: what". */
static void want_rc_F(int F, const char *what, const uint8_t sig[64], const uint8_t *m,
                      size_t mlen, const uint8_t *ctx, size_t clen, const uint8_t A[32], int want)
{
    char name[112];
    int rc = F ? vec25519_ed25519ph_verify(sig, m, mlen, ctx, clen, A)
               : vec25519_ed25519ctx_verify(sig, m, mlen, ctx, clen, A);
    snprintf(name, sizeof name, "%s: %s", F ? "ed25519ph_verify" : "ed25519ctx_verify", what);
    want_rc(name, rc, want);
}

static void sign_fails(const char *name, int rc, const uint8_t sig[64])
{
    CHECK(rc == -1, "%s: returned %d", name, rc);
    CHECK(all_zero(sig, 64), "%s: signature not zeroed", name);
    tally(name, rc == -1 && all_zero(sig, 64));
}

static void context_lengths(void)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], msg[48], big[512], pre[34 + 256], ph[64];
    uint8_t a[32], r[32], R[32];
    vec25519_sha512_ctx h;

    test_rng_bytes(seed, sizeof seed);
    test_rng_bytes(msg, sizeof msg);
    test_rng_bytes(big, sizeof big);
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_sha512(ph, msg, sizeof msg);

    /* signing with a bad context length: -1 and sig zeroed */
    memset(sig, 0xaa, 64);
    sign_fails("ed25519ctx_sign: ctxlen 0 -> -1, sig zeroed",
               vec25519_ed25519ctx_sign(sig, msg, sizeof msg, big, 0, sk), sig);
    memset(sig, 0xaa, 64);
    sign_fails("ed25519ctx_sign: ctx NULL, ctxlen 0 -> -1, sig zeroed",
               vec25519_ed25519ctx_sign(sig, msg, sizeof msg, NULL, 0, sk), sig);
    const size_t badlens[] = {256, 257, 511, SIZE_MAX};
    for (size_t i = 0; i < sizeof badlens / sizeof badlens[0]; i++) {
        memset(sig, 0xaa, 64);
        sign_fails("ed25519ctx_sign: ctxlen 256, 257, 511, SIZE_MAX -> -1, sig zeroed",
                   vec25519_ed25519ctx_sign(sig, msg, sizeof msg, big, badlens[i], sk), sig);
        memset(sig, 0xaa, 64);
        sign_fails("ed25519ph_sign: ctxlen 256, 257, 511, SIZE_MAX -> -1, sig zeroed",
                   vec25519_ed25519ph_sign(sig, msg, sizeof msg, big, badlens[i], sk), sig);
        memset(sig, 0xaa, 64);
        sign_fails("ed25519ph_sign_prehashed: ctxlen 256, 257, 511, SIZE_MAX -> -1, sig zeroed",
                   vec25519_ed25519ph_sign_prehashed(sig, ph, big, badlens[i], sk), sig);
    }

    /* Forgeries for bad lengths, valid under the hash a careless implementation
     * would compute:
     *   ctx, ctxlen 0:   dom2(0, 0, "")            (or pure Ed25519, no dom2)
     *   ctxlen 256:      dom2(F, 256 mod 256 = 0, all 256 bytes)
     *                    dom2(F, 255, first 255 bytes) (length clamped)
     * and the control: dom2(F, 255, 255 bytes) with ctxlen 255 is accepted. */
    for (int rep = 0; rep < 4; rep++) {
        size_t plen;
        uint8_t A[32];
        adv_rand_point(a, A, 0);
        adv_rand_point(r, R, 0);

        plen = dom2(pre, 0, 0, NULL, 0);
        make_sig_dom(sig, pre, plen, 0, R, r, A, a, msg, sizeof msg);
        want_rc("ed25519ctx_verify: ctxlen 0, sig valid under dom2(0, empty) -> -1",
                vec25519_ed25519ctx_verify(sig, msg, sizeof msg, big, 0, A), -1);
        want_rc("ed25519ctx_verify: ctx NULL, ctxlen 0, sig valid under dom2(0, empty) -> -1",
                vec25519_ed25519ctx_verify(sig, msg, sizeof msg, NULL, 0, A), -1);
        make_sig_dom(sig, NULL, 0, 0, R, r, A, a, msg, sizeof msg);
        want_rc("ed25519_verify: control for the next line, valid pure Ed25519 sig -> 0",
                vec25519_ed25519_verify(sig, msg, sizeof msg, A), 0);
        want_rc("ed25519ctx_verify: ctxlen 0, valid pure Ed25519 sig -> -1",
                vec25519_ed25519ctx_verify(sig, msg, sizeof msg, NULL, 0, A), -1);

        for (int F = 0; F < 2; F++) {
            int rc3;

            /* control */
            plen = dom2(pre, F, 255, big, 255);
            make_sig_dom(sig, pre, plen, F, R, r, A, a, msg, sizeof msg);
            want_rc_F(F, "control, ctxlen 255, valid -> 0", sig, msg, sizeof msg, big, 255, A, 0);
            /* the clamped-length forgery, presented with ctxlen 256 */
            want_rc_F(F, "ctxlen 256, sig valid under dom2(F, 255, ctx[0..255)) -> -1", sig, msg,
                      sizeof msg, big, 256, A, -1);
            /* the truncated-length-byte forgery */
            plen = dom2(pre, F, 0, big, 256);
            make_sig_dom(sig, pre, plen, F, R, r, A, a, msg, sizeof msg);
            want_rc_F(F, "ctxlen 256, sig valid under dom2(F, 0, ctx[0..256)) -> -1", sig, msg,
                      sizeof msg, big, 256, A, -1);
            if (F) {
                rc3 = vec25519_ed25519ph_verify_prehashed(sig, ph, big, 256, A);
                CHECK(rc3 == -1, "ph_verify_prehashed ctxlen 256: returned %d", rc3);
                tally("ed25519ph_verify_prehashed: ctxlen 256, forged as above -> -1", rc3 == -1);
            }
            want_rc_F(F, "ctxlen SIZE_MAX -> -1", sig, msg, sizeof msg, big, SIZE_MAX, A, -1);
        }
    }

    /* good lengths sign and verify (1 and 255 for ctx; 0, 1, 255 for ph) */
    const size_t goodlens[] = {1, 255};
    for (size_t i = 0; i < 2; i++) {
        memset(sig, 0xaa, 64);
        int rc = vec25519_ed25519ctx_sign(sig, msg, sizeof msg, big, goodlens[i], sk);
        int rv = vec25519_ed25519ctx_verify(sig, msg, sizeof msg, big, goodlens[i], pk);
        CHECK(rc == 0 && rv == 0, "ctx ctxlen %zu: sign %d, verify %d", goodlens[i], rc, rv);
        tally("ed25519ctx sign/verify: ctxlen 1, 255 -> 0", rc == 0 && rv == 0);
    }
    const size_t phlens[] = {0, 1, 255};
    for (size_t i = 0; i < 3; i++) {
        uint8_t sig2[64];
        memset(sig, 0xaa, 64);
        int rc = vec25519_ed25519ph_sign(sig, msg, sizeof msg, phlens[i] ? big : NULL, phlens[i],
                                         sk);
        int rc2 = vec25519_ed25519ph_sign_prehashed(sig2, ph, phlens[i] ? big : NULL, phlens[i],
                                                    sk);
        int rv = vec25519_ed25519ph_verify(sig, msg, sizeof msg, phlens[i] ? big : NULL,
                                           phlens[i], pk);
        int rv2 = vec25519_ed25519ph_verify_prehashed(sig, ph, phlens[i] ? big : NULL, phlens[i],
                                                      pk);
        int ok = rc == 0 && rc2 == 0 && rv == 0 && rv2 == 0 && memcmp(sig, sig2, 64) == 0;
        CHECK(ok, "ph ctxlen %zu: sign %d/%d, verify %d/%d", phlens[i], rc, rc2, rv, rv2);
        tally("ed25519ph sign/verify (and _prehashed): ctxlen 0 (ctx NULL), 1, 255 -> 0", ok);
    }

    /* the prehash of the streaming API is the same */
    vec25519_sha512_init(&h);
    vec25519_sha512_update(&h, msg, 10);
    vec25519_sha512_update(&h, msg + 10, sizeof msg - 10);
    vec25519_sha512_final(&h, pre);
    CHECK_BYTES(pre, ph, 64, "streamed prehash");
}

/* ---- the empty message, msg = NULL ---------------------------------------------------- */

static void empty_message(void)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], sig2[64], buf[1] = {0x55}, ph[64];
    vec_reader vr;
    int found = 0;

    /* RFC 8032 §7.1 TEST 1: the empty message */
    if (vec_open(&vr, "rfc8032/ed25519.txt") == 0) {
        while (vec_next(&vr)) {
            uint8_t want_pk[32], want_sig[64];
            if (vr.nfields < 4 || strcmp(vr.fields[2], "-") != 0) continue;
            CHECK(hex_decode(seed, 32, vr.fields[0]) == 32 &&
                      hex_decode(want_pk, 32, vr.fields[1]) == 32 &&
                      hex_decode(want_sig, 64, vr.fields[3]) == 64,
                  "bad vector line %lu", vr.lineno);
            vec25519_ed25519_keypair(pk, sk, seed);
            CHECK_BYTES(pk, want_pk, 32, "TEST 1 public key");
            memset(sig, 0xaa, 64);
            CHECK(vec25519_ed25519_sign(sig, NULL, 0, sk) == 0, "sign(NULL, 0)");
            int ok = CHECK_BYTES(sig, want_sig, 64, "TEST 1 signature of msg = NULL, len 0");
            int rc = vec25519_ed25519_verify(want_sig, NULL, 0, pk);
            CHECK(rc == 0, "verify(TEST 1 sig, NULL, 0) returned %d", rc);
            tally("ed25519: sign/verify msg = NULL, len 0 (RFC 8032 TEST 1) -> 0", ok && rc == 0);
            want_sig[0] ^= 1;
            rc = vec25519_ed25519_verify(want_sig, NULL, 0, pk);
            CHECK(rc == -1, "verify(mutated TEST 1 sig, NULL, 0) returned %d", rc);
            tally("ed25519: verify msg = NULL, len 0, mutated signature -> -1", rc == -1);
            found++;
        }
        vec_close(&vr);
    }
    CHECK(found == 1, "RFC 8032 TEST 1 not found");

    test_rng_bytes(seed, sizeof seed);
    vec25519_ed25519_keypair(pk, sk, seed);
    vec25519_sha512(ph, NULL, 0);

    CHECK(vec25519_ed25519_sign(sig, NULL, 0, sk) == 0, "sign(NULL, 0)");
    CHECK(vec25519_ed25519_sign(sig2, buf, 0, sk) == 0, "sign(buf, 0)");
    CHECK_BYTES(sig, sig2, 64, "sign(NULL, 0) vs sign(buf, 0)");
    int rc = vec25519_ed25519_verify(sig2, NULL, 0, pk);
    tally("ed25519: random key, msg NULL vs non-NULL, len 0 -> same sig, 0",
          memcmp(sig, sig2, 64) == 0 && rc == 0);
    CHECK(rc == 0, "verify(NULL, 0) returned %d", rc);

    int r1 = vec25519_ed25519ctx_sign(sig, NULL, 0, buf, 1, sk);
    int r2 = vec25519_ed25519ctx_verify(sig, NULL, 0, buf, 1, pk);
    int r3 = vec25519_ed25519ctx_verify(sig, buf, 0, buf, 1, pk);
    CHECK(r1 == 0 && r2 == 0 && r3 == 0, "ctx msg NULL: %d %d %d", r1, r2, r3);
    tally("ed25519ctx: sign/verify msg = NULL, len 0 -> 0", r1 == 0 && r2 == 0 && r3 == 0);

    r1 = vec25519_ed25519ph_sign(sig, NULL, 0, NULL, 0, sk);
    r2 = vec25519_ed25519ph_verify(sig, NULL, 0, NULL, 0, pk);
    r3 = vec25519_ed25519ph_verify_prehashed(sig, ph, NULL, 0, pk);
    CHECK(r1 == 0 && r2 == 0 && r3 == 0, "ph msg NULL: %d %d %d", r1, r2, r3);
    tally("ed25519ph: sign/verify msg = NULL, len 0, ctx = NULL -> 0",
          r1 == 0 && r2 == 0 && r3 == 0);
}

int main(void)
{
    printf("vec25519 backend %s\n", vec25519_backend());
    adv_init(&(adv_hooks){.rng = test_rng_bytes, .k = k_variant, .check = check_hook});
    if (adv_find_torsion(256, NULL) != 0) {
        CHECK(0, "no point of order 8 found");
        return test_done();
    }
    for (int j = 0; j < 8; j++) {
        ge_ext E;
        ge_ext_mul_by_cofactor(&E, &adv_tors[j]);
        CHECK(ct_to_int(ge_ext_is_identity(&E)), "[8]T%d is not the identity", j);
    }
    x25519_invalid();
    for (int v = 0; v < NV; v++) verify_rejections(v);
    context_lengths();
    empty_message();
    printf("Invalid-input classes:\n");
    print_tallies();
    return test_done();
}
