/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * VFN(double_scalarmult_vartime): [a]A + [b]B, variable time
 * (verification), on 4-way vector points, the twin of
 * src/backend/serial/double_base.c: wNAF_5 digits of a with the odd
 * multiples of A (vpt_cached_odd_multiples), wNAF_8 digits of b with a
 * shared table of the odd multiples of B made on first use; with A's table
 * made ahead (VFN(double_base_table_init), expanded Ed25519 keys) wNAF_7
 * digits of a over A..63A. Compiled once per ISA through
 * src/backend/<isa>/backend_<isa>.c.
 */
#include <string.h>

#include "../../internal/once.h"
#include "algorithms.h"

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

/* *pos, *neg = the shared table, or local (64 entries, *neg = NULL) while it is being filled. */
static void base_odd(const vpt_cached **pos, const vpt_cached **neg, vpt_cached local[64])
{
    switch (once_claim(&base_odd_state)) {
    case ONCE_BUSY:
        vpt_cached_odd_multiples(local, NULL, &ge_basepoint, 64);
        *pos = local;
        *neg = NULL;
        return;
    case ONCE_MINE:
        vpt_cached_odd_multiples(base_odd_shared.pos, base_odd_shared.neg, &ge_basepoint, 64);
        once_publish(&base_odd_state);
        break;
    default: /* ONCE_READY */
        break;
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
    int i = sc_wnaf_top2_vartime(naf_a, naf_b);

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
    vpt_cached_odd_multiples(a_odd, NULL, A, 8); /* A, 3A, …, 15A */
    double_base_vartime(r, naf_a, (const unsigned char *)a_odd, naf_b);
}

_Static_assert(sizeof(vpt_cached) * DOUBLE_BASE_TABLE_ENTRIES <= DOUBLE_BASE_TABLE_BYTES,
               "the double-base table does not fit DOUBLE_BASE_TABLE_BYTES");

/* table = A, 3A, …, 63A in cached vector form (backend.h). Variable time. */
static void VFN(double_base_table_init)(void *table, const ge_ext *A)
{
    vpt_cached odd[DOUBLE_BASE_TABLE_ENTRIES];

    vpt_cached_odd_multiples(odd, NULL, A, DOUBLE_BASE_TABLE_ENTRIES);
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
