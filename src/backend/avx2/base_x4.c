/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Four fixed-base multiplications [s_l]B at once, one per lane of the AVX2
 * 4-way field fe2625x4 (fe2625x4.h: lane l holds an element of its own,
 * radix 2^25.5), and the AVX2 backend's base_encode entry
 * (src/backend/backend.h) on top of it (docs/performance.md §3).
 *
 * The algorithm is the batch kernel of src/backend/ifma/base_x8.c on four
 * lanes instead of eight: the BDLSY order of the serial ge_scalarmult_base
 * (h = Σ e[2k+1]·T_k, h = 16h, h += Σ e[2k]·T_k; 63 mixed additions and 4
 * doublings per lane, the serial formulas of src/backend/serial/ge.c in
 * every lane), with affine Niels points from base_x4_table.inc
 * (tools/gen_base_table.c): row k, entry j = (j+1)·256^k·B, one register
 * per limb of a coordinate holding the eight entries. A lane takes entry
 * |d| − 1 with one vpermd per limb pair, the digits being the indices; every
 * row is loaded whatever the digits are, so addresses are public. Digit 0
 * gives the identity (1, 1, 0), a negative digit the negated point, by masks.
 *
 * Bounds (fe2625x4.h, the b notation of docs/avx2.md §3): the coordinates
 * of a point are reduced (b < 0.0003, every product); sums have b < 1.001,
 * 2p-biased differences of reduced elements b < 1.59, D + 2p − C (D = 2Z)
 * b < 2.01, and each product is ordered so that its left operand is within
 * 2.5 and its right within 1.75, as fe2625x4_mul requires. The bounds are
 * asserted in VEC25519_CHECK_BOUNDS builds.
 *
 * Constant time in every scalar: the sequence of operations and every
 * memory address are fixed; digits only become vpermd indices and masks.
 *
 * Compiled with -mavx2 (every .c in src/backend/avx2/); called only through
 * the AVX2 backend table, i.e. when cpu_features().avx2.
 *
 * References: HWCD 2008 (eprint 2008/522) §3.1; Bernstein, Duif, Lange,
 * Schwabe, Yang, CHES 2011 (the fixed-base method); RFC 8032 §5.1.
 */
#include <immintrin.h>
#include <stdint.h>

#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "../../field/fe2625.h"
#include "fe2625x4.h"

#include "base_x4_table.inc"

/* The AVX2 backend's base_encode (vpoint.h names it for the table). */
void avx2_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form);

typedef struct {
    fe2625x4 X, Y, Z, T; /* reduced */
} pt4;

typedef struct {
    fe2625x4 ypx, ymx, xy2d; /* limbs ≤ those of 2p */
} niels4;

/* 1/d = −121666/121665 mod p, little-endian (RFC 8032 §5.1: d = −121665/121666). */
static const uint8_t inv_d_bytes[32] = {
    0x43, 0xf8, 0xc9, 0xcd, 0x76, 0xf2, 0xe0, 0x25, 0x2e, 0x54, 0x79, 0x42, 0x98, 0xd6, 0x5d, 0x0b,
    0x66, 0xcf, 0xb9, 0xcd, 0x14, 0x21, 0x16, 0x2b, 0x43, 0xce, 0xd5, 0x14, 0xd2, 0x7e, 0x90, 0x40};

/*
 * q = [d_l]·(256^k·B) in lane l. d holds the four digits in the word
 * pattern of the field, (d_A, d_B, d_A, d_B, d_C, d_D, d_C, d_D).
 */
static inline void x4_lookup_row(niels4 *q, int k, const int8_t d[8])
{
    fe2625x4 *dst[3] = {&q->ypx, &q->ymx, &q->xy2d};
    const __m256i zero = _mm256_setzero_si256();
    const __m256i v = _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)(const void *)d));
    const __m256i a = _mm256_abs_epi32(v);
    const __m256i neg = _mm256_cmpgt_epi32(zero, v);                  /* d < 0 */
    const __m256i nz = _mm256_xor_si256(_mm256_cmpeq_epi32(a, zero), _mm256_set1_epi32(-1));
    const __m256i idx = _mm256_sub_epi32(a, _mm256_set1_epi32(1));    /* d = 0: masked off */
    /* limb 0 of the identity's y+x and y−x: 1 in the even-limb words of the zero lanes */
    const __m256i one = _mm256_andnot_si256(nz, _mm256_setr_epi32(1, 1, 0, 0, 1, 1, 0, 0));

    for (int c = 0; c < 3; c++)
        for (int i = 0; i < 5; i++) {
            const __m256i e = _mm256_permutevar8x32_epi32(
                _mm256_load_si256((const __m256i *)(const void *)base_x4_table[k][c][2 * i]), idx);
            const __m256i o = _mm256_permutevar8x32_epi32(
                _mm256_load_si256((const __m256i *)(const void *)base_x4_table[k][c][2 * i + 1]),
                idx);
            dst[c]->v[i] = _mm256_and_si256(_mm256_blend_epi32(e, o, WORDS_ODD_LIMBS), nz);
        }
    q->ypx.v[0] = _mm256_or_si256(q->ypx.v[0], one);
    q->ymx.v[0] = _mm256_or_si256(q->ymx.v[0], one);
    for (int i = 0; i < 5; i++) {
        const __m256i p = q->ypx.v[i], m = q->ymx.v[i];
        q->ypx.v[i] = _mm256_blendv_epi8(p, m, neg);
        q->ymx.v[i] = _mm256_blendv_epi8(m, p, neg);
    }
    {
        fe2625x4 n;
        fe2625x4_neg(&n, &q->xy2d);
        for (int i = 0; i < 5; i++) q->xy2d.v[i] = _mm256_blendv_epi8(q->xy2d.v[i], n.v[i], neg);
    }
    FE2625X4_CHECK_2P(&q->ypx, LANES_ABCD, "niels4: y+x");
    FE2625X4_CHECK_2P(&q->ymx, LANES_ABCD, "niels4: y-x");
    FE2625X4_CHECK_2P(&q->xy2d, LANES_ABCD, "niels4: 2dxy");
}

