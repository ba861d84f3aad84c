/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Curve models of edwards25519: -x² + y² = 1 + d·x²·y², d = -121665/121666,
 * on the serial field (src/field/fe.h).
 *
 * Model                  type       ref10 name   coordinates
 * ---------------------  ---------  -----------  ----------------------------------
 * extended P³            ge_ext     ge_p3        (X:Y:Z:T), x = X/Z, y = Y/Z, XY = ZT
 * projective P²          ge_proj    ge_p2        (X:Y:Z)
 * completed P¹×P¹        ge_compl   ge_p1p1      ((X:Z), (Y:T)), x = X/Z, y = Y/T
 * projective Niels       ge_cached  ge_cached    (Y+X, Y-X, Z, 2d·T)
 * affine Niels           ge_niels   ge_precomp   (y+x, y-x, 2d·x·y)
 *
 * Formulas: HWCD 2008 (eprint 2008/522) §3.1 / EFD "add-2008-hwcd-3" and
 * "dbl-2008-hwcd"; the completed model and Niels forms as in ref10 and
 * curve25519-dalek src/backend/serial/curve_models.rs.
 *
 * Every function is constant time unless its name ends in _vartime. Outputs
 * may alias inputs.
 */
#ifndef VEC25519_BACKEND_SERIAL_GE_H
#define VEC25519_BACKEND_SERIAL_GE_H

#include <stddef.h>
#include <stdint.h>

#include "../../field/fe.h"

typedef struct {
    fe X, Y, Z, T;
} ge_ext;

typedef struct {
    fe X, Y, Z;
} ge_proj;

typedef struct {
    fe_loose X, Y, Z, T;
} ge_compl;

typedef struct {
    fe YplusX, YminusX, Z, T2d;
} ge_cached;

typedef struct {
    fe yplusx, yminusx, xy2d;
} ge_niels;

/* ---- conversions ---------------------------------------------------------- */
void ge_ext_0(ge_ext *h);                                  /* identity (0:1:1:0) */
void ge_ext_to_proj(ge_proj *r, const ge_ext *p);          /* drop T */
void ge_ext_to_cached(ge_cached *r, const ge_ext *p);
void ge_compl_to_ext(ge_ext *r, const ge_compl *p);        /* 4M */
void ge_compl_to_proj(ge_proj *r, const ge_compl *p);      /* 3M */
void ge_cached_0(ge_cached *h);                            /* identity, cached */
void ge_niels_0(ge_niels *h);                              /* identity, affine Niels */

/* ---- arithmetic ----------------------------------------------------------- */
void ge_add_cached(ge_compl *r, const ge_ext *p, const ge_cached *q); /* p + q */
void ge_sub_cached(ge_compl *r, const ge_ext *p, const ge_cached *q); /* p - q */
void ge_add_niels(ge_compl *r, const ge_ext *p, const ge_niels *q);   /* p + q, q affine */
void ge_sub_niels(ge_compl *r, const ge_ext *p, const ge_niels *q);
void ge_proj_dbl(ge_compl *r, const ge_proj *p);                      /* 2p */
void ge_ext_add(ge_ext *r, const ge_ext *p, const ge_ext *q);          /* convenience */
void ge_ext_sub(ge_ext *r, const ge_ext *p, const ge_ext *q);
void ge_ext_dbl(ge_ext *r, const ge_ext *p);
void ge_ext_neg(ge_ext *r, const ge_ext *p);
void ge_ext_mul_by_cofactor(ge_ext *r, const ge_ext *p);               /* [8]p */
/* r = [2^k]p, k ≥ 1, staying in P² between doublings. */
void ge_ext_dbl_n(ge_ext *r, const ge_ext *p, int k);

/* ---- constant-time selection ---------------------------------------------- */
void ge_cached_cmov(ge_cached *r, const ge_cached *p, ct_mask m);
void ge_cached_cneg(ge_cached *r, const ge_cached *p, ct_mask m);     /* m ? -p : p */
void ge_niels_cmov(ge_niels *r, const ge_niels *p, ct_mask m);
void ge_niels_cneg(ge_niels *r, const ge_niels *p, ct_mask m);
void ge_ext_cmov(ge_ext *r, const ge_ext *p, ct_mask m);
/*
 * t = [b]Q from table[j] = [j+1]Q (j = 0..7), b ∈ [-8, 8] (a signed radix-16
 * digit): |b| and its sign without a branch, a scan of all eight entries
 * with masked moves (b = 0 keeps the identity) and a masked negation.
 * Constant time: the whole table is read whatever b is.
 */
void ge_cached_select(ge_cached *t, const ge_cached table[8], int8_t b);
void ge_niels_select(ge_niels *t, const ge_niels table[8], int8_t b);

/* ---- tables of multiples ---------------------------------------------------- */
/* table[j] = [j+1]P, j = 0..7 (doublings for the even multiples, additions
 * for the odd ones). Constant time; the stack copies are wiped. */
void ge_cached_multiples(ge_cached table[8], const ge_ext *P);
/* table[j] = (2j+1)·P, j = 0..n−1 (P, then n − 1 additions of 2P), n ≥ 1.
 * No branch; used for public points. */
