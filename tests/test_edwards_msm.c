/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The public multiscalar API (include/vec25519/edwards25519.h, ristretto255.h;
 * src/edwards/msm_api.c) against sums of single scalar multiplications.
 *
 * Reference: Σ point_mul(s_i, P_i) with vec25519_edwards25519_point_mul (constant
 * time, exact for every 256-bit s_i) added by point_add. Checked, under the
 * backend CTest selects (VEC25519_BACKEND):
 *   - vec25519_edwards25519_point_multiscalar (constant time), _vartime, and the
 *     precomputed form with every split of the points between static and
 *     dynamic that matters (all static, all dynamic, half and half), for a
 *     spread of n from 0 to 2,000 across the Straus/Pippenger crossover and
 *     the precomputed form's switch to the backend (384 static points), plus
 *     a random n;
 *   - inputs mixed at random: scalars 0, 1, ℓ−1, ℓ, ℓ+1, 2^255, 2^256−1,
 *     128-bit, 16-bit and uniform 256-bit; points of order ℓ, with a torsion
 *     component, of small order, the identity, repeats and negations of earlier
 *     points — scalars ≥ ℓ on points with torsion catch any reduction mod ℓ
 *     (the documented contract: no reduction);
 *   - all scalars zero, all points the identity, n = 0 with NULL arrays;
 *   - aliasing: r is the first point;
 *   - ristretto255: the constant-time multiscalar against the vartime one
 *     and against single multiplications;
 *   - libsodium (when built in): on prime-order points and scalars below
 *     2^255, the sum of crypto_scalarmult_ed25519_noclamp terms added with
 *     crypto_core_ed25519_add (libsodium has no multiscalar function);
 *   - the internal scratch interface behind them (src/backend/serial/msm.h):
 *     ge_msm_layout's alignment and overflow mark, and every backend's
 *     multiscalar_vartime_scratch with one block sized for the largest call
 *     reused by smaller ones.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

#include "backend/backend.h"
#include "backend/serial/msm.h"

#ifdef HAVE_SODIUM
#include "sodium_init.h"
#endif

typedef vec25519_edwards25519_point pt;

/* ℓ, little-endian (RFC 8032 §5.1). */
static const uint8_t ell[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
};

static pt torsion[8]; /* the 8 points of small order (some repeated is fine) */
static size_t ntorsion;

/* A uniformly random curve point: random strings until one decodes. */
static void random_curve_point(pt *p)
{
    uint8_t s[32];
    do {
        test_rng_bytes(s, 32);
    } while (vec25519_edwards25519_point_frombytes(p, s) != 0);
}

/* A random point of order ℓ: [k]B. */
static void random_prime_order_point(pt *p)
{
    uint8_t k[32];
    vec25519_edwards25519_scalar_random(k);
    vec25519_edwards25519_point_mul_base(p, k);
}

/* Torsion points [ℓ]P of random curve points, until all 8 are found. */
static void find_torsion(void)
{
    for (int tries = 0; tries < 400 && ntorsion < 8; tries++) {
        pt p, t;
        int seen = 0;
        random_curve_point(&p);
        vec25519_edwards25519_point_mul(&t, ell, &p);
        for (size_t i = 0; i < ntorsion; i++)
            seen |= vec25519_edwards25519_point_eq(&t, &torsion[i]);
        if (!seen) torsion[ntorsion++] = t;
    }
    CHECK(ntorsion == 8, "found %zu small-order points", ntorsion);
    for (size_t i = 0; i < ntorsion; i++)
        CHECK(vec25519_edwards25519_point_is_small_order(&torsion[i]), "torsion[%zu] small order",
              i);
}

static void gen_scalar(uint8_t s[32])
{
    memset(s, 0, 32);
    switch (test_rng_below(12)) {
    case 0: break;
    case 1: s[0] = 1; break;
    case 2: memcpy(s, ell, 32); s[0] -= 1; break;
    case 3: memcpy(s, ell, 32); break;
    case 4: memcpy(s, ell, 32); s[0] += 1; break;
    case 5: s[31] = 0x80; break;
    case 6: memset(s, 0xff, 32); break;
    case 7: test_rng_bytes(s, 16); break;
    case 8: test_rng_bytes(s, 2); break;
    default: test_rng_bytes(s, 32); break;
    }
}

