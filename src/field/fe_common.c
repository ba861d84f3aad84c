/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Field operations written once over the contract of src/field/fe.h: powers by
 * fixed exponents (inversion, (p-5)/8), the square root of a ratio, batch
 * inversion, absolute value, and the curve constants.
 *
 * This file is compiled once per serial field: with fe = fe51 (radix 2^51),
 * and with -DVEC25519_SERIAL_U32, fe = fe2625 (radix 2^25.5); the names it
 * defines carry the representation (fe51_invert, fe2625_invert, ...).
 *
 * References: RFC 7748 §5 (p = 2^255 - 19), RFC 8032 §5.1.1 (d) and §5.1.3
 * (square roots via (p-5)/8), RFC 9496 §4.1 (ristretto255 constants) and §4.2
 * (SQRT_RATIO_M1), RFC 9380 Appendix D.2 (sqrt(-486664) with sgn0 = 0),
 * P. L. Montgomery, "Speeding the Pollard and elliptic curve methods of
 * factorization" (1987) for simultaneous inversion.
 */
#include <stddef.h>

#include "fe.h"
#include "fe_chain.h"

/* ---- constants ------------------------------------------------------------
 * Each one is given in decimal; the limbs below are that value in the active
 * representation (every limb < 2^51, resp. < 2^w_i: tight and canonical).
 * tests/test_field.c recomputes every value with the bignum reference.
 */
/* clang-format off */
#if defined(VEC25519_SERIAL_U32)
/* d = -121665/121666
 *   = 37095705934669439343138083508754565189542113879843219016388785533085940283555 */
const fe fe_const_d = {{0x35978a3, 0x0d37284, 0x3156ebd, 0x06a0a0e, 0x001c029,
                        0x179e898, 0x3a03cbb, 0x1ce7198, 0x2e2b6ff, 0x1480db3}};
/* 2d
 *   = 16295367250680780974490674513165176452449235426866156013048779062215315747161 */
const fe fe_const_2d = {{0x2b2f159, 0x1a6e509, 0x22add7a, 0x0d4141d, 0x0038052,
                         0x0f3d130, 0x3407977, 0x19ce331, 0x1c56dff, 0x0901b67}};
/* sqrt(-1) = 2^((p-1)/4)
 *   = 19681161376707505956807079304988542015446066515923890162744021073123829784752 */
const fe fe_const_sqrtm1 = {{0x20ea0b0, 0x186c9d2, 0x08f189d, 0x035697f, 0x0bd0c60,
                             0x1fbd7a7, 0x2804c9e, 0x1e16569, 0x004fc1d, 0x0ae0c92}};
/* sqrt(-486664), the even root
 *   = 6853475219497561581579357271197624642482790079785650197046958215289687604742 */
const fe fe_const_sqrtm486664 = {{0x3457e06, 0x1812abf, 0x350598d, 0x08a5be8, 0x316874f,
                                  0x1fc4f7e, 0x1846e01, 0x0d77a4f, 0x3460a00, 0x03c9bb7}};
/* SQRT_AD_MINUS_ONE (RFC 9496 §4.1)
 *   = 25063068953384623474111414158702152701244531502492656460079210482610430750235 */
const fe fe_const_sqrt_ad_minus_one = {{0x17b2e1b, 0x1fda812, 0x297afd2, 0x060dbc2, 0x2be7638,
                                        0x1f5d1fd, 0x27e6498, 0x11581e7, 0x3f2b834, 0x0dda4c6}};
/* INVSQRT_A_MINUS_D (RFC 9496 §4.1)
 *   = 54469307008909316920995813868745141605393597292927456921205312896311721017578 */
const fe fe_const_invsqrt_a_minus_d = {{0x05d40ea, 0x03f6aa0, 0x257d339, 0x0bad20b, 0x274bc58,
                                        0x001d840, 0x13dc8ff, 0x19442d8, 0x05cfaff, 0x1e1b224}};
