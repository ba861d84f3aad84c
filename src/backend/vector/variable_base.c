/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * VFN(scalarmult): [s]P, constant time, variable base, on 4-way vector
 * points, the twin of src/backend/serial/variable_base.c: the same signed
 * radix-16 digits and table of [1]P..[8]P (vpt_cached_multiples, vpoint.h,
 * the twin of ge_cached_multiples), full-table scans (vpt_cached_select). The vector points carry (X, Y, Z, T) in four
 * lanes and use the HWCD 4-way formulas (docs/avx2.md), so the P²/P³
 * juggling of the serial code disappears. Compiled once per ISA through
 * src/backend/<isa>/backend_<isa>.c.
 */
#include "algorithms.h"

/*
 * r = [s]P. s: 32 bytes, s[31] ≤ 127. P: any point.
 * Table [1]P..[8]P in cached form, then Horner in base 16 from the top
 * digit: r = 16·r + [e[i]]P, four vector doublings and one re-addition per
 * digit. Constant time in s and P; stack secrets are wiped. r may alias P.
 */
static void VFN(scalarmult)(ge_ext *r, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64];
    vpt_cached table[8];
    vpt_cached t;
    vpt_ext h;

    sc_recode_radix16(e, s);

    vpt_cached_multiples(table, P);

    vpt_ext_0(&h);
    vpt_cached_select(&t, table, e[63]);
    vpt_add_cached(&h, &h, &t);
    for (int i = 62; i >= 0; i--) {
        vpt_dbl_n(&h, &h, 4);
        vpt_cached_select(&t, table, e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_to_ge(r, &h);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
}
