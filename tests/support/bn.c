/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The test bignum reference (bn.h): schoolbook arithmetic on 20 little-endian
 * 32-bit words. Deliberately naive; see bn.h for the contracts.
 */
#include "bn.h"

#include <assert.h>
#include <string.h>

void bn_from_bytes(bn *r, const uint8_t *le, size_t n)
{
    assert(n <= 4 * BN_WORDS);
    bn t;
    memset(&t, 0, sizeof t);
    for (size_t i = 0; i < n; i++) t.w[i / 4] |= (uint32_t)le[i] << (8 * (i % 4));
    *r = t;
}

void bn_to_bytes(uint8_t *le, size_t n, const bn *a)
{
    assert(n <= 4 * BN_WORDS);
    for (size_t i = 0; i < n; i++) le[i] = (uint8_t)(a->w[i / 4] >> (8 * (i % 4)));
}

void bn_from_u64(bn *r, uint64_t x)
{
    memset(r, 0, sizeof *r);
    r->w[0] = (uint32_t)x;
    r->w[1] = (uint32_t)(x >> 32);
}

int bn_cmp(const bn *a, const bn *b)
{
    for (int i = BN_WORDS - 1; i >= 0; i--) {
        if (a->w[i] < b->w[i]) return -1;
        if (a->w[i] > b->w[i]) return 1;
    }
    return 0;
}

void bn_add256_bytes(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
        c += (unsigned)a[i] + b[i];
        r[i] = (uint8_t)c;
        c >>= 8;
    }
}

void bn_add(bn *r, const bn *a, const bn *b)
{
    uint64_t carry = 0;
    for (int i = 0; i < BN_WORDS; i++) {
        uint64_t s = (uint64_t)a->w[i] + b->w[i] + carry;
        r->w[i] = (uint32_t)s;
        carry = s >> 32;
    }
    assert(carry == 0);
}

/* r = a - b for a ≥ b, the caller having checked it. */
void bn_sub(bn *r, const bn *a, const bn *b)
{
    assert(bn_cmp(a, b) >= 0);
    uint64_t borrow = 0;
    for (int i = 0; i < BN_WORDS; i++) {
        uint64_t d = (uint64_t)a->w[i] - b->w[i] - borrow;
        r->w[i] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
}

void bn_mul(bn *r, const bn *a, const bn *b)
{
    for (int i = BN_WORDS / 2; i < BN_WORDS; i++) assert(a->w[i] == 0 && b->w[i] == 0);
    bn t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < BN_WORDS / 2; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < BN_WORDS / 2; j++) {
            uint64_t x = (uint64_t)a->w[i] * b->w[j] + t.w[i + j] + carry;
            t.w[i + j] = (uint32_t)x;
            carry = x >> 32;
        }
        t.w[i + BN_WORDS / 2] = (uint32_t)carry;
    }
    *r = t;
}

static int bn_bit(const bn *a, int i)
{
    return (int)((a->w[i / 32] >> (i % 32)) & 1);
}

/* Index of the highest set bit plus one (0 for a = 0). */
static int bn_bitlen(const bn *a)
{
    for (int i = 32 * BN_WORDS - 1; i >= 0; i--)
        if (bn_bit(a, i)) return i + 1;
    return 0;
}

/* Word-range helpers for bn_mod: the low n words only. */
static int cmp_words(const uint32_t *a, const uint32_t *b, int n)
{
    for (int i = n - 1; i >= 0; i--) {
        if (a[i] < b[i]) return -1;
        if (a[i] > b[i]) return 1;
    }
    return 0;
}

static void sub_words(uint32_t *r, const uint32_t *a, const uint32_t *b, int n)
{
    uint64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        uint64_t d = (uint64_t)a[i] - b[i] - borrow;
        r[i] = (uint32_t)d;
        borrow = (d >> 32) & 1;
    }
}

static void shr1_words(uint32_t *r, int n)
{
    for (int i = 0; i < n; i++) r[i] = (r[i] >> 1) | (i + 1 < n ? r[i + 1] << 31 : 0);
}

/* r = a << s, requires a·2^s < 2^640 */
static void bn_shl(bn *r, const bn *a, int s)
{
    assert(bn_bitlen(a) + s <= 32 * BN_WORDS);
    int words = s / 32, bits = s % 32;
    bn t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i + words < BN_WORDS; i++) {
        t.w[i + words] |= a->w[i] << bits;
        if (bits && i + words + 1 < BN_WORDS) t.w[i + words + 1] |= a->w[i] >> (32 - bits);
    }
    *r = t;
}

void bn_mod(bn *r, const bn *a, const bn *m)
{
    int lm = bn_bitlen(m), la = bn_bitlen(a);
    assert(lm > 0);
    bn t = *a;
    if (la < lm) {
        *r = t;
        return;
    }
    /* Binary long division: before step s, t ≡ a (mod m) and t < m·2^(s+1);
     * subtracting m·2^s when possible gives t < m·2^s. After s = 0: t < m.
     * t and m·2^s are below 2^la, so only the low n words take part. */
    int n = (la + 31) / 32;
    bn ms;
    bn_shl(&ms, m, la - lm);
    for (int s = la - lm; s >= 0; s--) {
        if (cmp_words(t.w, ms.w, n) >= 0) sub_words(t.w, t.w, ms.w, n);
        shr1_words(ms.w, n);
    }
    *r = t;
}

/* r = op(a mod m, b mod m) mod m, for op = bn_add or bn_mul. */
static void opmod(bn *r, const bn *a, const bn *b, const bn *m,
                  void (*op)(bn *, const bn *, const bn *))
{
    bn x, y;
    bn_mod(&x, a, m);
    bn_mod(&y, b, m);
    op(&x, &x, &y);
    bn_mod(r, &x, m);
}

void bn_addmod(bn *r, const bn *a, const bn *b, const bn *m)
{
    opmod(r, a, b, m, bn_add);
}

void bn_submod(bn *r, const bn *a, const bn *b, const bn *m)
{
    bn x, y;
    bn_mod(&x, a, m);
    bn_mod(&y, b, m);
    if (bn_cmp(&x, &y) < 0) bn_add(&x, &x, m);
    bn_sub(r, &x, &y);
}

void bn_mulmod(bn *r, const bn *a, const bn *b, const bn *m)
{
    opmod(r, a, b, m, bn_mul);
}

void bn_powmod(bn *r, const bn *a, const bn *e, const bn *m)
{
    bn base, acc;
    bn_mod(&base, a, m);
    bn_from_u64(&acc, 1);
    bn_mod(&acc, &acc, m);
    for (int i = bn_bitlen(e) - 1; i >= 0; i--) {
        bn_mulmod(&acc, &acc, &acc, m);
        if (bn_bit(e, i)) bn_mulmod(&acc, &acc, &base, m);
    }
    *r = acc;
}

void bn_p25519(bn *p)
{
    /* 2^255 - 19: words ffffffed, ffffffff ×6, 7fffffff. */
    memset(p, 0, sizeof *p);
    p->w[0] = 0xffffffedu;
    for (int i = 1; i < 7; i++) p->w[i] = 0xffffffffu;
    p->w[7] = 0x7fffffffu;
}

void bn_ell(bn *l)
{
    /* 2^252 + 27742317777372353535851937790883648493
     * = 0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed */
    static const uint32_t w[8] = {0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de,
                                  0x00000000, 0x00000000, 0x00000000, 0x10000000};
    memset(l, 0, sizeof *l);
    for (int i = 0; i < 8; i++) l->w[i] = w[i];
}
