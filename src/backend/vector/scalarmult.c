/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Vector scalar multiplications on edwards25519, written once against the
 * vector-point interface (vpoint.h) and compiled once per ISA through a
 * two-line wrapper (src/backend/avx2/backend_avx2.c, ...), plus that ISA's
 * backend table.
 *
 *   VFN(scalarmult)                 [s]P, constant time, variable base
 *   VFN(scalarmult_base)            [s]B, constant time, fixed base
 *   VFN(double_scalarmult_vartime)  [a]A + [b]B, variable time
 *   VFN(double_base_table_init), VFN(double_scalarmult_table_vartime)
 *                                   the same with A's table made ahead
 *                                   (expanded Ed25519 keys, backend.h)
 *
 * Same shapes as the serial twins in src/backend/serial/scalarmult.c, so a
 * diff shows only the change of representation: the vector points carry
 * (X, Y, Z, T) in four lanes and use the HWCD 4-way formulas (re-addition
 * with a cached point, doubling with the S4 sign flip; docs/avx2.md), so the
 * P²/P³ juggling of the serial code disappears. The fixed-base tables are
 * in cached vector form, computed on first use (the serial ones are
 * generated affine-Niels tables): a 4-way re-addition measures faster than
 * the serial mixed addition (docs/avx2.md §9.2).
 */
#include <stdatomic.h>
#include <string.h>

#include "../../scalar/sc.h"
#include "../backend.h"
#include "vpoint.h"

#if !defined(vpt_dbl_n)
/* r = 2^n·p, n ≥ 0. */
static void dbl_n(vpt_ext *r, const vpt_ext *p, int n)
{
    *r = *p;
    for (int k = 0; k < n; k++) vpt_dbl(r, r);
}
#define vpt_dbl_n dbl_n
#endif

#if !defined(vpt_cached_select)
/*
 * |b| and the sign of b as a mask, for b ∈ [-8, 8], without a branch:
 * with m the sign bit, |b| = (b XOR -m) + m.
 */
static uint64_t digit_abs(ct_mask *neg, int8_t b)
{
    uint64_t x = (uint64_t)(int64_t)b;
    uint64_t m = x >> 63;

    *neg = ct_from_bit(m);
    return ((x ^ (0 - m)) + m) & 0xff;
}

/* t = [b]Q from table[j] = [j+1]Q, b ∈ [-8, 8]; all eight entries are scanned. Constant time. */
static void select_cached(vpt_cached *t, const vpt_cached table[8], int8_t b)
{
    ct_mask neg;
    uint64_t babs = digit_abs(&neg, b);

    vpt_cached_0(t);
    for (uint64_t j = 0; j < 8; j++) vpt_cached_cmov(t, &table[j], ct_eq(babs, j + 1));
    vpt_cached_cneg(t, t, neg);
}
#define vpt_cached_select select_cached
#endif

/*
 * r = [s]P. s: 32 bytes, s[31] ≤ 127. P: any point.
 * Table [1]P..[8]P in cached form, then Horner in base 16 from the top
 * digit: r = 16·r + [e[i]]P, four vector doublings and one re-addition per
 * digit. Constant time in s and P; stack secrets are wiped. r may alias P.
 */
