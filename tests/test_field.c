/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Field tests (src/field/fe.h, src/field/fe51.h, fe2625.h,
 * src/field/fe_common.c). Built twice: against the u64 core (fe = fe51) and the
 * u32 core (fe = fe2625, -DVEC25519_SERIAL_U32).
 *
 * The reference is the bignum of tests/support/bn.c: every input is built as a
 * limb array (random, at the tight or loose maximum, non-canonical, or decoded
 * from an edge encoding), its value is computed from the limbs with bn, and
 * every output is checked two ways: its limbs are within the promised bound,
 * and their value is what bn computes mod p. Then:
 *   - edge encodings 0, 1, p-1, p, p+1, p+18, 2^255-1, 2^255-20 (bit 255 clear
 *     and set), pairwise through every operation;
 *   - aliasing of outputs with inputs;
 *   - invert, pow22523, sqn, sqrt_ratio_i against bn_powmod, and sqrt_ratio_i
 *     against RFC 9496 Appendix A (tests/vectors/ristretto255/sqrt_ratio_m1.txt);
 *     invsqrt_i(v) against sqrt_ratio_i(1, v);
 *   - batch_invert against single inversions, with zeros;
 *   - the constants of fe_common.c against their definitions and RFC 9496 §4.1;
 *   - fe51 and fe2625 agreeing byte for byte on every header operation.
 *
 * Set VEC25519_TEST_SEED to replay a run.
 */
#include <string.h>

#include "bn.h"
#include "field/fe.h"
#include "test.h"

#define N_RANDOM TEST_RANDOM_CASES(10000) /* random inputs per property */
#define N_POW 40       /* random inputs for the exponentiations checked with bn_powmod */
#define N_PROP TEST_RANDOM_CASES(3000) /* inputs for invert and sqrt_ratio_i checked by their defining property */

static bn P; /* 2^255 - 19 */

/* ---- the active representation, as limbs -------------------------------- */
#ifdef VEC25519_SERIAL_U32
#define NLIMBS 10
typedef uint32_t limb_t;
static int limb_off(int i) { return (i * 51 + 1) / 2; }
static int limb_width(int i) { return 26 - (i & 1); }
static uint64_t tight_bound(int i) { return (i & 1) ? FE2625_TIGHT_ODD : FE2625_TIGHT_EVEN; }
static uint64_t loose_bound(int i) { return (i & 1) ? FE2625_LOOSE_ODD : FE2625_LOOSE_EVEN; }
#else
#define NLIMBS 5
typedef uint64_t limb_t;
static int limb_off(int i) { return 51 * i; }
static int limb_width(int i) { (void)i; return 51; }
static uint64_t tight_bound(int i) { (void)i; return FE51_TIGHT; }
static uint64_t loose_bound(int i) { (void)i; return FE51_LOOSE; }
#endif

/* r = Σ v[i]·2^off_i, not reduced. */
static void limbs_value(bn *r, const limb_t *v)
{
    bn acc, x, pw;
    bn_from_u64(&acc, 0);
    for (int i = 0; i < NLIMBS; i++) {
        int off = limb_off(i);
        bn_from_u64(&x, v[i]);
        bn_from_u64(&pw, 0);
        pw.w[off / 32] = UINT32_C(1) << (off % 32);
        bn_mul(&x, &x, &pw);
        bn_add(&acc, &acc, &x);
    }
    *r = acc;
}

/* r = (Σ v[i]·2^off_i) mod p */
static void ref_of(bn *r, const limb_t *v)
{
    limbs_value(r, v);
    bn_mod(r, r, &P);
}

static int limbs_below(const limb_t *v, uint64_t (*bound)(int))
{
    for (int i = 0; i < NLIMBS; i++)
        if ((uint64_t)v[i] >= bound(i)) return 0;
    return 1;
}

static int is_mask(ct_mask m) { return m.m == 0 || m.m == ~UINT64_C(0); }

/* Output checks: the limbs are within the bound and their value ≡ want (reduced). */
static void check_tight(const fe *h, const bn *want, const char *what, long it)
{
    bn got;
    ref_of(&got, h->v);
    CHECK(limbs_below(h->v, tight_bound), "%s: output limbs not tight (case %ld)", what, it);
    CHECK(bn_cmp(&got, want) == 0, "%s: wrong value (case %ld)", what, it);
}

static void check_loose(const fe_loose *h, const bn *want, const char *what, long it)
{
    bn got;
    ref_of(&got, h->v);
    CHECK(limbs_below(h->v, loose_bound), "%s: output limbs not loose (case %ld)", what, it);
    CHECK(bn_cmp(&got, want) == 0, "%s: wrong value (case %ld)", what, it);
}

static void bn_from_le32(bn *r, const uint8_t s[32]) { bn_from_bytes(r, s, 32); }

/* The value frombytes must give: (s mod 2^255) mod p. */
static void ref_frombytes(bn *r, const uint8_t s[32])
{
    uint8_t t[32];
    memcpy(t, s, 32);
    t[31] &= 0x7f;
    bn_from_le32(r, t);
    bn_mod(r, r, &P);
}

/* ---- edge encodings ------------------------------------------------------ */
#define N_BASE_EDGE 10
#define N_EDGE (2 * N_BASE_EDGE)
static uint8_t edge[N_EDGE][32];

/*
 * 0, 1, p-1, p, p+1, p+18, 2^255-1, 2^255-20, 19, 2^254, then the same ten
 * with bit 255 set. (As integers 2^255-1 = p+18 and 2^255-20 = p-1; they are
 * listed under both names.)
 */
static void edges_init(void)
{
    bn v[N_BASE_EDGE], t;
    bn_from_u64(&v[0], 0);
    bn_from_u64(&v[1], 1);
    bn_from_u64(&t, 1);
    bn_sub(&v[2], &P, &t);   /* p - 1 */
    v[3] = P;                /* p */
    bn_add(&v[4], &P, &t);   /* p + 1 */
    bn_from_u64(&t, 18);
    bn_add(&v[5], &P, &t);   /* p + 18 */
    uint8_t s[32];
    memset(s, 0xff, 32);
    s[31] = 0x7f;
    bn_from_bytes(&v[6], s, 32); /* 2^255 - 1 */
    s[0] = 0xec;
    bn_from_bytes(&v[7], s, 32); /* 2^255 - 20 */
    bn_from_u64(&v[8], 19);
    bn_from_u64(&v[9], 0);
    v[9].w[7] = UINT32_C(1) << 30; /* 2^254 */
    for (int i = 0; i < N_BASE_EDGE; i++) {
        bn_to_bytes(edge[i], 32, &v[i]);
        memcpy(edge[N_BASE_EDGE + i], edge[i], 32);
        edge[N_BASE_EDGE + i][31] |= 0x80;
    }
}

