/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Constant-time vocabulary (docs/conventions.md §3).
 *
 * A ct_mask is all-ones or all-zero, wrapped in a struct so that it cannot be
 * used in an `if`. Every constructor passes its result through a value barrier
 * so the compiler cannot turn mask arithmetic back into a branch
 * (RUSTSEC-2024-0344 was such a compiler-made branch). Conditional moves and
 * swaps are masks, never branches (docs/conventions.md §3: Go's cswap).
 *
 * ct_declassify() is the one place where secret-derived data may become a
 * branch or an index; grep for it. In the constant-time test builds it tells
 * the secret-tracking tool (valgrind memcheck, or MemorySanitizer) that the
 * bytes are now public.
 */
#ifndef VEC25519_INTERNAL_CT_H
#define VEC25519_INTERNAL_CT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t m; /* 0 or 0xffff...ffff */
} ct_mask;

/*
 * Hide x from the optimiser: it can no longer reason about its value.
 * CT_BARRIER_ is the empty asm statement.
 *
 * Under MemorySanitizer (VEC25519_CT_MSAN, the constant-time harness in
 * tests/ct/, docs/constant-time.md "MemorySanitizer mode") two things change:
 * - a register operand of an asm would be checked as if the asm branched on
 *   it, and its output marked public; the barrier goes through memory ("+m"),
 *   which MSan leaves alone;
 * - if any bit of x is secret, every bit becomes secret. The barrier is where
 *   a secret bit becomes a mask (ct_from_bit: 0 - b), and MSan's shadow of a
 *   subtraction is the OR of its operands' shadows, so without this the mask
 *   would be secret in bit 0 only, and a selection of public values by a
 *   secret mask (a table scan) would come out public in bits 1 to 63. This
 *   only ever adds secret marks, so it cannot hide a leak.
 */
#if defined(VEC25519_CT_MSAN)
#if !defined(__has_feature)
#error "VEC25519_CT_MSAN needs clang -fsanitize=memory"
#elif !__has_feature(memory_sanitizer)
#error "VEC25519_CT_MSAN needs clang -fsanitize=memory"
#endif
#include <sanitizer/msan_interface.h>
#define CT_BARRIER_(x)                                                              \
    do {                                                                            \
        if (__msan_test_shadow(&(x), sizeof(x)) != -1) __msan_poison(&(x), sizeof(x)); \
        __asm("" : "+m"(x));                                                        \
    } while (0)
#elif defined(__GNUC__) || defined(__clang__)
#define CT_BARRIER_(x) __asm__("" : "+r"(x))
#else
#define CT_BARRIER_(x) ((void)0)
#endif

/*
 * The same for a vector register (an __m256i or __m512i lvalue):
 * - CT_VEC_BARRIER(x) is the value barrier on a vector mask derived from a
 *   secret (as ct_barrier_u64 is for ct_mask): under MSan every bit of x then
 *   becomes secret if any bit is, like CT_BARRIER_;
 * - CT_VEC_OPAQUE(x) only steers the optimiser (keeps an instruction
 *   selection, e.g. 19z as shifts and adds): under MSan it goes through
 *   memory, which keeps x's secret marks exactly as they are.
 * "v" is any SSE/AVX register (xmm0-31 with AVX-512, else xmm0-15).
 */
#if defined(VEC25519_CT_MSAN)
#define CT_VEC_BARRIER(x) CT_BARRIER_(x)
#define CT_VEC_OPAQUE(x) __asm("" : "+m"(x))
#elif defined(__GNUC__) || defined(__clang__)
#define CT_VEC_BARRIER(x) __asm__("" : "+v"(x))
#define CT_VEC_OPAQUE(x) __asm__("" : "+v"(x))
#else
#define CT_VEC_BARRIER(x) ((void)0)
#define CT_VEC_OPAQUE(x) ((void)0)
#endif

static inline uint64_t ct_barrier_u64(uint64_t x)
{
    CT_BARRIER_(x);
    return x;
}

static inline uint32_t ct_barrier_u32(uint32_t x)
{
    CT_BARRIER_(x);
    return x;
}

/*
 * |b| of a signed digit b (the recodings' digits, |b| ≤ 128) and its sign
 * bit (*sign = 1 iff b < 0), without a branch: with s the sign bit of the
 * sign-extended x, |b| = (x XOR −s) + s (two's complement negation when
 * s = 1, nothing when s = 0). Both results pass the barrier, so the
 * compiler cannot turn the table scans that compare them into branches.
 * The one form of this idiom for every table scan (serial/ge.c,
 * avx2/edwards_avx2.h, ifma/edwards_ifma.h). Constant time.
 */
static inline uint64_t ct_digit_abs(uint64_t *sign, int8_t b)
{
    const uint64_t x = (uint64_t)(int64_t)b;
    const uint64_t s = ct_barrier_u64(x >> 63);

    *sign = s;
    return ct_barrier_u64((x ^ (0 - s)) + s);
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
 * the secret-tracking tool: valgrind memcheck (VEC25519_CT_VALGRIND) or
 * MemorySanitizer (VEC25519_CT_MSAN, clang -fsanitize=memory); elsewhere it
 * does nothing. ct_poison() is the opposite: these bytes are secret.
 */
#if defined(VEC25519_CT_VALGRIND) && defined(VEC25519_CT_MSAN)
#error "VEC25519_CT_VALGRIND and VEC25519_CT_MSAN are two builds, not one"
#elif defined(VEC25519_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define ct_declassify(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define ct_poison(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#elif defined(VEC25519_CT_MSAN) /* <sanitizer/msan_interface.h> is included above */
#define ct_declassify(p, n) __msan_unpoison((p), (n))
#define ct_poison(p, n) __msan_poison((p), (n))
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

/* Wipe a secret buffer; the compiler cannot remove it (src/internal/wipe.c;
 * exported, and declared for users in include/vec25519/util.h). */
void vec25519_wipe(void *p, size_t n);

#endif /* VEC25519_INTERNAL_CT_H */
