/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The edwards25519 group on the serial field: conversions between the curve
 * models, addition and doubling, constant-time selection, predicates, and the
 * basepoint. Encoding and decoding are in ge_frombytes.c.
 *
 * Curve: -x² + y² = 1 + d·x²·y² over GF(2^255 - 19), a = -1,
 * d = -121665/121666. Since a is a square and d is not, the twisted Edwards
 * addition law is complete: it needs no case split for doubling, the
 * identity or points of small order (Bernstein-Birkner-Joye-Lange-Peters,
 * "Twisted Edwards curves", eprint 2008/013), and so are its extended
 * forms below (HWCD 2008, eprint 2008/522, §3.1).
 *
 * Representations (see ge.h): extended P³ (X:Y:Z:T) with x = X/Z, y = Y/Z,
 * T = XY/Z; projective P² (X:Y:Z); completed ((X:Z),(Y:T)) with x = X/Z,
 * y = Y/T; projective Niels (Y+X, Y-X, Z, 2d·T); affine Niels
 * (y+x, y-x, 2d·x·y).
 *
 * Formulas: EFD "add-2008-hwcd-3" (unified addition, k = 2d) and
 * "dbl-2008-hwcd" (doubling) for twisted Edwards curves with a = -1, each
 * stopped before its final four multiplications so that the result is a
 * completed point; the caller chooses to finish into P³ (4M) or P² (3M).
 *
 * Bounds: the field types carry them (src/field/fe.h). Sums and differences
 * of two tight elements are loose; a multiplication accepts loose operands
 * and gives a tight result; a loose value that must be added to again is
 * first carried with fe_carry. Completed coordinates are loose: each is one
 * sum or difference of two tight values, and they are only ever multiplied.
 * (fe51: tight limbs < 1.125·2^51, loose < 3.25·2^51, and a loose × loose
 * product fits in u128; fe2625 likewise in u64: see fe51.h and fe2625.h.)
 */
#include "ge.h"

#include "../../scalar/sc.h"
#include "../backend.h"

/* ---- conversions ---------------------------------------------------------- */

/*
 * h = identity, (0 : 1 : 1 : 0). Constant time.
 */
void ge_ext_0(ge_ext *h)
{
    fe_0(&h->X);
    fe_1(&h->Y);
    fe_1(&h->Z);
    fe_0(&h->T);
}

/*
 * r = p in P², dropping T. Tight in, tight out. Constant time.
 */
void ge_ext_to_proj(ge_proj *r, const ge_ext *p)
{
    fe_copy(&r->X, &p->X);
    fe_copy(&r->Y, &p->Y);
    fe_copy(&r->Z, &p->Z);
}

/*
 * r = (Y+X, Y-X, Z, 2d·T) of p. Tight in, tight out (the sum and difference
 * are carried). 1M. Constant time.
 */
void ge_ext_to_cached(ge_cached *r, const ge_ext *p)
{
    fe_loose ypx, ymx;
    fe t2d;

    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul(&t2d, &p->T, &fe_const_2d);
    fe_carry(&r->YplusX, &ypx);
    fe_carry(&r->YminusX, &ymx);
    fe_copy(&r->Z, &p->Z);
    fe_copy(&r->T2d, &t2d);
}

/*
 * r = p in P³: X3 = X·T, Y3 = Y·Z, Z3 = Z·T, T3 = X·Y, so that X3/Z3 = X/Z,
 * Y3/Z3 = Y/T and X3·Y3 = Z3·T3. Loose in, tight out. 4M. Constant time.
 */
void ge_compl_to_ext(ge_ext *r, const ge_compl *p)
{
    fe x, y, z, t;

    fe_mul_ll(&x, &p->X, &p->T);
    fe_mul_ll(&y, &p->Y, &p->Z);
    fe_mul_ll(&z, &p->Z, &p->T);
    fe_mul_ll(&t, &p->X, &p->Y);
    r->X = x;
    r->Y = y;
    r->Z = z;
    r->T = t;
}

/*
 * r = p in P²: X3 = X·T, Y3 = Y·Z, Z3 = Z·T. Loose in, tight out. 3M.
 * Constant time.
 */
void ge_compl_to_proj(ge_proj *r, const ge_compl *p)
{
    fe x, y, z;

    fe_mul_ll(&x, &p->X, &p->T);
    fe_mul_ll(&y, &p->Y, &p->Z);
    fe_mul_ll(&z, &p->Z, &p->T);
    r->X = x;
    r->Y = y;
    r->Z = z;
}

/*
 * h = identity as a projective Niels point: (1, 1, 1, 0). Constant time.
 */
