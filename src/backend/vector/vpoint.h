/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The vector-point interface: what the vector scalar-multiplication
 * algorithms (the files of src/backend/vector/, algorithms.h) need from a backend's 4-way
 * point arithmetic. Each ISA maps these names onto its own point type; the
 * algorithms are then compiled once per ISA (docs/conventions.md §1, §5.7).
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
 *
 * The 4-way field (four independent elements, one per lane; decode.c):
 *
 *   vfe                          four field elements
 *   vfe_pack(h, f)               h = (f[0], f[1], f[2], f[3]), f tight serial fe;
 *                                h is a multiplier operand
 *   vfe_unpack(f, h)             f[i] = lane i of h, tight serial fe
 *   vfe_mul(h, f, g)             h = f·g lane by lane
 *   vfe_sq(h, f)                 h = f² lane by lane
 *
 * Operands and results of vfe_mul / vfe_sq are "operand-ready": any result
 * feeds the next product and vfe_unpack directly (the bounds are stated at
 * each definition). All constant time; aliasing allowed.
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
/* Fixed base: the 4-way algorithm of fixed_base.c; the encodings batched by
 * the 4-lane kernel (src/backend/avx2/base_x4.c). */
#define VBACKEND_VECTOR_BASE 1
#define VBACKEND_SCALARMULT_BASE VFN(scalarmult_base)
#define VBACKEND_BASE_ENCODE avx2_base_encode
void avx2_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form);

typedef fe2625x4 vfe;

/* h = f[0..3]. In: tight fe; out: b < 0.0001 (fe2625x4.h). */
static inline void vfe_pack(vfe *h, const fe f[4])
{
#if defined(VEC25519_SERIAL_U32)
    fe2625x4_pack(h, &f[0], &f[1], &f[2], &f[3]); /* fe2625 tight: b < 0.17 */
    fe2625x4_reduce(h, h);                        /* b < 0.0001 */
#else
    fe2625x4_from_radix51(h, f[0].v, f[1].v, f[2].v, f[3].v); /* b < 0.0001 */
#endif
}

/* f[0..3] = h. In: b < 0.16 (every vfe_mul / vfe_sq result); out: tight fe. */
static inline void vfe_unpack(fe f[4], const vfe *h)
{
#if defined(VEC25519_SERIAL_U32)
    fe2625x4_unpack(&f[0], &f[1], &f[2], &f[3], h);
#else
    fe2625x4_to_radix51(f[0].v, f[1].v, f[2].v, f[3].v, h);
#endif
}

/* h = f·g. In: b_f < 2.5, b_g < 1.75; out: b < 0.0003. */
static inline void vfe_mul(vfe *h, const vfe *f, const vfe *g)
{
    fe2625x4_mul(h, f, g);
}

/* h = f². In: b < 1.75; out: b < 0.0002. */
static inline void vfe_sq(vfe *h, const vfe *f)
{
    fe2625x4_sq(h, f);
}
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
#define vpt_cached_select ge_ifma_cached_select
#define vpt_dbl_n ge_ifma_ext_dbl_n
#define VFN(name) ifma_##name
#define VBACKEND_NAME "ifma"
/* Fixed base: the 8-lane kernels of src/backend/ifma/base_x8.c. */
#define VBACKEND_VECTOR_BASE 0
#define VBACKEND_SCALARMULT_BASE ifma_scalarmult_base_x8
#define VBACKEND_BASE_ENCODE ifma_base_encode

typedef fe52x4 vfe;

/* h = f[0..3]. In: tight fe; out: b < 0.17 < 1, a multiplier operand (fe52x4.h). */
static inline void vfe_pack(vfe *h, const fe f[4])
{
#if defined(VEC25519_SERIAL_U32)
    fe51 c[4];
    uint8_t s[32];

    for (int i = 0; i < 4; i++) {
        fe_tobytes(s, &f[i]);
        fe51_frombytes(&c[i], s); /* limbs < 2^51: b = 0 */
    }
    fe52x4_pack(h, &c[0], &c[1], &c[2], &c[3]);
#else
    fe52x4_pack(h, &f[0], &f[1], &f[2], &f[3]); /* fe51 tight: b < 0.17 */
#endif
}

/* f[0..3] = h. In: b < 0.16 (every vfe_mul / vfe_sq result); out: tight fe. */
static inline void vfe_unpack(fe f[4], const vfe *h)
{
#if defined(VEC25519_SERIAL_U32)
    fe51 c[4];
    uint8_t s[32];

    fe52x4_unpack(&c[0], &c[1], &c[2], &c[3], h);
    for (int i = 0; i < 4; i++) {
        fe51_tobytes(s, &c[i]);
        fe_frombytes(&f[i], s);
    }
#else
    fe52x4_unpack(&f[0], &f[1], &f[2], &f[3], h);
#endif
}