/* Point i given the earlier ones (for repeats and negations). */
static void gen_point(pt *P, size_t i)
{
    switch (test_rng_below(10)) {
    case 0: vec25519_edwards25519_point_identity(P); break;
    case 1: *P = torsion[test_rng_below(ntorsion)]; break;
    case 2: case 3: random_curve_point(P); break; /* mostly with a torsion component */
    case 4:
        if (i > 0) {
            *P = P[-(ptrdiff_t)(1 + test_rng_below(i))];
            break;
        }
        random_prime_order_point(P);
        break;
    case 5:
        if (i > 0) {
            vec25519_edwards25519_point_neg(P, &P[-(ptrdiff_t)(1 + test_rng_below(i))]);
            break;
        }
        random_prime_order_point(P);
        break;
    default: random_prime_order_point(P); break;
    }
}

/* Σ [s_i]P_i one term at a time. */
static void reference(pt *r, const uint8_t *s, const pt *P, size_t n)
{
    vec25519_edwards25519_point_identity(r);
    for (size_t i = 0; i < n; i++) {
        pt t;
        vec25519_edwards25519_point_mul(&t, s + 32 * i, &P[i]);
        vec25519_edwards25519_point_add(r, r, &t);
    }
}

/* Every public form against want, for the given inputs. precomp: also the
 * precomputed splits. */
static void check_all(const char *what, const uint8_t *s, const pt *P, size_t n, const pt *want,
                      int precomp)
{
    pt got;

    vec25519_edwards25519_point_multiscalar(&got, s, P, n);
    CHECK(vec25519_edwards25519_point_eq(&got, want), "%s n=%zu: multiscalar (ct)", what, n);
    vec25519_edwards25519_point_multiscalar_vartime(&got, s, P, n);
    CHECK(vec25519_edwards25519_point_eq(&got, want), "%s n=%zu: multiscalar_vartime", what, n);
    if (!precomp) return;
    {
        size_t splits[3] = {n, 0, n / 2}; /* static points: all, none, half */
        for (int k = 0; k < 3; k++) {
            size_t ns = splits[k];
            vec25519_edwards25519_precomp *pc = vec25519_edwards25519_precomp_new(P, ns);
            CHECK(pc != NULL, "%s n=%zu: precomp_new(%zu)", what, n, ns);
            if (pc == NULL) continue;
            CHECK(vec25519_edwards25519_precomp_len(pc) == ns, "precomp_len");
            vec25519_edwards25519_precomp_mul_vartime(&got, pc, s, s + 32 * ns, P + ns, n - ns);
            CHECK(vec25519_edwards25519_point_eq(&got, want),
                  "%s n=%zu: precomp %zu static + %zu dynamic", what, n, ns, n - ns);
            vec25519_edwards25519_precomp_free(pc);
        }
    }
}

static void test_random_sizes(void)
{
    /* Both sides of the Straus/Pippenger crossover (effective size 128), the
     * stack-chunk size (16), the allocation-free chunk (64), the precomputed
     * form's switch (384), and large n. */
    size_t sizes[] = {0, 1, 2, 3, 5, 8, 15, 16, 17, 31, 33, 64, 65, 100, 127, 128, 129, 160,
                      250, 383, 384, 400, 700, 1024, 2000, 0};
    size_t nsizes = sizeof sizes / sizeof sizes[0];
    sizes[nsizes - 1] = 1 + (size_t)test_rng_below(2000);

    for (size_t k = 0; k < nsizes; k++) {
        size_t n = sizes[k];
        uint8_t *s = malloc(32 * n + 1);
        pt *P = malloc(sizeof *P * n + 1), want;
        if (s == NULL || P == NULL) {
            CHECK(0, "malloc");
            free(s);
            free(P);
            return;
        }
        for (size_t i = 0; i < n; i++) {
            gen_scalar(s + 32 * i);
            gen_point(&P[i], i);
        }
        reference(&want, s, P, n);
        /* The precomputed tables cost 7.5 KiB and ~70 additions per point:
         * large sizes only where they cross the 384-point switch. */
        check_all("random", s, P, n, &want, n <= 700);
        free(s);
        free(P);
    }
}

/* n = 0 with NULL arrays; all scalars zero; all points the identity;
 * repeated points; aliasing. */
