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
 * derivation and code below are ours, see dbl_encode_state) and a Straus
 * multiscalar multiplication.
 *
 * Field operations and the constants SQRT_M1, D, SQRT_AD_MINUS_ONE,
 * INVSQRT_A_MINUS_D, ONE_MINUS_D_SQ, D_MINUS_ONE_SQ come from src/field/fe.h;
 * SQRT_RATIO_M1 (§4.2) is fe_sqrt_ratio_i.
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

_Static_assert(sizeof(ge_ext) <= sizeof(vec25519_ristretto255_point),
               "vec25519_ristretto255_point is too small for ge_ext");

/* ---- the opaque struct ---------------------------------------------------- */

static void el_load(ge_ext *h, const vec25519_ristretto255_point *p)
{
    memcpy(h, p, sizeof *h);
}

static void el_store(vec25519_ristretto255_point *p, const ge_ext *h)
{
    memset(p, 0, sizeof *p);
    memcpy(p, h, sizeof *h);
}

/* ---- RFC 9496 §4.3 ---------------------------------------------------------- */

/*
 * h = DECODE(s) (RFC 9496 §4.3.1); returns all-ones on success, zero on
 * failure (h is then the identity). Steps:
 *   1. s = the 32 bytes as an integer; reject unless s < p (so bit 255 is
 *      clear) and s is non-negative (low bit of s even);
 *   2. ss = s², u1 = 1 - ss, u2 = 1 + ss, u2_sqr = u2²,
 *      v = -(D·u1²) - u2_sqr,
 *      (was_square, invsqrt) = SQRT_RATIO_M1(1, v·u2_sqr),
 *      den_x = invsqrt·u2, den_y = invsqrt·den_x·v,
 *      x = |2·s·den_x|, y = u1·den_y, t = x·y;
 *   3. reject if !was_square, t is negative, or y = 0.
 * Constant time; only the mask tells what happened.
 */
