/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The vector point tests, written once against the vector-point interface
 * (src/backend/vector/vpoint.h) and compiled per ISA, as the vector
 * algorithms are: tests/avx2/test_avx2.c and tests/ifma/test_ifma.c define
 * VEC25519_VECTOR_AVX2 or _IFMA, their lane helpers, and #include this file.
 *
 * Every point operation against the serial group (ge_ext_add, ge_ext_sub,
 * ge_ext_dbl of src/backend/serial/ge.c), compared through encodings
 * (ge_ext_tobytes), on random points, the identity and points of order 2 and
 * 4, and along long chains of vector operations (the bounds must hold step
 * after step); the optional vpt_cached_select and vpt_dbl_n where the ISA
 * has them.
 *
 * The including file provides, before the #include:
 *   lanes_t, lanes_get(l, const vfe *)   the limbs of the four lanes
 *   within(l, b), within_2p(l), canon(s, l)
 *   VPT_B_POINT                          the bound of every point output
 *   N_POINT                              iterations of test_points
 */
#include "backend/vector/vpoint.h"

static void enc_serial(uint8_t s[32], const ge_ext *p)
{
    ge_ext_tobytes(s, p);
}

static void enc_vec(uint8_t s[32], const vpt_ext *p)
{
    ge_ext q;
    vpt_to_ge(&q, p);
    ge_ext_tobytes(s, &q);
}

/* Checks that p encodes as want (the serial reference's encoding). */
static int check_vec(const vpt_ext *p, const uint8_t want[32], const char *what)
{
    uint8_t got[32];
    enc_vec(got, p);
    return CHECK_BYTES(got, want, 32, what);
}

/* Every lane of the point within VPT_B_POINT. */
static int point_ok(const vpt_ext *p)
{
    lanes_t l;
    lanes_get(l, &p->xyzt);
    for (int k = 0; k < 4; k++)
        if (!within(l[k], VPT_B_POINT)) return 0;
    return 1;
}

static int cached_ok(const vpt_cached *c)
{
    lanes_t l;
    lanes_get(l, &c->c);
    for (int k = 0; k < 4; k++)
        if (!within_2p(l[k])) return 0;
    return 1;
}

#define POOL 64
static ge_ext pool[POOL];

/* Random points: multiples of B, the identity, points of order 2 and 4, and sums with them. */
static void make_pool(void)
{
    uint8_t s[32];
    ge_ext t2, t4;
    for (int i = 0; i < POOL; i++) {
        test_rng_bytes(s, 32);
        s[31] &= 127;
        ge_scalarmult_base(&pool[i], s);
    }
    /* (0, -1): order 2; (sqrt(-1), 0): order 4 (-x² = 1 on the curve with y = 0) */
    ge_ext_0(&t2);
    {
        fe one;
        fe_loose m;
        fe_1(&one);
        fe_neg(&m, &one);
        fe_carry(&t2.Y, &m);
    }
    ge_ext_0(&t4);
    t4.X = fe_const_sqrtm1;
    fe_0(&t4.Y);
    ge_ext_0(&pool[0]);
    pool[1] = t2;
    pool[2] = t4;
    ge_ext_add(&pool[3], &pool[10], &t2);
    ge_ext_add(&pool[4], &pool[11], &t4);
}

/* The next random point: a pool point plus a random walk step (so Z ≠ 1 and varies). */
static void next_point(ge_ext *p)
{
    const ge_ext *a = &pool[test_rng_below(POOL)];
    const ge_ext *b = &pool[test_rng_below(POOL)];
    if (test_rng_below(4) == 0)
        *p = *a;
    else
        ge_ext_add(p, a, b);
}

