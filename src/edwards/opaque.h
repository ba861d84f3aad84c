/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The public point structs (vec25519_edwards25519_point,
 * vec25519_ristretto255_point: include/vec25519/) each hold one serial
 * extended point (src/backend/serial/ge.h) at offset 0, zero after it. What
 * edwards25519.c, ristretto255.c and msm_api.c do with them is here once:
 * copying the point in and out (memcpy keeps the access free of type
 * punning), and the operations that are the same on both groups because a
 * ristretto255 element is held as any edwards25519 representative
 * (src/edwards/opaque.c). Constant time; aliasing of the structs allowed.
 */
#ifndef VEC25519_EDWARDS_OPAQUE_H
#define VEC25519_EDWARDS_OPAQUE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../backend/serial/ge.h"

/* h = the point held by the struct at p. */
static inline void opaque_load(ge_ext *h, const void *p)
{
    memcpy(h, p, sizeof *h);
}

/* The struct at p (size bytes) = h, zero past the point. */
static inline void opaque_store(void *p, size_t size, const ge_ext *h)
{
    memset(p, 0, size);
    memcpy(p, h, sizeof *h);
}

/* s = enc(the held point) (ge_ext_tobytes, or ristretto255's ENCODE); the
 * copy is wiped. */
void opaque_tobytes(uint8_t s[32], const void *p, void (*enc)(uint8_t[32], const ge_ext *));
/* The struct at p = the identity (0 : 1 : 1 : 0). */
void opaque_identity(void *p, size_t size);
/* r = [t mod ℓ]B, t any 32 bytes: the backend's fixed-base multiplication
 * of the reduced scalar (then t[31] ≤ 127, as it requires); secrets wiped. */
void opaque_mul_base(void *r, size_t size, const uint8_t t[32]);
/* r = op(p, q) (ge_ext_add, ge_ext_sub) on the held points; the copies are
 * wiped. r, p, q structs of size bytes, any of them the same. */
void opaque_binop(void *r, size_t size, const void *p, const void *q,
                  void (*op)(ge_ext *, const ge_ext *, const ge_ext *));
/* r = op(p) (ge_ext_neg, ge_ext_mul_by_cofactor); the copy is wiped. */
void opaque_unop(void *r, size_t size, const void *p, void (*op)(ge_ext *, const ge_ext *));
/* 1 iff pred(p) (ge_ext_is_small_order, ge_ext_is_torsion_free); the answer
 * is public, the copy is wiped. */
int opaque_test(const void *p, ct_mask (*pred)(const ge_ext *));
/* The two kinds of multiscalar multiplication: constant time (the
 * backend's multiscalar) and variable time (multiscalar_vartime). */
typedef enum { MSM_CT, MSM_VARTIME } msm_kind;
/* r = Σ [s_i]P_i, s_i the 32-byte rows of scalars (whole 256-bit integers,
 * never reduced), P_i held by n structs stride bytes apart from points; r a
 * struct of rsize bytes (msm_api.c). MSM_CT: constant time, branching on n
 * only; MSM_VARTIME: variable time, public inputs only. Never fails. */
void opaque_multiscalar(void *r, size_t rsize, const uint8_t *scalars, const void *points,
                        size_t stride, size_t n, msm_kind kind);
/* 1 iff eq(p, q) (ge_ext_eq, or the ristretto255 equality); the answer is
 * public, the copies are wiped. */
int opaque_eq(const void *p, const void *q, ct_mask (*eq)(const ge_ext *, const ge_ext *));

#endif /* VEC25519_EDWARDS_OPAQUE_H */
