/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The vector multiscalar algorithms (src/backend/vector/straus.c,
 * pippenger.c and multiscalar.c, compiled once per ISA as avx2_* and ifma_*;
 * contracts in src/backend/vector/msm.h)
 * against the serial wNAF Straus (itself checked term by term in
 * test_msm.c) and, for small n, against Σ [s_i]P_i one term at a time.
 *
 * What the vector code has of its own, and is exercised here for every ISA
 * this CPU runs (the others print "skipped"):
 *   - every entry: constant-time Straus (heap, stack chunks), wNAF Straus
 *     (heap, stack chunks), Pippenger, and the backend entries (the
 *     caller-scratch form with a block of exactly the size it asks for);
 *   - n around the stack chunk (15, 16, 17, 31–33) and around the
 *     Straus/Pippenger crossover on the effective size, with full-size and
 *     128-bit scalars;
 *   - Pippenger with every window 4..15, and scalars that put digits on the
 *     edges of the bucket range (±2^(w−1), ±1, the unsigned top digit and
 *     its carry), every point in one bucket, a point repeated into the same
 *     bucket (the addition becomes a doubling), empty windows;
 *   - the wNAF digit scan across 64-bit words: runs of ones and zeros that
 *     end at bit 59..64, 2^256 − 1, alternating bits;
 *   - all-zero scalars, identity points, small-order points, scalars ≥ ℓ
 *     and ≥ 2^255 (never reduced), r aliasing points[0], n = 0;
 *   - the window table: within 4..15 and non-decreasing.
 */
#include <stdlib.h>
#include <string.h>
#if defined(_WIN32) /* no C11 aligned_alloc in msvcrt: its own pair */
#include <malloc.h>
#define aligned_alloc(align, size) _aligned_malloc((size), (align))
#define aligned_free _aligned_free
#else
#define aligned_free free
#endif

#include "test.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "backend/serial/msm.h"
#include "backend/vector/msm.h"
#include "scalar/sc.h"

#if defined(VEC25519_X86_64)

typedef int (*vmsm_fn)(ge_ext *r, size_t n, const uint8_t (*s)[32], const ge_ext *P);
typedef int (*vpip_fn)(ge_ext *r, size_t n, const uint8_t (*s)[32], const ge_ext *P, int w);
typedef void (*vvoid_fn)(ge_ext *r, size_t n, const uint8_t (*s)[32], const ge_ext *P);

/* The functions of one ISA. */
typedef struct {
    const char *name;
    size_t pippenger_min;
    vmsm_fn straus_ct, straus_vt;
    vpip_fn pippenger;
    int (*window)(size_t n);
    vvoid_fn ct_stack, vt_stack, backend_vt, backend_ct;
    size_t (*scratch_bytes)(size_t n);
    void (*vt_scratch)(ge_ext *r, size_t n, const uint8_t (*s)[32], const ge_ext *P, void *scratch);
} vmsm_isa;

static const vmsm_isa isas[] = {
    {"avx2", AVX2_MSM_PIPPENGER_MIN, avx2_msm_straus_ct, avx2_msm_straus_vartime,
     avx2_msm_pippenger_vartime, avx2_msm_pippenger_window, avx2_msm_straus_ct_stack,
     avx2_msm_straus_vartime_stack, avx2_multiscalar_vartime, avx2_multiscalar,
     avx2_multiscalar_vartime_scratch_bytes, avx2_multiscalar_vartime_scratch},
    {"ifma", IFMA_MSM_PIPPENGER_MIN, ifma_msm_straus_ct, ifma_msm_straus_vartime,
     ifma_msm_pippenger_vartime, ifma_msm_pippenger_window, ifma_msm_straus_ct_stack,
     ifma_msm_straus_vartime_stack, ifma_multiscalar_vartime, ifma_multiscalar,
     ifma_multiscalar_vartime_scratch_bytes, ifma_multiscalar_vartime_scratch},
};

static const vmsm_isa *isa; /* the one under test */
static ge_ext T8;           /* a point of order 8 */