void ge_cached_0(ge_cached *h)
{
    fe_1(&h->YplusX);
    fe_1(&h->YminusX);
    fe_1(&h->Z);
    fe_0(&h->T2d);
}

/*
 * h = identity as an affine Niels point: (1, 1, 0). Constant time.
 */
void ge_niels_0(ge_niels *h)
{
    fe_1(&h->yplusx);
    fe_1(&h->yminusx);
    fe_0(&h->xy2d);
}

/* ---- arithmetic ----------------------------------------------------------- */

/*
 * r = p + q, q in projective Niels form. add-2008-hwcd-3 with k = 2d:
 *   A = (Y1-X1)(Y2-X2)   B = (Y1+X1)(Y2+X2)   C = T1·2d·T2   D = 2·Z1·Z2
 *   E = B - A            F = D - C            G = D + C      H = B + A
 * and the completed result ((E : G), (H : F)), i.e. X3 = E·F, Y3 = G·H,
 * Z3 = F·G, T3 = E·H once finished. 4M.
 * Bounds: p, q tight; Y1±X1 loose (multiplied only); A, B, C tight; D is a
 * loose sum, carried before D ± C; E, F, G, H loose out. Constant time.
 */
void ge_add_cached(ge_compl *r, const ge_ext *p, const ge_cached *q)
{
    fe_loose ypx, ymx, d2;
    fe a, b, c, zz, d;

    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul_l(&a, &ymx, &q->YminusX);
    fe_mul_l(&b, &ypx, &q->YplusX);
    fe_mul(&c, &p->T, &q->T2d);
    fe_mul(&zz, &p->Z, &q->Z);
    fe_add(&d2, &zz, &zz);
    fe_carry(&d, &d2);
    fe_sub(&r->X, &b, &a); /* E */
    fe_add(&r->Y, &b, &a); /* H */
    fe_add(&r->Z, &d, &c); /* G */
    fe_sub(&r->T, &d, &c); /* F */
}

/*
 * r = p - q, q in projective Niels form. As ge_add_cached with -q =
 * (Y2-X2, Y2+X2, Z2, -2d·T2): the roles of Y2+X2 and Y2-X2 swap and C changes
 * sign, so G = D - C and F = D + C. 4M. Bounds as ge_add_cached.
 * Constant time.
 */
void ge_sub_cached(ge_compl *r, const ge_ext *p, const ge_cached *q)
{
    fe_loose ypx, ymx, d2;
    fe a, b, c, zz, d;

    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul_l(&a, &ymx, &q->YplusX);
    fe_mul_l(&b, &ypx, &q->YminusX);
    fe_mul(&c, &p->T, &q->T2d);
    fe_mul(&zz, &p->Z, &q->Z);
    fe_add(&d2, &zz, &zz);
    fe_carry(&d, &d2);
    fe_sub(&r->X, &b, &a); /* E */
    fe_add(&r->Y, &b, &a); /* H */
    fe_sub(&r->Z, &d, &c); /* G = D - C */
    fe_add(&r->T, &d, &c); /* F = D + C */
}

/*
 * r = p + q, q affine (Z2 = 1) in Niels form (y+x, y-x, 2d·x·y). "madd":
 * add-2008-hwcd-3 with Z2 = 1, so D = 2·Z1 and one multiplication is saved.
 * 3M. Bounds as ge_add_cached. Constant time.
 */
void ge_add_niels(ge_compl *r, const ge_ext *p, const ge_niels *q)
{
    fe_loose ypx, ymx, d2;
    fe a, b, c, d;

    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul_l(&a, &ymx, &q->yminusx);
    fe_mul_l(&b, &ypx, &q->yplusx);
    fe_mul(&c, &p->T, &q->xy2d);
    fe_add(&d2, &p->Z, &p->Z);
    fe_carry(&d, &d2);
    fe_sub(&r->X, &b, &a); /* E */
    fe_add(&r->Y, &b, &a); /* H */
    fe_add(&r->Z, &d, &c); /* G */
    fe_sub(&r->T, &d, &c); /* F */
}

/*
 * r = p - q, q affine Niels; as ge_add_niels with -q = (y-x, y+x, -2d·x·y).
 * 3M. Constant time.
 */
