/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * ristretto255 (RFC 9496) on the edwards25519 group of this library
 * (include/vec25519/ristretto255.h).
 *
 * Representation: an element is held as one edwards25519 point in extended
 * coordinates (src/backend/serial/ge.h), any member of its class P + E[4].
 * Addition, negation and scalar multiplication are those of edwards25519
 * (the class of a sum is the sum of the classes); scalar multiplications go
 * through the backend table (src/backend/backend.h). What is specific to
 * ristretto255, each written from its section of RFC 9496:
 *
 *   decode_el   §4.3.1 DECODE, with every rejection of the RFC
 *   encode_el   §4.3.2 ENCODE
 *   eq_el       §4.3.3 equality, x1·y2 = y1·x2 or y1·y2 = x1·x2
 *   map_el      §4.3.4 MAP, the one-way map from a field element
 *   from_uniform_el  §4.3.4 element derivation from 64 bytes
 *
 * plus the batched encoding of doubled elements (the idea is
 * curve25519-dalek's RistrettoPoint::double_and_compress_batch; the
 * derivation and code below are ours, see dbl_encode_state). The
 * multiscalar multiplications are the backend's, on the representatives
 * (src/edwards/msm_api.c).
 *
 * Field operations and the constants SQRT_M1, D, SQRT_AD_MINUS_ONE,
 * INVSQRT_A_MINUS_D, ONE_MINUS_D_SQ, D_MINUS_ONE_SQ come from src/field/fe.h;
 * SQRT_RATIO_M1 (§4.2) is fe_sqrt_ratio_i, and fe_invsqrt_i where u = 1.
 *
 * Constant time: all arithmetic on elements and secret scalars is masks and
 * fixed sequences of field operations. The validity of an encoding is public
 * (ct_declassify_mask), as is "the result is the identity" in the
 * libsodium-compatible scalar multiplications, which report it.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/edwards25519.h"
#include "vec25519/hash_to_curve.h"
#include "vec25519/ristretto255.h"

#include "../backend/backend.h"
#include "../field/fe.h"
#include "../internal/ct.h"
#include "../internal/random.h"
#include "../scalar/sc.h"
#include "../edwards/opaque.h"
#include "../edwards/scalar_forward.h"
#include "ristretto255_internal.h"

_Static_assert(sizeof(ge_ext) <= sizeof(vec25519_ristretto255_point),
               "vec25519_ristretto255_point is too small for ge_ext");

/* ---- RFC 9496 §4.3 ---------------------------------------------------------- */

/*
 * h = DECODE(s) (RFC 9496 §4.3.1); returns all-ones on success, zero on
 * failure (h is then the identity). Steps:
 *   1. s = the 32 bytes as an integer; reject unless s < p (so bit 255 is
 *      clear) and s is non-negative (low bit of s even);
 *   2. ss = s², u1 = 1 - ss, u2 = 1 + ss, u2_sqr = u2²,
 *      v = -(D·u1²) - u2_sqr,
 *      (was_square, invsqrt) = SQRT_RATIO_M1(1, v·u2_sqr) (fe_invsqrt_i),
 *      den_x = invsqrt·u2, den_y = invsqrt·den_x·v,
 *      x = |2·s·den_x|, y = u1·den_y, t = x·y;
 *   3. reject if !was_square, t is negative, or y = 0.
 * Constant time; only the mask tells what happened.
 */