/* ---- input generators (active representation) ----------------------------- */
static uint64_t rnd_below(uint64_t n) { return test_rng_below(n); }

/* Each v[i] below bound(i): uniform, or (top) one of the four largest. */
static void limbs_random(limb_t *v, uint64_t (*bound)(int), int top)
{
    for (int i = 0; i < NLIMBS; i++)
        v[i] = (limb_t)(top ? bound(i) - 1 - rnd_below(4) : rnd_below(bound(i)));
}

/* A tight element of one of several shapes; the value is taken from the limbs. */
static void gen_tight(fe *f, int kind)
{
    uint8_t s[32];
    switch (kind % 7) {
    case 0:
    case 1:
        test_rng_bytes(s, 32);
        fe_frombytes(f, s);
        break;
    case 2: /* uniform limbs */
    case 3: /* limbs at the top of the range */
        limbs_random(f->v, tight_bound, kind % 7 == 3);
        break;
    case 4:
        for (int i = 0; i < NLIMBS; i++) {
            uint64_t choice[5] = {0, tight_bound(i) - 1, (UINT64_C(1) << limb_width(i)) - 1,
                                  UINT64_C(1) << limb_width(i), rnd_below(tight_bound(i))};
            f->v[i] = (limb_t)choice[rnd_below(5)];
        }
        break;
    case 5:
        fe_frombytes(f, edge[rnd_below(N_EDGE)]);
        break;
    default: /* a limb at or above 2^w, as carries leave them */
        test_rng_bytes(s, 32);
        fe_frombytes(f, s);
        {
            int i = (int)rnd_below(NLIMBS);
            uint64_t room = tight_bound(i) - (UINT64_C(1) << limb_width(i));
            f->v[i] = (limb_t)(f->v[i] % room + (UINT64_C(1) << limb_width(i)));
        }
        break;
    }
}

static void gen_loose(fe_loose *f, int kind)
{
    fe a, b;
    switch (kind % 7) {
    case 0: /* uniform limbs */
    case 1: /* limbs at the top of the range */
        limbs_random(f->v, loose_bound, kind % 7 == 1);
        break;
    case 2:
        gen_tight(&a, (int)rnd_below(7));
        gen_tight(&b, (int)rnd_below(7));
        fe_add(f, &a, &b);
        break;
    case 3:
        gen_tight(&a, (int)rnd_below(7));
        gen_tight(&b, (int)rnd_below(7));
        fe_sub(f, &a, &b);
        break;
    case 4:
        gen_tight(&a, (int)rnd_below(7));
        fe_neg(f, &a);
        break;
    case 5:
        gen_tight(&a, (int)rnd_below(7));
        fe_relax(f, &a);
        break;
    default:
        for (int i = 0; i < NLIMBS; i++) {
            uint64_t choice[3] = {0, loose_bound(i) - 1, rnd_below(loose_bound(i))};
            f->v[i] = (limb_t)choice[rnd_below(3)];
        }
        break;
    }
}

/* ---- properties of the header operations, one input set ------------------ */
static void check_ops(const fe *f, const fe *g, const fe_loose *fl, const fe_loose *gl, uint32_t c,
                      long it)
{
    bn F, G, FL, GL, want, t;
    fe h;
    fe_loose hl;
    uint8_t s[32], ws[32];

    ref_of(&F, f->v);
    ref_of(&G, g->v);
    ref_of(&FL, fl->v);
    ref_of(&GL, gl->v);

    fe_add(&hl, f, g);
    bn_addmod(&want, &F, &G, &P);
    check_loose(&hl, &want, "add", it);
    fe_carry(&h, &hl);
    check_tight(&h, &want, "carry(add)", it);

    fe_sub(&hl, f, g);
    bn_submod(&want, &F, &G, &P);
    check_loose(&hl, &want, "sub", it);

    fe_neg(&hl, f);
    bn_from_u64(&t, 0);
    bn_submod(&want, &t, &F, &P);
    check_loose(&hl, &want, "neg", it);

    fe_carry(&h, fl);
    check_tight(&h, &FL, "carry", it);

    fe_relax(&hl, f);
    CHECK(memcmp(hl.v, f->v, sizeof hl.v) == 0, "relax changed limbs (case %ld)", it);

    fe_mul(&h, f, g);
    bn_mulmod(&want, &F, &G, &P);
    check_tight(&h, &want, "mul", it);

    fe_mul_l(&h, fl, g);
    bn_mulmod(&want, &FL, &G, &P);
    check_tight(&h, &want, "mul_l", it);

    fe_mul_ll(&h, fl, gl);
    bn_mulmod(&want, &FL, &GL, &P);
    check_tight(&h, &want, "mul_ll", it);

    fe_sq(&h, f);
    bn_mulmod(&want, &F, &F, &P);
    check_tight(&h, &want, "sq", it);

    fe_sq2(&h, f);
    bn_addmod(&want, &want, &want, &P);
    check_tight(&h, &want, "sq2", it);

    fe_sq_l(&h, fl);
    bn_mulmod(&want, &FL, &FL, &P);
    check_tight(&h, &want, "sq_l", it);

    fe_mul_small(&h, fl, c);
    bn_from_u64(&t, c);
    bn_mulmod(&want, &FL, &t, &P);
    check_tight(&h, &want, "mul_small", it);

    /* tobytes: canonical, bit 255 clear, and the value of the limbs */
    fe_tobytes(s, f);
    bn_to_bytes(ws, 32, &F);
    CHECK_BYTES(s, ws, 32, "tobytes");

    /* predicates */
    ct_mask m = fe_is_negative(f);
    CHECK(is_mask(m) && ct_to_int(m) == (int)(F.w[0] & 1), "is_negative (case %ld)", it);
    bn_from_u64(&t, 0);
    m = fe_is_zero(f);
    CHECK(is_mask(m) && ct_to_int(m) == (bn_cmp(&F, &t) == 0), "is_zero (case %ld)", it);
    m = fe_eq(f, g);
    CHECK(is_mask(m) && ct_to_int(m) == (bn_cmp(&F, &G) == 0), "eq (case %ld)", it);
    m = fe_eq(f, f);
    CHECK(is_mask(m) && ct_to_int(m) == 1, "eq(f, f) (case %ld)", it);

    /* conditional operations, both mask values */
    for (int bit = 0; bit < 2; bit++) {
        ct_mask mk = ct_from_bit((uint64_t)bit);
        fe a = *f, b = *g;
        fe_cmov(&a, g, mk);
        CHECK(memcmp(a.v, bit ? g->v : f->v, sizeof a.v) == 0, "cmov %d (case %ld)", bit, it);
        a = *f;
        fe_cswap(&a, &b, mk);
        CHECK(memcmp(a.v, bit ? g->v : f->v, sizeof a.v) == 0 &&
                  memcmp(b.v, bit ? f->v : g->v, sizeof b.v) == 0,
              "cswap %d (case %ld)", bit, it);
        fe_cneg(&a, f, mk);
        if (bit) {
            bn_from_u64(&t, 0);
            bn_submod(&want, &t, &F, &P);
        } else {
            want = F;
        }
        check_tight(&a, &want, bit ? "cneg 1" : "cneg 0", it);
    }
}

