/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * GF(p), p = 2^255 - 19, in radix 2^64 for x86-64 CPUs with BMI2 and ADX.
 *
 * Representation: four unsigned 64-bit limbs, little-endian,
 *
 *     f = v[0] + v[1]·2^64 + v[2]·2^128 + v[3]·2^192,   0 ≤ f < 2^256,
 *
 * "partially reduced": any 256-bit value stands for its residue mod p, so
 * there are up to three encodings of each residue (f, f + p, f + 2p when
 * < 2^256). Every operation accepts every 256-bit input and returns a 256-bit
 * output; there is no bound to track between operations (unlike fe51's tight
 * and loose states), and only fe64_tobytes reduces fully.
 *
 * Reduction: 2^256 = 2·2^255 ≡ 2·19 = 38 (mod p). A 512-bit product
 * H·2^256 + L is folded to L + 38·H (at most 262 bits: a fifth limb ≤ 39),
 * the fifth limb t is folded again as 38·t into the low limb, and the carry
 * out of that last addition, if any, is worth one more 38 added to a low limb
 * that is then < 2^11 (so it cannot carry). Additions and subtractions fold
 * their carry or borrow the same way (docs/x25519.md §2).
 *
 * mul and sq are schoolbook products with MULX (flag-less 64×64→128 multiply,
 * BMI2) and two independent carry chains, ADCX on the carry flag and ADOX on
 * the overflow flag (ADX): the low halves of a row of partial products go down
 * one chain and the high halves down the other, so a row costs one MULX and
 * two additions per limb with no flag save/restore. They are written as GNU
 * inline assembly, not with the _mulx_u64/_addcarryx_u64 intrinsics: gcc 12
 * and clang 14 compile _addcarryx_u64 to ADC on the single carry flag, never
 * to ADOX, so the two chains are serialised (docs/x25519.md §3 measures it).
 * The assembly blocks read their inputs through pointers in registers (with
 * a dummy "m" operand telling the compiler what is read; per-limb memory
 * operands need too many registers at -O0) and give their results in
 * registers, which C stores: outputs may alias inputs. docs/x25519.md §3
 * lists the operand conventions and why each one is needed.
 *
 * Everything in this header must be compiled with -mbmi2 -madx and run only
 * when cpu_features().bmi2_adx is set (src/internal/cpu.h); the #error below
 * keeps it out of generic code.
 *
 * Constant time: MULX, ADCX, ADOX, ADC, SBB, IMUL with a constant, AND and
 * XOR have data-independent latency on every CPU that has ADX; there is no
 * branch and no memory index depending on limb values; cswap is a mask.
 *
 * References: RFC 7748 §5 (p, the encoding, the ladder); E. Ozturk,
 * J. Guilford, V. Gopal, W. Feghali, "New Instructions Supporting Large
 * Integer Arithmetic on Intel Architecture Processors" (Intel white paper
 * 327831-001, 2012: the ADX whitepaper) for the MULX/ADCX/ADOX two-chain
 * schoolbook.
 */
#ifndef VEC25519_BACKEND_X86_64_FE64_H
#define VEC25519_BACKEND_X86_64_FE64_H

#if !defined(__x86_64__) || !defined(__BMI2__) || !defined(__ADX__)
#error "fe64.h is the BMI2/ADX field: compile this file with -mbmi2 -madx on x86-64"
#endif

#include <stdint.h>

#include "../../internal/bytes.h"
#include "../../internal/ct.h"

typedef struct {
    uint64_t v[4]; /* any value < 2^256, ≡ the element mod p */
} fe64;

/* The ladder constant a24 = (A - 2)/4 = 121665 for A = 486662 (RFC 7748 §5). */
#define FE64_A24 121665

/* h = 0. Constant time. */
static inline void fe64_0(fe64 *h)
{
    h->v[0] = h->v[1] = h->v[2] = h->v[3] = 0;
}

/* h = 1. Constant time. */
static inline void fe64_1(fe64 *h)
{
    h->v[0] = 1;
    h->v[1] = h->v[2] = h->v[3] = 0;
}

/* h = f. Constant time. */
static inline void fe64_copy(fe64 *h, const fe64 *f)
{
    *h = *f;
}

/*
 * h = the little-endian s with bit 255 ignored (RFC 7748 §5: "the most
 * significant bit of the final byte is masked"). s ≥ p is accepted as is:
 * h < 2^255 then holds s, which is ≡ s - p. Constant time.
 */
