/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Multiscalar multiplication r = Σ [s_i]P_i on 4-way vector points, the twin
 * of src/backend/serial/msm.c (contracts in msm.h beside this file), written
 * once against the vector-point interface (vpoint.h) and compiled once per
 * ISA: included by src/backend/avx2/backend_avx2.c and
 * src/backend/ifma/backend_ifma.c after ../vector/scalarmult.c, whose
 * helpers it uses (vpt_cached_select, vpt_dbl_n, odd_multiples) and whose
 * backend table points at VFN(multiscalar_vartime) and VFN(multiscalar).
 *
 * The algorithms are the serial ones (Straus 1964 with HMV Alg. 3.51;
 * Pippenger 1976 / Bernstein-Doumen-Lange-Oosterwijk 2012 §4: docs/msm.md §2);
 * what changes is the representation. A vector point carries (X, Y, Z, T)
 * in four lanes and is added by the HWCD 4-way formulas (HWCD 2008, eprint
 * 2008/522, §3.1 and the 4-processor formulas; docs/avx2.md §7, docs/ifma.md
 * §7): re-addition of a cached point (2M), extended addition (2M + 1D),
 * doubling (1M + 1S). So:
 *   - no P²/P³ juggling: the running sums stay extended;
 *   - no affine Niels form: the serial Pippenger inverts every Z once to
 *     make its bucket additions mixed (7M instead of 8M); a vector
 *     re-addition is already the cheapest addition there is, so the points
 *     are put in cached form (one mul_small each) and no inversion is done;
 *   - conversions serial ↔ vector cost a limb split or join each way: they
 *     are done once per point, and once per bucket for its first point;
 *   - vector additions are cheap relative to the bookkeeping around them,
 *     and Straus' additions are the same re-additions as Pippenger's (no
 *     mixed-addition advantage for Pippenger): the crossover (96 effective
 *     scalars on IFMA, 128 on AVX2, 128 serially) and the windows are
 *     measured per ISA (docs/msm.md §8).
 *
 * Digits (representation-independent; the recodings are the same integers
 * as in the serial file):
 *   - constant-time Straus: signed radix 16 from sc_recode_radix16 on
 *     s mod 2^255, plus bit 255 folded into a 65th digit (no reduction);
 *   - wNAF Straus: the nonzero digits of the width-5 NAF found by skipping
 *     runs of zeros (count-trailing-zeros), grouped by position (a counting
 *     sort);
 *   - Pippenger: signed radix 2^w, position-major.
 *
 * Scratch: the wNAF Straus and Pippenger lay their arrays out in one
 * 64-byte-aligned block (vector points are __m256i rows), from
 * aligned_alloc, or the caller's (VFN(multiscalar_vartime_scratch), the
 * backend.h form that batch verification uses to keep one block per
 * batch: docs/msm.md §4). Variable-time functions (named _vartime)
 * branch on scalars and index by their digits: public inputs only. The
 * constant-time Straus branches on n only, reads whole tables through
 * vpt_cached_select, and wipes its stack and heap secrets.
 */
#include <stdlib.h>
#include <string.h>

#include "../../internal/bytes.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "../serial/msm.h" /* the scratch helpers and the shared scalar digits */
#include "msm.h"
#include "vpoint.h"

#if defined(VEC25519_VECTOR_AVX2)
#define VMSM_PIPPENGER_MIN AVX2_MSM_PIPPENGER_MIN
#else
#define VMSM_PIPPENGER_MIN IFMA_MSM_PIPPENGER_MIN
#endif

/* A 64-byte-aligned block of n·size bytes (at least 64), or NULL, also when
 * n·size overflows. Free with free(). */
static void *vmsm_alloc(size_t n, size_t size)
{
    size_t bytes;

    if (size != 0 && n > (SIZE_MAX - 64) / size) return NULL;
    bytes = (n * size + 63) & ~(size_t)63;
    return aligned_alloc(64, bytes > 0 ? bytes : 64);
}