static void test_random_ops(void)
{
    for (long it = 0; it < N_RANDOM; it++) {
        fe f, g;
        fe_loose fl, gl;
        gen_tight(&f, (int)(it % 7));
        gen_tight(&g, (int)rnd_below(7));
        gen_loose(&fl, (int)(it % 7));
        gen_loose(&gl, (int)rnd_below(7));
        uint32_t cs[5] = {0, 1, 121666, (UINT32_C(1) << 20) - 1, (uint32_t)rnd_below(UINT64_C(1) << 20)};
        check_ops(&f, &g, &fl, &gl, cs[it % 5], it);
    }
}

/* Every pair of edge encodings, and the maximal limb patterns. */
static void test_edges(void)
{
    long it = 0;
    for (int i = 0; i < N_EDGE; i++) {
        for (int j = 0; j < N_EDGE; j++, it++) {
            fe f, g;
            fe_loose fl, gl;
            fe_frombytes(&f, edge[i]);
            fe_frombytes(&g, edge[j]);
            fe_add(&fl, &f, &g);
            fe_sub(&gl, &f, &g);
            check_ops(&f, &g, &fl, &gl, (UINT32_C(1) << 20) - 1, 100000 + it);
        }
    }
    /* all limbs at the maximum: tight, loose */
    fe tmax, tz;
    fe_loose lmax;
    for (int i = 0; i < NLIMBS; i++) {
        tmax.v[i] = (limb_t)(tight_bound(i) - 1);
        lmax.v[i] = (limb_t)(loose_bound(i) - 1);
        tz.v[i] = 0;
    }
    check_ops(&tmax, &tmax, &lmax, &lmax, (UINT32_C(1) << 20) - 1, 200000);
    check_ops(&tz, &tmax, &lmax, &lmax, 0, 200001);
    /* sub/neg of the largest tight g must not underflow: f = 0, g = max */
    fe_loose hl;
    bn G, want, zero;
    ref_of(&G, tmax.v);
    bn_from_u64(&zero, 0);
    bn_submod(&want, &zero, &G, &P);
    fe_sub(&hl, &tz, &tmax);
    check_loose(&hl, &want, "sub(0, max)", 200002);
    fe_neg(&hl, &tmax);
    check_loose(&hl, &want, "neg(max)", 200003);
}

/* frombytes: the value (bit 255 ignored); tobytes(frombytes(s)) = s mod p. */
static void test_bytes(void)
{
    for (long it = 0; it < N_RANDOM; it++) {
        uint8_t s[32], s2[32], out[32], ws[32];
        bn want;
        fe f, f2;
        if (it < N_EDGE) {
            memcpy(s, edge[it], 32);
        } else {
            test_rng_bytes(s, 32);
            if (it % 4 == 0) memset(s + 1 + rnd_below(31), 0xff, 1); /* some all-ones bytes */
            if (it % 8 == 1) memset(s, 0xff, 32 - rnd_below(4));
        }
        ref_frombytes(&want, s);
        fe_frombytes(&f, s);
        check_tight(&f, &want, "frombytes", it);
        memcpy(s2, s, 32);
        s2[31] ^= 0x80;
        fe_frombytes(&f2, s2);
        CHECK(memcmp(f.v, f2.v, sizeof f.v) == 0, "frombytes depends on bit 255 (case %ld)", it);
        fe_tobytes(out, &f);
        bn_to_bytes(ws, 32, &want);
        CHECK_BYTES(out, ws, 32, "tobytes(frombytes(s)) = s mod p");
        CHECK((out[31] & 0x80) == 0, "tobytes sets bit 255 (case %ld)", it);
    }
}

