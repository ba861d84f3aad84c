/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Multiscalar multiplication r = Σ [s_i]P_i on serial extended points
 * (contracts in msm.h; representations and formulas in ge.h / ge.c,
 * HWCD 2008, eprint 2008/522).
 *
 * Straus (interleaving; Straus 1964, HMV Alg. 3.51): one chain of doublings
 * shared by every point, and at each position an addition of a table entry for
 * each point whose digit there is nonzero.
 *   - constant time: s_i = Σ e[k]·16^k with e[k] ∈ [-8, 8), k = 0..63, and
 *     e[64] ∈ {0, 1} (the whole 256-bit integer, no reduction mod ℓ); tables
 *     [1]P..[8]P in projective Niels form, each digit looked up by a scan of
 *     all eight entries with masked moves and a masked negation. 256
 *     doublings and 65 additions per point, whatever the scalars.
 *   - variable time: width-5 NAF (odd digits |d| ≤ 15, density about 1/6),
 *     tables P, 3P, ..., 15P; only nonzero digits cost an addition.
 *   - precomputed: static points carry width-8 NAF tables P, 3P, ..., 127P in
 *     affine Niels form (made once, one inversion for many points; an affine
 *     addition saves one multiplication), so their digits are sparser (density
 *     about 1/9) and cheaper; dynamic points use the width-5 tables.
 * Pippenger (bucket method; Pippenger 1976, Bernstein-Doumen-Lange-Oosterwijk
 * 2012 §4): each scalar in signed radix 2^w, digits in [-2^(w-1), 2^(w-1)]
 * (the top one unsigned). For each window from the top: double the
 * accumulator w times; add each point, with the digit's sign, into bucket
 * |digit| (the points in affine Niels form, so a mixed addition); then
 * Σ_b b·bucket[b] by running sums (2 additions per bucket). Cost about
 * (256/w)·(n + 2^w) additions and 256 doublings, against about n·(256/6 + 8)
 * additions for Straus: Pippenger wins for large n. Both costs follow the
 * number of nonzero digits, so the choice between them, and the window, are
 * made on the "effective" size Σ bitlength(s_i)/253 (GE_MSM_PIPPENGER_MIN and
 * the window table are measured: docs/msm.md).
 *
 * Point states: the running sum stays in P² between doublings and is finished
 * into P³ only before an addition (as ge_double_scalarmult_vartime does).
 * Straus visits its nonzero digits sorted by position (a counting sort), so
 * the main loop tests no zero digit; Pippenger keeps its digits
 * position-major (all points' digits of one window together).
 *
 * Variable-time functions (named _vartime) branch on the scalars and index by
 * their digits: public inputs only. The constant-time Straus branches on n
 * only and wipes its stack and heap secrets.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "../../internal/bytes.h"
#include "../../scalar/sc.h"
#include "../backend.h"
#include "msm.h"

/* Scratch layout (msm.h): n·size bytes at the next 64-byte aligned offset of
 * the block; SIZE_MAX in *total (sticky) on overflow. */
size_t ge_msm_layout(size_t *total, size_t n, size_t size)
{
    size_t off = *total, bytes;

    if (off == SIZE_MAX || off > SIZE_MAX - 63 || (size != 0 && n > SIZE_MAX / size)) {
        *total = SIZE_MAX;
        return 0;
    }
    off = (off + 63) & ~(size_t)63;
    bytes = n * size;
    if (bytes > SIZE_MAX - off) {
        *total = SIZE_MAX;
        return 0;
    }
    *total = off + bytes;
    return off;
}

/* One 64-byte aligned block of total bytes (at least 1), or NULL (also for
 * total = SIZE_MAX, the overflow mark). malloc's alignment is only 16, so
 * the block is over-allocated by 64 bytes and the offset to the aligned start
 * is stored in the byte just before it; release with ge_msm_scratch_free. */
void *ge_msm_scratch_alloc(size_t total)
{
    unsigned char *raw, *p;

    if (total > SIZE_MAX - 64) return NULL;
    raw = malloc(total + 64);
    if (raw == NULL) return NULL;
    p = raw + (64 - ((uintptr_t)raw & 63));
    p[-1] = (unsigned char)(p - raw);
    return p;
}

/* Releases a block of ge_msm_scratch_alloc (NULL: nothing). */
void ge_msm_scratch_free(void *p)
{
    if (p != NULL) free((unsigned char *)p - ((unsigned char *)p)[-1]);
}

/* ---- constant-time Straus -------------------------------------------------------- */

/*
 * e[0..64] with s = Σ e[k]·16^k, e[k] ∈ [-8, 8) for k < 64 and e[64] ∈ {0, 1},
 * for any 256-bit s. Each digit d = nibble + carry ∈ [0, 16] becomes d − 16
 * with a carry of 1 when d ≥ 8: carry = (d + 8) >> 4. (sc_recode_radix16 does
 * the same for s < 2^255 in 64 digits; here the top carry needs a 65th.)
 * Constant time.
 */
void ge_msm_recode_radix16_256(int8_t e[65], const uint8_t s[32])
{
    int carry = 0;
    for (int k = 0; k < 64; k++) {
        int d = ((s[k / 2] >> (4 * (k & 1))) & 15) + carry; /* [0, 16] */
        carry = (d + 8) >> 4;
        e[k] = (int8_t)(d - (carry << 4));
    }
    e[64] = (int8_t)carry;
}

/*
 * t = [b]P from table[j] = [j+1]P, b ∈ [-8, 8]: |b| and its sign without a
 * branch ((b XOR -m) + m with m the sign bit), then a scan of all eight
 * entries with masked moves (b = 0 keeps the identity) and a masked negation.
 * Constant time.
 */
static void select_cached_ct(ge_cached *t, const ge_cached table[8], int8_t b)
{
    uint64_t x = (uint64_t)(int64_t)b;
    uint64_t neg = x >> 63;
    uint64_t babs = ((x ^ (0 - neg)) + neg) & 0xff;

    ge_cached_0(t);
    for (uint64_t j = 0; j < 8; j++) ge_cached_cmov(t, &table[j], ct_eq(babs, j + 1));
    ge_cached_cneg(t, t, ct_from_bit(neg));
}

/* table[j] = [j+1]P, j = 0..7 (doubling for even multiples, one addition for
 * odd ones). Constant time. */
static void multiples_ct(ge_cached table[8], const ge_ext *P)
{
    ge_ext m[8];

    m[0] = *P;
    for (int j = 1; j < 8; j++) {
        if ((j & 1) == 1) {
            ge_ext_dbl(&m[j], &m[j / 2]);
        } else {
            ge_ext_add(&m[j], &m[j - 1], &m[0]);
        }
    }
    for (int j = 0; j < 8; j++) ge_ext_to_cached(&table[j], &m[j]);
    vec25519_wipe(m, sizeof m);
}

/*
 * r = Σ_{j<n} [s_j]P_j from the digits e[j][0..64] and tables tab[j] of each
 * point: Horner in base 16 from digit 64 down, four doublings (in P²) then one
 * addition per point at each digit. n ≥ 1. Constant time.
 */
static void straus_ct_run(ge_ext *r, size_t n, const int8_t (*e)[65], const ge_cached (*tab)[8])
{
    ge_cached t;
    ge_compl c;
    ge_proj q;
    ge_ext h;

    ge_ext_0(&h);
    for (size_t j = 0; j < n; j++) {
        select_cached_ct(&t, tab[j], e[j][64]);
        ge_add_cached(&c, &h, &t);
        ge_compl_to_ext(&h, &c);
    }
    for (int k = 63; k >= 0; k--) {
        ge_ext_to_proj(&q, &h);
        ge_proj_dbl(&c, &q);
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_proj(&q, &c);
        ge_proj_dbl(&c, &q);
        ge_compl_to_ext(&h, &c);
        for (size_t j = 0; j < n; j++) {
            select_cached_ct(&t, tab[j], e[j][k]);
            ge_add_cached(&c, &h, &t);
            ge_compl_to_ext(&h, &c);
        }
    }
    *r = h;
    vec25519_wipe(&t, sizeof t);
    vec25519_wipe(&c, sizeof c);
    vec25519_wipe(&q, sizeof q);
    vec25519_wipe(&h, sizeof h);
}

/*
 * Constant-time Straus over all n points at once, digits and tables on the
 * heap. 0, or -1 when malloc fails (r unchanged). Constant time (n public);
 * secrets are wiped before the memory is freed. r may alias a point.
 */
int ge_msm_straus_ct(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    int8_t (*e)[65];
    ge_cached (*tab)[8];
    unsigned char *base;
    size_t total = 0, o_e, o_tab;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    o_tab = ge_msm_layout(&total, n, sizeof *tab);
    o_e = ge_msm_layout(&total, n, sizeof *e);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    tab = (ge_cached (*)[8])(void *)(base + o_tab);
    e = (int8_t (*)[65])(void *)(base + o_e);
    for (size_t j = 0; j < n; j++) {
        ge_msm_recode_radix16_256(e[j], scalars[j]);
        multiples_ct(tab[j], &points[j]);
    }
    straus_ct_run(r, n, (const int8_t (*)[65])e, (const ge_cached (*)[8])tab);
    vec25519_wipe(base, total);
    ge_msm_scratch_free(base);
    return 0;
}

/*
 * The same without the heap: chunks of GE_MSM_STACK_CHUNK points, each an
 * independent Straus run, summed. Constant time (n public). r may alias a
 * point.
 */
void ge_msm_straus_ct_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points)
{
    int8_t e[GE_MSM_STACK_CHUNK][65];
    ge_cached tab[GE_MSM_STACK_CHUNK][8];
    ge_ext acc, h;

    ge_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += GE_MSM_STACK_CHUNK) {
        size_t m = n - lo < GE_MSM_STACK_CHUNK ? n - lo : GE_MSM_STACK_CHUNK;
        for (size_t j = 0; j < m; j++) {
            ge_msm_recode_radix16_256(e[j], scalars[lo + j]);
            multiples_ct(tab[j], &points[lo + j]);
        }
        straus_ct_run(&h, m, (const int8_t (*)[65])e, (const ge_cached (*)[8])tab);
        if (lo == 0) {
            acc = h;
        } else {
            ge_ext_add(&acc, &acc, &h);
        }
    }
    *r = acc;
    vec25519_wipe(e, sizeof e);
    vec25519_wipe(tab, sizeof tab);
    vec25519_wipe(&acc, sizeof acc);
    vec25519_wipe(&h, sizeof h);
}

