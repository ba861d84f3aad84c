/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * VFN(scalarmult_base): [s]B, constant time, fixed base, on 4-way vector
 * points, the twin of src/backend/serial/fixed_base.c. The fixed-base table
 * is in cached vector form, computed on first use (the serial one is a
 * generated affine-Niels table): a 4-way re-addition measures faster than
 * the serial mixed addition (docs/avx2.md §9.2). Compiled once per ISA
 * through src/backend/<isa>/backend_<isa>.c (only where vpoint.h sets
 * VBACKEND_VECTOR_BASE).
 */
#include "../../internal/once.h"
#include "algorithms.h"

#if VBACKEND_VECTOR_BASE
/*
 * The fixed-base table: base_shared[k][j] = (j+1)·256^k·B (k < 32, j < 8) in
 * cached vector form, the vector twin of the serial base_table (affine
 * Niels there). Computed on first use by the thread that wins the
 * compare-and-swap; a thread that finds it being filled uses the serial
 * fixed-base multiplication instead of waiting (a 40 KiB private copy would
 * not fit a small stack). Public data: the table only depends on B.
 */
typedef struct {
    vpt_cached row[32][8]; /* row[k][j] = (j+1)·256^k·B */
} base_vtable;

static base_vtable base_shared;
static atomic_int base_state; /* 0 empty, 1 being filled, 2 ready */

static void base_compute(base_vtable *tb)
{
    vpt_ext p, m;

    vpt_from_ge(&p, &ge_basepoint);
    for (int k = 0; k < 32; k++) {
        /* p = 256^k·B; m runs through (j+1)·p */
        vpt_to_cached(&tb->row[k][0], &p);
        vpt_dbl(&m, &p);
        vpt_to_cached(&tb->row[k][1], &m);
        for (int j = 2; j < 8; j++) {
            vpt_add_cached(&m, &m, &tb->row[k][0]);
            vpt_to_cached(&tb->row[k][j], &m);
        }
        vpt_dbl_n(&p, &p, 8);
    }
}

/* The shared table, or NULL while another thread is filling it. */
static const base_vtable *base_table_v(void)
{
    switch (once_claim(&base_state)) {
    case ONCE_READY:
        return &base_shared;
    case ONCE_MINE:
        base_compute(&base_shared);
        once_publish(&base_state);
        return &base_shared;
    default: /* ONCE_BUSY */
        return NULL;
    }
}

/*
 * r = [s]B. s: 32 bytes, s[31] ≤ 127. The serial method (BDLSY 2011, as in
 * ge_scalarmult_base) on the vector table:
 *
 *   h = Σ_k [e[2k+1]]·(256^k·B);  h = 16·h;  h = h + Σ_k [e[2k]]·(256^k·B),
 *
 * 64 constant-time lookups and re-additions and 4 doublings. Constant time
 * in s; stack secrets are wiped.
 */
static void VFN(scalarmult_base)(ge_ext *r, const uint8_t s[32])
{
    const base_vtable *table = base_table_v();
    int8_t e[64];
    vpt_cached t;
    vpt_ext h;

    if (table == NULL) {
        ge_scalarmult_base(r, s);
        return;
    }
    sc_recode_radix16(e, s);

    vpt_ext_0(&h);
    for (int i = 1; i < 64; i += 2) {
        vpt_cached_select(&t, table->row[i / 2], e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_dbl_n(&h, &h, 4);
    for (int i = 0; i < 64; i += 2) {
        vpt_cached_select(&t, table->row[i / 2], e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_to_ge(r, &h);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
}

#endif /* VBACKEND_VECTOR_BASE */
