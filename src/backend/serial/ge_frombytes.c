/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Encoding and decoding of edwards25519 points (RFC 8032 §5.1.2, §5.1.3).
 *
 * An encoding is the 255-bit little-endian y followed by one bit, the
 * "sign" of x (the low bit of the canonical x). Decoding recovers x from
 *   x² = (y² - 1) / (d·y² + 1)
 * with the field's square root of a ratio (fe_sqrt_ratio_i, RFC 9496 §4.2),
 * then picks the root whose low bit is the sign bit. The denominator
 * d·y² + 1 never vanishes: -1 is a square mod p and d is not, so
 * y² = -1/d has no solution.
 *
 * Two policies:
 *   strict   (ge_ext_frombytes): RFC 8032 §5.1.3 plus canonical y: rejects
 *            y ≥ p, a non-square x², and x = 0 with the sign bit set.
 *   relaxed  (ge_ext_frombytes_relaxed): y is reduced mod p and x = 0 with
 *            the sign bit set decodes to x = 0 (ZIP-215; libsodium 1.0.18's
 *            ge25519_frombytes behaves so).
 * Both compute in constant time and reveal only the verdict.
 *
 * The decoder is written as two halves around its one exponentiation
 * (ge_decode_begin / ge_decode_finish, declared in backend.h), so that the
 * vector backends' frombytes4_vartime (src/backend/vector/decode.c) runs
 * four exponentiations at once and finishes each lane with this same code.
 */
#include <string.h>

#include "../backend.h"
#include "ge.h"

/*
 * The decoder in two halves around its one exponentiation, so that a vector
 * backend can run four exponentiations at once between them (backend.h,
 * src/backend/vector/decode.c) with exactly this policy. The halves are
 * fe_sqrt_ratio_i(u, v) (src/field/fe_common.c, RFC 9496 §4.2) cut at
 * fe_pow22523, step for step.
 *
 * ge_decode_begin: c = (sign, canonical, y, u, v, u·v³) and w = u·v⁷, the
 * input of the exponentiation. Constant time.
 */