/* Non-canonical representations: p itself, redistributed limbs, x + p. */
static void test_noncanonical(void)
{
    bn zero;
    bn_from_u64(&zero, 0);
    for (long it = 0; it < 2000; it++) {
        fe f, g;
        uint8_t s[32];
        test_rng_bytes(s, 32);
        if (it < 19) { /* x + p for x < 19 is below 2^255: a second encoding of x */
            bn x;
            bn_from_u64(&x, (uint64_t)it);
            bn_add(&x, &x, &P);
            bn_to_bytes(s, 32, &x);
        }
        s[31] &= 0x7f;
        fe_frombytes(&f, s);
        if (it >= 19) { /* make room in a few limbs so that the moves below apply */
            for (int k = 0; k < 3; k++) {
                int i = (int)rnd_below(NLIMBS);
                f.v[i] &= (limb_t)((UINT64_C(1) << (limb_width(i) - 4)) - 1);
            }
        } else {
            fe x;
            uint8_t sx[32] = {0};
            sx[0] = (uint8_t)it;
            fe_frombytes(&x, sx);
            CHECK(ct_to_int(fe_eq(&f, &x)) == 1, "eq(x + p, x) (case %ld)", it);
        }
        g = f;
        /* Moves of 2^w from limb i+1 into limb i (and of 2^255 ≡ 19 from limb 0
         * into the top limb) keep the value; apply them while they stay tight. */
        for (int k = 0; k < 3; k++) {
            int i = (int)rnd_below(NLIMBS);
            int j = (i + 1) % NLIMBS;
            uint64_t unit = UINT64_C(1) << limb_width(i);
            uint64_t take = (j == 0) ? 19 : 1;
            if ((uint64_t)g.v[i] + unit < tight_bound(i) && g.v[j] >= take) {
                g.v[i] = (limb_t)(g.v[i] + unit);
                g.v[j] = (limb_t)(g.v[j] - take);
            }
        }
        bn F, G;
        ref_of(&F, f.v);
        ref_of(&G, g.v);
        CHECK(bn_cmp(&F, &G) == 0, "noncanonical generator broke the value (case %ld)", it);
        ct_mask m = fe_eq(&f, &g);
        CHECK(ct_to_int(m) == 1, "eq on two representations (case %ld)", it);
        CHECK(ct_to_int(fe_is_negative(&g)) == (int)(F.w[0] & 1), "is_negative noncanonical (case %ld)", it);
        CHECK(ct_to_int(fe_is_zero(&g)) == (bn_cmp(&F, &zero) == 0), "is_zero noncanonical (case %ld)", it);
        uint8_t a[32], b[32];
        fe_tobytes(a, &f);
        fe_tobytes(b, &g);
        CHECK_BYTES(a, b, 32, "tobytes of two representations");
    }
    /* Zero as p: canonical limbs of p are tight. */
    uint8_t sp[32];
    fe z, one;
    bn_to_bytes(sp, 32, &P);
    fe_frombytes(&z, sp);
    CHECK(ct_to_int(fe_is_zero(&z)) == 1, "is_zero(p)");
    CHECK(ct_to_int(fe_is_negative(&z)) == 0, "is_negative(p)");
    fe_0(&one);
    CHECK(ct_to_int(fe_eq(&z, &one)) == 1, "eq(p, 0)");
    fe_1(&one);
    CHECK(ct_to_int(fe_eq(&z, &one)) == 0, "eq(p, 1)");
    fe_copy(&z, &one);
    CHECK(memcmp(z.v, one.v, sizeof z.v) == 0 && ct_to_int(fe_is_negative(&one)) == 1, "copy, 1 odd");
}

/* ---- aliasing ------------------------------------------------------------- */
typedef union {
    fe t;
    fe_loose l;
} fe_both;

static void test_aliasing(void)
{
    for (long it = 0; it < 1000; it++) {
        fe f, g, want, a;
        fe_loose fl, gl, wl;
        gen_tight(&f, (int)(it % 7));
        gen_tight(&g, (int)rnd_below(7));
        gen_loose(&fl, (int)(it % 7));
        gen_loose(&gl, (int)rnd_below(7));

        fe_mul(&want, &f, &g);
        a = f; fe_mul(&a, &a, &g);
        CHECK(memcmp(&a, &want, sizeof a) == 0, "mul h = f (case %ld)", it);
        a = g; fe_mul(&a, &f, &a);
        CHECK(memcmp(&a, &want, sizeof a) == 0, "mul h = g (case %ld)", it);
        fe_sq(&want, &f);
        a = f; fe_mul(&a, &a, &a);
        CHECK(memcmp(&a, &want, sizeof a) == 0, "mul h = f = g (case %ld)", it);
        a = f; fe_sq(&a, &a);
        CHECK(memcmp(&a, &want, sizeof a) == 0, "sq h = f (case %ld)", it);
        fe_sq2(&want, &f);
        a = f; fe_sq2(&a, &a);
        CHECK(memcmp(&a, &want, sizeof a) == 0, "sq2 h = f (case %ld)", it);

        /* tight output over a loose input (union: same layout) */
        fe_both u;
        fe_mul_l(&want, &fl, &g);
        u.l = fl; fe_mul_l(&u.t, &u.l, &g);
        CHECK(memcmp(&u.t, &want, sizeof want) == 0, "mul_l h = f (case %ld)", it);
        fe_mul_ll(&want, &fl, &gl);
        u.l = fl; fe_mul_ll(&u.t, &u.l, &gl);
        CHECK(memcmp(&u.t, &want, sizeof want) == 0, "mul_ll h = f (case %ld)", it);
        fe_sq_l(&want, &fl);
        u.l = fl; fe_sq_l(&u.t, &u.l);
        CHECK(memcmp(&u.t, &want, sizeof want) == 0, "sq_l h = f (case %ld)", it);
        fe_mul_small(&want, &fl, 121666);
        u.l = fl; fe_mul_small(&u.t, &u.l, 121666);
        CHECK(memcmp(&u.t, &want, sizeof want) == 0, "mul_small h = f (case %ld)", it);
        fe_carry(&want, &fl);
        u.l = fl; fe_carry(&u.t, &u.l);
        CHECK(memcmp(&u.t, &want, sizeof want) == 0, "carry h = f (case %ld)", it);

        /* loose output over a tight input */
        fe_add(&wl, &f, &g);
        u.t = f; fe_add(&u.l, &u.t, &g);
        CHECK(memcmp(&u.l, &wl, sizeof wl) == 0, "add h = f (case %ld)", it);
        u.t = g; fe_add(&u.l, &f, &u.t);
        CHECK(memcmp(&u.l, &wl, sizeof wl) == 0, "add h = g (case %ld)", it);
        fe_sub(&wl, &f, &g);
        u.t = f; fe_sub(&u.l, &u.t, &g);
        CHECK(memcmp(&u.l, &wl, sizeof wl) == 0, "sub h = f (case %ld)", it);
        u.t = g; fe_sub(&u.l, &f, &u.t);
        CHECK(memcmp(&u.l, &wl, sizeof wl) == 0, "sub h = g (case %ld)", it);
        fe_neg(&wl, &f);
        u.t = f; fe_neg(&u.l, &u.t);
        CHECK(memcmp(&u.l, &wl, sizeof wl) == 0, "neg h = f (case %ld)", it);
        fe_relax(&wl, &f);
        u.t = f; fe_relax(&u.l, &u.t);
        CHECK(memcmp(&u.l, &wl, sizeof wl) == 0, "relax h = f (case %ld)", it);

        for (int bit = 0; bit < 2; bit++) {
            ct_mask m = ct_from_bit((uint64_t)bit);
            fe_cneg(&want, &f, m);
            a = f; fe_cneg(&a, &a, m);
            CHECK(memcmp(&a, &want, sizeof a) == 0, "cneg h = f (case %ld)", it);
            a = f; fe_cmov(&a, &a, m);
            CHECK(memcmp(&a, &f, sizeof a) == 0, "cmov h = f (case %ld)", it);
            a = f; fe_cswap(&a, &a, m);
            CHECK(memcmp(&a, &f, sizeof a) == 0, "cswap f = g (case %ld)", it);
        }

        if (it % 10 == 0) { /* the fe_common.c functions */
            fe_invert(&want, &f);
            a = f; fe_invert(&a, &a);
            CHECK(memcmp(&a, &want, sizeof a) == 0, "invert h = f (case %ld)", it);
            fe_pow22523(&want, &f);
            a = f; fe_pow22523(&a, &a);
            CHECK(memcmp(&a, &want, sizeof a) == 0, "pow22523 h = f (case %ld)", it);
            fe_sqn(&want, &f, 7);
            a = f; fe_sqn(&a, &a, 7);
            CHECK(memcmp(&a, &want, sizeof a) == 0, "sqn h = f (case %ld)", it);
            fe_abs(&want, &f);
            a = f; fe_abs(&a, &a);
            CHECK(memcmp(&a, &want, sizeof a) == 0, "abs h = f (case %ld)", it);
            fe r, b;
            ct_mask m1 = fe_sqrt_ratio_i(&r, &f, &g);
            a = f;
            ct_mask m2 = fe_sqrt_ratio_i(&a, &a, &g);
            CHECK(memcmp(&a, &r, sizeof a) == 0 && m1.m == m2.m, "sqrt_ratio_i r = u (case %ld)", it);
            b = g;
            m2 = fe_sqrt_ratio_i(&b, &f, &b);
            CHECK(memcmp(&b, &r, sizeof b) == 0 && m1.m == m2.m, "sqrt_ratio_i r = v (case %ld)", it);
        }
    }
}

