/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * h = 1/f mod p, p = 2^255 − 19 (0 ↦ 0), by the constant-time "safegcd" of
 * Bernstein and Yang: divsteps on (f, g) = (p, x), 62 at a time on the low
 * 64 bits, each batch folded into the full-width numbers as a 2×2 matrix
 * (docs/performance.md §5). It computes the same function as
 * fe_invert_fermat (the Fermat power x^(p−2), fe_common.c) in about 57% of
 * its time, and is the library's fe_invert wherever it compiles.
 *
 * Divstep, in the "half-delta" form (δ starts at 1/2; the bound of 590 steps
 * for 256-bit inputs is from the same line of work):
 *
 *   (δ, f, g) → (1 − δ, g, (g − f)/2)            if δ > 0 and g is odd
 *               (1 + δ, f, (g + (g mod 2)·f)/2)   otherwise,
 *
 * f stays odd, and after 590 steps g = 0 and f = ±gcd(p, x) = ±1 for x ≠ 0.
 * We run 10 batches of 62 = 620 steps. δ is kept as ζ = −(δ + 1/2) (ζ < 0
 * ⟺ δ > 0), every condition is a mask, and the loop count is fixed.
 *
 * A batch of N = 62 steps on the low 64 bits of f and g (the decisions of
 * the first N steps depend only on the low N bits) yields the matrix
 * T = (u v; q r) with (f', g') = T·(f, g)/2^N, |u| + |v| ≤ 2^N, |q| + |r| ≤
 * 2^N, so every entry fits an int64. It is applied to:
 *   f, g   exactly (the low 62 bits of T·(f, g) are zero): five signed limbs
 *          of 62 bits (limbs 0..3 in [0, 2^62), limb 4 signed), |f|, |g| < 2^256;
 *   d, e   with f ≡ d·x, g ≡ e·x (mod p), starting at (0, 1): T·(d, e)/2^N
 *          mod p, made exact by adding m·p with m ≡ (u·d + v·e)·19^-1
 *          (mod 2^62) (as p ≡ −19), m centred in [−2^61, 2^61); since
 *          m·p = m·2^255 − 19·m, that is −19·m on limb 0 and m·2^7 on limb 4.
 *          |d|, |e| < (1 + k/2)·p after k batches: < 6p < 2^258 at the end,
 *          so no reduction is needed in between.
 * Finally 1/x = d/f = ±d, reduced to a canonical element.
 *
 * Products are signed 64 × 64 → 128 bits (__int128): this file needs a
 * compiler with __int128 (gcc, clang on 64-bit targets); elsewhere
 * fe_invert is fe_invert_fermat. Signed right shifts of __int128 are
 * arithmetic (GCC and clang document it).
 *
 * Constant time: the loop counts are fixed, conditions are masks (through
 * ct_barrier_u64, so the compiler cannot make branches of them), and the
 * multiplications and shifts have data-independent latency.
 *
 * References: D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd
 * computation and modular inversion", TCHES 2019(3) (divsteps, the
 * transition matrices, the iteration bounds); the half-delta variant and
 * the 590-step bound for 256-bit inputs as documented by the libsecp256k1
 * authors ("The safegcd implementation in libsecp256k1 explained"), from
 * which the idea of centred m and of 62-step batches on 64-bit words is
 * taken; the code here is our own.
 */
#include <stdint.h>

#include "../internal/ct.h"
#include "fe.h"

#if defined(__SIZEOF_INT128__) && (defined(__GNUC__) || defined(__clang__))

__extension__ typedef __int128 i128;
__extension__ typedef unsigned __int128 u128;

#define DS_M62 ((UINT64_C(1) << 62) - 1)
#define DS_INV19 UINT64_C(0x86bca1af286bca1b) /* 19^-1 mod 2^64 */

/* The transition matrix of a batch: (f', g') = (u·f + v·g, q·f + r·g)/2^62. */
typedef struct {
    int64_t u, v, q, r;
} ds_matrix;

