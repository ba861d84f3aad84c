/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Builders of adversarial Curve25519 inputs (contracts in adversarial.h).
 * Everything is built with the library's internal serial group and scalar
 * API; nothing here decides a verdict.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adversarial.h"
#include "challenge.h"
#include "mont_curve.h"

#include "backend/backend.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "vec25519.h"

ge_ext adv_tors[8];
uint8_t adv_tors_enc[8][32];

static adv_hooks hooks;
static const uint8_t zero32[32];

static void default_check(int ok, const char *what)
{
    if (ok) return;
    fprintf(stderr, "adversarial: %s\n", what);
    abort();
}

void adv_init(const adv_hooks *h)
{
    hooks = *h;
    if (hooks.k == NULL) hooks.k = test_ed25519_challenge;
    if (hooks.check == NULL) hooks.check = default_check;
}

static int is_identity(const ge_ext *p)
{
    return ct_to_int(ge_ext_is_identity(p));
}

/* ---- torsion ------------------------------------------------------------------ */

int adv_find_torsion(unsigned tries, adv_candidate_fn *candidate)
{
    for (unsigned i = 0; i < tries; i++) {
        uint8_t y[32];
        ge_ext P, T, T4;
        if (candidate != NULL)
            candidate(y, i);
        else
            hooks.rng(y, sizeof y);
        if (ge_ext_frombytes_relaxed(&P, y) != 0) continue;
        ge_scalarmult(&T, sc_ell, &P); /* [ℓ]P: the torsion component of P, times ℓ */
        ge_ext_dbl_n(&T4, &T, 2);
        if (is_identity(&T4)) continue; /* order < 8 */
        ge_ext_0(&adv_tors[0]);
        for (int j = 1; j < 8; j++) ge_ext_add(&adv_tors[j], &adv_tors[j - 1], &T);
        for (int j = 0; j < 8; j++) ge_ext_tobytes(adv_tors_enc[j], &adv_tors[j]);
        return 0;
    }
    return -1;
}

int adv_tors_order(int j)
{
    j &= 7;
    return j == 0 ? 1 : j == 4 ? 2 : (j & 1) ? 8 : 4;
}

void adv_check_torsion(void)
{
    char what[96];
    for (int j = 0; j < 8; j++) {
        ge_ext E, D;
        ge_ext_mul_by_cofactor(&E, &adv_tors[j]);
        snprintf(what, sizeof what, "[8]T%d is not the identity", j);
        hooks.check(is_identity(&E), what);
        /* the order is exactly adv_tors_order(j): [order/2]T is not the identity */
        if (j != 0) {
            int o = adv_tors_order(j), k = 0;
            while ((1 << (k + 1)) < o) k++;
            if (k > 0)
                ge_ext_dbl_n(&D, &adv_tors[j], k);
            else
                D = adv_tors[j];
            snprintf(what, sizeof what, "T%d has order below %d", j, o);
            hooks.check(!is_identity(&D), what);
        }
        for (int i = 0; i < j; i++) {
            snprintf(what, sizeof what, "T%d and T%d encode equally", i, j);
            hooks.check(memcmp(adv_tors_enc[i], adv_tors_enc[j], 32) != 0, what);
        }
    }
    static const uint8_t id[32] = {1};
    hooks.check(memcmp(adv_tors_enc[0], id, 32) == 0, "T0 does not encode as the identity");
}

/* ---- scalars, points, encodings ------------------------------------------------- */

void adv_rand_scalar(uint8_t s[32])
{
    uint8_t w[64];
    hooks.rng(w, sizeof w);
    sc_reduce64(s, w);
}

void adv_rand_point(uint8_t s[32], uint8_t enc[32], int j)
{
    ge_ext P;
    adv_rand_scalar(s);
    ge_scalarmult_base(&P, s);
    ge_ext_add(&P, &P, &adv_tors[j & 7]);
    ge_ext_tobytes(enc, &P);
}

void adv_noncanon(uint8_t s[32], int t, int sign)
{
    memset(s, 0xff, 32);
    s[0] = (uint8_t)(0xed + t);
    s[31] = sign ? 0xff : 0x7f;
}

unsigned adv_add_ell(uint8_t S[32])
{
    unsigned carry = 0;
    for (int b = 0; b < 32; b++) {
        carry += (unsigned)S[b] + sc_ell[b];
        S[b] = (uint8_t)carry;
        carry >>= 8;
    }
    return carry;
}