static void test_special(void)
{
    enum { N = 150 };
    static uint8_t s[32 * N];
    static pt P[N], Q[N];
    pt r, id, want;
    vec25519_edwards25519_precomp *pc;

    vec25519_edwards25519_point_identity(&id);
    random_prime_order_point(&r);
    vec25519_edwards25519_point_multiscalar(&r, NULL, NULL, 0);
    CHECK(vec25519_edwards25519_point_eq(&r, &id), "n = 0 (ct)");
    random_prime_order_point(&r);
    vec25519_edwards25519_point_multiscalar_vartime(&r, NULL, NULL, 0);
    CHECK(vec25519_edwards25519_point_eq(&r, &id), "n = 0 (vartime)");
    pc = vec25519_edwards25519_precomp_new(NULL, 0);
    CHECK(pc != NULL, "precomp_new(0)");
    if (pc != NULL) {
        random_prime_order_point(&r);
        vec25519_edwards25519_precomp_mul_vartime(&r, pc, NULL, NULL, NULL, 0);
        CHECK(vec25519_edwards25519_point_eq(&r, &id), "precomp empty");
        vec25519_edwards25519_precomp_free(pc);
    }
    vec25519_edwards25519_precomp_free(NULL);
    CHECK(vec25519_edwards25519_precomp_new(NULL, 3) == NULL, "precomp_new(NULL, 3) fails");

    /* All scalars zero. */
    for (size_t i = 0; i < N; i++) gen_point(&P[i], i);
    memset(s, 0, sizeof s);
    check_all("zero scalars", s, P, N, &id, 1);

    /* All points the identity, random scalars. */
    for (size_t i = 0; i < N; i++) {
        test_rng_bytes(s + 32 * i, 32);
        vec25519_edwards25519_point_identity(&Q[i]);
    }
    check_all("identity points", s, Q, N, &id, 1);

    /* One point repeated N times: Σ s_i · P = [Σ s_i]P for P of order ℓ. */
    {
        uint8_t sum[32] = {0};
        random_prime_order_point(&Q[0]);
        for (size_t i = 0; i < N; i++) {
            Q[i] = Q[0];
            vec25519_edwards25519_scalar_random(s + 32 * i);
            vec25519_edwards25519_scalar_add(sum, sum, s + 32 * i);
        }
        vec25519_edwards25519_point_mul(&want, sum, &Q[0]);
        check_all("repeated point", s, Q, N, &want, 1);
    }

    /* Torsion points only, scalars ≥ ℓ: the unreduced contract. [ℓ+1]T = T
     * only when T has order 1; ≥ ℓ scalars are applied as integers. */
    for (size_t i = 0; i < ntorsion; i++) {
        uint8_t sc[32];
        pt got, P1;
        random_prime_order_point(&P1);
        vec25519_edwards25519_point_add(&P1, &P1, &torsion[i]);
        memcpy(sc, ell, 32);
        sc[0] += 3; /* ℓ + 3 */
        vec25519_edwards25519_point_mul(&want, sc, &P1);
        vec25519_edwards25519_point_multiscalar(&got, sc, &P1, 1);
        CHECK(vec25519_edwards25519_point_eq(&got, &want), "torsion %zu: [ℓ+3](P+T) ct", i);
        vec25519_edwards25519_point_multiscalar_vartime(&got, sc, &P1, 1);
        CHECK(vec25519_edwards25519_point_eq(&got, &want), "torsion %zu: [ℓ+3](P+T) vartime", i);
        {
            /* [ℓ+3](P+T) - [3](P+T) = [ℓ]T, zero only for T = identity */
            uint8_t three[32] = {3};
            pt t3, d;
            vec25519_edwards25519_point_mul(&t3, three, &P1);
            vec25519_edwards25519_point_sub(&d, &got, &t3);
            CHECK(vec25519_edwards25519_point_eq(&d, &id) ==
                      vec25519_edwards25519_point_eq(&torsion[i], &id),
                  "torsion %zu: scalar not reduced mod ℓ", i);
        }
    }

    /* Aliasing: r is points[0]. */
    for (size_t n = 1; n <= N; n += 37) {
        for (size_t i = 0; i < n; i++) {
            gen_scalar(s + 32 * i);
            gen_point(&P[i], i);
        }
        reference(&want, s, P, n);
        memcpy(Q, P, sizeof *P * n);
        vec25519_edwards25519_point_multiscalar(&Q[0], s, Q, n);
        CHECK(vec25519_edwards25519_point_eq(&Q[0], &want), "alias ct n=%zu", n);
        memcpy(Q, P, sizeof *P * n);
        vec25519_edwards25519_point_multiscalar_vartime(&Q[0], s, Q, n);
        CHECK(vec25519_edwards25519_point_eq(&Q[0], &want), "alias vartime n=%zu", n);
        memcpy(Q, P, sizeof *P * n);
        pc = vec25519_edwards25519_precomp_new(Q, n / 2);
        CHECK(pc != NULL, "precomp_new");
        if (pc != NULL) {
            /* r is the first dynamic point */
            vec25519_edwards25519_precomp_mul_vartime(&Q[n / 2], pc, s, s + 32 * (n / 2), Q + n / 2,
                                                      n - n / 2);
            CHECK(vec25519_edwards25519_point_eq(&Q[n / 2], &want), "alias precomp n=%zu", n);
            vec25519_edwards25519_precomp_free(pc);
        }
    }
}

