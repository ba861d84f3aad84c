/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Encodings of fixed-base multiples: the backend entry base_encode
 * (src/backend/backend.h) of the serial backend, and what every backend
 * shares: the block driver (ge_base_encode_lanes: chunks of a w-lane kernel,
 * padding, single calls) and the way from projective points to bytes with
 * one field inversion for a whole block (ge_base_encode_finish).
 *
 *   form BASE_ENCODE_ED25519   the point encoding of RFC 8032 §5.1.2: y =
 *                              Y/Z, canonical, with the low bit of x = X/Z
 *                              in bit 255 (exactly ge_ext_tobytes)
 *   form BASE_ENCODE_X25519    the Montgomery u-coordinate of RFC 7748 §4.1,
 *                              u = (1 + y)/(1 − y) = (Z + Y)/(Z − Y),
 *                              canonical; Z = Y (the identity) gives 0
 *
 * The denominators (Z, or Z − Y) of a block are inverted together
 * (Montgomery's trick): n inversions cost one inversion (fe_invert: divsteps)
 * and 3(n − 1) multiplications. A zero denominator would zero every inverse
 * of the block, so it is replaced by 1 first and its output forced to 0
 * afterwards (the value a single inversion, 1/0 ↦ 0, gives), both with
 * masks: a block of n entries always runs the same instructions.
 *
 * Constant time in every point and scalar; n and the form are public.
 * References: RFC 8032 §5.1.2; RFC 7748 §4.1; P. L. Montgomery, "Speeding
 * the Pollard and elliptic curve methods of factorization", Math. Comp. 48
 * (1987), §10.3.1 (simultaneous inversion).
 */
#include <string.h>

#include "../../internal/ct.h"
#include "../backend.h"
#include "../lanes_plan.h"
#include "ge.h"

/*
 * a[i] = 1/a[i] for i < n (no a[i] zero), with one inversion by divsteps
 * (fe_invert, by divsteps where it compiles: about 57% of the Fermat power):
 * Montgomery's trick, the prefix products pre[i] = a[0]·…·a[i] first, then
 * back to front. n ≤ BASE_ENCODE_BLOCK. 3(n − 1) M + 1 I.
 */
static void batch_invert(fe *a, size_t n)
{
    fe pre[BASE_ENCODE_BLOCK];
    fe acc, t;

    pre[0] = a[0];
    for (size_t i = 1; i < n; i++) fe_mul(&pre[i], &pre[i - 1], &a[i]);
    fe_invert(&acc, &pre[n - 1]);
    for (size_t i = n - 1; i > 0; i--) {
        fe_mul(&t, &acc, &pre[i - 1]); /* 1/a[i] */
        fe_mul(&acc, &acc, &a[i]);     /* 1/(a[0]·…·a[i−1]) */
        a[i] = t;
    }
    a[0] = acc;
    vec25519_wipe(pre, n * sizeof pre[0]);
    vec25519_wipe(&acc, sizeof acc);
    vec25519_wipe(&t, sizeof t);
}

void ge_base_encode_finish(size_t n, uint8_t *out, fe *X, fe *Y, fe *Z, int form)
{
    ct_mask zero[BASE_ENCODE_BLOCK];
    fe one, t;
    fe_loose l;

    if (n == 0) return;
    fe_1(&one);
    /* Z[i] = the denominator, 1 where it is 0 */
    for (size_t i = 0; i < n; i++) {
        if (form == BASE_ENCODE_X25519) {
            fe_add(&l, &Z[i], &Y[i]); /* the numerator Z + Y, kept in Y */
            fe_carry(&t, &l);
            fe_sub(&l, &Z[i], &Y[i]);
            fe_carry(&Z[i], &l);
            Y[i] = t;
        }
        zero[i] = fe_is_zero(&Z[i]);
        fe_cmov(&Z[i], &one, zero[i]);
    }
    batch_invert(Z, n);
    for (size_t i = 0; i < n; i++) {
        uint8_t *s = out + 32 * i;
        if (form == BASE_ENCODE_X25519) {
            fe_mul(&t, &Y[i], &Z[i]); /* u = (Z + Y)/(Z − Y) */
            fe_0(&one);
            fe_cmov(&t, &one, zero[i]);
            fe_tobytes(s, &t);
        } else {
            fe x, y;
            fe_mul(&x, &X[i], &Z[i]);
            fe_mul(&y, &Y[i], &Z[i]);
            fe_tobytes(s, &y);
            s[31] |= (uint8_t)(ct_to_int(fe_is_negative(&x)) << 7);
            vec25519_wipe(&x, sizeof x);
            vec25519_wipe(&y, sizeof y);
        }
    }
    vec25519_wipe(zero, n * sizeof zero[0]);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&l, sizeof l);
}