static ct_mask decode_el(ge_ext *h, const uint8_t s_bytes[32])
{
    uint8_t canon[32];
    fe s, ss, one, u1, u2, u2_sqr, v, w, invsqrt, den_x, den_y, x, y, t;
    fe_loose l;
    ct_mask canonical, s_neg, was_square, t_neg, y_zero, ok;
    ge_ext id;

    /* 1. canonical (s < p and bit 255 clear: fe_tobytes writes bit 255 = 0)
     *    and non-negative */
    fe_frombytes(&s, s_bytes);
    fe_tobytes(canon, &s);
    canonical = ct_eq_bytes(canon, s_bytes, 32);
    s_neg = fe_is_negative(&s);

    /* 2. */
    fe_1(&one);
    fe_sq(&ss, &s);
    fe_sub(&l, &one, &ss);
    fe_carry(&u1, &l);             /* u1 = 1 - s² */
    fe_add(&l, &one, &ss);
    fe_carry(&u2, &l);             /* u2 = 1 + s² */
    fe_sq(&u2_sqr, &u2);           /* u2² */
    fe_sq(&w, &u1);
    fe_mul(&w, &w, &fe_const_d);   /* D·u1² */
    fe_add(&l, &w, &u2_sqr);
    fe_carry(&w, &l);
    fe_neg(&l, &w);
    fe_carry(&v, &l);              /* v = -(D·u1²) - u2² */
    fe_mul(&w, &v, &u2_sqr);
    was_square = fe_sqrt_ratio_i(&invsqrt, &one, &w);
    fe_mul(&den_x, &invsqrt, &u2);
    fe_mul(&den_y, &invsqrt, &den_x);
    fe_mul(&den_y, &den_y, &v);
    fe_add(&l, &s, &s);
    fe_mul_l(&x, &l, &den_x);
    fe_abs(&x, &x);                /* x = |2·s·den_x| */
    fe_mul(&y, &u1, &den_y);       /* y = u1·den_y */
    fe_mul(&t, &x, &y);

    /* 3. */
    t_neg = fe_is_negative(&t);
    y_zero = fe_is_zero(&y);
    ok = ct_and(canonical, ct_not(s_neg));
    ok = ct_and(ok, was_square);
    ok = ct_and(ok, ct_not(ct_or(t_neg, y_zero)));

    fe_copy(&h->X, &x);
    fe_copy(&h->Y, &y);
    fe_1(&h->Z);
    fe_copy(&h->T, &t);
    ge_ext_0(&id);
    ge_ext_cmov(h, &id, ct_not(ok));

    vec25519_wipe(canon, sizeof canon);
    vec25519_wipe(&s, sizeof s);
    vec25519_wipe(&ss, sizeof ss);
    vec25519_wipe(&u1, sizeof u1);
    vec25519_wipe(&u2, sizeof u2);
    vec25519_wipe(&u2_sqr, sizeof u2_sqr);
    vec25519_wipe(&v, sizeof v);
    vec25519_wipe(&w, sizeof w);
    vec25519_wipe(&invsqrt, sizeof invsqrt);
    vec25519_wipe(&den_x, sizeof den_x);
    vec25519_wipe(&den_y, sizeof den_y);
    vec25519_wipe(&x, sizeof x);
    vec25519_wipe(&y, sizeof y);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&l, sizeof l);
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
    fe u1, u2, w, one, invsqrt, den1, den2, z_inv, ix, iy, ench, x, y, den_inv, s;
    fe_loose a, b;
    ct_mask rotate, flip;

    fe_add(&a, &h->Z, &h->Y);
    fe_sub(&b, &h->Z, &h->Y);
    fe_mul_ll(&u1, &a, &b);          /* u1 = (Z0 + Y0)(Z0 - Y0) */
    fe_mul(&u2, &h->X, &h->Y);       /* u2 = X0·Y0 */
    fe_sq(&w, &u2);
    fe_mul(&w, &w, &u1);             /* u1·u2² */
    fe_1(&one);
    (void)fe_sqrt_ratio_i(&invsqrt, &one, &w);
    fe_mul(&den1, &invsqrt, &u1);
    fe_mul(&den2, &invsqrt, &u2);
    fe_mul(&z_inv, &den1, &den2);
    fe_mul(&z_inv, &z_inv, &h->T);   /* z_inv = den1·den2·T0 */

    fe_mul(&ix, &h->X, &fe_const_sqrtm1);
    fe_mul(&iy, &h->Y, &fe_const_sqrtm1);
    fe_mul(&ench, &den1, &fe_const_invsqrt_a_minus_d);

    fe_mul(&w, &h->T, &z_inv);
    rotate = fe_is_negative(&w);
    fe_copy(&x, &h->X);
    fe_copy(&y, &h->Y);
    fe_copy(&den_inv, &den2);
    fe_cmov(&x, &iy, rotate);
    fe_cmov(&y, &ix, rotate);
    fe_cmov(&den_inv, &ench, rotate);

    fe_mul(&w, &x, &z_inv);
    flip = fe_is_negative(&w);
    fe_cneg(&y, &y, flip);

    fe_sub(&a, &h->Z, &y);
    fe_mul_l(&s, &a, &den_inv);
    fe_abs(&s, &s);
    fe_tobytes(s_bytes, &s);

    vec25519_wipe(&u1, sizeof u1);
    vec25519_wipe(&u2, sizeof u2);
    vec25519_wipe(&w, sizeof w);
    vec25519_wipe(&invsqrt, sizeof invsqrt);
    vec25519_wipe(&den1, sizeof den1);
    vec25519_wipe(&den2, sizeof den2);
    vec25519_wipe(&z_inv, sizeof z_inv);
    vec25519_wipe(&ix, sizeof ix);
    vec25519_wipe(&iy, sizeof iy);
    vec25519_wipe(&ench, sizeof ench);
    vec25519_wipe(&x, sizeof x);
    vec25519_wipe(&y, sizeof y);
    vec25519_wipe(&den_inv, sizeof den_inv);
    vec25519_wipe(&s, sizeof s);
    vec25519_wipe(&a, sizeof a);
    vec25519_wipe(&b, sizeof b);
    vec25519_wipe(&rotate, sizeof rotate);
    vec25519_wipe(&flip, sizeof flip);
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
    fe a, b, c, d;
    ct_mask m;

    fe_mul(&a, &p->X, &q->Y);
    fe_mul(&b, &p->Y, &q->X);
    fe_mul(&c, &p->Y, &q->Y);
    fe_mul(&d, &p->X, &q->X);
    m = ct_or(fe_eq(&a, &b), fe_eq(&c, &d));
    vec25519_wipe(&a, sizeof a);
    vec25519_wipe(&b, sizeof b);
    vec25519_wipe(&c, sizeof c);
    vec25519_wipe(&d, sizeof d);
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
    fe one, minus_one, r, u, v, va, s, s_prime, c, n, w0, w1, w2, w3, ss;
    fe_loose l, l2;
    ct_mask was_square;

    fe_1(&one);
    fe_neg(&l, &one);
    fe_carry(&minus_one, &l);

    fe_sq(&r, t);
    fe_mul(&r, &r, &fe_const_sqrtm1);             /* r = SQRT_M1·t² */
    fe_add(&l, &r, &one);
    fe_mul_l(&u, &l, &fe_const_one_minus_d_sq);    /* u = (r + 1)·ONE_MINUS_D_SQ */
    fe_mul(&va, &r, &fe_const_d);
    fe_sub(&l, &minus_one, &va);                   /* -1 - r·D */
    fe_add(&l2, &r, &fe_const_d);                  /* r + D */
    fe_mul_ll(&v, &l, &l2);                        /* v */

    was_square = fe_sqrt_ratio_i(&s, &u, &v);
    fe_mul(&s_prime, &s, t);
    fe_abs(&s_prime, &s_prime);
    fe_neg(&l, &s_prime);
    fe_carry(&s_prime, &l);                        /* s' = -|s·t| */
    fe_cmov(&s, &s_prime, ct_not(was_square));
    fe_copy(&c, &r);
    fe_cmov(&c, &minus_one, was_square);

    fe_sub(&l, &r, &one);
    fe_mul_l(&n, &l, &c);
    fe_mul(&n, &n, &fe_const_d_minus_one_sq);
    fe_sub(&l, &n, &v);
    fe_carry(&n, &l);                              /* N = c·(r - 1)·D_MINUS_ONE_SQ - v */

    fe_add(&l, &s, &s);
    fe_mul_l(&w0, &l, &v);                         /* w0 = 2·s·v */
    fe_mul(&w1, &n, &fe_const_sqrt_ad_minus_one); /* w1 = N·SQRT_AD_MINUS_ONE */
    fe_sq(&ss, &s);
    fe_sub(&l, &one, &ss);
    fe_carry(&w2, &l);                             /* w2 = 1 - s² */
    fe_add(&l, &one, &ss);
    fe_carry(&w3, &l);                             /* w3 = 1 + s² */

    fe_mul(&h->X, &w0, &w3);
    fe_mul(&h->Y, &w2, &w1);
    fe_mul(&h->Z, &w1, &w3);
    fe_mul(&h->T, &w0, &w2);

    vec25519_wipe(&r, sizeof r);
    vec25519_wipe(&u, sizeof u);
    vec25519_wipe(&v, sizeof v);
    vec25519_wipe(&va, sizeof va);
    vec25519_wipe(&s, sizeof s);
    vec25519_wipe(&s_prime, sizeof s_prime);
    vec25519_wipe(&c, sizeof c);
    vec25519_wipe(&n, sizeof n);
    vec25519_wipe(&w0, sizeof w0);
    vec25519_wipe(&w1, sizeof w1);
    vec25519_wipe(&w2, sizeof w2);
    vec25519_wipe(&w3, sizeof w3);
    vec25519_wipe(&ss, sizeof ss);
    vec25519_wipe(&l, sizeof l);
    vec25519_wipe(&l2, sizeof l2);
    vec25519_wipe(&was_square, sizeof was_square);
}

