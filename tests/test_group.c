/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the serial edwards25519 group: src/backend/serial/ge.c (models,
 * group law, selection, predicates, basepoint), ge_frombytes.c (RFC 8032
 * §5.1.2-5.1.3 encoding, strict and relaxed decoding), scalarmult.c
 * (the three scalar multiplications and the fixed-base tables) and
 * subgroup.c (the prime-order subgroup test, against [ℓ]P = identity).
 *
 * References, none of them the code under test:
 *   - an affine reference of the Edwards addition law over the bn bignum
 *     (tests/support/bn.c): x3 = (x1y2 + y1x2)/(1 + d·x1x2y1y2),
 *     y3 = (y1y2 + x1x2)/(1 - d·x1x2y1y2), with d = -121665/121666, p, ℓ
 *     and sqrt(-1) all computed here (Bernstein-Lange, "Faster addition and
 *     doubling on elliptic curves", and RFC 8032 §5.1); its own encoder and
 *     decoder (RFC 8032 §5.1.2-5.1.3, square root by the exponent (p+3)/8);
 *   - for the scalar multiplications, MSB-first double-and-add over
 *     ge_ext_dbl/ge_ext_add (which are first checked against the affine
 *     reference), one bit at a time, no recoding and no table;
 *   - libsodium (HAVE_SODIUM): crypto_core_ed25519_add/sub/is_valid_point,
 *     crypto_scalarmult_ed25519_noclamp and _base_noclamp.
 */
#include <stdlib.h>
#include <string.h>

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "bn.h"
#include "scalar/sc.h"
#include "test.h"

#ifdef HAVE_SODIUM
#include "sodium_init.h"
#endif

/* ---- reference field GF(p) on bn ---------------------------------------- */

static bn P, L, K19, D, SQRTM1, F0, F1;

/* r = t mod p for t < 2^520: fold 2^255 ≡ 19 three times, then subtract p. */
static void fred(bn *r, const bn *t)
{
    uint8_t b[80], lo[32], hi[48];
    bn x = *t, l, h;

    for (int round = 0; round < 3; round++) {
        bn_to_bytes(b, 80, &x);
        memcpy(lo, b, 32);
        lo[31] &= 0x7f;
        for (int i = 0; i < 48; i++) hi[i] = (uint8_t)((b[31 + i] >> 7) | (b[32 + i] << 1));
        bn_from_bytes(&l, lo, 32);
        bn_from_bytes(&h, hi, 48);
        bn_mul(&h, &h, &K19);
        bn_add(&x, &l, &h);
    }
    while (bn_cmp(&x, &P) >= 0) bn_sub(&x, &x, &P);
    *r = x;
}

static void fadd(bn *r, const bn *a, const bn *b)
{
    bn t;
    bn_add(&t, a, b);
    fred(r, &t);
}

static void fsub(bn *r, const bn *a, const bn *b)
{
    bn t;
    bn_add(&t, a, &P);
    bn_sub(&t, &t, b);
    fred(r, &t);
}

static void fmul(bn *r, const bn *a, const bn *b)
{
    bn t;
    bn_mul(&t, a, b);
    fred(r, &t);
}

static int feq(const bn *a, const bn *b) { return bn_cmp(a, b) == 0; }

/* r = a^e, square and multiply over the bits of e (< 2^256). */
static void fpow(bn *r, const bn *a, const bn *e)
{
    uint8_t eb[32];
    bn acc = F1;

    bn_to_bytes(eb, 32, e);
    for (int i = 255; i >= 0; i--) {
        fmul(&acc, &acc, &acc);
        if ((eb[i / 8] >> (i % 8)) & 1) fmul(&acc, &acc, a);
    }
    *r = acc;
}

/* r = 2^k - c */
static void pow2_minus(bn *r, int k, uint64_t c)
{
    uint8_t b[40] = {0};
    bn cc;
    b[k / 8] = (uint8_t)(1u << (k % 8));
    bn_from_bytes(r, b, 40);
    bn_from_u64(&cc, c);
    bn_sub(r, r, &cc);
}

static void finv(bn *r, const bn *a)
{
    bn e;
    pow2_minus(&e, 255, 21); /* p - 2 */
    fpow(r, a, &e);
}

/* r = a square root of a, if any (returns 1). RFC 8032 §5.1.3: a^((p+3)/8),
 * times sqrt(-1) if that squares to -a. */
static int fsqrt(bn *r, const bn *a)
{
    bn e, c, sq;
    pow2_minus(&e, 252, 2); /* (p+3)/8 */
    fpow(&c, a, &e);
    fmul(&sq, &c, &c);
    if (feq(&sq, a)) {
        *r = c;
        return 1;
    }
    fmul(&c, &c, &SQRTM1);
    fmul(&sq, &c, &c);
    if (feq(&sq, a)) {
        *r = c;
        return 1;
    }
    return 0;
}

static void ref_init(void)
{
    bn t, e;
    bn_p25519(&P);
    bn_ell(&L);
    bn_from_u64(&K19, 19);
    bn_from_u64(&F0, 0);
    bn_from_u64(&F1, 1);
    bn_from_u64(&t, 121666);
    finv(&t, &t);
    bn_from_u64(&e, 121665);
    fsub(&e, &F0, &e);
    fmul(&D, &e, &t); /* d = -121665/121666 */
    bn_from_u64(&t, 2);
    pow2_minus(&e, 253, 5); /* (p-1)/4 */
    fpow(&SQRTM1, &t, &e);
}

/* ---- affine reference points ---------------------------------------------- */

typedef struct {
    bn x, y;
} apt;

static void ref_identity(apt *r)
{
    r->x = F0;
    r->y = F1;
}

static int ref_on_curve(const apt *a)
{
    bn xx, yy, l, r;
    fmul(&xx, &a->x, &a->x);
    fmul(&yy, &a->y, &a->y);
    fsub(&l, &yy, &xx);
    fmul(&r, &xx, &yy);
    fmul(&r, &r, &D);
    fadd(&r, &r, &F1);
    return feq(&l, &r);
}

static int ref_eq(const apt *a, const apt *b) { return feq(&a->x, &b->x) && feq(&a->y, &b->y); }

static void ref_add(apt *r, const apt *a, const apt *b)
{
    bn x1y2, y1x2, y1y2, x1x2, t, n1, n2, d1, d2;
    fmul(&x1y2, &a->x, &b->y);
    fmul(&y1x2, &a->y, &b->x);
    fmul(&y1y2, &a->y, &b->y);
    fmul(&x1x2, &a->x, &b->x);
    fmul(&t, &x1x2, &y1y2);
    fmul(&t, &t, &D);
    fadd(&n1, &x1y2, &y1x2);
    fadd(&n2, &y1y2, &x1x2);
    fadd(&d1, &F1, &t);
    fsub(&d2, &F1, &t);
    fmul(&t, &d1, &d2); /* one inversion for both denominators */
    finv(&t, &t);
    fmul(&n1, &n1, &d2);
    fmul(&n2, &n2, &d1);
    fmul(&r->x, &n1, &t);
    fmul(&r->y, &n2, &t);
}

static void ref_neg(apt *r, const apt *a)
{
    fsub(&r->x, &F0, &a->x);
    r->y = a->y;
}

static void ref_sub(apt *r, const apt *a, const apt *b)
{
    apt nb;
    ref_neg(&nb, b);
    ref_add(r, a, &nb);
}

static void ref_encode(uint8_t s[32], const apt *a)
{
    bn_to_bytes(s, 32, &a->y);
    s[31] |= (uint8_t)((a->x.w[0] & 1) << 7);
}

/* RFC 8032 §5.1.3; relaxed: y taken mod p and x = 0 with the sign bit allowed. */
static int ref_decode(apt *r, const uint8_t s[32], int relaxed)
{
    uint8_t yb[32];
    bn y, yy, u, v, x;
    int sign = s[31] >> 7;

    memcpy(yb, s, 32);
    yb[31] &= 0x7f;
    bn_from_bytes(&y, yb, 32);
    if (bn_cmp(&y, &P) >= 0) {
        if (!relaxed) return -1;
        bn_sub(&y, &y, &P);
    }
    fmul(&yy, &y, &y);
    fsub(&u, &yy, &F1);
    fmul(&v, &yy, &D);
    fadd(&v, &v, &F1);
    finv(&v, &v);
    fmul(&u, &u, &v);
    if (!fsqrt(&x, &u)) return -1;
    if (feq(&x, &F0)) {
        if (sign && !relaxed) return -1;
    } else if ((int)(x.w[0] & 1) != sign) {
        fsub(&x, &F0, &x);
    }
    r->x = x;
    r->y = y;
    return 0;
}

static void rnd_fe(bn *r)
{
    uint8_t b[32];
    test_rng_bytes(b, 32);
    b[31] &= 0x7f;
    bn_from_bytes(r, b, 32);
    fred(r, r);
}

/* A uniformly random point of the whole group (any order). */
static void rnd_point(apt *r)
{
    uint8_t s[32];
    do test_rng_bytes(s, 32);
    while (ref_decode(r, s, 0) != 0);
}

/* ---- between the reference and the code under test -------------------------- */

static void fe_to_bn(bn *r, const fe *f)
{
    uint8_t b[32];
    fe_tobytes(b, f);
    bn_from_bytes(r, b, 32);
}

static void bn_to_fe(fe *f, const bn *a)
{
    uint8_t b[32];
    bn_to_bytes(b, 32, a);
    fe_frombytes(f, b);
}

/* (x, y) = (X/Z, Y/Z); also checks the extended invariant XY = ZT. */
static void ext_to_ref(apt *r, const ge_ext *p)
{
    bn X, Y, Z, T, zi, a, b;
    fe_to_bn(&X, &p->X);
    fe_to_bn(&Y, &p->Y);
    fe_to_bn(&Z, &p->Z);
    fe_to_bn(&T, &p->T);
    CHECK(!feq(&Z, &F0), "ext point has Z = 0");
    fmul(&a, &X, &Y);
    fmul(&b, &Z, &T);
    CHECK(feq(&a, &b), "ext point violates XY = ZT");
    finv(&zi, &Z);
    fmul(&r->x, &X, &zi);
    fmul(&r->y, &Y, &zi);
}

/* A representative (λx : λy : λ : λxy), λ random nonzero when randomize. */
static void ref_to_ext(ge_ext *r, const apt *a, int randomize)
{
    bn lam = F1, t;
    if (randomize) {
        do rnd_fe(&lam);
        while (feq(&lam, &F0));
    }
    fmul(&t, &lam, &a->x);
    bn_to_fe(&r->X, &t);
    fmul(&t, &lam, &a->y);
    bn_to_fe(&r->Y, &t);
    bn_to_fe(&r->Z, &lam);
    fmul(&t, &t, &a->x);
    bn_to_fe(&r->T, &t);
}

/* (Y+X, Y-X, Z, 2d·T) of a random representative, computed in bn. */
static void ref_to_cached(ge_cached *r, const apt *a)
{
    bn lam, X, Y, T, t;
    do rnd_fe(&lam);
    while (feq(&lam, &F0));
    fmul(&X, &lam, &a->x);
    fmul(&Y, &lam, &a->y);
    fmul(&T, &Y, &a->x);
    fadd(&t, &Y, &X);
    bn_to_fe(&r->YplusX, &t);
    fsub(&t, &Y, &X);
    bn_to_fe(&r->YminusX, &t);
    bn_to_fe(&r->Z, &lam);
    fmul(&t, &T, &D);
    fadd(&t, &t, &t);
    bn_to_fe(&r->T2d, &t);
}

/* (y+x, y-x, 2d·x·y), computed in bn. */
static void ref_to_niels(ge_niels *r, const apt *a)
{
    bn t;
    fadd(&t, &a->y, &a->x);
    bn_to_fe(&r->yplusx, &t);
    fsub(&t, &a->y, &a->x);
    bn_to_fe(&r->yminusx, &t);
    fmul(&t, &a->x, &a->y);
    fmul(&t, &t, &D);
    fadd(&t, &t, &t);
    bn_to_fe(&r->xy2d, &t);
}

/* p = a, compared projectively (X = x·Z, Y = y·Z), with XY = ZT and Z ≠ 0. */
static int ext_is_ref(const ge_ext *p, const apt *a)
{
    bn X, Y, Z, T, u, v;
    int ok;
    fe_to_bn(&X, &p->X);
    fe_to_bn(&Y, &p->Y);
    fe_to_bn(&Z, &p->Z);
    fe_to_bn(&T, &p->T);
    fmul(&u, &X, &Y);
    fmul(&v, &Z, &T);
    ok = feq(&u, &v) && !feq(&Z, &F0);
    fmul(&u, &a->x, &Z);
    ok = ok && feq(&u, &X);
    fmul(&u, &a->y, &Z);
    return ok && feq(&u, &Y);
}

/* p = a for a projective point (X = x·Z, Y = y·Z, Z ≠ 0). */
static int proj_is_ref(const ge_proj *p, const apt *a)
{
    bn X, Y, Z, u;
    int ok;
    fe_to_bn(&X, &p->X);
    fe_to_bn(&Y, &p->Y);
    fe_to_bn(&Z, &p->Z);
    ok = !feq(&Z, &F0);
    fmul(&u, &a->x, &Z);
    ok = ok && feq(&u, &X);
    fmul(&u, &a->y, &Z);
    return ok && feq(&u, &Y);
}

/* p = a for a completed point: X = x·Z, Y = y·T, Z, T ≠ 0 (loose limbs carried first). */
static int compl_is_ref(const ge_compl *p, const apt *a)
{
    fe t;
    bn X, Y, Z, T, u;
    int ok;
    fe_carry(&t, &p->X);
    fe_to_bn(&X, &t);
    fe_carry(&t, &p->Y);
    fe_to_bn(&Y, &t);
    fe_carry(&t, &p->Z);
    fe_to_bn(&Z, &t);
    fe_carry(&t, &p->T);
    fe_to_bn(&T, &t);
    ok = !feq(&Z, &F0) && !feq(&T, &F0);
    fmul(&u, &a->x, &Z);
    ok = ok && feq(&u, &X);
    fmul(&u, &a->y, &T);
    return ok && feq(&u, &Y);
}

/* ---- the scalar-multiplication reference ---------------------------------- */

/* r = [k]Q, k any 256-bit string: MSB-first double-and-add, one bit at a time. */
static void ref_smul(ge_ext *r, const uint8_t k[32], const ge_ext *q)
{
    ge_ext acc;
    ge_ext_0(&acc);
    for (int i = 255; i >= 0; i--) {
        ge_ext_dbl(&acc, &acc);
        if ((k[i / 8] >> (i % 8)) & 1) ge_ext_add(&acc, &acc, q);
    }
    *r = acc;
}

static int ext_same(const ge_ext *a, const ge_ext *b)
{
    uint8_t sa[32], sb[32];
    ge_ext_tobytes(sa, a);
    ge_ext_tobytes(sb, b);
    return ct_to_int(ge_ext_eq(a, b)) && memcmp(sa, sb, 32) == 0;
}

/* ---- shared test data ----------------------------------------------------- */

static apt torsion[8]; /* torsion[0] = identity; E[8] */
static apt base_ref;   /* B from its RFC 8032 encoding, decoded by the reference */
static uint8_t ell_bytes[32];

static const uint8_t base_enc[32] = {
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};

/* The eight points of E[8], computed from the curve equation:
 *   order 1, 2: (0, ±1); order 4: (±sqrt(-1), 0);
 *   order 8: doubling gives y = 0 iff y² = -x², so d·x⁴ - 2x² - 1 = 0,
 *   x² = (1 ± sqrt(1+d))/d, of which one is a square; then y = ±sqrt(-1)·x. */
static void make_torsion(void)
{
    bn s, t, c, x, y;
    int n = 0;

    ref_identity(&torsion[n++]);
    torsion[n].x = F0;
    fsub(&torsion[n++].y, &F0, &F1);
    torsion[n].x = SQRTM1;
    torsion[n++].y = F0;
    fsub(&torsion[n].x, &F0, &SQRTM1);
    torsion[n++].y = F0;

    fadd(&t, &F1, &D);
    CHECK(fsqrt(&s, &t), "1 + d is a square");
    finv(&t, &D);
    for (int sign = 0; sign < 2; sign++) {
        if (sign) {
            fsub(&c, &F1, &s);
        } else {
            fadd(&c, &F1, &s);
        }
        fmul(&c, &c, &t);
        if (!fsqrt(&x, &c)) continue;
        fmul(&y, &x, &SQRTM1);
        for (int q = 0; q < 4 && n < 8; q++) {
            torsion[n].x = x;
            torsion[n].y = y;
            if (q & 1) fsub(&torsion[n].x, &F0, &x);
            if (q & 2) fsub(&torsion[n].y, &F0, &y);
            n++;
        }
    }
    CHECK(n == 8, "found %d small-order points, want 8", n);

    /* Each on the curve, pairwise distinct, with the expected order. */
    for (int i = 0; i < 8; i++) {
        apt m = torsion[i], id;
        int order = 0;
        ref_identity(&id);
        CHECK(ref_on_curve(&torsion[i]), "torsion point %d on the curve", i);
        for (int j = 0; j < i; j++)
            CHECK(!ref_eq(&torsion[i], &torsion[j]), "torsion points %d, %d distinct", i, j);
        for (int k = 1; k <= 8; k++) {
            if (ref_eq(&m, &id)) {
                order = k;
                break;
            }
            ref_add(&m, &m, &torsion[i]);
        }
        int want = i == 0 ? 1 : i == 1 ? 2 : i < 4 ? 4 : 8;
        CHECK(order == want, "torsion point %d has order %d, want %d", i, order, want);
    }
}

/* ---- tests ------------------------------------------------------------------- */

static void test_basepoint(void)
{
    uint8_t s[32];
    apt b, want;
    bn y, t;

    CHECK(ref_decode(&base_ref, base_enc, 0) == 0, "reference decodes B");
    /* y = 4/5, x even */
    bn_from_u64(&t, 5);
    finv(&t, &t);
    bn_from_u64(&y, 4);
    fmul(&want.y, &y, &t);
    CHECK(feq(&base_ref.y, &want.y), "B has y = 4/5");
    CHECK((base_ref.x.w[0] & 1) == 0, "B has x even");

    ext_to_ref(&b, &ge_basepoint);
    CHECK(ref_eq(&b, &base_ref), "ge_basepoint is B");
    ge_ext_tobytes(s, &ge_basepoint);
    CHECK_BYTES(s, base_enc, 32, "ge_basepoint encoding");

    /* [ℓ]B = identity and [ℓ-1]B = -B with the bit-by-bit reference. */
    bn lm1;
    uint8_t k[32];
    ge_ext r, nb;
    bn_to_bytes(ell_bytes, 32, &L);
    CHECK_BYTES(sc_ell, ell_bytes, 32, "sc_ell is ℓ");
    ref_smul(&r, ell_bytes, &ge_basepoint);
    CHECK(ct_to_int(ge_ext_is_identity(&r)), "[ℓ]B = identity");
    bn_sub(&lm1, &L, &F1);
    bn_to_bytes(k, 32, &lm1);
    ref_smul(&r, k, &ge_basepoint);
    ge_ext_neg(&nb, &ge_basepoint);
    CHECK(ext_same(&r, &nb), "[ℓ-1]B = -B");
}

static void test_decode_random(int n)
{
    for (int i = 0; i < n; i++) {
        uint8_t s[32], out[32], enc[32];
        apt want, got;
        ge_ext h;
        test_rng_bytes(s, 32);
        int rs = ref_decode(&want, s, 0);
        int rr = ref_decode(&want, s, 1);
        int ok = ge_ext_frombytes(&h, s);
        CHECK(ok == rs, "strict verdict %d, reference %d", ok, rs);
        if (ok == 0) {
            ext_to_ref(&got, &h);
            CHECK(ref_eq(&got, &want), "decoded point");
            CHECK(ref_on_curve(&got), "decoded point on curve");
            ge_ext_tobytes(out, &h);
            ref_encode(enc, &want);
            CHECK_BYTES(out, enc, 32, "encoding of decoded point");
            CHECK_BYTES(out, s, 32, "round trip");
        } else {
            CHECK(ct_to_int(ge_ext_is_identity(&h)), "rejected decoding gives identity");
        }
        ok = ge_ext_frombytes_relaxed(&h, s);
        CHECK(ok == rr, "relaxed verdict %d, reference %d", ok, rr);
        if (ok == 0) CHECK(ext_is_ref(&h, &want), "relaxed decoded point");
    }
}

/* Encodings with y ∈ [p, 2^255): strict rejects, relaxed reduces y. */
static void test_decode_noncanonical(void)
{
    for (int v = 0; v < 19; v++) {
        for (int sign = 0; sign < 2; sign++) {
            uint8_t s[32];
            bn y, c;
            apt want;
            ge_ext h;
            bn_from_u64(&c, (uint64_t)v);
            bn_add(&y, &P, &c);
            bn_to_bytes(s, 32, &y);
            s[31] |= (uint8_t)(sign << 7);
            CHECK(ge_ext_frombytes(&h, s) == -1, "strict rejects y = p + %d (sign %d)", v, sign);
            CHECK(ct_to_int(ge_ext_is_identity(&h)), "rejected → identity");
            int rr = ref_decode(&want, s, 1);
            int ok = ge_ext_frombytes_relaxed(&h, s);
            CHECK(ok == rr, "relaxed y = p + %d sign %d: verdict %d, reference %d", v, sign, ok,
                  rr);
            if (ok == 0 && rr == 0) {
                uint8_t out[32], enc[32];
                CHECK(ext_is_ref(&h, &want), "relaxed y = p + %d point", v);
                ge_ext_tobytes(out, &h);
                ref_encode(enc, &want);
                CHECK_BYTES(out, enc, 32, "relaxed non-canonical re-encodes canonically");
            }
        }
    }
    /* y = p (≡ 0, x = ±sqrt(-1)) and y = p+1 (≡ 1, x = 0) must be accepted by relaxed. */
    {
        uint8_t s[32];
        ge_ext h;
        bn_to_bytes(s, 32, &P);
        CHECK(ge_ext_frombytes_relaxed(&h, s) == 0, "relaxed accepts y = p");
        s[0] = (uint8_t)(s[0] + 1);
        CHECK(ge_ext_frombytes_relaxed(&h, s) == 0, "relaxed accepts y = p + 1");
        s[31] |= 0x80;
        CHECK(ge_ext_frombytes_relaxed(&h, s) == 0, "relaxed accepts y = p + 1, sign 1");
    }
}

static void test_decode_nonsquare(int n)
{
    int found = 0;
    while (found < n) {
        uint8_t s[32];
        apt a;
        ge_ext h;
        test_rng_bytes(s, 32);
        s[31] &= 0x7f; /* canonical with overwhelming probability */
        if (ref_decode(&a, s, 1) == 0) continue;
        found++;
        CHECK(ge_ext_frombytes(&h, s) == -1, "strict rejects a non-square");
        CHECK(ct_to_int(ge_ext_is_identity(&h)), "non-square → identity");
        s[31] |= 0x80;
        CHECK(ge_ext_frombytes_relaxed(&h, s) == -1, "relaxed rejects a non-square");
        CHECK(ct_to_int(ge_ext_is_identity(&h)), "non-square → identity (relaxed)");
    }
}

/* (0, 1) and (0, -1): accepted with sign 0; with sign 1 strict rejects, relaxed gives x = 0. */
static void test_decode_x0(void)
{
    for (int i = 0; i < 2; i++) {
        uint8_t s[32], out[32];
        ge_ext h;
        ref_encode(s, &torsion[i]);
        CHECK((s[31] & 0x80) == 0, "(0, ±1) encodes with sign 0");
        CHECK(ge_ext_frombytes(&h, s) == 0, "strict accepts (0, ±1)");
        CHECK(ext_is_ref(&h, &torsion[i]), "(0, ±1) decoded");
        s[31] |= 0x80;
        CHECK(ge_ext_frombytes(&h, s) == -1, "strict rejects x = 0 with sign bit (%d)", i);
        CHECK(ct_to_int(ge_ext_is_identity(&h)), "x = 0 sign → identity");
        CHECK(ge_ext_frombytes_relaxed(&h, s) == 0, "relaxed accepts x = 0 with sign bit (%d)", i);
        CHECK(ext_is_ref(&h, &torsion[i]), "relaxed x = 0 point");
        ge_ext_tobytes(out, &h);
        s[31] &= 0x7f;
        CHECK_BYTES(out, s, 32, "relaxed x = 0 re-encodes with sign 0");
    }
}

/* Group law against the affine reference, on random points, the eight torsion
 * points, and random projective representatives. */
static void test_group_law(int n)
{
    for (int i = 0; i < n; i++) {
        apt a, b, want;
        ge_ext p, q, r;
        ge_proj pp;
        ge_compl c;
        ge_cached qc;
        ge_niels qn;

        rnd_point(&a);
        switch (i % 4) {
        case 0: rnd_point(&b); break;
        case 1: b = torsion[i / 4 % 8]; break;
        case 2: b = a; break;
        default: ref_neg(&b, &a); break;
        }
        ref_to_ext(&p, &a, 1);
        ref_to_ext(&q, &b, 1);

        ref_add(&want, &a, &b);
        ge_ext_add(&r, &p, &q);
        CHECK(ext_is_ref(&r, &want), "ge_ext_add (case %d)", i % 4);
        ref_to_cached(&qc, &b);
        ge_add_cached(&c, &p, &qc);
        CHECK(compl_is_ref(&c, &want), "ge_add_cached (completed)");
        ge_compl_to_proj(&pp, &c);
        CHECK(proj_is_ref(&pp, &want), "ge_compl_to_proj");
        ref_to_niels(&qn, &b);
        ge_add_niels(&c, &p, &qn);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &want), "ge_add_niels");

        ref_sub(&want, &a, &b);
        ge_ext_sub(&r, &p, &q);
        CHECK(ext_is_ref(&r, &want), "ge_ext_sub");
        ge_sub_cached(&c, &p, &qc);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &want), "ge_sub_cached");
        ge_sub_niels(&c, &p, &qn);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &want), "ge_sub_niels");

        ref_add(&want, &a, &a);
        ge_ext_dbl(&r, &p);
        CHECK(ext_is_ref(&r, &want), "ge_ext_dbl");
        ge_ext_to_proj(&pp, &p);
        ge_proj_dbl(&c, &pp);
        CHECK(compl_is_ref(&c, &want), "ge_proj_dbl (completed)");

        ref_neg(&want, &a);
        ge_ext_neg(&r, &p);
        CHECK(ext_is_ref(&r, &want), "ge_ext_neg");

        /* ge_ext_to_cached against the cached form built in bn: add to a third point. */
        {
            apt e;
            ge_ext pe;
            ge_cached pc;
            rnd_point(&e);
            ref_to_ext(&pe, &e, 1);
            ge_ext_to_cached(&pc, &q);
            ge_add_cached(&c, &pe, &pc);
            ge_compl_to_ext(&r, &c);
            ref_add(&want, &e, &b);
            CHECK(ext_is_ref(&r, &want), "ge_ext_to_cached");
        }

        if (i % 8 == 0) {
            int k = 1 + (int)test_rng_below(6);
            want = a;
            for (int j = 0; j < k; j++) ref_add(&want, &want, &want);
            ge_ext_dbl_n(&r, &p, k);
            CHECK(ext_is_ref(&r, &want), "ge_ext_dbl_n k = %d", k);
            want = a;
            for (int j = 0; j < 3; j++) ref_add(&want, &want, &want);
            ge_ext_mul_by_cofactor(&r, &p);
            CHECK(ext_is_ref(&r, &want), "ge_ext_mul_by_cofactor");
        }
    }

    /* identities */
    {
        apt a, id;
        ge_ext p, r, z;
        ge_cached c0;
        ge_niels n0;
        ge_compl c;
        rnd_point(&a);
        ref_identity(&id);
        ref_to_ext(&p, &a, 1);
        ge_ext_0(&z);
        CHECK(ext_is_ref(&z, &id), "ge_ext_0");
        ge_cached_0(&c0);
        ge_add_cached(&c, &p, &c0);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &a), "p + ge_cached_0");
        ge_niels_0(&n0);
        ge_add_niels(&c, &p, &n0);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &a), "p + ge_niels_0");
        ge_ext_add(&r, &z, &z);
        CHECK(ext_is_ref(&r, &id), "0 + 0");
        ge_ext_dbl(&r, &z);
        CHECK(ext_is_ref(&r, &id), "2·0");
    }
}