/* Edwards (x, y) → Montgomery u = (1 + y)/(1 − y) (RFC 7748 §4.1), 1/0 = 0. */
static void edwards_to_u(uint8_t u[32], const ge_ext *P)
{
    fe zi, y, fu;
    fe_invert(&zi, &P->Z);
    fe_mul(&y, &P->Y, &zi);
    mont_u_from_y(&fu, &y);
    fe_tobytes(u, &fu);
}

int adv_small_order_u(uint8_t u[8][32], int *n_images)
{
    int n = 0;
    for (int j = 0; j < 8; j++) {
        uint8_t t[32];
        int dup = 0;
        edwards_to_u(t, &adv_tors[j]);
        for (int i = 0; i < n; i++) dup |= memcmp(u[i], t, 32) == 0;
        if (!dup && n < 5) memcpy(u[n++], t, 32);
    }
    if (n_images != NULL) *n_images = n;
    fe one, m1;
    fe_loose t;
    fe_1(&one);
    fe_neg(&t, &one);
    fe_carry(&m1, &t);
    fe_tobytes(u[n++], &m1); /* u = −1: order 4 on the twist */
    adv_noncanon(u[n++], 0, 0); /* p ≡ 0 */
    adv_noncanon(u[n++], 1, 0); /* p + 1 ≡ 1 */
    return n;
}

/* ---- forged signatures --------------------------------------------------------- */

int adv_make_sig(uint8_t sig[64], const uint8_t R[32], const uint8_t r[32], const uint8_t A[32],
                 const uint8_t a[32], const uint8_t *m, size_t mlen)
{
    uint8_t k[32];
    hooks.k(k, R, A, m, mlen);
    memcpy(sig, R, 32);
    sc_muladd(sig + 32, k, a, r);
    return k[0] & 7;
}

static int k_matches(int kmod8, int want)
{
    return want == ADV_K_ANY ? 1 : want == ADV_K_ZERO_MOD8 ? kmod8 == 0 : (kmod8 & 1);
}

int adv_sig_small_A(uint8_t sig[64], uint8_t *msg, size_t mlen, const uint8_t A[32], int want)
{
    for (int t = 0; t < 1000; t++) {
        uint8_t r[32], R[32];
        adv_rand_point(r, R, 0);
        hooks.rng(msg, mlen);
        if (k_matches(adv_make_sig(sig, R, r, A, zero32, msg, mlen), want)) return 0;
    }
    hooks.check(0, "could not grind k");
    return -1;
}

void adv_sig_small_R(uint8_t sig[64], uint8_t pk[32], uint8_t msg[32], const uint8_t R[32])
{
    uint8_t a[32];
    adv_rand_point(a, pk, 0);
    hooks.rng(msg, 32);
    adv_make_sig(sig, R, zero32, pk, a, msg, 32);
}

int adv_sig_torsion(uint8_t sig[64], uint8_t pk[32], uint8_t *msg, size_t mlen, int ja, int jr,
                    int hold)
{
    uint8_t a[32], r[32], R[32];
    adv_rand_point(a, pk, ja);
    for (int t = 0; t < 1000; t++) {
        adv_rand_point(r, R, jr);
        hooks.rng(msg, mlen);
        int k8 = adv_make_sig(sig, R, r, pk, a, msg, mlen);
        if (hold < 0 || (((jr + k8 * ja) & 7) == 0) == hold) return 0;
    }
    return -1;
}

/* ---- the verification classes ------------------------------------------------------ */