/*
 * h = MAP(r0) + MAP(r1), r0 and r1 the two 32-byte halves of b, each with
 * bit 255 cleared and taken mod p (RFC 9496 §4.3.4; fe_frombytes ignores
 * bit 255 and accepts values ≥ p). Constant time.
 */
static void from_uniform_el(ge_ext *h, const uint8_t b[64])
{
    fe t;
    ge_ext p1, p2;

    fe_frombytes(&t, b);
    map_el(&p1, &t);
    fe_frombytes(&t, b + 32);
    map_el(&p2, &t);
    ge_ext_add(h, &p1, &p2);

    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&p1, sizeof p1);
    vec25519_wipe(&p2, sizeof p2);
}

/* ---- byte level, libsodium semantics --------------------------------------- */

/* 1 iff DECODE(p) succeeds. */
VEC25519_API int vec25519_ristretto255_is_valid_point(const uint8_t p[32])
{
    ge_ext h;
    ct_mask ok = decode_el(&h, p);
    vec25519_wipe(&h, sizeof h);
    return ct_declassify_mask(ok);
}

/* r = ENCODE(DECODE(p) ± DECODE(q)); -1 and r zeroed if either fails.
 * The decoding verdicts are public. */
static int add_sub_bytes(uint8_t r[32], const uint8_t p[32], const uint8_t q[32], int sub)
{
    ge_ext a, b;
    ct_mask ok = ct_and(decode_el(&a, p), decode_el(&b, q));
    int rc = 0;

    if (!ct_declassify_mask(ok)) {
        memset(r, 0, 32);
        rc = -1;
    } else {
        if (sub) {
            ge_ext_sub(&a, &a, &b);
        } else {
            ge_ext_add(&a, &a, &b);
        }
        encode_el(r, &a);
    }
    vec25519_wipe(&a, sizeof a);
    vec25519_wipe(&b, sizeof b);
    return rc;
}