static void test_select(int n)
{
    for (int i = 0; i < n; i++) {
        apt a, b, na;
        ge_ext p, r, z;
        ge_cached ca, cb, t;
        ge_niels wa, wb, u;
        ge_compl c;
        ct_mask yes = ct_from_bit(1), no = ct_from_bit(0);

        rnd_point(&a);
        rnd_point(&b);
        ref_neg(&na, &a);
        ge_ext_0(&z);
        ref_to_cached(&ca, &a);
        ref_to_cached(&cb, &b);

        t = cb;
        ge_cached_cmov(&t, &ca, no);
        ge_add_cached(&c, &z, &t);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &b), "ge_cached_cmov (no)");
        ge_cached_cmov(&t, &ca, yes);
        ge_add_cached(&c, &z, &t);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &a), "ge_cached_cmov (yes)");
        ge_cached_cneg(&t, &ca, no);
        ge_add_cached(&c, &z, &t);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &a), "ge_cached_cneg (no)");
        t = ca;
        ge_cached_cneg(&t, &t, yes); /* aliased */
        ge_add_cached(&c, &z, &t);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &na), "ge_cached_cneg (yes)");

        ref_to_niels(&wa, &a);
        ref_to_niels(&wb, &b);
        u = wb;
        ge_niels_cmov(&u, &wa, no);
        ge_add_niels(&c, &z, &u);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &b), "ge_niels_cmov (no)");
        ge_niels_cmov(&u, &wa, yes);
        ge_add_niels(&c, &z, &u);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &a), "ge_niels_cmov (yes)");
        ge_niels_cneg(&u, &wa, no);
        ge_add_niels(&c, &z, &u);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &a), "ge_niels_cneg (no)");
        u = wa;
        ge_niels_cneg(&u, &u, yes);
        ge_add_niels(&c, &z, &u);
        ge_compl_to_ext(&r, &c);
        CHECK(ext_is_ref(&r, &na), "ge_niels_cneg (yes)");

        ref_to_ext(&p, &b, 1);
        ref_to_ext(&r, &a, 1);
        ge_ext_cmov(&r, &p, no);
        CHECK(ext_is_ref(&r, &a), "ge_ext_cmov (no)");
        ge_ext_cmov(&r, &p, yes);
        CHECK(ext_is_ref(&r, &b), "ge_ext_cmov (yes)");
    }
}

