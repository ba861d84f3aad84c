/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The field contract: GF(p), p = 2^255 - 19.
 *
 * Two serial representations implement it (src/backend/serial/):
 *   fe51    5 × 51-bit limbs in uint64_t, products in unsigned __int128
 *   fe2625  10 limbs in uint32_t, radix 2^25.5 (26, 25, 26, 25, ...)
 * Both are compiled wherever they can be (tests compare them, the AVX2 backend
 * packs fe2625; fe51 needs unsigned __int128, so 32-bit targets have fe2625
 * alone); the configure option VEC25519_SERIAL=u64|u32, by default u64 where
 * fe51 exists, picks which one the generic names below mean for the rest of
 * the library (VEC25519_SERIAL_U32 defined → fe2625).
 *
 * Two bound states, as C types (BoringSSL's fe / fe_loose):
 *   fe        "tight": every limb within the tight bound of its backend
 *   fe_loose  "loose": the sum or difference of two tight elements
 * add/sub/neg take tight and give loose; mul/sq accept either and give tight;
 * fe_carry turns loose into tight. The compiler therefore rejects a chain of
 * additions that could overflow a multiplication. Exact bounds are stated in
 * the backend headers.
 *
 * Every function: output first, inputs const, output may alias any input.
 * Everything is constant time unless its name ends in _vartime.
 */
#ifndef VEC25519_FIELD_FE_H
#define VEC25519_FIELD_FE_H

#include <stdint.h>

/* The build names the field (VEC25519_SERIAL, top-level CMakeLists.txt); a
 * file compiled without that choice gets the target's: fe51 needs the
 * 64 × 64 → 128-bit product of unsigned __int128, fe2625 runs anywhere. */
#if !defined(VEC25519_SERIAL_U32) && !defined(__SIZEOF_INT128__)
#define VEC25519_SERIAL_U32 1
#endif

#include "../internal/ct.h"
#include "fe2625.h"
#include "fe51.h"

#if defined(VEC25519_SERIAL_U32)
typedef fe2625 fe;
typedef fe2625_loose fe_loose;
#define FE_(op) fe2625_##op
#define FE_BACKEND_NAME "serial-u32"
#else
typedef fe51 fe;
typedef fe51_loose fe_loose;
#define FE_(op) fe51_##op
#define FE_BACKEND_NAME "serial-u64"
#endif

/* clang-format off */
/* ---- provided by each backend header (static inline) ------------------ */
#define fe_0          FE_(0)          /* (fe *h)                      h = 0            */
#define fe_1          FE_(1)          /* (fe *h)                      h = 1            */
#define fe_copy       FE_(copy)       /* (fe *h, const fe *f)         h = f            */
#define fe_frombytes  FE_(frombytes)  /* (fe *h, const uint8_t s[32]) bit 255 ignored, s may be ≥ p */
#define fe_tobytes    FE_(tobytes)    /* (uint8_t s[32], const fe *h) canonical (fully reduced) */
#define fe_add        FE_(add)        /* (fe_loose *h, const fe *f, const fe *g)   h = f + g */
#define fe_sub        FE_(sub)        /* (fe_loose *h, const fe *f, const fe *g)   h = f - g */
#define fe_neg        FE_(neg)        /* (fe_loose *h, const fe *f)                h = -f    */
#define fe_carry      FE_(carry)      /* (fe *h, const fe_loose *f)                h = f     */
#define fe_relax      FE_(relax)      /* (fe_loose *h, const fe *f)                h = f     */
#define fe_mul        FE_(mul)        /* (fe *h, const fe *f, const fe *g)         h = f·g   */
#define fe_mul_l      FE_(mul_l)      /* (fe *h, const fe_loose *f, const fe *g)   h = f·g   */
#define fe_mul_ll     FE_(mul_ll)     /* (fe *h, const fe_loose *f, const fe_loose *g)     */
#define fe_sq         FE_(sq)         /* (fe *h, const fe *f)                      h = f²    */
#define fe_sq_l       FE_(sq_l)       /* (fe *h, const fe_loose *f)                h = f²    */
#define fe_sq2        FE_(sq2)        /* (fe *h, const fe *f)                      h = 2f²   */
#define fe_mul_small  FE_(mul_small)  /* (fe *h, const fe_loose *f, uint32_t c)  h = c·f, c < 2^20 */
#define fe_cmov       FE_(cmov)       /* (fe *h, const fe *f, ct_mask m)   if m: h = f      */
#define fe_cswap      FE_(cswap)      /* (fe *f, fe *g, ct_mask m)         if m: swap f, g  */
#define fe_cneg       FE_(cneg)       /* (fe *h, const fe *f, ct_mask m)   h = m ? -f : f   */
#define fe_is_negative FE_(is_negative) /* ct_mask (const fe *f): low bit of canonical f is 1 */
#define fe_is_zero    FE_(is_zero)    /* ct_mask (const fe *f): f ≡ 0 (mod p)              */
#define fe_eq         FE_(eq)         /* ct_mask (const fe *f, const fe *g): f ≡ g (mod p) */

/* ---- written once over the contract (src/field/fe_common.c) ------------ */
#define fe_sqn        FE_(sqn)        /* (fe *h, const fe *f, int n)   h = f^(2^n), n ≥ 1   */
#define fe_pow22523   FE_(pow22523)   /* (fe *h, const fe *f)          h = f^((p-5)/8)      */
#define fe_invert     FE_(invert)     /* (fe *h, const fe *f)          h = 1/f (0 ↦ 0): Bernstein–Yang divsteps where the compiler has __int128 (fe_divsteps.c), else fe_invert_fermat */
#define fe_invert_fermat FE_(invert_fermat) /* (fe *h, const fe *f)     h = f^(p-2) = 1/f (0 ↦ 0), the Fermat power */
#define fe_sqrt_ratio_i FE_(sqrt_ratio_i) /* ct_mask (fe *r, const fe *u, const fe *v): RFC 9496 §4.2 */
#define fe_sqrt_ratio_begin FE_(sqrt_ratio_begin) /* (fe *w, fe *uv3, const fe *u, const fe *v): its first half, w = u·v^7, uv3 = u·v^3 */
#define fe_invsqrt_i FE_(invsqrt_i) /* ct_mask (fe *r, const fe *v): fe_sqrt_ratio_i(r, 1, v), three multiplications fewer */
#define fe_sqrt_ratio_end FE_(sqrt_ratio_end) /* ct_mask (fe *r, const fe *u, const fe *v, const fe *uv3, const fe *pw): its second half, pw = w^((p-5)/8); fe_sqrt_ratio_i = begin, fe_pow22523, end */
#define fe_batch_invert FE_(batch_invert) /* (fe *a, size_t n) a[i] = 1/a[i] (Montgomery trick, one inversion); a zero input gives zero outputs for all */
#define fe_abs        FE_(abs)        /* (fe *h, const fe *f)   h = |f| (the non-negative of ±f) */
/* clang-format on */

/* Constants (fe_common.c): d, 2d, sqrt(-1), sqrt(a·d - 1), 1/sqrt(a - d), ... */
#define fe_const_d FE_(const_d)           /* d = -121665/121666          */
#define fe_const_2d FE_(const_2d)         /* 2d                           */
#define fe_const_sqrtm1 FE_(const_sqrtm1) /* sqrt(-1) = 2^((p-1)/4)        */
#define fe_const_sqrtm486664 FE_(const_sqrtm486664)             /* sqrt(-486664), even (RFC 9380 D.2 c1); Montgomery ↔ Edwards map */
#define fe_const_sqrt_ad_minus_one FE_(const_sqrt_ad_minus_one) /* RFC 9496 §4.1 SQRT_AD_MINUS_ONE */
#define fe_const_invsqrt_a_minus_d FE_(const_invsqrt_a_minus_d) /* RFC 9496 §4.1 INVSQRT_A_MINUS_D */
#define fe_const_one_minus_d_sq FE_(const_one_minus_d_sq)       /* RFC 9496 §4.1 ONE_MINUS_D_SQ = 1 - d² */
#define fe_const_d_minus_one_sq FE_(const_d_minus_one_sq)       /* RFC 9496 §4.1 D_MINUS_ONE_SQ = (d - 1)² */
extern const fe fe_const_d;
extern const fe fe_const_2d;
extern const fe fe_const_sqrtm1;
extern const fe fe_const_sqrtm486664;
extern const fe fe_const_sqrt_ad_minus_one;
extern const fe fe_const_invsqrt_a_minus_d;
extern const fe fe_const_one_minus_d_sq;
extern const fe fe_const_d_minus_one_sq;

void fe_sqn(fe *h, const fe *f, int n);
void fe_pow22523(fe *h, const fe *f);
void fe_invert(fe *h, const fe *f);
void fe_invert_fermat(fe *h, const fe *f);
ct_mask fe_sqrt_ratio_i(fe *r, const fe *u, const fe *v);
void fe_sqrt_ratio_begin(fe *w, fe *uv3, const fe *u, const fe *v);
ct_mask fe_sqrt_ratio_end(fe *r, const fe *u, const fe *v, const fe *uv3, const fe *pw);
ct_mask fe_invsqrt_i(fe *r, const fe *v);
void fe_batch_invert(fe *a, size_t n);
void fe_abs(fe *h, const fe *f);

#endif /* VEC25519_FIELD_FE_H */
