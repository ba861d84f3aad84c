/*
 * The vector-point interface: what the vector scalar-multiplication
 * algorithms (src/backend/vector/scalarmult.c) need from a backend's 4-way
 * point arithmetic. Each ISA maps these names onto its own point type; the
 * algorithms are then compiled once per ISA (design.md §1, §5.7).
 *
 *   vpt_ext      a point, (X, Y, Z, T) in the four lanes
 *   vpt_cached   its cached form, the operand of re-addition
 *
 *   vpt_ext_0(h)                 identity
 *   vpt_cached_0(h)              identity, cached
 *   vpt_from_ge(r, p)            serial ge_ext → vector
 *   vpt_to_ge(r, p)              vector → serial ge_ext
 *   vpt_to_cached(r, p)          ext → cached
 *   vpt_add(r, p, q)             r = p + q (ext + ext)
 *   vpt_add_cached(r, p, q)      r = p + q (ext + cached)
 *   vpt_dbl(r, p)                r = 2p
 *   vpt_cached_cmov(r, p, m)     if m: r = p
 *   vpt_cached_cneg(r, p, m)     r = m ? -p : p
 *
 * Optional (a backend defines the macro when it has a faster way; the
 * algorithms fall back to the portable form otherwise):
 *
 *   vpt_cached_select(t, table, b)   t = [b]Q from table[j] = [j+1]Q, j < 8,
 *                                    b ∈ [-8, 8]; constant time, reads all
 *                                    eight entries (else: cmov scan + cneg)
 *   vpt_dbl_n(r, p, n)               r = 2^n·p, n ≥ 0 public (else: n calls
 *                                    of vpt_dbl)
 *
 * VFN(name) names a function of this ISA's backend (avx2_name, ifma_name).
 */
#ifndef VEC25519_BACKEND_VECTOR_VPOINT_H
#define VEC25519_BACKEND_VECTOR_VPOINT_H

#if defined(VEC25519_VECTOR_AVX2)
#include "../avx2/edwards_avx2.h"
typedef ge_avx2_ext vpt_ext;
typedef ge_avx2_cached vpt_cached;
#define vpt_ext_0 ge_avx2_ext_0
#define vpt_cached_0 ge_avx2_cached_0
#define vpt_from_ge ge_ext_to_avx2
#define vpt_to_ge ge_avx2_to_ext
#define vpt_to_cached ge_avx2_ext_to_cached
#define vpt_add ge_avx2_ext_add
#define vpt_add_cached ge_avx2_add_cached
#define vpt_dbl ge_avx2_ext_dbl
#define vpt_cached_cmov ge_avx2_cached_cmov
#define vpt_cached_cneg ge_avx2_cached_cneg
#define vpt_cached_select ge_avx2_cached_select
#define vpt_dbl_n ge_avx2_ext_dbl_n
#define VFN(name) avx2_##name
#define VBACKEND_NAME "avx2"
#elif defined(VEC25519_VECTOR_IFMA)
#include "../ifma/edwards_ifma.h"
typedef ge_ifma_ext vpt_ext;
typedef ge_ifma_cached vpt_cached;
#define vpt_ext_0 ge_ifma_ext_0
#define vpt_cached_0 ge_ifma_cached_0
#define vpt_from_ge ge_ext_to_ifma
#define vpt_to_ge ge_ifma_to_ext
#define vpt_to_cached ge_ifma_ext_to_cached
#define vpt_add ge_ifma_ext_add
#define vpt_add_cached ge_ifma_add_cached
#define vpt_dbl ge_ifma_ext_dbl
#define vpt_cached_cmov ge_ifma_cached_cmov
#define vpt_cached_cneg ge_ifma_cached_cneg
#define VFN(name) ifma_##name
#define VBACKEND_NAME "ifma"
#else
#error "vpoint.h: define VEC25519_VECTOR_AVX2 or VEC25519_VECTOR_IFMA"
#endif

#endif /* VEC25519_BACKEND_VECTOR_VPOINT_H */