static void test_eq(int n)
{
    for (int i = 0; i < n; i++) {
        apt a, b, na;
        ge_ext p1, p2, q, z1, z2;
        rnd_point(&a);
        rnd_point(&b);
        ref_neg(&na, &a);
        ref_to_ext(&p1, &a, 1);
        ref_to_ext(&p2, &a, 1);
        ref_to_ext(&q, &b, 1);
        CHECK(ct_to_int(ge_ext_eq(&p1, &p2)), "eq on two representatives");
        CHECK(!ct_to_int(ge_ext_eq(&p1, &q)), "eq on distinct points");
        ref_to_ext(&q, &na, 1);
        CHECK(!ct_to_int(ge_ext_eq(&p1, &q)), "eq(P, -P)");
        /* identity in several representatives */
        apt id;
        ref_identity(&id);
        ref_to_ext(&z1, &id, 1);
        ref_to_ext(&z2, &id, 1);
        CHECK(ct_to_int(ge_ext_is_identity(&z1)), "is_identity on a representative");
        CHECK(ct_to_int(ge_ext_eq(&z1, &z2)), "eq on identity representatives");
        CHECK(!ct_to_int(ge_ext_is_identity(&p1)), "random point is not identity");
        /* the same point as P³ and P² encodes the same */
        {
            uint8_t s1[32], s2[32], s3[32];
            ge_proj pp;
            ge_ext_to_proj(&pp, &p1);
            ge_ext_tobytes(s1, &p1);
            ge_proj_tobytes(s2, &pp);
            ref_encode(s3, &a);
            CHECK_BYTES(s1, s3, 32, "ge_ext_tobytes vs reference encoder");
            CHECK_BYTES(s2, s3, 32, "ge_proj_tobytes vs reference encoder");
        }
    }
}

