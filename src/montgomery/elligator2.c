/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Elligator 2 on Curve25519, in both directions, and the maps that
 * hash-to-curve builds on it.
 *
 * The curve is v² = g(u) = u³ + A·u² + u, A = 486662, over GF(p),
 * p = 2^255 - 19 (RFC 7748 §4.1). Elligator 2 (Bernstein, Hamburg, Krasnova,
 * Lange, "Elligator: elliptic-curve points indistinguishable from uniform
 * random strings", CCS 2013, §5) with the non-square Z = 2, in the form and
 * sign convention of RFC 9380 §6.7.1:
 *
 *   x1 = -A/(1 + 2r²)           (1 + 2r² ≠ 0 because -1/2 is not a square)
 *   x2 = -A - x1 = 2r²·x1
 *   g(x1)·g(x2) is 2r² times a square: exactly one of them is a square
 *   (for r ≠ 0), since g(x) = x·(1 - x1·x2) for x ∈ {x1, x2} gives
 *   g(x2) = 2r²·g(x1);
 *   map(r) = (x1, v) with v odd   if g(x1) is a square,
 *            (x2, v) with v even  otherwise.
 *
 * Straight-line evaluation (one exponentiation, compare the optimised
 * sequence for curve25519 in RFC 9380 Appendix G.2.1): with x1 = -A/xd,
 * xd = 1 + 2r², the ratio g(x1) = gn/xd³ where gn = -A·(xd² - A²·2r²), and
 * fe_sqrt_ratio_i(gn, xd³) returns either √g(x1) or √(i·g(x1)),
 * i = √-1. In the second case √g(x2) = √(2r²·g(x1)) = r·(1 - i)·√(i·g(x1)),
 * because (1 - i)² = -2i, so no second exponentiation is needed.
 *
 * The inverse (the paper's §5.3, as the representative maps of Monocypher and
 * obfs4 use it): a point (u, v) is map(r) for the branch x1 = u, v odd,
 * when r² = -(u + A)/(2u), and for the branch x2 = u, v even, when
 * r² = -u/(2(u + A)). The two right-hand sides differ by the square factor
 * ((u + A)/u)², so for u ∉ {0, -A} both points (u, ±v) have a representative
 * or neither has: exactly when -2u(u + A) is a square, about half of the
 * curve. Of the two roots ±r the one in [0, (p - 1)/2] is returned; it fits
 * in 254 bits, which leaves the two top bits of a 32-byte string for random
 * padding. (u = 0 is (0, 0): its v is even and it is map(0), since -A is not
 * a square; u = -A is on the twist.)
 *
 * Representatives (vec25519_elligator2_map / _inverse): 32 bytes, read
 * little-endian with bits 254 and 255 ignored; the same convention and the
 * same outputs as Monocypher's crypto_elligator_map and crypto_elligator_rev
 * (tests/test_elligator.c checks its published vectors).
 *
 * The key pair helper adds a random point of order 8 to the public key
 * ("dirty" keys, as Monocypher's crypto_x25519_dirty_*): the image of the
 * map covers every coset of the prime-order subgroup, so a representative
 * of a clean public key, always in the subgroup, would be recognisable by
 * computing [ℓ]·map(representative). docs/elligator.md has the design.
 *
 * The rational map to edwards25519 is RFC 9380 Appendix D.1,
 * (x, y) = (√-486664·u/v, (u - 1)/(u + 1)), evaluated projectively.
 *
 * Everything is constant time in r, u and the secret key: the branches of
 * the map are masked selections. The only declassified value is the
 * success verdict of each candidate of the key pair helper.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/hash_to_curve.h"
#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "elligator2.h"

/* Candidate keys tried by the key pair helper before giving up (each one
 * succeeds with probability about 1/2). */
#define ELLIGATOR2_KEYPAIR_TRIES 256

/* h = c, for a small constant c < 2^20. */
static void fe_small(fe *h, uint32_t c)
{
    fe one;
    fe_loose l;
    fe_1(&one);
    fe_relax(&l, &one);
    fe_mul_small(h, &l, c);
}

/*
 * (un/ud, v) = map_to_curve_elligator2(r), RFC 9380 §6.7.1 (see the file
 * header for the algebra). In/out: tight. Constant time.
 */
void elligator2_map_curve25519(fe *un, fe *ud, fe *v, const fe *r)
{
    struct {
        fe t, at, xd, xd2, gn, gd, x1n, x2n, y1, y2, c;
        fe_loose l;
        ct_mask square, flip;
    } sec;

    fe_sq2(&sec.t, r);               /* t  = 2r² = Z·r²                   */
    fe_1(&sec.xd);
    fe_add(&sec.l, &sec.xd, &sec.t);
    fe_carry(&sec.xd, &sec.l);       /* xd = 1 + 2r²; x1 = -A/xd          */
    fe_relax(&sec.l, &sec.t);
    fe_mul_small(&sec.at, &sec.l, ELLIGATOR2_A); /* A·t                          */

    /* gn/gd = g(x1) with gd = xd³ and
     * gn = x1n·(x1n² + A·x1n·xd + xd²) = -A·(xd² - A·(A·t)), x1n = -A. */
    fe_sq(&sec.xd2, &sec.xd);           /* xd²                               */
    fe_mul(&sec.gd, &sec.xd2, &sec.xd); /* gd = xd³                          */
    fe_relax(&sec.l, &sec.at);
    fe_mul_small(&sec.gn, &sec.l, ELLIGATOR2_A); /* A²·t                         */
    fe_sub(&sec.l, &sec.xd2, &sec.gn);
    fe_mul_small(&sec.gn, &sec.l, ELLIGATOR2_A); /* A·(xd² - A²·t)               */
    fe_neg(&sec.l, &sec.gn);
    fe_carry(&sec.gn, &sec.l);       /* gn = -A·(xd² - A²·t)              */

    /* y1 = √(gn/gd) if g(x1) is a square, else √(i·gn/gd). */
    sec.square = fe_sqrt_ratio_i(&sec.y1, &sec.gn, &sec.gd);

    /* Branch 2: x2 = 2r²·x1 = -A·t/xd, y2 = r·(1 - i)·y1 = √g(x2). */
    fe_neg(&sec.l, &sec.at);
    fe_carry(&sec.x2n, &sec.l);      /* x2n = -A·t                        */
    fe_1(&sec.c);
    fe_sub(&sec.l, &sec.c, &fe_const_sqrtm1);
    fe_carry(&sec.c, &sec.l);        /* c = 1 - i                         */
    fe_mul(&sec.y2, r, &sec.c);
    fe_mul(&sec.y2, &sec.y2, &sec.y1);

    fe_small(&sec.x1n, ELLIGATOR2_A);
    fe_neg(&sec.l, &sec.x1n);
    fe_carry(&sec.x1n, &sec.l);      /* x1n = -A                          */

    fe_cmov(&sec.x2n, &sec.x1n, sec.square); /* un = square ? x1n : x2n           */
    fe_cmov(&sec.y2, &sec.y1, sec.square);   /* v  = square ? y1  : y2            */

    /* Sign: v odd on branch 1, even on branch 2 (RFC 9380 §6.7.1 steps 6-7). */
    sec.flip = ct_from_bit((fe_is_negative(&sec.y2).m ^ sec.square.m) & 1);
    fe_cneg(v, &sec.y2, sec.flip);
    fe_copy(un, &sec.x2n);
    fe_copy(ud, &sec.xd);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * P = the rational map (RFC 9380 Appendix D.1) of map(r). With u = un/ud:
 *   x = √-486664·u/v           = √-486664·un·(un + ud) / (ud·v·(un + ud))
 *   y = (u - 1)/(u + 1)        = (un - ud)·ud·v        / (ud·v·(un + ud))
 * so in extended coordinates X = c·un·(un + ud), Y = (un - ud)·ud·v,
 * Z = ud·v·(un + ud), T = XY/Z = c·un·(un - ud), c = √-486664. Z = 0 exactly
 * in the exceptional cases v = 0 or u = -1, which D.1 sends to the identity.
 * Constant time.
 */
void elligator2_map_edwards25519(ge_ext *P, const fe *r)
{
    struct {
        fe un, ud, v, cun, udv;
        fe_loose sum, dif;
        ct_mask exceptional;
    } sec;
    ge_ext id;

    elligator2_map_curve25519(&sec.un, &sec.ud, &sec.v, r);
    fe_mul(&sec.cun, &sec.un, &fe_const_sqrtm486664); /* c·un       */
    fe_add(&sec.sum, &sec.un, &sec.ud);               /* un + ud    */
    fe_sub(&sec.dif, &sec.un, &sec.ud);               /* un - ud    */
    fe_mul(&sec.udv, &sec.ud, &sec.v);                /* ud·v       */
    fe_mul_l(&P->X, &sec.sum, &sec.cun);
    fe_mul_l(&P->Y, &sec.dif, &sec.udv);
    fe_mul_l(&P->Z, &sec.sum, &sec.udv);
    fe_mul_l(&P->T, &sec.dif, &sec.cun);

    sec.exceptional = fe_is_zero(&P->Z);
    ge_ext_0(&id);
    ge_ext_cmov(P, &id, sec.exceptional);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * (u, v) = ((Z + Y)/(Z - Y), c·(Z + Y)·Z/((Z - Y)·X)), c = √-486664, with one
 * inversion of (Z - Y)·X (0 ↦ 0: the identity and (0, -1) give (0, 0)).
 * Constant time.
 */
void elligator2_edwards_to_montgomery(fe *u, fe *v, const ge_ext *P)
{
    struct {
        fe zpy, zmy, inv, t;
        fe_loose l;
    } sec;

    fe_add(&sec.l, &P->Z, &P->Y);
    fe_carry(&sec.zpy, &sec.l);    /* Z + Y           */
    fe_sub(&sec.l, &P->Z, &P->Y);
    fe_carry(&sec.zmy, &sec.l);    /* Z - Y           */
    fe_mul(&sec.inv, &sec.zmy, &P->X);
    fe_invert(&sec.inv, &sec.inv);      /* 1/((Z - Y)·X)   */
    fe_mul(&sec.t, &sec.zpy, &sec.inv); /* (Z + Y)/((Z - Y)·X) */
    fe_mul(v, &sec.t, &P->Z);
    fe_mul(v, v, &fe_const_sqrtm486664);
    fe_mul(u, &sec.t, &P->X);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * r with map(r) = (u, v), v odd iff v_odd (see the file header); returns
 * all-ones on success. Two exponentiations: the square root, and the check
 * that u is on the curve (g(u) a square), without which a point of the
 * twist could get a "representative" of another point. Constant time.
 */
ct_mask elligator2_inverse(fe *r, const fe *u, ct_mask v_odd)
{
    struct {
        fe ua, g, num, den, t;
        fe_loose l;
    } sec;
    fe one;
    ct_mask on_curve, ok;

    fe_1(&one);
    fe_small(&sec.t, ELLIGATOR2_A);
    fe_add(&sec.l, u, &sec.t);
    fe_carry(&sec.ua, &sec.l);      /* u + A                     */

    fe_mul(&sec.g, u, &sec.ua);
    fe_add(&sec.l, &sec.g, &one);
    fe_mul_l(&sec.g, &sec.l, u);    /* g(u) = u·(u·(u + A) + 1)  */
    on_curve = fe_sqrt_ratio_i(&sec.t, &sec.g, &one);

    /* v odd: r² = -(u + A)/(2u);  v even: r² = -u/(2(u + A)). */
    fe_copy(&sec.num, u);
    fe_cmov(&sec.num, &sec.ua, v_odd);
    fe_copy(&sec.den, &sec.ua);
    fe_cmov(&sec.den, u, v_odd);
    fe_neg(&sec.l, &sec.num);
    fe_carry(&sec.num, &sec.l);
    fe_add(&sec.l, &sec.den, &sec.den);
    fe_carry(&sec.den, &sec.l);
    ok = fe_sqrt_ratio_i(r, &sec.num, &sec.den); /* zero if den = 0 (num ≠ 0 then) */

    /* Of ±r keep the one ≤ (p - 1)/2: for canonical r, 2r mod p is odd
     * exactly when 2r ≥ p. */
    fe_add(&sec.l, r, r);
    fe_carry(&sec.t, &sec.l);
    fe_cneg(r, r, fe_is_negative(&sec.t));

    vec25519_wipe(&sec, sizeof sec);
    return ct_and(ok, on_curve);
}

/* ---- public API ------------------------------------------------------------ */

/*
 * u = the u-coordinate of map(r), r = representative with bits 254 and 255
 * cleared (r < 2^254 < p, so no reduction). Constant time. u may alias
 * representative.
 */
VEC25519_API void vec25519_elligator2_map(uint8_t u[32], const uint8_t representative[32])
{
    struct {
        uint8_t b[32];
        fe r, un, ud, v;
    } sec;

    memcpy(sec.b, representative, 32);
    sec.b[31] &= 0x3f;
    fe_frombytes(&sec.r, sec.b);
    elligator2_map_curve25519(&sec.un, &sec.ud, &sec.v, &sec.r);
    fe_invert(&sec.ud, &sec.ud);
    fe_mul(&sec.un, &sec.un, &sec.ud);
    fe_tobytes(u, &sec.un);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * representative = r ‖ padding with map(r) = (u, v), v odd iff bit 0 of
 * tweak; bits 6 and 7 of tweak are copied to bits 254 and 255. Returns 0, or
 * -1 with representative zeroed (u not canonical, not on the curve, or
 * without a representative). The verdict is a mask turned into the return
 * value arithmetically: no branch. Constant time. representative may alias u.
 */
VEC25519_API int vec25519_elligator2_inverse(uint8_t representative[32], const uint8_t u[32],
                                             uint8_t tweak)
{
    static const uint8_t zero[32] = {0};
    struct {
        uint8_t canon[32];
        fe x, r;
    } sec;
    ct_mask ok;

    fe_frombytes(&sec.x, u);
    fe_tobytes(sec.canon, &sec.x);
    ok = ct_eq_bytes(sec.canon, u, 32); /* bit 255 clear and u < p */
    ok = ct_and(ok, elligator2_inverse(&sec.r, &sec.x, ct_from_bit(tweak & 1)));

    fe_tobytes(representative, &sec.r);
    representative[31] |= (uint8_t)(tweak & 0xc0);
    ct_cmov_bytes(representative, zero, 32, ct_not(ok));

    vec25519_wipe(&sec, sizeof sec);
    return ct_to_int(ok) - 1;
}

/*
 * T = [j]T8 for j = 0..7, T8 a fixed point of order 8 of edwards25519 (the
 * one with even x and y encoded as 26e8958f…6d53fc05), by three masked
 * additions of T8, [2]T8, [4]T8. Constant time in j.
 */
static void torsion_point(ge_ext *T, unsigned j)
{
    /* Affine coordinates of T8, little-endian; tests/test_elligator.c checks
     * that the point is on the curve and has order exactly 8. */
    static const uint8_t t8_x[32] = {
        0x4a, 0xd1, 0x45, 0xc5, 0x46, 0x46, 0xa1, 0xde, 0x38, 0xe2, 0xe5,
        0x13, 0x70, 0x3c, 0x19, 0x5c, 0xbb, 0x4a, 0xde, 0x38, 0x32, 0x99,
        0x33, 0xe9, 0x28, 0x4a, 0x39, 0x06, 0xa0, 0xb9, 0xd5, 0x1f};
    static const uint8_t t8_y[32] = {
        0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4,
        0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6,
        0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05};
    ge_ext p, s;

    fe_frombytes(&p.X, t8_x);
    fe_frombytes(&p.Y, t8_y);
    fe_1(&p.Z);
    fe_mul(&p.T, &p.X, &p.Y);
    ge_ext_0(T);
    for (int b = 0; b < 3; b++) {
        ge_ext_add(&s, T, &p);
        ge_ext_cmov(T, &s, ct_from_bit((j >> b) & 1));
        ge_ext_dbl(&p, &p);
    }
    vec25519_wipe(&s, sizeof s);
}

/*
 * u = the u-coordinate of the dirty public key of sk:
 * [clamp(sk)]B + [sk[0] mod 8]T8 on edwards25519, then u = (Z + Y)/(Z - Y)
 * (RFC 7748 §4.1). The low three bits of sk, which clamping clears, choose
 * the torsion component, so a uniformly random sk gives a uniformly random
 * one of the eight cosets. Constant time in sk.
 */
static void dirty_public_key(fe *u, const uint8_t sk[32])
{
    struct {
        uint8_t k[32];
        ge_ext A, T;
        fe zpy, zmy;
        fe_loose l;
    } sec;

    sc_clamp(sec.k, sk); /* k[31] ≤ 127, as scalarmult_base requires */
    backend_get()->scalarmult_base(&sec.A, sec.k);
    torsion_point(&sec.T, sk[0] & 7u);
    ge_ext_add(&sec.A, &sec.A, &sec.T);

    fe_add(&sec.l, &sec.A.Z, &sec.A.Y);
    fe_carry(&sec.zpy, &sec.l);
    fe_sub(&sec.l, &sec.A.Z, &sec.A.Y);
    fe_carry(&sec.zmy, &sec.l);
    fe_invert(&sec.zmy, &sec.zmy);
    fe_mul(u, &sec.zpy, &sec.zmy);

    vec25519_wipe(&sec, sizeof sec);
}

/*
 * Candidate i (i = 0, 1, …): block = SHA-512(tag ‖ seed ‖ I2OSP(i, 1)),
 * sk = block[0..32), tweak = block[32]; the first candidate whose dirty
 * public key has a representative wins. The verdict of each candidate is
 * declassified: it only tells how many independent candidates, all
 * discarded, came before the key that is kept. Constant time otherwise.
 */
VEC25519_API int vec25519_x25519_keypair_elligator(uint8_t pk[32], uint8_t representative[32],
                                                   uint8_t sk[32], const uint8_t seed[32])
{
    static const char tag[] = "vec25519 X25519 Elligator 2 key pair";
    struct {
        uint8_t s[32], block[64];
        fe u, r;
    } sec;
    uint8_t rep[32], pub[32];
    vec25519_sha512_ctx h;

    memcpy(sec.s, seed, 32); /* seed may alias an output */
    for (unsigned i = 0; i < ELLIGATOR2_KEYPAIR_TRIES; i++) {
        uint8_t ctr = (uint8_t)i;
        ct_mask ok;

        vec25519_sha512_init(&h);
        vec25519_sha512_update(&h, (const uint8_t *)tag, sizeof tag - 1);
        vec25519_sha512_update(&h, sec.s, 32);
        vec25519_sha512_update(&h, &ctr, 1);
        vec25519_sha512_final(&h, sec.block);

        dirty_public_key(&sec.u, sec.block);
        ok = elligator2_inverse(&sec.r, &sec.u, ct_from_bit(sec.block[32] & 1));
        if (ct_declassify_mask(ok)) {
            fe_tobytes(pub, &sec.u);
            fe_tobytes(rep, &sec.r);
            rep[31] |= (uint8_t)(sec.block[32] & 0xc0);
            ct_declassify(pub, 32); /* public by design: sent as rep */
            ct_declassify(rep, 32); /* the wire representative */
            memcpy(sk, sec.block, 32);
            memcpy(pk, pub, 32);
            memcpy(representative, rep, 32);
            vec25519_wipe(&sec, sizeof sec);
            return 0;
        }
    }
    memset(pk, 0, 32);
    memset(representative, 0, 32);
    memset(sk, 0, 32);
    vec25519_wipe(&sec, sizeof sec);
    return -1;
}
