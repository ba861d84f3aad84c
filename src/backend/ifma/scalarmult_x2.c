/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Two 4-way points in one pass: the IFMA point formulas of edwards_ifma.c
 * compiled a second time at 512 bits (FE52X4_WIDE, fe52x4.h), one 4-way
 * point per 256-bit half. Two uses:
 *
 *   ifma_scalarmult_order_x2   [s]P and [ℓ]P: the low half runs the
 *       constant-time [s]P of vector/variable_base.c; the high half runs the
 *       same loop on the digits of ℓ, the group order, so that at the end it
 *       holds [ℓ]P, the identity exactly when P lies in the prime-order
 *       subgroup (the test of decode_valid, without its exponentiations:
 *       backend.h, scalarmult_order).
 *   ifma_scalarmult_halves_x2  [s]P alone, its low and high 128 bits in the
 *       two halves, then 128 doublings of the high half and one addition
 *       (the table's scalarmult where it pays: dispatch.c,
 *       scalarmult_halves_best).
 *
 * Every operation of fe52x4.h acts on each half alone (the lane
 * permutations are immediates that move both halves alike, the opmasks are
 * repeated per half), so the halves never mix and the low half computes
 * bit for bit what the 256-bit [s]P does. On a CPU with full-width 512-bit
 * units (AMD Zen 5: two IFMA per cycle at either width, docs/performance.md
 * §12.2) a pass costs about one 256-bit [s]P; elsewhere the dispatcher keeps
 * the exponentiations and the 4-way [s]P (dispatch.c).
 *
 * Constant time in s and P: both halves take the same instructions whatever
 * their digits (the high half's are those of the public constant ℓ, or the
 * secret high digits of s); the table scan reads every entry for both
 * digits (ge_ifma_cached_select_k_).
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

/* table[j] = [j+1]P in both halves (j = 0..7), cached, as vpt_cached_multiples.
 * Constant time; the stack copies are wiped. */
static void multiples2_(ge_ifma_cached table[8], const ge_ext *P)
{
    ge_ifma_ext m[8];

    ge_ext_to_ifma2(&m[0], P);
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) ge_ifma2_ext_dbl(&m[j], &m[j / 2]);
        else ge_ifma2_ext_add(&m[j], &m[j - 1], &m[0]);
    }
    for (int j = 0; j < 8; j++) ge_ifma2_ext_to_cached(&table[j], &m[j]);
    vec25519_wipe(m, sizeof m);
}

void ifma_scalarmult_order_x2(ge_ext *r, ct_mask *in_order, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64], l[64];
    ge_ifma_ext h;
    ge_ifma_cached table[8], t;
    ge_ext L;

    sc_recode_radix16(e, s);
    sc_recode_radix16(l, sc_ell);

    multiples2_(table, P); /* [1]P … [8]P in both halves */

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
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
    vec25519_wipe(&L, sizeof L);
}

/* r = p with its halves exchanged (vshufi64x2 on each limb register): the
 * point of the high half moves to the low one. Bounds: those of p. */
static void swap_halves_(ge_ifma_ext *r, const ge_ifma_ext *p)
{
    for (int i = 0; i < 5; i++)
        r->xyzt.v[i] = _mm512_shuffle_i64x2(p->xyzt.v[i], p->xyzt.v[i], _MM_SHUFFLE(1, 0, 3, 2));
}

/*
 * r = [s]P with the two halves of the scalar in the two halves of the
 * registers (docs/performance.md §19). The signed radix-16 digits e_0 … e_63
 * of s split at 16^32 = 2^128:
 *
 *     [s]P = A + [2^128]B,   A = Σ_{i<32} [e_i 16^i]P,   B = Σ_{i<32} [e_{32+i} 16^i]P.
 *
 * One Horner loop computes A in the low half and B in the high half (31 × four
 * doublings and one re-addition, both halves reading the one table of [1]P …
 * [8]P in a single scan per digit pair); then 128 doublings take the high half
 * to [2^128]B, and one addition brings A and [2^128]B together. 252 doublings
 * and 33 additions on the path instead of 252 and 64: on a CPU where a 512-bit
 * operation costs a 256-bit one (cpu_features().zmm_full) this is the faster
 * [s]P (dispatch.c, scalarmult_halves_best). Constant time in s and P; stack
 * secrets are wiped; r may alias P.
 */
void ifma_scalarmult_halves_x2(ge_ext *r, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64];
    ge_ifma_ext h, a;
    ge_ifma_cached table[8], t;

    sc_recode_radix16(e, s);
    multiples2_(table, P);

    ge_ifma2_ext_0(&h);
    select2_(&t, table, e[31], e[63]);
    ge_ifma2_add_cached(&h, &h, &t);
    for (int i = 30; i >= 0; i--) {
        ge_ifma2_ext_dbl_n(&h, &h, 4);
        select2_(&t, table, e[i], e[32 + i]);
        ge_ifma2_add_cached(&h, &h, &t);
    }
    /* h = (A | B) */
    a = h;
    ge_ifma2_ext_dbl_n(&h, &h, 128); /* ([2^128]A | [2^128]B): the low half is not used */
    swap_halves_(&h, &h);            /* ([2^128]B | ·) */
    ge_ifma2_ext_add(&h, &a, &h);    /* (A + [2^128]B | ·) */
    to_ext_half_(r, &h, 0);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
    vec25519_wipe(&a, sizeof a);
}