static void test_torsion(int n)
{
    ge_ext t[8];
    for (int i = 0; i < 8; i++) {
        uint8_t s[32];
        ref_encode(s, &torsion[i]);
        CHECK(ge_ext_frombytes(&t[i], s) == 0, "torsion point %d decodes", i);
        CHECK(ext_is_ref(&t[i], &torsion[i]), "torsion point %d", i);
        CHECK(ct_to_int(ge_ext_is_small_order(&t[i])), "torsion point %d is small order", i);
        CHECK(ct_to_int(ge_ext_is_torsion_free(&t[i])) == (i == 0),
              "torsion point %d: torsion-free iff identity", i);
        CHECK(ct_to_int(ge_ext_is_identity(&t[i])) == (i == 0), "is_identity on E[8] %d", i);
        /* a random representative as well */
        ge_ext r;
        ref_to_ext(&r, &torsion[i], 1);
        CHECK(ct_to_int(ge_ext_is_small_order(&r)), "torsion point %d (scaled) small order", i);
    }

    for (int i = 0; i < n; i++) {
        uint8_t k[32];
        ge_ext q, qt, r;
        apt a;
        /* [k]B via the bit-by-bit reference: torsion-free, not small order */
        test_rng_bytes(k, 32);
        ref_smul(&q, k, &ge_basepoint);
        CHECK(ct_to_int(ge_ext_is_torsion_free(&q)), "[k]B is torsion-free");
        CHECK(!ct_to_int(ge_ext_is_small_order(&q)), "[k]B is not small order");
        /* plus a nonzero torsion point: neither */
        int j = 1 + (int)test_rng_below(7);
        ge_ext_add(&qt, &q, &t[j]);
        CHECK(!ct_to_int(ge_ext_is_torsion_free(&qt)), "[k]B + T%d is not torsion-free", j);
        CHECK(!ct_to_int(ge_ext_is_small_order(&qt)), "[k]B + T%d is not small order", j);
        /* a random point: torsion-free iff [ℓ]P = identity by the reference */
        rnd_point(&a);
        ref_to_ext(&q, &a, 1);
        ref_smul(&r, ell_bytes, &q);
        CHECK(ct_to_int(ge_ext_is_torsion_free(&q)) == ct_to_int(ge_ext_is_identity(&r)),
              "is_torsion_free on a random point");
        CHECK(!ct_to_int(ge_ext_is_small_order(&q)), "random point is not small order");
    }
}