/*
 * Scratch layouts: *off advances by n·size rounded up to 64 bytes; the
 * return value is base + the old *off (64-byte aligned when base is), or
 * NULL when base is NULL (only counting). Callers bound n first, so that
 * no product here overflows (VMSM_MAX_N).
 */
#define VMSM_MAX_N (SIZE_MAX / 4096)
static void *vcarve(unsigned char *base, size_t *off, size_t n, size_t size)
{
    size_t at = *off;

    *off += (n * size + 63) & ~(size_t)63;
    return base != NULL ? base + at : NULL;
}

/* ---- constant-time Straus ---------------------------------------------------------- */

/* table[j] = [j+1]P, j = 0..7, cached: P, then seven re-additions of P (the
 * formulas are unified, so P + P is a doubling). Constant time. */
static void vmultiples_ct(vpt_cached table[8], const ge_ext *P)
{
    vpt_ext m;

    vpt_from_ge(&m, P);
    vpt_to_cached(&table[0], &m);
    for (int j = 1; j < 8; j++) {
        vpt_add_cached(&m, &m, &table[0]);
        vpt_to_cached(&table[j], &m);
    }
    vec25519_wipe(&m, sizeof m);
}

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
        ge_msm_recode_radix16_256(e[j], scalars[j]);
        vmultiples_ct(tab[j], &points[j]);
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
            ge_msm_recode_radix16_256(e[j], scalars[lo + j]);
            vmultiples_ct(tab[j], &points[lo + j]);
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

