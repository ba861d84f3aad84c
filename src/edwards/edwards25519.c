/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The edwards25519 group for protocol builders (include/vec25519/edwards25519.h):
 * points as a struct, byte-level operations with libsodium's semantics
 * (crypto_core_ed25519_*, crypto_scalarmult_ed25519*), scalars mod ℓ, and the
 * Ed25519 ↔ X25519 conversions.
 *
 * Points are serial extended coordinates (src/backend/serial/ge.h) copied in
 * and out of the opaque public struct; decoding is the strict
 * ge_ext_frombytes (RFC 8032 §5.1.3 with canonical y, no "negative zero" x).
 * Scalar multiplications go through the backend table (src/backend/backend.h)
 * so that vector backends serve them. Scalars are the 32-byte strings of
 * src/scalar/sc.h.
 *
 * References: RFC 8032 §5.1 (curve, encoding, basepoint), RFC 7748 §4.1 (the
 * birational map u = (1 + y)/(1 - y), y = (u - 1)/(u + 1) between
 * edwards25519 and curve25519), libsodium's documented behaviour of the
 * functions named above (the semantics, not the code).
 *
 * Constant time: every secret-dependent choice is a mask. Verdicts (whether
 * an input decodes, is valid, whether a result is the identity) are public by
 * the contracts of the header and are turned into branches only after
 * ct_declassify_mask. Secret stack values are wiped.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/ed25519.h" /* the Ed25519 ↔ X25519 key conversions */
#include "vec25519/edwards25519.h"
#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../field/fe.h"
#include "../internal/ct.h"
#include "../internal/random.h"
#include "../scalar/sc.h"
#include "opaque.h"

_Static_assert(sizeof(ge_ext) <= sizeof(vec25519_edwards25519_point),
               "vec25519_edwards25519_point is too small for ge_ext");

/* ---- points (struct interface) ------------------------------------------- */

/* Strict decoding (ge_ext_frombytes); p zeroed on failure. */
VEC25519_API int vec25519_edwards25519_point_frombytes(vec25519_edwards25519_point *p,
                                                       const uint8_t s[32])
{
    ge_ext h;
    if (ge_ext_frombytes(&h, s) != 0) {
        memset(p, 0, sizeof *p);
        return -1;
    }
    opaque_store(p, sizeof *p, &h);
    vec25519_wipe(&h, sizeof h);
    return 0;
}

/* RFC 8032 §5.1.2 encoding. Constant time. */
VEC25519_API void vec25519_edwards25519_point_tobytes(uint8_t s[32],
                                                      const vec25519_edwards25519_point *p)
{
    opaque_tobytes(s, p, ge_ext_tobytes);
}

/* p = (0 : 1 : 1 : 0); p = B (RFC 8032 §5.1); r = p + q (HWCD 2008 unified
 * addition), r = p - q, r = -p = (-X : Y : Z : -T). Constant time; aliasing
 * allowed. */
OPAQUE_GROUP_OPS(edwards25519)

/* 1 iff p = q (projective comparison). Constant time; the answer is returned. */
VEC25519_API int vec25519_edwards25519_point_eq(const vec25519_edwards25519_point *p,
                                                const vec25519_edwards25519_point *q)
{
    return opaque_eq(p, q, ge_ext_eq);
}

/*
 * t = s mod 8ℓ, for any 256-bit s. Since gcd(8, ℓ) = 1, t is fixed by
 * t ≡ s (mod ℓ) and t ≡ s (mod 8): with r = s mod ℓ, t = r + j·ℓ where
 * j ≡ (s - r)·ℓ^-1 ≡ 5·(s - r) (mod 8), because ℓ ≡ 5 (mod 8) and 5·5 ≡ 1.
 * t < 8ℓ < 2^256. Constant time (j only multiplies).
 */
static void sc_reduce_8l(uint8_t t[32], const uint8_t s[32])
{
    struct {
        uint8_t r[32];
        uint32_t j;
    } sec;
    uint32_t carry = 0;

    sc_reduce32(sec.r, s);
    sec.j = (5u * ((uint32_t)s[0] - (uint32_t)sec.r[0])) & 7u;
    for (int i = 0; i < 32; i++) {
        uint32_t v = (uint32_t)sec.r[i] + sec.j * (uint32_t)sc_ell[i] + carry;
        t[i] = (uint8_t)v;
        carry = v >> 8;
    }
    vec25519_wipe(&sec, sizeof sec);
}