/* ---- exponentiations -------------------------------------------------------- */
static void bn_small_sub(bn *r, const bn *a, uint64_t k)
{
    bn t;
    bn_from_u64(&t, k);
    bn_sub(r, a, &t);
}

/* r = a >> k */
static void bn_shr(bn *r, const bn *a, int k)
{
    bn t = *a;
    for (; k > 0; k--)
        for (int w = 0; w < BN_WORDS; w++)
            t.w[w] = (t.w[w] >> 1) | (w + 1 < BN_WORDS ? t.w[w + 1] << 31 : 0);
    *r = t;
}

/* r = the non-negative (even) one of ±x, for x < p */
static void bn_abs(bn *r, const bn *x)
{
    if (x->w[0] & 1) {
        bn_sub(r, &P, x);
    } else {
        *r = *x;
    }
}

static void test_pow(void)
{
    bn e_inv, e_22523, e_euler, e_sqrt, sqrtm1, zero, one, two;
    bn_from_u64(&zero, 0);
    bn_from_u64(&one, 1);
    bn_from_u64(&two, 2);
    bn_small_sub(&e_inv, &P, 2);                       /* p - 2 */
    bn_small_sub(&e_22523, &P, 5);
    bn_shr(&e_22523, &e_22523, 3);                     /* (p - 5)/8 */
    bn_small_sub(&e_euler, &P, 1);
    bn_shr(&e_euler, &e_euler, 1);                     /* (p - 1)/2 */
    bn_add(&e_sqrt, &e_22523, &one);                   /* (p + 3)/8 */
    bn_small_sub(&sqrtm1, &P, 1);
    bn_shr(&sqrtm1, &sqrtm1, 2);
    bn_powmod(&sqrtm1, &two, &sqrtm1, &P);             /* 2^((p-1)/4) */

    for (long it = 0; it < N_POW + 2 * N_EDGE; it++) {
        fe f, g, h;
        bn F, G, want;
        if (it < N_EDGE) {
            fe_frombytes(&f, edge[it]);
        } else {
            gen_tight(&f, (int)(it % 7));
        }
        gen_tight(&g, (int)rnd_below(7));
        if (it >= N_EDGE && it < 2 * N_EDGE) fe_frombytes(&g, edge[it - N_EDGE]);
        ref_of(&F, f.v);
        ref_of(&G, g.v);

        fe_invert(&h, &f);
        bn_powmod(&want, &F, &e_inv, &P);
        check_tight(&h, &want, "invert", it);
        fe_invert_fermat(&h, &f);
        check_tight(&h, &want, "invert_fermat", it);

        fe_pow22523(&h, &f);
        bn_powmod(&want, &F, &e_22523, &P);
        check_tight(&h, &want, "pow22523", it);

        int n = 1 + (int)rnd_below(20);
        fe_sqn(&h, &f, n);
        want = F;
        for (int k = 0; k < n; k++) bn_mulmod(&want, &want, &want, &P);
        check_tight(&h, &want, "sqn", it);

        /* |f| */
        fe_abs(&h, &f);
        bn_abs(&want, &F);
        check_tight(&h, &want, "abs", it);

        /* sqrt_ratio_i(u = f, v = g), or u a square times v half of the time */
        fe u = f, v = g;
        if (it % 2 == 0) {
            fe_sq(&u, &f);
            fe_mul(&u, &u, &g); /* u/v = f² when v ≠ 0 */
        }
        if (it % 17 == 3) fe_0(&v);
        if (it % 19 == 4) fe_0(&u);
        bn U, V;
        ref_of(&U, u.v);
        ref_of(&V, v.v);
        int want_sq;
        if (bn_cmp(&V, &zero) == 0) {
            want_sq = bn_cmp(&U, &zero) == 0;
            want = zero;
        } else {
            bn x, leg, r;
            bn_powmod(&x, &V, &e_inv, &P);
            bn_mulmod(&x, &x, &U, &P); /* u/v */
            bn_powmod(&leg, &x, &e_euler, &P);
            want_sq = bn_cmp(&leg, &one) == 0 || bn_cmp(&x, &zero) == 0;
            if (!want_sq) bn_mulmod(&x, &x, &sqrtm1, &P); /* SQRT_M1·u/v is then a square */
            bn_powmod(&r, &x, &e_sqrt, &P);
            bn_mulmod(&leg, &r, &r, &P);
            if (bn_cmp(&leg, &x) != 0) bn_mulmod(&r, &r, &sqrtm1, &P);
            bn_mulmod(&leg, &r, &r, &P);
            CHECK(bn_cmp(&leg, &x) == 0, "reference square root failed (case %ld)", it);
            bn_abs(&want, &r);
        }
        ct_mask m = fe_sqrt_ratio_i(&h, &u, &v);
        CHECK(is_mask(m) && ct_to_int(m) == want_sq, "sqrt_ratio_i was_square (case %ld)", it);
        check_tight(&h, &want, "sqrt_ratio_i r", it);
    }

    /*
     * Many more inputs, checked by the defining properties, which determine
     * the result completely:
     *   invert: f·h = 1, or h = 0 for f = 0;
     *   sqrt_ratio_i, u, v ≠ 0: exactly one of u/v and SQRT_M1·u/v is a square
     *   (SQRT_M1 is not), so "was_square ⇒ v·r² = u", "not ⇒ v·r² = SQRT_M1·u",
     *   with r < p even, fixes both the flag and r; u = 0 gives (1, 0) and
     *   v = 0, u ≠ 0 gives (0, 0).
     */
    for (long it = 0; it < N_PROP; it++) {
        fe f, g, h;
        bn F, G, H, t, want;
        gen_tight(&f, (int)(it % 7));
        gen_tight(&g, (int)rnd_below(7));
        if (it % 2 == 0) { /* half of the ratios are squares */
            fe_sq(&h, &g);
            fe_mul(&f, &f, &h);
            fe_sq(&h, &f);
            fe_mul(&f, &h, &g); /* u = x²·v for some x */
        }
        if (it % 97 == 5) fe_0(&g);
        if (it % 89 == 7) fe_0(&f);
        ref_of(&F, f.v);
        ref_of(&G, g.v);

        fe_invert(&h, &f);
        ref_of(&H, h.v);
        bn_mulmod(&t, &F, &H, &P);
        CHECK(limbs_below(h.v, tight_bound) &&
                  bn_cmp(&t, bn_cmp(&F, &zero) == 0 ? &zero : &one) == 0,
              "f·invert(f) = 1 (case %ld)", it);

        ct_mask m = fe_sqrt_ratio_i(&h, &f, &g);
        ref_of(&H, h.v);
        CHECK(is_mask(m) && limbs_below(h.v, tight_bound) && (H.w[0] & 1) == 0,
              "sqrt_ratio_i: mask, bound, even root (case %ld)", it);
        if (bn_cmp(&F, &zero) == 0) {
            CHECK(ct_to_int(m) == 1 && bn_cmp(&H, &zero) == 0, "sqrt_ratio_i(0, v) (case %ld)", it);
        } else if (bn_cmp(&G, &zero) == 0) {
            CHECK(ct_to_int(m) == 0 && bn_cmp(&H, &zero) == 0, "sqrt_ratio_i(u, 0) (case %ld)", it);
        } else {
            bn_mulmod(&t, &H, &H, &P);
            bn_mulmod(&t, &t, &G, &P); /* v·r² */
            if (ct_to_int(m)) {
                want = F;
            } else {
                bn_mulmod(&want, &F, &sqrtm1, &P);
            }
            CHECK(bn_cmp(&t, &want) == 0, "sqrt_ratio_i: v·r² (case %ld)", it);
            if (it % 2 == 0)
                CHECK(ct_to_int(m) == 1, "sqrt_ratio_i: u = x²·v must be a square (case %ld)", it);
        }

        /* invsqrt_i(v) = sqrt_ratio_i(1, v), v = g (zero, squares and
         * non-squares among them) and v = f; r aliasing v too */
        for (int k = 0; k < 2; k++) {
            fe one_, v = k ? f : g, a, b;
            fe_1(&one_);
            ct_mask m1 = fe_sqrt_ratio_i(&a, &one_, &v);
            ct_mask m2 = fe_invsqrt_i(&b, &v);
            CHECK(m1.m == m2.m && memcmp(&a, &b, sizeof a) == 0,
                  "invsqrt_i(v) = sqrt_ratio_i(1, v) (case %ld, v = %s)", it, k ? "f" : "g");
            m2 = fe_invsqrt_i(&v, &v);
            CHECK(m1.m == m2.m && memcmp(&a, &v, sizeof a) == 0, "invsqrt_i r = v (case %ld)", it);
        }
    }
}

