/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Differential tests against OpenSSL 3.0 (libcrypto, EVP API).
 *
 * Random inputs (at least 10,000 cases per operation): X25519 derive, X25519
 * public key from private key, Ed25519 public key from a raw private key,
 * signing (EVP_DigestSign with no digest: identical signatures),
 * verification of each other's signatures, and one-bit mutations.
 *
 * Adversarial Ed25519 inputs, built by tests/support/adversarial.c with the
 * internal group API, each with the verdict expected from each library. vec25519 follows the policy in
 * include/vec25519/ed25519.h. OpenSSL 3.0's ossl_ed25519_verify checks
 *   S < ℓ; decodes A with y taken mod p (bit 255 is the sign of x, x = 0
 *   with the sign bit accepted); no small-order check on A or R;
 *   [S]B − [k]A encoded canonically == R bytes (cofactorless),
 * so — as measured by this test and asserted below — OpenSSL, unlike
 * vec25519,
 *   (1) accepts small-order public keys, in any of their encodings
 *       (canonical, y + p, x = 0 with the sign bit), whenever [k]A = 0;
 *   (2) accepts R = identity (01 00 … 00) with S = k·a: a small-order R on
 *       which the cofactorless equation holds;
 *   (3) rejects (A, R) with torsion components when T_R + [k]T_A ≠ 0
 *       (cofactorless vs cofactored equation), accepts them when it is 0.
 * (3) and, for canonical encodings, (1) are stated in ed25519.h. Not stated
 * there: (1) for the non-canonical encodings of small-order keys, and (2),
 * which is about R rather than the key. Every other class must get the same
 * verdict from both.
 *
 * OpenSSL refuses an all-zero X25519 shared secret (EVP_PKEY_derive fails);
 * vec25519_x25519 returns -1 with the output zeroed on the same inputs.
 */
#include <stdio.h>
#include <string.h>

#include "adversarial.h"
#include "test.h"
#include "verdicts.h"

#ifndef HAVE_OPENSSL
int main(void)
{
    test_skip("OpenSSL (libcrypto) not found");
}
#else

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "vec25519.h"

#define N_RANDOM 10000

static const uint8_t zero32[32];

/* ---- OpenSSL wrappers -------------------------------------------------------- */

/* 0: out = X25519(sk, pk); -1: EVP_PKEY_derive refused (all-zero secret);
 * -2: OpenSSL refused a key at import or context set-up. */
static int ossl_x25519(uint8_t out[32], const uint8_t sk[32], const uint8_t pk[32])
{
    int rc = -2;
    size_t len = 32;
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
    EVP_PKEY *peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, pk, 32);
    EVP_PKEY_CTX *ctx = priv ? EVP_PKEY_CTX_new(priv, NULL) : NULL;
    /* validate_peer = 0: the raw X25519 function, as vec25519_x25519 is */
    if (ctx && peer && EVP_PKEY_derive_init(ctx) == 1 &&
        EVP_PKEY_derive_set_peer_ex(ctx, peer, 0) == 1)
        rc = (EVP_PKEY_derive(ctx, out, &len) == 1 && len == 32) ? 0 : -1;
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(priv);
    ERR_clear_error();
    return rc;
}

static int ossl_x25519_public(uint8_t pk[32], const uint8_t sk[32])
{
    size_t len = 32;
    EVP_PKEY *priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, sk, 32);
    int rc = priv && EVP_PKEY_get_raw_public_key(priv, pk, &len) == 1 && len == 32 ? 0 : -1;
    EVP_PKEY_free(priv);
    ERR_clear_error();
    return rc;
}

/* Ed25519 public key and signature from the raw private key (the seed). */
static int ossl_ed25519_keypair_sign(uint8_t pk[32], uint8_t sig[64], const uint8_t seed[32],
                                     const uint8_t *m, size_t mlen)
{
    int rc = -1;
    size_t len = 32, slen = 64;
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (key && md && EVP_PKEY_get_raw_public_key(key, pk, &len) == 1 && len == 32 &&
        EVP_DigestSignInit(md, NULL, NULL, NULL, key) == 1 &&
        EVP_DigestSign(md, sig, &slen, m, mlen) == 1 && slen == 64)
        rc = 0;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return rc;
}

