/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Two exponentiations side by side on the radix-2^64 BMI2/ADX field of
 * src/backend/x86_64/fe64.h (src/backend/x86_64/pow_fe64.c).
 *
 * One fe64 squaring is as slow as one fe51 squaring when each waits for the
 * last (a dependent chain: 18.4 TSC ticks on Zen 5), but two independent
 * chains interleave on the core's three multipliers and six ALUs: 24.3
 * ticks for a step of both (docs/performance.md §15). So two powers cost
 * about 1.3 powers, and these functions serve the callers that have two
 * independent exponentiations at hand: the decoding of two points, and a
 * decoding beside the subgroup test (backend.h, pow22523_2).
 *
 * They exist on x86-64 (VEC25519_HAVE_POW_FE64 is then defined) and may be
 * called only when cpu_features().bmi2_adx is set; src/backend/dispatch.c
 * makes that choice. Inputs and outputs are the serial fe (src/field/fe.h,
 * either radix), tight, converted through their canonical encodings.
 * Constant time; every intermediate value is wiped.
 */
#ifndef VEC25519_BACKEND_X86_64_POW_FE64_H
#define VEC25519_BACKEND_X86_64_POW_FE64_H

#include "../../field/fe.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define VEC25519_HAVE_POW_FE64 1

/* h[i] = f[i]^((p-5)/8), i = 0, 1 (fe_pow22523 twice). Aliasing allowed. */
void fe64_pow22523_2(fe h[2], const fe f[2]);

/* h = f^((p-5)/8) and inv = 1/g = g^(p-2) (0 ↦ 0): fe_pow22523 and
 * fe_invert_fermat side by side. Aliasing allowed. */
void fe64_pow22523_invert(fe *h, const fe *f, fe *inv, const fe *g);
#endif

#endif /* VEC25519_BACKEND_X86_64_POW_FE64_H */
