/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Straus' simultaneous multiplication on 4-way vector points, the twin of
 * src/backend/serial/straus.c (contracts in msm.h beside this file):
 * constant time with signed radix-16 digits (sc_recode_radix16_256) and
 * full-table selection (vpt_cached_select); variable time with the
 * nonzero wNAF_5 digits (sc_wnaf_digits_vartime) grouped by position.
 * Compiled once per ISA through src/backend/<isa>/backend_<isa>.c; the
 * file header of algorithms.h says what changes against the serial
 * algorithms.
 */
#include "algorithms.h"

/*
 * h = Σ_{j<n} [s_j]P_j from the digits e[j][0..64] and tables tab[j]: Horner
 * in base 16 from digit 64 down, four doublings then one selection and
 * re-addition per point at each digit. n ≥ 1. Constant time.
 */
static void vstraus_ct_run(vpt_ext *h, size_t n, const int8_t (*e)[65],
                           const vpt_cached (*tab)[8])
{
    vpt_cached t;

    vpt_ext_0(h);
    for (size_t j = 0; j < n; j++) {
        vpt_cached_select(&t, tab[j], e[j][64]);
        vpt_add_cached(h, h, &t);
    }
    for (int k = 63; k >= 0; k--) {
        vpt_dbl_n(h, h, 4);
        for (size_t j = 0; j < n; j++) {
            vpt_cached_select(&t, tab[j], e[j][k]);
            vpt_add_cached(h, h, &t);
        }
    }
    vec25519_wipe(&t, sizeof t);
}

/*
 * Constant-time Straus over all n points at once, digits and tables on the
 * heap. 0, or -1 when malloc fails (r unchanged). Constant time (n public);
 * secrets are wiped before the memory is freed. r may alias a point.
 */
int VFN(msm_straus_ct)(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    int8_t (*e)[65];
    vpt_cached (*tab)[8];
    unsigned char *base;
    size_t total = 0, o_e, o_tab;
    vpt_ext h;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    o_tab = scratch_layout(&total, n, sizeof *tab);
    o_e = scratch_layout(&total, n, sizeof *e);
    base = scratch_alloc(total);
    if (base == NULL) return -1;
    tab = (vpt_cached (*)[8])(void *)(base + o_tab);
    e = (int8_t (*)[65])(void *)(base + o_e);
    for (size_t j = 0; j < n; j++) {
        sc_recode_radix16_256(e[j], scalars[j]);
        vpt_cached_multiples(tab[j], &points[j]);
    }
    vstraus_ct_run(&h, n, (const int8_t (*)[65])e, (const vpt_cached (*)[8])tab);
    vpt_to_ge(r, &h);
    vec25519_wipe(base, total);
    vec25519_wipe(&h, sizeof h);
    scratch_free(base);
    return 0;
}

/*
 * The same without the heap: chunks of VMSM_STACK_CHUNK points, each an
 * independent Straus run, summed (about 21 KiB of stack). Constant time (n
 * public). r may alias a point.
 */
void VFN(msm_straus_ct_stack)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                              const ge_ext *points)
{
    int8_t e[VMSM_STACK_CHUNK][65];
    vpt_cached tab[VMSM_STACK_CHUNK][8];
    vpt_ext acc, h;

    vpt_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += VMSM_STACK_CHUNK) {
        size_t m = n - lo < VMSM_STACK_CHUNK ? n - lo : VMSM_STACK_CHUNK;
        for (size_t j = 0; j < m; j++) {
            sc_recode_radix16_256(e[j], scalars[lo + j]);
            vpt_cached_multiples(tab[j], &points[lo + j]);
        }
        vstraus_ct_run(&h, m, (const int8_t (*)[65])e, (const vpt_cached (*)[8])tab);
        vpt_add(&acc, &acc, &h);
    }
    vpt_to_ge(r, &acc);
    vec25519_wipe(e, sizeof e);
    vec25519_wipe(tab, sizeof tab);
    vec25519_wipe(&acc, sizeof acc);
    vec25519_wipe(&h, sizeof h);
}

/* ---- variable-time Straus (wNAF) ------------------------------------------------- */

/*
 * Recode the n scalars and group their nonzero digits by position
 * (ge_msm_sort_digits, the serial twin's counting sort, so that the main loop
 * tests no zero digit), make the tables, and return the highest position
 * with a digit, or -1. Variable time.
 */
