/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Differential tests against OpenSSL 3.0 (libcrypto, EVP API).
 *
 * The comparisons are the differential driver's (tests/support/diff.c): this
 * file is OpenSSL's row of its table, with the verdicts OpenSSL is expected
 * to give. Random inputs (3,010 cases per operation and run: every message
 * length 0..300 ten times; tests/support/diff.c says why): X25519
 * derive, X25519 public key from private key, Ed25519 public key from a raw
 * private key, signing (EVP_DigestSign with no digest: identical
 * signatures), verification of each other's signatures, and one-bit
 * mutations.
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
#include "diff.h"
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

#include "scalar/sc.h"

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
                                     const uint8_t sk[64], const uint8_t *m, size_t mlen)
{
    int rc = -1;
    (void)sk; /* OpenSSL keeps no expanded secret key to compare */
    size_t len = 32, slen = 64;
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (key && md && EVP_PKEY_get_raw_public_key(key, pk, &len) == 1 && len == 32 &&
        EVP_DigestSignInit(md, NULL, NULL, NULL, key) == 1 &&
        EVP_DigestSign(md, sig, &slen, m, mlen) == 1 && slen == 64)
        rc = 1;
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

static void print_refused(void)
{
    printf("OpenSSL refused %lu Ed25519 public keys at import (counted as rejections)\n",
           ossl_key_refused);
}

int main(void)
{
    const diff_peer openssl = {
        .name = "OpenSSL",
        .version = OpenSSL_version(OPENSSL_VERSION),
        .x25519 = ossl_x25519,
        .x25519_base = ossl_x25519_public,
        .ed25519_keypair_sign = ossl_ed25519_keypair_sign,
        .keypair_label = "Ed25519 public key from raw private key",
        .ed25519_verify = ossl_ed25519_verify,
        .hash_k = hash_k,
        .ed25519_case = ed25519_case,
        .classes_title = "Ed25519 verification classes (vec25519 = strict cofactored policy, "
                         "OpenSSL 3.0 = cofactorless, no small-order checks):",
        .differ_note = "differ: see the header of this file",
        .finish = print_refused,
    };
    return diff_run(&openssl);
}
#endif