static ct_mask decode_el(ge_ext *h, const uint8_t s_bytes[32])
{
    struct {
        uint8_t canon[32];
        fe s, ss, u1, u2, u2_sqr, v, w, invsqrt, den_x, den_y, x, y, t;
        fe_loose l;
    } sec;
    fe one;
    ct_mask canonical, s_neg, was_square, t_neg, y_zero, ok;
    ge_ext id;

    /* 1. canonical (s < p and bit 255 clear: fe_tobytes writes bit 255 = 0)
     *    and non-negative */
    fe_frombytes(&sec.s, s_bytes);
    fe_tobytes(sec.canon, &sec.s);
    canonical = ct_eq_bytes(sec.canon, s_bytes, 32);
    s_neg = fe_is_negative(&sec.s);

    /* 2. */
    fe_1(&one);
    fe_sq(&sec.ss, &sec.s);
    fe_sub(&sec.l, &one, &sec.ss);
    fe_carry(&sec.u1, &sec.l);     /* u1 = 1 - s² */
    fe_add(&sec.l, &one, &sec.ss);
    fe_carry(&sec.u2, &sec.l);     /* u2 = 1 + s² */
    fe_sq(&sec.u2_sqr, &sec.u2);   /* u2² */
    fe_sq(&sec.w, &sec.u1);
    fe_mul(&sec.w, &sec.w, &fe_const_d); /* D·u1² */
    fe_add(&sec.l, &sec.w, &sec.u2_sqr);
    fe_carry(&sec.w, &sec.l);
    fe_neg(&sec.l, &sec.w);
    fe_carry(&sec.v, &sec.l);      /* v = -(D·u1²) - u2² */
    fe_mul(&sec.w, &sec.v, &sec.u2_sqr);
    was_square = fe_invsqrt_i(&sec.invsqrt, &sec.w);
    fe_mul(&sec.den_x, &sec.invsqrt, &sec.u2);
    fe_mul(&sec.den_y, &sec.invsqrt, &sec.den_x);
    fe_mul(&sec.den_y, &sec.den_y, &sec.v);
    fe_add(&sec.l, &sec.s, &sec.s);
    fe_mul_l(&sec.x, &sec.l, &sec.den_x);
    fe_abs(&sec.x, &sec.x);              /* x = |2·s·den_x| */
    fe_mul(&sec.y, &sec.u1, &sec.den_y); /* y = u1·den_y */
    fe_mul(&sec.t, &sec.x, &sec.y);

    /* 3. */
    t_neg = fe_is_negative(&sec.t);
    y_zero = fe_is_zero(&sec.y);
    ok = ct_and(canonical, ct_not(s_neg));
    ok = ct_and(ok, was_square);
    ok = ct_and(ok, ct_not(ct_or(t_neg, y_zero)));

    fe_copy(&h->X, &sec.x);
    fe_copy(&h->Y, &sec.y);
    fe_1(&h->Z);
    fe_copy(&h->T, &sec.t);
    ge_ext_0(&id);
    ge_ext_cmov(h, &id, ct_not(ok));

    vec25519_wipe(&sec, sizeof sec);
    return ok;
}

/*
 * s = ENCODE(h) (RFC 9496 §4.3.2), for h = (X0 : Y0 : Z0 : T0):
 *   u1 = (Z0 + Y0)·(Z0 - Y0), u2 = X0·Y0,
 *   (_, invsqrt) = SQRT_RATIO_M1(1, u1·u2²),
 *   den1 = invsqrt·u1, den2 = invsqrt·u2, z_inv = den1·den2·T0,
 *   rotate = IS_NEGATIVE(T0·z_inv),
 *   (x, y, den_inv) = rotate ? (Y0·SQRT_M1, X0·SQRT_M1, den1·INVSQRT_A_MINUS_D)
 *                            : (X0, Y0, den2),
 *   y = -y if IS_NEGATIVE(x·z_inv),
 *   s = |den_inv·(Z0 - y)|.
 * Constant time.
 */
