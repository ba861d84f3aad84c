/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Multiscalar multiplication on the vector backends (straus.c, pippenger.c and
 * multiscalar.c in src/backend/vector/,
 * compiled once per ISA through src/backend/avx2/backend_avx2.c and
 * src/backend/ifma/backend_ifma.c): the twins of src/backend/serial/msm.h
 * on 4-way points, under the prefixes avx2_ and ifma_.
 *
 *   r = Σ_{i<n} [s_i]P_i,   s_i any 256-bit integer (not reduced mod ℓ)
 *
 *   <isa>_msm_straus_ct          constant time in the scalars and the points
 *                                (n public): signed radix 16, tables [1]P..[8]P
 *                                in cached vector form, full-table selection
 *   <isa>_msm_straus_vartime     wNAF_5, odd multiples P..15P (cached vector)
 *   <isa>_msm_pippenger_vartime  bucket method, signed radix 2^w, buckets in
 *                                extended vector form, points in cached form
 *   <isa>_msm_pippenger_window   the measured window for n full-size scalars
 *   <isa>_msm_straus_*_stack     the allocation-free fallbacks (chunks of
 *                                VMSM_STACK_CHUNK points, tables on the stack)
 *   <isa>_multiscalar_vartime    the backend table's multiscalar_vartime:
 *                                Straus below <ISA>_MSM_PIPPENGER_MIN
 *                                effective full-size scalars, Pippenger from
 *                                there (docs/msm.md §8)
 *   <isa>_multiscalar            the backend table's (constant-time) multiscalar
 *   <isa>_multiscalar_vartime_scratch(_bytes)
 *                                the same as multiscalar_vartime in the
 *                                caller's 64-byte-aligned scratch (backend.h)
 *
 * Same return conventions as the serial functions: the int ones give 0, or
 * -1 on allocation failure (or a window out of range) with r unchanged; the
 * backend operations never fail. r may alias a point. Points are serial
 * extended points (the conversion is inside). Call an ISA's functions only
 * when that backend is available (backend_by_name).
 */
#ifndef VEC25519_BACKEND_VECTOR_MSM_H
#define VEC25519_BACKEND_VECTOR_MSM_H

#include <stddef.h>
#include <stdint.h>

#include "../serial/ge.h"

/* Crossover Straus → Pippenger in effective full-size scalars, per ISA
 * (measured: docs/msm.md §8). */
#define AVX2_MSM_PIPPENGER_MIN 128
#define IFMA_MSM_PIPPENGER_MIN 96

/* Points per chunk of the allocation-free fallbacks. */
#define VMSM_STACK_CHUNK 16

#define VMSM_DECLARE_(isa)                                                                       \
    int isa##_msm_straus_ct(ge_ext *r, size_t n, const uint8_t (*scalars)[32],                   \
                            const ge_ext *points);                                               \
    int isa##_msm_straus_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],              \
                                 const ge_ext *points);                                          \
    int isa##_msm_pippenger_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],           \
                                    const ge_ext *points, int w);                                \
    int isa##_msm_pippenger_window(size_t n);                                                    \
    void isa##_msm_straus_vartime_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],       \
                                        const ge_ext *points);                                   \
    void isa##_msm_straus_ct_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],            \
                                   const ge_ext *points);                                        \
    void isa##_multiscalar_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],            \
                                   const ge_ext *points);                                        \
    void isa##_multiscalar(ge_ext *r, size_t n, const uint8_t (*scalars)[32],                   \
                           const ge_ext *points);                                                \
    size_t isa##_multiscalar_vartime_scratch_bytes(size_t n);                                    \
    void isa##_multiscalar_vartime_scratch(ge_ext *r, size_t n, const uint8_t (*scalars)[32],    \
                                           const ge_ext *points, void *scratch);

#if defined(VEC25519_X86_64)
VMSM_DECLARE_(avx2)
VMSM_DECLARE_(ifma)
#endif

#endif /* VEC25519_BACKEND_VECTOR_MSM_H */
