/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * libvec25519-sodium: libsodium 1.0.18's X25519 (crypto_scalarmult*),
 * Edwards (crypto_core_ed25519_*, crypto_scalarmult_ed25519*), Ristretto255
 * (crypto_core_ristretto255_*, crypto_scalarmult_ristretto255*) and
 * crypto_sign_ed25519_pk_to_curve25519, with <sodium.h>'s prototypes and
 * libsodium's answers (docs/sodium.md lists each function's rules).
 *
 * The rules, as libsodium 1.0.18 (Debian 12's 1.0.18-1+deb12u1) applies them:
 *   - its "small order" test is a byte test: the low 255 bits (bit 255, the
 *     sign of x, ignored) are the y of a small-order point, canonical or
 *     y = p, p + 1 (ed25519_sodium_small_order_encoding);
 *   - its "canonical" test on Edwards encodings is y < p (bit 255 ignored;
 *     x = 0 with the sign bit set is not rejected as such);
 *   - add/sub of Edwards encodings decode leniently: y reduced mod p, any sign
 *     bit (ge_ext_frombytes_relaxed), fail only when x does not exist;
 *   - is_valid_point and scalarmult_ed25519 also require [ℓ]P = identity
 *     (X = 0 and Y = Z: the Debian patch for CVE-2025-69277);
 *   - a Ristretto255 encoding is decoded with bit 255 cleared (1.0.18 does
 *     not look at that bit); from_hash is RFC 9496's map of 64 bytes;
 *   - the Edwards from_uniform / from_hash are libsodium's own Elligator 2:
 *     u of RFC 9380's map_to_curve_elligator2 (Z = 2) from a field element r,
 *     y = (u − 1)/(u + 1) (1/0 = 0), the sign of x taken from the input's top
 *     bit, then multiplied by the cofactor 8;
 *   - scalars of the scalar multiplications are 255-bit (bit 255 cleared,
 *     after clamping where the function clamps), not reduced mod ℓ;
 *   - scalar_add/sub drop the carry out of 2^256 before reducing mod ℓ.
 * Where libsodium returns -1 without writing its output, so do we; where it
 * writes one (identity results), we write the same bytes.
 *
 * Constant time in every secret (scalars, and points of the scalar
 * multiplications); the verdicts libsodium returns are public.
 */
#include <stdint.h>
#include <string.h>

#include <sodium.h>

#include "vec25519/edwards25519.h"
#include "vec25519/ristretto255.h"
#include "vec25519/util.h"
#include "vec25519/x25519.h"

#include "backend/backend.h"
#include "ed25519/cofactorless.h"
#include "field/fe.h"
#include "internal/ct.h"
#include "montgomery/elligator2.h"
#include "ristretto/ristretto255_internal.h"
#include "scalar/sc.h"
#include "sodium_internal.h"

/* ---- X25519 ------------------------------------------------------------------ */

size_t crypto_scalarmult_curve25519_bytes(void) { SODIUM_COUNT(); return crypto_scalarmult_curve25519_BYTES; }
size_t crypto_scalarmult_curve25519_scalarbytes(void) { SODIUM_COUNT(); return crypto_scalarmult_curve25519_SCALARBYTES; }
size_t crypto_scalarmult_bytes(void) { SODIUM_COUNT(); return crypto_scalarmult_BYTES; }
size_t crypto_scalarmult_scalarbytes(void) { SODIUM_COUNT(); return crypto_scalarmult_SCALARBYTES; }
const char *crypto_scalarmult_primitive(void) { SODIUM_COUNT(); return crypto_scalarmult_PRIMITIVE; }

/*
 * -1 when the result is all zero (p of small order). What q holds then
 * depends on libsodium's implementation, chosen by sodium_init(): its
 * x86-64 AVX code (sandy2x) computes and leaves q all zero; its portable
 * code (every other case, and before sodium_init) first tests p against its
 * list of the seven small-order encodings and returns without writing q.
 * The result is all zero exactly for those seven encodings (bit 255
 * ignored), so "all zero" stands for the list here. (docs/sodium.md)
 */
int crypto_scalarmult_curve25519(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    uint8_t t[32];
    int rc, sandy2x = 0;

    SODIUM_COUNT();
#if defined(__x86_64__)
    sandy2x = sodium_runtime_has_avx();
#endif
    rc = vec25519_x25519(t, n, p); /* t zeroed on -1 */
    if (rc == 0 || sandy2x) memcpy(q, t, 32);
    vec25519_wipe(t, sizeof t);
    return rc;
}

int crypto_scalarmult_curve25519_base(unsigned char *q, const unsigned char *n)
{
    SODIUM_COUNT();
    (void)vec25519_x25519_base(q, n);
    return 0;
}

int crypto_scalarmult(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    return crypto_scalarmult_curve25519(q, n, p);
}

int crypto_scalarmult_base(unsigned char *q, const unsigned char *n)
{
    return crypto_scalarmult_curve25519_base(q, n);
}

/* ---- Edwards encodings: libsodium's byte tests ------------------------------ */

/* 1 if the low 255 bits of s are < p. Public data. */
static int ed_y_is_canonical(const uint8_t s[32])
{
    if ((s[31] & 0x7f) != 0x7f) return 1;
    for (int i = 30; i > 0; i--)
        if (s[i] != 0xff) return 1;
    return s[0] < 0xed;
}

/* 1 if s is the encoding of the identity (01 00 … 00, bit 255 ignored). */
static int ed_is_identity_encoding(const uint8_t s[32])
{
    uint8_t c = s[0] ^ 1;
    for (int i = 1; i < 31; i++) c |= s[i];
    c |= s[31] & 0x7f;
    return c == 0;
}

/* The checks of is_valid_point and scalarmult_ed25519: y < p, not a
 * small-order encoding, decodes, [ℓ]P = identity. 0 and P, or -1. Once the
 * first two pass, x = 0 only for y = ±1, which are small order (rejected
 * with either sign bit), so the strict decoder of ge_decode_torsion_free
 * answers as libsodium's relaxed one; the decoding and the subgroup test
 * share their first exponentiations there. */
static int ed_decode_main_subgroup(ge_ext *P, const uint8_t s[32])
{
    if (!ed_y_is_canonical(s) || ed25519_sodium_small_order_encoding(s)) return -1;
    return ct_declassify_mask(ge_decode_torsion_free(P, s, backend_get()->pow22523_2)) ? 0 : -1;
}

/*
 * crypto_core_<group>_add and _sub: r = encode(decode(p) ± decode(q)), 0;
 * or -1 with r untouched (as libsodium leaves it) if either input does not
 * decode. The points are wiped.
 */
#define CORE_ADD_SUB(group, point_t, decode, add, sub, encode)                             \
    static int group##_add_sub(unsigned char *r, const unsigned char *p,                  \
                               const unsigned char *q, int neg)                           \
    {                                                                                     \
        struct {                                                                          \
            point_t P, Q;                                                                 \
        } w;                                                                              \
        int rc = -1;                                                                      \
        SODIUM_COUNT();                                                                   \
        if (decode(&w.P, p) == 0 && decode(&w.Q, q) == 0) {                               \
            if (neg)                                                                      \
                sub(&w.P, &w.P, &w.Q);                                                    \
            else                                                                          \
                add(&w.P, &w.P, &w.Q);                                                    \
            encode(r, &w.P);                                                              \
            rc = 0;                                                                       \
        }                                                                                 \
        vec25519_wipe(&w, sizeof w);                                                      \
        return rc;                                                                        \
    }                                                                                     \
    int crypto_core_##group##_add(unsigned char *r, const unsigned char *p,               \
                                  const unsigned char *q)                                 \
    {                                                                                     \
        return group##_add_sub(r, p, q, 0);                                               \
    }                                                                                     \
    int crypto_core_##group##_sub(unsigned char *r, const unsigned char *p,               \
                                  const unsigned char *q)                                 \
    {                                                                                     \
        return group##_add_sub(r, p, q, 1);                                               \
    }