static void test_points(void)
{
    uint8_t want[32];
    for (int n = 0; n < N_POINT; n++) {
        ge_ext p, q, ref;
        vpt_ext vp, vq, vr;
        vpt_cached cq, cn;
        next_point(&p);
        next_point(&q);
        vpt_from_ge(&vp, &p);
        vpt_from_ge(&vq, &q);

        /* conversions */
        enc_serial(want, &p);
        check_vec(&vp, want, "to_vector / to_ext round trip");
        CHECK(point_ok(&vp), "to_vector: bound");

        /* addition, and in place on either side */
        ge_ext_add(&ref, &p, &q);
        enc_serial(want, &ref);
        vpt_add(&vr, &vp, &vq);
        check_vec(&vr, want, "ext_add");
        CHECK(point_ok(&vr), "ext_add: bound");
        vr = vp;
        vpt_add(&vr, &vr, &vq);
        check_vec(&vr, want, "ext_add (r = p)");
        vr = vq;
        vpt_add(&vr, &vp, &vr);
        check_vec(&vr, want, "ext_add (r = q)");

        /* re-addition */
        vpt_to_cached(&cq, &vq);
        CHECK(cached_ok(&cq), "to_cached: ≤ 2p");
        vpt_add_cached(&vr, &vp, &cq);
        check_vec(&vr, want, "add_cached");
        CHECK(point_ok(&vr), "add_cached: bound");
        vr = vp;
        vpt_add_cached(&vr, &vr, &cq);
        check_vec(&vr, want, "add_cached (r = p)");

        /* cmov and cneg */
        vpt_cached_0(&cn);
        vpt_cached_cmov(&cn, &cq, ct_from_bit(1));
        vpt_add_cached(&vr, &vp, &cn);
        check_vec(&vr, want, "cached_cmov(1)");
        vpt_cached_cneg(&cn, &cq, ct_from_bit(0));
        vpt_add_cached(&vr, &vp, &cn);
        check_vec(&vr, want, "cached_cneg(0)");

        ge_ext_sub(&ref, &p, &q);
        enc_serial(want, &ref);
        vpt_cached_cneg(&cn, &cq, ct_from_bit(1));
        CHECK(cached_ok(&cn), "cached_cneg: ≤ 2p");
        vpt_add_cached(&vr, &vp, &cn);
        check_vec(&vr, want, "cached_cneg(1): p - q");
        vpt_cached_cneg(&cn, &cn, ct_from_bit(1)); /* in place, twice negated */
        CHECK(cached_ok(&cn), "cached_cneg twice: ≤ 2p");
        vpt_cached_cneg(&cn, &cn, ct_from_bit(1)); /* - q again, from a lazily negated lane */
        vpt_add_cached(&vr, &vp, &cn);
        check_vec(&vr, want, "cached_cneg(1) three times: p - q");
        vpt_cached_0(&cn);
        vpt_cached_cmov(&cn, &cq, ct_from_bit(0));
        vpt_add_cached(&vr, &vp, &cn);
        enc_serial(want, &p);
        check_vec(&vr, want, "cached_cmov(0): p + identity");

        /* doubling, and in place */
        ge_ext_dbl(&ref, &p);
        enc_serial(want, &ref);
        vpt_dbl(&vr, &vp);
        check_vec(&vr, want, "ext_dbl");
        CHECK(point_ok(&vr), "ext_dbl: bound");
        vr = vp;
        vpt_dbl(&vr, &vr);
        check_vec(&vr, want, "ext_dbl (r = p)");
    }
}

static void test_identity(void)
{
    ge_ext id, p;
    vpt_ext vid, vp, vr;
    vpt_cached c0, c1;
    uint8_t want[32];
    lanes_t l0, l1;

    ge_ext_0(&id);
    vpt_ext_0(&vid);
    enc_serial(want, &id);
    check_vec(&vid, want, "ext_0");

    /* cached_0 is the cached form of ext_0, lane by lane as values */
    vpt_cached_0(&c0);
    vpt_to_cached(&c1, &vid);
    lanes_get(l0, &c0.c);
    lanes_get(l1, &c1.c);
    for (int k = 0; k < 4; k++) {
        uint8_t a[32], b[32];
        canon(a, l0[k]);
        canon(b, l1[k]);
        CHECK(memcmp(a, b, 32) == 0, "cached_0: lane %c", "ABCD"[k]);
    }

    for (int n = 0; n < 100; n++) {
        next_point(&p);
        vpt_from_ge(&vp, &p);
        enc_serial(want, &p);
        vpt_add_cached(&vr, &vp, &c0);
        check_vec(&vr, want, "p + cached_0");
        vpt_add(&vr, &vid, &vp);
        check_vec(&vr, want, "ext_0 + p");
    }
}

/*
 * Long chains: the vector point is never converted back between steps, so
 * every step takes the previous step's output bounds as input.
 */
static void test_chains(void)
{
    uint8_t want[32];
    for (int n = 0; n < 20; n++) {
        ge_ext p, acc, table_s[8];
        vpt_ext vacc, vt;
        vpt_cached table_v[8];
        next_point(&p);
        acc = p;
        vpt_from_ge(&vacc, &p);
        for (int j = 0; j < 8; j++) {
            next_point(&table_s[j]);
            vpt_from_ge(&vt, &table_s[j]);
            vpt_to_cached(&table_v[j], &vt);
        }
        for (int step = 0; step < 500; step++) {
            uint64_t op = test_rng_below(5);
            int j = (int)test_rng_below(8);
            if (op < 2) {
                ge_ext_dbl(&acc, &acc);
                vpt_dbl(&vacc, &vacc);
            } else if (op == 2) {
                ge_ext_add(&acc, &acc, &table_s[j]);
                vpt_add_cached(&vacc, &vacc, &table_v[j]);
            } else if (op == 3) {
                vpt_cached c;
                ge_ext_sub(&acc, &acc, &table_s[j]);
                vpt_cached_cneg(&c, &table_v[j], ct_from_bit(1));
                vpt_add_cached(&vacc, &vacc, &c);
            } else {
                ge_ext_add(&acc, &acc, &table_s[j]);
                vpt_from_ge(&vt, &table_s[j]);
                vpt_add(&vacc, &vacc, &vt);
            }
            if (step % 50 == 49) {
                enc_serial(want, &acc);
                check_vec(&vacc, want, "chain");
                CHECK(point_ok(&vacc), "chain: bound");
            }
        }
    }
}