static void encode_el(uint8_t s_bytes[32], const ge_ext *h)
{
    struct {
        fe u1, u2, w, invsqrt, den1, den2, z_inv, ix, iy, ench, x, y, den_inv, s;
        fe_loose a, b;
        ct_mask rotate, flip;
    } sec;

    fe_add(&sec.a, &h->Z, &h->Y);
    fe_sub(&sec.b, &h->Z, &h->Y);
    fe_mul_ll(&sec.u1, &sec.a, &sec.b); /* u1 = (Z0 + Y0)(Z0 - Y0) */
    fe_mul(&sec.u2, &h->X, &h->Y);      /* u2 = X0·Y0 */
    fe_sq(&sec.w, &sec.u2);
    fe_mul(&sec.w, &sec.w, &sec.u1); /* u1·u2² */
    (void)fe_invsqrt_i(&sec.invsqrt, &sec.w);
    fe_mul(&sec.den1, &sec.invsqrt, &sec.u1);
    fe_mul(&sec.den2, &sec.invsqrt, &sec.u2);
    fe_mul(&sec.z_inv, &sec.den1, &sec.den2);
    fe_mul(&sec.z_inv, &sec.z_inv, &h->T); /* z_inv = den1·den2·T0 */

    fe_mul(&sec.ix, &h->X, &fe_const_sqrtm1);
    fe_mul(&sec.iy, &h->Y, &fe_const_sqrtm1);
    fe_mul(&sec.ench, &sec.den1, &fe_const_invsqrt_a_minus_d);

    fe_mul(&sec.w, &h->T, &sec.z_inv);
    sec.rotate = fe_is_negative(&sec.w);
    fe_copy(&sec.x, &h->X);
    fe_copy(&sec.y, &h->Y);
    fe_copy(&sec.den_inv, &sec.den2);
    fe_cmov(&sec.x, &sec.iy, sec.rotate);
    fe_cmov(&sec.y, &sec.ix, sec.rotate);
    fe_cmov(&sec.den_inv, &sec.ench, sec.rotate);

    fe_mul(&sec.w, &sec.x, &sec.z_inv);
    sec.flip = fe_is_negative(&sec.w);
    fe_cneg(&sec.y, &sec.y, sec.flip);

    fe_sub(&sec.a, &h->Z, &sec.y);
    fe_mul_l(&sec.s, &sec.a, &sec.den_inv);
    fe_abs(&sec.s, &sec.s);
    fe_tobytes(s_bytes, &sec.s);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * all-ones iff p and q represent the same element (RFC 9496 §4.3.3):
 * X1·Y2 = Y1·X2 or Y1·Y2 = X1·X2. Translating (x, y) by the 2-torsion point
 * gives (-x, -y), which satisfies the first; by a 4-torsion point (±i, 0)
 * gives ±(i·y, i·x), which satisfies the second. Z and T drop out.
 * Constant time.
 */
static ct_mask eq_el(const ge_ext *p, const ge_ext *q)
{
    struct {
        fe a, b, c, d;
    } sec;
    ct_mask m;

    fe_mul(&sec.a, &p->X, &q->Y);
    fe_mul(&sec.b, &p->Y, &q->X);
    fe_mul(&sec.c, &p->Y, &q->Y);
    fe_mul(&sec.d, &p->X, &q->X);
    m = ct_or(fe_eq(&sec.a, &sec.b), fe_eq(&sec.c, &sec.d));
    vec25519_wipe(&sec, sizeof sec);
    return m;
}

/*
 * h = MAP(t) (RFC 9496 §4.3.4), for a field element t:
 *   r = SQRT_M1·t², u = (r + 1)·ONE_MINUS_D_SQ, v = (-1 - r·D)·(r + D),
 *   (was_square, s) = SQRT_RATIO_M1(u, v),
 *   s' = -|s·t|,  s = was_square ? s : s',  c = was_square ? -1 : r,
 *   N = c·(r - 1)·D_MINUS_ONE_SQ - v,
 *   w0 = 2·s·v, w1 = N·SQRT_AD_MINUS_ONE, w2 = 1 - s², w3 = 1 + s²,
 *   h = (w0·w3 : w2·w1 : w1·w3 : w0·w2).
 * Constant time.
 */
static void map_el(ge_ext *h, const fe *t)
{
    struct {
        fe r, u, v, va, s, s_prime, c, n, w0, w1, w2, w3, ss;
        fe_loose l, l2;
        ct_mask was_square;
    } sec;
    fe one, minus_one;

    fe_1(&one);
    fe_neg(&sec.l, &one);
    fe_carry(&minus_one, &sec.l);

    fe_sq(&sec.r, t);
    fe_mul(&sec.r, &sec.r, &fe_const_sqrtm1);     /* r = SQRT_M1·t² */
    fe_add(&sec.l, &sec.r, &one);
    fe_mul_l(&sec.u, &sec.l, &fe_const_one_minus_d_sq); /* u = (r + 1)·ONE_MINUS_D_SQ */
    fe_mul(&sec.va, &sec.r, &fe_const_d);
    fe_sub(&sec.l, &minus_one, &sec.va);           /* -1 - r·D */
    fe_add(&sec.l2, &sec.r, &fe_const_d);          /* r + D */
    fe_mul_ll(&sec.v, &sec.l, &sec.l2);            /* v */

    sec.was_square = fe_sqrt_ratio_i(&sec.s, &sec.u, &sec.v);
    fe_mul(&sec.s_prime, &sec.s, t);
    fe_abs(&sec.s_prime, &sec.s_prime);
    fe_neg(&sec.l, &sec.s_prime);
    fe_carry(&sec.s_prime, &sec.l);                /* s' = -|s·t| */
    fe_cmov(&sec.s, &sec.s_prime, ct_not(sec.was_square));
    fe_copy(&sec.c, &sec.r);
    fe_cmov(&sec.c, &minus_one, sec.was_square);

    fe_sub(&sec.l, &sec.r, &one);
    fe_mul_l(&sec.n, &sec.l, &sec.c);
    fe_mul(&sec.n, &sec.n, &fe_const_d_minus_one_sq);
    fe_sub(&sec.l, &sec.n, &sec.v);
    fe_carry(&sec.n, &sec.l);                      /* N = c·(r - 1)·D_MINUS_ONE_SQ - v */

    fe_add(&sec.l, &sec.s, &sec.s);
    fe_mul_l(&sec.w0, &sec.l, &sec.v);             /* w0 = 2·s·v */
    fe_mul(&sec.w1, &sec.n, &fe_const_sqrt_ad_minus_one); /* w1 = N·SQRT_AD_MINUS_ONE */
    fe_sq(&sec.ss, &sec.s);
    fe_sub(&sec.l, &one, &sec.ss);
    fe_carry(&sec.w2, &sec.l);                     /* w2 = 1 - s² */
    fe_add(&sec.l, &one, &sec.ss);
    fe_carry(&sec.w3, &sec.l);                     /* w3 = 1 + s² */

    fe_mul(&h->X, &sec.w0, &sec.w3);
    fe_mul(&h->Y, &sec.w2, &sec.w1);
    fe_mul(&h->Z, &sec.w1, &sec.w3);
    fe_mul(&h->T, &sec.w0, &sec.w2);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * h = MAP(r0) + MAP(r1), r0 and r1 the two 32-byte halves of b, each with
 * bit 255 cleared and taken mod p (RFC 9496 §4.3.4; fe_frombytes ignores
 * bit 255 and accepts values ≥ p). Constant time.
 */
static void from_uniform_el(ge_ext *h, const uint8_t b[64])
{
    struct {
        fe t;
        ge_ext p1, p2;
    } sec;

    fe_frombytes(&sec.t, b);
    map_el(&sec.p1, &sec.t);
    fe_frombytes(&sec.t, b + 32);
    map_el(&sec.p2, &sec.t);
    ge_ext_add(h, &sec.p1, &sec.p2);

    vec25519_wipe(&sec, sizeof sec);
}

/* ---- byte level, libsodium semantics --------------------------------------- */

/* crypto_core_ristretto255_is_valid_point (1 iff DECODE(p) succeeds), and
 * crypto_core_ristretto255_add / _sub: ENCODE(DECODE(p) ± DECODE(q)). */
OPAQUE_BYTES_OPS(ristretto255, decode_el, decode_el, encode_el)

/* p = ENCODE(element derived from r) (§4.3.4); always 0. Constant time. */
VEC25519_API int vec25519_ristretto255_from_uniform_bytes(uint8_t p[32], const uint8_t r[64])
{
    ge_ext h;
    from_uniform_el(&h, r);
    encode_el(p, &h);
    vec25519_wipe(&h, sizeof h);
    return 0;
}

/*
 * p = hash_to_group(msg) of ristretto255_XMD:SHA-512_R255MAP_RO_ (RFC 9380
 * Appendix B): the 64 bytes of expand_message_xmd(msg, dst, 64) through the
 * map of RFC 9496 §4.3.4; a tag over 255 bytes is hashed as RFC 9380 §5.3.3
 * says (inside expand_message_xmd). Constant time in msg.
 */
VEC25519_API int vec25519_ristretto255_hash_to_group(uint8_t p[32], const uint8_t *msg, size_t len,
                                                     const uint8_t *dst, size_t dstlen)
{
    struct {
        uint8_t u[64];
        ge_ext h;
    } sec;

    if (vec25519_expand_message_xmd_sha512(sec.u, sizeof sec.u, msg, len, dst, dstlen) != 0) {
        memset(p, 0, 32);
        return -1;
    }
    from_uniform_el(&sec.h, sec.u);
    encode_el(p, &sec.h);
    vec25519_wipe(&sec, sizeof sec);
    return 0;
}

/* p = a random element: from_uniform_bytes of 64 random bytes (the hook or
 * the OS, src/internal/random.h). */
VEC25519_API void vec25519_ristretto255_random(uint8_t p[32])
{
    uint8_t r[64];
    random_fill(r, sizeof r);
    (void)vec25519_ristretto255_from_uniform_bytes(p, r);
    vec25519_wipe(r, sizeof r);
}

/* ---- encoding of doubled elements: an inversion instead of a square root ------ */

/*
 * Doubling P = (X : Y : Z : T) on -x² + y² = 1 + d·x²·y² (HWCD 2008 §3.3,
 * affine x3 = 2xy/(1 + d·x²y²), y3 = (y² + x²)/(1 - d·x²y²), made
 * projective with xy = T/Z):
 *
 *   e = 2·X·Y,  f = Z² + d·T²,  g = Y² + X²,  h = Z² - d·T²,
 *   2P = (e·h : f·g : f·h : e·g)        (x3 = e/f, y3 = g/h, T3 = e·g).
 *
 * ENCODE(2P) (§4.3.2) needs invsqrt = 1/sqrt(u1·u2²) with
 * u1 = Z3² - Y3² = f²·(h² - g²) and u2 = X3·Y3 = e·f·g·h. On the curve,
 * with a = -1,
 *
 *   h² - g² = (h - g)(h + g) = 4·(1 + x²)(1 - y²)
 *           = 4·y²(1 - d·x²) · (-x²)(1 + d·y²)       (curve equation, twice)
 *           = -4·x²y²·(1 + d)                         ((1 - dx²)(1 + dy²) = 1 + d)
 *           = (a - d)·e²,
 *
 * an identity of degree 4, so it holds for the projective e, g, h too. Hence
 * u1·u2² = (a - d)·(e²·f²·g·h)², and one square root of its inverse is
 *
 *   k = INVSQRT_A_MINUS_D / (e²·f²·g·h),
 *
 * which may differ from SQRT_RATIO_M1's root by a sign. The sign of invsqrt
 * cancels in ENCODE: z_inv and the rotation test use invsqrt², and s is an
 * absolute value of a multiple of invsqrt. Substituting k:
 *
 *   z_inv = 1/(f·h),  T3·z_inv = e·g/(f·h),  den2 = INVSQRT_A_MINUS_D/(e·f),
 *   den1·INVSQRT_A_MINUS_D = 1/(g·h),
 *
 * and with rotate = IS_NEGATIVE(e·g/(f·h)) ENCODE becomes
 *
 *   not rotated:  flip = IS_NEGATIVE(e·h/(f·h)),
 *                 s = |INVSQRT_A_MINUS_D · (h ∓ g) / e|
 *   rotated:      flip = IS_NEGATIVE(SQRT_M1·g·f/(f·h)),
 *                 s = |(f ∓ SQRT_M1·e) / g|
 *
 * where ∓ is - unless flip. Every quotient has denominator e·g or f·h, so one
 * inverse of e·f·g·h per point suffices: 1/(f·h) = e·g·inv and
 * 1/(e·g) = f·h·inv, inv = 1/(e·f·g·h); 1/e = g/(e·g), 1/g = e/(e·g).
 *
 * e·f·g·h = 0 exactly when P has small order (e = 0 for P ∈ E[4], g = 0 for
 * the points of order 8; f, h ≠ 0 on the curve), and then 2P ∈ E[4] is the
 * identity element, encoded as 0. Such a factor is replaced by 1 before the
 * batch inversion (a single zero would zero every inverse) and its s by 0.
 */
struct dbl_state {
    fe e, f, g, h, eg, fh, efgh;
    ct_mask zero; /* e·f·g·h = 0: 2P is the identity */
};

/* st = the doubling quantities of P, with efgh replaced by 1 when zero.
 * Constant time. */
static void dbl_encode_state(struct dbl_state *st, const ge_ext *P)
{
    struct {
        fe xx, yy, zz, dtt;
        fe_loose l;
    } sec;
    fe one;

    fe_sq(&sec.xx, &P->X);
    fe_sq(&sec.yy, &P->Y);
    fe_sq(&sec.zz, &P->Z);
    fe_sq(&sec.dtt, &P->T);
    fe_mul(&sec.dtt, &sec.dtt, &fe_const_d);
    fe_mul(&st->e, &P->X, &P->Y);
    fe_add(&sec.l, &st->e, &st->e);
    fe_carry(&st->e, &sec.l);      /* e = 2XY */
    fe_add(&sec.l, &sec.zz, &sec.dtt);
    fe_carry(&st->f, &sec.l);      /* f = Z² + dT² */
    fe_add(&sec.l, &sec.yy, &sec.xx);
    fe_carry(&st->g, &sec.l);      /* g = Y² + X² */
    fe_sub(&sec.l, &sec.zz, &sec.dtt);
    fe_carry(&st->h, &sec.l);      /* h = Z² - dT² */
    fe_mul(&st->eg, &st->e, &st->g);
    fe_mul(&st->fh, &st->f, &st->h);
    fe_mul(&st->efgh, &st->eg, &st->fh);
    st->zero = fe_is_zero(&st->efgh);
    fe_1(&one);
    fe_cmov(&st->efgh, &one, st->zero);

    vec25519_wipe(&sec, sizeof sec);
}

/* out = ENCODE(2P) from its state and inv = 1/(e·f·g·h) (see above).
 * Constant time. */
static void dbl_encode_finish(uint8_t out[32], const struct dbl_state *st, const fe *inv)
{
    struct {
        fe zinv, tinv, w, ie, E, O, H, G, s;
        fe_loose l;
        ct_mask rotate, flip;
    } sec;
    fe zero;

    fe_mul(&sec.zinv, &st->eg, inv); /* 1/(f·h) */
    fe_mul(&sec.tinv, &st->fh, inv); /* 1/(e·g) */
    fe_mul(&sec.w, &st->eg, &sec.zinv);
    sec.rotate = fe_is_negative(&sec.w); /* IS_NEGATIVE(T3·z_inv) */

    /* (E, O, H, G) = rotate ? (g, e, f, SQRT_M1·e) : (e, g, h, g) */
    fe_mul(&sec.ie, &st->e, &fe_const_sqrtm1);
    fe_copy(&sec.E, &st->e);
    fe_copy(&sec.O, &st->g);
    fe_copy(&sec.H, &st->h);
    fe_copy(&sec.G, &st->g);
    fe_cmov(&sec.E, &st->g, sec.rotate);
    fe_cmov(&sec.O, &st->e, sec.rotate);
    fe_cmov(&sec.H, &st->f, sec.rotate);
    fe_cmov(&sec.G, &sec.ie, sec.rotate);

    /* flip = IS_NEGATIVE(x·z_inv) = IS_NEGATIVE(E·H/(f·h) · (rotate ? SQRT_M1 : 1)) */
    fe_mul(&sec.w, &sec.E, &sec.H);
    fe_mul(&sec.w, &sec.w, &sec.zinv);
    fe_mul(&sec.s, &sec.w, &fe_const_sqrtm1);
    fe_cmov(&sec.w, &sec.s, sec.rotate);
    sec.flip = fe_is_negative(&sec.w);
    fe_cneg(&sec.G, &sec.G, sec.flip);

    /* s = |(H - G) · O/(e·g) · (rotate ? 1 : INVSQRT_A_MINUS_D)| */
    fe_sub(&sec.l, &sec.H, &sec.G);
    fe_mul_l(&sec.s, &sec.l, &sec.O);
    fe_mul(&sec.s, &sec.s, &sec.tinv);
    fe_mul(&sec.w, &sec.s, &fe_const_invsqrt_a_minus_d);
    fe_cmov(&sec.s, &sec.w, ct_not(sec.rotate));
    fe_abs(&sec.s, &sec.s);
    fe_0(&zero);
    fe_cmov(&sec.s, &zero, st->zero);
    fe_tobytes(out, &sec.s);

    vec25519_wipe(&sec, sizeof sec);
}

/* out = ENCODE(2P), with one field inversion (fe_invert) in place of
 * ENCODE's inverse square root. Constant time. */
static void encode_doubled_el(uint8_t out[32], const ge_ext *P)
{
    struct {
        struct dbl_state st;
        fe inv;
    } sec;
    dbl_encode_state(&sec.st, P);
    fe_invert(&sec.inv, &sec.st.efgh);
    dbl_encode_finish(out, &sec.st, &sec.inv);
    vec25519_wipe(&sec, sizeof sec);
}

/*
 * q = ENCODE([n mod ℓ]P), P = B if P is NULL, with libsodium's rule for the
 * ristretto255 scalar multiplications: -1 (q zeroed, which the identity's
 * encoding already is) when the result is the identity. The verdict is
 * public (it is the output); constant time in n and P otherwise. q may
 * alias n.
 *
 * [n]P is computed as 2R, R = [t]P with t = (n mod ℓ)/2 mod ℓ (t[31] ≤ 127,
 * as the backends require): ENCODE(2R) needs an inversion and no square
 * root (above), and is computed from R itself. Every representative has
 * order dividing 4ℓ, so 2R = [n]P + a point of E[4], the same element.
 */
static int mul_encode(uint8_t q[32], const uint8_t n[32], const ge_ext *P)
{
    struct {
        uint8_t t[32];
        ge_ext R;
    } sec;

    sc_reduce32(sec.t, n);
    sc_half(sec.t, sec.t);
    if (P == NULL) {
        backend_get()->scalarmult_base(&sec.R, sec.t);
    } else {
        backend_get()->scalarmult(&sec.R, sec.t, P);
    }
    encode_doubled_el(q, &sec.R);
    vec25519_wipe(&sec, sizeof sec);
    return ct_declassify_mask(ct_is_zero_bytes(q, 32)) ? -1 : 0;
}

/* q = [n mod ℓ]p: crypto_scalarmult_ristretto255 with the reduction rule of
 * the struct interface (header). Constant time in n and p except for the
 * verdicts. q may alias n or p. */
VEC25519_API int vec25519_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32],
                                                  const uint8_t p[32])
{
    ge_ext P;
    int rc;

    if (!ct_declassify_mask(decode_el(&P, p))) {
        memset(q, 0, 32);
        rc = -1;
    } else {
        rc = mul_encode(q, n, &P);
    }
    vec25519_wipe(&P, sizeof P);
    return rc;
}