/*
 * r = [s]p exactly, for any 256-bit s and any point p (torsion included).
 * The group has order 8ℓ, so [s]p = [t]p with t = s mod 8ℓ < 8ℓ = 2^255 + 8c,
 * c = ℓ - 2^252 < 2^125. If t < 2^255 the backend multiplies by t directly;
 * otherwise [t]p = -[8ℓ - t]p with 0 < 8ℓ - t ≤ 8c < 2^128. Both candidates
 * are below 2^255, as the backend requires; the choice is a mask.
 * Constant time in s and p.
 */
static void ge_mul_any(ge_ext *r, const uint8_t s[32], const ge_ext *p)
{
    struct {
        uint8_t t[32], u[32];
        ge_ext q, nq;
        ct_mask high;
    } sec;
    uint32_t borrow = 0, carry = 0;

    sc_reduce_8l(sec.t, s);
    /* u = 8ℓ - t (8ℓ formed from ℓ by a 3-bit shift, byte by byte) */
    for (int i = 0; i < 32; i++) {
        uint32_t l8 = ((uint32_t)sc_ell[i] << 3) + carry;
        carry = l8 >> 8;
        uint32_t v = (l8 & 0xff) - (uint32_t)sec.t[i] - borrow;
        sec.u[i] = (uint8_t)v;
        borrow = (v >> 8) & 1;
    }
    sec.high = ct_from_bit((uint64_t)(sec.t[31] >> 7));
    ct_cmov_bytes(sec.t, sec.u, 32, sec.high);

    backend_get()->scalarmult(&sec.q, sec.t, p);
    ge_ext_neg(&sec.nq, &sec.q);
    ge_ext_cmov(&sec.q, &sec.nq, sec.high);
    *r = sec.q;

    vec25519_wipe(&sec, sizeof sec);
}

/* r = [s]p for any 256-bit s (exact). Constant time in s and p. */
VEC25519_API void vec25519_edwards25519_point_mul(vec25519_edwards25519_point *r,
                                                  const uint8_t s[32],
                                                  const vec25519_edwards25519_point *p)
{
    ge_ext a;
    opaque_load(&a, p);
    ge_mul_any(&a, s, &a);
    opaque_store(r, sizeof *r, &a);
    vec25519_wipe(&a, sizeof a);
}

/* r = [s]B: B has order ℓ, so s is reduced mod ℓ first (then s[31] ≤ 127,
 * as the backend requires). Constant time in s. */
VEC25519_API void vec25519_edwards25519_point_mul_base(vec25519_edwards25519_point *r,
                                                       const uint8_t s[32])
{
    opaque_mul_base(r, sizeof *r, s);
}

/* r = [a]A + [b]B (backend wNAF double-base; any 256-bit a, b).
 * Variable time: public inputs only. */
VEC25519_API void vec25519_edwards25519_point_double_mul_base_vartime(
    vec25519_edwards25519_point *r, const uint8_t a[32], const vec25519_edwards25519_point *A,
    const uint8_t b[32])
{
    ge_ext pa, res;
    opaque_load(&pa, A);
    backend_get()->double_scalarmult_vartime(&res, a, &pa, b);
    opaque_store(r, sizeof *r, &res);
}

/* r = [8]p. Constant time. */
VEC25519_API void vec25519_edwards25519_point_mul_by_cofactor(vec25519_edwards25519_point *r,
                                                              const vec25519_edwards25519_point *p)
{
    opaque_unop(r, sizeof *r, p, ge_ext_mul_by_cofactor);
}

/* 1 iff [8]p = identity. Constant time. */
VEC25519_API int vec25519_edwards25519_point_is_small_order(const vec25519_edwards25519_point *p)
{
    return opaque_test(p, ge_ext_is_small_order);
}

/* 1 iff [ℓ]p = identity. Constant time. */
VEC25519_API int vec25519_edwards25519_point_is_torsion_free(const vec25519_edwards25519_point *p)
{
    return opaque_test(p, ge_ext_is_torsion_free);
}

