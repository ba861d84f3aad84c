/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The X25519 Montgomery ladder on the u-coordinate alone (RFC 7748 §5),
 * written once over the serial field contract (src/field/fe.h: fe51 or
 * fe2625): the serial backend's x25519 and x25519_batch entries
 * (src/backend/backend.h; contracts in src/backend/ladder.h), and the glue
 * the vector backend tables make their x25519_batch of.
 *
 * The ladder state is two projective points (X2:Z2) and (X3:Z3) of the curve
 * v² = u³ + 486662·u² + u, with x3 − x2 = u (differential addition). The
 * conditional swap is deferred: the two points are swapped only when the
 * scalar bit differs from the previous one, so each step does one masked
 * swap pair, and one last swap after the loop puts the result back in place.
 *
 * Constant time in the scalar and the point. References: RFC 7748 §5;
 * P. L. Montgomery, "Speeding the Pollard and elliptic curve methods of
 * factorization", Math. Comp. 48 (1987).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vec25519/util.h"

#include "../../field/fe.h"
#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "../ladder.h"
#include "../lanes_plan.h"

/* (A − 2)/4 for Montgomery A = 486662 (RFC 7748 §5). */
#define X25519_A24 121665u

/* Everything the ladder keeps on the stack, so it is wiped in one call. */
struct ladder_state {
    fe x2, z2, x3, z3;      /* tight: the two points, (x2:z2) = [k']P, (x3:z3) = [k'+1]P */
    fe aa, bb, da, cb, t;   /* tight products */
    fe_loose a, b, c, d, e; /* loose sums and differences */
    fe_loose s;
};

/*
 * (x:z) = [k]P where P has affine u-coordinate u1 and k is the clamped
 * scalar (bit 255 clear, bit 254 set). One ladder step per bit 254..0:
 *
 *   A = x2 + z2, B = x2 − z2, C = x3 + z3, D = x3 − z3
 *   AA = A², BB = B², E = AA − BB, DA = D·A, CB = C·B
 *   x3 = (DA + CB)², z3 = u1·(DA − CB)²
 *   x2 = AA·BB,      z2 = E·(AA + a24·E)
 *
 * Every square/product takes loose inputs directly (fe_sq_l, fe_mul_ll), so
 * no sum or difference is carried before it is multiplied.
 * Constant time in k (one masked swap pair per bit, no secret index).
 */
static void x25519_ladder(fe *x_out, fe *z_out, const uint8_t k[32], const fe *u1)
{
    struct ladder_state st;
    uint64_t prev = 0;

    fe_1(&st.x2);
    fe_0(&st.z2);
    fe_copy(&st.x3, u1);
    fe_1(&st.z3);

    for (int i = 254; i >= 0; i--) {
        /* i is public; the bit's value is secret and only feeds a mask. */
        uint64_t bit = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
        ct_mask swap = ct_from_bit(bit ^ prev);
        fe_cswap(&st.x2, &st.x3, swap);
        fe_cswap(&st.z2, &st.z3, swap);
        prev = bit;

        fe_add(&st.a, &st.x2, &st.z2);   /* A  = x2 + z2        */
        fe_sub(&st.b, &st.x2, &st.z2);   /* B  = x2 − z2        */
        fe_add(&st.c, &st.x3, &st.z3);   /* C  = x3 + z3        */
        fe_sub(&st.d, &st.x3, &st.z3);   /* D  = x3 − z3        */
        fe_sq_l(&st.aa, &st.a);          /* AA = A²             */
        fe_sq_l(&st.bb, &st.b);          /* BB = B²             */
        fe_mul_ll(&st.da, &st.d, &st.a); /* DA = D·A            */
        fe_mul_ll(&st.cb, &st.c, &st.b); /* CB = C·B            */
        fe_sub(&st.e, &st.aa, &st.bb);   /* E  = AA − BB        */

        fe_add(&st.s, &st.da, &st.cb);
        fe_sq_l(&st.x3, &st.s);          /* x3 = (DA + CB)²     */
        fe_sub(&st.s, &st.da, &st.cb);
        fe_sq_l(&st.t, &st.s);
        fe_mul(&st.z3, u1, &st.t);       /* z3 = u1·(DA − CB)²  */

        fe_mul(&st.x2, &st.aa, &st.bb);  /* x2 = AA·BB          */
        fe_mul_small(&st.t, &st.e, X25519_A24);
        fe_add(&st.s, &st.aa, &st.t);
        fe_mul_ll(&st.z2, &st.e, &st.s); /* z2 = E·(AA + a24·E) */
    }
    /* Undo the last pending swap: afterwards (x2:z2) = [k]P. */
    fe_cswap(&st.x2, &st.x3, ct_from_bit(prev));
    fe_cswap(&st.z2, &st.z3, ct_from_bit(prev));

    fe_copy(x_out, &st.x2);
    fe_copy(z_out, &st.z2);
    vec25519_wipe(&st, sizeof st);
    vec25519_wipe(&prev, sizeof prev);
}