static inline void fe64_frombytes(fe64 *h, const uint8_t s[32])
{
    h->v[0] = load64_le(s);
    h->v[1] = load64_le(s + 8);
    h->v[2] = load64_le(s + 16);
    h->v[3] = load64_le(s + 24) & UINT64_C(0x7fffffffffffffff);
}

/*
 * s = the canonical encoding of f (the representative in [0, p)), for any
 * f < 2^256. Two steps: fold bit 255 (f' = (f mod 2^255) + 19·bit255, so
 * f' < 2^255 + 19), then subtract p once if f' ≥ p, which is when f' + 19
 * reaches 2^255; f' - p < 38 is then canonical. The choice is a mask.
 * Constant time.
 */
static inline void fe64_tobytes(uint8_t s[32], const fe64 *f)
{
    __extension__ typedef unsigned __int128 u128;
    const uint64_t low63 = UINT64_C(0x7fffffffffffffff);
    uint64_t x[4], y[4];
    u128 c;

    c = (u128)f->v[0] + 19 * (f->v[3] >> 63);
    x[0] = (uint64_t)c;
    c = (c >> 64) + f->v[1];
    x[1] = (uint64_t)c;
    c = (c >> 64) + f->v[2];
    x[2] = (uint64_t)c;
    x[3] = (uint64_t)(c >> 64) + (f->v[3] & low63); /* ≤ 2^63: no overflow */

    c = (u128)x[0] + 19;
    y[0] = (uint64_t)c;
    c = (c >> 64) + x[1];
    y[1] = (uint64_t)c;
    c = (c >> 64) + x[2];
    y[2] = (uint64_t)c;
    y[3] = (uint64_t)(c >> 64) + x[3];

    ct_mask ge_p = ct_from_bit(y[3] >> 63); /* x ≥ p  ⇔  x + 19 ≥ 2^255 */
    y[3] &= low63;
    for (int i = 0; i < 4; i++) store64_le(s + 8 * i, ct_select_u64(ge_p, y[i], x[i]));
}

/*
 * The last step shared by mul, sq, mul_a24 and mul_a24_add: on entry the
 * value is [r4 r3 r2 r1 r0] with r4 < 2^17 (≤ 39 for mul and sq, ≤ 121665
 * for mul_a24_add); adds 38·r4 into r0..r3 (2^256 ≡ 38) and then 38·carry
 * into r0, which cannot carry again (after a carry out, the 256-bit sum is
 * < 38·r4 < 2^23, so r1..r3 = 0 and r0 < 2^23). t0 is scratch.
 */
#define FE64_FOLD_TOP_                                                  \
    "imulq $38, %[r4], %[r4]\n\t"                                       \
    "addq %[r4], %[r0]\n\t"                                             \
    "adcq $0, %[r1]\n\t"                                                \
    "adcq $0, %[r2]\n\t"                                                \
    "adcq $0, %[r3]\n\t"                                                \
    "sbbq %[t0], %[t0]\n\t"  /* t0 = -carry */                          \
    "andq $38, %[t0]\n\t"                                               \
    "addq %[t0], %[r0]\n\t"

/*
 * The reduction of a 512-bit value [r7 .. r0] shared by mul and sq:
 * [r4 r3 r2 r1 r0] = [r3 .. r0] + 38·[r7 r6 r5 r4] with MULX (rdx = 38) and
 * the two chains (low halves on CF, high halves on OF); the fifth limb is
 * ≤ 37 + 2 = 39. Then FE64_FOLD_TOP_. t0, t1 are scratch; rdx is clobbered.
 */
#define FE64_REDUCE512_(R7)                                             \
    "movl $38, %%edx\n\t"                                               \
    "xorl %k[t1], %k[t1]\n\t" /* CF = OF = 0 */                         \
    "mulxq %[r4], %[t0], %[t1]\n\t"                                     \
    "adcxq %[t0], %[r0]\n\t"                                            \
    "adoxq %[t1], %[r1]\n\t"                                            \
    "mulxq %[r5], %[t0], %[t1]\n\t"                                     \
    "adcxq %[t0], %[r1]\n\t"                                            \
    "adoxq %[t1], %[r2]\n\t"                                            \
    "mulxq %[r6], %[t0], %[t1]\n\t"                                     \
    "adcxq %[t0], %[r2]\n\t"                                            \
    "adoxq %[t1], %[r3]\n\t"                                            \
    "mulxq %[" R7 "], %[t0], %[r4]\n\t"                                 \
    "adcxq %[t0], %[r3]\n\t"                                            \
    "movl $0, %%edx\n\t" /* a zero that leaves the flags */             \
    "adoxq %%rdx, %[r4]\n\t"                                            \
    "adcxq %%rdx, %[r4]\n\t"                                            \
    FE64_FOLD_TOP_

