/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * [s]P and [ℓ]P in one pass: the IFMA point formulas of edwards_ifma.c
 * compiled a second time at 512 bits (FE52X4_WIDE, fe52x4.h), one 4-way
 * point per 256-bit half. The low half runs the constant-time [s]P of
 * vector/variable_base.c; the high half runs the same loop on the digits of
 * ℓ, the group order, so that at the end it holds [ℓ]P, the identity
 * exactly when P lies in the prime-order subgroup (the test of
 * decode_valid, without its exponentiations: backend.h, scalarmult_order).
 *
 * Every operation of fe52x4.h acts on each half alone (the lane
 * permutations are immediates that move both halves alike, the opmasks are
 * repeated per half), so the halves never mix and the low half computes
 * bit for bit what the 256-bit [s]P does. On a CPU with full-width 512-bit
 * units (AMD Zen 5: two IFMA per cycle at either width, docs/performance.md
 * §12.2) the pair costs about one [s]P; elsewhere the dispatcher keeps the
 * exponentiations (dispatch.c, scalarmult_order_best).
 *
 * Constant time in s and P: the high half's digits are those of the public
 * constant ℓ, and both halves take the same instructions; the table scan
 * reads every entry for both digits (ge_ifma_cached_select_k_).
 */
#define FE52X4_WIDE 1

/* This file's copies of edwards_ifma.c's functions, under their own names
 * (their types are the 512-bit ones here). */
#define ge_ifma_ext_0 ge_ifma2_ext_0
#define ge_ifma_cached_0 ge_ifma2_cached_0
#define ge_ext_to_ifma ge_ext_to_ifma2
#define ge_ifma_to_ext ge_ifma2_to_ext
#define ge_ifma_ext_to_cached ge_ifma2_ext_to_cached
#define ge_ifma_ext_add ge_ifma2_ext_add
#define ge_ifma_add_cached ge_ifma2_add_cached
#define ge_ifma_ext_dbl ge_ifma2_ext_dbl
#define ge_ifma_ext_dbl_n ge_ifma2_ext_dbl_n
#include "edwards_ifma.c"

#include "../../scalar/sc.h"
#include "scalarmult_x2.h"

/* The constant-time scan for two digits: |b| per half in want, the halves
 * to negate in the opmask. */
static void select2_(ge_ifma_cached *t, const ge_ifma_cached table[8], int8_t b, int8_t c)
{
    uint64_t sb, sc;
    const uint64_t ab = ct_digit_abs(&sb, b), ac = ct_digit_abs(&sc, c);
    const fe52x4_reg want = _mm512_setr_epi64((long long)ab, (long long)ab, (long long)ab,
                                              (long long)ab, (long long)ac, (long long)ac,
                                              (long long)ac, (long long)ac);
    const __mmask8 neg = (__mmask8)((ct_barrier_u64(ct_from_bit(sb).m) & 0x0f) |
                                    (ct_barrier_u64(ct_from_bit(sc).m) & 0xf0));

    ge_ifma_cached_select_k_(t, table, want, neg);
}

void ifma_scalarmult_order_x2(ge_ext *r, ct_mask *in_order, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64], l[64];
    ge_ifma_ext m[8], h;
    ge_ifma_cached table[8], t;
    ge_ext L;

    sc_recode_radix16(e, s);
    sc_recode_radix16(l, sc_ell);

    /* [1]P … [8]P in both halves, as vpt_cached_multiples */
    ge_ext_to_ifma2(&m[0], P);
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) ge_ifma2_ext_dbl(&m[j], &m[j / 2]);
        else ge_ifma2_ext_add(&m[j], &m[j - 1], &m[0]);
    }
    for (int j = 0; j < 8; j++) ge_ifma2_ext_to_cached(&table[j], &m[j]);

    ge_ifma2_ext_0(&h);
    select2_(&t, table, e[63], l[63]);
    ge_ifma2_add_cached(&h, &h, &t);
    for (int i = 62; i >= 0; i--) {
        ge_ifma2_ext_dbl_n(&h, &h, 4);
        select2_(&t, table, e[i], l[i]);
        ge_ifma2_add_cached(&h, &h, &t);
    }
    to_ext_half_(r, &h, 0);
    to_ext_half_(&L, &h, 1);
    *in_order = ge_ext_is_identity(&L);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(m, sizeof m);
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
    vec25519_wipe(&L, sizeof L);
}