/* One precomputed object used with several scalar sets and dynamic parts. */
static void test_precomp_reuse(void)
{
    enum { NS = 40, ND = 200 };
    static uint8_t s[32 * (NS + ND)];
    static pt P[NS + ND];
    vec25519_edwards25519_precomp *pc;

    for (size_t i = 0; i < NS + ND; i++) gen_point(&P[i], i);
    pc = vec25519_edwards25519_precomp_new(P, NS);
    CHECK(pc != NULL, "precomp_new");
    if (pc == NULL) return;
    for (int round = 0; round < 6; round++) {
        /* dynamic sizes: none, small (Straus), large (Pippenger, full and
         * 128-bit scalars) */
        size_t nd = round == 0 ? 0 : round < 3 ? 1 + test_rng_below(30) : ND;
        pt want, got;
        for (size_t i = 0; i < NS + nd; i++) {
            gen_scalar(s + 32 * i);
            if (round == 5 && i >= NS) memset(s + 32 * i + 16, 0, 16);
        }
        reference(&want, s, P, NS + nd);
        vec25519_edwards25519_precomp_mul_vartime(&got, pc, s, s + 32 * NS, P + NS, nd);
        CHECK(vec25519_edwards25519_point_eq(&got, &want), "reuse round %d (nd=%zu)", round, nd);
    }
    vec25519_edwards25519_precomp_free(pc);
}

/* ristretto255: the constant-time multiscalar against the vartime one and
 * single multiplications. */
static void test_ristretto(void)
{
    enum { N = 70 };
    static uint8_t s[32 * N];
    static vec25519_ristretto255_point P[N];
    vec25519_ristretto255_point got, want, t;

    for (size_t n = 0; n <= N; n += (n < 20 ? 1 : 25)) {
        vec25519_ristretto255_point_identity(&want);
        for (size_t i = 0; i < n; i++) {
            uint8_t u[64];
            test_rng_bytes(u, 64);
            vec25519_ristretto255_point_from_uniform_bytes(&P[i], u);
            gen_scalar(s + 32 * i);
            vec25519_ristretto255_point_mul(&t, s + 32 * i, &P[i]);
            vec25519_ristretto255_point_add(&want, &want, &t);
        }
        vec25519_ristretto255_point_multiscalar(&got, s, P, n);
        CHECK(vec25519_ristretto255_point_eq(&got, &want), "r255 ct n=%zu", n);
        vec25519_ristretto255_point_multiscalar_vartime(&got, s, P, n);
        CHECK(vec25519_ristretto255_point_eq(&got, &want), "r255 vartime n=%zu", n);
        if (n > 0) {
            vec25519_ristretto255_point q0 = P[0];
            vec25519_ristretto255_point_multiscalar(&P[0], s, P, n);
            CHECK(vec25519_ristretto255_point_eq(&P[0], &want), "r255 ct alias n=%zu", n);
            P[0] = q0;
        }
    }
}

#ifdef HAVE_SODIUM
/* libsodium has no multiscalar function: compare with its single
 * multiplications (noclamp: the scalar mod 2^255, points of order ℓ only)
 * summed by crypto_core_ed25519_add. */
