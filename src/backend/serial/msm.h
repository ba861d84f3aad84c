/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Multiscalar multiplication on serial extended points (straus.c, pippenger.c,
 * precomputed.c and multiscalar.c in src/backend/serial/):
 *
 *   r = Σ_{i<n} [s_i]P_i,   s_i any 256-bit integer (not reduced mod ℓ: a point
 *                           with a torsion component is multiplied by s_i itself)
 *
 *   ge_msm_straus_ct          constant time in the scalars and the points (n is
 *                             public): signed radix-16 digits, a table of
 *                             [1]P..[8]P per point, full-table scans
 *   ge_msm_straus_vartime     width-5 NAF digits, odd multiples P..15P per point
 *   ge_msm_pippenger_vartime  bucket method with signed radix-2^w digits
 *   ge_multiscalar_vartime    the serial backend's multiscalar_vartime: Straus
 *                             below GE_MSM_PIPPENGER_MIN full-size scalars,
 *                             Pippenger from there, window from a table
 *                             measured on the development machine; the size
 *                             is Σ bitlength(s_i)/253, so short scalars count
 *                             for less (docs/msm.md)
 *   ge_multiscalar            the serial backend's (constant-time) multiscalar
 *   ge_msm_table, ge_msm_precomp_vartime
 *                             Straus with precomputed width-8 NAF tables of
 *                             affine Niels points for static points (keys that
 *                             are reused), mixed with dynamic points
 *
 * Heap: the algorithms allocate their tables with malloc, one block per call
 * (ge_msm_layout below). The _vartime and
 * _ct entry points that return int give -1 on allocation failure and leave r
 * unchanged; the backend operations ge_multiscalar_vartime/ge_multiscalar never
 * fail: when malloc fails they run Straus on chunks of GE_MSM_STACK_CHUNK points
 * with tables on the stack (slower, same result).
 *
 * References: E. G. Straus, "Addition chains of vectors", Amer. Math. Monthly
 * 71 (1964) (simultaneous multiple-point multiplication, "Shamir's trick");
 * N. Pippenger, "On the evaluation of powers and related problems", FOCS 1976,
 * and D. J. Bernstein, J. Doumen, T. Lange, J.-J. Oosterwijk, "Faster batch
 * forgery identification", INDOCRYPT 2012, §4 (bucket method); HMV "Guide to
 * Elliptic Curve Cryptography" Alg. 3.51 (interleaving with wNAF).
 * curve25519-dalek's straus.rs, pippenger.rs and precomputed_straus.rs were
 * read for the structure; the code here is written independently.
 */
#ifndef VEC25519_BACKEND_SERIAL_MSM_H
#define VEC25519_BACKEND_SERIAL_MSM_H

#include <stddef.h>
#include <stdint.h>

#include "../../internal/scratch.h"
#include "../../scalar/sc.h"
#include "ge.h"

/*
 * Scratch: every function here that needs heap memory makes exactly one
 * block per call, sized up front, and carves its arrays out of it
 * (src/internal/scratch.h, which says why one block). The serial names of
 * the three helpers, kept for the callers of this header:
 */
#define ge_msm_layout scratch_layout
#define ge_msm_scratch_alloc scratch_alloc
#define ge_msm_scratch_free scratch_free

/* Below this many full-size scalars (Σ bitlength/253) ge_multiscalar_vartime
 * uses Straus, from it on Pippenger (measured crossover, docs/msm.md). */
#define GE_MSM_PIPPENGER_MIN 128

/* Points per chunk of the allocation-free fallback. */
#define GE_MSM_STACK_CHUNK 16

/* Width of the NAF of static points (ge_msm_table): odd multiples up to 127. */
#define GE_MSM_PRECOMP_W 8
#define GE_MSM_PRECOMP_ENTRIES (1 << (GE_MSM_PRECOMP_W - 2)) /* 64 */

