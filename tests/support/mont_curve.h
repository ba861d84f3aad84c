/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The Montgomery curve v² = u³ + A·u² + u (A = 486662, RFC 7748 §4.1) as a
 * test oracle on the core's field, for the tests of the maps onto it
 * (tests/test_elligator.c, tests/test_hash_to_curve.c, the conversions of
 * tests/test_edwards25519.c, the small-order u of support/adversarial.c): the
 * equation and the birational maps to edwards25519 written out directly, apart
 * from the map code under test (src/montgomery/elligator2.c, src/x25519/).
 */
#ifndef VEC25519_TEST_MONT_CURVE_H
#define VEC25519_TEST_MONT_CURVE_H

#include "field/fe.h"
#include "internal/ct.h"
#include "montgomery/elligator2.h"

/* All-ones iff v² = u³ + A·u² + u. Constant time. */
static inline ct_mask mont_on_curve(const fe *u, const fe *v)
{
    fe g, t, one;
    fe_loose l;
    fe_1(&one);
    fe_relax(&l, &one);
    fe_mul_small(&t, &l, ELLIGATOR2_A);
    fe_add(&l, u, &t);
    fe_mul_l(&g, &l, u); /* u² + A·u */
    fe_add(&l, &g, &one);
    fe_mul_l(&g, &l, u); /* u³ + A·u² + u */
    fe_sq(&t, v);
    return fe_eq(&t, &g);
}

/* h = n/d (d ≠ 0), the quotient of the birational maps u = (1 + y)/(1 - y) and
 * y = (u - 1)/(u + 1) between this curve and edwards25519 (RFC 7748 §4.1). */
static inline void mont_quotient(fe *h, const fe_loose *n, const fe_loose *d)
{
    fe t;
    fe_carry(&t, d);
    fe_invert(&t, &t);
    fe_mul_l(h, n, &t);
}

/* u = (1 + y)/(1 - y), the u of the edwards25519 point with this y (RFC 7748
 * §4.1); y = 1 (no image) gives u = 0, as 1/0 = 0 in fe_invert. */
static inline void mont_u_from_y(fe *u, const fe *y)
{
    fe one;
    fe_loose n, d;
    fe_1(&one);
    fe_add(&n, &one, y);
    fe_sub(&d, &one, y);
    mont_quotient(u, &n, &d);
}

#endif /* VEC25519_TEST_MONT_CURVE_H */