/*
 * ge_ext_is_torsion_free (src/backend/serial/subgroup.c: a halving step and a
 * quartic character) against the definition it replaces, [ℓ]P = identity
 * with the constant-time ge_scalarmult: on n random subgroup points [k]B and
 * each of them plus each of the eight points of E[8] (every coset of the
 * subgroup, at a random representative), on the eight small-order points
 * and the identity at several representatives, and on points decoded from
 * random bytes (strict and relaxed decoding).
 */
static int torsion_free_by_ell(const ge_ext *p)
{
    ge_ext r;
    ge_scalarmult(&r, sc_ell, p);
    return ct_to_int(ge_ext_is_identity(&r));
}

static void check_torsion_free(const ge_ext *p, int want, const char *what, int i)
{
    int ref = torsion_free_by_ell(p);
    int got = ct_to_int(ge_ext_is_torsion_free(p));
    CHECK(ref == want || want < 0, "%s %d: [ℓ]P = identity is %d, expected %d", what, i, ref, want);
    CHECK(got == ref, "%s %d: is_torsion_free %d, [ℓ]P = identity %d", what, i, got, ref);
}

static void test_torsion_free_vs_ell(int n)
{
    ge_ext t[8], q, qt;
    apt a;
    int in = 0, out = 0;

    for (int i = 0; i < 8; i++) {
        for (int rep = 0; rep < 4; rep++) {
            ref_to_ext(&t[i], &torsion[i], rep != 0);
            check_torsion_free(&t[i], i == 0, "E[8] point", i);
        }
    }
    ge_ext_0(&q);
    check_torsion_free(&q, 1, "ge_ext_0", 0);

    for (int i = 0; i < n; i++) {
        uint8_t k[32], s[32];
        test_rng_bytes(k, 32);
        k[31] &= 127;
        ge_scalarmult_base(&q, k);
        for (int j = 0; j < 8; j++) {
            ref_to_ext(&t[j], &torsion[j], 1);
            ge_ext_add(&qt, &q, &t[j]);
            check_torsion_free(&qt, j == 0, "[k]B + T", j);
        }
        /* the same coset structure from the reference's random point */
        rnd_point(&a);
        ref_to_ext(&q, &a, 1);
        check_torsion_free(&q, -1, "random point", i);
        /* whatever decodes from random bytes */
        test_rng_bytes(s, 32);
        if (ge_ext_frombytes(&q, s) == 0) {
            int r = torsion_free_by_ell(&q);
            in += r;
            out += !r;
            check_torsion_free(&q, r, "decoded point", i);
        }
        if (ge_ext_frombytes_relaxed(&q, s) == 0) check_torsion_free(&q, -1, "relaxed point", i);
    }
    /* about one decoded point in eight is torsion-free: both verdicts seen */
    CHECK(n < 100 || (in > 0 && out > 0), "decoded points: %d torsion-free, %d not", in, out);
}

