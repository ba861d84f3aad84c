/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* The differential driver (diff.h). */
#include "diff.h"

#include <stdio.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

/*
 * Random cases of each comparison: every Ed25519 message length 0..300 ten
 * times (mlen = i mod 301, a fresh random key and message each time), and
 * as many random X25519 scalars and u. What they prove is agreement on the
 * ordinary paths, whose inputs are uniform: the inputs on which the
 * libraries could differ are not left to chance but enumerated below
 * (small-order and non-canonical u, every adversarial signature class). A
 * difference on one input in a thousand is met with probability 1 - e^-3 in
 * each run, and each run of the suite has 6 per peer (2 serial fields x 3
 * backends) with fresh seeds (VEC25519_TEST_SEED); a rarer one was no more
 * reliably met by the 10,000 cases this once had.
 */
#define N_MSG_LENS 301
#define N_RANDOM TEST_RANDOM_CASES(10 * N_MSG_LENS) /* under an emulator: every length once */

static const uint8_t zero32[32];
static const diff_peer *P;

static void check_hook(int ok, const char *what)
{
    CHECK(ok, "%s", what);
}

/* ---- random cases --------------------------------------------------------------- */

static adv_valid_sig saved[64];

static void random_ed25519(void)
{
    unsigned long kp = 0, sg = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t seed[32], pk1[32], sk1[64], pk2[32], msg[300], sig1[64], sig2[64];
        size_t mlen = (size_t)(i % N_MSG_LENS);
        test_rng_bytes(seed, sizeof seed);
        test_rng_bytes(msg, mlen);

        vec25519_ed25519_keypair(pk1, sk1, seed);
        CHECK(vec25519_ed25519_sign(sig1, msg, mlen, sk1) == 0, "sign");
        int peer_ok = P->ed25519_keypair_sign(pk2, sig2, seed, sk1, msg, mlen);
        if (peer_ok < 0) {
            CHECK(0, "%s Ed25519 keypair/sign failed", P->name);
            continue;
        }
        int same_pk = CHECK_BYTES(pk1, pk2, 32, "Ed25519 public key");
        kp += (unsigned long)(same_pk && peer_ok);
        sg += (unsigned long)CHECK_BYTES(sig1, sig2, 64, "Ed25519 signature");

        /* each library verifies the other's signature */
        int ours = vec25519_ed25519_verify(sig2, msg, mlen, pk2) == 0;
        int peer = P->ed25519_verify(sig1, msg, mlen, pk1);
        verdict_count("random valid signature, verified by the other library", 1, 1, ours, peer);
        CHECK(ours, "vec25519 rejects %s's signature (case %d)", P->name, i);
        CHECK(peer, "%s rejects vec25519's signature (case %d)", P->name, i);

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
    printf("%s: %d cases, %lu identical\n", P->keypair_label, N_RANDOM, kp);
    printf("Ed25519 sign, messages of 0..300 bytes: %d cases, %lu identical signatures\n", N_RANDOM,
           sg);
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
        int r2 = P->x25519(o2, s, u);
        CHECK(r1 == r2, "X25519 results differ: vec25519 %d, %s %d", r1, P->name, r2);
        if (r1 == 0 && r2 == 0)
            same += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 output");
        else
            fails++;
    }
    printf("X25519, random scalar x random u: %d cases (%lu with bit 255 set), %lu identical, %lu "
           "failed in both\n",
           N_RANDOM, top, same, fails);

    same = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        uint8_t s[32], o1[32], o2[32];
        test_rng_bytes(s, sizeof s);
        int r1 = vec25519_x25519_base(o1, s);
        int r2 = P->x25519_base(o2, s);
        CHECK(r1 == 0 && r2 == 0, "X25519 base: vec25519 %d, %s %d", r1, P->name, r2);
        same += (unsigned long)CHECK_BYTES(o1, o2, 32, "X25519 base output");
    }
    printf("X25519 base (public key from private key): %d cases, %lu identical\n", N_RANDOM, same);
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
                int r2 = P->x25519(o2, s, u);
                CHECK(r1 == -1, "X25519 small-order u #%d: vec25519 returns %d", i, r1);
                CHECK(r2 == -1, "X25519 small-order u #%d: %s returns %d", i, P->name, r2);
                CHECK(memcmp(o1, zero32, 32) == 0, "X25519 small-order u #%d: output not zeroed",
                      i);
                n++;
                ok += (unsigned long)(r1 == -1 && r2 == -1 && memcmp(o1, zero32, 32) == 0);
            }
    printf("X25519 small-order u (%d values, each with and without bit 255): %lu cases, both "
           "fail in %lu\n",
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
                int r2 = P->x25519(o2, s, u);
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

int diff_run(const diff_peer *peer)
{
    P = peer;
    printf("vec25519 backend %s, %s\n", vec25519_backend(), peer->version);
    adv_init(&(adv_hooks){.rng = test_rng_bytes, .k = peer->hash_k, .check = check_hook});
    verdicts_init(peer->name, peer->ed25519_verify);
    if (adv_find_torsion(256, NULL) != 0) {
        CHECK(0, "no point of order 8 found");
        return test_done();
    }
    adv_check_torsion();
    if (peer->torsion) peer->torsion();

    random_x25519();
    adversarial_x25519();
    random_ed25519();
    if (peer->extra) peer->extra();
    adv_ed25519_cases(saved, 64, peer->ed25519_case, NULL);
    verdicts_print(peer->classes_title, peer->differ_note);
    if (peer->finish) peer->finish();
    return test_done();
}