/* As crypto_core_ristretto255_add. */
VEC25519_API int vec25519_ristretto255_add(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    return add_sub_bytes(r, p, q, 0);
}

/* As crypto_core_ristretto255_sub. */
VEC25519_API int vec25519_ristretto255_sub(uint8_t r[32], const uint8_t p[32], const uint8_t q[32])
{
    return add_sub_bytes(r, p, q, 1);
}

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
 * map of RFC 9496 §4.3.4. Constant time in msg.
 */
VEC25519_API int vec25519_ristretto255_hash_to_group(uint8_t p[32], const uint8_t *msg, size_t len,
                                                     const uint8_t *dst, size_t dstlen)
{
    uint8_t u[64];
    ge_ext h;

    if (dstlen > VEC25519_RISTRETTO255_DSTMAXBYTES ||
        vec25519_expand_message_xmd_sha512(u, sizeof u, msg, len, dst, dstlen) != 0) {
        memset(p, 0, 32);
        return -1;
    }
    from_uniform_el(&h, u);
    encode_el(p, &h);
    vec25519_wipe(u, sizeof u);
    vec25519_wipe(&h, sizeof h);
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

/*
 * Encodes Q into q and applies libsodium's rule for the ristretto255 scalar
 * multiplications: -1 (q zeroed, which the identity's encoding already is)
 * when the result is the identity. The verdict is public (it is the output).
 */
static int scalarmult_finish(uint8_t q[32], const ge_ext *Q)
{
    encode_el(q, Q);
    return ct_declassify_mask(ct_is_zero_bytes(q, 32)) ? -1 : 0;
}

/* q = [n mod ℓ]p: crypto_scalarmult_ristretto255 with the reduction rule of
 * the struct interface (header). Constant time in n and p except for the
 * verdicts. q may alias n or p. */
VEC25519_API int vec25519_ristretto255_scalarmult(uint8_t q[32], const uint8_t n[32],
                                                  const uint8_t p[32])
{
    uint8_t t[32];
    ge_ext P, Q;
    int rc;

    sc_reduce32(t, n); /* then t[31] ≤ 127, as the backend requires */
    if (!ct_declassify_mask(decode_el(&P, p))) {
        memset(q, 0, 32);
        rc = -1;
    } else {
        backend_get()->scalarmult(&Q, t, &P);
        rc = scalarmult_finish(q, &Q);
        vec25519_wipe(&Q, sizeof Q);
    }
    vec25519_wipe(t, sizeof t);
    vec25519_wipe(&P, sizeof P);
    return rc;
}

/* q = [n mod ℓ]B (crypto_scalarmult_ristretto255_base, reduced mod ℓ).
 * Constant time. */
VEC25519_API int vec25519_ristretto255_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
    uint8_t t[32];
    ge_ext Q;
    int rc;

    sc_reduce32(t, n);
    backend_get()->scalarmult_base(&Q, t);
    rc = scalarmult_finish(q, &Q);
    vec25519_wipe(t, sizeof t);
    vec25519_wipe(&Q, sizeof Q);
    return rc;
}