/*
 * ge_decode_torsion_free(h, s, pow2) against ge_ext_frombytes and
 * ge_ext_is_torsion_free run one after the other, with pow2 NULL (two serial
 * exponentiations) and with each available backend's pow22523_2: the same
 * verdict, and the same point (the identity when s does not decode). And
 * its halves ge_decode_torsion_start/finish around Q = [3]h + B, with the
 * serial pair and each backend's pow22523_2 and pow22523_invert: the
 * decoding's verdict from start, the subgroup verdict from finish (the two
 * together ge_decode_torsion_free's), and finish's encoding of Q equal to
 * ge_ext_tobytes(Q). s ranges over [k]B + T for every T in E[8] (so every
 * coset), the E[8] points themselves, y ≥ p, y = ±1 with the sign bit, and
 * random bytes.
 */
static void check_decode_torsion_free(const uint8_t s[32], const char *what, int i)
{
    size_t nb = 0;
    const struct backend *const *bs = backend_available(&nb);
    ge_ext want, got;
    int dec = ge_ext_frombytes(&want, s);
    int tf = dec == 0 && ct_to_int(ge_ext_is_torsion_free(&want));
    uint8_t we[32], ge[32];
    ge_ext_tobytes(we, &want);
    for (size_t b = 0; b <= nb; b++) {
        ge_pow22523_2_fn pow2 = b == nb ? NULL : bs[b]->pow22523_2;
        if (b < nb && pow2 == NULL) continue;
        ct_mask m = ge_decode_torsion_free(&got, s, pow2);
        ge_ext_tobytes(ge, &got);
        CHECK((m.m == 0 || m.m == ~(uint64_t)0) && ct_to_int(m) == tf && memcmp(we, ge, 32) == 0,
              "decode_torsion_free (%s): %s %d: verdict %d, want %d", b == nb ? "serial pow" : bs[b]->name,
              what, i, ct_to_int(m), tf);

        /* the halves, with Q = [3]h + B encoded by finish */
        static const uint8_t one_le[32] = {1};
        ge_pow22523_invert_fn powinv = b == nb ? NULL : bs[b]->pow22523_invert;
        ge_torsion_ctx c;
        ge_ext Q, B;
        uint8_t qe[32], fin[32];
        ct_mask m1 = ge_decode_torsion_start(&c, &got, s, pow2);
        ge_ext_tobytes(ge, &got);
        ge_ext_dbl(&Q, &got);
        ge_ext_add(&Q, &Q, &got);
        ge_scalarmult_base(&B, one_le);
        ge_ext_add(&Q, &Q, &B);
        ge_ext_tobytes(qe, &Q);
        ct_mask m2 = ge_decode_torsion_finish(&c, fin, &got, &Q, powinv);
        CHECK(ct_to_int(m1) == (dec == 0) && memcmp(we, ge, 32) == 0,
              "decode_torsion_start (%s): %s %d: verdict %d, want %d",
              b == nb ? "serial pow" : bs[b]->name, what, i, ct_to_int(m1), dec == 0);
        CHECK((m2.m == 0 || m2.m == ~(uint64_t)0) && (dec != 0 || ct_to_int(m2) == tf) &&
                  memcmp(qe, fin, 32) == 0,
              "decode_torsion_finish (%s%s): %s %d: verdict %d, want %d, encoding %s",
              b == nb ? "serial pair" : bs[b]->name,
              b < nb && powinv == NULL ? ", serial pair" : "", what, i, ct_to_int(m2), tf,
              memcmp(qe, fin, 32) == 0 ? "equal" : "differs");
    }
}

static void test_decode_torsion_free(int n)
{
    ge_ext t, q, qt;
    uint8_t s[32];
    int in = 0;

    for (int j = 0; j < 8; j++) {
        ref_to_ext(&t, &torsion[j], 1);
        ge_ext_tobytes(s, &t);
        check_decode_torsion_free(s, "E[8] point", j);
        s[31] ^= 0x80; /* the other sign: y = ±1 with the sign bit among them */
        check_decode_torsion_free(s, "E[8] point, sign flipped", j);
    }
    for (int j = 0; j < 19; j++) { /* y = p + j (non-canonical), both signs */
        memset(s, 0xff, 32);
        s[0] = (uint8_t)(0xed + j);
        s[31] = 0x7f;
        check_decode_torsion_free(s, "y >= p", j);
        s[31] |= 0x80;
        check_decode_torsion_free(s, "y >= p, sign", j);
    }
    for (int i = 0; i < n; i++) {
        uint8_t k[32];
        test_rng_bytes(k, 32);
        k[31] &= 127;
        ge_scalarmult_base(&q, k);
        for (int j = 0; j < 8; j++) {
            ref_to_ext(&t, &torsion[j], 1);
            ge_ext_add(&qt, &q, &t);
            ge_ext_tobytes(s, &qt);
            check_decode_torsion_free(s, "[k]B + T", i * 8 + j);
        }
        test_rng_bytes(s, 32);
        ge_ext d;
        if (ge_ext_frombytes(&d, s) == 0 && ct_to_int(ge_ext_is_torsion_free(&d))) in++;
        check_decode_torsion_free(s, "random bytes", i);
    }
    CHECK(n < 100 || in > 0, "random bytes: no torsion-free point among %d", n);
}