static unsigned long ossl_key_refused;

/* 1 if OpenSSL accepts, 0 if it rejects (or refuses the key at import). */
static int ossl_ed25519_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen,
                               const uint8_t pk[32])
{
    int ok = 0;
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pk, 32);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (!key) ossl_key_refused++;
    if (key && md && EVP_DigestVerifyInit(md, NULL, NULL, NULL, key) == 1)
        ok = EVP_DigestVerify(md, sig, 64, m, mlen) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(key);
    ERR_clear_error();
    return ok;
}

/* ---- adversarial inputs (support/adversarial.c) ------------------------------ */

static void check_hook(int ok, const char *what)
{
    CHECK(ok, "%s", what);
}

/* k = SHA-512(R ‖ A ‖ m) mod ℓ, hashed with OpenSSL. */
static void hash_k(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *m,
                   size_t mlen)
{
    uint8_t h[64];
    unsigned int hl = 0;
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = md && EVP_DigestInit_ex(md, EVP_sha512(), NULL) == 1 &&
             EVP_DigestUpdate(md, R, 32) == 1 && EVP_DigestUpdate(md, A, 32) == 1 &&
             EVP_DigestUpdate(md, m, mlen) == 1 && EVP_DigestFinal_ex(md, h, &hl) == 1 && hl == 64;
    EVP_MD_CTX_free(md);
    CHECK(ok, "OpenSSL SHA-512 failed");
    if (!ok) memset(h, 0, sizeof h);
    sc_reduce64(k, h);
}

/* ---- random cases --------------------------------------------------------------- */

static adv_valid_sig saved[64];

static void random_ed25519(void)
{
    unsigned long kp = 0, sg = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t seed[32], pk1[32], sk1[64], pk2[32], msg[300], sig1[64], sig2[64];
        size_t mlen = (size_t)test_rng_below(301);
        test_rng_bytes(seed, sizeof seed);
        test_rng_bytes(msg, mlen);

        vec25519_ed25519_keypair(pk1, sk1, seed);
        CHECK(vec25519_ed25519_sign(sig1, msg, mlen, sk1) == 0, "sign");
        if (ossl_ed25519_keypair_sign(pk2, sig2, seed, msg, mlen) != 0) {
            CHECK(0, "OpenSSL Ed25519 keypair/sign failed");
            continue;
        }
        kp += (unsigned long)CHECK_BYTES(pk1, pk2, 32, "Ed25519 public key");
        sg += (unsigned long)CHECK_BYTES(sig1, sig2, 64, "Ed25519 signature");

        int ours = vec25519_ed25519_verify(sig2, msg, mlen, pk2) == 0;
        int peer = ossl_ed25519_verify(sig1, msg, mlen, pk1);
        verdict_count("random valid signature, verified by the other library", 1, 1, ours, peer);
        CHECK(ours, "vec25519 rejects OpenSSL's signature (case %d)", i);
        CHECK(peer, "OpenSSL rejects vec25519's signature (case %d)", i);

        if (i < 64) {
            memcpy(saved[i].sig, sig1, 64);
            memcpy(saved[i].pk, pk1, 32);
            memcpy(saved[i].msg, msg, mlen);
            saved[i].mlen = mlen;
        }

        int what = (int)test_rng_below(mlen ? 3 : 2);
        if (what == 0) {
            sig1[test_rng_below(64)] ^= (uint8_t)(1u << test_rng_below(8));
            verdict_case("random 1-bit mutation of the signature", 0, 0, sig1, msg, mlen, pk1);
        } else if (what == 1) {
            pk1[test_rng_below(32)] ^= (uint8_t)(1u << test_rng_below(8));
            verdict_case("random 1-bit mutation of the public key", 0, 0, sig1, msg, mlen, pk1);
        } else {
            msg[test_rng_below(mlen)] ^= (uint8_t)(1u << test_rng_below(8));
            verdict_case("random 1-bit mutation of the message", 0, 0, sig1, msg, mlen, pk1);
        }
    }
    printf("Ed25519 public key from raw private key: %d cases, %lu identical\n", N_RANDOM, kp);
    printf("Ed25519 sign, messages of 0..300 bytes: %d cases, %lu identical signatures\n", N_RANDOM,
           sg);
}