void ge_sub_niels(ge_compl *r, const ge_ext *p, const ge_niels *q)
{
    fe_loose ypx, ymx, d2;
    fe a, b, c, d;

    fe_add(&ypx, &p->Y, &p->X);
    fe_sub(&ymx, &p->Y, &p->X);
    fe_mul_l(&a, &ymx, &q->yplusx);
    fe_mul_l(&b, &ypx, &q->yminusx);
    fe_mul(&c, &p->T, &q->xy2d);
    fe_add(&d2, &p->Z, &p->Z);
    fe_carry(&d, &d2);
    fe_sub(&r->X, &b, &a); /* E */
    fe_add(&r->Y, &b, &a); /* H */
    fe_sub(&r->Z, &d, &c); /* G = D - C */
    fe_add(&r->T, &d, &c); /* F = D + C */
}

/*
 * r = 2p, p in P². dbl-2008-hwcd with a = -1, all four outputs negated
 * (the same projective point):
 *   A = X1²   B = Y1²   C = 2·Z1²   E = (X1+Y1)² - A - B = 2·X1·Y1
 *   G = B - A   H = A + B   F = C - G
 * and the completed result ((E : G), (H : F)), i.e. X3 = E·F, Y3 = G·H,
 * Z3 = F·G, T3 = E·H once finished. 4S (one of them 2·Z²).
 * Bounds: p tight; X1+Y1 loose, squared; A, B, C, (X1+Y1)² tight; H and G
 * loose, carried before they are subtracted from again; E, F, G, H loose out.
 * Constant time.
 */
void ge_proj_dbl(ge_compl *r, const ge_proj *p)
{
    fe_loose xpy;
    fe xx, yy, zz2, s, h, g;

    fe_sq(&xx, &p->X);
    fe_sq(&yy, &p->Y);
    fe_sq2(&zz2, &p->Z);
    fe_add(&xpy, &p->X, &p->Y);
    fe_sq_l(&s, &xpy);
    fe_add(&r->Y, &yy, &xx); /* H = A + B */
    fe_sub(&r->Z, &yy, &xx); /* G = B - A */
    fe_carry(&h, &r->Y);
    fe_carry(&g, &r->Z);
    fe_sub(&r->X, &s, &h);   /* E = (X1+Y1)² - H */
    fe_sub(&r->T, &zz2, &g); /* F = C - G */
}

/*
 * r = p + q in P³ (q converted to projective Niels). 9M. Constant time;
 * r may alias p or q.
 */
void ge_ext_add(ge_ext *r, const ge_ext *p, const ge_ext *q)
{
    ge_cached qc;
    ge_compl c;

    ge_ext_to_cached(&qc, q);
    ge_add_cached(&c, p, &qc);
    ge_compl_to_ext(r, &c);
}

/*
 * r = p - q in P³. 9M. Constant time; r may alias p or q.
 */
void ge_ext_sub(ge_ext *r, const ge_ext *p, const ge_ext *q)
{
    ge_cached qc;
    ge_compl c;

    ge_ext_to_cached(&qc, q);
    ge_sub_cached(&c, p, &qc);
    ge_compl_to_ext(r, &c);
}

/*
 * r = 2p in P³. 4S + 4M. Constant time; r may alias p.
 */
void ge_ext_dbl(ge_ext *r, const ge_ext *p)
{
    ge_proj q;
    ge_compl c;

    ge_ext_to_proj(&q, p);
    ge_proj_dbl(&c, &q);
    ge_compl_to_ext(r, &c);
}

/*
 * r = [2^k]p, k ≥ 1: k doublings, in P² between them (3M each), P³ at the
 * end. Constant time (k public); r may alias p; the intermediate points are
 * wiped.
 */
void ge_ext_dbl_n(ge_ext *r, const ge_ext *p, int k)
{
    ge_proj q;
    ge_compl c;

    ge_ext_to_proj(&q, p);
    ge_proj_dbl(&c, &q);
    for (int i = 1; i < k; i++) {
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
    }
    ge_compl_to_ext(r, &c);
    vec25519_wipe(&q, sizeof q); /* p may be secret (constant-time callers) */
    vec25519_wipe(&c, sizeof c);
}

/*
 * r = -p = (-X : Y : Z : -T). Tight in, tight out. Constant time; r may
 * alias p.
 */
void ge_ext_neg(ge_ext *r, const ge_ext *p)
{
    fe_loose nx, nt;

    fe_neg(&nx, &p->X);
    fe_neg(&nt, &p->T);
    fe_carry(&r->X, &nx);
    fe_copy(&r->Y, &p->Y);
    fe_copy(&r->Z, &p->Z);
    fe_carry(&r->T, &nt);
}

/*
 * r = [8]p (three doublings). Constant time; r may alias p.
 */
void ge_ext_mul_by_cofactor(ge_ext *r, const ge_ext *p)
{
    ge_ext_dbl_n(r, p, 3);
}

