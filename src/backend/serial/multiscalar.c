/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The serial backend's multiscalar entries (src/backend/backend.h), the twin
 * of src/backend/vector/multiscalar.c: the choice between Straus (straus.c)
 * and Pippenger (pippenger.c) by the effective size of the problem, the
 * allocation-free fallbacks, and the caller-scratch form. Contracts in
 * msm.h; the crossover and windows: docs/msm.md.
 */
#include <stdlib.h>
#include <string.h>

#include "../../scalar/sc.h"
#include "../backend.h"
#include "msm.h"

/*
 * The size in "full scalars" of a multiscalar problem: Σ bitlength(s_i) / 253
 * rounded up. The cost of both methods grows with the number of nonzero
 * digits, so a batch whose scalars are half 128-bit (Ed25519 batch
 * verification) behaves like a smaller full-size one; the crossover and the
 * windows, measured on full-size scalars, are looked up with this size.
 * Variable time.
 */
size_t ge_msm_effective_n_vartime(size_t n, const uint8_t (*scalars)[32])
{
    size_t bits = 0;
    for (size_t i = 0; i < n; i++) {
        int top = 31;
        while (top >= 0 && scalars[i][top] == 0) top--;
        if (top < 0) continue;
        int b = 8 * top;
        for (unsigned v = scalars[i][top]; v != 0; v >>= 1) b++;
        bits += (size_t)b;
    }
    return (bits + 252) / 253;
}

/* The serial backend's constant-time multiscalar: never fails. */
void ge_multiscalar(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    if (n <= GE_MSM_STACK_CHUNK || ge_msm_straus_ct(r, n, scalars, points) != 0)
        ge_msm_straus_ct_stack(r, n, scalars, points);
}

/* The serial backend's multiscalar_vartime: never fails (stack Straus when
 * the heap is short, or for n ≤ GE_MSM_STACK_CHUNK where it is the same
 * algorithm without malloc). Straus below GE_MSM_PIPPENGER_MIN full-size
 * scalars (ge_msm_effective_n_vartime), Pippenger from there. Variable time. */
void ge_multiscalar_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points)
{
    size_t ne;
    int rc;

    if (n <= GE_MSM_STACK_CHUNK) {
        ge_msm_straus_vartime_stack(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    if (ne < GE_MSM_PIPPENGER_MIN) {
        rc = ge_msm_straus_vartime(r, n, scalars, points);
    } else {
        rc = ge_msm_pippenger_vartime(r, n, scalars, points, ge_msm_pippenger_window(ne));
    }
    if (rc != 0) ge_msm_straus_vartime_stack(r, n, scalars, points);
}

/*
 * The caller-scratch form of ge_multiscalar_vartime (msm.h): an upper bound
 * of what either method needs for n points, whatever the scalars. The
 * effective size is at most ⌈256·n/253⌉ ≤ 2n + 1, and the window table is
 * nondecreasing, so the Pippenger windows that can occur are 4..window(2n+1).
 */
size_t ge_multiscalar_vartime_scratch_bytes(size_t n)
{
    ge_msm_straus_scratch sc;
    size_t straus = 0, best;
    int wmax;

    if (n <= GE_MSM_STACK_CHUNK) return 0;
    if (n > SIZE_MAX / (4 * SC_WNAF_CAP(5))) return SIZE_MAX;
    ge_msm_straus_layout(&sc, &straus, NULL, n, 0);
    best = straus;
    wmax = ge_msm_pippenger_window(2 * n + 1);
    for (int w = 4; w <= wmax; w++) {
        size_t t = 0, o[5];
        ge_msm_pippenger_layout(&t, o, n, w);
        if (t > best) best = t;
    }
    return best;
}

void ge_multiscalar_vartime_scratch(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                    const ge_ext *points, void *scratch)
{
    size_t ne;

    if (n <= GE_MSM_STACK_CHUNK || scratch == NULL) {
        ge_msm_straus_vartime_stack(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    if (ne < GE_MSM_PIPPENGER_MIN) {
        ge_msm_straus_scratch sc;
        size_t total = 0;
        ge_msm_straus_layout(&sc, &total, scratch, n, 0);
        ge_msm_straus_vt_in(r, n, scalars, points, &sc);
    } else {
        ge_msm_pippenger_in(r, n, scalars, points, ge_msm_pippenger_window(ne), scratch);
    }
}