/*
 * [r4 .. r0] = rdx·X, X the four limbs at %[X], one ADC chain (row 0 of mul,
 * and the a24 products with rdx = a24). t0 is scratch.
 */
#define FE64_MUL_LIMB_(X)                                               \
    "mulxq (%[" X "]), %[r0], %[r1]\n\t"                                \
    "mulxq 8(%[" X "]), %[t0], %[r2]\n\t"                               \
    "addq %[t0], %[r1]\n\t"                                            \
    "mulxq 16(%[" X "]), %[t0], %[r3]\n\t"                              \
    "adcq %[t0], %[r2]\n\t"                                            \
    "mulxq 24(%[" X "]), %[t0], %[r4]\n\t"                              \
    "adcq %[t0], %[r3]\n\t"                                            \
    "adcq $0, %[r4]\n\t"

/*
 * One row i ≥ 1 of the schoolbook product: [r(i+4) .. r(i)] += f_i·g, with
 * rdx = f_i loaded from OFF(f). Low halves of f_i·g_j go into r(i+j) on the
 * CF chain (ADCX), high halves into r(i+j+1) on the OF chain (ADOX); both
 * chains end in the new top limb E, which cannot overflow (the partial sum
 * is < 2^(64·(i+5))).
 */
#define FE64_MUL_ROW_(OFF, A, B, C, D, E)                               \
    "movq " OFF "(%[f]), %%rdx\n\t"                                     \
    "xorl %k[" E "], %k[" E "]\n\t" /* CF = OF = 0 */                   \
    "mulxq (%[g]), %[t0], %[t1]\n\t"                                    \
    "adcxq %[t0], %[" A "]\n\t"                                         \
    "adoxq %[t1], %[" B "]\n\t"                                         \
    "mulxq 8(%[g]), %[t0], %[t1]\n\t"                                   \
    "adcxq %[t0], %[" B "]\n\t"                                         \
    "adoxq %[t1], %[" C "]\n\t"                                         \
    "mulxq 16(%[g]), %[t0], %[t1]\n\t"                                  \
    "adcxq %[t0], %[" C "]\n\t"                                         \
    "adoxq %[t1], %[" D "]\n\t"                                         \
    "mulxq 24(%[g]), %[t0], %[" E "]\n\t"                               \
    "adcxq %[t0], %[" D "]\n\t"                                         \
    "movl $0, %%edx\n\t"                                                \
    "adoxq %%rdx, %[" E "]\n\t"                                         \
    "adcxq %%rdx, %[" E "]\n\t"

/*
 * h = f·g mod p (partially reduced: h < 2^256), for any f, g < 2^256.
 * 16 MULX for the 512-bit product, 4 for the reduction. h may alias f or g.
 * Constant time.
 */
static inline void fe64_mul(fe64 *h, const fe64 *f, const fe64 *g)
{
    const uint64_t *fp = f->v;
    uint64_t r0, r1, r2, r3, r4, r5, r6, t0, t1;
    __asm__(
        /* row 0: [r4 .. r0] = f0·g, one ADC chain */
        "movq (%[f]), %%rdx\n\t"
        FE64_MUL_LIMB_("g")
        /* rows 1..3 */
        FE64_MUL_ROW_("8", "r1", "r2", "r3", "r4", "r5")
        FE64_MUL_ROW_("16", "r2", "r3", "r4", "r5", "r6")
        /* f is not read again: its register becomes the top limb r7 */
        FE64_MUL_ROW_("24", "r3", "r4", "r5", "r6", "f")
        FE64_REDUCE512_("f")
        /* f is rewritten while g is still read: "+&r" keeps it out of g's
         * register even when f == g (plain "+r" lets gcc -O3 share it) */
        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
          [r5] "=&r"(r5), [r6] "=&r"(r6), [t0] "=&r"(t0), [t1] "=&r"(t1), [f] "+&r"(fp)
        : [g] "r"(g->v), "m"(*f), "m"(*g)
        : "rdx", "cc");
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
}

/*
 * h = f² mod p (h < 2^256), for any f < 2^256: the six cross products
 * f_i·f_j (i < j) once, on two chains, doubled on CF while the four squares
 * f_i² are added on OF; then the reduction. 10 MULX + 4. h may alias f.
 * Constant time.
 */