/* ---- crypto_core_ed25519 ------------------------------------------------------ */

size_t crypto_core_ed25519_bytes(void) { SODIUM_COUNT(); return crypto_core_ed25519_BYTES; }
size_t crypto_core_ed25519_nonreducedscalarbytes(void) { SODIUM_COUNT(); return crypto_core_ed25519_NONREDUCEDSCALARBYTES; }
size_t crypto_core_ed25519_uniformbytes(void) { SODIUM_COUNT(); return crypto_core_ed25519_UNIFORMBYTES; }
size_t crypto_core_ed25519_hashbytes(void) { SODIUM_COUNT(); return crypto_core_ed25519_HASHBYTES; }
size_t crypto_core_ed25519_scalarbytes(void) { SODIUM_COUNT(); return crypto_core_ed25519_SCALARBYTES; }

int crypto_core_ed25519_is_valid_point(const unsigned char *p)
{
    ge_ext P;

    SODIUM_COUNT();
    return ed_decode_main_subgroup(&P, p) == 0 ? 1 : 0;
}

CORE_ADD_SUB(ed25519, ge_ext, ge_ext_frombytes_relaxed, ge_ext_add, ge_ext_sub, ge_ext_tobytes)

/*
 * s = libsodium's Elligator 2 point of the field element r with the sign
 * x_sign (0 or 0x80) for x: see the file header. Constant time.
 */
