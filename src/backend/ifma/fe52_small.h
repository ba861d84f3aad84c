/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The small product of the IFMA fields, written once for the 4-lane fe52x4
 * (256-bit registers) and the 8-lane fe52x8 (512-bit): h = acc + c·f limb
 * by limb, c < 2^20 per lane (public constants: a24 = 121665, 2·d-like
 * factors of the formulas), f a multiplier operand (limbs < 2^52).
 *
 * Radix 2^51 in 64-bit lanes (docs/ifma.md): the IFMA product f_i·c < 2^72
 * splits into lo_i (bits 0..51, < 2^52) and hi_i (bits 52..71, < 2^20),
 * worth hi_i·2^52 = 2·hi_i·2^51, so lo_i stays on limb i, 2·hi_i goes to
 * limb i + 1, and limb 5 wraps as 2^255 ≡ 19: 2·19·hi_4 = 38·hi_4 < 2^25.25
 * on limb 0. Out: limb i < acc_i + 2^52 + 2^21 (limb 0: + 38·2^20 instead),
 * not yet a multiplier operand. 10 IFMA, 4 + 5 additions (the additions of
 * a zero acc fold away). Constant time; aliasing allowed.
 *
 * FE52_MUL_SMALL_ADD_(V, h, f, c, acc, ZERO, SET1, ADD, LO, HI): V the
 * register type, h and f pointers to the field type (member v[5]), c the
 * register of the per-lane factors, acc an array of 5 registers, and the
 * ISA's intrinsics: ZERO() the zero register, SET1(k) a broadcast, ADD a
 * 64-bit lane addition, LO/HI(acc, x, y) the madd52lo/madd52hi forms.
 */
#ifndef VEC25519_BACKEND_IFMA_FE52_SMALL_H
#define VEC25519_BACKEND_IFMA_FE52_SMALL_H

/* clang-format off */
#define FE52_MUL_SMALL_ADD_(V, h, f, c, acc, ZERO, SET1, ADD, LO, HI)                   \
    do {                                                                                \
        V hi_[5];                                                                       \
        _Pragma("GCC unroll 5")                                                         \
        for (int i_ = 0; i_ < 5; i_++) hi_[i_] = HI(ZERO(), (f)->v[i_], (c));          \
        (h)->v[0] = LO(LO((acc)[0], hi_[4], SET1(38)), (f)->v[0], (c));                 \
        _Pragma("GCC unroll 4")                                                         \
        for (int i_ = 1; i_ < 5; i_++)                                                  \
            (h)->v[i_] = LO(ADD((acc)[i_], ADD(hi_[i_ - 1], hi_[i_ - 1])), (f)->v[i_], (c)); \
    } while (0)
/* clang-format on */

#endif /* VEC25519_BACKEND_IFMA_FE52_SMALL_H */
