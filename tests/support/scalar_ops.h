/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The scalar functions mod ℓ of one API (vec25519_edwards25519_scalar_*,
 * vec25519_ristretto255_scalar_*, or a peer's such as libsodium's
 * crypto_core_ed25519_scalar_* and crypto_core_ristretto255_scalar_*) as a
 * table, so that the tests that compare two of them (tests/test_edwards25519.c
 * and tests/test_ristretto255.c against libsodium) write the comparison once.
 */
#ifndef VEC25519_TEST_SCALAR_OPS_H
#define VEC25519_TEST_SCALAR_OPS_H

#include <stdint.h>
#include <string.h>

typedef struct {
    void (*mul)(uint8_t z[32], const uint8_t x[32], const uint8_t y[32]);
    void (*negate)(uint8_t neg[32], const uint8_t s[32]);
    void (*complement)(uint8_t comp[32], const uint8_t s[32]);
    void (*reduce)(uint8_t r[32], const uint8_t s[64]);
    int (*invert)(uint8_t recip[32], const uint8_t s[32]);
} scalar_ops;

/*
 * How many of mul(x, y), negate(x), complement(x), reduce(w) and invert(y)
 * (its return code and its bytes) differ between a and b: 0 to 5. Any 256-bit
 * x and y (these functions take unreduced scalars), any 512-bit w.
 */
static inline unsigned long scalar_ops_mismatches(const scalar_ops *a, const scalar_ops *b,
                                                  const uint8_t x[32], const uint8_t y[32],
                                                  const uint8_t w[64])
{
    uint8_t o[32], t[32];
    unsigned long bad = 0;
    int ro, rt;

    a->mul(o, x, y);
    b->mul(t, x, y);
    bad += memcmp(o, t, 32) != 0;
    a->negate(o, x);
    b->negate(t, x);
    bad += memcmp(o, t, 32) != 0;
    a->complement(o, x);
    b->complement(t, x);
    bad += memcmp(o, t, 32) != 0;
    a->reduce(o, w);
    b->reduce(t, w);
    bad += memcmp(o, t, 32) != 0;
    ro = a->invert(o, y);
    rt = b->invert(t, y);
    bad += ro != rt || memcmp(o, t, 32) != 0;
    return bad;
}

#endif /* VEC25519_TEST_SCALAR_OPS_H */