/* p = q as an extended point: (2x, 2y, 2, 2xy), 2xy = (2d·x·y)·(1/d). 1M. */
static inline void x4_from_niels(pt4 *p, const niels4 *q, const fe2625x4 *invd)
{
    fe2625 two;

    fe2625x4_sub(&p->X, &q->ypx, &q->ymx); /* 2x,  b < 1.59  */
    fe2625x4_reduce(&p->X, &p->X);
    fe2625x4_add(&p->Y, &q->ypx, &q->ymx); /* 2y,  b < 1.001 */
    fe2625x4_reduce(&p->Y, &p->Y);
    fe2625_0(&two);
    two.v[0] = 2;
    fe2625x4_pack(&p->Z, &two, &two, &two, &two);
    fe2625x4_mul(&p->T, &q->xy2d, invd);   /* 2xy, reduced   */
}

/* p = p + q, q affine Niels: the madd of src/backend/ifma/base_x8.c. 7M. */
static inline void x4_madd(pt4 *p, const niels4 *q)
{
    fe2625x4 a, b, A, B, C, D, E, F, G, H;

    fe2625x4_sub(&a, &p->Y, &p->X);  /* Y1 − X1         b < 1.59  */
    fe2625x4_add(&b, &p->Y, &p->X);  /* Y1 + X1         b < 1.001 */
    fe2625x4_mul(&A, &a, &q->ymx);   /* A               reduced   */
    fe2625x4_mul(&B, &b, &q->ypx);   /* B                         */
    fe2625x4_mul(&C, &p->T, &q->xy2d); /* C                       */
    fe2625x4_add(&D, &p->Z, &p->Z);  /* D = 2·Z1        b < 1.001 */
    fe2625x4_sub(&E, &B, &A);        /* E = B − A       b < 1.59  */
    fe2625x4_add(&H, &B, &A);        /* H = B + A       b < 1.001 */
    fe2625x4_add(&G, &D, &C);        /* G = D + C       b < 1.59  */
    fe2625x4_sub(&F, &D, &C);        /* F = D + 2p − C  b < 2.01  */
    fe2625x4_mul(&p->X, &F, &E);     /* X3 = E·F   (left ≤ 2.5, right ≤ 1.75) */
    fe2625x4_mul(&p->Y, &G, &H);     /* Y3 = G·H                 */
    fe2625x4_mul(&p->Z, &F, &G);     /* Z3 = F·G                 */
    fe2625x4_mul(&p->T, &E, &H);     /* T3 = E·H                 */
}

/* p = 2p (dbl-2008-hwcd, as src/backend/ifma/base_x8.c). 4M + 4S. */
static inline void x4_dbl(pt4 *p)
{
    fe2625x4 s, A, B, S, ZZ, C, E, F, G, H;

    fe2625x4_add(&s, &p->X, &p->Y);  /* X1 + Y1         b < 1.001 */
    fe2625x4_sq(&A, &p->X);          /* A = X1²                   */
    fe2625x4_sq(&B, &p->Y);          /* B = Y1²                   */
    fe2625x4_sq(&ZZ, &p->Z);         /* Z1²                       */
    fe2625x4_sq(&S, &s);             /* (X1 + Y1)²                */
    fe2625x4_add(&H, &A, &B);        /* H = A + B       b < 1.001 */
    fe2625x4_sub(&G, &B, &A);        /* G = B − A       b < 1.59  */
    fe2625x4_sub(&E, &S, &A);        /* S − A           b < 1.59  */
    fe2625x4_sub(&E, &E, &B);        /* E = S − H       b < 2.33  */
    fe2625x4_add(&C, &ZZ, &ZZ);      /* C = 2·Z1²       b < 1.001 */
    fe2625x4_add(&F, &C, &A);        /* C + A           b < 1.59  */
    fe2625x4_sub(&F, &F, &B);        /* F = C − G       b < 2.33  */
    fe2625x4_reduce(&F, &F);         /*                 b < 0.0001 */
    fe2625x4_mul(&p->X, &E, &F);     /* X3 = E·F                 */
    fe2625x4_mul(&p->Y, &G, &H);     /* Y3 = G·H                 */
    fe2625x4_mul(&p->Z, &G, &F);     /* Z3 = F·G                 */
    fe2625x4_mul(&p->T, &E, &H);     /* T3 = E·H                 */
}