/* ---- scalars: the same functions as for edwards25519 ------------------------ */

VEC25519_API void vec25519_ristretto255_scalar_random(uint8_t r[32])
{
    vec25519_edwards25519_scalar_random(r);
}

VEC25519_API int vec25519_ristretto255_scalar_invert(uint8_t recip[32], const uint8_t s[32])
{
    return vec25519_edwards25519_scalar_invert(recip, s);
}

VEC25519_API void vec25519_ristretto255_scalar_negate(uint8_t neg[32], const uint8_t s[32])
{
    vec25519_edwards25519_scalar_negate(neg, s);
}

VEC25519_API void vec25519_ristretto255_scalar_complement(uint8_t comp[32], const uint8_t s[32])
{
    vec25519_edwards25519_scalar_complement(comp, s);
}

VEC25519_API void vec25519_ristretto255_scalar_add(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32])
{
    vec25519_edwards25519_scalar_add(z, x, y);
}

VEC25519_API void vec25519_ristretto255_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32])
{
    vec25519_edwards25519_scalar_sub(z, x, y);
}

VEC25519_API void vec25519_ristretto255_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32])
{
    vec25519_edwards25519_scalar_mul(z, x, y);
}

VEC25519_API void vec25519_ristretto255_scalar_reduce(uint8_t r[32], const uint8_t s[64])
{
    vec25519_edwards25519_scalar_reduce(r, s);
}

/* ---- elements (struct interface) ----------------------------------------------- */

