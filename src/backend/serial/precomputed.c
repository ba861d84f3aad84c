/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Straus with precomputed width-8 NAF tables of affine Niels points for
 * static points (keys that are reused), mixed with dynamic points, on
 * serial points; contracts in msm.h. The shared table of the basepoint is
 * made on first use. curve25519-dalek's precomputed_straus.rs was read for
 * the structure; the code here is written independently.
 */
#include <stdlib.h>
#include <string.h>

#include "../../internal/once.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "msm.h"

/*
 * Odd multiples (2j+1)·P, j < GE_MSM_PRECOMP_ENTRIES, of np points into
 * tables t[0..np), affine Niels, with one inversion for all of them (the Z
 * coordinates are inverted together by fe_batch_invert; none is zero since
 * every point has Z ≠ 0). m and z are scratch of np·ENTRIES elements.
 * Variable time (public points; there is no branch on them anyway).
 */
static void tables_fill(ge_msm_table *t, size_t np, const ge_ext *points, ge_ext *m, fe *z)
{
    const size_t E = GE_MSM_PRECOMP_ENTRIES;

    for (size_t p = 0; p < np; p++) {
        ge_ext *mp = m + p * E;
        ge_cached p2;
        ge_compl c;
        ge_ext d;

        mp[0] = points[p];
        ge_ext_dbl(&d, &points[p]);
        ge_ext_to_cached(&p2, &d);
        for (size_t j = 1; j < E; j++) {
            ge_add_cached(&c, &mp[j - 1], &p2);
            ge_compl_to_ext(&mp[j], &c);
        }
        for (size_t j = 0; j < E; j++) z[p * E + j] = mp[j].Z;
    }
    fe_batch_invert(z, np * E);
    for (size_t p = 0; p < np; p++)
        for (size_t j = 0; j < E; j++) ge_ext_to_niels(&t[p].odd[j], &m[p * E + j], &z[p * E + j]);
}

/* t = the odd multiples of P, scratch on the stack (about 13 KB). */
void ge_msm_table_init(ge_msm_table *t, const ge_ext *P)
{
    ge_ext m[GE_MSM_PRECOMP_ENTRIES];
    fe z[GE_MSM_PRECOMP_ENTRIES];

    tables_fill(t, 1, P, m, z);
}

/* Tables of n points, in groups of up to 32 points per inversion (scratch on
 * the heap). 0, or -1 on allocation failure. */
int ge_msm_tables_init(ge_msm_table *t, size_t n, const ge_ext *points)
{
    const size_t group = 32;
    size_t g = n < group ? n : group;
    ge_ext *m;
    fe *z;
    unsigned char *base;
    size_t total = 0, o_m, o_z;

    if (n == 0) return 0;
    o_m = ge_msm_layout(&total, g * GE_MSM_PRECOMP_ENTRIES, sizeof *m);
    o_z = ge_msm_layout(&total, g * GE_MSM_PRECOMP_ENTRIES, sizeof *z);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    m = (ge_ext *)(void *)(base + o_m);
    z = (fe *)(void *)(base + o_z);
    for (size_t lo = 0; lo < n; lo += g) {
        size_t np = n - lo < g ? n - lo : g;
        tables_fill(t + lo, np, points + lo, m, z);
    }
    ge_msm_scratch_free(base);
    return 0;
}

/*
 * The basepoint's table, made on first use (src/internal/once.h): the
 * thread that claims the shared table fills and publishes it; a thread that
 * finds it still being filled fills its own copy in *scratch instead, so no
 * thread waits and none reads a table being written.
 */
static ge_msm_table base_table_shared;
static atomic_int base_table_state;

const ge_msm_table *ge_msm_base_table(ge_msm_table *scratch)
{
    switch (once_claim(&base_table_state)) {
    case ONCE_READY:
        return &base_table_shared;
    case ONCE_MINE:
        ge_msm_table_init(&base_table_shared, &ge_basepoint);
        once_publish(&base_table_state);
        return &base_table_shared;
    default: /* ONCE_BUSY */
        ge_msm_table_init(scratch, &ge_basepoint);
        return scratch;
    }
}

/*
 * r = Σ [a_i]Q_i (static, tables given) + Σ [b_j]P_j (dynamic). Straus over
 * both, unless the dynamic part alone has an effective size of at least
 * GE_MSM_PIPPENGER_MIN: then it is done by Pippenger and added at the end.
 * Variable time.
 */
int ge_msm_precomp_vartime(ge_ext *r, size_t ns, const uint8_t (*sscalars)[32],
                           const ge_msm_table *const *stables, size_t nd,
                           const uint8_t (*dscalars)[32], const ge_ext *dpoints)
{
    int pip = nd > GE_MSM_STACK_CHUNK &&
              ge_msm_effective_n_vartime(nd, dscalars) >= GE_MSM_PIPPENGER_MIN;
    size_t nds = pip ? 0 : nd; /* dynamic points done by Straus */
    ge_msm_straus_scratch sc;
    ge_msm_digits dp;
    ge_ext h, dyn;
    int top;

    if (ns > SIZE_MAX / (4 * SC_WNAF_CAP(5)) || nds > SIZE_MAX / (4 * SC_WNAF_CAP(5))) return -1;
    if (ge_msm_straus_alloc(&sc, nds, ns) != 0) return -1;
    if (pip && ge_msm_pippenger_vartime(&dyn, nd, dscalars, dpoints, 0) != 0) {
        ge_msm_straus_free(&sc);
        return -1;
    }
    dp.who = sc.who;
    dp.dig = sc.dig;
    top = ge_msm_sort_digits(&dp, sc.tpos, sc.tdig, sc.cnt, nds, dscalars, ns, sscalars);
    for (size_t j = 0; j < nds; j++) ge_cached_odd_multiples(sc.tab[j], &dpoints[j], 8);
    ge_msm_straus_vt_run(&h, &dp, top, nds, (const ge_cached (*)[8])sc.tab, stables);
    if (pip) ge_ext_add(&h, &h, &dyn);
    *r = h;
    ge_msm_straus_free(&sc);
    return 0;
}