/* ---- scalar multiplications ---------------------------------------------------- */

#define NSPECIAL 14
static uint8_t special[NSPECIAL][32]; /* all with s[31] ≤ 127 */

static void make_special(void)
{
    bn t;
    int n = 0;
    memset(special, 0, sizeof special);
    n++;                                   /* 0 */
    special[n++][0] = 1;                   /* 1 */
    special[n++][0] = 2;                   /* 2 */
    bn_sub(&t, &L, &F1);
    bn_to_bytes(special[n++], 32, &t);     /* ℓ - 1 */
    bn_to_bytes(special[n++], 32, &L);     /* ℓ */
    bn_add(&t, &L, &F1);
    bn_to_bytes(special[n++], 32, &t);     /* ℓ + 1 */
    memset(special[n], 0xff, 32);
    special[n++][31] = 0x7f;               /* 2^255 - 1 */
    special[n++][31] = 0x10;               /* 2^252 */
    memset(special[n++], 0x77, 32);        /* radix-16 digits all 7 */
    memset(special[n], 0x77, 32);
    special[n++][0] = 0x78;                /* digits all -8, the top one 8 */
    memset(special[n], 0x88, 32);
    special[n++][31] = 0x78;               /* digits -8, -7, ... */
    memset(special[n], 0x80, 32);
    special[n++][31] = 0x00;
    bn_add(&t, &L, &L);
    bn_add(&t, &t, &L);
    bn_add(&t, &t, &L);
    bn_add(&t, &t, &L);
    bn_add(&t, &t, &L);
    bn_add(&t, &t, &L);
    bn_to_bytes(special[n++], 32, &t);     /* 7ℓ */
    memset(special[n], 0xf0, 32);
    special[n++][31] = 0x70;
    CHECK(n == NSPECIAL, "special scalars");
}

/* A random scalar with s[31] ≤ 127: uniform, or built from the nibbles
 * {0, 7, 8, 15} (radix-16 digits at the edges of [-8, 8)). */
static void rnd_scalar(uint8_t s[32], int kind)
{
    test_rng_bytes(s, 32);
    if (kind & 1) {
        static const uint8_t nib[4] = {0x0, 0x7, 0x8, 0xf};
        for (int i = 0; i < 32; i++) {
            uint64_t r = test_rng_u64();
            s[i] = (uint8_t)(nib[r & 3] | (nib[(r >> 2) & 3] << 4));
        }
    }
    s[31] &= 0x7f;
}

static void test_scalarmult(int n)
{
    apt pts[8];
    ge_ext Q8[8 + 8];
    int np = 0;

    for (int i = 0; i < 8; i++) {
        rnd_point(&pts[i]);
        ref_to_ext(&Q8[np++], &pts[i], 1);
    }
    for (int i = 0; i < 8; i++) ref_to_ext(&Q8[np++], &torsion[i], 1);
    Q8[np - 8] = ge_basepoint; /* replace the identity's slot by B; identity tested below */

    for (int i = 0; i < n + NSPECIAL; i++) {
        uint8_t s[32];
        ge_ext r, want, Q;
        if (i < NSPECIAL) {
            memcpy(s, special[i], 32);
        } else {
            rnd_scalar(s, i);
        }
        Q = Q8[i % np];

        ge_scalarmult(&r, s, &Q);
        ref_smul(&want, s, &Q);
        CHECK(ext_same(&r, &want), "ge_scalarmult (scalar %d)", i);

        ge_scalarmult_base(&r, s);
        ref_smul(&want, s, &ge_basepoint);
        CHECK(ext_same(&r, &want), "ge_scalarmult_base (scalar %d)", i);

        if (i % 4 == 0) {
            ge_ext z;
            ge_ext_0(&z);
            ge_scalarmult(&r, s, &z);
            CHECK(ct_to_int(ge_ext_is_identity(&r)), "[s]identity");
        }
    }

    /* double-base: a, b any 256-bit values */
    for (int i = 0; i < n + NSPECIAL * NSPECIAL / 4; i++) {
        uint8_t a[32], b[32];
        ge_ext r, w1, w2, A;
        if (i < NSPECIAL * NSPECIAL / 4) {
            memcpy(a, special[(i * 2) % NSPECIAL], 32);
            memcpy(b, special[(i * 3 + i / NSPECIAL) % NSPECIAL], 32);
            if (i % 3 == 1) memset(a, 0xff, 32); /* 2^256 - 1 */
            if (i % 5 == 2) memset(b, 0xff, 32);
        } else {
            test_rng_bytes(a, 32);
            test_rng_bytes(b, 32);
            if (i % 3 == 0) a[31] &= 0x1f;
        }
        A = Q8[i % np];
        ge_double_scalarmult_vartime(&r, a, &A, b);
        ref_smul(&w1, a, &A);
        ref_smul(&w2, b, &ge_basepoint);
        ge_ext_add(&w1, &w1, &w2);
        CHECK(ext_same(&r, &w1), "ge_double_scalarmult_vartime (%d)", i);
    }

    /* through the backend table */
    {
        uint8_t s[32], a[32];
        ge_ext r1, r2;
        rnd_scalar(s, 0);
        rnd_scalar(a, 0);
        CHECK(strcmp(serial_backend.name, FE_BACKEND_NAME) == 0, "serial_backend name");
        serial_backend.scalarmult(&r1, s, &Q8[0]);
        ge_scalarmult(&r2, s, &Q8[0]);
        CHECK(ext_same(&r1, &r2), "serial_backend.scalarmult");
        serial_backend.scalarmult_base(&r1, s);
        ge_scalarmult_base(&r2, s);
        CHECK(ext_same(&r1, &r2), "serial_backend.scalarmult_base");
        serial_backend.double_scalarmult_vartime(&r1, a, &Q8[1], s);
        ge_double_scalarmult_vartime(&r2, a, &Q8[1], s);
        CHECK(ext_same(&r1, &r2), "serial_backend.double_scalarmult_vartime");
    }

    /* a few against the affine reference alone (no ge code in the reference) */
    for (int i = 0; i < 2; i++) {
        uint8_t s[32];
        apt acc, want;
        ge_ext r;
        test_rng_bytes(s, 32);
        s[31] &= 0x7f;
        s[0] = (uint8_t)(s[0] | 1);
        ref_identity(&acc);
        for (int j = 254; j >= 0; j--) {
            ref_add(&acc, &acc, &acc);
            if ((s[j / 8] >> (j % 8)) & 1) ref_add(&acc, &acc, &pts[i]);
        }
        want = acc;
        ge_scalarmult(&r, s, &Q8[i]);
        CHECK(ext_is_ref(&r, &want), "ge_scalarmult vs affine reference");
    }
}