void ge_base_encode_lanes(size_t n, uint8_t *out, const uint8_t *scalars, int form,
                          ge_base_kernel *lanes, size_t w, size_t pad_min, ge_base_kernel *one)
{
    fe X[BASE_ENCODE_BLOCK], Y[BASE_ENCODE_BLOCK], Z[BASE_ENCODE_BLOCK];
    uint8_t pad[BASE_ENCODE_LANES_MAX][32];
    const size_t used = n < BASE_ENCODE_BLOCK ? n : BASE_ENCODE_BLOCK; /* entries to wipe */

    for (size_t done = 0; done < n;) {
        const size_t m = n - done < BASE_ENCODE_BLOCK ? n - done : BASE_ENCODE_BLOCK;
        const uint8_t *sc = scalars + 32 * done;
        size_t i = 0, c;

        while (i < m && (c = lanes_chunk(m, i, w, pad_min)) != 0) { /* ../lanes_plan.h */
            if (c == w) {
                lanes(X + i, Y + i, Z + i, sc + 32 * i, w);
            } else {
                memset(pad, 0, sizeof pad); /* the unused lanes compute [0]B: public, discarded */
                memcpy(pad, sc + 32 * i, 32 * c);
                lanes(X + i, Y + i, Z + i, &pad[0][0], c);
            }
            i += c;
        }
        for (; i < m; i++) one(X + i, Y + i, Z + i, sc + 32 * i, 1);
        ge_base_encode_finish(m, out + 32 * done, X, Y, Z, form);
        done += m;
    }
    vec25519_wipe(X, used * sizeof X[0]);
    vec25519_wipe(Y, used * sizeof Y[0]);
    vec25519_wipe(Z, used * sizeof Z[0]);
    vec25519_wipe(pad, sizeof pad);
}

#if defined(VEC25519_HAVE_FE51) /* only the vector backends, on 64-bit targets, call it */
void ge_base_fe_from51(fe *f, const uint64_t limbs[5])
{
    fe51 t;

    for (int i = 0; i < 5; i++) t.v[i] = limbs[i];
#if defined(VEC25519_SERIAL_U32)
    {
        uint8_t b[32];
        fe51_tobytes(b, &t);
        fe_frombytes(f, b);
        vec25519_wipe(b, sizeof b);
    }
#else
    *f = t;
#endif
    vec25519_wipe(&t, sizeof t);
}
#endif

/* The serial kernel: (X : Y : Z) of [s]B by ge_scalarmult_base (count = 1). */
static void serial_kernel(fe *X, fe *Y, fe *Z, const uint8_t *scalars, size_t count)
{
    ge_ext p;

    (void)count;
    ge_scalarmult_base(&p, scalars);
    *X = p.X;
    *Y = p.Y;
    *Z = p.Z;
    vec25519_wipe(&p, sizeof p);
}

/* base_encode on the serial backend: one ge_scalarmult_base per entry. Constant time. */
void ge_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form)
{
    ge_base_encode_lanes(n, out, scalars, form, serial_kernel, 1, 2, serial_kernel);
}