/* The vector backend's constant-time multiscalar: never fails. */
void VFN(multiscalar)(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    if (n <= VMSM_STACK_CHUNK || VFN(msm_straus_ct)(r, n, scalars, points) != 0)
        VFN(msm_straus_ct_stack)(r, n, scalars, points);
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
 * Scratch of a wNAF Straus run over n points: tpos/tdig/cnt the digit lists
 * of each point (VWNAF5_CAP slots per point); tab[j] the odd multiples P, 3P,
 * ..., 15P of point j (cached; a negative digit negates its entry, which
 * measured as fast as a table of the negatives too, at half the memory);
 * who/dig the same digits grouped by position:
 * those at position i are dig[k] of point who[k] for start[i] ≤ k <
 * start[i+1].
 */
typedef struct {
    uint32_t start[258];
    uint16_t *tpos;
    int8_t *tdig;
    uint8_t *cnt;
    uint32_t *who;
    int8_t *dig;
    vpt_cached (*tab)[8];
} vstraus_scratch;

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
        odd_multiples(sc->tab[j], NULL, &points[j], 8); /* scalarmult.c */
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

/* ---- Pippenger ----------------------------------------------------------------- */

/*
 * The window for n full-size scalars, measured per ISA with the vector sweep
 * (docs/msm.md §8: the best w of each row, the switch points rounded). The
 * cost model, in re-additions a: (256/w + 1)·(n + c·2^w) + 256·(0.95..1.1),
 * with c ≈ 1.1–1.2 (two extended additions per bucket, each ≈ 1.1–1.2a,
 * less the first point of a bucket, converted instead of added), puts the
 * switches a little lower (w = 6 from about 150, 7 from 380, 8 from 900);
 * the measured rows differ from it by less than their noise there.
 */
int VFN(msm_pippenger_window)(size_t n)
{
    static const struct {
        size_t below; /* for n < below */
        int w;
    } windows[] = {
#if defined(VEC25519_VECTOR_AVX2)
        {96, 5}, {256, 6}, {448, 7}, {1792, 8}, {3072, 9}, {8192, 10}, {16384, 11},
#else
        {112, 5}, {256, 6}, {640, 7}, {1792, 8}, {3584, 9}, {8192, 10}, {16384, 11},
#endif
    };
    for (size_t i = 0; i < sizeof windows / sizeof windows[0]; i++)
        if (n < windows[i].below) return windows[i].w;
    return 12;
}

/* h = h + b where h may be unset (the identity, not yet written): *set says
 * whether h holds a value. Variable time. */
static void vadd_or_set(vpt_ext *h, int *set, const vpt_ext *b)
{
    if (*set) {
        vpt_add(h, h, b);
    } else {
        *h = *b;
        *set = 1;
    }
}

/* The scratch of Pippenger over n ≤ VMSM_MAX_N points with window w. */
typedef struct {
    vpt_cached *pc;  /* the points, cached */
    vpt_ext *bucket; /* 2^(w-1) buckets */
    int16_t *dig;    /* (256/w + 1)·n digits, position-major */
    uint8_t *used;   /* 2^(w-1) flags */
} vpip_scratch;

static void vpip_layout(vpip_scratch *sc, size_t *total, unsigned char *base, size_t n, int w)
{
    size_t nb = (size_t)1 << (w - 1);

    sc->pc = vcarve(base, total, n, sizeof *sc->pc);
    sc->bucket = vcarve(base, total, nb, sizeof *sc->bucket);
    sc->dig = vcarve(base, total, n * (size_t)(256 / w + 1), sizeof *sc->dig);
    sc->used = vcarve(base, total, nb, 1);
}

/*
 * h = Σ [s_i]P_i by the bucket method with window w (4 ≤ w ≤ 15), n ≥ 1, in
 * the scratch sc. Points in cached vector form (one conversion and one
 * mul_small each), buckets extended; an empty bucket takes its first point
 * by conversion (±P_j, serial negation) instead of an addition to the
 * identity. For each window from the top: w doublings of the accumulator,
 * one re-addition per nonzero digit, then Σ_b b·bucket[b] by running sums
 * (two extended additions per bucket). Variable time.
 */
static void vpippenger_in(vpt_ext *h, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points, int w, const vpip_scratch *sc)
{
    const int nd = 256 / w + 1;
    const size_t nb = (size_t)1 << (w - 1);
    vpt_cached *pc = sc->pc;
    vpt_ext *bucket = sc->bucket;
    uint8_t *used = sc->used;
    vpt_ext run, sum;
    vpt_cached t;
    int acc_set = 0;

    for (size_t j = 0; j < n; j++) {
        vpt_ext e;
        ge_msm_radix2w_column_vartime(sc->dig, n, j, scalars[j], w, nd);
        vpt_from_ge(&e, &points[j]);
        vpt_to_cached(&pc[j], &e);
    }
    for (int k = nd - 1; k >= 0; k--) {
        const int16_t *row = sc->dig + (size_t)k * n;
        int run_set = 0, sum_set = 0;

        if (acc_set) vpt_dbl_n(h, h, w);
        memset(used, 0, nb);
        for (size_t j = 0; j < n; j++) {
            int d = row[j];
            if (d == 0) continue;
            size_t b = (size_t)(d > 0 ? d : -d) - 1;
            if (!used[b]) {
                if (d > 0) {
                    vpt_from_ge(&bucket[b], &points[j]);
                } else {
                    ge_ext neg;
                    ge_ext_neg(&neg, &points[j]);
                    vpt_from_ge(&bucket[b], &neg);
                }
                used[b] = 1;
            } else if (d > 0) {
                vpt_add_cached(&bucket[b], &bucket[b], &pc[j]);
            } else {
                vpt_cached_cneg(&t, &pc[j], ct_from_bit(1));
                vpt_add_cached(&bucket[b], &bucket[b], &t);
            }
        }
        /* sum = Σ (b+1)·bucket[b] = Σ_b (bucket[nb-1] + ... + bucket[b]) */
        for (size_t b = nb; b-- > 0;) {
            if (used[b]) vadd_or_set(&run, &run_set, &bucket[b]);
            if (run_set) vadd_or_set(&sum, &sum_set, &run);
        }
        if (sum_set) vadd_or_set(h, &acc_set, &sum);
    }
    if (!acc_set) vpt_ext_0(h);
}

/*
 * r = Σ [s_i]P_i by the bucket method with window w (4 ≤ w ≤ 15; 0: the
 * measured window for the effective size), scratch in one heap block.
 * Variable time. 0, or -1 on allocation failure or a window out of range (r
 * unchanged). r may alias a point.
 */
int VFN(msm_pippenger_vartime)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                               const ge_ext *points, int w)
{
    vpip_scratch sc;
    unsigned char *block;
    size_t total = 0;
    vpt_ext h;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (w == 0) w = VFN(msm_pippenger_window)(ge_msm_effective_n_vartime(n, scalars));
    if (w < 4 || w > 15 || n > VMSM_MAX_N) return -1;
    vpip_layout(&sc, &total, NULL, n, w);
    block = aligned_alloc(64, total);
    if (block == NULL) return -1;
    total = 0;
    vpip_layout(&sc, &total, block, n, w);
    vpippenger_in(&h, n, scalars, points, w, &sc);
    vpt_to_ge(r, &h);
    free(block);
    return 0;
}

