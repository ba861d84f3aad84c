/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Differential tests against libsodium (1.0.18 on Debian 12).
 *
 * The comparisons are the differential driver's (tests/support/diff.c): this
 * file is libsodium's row of its table, with the verdicts libsodium is
 * expected to give and two extras: libsodium's view of the torsion points and
 * Ed25519ph both ways. Random inputs (3,010 cases per operation and run: every
 * message length 0..300 ten times; tests/support/diff.c says why):
 * X25519, X25519 base, Ed25519 keypair from seed, signing (identical
 * signatures, identical secret keys), verification of each other's
 * signatures, and one-bit mutations that both must reject.
 *
 * Adversarial Ed25519 inputs, built by tests/support/adversarial.c with the
 * internal group API, each with the verdict expected from each library. The policy is the one in
 * include/vec25519/ed25519.h; libsodium 1.0.18 verifies
 *   S < ℓ; R not one of its small-order encodings (sign bit ignored);
 *   A canonical (y < p) and not small order; [S]B − [k]A encoded == R bytes
 * i.e. the same checks with the cofactorless equation. So the two differ only
 * on (A, R) with torsion components, where the cofactored equation holds and
 * the cofactorless one holds iff T_R + [k]T_A = 0. Every other class must get
 * the same verdict from both.
 *
 * The eight small-order points are computed, not copied: T8 = [ℓ]P for a
 * random curve point P whose [ℓ]P has order 8, and the torsion subgroup is
 * {[j]T8 : j = 0..7}, where [j]T8 has order 8 / gcd(j, 8).
 */
#include <stdio.h>
#include <string.h>

#include "adversarial.h"
#include "diff.h"
#include "test.h"
#include "verdicts.h"

#ifndef HAVE_SODIUM
int main(void)
{
    test_skip("libsodium not found");
}
#else

#include <sodium.h>

#include "scalar/sc.h"
#include "vec25519.h"

static int sodium_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    return crypto_sign_verify_detached(sig, m, (unsigned long long)mlen, pk) == 0;
}

/* ---- adversarial inputs (support/adversarial.c) ------------------------------ */

static int sodium_x25519(uint8_t out[32], const uint8_t sk[32], const uint8_t pk[32])
{
    return crypto_scalarmult_curve25519(out, sk, pk);
}

static int sodium_x25519_base(uint8_t pk[32], const uint8_t sk[32])
{
    return crypto_scalarmult_curve25519_base(pk, sk);
}

/* libsodium's key pair from seed, its secret key compared with ours, and its signature. */
static int sodium_keypair_sign(uint8_t pk[32], uint8_t sig[64], const uint8_t seed[32],
                               const uint8_t sk1[64], const uint8_t *m, size_t mlen)
{
    uint8_t sk2[64];
    unsigned long long siglen = 0;
    crypto_sign_seed_keypair(pk, sk2, seed);
    int same_sk = CHECK_BYTES(sk1, sk2, 64, "keypair: secret key");
    crypto_sign_detached(sig, &siglen, m, (unsigned long long)mlen, sk2);
    CHECK(siglen == 64, "libsodium signature length %llu", siglen);
    return same_sk;
}

/* libsodium's view of the computed torsion points. */
static void check_torsion(void)
{
    for (int j = 0; j < 8; j++)
        CHECK(crypto_core_ed25519_is_valid_point(adv_tors_enc[j]) == 0,
              "libsodium calls small-order point T%d valid", j);
}

static void random_ed25519ph(void)
{
    const int n = 1000;
    unsigned long same = 0;
    for (int i = 0; i < n; i++) {
        uint8_t seed[32], pk[32], sk[64], msg[300], sig1[64], sig2[64];
        size_t mlen = (size_t)test_rng_below(301);
        crypto_sign_ed25519ph_state st;
        test_rng_bytes(seed, sizeof seed);
        test_rng_bytes(msg, mlen);
        vec25519_ed25519_keypair(pk, sk, seed);
        CHECK(vec25519_ed25519ph_sign(sig1, msg, mlen, NULL, 0, sk) == 0, "ph sign failed");
        crypto_sign_ed25519ph_init(&st);
        crypto_sign_ed25519ph_update(&st, msg, (unsigned long long)mlen);
        crypto_sign_ed25519ph_final_create(&st, sig2, NULL, sk);
        same += (unsigned long)CHECK_BYTES(sig1, sig2, 64, "Ed25519ph signature (empty context)");
        CHECK(vec25519_ed25519ph_verify(sig2, msg, mlen, NULL, 0, pk) == 0,
              "vec25519 rejects libsodium's Ed25519ph signature");
        crypto_sign_ed25519ph_init(&st);
        crypto_sign_ed25519ph_update(&st, msg, (unsigned long long)mlen);
        CHECK(crypto_sign_ed25519ph_final_verify(&st, sig1, pk) == 0,
              "libsodium rejects vec25519's Ed25519ph signature");
    }
    printf("Ed25519ph (empty context) sign and verify both ways: %d cases, %lu identical\n", n,
           same);
}

/* ---- adversarial Ed25519 --------------------------------------------------------- */

/* The class and the expected verdicts (vec25519, libsodium) of each case. */
static void ed25519_case(const adv_sig_case *c, void *arg)
{
    char name[112];
    (void)arg;
    if (c->kind == ADV_A_OFF_CURVE && c->sign == 0)
        CHECK(crypto_core_ed25519_is_valid_point(c->pk) == 0, "libsodium: off-curve y is valid");
    if (c->kind != ADV_TORSION) {
        /* every class but torsion components: both reject */
        verdict_case(adv_kind_name(c->kind), 0, 0, c->sig, c->msg, c->mlen, c->pk);
        return;
    }
    /* Torsion components: the cofactored equation holds (vec25519 accepts);
     * libsodium's cofactorless one iff T_R + [k]T_A = 0. */
    snprintf(name, sizeof name, "torsion: A ord %d, R ord %d, cofactorless %s",
             adv_tors_order(c->ja), adv_tors_order(c->jr), c->hold ? "holds" : "fails");
    verdict_case(name, 1, c->hold, c->sig, c->msg, c->mlen, c->pk);
}

int main(void)
{
    static char version[64];
    if (sodium_init() < 0) test_skip("sodium_init failed");
    snprintf(version, sizeof version, "libsodium %s", sodium_version_string());
    const diff_peer sodium = {
        .name = "libsodium",
        .version = version,
        .x25519 = sodium_x25519,
        .x25519_base = sodium_x25519_base,
        .ed25519_keypair_sign = sodium_keypair_sign,
        .keypair_label = "Ed25519 keypair from seed (pk and sk)",
        .ed25519_verify = sodium_verify,
        .hash_k = NULL, /* the library core through tests/support/challenge.h */
        .ed25519_case = ed25519_case,
        .classes_title = "Ed25519 verification classes (vec25519 = cofactored policy, "
                         "libsodium 1.0.18 = cofactorless):",
        .differ_note = "differ as documented: cofactored vs cofactorless equation",
        .torsion = check_torsion,
        .extra = random_ed25519ph,
    };
    return diff_run(&sodium);
}
#endif
