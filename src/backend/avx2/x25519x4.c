/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Four X25519 Montgomery ladders in parallel, one per AVX2 lane (RFC 7748
 * §5), for batched X25519. The design note is docs/avx2.md §10 ("4-lane
 * AVX2 batch kernel", with the measurements); the contract is in x25519x4.h.
 *
 * Representation. Every ladder variable (x2, z2, x3, z3, A, B, …) is one
 * fe2625x4 (fe2625x4.h, docs/avx2.md §2): lane l holds that variable of
 * ladder l, ten limbs in radix 2^25.5. The four ladders run the same
 * instruction stream on different data, so every field operation is
 * lane-uniform: no blend and no shuffle is needed, and the 4-way field is
 * reused as it is. Why this layout and not one limb of all four elements
 * per register (ten registers per element, no unzip/zip around the
 * products): fe2625x4 already keeps products in exactly that form inside
 * mul/sq (64-bit slots; the unzip before and zip after are about 25 of the
 * ~280 instructions of a mul, some 200 of the ~2 900 of a ladder step),
 * while its packed form halves the registers, loads, stores and the cost of
 * every addition, subtraction and conditional swap (5 instead of 10 vector
 * operations, 8 lazy operations and two swaps per step): by estimate a
 * few percent at most between them (not built), so the tuned field is
 * kept (docs/avx2.md §10.1). Its contracts
 * (docs/avx2.md §4) are what the ladder needs: mul takes b_f < 2.5,
 * b_g < 1.75, sq b < 1.75, and sums or 2p-biased differences of two reduced
 * elements have b < 1.59.
 *
 * The ladder step (RFC 7748 §5, the statement order of ladder_fe64.c), in
 * SSA form with the bound of every lane after each statement:
 *
 *   D  = x3 − z3           b < 1.59     (x3 + 2p − z3: lg(1 + 2))
 *   A  = x2 + z2           b < 1.001
 *   C  = x3 + z3           b < 1.001
 *   B  = x2 − z2           b < 1.59
 *   DA = D·A               b < 0.0003   (b_f = 1.59 < 2.5, b_g = 1.001 < 1.75)
 *   CB = C·B               b < 0.0003   (b_f = 1.001, b_g = 1.59 < 1.75)
 *   AA = A²                b < 0.0002   (1.001 < 1.75)
 *   BB = B²                b < 0.0002   (1.59 < 1.75)
 *   T  = DA − CB           b < 1.59
 *   S  = DA + CB           b < 1.001
 *   E  = AA − BB           b < 1.59
 *   T2 = T²                b < 0.0002
 *   x3 = S²                b < 0.0002
 *   U  = a24·E             b < 0.00001  (mul_small, a24 = 121665 < 2^20)
 *   V  = AA + U            b < 1.001
 *   x2 = AA·BB             b < 0.0003
 *   z3 = T2·x1             b < 0.0003   (x1 from bytes: b = 0)
 *   z2 = E·V               b < 0.0003   (b_f = 1.59 < 2.5, b_g = 1.001 < 1.75)
 *
 * So every value entering a step is reduced (b < 0.0003 ≤ 2p limbwise, as
 * the 2p-biased subtraction requires), and no extra carry pass is needed.
 *
 * Conditional swap: each lane has its own scalar bit. The 32-bit words of
 * the four clamped scalars are placed in the lane pattern of fe2625x4 (lane
 * A in words 0 and 2, B in 1 and 3, C in 4 and 6, D in 5 and 7), so one
 * vpsrld/vpand gives bit i of every ladder in its own words and 0 − bit is
 * a per-lane mask. The bit index i is public: it selects the register and
 * the shift count, never a secret. The swap is deferred as in ladder_fe64.c (swap by
 * bit XOR previous bit, and once more after the loop). fe2625x4_cmov takes
 * one mask for all lanes, hence the per-lane x4_cswap below.
 *
 * The result x2/z2 uses a Fermat inversion z^(p−2) computed on the four
 * lanes at once (254 squarings, 11 multiplications; z = 0 gives 0), then
 * the lanes are split into four serial fe2625 and fully reduced by
 * fe2625_tobytes.
 *
 * Constant time in every scalar and point: scalar bits only become masks,
 * the loop bounds and every index are public, the field is constant time
 * (fe2625x4.h). All secret state is in one struct, wiped at the end.
 *
 * References: RFC 7748 §5; P. L. Montgomery, "Speeding the Pollard and
 * elliptic curve methods of factorization", Math. Comp. 48 (1987); the seed
 * notes (docs/parallel-formulas.md) for the radix and bounds.
 */
#include "x25519x4.h"

#ifdef VEC25519_HAVE_X25519X4_AVX2

#include <immintrin.h>
#include <stdint.h>

#include "../../internal/bytes.h"
#include "../../internal/ct.h"
#include "../../scalar/sc.h"
#include "../../field/fe2625.h"
#include "../../field/fe_chain.h"
#include "fe2625x4.h"

/* (A − 2)/4 for Montgomery A = 486662 (RFC 7748 §5). */
#define X25519X4_A24 121665u

/* The temporaries of the 2^250 − 1 chain (src/field/fe_chain.h). */
struct x4_chain {
    fe2625x4 z2, z9, z11, a, b, t;
};

/* Everything secret the four ladders keep, so that one vec25519_wipe clears it. */
struct x25519x4_state {
    fe2625x4 x1;                       /* u of the four input points            */
    fe2625x4 x2, z2, x3, z3;           /* the two points of every ladder        */
    fe2625x4 a, b, c, d, aa, bb, da, cb, e, s, t, u; /* one step (file header) */
    struct x4_chain inv;               /* inversion temporaries                 */
    __m256i k[8];                      /* word w of the four scalars, lane pattern */
    __m256i prev;                      /* previous bit per lane (pending swap)  */
    uint8_t clamped[4][32];            /* the clamped scalars                   */
    fe2625 lane[4];                    /* input u / output x, one lane each     */
    uint32_t w[5][8];                  /* the registers of the result, stored   */
};

/*
 * (f, g) = (g, f) in the lanes where m is all-ones, unchanged where it is
 * zero; m must be all-ones or zero per lane (both words of a lane equal).
 * Bounds: each lane keeps its own. Constant time: xor/and, no branch.
 */
static inline void x4_cswap(fe2625x4 *f, fe2625x4 *g, __m256i m)
{
    for (int i = 0; i < 5; i++) {
        const __m256i t = _mm256_and_si256(_mm256_xor_si256(f->v[i], g->v[i]), m);
        f->v[i] = _mm256_xor_si256(f->v[i], t);
        g->v[i] = _mm256_xor_si256(g->v[i], t);
    }
}

/* h = f^(2^n), n ≥ 1. In: b < 1.75; out: b < 0.0002. Constant time; h may alias f. */
static void x4_sqn(fe2625x4 *h, const fe2625x4 *f, int n)
{
    fe2625x4_sq(h, f);
    for (int i = 1; i < n; i++) fe2625x4_sq(h, h);
}

static void x4_sq(fe2625x4 *h, const fe2625x4 *f)
{
    fe2625x4_sq(h, f);
}

/*
 * h = z^(p−2) = z^(2^255 − 21) lane by lane (1/z, and 0 for z = 0): the
 * chain of src/field/fe_chain.h to z^(2^250 − 1), then 5 squarings and a
 * product by z^11; 254 squarings and 11 multiplications in all. In:
 * b < 0.0003 (any reduced z); out: b < 0.0003 (every fe2625x4_mul and _sq
 * takes b < 1.75 and returns b < 0.0002). s holds the temporaries (wiped by
 * the caller). Constant time. h must not alias z.
 */
static void x4_invert(fe2625x4 *h, const fe2625x4 *z, struct x4_chain *s)
{
    FE_CHAIN_2_250_1(x4_sq, x4_sqn, fe2625x4_mul, &s->t, &s->z11, z, s); /* 2^250 − 1 */
    x4_sqn(&s->t, &s->t, 5);      /* z^(2^255 − 2^5) */
    fe2625x4_mul(h, &s->t, &s->z11); /* z^(2^255 − 21) */
}

/* out[i] = X25519(scalars[i], points[i]), i = 0..3 (x25519x4.h). Constant time. */
void x25519_batch4_avx2(uint8_t out[4][32], const uint8_t scalars[4][32],
                        const uint8_t points[4][32])
{
    struct x25519x4_state st;
    const __m256i one = _mm256_set1_epi32(1);

    /* Read every input before out is written: out may alias either. */
    for (int l = 0; l < 4; l++) {
        sc_clamp(st.clamped[l], scalars[l]);
        fe2625_frombytes(&st.lane[l], points[l]); /* bit 255 dropped, limbs < 2^w_i: b = 0 */
    }
    for (int w = 0; w < 8; w++) {
        const int ka = (int)load32_le(st.clamped[0] + 4 * w);
        const int kb = (int)load32_le(st.clamped[1] + 4 * w);
        const int kc = (int)load32_le(st.clamped[2] + 4 * w);
        const int kd = (int)load32_le(st.clamped[3] + 4 * w);
        st.k[w] = _mm256_setr_epi32(ka, kb, ka, kb, kc, kd, kc, kd);
    }
    fe2625x4_pack(&st.x1, &st.lane[0], &st.lane[1], &st.lane[2], &st.lane[3]);

    /* (x2:z2) = (1:0), the neutral element; (x3:z3) = (x1:1). All b = 0. */
    for (int i = 0; i < 5; i++) {
        /* register 0 holds limbs 0 (words 0, 1, 4, 5) and 1 of every lane */
        const __m256i fe_one = i == 0 ? _mm256_setr_epi32(1, 1, 0, 0, 1, 1, 0, 0)
                                      : _mm256_setzero_si256();
        st.x2.v[i] = fe_one;
        st.z2.v[i] = _mm256_setzero_si256();
        st.x3.v[i] = st.x1.v[i];
        st.z3.v[i] = fe_one;
    }
    st.prev = _mm256_setzero_si256();

    for (int i = 254; i >= 0; i--) {
        /* i is public; the bits are secret and only feed masks. */
        const __m256i bit = _mm256_and_si256(
            _mm256_srl_epi32(st.k[i >> 5], _mm_cvtsi32_si128(i & 31)), one);
        __m256i swap = _mm256_sub_epi32(_mm256_setzero_si256(), _mm256_xor_si256(bit, st.prev));
        CT_VEC_BARRIER(swap); /* value barrier on the mask, as ct.h does for ct_mask */
        x4_cswap(&st.x2, &st.x3, swap);
        x4_cswap(&st.z2, &st.z3, swap);
        st.prev = bit;

        // clang-format off
        fe2625x4_sub(&st.d, &st.x3, &st.z3);     /* D  = x3 − z3,       b < 1.59   */
        fe2625x4_add(&st.a, &st.x2, &st.z2);     /* A  = x2 + z2,       b < 1.001  */
        fe2625x4_add(&st.c, &st.x3, &st.z3);     /* C  = x3 + z3,       b < 1.001  */
        fe2625x4_sub(&st.b, &st.x2, &st.z2);     /* B  = x2 − z2,       b < 1.59   */
        fe2625x4_mul(&st.da, &st.d, &st.a);      /* DA = D·A,           b < 0.0003 */
        fe2625x4_mul(&st.cb, &st.c, &st.b);      /* CB = C·B,           b < 0.0003 */
        fe2625x4_sq(&st.aa, &st.a);              /* AA = A²,            b < 0.0002 */
        fe2625x4_sq(&st.bb, &st.b);              /* BB = B²,            b < 0.0002 */
        fe2625x4_sub(&st.t, &st.da, &st.cb);     /* T  = DA − CB,       b < 1.59   */
        fe2625x4_add(&st.s, &st.da, &st.cb);     /* S  = DA + CB,       b < 1.001  */
        fe2625x4_sub(&st.e, &st.aa, &st.bb);     /* E  = AA − BB,       b < 1.59   */
        fe2625x4_sq(&st.t, &st.t);               /* T2 = T²,            b < 0.0002 */
        fe2625x4_sq(&st.x3, &st.s);              /* x3 = S²,            b < 0.0002 */
        fe2625x4_mul_small(&st.u, &st.e, X25519X4_A24, X25519X4_A24, X25519X4_A24,
                           X25519X4_A24);        /* U  = a24·E,         b < 0.00001 */
        fe2625x4_add(&st.u, &st.aa, &st.u);      /* V  = AA + U,        b < 1.001  */
        fe2625x4_mul(&st.x2, &st.aa, &st.bb);    /* x2 = AA·BB,         b < 0.0003 */
        fe2625x4_mul(&st.z3, &st.t, &st.x1);     /* z3 = x1·T2,         b < 0.0003 */
        fe2625x4_mul(&st.z2, &st.e, &st.u);      /* z2 = E·V,           b < 0.0003 */
        // clang-format on
    }
    /* The last pending swap: afterwards (x2:z2) = [k]P in every lane. */
    x4_cswap(&st.x2, &st.x3, _mm256_sub_epi32(_mm256_setzero_si256(), st.prev));
    x4_cswap(&st.z2, &st.z3, _mm256_sub_epi32(_mm256_setzero_si256(), st.prev));

    /* x = x2/z2 per lane; z2 = 0 (u of small order) gives 0. b < 0.0003. */
    x4_invert(&st.t, &st.z2, &st.inv);
    fe2625x4_mul(&st.t, &st.x2, &st.t);

    /* Split the lanes (as fe2625x4_unpack, but into wiped state) and encode. */
    for (int i = 0; i < 5; i++) _mm256_storeu_si256((__m256i *)st.w[i], st.t.v[i]);
    for (int i = 0; i < 5; i++) {
        static const int word[4] = {0, 1, 4, 5}; /* even limb of lane l; odd limb 2 up */
        for (int l = 0; l < 4; l++) {
            st.lane[l].v[2 * i] = st.w[i][word[l]];
            st.lane[l].v[2 * i + 1] = st.w[i][word[l] + 2];
        }
    }
    for (int l = 0; l < 4; l++) fe2625_tobytes(out[l], &st.lane[l]); /* b < 0.0003: tight */

    vec25519_wipe(&st, sizeof st);
}

#else
/* ISO C wants at least one declaration in a translation unit. */
typedef int x25519x4_avx2_not_on_this_architecture;
#endif /* VEC25519_HAVE_X25519X4_AVX2 */