/* q = [n mod ℓ]B (crypto_scalarmult_ristretto255_base, reduced mod ℓ).
 * Constant time. */
VEC25519_API int vec25519_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
    return mul_encode(q, n, NULL);
}

/* The drop-in's crypto_scalarmult_ristretto255 (ristretto255_internal.h). */
int ristretto255_point_mul_encode(uint8_t q[32], const uint8_t n[32],
                                  const vec25519_ristretto255_point *p)
{
    ge_ext P;
    opaque_load(&P, p);
    int rc = mul_encode(q, n, &P);
    vec25519_wipe(&P, sizeof P);
    return rc;
}

/* ---- scalars: the same functions as for edwards25519 ------------------------ */

/* vec25519_ristretto255_scalar_{random, invert, negate, complement, add,
 * sub, mul, reduce}. */
SCALAR_FORWARDERS(RISTRETTO255)

/* ---- elements (struct interface) ----------------------------------------------- */

/* DECODE into a struct; p zeroed and -1 on failure. */
VEC25519_API int vec25519_ristretto255_point_frombytes(vec25519_ristretto255_point *p,
                                                       const uint8_t s[32])
{
    ge_ext h;
    int ok = ct_declassify_mask(decode_el(&h, s));
    if (ok) {
        opaque_store(p, sizeof *p, &h);
    } else {
        memset(p, 0, sizeof *p);
    }
    vec25519_wipe(&h, sizeof h);
    return ok ? 0 : -1;
}