/* The serial backend's constant-time multiscalar: never fails. */
void ge_multiscalar(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points)
{
    if (n <= GE_MSM_STACK_CHUNK || ge_msm_straus_ct(r, n, scalars, points) != 0)
        ge_msm_straus_ct_stack(r, n, scalars, points);
}

/* ---- variable-time Straus (wNAF) ------------------------------------------------ */

/* tab[j] = (2j+1)·P, j = 0..7, projective Niels. Variable time is not needed
 * here (no branch), but the tables serve only public points. */
static void odd_multiples_cached(ge_cached tab[8], const ge_ext *P)
{
    ge_ext p2, t;
    ge_compl c;

    ge_ext_to_cached(&tab[0], P);
    ge_ext_dbl(&p2, P);
    for (int j = 1; j < 8; j++) {
        ge_add_cached(&c, &p2, &tab[j - 1]);
        ge_compl_to_ext(&t, &c);
        ge_ext_to_cached(&tab[j], &t);
    }
}

/* Index of the lowest set bit of v ≠ 0. */
static int lowest_bit(uint64_t v)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(v);
#else
    int i = 0;
    while ((v & 1) == 0) {
        v >>= 1;
        i++;
    }
    return i;
#endif
}

/* The 64 bits of x from bit pos on, pos ≤ 256; x holds four scalar limbs
 * followed by two zero limbs. */
