/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Builders of adversarial Curve25519 inputs, shared by the differential tests
 * (tests/test_diff_sodium.c, tests/test_diff_openssl.c), the invalid-input
 * test (tests/test_api_invalid.c) and the fuzz seed generator
 * (fuzz/gen_corpus.c).
 *
 *   - the eight small-order points, computed, not copied: T8 = [ℓ]P for a
 *     curve point P whose [ℓ]P has order 8; adv_tors[j] = [j]T8, of order
 *     8 / gcd(j, 8);
 *   - points [s]B + T_j with a chosen torsion component;
 *   - non-canonical encodings y = p + t (t < 19) and the small-order X25519
 *     u-coordinates;
 *   - Ed25519 signatures forged with the internal scalar API: a small-order
 *     A (S = r) or R (S = k·a), torsion components on A and R with k ground
 *     until the cofactorless equation holds or fails as asked, S + ℓ;
 *   - the whole list of verification classes of the differential tests, in a
 *     fixed order, handed one by one to a callback (adv_ed25519_cases).
 *
 * No test framework here: the caller supplies the random bytes (the test RNG
 * or fuzz/gen_corpus.c's deterministic one), optionally how k is hashed (a
 * peer's SHA-512, or a domain prefix), and what to do with a failed internal
 * check. The builders consume random bytes in a documented order, so that a
 * seeded run is reproducible.
 *
 * This file is compiled with each core (its types depend on the serial field).
 */
#ifndef VEC25519_TEST_ADVERSARIAL_H
#define VEC25519_TEST_ADVERSARIAL_H

#include <stddef.h>
#include <stdint.h>

#include "backend/serial/ge.h"

/* out = n random bytes. */
typedef void adv_rng_fn(void *out, size_t n);
/* k = SHA-512(... R ‖ A ‖ m) mod ℓ, the challenge of the scheme under test. */
typedef void adv_k_fn(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *m,
                      size_t mlen);
/* An internal check: ok, or a failure described by what. */
typedef void adv_check_fn(int ok, const char *what);

typedef struct {
    adv_rng_fn *rng;     /* required */
    adv_k_fn *k;         /* NULL: Ed25519's k with vec25519_sha512 */
    adv_check_fn *check; /* NULL: failures print to stderr and abort */
} adv_hooks;

void adv_init(const adv_hooks *hooks);

/* ---- torsion ------------------------------------------------------------------ */

extern ge_ext adv_tors[8];           /* [j]T8 */
extern uint8_t adv_tors_enc[8][32];  /* their encodings */

/* y = the i-th candidate y-coordinate for P. */
typedef void adv_candidate_fn(uint8_t y[32], unsigned i);

/* Fills adv_tors from the first candidate (NULL: 32 random bytes each) that
 * decodes (ge_ext_frombytes_relaxed) and whose [ℓ]P has order 8. 0, or -1
 * after `tries` candidates. */
int adv_find_torsion(unsigned tries, adv_candidate_fn *candidate);

/* The order of adv_tors[j]: 1, 8, 4, 8, 2, 8, 4, 8. */
int adv_tors_order(int j);

/* Checks, through the check hook, that adv_tors is what it claims: each
 * [8]T_j is the identity (8 checks), T_j has no smaller order (7), the
 * encodings are distinct (28), and T_0 encodes as the identity (1). */
void adv_check_torsion(void);

/* ---- scalars, points, encodings ------------------------------------------------- */

/* s = 64 random bytes reduced mod ℓ (uses 64 random bytes). */
void adv_rand_scalar(uint8_t s[32]);

/* s random, enc = encoding of [s]B + adv_tors[j]. */
void adv_rand_point(uint8_t s[32], uint8_t enc[32], int j);

/* s = p + t (t < 19) with or without the sign bit: a non-canonical y. */
void adv_noncanon(uint8_t s[32], int t, int sign);

/* S += ℓ, as a 256-bit integer; returns the carry out of bit 255. */
unsigned adv_add_ell(uint8_t S[32]);

/* The small-order X25519 u-coordinates: the images of the eight Edwards
 * torsion points (u = 0, 1 and the two of order 8: *n_images = 4 distinct),
 * u = −1 (order 4 on the twist), and the non-canonical p ≡ 0 and p + 1 ≡ 1,
 * in that order. Returns their number (7). n_images may be NULL. */
int adv_small_order_u(uint8_t u[8][32], int *n_images);

/* ---- forged signatures --------------------------------------------------------- */

/* sig = (R, S = r + k·a), k from the k hook. Returns k mod 8. */
int adv_make_sig(uint8_t sig[64], const uint8_t R[32], const uint8_t r[32], const uint8_t A[32],
                 const uint8_t a[32], const uint8_t *m, size_t mlen);

enum { ADV_K_ANY = -1, ADV_K_ZERO_MOD8 = 0, ADV_K_ODD = 1 };

/* A is (an encoding of) a small-order point: R = [r]B, S = r, msg random; the
 * cofactored equation holds, the cofactorless one iff [k]A = 0. r and msg are
 * drawn again (up to 1000 times) until k mod 8 matches want (ADV_K_ANY: the
 * first). Draws per try: r (64 bytes), msg (mlen). 0, or -1 if never (and a
 * failed check "could not grind k"). */
int adv_sig_small_A(uint8_t sig[64], uint8_t *msg, size_t mlen, const uint8_t A[32], int want);

/* R is (an encoding of) a small-order point: A = [a]B, S = k·a, msg random
 * (32 bytes); the cofactored equation holds, the cofactorless one iff R is
 * the identity. Draws a (64 bytes), then msg. */
void adv_sig_small_R(uint8_t sig[64], uint8_t pk[32], uint8_t msg[32], const uint8_t R[32]);

/* A = [a]B + T_ja, R = [r]B + T_jr, S = r + k·a: a signature the cofactored
 * equation accepts; the cofactorless one holds iff T_R + [k]T_A = 0. Draws a,
 * then r and msg (mlen bytes) again until the cofactorless equation holds
 * (hold = 1) or fails (0), up to 1000 tries (hold = -1: the first). 0, or -1
 * if never. */
int adv_sig_torsion(uint8_t sig[64], uint8_t pk[32], uint8_t *msg, size_t mlen, int ja, int jr,
                    int hold);

/* ---- the verification classes of the differential tests -------------------------- */

typedef enum {
    ADV_S_PLUS_L,         /* a valid signature with S + ℓ */
    ADV_S_PLUS_KL,        /* ... S + k·ℓ, k = 2..15 while < 2^256 */
    ADV_S_TOP_BITS,       /* ... S with bit 253, 254, 255 or all three set */
    ADV_A_NONCANON_SMALL, /* A = p + y, y ∈ {0, 1}: small order, k ≡ 0 mod 8 */
    ADV_A_NONCANON_ON,    /* A = p + y, 2 ≤ y < 19, on the curve */
    ADV_A_NONCANON_OFF,   /* A = p + y, 2 ≤ y < 19, not on the curve */
    ADV_R_NONCANON_SMALL, /* R = p + y, y ∈ {0, 1}: small order, S = k·a */
    ADV_R_NONCANON,       /* R = p + y, 2 ≤ y < 19, random S */
    ADV_A_X0_SIGN,        /* A with x = 0 and the sign bit set (y = ±1), k ≡ 0 mod 8 */
    ADV_R_X0_SIGN,        /* R with x = 0 and the sign bit set, S = k·a */
    ADV_A_SMALL_K0,       /* A = adv_tors_enc[j], k ≡ 0 mod 8: both equations hold */
    ADV_A_SMALL_KODD,     /* A = adv_tors_enc[j], k odd: the cofactored one holds */
    ADV_R_SMALL,          /* R = adv_tors_enc[j], S = k·a: the cofactored one holds */
    ADV_A_OFF_CURVE,      /* A a y with no x (sign bit `sign`) */
    ADV_R_OFF_CURVE,      /* R a y with no x */
    ADV_TORSION           /* torsion components ja on A, jr on R, cofactorless iff hold */
} adv_kind;

/* The name of a class in the differential tests' tallies (ADV_TORSION: "torsion
 * components"; the tests name each (ja, jr, hold) themselves). */
const char *adv_kind_name(adv_kind kind);

typedef struct {
    adv_kind kind;
    int j;               /* ADV_A_SMALL_*, ADV_R_SMALL: the torsion point */
    int ja, jr, hold;    /* ADV_TORSION */
    int sign;            /* ADV_*_OFF_CURVE: the sign bit of the off-curve y */
    const uint8_t *sig;  /* 64 bytes */
    const uint8_t *msg;
    size_t mlen;
    const uint8_t *pk;   /* 32 bytes */
} adv_sig_case;

/* A valid signature to be mutated. */
typedef struct {
    uint8_t sig[64], pk[32], msg[300];
    size_t mlen;
} adv_valid_sig;

typedef void adv_sig_case_fn(const adv_sig_case *c, void *arg);

/* Calls emit on every adversarial verification case, in a fixed order: the
 * S ≥ ℓ cases built from valid[0..nvalid), then non-canonical A and R,
 * x = 0 with the sign bit, the eight small-order points as A and R, 16
 * off-curve y as A and R, and every feasible pair of torsion components
 * (ja, jr, cofactorless holds or fails), twice each. Its own facts go to the
 * check hook: p and p + 1 decode to small-order points (1 check per encoding,
 * 4), 16 off-curve y were found (1), a k was ground for each torsion case (1
 * each), and, only when they fail, the grinds of adv_sig_small_A. */
void adv_ed25519_cases(const adv_valid_sig *valid, size_t nvalid, adv_sig_case_fn *emit,
                       void *arg);

#endif /* VEC25519_TEST_ADVERSARIAL_H */
