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

/* A group's decoding of 32 bytes: h = the point, and all-ones iff the bytes
 * are accepted (on failure h holds no meaning). */
typedef ct_mask (*opaque_decoder)(ge_ext *h, const uint8_t s[32]);
/* 1 iff dec accepts p; the verdict is public, the point is wiped. */
int opaque_bytes_valid(const uint8_t p[32], opaque_decoder dec);
/* r = enc(op(dec(p), dec(q))), 0; or -1 with r zeroed if dec rejects either
 * input. The decoding verdicts are public; the points are wiped. */
int opaque_bytes_binop(uint8_t r[32], const uint8_t p[32], const uint8_t q[32], opaque_decoder dec,
                       void (*enc)(uint8_t[32], const ge_ext *),
                       void (*op)(ge_ext *, const ge_ext *, const ge_ext *));

/*
 * The public operations that are the same on both groups, defined once for
 * the struct vec25519_<prefix>_point (the prototypes, with their contracts,
 * are the public headers'). OPAQUE_GROUP_OPS(prefix): the identity, the
 * base point B, add, sub and neg (edwards25519.c, ristretto255.c);
 * OPAQUE_GROUP_MSM(prefix): the constant-time and variable-time
 * multiscalar multiplications (msm_api.c, ristretto255.c). They serve
 * ristretto255 because its element is held as any edwards25519
 * representative, B represents its generator (RFC 9496 §4.4), and a
 * representative's sums, negatives and multiples represent the elements'.
 */
#define OPAQUE_BINOP_ONE_(prefix, name, op)                                                 \
    VEC25519_API void vec25519_##prefix##_point_##name(vec25519_##prefix##_point *r,        \
                                                       const vec25519_##prefix##_point *p,  \
                                                       const vec25519_##prefix##_point *q)  \
    {                                                                                       \
        opaque_binop(r, sizeof *r, p, q, op);                                               \
    }
#define OPAQUE_GROUP_OPS(prefix)                                                            \
    VEC25519_API void vec25519_##prefix##_point_identity(vec25519_##prefix##_point *p)      \
    {                                                                                       \
        opaque_identity(p, sizeof *p);                                                      \
    }                                                                                       \
    VEC25519_API void vec25519_##prefix##_point_base(vec25519_##prefix##_point *p)          \
    {                                                                                       \
        opaque_store(p, sizeof *p, &ge_basepoint);                                          \
    }                                                                                       \
    OPAQUE_BINOP_ONE_(prefix, add, ge_ext_add)                                              \
    OPAQUE_BINOP_ONE_(prefix, sub, ge_ext_sub)                                              \
    VEC25519_API void vec25519_##prefix##_point_neg(vec25519_##prefix##_point *r,           \
                                                    const vec25519_##prefix##_point *p)     \
    {                                                                                       \
        opaque_unop(r, sizeof *r, p, ge_ext_neg);                                           \
    }

#define OPAQUE_MSM_ONE_(prefix, suffix, kind)                                               \
    VEC25519_API void vec25519_##prefix##_point_multiscalar##suffix(                        \
        vec25519_##prefix##_point *r, const uint8_t *scalars,                               \
        const vec25519_##prefix##_point *points, size_t n)                                  \
    {                                                                                       \
        opaque_multiscalar(r, sizeof *r, scalars, points, sizeof *points, n, kind);         \
    }
/*
 * The byte-level operations of libsodium's crypto_core_<group>_*, defined
 * once for vec25519_<prefix>_*: is_valid_point (1 iff `valid` accepts the
 * bytes), add and sub (on the points `dec` decodes, encoded by `enc`; -1
 * and r zeroed if either input is rejected).
 */
#define OPAQUE_BYTES_OPS(prefix, valid, dec, enc)                                           \
    VEC25519_API int vec25519_##prefix##_is_valid_point(const uint8_t p[32])                \
    {                                                                                       \
        return opaque_bytes_valid(p, valid);                                                \
    }                                                                                       \
    VEC25519_API int vec25519_##prefix##_add(uint8_t r[32], const uint8_t p[32],            \
                                             const uint8_t q[32])                           \
    {                                                                                       \
        return opaque_bytes_binop(r, p, q, dec, enc, ge_ext_add);                           \
    }                                                                                       \
    VEC25519_API int vec25519_##prefix##_sub(uint8_t r[32], const uint8_t p[32],            \
                                             const uint8_t q[32])                           \
    {                                                                                       \
        return opaque_bytes_binop(r, p, q, dec, enc, ge_ext_sub);                           \
    }

#define OPAQUE_GROUP_MSM(prefix)                                                            \
    OPAQUE_MSM_ONE_(prefix, , MSM_CT)                                                       \
    OPAQUE_MSM_ONE_(prefix, _vartime, MSM_VARTIME)

#endif /* VEC25519_EDWARDS_OPAQUE_H */
