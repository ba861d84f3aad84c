/*
 * Differential tests against libsodium (1.0.18 on Debian 12).
 *
 * Random inputs (at least 10,000 cases per operation): X25519, X25519 base,
 * Ed25519 keypair from seed, signing (identical signatures), verification of
 * each other's signatures, and one-bit mutations that both must reject.
 *
 * Adversarial Ed25519 inputs, built here with the internal group API, each
 * with the verdict expected from each library. The policy is the one in
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

#include "test.h"

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

/* ---- per-class verdict statistics ---------------------------------------- */

struct vclass {
    char name[112];
    unsigned long n, ours_ok, peer_ok;
    int want_ours, want_peer;
};
static struct vclass classes[128];
static size_t nclasses;
static unsigned long dumps;

static struct vclass *class_get(const char *name, int want_ours, int want_peer)
{
    for (size_t i = 0; i < nclasses; i++)
        if (strcmp(classes[i].name, name) == 0) {
            CHECK(classes[i].want_ours == want_ours && classes[i].want_peer == want_peer,
                  "class '%s' used with two different expectations", name);
            return &classes[i];
        }
    if (nclasses == sizeof classes / sizeof classes[0]) {
        CHECK(0, "too many verdict classes");
        return &classes[0];
    }
    struct vclass *c = &classes[nclasses++];
    snprintf(c->name, sizeof c->name, "%s", name);
    c->want_ours = want_ours;
    c->want_peer = want_peer;
    return c;
}

static const char *verdict(unsigned long ok, unsigned long n, char *buf, size_t cap)
{
    if (ok == n) return "accepts all";
    if (ok == 0) return "rejects all";
    snprintf(buf, cap, "accepts %lu of %lu", ok, n);
    return buf;
}

static void print_classes(void)
{
    char b1[48], b2[48];
    printf("Ed25519 verification classes (vec25519 = cofactored policy, libsodium 1.0.18 = "
           "cofactorless):\n");
    for (size_t i = 0; i < nclasses; i++) {
        const struct vclass *c = &classes[i];
        const char *note = c->want_ours == c->want_peer
                               ? (c->want_ours ? "both accept" : "both reject")
                               : "differ as documented: cofactored vs cofactorless equation";
        printf("  %-70s %5lu cases: vec25519 %s, libsodium %s  [expected: %s]\n", c->name, c->n,
               verdict(c->ours_ok, c->n, b1, sizeof b1), verdict(c->peer_ok, c->n, b2, sizeof b2),
               note);
    }
}

/* Verify with both libraries and check each verdict against the expected one. */
static void vcase(const char *name, int want_ours, int want_peer, const uint8_t sig[64],
                  const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    struct vclass *c = class_get(name, want_ours, want_peer);
    int ours = vec25519_ed25519_verify(sig, m, mlen, pk) == 0;
    int peer = crypto_sign_verify_detached(sig, m, (unsigned long long)mlen, pk) == 0;
    c->n++;
    c->ours_ok += (unsigned long)ours;
    c->peer_ok += (unsigned long)peer;
    CHECK(ours == want_ours, "%s: vec25519 %s, expected %s", name, ours ? "accepts" : "rejects",
          want_ours ? "accept" : "reject");
    CHECK(peer == want_peer, "%s: libsodium %s, expected %s", name, peer ? "accepts" : "rejects",
          want_peer ? "accept" : "reject");
    if ((ours != want_ours || peer != want_peer) && dumps++ < 8) {
        hex_print(stderr, "sig", sig, 64);
        hex_print(stderr, "pk ", pk, 32);
        hex_print(stderr, "msg", m, mlen);
    }
}

/* ---- group helpers (internal API) ------------------------------------------ */

static void rand_scalar(uint8_t s[32])
{
    uint8_t w[64];
    test_rng_bytes(w, sizeof w);
    sc_reduce64(s, w);
}

static int is_identity(const ge_ext *p)
{
    return ct_to_int(ge_ext_is_identity(p));
}

/* tors[j] = [j]T8, T8 of order 8. */
static ge_ext tors[8];
static uint8_t tors_enc[8][32];