/* Odd multiples P, 3P, ..., 127P of one static point, affine Niels. */
typedef struct {
    ge_niels odd[GE_MSM_PRECOMP_ENTRIES];
} ge_msm_table;

/*
 * r = Σ [s_i]P_i, constant time: the sequence of operations and memory
 * accesses depends on n only. Returns 0, or -1 on allocation failure (r
 * unchanged). r may alias a point.
 */
int ge_msm_straus_ct(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points);

/* r = Σ [s_i]P_i, Straus with wNAF_5. Variable time: inputs public. 0, or -1
 * on allocation failure (r unchanged). */
int ge_msm_straus_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points);

/* r = Σ [s_i]P_i, Pippenger with window w (4 ≤ w ≤ 15; w = 0: the measured
 * choice, ge_msm_pippenger_window of the effective size). Variable time. 0,
 * or -1 on allocation failure or a window out of range (r unchanged). */
int ge_msm_pippenger_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                             const ge_ext *points, int w);
/* The window for n full-size scalars (measured, docs/msm.md). */
int ge_msm_pippenger_window(size_t n);
/* A measured window table, shared with the vector twins: the first row with
 * n < below gives w; past the last row, w = 12. */
typedef struct {
    size_t below;
    int w;
} ge_msm_window_row;
int ge_msm_window_lookup(const ge_msm_window_row *rows, size_t nrows, size_t n);

/* The allocation-free fallbacks (also tested directly): Straus on chunks of
 * GE_MSM_STACK_CHUNK points, tables on the stack. */
void ge_msm_straus_vartime_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                 const ge_ext *points);
void ge_msm_straus_ct_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points);

/* The serial backend's operations (src/backend/backend.h): never fail. */
void ge_multiscalar_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points);
/*
 * The caller-scratch form (backend.h, multiscalar_vartime_scratch): the same
 * result as ge_multiscalar_vartime with no allocation, the heap memory taken
 * from scratch, which holds at least ge_multiscalar_vartime_scratch_bytes(n)
 * bytes and is 64-byte aligned (a block of ge_msm_scratch_alloc or a
 * ge_msm_layout offset in one). The bound holds for any scalars, so a caller
 * can size one block for its largest call and reuse it for smaller ones.
 * scratch_bytes returns 0 when no scratch is needed (n ≤ GE_MSM_STACK_CHUNK:
 * stack tables; scratch may then be NULL), SIZE_MAX when n is too large to
 * represent (ge_msm_scratch_alloc then fails). Variable time.
 */
size_t ge_multiscalar_vartime_scratch_bytes(size_t n);
void ge_multiscalar_vartime_scratch(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                    const ge_ext *points, void *scratch);
void ge_multiscalar(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points);

/*
 * t = the odd multiples of P (affine Niels, one inversion; about 13 KB of
 * stack). ge_msm_tables_init fills t[0..n) for n points with one inversion
 * per 32 points; it returns 0, or -1 on allocation failure. Variable time
 * (P public).
 */
void ge_msm_table_init(ge_msm_table *t, const ge_ext *P);
int ge_msm_tables_init(ge_msm_table *t, size_t n, const ge_ext *points);

/* The table of the basepoint B, computed on first use and shared. Thread
 * safe and wait-free: while another thread is filling the shared table, the
 * caller's *scratch is filled and returned instead. */
const ge_msm_table *ge_msm_base_table(ge_msm_table *scratch);

/*
 * r = Σ_{i<ns} [a_i]Q_i + Σ_{j<nd} [b_j]P_j, where Q_i is given by its
 * precomputed table stables[i] (wNAF_8) and P_j are dynamic points (wNAF_5
 * tables built here). Straus over both; when the dynamic part has an
 * effective size ≥ GE_MSM_PIPPENGER_MIN it is done by Pippenger instead and
 * added. Variable time.
 * Returns 0, or -1 on allocation failure (r unchanged).
 */