/* ONE_MINUS_D_SQ = 1 - d^2 (RFC 9496 §4.1)
 *   = 1159843021668779879193775521855586647937357759715417654439879720876111806838 */
const fe fe_const_one_minus_d_sq = {{0x05fc176, 0x1027065, 0x2a1fc4f, 0x1c66af1, 0x0b20684,
                                     0x070dfe4, 0x255eedf, 0x01af332, 0x28b2b3e, 0x00a41ca}};
/* D_MINUS_ONE_SQ = (d - 1)^2 (RFC 9496 §4.1)
 *   = 40440834346308536858101042469323190826248399146238708352240133220865137265952 */
const fe fe_const_d_minus_one_sq = {{0x0ed4d20, 0x156aa91, 0x3332635, 0x16580f0, 0x34a7928,
                                     0x09b4eeb, 0x26997a9, 0x048299b, 0x3af66c2, 0x165a2cd}};
#else
/* d = -121665/121666
 *   = 37095705934669439343138083508754565189542113879843219016388785533085940283555 */
const fe fe_const_d = {{0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb,
                        0x52036cee2b6ff}};
/* 2d
 *   = 16295367250680780974490674513165176452449235426866156013048779062215315747161 */
const fe fe_const_2d = {{0x69b9426b2f159, 0x35050762add7a, 0x3cf44c0038052, 0x6738cc7407977,
                         0x2406d9dc56dff}};
/* sqrt(-1) = 2^((p-1)/4)
 *   = 19681161376707505956807079304988542015446066515923890162744021073123829784752 */
const fe fe_const_sqrtm1 = {{0x61b274a0ea0b0, 0x0d5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e,
                             0x2b8324804fc1d}};
/* sqrt(-486664), the even root
 *   = 6853475219497561581579357271197624642482790079785650197046958215289687604742 */
const fe fe_const_sqrtm486664 = {{0x604aaff457e06, 0x2296fa350598d, 0x7f13dfb16874f, 0x35de93d846e01,
                                  0x0f26edf460a00}};
/* SQRT_AD_MINUS_ONE (RFC 9496 §4.1)
 *   = 25063068953384623474111414158702152701244531502492656460079210482610430750235 */
const fe fe_const_sqrt_ad_minus_one = {{0x7f6a0497b2e1b, 0x1836f0a97afd2, 0x7d747f6be7638, 0x456079e7e6498,
                                        0x376931bf2b834}};
/* INVSQRT_A_MINUS_D (RFC 9496 §4.1)
 *   = 54469307008909316920995813868745141605393597292927456921205312896311721017578 */
const fe fe_const_invsqrt_a_minus_d = {{0x0fdaa805d40ea, 0x2eb482e57d339, 0x007610274bc58, 0x6510b613dc8ff,
                                        0x786c8905cfaff}};
/* ONE_MINUS_D_SQ = 1 - d^2 (RFC 9496 §4.1)
 *   = 1159843021668779879193775521855586647937357759715417654439879720876111806838 */
const fe fe_const_one_minus_d_sq = {{0x409c1945fc176, 0x719abc6a1fc4f, 0x1c37f90b20684, 0x06bccca55eedf,
                                     0x029072a8b2b3e}};
/* D_MINUS_ONE_SQ = (d - 1)^2 (RFC 9496 §4.1)
 *   = 40440834346308536858101042469323190826248399146238708352240133220865137265952 */
const fe fe_const_d_minus_one_sq = {{0x55aaa44ed4d20, 0x59603c3332635, 0x26d3baf4a7928, 0x120a66e6997a9,
                                     0x5968b37af66c2}};
#endif
/* clang-format on */

/* ---- powers ------------------------------------------------------------- */

/*
 * h = f^(2^n), n ≥ 1: n squarings. In/out: tight. Aliasing allowed.
 * Constant time (n is public).
 */