/*
 * fe_invert (the divsteps inversion where it compiles, fe_divsteps.c) against
 * the Fermat power fe_invert_fermat, which test_pow holds to bn_powmod: the
 * edge encodings, then N_INVERT random tight inputs of every shape gen_tight
 * makes, compared as canonical bytes.
 */
#define N_INVERT TEST_RANDOM_CASES(200000)
static void test_invert_two_ways(void)
{
    for (long it = 0; it < N_INVERT + N_EDGE; it++) {
        fe f, a, b;
        uint8_t sa[32], sb[32];
        if (it < N_EDGE) {
            fe_frombytes(&f, edge[it]);
        } else {
            gen_tight(&f, (int)(it % 7));
        }
        fe_invert(&a, &f);
        fe_invert_fermat(&b, &f);
        fe_tobytes(sa, &a);
        fe_tobytes(sb, &b);
        CHECK(memcmp(sa, sb, 32) == 0 && limbs_below(a.v, tight_bound),
              "invert (divsteps) = invert_fermat (case %ld)", it);
    }
    printf("invert: divsteps = Fermat on %ld inputs\n", (long)(N_INVERT + N_EDGE));
}

/* RFC 9496 Appendix A: SQRT_RATIO_M1 vectors. */
static void test_sqrt_vectors(void)
{
    vec_reader r;
    if (vec_open(&r, "ristretto255/sqrt_ratio_m1.txt") != 0) return;
    int n = 0;
    while (vec_next(&r)) {
        uint8_t ub[32], vb[32], rb[32], out[32];
        CHECK(r.nfields == 4, "sqrt_ratio_m1.txt line %lu: 4 fields", r.lineno);
        if (r.nfields != 4) continue;
        CHECK(hex_decode(ub, 32, r.fields[0]) == 32 && hex_decode(vb, 32, r.fields[1]) == 32 &&
                  hex_decode(rb, 32, r.fields[3]) == 32,
              "sqrt_ratio_m1.txt line %lu: hex", r.lineno);
        fe u, v, h;
        fe_frombytes(&u, ub);
        fe_frombytes(&v, vb);
        ct_mask m = fe_sqrt_ratio_i(&h, &u, &v);
        fe_tobytes(out, &h);
        CHECK(ct_to_int(m) == (r.fields[2][0] == '1'), "sqrt_ratio_m1 vector %d: was_square", n);
        CHECK_BYTES(out, rb, 32, "sqrt_ratio_m1 vector: r");
        n++;
    }
    vec_close(&r);
    CHECK(n == 6, "sqrt_ratio_m1.txt: %d vectors, expected 6", n);
}