static int tors_order(int j)
{
    j &= 7;
    return j == 0 ? 1 : j == 4 ? 2 : (j & 1) ? 8 : 4;
}

static int find_torsion(void)
{
    for (int tries = 0; tries < 256; tries++) {
        uint8_t y[32];
        ge_ext P, T, T4;
        test_rng_bytes(y, sizeof y);
        if (ge_ext_frombytes_relaxed(&P, y) != 0) continue;
        ge_scalarmult(&T, sc_ell, &P); /* [ℓ]P: the torsion component of P, times ℓ */
        ge_ext_dbl_n(&T4, &T, 2);
        if (is_identity(&T4)) continue; /* order < 8 */
        ge_ext_0(&tors[0]);
        for (int j = 1; j < 8; j++) ge_ext_add(&tors[j], &tors[j - 1], &T);
        for (int j = 0; j < 8; j++) ge_ext_tobytes(tors_enc[j], &tors[j]);
        return 0;
    }
    return -1;
}

/* Structural checks of the computed torsion points, partly with libsodium. */
static void check_torsion(void)
{
    for (int j = 0; j < 8; j++) {
        ge_ext E, D;
        ge_ext_mul_by_cofactor(&E, &tors[j]);
        CHECK(is_identity(&E), "[8]T%d is not the identity", j);
        /* order is exactly tors_order(j): [order/2]T is not the identity */
        if (j != 0) {
            int o = tors_order(j), k = 0;
            while ((1 << (k + 1)) < o) k++;
            if (k > 0)
                ge_ext_dbl_n(&D, &tors[j], k);
            else
                D = tors[j];
            CHECK(!is_identity(&D), "T%d has order below %d", j, o);
        }
        for (int i = 0; i < j; i++)
            CHECK(memcmp(tors_enc[i], tors_enc[j], 32) != 0, "T%d and T%d encode equally", i, j);
        CHECK(crypto_core_ed25519_is_valid_point(tors_enc[j]) == 0,
              "libsodium calls small-order point T%d valid", j);
    }
    static const uint8_t id[32] = {1};
    CHECK_BYTES(tors_enc[0], id, 32, "encoding of the identity");
}

static void hash_k(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *m,
                   size_t mlen)
{
    crypto_hash_sha512_state st;
    uint8_t h[64];
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, R, 32);
    crypto_hash_sha512_update(&st, A, 32);
    crypto_hash_sha512_update(&st, m, (unsigned long long)mlen);
    crypto_hash_sha512_final(&st, h);
    sc_reduce64(k, h);
}

/* sig = (R, S = r + k·a), k = SHA-512(R ‖ A ‖ m) mod ℓ. Returns k mod 8. */
static int make_sig(uint8_t sig[64], const uint8_t R[32], const uint8_t r[32], const uint8_t A[32],
                    const uint8_t a[32], const uint8_t *m, size_t mlen)
{
    uint8_t k[32];
    hash_k(k, R, A, m, mlen);
    memcpy(sig, R, 32);
    sc_muladd(sig + 32, k, a, r);
    return k[0] & 7;
}

/* Random r with R = [r]B + tors[jr]. */
static void rand_R(uint8_t r[32], uint8_t Renc[32], int jr)
{
    ge_ext R;
    rand_scalar(r);
    ge_scalarmult_base(&R, r);
    ge_ext_add(&R, &R, &tors[jr & 7]);
    ge_ext_tobytes(Renc, &R);
}

/* Random a with A = [a]B + tors[ja]. */
static void rand_A(uint8_t a[32], uint8_t Aenc[32], int ja)
{
    rand_R(a, Aenc, ja);
}

/* p + y (y < 19), with or without the sign bit: a non-canonical y-coordinate. */
static void noncanon(uint8_t s[32], int y, int sign)
{
    memset(s, 0xff, 32);
    s[0] = (uint8_t)(0xed + y);
    s[31] = sign ? 0xff : 0x7f;
}