#ifdef vpt_cached_select
/*
 * The inline table lookup: for every digit b ∈ [-8, 8] and tables of
 * [j+1]Q, select gives [b]Q (checked through a re-addition against the
 * serial group), stays ≤ 2p, and b = 0 gives the cached identity.
 */
static void test_select(void)
{
    uint8_t want[32];
    for (int n = 0; n < 200; n++) {
        ge_ext q, p, mult[9], ref;
        vpt_ext vq, vp, vr;
        vpt_cached table[8], t;
        next_point(&q);
        next_point(&p);
        ge_ext_0(&mult[0]);
        for (int j = 1; j <= 8; j++) ge_ext_add(&mult[j], &mult[j - 1], &q);
        for (int j = 0; j < 8; j++) {
            vpt_from_ge(&vq, &mult[j + 1]);
            vpt_to_cached(&table[j], &vq);
        }
        vpt_from_ge(&vp, &p);
        for (int b = -8; b <= 8; b++) {
            vpt_cached_select(&t, table, (int8_t)b);
            CHECK(cached_ok(&t), "select(%d): ≤ 2p", b);
            if (b >= 0)
                ge_ext_add(&ref, &p, &mult[b]);
            else
                ge_ext_sub(&ref, &p, &mult[-b]);
            enc_serial(want, &ref);
            vpt_add_cached(&vr, &vp, &t);
            check_vec(&vr, want, "select: p + [b]q");
            if (b == 0) {
                vpt_cached c0;
                vpt_cached_0(&c0);
                CHECK(memcmp(&c0, &t, sizeof t) == 0, "select(0) is cached_0");
            }
        }
        /* in place: the output may be an entry of the table */
        vpt_cached_select(&table[3], table, -4);
        ge_ext_sub(&ref, &p, &mult[4]);
        enc_serial(want, &ref);
        vpt_add_cached(&vr, &vp, &table[3]);
        check_vec(&vr, want, "select into the table");
    }
}

#endif

#ifdef vpt_dbl_n
/* r = 2^n·p against n serial doublings, n = 0 … 9, and in place. */
static void test_dbl_n(void)
{
    uint8_t want[32];
    for (int iter = 0; iter < 100; iter++) {
        ge_ext p, ref;
        vpt_ext vp, vr;
        next_point(&p);
        vpt_from_ge(&vp, &p);
        ref = p;
        for (int n = 0; n < 10; n++) {
            if (n > 0) ge_ext_dbl(&ref, &ref);
            enc_serial(want, &ref);
            vpt_dbl_n(&vr, &vp, n);
            check_vec(&vr, want, "dbl_n");
            CHECK(point_ok(&vr), "dbl_n: bound");
            vr = vp;
            vpt_dbl_n(&vr, &vr, n);
            check_vec(&vr, want, "dbl_n (r = p)");
        }
    }
}
#endif

/* Every test of this file, in turn. */
static void test_vpoints(void)
{
    test_identity();
    test_points();
    test_chains();
#ifdef vpt_cached_select
    test_select();
#endif
#ifdef vpt_dbl_n
    test_dbl_n();
#endif
}

/*
 * --bench: the vector point operations next to their serial counterparts
 * (the shared timer, tests/support/timer.h), on two points of the pool.
 * vp ends as the running point; q is the second point, for more timings.
 */
static void bench_points(vpt_ext *vp, ge_ext *q)
{
    ge_ext p0, *p = &p0;
    ge_cached qc;
    ge_compl cc;
    vpt_cached vq;
    vpt_ext vq2;

    next_point(p);
    next_point(q);
    ge_ext_to_cached(&qc, q);
    vpt_from_ge(vp, p);
    vpt_from_ge(&vq2, q);
    vpt_to_cached(&vq, &vq2);
    TIMER_MIN_PER_ITER("vpt_dbl (" VBACKEND_NAME ")", vpt_dbl(vp, vp));
    TIMER_MIN_PER_ITER("serial ge_ext_dbl (P3 -> P3)", ge_ext_dbl(p, p));
    {
        ge_proj pp;
        ge_ext_to_proj(&pp, p);
        TIMER_MIN_PER_ITER("serial ge_proj_dbl + compl_to_proj (P2)", {
            ge_proj_dbl(&cc, &pp);
            ge_compl_to_proj(&pp, &cc);
        });
        ge_compl_to_ext(p, &cc);
    }
    TIMER_MIN_PER_ITER("vpt_add_cached (readd)", vpt_add_cached(vp, vp, &vq));
    TIMER_MIN_PER_ITER("serial ge_add_cached + compl_to_ext", {
        ge_add_cached(&cc, p, &qc);
        ge_compl_to_ext(p, &cc);
    });
    TIMER_MIN_PER_ITER("vpt_add", vpt_add(vp, vp, &vq2));
    TIMER_MIN_PER_ITER("serial ge_ext_add", ge_ext_add(p, p, q));
    TIMER_MIN_PER_ITER("vpt_to_cached", vpt_to_cached(&vq, &vq2));
}
