/*
 * Constant-time vocabulary (design.md §3).
 *
 * A ct_mask is all-ones or all-zero, wrapped in a struct so that it cannot be
 * used in an `if`. Every constructor passes its result through a value barrier
 * so the compiler cannot turn mask arithmetic back into a branch
 * (RUSTSEC-2024-0344 was such a compiler-made branch). Conditional moves and
 * swaps are masks, never branches (../shared/seeds/003: Go's cswap).
 *
 * ct_declassify() is the one place where secret-derived data may become a
 * branch or an index; grep for it. In the valgrind constant-time test build it
 * tells memcheck that the bytes are now public.
 */
#ifndef VEC25519_INTERNAL_CT_H
#define VEC25519_INTERNAL_CT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t m; /* 0 or 0xffff...ffff */
} ct_mask;

/* Hide x from the optimiser: it can no longer reason about its value. */
static inline uint64_t ct_barrier_u64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

static inline uint32_t ct_barrier_u32(uint32_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    __asm__("" : "+r"(x));
#endif
    return x;
}

/* Mask from the low bit of b (b must be 0 or 1). */
static inline ct_mask ct_from_bit(uint64_t b)
{
    ct_mask r = {ct_barrier_u64(0 - (b & 1))};
    return r;
}

/* Mask from a boolean-ish int (nonzero → all ones). Constant time. */
static inline ct_mask ct_from_nonzero(uint64_t x)
{
    return ct_from_bit((x | (0 - x)) >> 63);
}

static inline ct_mask ct_is_zero(uint64_t x)
{
    return ct_from_bit(((x | (0 - x)) >> 63) ^ 1);
}

static inline ct_mask ct_eq(uint64_t a, uint64_t b)
{
    return ct_is_zero(a ^ b);
}

/* a < b, unsigned. */
static inline ct_mask ct_lt(uint64_t a, uint64_t b)
{
    /* borrow of a - b, computed without a comparison instruction */
    uint64_t borrow = ((~a & b) | ((~a | b) & (a - b))) >> 63;
    return ct_from_bit(borrow);
}

static inline ct_mask ct_and(ct_mask a, ct_mask b)
{
    ct_mask r = {a.m & b.m};
    return r;
}

static inline ct_mask ct_or(ct_mask a, ct_mask b)
{
    ct_mask r = {a.m | b.m};
    return r;
}

static inline ct_mask ct_not(ct_mask a)
{
    ct_mask r = {~a.m};
    return r;
}

/* m ? a : b */
static inline uint64_t ct_select_u64(ct_mask m, uint64_t a, uint64_t b)
{
    return b ^ (m.m & (a ^ b));
}

static inline uint32_t ct_select_u32(ct_mask m, uint32_t a, uint32_t b)
{
    return b ^ ((uint32_t)m.m & (a ^ b));
}

/* The mask as 0 or 1 (for returning a boolean result). */
static inline int ct_to_int(ct_mask m)
{
    return (int)(m.m & 1);
}

/* if (m) memcpy(dst, src, n), without a branch or a secret index. */
static inline void ct_cmov_bytes(uint8_t *dst, const uint8_t *src, size_t n, ct_mask m)
{
    uint8_t mb = (uint8_t)m.m;
    for (size_t i = 0; i < n; i++) dst[i] ^= mb & (dst[i] ^ src[i]);
}

/* all-ones iff a[0..n) == b[0..n). Constant time in the contents. */
static inline ct_mask ct_eq_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint64_t d = 0;
    for (size_t i = 0; i < n; i++) d |= (uint64_t)(a[i] ^ b[i]);
    return ct_is_zero(d);
}

/* all-ones iff every byte of a[0..n) is zero. */
static inline ct_mask ct_is_zero_bytes(const uint8_t *a, size_t n)
{
    uint64_t d = 0;
    for (size_t i = 0; i < n; i++) d |= a[i];
    return ct_is_zero(d);
}

/*
 * Declassification: data derived from secrets that is public by design (a
 * signature, a public key, the "all zero" verdict of X25519). Under the
 * constant-time test harness (tests/ct/) this marks the bytes defined for
 * valgrind; elsewhere it does nothing.
 */
#ifdef VEC25519_CT_VALGRIND
#include <valgrind/memcheck.h>
#define ct_declassify(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define ct_poison(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#else
#define ct_declassify(p, n) ((void)(p), (void)(n))
#define ct_poison(p, n) ((void)(p), (void)(n))
#endif

/* Declassify a mask and return it as 0/1; the only way a mask becomes a branch. */
static inline int ct_declassify_mask(ct_mask m)
{
    ct_declassify(&m, sizeof m);
    return ct_to_int(m);
}

/* Wipe a secret buffer; the compiler cannot remove it (src/internal/wipe.c). */
void vec25519_wipe(void *p, size_t n);

#endif /* VEC25519_INTERNAL_CT_H */