/* DECODE into a struct; p zeroed and -1 on failure. */
VEC25519_API int vec25519_ristretto255_point_frombytes(vec25519_ristretto255_point *p,
                                                       const uint8_t s[32])
{
    ge_ext h;
    int ok = ct_declassify_mask(decode_el(&h, s));
    if (ok) {
        el_store(p, &h);
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
    ge_ext h;
    el_load(&h, p);
    encode_el(s, &h);
    vec25519_wipe(&h, sizeof h);
}

/* The identity, represented by (0, 1). */
VEC25519_API void vec25519_ristretto255_point_identity(vec25519_ristretto255_point *p)
{
    ge_ext h;
    ge_ext_0(&h);
    el_store(p, &h);
}

/* The generator, represented by the Ed25519 basepoint (RFC 9496 §4.4). */
VEC25519_API void vec25519_ristretto255_point_base(vec25519_ristretto255_point *p)
{
    el_store(p, &ge_basepoint);
}

/* §4.3.3 equality. Constant time; the answer is returned. */
VEC25519_API int vec25519_ristretto255_point_eq(const vec25519_ristretto255_point *p,
                                                const vec25519_ristretto255_point *q)
{
    ge_ext a, b;
    el_load(&a, p);
    el_load(&b, q);
    ct_mask m = eq_el(&a, &b);
    vec25519_wipe(&a, sizeof a);
    vec25519_wipe(&b, sizeof b);
    return ct_to_int(m);
}

VEC25519_API void vec25519_ristretto255_point_add(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p,
                                                  const vec25519_ristretto255_point *q)
{
    ge_ext a, b;
    el_load(&a, p);
    el_load(&b, q);
    ge_ext_add(&a, &a, &b);
    el_store(r, &a);
    vec25519_wipe(&a, sizeof a);
    vec25519_wipe(&b, sizeof b);
}

VEC25519_API void vec25519_ristretto255_point_sub(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p,
                                                  const vec25519_ristretto255_point *q)
{
    ge_ext a, b;
    el_load(&a, p);
    el_load(&b, q);
    ge_ext_sub(&a, &a, &b);
    el_store(r, &a);
    vec25519_wipe(&a, sizeof a);
    vec25519_wipe(&b, sizeof b);
}

VEC25519_API void vec25519_ristretto255_point_neg(vec25519_ristretto255_point *r,
                                                  const vec25519_ristretto255_point *p)
{
    ge_ext a;
    el_load(&a, p);
    ge_ext_neg(&a, &a);
    el_store(r, &a);
    vec25519_wipe(&a, sizeof a);
}

/* r = [s mod ℓ]p: the group has order ℓ, and the reduced scalar satisfies
 * the backend's s[31] ≤ 127. Constant time in s and p. */
VEC25519_API void vec25519_ristretto255_point_mul(vec25519_ristretto255_point *r,
                                                  const uint8_t s[32],
                                                  const vec25519_ristretto255_point *p)
{
    uint8_t t[32];
    ge_ext a;
    sc_reduce32(t, s);
    el_load(&a, p);
    backend_get()->scalarmult(&a, t, &a);
    el_store(r, &a);
    vec25519_wipe(t, sizeof t);
    vec25519_wipe(&a, sizeof a);
}

/* r = [s mod ℓ]B. Constant time in s. */
VEC25519_API void vec25519_ristretto255_point_mul_base(vec25519_ristretto255_point *r,
                                                       const uint8_t s[32])
{
    uint8_t t[32];
    ge_ext a;
    sc_reduce32(t, s);
    backend_get()->scalarmult_base(&a, t);
    el_store(r, &a);
    vec25519_wipe(t, sizeof t);
    vec25519_wipe(&a, sizeof a);
}

/* ---- multiscalar multiplication (Straus) ------------------------------------- */

/* Points per group: one doubling chain is shared by this many points. */
#define STRAUS_GROUP 8

/*
 * acc = acc + Σ_{j<m} [s_j]P_j, m ≤ STRAUS_GROUP (Straus 1964, "Addition
 * chains of vectors"; the interleaved form with signed digits). Each scalar
 * is recoded in width-5 NAF (odd digits |d| ≤ 15, at most one nonzero digit
 * in any five consecutive ones), each point gets the table P, 3P, ..., 15P
 * in projective Niels form, and one chain of doublings from the highest
 * nonzero digit adds [d]P_j wherever digit j is nonzero. Between steps the
 * accumulator stays in P², and is finished into P³ only before an addition.
 * Variable time: scalars and points public.
 */
static void straus_group_vartime(ge_ext *acc, const uint8_t *scalars,
                                 const vec25519_ristretto255_point *points, size_t m)
{
    int8_t naf[STRAUS_GROUP][257];
    ge_cached table[STRAUS_GROUP][8];
    ge_ext t, p, p2;
    ge_compl c;
    ge_proj q;
    int top = -1;

    for (size_t j = 0; j < m; j++) {
        sc_recode_wnaf_vartime(naf[j], scalars + 32 * j, 5);
        el_load(&p, &points[j]);
        ge_ext_to_cached(&table[j][0], &p);
        ge_ext_dbl(&p2, &p);
        for (int k = 1; k < 8; k++) {
            ge_add_cached(&c, &p2, &table[j][k - 1]);
            ge_compl_to_ext(&t, &c);
            ge_ext_to_cached(&table[j][k], &t); /* (2k + 1)P */
        }
        for (int i = 256; i > top; i--) {
            if (naf[j][i] != 0) {
                top = i;
                break;
            }
        }
    }
    if (top < 0) return; /* every scalar is zero */

    ge_ext_0(&t);
    ge_ext_to_proj(&q, &t);
    for (int i = top; i >= 0; i--) {
        ge_proj_dbl(&c, &q);
        for (size_t j = 0; j < m; j++) {
            int d = naf[j][i];
            if (d == 0) continue;
            ge_compl_to_ext(&t, &c);
            if (d > 0) {
                ge_add_cached(&c, &t, &table[j][d / 2]);
            } else {
                ge_sub_cached(&c, &t, &table[j][-d / 2]);
            }
        }
        ge_compl_to_proj(&q, &c);
    }
    ge_compl_to_ext(&t, &c);
    ge_ext_add(acc, acc, &t);
}

/* r = Σ [s_i]P_i, in groups of STRAUS_GROUP points. Variable time. */
VEC25519_API void vec25519_ristretto255_point_multiscalar_vartime(
    vec25519_ristretto255_point *r, const uint8_t *scalars,
    const vec25519_ristretto255_point *points, size_t n)
{
    ge_ext acc;

    ge_ext_0(&acc);
    for (size_t i = 0; i < n; i += STRAUS_GROUP) {
        size_t m = n - i < STRAUS_GROUP ? n - i : STRAUS_GROUP;
        straus_group_vartime(&acc, scalars + 32 * i, points + i, m);
    }
    el_store(r, &acc);
}

/* p = the element derived from r (§4.3.4). Constant time. */
VEC25519_API void vec25519_ristretto255_point_from_uniform_bytes(vec25519_ristretto255_point *p,
                                                                 const uint8_t r[64])
{
    ge_ext h;
    from_uniform_el(&h, r);
    el_store(p, &h);
    vec25519_wipe(&h, sizeof h);
}

/* ---- batched encoding of doubled elements -------------------------------------- */

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
    fe xx, yy, zz, dtt, one;
    fe_loose l;

    fe_sq(&xx, &P->X);
    fe_sq(&yy, &P->Y);
    fe_sq(&zz, &P->Z);
    fe_sq(&dtt, &P->T);
    fe_mul(&dtt, &dtt, &fe_const_d);
    fe_mul(&st->e, &P->X, &P->Y);
    fe_add(&l, &st->e, &st->e);
    fe_carry(&st->e, &l);          /* e = 2XY */
    fe_add(&l, &zz, &dtt);
    fe_carry(&st->f, &l);          /* f = Z² + dT² */
    fe_add(&l, &yy, &xx);
    fe_carry(&st->g, &l);          /* g = Y² + X² */
    fe_sub(&l, &zz, &dtt);
    fe_carry(&st->h, &l);          /* h = Z² - dT² */
    fe_mul(&st->eg, &st->e, &st->g);
    fe_mul(&st->fh, &st->f, &st->h);
    fe_mul(&st->efgh, &st->eg, &st->fh);
    st->zero = fe_is_zero(&st->efgh);
    fe_1(&one);
    fe_cmov(&st->efgh, &one, st->zero);

    vec25519_wipe(&xx, sizeof xx);
    vec25519_wipe(&yy, sizeof yy);
    vec25519_wipe(&zz, sizeof zz);
    vec25519_wipe(&dtt, sizeof dtt);
    vec25519_wipe(&l, sizeof l);
}

