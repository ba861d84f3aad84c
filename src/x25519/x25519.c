/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * X25519 Diffie–Hellman (RFC 7748 §5, §6.1).
 *
 * vec25519_x25519 runs the Montgomery ladder on the u-coordinate alone, over
 * the generic serial field (src/field/fe.h: fe51 or fe2625). The ladder state
 * is two projective points (X2:Z2) and (X3:Z3) of the curve
 * v² = u³ + 486662·u² + u, with x3 − x2 = u (differential addition). The
 * conditional swap is deferred: the two points are swapped only when the
 * scalar bit differs from the previous one, so each step does one masked
 * swap pair, and one last swap after the loop puts the result back in place.
 *
 * vec25519_x25519_base computes [s]B on edwards25519 with the backend's
 * fixed-base multiplication and maps the result to Montgomery form with the
 * birational map u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y) (RFC 7748 §4.1),
 * both in the backend's base_encode (src/backend/backend.h; batched in
 * src/x25519/base_batch.c).
 *
 * Both are constant time in the scalar. The only secret-derived value that
 * becomes a branch is the "shared secret is all zero" verdict, which RFC 7748
 * §6.1 makes public (the caller must be told to abort).
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/util.h"
#include "vec25519/x25519.h"

#include "../backend/backend.h"
#include "../field/fe.h"
#include "../internal/cpu.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "ladder.h"

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
 * Maps the verdict "out is all zero" to the return code, and zeroes out in
 * that case (it already is; the cmov keeps the contract independent of how
 * out was produced). The verdict is declassified: RFC 7748 §6.1 requires the
 * caller to learn it, and it only says that the peer's point has small order.
 */
int x25519_finish(uint8_t out[32])
{
    static const uint8_t zero[32] = {0};
    ct_mask is_zero = ct_is_zero_bytes(out, 32);
    ct_cmov_bytes(out, zero, 32, is_zero);
    return ct_declassify_mask(is_zero) ? -1 : 0;
}

/*
 * out = X25519(scalar, point) (RFC 7748 §5) on the serial field: clamp a copy
 * of the scalar, decode u with bit 255 ignored and u ≥ p reduced, run the
 * ladder, return x/z (z = 0 gives 0). No all-zero check (the caller's).
 * Constant time in scalar. out may alias scalar or point.
 */
void x25519_ladder_serial(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    uint8_t k[32];
    fe u1, x, z, zinv;

    sc_clamp(k, scalar);
    fe_frombytes(&u1, point);
    x25519_ladder(&x, &z, k, &u1);
    fe_invert(&zinv, &z);
    fe_mul(&x, &x, &zinv);
    fe_tobytes(out, &x);

    vec25519_wipe(k, sizeof k);
    vec25519_wipe(&x, sizeof x);
    vec25519_wipe(&z, sizeof z);
    vec25519_wipe(&zinv, sizeof zinv);
}

/*
 * The same on the fastest field this CPU has: the radix-2^64 MULX/ADX ladder
 * (src/x25519/ladder_fe64.c) when BMI2 and ADX are present, else the serial
 * one. The vector backends use this; the serial backend stays portable C.
 */
void x25519_ladder_best(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
#if defined(VEC25519_HAVE_LADDER_FE64)
    if (cpu_features().bmi2_adx) {
        x25519_ladder_fe64(out, scalar, point);
        return;
    }
#endif
    x25519_ladder_serial(out, scalar, point);
}

/*
 * out = X25519(scalar, point) through the backend's ladder. Returns -1 with
 * out zeroed when the result is all zero. Constant time in scalar. out may
 * alias scalar or point.
 */
VEC25519_API int vec25519_x25519(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    backend_get()->x25519(out, scalar, point);
    return x25519_finish(out);
}

/*
 * out = X25519(scalar, 9): the u-coordinate of [clamp(scalar)]B on
 * edwards25519, u = (Z + Y)/(Z − Y) with one inversion (RFC 7748 §4.1),
 * through the backend's fixed-base encoding (backend.h, base_encode).
 * Constant time in scalar. out may alias scalar.
 */
VEC25519_API int vec25519_x25519_base(uint8_t out[32], const uint8_t scalar[32])
{
    uint8_t k[32];

    sc_clamp(k, scalar); /* k[31] ≤ 127, as base_encode requires */
    backend_get()->base_encode(1, out, k, BASE_ENCODE_X25519);
    vec25519_wipe(k, sizeof k);
    return x25519_finish(out);
}

/* sk = 32 random bytes (as drawn; X25519 clamps), pk = X25519(sk, 9). */
VEC25519_API int vec25519_x25519_keypair_random(uint8_t pk[32], uint8_t sk[32])
{
    if (vec25519_random_bytes(sk, 32) != 0) {
        memset(pk, 0, 32);
        return -1; /* sk is zeroed by vec25519_random_bytes */
    }
    (void)vec25519_x25519_base(pk, sk); /* cannot fail for a clamped scalar */
    ct_declassify(pk, 32);              /* the public key */
    return 0;
}