static void ed_sodium_elligator2(uint8_t s[32], const fe *r, uint8_t x_sign)
{
    struct {
        fe un, ud, v, den, y;
        fe_loose num, sum;
        ge_ext P;
    } t;

    elligator2_map_curve25519(&t.un, &t.ud, &t.v, r); /* u = un/ud */
    fe_sub(&t.num, &t.un, &t.ud);                     /* y = (u − 1)/(u + 1) */
    fe_add(&t.sum, &t.un, &t.ud);
    fe_carry(&t.den, &t.sum);
    fe_invert(&t.den, &t.den); /* 1/0 = 0, as libsodium */
    fe_mul_l(&t.y, &t.num, &t.den);
    fe_tobytes(s, &t.y);
    s[31] |= x_sign;
    /* u is on the curve, so x exists; x = 0 (y = −1, u = 0) with the sign bit
     * decodes to x = 0, as libsodium's decoder does. */
    (void)ge_ext_frombytes_relaxed(&t.P, s);
    ge_ext_mul_by_cofactor(&t.P, &t.P);
    ge_ext_tobytes(s, &t.P);
    vec25519_wipe(&t, sizeof t);
}

int crypto_core_ed25519_from_uniform(unsigned char *p, const unsigned char *r)
{
    uint8_t s[32], x_sign;
    fe rf;

    SODIUM_COUNT();
    memcpy(s, r, 32);
    x_sign = s[31] & 0x80;
    s[31] &= 0x7f;
    fe_frombytes(&rf, s); /* 255 bits, reduced mod p */
    ed_sodium_elligator2(p, &rf, x_sign);
    vec25519_wipe(s, sizeof s);
    vec25519_wipe(&rf, sizeof rf);
    return 0;
}

/* r = (the 512-bit big-endian h with its top bit cleared) mod p: libsodium
 * reads h as two big-endian halves, hi·2^256 + lo, and 2^256 ≡ 38. */
int crypto_core_ed25519_from_hash(unsigned char *p, const unsigned char *h)
{
    struct {
        uint8_t lo[32], hi[32], b19[32];
        fe flo, fhi, f19, r;
        fe_loose l, m;
    } t;
    uint8_t x_sign = h[0] & 0x80;

    SODIUM_COUNT();
    for (int i = 0; i < 32; i++) {
        t.lo[i] = h[63 - i];
        t.hi[i] = h[31 - i];
    }
    memset(t.b19, 0, sizeof t.b19);
    t.b19[0] = (uint8_t)(19 * (t.lo[31] >> 7)); /* bit 255 of lo: 2^255 ≡ 19 */
    t.lo[31] &= 0x7f;
    t.hi[31] &= 0x7f;
    fe_frombytes(&t.flo, t.lo);
    fe_frombytes(&t.fhi, t.hi);
    fe_frombytes(&t.f19, t.b19);
    fe_relax(&t.l, &t.fhi);
    fe_mul_small(&t.fhi, &t.l, 38);
    fe_add(&t.m, &t.flo, &t.fhi);
    fe_carry(&t.r, &t.m);
    fe_add(&t.m, &t.r, &t.f19);
    fe_carry(&t.r, &t.m);
    ed_sodium_elligator2(p, &t.r, x_sign);
    vec25519_wipe(&t, sizeof t);
    return 0;
}

void crypto_core_ed25519_random(unsigned char *p)
{
    unsigned char h[64];

    randombytes_buf(h, sizeof h);
    (void)crypto_core_ed25519_from_hash(p, h);
}

/* ---- scalars mod ℓ (both groups) ------------------------------------------------ */

