/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Public multiscalar multiplication (contracts in include/vec25519/edwards25519.h):
 * r = Σ [s_i]P_i on edwards25519, the work behind ristretto255's (through
 * opaque_multiscalar, opaque.h; src/ristretto/ristretto255.c), and the
 * precomputed form for static points reused many times.
 *
 * The work is the backend's (src/backend/backend.h: multiscalar for secret
 * inputs, multiscalar_vartime / multiscalar_vartime_scratch for public ones)
 * and the serial precomputed Straus (src/backend/serial/msm.h:
 * ge_msm_tables_init, ge_msm_precomp_vartime); algorithms, crossovers and
 * measurements are in docs/msm.md. This file only moves points in and out of
 * the opaque structs and manages memory:
 *
 *   - The points are copied into one heap array of ge_ext (memcpy, as the
 *     struct interface of edwards25519.c does; no type punning), together
 *     with the backend's scratch where the backend takes it, so a call makes
 *     one allocation (docs/msm.md §4 explains why one block matters).
 *   - When malloc fails nothing fails: the points are copied in chunks of
 *     CHUNK into a stack array and the backend's operation, which itself never
 *     fails, runs on each chunk; the partial sums are added. Same result,
 *     slower for large n.
 *
 * Scalars are whole 256-bit integers, never reduced mod ℓ, exactly as in
 * vec25519_edwards25519_point_mul: for a point with a torsion component [s]P and
 * [s mod ℓ]P differ, and the multiscalar result equals the sum of the
 * point_mul results term by term.
 *
 * Constant time: vec25519_edwards25519_point_multiscalar and
 * vec25519_ristretto255_point_multiscalar branch on n only; their heap copies
 * of the points are wiped before they are freed, the stack chunks likewise.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vec25519/edwards25519.h"

#include "../backend/backend.h"
#include "../backend/serial/msm.h"
#include "../internal/ct.h"
#include "opaque.h"

_Static_assert(sizeof(ge_ext) <= sizeof(vec25519_edwards25519_point),
               "vec25519_edwards25519_point is too small for ge_ext");

/* Points per chunk of the allocation-free path (10 KiB of stack). */
#define CHUNK 64

/* The scalars as rows of 32 bytes. (In C17 a pointer to an array of const
 * bytes does not count as pointing to a const type, so a direct cast trips
 * -Wcast-qual; the integer round trip is exact and says what is meant.) */
typedef const uint8_t (*scalar_rows)[32];
static scalar_rows as_rows(const uint8_t *p)
{
    return (scalar_rows)(uintptr_t)p;
}


/* Reserves, after *total (ge_msm_layout), the scratch of the backend's
 * multiscalar_vartime_scratch for n points; returns its offset, or SIZE_MAX
 * when the backend has no such entry or needs no scratch for n. */
static size_t vt_scratch_reserve(const struct backend *be, size_t *total, size_t n)
{
    size_t need;

    if (be->multiscalar_vartime_scratch_bytes == NULL || be->multiscalar_vartime_scratch == NULL)
        return SIZE_MAX;
    need = be->multiscalar_vartime_scratch_bytes(n);
    return need != 0 ? ge_msm_layout(total, need, 1) : SIZE_MAX;
}

/* r = the backend's variable-time Σ [s_i]P_i, in the scratch at base + off
 * when vt_scratch_reserve gave an offset, else with the backend's own
 * allocation. */
static void vt_run(const struct backend *be, ge_ext *r, size_t n, scalar_rows sc,
                   const ge_ext *pts, unsigned char *base, size_t off)
{
    if (off != SIZE_MAX) {
        be->multiscalar_vartime_scratch(r, n, sc, pts, base + off);
    } else {
        be->multiscalar_vartime(r, n, sc, pts);
    }
}

/*
 * h = Σ [s_i]P_i with P_i the ge_ext at (const char *)points + i·stride.
 * One heap block for the copies (and the backend's vartime scratch); when it
 * cannot be had, chunks of CHUNK points on the stack. Never fails. Constant
 * time in the scalars and points for MSM_CT (n public).
 */