/* ---- constant-time selection ---------------------------------------------- */

/*
 * if m: r = p. Constant time (masked moves); r may alias p.
 */
void ge_cached_cmov(ge_cached *r, const ge_cached *p, ct_mask m)
{
    fe_cmov(&r->YplusX, &p->YplusX, m);
    fe_cmov(&r->YminusX, &p->YminusX, m);
    fe_cmov(&r->Z, &p->Z, m);
    fe_cmov(&r->T2d, &p->T2d, m);
}

/*
 * r = m ? -p : p, where -(Y+X, Y-X, Z, 2dT) = (Y-X, Y+X, Z, -2dT).
 * Constant time; r may alias p.
 */
void ge_cached_cneg(ge_cached *r, const ge_cached *p, ct_mask m)
{
    ge_cached t = *p;

    fe_cswap(&t.YplusX, &t.YminusX, m);
    fe_cneg(&t.T2d, &t.T2d, m);
    *r = t;
}

/*
 * if m: r = p. Constant time; r may alias p.
 */
void ge_niels_cmov(ge_niels *r, const ge_niels *p, ct_mask m)
{
    fe_cmov(&r->yplusx, &p->yplusx, m);
    fe_cmov(&r->yminusx, &p->yminusx, m);
    fe_cmov(&r->xy2d, &p->xy2d, m);
}

/*
 * r = m ? -p : p, where -(y+x, y-x, 2dxy) = (y-x, y+x, -2dxy).
 * Constant time; r may alias p.
 */
void ge_niels_cneg(ge_niels *r, const ge_niels *p, ct_mask m)
{
    ge_niels t = *p;

    fe_cswap(&t.yplusx, &t.yminusx, m);
    fe_cneg(&t.xy2d, &t.xy2d, m);
    *r = t;
}

/*
 * if m: r = p. Constant time; r may alias p.
 */
void ge_ext_cmov(ge_ext *r, const ge_ext *p, ct_mask m)
{
    fe_cmov(&r->X, &p->X, m);
    fe_cmov(&r->Y, &p->Y, m);
    fe_cmov(&r->Z, &p->Z, m);
    fe_cmov(&r->T, &p->T, m);
}

/* |b| and the sign of b as a mask, for b ∈ [-8, 8] (ct_digit_abs, ct.h). */
static uint64_t digit_abs(ct_mask *neg, int8_t b)
{
    uint64_t sign;
    uint64_t babs = ct_digit_abs(&sign, b);

    *neg = ct_from_bit(sign);
    return babs;
}

/*
 * t = [b]Q from table[j] = [j+1]Q (j = 0..7), b ∈ [-8, 8]: every entry is
 * read and masked in; b = 0 leaves the identity. Constant time.
 */
void ge_cached_select(ge_cached *t, const ge_cached table[8], int8_t b)
{
    ct_mask neg;
    uint64_t babs = digit_abs(&neg, b);

    ge_cached_0(t);
    for (uint64_t j = 0; j < 8; j++) ge_cached_cmov(t, &table[j], ct_eq(babs, j + 1));
    ge_cached_cneg(t, t, neg);
}

/*
 * t = [b]Q from table[j] = [j+1]Q (affine Niels), b ∈ [-8, 8]. Constant
 * time: all eight entries are scanned.
 */
void ge_niels_select(ge_niels *t, const ge_niels table[8], int8_t b)
{
    ct_mask neg;
    uint64_t babs = digit_abs(&neg, b);

    ge_niels_0(t);
    for (uint64_t j = 0; j < 8; j++) ge_niels_cmov(t, &table[j], ct_eq(babs, j + 1));
    ge_niels_cneg(t, t, neg);
}

/* ---- tables of multiples ---------------------------------------------------- */

/* table[j] = [j+1]P, j = 0..7: doubling for the even multiples, one addition
 * for the odd. Constant time; the stack copies are wiped. */
void ge_cached_multiples(ge_cached table[8], const ge_ext *P)
{
    ge_ext m[8];

    m[0] = *P;
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) {
            ge_ext_dbl(&m[j], &m[j / 2]);
        } else {
            ge_ext_add(&m[j], &m[j - 1], &m[0]);
        }
    }
    for (int j = 0; j < 8; j++) ge_ext_to_cached(&table[j], &m[j]);
    vec25519_wipe(m, sizeof m);
}

/* table[j] = (2j+1)·P, j = 0..7, projective Niels. Variable time is not
 * needed here (no branch), but the tables serve only public points. */
