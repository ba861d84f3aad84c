/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The lane vocabulary of the two 4-way fields (avx2/fe2625x4.h,
 * ifma/fe52x4.h): the names of the lane sets that blends and lane-selective
 * operations take, and the names and encoding of the lane permutations that
 * shuffles take. The point formulas of both ISAs are written in these names
 * (docs/avx2.md §5, docs/ifma.md §5); each field turns them into its own
 * immediates. No instructions here: the header is plain C.
 *
 * Lanes A, B, C, D are the four independent elements, A the first.
 */
#ifndef VEC25519_BACKEND_VECTOR_LANES_H
#define VEC25519_BACKEND_VECTOR_LANES_H

/*
 * The lane sets, as an enum body. A field passes the encodings of the single
 * lanes (its blend masks); the sets are their unions.
 */
#define LANES4_SETS(a, b, c, d)                                                           \
    LANES_NONE = 0, LANES_A = (a), LANES_B = (b), LANES_C = (c), LANES_D = (d),           \
    LANES_AB = (a) | (b), LANES_AC = (a) | (c), LANES_AD = (a) | (d), LANES_BC = (b) | (c), \
    LANES_BD = (b) | (d), LANES_CD = (c) | (d), LANES_ABCD = (a) | (b) | (c) | (d)

/*
 * Lane permutations. A name spells, for destination lanes A, B, C, D, the
 * source lane: SHUF_ADDA makes (a, d, d, a) from (a, b, c, d). The value of a
 * name packs the source lane of destination lane k into bits 2k, 2k + 1 (the
 * vpermq immediate); LANES4_SRC(s, k) reads it back.
 */
/* clang-format off */
#define LANES4_SHUFFLES(X)                                         \
    X(SHUF_BADC, B, A, D, C) /* swap within each pair */           \
    X(SHUF_BACD, B, A, C, D) /* swap A and B */                    \
    X(SHUF_AAAA, A, A, A, A) /* broadcast A */                     \
    X(SHUF_BBBB, B, B, B, B) /* broadcast B */                     \
    X(SHUF_CACA, C, A, C, A) /* doubling, left operand */          \
    X(SHUF_DBBD, D, B, B, D) /* doubling, right operand */         \
    X(SHUF_ADDA, A, D, D, A) /* re-addition, left operand */       \
    X(SHUF_CBCB, C, B, C, B) /* re-addition, right operand */      \
    X(SHUF_ABCA, A, B, C, A) /* doubling: X1 into lane D */        \
    X(SHUF_ABCB, A, B, C, B) /* doubling: Y1 into lane D */
/* clang-format on */

#define LANES4_INDEX_A 0
#define LANES4_INDEX_B 1
#define LANES4_INDEX_C 2
#define LANES4_INDEX_D 3
#define LANES4_SHUF_(a, b, c, d)                                                \
    (LANES4_INDEX_##a | LANES4_INDEX_##b << 2 | LANES4_INDEX_##c << 4 | LANES4_INDEX_##d << 6)
#define LANES4_SHUF_ENUM_(name, a, b, c, d) name = LANES4_SHUF_(a, b, c, d),
#define LANES4_SHUF_ONE_(name, a, b, c, d) +1

typedef enum { LANES4_SHUFFLES(LANES4_SHUF_ENUM_) } lanes4_shuf;

/* How many names LANES4_SHUFFLES has. */
#define LANES4_SHUF_COUNT (0 LANES4_SHUFFLES(LANES4_SHUF_ONE_))

/* The source lane (0 … 3) of destination lane k under s. */
#define LANES4_SRC(s, k) (((s) >> (2 * (k))) & 3)

#endif