static int vstraus_prepare(vstraus_scratch *sc, size_t n, const uint8_t (*scalars)[32],
                           const ge_ext *points)
{
    int top = ge_msm_sort_digits(&sc->d, sc->tpos, sc->tdig, sc->cnt, n, scalars, 0, NULL);

    for (size_t j = 0; j < n; j++) vpt_cached_odd_multiples(sc->tab[j], NULL, &points[j], 8);
    return top;
}

/*
 * h = Σ [s_j]P_j from the sorted digits: from the top position down, the
 * doublings owed are done in one run (vpt_dbl_n) just before the next
 * addition, and none while h is still the identity; a negative digit adds
 * the negated entry (vpt_cached_cneg: a lane swap and one negation). (Two
 * accumulators fed alternately, to overlap two dependent chains, measured
 * 5–8% slower against Pippenger at n = 64 and 128 on IFMA, as serially:
 * docs/msm.md §8.2.) Variable time.
 */
static void vstraus_vt_run(vpt_ext *h, const vstraus_scratch *sc, int top)
{
    int owed = 0;
    vpt_cached t;

    vpt_ext_0(h);
    for (int i = top; i >= 0; i--) {
        uint32_t k = sc->d.start[i], end = sc->d.start[i + 1];
        if (k != end && owed > 0) {
            vpt_dbl_n(h, h, owed);
            owed = 0;
        }
        for (; k < end; k++) {
            int d = sc->d.dig[k];
            const vpt_cached *q = &sc->tab[sc->d.who[k]][(d > 0 ? d : -d) / 2];
            if (d > 0) {
                vpt_add_cached(h, h, q);
            } else {
                vpt_cached_cneg(&t, q, ct_from_bit(1));
                vpt_add_cached(h, h, &t);
            }
        }
        owed++;
    }
    if (owed > 1) vpt_dbl_n(h, h, owed - 1); /* position 0 owes nothing */
}

/* The scratch of a run over n ≤ VMSM_MAX_N points laid out from base (see
 * vcarve); *total grows by its size. */
static void vstraus_layout(vstraus_scratch *sc, size_t *total, unsigned char *base, size_t n)
{
    sc->tab = vcarve(base, total, n, sizeof *sc->tab);
    sc->d.who = vcarve(base, total, n * SC_WNAF_CAP(5), sizeof *sc->d.who);
    sc->tpos = vcarve(base, total, n * SC_WNAF_CAP(5), sizeof *sc->tpos);
    sc->tdig = vcarve(base, total, n * SC_WNAF_CAP(5), 1);
    sc->d.dig = vcarve(base, total, n * SC_WNAF_CAP(5), 1);
    sc->cnt = vcarve(base, total, n, 1);
}

/* h = Σ [s_i]P_i by wNAF Straus in the scratch sc. Variable time. */
static void vstraus_vt_in(vpt_ext *h, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points, vstraus_scratch *sc)
{
    int top = vstraus_prepare(sc, n, scalars, points);
    vstraus_vt_run(h, sc, top);
}

/*
 * r = Σ [s_i]P_i: Straus with wNAF_5 over all n points, scratch on the heap.
 * 0, or -1 on allocation failure (r unchanged). Variable time. r may alias
 * a point.
 */
int VFN(msm_straus_vartime)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points)
{
    return vmsm_heap(r, n, scalars, points, 0);
}

/* The same in chunks of VMSM_STACK_CHUNK points with stack scratch (about
 * 25 KiB); never fails. Variable time. r may alias a point. */
void VFN(msm_straus_vartime_stack)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                   const ge_ext *points)
{
    enum { CAP = VMSM_STACK_CHUNK * SC_WNAF_CAP(5) };
    uint16_t tpos[CAP];
    int8_t tdig[CAP], dig[CAP];
    uint8_t cnt[VMSM_STACK_CHUNK];
    uint32_t who[CAP];
    vpt_cached tab[VMSM_STACK_CHUNK][8];
    vstraus_scratch sc;
    vpt_ext acc, h;

    sc.tpos = tpos;
    sc.tdig = tdig;
    sc.cnt = cnt;
    sc.d.who = who;
    sc.d.dig = dig;
    sc.tab = tab;
    vpt_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += VMSM_STACK_CHUNK) {
        size_t m = n - lo < VMSM_STACK_CHUNK ? n - lo : VMSM_STACK_CHUNK;
        vstraus_vt_in(&h, m, scalars + lo, points + lo, &sc);
        vpt_add(&acc, &acc, &h);
    }
    vpt_to_ge(r, &acc);
}