/* ---- batch inversion ---------------------------------------------------------- */
#define BATCH_MAX 1100

static void test_batch_invert(void)
{
    static fe a[BATCH_MAX], orig[BATCH_MAX];
    static const size_t sizes[] = {0, 1, 2, 3, 31, 32, 33, 64, 100, 1024, 1025, BATCH_MAX};
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        for (int zero_at = -1; zero_at < 2; zero_at++) {
            for (size_t i = 0; i < n; i++) gen_tight(&orig[i], (int)rnd_below(7));
            /* no accidental zero when none is wanted */
            for (size_t i = 0; i < n; i++)
                if (ct_to_int(fe_is_zero(&orig[i]))) fe_1(&orig[i]);
            size_t z = 0;
            if (zero_at >= 0 && n > 0) {
                z = zero_at == 0 ? 0 : (size_t)rnd_below(n);
                fe_0(&orig[z]);
            }
            memcpy(a, orig, n * sizeof a[0]);
            fe_batch_invert(a, n);
            for (size_t i = 0; i < n; i++) {
                fe want;
                bn A, W;
                if (zero_at >= 0) {
                    fe_0(&want);
                } else {
                    fe_invert(&want, &orig[i]);
                }
                ref_of(&A, a[i].v);
                ref_of(&W, want.v);
                CHECK(limbs_below(a[i].v, tight_bound) && bn_cmp(&A, &W) == 0,
                      "batch_invert n=%zu zero=%d i=%zu", n, zero_at, i);
            }
        }
    }
    /* a few against bn directly */
    bn e;
    bn_small_sub(&e, &P, 2);
    for (size_t i = 0; i < 5; i++) gen_tight(&orig[i], (int)i);
    memcpy(a, orig, 5 * sizeof a[0]);
    fe_batch_invert(a, 5);
    for (size_t i = 0; i < 5; i++) {
        bn F, want;
        ref_of(&F, orig[i].v);
        bn_powmod(&want, &F, &e, &P);
        check_tight(&a[i], &want, "batch_invert vs bn", (long)i);
    }
}

/* ---- constants ------------------------------------------------------------------- */
static void bn_from_dec(bn *r, const char *s)
{
    bn ten, d;
    bn_from_u64(&ten, 10);
    bn_from_u64(r, 0);
    for (; *s; s++) {
        bn_mul(r, r, &ten);
        bn_from_u64(&d, (uint64_t)(*s - '0'));
        bn_add(r, r, &d);
    }
}

static void check_const(const fe *c, const bn *want, const char *what)
{
    bn got;
    limbs_value(&got, c->v);
    /* canonical limbs: the integer value itself is the reduced one */
    CHECK(limbs_below(c->v, tight_bound) && bn_cmp(&got, want) == 0, "constant %s", what);
}

static void test_constants(void)
{
    bn zero, one, d, t, u, e_inv, want;
    bn_from_u64(&zero, 0);
    bn_from_u64(&one, 1);
    bn_small_sub(&e_inv, &P, 2);

    /* d = -121665/121666 */
    bn_from_u64(&t, 121666);
    bn_powmod(&t, &t, &e_inv, &P);
    bn_from_u64(&u, 121665);
    bn_submod(&u, &zero, &u, &P);
    bn_mulmod(&d, &u, &t, &P);
    check_const(&fe_const_d, &d, "d");
    bn_addmod(&want, &d, &d, &P);
    check_const(&fe_const_2d, &want, "2d");

    /* sqrt(-1) = 2^((p-1)/4) */
    {
        bn two, e;
        bn_from_u64(&two, 2);
        bn_small_sub(&e, &P, 1);
        bn_shr(&e, &e, 2);
        bn_powmod(&want, &two, &e, &P);
        check_const(&fe_const_sqrtm1, &want, "sqrt(-1)");
        bn_mulmod(&t, &want, &want, &P);
        bn_submod(&u, &zero, &one, &P);
        CHECK(bn_cmp(&t, &u) == 0, "sqrt(-1)^2 = -1");
        bn_from_dec(&u, "19681161376707505956807079304988542015446066515923890162744021073123829784752");
        CHECK(bn_cmp(&want, &u) == 0, "SQRT_M1 as in RFC 9496 §4.1");
    }

    /* sqrt(-486664): squares to -486664 and is even (RFC 9380 D.2: sgn0(c1) = 0) */
    {
        bn c;
        limbs_value(&c, fe_const_sqrtm486664.v);
        bn_mulmod(&t, &c, &c, &P);
        bn_from_u64(&u, 486664);
        bn_submod(&u, &zero, &u, &P);
        CHECK(bn_cmp(&c, &P) < 0 && bn_cmp(&t, &u) == 0 && (c.w[0] & 1) == 0, "constant sqrt(-486664)");
        check_const(&fe_const_sqrtm486664, &c, "sqrt(-486664) limbs");
    }

    /* ristretto255: RFC 9496 §4.1, by definition and by the published decimal value */
    {
        bn c, a_d;
        /* SQRT_AD_MINUS_ONE² = a·d - 1 = -d - 1 */
        bn_from_dec(&c, "25063068953384623474111414158702152701244531502492656460079210482610430750235");
        check_const(&fe_const_sqrt_ad_minus_one, &c, "SQRT_AD_MINUS_ONE");
        bn_mulmod(&t, &c, &c, &P);
        bn_addmod(&u, &d, &one, &P);
        bn_submod(&u, &zero, &u, &P);
        CHECK(bn_cmp(&t, &u) == 0, "SQRT_AD_MINUS_ONE² = ad - 1");
        /* INVSQRT_A_MINUS_D² · (a - d) = 1, a - d = -1 - d */
        bn_from_dec(&c, "54469307008909316920995813868745141605393597292927456921205312896311721017578");
        check_const(&fe_const_invsqrt_a_minus_d, &c, "INVSQRT_A_MINUS_D");
        bn_mulmod(&t, &c, &c, &P);
        bn_addmod(&a_d, &one, &d, &P);
        bn_submod(&a_d, &zero, &a_d, &P);
        bn_mulmod(&t, &t, &a_d, &P);
        CHECK(bn_cmp(&t, &one) == 0, "INVSQRT_A_MINUS_D²·(a - d) = 1");
        /* ONE_MINUS_D_SQ = 1 - d² */
        bn_mulmod(&t, &d, &d, &P);
        bn_submod(&want, &one, &t, &P);
        check_const(&fe_const_one_minus_d_sq, &want, "ONE_MINUS_D_SQ = 1 - d²");
        bn_from_dec(&c, "1159843021668779879193775521855586647937357759715417654439879720876111806838");
        CHECK(bn_cmp(&c, &want) == 0, "ONE_MINUS_D_SQ as in RFC 9496");
        /* D_MINUS_ONE_SQ = (d - 1)² */
        bn_submod(&t, &d, &one, &P);
        bn_mulmod(&want, &t, &t, &P);
        check_const(&fe_const_d_minus_one_sq, &want, "D_MINUS_ONE_SQ = (d - 1)²");
        bn_from_dec(&c, "40440834346308536858101042469323190826248399146238708352240133220865137265952");
        CHECK(bn_cmp(&c, &want) == 0, "D_MINUS_ONE_SQ as in RFC 9496");
    }
}

