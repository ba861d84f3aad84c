/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Pippenger's bucket method on 4-way vector points, the twin of
 * src/backend/serial/pippenger.c (contracts in msm.h beside this file):
 * signed radix-2^w digits (sc_radix2w_column_vartime), points in cached
 * vector form, buckets extended. Compiled once per ISA through
 * src/backend/<isa>/backend_<isa>.c.
 */
#include "algorithms.h"

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
    static const ge_msm_window_row windows[] = {
#if defined(VEC25519_VECTOR_AVX2)
        {96, 5}, {256, 6}, {448, 7}, {1792, 8}, {3072, 9}, {8192, 10}, {16384, 11},
#else
        {112, 5}, {256, 6}, {640, 7}, {1792, 8}, {3584, 9}, {8192, 10}, {16384, 11},
#endif
    };
    return ge_msm_window_lookup(windows, sizeof windows / sizeof windows[0], n);
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
        sc_radix2w_column_vartime(sc->dig, n, j, scalars[j], w, nd);
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
    if (n > 0 && w == 0) w = VFN(msm_pippenger_window)(ge_msm_effective_n_vartime(n, scalars));
    if (n > 0 && (w < 4 || w > 15)) return -1;
    return vmsm_heap(r, n, scalars, points, w);
}
