/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Prime-order subgroup membership: ge_ext_is_torsion_free, by one halving
 * step and a quartic character instead of [ℓ]P (issue 28).
 *
 * The group. E(F_p) ≅ Z/8 × Z/ℓ with a cyclic 2-part, so P lies in the
 * subgroup of order ℓ iff P ∈ 8E. We work on the Montgomery model
 *   M: v² = u³ + A·u² + u,  A = 486662,
 *   u = (1 + y)/(1 − y),  v = √−486664 · u/x           (RFC 7748 §4.1),
 * in the (u, w) coordinates of Pornin (eprint 2022/1164, §3 "Curve(A,B)"):
 * w = v/u = √−486664 / x, and u·w² = u² + A·u + 1 (Curve(A, 1)).
 *
 * 1. The 2-isogenous curve. Vélu's formulas on the kernel {∞, (0,0)} give
 *    φ: M → M' = Curve(−2A, A² − 4); in Weierstrass form
 *      M': y² = x·(x − (A − 2))·(x − (A + 2)),  (x, y) = (u', u'·w'),
 *    and the dual φ̂: M' → M, φ̂∘φ = [2], has kernel {∞, T'}, T' = (0,0)'.
 *    Pornin writes [2] = iso∘ψ2∘ψ1 (ψ1 = φ, iso∘ψ2 = φ̂) and inverts each map
 *    to halve a point; we invert only φ̂.
 *
 * 2. P ∈ 2E iff u(P) is a square (0 and ∞ included). The map P ↦ u(P) mod
 *    squares is the descent homomorphism of the 2-isogeny (Silverman, AEC
 *    X.4.9), with kernel φ̂(M'(F_p)) ⊇ 2E; both have index 2 (E[2](F_p) and
 *    ker φ̂ both have order 2), so they are equal. With y = Y/Z:
 *    u = (Z + Y)/(Z − Y), and fe_sqrt_ratio_i gives s = √u and the verdict.
 *
 * 3. A preimage under φ̂ (Pornin's inverse of iso then ψ2, with
 *    (us, ws) = (4u, 2w), w' = √us = 2s, u' = (us + 2A − w'·ws)/2):
 *      P' = (u', w'),  u' = 2u + A − 2w·s,  w' = 2s,  φ̂(P') = P.
 *    The other preimage is P' + T' (the other sign of s).
 *
 * 4. M'(F_p) ≅ Z/2 × Z/4 × Z/ℓ (its 2-torsion is rational, and |M'| = |E|).
 *    φ̂ maps the 2-primary part of M' onto that of E with kernel {∞, T'}, so
 *      P ∈ 8E  ⟺  P ∈ 2E and P' ∈ {∞, T'} + 4M'(F_p).
 *
 * 5. The 4-Tate pairing (embedding degree 1: 4 | p − 1; Frey–Rück)
 *      t(S', Q) = f(Q)^((p−1)/4),  div f = 4(S') − 4(∞),
 *    is non-degenerate on M'[4](F_p) × M'(F_p)/4M'(F_p). For S' of order 4,
 *    Q ↦ t(S', Q) is a character of order 4 of the 2-primary quotient
 *    Z/2 × Z/4, so its kernel has order 2; for the S' below (one of the four
 *    points of order 4, 2S' = (A + 2, 0)) that kernel is {∞, T'}. So
 *      P ∈ 8E  ⟺  P ∈ 2E and t(S', P') = 1,
 *    whichever preimage P' was taken. This is Koshelev's subgroup test
 *    ("Subgroup membership testing on elliptic curves via the Tate
 *    pairing", eprint 2022/037) applied on M', where 4 | p − 1 makes it
 *    possible; on E itself it would need 8 | p − 1.
 *
 * 6. Miller's function. With l the tangent at S', l = y − λ(x − xS) − yS,
 *    and 2S' of order 2 (its tangent is the vertical x − (A + 2)):
 *      f = l² / (x − (A + 2)),  normalised at ∞ (l ~ y, x − c ~ x),
 *    div l = 2(S') + (2S') − 3(∞), so div f = 4(S') − 4(∞).
 *
 * Projective evaluation, P = (X : Y : Z), n = Z + Y, m = Z − Y, s² = n/m,
 * c = √−486664 (w = c·Z/X), Dn = m·X:
 *   x(P') = N/Dn,  N = X·(2n + A·m) − 2c·Z·m·s,   y(P') = 2s·N/Dn,
 *   l(P')·Dn = (2s − λ)·N + µ·Dn =: L,            µ = λ·xS − yS,
 *   (x(P') − (A + 2))·Dn = N − (A + 2)·Dn =: Mv,
 *   f(P') = L²/(Dn·Mv) ≡ g = L²·(Dn·Mv)³  modulo fourth powers (× (Dn·Mv)⁴),
 *   t(S', P') = g^((p−1)/4) = (g^((p−5)/8))²·g.
 * The verdict is independent of the representative (Z): g scales by Z¹⁶.
 *
 * Exceptional points, all of small order: the identity (m = 0, so Dn = 0 and
 * g = 0: it is put back by the final OR), T2 = (0, −1) (X = 0: g = 0), the
 * points of order 4 (P' ∉ {∞, T'} + 4M' since φ̂(P') ≠ ∞, or P' ∈ supp f
 * and g = 0) and of order 8 (u is not a square). Every one of them is
 * rejected, as it must be. For a point not of small order Dn ≠ 0 and
 * P' ∉ supp div f = {S', 2S', ∞}, so f(P') is defined and non-zero.
 *
 * Constants: S' = (xS, yS) below, λ = (3xS² − 4A·xS + A² − 4)/(2yS) (the
 * slope of M' at S'), µ = λ·xS − yS. −S' would flip λ and µ and give the
 * same verdict; the other two order-4 points, ±S' + T', do not work (T' is
 * not in their kernel). Checked on every coset of E[8] against [ℓ]P by
 * tests/test_group.c (test_torsion_free_vs_ell).
 *
 * Cost: two exponentiations of the (p − 5)/8 shape (one in fe_sqrt_ratio_i)
 * and about 25 multiplications, against 252 doublings and 64 additions for
 * [ℓ]P. Constant time in the point: no branch, no index; only the verdict
 * mask leaves.
 */
#include "ge.h"

#define SUBGROUP_A 486662u        /* Montgomery A */
#define SUBGROUP_A_PLUS_2 486664u /* x(2S') on M' */

/* clang-format off */
/* S' = (18188081132251925698266448096434822182811072497651735037285882762825192367288,
 *       21519882354154246315252596311474309561012847337516811945157026478306180085373) */
#if defined(VEC25519_SERIAL_U32)
/* λ = 48802004052532134862652268456126542835229456083994414501085850622543968879635 */
static const fe subgroup_lambda = {{0x0884413, 0x0923be7, 0x26c7d34, 0x0394254, 0x18d6847,
                                    0x1f4a6ef, 0x3d3bd6b, 0x055f843, 0x17f9a9c, 0x1af93d2}};
/* µ = 5180710955379371447055307886718625974825899188828341279622714672093834388911 */
static const fe subgroup_mu = {{0x23a25af, 0x1653731, 0x1212c95, 0x158568c, 0x3c351d1,
                                0x144dc3e, 0x038bd3d, 0x14063f5, 0x3168013, 0x02dd0b6}};
#else
/* λ = 48802004052532134862652268456126542835229456083994414501085850622543968879635 */
static const fe subgroup_lambda = {{0x248ef9c884413, 0x0e509526c7d34, 0x7d29bbd8d6847,
                                    0x157e10fd3bd6b, 0x6be4f497f9a9c}};
/* µ = 5180710955379371447055307886718625974825899188828341279622714672093834388911 */
static const fe subgroup_mu = {{0x594dcc63a25af, 0x5615a31212c95, 0x51370fbc351d1,
                                0x5018fd438bd3d, 0x0b742db168013}};
#endif
/* clang-format on */

/*
 * The test in three stages around its two exponentiations, so that a caller
 * can run them beside others (ge_decode_torsion_free, ge_frombytes.c):
 *   ge_torsion_begin(c, w, Y, Z)   step 2 up to its power: w = the input of
 *                                  fe_sqrt_ratio_i's w^((p−5)/8); Y, Z alone
 *                                  (so it may start before X is known)
 *   ge_torsion_mid(c, g, p, pw)    steps 2-6 given pw = w^((p−5)/8): g
 *   ge_torsion_end(c, p, pg)       step 5's verdict given pg = g^((p−5)/8);
 *                                  c is wiped
 * p = (X : Y : Z : T) with the Y, Z given to begin. Bounds: every fe below
 * is tight, every fe_loose the sum or difference of two tight values
 * (fe.h). Constant time in p; only the verdict mask leaves.
 */
/* clang-format off */
void ge_torsion_begin(ge_torsion_ctx *c, fe *w, const fe *Y, const fe *Z)
{
    fe_loose l;

    /* step 2: s = √((Z + Y)/(Z − Y)), is_square iff P ∈ 2E */
    fe_add(&l, Z, Y);
    fe_carry(&c->n, &l);                             /* n = Z + Y */
    fe_sub(&l, Z, Y);
    fe_carry(&c->m, &l);                             /* m = Z − Y */
    fe_sqrt_ratio_begin(w, &c->uv3, &c->n, &c->m);
    vec25519_wipe(&l, sizeof l);
}

void ge_torsion_mid(ge_torsion_ctx *c, fe *g, const ge_ext *p, const fe *pw)
{
    struct {
        fe s, dn, t, nn, lv, mv;
        fe_loose l;
    } sec;

    c->is_square = fe_sqrt_ratio_end(&sec.s, &c->n, &c->m, &c->uv3, pw);

    /* step 3: N = X·(2n + A·m) − 2c·Z·m·s, Dn = m·X */
    fe_mul(&sec.dn, &c->m, &p->X);
    fe_relax(&sec.l, &c->m);
    fe_mul_small(&sec.t, &sec.l, SUBGROUP_A);        /* A·m */
    fe_add(&sec.l, &c->n, &c->n);
    fe_carry(&sec.nn, &sec.l);                       /* 2n */
    fe_add(&sec.l, &sec.nn, &sec.t);                 /* 2n + A·m */
    fe_mul_l(&sec.nn, &sec.l, &p->X);                /* X·(2n + A·m) */
    fe_mul(&sec.t, &p->Z, &c->m);
    fe_mul(&sec.t, &sec.t, &sec.s);
    fe_mul(&sec.t, &sec.t, &fe_const_sqrtm486664);   /* c·Z·m·s */
    fe_add(&sec.l, &sec.t, &sec.t);
    fe_carry(&sec.t, &sec.l);                        /* 2c·Z·m·s */
    fe_sub(&sec.l, &sec.nn, &sec.t);
    fe_carry(&sec.nn, &sec.l);                       /* N */

    /* step 6: L = (2s − λ)·N + µ·Dn, Mv = N − (A + 2)·Dn */
    fe_add(&sec.l, &sec.s, &sec.s);
    fe_carry(&sec.t, &sec.l);                        /* 2s */
    fe_sub(&sec.l, &sec.t, &subgroup_lambda);
    fe_mul_l(&sec.lv, &sec.l, &sec.nn);              /* (2s − λ)·N */
    fe_mul(&sec.t, &subgroup_mu, &sec.dn);           /* µ·Dn */
    fe_add(&sec.l, &sec.lv, &sec.t);
    fe_sq_l(&sec.lv, &sec.l);                        /* L² */
    fe_relax(&sec.l, &sec.dn);
    fe_mul_small(&sec.t, &sec.l, SUBGROUP_A_PLUS_2); /* (A + 2)·Dn */
    fe_sub(&sec.l, &sec.nn, &sec.t);
    fe_mul_l(&sec.mv, &sec.l, &sec.dn);              /* Dn·Mv */

    /* step 5: g = L²·(Dn·Mv)³ */
    fe_sq(&c->g, &sec.mv);
    fe_mul(&c->g, &c->g, &sec.mv);
    fe_mul(&c->g, &c->g, &sec.lv);
    *g = c->g;

    vec25519_wipe(&sec, sizeof sec);
}

ct_mask ge_torsion_end(ge_torsion_ctx *c, const ge_ext *p, const fe *pg)
{
    fe h, one;
    ct_mask is_one;

    /* step 5: t(S', P') = g^((p−1)/4) = (g^((p−5)/8))²·g */
    fe_sq(&h, pg);
    fe_mul(&h, &h, &c->g);
    fe_1(&one);
    is_one = fe_eq(&h, &one);

    ct_mask r = ct_or(ct_and(c->is_square, is_one), ge_ext_is_identity(p));
    vec25519_wipe(&h, sizeof h);
    vec25519_wipe(c, sizeof *c);
    return r;
}
/* clang-format on */

/*
 * all-ones iff p lies in the prime-order subgroup (the identity included),
 * i.e. [ℓ]p = identity, i.e. p ∈ 8E: steps 1-6 of the file header, the
 * three stages above with fe_pow22523 between them. Constant time in p; the
 * stack secrets are wiped.
 */
ct_mask ge_ext_is_torsion_free(const ge_ext *p)
{
    struct {
        ge_torsion_ctx c;
        fe w, pw;
    } sec;
    ge_torsion_begin(&sec.c, &sec.w, &p->Y, &p->Z);
    fe_pow22523(&sec.pw, &sec.w);
    ge_torsion_mid(&sec.c, &sec.w, p, &sec.pw);
    fe_pow22523(&sec.pw, &sec.w);
    ct_mask r = ge_torsion_end(&sec.c, p, &sec.pw);
    vec25519_wipe(&sec, sizeof sec);
    return r;
}
