/*
 * Differential tests against OpenSSL 3.0 (libcrypto, EVP API).
 *
 * Random inputs (at least 10,000 cases per operation): X25519 derive, X25519
 * public key from private key, Ed25519 public key from a raw private key,
 * signing (EVP_DigestSign with no digest: identical signatures),
 * verification of each other's signatures, and one-bit mutations.
 *
 * Adversarial Ed25519 inputs, built with the internal group API, each with
 * the verdict expected from each library. vec25519 follows the policy in
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

#include "test.h"

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
    printf("Ed25519 verification classes (vec25519 = strict cofactored policy, OpenSSL 3.0 = "
           "cofactorless, no small-order checks):\n");
    for (size_t i = 0; i < nclasses; i++) {
        const struct vclass *c = &classes[i];
        const char *note = c->want_ours == c->want_peer
                               ? (c->want_ours ? "both accept" : "both reject")
                               : "differ: see the header of this file";
        printf("  %-70s %5lu cases: vec25519 %s, OpenSSL %s  [expected: %s]\n", c->name, c->n,
               verdict(c->ours_ok, c->n, b1, sizeof b1), verdict(c->peer_ok, c->n, b2, sizeof b2),
               note);
    }
}

static void vcase(const char *name, int want_ours, int want_peer, const uint8_t sig[64],
                  const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    struct vclass *c = class_get(name, want_ours, want_peer);
    int ours = vec25519_ed25519_verify(sig, m, mlen, pk) == 0;
    int peer = ossl_ed25519_verify(sig, m, mlen, pk);
    c->n++;
    c->ours_ok += (unsigned long)ours;
    c->peer_ok += (unsigned long)peer;
    CHECK(ours == want_ours, "%s: vec25519 %s, expected %s", name, ours ? "accepts" : "rejects",
          want_ours ? "accept" : "reject");
    CHECK(peer == want_peer, "%s: OpenSSL %s, expected %s", name, peer ? "accepts" : "rejects",
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

/* tors[j] = [j]T8 with T8 = [ℓ]P of order 8 (P a random curve point). */
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
        ge_scalarmult(&T, sc_ell, &P);
        ge_ext_dbl_n(&T4, &T, 2);
        if (is_identity(&T4)) continue;
        ge_ext_0(&tors[0]);
        for (int j = 1; j < 8; j++) ge_ext_add(&tors[j], &tors[j - 1], &T);
        for (int j = 0; j < 8; j++) ge_ext_tobytes(tors_enc[j], &tors[j]);
        return 0;
    }
    return -1;
}