void crypto_core_ed25519_scalar_random(unsigned char *r)
{
    SODIUM_COUNT();
    do {
        randombytes_buf(r, 32);
        r[31] &= 0x1f;
        /* libsodium draws again while r ≥ ℓ or r = 0 (its loop reveals as much). */
    } while (!ct_declassify_mask(ct_and(sc_is_canonical(r), ct_not(ct_is_zero_bytes(r, 32)))));
}

int crypto_core_ed25519_scalar_invert(unsigned char *recip, const unsigned char *s)
{
    ct_mask zero;

    SODIUM_COUNT();
    /* libsodium: recip = s^(ℓ−2) mod ℓ (0 when s ≡ 0 mod ℓ), and -1 only
     * for the all-zero string. */
    zero = ct_is_zero_bytes(s, 32);
    if (vec25519_edwards25519_scalar_invert(recip, s) != 0) {
        /* s ≡ 0 (mod ℓ): recip is 0, as libsodium's; only the verdict differs */
    }
    return -ct_declassify_mask(zero);
}

void crypto_core_ed25519_scalar_negate(unsigned char *neg, const unsigned char *s)
{
    SODIUM_COUNT();
    vec25519_edwards25519_scalar_negate(neg, s);
}

void crypto_core_ed25519_scalar_complement(unsigned char *comp, const unsigned char *s)
{
    SODIUM_COUNT();
    vec25519_edwards25519_scalar_complement(comp, s);
}

/* z = ((x + y) mod 2^256) mod ℓ: libsodium adds 32 bytes and drops the carry. */
static void scalar_add_mod256(uint8_t z[32], const uint8_t x[32], const uint8_t y[32])
{
    uint8_t t[64];
    unsigned c = 0;

    for (int i = 0; i < 32; i++) {
        c += (unsigned)x[i] + y[i];
        t[i] = (uint8_t)c;
        c >>= 8;
    }
    memset(t + 32, 0, 32);
    sc_reduce64(z, t);
    vec25519_wipe(t, sizeof t);
}

void crypto_core_ed25519_scalar_add(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    SODIUM_COUNT();
    scalar_add_mod256(z, x, y);
}

void crypto_core_ed25519_scalar_sub(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    uint8_t yn[32];

    SODIUM_COUNT();
    vec25519_edwards25519_scalar_negate(yn, y);
    scalar_add_mod256(z, x, yn);
    vec25519_wipe(yn, sizeof yn);
}

void crypto_core_ed25519_scalar_mul(unsigned char *z, const unsigned char *x, const unsigned char *y)
{
    SODIUM_COUNT();
    vec25519_edwards25519_scalar_mul(z, x, y);
}

void crypto_core_ed25519_scalar_reduce(unsigned char *r, const unsigned char *s)
{
    SODIUM_COUNT();
    vec25519_edwards25519_scalar_reduce(r, s);
}

/* ---- crypto_scalarmult_ed25519 ------------------------------------------------ */

size_t crypto_scalarmult_ed25519_bytes(void) { SODIUM_COUNT(); return crypto_scalarmult_ed25519_BYTES; }
size_t crypto_scalarmult_ed25519_scalarbytes(void) { SODIUM_COUNT(); return crypto_scalarmult_ed25519_SCALARBYTES; }

/* libsodium: -1 when the result is the identity or n is all zero, with q
 * holding the result all the same. */
static int ed_result(const uint8_t *q, ct_mask n_zero)
{
    return (ed_is_identity_encoding(q) | ct_declassify_mask(n_zero)) ? -1 : 0;
}

/* The checks of ed_decode_main_subgroup in the two halves of
 * ge_decode_torsion_start/finish, the subgroup test's last power beside the
 * inversion that encodes the product, or, where the backend's
 * scalarmult_order pays, as [ℓ]P beside the product (src/edwards/
 * edwards25519.c does the same); q is written only once p has passed them
 * all. */