void fe_sqn(fe *h, const fe *f, int n)
{
    fe_sq(h, f);
    for (int i = 1; i < n; i++) fe_sq(h, h);
}

/*
 * The common head of the two addition chains below:
 *   z11 = z^11,  z250 = z^(2^250 - 1)
 * (fe_chain.h). The caller wipes the outputs. Constant time.
 */
static void fe_pow_2_250_1(fe *z250, fe *z11, const fe *z)
{
    struct {
        fe z2, z9, a, b, t;
    } sec;
    FE_CHAIN_2_250_1(fe_sq, fe_sqn, fe_mul, z250, z11, z, &sec);
    vec25519_wipe(&sec, sizeof sec);
}

/*
 * h = f^((p-5)/8) = f^(2^252 - 3), the exponent of the square-root
 * computation of RFC 8032 §5.1.3. In/out: tight. Aliasing allowed. Constant time.
 */
void fe_pow22523(fe *h, const fe *f)
{
    struct {
        fe z250, z11, t;
    } sec;
    fe_pow_2_250_1(&sec.z250, &sec.z11, f);
    fe_sqn(&sec.t, &sec.z250, 2); /* 2^252 - 4 */
    fe_mul(h, &sec.t, f);         /* 2^252 - 3 */
    vec25519_wipe(&sec, sizeof sec);
}

/*
 * h = 1/f = f^(p-2) = f^(2^255 - 21) (Fermat); 0 ↦ 0. In/out: tight.
 * Aliasing allowed. Constant time. fe_invert is this power only where the
 * divsteps inversion cannot be compiled (fe_divsteps.c); elsewhere this is
 * the independent reference the tests hold fe_invert to.
 */
void fe_invert_fermat(fe *h, const fe *f)
{
    struct {
        fe z250, z11, t;
    } sec;
    fe_pow_2_250_1(&sec.z250, &sec.z11, f);
    fe_sqn(&sec.t, &sec.z250, 5); /* 2^255 - 32 */
    fe_mul(h, &sec.t, &sec.z11);  /* 2^255 - 21 */
    vec25519_wipe(&sec, sizeof sec);
}

/* ---- square roots ------------------------------------------------------- */

/*
 * h = |f|: f or -f, whichever is non-negative (even when canonical).
 * In/out: tight. Aliasing allowed. Constant time.
 */
void fe_abs(fe *h, const fe *f)
{
    fe_cneg(h, f, fe_is_negative(f));
}

/*
 * SQRT_RATIO_M1 of RFC 9496 §4.2, step by step:
 *   returns all-ones and r = +sqrt(u/v)            if u/v is a non-zero square,
 *   returns all-ones and r = 0                     if u = 0,
 *   returns zero     and r = +sqrt(SQRT_M1·u/v)    if u/v is a non-square,
 *   returns zero     and r = 0                     if v = 0 and u ≠ 0,
 * where "+" is the non-negative root. In/out: tight. r may alias u or v.
 * Constant time.
 */
ct_mask fe_sqrt_ratio_i(fe *r, const fe *u, const fe *v)
{
    struct {
        fe w, uv3, pw;
    } sec;
    fe_sqrt_ratio_begin(&sec.w, &sec.uv3, u, v);
    fe_pow22523(&sec.pw, &sec.w); /* (u·v^7)^((p-5)/8) */
    ct_mask m = fe_sqrt_ratio_end(r, u, v, &sec.uv3, &sec.pw);
    vec25519_wipe(&sec, sizeof sec);
    return m;
}

/* v3 = v^3, v7 = v^7: the powers of v both square roots start with. */
static void v3_v7(fe *v3, fe *v7, const fe *v)
{
    fe_sq(v3, v);          /* v^2 */
    fe_mul(v3, v3, v);     /* v^3 */
    fe_sq(v7, v3);         /* v^6 */
    fe_mul(v7, v7, v);     /* v^7 */
}