/* ENCODE. Constant time. */
VEC25519_API void vec25519_ristretto255_point_tobytes(uint8_t s[32],
                                                      const vec25519_ristretto255_point *p)
{
    opaque_tobytes(s, p, encode_el);
}

/* §4.3.3 equality. Constant time; the answer is returned. */
VEC25519_API int vec25519_ristretto255_point_eq(const vec25519_ristretto255_point *p,
                                                const vec25519_ristretto255_point *q)
{
    return opaque_eq(p, q, eq_el);
}

/* The identity, represented by (0, 1); the generator, represented by the
 * Ed25519 basepoint (RFC 9496 §4.4); add, sub and neg on the representatives
 * (opaque.h). */
OPAQUE_GROUP_OPS(ristretto255)

/* r = [s mod ℓ]p: the group has order ℓ, and the reduced scalar satisfies
 * the backend's s[31] ≤ 127. Constant time in s and p. */
VEC25519_API void vec25519_ristretto255_point_mul(vec25519_ristretto255_point *r,
                                                  const uint8_t s[32],
                                                  const vec25519_ristretto255_point *p)
{
    struct {
        uint8_t t[32];
        ge_ext a;
    } sec;
    sc_reduce32(sec.t, s);
    opaque_load(&sec.a, p);
    backend_get()->scalarmult(&sec.a, sec.t, &sec.a);
    opaque_store(r, sizeof *r, &sec.a);
    vec25519_wipe(&sec, sizeof sec);
}

