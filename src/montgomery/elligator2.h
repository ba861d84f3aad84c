/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Elligator 2 on Curve25519 and its use by hash-to-curve: internal interface
 * shared by src/montgomery/elligator2.c, src/h2c/hash_to_curve.c and the tests.
 *
 * Curve25519 in Montgomery form: v² = u³ + A·u² + u, A = 486662 (RFC 7748
 * §4.1); edwards25519 is birationally equivalent (RFC 9380 Appendix D.1,
 * RFC 7748 §4.1). All functions are constant time; outputs may alias inputs.
 */
#ifndef VEC25519_X25519_ELLIGATOR2_H
#define VEC25519_X25519_ELLIGATOR2_H

#include "../backend/serial/ge.h"
#include "../field/fe.h"

/* The Montgomery coefficient A of Curve25519. */
#define ELLIGATOR2_A 486662u

/*
 * map_to_curve_elligator2 of RFC 9380 §6.7.1 for curve25519 (Z = 2): the
 * point (u, v) = (un/ud, v), ud ≠ 0, of the Montgomery curve with
 *   x1 = -A/(1 + 2r²);  (u, v) = (x1, +√g(x1)) with v odd    if g(x1) is a square,
 *                       (u, v) = (x2, +√g(x2)) with v even   otherwise,
 * where x2 = -A - x1 = 2r²·x1 and g(u) = u³ + A·u² + u. Depends on r² only.
 * In/out: tight. Constant time.
 */
void elligator2_map_curve25519(fe *un, fe *ud, fe *v, const fe *r);

/*
 * P = the edwards25519 point of map_to_curve of the edwards25519_XMD:SHA-512_ELL2
 * suites (RFC 9380 §6.8.2): the map above followed by the rational map of
 * RFC 9380 Appendix D.1, (x, y) = (√-486664·u/v, (u - 1)/(u + 1)), which
 * sends the exceptional points v = 0 and u = -1 to the identity. Constant time.
 */
void elligator2_map_edwards25519(ge_ext *P, const fe *r);

/*
 * (u, v) = the Montgomery point of the edwards25519 point P:
 * u = (1 + y)/(1 - y), v = √-486664·u/x (the inverse of the map of
 * Appendix D.1), with 1/0 taken as 0: the identity gives (0, 0).
 * In/out: tight. Constant time.
 */
void elligator2_edwards_to_montgomery(fe *u, fe *v, const ge_ext *P);

/*
 * The inverse of the map for a u-coordinate: if (u, v) with v odd (v_odd
 * all-ones) or v even (v_odd zero) is the image of some r, returns all-ones
 * and r, the root with 0 ≤ r ≤ (p - 1)/2; otherwise returns zero (r is then
 * unspecified). u is any tight element; points not on the curve fail.
 * Constant time, including the verdict.
 */
ct_mask elligator2_inverse(fe *r, const fe *u, ct_mask v_odd);

#endif /* VEC25519_X25519_ELLIGATOR2_H */
