/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Pippenger's bucket method (N. Pippenger, "On the evaluation of powers and
 * related problems", FOCS 1976; D. J. Bernstein, J. Doumen, T. Lange,
 * J.-J. Oosterwijk, "Faster batch forgery identification", INDOCRYPT 2012,
 * §4) on serial points with signed radix-2^w digits
 * (sc_radix2w_column_vartime), the twin of src/backend/vector/pippenger.c;
 * contracts in msm.h. curve25519-dalek's pippenger.rs was read for the
 * structure; the code here is written independently.
 */
#include <stdlib.h>
#include <string.h>

#include "../../scalar/sc.h"
#include "../backend.h"
#include "msm.h"

/*
 * The window for n full-size scalars: the sweep of tools/msm_sweep.c on the
 * development machine (docs/msm.md), whose best w agrees with the cost model
 * (256/w + 1)·(7·n + 5.5·2^w) multiplications (a mixed addition per nonzero
 * digit, the first point of a bucket copied rather than added, two 9M
 * additions per bucket for the running sums) within its noise; the switch
 * points are the model's, rounded.
 */
int ge_msm_pippenger_window(size_t n)
{
    static const ge_msm_window_row windows[] = {
        {96, 5}, {256, 6}, {768, 7}, {1280, 8}, {3072, 9}, {8192, 10}, {16384, 11},
    };
    return ge_msm_window_lookup(windows, sizeof windows / sizeof windows[0], n);
}

/* The table lookup of the serial and vector window functions (msm.h). */
int ge_msm_window_lookup(const ge_msm_window_row *rows, size_t nrows, size_t n)
{
    for (size_t i = 0; i < nrows; i++)
        if (n < rows[i].below) return rows[i].w;
    return 12;
}

/* h = a + b in P³ where a or b may be "unset" (the identity, not yet
 * written): *set says whether h holds a value. Variable time. */
static void add_or_set(ge_ext *h, int *set, const ge_ext *b)
{
    if (*set) {
        ge_ext_add(h, h, b);
    } else {
        *h = *b;
        *set = 1;
    }
}

/* The scratch of a Pippenger run over n points with window w (4 ≤ w ≤ 15),
 * laid out after *total (ge_msm_layout): offsets of the affine points, the
 * inverses, the buckets, the digits and the bucket flags in o[0..4]. */
void ge_msm_pippenger_layout(size_t *total, size_t o[5], size_t n, int w)
{
    size_t nd = (size_t)(256 / w + 1), nb = (size_t)1 << (w - 1);

    o[0] = ge_msm_layout(total, n, sizeof(ge_niels));
    o[1] = ge_msm_layout(total, n, sizeof(fe));
    o[2] = ge_msm_layout(total, nb, sizeof(ge_ext));
    o[3] = ge_msm_layout(total, n <= SIZE_MAX / nd ? n * nd : SIZE_MAX, sizeof(int16_t));
    o[4] = ge_msm_layout(total, nb, 1);
}

/*
 * r = Σ [s_i]P_i by the bucket method with window w (see the file header).
 * The points are first put in affine Niels form with one inversion for all
 * (fe_batch_invert: about 7M per point), so that each bucket addition is a
 * mixed addition (7M instead of 8M). Buckets hold P³ points; an empty bucket
 * is marked rather than set to the identity, so its first point is copied
 * instead of added. n ≥ 1, 4 ≤ w ≤ 15; base: scratch laid out by
 * pippenger_layout from offset 0. Variable time.
 */
void ge_msm_pippenger_in(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                         int w, unsigned char *base)
{
    int16_t *dig;
    ge_niels *aff;
    fe *zinv;
    ge_ext *bucket;
    uint8_t *used;
    size_t total = 0, o[5];
    ge_ext acc, run, sum;
    ge_compl c;
    int nd = 256 / w + 1, acc_set = 0;
    size_t nb = (size_t)1 << (w - 1);

    ge_msm_pippenger_layout(&total, o, n, w);
    aff = (ge_niels *)(void *)(base + o[0]);
    zinv = (fe *)(void *)(base + o[1]);
    bucket = (ge_ext *)(void *)(base + o[2]);
    dig = (int16_t *)(void *)(base + o[3]);
    used = base + o[4];
    for (size_t j = 0; j < n; j++) {
        sc_radix2w_column_vartime(dig, n, j, scalars[j], w, nd);
        zinv[j] = points[j].Z;
    }
    fe_batch_invert(zinv, n); /* every Z ≠ 0 */
    for (size_t j = 0; j < n; j++) ge_ext_to_niels(&aff[j], &points[j], &zinv[j]);

    for (int k = nd - 1; k >= 0; k--) {
        const int16_t *row = dig + (size_t)k * n;
        int run_set = 0, sum_set = 0;

        if (acc_set) ge_ext_dbl_n(&acc, &acc, w);
        memset(used, 0, nb);
        for (size_t j = 0; j < n; j++) {
            int d = row[j];
            if (d == 0) continue;
            size_t b = (size_t)(d > 0 ? d : -d) - 1;
            if (!used[b]) {
                if (d > 0) {
                    bucket[b] = points[j];
                } else {
                    ge_ext_neg(&bucket[b], &points[j]);
                }
                used[b] = 1;
            } else {
                if (d > 0) {
                    ge_add_niels(&c, &bucket[b], &aff[j]);
                } else {
                    ge_sub_niels(&c, &bucket[b], &aff[j]);
                }
                ge_compl_to_ext(&bucket[b], &c);
            }
        }
        /* sum = Σ (b+1)·bucket[b] = Σ_b (bucket[nb-1] + ... + bucket[b]) */
        for (size_t b = nb; b-- > 0;) {
            if (used[b]) add_or_set(&run, &run_set, &bucket[b]);
            if (run_set) add_or_set(&sum, &sum_set, &run);
        }
        if (sum_set) add_or_set(&acc, &acc_set, &sum);
    }
    if (acc_set) {
        *r = acc;
    } else {
        ge_ext_0(r);
    }
}

/* r = Σ [s_i]P_i, Pippenger with window w (0: the measured choice), scratch
 * on the heap. Variable time. */
int ge_msm_pippenger_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                             const ge_ext *points, int w)
{
    unsigned char *base;
    size_t total = 0, o[5];

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (w == 0) w = ge_msm_pippenger_window(ge_msm_effective_n_vartime(n, scalars));
    if (w < 4 || w > 15) return -1;
    ge_msm_pippenger_layout(&total, o, n, w);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    ge_msm_pippenger_in(r, n, scalars, points, w, base);
    ge_msm_scratch_free(base);
    return 0;
}