static uint64_t bits64(const uint64_t x[6], int pos)
{
    int q = pos >> 6, sh = pos & 63;
    uint64_t v = x[q] >> sh;
    if (sh > 0) v |= x[q + 1] << (64 - sh);
    return v;
}

/* The most nonzero digits a 257-digit wNAF_w can have: they are at least w
 * apart. */
#define WNAF_CAP(w) (256 / (w) + 2)

/*
 * The nonzero digits of the width-w NAF of s (the digits of
 * sc_recode_wnaf_vartime, HMV Alg. 3.35), as (position, digit) pairs in
 * increasing position; returns their number (≤ WNAF_CAP(w)). Whole runs of
 * zero digits are skipped at once: with a carry c pending into position i,
 * the digit there is 0 exactly when bit i equals c (the value at i is even),
 * and the carry is unchanged; so the next nonzero digit is at the first bit
 * that differs from c, found with one count-trailing-zeros per 64 positions.
 * There the window value v = (w bits) + c is odd (and < 2^w, as its low bit
 * differs from c); the digit is v, or v − 2^w with a carry of 1 when
 * v > 2^(w−1), and the next w − 1 digits are 0. A carry left at the top
 * becomes the digit 1 at position 256 (bits past 255 are 0, which differ
 * from c = 1). Variable time: s public.
 */
static size_t wnaf_list(uint16_t *pos_out, int8_t *dig_out, const uint8_t s[32], int w)
{
    const int width = 1 << w, half = 1 << (w - 1);
    uint64_t x[6] = {0, 0, 0, 0, 0, 0};
    int pos = 0, carry = 0;
    size_t k = 0;

    for (int i = 0; i < 4; i++) x[i] = load64_le(s + 8 * i);
    while (pos < 257) {
        uint64_t v = bits64(x, pos);
        if (carry) v = ~v;
        if (v == 0) {
            pos += 64;
            continue;
        }
        pos += lowest_bit(v);
        if (pos >= 257) break;
        int win = (int)(bits64(x, pos) & (uint64_t)(width - 1)) + carry;
        if (win > half) {
            win -= width;
            carry = 1;
        } else {
            carry = 0;
        }
        pos_out[k] = (uint16_t)pos;
        dig_out[k++] = (int8_t)win;
        pos += w;
    }
    return k;
}

/*
 * The nonzero digits of nd scalars in wNAF_5 (points 0..nd−1) and ns scalars
 * in wNAF_GE_MSM_PRECOMP_W (points nd..nd+ns−1), grouped by position (a
 * counting sort): the digits at position i are dig[k] of point who[k] for
 * start[i] ≤ k < start[i+1]. The main loop then visits only nonzero digits,
 * with no scan and no mispredicted test per (position, point).
 * Scratch and output: tpos, tdig, who, dig hold nd·WNAF_CAP(5) +
 * ns·WNAF_CAP(GE_MSM_PRECOMP_W) entries; cnt holds nd + ns. Returns the
 * highest position with a digit, or -1. Variable time.
 */
typedef struct {
    uint32_t start[258];
    uint32_t *who;
    int8_t *dig;
} digits_by_pos;

