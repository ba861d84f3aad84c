/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * CPU features that select a backend (docs/conventions.md §4). Filled once on first
 * use (CPUID + XGETBV) and cached; reading is thread-safe.
 */
#ifndef VEC25519_INTERNAL_CPU_H
#define VEC25519_INTERNAL_CPU_H

struct cpu_features {
    int avx2;       /* AVX2 and the OS saves YMM state (XCR0 bits 1, 2)             */
    int bmi2_adx;   /* BMI2 (MULX) and ADX (ADCX/ADOX)                              */
    int avx512ifma; /* AVX512F + AVX512VL + AVX512DQ + AVX512IFMA, OS saves opmask/ZMM (XCR0 5-7) */
    int bmi2;       /* BMI1 (ANDN) and BMI2 (RORX)                                   */
    int avx512vl;   /* AVX2 + AVX512F + AVX512VL, OS saves opmask/ZMM (XCR0 5-7)     */
    int amd;        /* vendor "AuthenticAMD" (CPUID leaf 0): a kernel choice, never a
                     * feature (src/backend/dispatch.c, ifma_x25519_lanes)          */
    int zmm_full;   /* IFMA, and 512-bit operations at the rate of 256-bit ones: AMD
                     * family 1Ah (Zen 5) and later; a kernel choice (dispatch.c,
                     * scalarmult_order_best)                                      */
};

struct cpu_features cpu_features(void);

#endif /* VEC25519_INTERNAL_CPU_H */