/* fe_sqrt_ratio_i up to its exponentiation: w = u·v^7, uv3 = u·v^3. */
void fe_sqrt_ratio_begin(fe *w, fe *uv3, const fe *u, const fe *v)
{
    struct {
        fe v3, v7;
    } sec;

    v3_v7(&sec.v3, &sec.v7, v);
    fe_mul(uv3, u, &sec.v3);       /* u·v^3 */
    fe_mul(w, u, &sec.v7);         /* u·v^7 */
    vec25519_wipe(&sec, sizeof sec);
}

/*
 * The end of SQRT_RATIO_M1 given r = u·v^3·(u·v^7)^((p-5)/8): with
 * check = v·r², r is the root if check = u, r·SQRT_M1 is if check = -u, and
 * r·SQRT_M1 is the root of SQRT_M1·u/v if check = -u·SQRT_M1. neg_u = -u and
 * neg_u_i = -u·SQRT_M1 come from the caller. out = |the root|; returns
 * was_square. Constant time.
 */
static ct_mask sqrt_ratio_fix(fe *out, const fe *r, const fe *v, const fe *u, const fe *neg_u,
                              const fe *neg_u_i)
{
    struct {
        fe rr, check, r_prime;
    } sec;

    fe_sq(&sec.check, r);
    fe_mul(&sec.check, &sec.check, v); /* check = v·r^2 */

    ct_mask correct_sign = fe_eq(&sec.check, u);
    ct_mask flipped_sign = fe_eq(&sec.check, neg_u);
    ct_mask flipped_sign_i = fe_eq(&sec.check, neg_u_i);

    fe_copy(&sec.rr, r);
    fe_mul(&sec.r_prime, r, &fe_const_sqrtm1);
    fe_cmov(&sec.rr, &sec.r_prime, ct_or(flipped_sign, flipped_sign_i));
    fe_abs(out, &sec.rr);

    vec25519_wipe(&sec, sizeof sec);
    return ct_or(correct_sign, flipped_sign);
}

/* fe_sqrt_ratio_i from its exponentiation on, given pw = w^((p-5)/8). */
ct_mask fe_sqrt_ratio_end(fe *r, const fe *u, const fe *v, const fe *uv3, const fe *pw)
{
    struct {
        fe rr, neg_u, neg_u_i;
        fe_loose l;
    } sec;

    fe_mul(&sec.rr, pw, uv3); /* r = (u·v^3)·(u·v^7)^((p-5)/8) */
    fe_neg(&sec.l, u);
    fe_carry(&sec.neg_u, &sec.l);                       /* -u */
    fe_mul(&sec.neg_u_i, &sec.neg_u, &fe_const_sqrtm1); /* -u·SQRT_M1 */
    ct_mask m = sqrt_ratio_fix(r, &sec.rr, v, u, &sec.neg_u, &sec.neg_u_i);
    vec25519_wipe(&sec, sizeof sec);
    return m;
}

/*
 * SQRT_RATIO_M1(1, v), as RFC 9496's DECODE and ENCODE call it: returns
 * all-ones and r = +1/sqrt(v) if v is a non-zero square, zero and
 * r = +sqrt(SQRT_M1/v) if it is not, zero and r = 0 if v = 0. The same
 * steps as fe_sqrt_ratio_i with u = 1, so without its products by u (w = v^7,
 * uv3 = v^3) and with -1 and -SQRT_M1 as constants: three multiplications
 * fewer. In/out: tight. r may alias v. Constant time.
 */
ct_mask fe_invsqrt_i(fe *r, const fe *v)
{
    struct {
        fe v3, w, rr;
    } sec;
    fe one, neg_one, neg_i;
    fe_loose l;

    v3_v7(&sec.v3, &sec.w, v);
    fe_pow22523(&sec.rr, &sec.w);
    fe_mul(&sec.rr, &sec.rr, &sec.v3); /* v^3·(v^7)^((p-5)/8) */
    fe_1(&one);
    fe_neg(&l, &one);
    fe_carry(&neg_one, &l);
    fe_neg(&l, &fe_const_sqrtm1);
    fe_carry(&neg_i, &l);
    ct_mask m = sqrt_ratio_fix(r, &sec.rr, v, &one, &neg_one, &neg_i);
    vec25519_wipe(&sec, sizeof sec);
    return m;
}