static void random_x25519(void)
{
    unsigned long same = 0, top = 0, fails = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t s[32], u[32], o1[32], o2[32];
        test_rng_bytes(s, sizeof s);
        test_rng_bytes(u, sizeof u);
        top += u[31] >> 7;
        int r1 = vec25519_x25519(o1, s, u);
        int r2 = ossl_x25519(o2, s, u);
        CHECK(r1 == r2, "X25519 results differ: vec25519 %d, OpenSSL %d", r1, r2);
        if (r1 == 0 && r2 == 0)
            same += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 output");
        else
            fails++;
    }
    printf("X25519 derive, random scalar x random u: %d cases (%lu with bit 255 set), %lu "
           "identical, %lu failed in both\n",
           N_RANDOM, top, same, fails);

    same = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t s[32], o1[32], o2[32];
        test_rng_bytes(s, sizeof s);
        int r1 = vec25519_x25519_base(o1, s);
        int r2 = ossl_x25519_public(o2, s);
        CHECK(r1 == 0 && r2 == 0, "X25519 public key: vec25519 %d, OpenSSL %d", r1, r2);
        same += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 public key");
    }
    printf("X25519 public key from private key: %d cases, %lu identical\n", N_RANDOM, same);
}

static void adversarial_x25519(void)
{
    /* small-order u: the Edwards torsion mapped to u (0, 1, two of order 8),
     * u = −1 (order 4 on the twist), p and p + 1 */
    uint8_t small[8][32];
    int nimages;
    int nsmall = adv_small_order_u(small, &nimages);
    CHECK(nimages == 4, "Edwards torsion maps to %d distinct u, expected 4", nimages);

    unsigned long n = 0, ok = 0;
    for (int i = 0; i < nsmall; i++)
        for (int top = 0; top < 2; top++)
            for (int rep = 0; rep < 4; rep++) {
                uint8_t s[32], u[32], o1[32], o2[32];
                test_rng_bytes(s, sizeof s);
                memcpy(u, small[i], 32);
                u[31] = (uint8_t)((u[31] & 0x7f) | (top << 7));
                memset(o1, 0xaa, sizeof o1);
                int r1 = vec25519_x25519(o1, s, u);
                int r2 = ossl_x25519(o2, s, u);
                CHECK(r1 == -1, "X25519 small-order u #%d: vec25519 returns %d", i, r1);
                CHECK(r2 == -1, "X25519 small-order u #%d: OpenSSL returns %d (-1 = derive refused)",
                      i, r2);
                CHECK(memcmp(o1, zero32, 32) == 0, "X25519 small-order u #%d: output not zeroed",
                      i);
                n++;
                ok += (unsigned long)(r1 == -1 && r2 == -1 && memcmp(o1, zero32, 32) == 0);
            }
    printf("X25519 small-order u (%d values, each with and without bit 255): %lu cases, vec25519 "
           "-1 and OpenSSL derive refused in %lu\n",
           nsmall, n, ok);

    n = ok = 0;
    for (int t = 0; t < 19; t++)
        for (int top = 0; top < 2; top++)
            for (int rep = 0; rep < 4; rep++) {
                uint8_t s[32], u[32], o1[32], o2[32];
                test_rng_bytes(s, sizeof s);
                adv_noncanon(u, t, top);
                int r1 = vec25519_x25519(o1, s, u);
                int r2 = ossl_x25519(o2, s, u);
                CHECK(r1 == r2, "X25519 u = p + %d: results %d vs %d", t, r1, r2);
                CHECK(r1 == (t <= 1 ? -1 : 0), "X25519 u = p + %d: vec25519 returns %d", t, r1);
                if (r1 == 0 && r2 == 0)
                    ok += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 non-canonical u");
                else
                    ok += (unsigned long)(r1 == r2);
                n++;
            }
    printf("X25519 u = p + t (t < 19, with and without bit 255): %lu cases, %lu identical\n", n,
           ok);
}