static void VFN(scalarmult)(ge_ext *r, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64];
    vpt_ext m[8];
    vpt_cached table[8];
    vpt_cached t;
    vpt_ext h;

    sc_recode_radix16(e, s);

    /* m[j] = [j+1]P: doubling for the even multiples, one addition for the odd. */
    vpt_from_ge(&m[0], P);
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) {
            vpt_dbl(&m[j], &m[j / 2]);
        } else {
            vpt_add(&m[j], &m[j - 1], &m[0]);
        }
    }
    for (int j = 0; j < 8; j++) vpt_to_cached(&table[j], &m[j]);

    vpt_ext_0(&h);
    vpt_cached_select(&t, table, e[63]);
    vpt_add_cached(&h, &h, &t);
    for (int i = 62; i >= 0; i--) {
        vpt_dbl_n(&h, &h, 4);
        vpt_cached_select(&t, table, e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_to_ge(r, &h);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(m, sizeof m);
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
}

#if VBACKEND_VECTOR_BASE
/*
 * The fixed-base table: base_shared[k][j] = (j+1)·256^k·B (k < 32, j < 8) in
 * cached vector form, the vector twin of the serial base_table (affine
 * Niels there). Computed on first use by the thread that wins the
 * compare-and-swap; a thread that finds it being filled uses the serial
 * fixed-base multiplication instead of waiting (a 40 KiB private copy would
 * not fit a small stack). Public data: the table only depends on B.
 */
typedef struct {
    vpt_cached row[32][8]; /* row[k][j] = (j+1)·256^k·B */
} base_vtable;

static base_vtable base_shared;
static atomic_int base_state; /* 0 empty, 1 being filled, 2 ready */

static void base_compute(base_vtable *tb)
{
    vpt_ext p, m;

    vpt_from_ge(&p, &ge_basepoint);
    for (int k = 0; k < 32; k++) {
        /* p = 256^k·B; m runs through (j+1)·p */
        vpt_to_cached(&tb->row[k][0], &p);
        vpt_dbl(&m, &p);
        vpt_to_cached(&tb->row[k][1], &m);
        for (int j = 2; j < 8; j++) {
            vpt_add_cached(&m, &m, &tb->row[k][0]);
            vpt_to_cached(&tb->row[k][j], &m);
        }
        vpt_dbl_n(&p, &p, 8);
    }
}

/* The shared table, or NULL while another thread is filling it. */
static const base_vtable *base_table_v(void)
{
    int expected = 0;

    if (atomic_load_explicit(&base_state, memory_order_acquire) == 2) return &base_shared;
    if (!atomic_compare_exchange_strong(&base_state, &expected, 1)) return NULL;
    base_compute(&base_shared);
    atomic_store_explicit(&base_state, 2, memory_order_release);
    return &base_shared;
}

/*
 * r = [s]B. s: 32 bytes, s[31] ≤ 127. The serial method (BDLSY 2011, as in
 * ge_scalarmult_base) on the vector table:
 *
 *   h = Σ_k [e[2k+1]]·(256^k·B);  h = 16·h;  h = h + Σ_k [e[2k]]·(256^k·B),
 *
 * 64 constant-time lookups and re-additions and 4 doublings. Constant time
 * in s; stack secrets are wiped.
 */
static void VFN(scalarmult_base)(ge_ext *r, const uint8_t s[32])
{
    const base_vtable *table = base_table_v();
    int8_t e[64];
    vpt_cached t;
    vpt_ext h;

    if (table == NULL) {
        ge_scalarmult_base(r, s);
        return;
    }
    sc_recode_radix16(e, s);

    vpt_ext_0(&h);
    for (int i = 1; i < 64; i += 2) {
        vpt_cached_select(&t, table->row[i / 2], e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_dbl_n(&h, &h, 4);
    for (int i = 0; i < 64; i += 2) {
        vpt_cached_select(&t, table->row[i / 2], e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_to_ge(r, &h);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
}

#endif /* VBACKEND_VECTOR_BASE */

/*
 * The odd multiples (2j+1)·B and their negatives, j = 0..63, in cached
 * vector form, for the width-8 NAF of the base-point scalar (a negative
 * digit then costs no negation). Computed on first use: the thread that
 * wins the compare-and-swap fills the shared table and publishes it; a
 * thread that finds it still being filled computes a private copy of the
 * positive half instead of waiting (and negates as it goes). No init call,
 * no lock, no data race.
 */
typedef struct {
    vpt_cached pos[64]; /* (2j+1)·B */
    vpt_cached neg[64]; /* -(2j+1)·B */
} base_odd_table;

static base_odd_table base_odd_shared;
static atomic_int base_odd_state; /* 0 empty, 1 being filled, 2 ready */

/* pos[j] = (2j+1)·Q and, unless neg is NULL, neg[j] = -(2j+1)·Q, for j < n. */
static void odd_multiples(vpt_cached *pos, vpt_cached *neg, const ge_ext *Q, int n)
{
    vpt_ext q, q2, t;

    vpt_from_ge(&q, Q);
    vpt_dbl(&q2, &q);
    vpt_to_cached(&pos[0], &q);
    for (int j = 1; j < n; j++) {
        vpt_add_cached(&t, &q2, &pos[j - 1]);
        vpt_to_cached(&pos[j], &t);
    }
    if (neg == NULL) return;
    for (int j = 0; j < n; j++) vpt_cached_cneg(&neg[j], &pos[j], ct_from_bit(1));
}

/* *pos, *neg = the shared table, or local (64 entries, *neg = NULL) while it is being filled. */
static void base_odd(const vpt_cached **pos, const vpt_cached **neg, vpt_cached local[64])
{
    int expected = 0;

    if (atomic_load_explicit(&base_odd_state, memory_order_acquire) != 2) {
        if (!atomic_compare_exchange_strong(&base_odd_state, &expected, 1)) {
            odd_multiples(local, NULL, &ge_basepoint, 64);
            *pos = local;
            *neg = NULL;
            return;
        }
        odd_multiples(base_odd_shared.pos, base_odd_shared.neg, &ge_basepoint, 64);
        atomic_store_explicit(&base_odd_state, 2, memory_order_release);
    }
    *pos = base_odd_shared.pos;
    *neg = base_odd_shared.neg;
}

/*
 * h = h + d·Q, d odd and public, from the odd multiples of Q and their
 * negatives (neg may be NULL: then the negation is done here).
 */
static void add_odd_vartime(vpt_ext *h, const vpt_cached *pos, const vpt_cached *neg, int d)
{
    vpt_cached t;

    if (d > 0) {
        vpt_add_cached(h, h, &pos[d / 2]);
    } else if (neg != NULL) {
        vpt_add_cached(h, h, &neg[-d / 2]);
    } else {
        vpt_cached_cneg(&t, &pos[-d / 2], ct_from_bit(1));
        vpt_add_cached(h, h, &t);
    }
}

/* h = h + d·Q, d odd and public, from the odd multiples of Q stored as
 * bytes at odd (entry j = (2j+1)·Q, any alignment: read with memcpy). */
static void add_odd_bytes_vartime(vpt_ext *h, const unsigned char *odd, int d)
{
    vpt_cached t;

    memcpy(&t, odd + (size_t)((d > 0 ? d : -d) / 2) * sizeof t, sizeof t);
    add_odd_vartime(h, &t, NULL, d > 0 ? 1 : -1);
}

/*
 * r = Σ_i naf_a[i]·2^i·A + Σ_i naf_b[i]·2^i·B, naf_b a width-8 NAF (base_odd)
 * and naf_a a NAF whose digits' multiples of A are at a_odd (entry j =
 * (2j+1)·A, bytes of vpt_cached). From the highest nonzero position down:
 * double (except at the top, where h is still the identity), then add the
 * digits' multiples. Variable time: everything public.
 */
static void double_base_vartime(ge_ext *r, const int8_t naf_a[257], const unsigned char *a_odd,
                                const int8_t naf_b[257])
{
    vpt_cached local[64];
    const vpt_cached *b_pos, *b_neg;
    vpt_ext h;
    int i;

    for (i = 256; i >= 0; i--) {
        if (naf_a[i] != 0 || naf_b[i] != 0) break;
    }
    if (i < 0) {
        ge_ext_0(r);
        return;
    }
    base_odd(&b_pos, &b_neg, local);

    vpt_ext_0(&h);
    for (;;) {
        int j;

        if (naf_a[i] != 0) add_odd_bytes_vartime(&h, a_odd, naf_a[i]);
        if (naf_b[i] != 0) add_odd_vartime(&h, b_pos, b_neg, naf_b[i]);
        if (i == 0) break;
        /* double down to the next position with a digit (or to 0) in one run */
        for (j = i - 1; j > 0 && naf_a[j] == 0 && naf_b[j] == 0; j--) {}
        vpt_dbl_n(&h, &h, i - j);
        i = j;
    }
    vpt_to_ge(r, &h);
}

/*
 * r = [a]A + [b]B. a, b: any 256-bit values; A: any point.
 * naf_a = wNAF_5(a) with the odd multiples A..15A computed here, naf_b =
 * wNAF_8(b) with the odd multiples ±B..±127B (base_odd).
 * Variable time: a, A and b must be public. r may alias A.
 */
static void VFN(double_scalarmult_vartime)(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                           const uint8_t b[32])
{
    int8_t naf_a[257], naf_b[257];
    vpt_cached a_odd[8];

    sc_recode_wnaf_vartime(naf_a, a, 5);
    sc_recode_wnaf_vartime(naf_b, b, 8);
    odd_multiples(a_odd, NULL, A, 8); /* A, 3A, …, 15A */
    double_base_vartime(r, naf_a, (const unsigned char *)a_odd, naf_b);
}

_Static_assert(sizeof(vpt_cached) * DOUBLE_BASE_TABLE_ENTRIES <= DOUBLE_BASE_TABLE_BYTES,
               "the double-base table does not fit DOUBLE_BASE_TABLE_BYTES");

/* table = A, 3A, …, 63A in cached vector form (backend.h). Variable time. */
static void VFN(double_base_table_init)(void *table, const ge_ext *A)
{
    vpt_cached odd[DOUBLE_BASE_TABLE_ENTRIES];

    odd_multiples(odd, NULL, A, DOUBLE_BASE_TABLE_ENTRIES);
    memcpy(table, odd, sizeof odd);
}

/*
 * r = [a]A + [b]B from A's table (double_base_table_init): as
 * double_scalarmult_vartime with wNAF_7(a) over the 32 stored multiples, so
 * fewer additions for a and no table to build. Variable time.
 */
static void VFN(double_scalarmult_table_vartime)(ge_ext *r, const uint8_t a[32], const void *table,
                                                 const uint8_t b[32])
{
    int8_t naf_a[257], naf_b[257];

    sc_recode_wnaf_vartime(naf_a, a, DOUBLE_BASE_TABLE_W);
    sc_recode_wnaf_vartime(naf_b, b, 8);
    double_base_vartime(r, naf_a, (const unsigned char *)table, naf_b);
}

/*
 * The backend table of this ISA: every entry is a vector algorithm (the
 * multiscalar ones in msm.c, the 4-way decoder in decode.c) except X25519,
 * which is the ladder vpoint.h names for the ISA (VBACKEND_X25519).
 */
const struct backend VFN(backend) = {
    .name = VBACKEND_NAME,
    .scalarmult = VFN(scalarmult),
    .scalarmult_base = VBACKEND_SCALARMULT_BASE, /* vpoint.h */
    .double_scalarmult_vartime = VFN(double_scalarmult_vartime),
    .multiscalar_vartime = VFN(multiscalar_vartime), /* vector/msm.c */
    .multiscalar = VFN(multiscalar),
    .multiscalar_vartime_scratch_bytes = VFN(multiscalar_vartime_scratch_bytes),
    .multiscalar_vartime_scratch = VFN(multiscalar_vartime_scratch),
    .x25519 = VBACKEND_X25519,
    .x25519_batch = VFN(x25519_batch), /* the wrapper's (backend_<isa>.c) */
    .frombytes4_vartime = VFN(frombytes4_vartime), /* vector/decode.c */
    .sha512_blocks = VBACKEND_SHA512_BLOCKS, /* the wrapper's (backend_<isa>.c) */
    .base_encode = VBACKEND_BASE_ENCODE,           /* vpoint.h */
    .frombytes2_vartime = VBACKEND_FROMBYTES2,     /* vector/decode.c where it pays */
    .double_base_table_init = VFN(double_base_table_init),
    .double_scalarmult_table_vartime = VFN(double_scalarmult_table_vartime),
};