/* ---- batch inversion ----------------------------------------------------- */

/*
 * Montgomery's trick without a heap and without a VLA. The array is cut into
 * at most FE_BATCH_FANOUT segments; the segment products are inverted together
 * with the plain trick (stack scratch of FE_BATCH_FANOUT elements), and each
 * segment is then inverted given the inverse of its product, recursively. One
 * field inversion in total; about 3n multiplications for n ≤ 32 and one more
 * per element for each further level (4n up to n = 1024). The control flow
 * depends on n only. Scratch: 2·FE_BATCH_FANOUT elements per level
 * (log_32 n levels).
 */
#define FE_BATCH_FANOUT 32

/*
 * a[i] = 1/a[i] for n ≤ FE_BATCH_FANOUT elements. If inv is NULL the product
 * is inverted here; otherwise *inv must be 1/(a[0]·…·a[n-1]).
 */
static void fe_batch_invert_leaf(fe *a, size_t n, const fe *inv)
{
    fe pre[FE_BATCH_FANOUT]; /* pre[i] = a[0]·…·a[i] */
    fe acc, t;

    pre[0] = a[0];
    for (size_t i = 1; i < n; i++) fe_mul(&pre[i], &pre[i - 1], &a[i]);
    if (inv == NULL) {
        fe_invert(&acc, &pre[n - 1]);
    } else {
        acc = *inv;
    }
    /* acc = 1/(a[0]·…·a[i]) at the top of each iteration */
    for (size_t i = n - 1; i > 0; i--) {
        fe_mul(&t, &acc, &pre[i - 1]); /* 1/a[i] */
        fe_mul(&acc, &acc, &a[i]);     /* 1/(a[0]·…·a[i-1]) */
        a[i] = t;
    }
    a[0] = acc;

    vec25519_wipe(pre, n * sizeof pre[0]);
    vec25519_wipe(&acc, sizeof acc);
    vec25519_wipe(&t, sizeof t);
}

/* As the leaf, for any n ≥ 1. */
static void fe_batch_invert_rec(fe *a, size_t n, const fe *inv)
{
    if (n <= FE_BATCH_FANOUT) {
        fe_batch_invert_leaf(a, n, inv);
        return;
    }
    fe q[FE_BATCH_FANOUT]; /* q[k] = product of segment k, then its inverse */
    size_t seg = (n + FE_BATCH_FANOUT - 1) / FE_BATCH_FANOUT;
    size_t nseg = (n + seg - 1) / seg; /* ≤ FE_BATCH_FANOUT */

    for (size_t k = 0; k < nseg; k++) {
        size_t lo = k * seg, len = (n - lo < seg) ? n - lo : seg;
        q[k] = a[lo];
        for (size_t i = 1; i < len; i++) fe_mul(&q[k], &q[k], &a[lo + i]);
    }
    fe_batch_invert_leaf(q, nseg, inv);
    for (size_t k = 0; k < nseg; k++) {
        size_t lo = k * seg, len = (n - lo < seg) ? n - lo : seg;
        fe_batch_invert_rec(a + lo, len, &q[k]);
    }
    vec25519_wipe(q, nseg * sizeof q[0]);
}

/*
 * a[i] = 1/a[i] for i < n, with one field inversion. If any a[i] ≡ 0, every
 * output is 0 (the product is 0, and 1/0 ↦ 0 propagates). In/out: tight.
 * Constant time in the values (the control flow depends on n only).
 */
void fe_batch_invert(fe *a, size_t n)
{
    if (n == 0) return;
    fe_batch_invert_rec(a, n, NULL);
}
