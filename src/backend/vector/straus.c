/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Straus' simultaneous multiplication on 4-way vector points, the twin of
 * src/backend/serial/straus.c (contracts in msm.h beside this file):
 * constant time with signed radix-16 digits (sc_recode_radix16_256) and
 * full-table selection (vpt_cached_select); variable time with the
 * nonzero wNAF_5 digits (sc_wnaf_digits_vartime) grouped by position.
 * Compiled once per ISA through src/backend/<isa>/backend_<isa>.c; the
 * file header of msm.h says what changes against the serial algorithms.
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
    vpt_ext h;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    e = n <= SIZE_MAX / sizeof *e ? malloc(n * sizeof *e) : NULL;
    tab = vmsm_alloc(n, sizeof *tab);
    if (e == NULL || tab == NULL) {
        free(e);
        free(tab);
        return -1;
    }
    for (size_t j = 0; j < n; j++) {
        sc_recode_radix16_256(e[j], scalars[j]);
        vpt_cached_multiples(tab[j], &points[j]);
    }
    vstraus_ct_run(&h, n, (const int8_t (*)[65])e, (const vpt_cached (*)[8])tab);
    vpt_to_ge(r, &h);
    vec25519_wipe(e, n * sizeof *e);
    vec25519_wipe(tab, n * sizeof *tab);
    vec25519_wipe(&h, sizeof h);
    free(e);
    free(tab);
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

/* The most nonzero digits of a 257-digit wNAF_5: they are at least 5 apart. */
#define VWNAF5_CAP (256 / 5 + 2)

/*
 * The nonzero digits of the width-5 NAF of s (the digits of
 * sc_recode_wnaf_vartime(·, s, 5): odd, |d| ≤ 15, at least 5 apart), as
 * (position, digit) pairs by increasing position; returns their number
 * (≤ VWNAF5_CAP). With a carry c pending at position i, the digit there is 0
 * exactly when bit i equals c, so the next nonzero digit is at the lowest
 * set bit of (s >> i) XOR (c ? ~0 : 0): one count-trailing-zeros skips a
 * whole run of zero digits (64 positions when the word is all c). There the
 * 5-bit window plus c is odd and < 32: the digit is v, or v − 32 with a
 * carry of 1 when v > 16. Past bit 255 the bits are 0, so a last carry ends
 * as the digit 1 at position 256. Variable time: s public.
 */
static size_t vwnaf5_digits(uint16_t *pos, int8_t *dig, const uint8_t s[32])
{
    uint64_t x[6] = {0, 0, 0, 0, 0, 0};
    uint64_t c = 0;
    size_t k = 0;
    int i = 0;

    for (int q = 0; q < 4; q++) x[q] = load64_le(s + 8 * q);
    while (i < 257) {
        int q = i / 64, sh = i % 64;
        uint64_t v = sh == 0 ? x[q] : (x[q] >> sh) | (x[q + 1] << (64 - sh));
        uint64_t z = v ^ (0 - c);
        if (z == 0) {
            i += 64;
            continue;
        }
        int skip = __builtin_ctzll(z);
        i += skip;
        if (i >= 257) break;
        int win = (int)((v >> skip) & 31) + (int)c; /* odd, < 32 */
        if (skip > 59) {                                       /* the window crosses the word */
            q = i / 64;
            sh = i % 64;
            win = (int)((sh == 0 ? x[q] : (x[q] >> sh) | (x[q + 1] << (64 - sh))) & 31) + (int)c;
        }
        c = win > 16;
        pos[k] = (uint16_t)i;
        dig[k++] = (int8_t)(win - (int)(c << 5));
        i += 5;
    }
    return k;
}


/*
 * Recode the n scalars, group their nonzero digits by position (a counting
 * sort, so that the main loop tests no zero digit), make the tables, and
 * return the highest position with a digit, or -1. Variable time.
 */
static int vstraus_prepare(vstraus_scratch *sc, size_t n, const uint8_t (*scalars)[32],
                           const ge_ext *points)
{
    uint32_t fill[257];
    int top = -1;

    memset(fill, 0, sizeof fill);
    for (size_t j = 0; j < n; j++) {
        uint16_t *p = sc->tpos + j * VWNAF5_CAP;
        sc->cnt[j] = (uint8_t)vwnaf5_digits(p, sc->tdig + j * VWNAF5_CAP, scalars[j]);
        for (size_t k = 0; k < sc->cnt[j]; k++) fill[p[k]]++;
    }
    sc->start[0] = 0;
    for (int i = 0; i < 257; i++) {
        sc->start[i + 1] = sc->start[i] + fill[i];
        if (fill[i] != 0) top = i;
        fill[i] = sc->start[i];
    }
    for (size_t j = 0; j < n; j++) {
        const uint16_t *p = sc->tpos + j * VWNAF5_CAP;
        const int8_t *d = sc->tdig + j * VWNAF5_CAP;
        for (size_t k = 0; k < sc->cnt[j]; k++) {
            uint32_t at = fill[p[k]]++;
            sc->who[at] = (uint32_t)j;
            sc->dig[at] = d[k];
        }
        vpt_cached_odd_multiples(sc->tab[j], NULL, &points[j], 8);
    }
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
        uint32_t k = sc->start[i], end = sc->start[i + 1];
        if (k != end && owed > 0) {
            vpt_dbl_n(h, h, owed);
            owed = 0;
        }
        for (; k < end; k++) {
            int d = sc->dig[k];
            const vpt_cached *q = &sc->tab[sc->who[k]][(d > 0 ? d : -d) / 2];
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
    sc->who = vcarve(base, total, n * VWNAF5_CAP, sizeof *sc->who);
    sc->tpos = vcarve(base, total, n * VWNAF5_CAP, sizeof *sc->tpos);
    sc->tdig = vcarve(base, total, n * VWNAF5_CAP, 1);
    sc->dig = vcarve(base, total, n * VWNAF5_CAP, 1);
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
    vstraus_scratch sc;
    unsigned char *block;
    size_t total = 0;
    vpt_ext h;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (n > VMSM_MAX_N) return -1;
    vstraus_layout(&sc, &total, NULL, n);
    block = aligned_alloc(64, total);
    if (block == NULL) return -1;
    total = 0;
    vstraus_layout(&sc, &total, block, n);
    vstraus_vt_in(&h, n, scalars, points, &sc);
    vpt_to_ge(r, &h);
    free(block);
    return 0;
}

/* The same in chunks of VMSM_STACK_CHUNK points with stack scratch (about
 * 25 KiB); never fails. Variable time. r may alias a point. */
void VFN(msm_straus_vartime_stack)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                   const ge_ext *points)
{
    enum { CAP = VMSM_STACK_CHUNK * VWNAF5_CAP };
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
    sc.who = who;
    sc.dig = dig;
    sc.tab = tab;
    vpt_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += VMSM_STACK_CHUNK) {
        size_t m = n - lo < VMSM_STACK_CHUNK ? n - lo : VMSM_STACK_CHUNK;
        vstraus_vt_in(&h, m, scalars + lo, points + lo, &sc);
        vpt_add(&acc, &acc, &h);
    }
    vpt_to_ge(r, &acc);
}