/* The vector backend's multiscalar_vartime: never fails (stack Straus when
 * the heap is short, or for n ≤ VMSM_STACK_CHUNK where it is the same
 * algorithm without malloc). Straus below VMSM_PIPPENGER_MIN full-size
 * scalars (ge_msm_effective_n_vartime), Pippenger from there. Variable time. */
void VFN(multiscalar_vartime)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                              const ge_ext *points)
{
    size_t ne;
    int rc;

    if (n <= VMSM_STACK_CHUNK) {
        VFN(msm_straus_vartime_stack)(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    if (ne < VMSM_PIPPENGER_MIN) {
        rc = VFN(msm_straus_vartime)(r, n, scalars, points);
    } else {
        rc = VFN(msm_pippenger_vartime)(r, n, scalars, points, VFN(msm_pippenger_window)(ne));
    }
    if (rc != 0) VFN(msm_straus_vartime_stack)(r, n, scalars, points);
}

/*
 * The caller-scratch form (backend.h, multiscalar_vartime_scratch): the
 * bytes for n points and any scalars — the larger of the Straus layout and
 * the Pippenger layouts of every window up to the one of n (the window
 * grows with the effective size, which is at most n) — 0 when the stack
 * chunks serve (n ≤ VMSM_STACK_CHUNK), SIZE_MAX when n is too large.
 */
size_t VFN(multiscalar_vartime_scratch_bytes)(size_t n)
{
    vstraus_scratch ss;
    vpip_scratch ps;
    size_t best = 0;

    if (n <= VMSM_STACK_CHUNK) return 0;
    if (n > VMSM_MAX_N) return SIZE_MAX;
    vstraus_layout(&ss, &best, NULL, n);
    for (int w = 4; w <= VFN(msm_pippenger_window)(n); w++) {
        size_t t = 0;
        vpip_layout(&ps, &t, NULL, n, w);
        if (t > best) best = t;
    }
    return best;
}

/* multiscalar_vartime in the caller's scratch (64-byte aligned, at least
 * VFN(multiscalar_vartime_scratch_bytes)(n) bytes; NULL: the stack form).
 * Never fails. Variable time. r may alias a point. */
void VFN(multiscalar_vartime_scratch)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                      const ge_ext *points, void *scratch)
{
    size_t ne, total = 0;
    vpt_ext h;

    if (n <= VMSM_STACK_CHUNK || scratch == NULL || n > VMSM_MAX_N) {
        VFN(msm_straus_vartime_stack)(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    if (ne < VMSM_PIPPENGER_MIN) {
        vstraus_scratch sc;
        vstraus_layout(&sc, &total, scratch, n);
        vstraus_vt_in(&h, n, scalars, points, &sc);
    } else {
        vpip_scratch sc;
        int w = VFN(msm_pippenger_window)(ne);
        vpip_layout(&sc, &total, scratch, n, w);
        vpippenger_in(&h, n, scalars, points, w, &sc);
    }
    vpt_to_ge(r, &h);
}
