/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The addition chain for z^11 and z^(2^250 − 1) that inversion
 * (z^(p−2) = z^(2^255 − 21)) and the square-root exponent
 * (z^((p−5)/8) = z^(2^252 − 3)) both start with: 250 squarings and 11
 * multiplications (the chain of Bernstein's curve25519 code, "Curve25519:
 * new Diffie–Hellman speed records", 2006). Written once for every field
 * type: src/field/fe_common.c (the serial fe), src/backend/x86_64/fe64.h
 * (fe64), src/backend/vector/decode.c (the 4-way vfe),
 * src/backend/avx2/x25519x4.c (fe2625x4) and src/backend/ifma/fe52x8.h
 * (fe52x8, one or two groups) expand it with their own operations.
 *
 * FE_CHAIN_2_250_1(sq, sqn, mul, z250, z11, z, s): z250 = z^(2^250 − 1),
 * z11 = z^11, with sq(h, f) = f², sqn(h, f, n) = f^(2^n), mul(h, f, g) =
 * f·g (tight in, tight out, aliasing allowed) and s a pointer to a struct
 * of the field's type with members z2, z9, a, b, t for the intermediate
 * values (the caller wipes it). z250 may be &s->t. Constant time.
 */
#ifndef VEC25519_FIELD_FE_CHAIN_H
#define VEC25519_FIELD_FE_CHAIN_H

/* clang-format off */
#define FE_CHAIN_2_250_1(sq, sqn, mul, z250, z11, z, s)                              \
    do {                                                                             \
        sq(&(s)->z2, (z));                   /* 2 */                                 \
        sqn(&(s)->t, &(s)->z2, 2);           /* 8 */                                 \
        mul(&(s)->z9, &(s)->t, (z));         /* 9 */                                 \
        mul((z11), &(s)->z9, &(s)->z2);      /* 11 */                                \
        sq(&(s)->t, (z11));                  /* 22 */                                \
        mul(&(s)->a, &(s)->t, &(s)->z9);     /* 31 = 2^5 - 1 */                      \
        sqn(&(s)->t, &(s)->a, 5);            /* 2^10 - 2^5 */                        \
        mul(&(s)->a, &(s)->t, &(s)->a);      /* 2^10 - 1 */                          \
        sqn(&(s)->t, &(s)->a, 10);           /* 2^20 - 2^10 */                       \
        mul(&(s)->b, &(s)->t, &(s)->a);      /* 2^20 - 1 */                          \
        sqn(&(s)->t, &(s)->b, 20);           /* 2^40 - 2^20 */                       \
        mul(&(s)->t, &(s)->t, &(s)->b);      /* 2^40 - 1 */                          \
        sqn(&(s)->t, &(s)->t, 10);           /* 2^50 - 2^10 */                       \
        mul(&(s)->a, &(s)->t, &(s)->a);      /* a = 2^50 - 1 */                      \
        sqn(&(s)->t, &(s)->a, 50);           /* 2^100 - 2^50 */                      \
        mul(&(s)->b, &(s)->t, &(s)->a);      /* b = 2^100 - 1 */                     \
        sqn(&(s)->t, &(s)->b, 100);          /* 2^200 - 2^100 */                     \
        mul(&(s)->t, &(s)->t, &(s)->b);      /* 2^200 - 1 */                         \
        sqn(&(s)->t, &(s)->t, 50);           /* 2^250 - 2^50 */                      \
        mul((z250), &(s)->t, &(s)->a);       /* 2^250 - 1 */                         \
    } while (0)
/* clang-format on */

#endif /* VEC25519_FIELD_FE_CHAIN_H */
