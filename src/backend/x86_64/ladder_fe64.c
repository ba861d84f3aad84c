/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The X25519 Montgomery ladder on the BMI2/ADX radix-2^64 field
 * (src/backend/x86_64/fe64.h; docs/x25519.md).
 *
 * Same algorithm as the generic ladder of src/backend/serial/ladder.c, RFC 7748 §5:
 * the state is two projective points (x2:z2) = [k']P and (x3:z3) = [k'+1]P on
 * v² = u³ + 486662·u² + u, where k' is the prefix of the clamped scalar k
 * read so far; one step per bit 254..0 is a differential addition and a
 * doubling,
 *
 *   A = x2 + z2, AA = A², B = x2 − z2, BB = B², E = AA − BB,
 *   C = x3 + z3, D = x3 − z3, DA = D·A, CB = C·B,
 *   x3 = (DA + CB)², z3 = x1·(DA − CB)², x2 = AA·BB, z2 = E·(AA + a24·E),
 *
 * (5M + 4S, 7 additions/subtractions and one AA + a24·E, a24 = 121665).
 * fe64 needs no bound bookkeeping: every operation takes and gives any value
 * below 2^256, so sums feed products directly.
 *
 * Deferred conditional swap: RFC 7748 swaps before and after each step
 * according to the bit; two consecutive swaps cancel, so we swap once per
 * step, by the mask of (bit XOR previous bit), and once after the loop by the
 * last bit (docs/x25519.md §4).
 *
 * Compiled with -mbmi2 -madx (as every file of src/backend/x86_64/); called
 * by x25519_ladder_best (src/backend/dispatch.c) only when
 * cpu_features().bmi2_adx is set. On other architectures this file is empty.
 *
 * Constant time in the scalar: the bits become masks only, the loop and every
 * index are public, and the field is constant time (fe64.h). References:
 * RFC 7748 §5; P. L. Montgomery, "Speeding the Pollard and elliptic curve
 * methods of factorization", Math. Comp. 48 (1987).
 */
#include "ladder_fe64.h"

#ifdef VEC25519_HAVE_LADDER_FE64

#include <stdint.h>

#include "../../field/fe.h"
#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "fe64.h"

/* Everything secret the ladder keeps, so that one vec25519_wipe clears it. */
struct ladder_fe64_state {
    fe64 x2, z2, x3, z3;                   /* the two points                  */
    fe64 x1;                               /* u of the input point            */
    fe64 a, b, c, d, aa, bb, da, cb, e;    /* one step's values (file header) */
    fe64 s, t, u;                          /* DA + CB, DA − CB, AA + a24·E    */
    uint8_t k[32];                         /* the clamped scalar              */
    uint8_t zb[32];                        /* z2, then 1/z2, as bytes         */
    fe fz;                                 /* z2 in the serial field          */
    uint64_t prev;                         /* the previous bit (pending swap) */
};

/*
 * out = X25519(scalar, point) on fe64 (ladder_fe64.h has the contract). The
 * all-zero check is the caller's. Constant time.
 */
void x25519_ladder_fe64(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    struct ladder_fe64_state st;

    sc_clamp(st.k, scalar);
    fe64_frombytes(&st.x1, point); /* bit 255 ignored; u ≥ p is fine as is */
    fe64_1(&st.x2);
    fe64_0(&st.z2);
    fe64_copy(&st.x3, &st.x1);
    fe64_1(&st.z3);
    st.prev = 0;

    for (int i = 254; i >= 0; i--) {
        /* i is public; the bit's value is secret and only feeds a mask. */
        uint64_t bit = (uint64_t)(st.k[i >> 3] >> (i & 7)) & 1;
        ct_mask swap = ct_from_bit(bit ^ st.prev);
        fe64_cswap(&st.x2, &st.x3, swap);
        fe64_cswap(&st.z2, &st.z3, swap);
        st.prev = bit;

        /*
         * Statement order is part of the speed (docs/x25519.md §4): a step
         * is ~1000 instructions, several times the out-of-order window, so
         * the longest chain, D → DA → DA − CB → (DA − CB)² → z3, goes first
         * and every level's independent products are adjacent.
         */
        fe64_sub(&st.d, &st.x3, &st.z3);         /* D  = x3 − z3            */
        fe64_add(&st.a, &st.x2, &st.z2);         /* A  = x2 + z2            */
        fe64_add(&st.c, &st.x3, &st.z3);         /* C  = x3 + z3            */
        fe64_sub(&st.b, &st.x2, &st.z2);         /* B  = x2 − z2            */
        fe64_mul(&st.da, &st.d, &st.a);          /* DA = D·A                */
        fe64_mul(&st.cb, &st.c, &st.b);          /* CB = C·B                */
        fe64_sq(&st.aa, &st.a);                  /* AA = A²                 */
        fe64_sq(&st.bb, &st.b);                  /* BB = B²                 */
        fe64_sub(&st.t, &st.da, &st.cb);         /* DA − CB                 */
        fe64_add(&st.s, &st.da, &st.cb);         /* DA + CB                 */
        fe64_sub(&st.e, &st.aa, &st.bb);         /* E  = AA − BB            */
        fe64_sq(&st.t, &st.t);                   /* (DA − CB)²              */
        fe64_sq(&st.x3, &st.s);                  /* x3 = (DA + CB)²         */
        fe64_mul_a24_add(&st.u, &st.e, &st.aa);  /* AA + a24·E              */
        fe64_mul(&st.x2, &st.aa, &st.bb);        /* x2 = AA·BB              */
        fe64_mul(&st.z3, &st.x1, &st.t);         /* z3 = x1·(DA − CB)²      */
        fe64_mul(&st.z2, &st.e, &st.u);          /* z2 = E·(AA + a24·E)     */
    }
    /* The last pending swap: afterwards (x2:z2) = [k]P. */
    ct_mask last = ct_from_bit(st.prev);
    fe64_cswap(&st.x2, &st.x3, last);
    fe64_cswap(&st.z2, &st.z3, last);

    /* out = x2/z2; z2 = 0 (u of small order) gives 1/0 = 0 and out = 0. The
     * inversion is the serial field's (fe_invert: divsteps, 3.3k ticks on
     * Zen 5 against 5.7k for the Fermat power on fe64), through the
     * canonical bytes. */
    fe64_tobytes(st.zb, &st.z2);
    fe_frombytes(&st.fz, st.zb);
    fe_invert(&st.fz, &st.fz);
    fe_tobytes(st.zb, &st.fz);
    fe64_frombytes(&st.t, st.zb);
    fe64_mul(&st.t, &st.x2, &st.t);
    fe64_tobytes(out, &st.t);

    vec25519_wipe(&st, sizeof st);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int x25519_ladder_fe64_not_on_this_architecture;
#endif /* VEC25519_HAVE_LADDER_FE64 */