/* ---- byte level ----------------------------------------------------------- */

/* Strict decoding (ge_ext_frombytes) as a mask, for add and sub. */
static ct_mask decode_strict(ge_ext *h, const uint8_t s[32])
{
    return ct_from_bit((uint64_t)(ge_ext_frombytes(h, s) == 0));
}

/*
 * all-ones iff s decodes strictly to a point P of the prime-order subgroup
 * other than the identity: P not of small order and [ℓ]P = identity. Then
 * *h = P. The small-order points in that subgroup are the identity alone, so
 * "not small order" is tested as "not the identity" once the subgroup test
 * has passed. The decoding and the subgroup test share their first
 * exponentiations (ge_decode_torsion_free, on the backend's pow22523_2).
 * Constant time; the caller declassifies the verdict.
 */
static ct_mask decode_valid(ge_ext *h, const uint8_t s[32])
{
    ct_mask ok = ge_decode_torsion_free(h, s, backend_get()->pow22523_2);
    return ct_and(ok, ct_not(ge_ext_is_identity(h)));
}

/* crypto_core_ed25519_is_valid_point (strict, not small order, order ℓ:
 * decode_valid, constant time except for the verdict), and
 * crypto_core_ed25519_add / _sub on strict encodings. */
OPAQUE_BYTES_OPS(edwards25519, decode_valid, decode_strict, ge_ext_tobytes)

/*
 * Writes enc, the encoding of the result Q, and applies libsodium's failure
 * rule for crypto_scalarmult_ed25519*: -1 (q zeroed) when Q is the identity
 * or the scalar was all zero (nzero, computed before q was written, since q
 * may alias n). The verdict is declassified: it is part of the output.
 */
static int scalarmult_finish(uint8_t q[32], const uint8_t enc[32], const ge_ext *Q, ct_mask nzero)
{
    static const uint8_t zero[32];
    ct_mask fail = ct_or(ge_ext_is_identity(Q), nzero);
    memcpy(q, enc, 32);
    ct_cmov_bytes(q, zero, 32, fail);
    return ct_declassify_mask(fail) ? -1 : 0;
}

/*
 * q = [t]p with p valid and t from sc_sodium_ed25519; see the header for the
 * failure cases. p is checked as decode_valid does, in the two halves of
 * ge_decode_torsion_start/finish: the subgroup test's last exponentiation
 * waits for the product and runs beside the inversion that encodes it (the
 * backend's pow22523_invert); or, where the backend's scalarmult_order
 * pays (scalarmult_order_best), the test is [ℓ]p computed beside [t]p. A p
 * that decodes but fails the subgroup test is refused after the
 * multiplication, with q zeroed as for any bad p.
 * Constant time in n; the verdicts on p are public.
 */
static int scalarmult_bytes(uint8_t q[32], const uint8_t n[32], const uint8_t p[32], int clamp)
{
    const struct backend *be = backend_get();
    const scalarmult_order_fn order = scalarmult_order_best(be);
    struct {
        uint8_t t[32], enc[32];
        ge_ext P, Q;
        ge_torsion_ctx c;
        ct_mask nzero, ok;
    } sec;
    int rc = -1;

    sec.nzero = ct_is_zero_bytes(n, 32);
    sc_sodium_ed25519(sec.t, n, clamp);
    if (order != NULL) {
        /* the subgroup test as [ℓ]P beside [t]P (backend.h, scalarmult_order) */
        sec.ok = ct_from_bit((uint64_t)(ge_ext_frombytes(&sec.P, p) == 0));
        sec.ok = ct_and(sec.ok, ct_not(ge_ext_is_identity(&sec.P)));
        if (ct_declassify_mask(sec.ok)) {
            order(&sec.Q, &sec.ok, sec.t, &sec.P);
            ge_ext_tobytes(sec.enc, &sec.Q);
        }
    } else {
        sec.ok = ge_decode_torsion_start(&sec.c, &sec.P, p, be->pow22523_2);
        sec.ok = ct_and(sec.ok, ct_not(ge_ext_is_identity(&sec.P)));
        if (ct_declassify_mask(sec.ok)) {
            be->scalarmult(&sec.Q, sec.t, &sec.P);
            sec.ok = ge_decode_torsion_finish(&sec.c, sec.enc, &sec.P, &sec.Q,
                                              be->pow22523_invert);
        }
    }
    if (ct_declassify_mask(sec.ok)) rc = scalarmult_finish(q, sec.enc, &sec.Q, sec.nzero);
    else memset(q, 0, 32);
    vec25519_wipe(&sec, sizeof sec);
    return rc;
}

