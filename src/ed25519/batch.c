/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Ed25519 batch verification, the ZIP-215 policy, and expanded public keys
 * (contracts in include/vec25519/ed25519.h).
 *
 * One verdict, three ways to reach it. Every signature first goes through
 * the per-signature checks of its policy, which are exact and cheap:
 *   strict (RFC 8032 §5.1.7 as in src/ed25519/ed25519.c): S < ℓ; A and R
 *           decode strictly (ge_ext_frombytes); neither has small order;
 *   ZIP-215 (Zcash ZIP 215): S < ℓ; A and R decode with y taken mod p and
 *           x = 0 accepted with either sign bit (ge_ext_frombytes_relaxed);
 *           small order allowed;
 *   expanded key: the key's checks were done once by pk_expand (strict), R
 *           and S as strict.
 * Then the cofactored equation of each signature i,
 *   E_i = [S_i]B − [k_i]A_i − R_i,   valid iff [8]E_i = identity,
 * with k_i = SHA-512(R_i ‖ A_i ‖ M_i) mod ℓ over the encodings as received,
 * is checked for all signatures together:
 *   [8](Σ z_i·R_i + Σ (z_i·k_i mod ℓ)·A_i − (Σ z_i·S_i mod ℓ)·B) = identity,
 * whose left side is −Σ z_i·[8]E_i (below), with z_i uniform 128-bit integers
 * drawn from the OS for each call (never a fixed seed: a forger who could predict
 * the z_i could make invalid signatures cancel). One multiscalar
 * multiplication of 2m+1 points (the backend's multiscalar_vartime, so vector
 * backends accelerate it); the R_i terms have 128-bit scalars.
 *
 * Why batch == AND of singles, for every input (torsion included).
 * Write G for the group (order 8ℓ, G ≅ Z/8 × Z/ℓ). For any point X, [8]X lies
 * in the subgroup of order ℓ, which is cyclic of prime order; fix a generator
 * and write [8]E_i = [c_i]·gen with c_i ∈ Z/ℓ. Single verification accepts i
 * iff c_i = 0. The batch point is −Σ z_i·[8]E_i = −[Σ z_i c_i]·gen: integer
 * scalar multiplication distributes over the group law and commutes with
 * [8], and the reductions mod ℓ do not matter after [8] — B has order ℓ, and
 * [8][z_i k_i mod ℓ]A_i = [z_i k_i][8]A_i because [8]A_i has order dividing ℓ
 * (the multiscalar multiplication itself never reduces: msm.h).
 *   (1) If every single check passes, every c_i = 0 and the batch check
 *       passes: exactly, whatever the z_i.
 *   (2) If some c_j ≠ 0, fix all z_i for i ≠ j: the batch passes iff
 *       z_j·c_j ≡ −Σ_{i≠j} z_i c_i (mod ℓ), which determines z_j mod ℓ; as
 *       z_j is uniform on [0, 2^128) and 2^128 < ℓ, at most one of its 2^128
 *       values does it: probability ≤ 2^-128, whatever the adversary chose
 *       (the z_i are drawn after the inputs are fixed).
 * Why both equations carry [8]. Let E_j be a nonzero torsion point T (e.g. an
 * honest signature whose R or A has a torsion component). A cofactorless
 * single check (E_j = identity) rejects it. A batch check without [8] sees
 * [z_j]T, which vanishes whenever ord(T) divides z_j: it accepts with
 * probability 1/2 to 1/8, so its verdict is random; a batch check with [8]
 * always accepts it. Either way batch and single disagree on such inputs (the
 * disagreement curve25519-dalek's documentation warns about). With [8] in
 * both, (1) and (2) hold for every input.
 *
 * Finding the invalid ones: when the check of a set fails, the set holds at
 * least one invalid signature (by (1)); it is split in halves and each is
 * checked again with the same z_i, recursively; when the left half passes,
 * the right one must hold the invalid signature and is split without being
 * checked. A set of one is decided by the exact single equation (z = 1, no
 * randomness), so every "invalid" verdict is exact, and a signature is
 * reported valid wrongly only if one of the ≤ ⌈log2 n⌉ + 1 batch checks on
 * its path passed wrongly, each with probability ≤ 2^-128 by (2). Cost about
 * 2·b·log2(n) checks of shrinking sets for b invalid signatures, instead of
 * n single verifications.
 *
 * Expanded keys keep A decoded and the odd multiples of −A up to −63A in the
 * representation of the backend that made them (backend.h,
 * double_base_table_init): single verification with them is the single
 * equation with wNAF_7 digits for k on that table, with no decoding of A
 * (docs/performance.md, "Ed25519 verification").
 *
 * References: RFC 8032 §5.1.7; Zcash ZIP 215; Bernstein, Duif, Lange,
 * Schwabe, Yang, "High-speed high-security signatures", CHES 2011, §5 (batch
 * verification with random 128-bit coefficients); Chalkias, Garillot,
 * Nikolaenko, "Taming the many EdDSAs", SSR 2020 (cofactored batch/single
 * agreement); curve25519-dalek / ed25519-dalek's note on batch and single
 * verification disagreeing (read, not followed: here both are cofactored).
 * The steps shared with the single verifiers (challenge, the policies, the
 * cofactored verdict) are the core of verify.c (ed25519_internal.h).
 * Variable time throughout: every input is public.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vec25519/ed25519.h"
#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../backend/serial/msm.h"
#include "../internal/ct.h"
#include "../internal/random.h"
#include "../scalar/sc.h"
#include "ed25519_internal.h"

/* One signature that passed its per-signature checks (its A and R are kept
 * beside it: in the batch, in the multiscalar arrays). */
typedef struct {
    const uint8_t *S; /* sig + 32, canonical */
    uint8_t k[32];    /* SHA-512(R ‖ A ‖ M) mod ℓ */
    uint8_t zs[32];   /* z·S mod ℓ (batch only) */
} item;

/* The layout behind vec25519_ed25519_expanded_pk (copied in and out with
 * memcpy, so the opaque array is never accessed through another type; the
 * table is read entry by entry by the backend, with memcpy). */
typedef struct {
    uint64_t magic;
    const struct backend *be; /* the backend that filled table */
    uint8_t pk[32];
    ge_ext A;
    unsigned char table[DOUBLE_BASE_TABLE_BYTES]; /* −A, −3A, …, −63A (backend.h) */
} expanded_pk;

_Static_assert(sizeof(expanded_pk) <= sizeof(vec25519_ed25519_expanded_pk),
               "vec25519_ed25519_expanded_pk is too small");

/* Tags a filled expanded key, and the field representation it was made with. */
#if defined(VEC25519_SERIAL_U32)
#define EXPANDED_MAGIC 0x763235352d323632ULL /* "v255-262" */
#else
#define EXPANDED_MAGIC 0x763235352d353130ULL /* "v255-510" */
#endif

/* ---- shared steps ------------------------------------------------------------- */

/* A point decoded ahead (decode_ahead): the decoder's point and its 0 / -1. */
typedef struct {
    ge_ext P;
    int rc;
} decoded;

/* decode_point, or its verdict on the point d decoded ahead when d != NULL. */
static int take_point(ge_ext *P, const uint8_t enc[32], ed25519_policy pol, const decoded *d)
{
    if (d == NULL) return ed25519_decode_point(P, enc, pol);
    *P = d->P;
    return ed25519_point_verdict(d->rc, enc, pol);
}

/* The per-signature checks (file header) for a raw key; fills it, A and R.
 * dA, dR: A and R decoded ahead, or NULL. 0 or -1. */
static int prepare(item *it, ge_ext *A, ge_ext *R, const uint8_t sig[64], const uint8_t *msg,
                   size_t len, const uint8_t pk[32], ed25519_policy pol, const decoded *dA,
                   const decoded *dR)
{
    if (!ct_to_int(sc_is_canonical(sig + 32))) return -1;
    if (take_point(A, pk, pol, dA) != 0) return -1;
    if (take_point(R, sig, pol, dR) != 0) return -1;
    it->S = sig + 32;
    ed25519_challenge(it->k, &ed25519_dom2_none, sig, pk, msg, len);
    return 0;
}

/* The same for an expanded key (strict policy; A was checked by pk_expand).
 * dR: R decoded ahead, or NULL. */
static int prepare_expanded(item *it, ge_ext *A, ge_ext *R, const uint8_t sig[64],
                            const uint8_t *msg, size_t len,
                            const vec25519_ed25519_expanded_pk *epk, const decoded *dR)
{
    uint64_t magic;
    uint8_t pk[32];

    memcpy(&magic, epk, sizeof magic);
    if (magic != EXPANDED_MAGIC) return -1;
    if (!ct_to_int(sc_is_canonical(sig + 32))) return -1;
    if (take_point(R, sig, ED25519_STRICT, dR) != 0) return -1;
    memcpy(pk, (const uint8_t *)epk + offsetof(expanded_pk, pk), 32);
    memcpy(A, (const uint8_t *)epk + offsetof(expanded_pk, A), sizeof *A);
    it->S = sig + 32;
    ed25519_challenge(it->k, &ed25519_dom2_none, sig, pk, msg, len);
    return 0;
}

/* The exact single equation [8]([S]B − [k]A − R) = identity, the one of
 * src/ed25519/verify.c (ed25519_internal.h). 0 or -1. */
static int single_equation(const item *it, const ge_ext *A, const ge_ext *R)
{
    return ed25519_verify_equation(it->k, it->S, A, R);
}

/* ---- the batch ------------------------------------------------------------------ */

/*
 * The m candidates (signatures that passed their checks) and the arrays of
 * the multiscalar multiplication, laid out so that the terms of any range of
 * candidates are contiguous:
 *   pt[1 + 2c] = R_c, sc[1 + 2c] = z_c;   pt[2 + 2c] = A_c, sc[2 + 2c] = z_c·k_c
 * and the slot just before a range, pt[2·lo] (pt[0], or A_{lo−1}), lends
 * itself to the B term while the range is checked.
 */
typedef struct {
    item *it;          /* the candidates */
    size_t *orig;      /* candidate index → caller's index */
    int *results;      /* the caller's, or NULL */
    uint8_t (*sc)[32]; /* 2m + 1 scalars */
    ge_ext *pt;        /* 2m + 1 points */
    void *msm;         /* scratch of the backend's multiscalar_vartime_scratch, or NULL */
} batch;

/* The exact single equation of candidate c. */
static int single_candidate(const batch *b, size_t c)
{
    return single_equation(&b->it[c], &b->pt[2 + 2 * c], &b->pt[1 + 2 * c]);
}

/* r = the multiscalar product of the np terms from slot base, on the
 * backend's multiscalar_vartime (with the batch's scratch when it has one). */
static void batch_msm(ge_ext *r, const batch *b, size_t base, size_t np)
{
    const struct backend *be = backend_get();
    const uint8_t (*scs)[32] = (const uint8_t (*)[32])(b->sc + base);
    if (b->msm != NULL)
        be->multiscalar_vartime_scratch(r, np, scs, b->pt + base, b->msm);
    else
        be->multiscalar_vartime(r, np, scs, b->pt + base);
}

/*
 * The batch equation over candidates [lo, hi), hi − lo ≥ 2: 0 if
 * [8](Σ z_c R_c + Σ (z_c k_c) A_c − (Σ z_c S_c) B) is the identity, else -1.
 */
static int batch_equation(batch *b, size_t lo, size_t hi)
{
    uint8_t sum[32] = {0}, saved_sc[32];
    size_t base = 2 * lo;
    ge_ext saved_pt, check;

    for (size_t c = lo; c < hi; c++) sc_add(sum, sum, b->it[c].zs);
    saved_pt = b->pt[base];
    memcpy(saved_sc, b->sc[base], 32);
    b->pt[base] = ge_basepoint;
    sc_neg(b->sc[base], sum);
    batch_msm(&check, b, base, 2 * (hi - lo) + 1);
    b->pt[base] = saved_pt;
    memcpy(b->sc[base], saved_sc, 32);
    return ed25519_cofactored_verdict(&check);
}

static void set_results(batch *b, size_t lo, size_t hi, int v)
{
    if (b->results == NULL) return;
    for (size_t c = lo; c < hi; c++) b->results[b->orig[c]] = v;
}

/*
 * Decides candidates [lo, hi) (file header, "Finding the invalid ones").
 * known_bad: the caller has established that the set holds an invalid
 * signature, so its own batch check is skipped. Returns 1 if every signature
 * of the set was accepted.
 */
static int bisect(batch *b, size_t lo, size_t hi, int known_bad)
{
    size_t mid;
    int left, right;

    if (hi - lo == 1) {
        int v = single_candidate(b, lo);
        set_results(b, lo, hi, v);
        return v == 0;
    }
    if (!known_bad && batch_equation(b, lo, hi) == 0) {
        set_results(b, lo, hi, 0);
        return 1;
    }
    mid = lo + (hi - lo) / 2;
    left = bisect(b, lo, mid, 0);
    right = bisect(b, mid, hi, left);
    return left && right;
}

/* The caller's signatures: entries with raw keys (plain) or with expanded
 * keys (expanded); exactly one is non-NULL when n > 0. */
typedef struct {
    const vec25519_ed25519_batch_item *plain;
    const vec25519_ed25519_batch_item_expanded *expanded;
    ed25519_policy pol;
} key_source;

static const uint8_t *src_sig(const key_source *ks, size_t i)
{
    return ks->plain != NULL ? ks->plain[i].sig : ks->expanded[i].sig;
}

static const uint8_t *src_msg(const key_source *ks, size_t i)
{
    return ks->plain != NULL ? ks->plain[i].msg : ks->expanded[i].msg;
}

static size_t src_len(const key_source *ks, size_t i)
{
    return ks->plain != NULL ? ks->plain[i].len : ks->expanded[i].len;
}

/* 1 if entry i can be read: its pointers are set (msg may be NULL when its
 * length is 0). An entry that cannot is invalid, not a crash. */
static int src_readable(const key_source *ks, size_t i)
{
    const void *key = ks->plain != NULL ? (const void *)ks->plain[i].pk
                                        : (const void *)ks->expanded[i].epk;
    return src_sig(ks, i) != NULL && key != NULL && (src_msg(ks, i) != NULL || src_len(ks, i) == 0);
}

static int prepare_i(item *it, ge_ext *A, ge_ext *R, const key_source *ks, size_t i,
                     const decoded *dA, const decoded *dR)
{
    const uint8_t *sig = src_sig(ks, i), *msg = src_msg(ks, i);
    size_t len = src_len(ks, i);
    if (!src_readable(ks, i)) return -1;
    if (ks->expanded != NULL)
        return prepare_expanded(it, A, R, sig, msg, len, ks->expanded[i].epk, dR);
    return prepare(it, A, R, sig, msg, len, ks->plain[i].pk, ks->pol, dA, dR);
}

/*
 * The points of signatures i, i + 1, … decoded ahead, four at a time on the
 * backend's 4-way decoder (frombytes4_vartime): with raw keys A and R of
 * two signatures (d[2j] = A, d[2j + 1] = R of signature i + j), with
 * expanded keys R of four (d[j]). Returns the number of signatures covered:
 * 0 when the backend has no 4-way decoder or fewer signatures remain than a
 * group, and the caller decodes serially. The decoders' results are those
 * of the serial ones (backend.h), so only the speed depends on the grouping.
 * Variable time (public encodings).
 */
static size_t decode_ahead(decoded d[4], const struct backend *be, const key_source *ks, size_t i,
                           size_t n)
{
    const size_t per = ks->expanded != NULL ? 1 : 2; /* encodings per signature */
    const size_t group = 4 / per;
    uint8_t enc[4][32];
    ge_ext P[4];
    int rc[4];

    if (be->frombytes4_vartime == NULL || n - i < group) return 0;
    for (size_t j = 0; j < group; j++)
        if (!src_readable(ks, i + j)) return 0; /* the serial path rejects it */
    for (size_t j = 0; j < group; j++) {
        if (per == 2) memcpy(enc[2 * j], ks->plain[i + j].pk, 32);
        memcpy(enc[per * j + per - 1], src_sig(ks, i + j), 32);
    }
    be->frombytes4_vartime(P, rc, (const uint8_t (*)[32])enc,
                           ks->pol == ED25519_ZIP215 ? GE_DECODE_RELAXED : GE_DECODE_STRICT);
    for (size_t k = 0; k < 4; k++) {
        d[k].P = P[k];
        d[k].rc = rc[k];
    }
    return group;
}

/* Verifies the signatures one at a time (no heap, no randomness). */
static int verify_each(size_t n, const key_source *ks, int *results)
{
    int all = 0;
    for (size_t i = 0; i < n; i++) {
        item it;
        ge_ext A, R;
        int v = prepare_i(&it, &A, &R, ks, i, NULL, NULL);
        if (v == 0) v = single_equation(&it, &A, &R);
        if (results != NULL) results[i] = v;
        all |= v;
    }
    return all == 0 ? 0 : -1;
}

/* Element count bound that keeps every size computation below in size_t. */
#define BATCH_MAX (SIZE_MAX / (2 * sizeof(ge_ext) + 2 * 32 + sizeof(item) + 16) / 2 - 1)

/*
 * The batch's arrays in one block (msm.h, ge_msm_layout: with glibc's
 * defaults several blocks that together exceed the trim threshold make every
 * call fault its memory in again; docs/msm.md §4), with the multiscalar
 * scratch sized for the largest check (2n + 1 points) and reused by the
 * smaller ones of the bisection, and 16 bytes of randomness per signature
 * (*rnd). Returns the block (ge_msm_scratch_free), or NULL.
 */
static unsigned char *batch_alloc(batch *b, uint8_t **rnd, size_t n)
{
    const struct backend *be = backend_get();
    size_t total = 0, o_it, o_orig, o_sc, o_pt, o_rnd, o_msm = SIZE_MAX, need = 0;
    unsigned char *base;

    o_pt = ge_msm_layout(&total, 2 * n + 1, sizeof *b->pt);
    o_it = ge_msm_layout(&total, n, sizeof *b->it);
    o_sc = ge_msm_layout(&total, 2 * n + 1, sizeof *b->sc);
    o_orig = ge_msm_layout(&total, n, sizeof *b->orig);
    o_rnd = ge_msm_layout(&total, n, 16);
    if (be->multiscalar_vartime_scratch_bytes != NULL && be->multiscalar_vartime_scratch != NULL)
        need = be->multiscalar_vartime_scratch_bytes(2 * n + 1);
    if (need != 0) o_msm = ge_msm_layout(&total, need, 1);
    base = ge_msm_scratch_alloc(total);
    if (base == NULL) return NULL;
    b->msm = o_msm != SIZE_MAX ? base + o_msm : NULL;
    b->pt = (ge_ext *)(void *)(base + o_pt);
    b->it = (item *)(void *)(base + o_it);
    b->sc = (uint8_t (*)[32])(base + o_sc);
    b->orig = (size_t *)(void *)(base + o_orig);
    *rnd = base + o_rnd;
    return base;
}

/*
 * The per-signature checks of all n entries: the survivors become the
 * candidates 0..m−1 with their weights z (from rnd) and terms. The points
 * are decoded ahead four at a time where the backend can (decode_ahead:
 * signatures [g0, g0 + gn) are in dec), the rest serially. Sets *bad when an
 * entry failed (results[i] = -1); returns m.
 */
static size_t batch_collect(batch *b, const key_source *ks, size_t n, const uint8_t *rnd,
                            int *bad)
{
    const struct backend *be = backend_get();
    decoded dec[4];
    size_t m = 0, g0 = 0, gn = 0;

    memset(b->sc[0], 0, 32);
    ge_ext_0(&b->pt[0]);
    for (size_t i = 0; i < n; i++) {
        item *it = &b->it[m];
        uint8_t *z = b->sc[1 + 2 * m], *zk = b->sc[2 + 2 * m];
        const decoded *dA = NULL, *dR = NULL;
        if (i >= g0 + gn) {
            g0 = i;
            gn = decode_ahead(dec, be, ks, i, n);
        }
        if (i < g0 + gn && ks->expanded != NULL) dR = &dec[i - g0];
        if (i < g0 + gn && ks->expanded == NULL) {
            dA = &dec[2 * (i - g0)];
            dR = &dec[2 * (i - g0) + 1];
        }
        if (prepare_i(it, &b->pt[2 + 2 * m], &b->pt[1 + 2 * m], ks, i, dA, dR) != 0) {
            if (b->results != NULL) b->results[i] = -1;
            *bad = 1;
            continue;
        }
        memset(z, 0, 32);
        memcpy(z, rnd + 16 * m, 16);
        sc_mul(zk, z, it->k);
        sc_mul(it->zs, z, it->S);
        b->orig[m++] = i;
    }
    return m;
}

static int verify_batch_internal(size_t n, const key_source *ks, int *results)
{
    batch b;
    size_t m;
    int bad = 0, rc;
    uint8_t *rnd = NULL;
    unsigned char *base;

    if (n == 0) return 0;
    if (ks->plain == NULL && ks->expanded == NULL) return -1; /* n > 0 entries at NULL */
    if (n == 1 || n > BATCH_MAX) return verify_each(n, ks, results);

    b.results = results;
    base = batch_alloc(&b, &rnd, n);
    if (base == NULL) return verify_each(n, ks, results); /* no memory: one by one */
    if (random_fill_try(rnd, 16 * n) != 0) {
        rc = verify_each(n, ks, results); /* no randomness: one by one */
    } else {
        int v;
        m = batch_collect(&b, ks, n, rnd, &bad);
        if (m == 0)
            v = -1;
        else if (results == NULL) /* only the overall verdict: one check (exact when m = 1) */
            v = m == 1 ? single_candidate(&b, 0) : batch_equation(&b, 0, m);
        else
            v = bisect(&b, 0, m, 0) ? 0 : -1;
        rc = (bad || v != 0) ? -1 : 0;
    }
    vec25519_wipe(rnd, 16 * n);
    ge_msm_scratch_free(base);
    return rc;
}

/* ---- public entry points ----------------------------------------------------------- */

/* Strict batch verification. Variable time. */
VEC25519_API int vec25519_ed25519_verify_batch(size_t n, const vec25519_ed25519_batch_item *items,
                                               int *results)
{
    key_source ks = {items, NULL, ED25519_STRICT};
    return verify_batch_internal(n, &ks, results);
}

/* ZIP-215 single verification. Variable time. */
VEC25519_API int vec25519_ed25519_verify_zip215(const uint8_t sig[64], const uint8_t *msg,
                                                size_t len, const uint8_t pk[32])
{
    return ed25519_verify_single(sig, msg, len, &ed25519_dom2_none, pk, ED25519_ZIP215) ==
                   VEC25519_OK
               ? 0
               : -1;
}

/* ZIP-215 batch verification. Variable time. */
VEC25519_API int vec25519_ed25519_verify_batch_zip215(size_t n,
                                                      const vec25519_ed25519_batch_item *items,
                                                      int *results)
{
    key_source ks = {items, NULL, ED25519_ZIP215};
    return verify_batch_internal(n, &ks, results);
}

/*
 * epk = (magic, backend, pk, A, the odd multiples of −A in that backend's
 * representation) for a key that passes the strict checks (canonical, on
 * the curve, not of small order); else zeroed and -1. Variable time.
 */
VEC25519_API int vec25519_ed25519_pk_expand(vec25519_ed25519_expanded_pk *epk,
                                            const uint8_t pk[32])
{
    const struct backend *be = backend_get();
    expanded_pk x;
    ge_ext negA;

    memset(epk, 0, sizeof *epk);
    memset(&x, 0, sizeof x);
    if (ed25519_decode_point(&x.A, pk, ED25519_STRICT) != 0) return -1;
    x.magic = EXPANDED_MAGIC;
    x.be = be;
    memcpy(x.pk, pk, 32);
    ge_ext_neg(&negA, &x.A);
    be->double_base_table_init(x.table, &negA);
    memcpy(epk, &x, sizeof x);
    return 0;
}

/*
 * Single verification with an expanded key: the checks of prepare_expanded,
 * then the single equation [8]([S]B − [k]A − R) = identity with [k](−A)
 * taken from the table: no decoding of A, no table to build, and wider NAF
 * digits for k. A key expanded under another backend (backend_set, tests)
 * still verifies, through double_scalarmult_vartime on its decoded A: the
 * same verdict. Variable time.
 */
VEC25519_API int vec25519_ed25519_verify_expanded(const uint8_t sig[64], const uint8_t *msg,
                                                  size_t len,
                                                  const vec25519_ed25519_expanded_pk *epk)
{
    const struct backend *be = backend_get(), *made_by;
    const unsigned char *x = (const unsigned char *)epk;
    item it;
    ge_ext A, R, check;

    if (msg == NULL && len > 0) return -1;
    if (prepare_expanded(&it, &A, &R, sig, msg, len, epk, NULL) != 0) return -1;
    memcpy(&made_by, x + offsetof(expanded_pk, be), sizeof made_by);
    if (made_by != be) return ed25519_verify_equation(it.k, it.S, &A, &R);
    be->double_scalarmult_table_vartime(&check, it.k, x + offsetof(expanded_pk, table), it.S);
    ge_ext_sub(&check, &check, &R);
    return ed25519_cofactored_verdict(&check);
}

/* Batch verification with expanded keys. Variable time. */
VEC25519_API int vec25519_ed25519_verify_batch_expanded(
    size_t n, const vec25519_ed25519_batch_item_expanded *items, int *results)
{
    key_source ks = {NULL, items, ED25519_STRICT};
    return verify_batch_internal(n, &ks, results);
}
