/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * ge_scalarmult: [s]P, constant time, variable base, on the serial points
 * (the vector twin: src/backend/vector/variable_base.c).
 *
 * The signed radix-16 recoding s = Σ e[i]·16^i, e[i] ∈ [-8, 8)
 * (sc_recode_radix16) lets a table of [1]P..[8]P serve every digit: the
 * digit's absolute value selects an entry by a scan of all eight entries
 * with masked moves, and its sign is applied by a masked negation
 * (ge_cached_select, ge.c). No branch or memory index depends on the scalar
 * or the point. Point formulas and models: ge.c (HWCD 2008, eprint
 * 2008/522).
 */
#include "../../scalar/sc.h"
#include "../backend.h"
#include "ge.h"


/*
 * r = [s]P. s: 32 bytes, s[31] ≤ 127 (any reduced or clamped scalar). P:
 * any point (the formulas are complete, so points of small order are fine).
 *
 * Table [1]P..[8]P (ge_cached), then Horner in base 16 from the top digit:
 * r = 16·r + [e[i]]P. The four doublings per digit stay in P² (3M to
 * finish each), and only the last one is finished into P³ for the addition.
 * Cost: 63·(4 doublings + 1 addition) + 1 addition, and 4 doublings +
 * 3 additions for the table.
 * Constant time in s and P; stack secrets are wiped. r may alias P.
 */
void ge_scalarmult(ge_ext *r, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64];
    ge_cached table[8];
    ge_cached t;
    ge_compl c;
    ge_proj q;
    ge_ext h;

    sc_recode_radix16(e, s);
    ge_cached_multiples(table, P);

    ge_ext_0(&h);
    ge_cached_select(&t, table, e[63]);
    ge_add_cached(&c, &h, &t);
    for (int i = 62; i >= 0; i--) {
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_ext(&h, &c);
        ge_cached_select(&t, table, e[i]);
        ge_add_cached(&c, &h, &t);
    }
    ge_compl_to_ext(r, &c);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&c, sizeof c);
    vec25519_wipe(&q, sizeof q);
    vec25519_wipe(&h, sizeof h);
}
