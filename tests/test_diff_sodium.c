/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Differential tests against libsodium (1.0.18 on Debian 12).
 *
 * Random inputs (at least 10,000 cases per operation): X25519, X25519 base,
 * Ed25519 keypair from seed, signing (identical signatures), verification of
 * each other's signatures, and one-bit mutations that both must reject.
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
#include "test.h"
#include "verdicts.h"

#ifndef HAVE_SODIUM
int main(void)
{
    test_skip("libsodium not found");
}
#else

#include <sodium.h>

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "vec25519.h"

#define N_RANDOM 10000

static const uint8_t zero32[32];

static int sodium_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    return crypto_sign_verify_detached(sig, m, (unsigned long long)mlen, pk) == 0;
}

/* ---- adversarial inputs (support/adversarial.c) ------------------------------ */

static void check_hook(int ok, const char *what)
{
    CHECK(ok, "%s", what);
}

/* Structural checks of the computed torsion points, and libsodium's view. */
static void check_torsion(void)
{
    adv_check_torsion();
    for (int j = 0; j < 8; j++)
        CHECK(crypto_core_ed25519_is_valid_point(adv_tors_enc[j]) == 0,
              "libsodium calls small-order point T%d valid", j);
}

/* ---- random cases --------------------------------------------------------------- */

static adv_valid_sig saved[64];

static void random_ed25519(void)
{
    unsigned long kp = 0, sg = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t seed[32], pk1[32], sk1[64], pk2[32], sk2[64], msg[300], sig1[64], sig2[64];
        unsigned long long siglen = 0;
        size_t mlen = (size_t)test_rng_below(301);
        test_rng_bytes(seed, sizeof seed);
        test_rng_bytes(msg, mlen);

        vec25519_ed25519_keypair(pk1, sk1, seed);
        crypto_sign_seed_keypair(pk2, sk2, seed);
        int same_pk = CHECK_BYTES(pk1, pk2, 32, "keypair: public key");
        int same_sk = CHECK_BYTES(sk1, sk2, 64, "keypair: secret key");
        kp += (unsigned long)(same_pk && same_sk);

        CHECK(vec25519_ed25519_sign(sig1, msg, mlen, sk1) == 0, "sign");
        crypto_sign_detached(sig2, &siglen, msg, (unsigned long long)mlen, sk2);
        CHECK(siglen == 64, "libsodium signature length %llu", siglen);
        sg += (unsigned long)CHECK_BYTES(sig1, sig2, 64, "signature");

        /* each library verifies the other's signature */
        int ours = vec25519_ed25519_verify(sig2, msg, mlen, pk2) == 0;
        int peer = crypto_sign_verify_detached(sig1, msg, (unsigned long long)mlen, pk1) == 0;
        verdict_count("random valid signature, verified by the other library", 1, 1, ours, peer);
        CHECK(ours, "vec25519 rejects libsodium's signature (case %d)", i);
        CHECK(peer, "libsodium rejects vec25519's signature (case %d)", i);

        if (i < 64) {
            memcpy(saved[i].sig, sig1, 64);
            memcpy(saved[i].pk, pk1, 32);
            memcpy(saved[i].msg, msg, mlen);
            saved[i].mlen = mlen;
        }

        /* one random bit flipped in sig, msg or pk: both reject */
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
    printf("Ed25519 keypair from seed: %d cases, %lu identical (pk and sk)\n", N_RANDOM, kp);
    printf("Ed25519 sign, messages of 0..300 bytes: %d cases, %lu identical signatures\n", N_RANDOM,
           sg);
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

static void random_x25519(void)
{
    unsigned long same = 0, top = 0, fails = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t s[32], u[32], o1[32], o2[32];
        test_rng_bytes(s, sizeof s);
        test_rng_bytes(u, sizeof u); /* bit 255 random: ignored by both */
        top += u[31] >> 7;
        int r1 = vec25519_x25519(o1, s, u);
        int r2 = crypto_scalarmult_curve25519(o2, s, u);
        CHECK(r1 == r2, "X25519 return codes differ: vec25519 %d, libsodium %d", r1, r2);
        if (r1 == 0 && r2 == 0)
            same += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 output");
        else
            fails++;
    }
    printf("X25519 random scalar x random u: %d cases (%lu with bit 255 set), %lu identical, %lu "
           "failed in both\n",
           N_RANDOM, top, same, fails);

    same = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t s[32], o1[32], o2[32];
        test_rng_bytes(s, sizeof s);
        int r1 = vec25519_x25519_base(o1, s);
        int r2 = crypto_scalarmult_curve25519_base(o2, s);
        CHECK(r1 == 0 && r2 == 0, "X25519 base failed: vec25519 %d, libsodium %d", r1, r2);
        same += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 base output");
    }
    printf("X25519 base: %d cases, %lu identical\n", N_RANDOM, same);
}