static size_t digits_cap(size_t nd, size_t ns)
{
    return nd * WNAF_CAP(5) + ns * WNAF_CAP(GE_MSM_PRECOMP_W);
}

static int sort_digits(digits_by_pos *dp, uint16_t *tpos, int8_t *tdig, uint8_t *cnt, size_t nd,
                       const uint8_t (*dscalars)[32], size_t ns, const uint8_t (*sscalars)[32])
{
    uint32_t fill[257];
    size_t o = 0, n = nd + ns;
    int top = -1;

    memset(fill, 0, sizeof fill);
    for (size_t j = 0; j < n; j++) {
        size_t c = j < nd ? wnaf_list(tpos + o, tdig + o, dscalars[j], 5)
                          : wnaf_list(tpos + o, tdig + o, sscalars[j - nd], GE_MSM_PRECOMP_W);
        cnt[j] = (uint8_t)c;
        for (size_t k = 0; k < c; k++) fill[tpos[o + k]]++;
        o += c;
    }
    dp->start[0] = 0;
    for (int i = 0; i < 257; i++) {
        dp->start[i + 1] = dp->start[i] + fill[i];
        if (fill[i] != 0) top = i;
        fill[i] = dp->start[i];
    }
    o = 0;
    for (size_t j = 0; j < n; j++) {
        for (size_t k = 0; k < cnt[j]; k++) {
            uint32_t at = fill[tpos[o + k]]++;
            dp->who[at] = (uint32_t)j;
            dp->dig[at] = tdig[o + k];
        }
        o += cnt[j];
    }
    return top;
}

/*
 * r = Σ_{j<nd} [b_j]P_j + Σ_{j<ns} [a_j]Q_j from the sorted digits (points
 * j < nd use the projective Niels tables dtab, points nd + j the affine
 * tables stab[j]) and the top position. One chain of doublings from the top;
 * the accumulator is finished into P³ only before an addition. (Two
 * accumulators fed alternately, to overlap two chains of dependent
 * additions, measured slower here: docs/msm.md.) Variable time.
 */
static void straus_vt_run(ge_ext *r, const digits_by_pos *dp, int top, size_t nd,
                          const ge_cached (*dtab)[8], const ge_msm_table *const *stab)
{
    ge_compl c;
    ge_proj q;
    ge_ext h;

    if (top < 0) {
        ge_ext_0(r);
        return;
    }
    ge_ext_0(&h);
    ge_ext_to_proj(&q, &h);
    for (int i = top; i >= 0; i--) {
        ge_proj_dbl(&c, &q);
        for (uint32_t k = dp->start[i]; k < dp->start[i + 1]; k++) {
            size_t j = dp->who[k];
            int d = dp->dig[k];
            ge_compl_to_ext(&h, &c);
            if (j < nd) {
                if (d > 0) {
                    ge_add_cached(&c, &h, &dtab[j][d / 2]);
                } else {
                    ge_sub_cached(&c, &h, &dtab[j][-d / 2]);
                }
            } else {
                if (d > 0) {
                    ge_add_niels(&c, &h, &stab[j - nd]->odd[d / 2]);
                } else {
                    ge_sub_niels(&c, &h, &stab[j - nd]->odd[-d / 2]);
                }
            }
        }
        if (i > 0) ge_compl_to_proj(&q, &c);
    }
    ge_compl_to_ext(r, &c);
}

/* Heap scratch of a Straus run over nd dynamic and ns static points, in one
 * block (base). */
typedef struct {
    unsigned char *base;
    uint16_t *tpos;
    int8_t *tdig;
    uint8_t *cnt;
    uint32_t *who;
    int8_t *dig;
    ge_cached (*tab)[8];
} straus_scratch;

static void straus_scratch_free(straus_scratch *sc)
{
    ge_msm_scratch_free(sc->base);
}

/* Lays out the arrays of a Straus run after *total bytes (ge_msm_layout),
 * and, when base is not NULL, points sc's arrays into it. */
static void straus_scratch_layout(straus_scratch *sc, size_t *total, unsigned char *base,
                                  size_t nd, size_t ns)
{
    size_t cap = digits_cap(nd, ns);
    size_t o_tab = ge_msm_layout(total, nd, sizeof *sc->tab);
    size_t o_who = ge_msm_layout(total, cap, sizeof *sc->who);
    size_t o_tpos = ge_msm_layout(total, cap, sizeof *sc->tpos);
    size_t o_tdig = ge_msm_layout(total, cap, 1);
    size_t o_dig = ge_msm_layout(total, cap, 1);
    size_t o_cnt = ge_msm_layout(total, nd + ns, 1);

    if (base == NULL) return;
    sc->base = base;
    sc->tab = (ge_cached (*)[8])(void *)(base + o_tab);
    sc->who = (uint32_t *)(void *)(base + o_who);
    sc->tpos = (uint16_t *)(void *)(base + o_tpos);
    sc->tdig = (int8_t *)(base + o_tdig);
    sc->dig = (int8_t *)(base + o_dig);
    sc->cnt = base + o_cnt;
}