/* out = ENCODE(2P) from its state and inv = 1/(e·f·g·h) (see above).
 * Constant time. */
static void dbl_encode_finish(uint8_t out[32], const struct dbl_state *st, const fe *inv)
{
    fe zinv, tinv, w, ie, E, O, H, G, s, zero;
    fe_loose l;
    ct_mask rotate, flip;

    fe_mul(&zinv, &st->eg, inv);   /* 1/(f·h) */
    fe_mul(&tinv, &st->fh, inv);   /* 1/(e·g) */
    fe_mul(&w, &st->eg, &zinv);
    rotate = fe_is_negative(&w);   /* IS_NEGATIVE(T3·z_inv) */

    /* (E, O, H, G) = rotate ? (g, e, f, SQRT_M1·e) : (e, g, h, g) */
    fe_mul(&ie, &st->e, &fe_const_sqrtm1);
    fe_copy(&E, &st->e);
    fe_copy(&O, &st->g);
    fe_copy(&H, &st->h);
    fe_copy(&G, &st->g);
    fe_cmov(&E, &st->g, rotate);
    fe_cmov(&O, &st->e, rotate);
    fe_cmov(&H, &st->f, rotate);
    fe_cmov(&G, &ie, rotate);

    /* flip = IS_NEGATIVE(x·z_inv) = IS_NEGATIVE(E·H/(f·h) · (rotate ? SQRT_M1 : 1)) */
    fe_mul(&w, &E, &H);
    fe_mul(&w, &w, &zinv);
    fe_mul(&s, &w, &fe_const_sqrtm1);
    fe_cmov(&w, &s, rotate);
    flip = fe_is_negative(&w);
    fe_cneg(&G, &G, flip);

    /* s = |(H - G) · O/(e·g) · (rotate ? 1 : INVSQRT_A_MINUS_D)| */
    fe_sub(&l, &H, &G);
    fe_mul_l(&s, &l, &O);
    fe_mul(&s, &s, &tinv);
    fe_mul(&w, &s, &fe_const_invsqrt_a_minus_d);
    fe_cmov(&s, &w, ct_not(rotate));
    fe_abs(&s, &s);
    fe_0(&zero);
    fe_cmov(&s, &zero, st->zero);
    fe_tobytes(out, &s);

    vec25519_wipe(&zinv, sizeof zinv);
    vec25519_wipe(&tinv, sizeof tinv);
    vec25519_wipe(&w, sizeof w);
    vec25519_wipe(&ie, sizeof ie);
    vec25519_wipe(&E, sizeof E);
    vec25519_wipe(&O, sizeof O);
    vec25519_wipe(&H, sizeof H);
    vec25519_wipe(&G, sizeof G);
    vec25519_wipe(&s, sizeof s);
    vec25519_wipe(&l, sizeof l);
    vec25519_wipe(&rotate, sizeof rotate);
    vec25519_wipe(&flip, sizeof flip);
}

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
    struct dbl_state st;
    ge_ext P;
    fe acc, inv, inv_i, prev;

    if (n == 0) return;

    for (size_t i = 0; i < n; i++) {
        el_load(&P, &points[i]);
        dbl_encode_state(&st, &P);
        if (i == 0) {
            fe_copy(&acc, &st.efgh);
        } else {
            fe_mul(&acc, &acc, &st.efgh);
        }
        fe_tobytes(out + 32 * i, &acc);
    }
    fe_invert(&inv, &acc); /* 1/π_{n-1}, non-zero: every factor is */

    for (size_t i = n; i-- > 0;) {
        el_load(&P, &points[i]);
        dbl_encode_state(&st, &P);
        if (i > 0) {
            fe_frombytes(&prev, out + 32 * (i - 1));
            fe_mul(&inv_i, &inv, &prev);   /* 1/efgh_i */
            fe_mul(&inv, &inv, &st.efgh);  /* 1/π_{i-1} */
        } else {
            fe_copy(&inv_i, &inv);
        }
        dbl_encode_finish(out + 32 * i, &st, &inv_i);
    }

    vec25519_wipe(&st, sizeof st);
    vec25519_wipe(&P, sizeof P);
    vec25519_wipe(&acc, sizeof acc);
    vec25519_wipe(&inv, sizeof inv);
    vec25519_wipe(&inv_i, sizeof inv_i);
    vec25519_wipe(&prev, sizeof prev);
}
