/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Scalars mod ℓ (src/scalar/sc.h) against the bignum reference
 * (tests/support/bn.h), which shares no code with the library.
 *
 * Every function on ≥ 10,000 random inputs drawn from four classes (reduced,
 * any 256-bit, below 2^253, and edge values: 0, 1, ℓ-1, ℓ, ℓ+1, 2^252,
 * 2^253-1, 2^255±1, 2^256-1, k·ℓ + {-1, 0, 1}, ...), plus fixed edge cases;
 * aliasing of every output with every input; the recodings rebuilt into the
 * scalar with bn, with their digit ranges and the wNAF sparsity property.
 */
#include <string.h>

#include "bn.h"
#include "scalar/sc.h"
#include "test.h"

#define ITER TEST_RANDOM_CASES(10000)

static bn ELL;

static void to_bn(bn *r, const uint8_t *s, size_t n) { bn_from_bytes(r, s, n); }

/* 32 bytes of r (r < 2^256). */
static void from_bn(uint8_t s[32], const bn *r) { bn_to_bytes(s, 32, r); }

/* The edge values below 2^256. */
#define MAX_EDGES 64
static uint8_t edges[MAX_EDGES][32];
static int nedges;

static void add_edge_bn(const bn *x)
{
    bn top;
    memset(&top, 0, sizeof top);
    top.w[8] = 1; /* 2^256 */
    if (bn_cmp(x, &top) >= 0 || nedges == MAX_EDGES) return;
    from_bn(edges[nedges++], x);
}

/* 2^k + d for small signed d. */
static void pow2_plus(bn *r, int k, int d)
{
    memset(r, 0, sizeof *r);
    r->w[k / 32] = (uint32_t)1 << (k % 32);
    bn s;
    bn_from_u64(&s, (uint64_t)(d < 0 ? -d : d));
    if (d < 0) bn_sub(r, r, &s);
    else bn_add(r, r, &s);
}

static void make_edges(void)
{
    bn x, one, k;
    bn_from_u64(&one, 1);
    bn_from_u64(&x, 0);
    add_edge_bn(&x);
    add_edge_bn(&one);
    bn_from_u64(&x, 2);
    add_edge_bn(&x);
    /* k·ℓ - 1, k·ℓ, k·ℓ + 1 for k = 1..15 (15ℓ < 2^256 < 16ℓ) */
    for (uint64_t m = 1; m <= 15; m++) {
        bn_from_u64(&k, m);
        bn_mul(&x, &ELL, &k);
        bn sm;
        bn_sub(&sm, &x, &one);
        add_edge_bn(&sm);
        add_edge_bn(&x);
        bn_add(&sm, &x, &one);
        add_edge_bn(&sm);
    }
    pow2_plus(&x, 252, -1); add_edge_bn(&x);
    pow2_plus(&x, 252, 0);  add_edge_bn(&x);
    pow2_plus(&x, 252, 1);  add_edge_bn(&x);
    pow2_plus(&x, 253, -1); add_edge_bn(&x);
    pow2_plus(&x, 253, 0);  add_edge_bn(&x);
    pow2_plus(&x, 254, 0);  add_edge_bn(&x);
    pow2_plus(&x, 255, -1); add_edge_bn(&x);
    pow2_plus(&x, 255, 0);  add_edge_bn(&x);
    pow2_plus(&x, 255, 1);  add_edge_bn(&x);
    pow2_plus(&x, 255, 19); add_edge_bn(&x);
    pow2_plus(&x, 256, -1); add_edge_bn(&x);
    pow2_plus(&x, 128, 0);  add_edge_bn(&x);
    pow2_plus(&x, 64, -1);  add_edge_bn(&x);
}

/* A test scalar: class chosen from the low bits of i so that all mix. */
static void pick(uint8_t s[32], unsigned long i, int salt)
{
    bn x;
    switch ((i * 3 + (unsigned long)salt) % 5) {
    case 0: /* reduced */
    case 1:
        test_rng_bytes(s, 32);
        to_bn(&x, s, 32);
        bn_mod(&x, &x, &ELL);
        from_bn(s, &x);
        break;
    case 2: /* any 256-bit */
        test_rng_bytes(s, 32);
        break;
    case 3: /* below 2^253 (the range of a sum of two reduced scalars) */
        test_rng_bytes(s, 32);
        s[31] &= 0x1f;
        break;
    default:
        memcpy(s, edges[test_rng_below((uint64_t)nedges)], 32);
        break;
    }
}