/* A point of order 8 (RFC 8032 encoding). */
static const uint8_t order8[32] = {
    0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
    0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05,
};

/* ---- inputs ---------------------------------------------------------------------- */

/* [r]B for a random r < 2^255. */
static void random_point(ge_ext *P)
{
    uint8_t r[32];
    test_rng_bytes(r, 32);
    r[31] &= 0x7f;
    ge_scalarmult_base(P, r);
}

/* Scalars that are hard on one recoding or another, by index. */
static void edge_scalar(uint8_t s[32], unsigned kind)
{
    memset(s, 0, 32);
    switch (kind % 14) {
    case 0: break;                                      /* 0 */
    case 1: memset(s, 0xff, 32); break;                 /* 2^256 − 1 */
    case 2: s[31] = 0x80; break;                        /* 2^255 */
    case 3: memcpy(s, sc_ell, 32); break;               /* ℓ */
    case 4: memcpy(s, sc_ell, 32); s[0] -= 1; break;    /* ℓ − 1 */
    case 5: memcpy(s, sc_ell, 32); s[31] |= 0x80; break; /* ℓ + 2^255 */
    case 6: memset(s, 0x55, 32); break;                 /* alternating bits */
    case 7: memset(s, 0xaa, 32); break;
    case 8: memset(s, 0xff, 8); break;                  /* 2^64 − 1: a run ending at a word */
    case 9: s[7] = 0xf8; s[8] = 0x01; break;            /* bits 59..64 */
    case 10: memset(s + 8, 0xff, 16); break;            /* ones from bit 64 to 191 */
    case 11: test_rng_bytes(s, 16); break;              /* 128-bit */
    case 12: s[0] = 1; break;                           /* 1 */
    default: test_rng_bytes(s, 32); break;              /* random 256-bit */
    }
}

/* n inputs: scalars of every edge kind or random, points of large order,
 * with torsion, small order, identity, repeated or negated. */
static void mixed_inputs(size_t n, uint8_t (*s)[32], ge_ext *P)
{
    for (size_t i = 0; i < n; i++) {
        uint64_t k = test_rng_below(9);
        edge_scalar(s[i], (unsigned)test_rng_below(20));
        if (k == 0) {
            ge_ext_0(&P[i]);
        } else if (k == 1) {
            ge_ext_dbl(&P[i], &T8); /* order 4 */
        } else if (k == 2) {
            random_point(&P[i]);
            ge_ext_add(&P[i], &P[i], &T8);
        } else if (k == 3 && i > 0) {
            P[i] = P[test_rng_below(i)];
        } else if (k == 4 && i > 0) {
            ge_ext_neg(&P[i], &P[test_rng_below(i)]);
        } else {
            random_point(&P[i]);
        }
    }
}

/* Full-size random scalars (below 2^253) on random points. */
static void full_inputs(size_t n, uint8_t (*s)[32], ge_ext *P, int bytes)
{
    for (size_t i = 0; i < n; i++) {
        memset(s[i], 0, 32);
        test_rng_bytes(s[i], (size_t)bytes);
        if (bytes == 32) s[i][31] = (uint8_t)((s[i][31] & 0x0f) | 0x10); /* 253 bits */
        random_point(&P[i]);
    }
}

/* ---- checks ---------------------------------------------------------------------- */

/* The reference: serial wNAF Straus, or term by term for small n. */
static void reference(ge_ext *r, size_t n, const uint8_t (*s)[32], const ge_ext *P)
{
    static const uint8_t zero[32] = {0};
    ge_ext t;

    if (n > 8) {
        if (ge_msm_straus_vartime(r, n, s, P) == 0) return;
        CHECK(0, "reference: allocation");
    }
    ge_ext_0(r);
    for (size_t i = 0; i < n; i++) {
        ge_double_scalarmult_vartime(&t, s[i], &P[i], zero);
        ge_ext_add(r, r, &t);
    }
}

static int same(const ge_ext *a, const ge_ext *b)
{
    return ct_to_int(ge_ext_eq(a, b));
}

/* The caller-scratch entry with a block of exactly the bytes it asks for
 * (so that ASan sees any overrun), or NULL when it asks for none. */