/* ---- adversarial Ed25519 --------------------------------------------------------- */

/* The class and the expected verdicts (vec25519, OpenSSL) of each case. */
static void ed25519_case(const adv_sig_case *c, void *arg)
{
    char name[112];
    (void)arg;
    switch (c->kind) {
    case ADV_A_NONCANON_SMALL: /* finding 1: OpenSSL takes y mod p and accepts */
    case ADV_A_SMALL_K0:       /* finding 1: small-order keys, [k]A = 0 */
        verdict_case(adv_kind_name(c->kind), 0, 1, c->sig, c->msg, c->mlen, c->pk);
        break;
    case ADV_A_X0_SIGN: /* finding 1: x = 0 with the sign bit decodes */
        verdict_case("A with x = 0 and the sign bit set (y = 1, y = -1), k = 0 mod 8", 0, 1, c->sig,
              c->msg, c->mlen, c->pk);
        break;
    case ADV_A_SMALL_KODD:
        verdict_case(c->j == 0 ? "small-order A = identity, k odd: both equations hold"
                        : "small-order A of order 2, 4, 8, k odd: only cofactored holds",
              0, c->j == 0, c->sig, c->msg, c->mlen, c->pk);
        break;
    case ADV_R_SMALL: /* finding 2: R = identity with S = k·a */
        verdict_case(c->j == 0 ? "small-order R = identity, S = k*a: both equations hold"
                        : "small-order R of order 2, 4, 8, S = k*a: only cofactored holds",
              0, c->j == 0, c->sig, c->msg, c->mlen, c->pk);
        break;
    case ADV_TORSION: /* finding 3: cofactorless holds iff (jR + k·jA) ≡ 0 (mod 8) */
        snprintf(name, sizeof name, "torsion: A ord %d, R ord %d, cofactorless %s",
                 adv_tors_order(c->ja), adv_tors_order(c->jr), c->hold ? "holds" : "fails");
        verdict_case(name, 1, c->hold, c->sig, c->msg, c->mlen, c->pk);
        break;
    default: /* non-canonical R (OpenSSL compares R's bytes), S >= l, off-curve */
        verdict_case(adv_kind_name(c->kind), 0, 0, c->sig, c->msg, c->mlen, c->pk);
        break;
    }
}

int main(void)
{
    printf("vec25519 backend %s, %s\n", vec25519_backend(), OpenSSL_version(OPENSSL_VERSION));
    adv_init(&(adv_hooks){.rng = test_rng_bytes, .k = hash_k, .check = check_hook});
    verdicts_init("OpenSSL", ossl_ed25519_verify);
    if (adv_find_torsion(256, NULL) != 0) {
        CHECK(0, "no point of order 8 found");
        return test_done();
    }
    adv_check_torsion();

    random_x25519();
    adversarial_x25519();
    random_ed25519();
    adv_ed25519_cases(saved, 64, ed25519_case, NULL);
    verdicts_print("Ed25519 verification classes (vec25519 = strict cofactored policy, OpenSSL 3.0 = "
                   "cofactorless, no small-order checks):",
                   "differ: see the header of this file");
    printf("OpenSSL refused %lu Ed25519 public keys at import (counted as rejections)\n",
           ossl_key_refused);
    return test_done();
}
#endif
