/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Two exponentiations interleaved on the BMI2/ADX field (pow_fe64.h).
 *
 * The exponents are those of src/field/fe_common.c: (p-5)/8 = 2^252 - 3
 * (fe_pow22523) and p - 2 = 2^255 - 21 (fe_invert_fermat), both from
 * z^(2^250 - 1) and z^11 of FE_CHAIN_2_250_1 (src/field/fe_chain.h). Here
 * that chain runs on a pair of fe64, each step applied to both halves one
 * after the other: the two halves do not depend on each other, so the core
 * overlaps them (a dependent fe64 squaring is latency-bound, docs/
 * performance.md §15). fe64 needs no bound bookkeeping (fe64.h): every
 * operation takes and gives any value below 2^256.
 *
 * Compiled with -mbmi2 -madx (as every file of src/backend/x86_64/); called
 * only when cpu_features().bmi2_adx is set (src/backend/dispatch.c). On
 * other architectures this file is empty.
 *
 * Constant time: a fixed sequence of fe64 operations (fe64.h), no branch or
 * index on the values; the stack copies are wiped.
 */
#include "pow_fe64.h"

#ifdef VEC25519_HAVE_POW_FE64

#include <stdint.h>

#include "../../field/fe_chain.h"
#include "../../internal/bytes.h"
#include "fe64.h"

typedef struct {
    fe64 a, b;
} fe64x2;

static inline void x2_sq(fe64x2 *h, const fe64x2 *f)
{
    fe64_sq(&h->a, &f->a);
    fe64_sq(&h->b, &f->b);
}

/* h = f^(2^n), n ≥ 1 (a public count) */
static inline void x2_sqn(fe64x2 *h, const fe64x2 *f, int n)
{
    x2_sq(h, f);
    for (int i = 1; i < n; i++) x2_sq(h, h);
}

static inline void x2_mul(fe64x2 *h, const fe64x2 *f, const fe64x2 *g)
{
    fe64_mul(&h->a, &f->a, &g->a);
    fe64_mul(&h->b, &f->b, &g->b);
}

/* The state of the pair: the inputs, the chain's intermediate values, the
 * results, and the bytes they pass through. Wiped by the callers. */
struct pow2 {
    fe64x2 z, z2, z9, z11, a, b, t;
    uint8_t buf[32];
};

/* s->z = (f, g) in radix 2^64, through the canonical encodings. */
static void pow2_load(struct pow2 *s, const fe *f, const fe *g)
{
    fe_tobytes(s->buf, f);
    fe64_frombytes(&s->z.a, s->buf);
    fe_tobytes(s->buf, g);
    fe64_frombytes(&s->z.b, s->buf);
}

/* h = x as a serial fe (tight). */
static void pow2_store(struct pow2 *s, fe *h, const fe64 *x)
{
    fe64_tobytes(s->buf, x);
    fe_frombytes(h, s->buf);
}

void fe64_pow22523_2(fe h[2], const fe f[2])
{
    struct pow2 s;

    pow2_load(&s, &f[0], &f[1]);
    FE_CHAIN_2_250_1(x2_sq, x2_sqn, x2_mul, &s.t, &s.z11, &s.z, &s); /* 2^250 - 1 */
    x2_sqn(&s.t, &s.t, 2);  /* 2^252 - 4 */
    x2_mul(&s.t, &s.t, &s.z); /* 2^252 - 3 */
    pow2_store(&s, &h[0], &s.t.a);
    pow2_store(&s, &h[1], &s.t.b);
    vec25519_wipe(&s, sizeof s);
}

void fe64_pow22523_invert(fe *h, const fe *f, fe *inv, const fe *g)
{
    struct pow2 s;

    pow2_load(&s, f, g);
    FE_CHAIN_2_250_1(x2_sq, x2_sqn, x2_mul, &s.t, &s.z11, &s.z, &s); /* 2^250 - 1 */
    x2_sqn(&s.t, &s.t, 2);                /* 2^252 - 4 (both) */
    fe64_mul(&s.t.a, &s.t.a, &s.z.a);     /* a: 2^252 - 3 */
    fe64_sq(&s.t.b, &s.t.b);              /* b: 2^253 - 8 */
    fe64_sq(&s.t.b, &s.t.b);              /*    2^254 - 16 */
    fe64_sq(&s.t.b, &s.t.b);              /*    2^255 - 32 */
    fe64_mul(&s.t.b, &s.t.b, &s.z11.b);   /*    2^255 - 21 */
    pow2_store(&s, h, &s.t.a);
    pow2_store(&s, inv, &s.t.b);
    vec25519_wipe(&s, sizeof s);
}

#endif /* VEC25519_HAVE_POW_FE64 */
