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
 */
#include <string.h>

#include "ge.h"

/*
 * Shared decoder. On success h = the point and the returned mask is
 * all-ones; on failure h = identity. Constant time (relaxed is public).
 */
static ct_mask ge_decode(ge_ext *h, const uint8_t s[32], int relaxed)
{
    uint8_t ybytes[32], canon[32];
    fe y, yy, one, u, v, x, dyy;
    fe_loose ul, vl;
    ge_ext id;
    ct_mask sign, canonical, square, xzero, flip, ok;

    sign = ct_from_bit((uint64_t)(s[31] >> 7));

    /* y = s mod p (bit 255 ignored); canonical iff re-encoding gives s. */
    fe_frombytes(&y, s);
    fe_tobytes(canon, &y);
    memcpy(ybytes, s, 32);
    ybytes[31] &= 0x7f;
    canonical = ct_eq_bytes(canon, ybytes, 32);

    /* u = y² - 1, v = d·y² + 1 (loose sums carried to tight). */
    fe_1(&one);
    fe_sq(&yy, &y);
    fe_sub(&ul, &yy, &one);
    fe_carry(&u, &ul);
    fe_mul(&dyy, &yy, &fe_const_d);
    fe_add(&vl, &dyy, &one);
    fe_carry(&v, &vl);

    /* x = ±sqrt(u/v) when u/v is a square; then the root with the sign bit. */
    square = fe_sqrt_ratio_i(&x, &u, &v);
    xzero = fe_is_zero(&x);
    flip = ct_not(ct_eq(fe_is_negative(&x).m, sign.m));
    fe_cneg(&x, &x, flip);

    fe_copy(&h->X, &x);
    fe_copy(&h->Y, &y);
    fe_1(&h->Z);
    fe_mul(&h->T, &x, &y);

    if (relaxed) {
        ok = square;
    } else {
        ok = ct_and(ct_and(square, canonical), ct_not(ct_and(xzero, sign)));
    }
    ge_ext_0(&id);
    ge_ext_cmov(h, &id, ct_not(ok));

    vec25519_wipe(canon, sizeof canon);
    vec25519_wipe(ybytes, sizeof ybytes);
    vec25519_wipe(&x, sizeof x);
    vec25519_wipe(&y, sizeof y);
    vec25519_wipe(&yy, sizeof yy);
    vec25519_wipe(&u, sizeof u);
    vec25519_wipe(&v, sizeof v);
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
    fe zinv, x, y;

    fe_invert(&zinv, Z);
    fe_mul(&x, X, &zinv);
    fe_mul(&y, Y, &zinv);
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