/* r = s mod ℓ, as bytes. */
static void ref_mod(uint8_t r[32], const uint8_t *s, size_t n)
{
    bn x;
    to_bn(&x, s, n);
    bn_mod(&x, &x, &ELL);
    from_bn(r, &x);
}

/* ---- reductions, predicates --------------------------------------------- */

static void test_reduce64(void)
{
    uint8_t in[64], out[32], want[32];
    bn x, k, d;

    for (unsigned long i = 0; i < ITER; i++) {
        switch (i % 4) {
        case 0:
        case 1:
            test_rng_bytes(in, 64);
            break;
        case 2: /* k·ℓ + d, k random below 2^259, d ∈ [-2, 2] */
            test_rng_bytes(in, 64);
            memset(in + 33, 0, 31);
            in[32] &= 7;
            to_bn(&k, in, 33);
            bn_mul(&x, &k, &ELL);
            bn_from_u64(&d, test_rng_below(3));
            if (test_rng_below(2)) bn_add(&x, &x, &d);
            else if (bn_cmp(&x, &d) >= 0) bn_sub(&x, &x, &d);
            bn_to_bytes(in, 64, &x);
            break;
        default: /* short values and runs of ones */
            memset(in, 0, 64);
            test_rng_bytes(in, (size_t)test_rng_below(65));
            if (test_rng_below(2)) memset(in, 0xff, (size_t)test_rng_below(65));
            break;
        }
        ref_mod(want, in, 64);
        sc_reduce64(out, in);
        CHECK_BYTES(out, want, 32, "sc_reduce64 random");
    }

    /* edges: 0, 1, ℓ-1, ℓ, ℓ+1, 2^512-1, 2^511, 2^256-1, ℓ^2, (ℓ-1)^2, edges·edges */
    memset(in, 0, 64);
    sc_reduce64(out, in);
    CHECK_BYTES(out, in, 32, "sc_reduce64(0)");
    memset(in, 0xff, 64);
    ref_mod(want, in, 64);
    sc_reduce64(out, in);
    CHECK_BYTES(out, want, 32, "sc_reduce64(2^512-1)");
    memset(in, 0, 64);
    in[63] = 0x80;
    ref_mod(want, in, 64);
    sc_reduce64(out, in);
    CHECK_BYTES(out, want, 32, "sc_reduce64(2^511)");
    for (int a = 0; a < nedges; a++) {
        memset(in, 0, 64);
        memcpy(in, edges[a], 32);
        ref_mod(want, in, 64);
        sc_reduce64(out, in);
        CHECK_BYTES(out, want, 32, "sc_reduce64(edge)");
        for (int b = 0; b < nedges; b++) {
            bn xa, xb;
            to_bn(&xa, edges[a], 32);
            to_bn(&xb, edges[b], 32);
            bn_mul(&x, &xa, &xb);
            bn_to_bytes(in, 64, &x);
            ref_mod(want, in, 64);
            sc_reduce64(out, in);
            CHECK_BYTES(out, want, 32, "sc_reduce64(edge·edge)");
            /* the high half alone: edge·2^256 */
            memset(in, 0, 32);
            memcpy(in + 32, edges[b], 32);
            ref_mod(want, in, 64);
            sc_reduce64(out, in);
            CHECK_BYTES(out, want, 32, "sc_reduce64(edge·2^256)");
        }
    }

    /* aliasing: out = in */
    test_rng_bytes(in, 64);
    ref_mod(want, in, 64);
    sc_reduce64(in, in);
    CHECK_BYTES(in, want, 32, "sc_reduce64 aliased");
}

static void test_reduce32(void)
{
    uint8_t in[32], out[32], want[32];
    for (unsigned long i = 0; i < ITER; i++) {
        pick(in, i, 0);
        ref_mod(want, in, 32);
        sc_reduce32(out, in);
        CHECK_BYTES(out, want, 32, "sc_reduce32 random");
    }
    for (int a = 0; a < nedges; a++) {
        ref_mod(want, edges[a], 32);
        sc_reduce32(out, edges[a]);
        CHECK_BYTES(out, want, 32, "sc_reduce32(edge)");
        memcpy(out, edges[a], 32);
        sc_reduce32(out, out);
        CHECK_BYTES(out, want, 32, "sc_reduce32 aliased");
    }
}