static void scratch_entry(ge_ext *r, size_t n, const uint8_t (*s)[32], const ge_ext *P)
{
    size_t bytes = isa->scratch_bytes(n);
    void *block = bytes != 0 ? aligned_alloc(64, (bytes + 63) / 64 * 64) : NULL;

    CHECK(bytes != SIZE_MAX, "%s scratch bytes for n = %zu", isa->name, n);
    CHECK(bytes == 0 || block != NULL, "aligned_alloc");
    isa->vt_scratch(r, n, s, P, block);
    aligned_free(block);
}

/* Every entry of the ISA on (s, P), against want. */
static void check_entries(size_t n, const uint8_t (*s)[32], const ge_ext *P, const ge_ext *want,
                          const char *what)
{
    ge_ext got;
    int rc;

    rc = isa->straus_ct(&got, n, s, P);
    CHECK(rc == 0 && same(&got, want), "%s straus_ct n=%zu %s", isa->name, n, what);
    rc = isa->straus_vt(&got, n, s, P);
    CHECK(rc == 0 && same(&got, want), "%s straus_vartime n=%zu %s", isa->name, n, what);
    rc = isa->pippenger(&got, n, s, P, 0);
    CHECK(rc == 0 && same(&got, want), "%s pippenger n=%zu %s", isa->name, n, what);
    isa->ct_stack(&got, n, s, P);
    CHECK(same(&got, want), "%s straus_ct_stack n=%zu %s", isa->name, n, what);
    isa->vt_stack(&got, n, s, P);
    CHECK(same(&got, want), "%s straus_vartime_stack n=%zu %s", isa->name, n, what);
    isa->backend_vt(&got, n, s, P);
    CHECK(same(&got, want), "%s multiscalar_vartime n=%zu %s", isa->name, n, what);
    isa->backend_ct(&got, n, s, P);
    CHECK(same(&got, want), "%s multiscalar n=%zu %s", isa->name, n, what);
    scratch_entry(&got, n, s, P);
    CHECK(same(&got, want), "%s multiscalar_vartime_scratch n=%zu %s", isa->name, n, what);
}

static void check_all(size_t n, const uint8_t (*s)[32], const ge_ext *P, const char *what)
{
    ge_ext want;
    reference(&want, n, s, P);
    check_entries(n, s, P, &want, what);
}

/* ---- tests ------------------------------------------------------------------------ */

enum { CAP = 600 };
static uint8_t S[CAP][32];
static ge_ext P[CAP], Q[CAP];

#define CS ((const uint8_t (*)[32])S)

/* Sizes around the stack chunk and the crossover, mixed inputs. */
static void test_sizes(void)
{
    static const size_t sizes[] = {0, 1, 2, 3, 4, 7, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 130};

    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        mixed_inputs(sizes[k], S, P);
        check_all(sizes[k], CS, P, "mixed");
    }
    /* the crossover on the effective size: full-size scalars, and 128-bit ones
     * (which count for half: the same n stays on the Straus side) */
    for (size_t n = isa->pippenger_min - 1; n <= isa->pippenger_min + 1; n++) {
        full_inputs(n, S, P, 32);
        check_all(n, CS, P, "full-size, at the crossover");
        full_inputs(2 * n, S, P, 16);
        check_all(2 * n, CS, P, "128-bit, at the crossover");
    }
    printf("%s: sizes and crossover checked\n", isa->name);
}