/* r = [s mod ℓ]B. Constant time in s. */
VEC25519_API void vec25519_ristretto255_point_mul_base(vec25519_ristretto255_point *r,
                                                       const uint8_t s[32])
{
    opaque_mul_base(r, sizeof *r, s);
}

/* p = the element derived from r (§4.3.4). Constant time. */
VEC25519_API void vec25519_ristretto255_point_from_uniform_bytes(vec25519_ristretto255_point *p,
                                                                 const uint8_t r[64])
{
    ge_ext h;
    from_uniform_el(&h, r);
    opaque_store(p, sizeof *p, &h);
    vec25519_wipe(&h, sizeof h);
}

/* ---- batched encoding of doubled elements -------------------------------------- */

/*
 * out[i] = ENCODE(2·points[i]) with one field inversion in all (Montgomery's
 * simultaneous inversion), no heap and no VLA: the running products
 * π_i = efgh_0 ··· efgh_i are parked, canonically encoded, in the output
 * slots themselves. Pass 1 writes π_i to out[i]; after inverting π_{n-1},
 * pass 2 walks back from i = n-1, recomputes point i's state (cheaper than
 * storing it), takes 1/efgh_i = inv(π_i)·π_{i-1} (π_{i-1} read from
 * out[i-1]), updates inv(π_{i-1}) = inv(π_i)·efgh_i, and overwrites out[i]
 * with the encoding. Constant time in the points; control flow depends on n.
 */