static void test_predicates(void)
{
    uint8_t s[32];
    bn x, r;

    for (unsigned long i = 0; i < ITER; i++) {
        pick(s, i, 1);
        if (i % 7 == 0) { /* 2^255 + small, ℓ + small and friends */
            memset(s, 0, 32);
            s[0] = (uint8_t)test_rng_u64();
            if (i % 2) {
                s[31] = 0x80;
            } else {
                memcpy(s, sc_ell, 32);
                s[0] = (uint8_t)(s[0] + (i % 5));
            }
        }
        to_bn(&x, s, 32);
        int canon = bn_cmp(&x, &ELL) < 0;
        CHECK(ct_to_int(sc_is_canonical(s)) == canon, "sc_is_canonical random (i=%lu)", i);
        bn_mod(&r, &x, &ELL);
        bn zero;
        bn_from_u64(&zero, 0);
        int z = bn_cmp(&r, &zero) == 0;
        CHECK(ct_to_int(sc_is_zero(s)) == z, "sc_is_zero random (i=%lu)", i);
    }
    /* explicit edges */
    bn one, t;
    bn_from_u64(&one, 1);
    bn_sub(&t, &ELL, &one);
    from_bn(s, &t);
    CHECK(ct_to_int(sc_is_canonical(s)) == 1, "ℓ-1 is canonical");
    CHECK(ct_to_int(sc_is_zero(s)) == 0, "ℓ-1 is not zero");
    CHECK(ct_to_int(sc_is_canonical(sc_ell)) == 0, "ℓ is not canonical");
    CHECK(ct_to_int(sc_is_zero(sc_ell)) == 1, "ℓ ≡ 0");
    bn_add(&t, &ELL, &one);
    from_bn(s, &t);
    CHECK(ct_to_int(sc_is_canonical(s)) == 0, "ℓ+1 is not canonical");
    for (int k = 0; k < 40; k++) {
        pow2_plus(&t, 255, k);
        from_bn(s, &t);
        CHECK(ct_to_int(sc_is_canonical(s)) == 0, "2^255+%d is not canonical", k);
    }
    memset(s, 0, 32);
    CHECK(ct_to_int(sc_is_canonical(s)) == 1, "0 is canonical");
    CHECK(ct_to_int(sc_is_zero(s)) == 1, "0 is zero");
    s[0] = 1;
    CHECK(ct_to_int(sc_is_zero(s)) == 0, "1 is not zero");
    memset(s, 0xff, 32);
    CHECK(ct_to_int(sc_is_canonical(s)) == 0, "2^256-1 is not canonical");
    /* every multiple of ℓ below 2^256 is zero */
    for (uint64_t m = 0; m <= 15; m++) {
        bn_from_u64(&t, m);
        bn_mul(&t, &t, &ELL);
        from_bn(s, &t);
        CHECK(ct_to_int(sc_is_zero(s)) == 1, "%d·ℓ ≡ 0", (int)m);
    }
    from_bn(s, &ELL);
    CHECK_BYTES(sc_ell, s, 32, "sc_ell = ℓ");
}

/* ---- ring operations -------------------------------------------------------- */

/* op(out, a, b) == want, and in place on either side (3 checks). */
static void check_binop(void (*op)(uint8_t *, const uint8_t *, const uint8_t *), const uint8_t a[32],
                        const uint8_t b[32], const uint8_t want[32], const char *name)
{
    uint8_t out[32], t[32];
    char what[48];
    op(out, a, b);
    CHECK_BYTES(out, want, 32, name);
    memcpy(t, a, 32);
    op(t, t, b);
    snprintf(what, sizeof what, "%s out=a", name);
    CHECK_BYTES(t, want, 32, what);
    memcpy(t, b, 32);
    op(t, a, t);
    snprintf(what, sizeof what, "%s out=b", name);
    CHECK_BYTES(t, want, 32, what);
}

/* op(t, t, t) with t = a, all operands the same: want. */
static void check_same_op(void (*op)(uint8_t *, const uint8_t *, const uint8_t *),
                          const uint8_t a[32], const uint8_t want[32], const char *name)
{
    uint8_t t[32];
    memcpy(t, a, 32);
    op(t, t, t);
    CHECK_BYTES(t, want, 32, name);
}

