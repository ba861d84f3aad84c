/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * What the vector algorithm files of this folder share. They are not
 * compiled alone: src/backend/<isa>/backend_<isa>.c defines the ISA
 * (VEC25519_VECTOR_AVX2, ...) and includes each of them into one
 * translation unit, so everything here is static; each file includes this
 * header and so does not depend on the order of the others.
 *
 * Algorithms (one file each, named as their serial twins in
 * src/backend/serial/): variable_base.c, fixed_base.c, double_base.c,
 * straus.c, pippenger.c, multiscalar.c; the table: backend.c; the 4-way
 * decoder: decode.c.
 *
 * The algorithms are the serial ones (Straus 1964 with HMV Alg. 3.51;
 * Pippenger 1976 / Bernstein-Doumen-Lange-Oosterwijk 2012 §4: docs/msm.md §2);
 * what changes is the representation. A vector point carries (X, Y, Z, T)
 * in four lanes and is added by the HWCD 4-way formulas (HWCD 2008, eprint
 * 2008/522, §3.1 and the 4-processor formulas; docs/avx2.md §7, docs/ifma.md
 * §7): re-addition of a cached point (2M), extended addition (2M + 1D),
 * doubling (1M + 1S). So:
 *   - no P²/P³ juggling: the running sums stay extended;
 *   - no affine Niels form: the serial Pippenger inverts every Z once to
 *     make its bucket additions mixed (7M instead of 8M); a vector
 *     re-addition is already the cheapest addition there is, so the points
 *     are put in cached form (one mul_small each) and no inversion is done;
 *   - conversions serial ↔ vector cost a limb split or join each way: they
 *     are done once per point, and once per bucket for its first point;
 *   - vector additions are cheap relative to the bookkeeping around them,
 *     and Straus' additions are the same re-additions as Pippenger's (no
 *     mixed-addition advantage for Pippenger): the crossover (96 effective
 *     scalars on IFMA, 128 on AVX2, 128 serially) and the windows are
 *     measured per ISA (docs/msm.md §8).
 *
 * Digits (representation-independent; the recodings are the same integers
 * as in the serial file):
 *   - constant-time Straus: signed radix 16 of the whole 256-bit scalar in
 *     65 digits (sc_recode_radix16_256, no reduction);
 *   - wNAF Straus: the nonzero digits of the width-5 NAF found by skipping
 *     runs of zeros (sc_wnaf_digits_vartime), grouped by position (a
 *     counting sort);
 *   - Pippenger: signed radix 2^w, position-major (sc_radix2w_column_vartime).
 * All three are in src/scalar/recode.c, shared with the serial twins.
 *
 * Scratch: the Straus and Pippenger runs lay their arrays out in one
 * 64-byte-aligned block (vector points are __m256i rows), from
 * scratch_alloc (src/internal/scratch.h, as serially), or the caller's
 * (VFN(multiscalar_vartime_scratch), the backend.h form that batch
 * verification uses to keep one block per batch: docs/msm.md §4). Variable-time functions (named _vartime)
 * branch on scalars and index by their digits: public inputs only. The
 * constant-time Straus branches on n only, reads whole tables through
 * vpt_cached_select, and wipes its stack and heap secrets.
 */
#ifndef VEC25519_BACKEND_VECTOR_ALGORITHMS_H
#define VEC25519_BACKEND_VECTOR_ALGORITHMS_H

#include <stdlib.h>
#include <string.h>

#include "../../internal/bytes.h"
#include "../../internal/scratch.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "../serial/msm.h" /* ge_msm_effective_n_vartime, ge_msm_sort_digits */
#include "msm.h"
#include "vpoint.h"

/* ---- the scalar multiplications (variable_base.c, fixed_base.c, double_base.c) ---- */
static void VFN(scalarmult)(ge_ext *r, const uint8_t s[32], const ge_ext *P);
#if VBACKEND_VECTOR_BASE
static void VFN(scalarmult_base)(ge_ext *r, const uint8_t s[32]);
#endif
static void VFN(double_scalarmult_vartime)(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                           const uint8_t b[32]);
static void VFN(double_base_table_init)(void *table, const ge_ext *A);
static void VFN(double_scalarmult_table_vartime)(ge_ext *r, const uint8_t a[32], const void *table,
                                                 const uint8_t b[32]);

/* ---- multiscalar scratch (straus.c, pippenger.c, multiscalar.c) -------------------- */
#if defined(VEC25519_VECTOR_AVX2)
#define VMSM_PIPPENGER_MIN AVX2_MSM_PIPPENGER_MIN
#else
#define VMSM_PIPPENGER_MIN IFMA_MSM_PIPPENGER_MIN
#endif

/*
 * Scratch layouts, in the blocks of src/internal/scratch.h: n·size bytes at
 * the 64-byte aligned offset scratch_layout gives, *off then rounded up to
 * 64 bytes; the return value is base + that offset, or NULL when base is
 * NULL (only counting). Callers bound n first, so that no product here
 * overflows (VMSM_MAX_N).
 */
#define VMSM_MAX_N (SIZE_MAX / 4096)
static void *vcarve(unsigned char *base, size_t *off, size_t n, size_t size)
{
    size_t at = scratch_layout(off, n, size);

    *off = (*off + 63) & ~(size_t)63;
    return base != NULL ? base + at : NULL;
}

/*
 * Scratch of a wNAF Straus run over n points: tpos/tdig/cnt the digit lists
 * of the points (n·SC_WNAF_CAP(5) slots); tab[j] the odd multiples P, 3P,
 * ..., 15P of point j (cached; a negative digit negates its entry, which
 * measured as fast as a table of the negatives too, at half the memory);
 * d the same digits grouped by position by the serial twin's counting sort
 * (ge_msm_sort_digits, src/backend/serial/msm.h): those at position i are
 * d.dig[k] of point d.who[k] for d.start[i] ≤ k < d.start[i+1].
 */
typedef struct {
    ge_msm_digits d;
    uint16_t *tpos;
    int8_t *tdig;
    uint8_t *cnt;
    vpt_cached (*tab)[8];
} vstraus_scratch;

static void vstraus_layout(vstraus_scratch *sc, size_t *total, unsigned char *base, size_t n);
static void vstraus_vt_in(vpt_ext *h, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points, vstraus_scratch *sc);

/* The scratch of Pippenger over n ≤ VMSM_MAX_N points with window w. */
typedef struct {
    vpt_cached *pc;  /* the points, cached */
    vpt_ext *bucket; /* 2^(w-1) buckets */
    int16_t *dig;    /* (256/w + 1)·n digits, position-major */
    uint8_t *used;   /* 2^(w-1) flags */
} vpip_scratch;

static void vpip_layout(vpip_scratch *sc, size_t *total, unsigned char *base, size_t n, int w);
static void vpippenger_in(vpt_ext *h, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points, int w, const vpip_scratch *sc);

/* A variable-time run, Straus (w = 0) or Pippenger with window w, in one block
 * (multiscalar.c): the bytes it needs, the run in a block laid out from
 * base, and the run in a heap block of its own (n = 0 gives the identity; 0,
 * or -1 when n > VMSM_MAX_N or malloc fails, r unchanged). */
static size_t vmsm_bytes(size_t n, int w);
static void vmsm_in(vpt_ext *h, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                    int w, unsigned char *base);
static int vmsm_heap(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                     int w);

#endif /* VEC25519_BACKEND_VECTOR_ALGORITHMS_H */