static inline void fe64_sq(fe64 *h, const fe64 *f)
{
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7, t0, t1;
    __asm__(
        /* cross products into [r6 .. r1]; columns 2..6 on CF, 3..6 on OF */
        "movq (%[f]), %%rdx\n\t"
        "mulxq 8(%[f]), %[r1], %[r2]\n\t"    /* f0f1 */
        "mulxq 16(%[f]), %[t0], %[r3]\n\t"   /* f0f2 */
        "xorl %k[r4], %k[r4]\n\t"            /* CF = OF = 0 */
        "adcxq %[t0], %[r2]\n\t"
        "mulxq 24(%[f]), %[t0], %[r4]\n\t"   /* f0f3 */
        "adcxq %[t0], %[r3]\n\t"
        "movq 8(%[f]), %%rdx\n\t"
        "mulxq 16(%[f]), %[t0], %[t1]\n\t"   /* f1f2 */
        "adoxq %[t0], %[r3]\n\t"
        "adcxq %[t1], %[r4]\n\t"
        "mulxq 24(%[f]), %[t0], %[r5]\n\t"   /* f1f3 */
        "adoxq %[t0], %[r4]\n\t"
        "movq 16(%[f]), %%rdx\n\t"
        "mulxq 24(%[f]), %[t0], %[r6]\n\t"   /* f2f3 */
        "adcxq %[t0], %[r5]\n\t"
        "movl $0, %%edx\n\t"
        "adoxq %%rdx, %[r5]\n\t"
        "adcxq %%rdx, %[r6]\n\t"
        "adoxq %%rdx, %[r6]\n\t"
        /* [r7 .. r0] = 2·cross + squares: doubling on CF, squares on OF */
        "xorl %k[r7], %k[r7]\n\t"            /* r7 = 0, CF = OF = 0 */
        "movq (%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[r0], %[t0]\n\t"      /* f0² */
        "adcxq %[r1], %[r1]\n\t"
        "adoxq %[t0], %[r1]\n\t"
        "movq 8(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[t0], %[t1]\n\t"      /* f1² */
        "adcxq %[r2], %[r2]\n\t"
        "adoxq %[t0], %[r2]\n\t"
        "adcxq %[r3], %[r3]\n\t"
        "adoxq %[t1], %[r3]\n\t"
        "movq 16(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[t0], %[t1]\n\t"      /* f2² */
        "adcxq %[r4], %[r4]\n\t"
        "adoxq %[t0], %[r4]\n\t"
        "adcxq %[r5], %[r5]\n\t"
        "adoxq %[t1], %[r5]\n\t"
        "movq 24(%[f]), %%rdx\n\t"
        "mulxq %%rdx, %[t0], %[t1]\n\t"      /* f3² */
        "adcxq %[r6], %[r6]\n\t"
        "adoxq %[t0], %[r6]\n\t"
        "adcxq %[r7], %[r7]\n\t"
        "adoxq %[t1], %[r7]\n\t"
        FE64_REDUCE512_("r7")
        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
          [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7), [t0] "=&r"(t0), [t1] "=&r"(t1)
        : [f] "r"(f->v), "m"(*f)
        : "rdx", "cc");
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
}

/*
 * h = a24·f + g mod p (h < 2^256), for any f, g < 2^256: the ladder's
 * AA + a24·E in one pass (a24·f + g < 121666·2^256, so the fifth limb is
 * ≤ 121665 and is folded once): one fold and one store/load fewer than
 * a product by a24 then an addition, on the ladder's critical path (docs/x25519.md §4).
 * h may alias f or g. Constant time.
 */
static inline void fe64_mul_a24_add(fe64 *h, const fe64 *f, const fe64 *g)
{
    uint64_t r0, r1, r2, r3, r4, t0;
    __asm__(
        "movl %[a24], %%edx\n\t"
        FE64_MUL_LIMB_("f")
        "addq (%[g]), %[r0]\n\t"
        "adcq 8(%[g]), %[r1]\n\t"
        "adcq 16(%[g]), %[r2]\n\t"
        "adcq 24(%[g]), %[r3]\n\t"
        "adcq $0, %[r4]\n\t"
        FE64_FOLD_TOP_
        : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
          [t0] "=&r"(t0)
        : [f] "r"(f->v), [g] "r"(g->v), "m"(*f), "m"(*g), [a24] "i"(FE64_A24)
        : "rdx", "cc");
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
}

