/*
 * Vector scalar multiplications on edwards25519, written once against the
 * vector-point interface (vpoint.h) and compiled once per ISA through a
 * two-line wrapper (src/backend/avx2/backend_avx2.c, ...), plus that ISA's
 * backend table.
 *
 *   VFN(scalarmult)                 [s]P, constant time, variable base
 *   VFN(double_scalarmult_vartime)  [a]A + [b]B, variable time
 *
 * Same shapes as the serial twins in src/backend/serial/scalarmult.c, so a
 * diff shows only the change of representation: the vector points carry
 * (X, Y, Z, T) in four lanes and use the HWCD 4-way formulas (re-addition
 * with a cached point, doubling with the S4 sign flip; docs/avx2.md), so the
 * P²/P³ juggling of the serial code disappears.
 *
 * The fixed-base multiplication stays serial: its affine-Niels table makes
 * mixed additions cheaper than a 4-way re-addition would be.
 */
#include <stdatomic.h>

#include "../../scalar/sc.h"
#include "../backend.h"
#include "vpoint.h"

/*
 * |b| and the sign of b as a mask, for b ∈ [-8, 8], without a branch:
 * with m the sign bit, |b| = (b XOR -m) + m.
 */
static uint64_t digit_abs(ct_mask *neg, int8_t b)
{
    uint64_t x = (uint64_t)(int64_t)b;
    uint64_t m = x >> 63;

    *neg = ct_from_bit(m);
    return ((x ^ (0 - m)) + m) & 0xff;
}

/* t = [b]Q from table[j] = [j+1]Q, b ∈ [-8, 8]; all eight entries are scanned. Constant time. */
static void select_cached(vpt_cached *t, const vpt_cached table[8], int8_t b)
{
    ct_mask neg;
    uint64_t babs = digit_abs(&neg, b);

    vpt_cached_0(t);
    for (uint64_t j = 0; j < 8; j++) vpt_cached_cmov(t, &table[j], ct_eq(babs, j + 1));
    vpt_cached_cneg(t, t, neg);
}

/*
 * r = [s]P. s: 32 bytes, s[31] ≤ 127. P: any point.
 * Table [1]P..[8]P in cached form, then Horner in base 16 from the top
 * digit: r = 16·r + [e[i]]P, four vector doublings and one re-addition per
 * digit. Constant time in s and P; stack secrets are wiped. r may alias P.
 */
static void VFN(scalarmult)(ge_ext *r, const uint8_t s[32], const ge_ext *P)
{
    int8_t e[64];
    vpt_ext m[8];
    vpt_cached table[8];
    vpt_cached t;
    vpt_ext h;

    sc_recode_radix16(e, s);

    /* m[j] = [j+1]P: doubling for the even multiples, one addition for the odd. */
    vpt_from_ge(&m[0], P);
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) {
            vpt_dbl(&m[j], &m[j / 2]);
        } else {
            vpt_add(&m[j], &m[j - 1], &m[0]);
        }
    }
    for (int j = 0; j < 8; j++) vpt_to_cached(&table[j], &m[j]);

    vpt_ext_0(&h);
    select_cached(&t, table, e[63]);
    vpt_add_cached(&h, &h, &t);
    for (int i = 62; i >= 0; i--) {
        vpt_dbl(&h, &h);
        vpt_dbl(&h, &h);
        vpt_dbl(&h, &h);
        vpt_dbl(&h, &h);
        select_cached(&t, table, e[i]);
        vpt_add_cached(&h, &h, &t);
    }
    vpt_to_ge(r, &h);

    vec25519_wipe(e, sizeof e);
    vec25519_wipe(m, sizeof m);
    vec25519_wipe(table, sizeof table);
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&h, sizeof h);
}

/*
 * The odd multiples (2j+1)·B, j = 0..63, in cached vector form, for the
 * width-8 NAF of the base-point scalar. Computed on first use: the thread
 * that wins the compare-and-swap fills the shared table and publishes it;
 * a thread that finds it still being filled computes a private copy instead
 * of waiting. No init call, no lock, no data race.
 */