/* Everything secret the kernel keeps on the stack, wiped in one call. */
struct base_x4_state {
    pt4 p;
    niels4 q;
    fe2625x4 invd;
    int8_t d[64][8]; /* digit i of the four scalars, in the word pattern */
    int8_t e[64];
    uint64_t limbs[3][4][5]; /* coordinate c of lane l in radix 2^51 */
};

/* (X, Y, Z) of [s_l]B, s_l = scalars + 32·l, l < 4, in st->limbs (radix 2^51, tight fe51 limbs). */
static void base4(struct base_x4_state *st, const uint8_t *scalars)
{
    static const int lane_of_word[8] = {0, 1, 0, 1, 2, 3, 2, 3};
    fe2625 c;

    fe2625_frombytes(&c, inv_d_bytes);
    fe2625x4_pack(&st->invd, &c, &c, &c, &c);
    for (int l = 0; l < 4; l++) {
        sc_recode_radix16(st->e, scalars + 32 * l);
        for (int w = 0; w < 8; w++)
            if (lane_of_word[w] == l) /* w and l are public */
                for (int i = 0; i < 64; i++) st->d[i][w] = st->e[i];
    }
    x4_lookup_row(&st->q, 0, st->d[1]);
    x4_from_niels(&st->p, &st->q, &st->invd);
    for (int k = 1; k < 32; k++) {
        x4_lookup_row(&st->q, k, st->d[2 * k + 1]);
        x4_madd(&st->p, &st->q);
    }
    x4_dbl(&st->p);
    x4_dbl(&st->p);
    x4_dbl(&st->p);
    x4_dbl(&st->p);
    for (int k = 0; k < 32; k++) {
        x4_lookup_row(&st->q, k, st->d[2 * k]);
        x4_madd(&st->p, &st->q);
    }
    fe2625x4_to_radix51(st->limbs[0][0], st->limbs[0][1], st->limbs[0][2], st->limbs[0][3],
                        &st->p.X);
    fe2625x4_to_radix51(st->limbs[1][0], st->limbs[1][1], st->limbs[1][2], st->limbs[1][3],
                        &st->p.Y);
    fe2625x4_to_radix51(st->limbs[2][0], st->limbs[2][1], st->limbs[2][2], st->limbs[2][3],
                        &st->p.Z);
}

/* X[l], Y[l], Z[l] = the coordinates of lane l of the result, l < count, as serial fe. */
static void lanes_to_fe(fe *X, fe *Y, fe *Z, const struct base_x4_state *st, size_t count)
{
    for (size_t l = 0; l < count; l++) {
        ge_base_fe_from51(&X[l], st->limbs[0][l]);
        ge_base_fe_from51(&Y[l], st->limbs[1][l]);
        ge_base_fe_from51(&Z[l], st->limbs[2][l]);
    }
}

/* The 4-lane kernel of ge_base_encode_lanes: (X : Y : Z) of [s_l]B, l < count ≤ 4. */
static void kernel4(fe *X, fe *Y, fe *Z, const uint8_t *scalars, size_t count)
{
    struct base_x4_state st;

    base4(&st, scalars);
    lanes_to_fe(X, Y, Z, &st, count);
    vec25519_wipe(&st, sizeof st);
}

/* The single kernel: the backend's 4-way fixed-base multiplication (count = 1). */
static void kernel1(fe *X, fe *Y, fe *Z, const uint8_t *scalars, size_t count)
{
    ge_ext p;

    (void)count;
    avx2_backend.scalarmult_base(&p, scalars);
    *X = p.X;
    *Y = p.Y;
    *Z = p.Z;
    vec25519_wipe(&p, sizeof p);
}

/*
 * A remainder of r = n mod 4 entries of a block is padded into one more
 * 4-lane call when r ≥ this, else each runs through the backend's single
 * fixed-base multiplication: one 4-lane call costs about three single ones
 * (docs/performance.md §4: 32k against 11k TSC ticks).
 */
#define BASE_X4_PAD_MIN 3

void avx2_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form)
{
    ge_base_encode_lanes(n, out, scalars, form, kernel4, 4, BASE_X4_PAD_MIN, kernel1);
}