int ge_msm_precomp_vartime(ge_ext *r, size_t ns, const uint8_t (*sscalars)[32],
                           const ge_msm_table *const *stables, size_t nd,
                           const uint8_t (*dscalars)[32], const ge_ext *dpoints);

/*
 * ge_msm_effective_n_vartime: Σ bitlength(s_i) / 253 rounded up, the size in
 * full-size scalars that the crossover and windows are looked up with (the
 * serial and the vector backends alike; multiscalar.c). Variable time.
 */
size_t ge_msm_effective_n_vartime(size_t n, const uint8_t (*scalars)[32]);

/* ---- shared by straus.c, precomputed.c, pippenger.c and multiscalar.c ------- */

/*
 * The nonzero digits of nd scalars in wNAF_5 (points 0..nd−1) and ns scalars
 * in wNAF_GE_MSM_PRECOMP_W (points nd..nd+ns−1), grouped by position (a
 * counting sort): the digits at position i are dig[k] of point who[k] for
 * start[i] ≤ k < start[i+1]. The main loop then visits only nonzero digits,
 * with no scan and no mispredicted test per (position, point).
 * Scratch and output: tpos, tdig, who, dig hold nd·SC_WNAF_CAP(5) +
 * ns·SC_WNAF_CAP(GE_MSM_PRECOMP_W) entries; cnt holds nd + ns. Returns the
 * highest position with a digit, or -1. Variable time.
 */
typedef struct {
    uint32_t start[258];
    uint32_t *who;
    int8_t *dig;
} ge_msm_digits;
int ge_msm_sort_digits(ge_msm_digits *dp, uint16_t *tpos, int8_t *tdig, uint8_t *cnt, size_t nd,
                       const uint8_t (*dscalars)[32], size_t ns, const uint8_t (*sscalars)[32]);
/* r = Σ over the sorted digits dp (top: their highest position, or -1), the
 * points j < nd from the odd-multiple tables dtab, the others from the static
 * tables stab[j - nd]. Variable time. */
void ge_msm_straus_vt_run(ge_ext *r, const ge_msm_digits *dp, int top, size_t nd,
                          const ge_cached (*dtab)[8], const ge_msm_table *const *stab);

/* Heap scratch of a Straus run over nd dynamic and ns static points, in one
 * block (base). */
typedef struct {
    unsigned char *base;
    uint16_t *tpos;
    int8_t *tdig;
    uint8_t *cnt;
    uint32_t *who;
    int8_t *dig;
    ge_cached (*tab)[8];
} ge_msm_straus_scratch;
/* Lays out the arrays of a Straus run over nd dynamic and ns static points
 * after *total bytes (scratch_layout) and, when base is not NULL, points sc's
 * arrays into it; alloc: the same in a block of its own (0, or -1), free:
 * releases that block. */
void ge_msm_straus_layout(ge_msm_straus_scratch *sc, size_t *total, unsigned char *base,
                          size_t nd, size_t ns);
int ge_msm_straus_alloc(ge_msm_straus_scratch *sc, size_t nd, size_t ns);
void ge_msm_straus_free(ge_msm_straus_scratch *sc);
/* r = Σ [s_i]P_i, n ≥ 1: Straus with wNAF_5 in the scratch sc. Variable time. */
void ge_msm_straus_vt_in(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                         const ge_msm_straus_scratch *sc);

/* The scratch of a Pippenger run over n points with window w (4 ≤ w ≤ 15)
 * laid out after *total: offsets of the affine points, the inverses, the
 * buckets, the digits and the bucket flags in o[0..4]; ge_msm_pippenger_in
 * runs in such a block laid out from offset 0 (n ≥ 1). Variable time. */
void ge_msm_pippenger_layout(size_t *total, size_t o[5], size_t n, int w);
void ge_msm_pippenger_in(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                         int w, unsigned char *base);

#endif /* VEC25519_BACKEND_SERIAL_MSM_H */