/* ---- fe51 and fe2625 agree -------------------------------------------------------- */
#ifdef VEC25519_HAVE_FE51 /* fe51 exists wherever unsigned __int128 does */
#define AGREE(what, expr51, expr2625)                     \
    do {                                                  \
        fe51 r51_;                                        \
        fe2625 r25_;                                      \
        expr51;                                           \
        expr2625;                                         \
        fe51_tobytes(o51, &r51_);                         \
        fe2625_tobytes(o25, &r25_);                       \
        CHECK_BYTES(o51, o25, 32, "fe51 vs fe2625: " what); \
    } while (0)

static void test_backends_agree(void)
{
    for (long it = 0; it < N_RANDOM; it++) {
        uint8_t sa[32], sb[32], o51[32], o25[32];
        if (it < N_EDGE * N_EDGE) {
            memcpy(sa, edge[it / N_EDGE], 32);
            memcpy(sb, edge[it % N_EDGE], 32);
        } else {
            test_rng_bytes(sa, 32);
            test_rng_bytes(sb, 32);
        }
        uint32_t c = (uint32_t)rnd_below(UINT64_C(1) << 20);
        fe51 a51, b51;
        fe2625 a25, b25;
        fe51_loose l51, k51;
        fe2625_loose l25, k25;
        fe51_frombytes(&a51, sa);
        fe51_frombytes(&b51, sb);
        fe2625_frombytes(&a25, sa);
        fe2625_frombytes(&b25, sb);
        fe51_sub(&l51, &a51, &b51);
        fe2625_sub(&l25, &a25, &b25);
        fe51_add(&k51, &a51, &b51);
        fe2625_add(&k25, &a25, &b25);

        AGREE("frombytes", r51_ = a51, r25_ = a25);
        AGREE("add", fe51_carry(&r51_, &k51), fe2625_carry(&r25_, &k25));
        AGREE("sub", fe51_carry(&r51_, &l51), fe2625_carry(&r25_, &l25));
        AGREE("neg", (fe51_neg(&l51, &a51), fe51_carry(&r51_, &l51)),
              (fe2625_neg(&l25, &a25), fe2625_carry(&r25_, &l25)));
        fe51_sub(&l51, &a51, &b51);
        fe2625_sub(&l25, &a25, &b25);
        AGREE("mul", fe51_mul(&r51_, &a51, &b51), fe2625_mul(&r25_, &a25, &b25));
        AGREE("mul_l", fe51_mul_l(&r51_, &l51, &b51), fe2625_mul_l(&r25_, &l25, &b25));
        AGREE("mul_ll", fe51_mul_ll(&r51_, &l51, &k51), fe2625_mul_ll(&r25_, &l25, &k25));
        AGREE("sq", fe51_sq(&r51_, &a51), fe2625_sq(&r25_, &a25));
        AGREE("sq_l", fe51_sq_l(&r51_, &l51), fe2625_sq_l(&r25_, &l25));
        AGREE("sq2", fe51_sq2(&r51_, &a51), fe2625_sq2(&r25_, &a25));
        AGREE("mul_small", fe51_mul_small(&r51_, &l51, c), fe2625_mul_small(&r25_, &l25, c));
        AGREE("0", fe51_0(&r51_), fe2625_0(&r25_));
        AGREE("1", fe51_1(&r51_), fe2625_1(&r25_));
        AGREE("copy", fe51_copy(&r51_, &a51), fe2625_copy(&r25_, &a25));
        AGREE("relax", (fe51_relax(&l51, &a51), fe51_carry(&r51_, &l51)),
              (fe2625_relax(&l25, &a25), fe2625_carry(&r25_, &l25)));
        for (int bit = 0; bit < 2; bit++) {
            ct_mask m = ct_from_bit((uint64_t)bit);
            AGREE("cmov", (r51_ = a51, fe51_cmov(&r51_, &b51, m)),
                  (r25_ = a25, fe2625_cmov(&r25_, &b25, m)));
            AGREE("cneg", fe51_cneg(&r51_, &a51, m), fe2625_cneg(&r25_, &a25, m));
            fe51 x51 = a51, y51 = b51;
            fe2625 x25 = a25, y25 = b25;
            fe51_cswap(&x51, &y51, m);
            fe2625_cswap(&x25, &y25, m);
            AGREE("cswap f", r51_ = x51, r25_ = x25);
            AGREE("cswap g", r51_ = y51, r25_ = y25);
        }
        CHECK(fe51_is_negative(&a51).m == fe2625_is_negative(&a25).m, "fe51 vs fe2625: is_negative");
        {
            fe51 z51;
            fe2625 z25;
            fe51_carry(&z51, &l51);
            fe2625_carry(&z25, &l25);
            CHECK(fe51_is_zero(&z51).m == fe2625_is_zero(&z25).m, "fe51 vs fe2625: is_zero");
        }
        CHECK(fe51_eq(&a51, &b51).m == fe2625_eq(&a25, &b25).m, "fe51 vs fe2625: eq");
    }
}
#else
static void test_backends_agree(void)
{
    printf("fe51 unavailable on this target (no unsigned __int128): agreement test skipped\n");
}
#endif

int main(void)
{
    bn_p25519(&P);
    edges_init();
    printf("test_field (%s)\n", FE_BACKEND_NAME);
    test_bytes();
    test_edges();
    test_random_ops();
    test_noncanonical();
    test_aliasing();
    test_pow();
    test_invert_two_ways();
    test_sqrt_vectors();
    test_batch_invert();
    test_constants();
    test_backends_agree();
    return test_done();
}