/* Edwards (x, y) → Montgomery u = (1 + y)/(1 − y) (RFC 7748 §4.1), 1/0 = 0. */
static void edwards_to_u(uint8_t u[32], const ge_ext *P)
{
    fe zi, y, one, num, den;
    fe_loose t;
    fe_invert(&zi, &P->Z);
    fe_mul(&y, &P->Y, &zi);
    fe_1(&one);
    fe_add(&t, &one, &y);
    fe_carry(&num, &t);
    fe_sub(&t, &one, &y);
    fe_carry(&den, &t);
    fe_invert(&den, &den);
    fe_mul(&num, &num, &den);
    fe_tobytes(u, &num);
}

/* ---- random cases --------------------------------------------------------------- */

struct saved {
    uint8_t sig[64], pk[32], msg[300];
    size_t mlen;
};
static struct saved saved[64];

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

        vec25519_ed25519_sign(sig1, msg, mlen, sk1);
        crypto_sign_detached(sig2, &siglen, msg, (unsigned long long)mlen, sk2);
        CHECK(siglen == 64, "libsodium signature length %llu", siglen);
        sg += (unsigned long)CHECK_BYTES(sig1, sig2, 64, "signature");

        /* each library verifies the other's signature */
        struct vclass *c = class_get("random valid signature, verified by the other library", 1, 1);
        int ours = vec25519_ed25519_verify(sig2, msg, mlen, pk2) == 0;
        int peer = crypto_sign_verify_detached(sig1, msg, (unsigned long long)mlen, pk1) == 0;
        c->n++;
        c->ours_ok += (unsigned long)ours;
        c->peer_ok += (unsigned long)peer;
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
            vcase("random 1-bit mutation of the signature", 0, 0, sig1, msg, mlen, pk1);
        } else if (what == 1) {
            pk1[test_rng_below(32)] ^= (uint8_t)(1u << test_rng_below(8));
            vcase("random 1-bit mutation of the public key", 0, 0, sig1, msg, mlen, pk1);
        } else {
            msg[test_rng_below(mlen)] ^= (uint8_t)(1u << test_rng_below(8));
            vcase("random 1-bit mutation of the message", 0, 0, sig1, msg, mlen, pk1);
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
    int nsmall = 0;
    for (int j = 0; j < 8; j++) {
        uint8_t u[32];
        edwards_to_u(u, &tors[j]);
        int dup = 0;
        for (int i = 0; i < nsmall; i++) dup |= memcmp(small[i], u, 32) == 0;
        if (!dup && nsmall < 8) memcpy(small[nsmall++], u, 32);
    }
    CHECK(nsmall == 4, "Edwards torsion maps to %d distinct u, expected 4", nsmall);
    {
        fe one, m1;
        fe_loose t;
        fe_1(&one);
        fe_neg(&t, &one);
        fe_carry(&m1, &t);
        if (nsmall < 8) fe_tobytes(small[nsmall++], &m1);
    }
    if (nsmall < 8) noncanon(small[nsmall++], 0, 0);
    if (nsmall < 8) noncanon(small[nsmall++], 1, 0);

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
                noncanon(u, t, top);
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

#define K_ZERO_MOD8 0 /* k ≡ 0 (mod 8): [k]T = 0 for every torsion point T */
#define K_ODD 1

static int k_matches(int kmod8, int want)
{
    return want == K_ZERO_MOD8 ? kmod8 == 0 : (kmod8 & 1);
}

/* Signature with R = [r]B and S = r under an arbitrary public-key encoding A
 * whose point is small order: the cofactored equation holds, and the
 * cofactorless one holds iff [k]A = 0. Grinds r until k matches want. */
static int sig_for_small_A(uint8_t sig[64], uint8_t msg[32], const uint8_t A[32], int want)
{
    for (int t = 0; t < 1000; t++) {
        uint8_t r[32], R[32];
        rand_R(r, R, 0);
        test_rng_bytes(msg, 32);
        if (k_matches(make_sig(sig, R, r, A, zero32, msg, 32), want)) return 0;
    }
    CHECK(0, "could not grind k");
    return -1;
}

/* Signature with R given (a small-order point) and S = k·a, A = [a]B: the
 * cofactored equation holds; the cofactorless one iff R is the identity. */
static void sig_for_small_R(uint8_t sig[64], uint8_t pk[32], uint8_t msg[32], const uint8_t R[32])
{
    uint8_t a[32];
    rand_A(a, pk, 0);
    test_rng_bytes(msg, 32);
    make_sig(sig, R, zero32, pk, a, msg, 32);
}

static void adversarial_ed25519(void)
{
    uint8_t sig[64], pk[32], msg[32], a[32], r[32], R[32];
    char name[112];

    /* S + k·ℓ (k = 1..15 while < 2^256) and S with its top bits set */
    for (int i = 0; i < 64; i++) {
        const struct saved *sv = &saved[i];
        uint8_t s2[64];
        memcpy(s2, sv->sig, 64);
        for (int k = 1; k <= 15; k++) {
            unsigned carry = 0;
            for (int b = 0; b < 32; b++) {
                carry += (unsigned)s2[32 + b] + sc_ell[b];
                s2[32 + b] = (uint8_t)carry;
                carry >>= 8;
            }
            if (carry) break;
            vcase(k == 1 ? "S + l" : "S + k*l, k = 2..15 (while < 2^256)", 0, 0, s2, sv->msg,
                  sv->mlen, sv->pk);
        }
        for (int bit = 0; bit < 4; bit++) {
            memcpy(s2, sv->sig, 64);
            s2[63] |= bit == 3 ? 0xe0 : (uint8_t)(0x20 << bit);
            vcase("S with bit 253, 254, 255 or all three set", 0, 0, s2, sv->msg, sv->mlen,
                  sv->pk);
        }
    }

    /* Non-canonical A = p + y, y < 19, with and without the sign bit. For
     * y = 0, 1 the point is small order and the signature satisfies both
     * equations on the reduced point (k ≡ 0 mod 8). */
    for (int y = 0; y < 19; y++)
        for (int sign = 0; sign < 2; sign++) {
            ge_ext P;
            noncanon(pk, y, sign);
            int on_curve = ge_ext_frombytes_relaxed(&P, pk) == 0;
            if (y <= 1) {
                CHECK(on_curve && ct_to_int(ge_ext_is_small_order(&P)),
                      "p + %d does not decode to a small-order point", y);
                for (int rep = 0; rep < 4; rep++) {
                    if (sig_for_small_A(sig, msg, pk, K_ZERO_MOD8) == 0)
                        vcase("A = p + y, y in {0,1} (small order), equation holds on y mod p", 0,
                              0, sig, msg, 32, pk);
                }
            } else {
                rand_R(r, R, 0);
                test_rng_bytes(msg, 32);
                make_sig(sig, R, r, pk, zero32, msg, 32);
                vcase(on_curve ? "A = p + y, 2 <= y < 19, on the curve"
                               : "A = p + y, 2 <= y < 19, not on the curve",
                      0, 0, sig, msg, 32, pk);
            }
        }

    /* Non-canonical R = p + y. y = 0, 1: small order, S = k·a satisfies both
     * equations on the reduced point. */
    for (int y = 0; y < 19; y++)
        for (int sign = 0; sign < 2; sign++) {
            noncanon(R, y, sign);
            if (y <= 1) {
                sig_for_small_R(sig, pk, msg, R);
                vcase("R = p + y, y in {0,1} (small order), equation holds on y mod p", 0, 0, sig,
                      msg, 32, pk);
            } else {
                rand_A(a, pk, 0);
                test_rng_bytes(msg, 32);
                rand_scalar(sig + 32);
                memcpy(sig, R, 32);
                vcase("R = p + y, 2 <= y < 19", 0, 0, sig, msg, 32, pk);
            }
        }

    /* x = 0 with the sign bit set: y = 1 (identity) and y = −1 (order 2) */
    for (int which = 0; which < 2; which++) {
        uint8_t enc[32];
        memcpy(enc, tors_enc[which ? 4 : 0], 32);
        enc[31] |= 0x80;
        for (int rep = 0; rep < 4; rep++) {
            if (sig_for_small_A(sig, msg, enc, K_ZERO_MOD8) == 0)
                vcase("A with x = 0 and the sign bit set (y = 1, y = -1)", 0, 0, sig, msg, 32, enc);
            sig_for_small_R(sig, pk, msg, enc);
            vcase("R with x = 0 and the sign bit set (y = 1, y = -1)", 0, 0, sig, msg, 32, pk);
        }
    }

    /* The eight small-order points as A (cofactored equation holds; the
     * cofactorless one too when k ≡ 0 mod 8) and as R (S = k·a). */
    for (int j = 0; j < 8; j++)
        for (int rep = 0; rep < 4; rep++) {
            if (sig_for_small_A(sig, msg, tors_enc[j], K_ZERO_MOD8) == 0)
                vcase("small-order A (all 8), k = 0 mod 8: both equations hold", 0, 0, sig, msg, 32,
                      tors_enc[j]);
            if (sig_for_small_A(sig, msg, tors_enc[j], K_ODD) == 0)
                vcase("small-order A (all 8), k odd: cofactored equation holds", 0, 0, sig, msg, 32,
                      tors_enc[j]);
            sig_for_small_R(sig, pk, msg, tors_enc[j]);
            vcase("small-order R (all 8), S = k*a: cofactored equation holds", 0, 0, sig, msg, 32,
                  pk);
        }

    /* Points not on the curve (y with no x) as A and as R */
    int found = 0;
    for (int t = 0; t < 1000 && found < 16; t++) {
        uint8_t y[32];
        ge_ext P;
        test_rng_bytes(y, sizeof y);
        y[31] &= 0x7f;
        if (ge_ext_frombytes_relaxed(&P, y) == 0) continue;
        CHECK(crypto_core_ed25519_is_valid_point(y) == 0, "libsodium: off-curve y is valid");
        found++;
        for (int sign = 0; sign < 2; sign++) {
            y[31] = (uint8_t)((y[31] & 0x7f) | (sign << 7));
            rand_R(r, R, 0);
            test_rng_bytes(msg, 32);
            make_sig(sig, R, r, y, zero32, msg, 32);
            vcase("A not on the curve", 0, 0, sig, msg, 32, y);
            rand_A(a, pk, 0);
            memcpy(sig, y, 32);
            rand_scalar(sig + 32);
            vcase("R not on the curve", 0, 0, sig, msg, 32, pk);
        }
    }
    CHECK(found == 16, "found only %d off-curve y", found);

    /* Torsion components: A' = [a]B + T_A, R' = [r]B + T_R, S = r + k·a.
     * The cofactored equation always holds (vec25519 accepts); the
     * cofactorless one holds iff T_R + [k]T_A = 0, i.e. (jR + k·jA) ≡ 0 mod 8
     * with T_A = [jA]T8, T_R = [jR]T8. Grind r until that matches `hold`. */
    for (int ja = 0; ja < 8; ja++)
        for (int jr = 0; jr < 8; jr++) {
            if (ja == 0 && jr == 0) continue;
            for (int hold = 1; hold >= 0; hold--) {
                int feasible = 0;
                for (int k = 0; k < 8; k++) feasible |= (((jr + k * ja) & 7) == 0) == hold;
                if (!feasible) continue;
                snprintf(name, sizeof name, "torsion: A ord %d, R ord %d, cofactorless %s",
                         tors_order(ja), tors_order(jr), hold ? "holds" : "fails");
                for (int rep = 0; rep < 2; rep++) {
                    int done = 0;
                    rand_A(a, pk, ja);
                    for (int t = 0; t < 1000 && !done; t++) {
                        rand_R(r, R, jr);
                        test_rng_bytes(msg, 32);
                        int k8 = make_sig(sig, R, r, pk, a, msg, 32);
                        done = (((jr + k8 * ja) & 7) == 0) == hold;
                    }
                    CHECK(done, "could not grind k for %s", name);
                    if (done) vcase(name, 1, hold, sig, msg, 32, pk);
                }
            }
        }
}

int main(void)
{
    if (sodium_init() < 0) test_skip("sodium_init failed");
    printf("vec25519 backend %s, libsodium %s\n", vec25519_backend(), sodium_version_string());
    if (find_torsion() != 0) {
        CHECK(0, "no point of order 8 found");
        return test_done();
    }
    check_torsion();

    random_x25519();
    adversarial_x25519();
    random_ed25519();
    random_ed25519ph();
    adversarial_ed25519();
    print_classes();
    return test_done();
}
#endif
