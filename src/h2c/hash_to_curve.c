/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Hashing to Curve25519: the suites edwards25519_XMD:SHA-512_ELL2_RO_ / _NU_
 * and curve25519_XMD:SHA-512_ELL2_RO_ / _NU_ of RFC 9380 §8.5.
 *
 *   hash_to_field  (§5.2)   u_i = OS2IP(expand_message_xmd(msg, DST, 48·count)
 *                            [48·i .. 48·(i+1))) mod p            (L = 48, m = 1)
 *   map_to_curve   (§6.7.1, §6.8.2)  Elligator 2 on curve25519, then the rational
 *                            map of Appendix D.1 to edwards25519
 *                            (src/montgomery/elligator2.c)
 *   clear_cofactor (§7)     h_eff = 8
 *   hash_to_curve  (§3)     P = [8](map(u_0) + map(u_1))
 *   encode_to_curve (§3)    P = [8]map(u_0)
 *
 * All the group arithmetic is done on edwards25519 (extended coordinates,
 * complete formulas). The curve25519 suites add and clear the cofactor on the
 * Montgomery curve instead; the results agree because the birational map
 * u = (1 + y)/(1 - y), v = √-486664·u/x is a group isomorphism, and the
 * rational map of Appendix D.1 differs from its inverse only at the point
 * (0, 0) of order 2, which D.1 sends to the identity instead of (0, -1): the
 * difference is a point of order 2, which the factor 8 removes. The
 * curve25519 output is the u-coordinate (RFC 7748 §5 encoding); v is
 * computed only for the tests (h2c.h).
 *
 * Constant time in the message (which may be a password); the lengths and the
 * tag are public.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/hash_to_curve.h"

#include "../internal/ct.h"
#include "../montgomery/elligator2.h"
#include "h2c.h"

/*
 * f = the 24 big-endian bytes b as a field element (< 2^192 < p, so it loads
 * exactly). Constant time; the little-endian copy is wiped.
 */
static void fe_from_be24(fe *f, const uint8_t b[24])
{
    uint8_t le[32] = {0};

    for (int j = 0; j < 24; j++) le[j] = b[23 - j];
    fe_frombytes(f, le);
    vec25519_wipe(le, sizeof le);
}

/*
 * h = OS2IP(b) mod p for a 48-byte big-endian b (RFC 9380 §5.2 step 6).
 * b = hi·2^192 + lo with hi, lo < 2^192 (its first and last 24 bytes), both
 * below p; then h = hi·2^192 + lo with 2^192 < p as a field constant.
 * Constant time.
 */
static void fe_from_be48(fe *h, const uint8_t b[H2C_L])
{
    static const uint8_t two192[32] = {[24] = 1};
    fe flo, fhi, c;
    fe_loose l;

    fe_from_be24(&fhi, b);
    fe_from_be24(&flo, b + 24);
    fe_frombytes(&c, two192);
    fe_mul(&fhi, &fhi, &c);
    fe_add(&l, &fhi, &flo);
    fe_carry(h, &l);

    vec25519_wipe(&flo, sizeof flo);
    vec25519_wipe(&fhi, sizeof fhi);
    vec25519_wipe(&l, sizeof l);
}

int h2c_hash_to_field(fe *u, size_t count, const uint8_t *msg, size_t len, const uint8_t *dst,
                      size_t dstlen)
{
    uint8_t ub[2 * H2C_L];

    if (count < 1 || count > 2) return -1;
    if (vec25519_expand_message_xmd_sha512(ub, H2C_L * count, msg, len, dst, dstlen) != 0) {
        for (size_t i = 0; i < count; i++) fe_0(&u[i]);
        return -1;
    }
    for (size_t i = 0; i < count; i++) fe_from_be48(&u[i], ub + H2C_L * i);
    vec25519_wipe(ub, sizeof ub);
    return 0;
}

int h2c_edwards25519(ge_ext *P, int random_oracle, const uint8_t *msg, size_t len,
                     const uint8_t *dst, size_t dstlen)
{
    fe u[2];
    ge_ext Q1;
    size_t count = random_oracle ? 2 : 1; /* public: which suite */

    if (h2c_hash_to_field(u, count, msg, len, dst, dstlen) != 0) {
        ge_ext_0(P);
        return -1;
    }
    elligator2_map_edwards25519(P, &u[0]);
    if (random_oracle) {
        elligator2_map_edwards25519(&Q1, &u[1]);
        ge_ext_add(P, P, &Q1);
    }
    ge_ext_mul_by_cofactor(P, P);

    vec25519_wipe(u, sizeof u);
    vec25519_wipe(&Q1, sizeof Q1);
    return 0;
}

/* p = the RFC 8032 encoding of the suite's point; p zeroed on failure. */
static int h2c_edwards25519_bytes(uint8_t p[32], int random_oracle, const uint8_t *msg,
                                  size_t len, const uint8_t *dst, size_t dstlen)
{
    ge_ext P;
    int rc = h2c_edwards25519(&P, random_oracle, msg, len, dst, dstlen);
    if (rc != 0) {
        memset(p, 0, 32);
        return -1;
    }
    ge_ext_tobytes(p, &P);
    vec25519_wipe(&P, sizeof P);
    return 0;
}

/* u = the Montgomery u-coordinate of the suite's point; u zeroed on failure. */
static int h2c_curve25519_bytes(uint8_t u[32], int random_oracle, const uint8_t *msg,
                                size_t len, const uint8_t *dst, size_t dstlen)
{
    ge_ext P;
    fe mu, mv;
    int rc = h2c_edwards25519(&P, random_oracle, msg, len, dst, dstlen);
    if (rc != 0) {
        memset(u, 0, 32);
        return -1;
    }
    elligator2_edwards_to_montgomery(&mu, &mv, &P);
    fe_tobytes(u, &mu);
    vec25519_wipe(&P, sizeof P);
    vec25519_wipe(&mu, sizeof mu);
    vec25519_wipe(&mv, sizeof mv);
    return 0;
}

/* edwards25519_XMD:SHA-512_ELL2_RO_. p may alias msg or dst. Constant time in msg. */
VEC25519_API int vec25519_edwards25519_hash_to_curve(uint8_t p[32], const uint8_t *msg,
                                                     size_t len, const uint8_t *dst,
                                                     size_t dstlen)
{
    return h2c_edwards25519_bytes(p, 1, msg, len, dst, dstlen);
}

/* edwards25519_XMD:SHA-512_ELL2_NU_. p may alias msg or dst. Constant time in msg. */
VEC25519_API int vec25519_edwards25519_encode_to_curve(uint8_t p[32], const uint8_t *msg,
                                                       size_t len, const uint8_t *dst,
                                                       size_t dstlen)
{
    return h2c_edwards25519_bytes(p, 0, msg, len, dst, dstlen);
}

/* curve25519_XMD:SHA-512_ELL2_RO_. u may alias msg or dst. Constant time in msg. */
VEC25519_API int vec25519_curve25519_hash_to_curve(uint8_t u[32], const uint8_t *msg, size_t len,
                                                   const uint8_t *dst, size_t dstlen)
{
    return h2c_curve25519_bytes(u, 1, msg, len, dst, dstlen);
}

/* curve25519_XMD:SHA-512_ELL2_NU_. u may alias msg or dst. Constant time in msg. */
VEC25519_API int vec25519_curve25519_encode_to_curve(uint8_t u[32], const uint8_t *msg,
                                                     size_t len, const uint8_t *dst,
                                                     size_t dstlen)
{
    return h2c_curve25519_bytes(u, 0, msg, len, dst, dstlen);
}