/*
 * sc_half(a) for a reduced a: it must be the one h < ℓ with h + h ≡ a
 * (2 is invertible mod ℓ, so this pins h down), also when out aliases a.
 */
static void check_half(const uint8_t a[32], const char *name)
{
    uint8_t h[32], twice[32], t[32];
    bn x;

    sc_half(h, a);
    to_bn(&x, h, 32);
    CHECK(bn_cmp(&x, &ELL) < 0, "%s: reduced", name);
    bn_addmod(&x, &x, &x, &ELL);
    from_bn(twice, &x);
    CHECK_BYTES(twice, a, 32, name);
    memcpy(t, a, 32);
    sc_half(t, t);
    CHECK_BYTES(t, h, 32, name);
}

static void test_ring(void)
{
    uint8_t a[32], b[32], c[32], out[32], want[32], t[32];
    bn xa, xb, xc, ra, rb, rc, x;

    for (unsigned long i = 0; i < ITER; i++) {
        pick(a, i, 0);
        pick(b, i, 2);
        pick(c, i, 4);
        to_bn(&xa, a, 32);
        to_bn(&xb, b, 32);
        to_bn(&xc, c, 32);
        bn_mod(&ra, &xa, &ELL);
        bn_mod(&rb, &xb, &ELL);
        bn_mod(&rc, &xc, &ELL);

        /* a + b: from the reduced residues, one conditional subtraction */
        bn_add(&x, &ra, &rb);
        if (bn_cmp(&x, &ELL) >= 0) bn_sub(&x, &x, &ELL);
        from_bn(want, &x);
        check_binop(sc_add, a, b, want, "sc_add");

        /* a - b */
        x = ra;
        if (bn_cmp(&x, &rb) < 0) bn_add(&x, &x, &ELL);
        bn_sub(&x, &x, &rb);
        from_bn(want, &x);
        check_binop(sc_sub, a, b, want, "sc_sub");

        /* -a */
        bn_from_u64(&x, 0);
        if (bn_cmp(&ra, &x) != 0) bn_sub(&x, &ELL, &ra);
        from_bn(want, &x);
        sc_neg(out, a);
        CHECK_BYTES(out, want, 32, "sc_neg");
        memcpy(t, a, 32);
        sc_neg(t, t);
        CHECK_BYTES(t, want, 32, "sc_neg aliased");

        /* a/2, for the reduced a */
        from_bn(t, &ra);
        check_half(t, "sc_half");

        /* a·b, from the raw inputs (the product of two 256-bit values) */
        bn_mul(&x, &xa, &xb);
        bn_mod(&x, &x, &ELL);
        from_bn(want, &x);
        check_binop(sc_mul, a, b, want, "sc_mul");

        /* a·b + c */
        bn_mul(&x, &xa, &xb);
        bn_add(&x, &x, &xc);
        bn_mod(&x, &x, &ELL);
        from_bn(want, &x);
        sc_muladd(out, a, b, c);
        CHECK_BYTES(out, want, 32, "sc_muladd");
        if (i % 4 == 0) {
            memcpy(t, a, 32);
            sc_muladd(t, t, b, c);
            CHECK_BYTES(t, want, 32, "sc_muladd out=a");
        } else if (i % 4 == 1) {
            memcpy(t, b, 32);
            sc_muladd(t, a, t, c);
            CHECK_BYTES(t, want, 32, "sc_muladd out=b");
        } else if (i % 4 == 2) {
            memcpy(t, c, 32);
            sc_muladd(t, a, b, t);
            CHECK_BYTES(t, want, 32, "sc_muladd out=c");
        } else { /* out = a = b = c: a^2 + a */
            bn_mul(&x, &xa, &xa);
            bn_add(&x, &x, &xa);
            bn_mod(&x, &x, &ELL);
            from_bn(want, &x);
            memcpy(t, a, 32);
            sc_muladd(t, t, t, t);
            CHECK_BYTES(t, want, 32, "sc_muladd out=a=b=c");
        }

        /* all operands the same: a + a, a - a, a·a */
        bn_add(&x, &ra, &ra);
        bn_mod(&x, &x, &ELL);
        from_bn(want, &x);
        check_same_op(sc_add, a, want, "sc_add out=a=b");
        memset(want, 0, 32);
        check_same_op(sc_sub, a, want, "sc_sub out=a=b");
        bn_mul(&x, &xa, &xa);
        bn_mod(&x, &x, &ELL);
        from_bn(want, &x);
        check_same_op(sc_mul, a, want, "sc_mul out=a=b");
    }

    /* every pair of edges, for the binary operations */
    for (int i = 0; i < nedges; i++) {
        for (int j = 0; j < nedges; j++) {
            to_bn(&xa, edges[i], 32);
            to_bn(&xb, edges[j], 32);
            bn_mul(&x, &xa, &xb);
            bn_add(&x, &x, &xa);
            bn_mod(&x, &x, &ELL);
            from_bn(want, &x);
            sc_muladd(out, edges[i], edges[j], edges[i]);
            CHECK_BYTES(out, want, 32, "sc_muladd(edges)");
            bn_addmod(&x, &xa, &xb, &ELL);
            from_bn(want, &x);
            sc_add(out, edges[i], edges[j]);
            CHECK_BYTES(out, want, 32, "sc_add(edges)");
            bn_submod(&x, &xa, &xb, &ELL);
            from_bn(want, &x);
            sc_sub(out, edges[i], edges[j]);
            CHECK_BYTES(out, want, 32, "sc_sub(edges)");
        }
        /* the half of every reduced edge: 0, 1, ℓ - 1 among them */
        sc_reduce32(t, edges[i]);
        check_half(t, "sc_half(edges)");
    }
}

