/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Straus' simultaneous multiplication (E. G. Straus, "Addition chains of
 * vectors", Amer. Math. Monthly 71 (1964); interleaving with wNAF: HMV
 * "Guide to Elliptic Curve Cryptography" Alg. 3.51) on serial points, the
 * twin of src/backend/vector/straus.c; contracts in msm.h.
 *
 *   ge_msm_straus_ct(_stack)       constant time: signed radix-16 digits
 *                                  (sc_recode_radix16_256), a table of
 *                                  [1]P..[8]P per point (ge_cached_multiples),
 *                                  full-table scans (ge_cached_select)
 *   ge_msm_straus_vartime(_stack)  the nonzero wNAF_5 digits of every scalar
 *                                  (sc_wnaf_digits_vartime) grouped by
 *                                  position, odd multiples P..15P
 *                                  (ge_cached_odd_multiples)
 *
 * The digit sort and the main loop of the variable-time form are shared with
 * precomputed.c (static points) and multiscalar.c (caller scratch).
 * curve25519-dalek's straus.rs was read for the structure; the code here is
 * written independently.
 */
#include <stdlib.h>
#include <string.h>

#include "../../scalar/sc.h"
#include "../backend.h"
#include "msm.h"

/*
 * r = Σ_{j<n} [s_j]P_j from the digits e[j][0..64] and tables tab[j] of each
 * point: Horner in base 16 from digit 64 down, four doublings (in P²) then one
 * addition per point at each digit. n ≥ 1. Constant time.
 */
static void straus_ct_run(ge_ext *r, size_t n, const int8_t (*e)[65], const ge_cached (*tab)[8])
{
    ge_cached t;
    ge_compl c;
    ge_ext h;

    ge_ext_0(&h);
    for (size_t j = 0; j < n; j++) {
        ge_cached_select(&t, tab[j], e[j][64]);
        ge_add_cached(&c, &h, &t);
        ge_compl_to_ext(&h, &c);
    }
    for (int k = 63; k >= 0; k--) {
        ge_ext_dbl_n(&h, &h, 4);
        for (size_t j = 0; j < n; j++) {
            ge_cached_select(&t, tab[j], e[j][k]);
            ge_add_cached(&c, &h, &t);
            ge_compl_to_ext(&h, &c);
        }
    }
    *r = h;
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&c, sizeof c);
    vec25519_wipe(&h, sizeof h);
}

/*
 * Constant-time Straus over all n points at once, digits and tables on the
 * heap. 0, or -1 when malloc fails (r unchanged). Constant time (n public);
 * secrets are wiped before the memory is freed. r may alias a point.
 */
int ge_msm_straus_ct(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    int8_t (*e)[65];
    ge_cached (*tab)[8];
    unsigned char *base;
    size_t total = 0, o_e, o_tab;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    o_tab = ge_msm_layout(&total, n, sizeof *tab);
    o_e = ge_msm_layout(&total, n, sizeof *e);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    tab = (ge_cached (*)[8])(void *)(base + o_tab);
    e = (int8_t (*)[65])(void *)(base + o_e);
    for (size_t j = 0; j < n; j++) {
        sc_recode_radix16_256(e[j], scalars[j]);
        ge_cached_multiples(tab[j], &points[j]);
    }
    straus_ct_run(r, n, (const int8_t (*)[65])e, (const ge_cached (*)[8])tab);
    vec25519_wipe(base, total);
    ge_msm_scratch_free(base);
    return 0;
}

/*
 * The same without the heap: chunks of GE_MSM_STACK_CHUNK points, each an
 * independent Straus run, summed. Constant time (n public). r may alias a
 * point.
 */
void ge_msm_straus_ct_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points)
{
    int8_t e[GE_MSM_STACK_CHUNK][65];
    ge_cached tab[GE_MSM_STACK_CHUNK][8];
    ge_ext acc, h;

    ge_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += GE_MSM_STACK_CHUNK) {
        size_t m = n - lo < GE_MSM_STACK_CHUNK ? n - lo : GE_MSM_STACK_CHUNK;
        for (size_t j = 0; j < m; j++) {
            sc_recode_radix16_256(e[j], scalars[lo + j]);
            ge_cached_multiples(tab[j], &points[lo + j]);
        }
        straus_ct_run(&h, m, (const int8_t (*)[65])e, (const ge_cached (*)[8])tab);
        if (lo == 0) {
            acc = h;
        } else {
            ge_ext_add(&acc, &acc, &h);
        }
    }
    *r = acc;
    vec25519_wipe(e, sizeof e);
    vec25519_wipe(tab, sizeof tab);
    vec25519_wipe(&acc, sizeof acc);
    vec25519_wipe(&h, sizeof h);
}