/* h = f·g. In: b < 1; the product has b < 9.07, one carry pass: out b < 0.00001. */
static inline void vfe_mul(vfe *h, const vfe *f, const vfe *g)
{
    fe52x4_mul(h, f, g);
    fe52x4_reduce(h, h);
}

/* h = f². In: b < 1; out: b < 0.00001 (as vfe_mul). */
static inline void vfe_sq(vfe *h, const vfe *f)
{
    fe52x4_sq(h, f);
    fe52x4_reduce(h, h);
}
#else
#error "vpoint.h: define VEC25519_VECTOR_AVX2 or VEC25519_VECTOR_IFMA"
#endif

/* The backend table's frombytes4_vartime (decode.c; backend.h). */
void VFN(frombytes4_vartime)(ge_ext out[4], int ok[4], const uint8_t in[4][32], int policy);
/* Its frombytes2_vartime where the two lanes of one 4-way exponentiation
 * beat two serial decodings: on IFMA; on AVX2 the 4-way chain costs more
 * than two serial ones (docs/performance.md, "Ed25519 verification"). */
#if defined(VEC25519_VECTOR_IFMA)
void VFN(frombytes2_vartime)(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy);
#define VBACKEND_FROMBYTES2 VFN(frombytes2_vartime)
/* and its pow22523_2 (decode.c; backend.h), for the same reason */
void VFN(pow22523_2)(fe h[2], const fe f[2]);
#define VBACKEND_POW22523_2 VFN(pow22523_2)
/* and its pow22523_invert (decode.c; backend.h) */
void VFN(pow22523_invert)(fe *h, const fe *f, fe *inv, const fe *g);
#define VBACKEND_POW22523_INVERT VFN(pow22523_invert)
/* and [s]P beside [ℓ]P in the halves of 512-bit registers (ifma/scalarmult_x2.c) */
#define VBACKEND_SCALARMULT_ORDER ifma_scalarmult_order_x2
/* [s]P: the scalar's halves in the registers' halves where that pays, else
 * variable_base.c (ifma/backend_ifma.c; dispatch.c, scalarmult_halves_best) */
#define VBACKEND_SCALARMULT VFN(scalarmult_best)
#else
/* on AVX2 the 4-way chain costs more than two serial exponentiations, and
 * the interleaved BMI2/ADX pair less (backend.h, pow22523_2_best) */
#define VBACKEND_FROMBYTES2 frombytes2_best_vartime
#define VBACKEND_POW22523_2 pow22523_2_best
#define VBACKEND_POW22523_INVERT pow22523_invert_best
#define VBACKEND_SCALARMULT_ORDER NULL
/* [s]P: variable_base.c */
#define VBACKEND_SCALARMULT VFN(scalarmult)
#endif

/* ---- tables of multiples ----------------------------------------------------------- */

/* table[j] = [j+1]P, j = 0..7, cached: doubling for the even multiples, one
 * addition for the odd, as ge_cached_multiples (serial/ge.c) and the one
 * table of variable_base.c and straus.c. Constant time; the stack copies
 * are wiped. */
static inline void vpt_cached_multiples(vpt_cached table[8], const ge_ext *P)
{
    vpt_ext m[8];

    vpt_from_ge(&m[0], P);
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) {
            vpt_dbl(&m[j], &m[j / 2]);
        } else {
            vpt_add(&m[j], &m[j - 1], &m[0]);
        }
    }
    for (int j = 0; j < 8; j++) vpt_to_cached(&table[j], &m[j]);
    vec25519_wipe(m, sizeof m);
}


/* pos[j] = (2j+1)·Q and, unless neg is NULL, neg[j] = -(2j+1)·Q, for j < n. */
static inline void vpt_cached_odd_multiples(vpt_cached *pos, vpt_cached *neg, const ge_ext *Q, int n)
{
    vpt_ext q, q2, t;

    vpt_from_ge(&q, Q);
    vpt_dbl(&q2, &q);
    vpt_to_cached(&pos[0], &q);
    for (int j = 1; j < n; j++) {
        vpt_add_cached(&t, &q2, &pos[j - 1]);
        vpt_to_cached(&pos[j], &t);
    }
    if (neg == NULL) return;
    for (int j = 0; j < n; j++) vpt_cached_cneg(&neg[j], &pos[j], ct_from_bit(1));
}


#endif /* VEC25519_BACKEND_VECTOR_VPOINT_H */