/* All-zero scalars, identity points, a repeated point, ≥ ℓ and ≥ 2^255. */
static void test_special(void)
{
    static const uint8_t zero[32] = {0};
    ge_ext got, want;
    size_t n = 70;

    for (size_t m = 1; m <= n; m += n - 1) {
        mixed_inputs(m, S, P);
        memset(S, 0, sizeof S);
        check_all(m, CS, P, "all scalars zero");
        isa->backend_vt(&got, m, CS, P);
        CHECK(ct_to_int(ge_ext_is_identity(&got)), "%s: zero scalars give the identity", isa->name);

        mixed_inputs(m, S, P);
        for (size_t i = 0; i < m; i++) ge_ext_0(&P[i]);
        check_all(m, CS, P, "identity points");

        random_point(&P[0]);
        for (size_t i = 0; i < m; i++) {
            P[i] = P[0];
            test_rng_bytes(S[i], 32);
        }
        check_all(m, CS, P, "one point repeated");

        for (size_t i = 0; i < m; i++) {
            edge_scalar(S[i], (unsigned)(1 + i % 5)); /* 2^256−1, 2^255, ℓ, ℓ−1, ℓ+2^255 */
            random_point(&P[i]);
            ge_ext_add(&P[i], &P[i], &T8);
        }
        check_all(m, CS, P, "scalars >= l and >= 2^255 on points with torsion");
    }
    /* [2^255]T8 = identity but [ℓ]T8 is not: the scalar is not reduced */
    edge_scalar(S[0], 3);
    P[0] = T8;
    ge_double_scalarmult_vartime(&want, S[0], &T8, zero);
    check_entries(1, CS, P, &want, "l on the order-8 point");
    CHECK(!ct_to_int(ge_ext_is_identity(&want)), "[l]T8 is not the identity");
    printf("%s: special inputs checked\n", isa->name);
}

/* r aliasing points[0] for every entry. */
static void test_alias(void)
{
    static const size_t sizes[] = {5, 40, 200};
    ge_ext want;

    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        size_t n = sizes[k];
        mixed_inputs(n, S, P);
        reference(&want, n, CS, P);
#define ALIAS_CASE(call, label)                                                      \
    do {                                                                             \
        memcpy(Q, P, n * sizeof *Q);                                                 \
        call;                                                                        \
        CHECK(same(&Q[0], &want), "%s %s: r aliasing points[0], n = %zu", isa->name, \
              label, n);                                                             \
    } while (0)
        ALIAS_CASE(CHECK(isa->straus_ct(&Q[0], n, CS, Q) == 0, "rc"), "straus_ct");
        ALIAS_CASE(CHECK(isa->straus_vt(&Q[0], n, CS, Q) == 0, "rc"), "straus_vartime");
        ALIAS_CASE(CHECK(isa->pippenger(&Q[0], n, CS, Q, 0) == 0, "rc"), "pippenger");
        ALIAS_CASE(isa->ct_stack(&Q[0], n, CS, Q), "straus_ct_stack");
        ALIAS_CASE(isa->vt_stack(&Q[0], n, CS, Q), "straus_vartime_stack");
        ALIAS_CASE(isa->backend_vt(&Q[0], n, CS, Q), "multiscalar_vartime");
        ALIAS_CASE(isa->backend_ct(&Q[0], n, CS, Q), "multiscalar");
        ALIAS_CASE(scratch_entry(&Q[0], n, CS, Q), "multiscalar_vartime_scratch");
#undef ALIAS_CASE
    }
}

/*
 * s with every w-bit window equal to v (then the signed digits sit on one
 * edge of the bucket range: v = 2^(w−1) makes every digit −2^(w−1) with a
 * carry, v = 2^(w−1) − 1 the largest positive one, v = 1 bucket 0 only).
 */
static void window_pattern(uint8_t s[32], int w, unsigned v)
{
    memset(s, 0, 32);
    for (int at = 0; at < 256; at += w)
        for (int b = 0; b < w && at + b < 256; b++)
            if ((v >> b) & 1) s[(at + b) / 8] |= (uint8_t)(1u << ((at + b) % 8));
}