void ge_cached_odd_multiples(ge_cached *table, const ge_ext *P, int n)
{
    ge_ext p2, t;
    ge_compl c;

    ge_ext_to_cached(&table[0], P);
    ge_ext_dbl(&p2, P);
    for (int j = 1; j < n; j++) {
        ge_add_cached(&c, &p2, &table[j - 1]);
        ge_compl_to_ext(&t, &c);
        ge_ext_to_cached(&table[j], &t);
    }
}

/* o = (y+x, y−x, 2d·x·y) of p, given zinv = 1/Z. 4M. */
void ge_ext_to_niels(ge_niels *o, const ge_ext *p, const fe *zinv)
{
    fe x, y, xy;
    fe_loose s, d;

    fe_mul(&x, &p->X, zinv);
    fe_mul(&y, &p->Y, zinv);
    fe_add(&s, &y, &x);
    fe_sub(&d, &y, &x);
    fe_carry(&o->yplusx, &s);
    fe_carry(&o->yminusx, &d);
    fe_mul(&xy, &x, &y);
    fe_mul(&o->xy2d, &xy, &fe_const_2d);
}

/* ---- predicates ----------------------------------------------------------- */

/*
 * all-ones iff p and q are the same point: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1
 * (Z1, Z2 ≠ 0 for every valid point). 4M. Constant time.
 */
ct_mask ge_ext_eq(const ge_ext *p, const ge_ext *q)
{
    fe a, b, c, d;

    fe_mul(&a, &p->X, &q->Z);
    fe_mul(&b, &q->X, &p->Z);
    fe_mul(&c, &p->Y, &q->Z);
    fe_mul(&d, &q->Y, &p->Z);
    return ct_and(fe_eq(&a, &b), fe_eq(&c, &d));
}

/*
 * all-ones iff p is the identity (0, 1): X = 0 and Y = Z. Constant time.
 */
ct_mask ge_ext_is_identity(const ge_ext *p)
{
    return ct_and(fe_is_zero(&p->X), fe_eq(&p->Y, &p->Z));
}

/*
 * all-ones iff [8]p is the identity, i.e. p is one of the eight points of
 * the torsion subgroup E[8] (the identity included). Constant time.
 */
ct_mask ge_ext_is_small_order(const ge_ext *p)
{
    ge_ext q;

    ge_ext_mul_by_cofactor(&q, p);
    return ge_ext_is_identity(&q);
}

/* ---- the basepoint ---------------------------------------------------------- */

/*
 * B = (x, 4/5) with x even ("positive") (RFC 8032 §5.1), in P³ with Z = 1:
 *   x = 15112221349535400772501151409588531511454012693041857206046113283949847762202
 *   y = 46316835694926478169428394003475163141307993866256225615783033603165251855960
 *   T = x·y mod p
 * Limbs of the canonical values; the test suite checks that B encodes to
 * 5866…66 and has order ℓ.
 */
#if defined(VEC25519_SERIAL_U32)
const ge_ext ge_basepoint = {
    {{0x325d51a, 0x18b5823, 0x0f6592a, 0x104a92d, 0x1a4b31d, /* X */
      0x1d6dc5c, 0x27118fe, 0x07fd814, 0x13cd6e5, 0x085a4db}},
    {{0x2666658, 0x1999999, 0x0cccccc, 0x1333333, 0x1999999, /* Y */
      0x0666666, 0x3333333, 0x0cccccc, 0x2666666, 0x1999999}},
    {{0x0000001, 0x0000000, 0x0000000, 0x0000000, 0x0000000, /* Z */
      0x0000000, 0x0000000, 0x0000000, 0x0000000, 0x0000000}},
    {{0x1b7dda3, 0x1a2ace9, 0x25eadbb, 0x003ba8a, 0x083c27e, /* T */
      0x0abe37d, 0x1274732, 0x0ccacdd, 0x0fd78b7, 0x19e1d7c}},
};
#else
const ge_ext ge_basepoint = {
    {{0x62d608f25d51a, 0x412a4b4f6592a, 0x75b7171a4b31d, 0x1ff60527118fe, 0x216936d3cd6e5}}, /* X */
    {{0x6666666666658, 0x4cccccccccccc, 0x1999999999999, 0x3333333333333, 0x6666666666666}}, /* Y */
    {{0x0000000000001, 0x0000000000000, 0x0000000000000, 0x0000000000000, 0x0000000000000}}, /* Z */
    {{0x68ab3a5b7dda3, 0x00eea2a5eadbb, 0x2af8df483c27e, 0x332b375274732, 0x67875f0fd78b7}}, /* T */
};
#endif
