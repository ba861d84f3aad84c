/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The two doubling entry points every 4-way point type exports, written
 * once for both vector backends (src/backend/avx2/edwards_avx2.c,
 * src/backend/ifma/edwards_ifma.c), each over its own static one-doubling
 * step `dbl_(FIELD *r, const FIELD *p)` (the HWCD 2008 parallel doubling,
 * docs/parallel-formulas.md), which the including file defines first:
 *
 *   EXT_dbl(r, p)      r = 2p;
 *   EXT_dbl_n(r, p, n) r = 2^n·p, n ≥ 0 (public): the doublings in a loop on
 *                      a local, so the point stays in registers from one to
 *                      the next instead of going through memory
 *                      (docs/avx2.md §9.1), and the code is one doubling long.
 *
 * Bounds in and out are those of the backend's dbl_ (avx2: reduced;
 * ifma: b < 9.07). Constant time in p; r may alias p.
 */
#ifndef VEC25519_BACKEND_VECTOR_POINT_DBL_H
#define VEC25519_BACKEND_VECTOR_POINT_DBL_H

/* Defines dbl_name and dbl_n_name for the point type EXT (one member xyzt of type FIELD). */
#define VPT_DEFINE_DBL(EXT, FIELD, dbl_name, dbl_n_name)                \
    void dbl_name(EXT *r, const EXT *p)                                 \
    {                                                                   \
        dbl_(&r->xyzt, &p->xyzt);                                       \
    }                                                                   \
    void dbl_n_name(EXT *r, const EXT *p, int n)                        \
    {                                                                   \
        FIELD x = p->xyzt;                                              \
        _Pragma("GCC unroll 1") for (int k = 0; k < n; k++) dbl_(&x, &x); \
        r->xyzt = x;                                                    \
    }

#endif /* VEC25519_BACKEND_VECTOR_POINT_DBL_H */