static void msm_run(ge_ext *h, size_t n, const uint8_t *scalars, const void *points,
                    size_t stride, msm_kind kind)
{
    const struct backend *be = backend_get();
    scalar_rows sc = as_rows(scalars);
    size_t total = 0, o_pts, o_scr;
    unsigned char *base;

    if (n == 0) {
        ge_ext_0(h);
        return;
    }
    o_pts = ge_msm_layout(&total, n, sizeof(ge_ext));
    o_scr = kind == MSM_VARTIME ? vt_scratch_reserve(be, &total, n) : SIZE_MAX;
    base = ge_msm_scratch_alloc(total);
    if (base != NULL) {
        ge_ext *pts = (ge_ext *)(void *)(base + o_pts);
        for (size_t i = 0; i < n; i++) opaque_load(&pts[i], (const char *)points + i * stride);
        if (kind == MSM_CT) {
            be->multiscalar(h, n, sc, pts);
            vec25519_wipe(pts, n * sizeof(ge_ext));
        } else {
            vt_run(be, h, n, sc, pts, base, o_scr);
        }
        ge_msm_scratch_free(base);
        return;
    }

    /* No heap: chunks on the stack. */
    {
        ge_ext pts[CHUNK], part, acc;

        ge_ext_0(&acc);
        for (size_t lo = 0; lo < n; lo += CHUNK) {
            size_t m = n - lo < CHUNK ? n - lo : CHUNK;
            for (size_t i = 0; i < m; i++)
                opaque_load(&pts[i], (const char *)points + (lo + i) * stride);
            if (kind == MSM_CT) {
                be->multiscalar(&part, m, sc + lo, pts);
            } else {
                be->multiscalar_vartime(&part, m, sc + lo, pts);
            }
            ge_ext_add(&acc, &acc, &part);
        }
        *h = acc;
        vec25519_wipe(pts, sizeof pts);
        vec25519_wipe(&part, sizeof part);
        vec25519_wipe(&acc, sizeof acc);
    }
}

/* The public forms (opaque.h): msm_run, then the result into the opaque
 * struct r of rsize bytes. The copy of the result on the stack is wiped (it
 * is secret in the constant-time forms). */
void opaque_multiscalar(void *r, size_t rsize, const uint8_t *scalars, const void *points,
                       size_t stride, size_t n, msm_kind kind)
{
    ge_ext h;

    msm_run(&h, n, scalars, points, stride, kind);
    opaque_store(r, rsize, &h);
    vec25519_wipe(&h, sizeof h);
}

/* ---- edwards25519 ------------------------------------------------------------- */

/* r = Σ [s_i]P_i, constant time and variable time. */
OPAQUE_GROUP_MSM(edwards25519)

/* ---- precomputed static points ---------------------------------------------------- */

/*
 * The object: n static points, their wNAF_8 tables (ge_msm_table, 64 affine
 * Niels multiples each) and the pointer array ge_msm_precomp_vartime takes,
 * all in the one block that holds the struct. The points themselves are kept
 * for the allocation-free path of the multiplication.
 */
struct vec25519_edwards25519_precomp {
    size_t n;
    unsigned char *block;         /* the ge_msm_scratch_alloc block holding everything */
    ge_msm_table *tables;         /* n tables */
    const ge_msm_table **tptr;    /* tptr[i] = &tables[i] */
    ge_ext *points;               /* n points */
};

VEC25519_API vec25519_edwards25519_precomp *vec25519_edwards25519_precomp_new(
    const vec25519_edwards25519_point *points, size_t n)
{
    vec25519_edwards25519_precomp *pc;
    size_t total = 0, o_pc, o_tab, o_ptr, o_pts;
    unsigned char *base;

    if (points == NULL && n > 0) return NULL; /* no points to copy: the NULL of failure */
    o_pc = ge_msm_layout(&total, 1, sizeof *pc);
    o_tab = ge_msm_layout(&total, n, sizeof(ge_msm_table));
    o_ptr = ge_msm_layout(&total, n, sizeof(const ge_msm_table *));
    o_pts = ge_msm_layout(&total, n, sizeof(ge_ext));
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return NULL;
    pc = (vec25519_edwards25519_precomp *)(void *)(base + o_pc);
    pc->n = n;
    pc->block = base;
    pc->tables = (ge_msm_table *)(void *)(base + o_tab);
    pc->tptr = (const ge_msm_table **)(void *)(base + o_ptr);
    pc->points = (ge_ext *)(void *)(base + o_pts);
    for (size_t i = 0; i < n; i++) {
        opaque_load(&pc->points[i], &points[i]);
        pc->tptr[i] = &pc->tables[i];
    }
    if (ge_msm_tables_init(pc->tables, n, pc->points) != 0) {
        ge_msm_scratch_free(base);
        return NULL;
    }
    return pc;
}

