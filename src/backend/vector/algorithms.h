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
 */
#ifndef VEC25519_BACKEND_VECTOR_ALGORITHMS_H
#define VEC25519_BACKEND_VECTOR_ALGORITHMS_H

#include <stdlib.h>
#include <string.h>

#include "../../internal/bytes.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "../serial/msm.h" /* ge_msm_effective_n_vartime */
#include "msm.h"
#include "vpoint.h"

/* ---- the scalar multiplications (variable_base.c, fixed_base.c, double_base.c) ---- */
static void VFN(scalarmult)(ge_ext *r, const uint8_t s[32], const ge_ext *P);
#if VBACKEND_VECTOR_BASE
static void VFN(scalarmult_base)(ge_ext *r, const uint8_t s[32]);
#endif
static void VFN(double_scalarmult_vartime)(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                           const uint8_t b[32]);

/* ---- multiscalar scratch (straus.c, pippenger.c, multiscalar.c) -------------------- */
#if defined(VEC25519_VECTOR_AVX2)
#define VMSM_PIPPENGER_MIN AVX2_MSM_PIPPENGER_MIN
#else
#define VMSM_PIPPENGER_MIN IFMA_MSM_PIPPENGER_MIN
#endif

/* A 64-byte-aligned block of n·size bytes (at least 64), or NULL, also when
 * n·size overflows. Free with free(). */
static void *vmsm_alloc(size_t n, size_t size)
{
    size_t bytes;

    if (size != 0 && n > (SIZE_MAX - 64) / size) return NULL;
    bytes = (n * size + 63) & ~(size_t)63;
    return aligned_alloc(64, bytes > 0 ? bytes : 64);
}

/*
 * Scratch layouts: *off advances by n·size rounded up to 64 bytes; the
 * return value is base + the old *off (64-byte aligned when base is), or
 * NULL when base is NULL (only counting). Callers bound n first, so that
 * no product here overflows (VMSM_MAX_N).
 */
#define VMSM_MAX_N (SIZE_MAX / 4096)
static void *vcarve(unsigned char *base, size_t *off, size_t n, size_t size)
{
    size_t at = *off;

    *off += (n * size + 63) & ~(size_t)63;
    return base != NULL ? base + at : NULL;
}

/*
 * Scratch of a wNAF Straus run over n points: tpos/tdig/cnt the digit lists
 * of each point (VWNAF5_CAP slots per point); tab[j] the odd multiples P, 3P,
 * ..., 15P of point j (cached; a negative digit negates its entry, which
 * measured as fast as a table of the negatives too, at half the memory);
 * who/dig the same digits grouped by position:
 * those at position i are dig[k] of point who[k] for start[i] ≤ k <
 * start[i+1].
 */
typedef struct {
    uint32_t start[258];
    uint16_t *tpos;
    int8_t *tdig;
    uint8_t *cnt;
    uint32_t *who;
    int8_t *dig;
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

#endif /* VEC25519_BACKEND_VECTOR_ALGORITHMS_H */