/* Every output may alias an input. */
static void test_aliasing(int n)
{
    for (int i = 0; i < n; i++) {
        apt a, b, want;
        ge_ext p, q, r;
        uint8_t s[32], t[32];
        rnd_point(&a);
        rnd_point(&b);

        ref_add(&want, &a, &b);
        ref_to_ext(&p, &a, 1);
        ref_to_ext(&q, &b, 1);
        ge_ext_add(&p, &p, &q);
        CHECK(ext_is_ref(&p, &want), "ge_ext_add r = p");
        ref_to_ext(&p, &a, 1);
        ge_ext_add(&q, &p, &q);
        CHECK(ext_is_ref(&q, &want), "ge_ext_add r = q");

        ref_sub(&want, &a, &b);
        ref_to_ext(&p, &a, 1);
        ref_to_ext(&q, &b, 1);
        ge_ext_sub(&p, &p, &q);
        CHECK(ext_is_ref(&p, &want), "ge_ext_sub r = p");
        ref_to_ext(&p, &a, 1);
        ge_ext_sub(&q, &p, &q);
        CHECK(ext_is_ref(&q, &want), "ge_ext_sub r = q");

        ref_add(&want, &a, &a);
        ref_to_ext(&p, &a, 1);
        ge_ext_add(&p, &p, &p);
        CHECK(ext_is_ref(&p, &want), "ge_ext_add r = p = q");
        ref_to_ext(&p, &a, 1);
        ge_ext_dbl(&p, &p);
        CHECK(ext_is_ref(&p, &want), "ge_ext_dbl r = p");
        ref_to_ext(&p, &a, 1);
        ge_ext_sub(&p, &p, &p);
        CHECK(ct_to_int(ge_ext_is_identity(&p)), "ge_ext_sub r = p = q");

        ref_neg(&want, &a);
        ref_to_ext(&p, &a, 1);
        ge_ext_neg(&p, &p);
        CHECK(ext_is_ref(&p, &want), "ge_ext_neg r = p");

        want = a;
        for (int j = 0; j < 3; j++) ref_add(&want, &want, &want);
        ref_to_ext(&p, &a, 1);
        ge_ext_mul_by_cofactor(&p, &p);
        CHECK(ext_is_ref(&p, &want), "ge_ext_mul_by_cofactor r = p");
        ref_to_ext(&p, &a, 1);
        ge_ext_dbl_n(&p, &p, 3);
        CHECK(ext_is_ref(&p, &want), "ge_ext_dbl_n r = p");

        rnd_scalar(s, i);
        ref_to_ext(&p, &a, 1);
        ref_smul(&r, s, &p);
        ge_scalarmult(&p, s, &p);
        CHECK(ext_same(&p, &r), "ge_scalarmult r = P");

        test_rng_bytes(t, 32);
        ref_to_ext(&p, &a, 1);
        ge_double_scalarmult_vartime(&q, t, &p, s);
        ge_double_scalarmult_vartime(&p, t, &p, s);
        CHECK(ext_same(&p, &q), "ge_double_scalarmult_vartime r = A");
    }
}

#ifdef HAVE_SODIUM
static void test_sodium(int n)
{
    if (!test_sodium_init()) return;
    for (int i = 0; i < n; i++) {
        uint8_t ea[32], eb[32], want[32], got[32], k[32], enc[32];
        apt a, b;
        ge_ext p, q, r;

        /* add / sub on random points of the whole group */
        rnd_point(&a);
        rnd_point(&b);
        ref_encode(ea, &a);
        ref_encode(eb, &b);
        CHECK(ge_ext_frombytes(&p, ea) == 0 && ge_ext_frombytes(&q, eb) == 0, "decode");
        CHECK(crypto_core_ed25519_add(want, ea, eb) == 0, "libsodium add");
        ge_ext_add(&r, &p, &q);
        ge_ext_tobytes(got, &r);
        CHECK_BYTES(got, want, 32, "add vs libsodium");
        CHECK(crypto_core_ed25519_sub(want, ea, eb) == 0, "libsodium sub");
        ge_ext_sub(&r, &p, &q);
        ge_ext_tobytes(got, &r);
        CHECK_BYTES(got, want, 32, "sub vs libsodium");

        /* scalar multiplications on torsion-free points (what libsodium accepts) */
        test_rng_bytes(k, 32);
        k[31] &= 0x7f;
        k[0] |= 1; /* nonzero mod ℓ with overwhelming probability */
        ge_scalarmult_base(&r, k);
        ge_ext_tobytes(got, &r);
        CHECK(crypto_scalarmult_ed25519_base_noclamp(want, k) == 0, "libsodium base_noclamp");
        CHECK_BYTES(got, want, 32, "ge_scalarmult_base vs libsodium");
        ge_ext_tobytes(enc, &r); /* Q = [k]B */
        test_rng_bytes(k, 32);
        k[31] &= 0x7f;
        k[0] |= 1;
        ge_scalarmult(&p, k, &r);
        ge_ext_tobytes(got, &p);
        CHECK(crypto_scalarmult_ed25519_noclamp(want, k, enc) == 0, "libsodium noclamp");
        CHECK_BYTES(got, want, 32, "ge_scalarmult vs libsodium");

        /* [a]Q + [b]B = noclamp(a, Q) + base_noclamp(b) */
        {
            uint8_t sa[32], sb[32], w1[32], w2[32];
            test_rng_bytes(sa, 32);
            test_rng_bytes(sb, 32);
            sa[31] &= 0x7f;
            sb[31] &= 0x7f;
            sa[0] |= 1;
            sb[0] |= 1;
            ge_double_scalarmult_vartime(&p, sa, &r, sb);
            ge_ext_tobytes(got, &p);
            CHECK(crypto_scalarmult_ed25519_noclamp(w1, sa, enc) == 0, "noclamp");
            CHECK(crypto_scalarmult_ed25519_base_noclamp(w2, sb) == 0, "base_noclamp");
            CHECK(crypto_core_ed25519_add(want, w1, w2) == 0, "add");
            CHECK_BYTES(got, want, 32, "ge_double_scalarmult_vartime vs libsodium");
        }

        /* is_valid_point: canonical, decodable, not small order, in the prime-order subgroup */
        for (int kind = 0; kind < 4; kind++) {
            uint8_t s[32];
            switch (kind) {
            case 0: test_rng_bytes(s, 32); break;
            case 1: memcpy(s, enc, 32); break; /* [k]B */
            case 2: { /* [k]B + T */
                ge_ext t8;
                ref_to_ext(&t8, &torsion[1 + i % 7], 0);
                ge_ext_add(&p, &r, &t8);
                ge_ext_tobytes(s, &p);
                break;
            }
            default: ref_encode(s, &torsion[i % 8]); s[31] ^= (uint8_t)((i & 8) << 4); break;
            }
            int ours = ge_ext_frombytes(&p, s) == 0 && !ct_to_int(ge_ext_is_small_order(&p)) &&
                       ct_to_int(ge_ext_is_torsion_free(&p));
            int theirs = crypto_core_ed25519_is_valid_point(s);
            CHECK(ours == theirs, "is_valid_point kind %d: ours %d, libsodium %d", kind, ours,
                  theirs);
        }
    }
}
#endif

int main(void)
{
    ref_init();
    make_torsion();
    make_special();

    test_basepoint();
    test_decode_random(200);
    test_decode_noncanonical();
    test_decode_nonsquare(50);
    test_decode_x0();
    test_group_law(120);
    test_select(20);
    test_eq(20);
    test_torsion(40);
    test_torsion_free_vs_ell(TEST_RANDOM_CASES(1000));
    test_decode_torsion_free(TEST_RANDOM_CASES(300));
    test_scalarmult(2000);
    test_aliasing(20);
#ifdef HAVE_SODIUM
    test_sodium(120);
#endif
    return test_done();
}