/*
 * out = X25519(scalar, point) (RFC 7748 §5) on the serial field: clamp a copy
 * of the scalar, decode u with bit 255 ignored and u ≥ p reduced, run the
 * ladder, return x/z (z = 0 gives 0). No all-zero check (the caller's).
 * Constant time in scalar. out may alias scalar or point.
 */
void x25519_ladder_serial(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    struct {
        uint8_t k[32];
        fe x, z, zinv;
    } sec;
    fe u1;

    sc_clamp(sec.k, scalar);
    fe_frombytes(&u1, point);
    x25519_ladder(&sec.x, &sec.z, sec.k, &u1);
    fe_invert(&sec.zinv, &sec.z);
    fe_mul(&sec.x, &sec.x, &sec.zinv);
    fe_tobytes(out, &sec.x);

    vec25519_wipe(&sec, sizeof sec);
}

void x25519_batch_serial(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points)
{
    for (size_t i = 0; i < n; i++) x25519_ladder_serial(out + 32 * i, scalars + 32 * i, points + 32 * i);
}

/* k[0..m-1], u[0..m-1] = the m entries from scalars and points, and zeros in
 * the w - m padding lanes (a clamped zero scalar: a valid, discarded ladder). */
static void lanes_fill(uint8_t k[16][32], uint8_t u[16][32], const uint8_t *scalars,
                       const uint8_t *points, size_t m, size_t w)
{
    memcpy(k, scalars, 32 * m);
    memcpy(u, points, 32 * m);
    if (m < w) {
        memset(k[m], 0, 32 * (w - m));
        memset(u[m], 0, 32 * (w - m));
    }
}

void x25519_batch_lanes(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points,
                        x25519_lanes_kernel *kernel, size_t w, size_t pad_min,
                        void (*one)(uint8_t out[32], const uint8_t scalar[32],
                                    const uint8_t point[32]))
{
    struct {
        uint8_t k[16][32], u[16][32], r[16][32];
    } sec;
    size_t i = 0, m;

    while (i < n && (m = lanes_chunk(n, i, w, pad_min)) != 0) { /* ../lanes_plan.h */
        lanes_fill(sec.k, sec.u, scalars + 32 * i, points + 32 * i, m, w);
        kernel(sec.r, (const uint8_t(*)[32])sec.k, (const uint8_t(*)[32])sec.u);
        memcpy(out + 32 * i, sec.r, 32 * m);
        i += m;
    }
    vec25519_wipe(&sec, sizeof sec);
    for (; i < n; i++) one(out + 32 * i, scalars + 32 * i, points + 32 * i);
}

void x25519_xz_to_bytes(size_t n, uint8_t *out, fe *x, fe *z)
{
    struct {
        fe one, zero;
        ct_mask is0;
    } sec;

    fe_1(&sec.one);
    fe_0(&sec.zero);
    for (size_t i = 0; i < n; i++) {
        /* z = 0 enters as 1, and x as 0: the entry's output is 0 */
        sec.is0 = fe_is_zero(&z[i]);
        fe_cmov(&z[i], &sec.one, sec.is0);
        fe_cmov(&x[i], &sec.zero, sec.is0);
    }
    fe_batch_invert(z, n);
    for (size_t i = 0; i < n; i++) {
        fe_mul(&x[i], &x[i], &z[i]);
        fe_tobytes(out + 32 * i, &x[i]);
    }
    vec25519_wipe(x, n * sizeof x[0]);
    vec25519_wipe(z, n * sizeof z[0]);
    vec25519_wipe(&sec, sizeof sec);
}

void x25519_batch_lanes_xz(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points,
                           x25519_lanes_xz_kernel *kernel, size_t w, size_t pad_min,
                           void (*one)(uint8_t out[32], const uint8_t scalar[32],
                                       const uint8_t point[32]))
{
    struct {
        uint8_t k[16][32], u[16][32];
        fe x[X25519_XZ_BLOCK], z[X25519_XZ_BLOCK], xw[16], zw[16];
    } sec;
    size_t i = 0, m;

    while (i < n && lanes_chunk(n, i, w, pad_min) != 0) {
        /* one block: chunks until X25519_XZ_BLOCK entries or the end */
        size_t b = 0;
        while (i + b < n && (m = lanes_chunk(n, i + b, w, pad_min)) != 0 &&
               b + m <= X25519_XZ_BLOCK) {
            lanes_fill(sec.k, sec.u, scalars + 32 * (i + b), points + 32 * (i + b), m, w);
            kernel(sec.xw, sec.zw, (const uint8_t(*)[32])sec.k, (const uint8_t(*)[32])sec.u);
            memcpy(sec.x + b, sec.xw, m * sizeof sec.xw[0]);
            memcpy(sec.z + b, sec.zw, m * sizeof sec.zw[0]);
            b += m;
        }
        x25519_xz_to_bytes(b, out + 32 * i, sec.x, sec.z);
        i += b;
    }
    vec25519_wipe(&sec, sizeof sec);
    for (; i < n; i++) one(out + 32 * i, scalars + 32 * i, points + 32 * i);
}

_Static_assert(X25519_XZ_BLOCK >= 16, "a block holds at least one chunk of the widest kernel");