VEC25519_API void vec25519_edwards25519_precomp_free(vec25519_edwards25519_precomp *pc)
{
    if (pc != NULL) ge_msm_scratch_free(pc->block);
}

VEC25519_API size_t vec25519_edwards25519_precomp_len(const vec25519_edwards25519_precomp *pc)
{
    return pc->n;
}

/*
 * Static sets from this size on are multiplied by the backend's
 * multiscalar_vartime (Pippenger there) over the stored points instead of
 * by Straus over the tables: the width-8 tables (7.5 KiB per point) pay
 * only while they stay in cache. docs/msm.md table 3.1, serial: 256 points
 * 4.4 µs per point with tables against 5.4 µs by the backend, 512 points
 * 5.6 against 4.3.
 */
#define PRECOMP_STRAUS_MAX 384

/*
 * r = Σ [a_i]Q_i + Σ [b_j]P_j. Below PRECOMP_STRAUS_MAX static points:
 * Straus over the tables and the dynamic points (ge_msm_precomp_vartime,
 * which moves a large dynamic part to Pippenger); from there on, one backend
 * multiscalar over the stored static points and the dynamic ones. When an
 * allocation fails, the two parts are summed by the backend operations,
 * which never fail.
 */
VEC25519_API void vec25519_edwards25519_precomp_mul_vartime(
    vec25519_edwards25519_point *r, const vec25519_edwards25519_precomp *pc,
    const uint8_t *static_scalars, const uint8_t *dynamic_scalars,
    const vec25519_edwards25519_point *dynamic_points, size_t nd)
{
    const struct backend *be = backend_get();
    scalar_rows ss = as_rows(static_scalars);
    scalar_rows ds = as_rows(dynamic_scalars);
    size_t ns = pc->n, total = 0;
    ge_ext h, d;

    if (ns < PRECOMP_STRAUS_MAX) {
        size_t o_pts = ge_msm_layout(&total, nd, sizeof(ge_ext));
        unsigned char *base = ge_msm_scratch_alloc(total);
        if (base != NULL) {
            ge_ext *pts = (ge_ext *)(void *)(base + o_pts);
            int rc;
            for (size_t j = 0; j < nd; j++) opaque_load(&pts[j], &dynamic_points[j]);
            rc = ge_msm_precomp_vartime(&h, ns, ss, pc->tptr, nd, ds, pts);
            ge_msm_scratch_free(base);
            if (rc == 0) {
                opaque_store(r, sizeof *r, &h);
                return;
            }
        }
    } else if (nd <= SIZE_MAX - ns) {
        /* Static and dynamic together: points, scalars and the backend's
         * scratch in one block. */
        size_t n = ns + nd;
        size_t o_pts = ge_msm_layout(&total, n, sizeof(ge_ext));
        size_t o_sc = ge_msm_layout(&total, n, 32);
        size_t o_scr = vt_scratch_reserve(be, &total, n);
        unsigned char *base = ge_msm_scratch_alloc(total);
        if (base != NULL) {
            ge_ext *pts = (ge_ext *)(void *)(base + o_pts);
            uint8_t (*sc)[32] = (uint8_t (*)[32])(base + o_sc);
            memcpy(pts, pc->points, ns * sizeof(ge_ext));
            for (size_t j = 0; j < nd; j++) opaque_load(&pts[ns + j], &dynamic_points[j]);
            if (ns > 0) memcpy(sc, static_scalars, ns * 32);
            if (nd > 0) memcpy(sc + ns, dynamic_scalars, nd * 32);
            vt_run(be, &h, n, (scalar_rows)sc, pts, base, o_scr);
            ge_msm_scratch_free(base);
            opaque_store(r, sizeof *r, &h);
            return;
        }
    }
    /* No heap. */
    be->multiscalar_vartime(&h, ns, ss, pc->points);
    msm_run(&d, nd, dynamic_scalars, dynamic_points, sizeof *dynamic_points, MSM_VARTIME);
    ge_ext_add(&h, &h, &d);
    opaque_store(r, sizeof *r, &h);
}