void ge_cached_odd_multiples(ge_cached *table, const ge_ext *P, int n);
/* o = (y+x, y−x, 2d·x·y) of p, given zinv = 1/Z (4M). Constant time. */
void ge_ext_to_niels(ge_niels *o, const ge_ext *p, const fe *zinv);

/* ---- encoding (RFC 8032 §5.1.2, §5.1.3) ------------------------------------ */
/*
 * Strict decoding: returns 0 and the point, or -1 (h = identity) when
 *   y ≥ p (non-canonical), x² = (y²-1)/(dy²+1) has no root, or x = 0 with the
 *   sign bit set (the encodings of (0, ±1) with bit 255 set are rejected).
 * Variable time in the encoding only through the returned verdict; the
 * arithmetic is constant time (decoding a secret-derived point is fine).
 */
int ge_ext_frombytes(ge_ext *h, const uint8_t s[32]);
/* As above but accepts y ≥ p (reduced mod p) and x = 0 with the sign bit set
 * (ZIP-215 / libsodium-1.0.18-compatible decoding). */
int ge_ext_frombytes_relaxed(ge_ext *h, const uint8_t s[32]);
void ge_ext_tobytes(uint8_t s[32], const ge_ext *h);
void ge_proj_tobytes(uint8_t s[32], const ge_proj *h);
/* s = encoding of (X·zinv, Y·zinv), zinv = 1/Z given: the end of the two above. */
void ge_ext_tobytes_zinv(uint8_t s[32], const fe *X, const fe *Y, const fe *zinv);

/* ---- predicates (constant time; masks) ------------------------------------ */
ct_mask ge_ext_eq(const ge_ext *p, const ge_ext *q);     /* projective: X1Z2 = X2Z1, Y1Z2 = Y2Z1 */
ct_mask ge_ext_is_identity(const ge_ext *p);
ct_mask ge_ext_is_small_order(const ge_ext *p);         /* [8]p = identity */
ct_mask ge_ext_is_torsion_free(const ge_ext *p);        /* [ℓ]p = identity (subgroup.c) */

/* ge_ext_is_torsion_free in stages around its two exponentiations
 * (subgroup.c has the contracts); c holds the secrets between them. */
typedef struct {
    fe n, m, uv3, g;
    ct_mask is_square;
} ge_torsion_ctx;
void ge_torsion_begin(ge_torsion_ctx *c, fe *w, const fe *Y, const fe *Z);
void ge_torsion_mid(ge_torsion_ctx *c, fe *g, const ge_ext *p, const fe *pw);
ct_mask ge_torsion_end(ge_torsion_ctx *c, const ge_ext *p, const fe *pg);

/* h[i] = f[i]^((p-5)/8), i = 0, 1, constant time: the backend table's
 * pow22523_2 (backend.h), or NULL for two fe_pow22523. */
typedef void (*ge_pow22523_2_fn)(fe h[2], const fe f[2]);
/*
 * *h = the point s decodes to under ge_ext_frombytes's strict policy (the
 * identity if it does not decode), and all-ones iff s decodes and the point
 * lies in the prime-order subgroup (the identity included): the verdicts of
 * ge_ext_frombytes and ge_ext_is_torsion_free together, with the decoding's
 * square root and the subgroup test's first one (both functions of y alone)
 * computed by pow2 side by side. Constant time in s (ge_frombytes.c).
 */
ct_mask ge_decode_torsion_free(ge_ext *h, const uint8_t s[32], ge_pow22523_2_fn pow2);

/* h = f^((p-5)/8) and inv = 1/g (0 ↦ 0), constant time: the backend table's
 * pow22523_invert (backend.h), or NULL for fe_pow22523 and fe_invert. */
typedef void (*ge_pow22523_invert_fn)(fe *h, const fe *f, fe *inv, const fe *g);
/*
 * ge_decode_torsion_free in two halves around a computation on the decoded
 * point h, so that the subgroup test's last exponentiation runs beside the
 * inversion that encodes the computation's result Q (ge_frombytes.c):
 *   ge_decode_torsion_start(c, h, s, pow2)
 *       h = the point s decodes to (the identity if it does not), as
 *       ge_decode_torsion_free; returns the decoding's verdict alone and
 *       leaves the subgroup test's last power to c;
 *   ge_decode_torsion_finish(c, out, h, Q, powinv)
 *       out = the encoding of Q (ge_ext_tobytes) and the subgroup test's
 *       verdict on h, the power and 1/Z of Q computed by powinv side by
 *       side; c is wiped.
 * start's verdict AND finish's = ge_decode_torsion_free's. Constant time.
 */
ct_mask ge_decode_torsion_start(ge_torsion_ctx *c, ge_ext *h, const uint8_t s[32],
                                ge_pow22523_2_fn pow2);
ct_mask ge_decode_torsion_finish(ge_torsion_ctx *c, uint8_t out[32], const ge_ext *h,
                                 const ge_ext *Q, ge_pow22523_invert_fn powinv);

/* ---- the basepoint ---------------------------------------------------------- */
extern const ge_ext ge_basepoint; /* B = (x, 4/5), x positive */

#endif /* VEC25519_BACKEND_SERIAL_GE_H */
