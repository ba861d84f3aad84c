/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The library's cofactorless verifier (src/ed25519/cofactorless.c) against
 * libsodium 1.0.18's crypto_sign_ed25519_verify_detached, on the backend
 * VEC25519_BACKEND selects: valid and mutated signatures, Ed25519ph, the
 * Wycheproof cases, the twelve ed25519-speccheck cases (libsodium accepts
 * case 3 only, as speccheck's table says), and every adversarial class of tests/support/
 * adversarial.c (S ≥ ℓ, non-canonical and small-order A and R, x = 0 with
 * the sign bit, off-curve points, torsion components on A and R with the
 * cofactorless equation made to hold or fail). Each verdict must be
 * libsodium's, and each class's verdict the one its construction implies.
 */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "vec25519.h"

#include "adversarial.h"
#include "ed25519/cofactorless.h"
#include "test.h"

static unsigned long agree, accepted;

static void both(const char *what, int want, const uint8_t sig[64], const uint8_t *m, size_t mlen,
                 const uint8_t pk[32])
{
    int ours = ed25519_verify_cofactorless(sig, m, mlen, pk, 0);
    int theirs = crypto_sign_ed25519_verify_detached(sig, m, mlen, pk);
    CHECK(ours == theirs, "%s: vec25519 %d, libsodium %d", what, ours, theirs);
    if (want != 2) CHECK(ours == (want ? 0 : -1), "%s: verdict %d, want %s", what, ours,
                         want ? "accept" : "reject");
    agree += ours == theirs;
    accepted += ours == 0;
}

static void check_hook(int ok, const char *what)
{
    CHECK(ok, "adversarial: %s", what);
}

static void adv_case(const adv_sig_case *c, void *arg)
{
    char name[96];
    (void)arg;
    if (c->kind == ADV_TORSION) {
        snprintf(name, sizeof name, "torsion A %d R %d %s", c->ja, c->jr,
                 c->hold ? "holds" : "fails");
        both(name, c->hold, c->sig, c->msg, c->mlen, c->pk);
    } else {
        both(adv_kind_name(c->kind), 0, c->sig, c->msg, c->mlen, c->pk);
    }
}

static void wycheproof_case(const void *arg, int i, const uint8_t sig[64], const uint8_t *m,
                            size_t mlen, const uint8_t pk[32])
{
    (void)arg;
    (void)i;
    both("wycheproof", 2, sig, m, mlen, pk);
}

/* Case i of speccheck, in file order. */
static void speccheck_case(const void *arg, int i, const uint8_t sig[64], const uint8_t *m,
                           size_t mlen, const uint8_t pk[32])
{
    (void)arg;
    both(i == 3 ? "speccheck 3" : "speccheck", i == 3, sig, m, mlen, pk);
}

int main(void)
{
    static adv_valid_sig valid[16];
    uint8_t seed[32], pk[32], sk[64], sig[64], msg[256], enc[32];
    int n;

    if (sodium_init() < 0) test_skip("sodium_init failed");

    /* The small-order byte test: exactly libsodium's seven y, either sign:
     * 0, 1, the two of order 8 and p − 1 (canonical encodings of small-order
     * points), then p and p + 1. */
    static const int from_enc[5] = {2, 0, 4, 6, 1};
    uint8_t small_y[7][32];
    for (int i = 0; i < 5; i++) memcpy(small_y[i], test_small_order_enc[from_enc[i]], 32);
    memcpy(small_y[5], small_y[4], 32);
    small_y[5][0] = 0xed;
    memcpy(small_y[6], small_y[4], 32);
    small_y[6][0] = 0xee;
    for (int i = 0; i < 7; i++)
        for (int s = 0; s < 2; s++) {
            memcpy(enc, small_y[i], 32);
            enc[31] |= (uint8_t)(s << 7);
            CHECK(ed25519_sodium_small_order_encoding(enc) == 1, "small y %d sign %d", i, s);
            enc[0] ^= 0x10;
            CHECK(ed25519_sodium_small_order_encoding(enc) == 0, "y %d ^ 0x10 sign %d", i, s);
        }

    /* Valid signatures, then one flipped bit of the signature or the message. */
    for (int i = 0; i < TEST_RANDOM_CASES(200); i++) {
        size_t mlen = (size_t)test_rng_below(sizeof msg + 1);
        test_rng_bytes(seed, 32);
        test_rng_bytes(msg, mlen);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519_sign(sig, msg, mlen, sk) == 0, "sign");
        both("valid", 1, sig, msg, mlen, pk);
        if (i < 16) {
            memcpy(valid[i].sig, sig, 64);
            memcpy(valid[i].pk, pk, 32);
            valid[i].mlen = mlen < sizeof valid[i].msg ? mlen : sizeof valid[i].msg;
            memcpy(valid[i].msg, msg, valid[i].mlen);
            CHECK(vec25519_ed25519_sign(valid[i].sig, valid[i].msg, valid[i].mlen, sk) == 0, "sign");
        }
        unsigned bit = (unsigned)test_rng_below(mlen ? 2 : 1);
        if (bit == 0) {
            sig[test_rng_below(64)] ^= (uint8_t)(1u << test_rng_below(8));
            both("signature bit flipped", 0, sig, msg, mlen, pk);
        } else {
            msg[test_rng_below(mlen)] ^= (uint8_t)(1u << test_rng_below(8));
            both("message bit flipped", 0, sig, msg, mlen, pk);
        }
    }

    /* Ed25519ph with an empty context: libsodium's final_verify is the same rule. */
    for (int i = 0; i < TEST_RANDOM_CASES(50); i++) {
        uint8_t ph[64];
        crypto_sign_state st;
        size_t mlen = (size_t)test_rng_below(sizeof msg + 1);
        test_rng_bytes(seed, 32);
        test_rng_bytes(msg, mlen);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519ph_sign(sig, msg, mlen, NULL, 0, sk) == 0, "ph sign");
        if (i & 1) sig[test_rng_below(64)] ^= 1;
        crypto_hash_sha512(ph, msg, mlen);
        crypto_sign_ed25519ph_init(&st);
        crypto_sign_ed25519ph_update(&st, msg, mlen);
        int theirs = crypto_sign_ed25519ph_final_verify(&st, sig, pk);
        int ours = ed25519_verify_cofactorless(sig, ph, 64, pk, 1);
        CHECK(ours == theirs && ours == ((i & 1) ? -1 : 0), "ph %d: vec25519 %d, libsodium %d", i,
              ours, theirs);
    }

    /* Wycheproof (64-byte signatures; the others cannot be passed to libsodium). */
    n = vec_wycheproof_ed25519_sig64(wycheproof_case, NULL);
    CHECK(n > 100, "wycheproof: %d cases with 64-byte signatures", n);

    /* ed25519-speccheck's twelve cases: libsodium's row of its results table
     * accepts case 3 only; the verifier must say the same (and agree). */
    n = vec_speccheck_ed25519(speccheck_case, NULL);
    CHECK(n == 12, "speccheck: %d cases", n);

    /* The adversarial classes. */
    adv_init(&(adv_hooks){.rng = test_rng_bytes, .check = check_hook});
    CHECK(adv_find_torsion(256, NULL) == 0, "no point of order 8 found");
    adv_check_torsion();
    adv_ed25519_cases(valid, 16, adv_case, NULL);

    printf("cofactorless verification on %s: %lu verdicts identical to libsodium's (%lu accepted)\n",
           vec25519_backend(), agree, accepted);
    return test_done();
}