VEC25519_API void vec25519_ristretto255_point_double_and_compress_batch(
    uint8_t *out, const vec25519_ristretto255_point *points, size_t n)
{
    struct {
        struct dbl_state st;
        ge_ext P;
        fe acc, inv, inv_i, prev;
    } sec;

    if (n == 0) return;

    for (size_t i = 0; i < n; i++) {
        opaque_load(&sec.P, &points[i]);
        dbl_encode_state(&sec.st, &sec.P);
        if (i == 0) {
            fe_copy(&sec.acc, &sec.st.efgh);
        } else {
            fe_mul(&sec.acc, &sec.acc, &sec.st.efgh);
        }
        fe_tobytes(out + 32 * i, &sec.acc);
    }
    fe_invert(&sec.inv, &sec.acc); /* 1/π_{n-1}, non-zero: every factor is */

    for (size_t i = n; i-- > 0;) {
        opaque_load(&sec.P, &points[i]);
        dbl_encode_state(&sec.st, &sec.P);
        if (i > 0) {
            fe_frombytes(&sec.prev, out + 32 * (i - 1));
            fe_mul(&sec.inv_i, &sec.inv, &sec.prev);  /* 1/efgh_i */
            fe_mul(&sec.inv, &sec.inv, &sec.st.efgh); /* 1/π_{i-1} */
        } else {
            fe_copy(&sec.inv_i, &sec.inv);
        }
        dbl_encode_finish(out + 32 * i, &sec.st, &sec.inv_i);
    }

    vec25519_wipe(&sec, sizeof sec);
}

/* ---- multiscalar --------------------------------------------------------------- */

/* r = Σ [s_i]P_i, constant time and variable time. Every representative in
 * a vec25519_ristretto255_point is a curve point, and [s] of representatives
 * represents [s] of the elements, so the Edwards computation (the backend's
 * multiscalar and multiscalar_vartime) serves. */
OPAQUE_GROUP_MSM(ristretto255)