static size_t digits_cap(size_t nd, size_t ns)
{
    return nd * SC_WNAF_CAP(5) + ns * SC_WNAF_CAP(GE_MSM_PRECOMP_W);
}

/* The digit sort (msm.h). */
int ge_msm_sort_digits(ge_msm_digits *dp, uint16_t *tpos, int8_t *tdig, uint8_t *cnt, size_t nd,
                       const uint8_t (*dscalars)[32], size_t ns, const uint8_t (*sscalars)[32])
{
    uint32_t fill[257];
    size_t o = 0, n = nd + ns;
    int top = -1;

    memset(fill, 0, sizeof fill);
    for (size_t j = 0; j < n; j++) {
        size_t c = j < nd ? sc_wnaf_digits_vartime(tpos + o, tdig + o, dscalars[j], 5)
                          : sc_wnaf_digits_vartime(tpos + o, tdig + o, sscalars[j - nd], GE_MSM_PRECOMP_W);
        cnt[j] = (uint8_t)c;
        for (size_t k = 0; k < c; k++) fill[tpos[o + k]]++;
        o += c;
    }
    dp->start[0] = 0;
    for (int i = 0; i < 257; i++) {
        dp->start[i + 1] = dp->start[i] + fill[i];
        if (fill[i] != 0) top = i;
        fill[i] = dp->start[i];
    }
    o = 0;
    for (size_t j = 0; j < n; j++) {
        for (size_t k = 0; k < cnt[j]; k++) {
            uint32_t at = fill[tpos[o + k]]++;
            dp->who[at] = (uint32_t)j;
            dp->dig[at] = tdig[o + k];
        }
        o += cnt[j];
    }
    return top;
}

/*
 * r = Σ_{j<nd} [b_j]P_j + Σ_{j<ns} [a_j]Q_j from the sorted digits (points
 * j < nd use the projective Niels tables dtab, points nd + j the affine
 * tables stab[j]) and the top position. One chain of doublings from the top;
 * the accumulator is finished into P³ only before an addition. (Two
 * accumulators fed alternately, to overlap two chains of dependent
 * additions, measured slower here: docs/msm.md.) Variable time.
 */
void ge_msm_straus_vt_run(ge_ext *r, const ge_msm_digits *dp, int top, size_t nd,
                          const ge_cached (*dtab)[8], const ge_msm_table *const *stab)
{
    ge_compl c;
    ge_proj q;
    ge_ext h;

    if (top < 0) {
        ge_ext_0(r);
        return;
    }
    ge_ext_0(&h);
    ge_ext_to_proj(&q, &h);
    for (int i = top; i >= 0; i--) {
        ge_proj_dbl(&c, &q);
        for (uint32_t k = dp->start[i]; k < dp->start[i + 1]; k++) {
            size_t j = dp->who[k];
            int d = dp->dig[k];
            ge_compl_to_ext(&h, &c);
            if (j < nd) {
                if (d > 0) {
                    ge_add_cached(&c, &h, &dtab[j][d / 2]);
                } else {
                    ge_sub_cached(&c, &h, &dtab[j][-d / 2]);
                }
            } else {
                if (d > 0) {
                    ge_add_niels(&c, &h, &stab[j - nd]->odd[d / 2]);
                } else {
                    ge_sub_niels(&c, &h, &stab[j - nd]->odd[-d / 2]);
                }
            }
        }
        if (i > 0) ge_compl_to_proj(&q, &c);
    }
    ge_compl_to_ext(r, &c);
}


void ge_msm_straus_free(ge_msm_straus_scratch *sc)
{
    ge_msm_scratch_free(sc->base);
}

/* Lays out the arrays of a Straus run after *total bytes (ge_msm_layout),
 * and, when base is not NULL, points sc's arrays into it. */
