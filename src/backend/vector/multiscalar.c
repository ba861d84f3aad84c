/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The multiscalar entries of a vector backend table, the twin of
 * src/backend/serial/multiscalar.c: Straus (straus.c) or Pippenger
 * (pippenger.c) by the effective size, the allocation-free fallbacks and
 * the caller-scratch form. Compiled once per ISA through
 * src/backend/<isa>/backend_<isa>.c.
 */
#include "algorithms.h"

/* The vector backend's constant-time multiscalar: never fails. */
void VFN(multiscalar)(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    if (n <= VMSM_STACK_CHUNK || VFN(msm_straus_ct)(r, n, scalars, points) != 0)
        VFN(msm_straus_ct_stack)(r, n, scalars, points);
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
    size_t best;

    if (n <= VMSM_STACK_CHUNK) return 0;
    if (n > VMSM_MAX_N) return SIZE_MAX;
    best = vmsm_bytes(n, 0);
    for (int w = 4; w <= VFN(msm_pippenger_window)(n); w++) {
        size_t t = vmsm_bytes(n, w);
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
    size_t ne;
    vpt_ext h;

    if (n <= VMSM_STACK_CHUNK || scratch == NULL || n > VMSM_MAX_N) {
        VFN(msm_straus_vartime_stack)(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    vmsm_in(&h, n, scalars, points, ne < VMSM_PIPPENGER_MIN ? 0 : VFN(msm_pippenger_window)(ne),
            scratch);
    vpt_to_ge(r, &h);
}

/* ---- one block per run (algorithms.h) ---------------------------------------------- */

/* The bytes of a Straus (w = 0) or Pippenger (window w) run over n ≤
 * VMSM_MAX_N points. */
static size_t vmsm_bytes(size_t n, int w)
{
    vstraus_scratch ss;
    vpip_scratch ps;
    size_t total = 0;

    if (w == 0) {
        vstraus_layout(&ss, &total, NULL, n);
    } else {
        vpip_layout(&ps, &total, NULL, n, w);
    }
    return total;
}

/* h = Σ [s_i]P_i, n ≥ 1, by Straus (w = 0) or Pippenger with window w
 * (4 ≤ w ≤ 15) in the block at base (64-byte aligned, vmsm_bytes(n, w)
 * bytes). Variable time. */
static void vmsm_in(vpt_ext *h, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                    int w, unsigned char *base)
{
    size_t total = 0;

    if (w == 0) {
        vstraus_scratch sc;
        vstraus_layout(&sc, &total, base, n);
        vstraus_vt_in(h, n, scalars, points, &sc);
    } else {
        vpip_scratch sc;
        vpip_layout(&sc, &total, base, n, w);
        vpippenger_in(h, n, scalars, points, w, &sc);
    }
}

/* r = Σ [s_i]P_i as vmsm_in in a heap block of its own; n = 0 gives the
 * identity. 0, or -1 when n > VMSM_MAX_N or malloc fails (r unchanged).
 * Variable time. r may alias a point. */
static int vmsm_heap(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                     int w)
{
    unsigned char *block;
    vpt_ext h;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (n > VMSM_MAX_N) return -1;
    block = scratch_alloc(vmsm_bytes(n, w));
    if (block == NULL) return -1;
    vmsm_in(&h, n, scalars, points, w, block);
    vpt_to_ge(r, &h);
    scratch_free(block);
    return 0;
}