/*
 * Inversion. a·(1/a) ≡ 1 is checked with the reference multiplication on
 * every input (this determines the inverse uniquely); the reference
 * exponentiation a^(ℓ-2) is too slow for 10,000 inputs and is run on a subset.
 */
static void test_invert(void)
{
    uint8_t a[32], out[32], want[32];
    bn x, y, one, zero, e, two;
    bn_from_u64(&one, 1);
    bn_from_u64(&zero, 0);
    bn_from_u64(&two, 2);
    bn_sub(&e, &ELL, &two);

    for (unsigned long i = 0; i < ITER; i++) {
        pick(a, i, 3);
        to_bn(&x, a, 32);
        bn_mod(&x, &x, &ELL);
        sc_invert(out, a);
        to_bn(&y, out, 32);
        CHECK(bn_cmp(&y, &ELL) < 0, "sc_invert output reduced");
        bn_mulmod(&y, &x, &y, &ELL);
        if (bn_cmp(&x, &zero) == 0) CHECK(bn_cmp(&y, &zero) == 0, "sc_invert(0·) = 0");
        else CHECK(bn_cmp(&y, &one) == 0, "a·sc_invert(a) = 1 (i=%lu)", i);
        if (i % 200 == 0) {
            bn_powmod(&y, &x, &e, &ELL);
            from_bn(want, &y);
            CHECK_BYTES(out, want, 32, "sc_invert vs a^(ℓ-2)");
        }
    }
    memset(a, 0, 32);
    sc_invert(out, a);
    CHECK_BYTES(out, a, 32, "sc_invert(0) = 0");
    sc_invert(out, sc_ell);
    CHECK_BYTES(out, a, 32, "sc_invert(ℓ) = 0");
    a[0] = 1;
    sc_invert(out, a);
    CHECK_BYTES(out, a, 32, "sc_invert(1) = 1");
    bn_sub(&x, &ELL, &one);
    from_bn(a, &x);
    sc_invert(out, a);
    CHECK_BYTES(out, a, 32, "sc_invert(-1) = -1");
    /* aliasing, and 1/(1/a) = a */
    test_rng_bytes(a, 32);
    a[31] &= 0x0f;
    memcpy(want, a, 32);
    sc_invert(a, a);
    sc_invert(a, a);
    CHECK_BYTES(a, want, 32, "sc_invert twice, aliased");
}

static void test_clamp(void)
{
    uint8_t in[32], out[32];
    for (unsigned long i = 0; i < ITER; i++) {
        test_rng_bytes(in, 32);
        if (i == 0) memset(in, 0, 32);
        if (i == 1) memset(in, 0xff, 32);
        sc_clamp(out, in);
        int ok = 1;
        for (int bit = 0; bit < 256; bit++) {
            int got = (out[bit / 8] >> (bit % 8)) & 1;
            int orig = (in[bit / 8] >> (bit % 8)) & 1;
            int want = bit < 3 ? 0 : bit == 255 ? 0 : bit == 254 ? 1 : orig;
            ok &= got == want;
        }
        CHECK(ok, "sc_clamp bits (i=%lu)", i);
        sc_clamp(in, in);
        CHECK_BYTES(in, out, 32, "sc_clamp aliased");
    }
}