/* 0, or -1 when malloc fails. One block for all the arrays. */
static int straus_scratch_alloc(straus_scratch *sc, size_t nd, size_t ns)
{
    size_t total = 0;
    unsigned char *base;

    straus_scratch_layout(sc, &total, NULL, nd, ns);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    total = 0;
    straus_scratch_layout(sc, &total, base, nd, ns);
    return 0;
}

/* r = Σ [s_i]P_i, n ≥ 1: Straus with wNAF_5 in the scratch sc. */
static void straus_vt_in(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                         const straus_scratch *sc)
{
    digits_by_pos dp;
    int top;

    dp.who = sc->who;
    dp.dig = sc->dig;
    top = sort_digits(&dp, sc->tpos, sc->tdig, sc->cnt, n, scalars, 0, NULL);
    for (size_t j = 0; j < n; j++) odd_multiples_cached(sc->tab[j], &points[j]);
    straus_vt_run(r, &dp, top, n, (const ge_cached (*)[8])sc->tab, NULL);
}

/*
 * r = Σ [s_i]P_i: Straus with wNAF_5 over all n points, digits and tables on
 * the heap. 0, or -1 on allocation failure (r unchanged). Variable time.
 */
int ge_msm_straus_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                          const ge_ext *points)
{
    straus_scratch sc;

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (n > SIZE_MAX / (2 * WNAF_CAP(5)) || straus_scratch_alloc(&sc, n, 0) != 0) return -1;
    straus_vt_in(r, n, scalars, points, &sc);
    straus_scratch_free(&sc);
    return 0;
}

/* The same in chunks of GE_MSM_STACK_CHUNK points with stack tables; never
 * fails. Variable time. r may alias a point. */
void ge_msm_straus_vartime_stack(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                 const ge_ext *points)
{
    enum { CAP = GE_MSM_STACK_CHUNK * WNAF_CAP(5) };
    uint16_t tpos[CAP];
    int8_t tdig[CAP], dig[CAP];
    uint32_t who[CAP];
    uint8_t cnt[GE_MSM_STACK_CHUNK];
    ge_cached tab[GE_MSM_STACK_CHUNK][8];
    digits_by_pos dp;
    ge_ext acc, h;

    dp.who = who;
    dp.dig = dig;
    ge_ext_0(&acc);
    for (size_t lo = 0; lo < n; lo += GE_MSM_STACK_CHUNK) {
        size_t m = n - lo < GE_MSM_STACK_CHUNK ? n - lo : GE_MSM_STACK_CHUNK;
        int top = sort_digits(&dp, tpos, tdig, cnt, m, scalars + lo, 0, NULL);
        for (size_t j = 0; j < m; j++) odd_multiples_cached(tab[j], &points[lo + j]);
        straus_vt_run(&h, &dp, top, m, (const ge_cached (*)[8])tab, NULL);
        if (lo == 0) {
            acc = h;
        } else {
            ge_ext_add(&acc, &acc, &h);
        }
    }
    *r = acc;
}

/* ---- affine Niels form ------------------------------------------------------------ */

/* o = (y+x, y−x, 2d·x·y) of p, given zinv = 1/Z. 4M. */
static void ext_to_niels(ge_niels *o, const ge_ext *p, const fe *zinv)
{
    fe x, y, xy;
    fe_loose s, d;

    fe_mul(&x, &p->X, zinv);
    fe_mul(&y, &p->Y, zinv);
    fe_add(&s, &y, &x);
    fe_sub(&d, &y, &x);
    fe_carry(&o->yplusx, &s);
    fe_carry(&o->yminusx, &d);
    fe_mul(&xy, &x, &y);
    fe_mul(&o->xy2d, &xy, &fe_const_2d);
}

/* ---- Pippenger ------------------------------------------------------------------ */

/*
 * The window for n full-size scalars: the sweep of tools/msm_sweep.c on the
 * development machine (docs/msm.md), whose best w agrees with the cost model
 * (256/w + 1)·(7·n + 5.5·2^w) multiplications (a mixed addition per nonzero
 * digit, the first point of a bucket copied rather than added, two 9M
 * additions per bucket for the running sums) within its noise; the switch
 * points are the model's, rounded.
 */
int ge_msm_pippenger_window(size_t n)
{
    static const struct {
        size_t below; /* for n < below */
        int w;
    } windows[] = {
        {96, 5}, {256, 6}, {768, 7}, {1280, 8}, {3072, 9}, {8192, 10}, {16384, 11},
    };
    for (size_t i = 0; i < sizeof windows / sizeof windows[0]; i++)
        if (n < windows[i].below) return windows[i].w;
    return 12;
}

/*
 * Column j of the position-major digit array dig[k·stride + j], k = 0..nd-1,
 * nd = 256/w + 1: s = Σ dig[k]·2^(wk), dig[k] ∈ [-2^(w-1), 2^(w-1)) for
 * k < nd-1 (a window value v plus the carry, v ≥ 2^(w-1) becoming v − 2^w with
 * a carry of 1), and the last digit unsigned: the top window holds
 * r = 256 − (nd−1)·w < w bits, so it is at most 2^r ≤ 2^(w-1) with the carry.
 * Variable time.
 */
