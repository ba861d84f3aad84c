/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * A small bignum reference for tests: fixed-size, little-endian 32-bit words,
 * written for obviousness rather than speed (schoolbook multiplication,
 * shift-and-subtract reduction, square-and-multiply exponentiation). It is the
 * independent reference that the field (mod p) and scalar (mod ℓ) tests check
 * the library against, so it shares no code with the library.
 *
 * Every bn holds a value below 2^640. Outputs may alias inputs. Nothing here
 * is constant time (test inputs are public).
 */
#ifndef VEC25519_TEST_BN_H
#define VEC25519_TEST_BN_H

#include <stddef.h>
#include <stdint.h>

#define BN_WORDS 20

typedef struct {
    uint32_t w[BN_WORDS]; /* little-endian 32-bit words, up to 640 bits */
} bn;

/* r = the n little-endian bytes le (n ≤ 80). */
void bn_from_bytes(bn *r, const uint8_t *le, size_t n);
/* le = the low n bytes of a, little-endian (n ≤ 80). */
void bn_to_bytes(uint8_t *le, size_t n, const bn *a);
void bn_from_u64(bn *r, uint64_t x);
/* r = a + b mod 2^256 on 32-byte little-endian strings (the carry out is dropped:
 * callers keep the sum below 2^256). */
void bn_add256_bytes(uint8_t r[32], const uint8_t a[32], const uint8_t b[32]);
/* -1, 0, 1 as a <, =, > b. */
int bn_cmp(const bn *a, const bn *b);
/* r = a + b; requires a + b < 2^640 (no modulus). */
void bn_add(bn *r, const bn *a, const bn *b);
/* r = a - b; requires a ≥ b. */
void bn_sub(bn *r, const bn *a, const bn *b);
/* r = a·b; requires a, b < 2^320. */
void bn_mul(bn *r, const bn *a, const bn *b);
/* r = a mod m, by shift-and-subtract (binary long division); requires m > 0. */
void bn_mod(bn *r, const bn *a, const bn *m);
/* r = (a + b) mod m, (a - b) mod m, a·b mod m, a^e mod m; requires 0 < m < 2^320. */
void bn_addmod(bn *r, const bn *a, const bn *b, const bn *m);
void bn_submod(bn *r, const bn *a, const bn *b, const bn *m);
void bn_mulmod(bn *r, const bn *a, const bn *b, const bn *m);
void bn_powmod(bn *r, const bn *a, const bn *e, const bn *m);
/* p = 2^255 - 19; ℓ = 2^252 + 27742317777372353535851937790883648493. */
void bn_p25519(bn *p);
void bn_ell(bn *l);

#endif /* VEC25519_TEST_BN_H */