const char *adv_kind_name(adv_kind kind)
{
    static const char *const names[] = {
        [ADV_S_PLUS_L] = "S + l",
        [ADV_S_PLUS_KL] = "S + k*l, k = 2..15 (while < 2^256)",
        [ADV_S_TOP_BITS] = "S with bit 253, 254, 255 or all three set",
        [ADV_A_NONCANON_SMALL] = "A = p + y, y in {0,1} (small order), equation holds on y mod p",
        [ADV_A_NONCANON_ON] = "A = p + y, 2 <= y < 19, on the curve",
        [ADV_A_NONCANON_OFF] = "A = p + y, 2 <= y < 19, not on the curve",
        [ADV_R_NONCANON_SMALL] = "R = p + y, y in {0,1} (small order), equation holds on y mod p",
        [ADV_R_NONCANON] = "R = p + y, 2 <= y < 19",
        [ADV_A_X0_SIGN] = "A with x = 0 and the sign bit set (y = 1, y = -1)",
        [ADV_R_X0_SIGN] = "R with x = 0 and the sign bit set (y = 1, y = -1)",
        [ADV_A_SMALL_K0] = "small-order A (all 8), k = 0 mod 8: both equations hold",
        [ADV_A_SMALL_KODD] = "small-order A (all 8), k odd: cofactored equation holds",
        [ADV_R_SMALL] = "small-order R (all 8), S = k*a: cofactored equation holds",
        [ADV_A_OFF_CURVE] = "A not on the curve",
        [ADV_R_OFF_CURVE] = "R not on the curve",
        [ADV_TORSION] = "torsion components",
    };
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

static void emit_case(adv_sig_case_fn *emit, void *arg, adv_kind kind, int j,
                      const uint8_t sig[64], const uint8_t *msg, size_t mlen, const uint8_t pk[32])
{
    adv_sig_case c = {.kind = kind, .j = j, .sig = sig, .msg = msg, .mlen = mlen, .pk = pk};
    emit(&c, arg);
}

void adv_ed25519_cases(const adv_valid_sig *valid, size_t nvalid, adv_sig_case_fn *emit,
                       void *arg)
{
    uint8_t sig[64], pk[32], msg[32], a[32], r[32], R[32];
    char what[96];

    /* S + k·ℓ (k = 1..15 while < 2^256) and S with its top bits set */
    for (size_t i = 0; i < nvalid; i++) {
        const adv_valid_sig *sv = &valid[i];
        uint8_t s2[64];
        memcpy(s2, sv->sig, 64);
        for (int k = 1; k <= 15; k++) {
            if (adv_add_ell(s2 + 32)) break;
            emit_case(emit, arg, k == 1 ? ADV_S_PLUS_L : ADV_S_PLUS_KL, 0, s2, sv->msg, sv->mlen,
                      sv->pk);
        }
        for (int bit = 0; bit < 4; bit++) {
            memcpy(s2, sv->sig, 64);
            s2[63] |= bit == 3 ? 0xe0 : (uint8_t)(0x20 << bit);
            emit_case(emit, arg, ADV_S_TOP_BITS, 0, s2, sv->msg, sv->mlen, sv->pk);
        }
    }

    /* Non-canonical A = p + y, y < 19, with and without the sign bit. For
     * y = 0, 1 the point is small order and the signature satisfies both
     * equations on the reduced point (k ≡ 0 mod 8). */
    for (int y = 0; y < 19; y++)
        for (int sign = 0; sign < 2; sign++) {
            ge_ext P;
            adv_noncanon(pk, y, sign);
            int on_curve = ge_ext_frombytes_relaxed(&P, pk) == 0;
            if (y <= 1) {
                snprintf(what, sizeof what, "p + %d does not decode to a small-order point", y);
                hooks.check(on_curve && ct_to_int(ge_ext_is_small_order(&P)), what);
                for (int rep = 0; rep < 4; rep++)
                    if (adv_sig_small_A(sig, msg, 32, pk, ADV_K_ZERO_MOD8) == 0)
                        emit_case(emit, arg, ADV_A_NONCANON_SMALL, 0, sig, msg, 32, pk);
            } else {
                adv_rand_point(r, R, 0);
                hooks.rng(msg, 32);
                adv_make_sig(sig, R, r, pk, zero32, msg, 32);
                emit_case(emit, arg, on_curve ? ADV_A_NONCANON_ON : ADV_A_NONCANON_OFF, 0, sig,
                          msg, 32, pk);
            }
        }

    /* Non-canonical R = p + y. y = 0, 1: small order, S = k·a satisfies both
     * equations on the reduced point. */
    for (int y = 0; y < 19; y++)
        for (int sign = 0; sign < 2; sign++) {
            adv_noncanon(R, y, sign);
            if (y <= 1) {
                adv_sig_small_R(sig, pk, msg, R);
                emit_case(emit, arg, ADV_R_NONCANON_SMALL, 0, sig, msg, 32, pk);
            } else {
                adv_rand_point(a, pk, 0);
                hooks.rng(msg, 32);
                adv_rand_scalar(sig + 32);
                memcpy(sig, R, 32);
                emit_case(emit, arg, ADV_R_NONCANON, 0, sig, msg, 32, pk);
            }
        }

    /* x = 0 with the sign bit set: y = 1 (identity) and y = −1 (order 2) */
    for (int which = 0; which < 2; which++) {
        uint8_t enc[32];
        memcpy(enc, adv_tors_enc[which ? 4 : 0], 32);
        enc[31] |= 0x80;
        for (int rep = 0; rep < 4; rep++) {
            if (adv_sig_small_A(sig, msg, 32, enc, ADV_K_ZERO_MOD8) == 0)
                emit_case(emit, arg, ADV_A_X0_SIGN, which ? 4 : 0, sig, msg, 32, enc);
            adv_sig_small_R(sig, pk, msg, enc);
            emit_case(emit, arg, ADV_R_X0_SIGN, which ? 4 : 0, sig, msg, 32, pk);
        }
    }

    /* The eight small-order points as A (cofactored equation holds; the
     * cofactorless one too when k ≡ 0 mod 8) and as R (S = k·a). */
    for (int j = 0; j < 8; j++)
        for (int rep = 0; rep < 4; rep++) {
            if (adv_sig_small_A(sig, msg, 32, adv_tors_enc[j], ADV_K_ZERO_MOD8) == 0)
                emit_case(emit, arg, ADV_A_SMALL_K0, j, sig, msg, 32, adv_tors_enc[j]);
            if (adv_sig_small_A(sig, msg, 32, adv_tors_enc[j], ADV_K_ODD) == 0)
                emit_case(emit, arg, ADV_A_SMALL_KODD, j, sig, msg, 32, adv_tors_enc[j]);
            adv_sig_small_R(sig, pk, msg, adv_tors_enc[j]);
            emit_case(emit, arg, ADV_R_SMALL, j, sig, msg, 32, pk);
        }

    /* Points not on the curve (y with no x) as A and as R */
    int found = 0;
    for (int t = 0; t < 1000 && found < 16; t++) {
        uint8_t y[32];
        ge_ext P;
        hooks.rng(y, sizeof y);
        y[31] &= 0x7f;
        if (ge_ext_frombytes_relaxed(&P, y) == 0) continue;
        found++;
        for (int sign = 0; sign < 2; sign++) {
            y[31] = (uint8_t)((y[31] & 0x7f) | (sign << 7));
            adv_rand_point(r, R, 0);
            hooks.rng(msg, 32);
            adv_make_sig(sig, R, r, y, zero32, msg, 32);
            adv_sig_case c = {.kind = ADV_A_OFF_CURVE, .sign = sign, .sig = sig, .msg = msg,
                              .mlen = 32, .pk = y};
            emit(&c, arg);
            adv_rand_point(a, pk, 0);
            memcpy(sig, y, 32);
            adv_rand_scalar(sig + 32);
            c = (adv_sig_case){.kind = ADV_R_OFF_CURVE, .sign = sign, .sig = sig, .msg = msg,
                               .mlen = 32, .pk = pk};
            emit(&c, arg);
        }
    }
    snprintf(what, sizeof what, "found only %d off-curve y", found);
    hooks.check(found == 16, what);

    /* Torsion components: A' = [a]B + T_A, R' = [r]B + T_R, S = r + k·a.
     * The cofactored equation always holds; the cofactorless one holds iff
     * T_R + [k]T_A = 0, i.e. (jR + k·jA) ≡ 0 mod 8 with T_A = [jA]T8,
     * T_R = [jR]T8. */
    for (int ja = 0; ja < 8; ja++)
        for (int jr = 0; jr < 8; jr++) {
            if (ja == 0 && jr == 0) continue;
            for (int hold = 1; hold >= 0; hold--) {
                int feasible = 0;
                for (int k = 0; k < 8; k++) feasible |= (((jr + k * ja) & 7) == 0) == hold;
                if (!feasible) continue;
                for (int rep = 0; rep < 2; rep++) {
                    int done = adv_sig_torsion(sig, pk, msg, 32, ja, jr, hold) == 0;
                    snprintf(what, sizeof what, "could not grind k for torsion ja=%d jr=%d hold=%d",
                             ja, jr, hold);
                    hooks.check(done, what);
                    if (done) {
                        adv_sig_case c = {.kind = ADV_TORSION, .ja = ja, .jr = jr, .hold = hold,
                                          .sig = sig, .msg = msg, .mlen = 32, .pk = pk};
                        emit(&c, arg);
                    }
                }
            }
        }
}