void ge_msm_radix2w_column_vartime(int16_t *dig, size_t stride, size_t j, const uint8_t s[32],
                                   int w, int nd)
{
    uint64_t x[6] = {0, 0, 0, 0, 0, 0};
    uint64_t mask = ((uint64_t)1 << w) - 1;
    int carry = 0, half = 1 << (w - 1);

    for (int i = 0; i < 4; i++) x[i] = load64_le(s + 8 * i);
    for (int k = 0; k < nd - 1; k++) {
        int v = (int)(bits64(x, k * w) & mask) + carry; /* [0, 2^w] */
        carry = (v + half) >> w;                      /* 1 iff v ≥ 2^(w-1) */
        dig[(size_t)k * stride + j] = (int16_t)(v - (carry << w));
    }
    dig[(size_t)(nd - 1) * stride + j] = (int16_t)((int)(bits64(x, (nd - 1) * w) & mask) + carry);
}

/* h = a + b in P³ where a or b may be "unset" (the identity, not yet
 * written): *set says whether h holds a value. Variable time. */
static void add_or_set(ge_ext *h, int *set, const ge_ext *b)
{
    if (*set) {
        ge_ext_add(h, h, b);
    } else {
        *h = *b;
        *set = 1;
    }
}

/*
 * The size in "full scalars" of a multiscalar problem: Σ bitlength(s_i) / 253
 * rounded up. The cost of both methods grows with the number of nonzero
 * digits, so a batch whose scalars are half 128-bit (Ed25519 batch
 * verification) behaves like a smaller full-size one; the crossover and the
 * windows, measured on full-size scalars, are looked up with this size.
 * Variable time.
 */
size_t ge_msm_effective_n_vartime(size_t n, const uint8_t (*scalars)[32])
{
    size_t bits = 0;
    for (size_t i = 0; i < n; i++) {
        int top = 31;
        while (top >= 0 && scalars[i][top] == 0) top--;
        if (top < 0) continue;
        int b = 8 * top;
        for (unsigned v = scalars[i][top]; v != 0; v >>= 1) b++;
        bits += (size_t)b;
    }
    return (bits + 252) / 253;
}

/* The scratch of a Pippenger run over n points with window w (4 ≤ w ≤ 15),
 * laid out after *total (ge_msm_layout): offsets of the affine points, the
 * inverses, the buckets, the digits and the bucket flags in o[0..4]. */
static void pippenger_layout(size_t *total, size_t o[5], size_t n, int w)
{
    size_t nd = (size_t)(256 / w + 1), nb = (size_t)1 << (w - 1);

    o[0] = ge_msm_layout(total, n, sizeof(ge_niels));
    o[1] = ge_msm_layout(total, n, sizeof(fe));
    o[2] = ge_msm_layout(total, nb, sizeof(ge_ext));
    o[3] = ge_msm_layout(total, n <= SIZE_MAX / nd ? n * nd : SIZE_MAX, sizeof(int16_t));
    o[4] = ge_msm_layout(total, nb, 1);
}

/*
 * r = Σ [s_i]P_i by the bucket method with window w (see the file header).
 * The points are first put in affine Niels form with one inversion for all
 * (fe_batch_invert: about 7M per point), so that each bucket addition is a
 * mixed addition (7M instead of 8M). Buckets hold P³ points; an empty bucket
 * is marked rather than set to the identity, so its first point is copied
 * instead of added. n ≥ 1, 4 ≤ w ≤ 15; base: scratch laid out by
 * pippenger_layout from offset 0. Variable time.
 */
static void pippenger_in(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points,
                         int w, unsigned char *base)
{
    int16_t *dig;
    ge_niels *aff;
    fe *zinv;
    ge_ext *bucket;
    uint8_t *used;
    size_t total = 0, o[5];
    ge_ext acc, run, sum;
    ge_compl c;
    int nd = 256 / w + 1, acc_set = 0;
    size_t nb = (size_t)1 << (w - 1);

    pippenger_layout(&total, o, n, w);
    aff = (ge_niels *)(void *)(base + o[0]);
    zinv = (fe *)(void *)(base + o[1]);
    bucket = (ge_ext *)(void *)(base + o[2]);
    dig = (int16_t *)(void *)(base + o[3]);
    used = base + o[4];
    for (size_t j = 0; j < n; j++) {
        ge_msm_radix2w_column_vartime(dig, n, j, scalars[j], w, nd);
        zinv[j] = points[j].Z;
    }
    fe_batch_invert(zinv, n); /* every Z ≠ 0 */
    for (size_t j = 0; j < n; j++) ext_to_niels(&aff[j], &points[j], &zinv[j]);

    for (int k = nd - 1; k >= 0; k--) {
        const int16_t *row = dig + (size_t)k * n;
        int run_set = 0, sum_set = 0;

        if (acc_set) ge_ext_dbl_n(&acc, &acc, w);
        memset(used, 0, nb);
        for (size_t j = 0; j < n; j++) {
            int d = row[j];
            if (d == 0) continue;
            size_t b = (size_t)(d > 0 ? d : -d) - 1;
            if (!used[b]) {
                if (d > 0) {
                    bucket[b] = points[j];
                } else {
                    ge_ext_neg(&bucket[b], &points[j]);
                }
                used[b] = 1;
            } else {
                if (d > 0) {
                    ge_add_niels(&c, &bucket[b], &aff[j]);
                } else {
                    ge_sub_niels(&c, &bucket[b], &aff[j]);
                }
                ge_compl_to_ext(&bucket[b], &c);
            }
        }
        /* sum = Σ (b+1)·bucket[b] = Σ_b (bucket[nb-1] + ... + bucket[b]) */
        for (size_t b = nb; b-- > 0;) {
            if (used[b]) add_or_set(&run, &run_set, &bucket[b]);
            if (run_set) add_or_set(&sum, &sum_set, &run);
        }
        if (sum_set) add_or_set(&acc, &acc_set, &sum);
    }
    if (acc_set) {
        *r = acc;
    } else {
        ge_ext_0(r);
    }
}