static void test_sodium(void)
{
    enum { N = 40 };
    static uint8_t s[32 * N], enc[N][32];
    static pt P[N];
    uint8_t acc[32], term[32], ours[32];
    pt got;

    if (!test_sodium_init()) return;
    for (size_t n = 1; n <= N; n += 13) {
        for (size_t i = 0; i < n; i++) {
            random_prime_order_point(&P[i]);
            vec25519_edwards25519_point_tobytes(enc[i], &P[i]);
            test_rng_bytes(s + 32 * i, 32);
            s[32 * i + 31] &= 0x7f; /* noclamp ignores bit 255 */
            if (i % 3 == 1) memcpy(s + 32 * i, ell, 32), s[32 * i] += (uint8_t)(1 + i); /* > ℓ */
        }
        for (size_t i = 0; i < n; i++) {
            CHECK(crypto_scalarmult_ed25519_noclamp(term, s + 32 * i, enc[i]) == 0,
                  "sodium noclamp %zu", i);
            if (i == 0) {
                memcpy(acc, term, 32);
            } else {
                CHECK(crypto_core_ed25519_add(acc, acc, term) == 0, "sodium add");
            }
        }
        vec25519_edwards25519_point_multiscalar(&got, s, P, n);
        vec25519_edwards25519_point_tobytes(ours, &got);
        CHECK_BYTES(ours, acc, 32, "multiscalar (ct) vs libsodium");
        vec25519_edwards25519_point_multiscalar_vartime(&got, s, P, n);
        vec25519_edwards25519_point_tobytes(ours, &got);
        CHECK_BYTES(ours, acc, 32, "multiscalar_vartime vs libsodium");
    }
}
#endif

/* ge_msm_layout / ge_msm_scratch_alloc, and the backends' caller-scratch
 * multiscalar_vartime_scratch against the reference. */
static void test_scratch_interface(void)
{
    enum { NMAX = 600 };
    static const size_t sizes[] = {600, 17, 129, 250, 16, 1, 0};
    static uint8_t s[32 * NMAX];
    static pt P[NMAX];
    static ge_ext G[NMAX];
    size_t total = 0, o1, o2, nb;
    unsigned char *blk;
    const struct backend *const *bs = backend_available(&nb);

    o1 = ge_msm_layout(&total, 3, 1);
    o2 = ge_msm_layout(&total, 5, sizeof(ge_ext));
    CHECK(o1 == 0 && o2 == 64 && total == 64 + 5 * sizeof(ge_ext), "layout offsets");
    blk = ge_msm_scratch_alloc(total);
    CHECK(blk != NULL && ((uintptr_t)blk & 63) == 0, "scratch block 64-byte aligned");
    ge_msm_scratch_free(blk);
    ge_msm_scratch_free(NULL);
    (void)ge_msm_layout(&total, SIZE_MAX / 2, 4);
    CHECK(total == SIZE_MAX, "layout overflow sets SIZE_MAX");
    (void)ge_msm_layout(&total, 1, 1);
    CHECK(total == SIZE_MAX, "layout overflow is sticky");
    CHECK(ge_msm_scratch_alloc(SIZE_MAX) == NULL, "scratch_alloc(SIZE_MAX) fails");
    CHECK(ge_multiscalar_vartime_scratch_bytes(SIZE_MAX / 8) == SIZE_MAX, "huge n");

    for (size_t i = 0; i < NMAX; i++) {
        gen_scalar(s + 32 * i);
        if (i % 2 == 1) memset(s + 32 * i + 16, 0, 16); /* batch-like 128-bit half */
        gen_point(&P[i], i);
        memcpy(&G[i], &P[i], sizeof G[i]);
    }
    for (size_t k = 0; k < nb; k++) {
        const struct backend *b = bs[k];
        if (b->multiscalar_vartime_scratch_bytes == NULL || b->multiscalar_vartime_scratch == NULL)
            continue;
        blk = ge_msm_scratch_alloc(b->multiscalar_vartime_scratch_bytes(NMAX));
        CHECK(blk != NULL, "scratch for %zu points", (size_t)NMAX);
        if (blk == NULL) return;
        for (size_t j = 0; j < sizeof sizes / sizeof sizes[0]; j++) {
            size_t n = sizes[j];
            pt want, got;
            ge_ext r;
            CHECK(b->multiscalar_vartime_scratch_bytes(n) <=
                      b->multiscalar_vartime_scratch_bytes(NMAX),
                  "%s: scratch bound grows with n", b->name);
            reference(&want, s, P, n);
            b->multiscalar_vartime_scratch(&r, n, (const uint8_t (*)[32])s, G, blk);
            memset(&got, 0, sizeof got);
            memcpy(&got, &r, sizeof r);
            CHECK(vec25519_edwards25519_point_eq(&got, &want),
                  "%s: multiscalar_vartime_scratch n=%zu", b->name, n);
        }
        ge_msm_scratch_free(blk);
    }
}

int main(void)
{
    find_torsion();
    test_special();
    test_precomp_reuse();
    test_random_sizes();
    test_ristretto();
    test_scratch_interface();
#ifdef HAVE_SODIUM
    test_sodium();
#endif
    return test_done();
}
