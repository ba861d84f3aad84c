/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Helpers of the limb-bound assertions of the vector fields (fe2625x4.h,
 * fe52x4.h, used only in bounds-checking builds, -DVEC25519_CHECK_BOUNDS=ON)
 * and of the tests that build inputs at those bounds. Variable time: never
 * called by release library code.
 */
#ifndef VEC25519_INTERNAL_BOUNDS_H
#define VEC25519_INTERNAL_BOUNDS_H

/* 2^x for 0 ≤ x < 64, without libm: 2^n·e^(f·ln 2) for x = n + f, e^y by
 * its series (30 terms: the truncation error is far below double precision
 * for f < 1). */
static inline double bounds_pow2(double x)
{
    double scale = 1.0, sum = 1.0, term = 1.0, f;
    while (x >= 1.0) {
        scale *= 2.0;
        x -= 1.0;
    }
    f = x * 0.69314718055994530942;
    for (int k = 1; k < 30; k++) {
        term *= f / k;
        sum += term;
    }
    return scale * sum;
}

#endif /* VEC25519_INTERNAL_BOUNDS_H */