/* As crypto_scalarmult_ed25519 (clamped). */
VEC25519_API int vec25519_edwards25519_scalarmult(uint8_t q[32], const uint8_t n[32],
                                                  const uint8_t p[32])
{
    return scalarmult_bytes(q, n, p, 1);
}

/* As crypto_scalarmult_ed25519_noclamp. */
VEC25519_API int vec25519_edwards25519_scalarmult_noclamp(uint8_t q[32], const uint8_t n[32],
                                                          const uint8_t p[32])
{
    return scalarmult_bytes(q, n, p, 0);
}

/* q = [t]B, t from sc_sodium_ed25519. Constant time. */
static int scalarmult_base_bytes(uint8_t q[32], const uint8_t n[32], int clamp)
{
    struct {
        uint8_t t[32], enc[32];
        ge_ext Q;
        ct_mask nzero;
    } sec;

    sec.nzero = ct_is_zero_bytes(n, 32);
    sc_sodium_ed25519(sec.t, n, clamp);
    backend_get()->scalarmult_base(&sec.Q, sec.t);
    ge_ext_tobytes(sec.enc, &sec.Q);
    int rc = scalarmult_finish(q, sec.enc, &sec.Q, sec.nzero);
    vec25519_wipe(&sec, sizeof sec);
    return rc;
}

/* As crypto_scalarmult_ed25519_base (clamped). */
VEC25519_API int vec25519_edwards25519_scalarmult_base(uint8_t q[32], const uint8_t n[32])
{
    return scalarmult_base_bytes(q, n, 1);
}

/* As crypto_scalarmult_ed25519_base_noclamp. */
VEC25519_API int vec25519_edwards25519_scalarmult_base_noclamp(uint8_t q[32], const uint8_t n[32])
{
    return scalarmult_base_bytes(q, n, 0);
}

/* ---- scalars --------------------------------------------------------------- */

/*
 * Rejection sampling as libsodium: 32 random bytes with the top three bits
 * cleared (so < 2^253 < 2ℓ, and each try succeeds with probability > 1/2),
 * kept when canonical and non-zero. The verdicts of rejected tries say
 * nothing about the kept value, so they are declassified.
 */
VEC25519_API void vec25519_edwards25519_scalar_random(uint8_t r[32])
{
    for (;;) {
        random_fill(r, 32);
        r[31] &= 0x1f;
        ct_mask ok = ct_and(sc_is_canonical(r), ct_not(ct_is_zero_bytes(r, 32)));
        if (ct_declassify_mask(ok)) return;
    }
}

/* recip = s^(ℓ-2) mod ℓ; -1 and zero when s ≡ 0 (mod ℓ). Constant time in s. */
VEC25519_API int vec25519_edwards25519_scalar_invert(uint8_t recip[32], const uint8_t s[32])
{
    static const uint8_t zero[32];
    ct_mask z = sc_is_zero(s);
    sc_invert(recip, s);
    ct_cmov_bytes(recip, zero, 32, z); /* already zero (0 ↦ 0); kept for the contract */
    return ct_declassify_mask(z) ? -1 : 0;
}

/* neg = -s mod ℓ. */
VEC25519_API void vec25519_edwards25519_scalar_negate(uint8_t neg[32], const uint8_t s[32])
{
    sc_neg(neg, s);
}

/* comp = 1 - s mod ℓ. */
VEC25519_API void vec25519_edwards25519_scalar_complement(uint8_t comp[32], const uint8_t s[32])
{
    static const uint8_t one[32] = {1};
    sc_sub(comp, one, s);
}

/* z = x + y mod ℓ. */
VEC25519_API void vec25519_edwards25519_scalar_add(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32])
{
    sc_add(z, x, y);
}

/* z = x - y mod ℓ. */
VEC25519_API void vec25519_edwards25519_scalar_sub(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32])
{
    sc_sub(z, x, y);
}