static int ed_scalarmult(unsigned char *q, const unsigned char *n, const unsigned char *p, int clamp)
{
    const struct backend *be = backend_get();
    const scalarmult_order_fn order = scalarmult_order_best(be);
    struct {
        ge_ext P, Q;
        ge_torsion_ctx c;
        uint8_t t[32], enc[32];
        ct_mask n_zero, ok;
    } sec;
    int rc = -1; /* q untouched */

    SODIUM_COUNT();
    if (!ed_y_is_canonical(p) || ed25519_sodium_small_order_encoding(p)) return -1;
    sec.n_zero = ct_is_zero_bytes(n, 32);
    if (order != NULL) {
        /* the subgroup test as [ℓ]P beside [t]P (backend.h, scalarmult_order) */
        sec.ok = ct_from_bit((uint64_t)(ge_ext_frombytes(&sec.P, p) == 0));
        if (ct_declassify_mask(sec.ok)) {
            sc_sodium_ed25519(sec.t, n, clamp);
            order(&sec.Q, &sec.ok, sec.t, &sec.P);
            ge_ext_tobytes(sec.enc, &sec.Q);
        }
    } else {
        sec.ok = ge_decode_torsion_start(&sec.c, &sec.P, p, be->pow22523_2);
        if (ct_declassify_mask(sec.ok)) {
            sc_sodium_ed25519(sec.t, n, clamp);
            be->scalarmult(&sec.Q, sec.t, &sec.P);
            sec.ok = ge_decode_torsion_finish(&sec.c, sec.enc, &sec.P, &sec.Q,
                                              be->pow22523_invert);
        }
    }
    if (ct_declassify_mask(sec.ok)) {
        memcpy(q, sec.enc, 32);
        rc = ed_result(q, sec.n_zero);
    }
    vec25519_wipe(&sec, sizeof sec);
    return rc;
}

static int ed_scalarmult_base(unsigned char *q, const unsigned char *n, int clamp)
{
    ge_ext Q;
    uint8_t t[32];
    ct_mask n_zero;

    SODIUM_COUNT();
    n_zero = ct_is_zero_bytes(n, 32);
    sc_sodium_ed25519(t, n, clamp);
    backend_get()->scalarmult_base(&Q, t);
    ge_ext_tobytes(q, &Q);
    vec25519_wipe(t, sizeof t);
    vec25519_wipe(&Q, sizeof Q);
    return ed_result(q, n_zero);
}

int crypto_scalarmult_ed25519(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    return ed_scalarmult(q, n, p, 1);
}

int crypto_scalarmult_ed25519_noclamp(unsigned char *q, const unsigned char *n,
                                      const unsigned char *p)
{
    return ed_scalarmult(q, n, p, 0);
}

int crypto_scalarmult_ed25519_base(unsigned char *q, const unsigned char *n)
{
    return ed_scalarmult_base(q, n, 1);
}

int crypto_scalarmult_ed25519_base_noclamp(unsigned char *q, const unsigned char *n)
{
    return ed_scalarmult_base(q, n, 0);
}

/* ---- Ed25519 public key to X25519 --------------------------------------------- */

/* libsodium: rejects small-order encodings, y with no x, and keys outside
 * the prime-order subgroup; accepts y ≥ p (reduced). u = (1 + y)/(1 − y). */
int crypto_sign_ed25519_pk_to_curve25519(unsigned char *curve25519_pk,
                                         const unsigned char *ed25519_pk)
{
    ge_ext A;
    fe y, one, den, u;
    fe_loose num, d;

    SODIUM_COUNT();
    if (ed25519_sodium_small_order_encoding(ed25519_pk)) return -1;
    if (ge_ext_frombytes_relaxed(&A, ed25519_pk) != 0) return -1;
    if (!ct_to_int(ge_ext_is_torsion_free(&A))) return -1;
    fe_frombytes(&y, ed25519_pk);
    fe_1(&one);
    fe_add(&num, &one, &y);
    fe_sub(&d, &one, &y);
    fe_carry(&den, &d);
    fe_invert(&den, &den);
    fe_mul_l(&u, &num, &den);
    fe_tobytes(curve25519_pk, &u);
    return 0;
}

/* ---- crypto_core_ristretto255 ------------------------------------------------- */

size_t crypto_core_ristretto255_bytes(void) { SODIUM_COUNT(); return crypto_core_ristretto255_BYTES; }
size_t crypto_core_ristretto255_nonreducedscalarbytes(void) { SODIUM_COUNT(); return crypto_core_ristretto255_NONREDUCEDSCALARBYTES; }
size_t crypto_core_ristretto255_hashbytes(void) { SODIUM_COUNT(); return crypto_core_ristretto255_HASHBYTES; }
size_t crypto_core_ristretto255_scalarbytes(void) { SODIUM_COUNT(); return crypto_core_ristretto255_SCALARBYTES; }