static void check_torsion(void)
{
    for (int j = 0; j < 8; j++) {
        ge_ext E, D;
        ge_ext_mul_by_cofactor(&E, &tors[j]);
        CHECK(is_identity(&E), "[8]T%d is not the identity", j);
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
    }
    static const uint8_t id[32] = {1};
    CHECK_BYTES(tors_enc[0], id, 32, "encoding of the identity");
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

static void rand_R(uint8_t r[32], uint8_t Renc[32], int jr)
{
    ge_ext R;
    rand_scalar(r);
    ge_scalarmult_base(&R, r);
    ge_ext_add(&R, &R, &tors[jr & 7]);
    ge_ext_tobytes(Renc, &R);
}

static void rand_A(uint8_t a[32], uint8_t Aenc[32], int ja)
{
    rand_R(a, Aenc, ja);
}

static void noncanon(uint8_t s[32], int y, int sign)
{
    memset(s, 0xff, 32);
    s[0] = (uint8_t)(0xed + y);
    s[31] = sign ? 0xff : 0x7f;
}

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
        uint8_t seed[32], pk1[32], sk1[64], pk2[32], msg[300], sig1[64], sig2[64];
        size_t mlen = (size_t)test_rng_below(301);
        test_rng_bytes(seed, sizeof seed);
        test_rng_bytes(msg, mlen);

        vec25519_ed25519_keypair(pk1, sk1, seed);
        vec25519_ed25519_sign(sig1, msg, mlen, sk1);
        if (ossl_ed25519_keypair_sign(pk2, sig2, seed, msg, mlen) != 0) {
            CHECK(0, "OpenSSL Ed25519 keypair/sign failed");
            continue;
        }
        kp += (unsigned long)CHECK_BYTES(pk1, pk2, 32, "Ed25519 public key");
        sg += (unsigned long)CHECK_BYTES(sig1, sig2, 64, "Ed25519 signature");

        struct vclass *c = class_get("random valid signature, verified by the other library", 1, 1);
        int ours = vec25519_ed25519_verify(sig2, msg, mlen, pk2) == 0;
        int peer = ossl_ed25519_verify(sig1, msg, mlen, pk1);
        c->n++;
        c->ours_ok += (unsigned long)ours;
        c->peer_ok += (unsigned long)peer;
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
            vcase("random 1-bit mutation of the signature", 0, 0, sig1, msg, mlen, pk1);
        } else if (what == 1) {
            pk1[test_rng_below(32)] ^= (uint8_t)(1u << test_rng_below(8));
            vcase("random 1-bit mutation of the public key", 0, 0, sig1, msg, mlen, pk1);
        } else {
            msg[test_rng_below(mlen)] ^= (uint8_t)(1u << test_rng_below(8));
            vcase("random 1-bit mutation of the message", 0, 0, sig1, msg, mlen, pk1);
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
                noncanon(u, t, top);
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

#define K_ZERO_MOD8 0
#define K_ODD 1

static int k_matches(int kmod8, int want)
{
    return want == K_ZERO_MOD8 ? kmod8 == 0 : (kmod8 & 1);
}

/* R = [r]B, S = r under a small-order A encoding; grind k as wanted. */
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

/* R given (small order), S = k·a, A = [a]B. */
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

    /* Non-canonical A = p + y. For y = 0, 1 the point is small order and the
     * signature satisfies the cofactorless equation on y mod p: OpenSSL
     * accepts (finding 1), vec25519 rejects the encoding. */
    for (int y = 0; y < 19; y++)
        for (int sign = 0; sign < 2; sign++) {
            ge_ext P;
            noncanon(pk, y, sign);
            int on_curve = ge_ext_frombytes_relaxed(&P, pk) == 0;
            if (y <= 1) {
                CHECK(on_curve && ct_to_int(ge_ext_is_small_order(&P)),
                      "p + %d does not decode to a small-order point", y);
                for (int rep = 0; rep < 4; rep++)
                    if (sig_for_small_A(sig, msg, pk, K_ZERO_MOD8) == 0)
                        vcase("A = p + y, y in {0,1} (small order), equation holds on y mod p", 0,
                              1, sig, msg, 32, pk);
            } else {
                rand_R(r, R, 0);
                test_rng_bytes(msg, 32);
                make_sig(sig, R, r, pk, zero32, msg, 32);
                vcase(on_curve ? "A = p + y, 2 <= y < 19, on the curve"
                               : "A = p + y, 2 <= y < 19, not on the curve",
                      0, 0, sig, msg, 32, pk);
            }
        }

    /* Non-canonical R = p + y: OpenSSL compares R's bytes with a canonical
     * encoding, so it rejects them all, as vec25519 does. */
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

    /* x = 0 with the sign bit set (y = 1, y = −1): as A, OpenSSL decodes it
     * as the small-order point and accepts when [k]A = 0 (finding 1); as R,
     * the byte comparison rejects. */
    for (int which = 0; which < 2; which++) {
        uint8_t enc[32];
        memcpy(enc, tors_enc[which ? 4 : 0], 32);
        enc[31] |= 0x80;
        for (int rep = 0; rep < 4; rep++) {
            if (sig_for_small_A(sig, msg, enc, K_ZERO_MOD8) == 0)
                vcase("A with x = 0 and the sign bit set (y = 1, y = -1), k = 0 mod 8", 0, 1, sig,
                      msg, 32, enc);
            sig_for_small_R(sig, pk, msg, enc);
            vcase("R with x = 0 and the sign bit set (y = 1, y = -1)", 0, 0, sig, msg, 32, pk);
        }
    }

    /* The eight small-order points as A and as R. */
    for (int j = 0; j < 8; j++)
        for (int rep = 0; rep < 4; rep++) {
            if (sig_for_small_A(sig, msg, tors_enc[j], K_ZERO_MOD8) == 0)
                vcase("small-order A (all 8), k = 0 mod 8: both equations hold", 0, 1, sig, msg, 32,
                      tors_enc[j]);
            if (sig_for_small_A(sig, msg, tors_enc[j], K_ODD) == 0)
                vcase(j == 0 ? "small-order A = identity, k odd: both equations hold"
                             : "small-order A of order 2, 4, 8, k odd: only cofactored holds",
                      0, j == 0, sig, msg, 32, tors_enc[j]);
            sig_for_small_R(sig, pk, msg, tors_enc[j]);
            vcase(j == 0 ? "small-order R = identity, S = k*a: both equations hold"
                         : "small-order R of order 2, 4, 8, S = k*a: only cofactored holds",
                  0, j == 0, sig, msg, 32, pk);
        }

    int found = 0;
    for (int t = 0; t < 1000 && found < 16; t++) {
        uint8_t y[32];
        ge_ext P;
        test_rng_bytes(y, sizeof y);
        y[31] &= 0x7f;
        if (ge_ext_frombytes_relaxed(&P, y) == 0) continue;
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

    /* Torsion components (finding 3): A' = [a]B + T_A, R' = [r]B + T_R,
     * S = r + k·a; cofactorless holds iff (jR + k·jA) ≡ 0 (mod 8). */
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
    printf("vec25519 backend %s, %s\n", vec25519_backend(), OpenSSL_version(OPENSSL_VERSION));
    if (find_torsion() != 0) {
        CHECK(0, "no point of order 8 found");
        return test_done();
    }
    check_torsion();

    random_x25519();
    adversarial_x25519();
    random_ed25519();
    adversarial_ed25519();
    print_classes();
    printf("OpenSSL refused %lu Ed25519 public keys at import (counted as rejections)\n",
           ossl_key_refused);
    return test_done();
}
#endif