static vpt_cached base_odd_shared[64];
static atomic_int base_odd_state; /* 0 empty, 1 being filled, 2 ready */

static void base_odd_compute(vpt_cached table[64])
{
    vpt_ext b, b2, t;

    vpt_from_ge(&b, &ge_basepoint);
    vpt_dbl(&b2, &b);
    vpt_to_cached(&table[0], &b);
    t = b;
    for (int j = 1; j < 64; j++) {
        vpt_add_cached(&t, &b2, &table[j - 1]);
        vpt_to_cached(&table[j], &t);
    }
}

static const vpt_cached *base_odd(vpt_cached local[64])
{
    int expected = 0;

    if (atomic_load_explicit(&base_odd_state, memory_order_acquire) == 2) return base_odd_shared;
    if (atomic_compare_exchange_strong(&base_odd_state, &expected, 1)) {
        base_odd_compute(base_odd_shared);
        atomic_store_explicit(&base_odd_state, 2, memory_order_release);
        return base_odd_shared;
    }
    base_odd_compute(local);
    return local;
}

/* q = d·Q from the odd-multiple table (entry j = (2j+1)·Q), d odd, public. */
static void add_odd_vartime(vpt_ext *h, const vpt_cached *table, int d)
{
    vpt_cached t;

    if (d > 0) {
        vpt_add_cached(h, h, &table[d / 2]);
    } else {
        vpt_cached_cneg(&t, &table[-d / 2], ct_from_bit(1));
        vpt_add_cached(h, h, &t);
    }
}

/*
 * r = [a]A + [b]B. a, b: any 256-bit values; A: any point.
 * naf_a = wNAF_5(a) with the odd multiples A..15A, naf_b = wNAF_8(b) with
 * the odd multiples B..127B (base_odd); from the highest nonzero position
 * down: double, then add the digits' multiples.
 * Variable time: a, A and b must be public. r may alias A.
 */
static void VFN(double_scalarmult_vartime)(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                           const uint8_t b[32])
{
    int8_t naf_a[257], naf_b[257];
    vpt_cached table[8], local[64];
    const vpt_cached *btable;
    vpt_ext a1, a2, t, h;
    int i;

    sc_recode_wnaf_vartime(naf_a, a, 5);
    sc_recode_wnaf_vartime(naf_b, b, 8);

    for (i = 256; i >= 0; i--) {
        if (naf_a[i] != 0 || naf_b[i] != 0) break;
    }
    if (i < 0) {
        ge_ext_0(r);
        return;
    }

    /* table[j] = (2j+1)·A */
    vpt_from_ge(&a1, A);
    vpt_dbl(&a2, &a1);
    vpt_to_cached(&table[0], &a1);
    for (int j = 1; j < 8; j++) {
        vpt_add_cached(&t, &a2, &table[j - 1]);
        vpt_to_cached(&table[j], &t);
    }
    btable = base_odd(local);

    vpt_ext_0(&h);
    for (; i >= 0; i--) {
        vpt_dbl(&h, &h);
        if (naf_a[i] != 0) add_odd_vartime(&h, table, naf_a[i]);
        if (naf_b[i] != 0) add_odd_vartime(&h, btable, naf_b[i]);
    }
    vpt_to_ge(r, &h);
}

/*
 * The backend table of this ISA. Fixed-base multiplication and (for now)
 * the multiscalar algorithms are the serial ones; X25519 runs on the fastest
 * serial field the CPU has (the BMI2/ADX radix-2^64 ladder, docs/x25519.md).
 */
const struct backend VFN(backend) = {
    .name = VBACKEND_NAME,
    .scalarmult = VFN(scalarmult),
    .scalarmult_base = ge_scalarmult_base,
    .double_scalarmult_vartime = VFN(double_scalarmult_vartime),
    .multiscalar_vartime = ge_multiscalar_vartime,
    .multiscalar = ge_multiscalar,
    .x25519 = x25519_ladder_best,
};