/* Pippenger with every window, bucket edges, one bucket for all, empty windows. */
static void test_pippenger(void)
{
    ge_ext want, got;

    for (int w = 4; w <= 15; w++) {
        size_t n = w <= 12 ? 48 : 6; /* large windows: the bucket sums dominate */
        unsigned half = 1u << (w - 1);
        const unsigned patterns[] = {half, half - 1, half + 1, 1, (1u << w) - 1};

        mixed_inputs(n, S, P);
        reference(&want, n, CS, P);
        CHECK(isa->pippenger(&got, n, CS, P, w) == 0 && same(&got, &want),
              "%s pippenger w = %d, mixed", isa->name, w);
        for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
            for (size_t i = 0; i < n; i++) {
                window_pattern(S[i], w, patterns[p]);
                if (i % 3 == 1) S[i][31] |= 0x80; /* top digit with a carry into it */
                if (i % 3 == 2) random_point(&P[i]);
            }
            reference(&want, n, CS, P);
            CHECK(isa->pippenger(&got, n, CS, P, w) == 0 && same(&got, &want),
                  "%s pippenger w = %d, windows all %u", isa->name, w, patterns[p]);
        }
        /* every point in one bucket; the same point twice in a bucket */
        random_point(&P[0]);
        for (size_t i = 0; i < n; i++) {
            memset(S[i], 0, 32);
            S[i][0] = 3;
            S[i][20] = 0x40;
            if (i % 2 == 1) P[i] = P[i - 1];
            else random_point(&P[i]);
        }
        reference(&want, n, CS, P);
        CHECK(isa->pippenger(&got, n, CS, P, w) == 0 && same(&got, &want),
              "%s pippenger w = %d, one bucket, repeated points", isa->name, w);
        /* only the lowest window nonzero (empty windows above); only the top one */
        for (size_t i = 0; i < n; i++) {
            memset(S[i], 0, 32);
            S[i][0] = (uint8_t)(1 + i);
        }
        reference(&want, n, CS, P);
        CHECK(isa->pippenger(&got, n, CS, P, w) == 0 && same(&got, &want),
              "%s pippenger w = %d, low window only", isa->name, w);
        for (size_t i = 0; i < n; i++) {
            memset(S[i], 0, 32);
            S[i][31] = (uint8_t)(0x80 | i);
        }
        reference(&want, n, CS, P);
        CHECK(isa->pippenger(&got, n, CS, P, w) == 0 && same(&got, &want),
              "%s pippenger w = %d, high bits only", isa->name, w);
    }
    CHECK(isa->pippenger(&got, 4, CS, P, 3) == -1, "%s pippenger rejects w = 3", isa->name);
    CHECK(isa->pippenger(&got, 4, CS, P, 16) == -1, "%s pippenger rejects w = 16", isa->name);
    CHECK(isa->pippenger(&got, 0, CS, P, 3) == 0 && ct_to_int(ge_ext_is_identity(&got)),
          "%s pippenger n = 0", isa->name);
    for (size_t n = 1, prev = 4; n < 200000; n = n * 5 / 4 + 1) {
        size_t w = (size_t)isa->window(n);
        CHECK(w >= 4 && w <= 15 && w >= prev, "%s window for n = %zu is %zu", isa->name, n, w);
        prev = w;
    }
    printf("%s: pippenger windows 4..15 checked\n", isa->name);
}

/*
 * CTest runs this program once per backend (VEC25519_BACKEND): under a
 * forced vector backend it tests that ISA's functions; unforced, every ISA
 * this CPU has; forced serial, nothing (77: the same code ran under the
 * vector runs).
 */
int main(void)
{
    const char *forced = getenv("VEC25519_BACKEND");
    int ran = 0;

    if (forced != NULL && strcmp(forced, "serial") == 0)
        test_skip("the vector algorithms run under a forced vector backend");
    if (ge_ext_frombytes(&T8, order8) != 0) {
        CHECK(0, "the order-8 point decodes");
        return test_done();
    }
    for (size_t i = 0; i < sizeof isas / sizeof isas[0]; i++) {
        if (forced != NULL && *forced != 0 && strcmp(forced, isas[i].name) != 0) continue;
        if (backend_by_name(isas[i].name) == NULL) {
            printf("%s: not available on this CPU, skipped\n", isas[i].name);
            continue;
        }
        isa = &isas[i];
        ran = 1;
        test_sizes();
        test_special();
        test_alias();
        test_pippenger();
    }
    if (!ran) test_skip("no vector backend on this CPU");
    return test_done();
}

#else

int main(void)
{
    test_skip("no vector backend in this build");
}

#endif /* VEC25519_X86_64 */