/*
 * The body of fe64_add and fe64_sub: h = f op g over four limbs (op, opc:
 * "add", "adc" or "sub", "sbb"), then the carry (borrow) out of bit 256, worth
 * 38, folded into the low limb: that can carry (borrow) once more, and the
 * second 38 then needs no chain (see the two functions for why).
 */
#define FE64_ADDSUB_(h, f, g, op, opc)                                                     \
    do {                                                                                 \
        uint64_t r0, r1, r2, r3, t0;                                                     \
        __asm__("movq (%[f]), %[r0]\n\t"                                                 \
                op "q (%[g]), %[r0]\n\t"                                                 \
                "movq 8(%[f]), %[r1]\n\t"                                                \
                opc "q 8(%[g]), %[r1]\n\t"                                               \
                "movq 16(%[f]), %[r2]\n\t"                                               \
                opc "q 16(%[g]), %[r2]\n\t"                                              \
                "movq 24(%[f]), %[r3]\n\t"                                               \
                opc "q 24(%[g]), %[r3]\n\t"                                              \
                "sbbq %[t0], %[t0]\n\t"                                                  \
                "andq $38, %[t0]\n\t"                                                    \
                op "q %[t0], %[r0]\n\t"                                                  \
                opc "q $0, %[r1]\n\t"                                                    \
                opc "q $0, %[r2]\n\t"                                                    \
                opc "q $0, %[r3]\n\t"                                                    \
                "sbbq %[t0], %[t0]\n\t"                                                  \
                "andq $38, %[t0]\n\t"                                                    \
                op "q %[t0], %[r0]\n\t"                                                  \
                : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3),          \
                  [t0] "=&r"(t0)                                                         \
                : [f] "r"((f)->v), [g] "r"((g)->v), "m"(*(f)), "m"(*(g))                   \
                : "cc");                                                                 \
        (h)->v[0] = r0;                                                                  \
        (h)->v[1] = r1;                                                                  \
        (h)->v[2] = r2;                                                                  \
        (h)->v[3] = r3;                                                                  \
    } while (0)

/*
 * h = f + g mod p (h < 2^256), for any f, g < 2^256. The carry out of the
 * 256-bit sum is worth 38; adding 38·carry can carry once more, and then the
 * low limb is < 38, so the second 38 is added without carry. h may alias f
 * or g. Constant time.
 */
static inline void fe64_add(fe64 *h, const fe64 *f, const fe64 *g)
{
    FE64_ADDSUB_(h, f, g, "add", "adc");
}

/*
 * h = f - g mod p (h < 2^256), for any f, g < 2^256. A borrow out of the
 * 256-bit difference means 2^256 was added, so 38 is subtracted; that can
 * borrow once more (the value was < 38), and then the low limb is
 * ≥ 2^64 - 38, so the second 38 is subtracted without borrow. h may alias f
 * or g. Constant time.
 */
static inline void fe64_sub(fe64 *h, const fe64 *f, const fe64 *g)
{
    FE64_ADDSUB_(h, f, g, "sub", "sbb");
}

/*
 * if m: swap f and g (m all-ones or all-zero, from src/internal/ct.h), by
 * scalar masks in general-purpose registers: t = m & (f ^ g), f ^= t,
 * g ^= t (docs/conventions.md §3). Written as assembly so that the compiler
 * cannot vectorise it: gcc 12 turns the C loop into 16-byte SSE2 loads, and
 * a 16-byte load of two limbs just written by two 8-byte stores (the
 * ladder's case) cannot be store-forwarded and stalls. docs/x25519.md §5
 * measures this form against C, CMOV, SSE2 and AVX2 masks. f and g must not
 * overlap unless equal. Constant time.
 */
static inline void fe64_cswap(fe64 *f, fe64 *g, ct_mask m)
{
    for (int i = 0; i < 4; i++) {
        uint64_t a = f->v[i], b = g->v[i], t;
        __asm__("movq %[a], %[t]\n\t"
                "xorq %[b], %[t]\n\t"
                "andq %[m], %[t]\n\t"
                "xorq %[t], %[a]\n\t"
                "xorq %[t], %[b]"
                : [a] "+r"(a), [b] "+r"(b), [t] "=&r"(t)
                : [m] "r"(m.m));
        f->v[i] = a;
        g->v[i] = b;
    }
}

#endif /* VEC25519_BACKEND_X86_64_FE64_H */
