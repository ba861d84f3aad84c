/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fe52x4: the cold part of the 4-way IFMA field: the conversions from and to
 * four serial fe51. The arithmetic (products, the carry pass, the lazy and
 * masked additions, the lane moves and the bound checker) is static inline
 * in fe52x4.h, which documents it.
 *
 * Representation: four elements in radix 2^51, limb i of the four lanes in
 * register i, one element per 64-bit lane (docs/ifma.md §2): a lane is the
 * serial fe51 of the same value, limb for limb, so packing and unpacking
 * are a transposition and no arithmetic.
 *
 * References: docs/ifma.md; the serial twin src/field/fe51.h.
 */
#include "fe52x4.h"

void fe52x4_pack(fe52x4 *h, const fe51 *a, const fe51 *b, const fe51 *c, const fe51 *d)
{
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_setr_epi64x((long long)a->v[i], (long long)b->v[i], (long long)c->v[i],
                                     (long long)d->v[i]);
}

void fe52x4_unpack(fe51 *a, fe51 *b, fe51 *c, fe51 *d, const fe52x4 *f)
{
    uint64_t w[5][4];

    FE52X4_CHECK1(f, FE52X4_B_FE51_TIGHT, "unpack: f");
    for (int i = 0; i < 5; i++) _mm256_storeu_si256((__m256i *)w[i], f->v[i]);
    for (int i = 0; i < 5; i++) {
        a->v[i] = w[i][0];
        b->v[i] = w[i][1];
        c->v[i] = w[i][2];
        d->v[i] = w[i][3];
    }
    vec25519_wipe(w, sizeof w);
}