/* ---- recodings -------------------------------------------------------------- */

/* Σ d[i]·2^(shift·i) == s? Positive and negative digits are summed apart. */
static int rebuild_ok(const int8_t *d, int n, int shift, const uint8_t s[32])
{
    bn pos, neg, x, t, v;
    bn_from_u64(&pos, 0);
    bn_from_u64(&neg, 0);
    for (int i = 0; i < n; i++) {
        if (d[i] == 0) continue;
        memset(&t, 0, sizeof t);
        int bit = shift * i;
        t.w[bit / 32] = (uint32_t)1 << (bit % 32);
        bn_from_u64(&v, (uint64_t)(d[i] < 0 ? -d[i] : d[i]));
        bn_mul(&t, &t, &v);
        if (d[i] > 0) bn_add(&pos, &pos, &t);
        else bn_add(&neg, &neg, &t);
    }
    to_bn(&x, s, 32);
    bn_add(&x, &x, &neg);
    return bn_cmp(&x, &pos) == 0;
}

static void check_radix16(const uint8_t s[32], const char *what)
{
    int8_t e[64];
    sc_recode_radix16(e, s);
    int range = 1;
    for (int i = 0; i < 63; i++) range &= e[i] >= -8 && e[i] < 8;
    range &= e[63] >= -8 && e[63] <= 8;
    CHECK(range, "radix16 digit range (%s)", what);
    CHECK(rebuild_ok(e, 64, 4, s), "radix16 rebuilds s (%s)", what);
}

static void check_wnaf(const uint8_t s[32], int w, const char *what)
{
    int8_t naf[257];
    sc_recode_wnaf_vartime(naf, s, w);
    int odd = 1, range = 1, sparse = 1;
    for (int i = 0; i < 257; i++) {
        if (naf[i] == 0) continue;
        odd &= (naf[i] & 1) != 0;
        range &= naf[i] > -(1 << (w - 1)) && naf[i] < (1 << (w - 1));
        for (int j = i + 1; j < i + w && j < 257; j++) sparse &= naf[j] == 0;
    }
    CHECK(odd, "wNAF digits odd (w=%d, %s)", w, what);
    CHECK(range, "wNAF digit range (w=%d, %s)", w, what);
    CHECK(sparse, "wNAF sparsity (w=%d, %s)", w, what);
    CHECK(rebuild_ok(naf, 257, 1, s), "wNAF rebuilds s (w=%d, %s)", w, what);
}

static void test_recode(void)
{
    uint8_t s[32];

    for (unsigned long i = 0; i < ITER; i++) {
        test_rng_bytes(s, 32);
        if (i % 2 == 0) {
            sc_clamp(s, s);
            check_radix16(s, "clamped");
        } else {
            ref_mod(s, s, 32);
            check_radix16(s, "reduced");
        }
    }
    memset(s, 0xff, 32);
    s[31] = 0x7f; /* 2^255 - 1 */
    check_radix16(s, "2^255-1");
    memset(s, 0x88, 32);
    s[31] = 0x78; /* every nibble 8: the carry runs all the way up */
    check_radix16(s, "0x88..");
    for (int a = 0; a < nedges; a++)
        if (edges[a][31] <= 127) check_radix16(edges[a], "edge");

    for (unsigned long i = 0; i < ITER; i++) {
        int w = 2 + (int)(i % 7);
        pick(s, i, 0);
        check_wnaf(s, w, "random");
    }
    for (int w = 2; w <= 8; w++) {
        for (int a = 0; a < nedges; a++) check_wnaf(edges[a], w, "edge");
        memset(s, 0xff, 32);
        check_wnaf(s, w, "2^256-1");
        memset(s, 0x55, 32);
        check_wnaf(s, w, "0x55..");
    }
}

int main(void)
{
    bn_ell(&ELL);
    make_edges();
    test_reduce64();
    test_reduce32();
    test_predicates();
    test_ring();
    test_invert();
    test_clamp();
    test_recode();
    return test_done();
}
