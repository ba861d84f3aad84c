/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * VFN(double_scalarmult_vartime): [a]A + [b]B, variable time
 * (verification), on 4-way vector points, the twin of
 * src/backend/serial/double_base.c: wNAF_5 digits of a with the odd
 * multiples of A (vpt_cached_odd_multiples), wNAF_8 digits of b with a
 * shared table of the odd multiples of B made on first use. Compiled once
 * per ISA through src/backend/<isa>/backend_<isa>.c.
 */
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

/*
 * r = [a]A + [b]B. a, b: any 256-bit values; A: any point.
 * naf_a = wNAF_5(a) with the odd multiples ±A..±15A, naf_b = wNAF_8(b) with
 * the odd multiples ±B..±127B (base_odd); from the highest nonzero position
 * down: double (except at the top, where h is still the identity), then add
 * the digits' multiples.
 * Variable time: a, A and b must be public. r may alias A.
 */
static void VFN(double_scalarmult_vartime)(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                           const uint8_t b[32])
{
    int8_t naf_a[257], naf_b[257];
    vpt_cached a_pos[8], a_neg[8], local[64];
    const vpt_cached *b_pos, *b_neg;
    vpt_ext h;
    int i;

    sc_recode_wnaf_vartime(naf_a, a, 5);
    sc_recode_wnaf_vartime(naf_b, b, 8);

    for (i = 256; i >= 0; i--) {
        if (naf_a[i] != 0 || naf_b[i] != 0) break;
    }
    if (i < 0) {
        ge_ext_0(r);
        return;
    }

    vpt_cached_odd_multiples(a_pos, a_neg, A, 8); /* ±A, ±3A, …, ±15A */
    base_odd(&b_pos, &b_neg, local);

    vpt_ext_0(&h);
    for (;;) {
        int j;

        if (naf_a[i] != 0) add_odd_vartime(&h, a_pos, a_neg, naf_a[i]);
        if (naf_b[i] != 0) add_odd_vartime(&h, b_pos, b_neg, naf_b[i]);
        if (i == 0) break;
        /* double down to the next position with a digit (or to 0) in one run */
        for (j = i - 1; j > 0 && naf_a[j] == 0 && naf_b[j] == 0; j--) {}
        vpt_dbl_n(&h, &h, i - j);
        i = j;
    }
    vpt_to_ge(r, &h);
}
