/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * ge_double_scalarmult_vartime: [a]A + [b]B, variable time (verification),
 * on the serial points (the vector twin: src/backend/vector/double_base.c).
 *
 * Width-w NAF digits (sc_recode_wnaf_vartime; w = 5 for a, with the odd
 * multiples A..15A computed on the fly by ge_cached_odd_multiples; w = 8 for
 * b, with the precomputed odd multiples B..127B of base_table.inc,
 * tools/gen_base_table.c), interleaved over one chain of doublings (HMV
 * "Guide to Elliptic Curve Cryptography" Alg. 3.51). With A's table made
 * ahead (double_base_table_init, expanded Ed25519 keys) w = 7 for a over
 * A..63A.
 */
#include <string.h>

#include "../../scalar/sc.h"
#include "../backend.h"
#include "ge.h"

/* base_table[32][8] and base_odd[64], both ge_niels, in both field forms;
 * this file reads base_odd (base_table: fixed_base.c). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-const-variable"
#include "base_table.inc"
#pragma GCC diagnostic pop

/*
 * r = Σ_i naf_a[i]·2^i·A + Σ_i naf_b[i]·2^i·B, naf_b a width-8 NAF over
 * base_odd and naf_a a NAF whose digits' multiples of A are at a_odd (entry
 * j = (2j+1)·A, bytes of ge_cached, any alignment: read with memcpy).
 * Between steps the point stays in P²; it is finished into P³ only before
 * an addition. Variable time: everything public.
 */
static void double_base_vartime(ge_ext *r, const int8_t naf_a[257], const unsigned char *a_odd,
                                const int8_t naf_b[257])
{
    ge_cached e;
    ge_ext t;
    ge_compl c;
    ge_proj q;
    int i = sc_wnaf_top2_vartime(naf_a, naf_b);

    if (i < 0) {
        ge_ext_0(r);
        return;
    }

    ge_ext_0(&t);
    ge_ext_to_proj(&q, &t);
    for (; i >= 0; i--) {
        ge_proj_dbl(&c, &q);
        if (naf_a[i] != 0) {
            int d = naf_a[i];
            memcpy(&e, a_odd + (size_t)((d > 0 ? d : -d) / 2) * sizeof e, sizeof e);
            ge_compl_to_ext(&t, &c);
            if (d > 0)
                ge_add_cached(&c, &t, &e);
            else
                ge_sub_cached(&c, &t, &e);
        }
        if (naf_b[i] > 0) {
            ge_compl_to_ext(&t, &c);
            ge_add_niels(&c, &t, &base_odd[naf_b[i] / 2]);
        } else if (naf_b[i] < 0) {
            ge_compl_to_ext(&t, &c);
            ge_sub_niels(&c, &t, &base_odd[-naf_b[i] / 2]);
        }
        if (i > 0) ge_compl_to_proj(&q, &c);
    }
    ge_compl_to_ext(r, &c);
}

/*
 * r = [a]A + [b]B. a, b: any 256-bit values; A: any point.
 *
 * naf_a = wNAF_5(a) (odd digits |d| ≤ 15, table A, 3A, ..., 15A in
 * projective Niels), naf_b = wNAF_8(b) (odd digits |d| ≤ 127, base_odd[j] =
 * (2j+1)·B in affine Niels). From the highest position where either is
 * nonzero down to 0: double, then add or subtract the digits' multiples.
 * Variable time: a, A and b must be public. r may alias A.
 */
void ge_double_scalarmult_vartime(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                  const uint8_t b[32])
{
    int8_t naf_a[257], naf_b[257];
    ge_cached table[8];

    sc_recode_wnaf_vartime(naf_a, a, 5);
    sc_recode_wnaf_vartime(naf_b, b, 8);
    ge_cached_odd_multiples(table, A, 8); /* A, 3A, …, 15A */
    double_base_vartime(r, naf_a, (const unsigned char *)table, naf_b);
}

_Static_assert(sizeof(ge_cached) * DOUBLE_BASE_TABLE_ENTRIES <= DOUBLE_BASE_TABLE_BYTES,
               "the double-base table does not fit DOUBLE_BASE_TABLE_BYTES");

/* table = A, 3A, …, 63A as ge_cached (backend.h). Variable time. */
void ge_double_base_table_init(void *table, const ge_ext *A)
{
    ge_cached odd[DOUBLE_BASE_TABLE_ENTRIES];

    ge_cached_odd_multiples(odd, A, DOUBLE_BASE_TABLE_ENTRIES);
    memcpy(table, odd, sizeof odd);
}

/* r = [a]A + [b]B from A's table: wNAF_7(a) over its 32 multiples. Variable time. */
void ge_double_scalarmult_table_vartime(ge_ext *r, const uint8_t a[32], const void *table,
                                        const uint8_t b[32])
{
    int8_t naf_a[257], naf_b[257];

    sc_recode_wnaf_vartime(naf_a, a, DOUBLE_BASE_TABLE_W);
    sc_recode_wnaf_vartime(naf_b, b, 8);
    double_base_vartime(r, naf_a, (const unsigned char *)table, naf_b);
}