void ge_msm_straus_layout(ge_msm_straus_scratch *sc, size_t *total, unsigned char *base,
                                  size_t nd, size_t ns)
{
    size_t cap = digits_cap(nd, ns);
    size_t o_tab = ge_msm_layout(total, nd, sizeof *sc->tab);
    size_t o_who = ge_msm_layout(total, cap, sizeof *sc->who);
    size_t o_tpos = ge_msm_layout(total, cap, sizeof *sc->tpos);
    size_t o_tdig = ge_msm_layout(total, cap, 1);
    size_t o_dig = ge_msm_layout(total, cap, 1);
    size_t o_cnt = ge_msm_layout(total, nd + ns, 1);

    if (base == NULL) return;
    sc->base = base;
    sc->tab = (ge_cached (*)[8])(void *)(base + o_tab);
    sc->who = (uint32_t *)(void *)(base + o_who);
    sc->tpos = (uint16_t *)(void *)(base + o_tpos);
    sc->tdig = (int8_t *)(base + o_tdig);
    sc->dig = (int8_t *)(base + o_dig);
    sc->cnt = base + o_cnt;
}

/* 0, or -1 when malloc fails. One block for all the arrays. */
int ge_msm_straus_alloc(ge_msm_straus_scratch *sc, size_t nd, size_t ns)
{
    size_t total = 0;
    unsigned char *base;

    ge_msm_straus_layout(sc, &total, NULL, nd, ns);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    total = 0;
    ge_msm_straus_layout(sc, &total, base, nd, ns);
    return 0;
}

/* r = Σ [s_i]P_i, n ≥ 1: Straus with wNAF_5 in the scratch sc. */
void ge_msm_straus_vt_in(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                         const ge_msm_straus_scratch *sc)
{
    ge_msm_digits dp;
    int top;

    dp.who = sc->who;
    dp.dig = sc->dig;
    top = ge_msm_sort_digits(&dp, sc->tpos, sc->tdig, sc->cnt, n, scalars, 0, NULL);
    for (size_t j = 0; j < n; j++) ge_cached_odd_multiples(sc->tab[j], &points[j], 8);
    ge_msm_straus_vt_run(r, &dp, top, n, (const ge_cached (*)[8])sc->tab, NULL);
}

/*
 * r = Σ [s_i]P_i: Straus with wNAF_5 over all n points, digits and tables on
 * the heap. 0, or -1 on allocation failure (r unchanged). Variable time.
 */
int ge_msm_straus_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points)
{
    ge_msm_straus_scratch sc;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (n > SIZE_MAX / (2 * SC_WNAF_CAP(5)) || ge_msm_straus_alloc(&sc, n, 0) != 0) return -1;
    ge_msm_straus_vt_in(r, n, scalars, points, &sc);
    ge_msm_straus_free(&sc);
    return 0;
}

/* The same in chunks of GE_MSM_STACK_CHUNK points with stack tables; never
 * fails. Variable time. r may alias a point. */
void ge_msm_straus_vartime_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                 const ge_ext *points)
{
    enum { CAP = GE_MSM_STACK_CHUNK * SC_WNAF_CAP(5) };
    uint16_t tpos[CAP];
    int8_t tdig[CAP], dig[CAP];
    uint32_t who[CAP];
    uint8_t cnt[GE_MSM_STACK_CHUNK];
    ge_cached tab[GE_MSM_STACK_CHUNK][8];
    ge_msm_digits dp;
    ge_ext acc, h;

    dp.who = who;
    dp.dig = dig;
    ge_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += GE_MSM_STACK_CHUNK) {
        size_t m = n - lo < GE_MSM_STACK_CHUNK ? n - lo : GE_MSM_STACK_CHUNK;
        int top = ge_msm_sort_digits(&dp, tpos, tdig, cnt, m, scalars + lo, 0, NULL);
        for (size_t j = 0; j < m; j++) ge_cached_odd_multiples(tab[j], &points[lo + j], 8);
        ge_msm_straus_vt_run(&h, &dp, top, m, (const ge_cached (*)[8])tab, NULL);
        if (lo == 0) {
            acc = h;
        } else {
            ge_ext_add(&acc, &acc, &h);
        }
    }
    *r = acc;
}