/* libsodium 1.0.18 decodes the low 255 bits and ignores bit 255. */
static int rist_decode(vec25519_ristretto255_point *P, const uint8_t s[32])
{
    uint8_t c[32];

    memcpy(c, s, 32);
    c[31] &= 0x7f;
    return vec25519_ristretto255_point_frombytes(P, c);
}

int crypto_core_ristretto255_is_valid_point(const unsigned char *p)
{
    vec25519_ristretto255_point P;

    SODIUM_COUNT();
    return rist_decode(&P, p) == 0 ? 1 : 0;
}

CORE_ADD_SUB(ristretto255, vec25519_ristretto255_point, rist_decode,
             vec25519_ristretto255_point_add, vec25519_ristretto255_point_sub,
             vec25519_ristretto255_point_tobytes)

int crypto_core_ristretto255_from_hash(unsigned char *p, const unsigned char *r)
{
    SODIUM_COUNT();
    return vec25519_ristretto255_from_uniform_bytes(p, r);
}

void crypto_core_ristretto255_random(unsigned char *p)
{
    unsigned char h[64];

    randombytes_buf(h, sizeof h);
    (void)crypto_core_ristretto255_from_hash(p, h);
}

void crypto_core_ristretto255_scalar_random(unsigned char *r)
{
    crypto_core_ed25519_scalar_random(r);
}

int crypto_core_ristretto255_scalar_invert(unsigned char *recip, const unsigned char *s)
{
    return crypto_core_ed25519_scalar_invert(recip, s);
}

void crypto_core_ristretto255_scalar_negate(unsigned char *neg, const unsigned char *s)
{
    crypto_core_ed25519_scalar_negate(neg, s);
}

void crypto_core_ristretto255_scalar_complement(unsigned char *comp, const unsigned char *s)
{
    crypto_core_ed25519_scalar_complement(comp, s);
}

void crypto_core_ristretto255_scalar_add(unsigned char *z, const unsigned char *x,
                                         const unsigned char *y)
{
    crypto_core_ed25519_scalar_add(z, x, y);
}

void crypto_core_ristretto255_scalar_sub(unsigned char *z, const unsigned char *x,
                                         const unsigned char *y)
{
    crypto_core_ed25519_scalar_sub(z, x, y);
}

void crypto_core_ristretto255_scalar_mul(unsigned char *z, const unsigned char *x,
                                         const unsigned char *y)
{
    crypto_core_ed25519_scalar_mul(z, x, y);
}

void crypto_core_ristretto255_scalar_reduce(unsigned char *r, const unsigned char *s)
{
    crypto_core_ed25519_scalar_reduce(r, s);
}

/* ---- crypto_scalarmult_ristretto255 ------------------------------------------- */

size_t crypto_scalarmult_ristretto255_bytes(void) { SODIUM_COUNT(); return crypto_scalarmult_ristretto255_BYTES; }
size_t crypto_scalarmult_ristretto255_scalarbytes(void) { SODIUM_COUNT(); return crypto_scalarmult_ristretto255_SCALARBYTES; }

/* libsodium: the scalar with bit 255 cleared; -1 when the result is the
 * identity (q = its encoding, all zero). The result depends on that
 * scalar mod ℓ only, so the library's reduced multiplications give
 * libsodium's answers; they encode [t]P as the double of [t/2 mod ℓ]P, an
 * inversion in place of ENCODE's square root (src/ristretto/ristretto255.c). */
int crypto_scalarmult_ristretto255(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    vec25519_ristretto255_point P;
    uint8_t t[32];
    int rc;

    SODIUM_COUNT();
    if (rist_decode(&P, p) != 0) return -1; /* q untouched */
    memcpy(t, n, 32);
    t[31] &= 127;
    rc = ristretto255_point_mul_encode(q, t, &P);
    vec25519_wipe(t, sizeof t);
    vec25519_wipe(&P, sizeof P);
    return rc;
}

int crypto_scalarmult_ristretto255_base(unsigned char *q, const unsigned char *n)
{
    uint8_t t[32];
    int rc;

    SODIUM_COUNT();
    memcpy(t, n, 32);
    t[31] &= 127;
    rc = vec25519_ristretto255_scalarmult_base(q, t);
    vec25519_wipe(t, sizeof t);
    return rc;
}