/* r = Σ [s_i]P_i, Pippenger with window w (0: the measured choice), scratch
 * on the heap. Variable time. */
int ge_msm_pippenger_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                             const ge_ext *points, int w)
{
    unsigned char *base;
    size_t total = 0, o[5];

    if (n == 0) {
        ge_ext_0(r);
        return 0;
    }
    if (w == 0) w = ge_msm_pippenger_window(ge_msm_effective_n_vartime(n, scalars));
    if (w < 4 || w > 15) return -1;
    pippenger_layout(&total, o, n, w);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    pippenger_in(r, n, scalars, points, w, base);
    ge_msm_scratch_free(base);
    return 0;
}

/* The serial backend's multiscalar_vartime: never fails (stack Straus when
 * the heap is short, or for n ≤ GE_MSM_STACK_CHUNK where it is the same
 * algorithm without malloc). Straus below GE_MSM_PIPPENGER_MIN full-size
 * scalars (ge_msm_effective_n_vartime), Pippenger from there. Variable time. */
void ge_multiscalar_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points)
{
    size_t ne;
    int rc;

    if (n <= GE_MSM_STACK_CHUNK) {
        ge_msm_straus_vartime_stack(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    if (ne < GE_MSM_PIPPENGER_MIN) {
        rc = ge_msm_straus_vartime(r, n, scalars, points);
    } else {
        rc = ge_msm_pippenger_vartime(r, n, scalars, points, ge_msm_pippenger_window(ne));
    }
    if (rc != 0) ge_msm_straus_vartime_stack(r, n, scalars, points);
}

/*
 * The caller-scratch form of ge_multiscalar_vartime (msm.h): an upper bound
 * of what either method needs for n points, whatever the scalars. The
 * effective size is at most ⌈256·n/253⌉ ≤ 2n + 1, and the window table is
 * nondecreasing, so the Pippenger windows that can occur are 4..window(2n+1).
 */
size_t ge_multiscalar_vartime_scratch_bytes(size_t n)
{
    straus_scratch sc;
    size_t straus = 0, best;
    int wmax;

    if (n <= GE_MSM_STACK_CHUNK) return 0;
    if (n > SIZE_MAX / (4 * WNAF_CAP(5))) return SIZE_MAX;
    straus_scratch_layout(&sc, &straus, NULL, n, 0);
    best = straus;
    wmax = ge_msm_pippenger_window(2 * n + 1);
    for (int w = 4; w <= wmax; w++) {
        size_t t = 0, o[5];
        pippenger_layout(&t, o, n, w);
        if (t > best) best = t;
    }
    return best;
}

void ge_multiscalar_vartime_scratch(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                    const ge_ext *points, void *scratch)
{
    size_t ne;

    if (n <= GE_MSM_STACK_CHUNK || scratch == NULL) {
        ge_msm_straus_vartime_stack(r, n, scalars, points);
        return;
    }
    ne = ge_msm_effective_n_vartime(n, scalars);
    if (ne < GE_MSM_PIPPENGER_MIN) {
        straus_scratch sc;
        size_t total = 0;
        straus_scratch_layout(&sc, &total, scratch, n, 0);
        straus_vt_in(r, n, scalars, points, &sc);
    } else {
        pippenger_in(r, n, scalars, points, ge_msm_pippenger_window(ne), scratch);
    }
}

/* ---- precomputed tables for static points -------------------------------------- */

/*
 * Odd multiples (2j+1)·P, j < GE_MSM_PRECOMP_ENTRIES, of np points into
 * tables t[0..np), affine Niels, with one inversion for all of them (the Z
 * coordinates are inverted together by fe_batch_invert; none is zero since
 * every point has Z ≠ 0). m and z are scratch of np·ENTRIES elements.
 * Variable time (public points; there is no branch on them anyway).
 */
static void tables_fill(ge_msm_table *t, size_t np, const ge_ext *points, ge_ext *m, fe *z)
{
    const size_t E = GE_MSM_PRECOMP_ENTRIES;

    for (size_t p = 0; p < np; p++) {
        ge_ext *mp = m + p * E;
        ge_cached p2;
        ge_compl c;
        ge_ext d;

        mp[0] = points[p];
        ge_ext_dbl(&d, &points[p]);
        ge_ext_to_cached(&p2, &d);
        for (size_t j = 1; j < E; j++) {
            ge_add_cached(&c, &mp[j - 1], &p2);
            ge_compl_to_ext(&mp[j], &c);
        }
        for (size_t j = 0; j < E; j++) z[p * E + j] = mp[j].Z;
    }
    fe_batch_invert(z, np * E);
    for (size_t p = 0; p < np; p++)
        for (size_t j = 0; j < E; j++) ext_to_niels(&t[p].odd[j], &m[p * E + j], &z[p * E + j]);
}

/* t = the odd multiples of P, scratch on the stack (about 13 KB). */
void ge_msm_table_init(ge_msm_table *t, const ge_ext *P)
{
    ge_ext m[GE_MSM_PRECOMP_ENTRIES];
    fe z[GE_MSM_PRECOMP_ENTRIES];

    tables_fill(t, 1, P, m, z);
}

/* Tables of n points, in groups of up to 32 points per inversion (scratch on
 * the heap). 0, or -1 on allocation failure. */
int ge_msm_tables_init(ge_msm_table *t, size_t n, const ge_ext *points)
{
    const size_t group = 32;
    size_t g = n < group ? n : group;
    ge_ext *m;
    fe *z;
    unsigned char *base;
    size_t total = 0, o_m, o_z;

    if (n == 0) return 0;
    o_m = ge_msm_layout(&total, g * GE_MSM_PRECOMP_ENTRIES, sizeof *m);
    o_z = ge_msm_layout(&total, g * GE_MSM_PRECOMP_ENTRIES, sizeof *z);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return -1;
    m = (ge_ext *)(void *)(base + o_m);
    z = (fe *)(void *)(base + o_z);
    for (size_t lo = 0; lo < n; lo += g) {
        size_t np = n - lo < g ? n - lo : g;
        tables_fill(t + lo, np, points + lo, m, z);
    }
    ge_msm_scratch_free(base);
    return 0;
}

/*
 * The basepoint's table, made on first use. The thread that wins the race to
 * fill the shared table (state 0 → 1) fills it and publishes it (state 2,
 * release); a thread that finds it still being filled fills its own copy in
 * *scratch instead, so no thread waits and none reads a table being written.
 */
static ge_msm_table base_table_shared;
static atomic_int base_table_state;

const ge_msm_table *ge_msm_base_table(ge_msm_table *scratch)
{
    int expected = 0;

    if (atomic_load_explicit(&base_table_state, memory_order_acquire) == 2)
        return &base_table_shared;
    if (atomic_compare_exchange_strong_explicit(&base_table_state, &expected, 1,
                                                memory_order_acq_rel, memory_order_acquire)) {
        ge_msm_table_init(&base_table_shared, &ge_basepoint);
        atomic_store_explicit(&base_table_state, 2, memory_order_release);
        return &base_table_shared;
    }
    if (expected == 2) return &base_table_shared;
    ge_msm_table_init(scratch, &ge_basepoint);
    return scratch;
}

/*
 * r = Σ [a_i]Q_i (static, tables given) + Σ [b_j]P_j (dynamic). Straus over
 * both, unless the dynamic part alone has an effective size of at least
 * GE_MSM_PIPPENGER_MIN: then it is done by Pippenger and added at the end.
 * Variable time.
 */
int ge_msm_precomp_vartime(ge_ext *r, size_t ns, const uint8_t (*sscalars)[32],
                           const ge_msm_table *const *stables, size_t nd,
                           const uint8_t (*dscalars)[32], const ge_ext *dpoints)
{
    int pip = nd > GE_MSM_STACK_CHUNK &&
              ge_msm_effective_n_vartime(nd, dscalars) >= GE_MSM_PIPPENGER_MIN;
    size_t nds = pip ? 0 : nd; /* dynamic points done by Straus */
    straus_scratch sc;
    digits_by_pos dp;
    ge_ext h, dyn;
    int top;

    if (ns > SIZE_MAX / (4 * WNAF_CAP(5)) || nds > SIZE_MAX / (4 * WNAF_CAP(5))) return -1;
    if (straus_scratch_alloc(&sc, nds, ns) != 0) return -1;
    if (pip && ge_msm_pippenger_vartime(&dyn, nd, dscalars, dpoints, 0) != 0) {
        straus_scratch_free(&sc);
        return -1;
    }
    dp.who = sc.who;
    dp.dig = sc.dig;
    top = sort_digits(&dp, sc.tpos, sc.tdig, sc.cnt, nds, dscalars, ns, sscalars);
    for (size_t j = 0; j < nds; j++) odd_multiples_cached(sc.tab[j], &dpoints[j]);
    straus_vt_run(&h, &dp, top, nds, (const ge_cached (*)[8])sc.tab, stables);
    if (pip) ge_ext_add(&h, &h, &dyn);
    *r = h;
    straus_scratch_free(&sc);
    return 0;
}