void ge_decode_begin(ge_decode_ctx *c, fe *w, const uint8_t s[32])
{
    struct {
        uint8_t ybytes[32], canon[32];
        fe yy, dyy;
        fe_loose ul;
    } sec;
    fe one;
    fe_loose vl;

    c->sign = ct_from_bit((uint64_t)(s[31] >> 7));

    /* y = s mod p (bit 255 ignored); canonical iff re-encoding gives s. */
    fe_frombytes(&c->y, s);
    fe_tobytes(sec.canon, &c->y);
    memcpy(sec.ybytes, s, 32);
    sec.ybytes[31] &= 0x7f;
    c->canonical = ct_eq_bytes(sec.canon, sec.ybytes, 32);

    /* u = y² - 1, v = d·y² + 1 (loose sums carried to tight). */
    fe_1(&one);
    fe_sq(&sec.yy, &c->y);
    fe_sub(&sec.ul, &sec.yy, &one);
    fe_carry(&c->u, &sec.ul);
    fe_mul(&sec.dyy, &sec.yy, &fe_const_d);
    fe_add(&vl, &sec.dyy, &one);
    fe_carry(&c->v, &vl);

    /* fe_sqrt_ratio_i(u, v) up to its exponentiation: w = u·v^7. */
    fe_sqrt_ratio_begin(w, &c->uv3, &c->u, &c->v);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * The second half, given pw = w^((p-5)/8) (any tight representation): the
 * rest of fe_sqrt_ratio_i, then the sign, the policy and h. On success
 * h = the point and the returned mask is all-ones; on failure h = identity.
 * c is wiped. Constant time (relaxed is public).
 */
static ct_mask ge_decode_end(ge_ext *h, ge_decode_ctx *c, const fe *pw, int relaxed)
{
    struct {
        fe x;
    } sec;
    ge_ext id;
    ct_mask square, xzero, flip, ok;

    /* x = +sqrt(u/v) when u/v is a square (fe_sqrt_ratio_i from its power on). */
    square = fe_sqrt_ratio_end(&sec.x, &c->u, &c->v, &c->uv3, pw);

    /* the root with the sign bit */
    xzero = fe_is_zero(&sec.x);
    flip = ct_not(ct_eq(fe_is_negative(&sec.x).m, c->sign.m));
    fe_cneg(&sec.x, &sec.x, flip);

    fe_copy(&h->X, &sec.x);
    fe_copy(&h->Y, &c->y);
    fe_1(&h->Z);
    fe_mul(&h->T, &sec.x, &c->y);

    if (relaxed) {
        ok = square;
    } else {
        ok = ct_and(ct_and(square, c->canonical), ct_not(ct_and(xzero, c->sign)));
    }
    ge_ext_0(&id);
    ge_ext_cmov(h, &id, ct_not(ok));

    vec25519_wipe(&sec, sizeof sec);
    vec25519_wipe(c, sizeof *c);
    return ok;
}

/* pow2 of the serial backend: two exponentiations one after the other. */
static void pow22523_2_serial(fe h[2], const fe f[2])
{
    fe_pow22523(&h[0], &f[0]);
    fe_pow22523(&h[1], &f[1]);
}

ct_mask ge_decode_torsion_start(ge_torsion_ctx *c, ge_ext *h, const uint8_t s[32],
                                ge_pow22523_2_fn pow2)
{
    struct {
        ge_decode_ctx d;
        fe w[2], pw[2], one;
    } sec;
    ct_mask ok;

    if (pow2 == NULL) pow2 = pow22523_2_serial;
    /* both first exponentiations need only y: the point is (x, y, 1, xy) */
    ge_decode_begin(&sec.d, &sec.w[0], s);
    fe_1(&sec.one);
    ge_torsion_begin(c, &sec.w[1], &sec.d.y, &sec.one);
    pow2(sec.pw, sec.w);
    ok = ge_decode_end(h, &sec.d, &sec.pw[0], 0);
    ge_torsion_mid(c, &sec.w[0], h, &sec.pw[1]); /* g = c->g */
    vec25519_wipe(&sec, sizeof sec);
    return ok;
}

ct_mask ge_decode_torsion_free(ge_ext *h, const uint8_t s[32], ge_pow22523_2_fn pow2)
{
    struct {
        ge_torsion_ctx c;
        fe pg;
    } sec;

    ct_mask ok = ge_decode_torsion_start(&sec.c, h, s, pow2);
    fe_pow22523(&sec.pg, &sec.c.g);
    ok = ct_and(ok, ge_torsion_end(&sec.c, h, &sec.pg));
    vec25519_wipe(&sec, sizeof sec);
    return ok;
}

/* powinv of the serial backend: the power, then the (divsteps) inversion. */
static void pow22523_invert_serial(fe *h, const fe *f, fe *inv, const fe *g)
{
    fe_pow22523(h, f);
    fe_invert(inv, g);
}

ct_mask ge_decode_torsion_finish(ge_torsion_ctx *c, uint8_t out[32], const ge_ext *h,
                                 const ge_ext *Q, ge_pow22523_invert_fn powinv)
{
    struct {
        fe pg, zinv;
    } sec;

    if (powinv == NULL) powinv = pow22523_invert_serial;
    powinv(&sec.pg, &c->g, &sec.zinv, &Q->Z);
    ge_ext_tobytes_zinv(out, &Q->X, &Q->Y, &sec.zinv);
    ct_mask ok = ge_torsion_end(c, h, &sec.pg); /* wipes c */
    vec25519_wipe(&sec, sizeof sec);
    return ok;
}

void ge_frombytes2_vartime(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy,
                           ge_pow22523_2_fn pow2)
{
    ge_decode_ctx c[2];
    fe w[2], pw[2];
    const int relaxed = policy == GE_DECODE_RELAXED;

    if (pow2 == NULL) pow2 = pow22523_2_serial;
    for (int i = 0; i < 2; i++) ge_decode_begin(&c[i], &w[i], in[i]); /* w_i = u_i·v_i^7 */
    pow2(pw, w);
    for (int i = 0; i < 2; i++) ok[i] = ge_decode_finish(&out[i], &c[i], &pw[i], relaxed);
}

/* The second half with the verdict declassified: 0, or -1 (h = identity). */
int ge_decode_finish(ge_ext *h, ge_decode_ctx *c, const fe *pw, int relaxed)
{
    ct_mask ok = ge_decode_end(h, c, pw, relaxed);
    return ct_declassify_mask(ok) ? 0 : -1;
}

/*
 * Shared decoder: both halves with the serial exponentiation between them.
 * On success h = the point and the returned mask is all-ones; on failure
 * h = identity. Constant time (relaxed is public).
 */
static ct_mask ge_decode(ge_ext *h, const uint8_t s[32], int relaxed)
{
    struct {
        fe w, pw;
    } sec;
    ge_decode_ctx c;
    ct_mask ok;

    ge_decode_begin(&c, &sec.w, s);
    fe_pow22523(&sec.pw, &sec.w); /* (u·v^7)^((p-5)/8) */
    ok = ge_decode_end(h, &c, &sec.pw, relaxed);
    vec25519_wipe(&sec, sizeof sec);
    return ok;
}

/*
 * Strict decoding (see ge.h): 0 and h = the point, or -1 and h = identity
 * when y ≥ p, x² has no root, or x = 0 with the sign bit set.
 * Constant-time arithmetic; only the verdict is revealed.
 */
int ge_ext_frombytes(ge_ext *h, const uint8_t s[32])
{
    ct_mask ok = ge_decode(h, s, 0);
    return ct_declassify_mask(ok) ? 0 : -1;
}

/*
 * Relaxed decoding: as ge_ext_frombytes, but y is taken mod p and x = 0
 * with the sign bit set is accepted. Returns -1 (h = identity) only when x²
 * has no root. Constant-time arithmetic; only the verdict is revealed.
 */
int ge_ext_frombytes_relaxed(ge_ext *h, const uint8_t s[32])
{
    ct_mask ok = ge_decode(h, s, 1);
    return ct_declassify_mask(ok) ? 0 : -1;
}

/*
 * s = encoding of (x, y) = (X/Z, Y/Z): canonical y, bit 255 = low bit of x
 * (RFC 8032 §5.1.2). One inversion. Constant time.
 */
static void encode_xyz(uint8_t s[32], const fe *X, const fe *Y, const fe *Z)
{
    fe zinv;

    fe_invert(&zinv, Z);
    ge_ext_tobytes_zinv(s, X, Y, &zinv);
}

void ge_ext_tobytes_zinv(uint8_t s[32], const fe *X, const fe *Y, const fe *zinv)
{
    fe x, y;

    fe_mul(&x, X, zinv);
    fe_mul(&y, Y, zinv);
    fe_tobytes(s, &y);
    s[31] |= (uint8_t)(ct_to_int(fe_is_negative(&x)) << 7);
}

/*
 * s = encoding of h (P³). Constant time.
 */
void ge_ext_tobytes(uint8_t s[32], const ge_ext *h)
{
    encode_xyz(s, &h->X, &h->Y, &h->Z);
}

/*
 * s = encoding of h (P²). Constant time.
 */
void ge_proj_tobytes(uint8_t s[32], const ge_proj *h)
{
    encode_xyz(s, &h->X, &h->Y, &h->Z);
}