/* ---- adversarial X25519 --------------------------------------------------------- */

static void adversarial_x25519(void)
{
    /* Small-order u: images of the Edwards torsion points (u = 0, 1 and the two
     * order-8 u), u = −1 (the twist's point of order 4: v² = −1 + 486662 − 1
     * is a non-square), and the non-canonical p ≡ 0 and p + 1 ≡ 1. */
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
                int r2 = crypto_scalarmult_curve25519(o2, s, u);
                int good = r1 == -1 && r2 == -1 && memcmp(o1, zero32, 32) == 0;
                CHECK(r1 == -1, "X25519 small-order u #%d: vec25519 returns %d", i, r1);
                CHECK(r2 == -1, "X25519 small-order u #%d: libsodium returns %d", i, r2);
                CHECK(memcmp(o1, zero32, 32) == 0, "X25519 small-order u #%d: output not zeroed",
                      i);
                n++;
                ok += (unsigned long)good;
            }
    printf("X25519 small-order u (%d values, each with and without bit 255): %lu cases, both "
           "return -1 in %lu\n",
           nsmall, n, ok);

    /* u = p + t, t < 19 (non-canonical), with and without bit 255 */
    n = ok = 0;
    for (int t = 0; t < 19; t++)
        for (int top = 0; top < 2; top++)
            for (int rep = 0; rep < 4; rep++) {
                uint8_t s[32], u[32], o1[32], o2[32];
                test_rng_bytes(s, sizeof s);
                adv_noncanon(u, t, top);
                int r1 = vec25519_x25519(o1, s, u);
                int r2 = crypto_scalarmult_curve25519(o2, s, u);
                CHECK(r1 == r2, "X25519 u = p + %d: return codes %d vs %d", t, r1, r2);
                CHECK(r1 == (t <= 1 ? -1 : 0), "X25519 u = p + %d: vec25519 returns %d", t, r1);
                if (r1 == 0 && r2 == 0)
                    ok += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 non-canonical u");
                else
                    ok += (unsigned long)(r1 == r2);
                n++;
            }
    printf("X25519 u = p + t (t < 19, with and without bit 255): %lu cases, %lu identical "
           "(outputs and return codes)\n",
           n, ok);
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
    if (sodium_init() < 0) test_skip("sodium_init failed");
    printf("vec25519 backend %s, libsodium %s\n", vec25519_backend(), sodium_version_string());
    adv_init(&(adv_hooks){.rng = test_rng_bytes, .k = NULL, .check = check_hook});
    verdicts_init("libsodium", sodium_verify);
    if (adv_find_torsion(256, NULL) != 0) {
        CHECK(0, "no point of order 8 found");
        return test_done();
    }
    check_torsion();

    random_x25519();
    adversarial_x25519();
    random_ed25519();
    random_ed25519ph();
    adv_ed25519_cases(saved, 64, ed25519_case, NULL);
    verdicts_print("Ed25519 verification classes (vec25519 = cofactored policy, libsodium 1.0.18 = "
                   "cofactorless):",
                   "differ as documented: cofactored vs cofactorless equation");
    return test_done();
}
#endif