/* 62 divsteps on the low 64 bits of f and g (f odd); returns the new ζ. */
static int64_t ds_divsteps_62(int64_t zeta, uint64_t f, uint64_t g, ds_matrix *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1;

    for (int i = 0; i < 62; i++) {
        uint64_t c1 = ct_barrier_u64((uint64_t)(zeta >> 63)); /* δ > 0 */
        const uint64_t c2 = ct_barrier_u64(0 - (g & 1));      /* g odd */
        const uint64_t x = (f ^ c1) - c1, y = (u ^ c1) - c1, z = (v ^ c1) - c1;

        g += x & c2; /* g ± f (− when δ > 0), (q, r) likewise */
        q += y & c2;
        r += z & c2;
        c1 &= c2;    /* the swap: δ > 0 and g odd */
        zeta = (zeta ^ (int64_t)c1) - 1;
        f += g & c1; /* f + (g − f) = the old g, (u, v) likewise */
        u += q & c1;
        v += r & c1;
        g >>= 1;     /* (f, g) ← (2f, g)/2: the matrix keeps the factor 2^i */
        u <<= 1;
        v <<= 1;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return zeta;
}

/*
 * (x, y) = (T·(x, y) + (m_x, m_y)·p)/2^62, where the low 62 bits of the sum
 * are zero (p = 2^255 - 19: -19·m on limb 0, m·2^255 = m·2^7 on limb 4).
 * Inlined with m = 0 for (f, g), whose update is exact by itself.
 */
static inline void ds_combine(int64_t x[5], int64_t y[5], const ds_matrix *t, int64_t mx,
                              int64_t my)
{
    i128 cx = (i128)t->u * x[0] + (i128)t->v * y[0] - (i128)19 * mx;
    i128 cy = (i128)t->q * x[0] + (i128)t->r * y[0] - (i128)19 * my;

    cx >>= 62; /* the low 62 bits are zero */
    cy >>= 62;
    for (int i = 1; i < 5; i++) {
        cx += (i128)t->u * x[i] + (i128)t->v * y[i];
        cy += (i128)t->q * x[i] + (i128)t->r * y[i];
        if (i == 4) {
            cx += (i128)mx * 128;
            cy += (i128)my * 128;
        }
        x[i - 1] = (int64_t)((uint64_t)cx & DS_M62);
        y[i - 1] = (int64_t)((uint64_t)cy & DS_M62);
        cx >>= 62;
        cy >>= 62;
    }
    x[4] = (int64_t)cx;
    y[4] = (int64_t)cy;
}

/* (f, g) = T·(f, g)/2^62, exactly. */
static void ds_update_fg(int64_t f[5], int64_t g[5], const ds_matrix *t)
{
    ds_combine(f, g, t, 0, 0);
}

/* (d, e) = (T·(d, e) + (m_d, m_e)·p)/2^62, the m making the division exact (file header). */
static void ds_update_de(int64_t d[5], int64_t e[5], const ds_matrix *t)
{
    const uint64_t ld = (uint64_t)t->u * (uint64_t)d[0] + (uint64_t)t->v * (uint64_t)e[0];
    const uint64_t le = (uint64_t)t->q * (uint64_t)d[0] + (uint64_t)t->r * (uint64_t)e[0];
    /* m ≡ (low 62 bits)·19^-1 (mod 2^62), sign-extended from bit 61: in [−2^61, 2^61) */
    const int64_t md = (int64_t)((ld * DS_INV19) << 2) >> 2;
    const int64_t me = (int64_t)((le * DS_INV19) << 2) >> 2;

    ds_combine(d, e, t, md, me);
}

/* The five 62-bit limbs of a 32-byte little-endian value < 2^256 (limb 4 < 2^8). */
static void ds_from_bytes(int64_t x[5], const uint8_t s[32])
{
    uint64_t w[4];

    for (int i = 0; i < 4; i++) {
        w[i] = 0;
        for (int j = 7; j >= 0; j--) w[i] = (w[i] << 8) | s[8 * i + j];
    }
    x[0] = (int64_t)(w[0] & DS_M62);
    x[1] = (int64_t)(((w[0] >> 62) | (w[1] << 2)) & DS_M62);
    x[2] = (int64_t)(((w[1] >> 60) | (w[2] << 4)) & DS_M62);
    x[3] = (int64_t)(((w[2] >> 58) | (w[3] << 6)) & DS_M62);
    x[4] = (int64_t)(w[3] >> 56);
}

/*
 * s = the canonical encoding of s_f·d mod p, s_f = ±1 the sign mask of f
 * (all ones: −1), d in five signed 62-bit limbs with |d| < 8p.
 */
static void ds_finish(fe *h, const int64_t d[5], uint64_t neg)
{
    /* w = d + 8p as 320-bit two's complement: 0 < w < 16p < 2^259 */
    static const uint64_t p8[5] = {UINT64_C(0) - 152, UINT64_MAX, UINT64_MAX, UINT64_MAX, 3};
    uint64_t w[5], c = 0, top;
    uint8_t s[32];
    fe r, n;
    fe_loose l;

    w[0] = (uint64_t)d[0] | (uint64_t)d[1] << 62;
    w[1] = (uint64_t)d[1] >> 2 | (uint64_t)d[2] << 60;
    w[2] = (uint64_t)d[2] >> 4 | (uint64_t)d[3] << 58;
    w[3] = (uint64_t)d[3] >> 6 | (uint64_t)d[4] << 56;
    w[4] = (uint64_t)(d[4] >> 8);
    for (int i = 0; i < 5; i++) {
        const u128 t = (u128)w[i] + p8[i] + c;
        w[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
    /* twice: w = (w mod 2^255) + 19·(w >> 255), then w < 2^255 */
    for (int k = 0; k < 2; k++) {
        top = (w[3] >> 63) | (w[4] << 1);
        w[3] &= UINT64_MAX >> 1;
        w[4] = 0;
        c = 19 * top;
        for (int i = 0; i < 4; i++) {
            const u128 t = (u128)w[i] + c;
            w[i] = (uint64_t)t;
            c = (uint64_t)(t >> 64);
        }
        w[4] = c;
    }
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 8; j++) s[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
    fe_frombytes(&r, s); /* < 2^255, reduced mod p by the field */
    fe_neg(&l, &r);
    fe_carry(&n, &l);
    fe_cmov(&r, &n, ct_from_bit(neg & 1));
    *h = r;
    vec25519_wipe(w, sizeof w);
    vec25519_wipe(s, sizeof s);
    vec25519_wipe(&r, sizeof r);
    vec25519_wipe(&n, sizeof n);
    vec25519_wipe(&l, sizeof l);
}

void fe_invert(fe *h, const fe *x)
{
    static const int64_t p62[5] = {(int64_t)(DS_M62 - 18), (int64_t)DS_M62, (int64_t)DS_M62,
                                   (int64_t)DS_M62, 127}; /* p = 2^255 − 19 */
    struct {
        int64_t f[5], g[5], d[5], e[5];
        ds_matrix t;
        uint8_t s[32];
    } st;
    int64_t zeta = -1; /* δ = 1/2 */

    fe_tobytes(st.s, x); /* canonical: g < p */
    ds_from_bytes(st.g, st.s);
    for (int i = 0; i < 5; i++) {
        st.f[i] = p62[i];
        st.d[i] = 0;
        st.e[i] = 0;
    }
    st.e[0] = 1;
    for (int b = 0; b < 10; b++) {
        zeta = ds_divsteps_62(zeta, (uint64_t)st.f[0] | (uint64_t)st.f[1] << 62,
                              (uint64_t)st.g[0] | (uint64_t)st.g[1] << 62, &st.t);
        ds_update_fg(st.f, st.g, &st.t);
        ds_update_de(st.d, st.e, &st.t);
    }
    /* f = ±1 (x ≠ 0) or f = p, d = 0 (x = 0): the inverse is d·sign(f) */
    ds_finish(h, st.d, (uint64_t)(st.f[4] >> 63));
    vec25519_wipe(&st, sizeof st);
    vec25519_wipe(&zeta, sizeof zeta);
}

#else

void fe_invert(fe *h, const fe *x)
{
    fe_invert_fermat(h, x);
}

#endif