/* z = x·y mod ℓ. */
VEC25519_API void vec25519_edwards25519_scalar_mul(uint8_t z[32], const uint8_t x[32],
                                                   const uint8_t y[32])
{
    sc_mul(z, x, y);
}

/* r = s mod ℓ, s of 512 bits. */
VEC25519_API void vec25519_edwards25519_scalar_reduce(uint8_t r[32], const uint8_t s[64])
{
    sc_reduce64(r, s);
}

/* ---- Ed25519 ↔ X25519 ------------------------------------------------------ */

/*
 * u = (1 + y)/(1 - y) = (Z + Y)/(Z - Y) (RFC 7748 §4.1) for a valid key
 * (strict, not small order, order ℓ; 1 - y ≠ 0 since y = 1 only for the
 * identity). x25519_pk zeroed and -1 otherwise. Constant time except for the
 * verdict.
 */
VEC25519_API int vec25519_ed25519_pk_to_x25519(uint8_t x25519_pk[32], const uint8_t ed25519_pk[32])
{
    static const uint8_t zero[32];
    ge_ext A;
    fe_loose num, den_l;
    fe den, u;

    ct_mask ok = decode_valid(&A, ed25519_pk);
    fe_add(&num, &A.Z, &A.Y);
    fe_sub(&den_l, &A.Z, &A.Y);
    fe_carry(&den, &den_l);
    fe_invert(&den, &den);
    fe_mul_l(&u, &num, &den);
    fe_tobytes(x25519_pk, &u);
    ct_cmov_bytes(x25519_pk, zero, 32, ct_not(ok));
    return ct_declassify_mask(ok) ? 0 : -1;
}

/* x25519_sk = clamp(SHA-512(seed)[0..32)), the Ed25519 secret scalar
 * (RFC 8032 §5.1.5). Constant time. */
VEC25519_API void vec25519_ed25519_sk_to_x25519(uint8_t x25519_sk[32], const uint8_t ed25519_sk[64])
{
    uint8_t h[64];
    vec25519_sha512(h, ed25519_sk, 32);
    sc_clamp(x25519_sk, h);
    vec25519_wipe(h, sizeof h);
}

/*
 * y = (u - 1)/(u + 1) (RFC 7748 §4.1), encoded with bit 255 = sign, and the
 * encoding is accepted only if it decodes strictly: that rejects u on the
 * twist (x² = (y² - 1)/(d·y² + 1) is then not a square, since -486664 is a
 * square and x² = -486664·u²/(u³ + 486662·u² + u)) and x = 0 with sign 1.
 * Also rejected: u ≥ p or bit 255 set, u = p - 1 (no y), sign ∉ {0, 1}.
 * Constant time except for the verdict.
 */
VEC25519_API int vec25519_x25519_to_ed25519(uint8_t ed25519_pk[32], const uint8_t u[32], int sign)
{
    static const uint8_t zero[32];
    uint8_t canon[32], enc[32];
    fe uu, one, num, den, y;
    fe_loose l;
    ge_ext P;
    ct_mask ok;

    fe_frombytes(&uu, u);
    fe_tobytes(canon, &uu);
    ok = ct_eq_bytes(canon, u, 32);                                  /* u < p, bit 255 clear */
    ok = ct_and(ok, ct_is_zero((uint64_t)((unsigned)sign & ~1u)));   /* sign ∈ {0, 1} */

    fe_1(&one);
    fe_sub(&l, &uu, &one);
    fe_carry(&num, &l);
    fe_add(&l, &uu, &one);
    fe_carry(&den, &l);
    ok = ct_and(ok, ct_not(fe_is_zero(&den)));                       /* u ≠ -1 */
    fe_invert(&den, &den);
    fe_mul(&y, &num, &den);
    fe_tobytes(enc, &y);
    enc[31] |= (uint8_t)(((unsigned)sign & 1u) << 7);

    ok = ct_and(ok, ct_from_bit((uint64_t)(ge_ext_frombytes(&P, enc) == 0)));
    memcpy(ed25519_pk, enc, 32);
    ct_cmov_bytes(ed25519_pk, zero, 32, ct_not(ok));

    vec25519_wipe(&P, sizeof P);
    return ct_declassify_mask(ok) ? 0 : -1;
}
