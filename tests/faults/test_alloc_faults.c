/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Allocation-failure injection over every public function that allocates.
 *
 * All of the library's heap memory comes from one allocator,
 * src/internal/scratch.c (scratch_alloc / scratch_free; the ge_msm_scratch_*
 * names are macros for it). This program links the library's objects with a
 * copy of scratch.c compiled with -DVEC25519_FAULT_INJECTION (never the
 * shipped library: tests/faults/CMakeLists.txt), whose allocator counts its
 * calls, fails call number N on demand, counts the blocks still live, and
 * checks on each free that the block was wiped.
 *
 * For each entry below: one run without failure gives the reference output
 * and the number of allocations C; then runs with N = 1, 2, ... fail the Nth
 * allocation, until a run reaches no failing allocation (a fallback may
 * allocate again, so N can go past C). Every run must:
 *   - give the documented result: the multiscalar functions and
 *     precomp_mul_vartime "never fail" (a stack fallback) and so must give
 *     the reference point; the batch verifiers fall back to one-by-one
 *     verification with the same verdicts (a bad signature is never
 *     reported valid); precomp_new returns NULL (or, when the failure is
 *     not on its path, a working object);
 *   - leave no block live (no leak; the ASan/LSan build sees the rest);
 *   - for the constant-time entries, free only wiped blocks (secrets are
 *     wiped before memory is freed).
 * Functions documented as allocation-free (batched X25519 and key
 * generation, signing, the streaming verifier, hash-to-curve) are run too and
 * must make no allocation at all.
 *
 * Prints, per entry, C and the N values run, and the total of runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

#include "internal/scratch.h"

#define MAXOUT (64 * 1024)

typedef struct {
    const char *name;
    int ct;        /* constant time: every freed block must be wiped */
    int none;      /* documented allocation-free: no call at all */
    int may_null;  /* precomp_new: a failed run may return "no object" */
    /* Writes the call's observable result into out (at most MAXOUT bytes);
     * returns its length. */
    size_t (*run)(uint8_t *out);
} entry;

/* ---- inputs, made once -------------------------------------------------------- */

#define NPTS 300
#define NSIG 64
static uint8_t scalars[NPTS + 400][32];
static vec25519_edwards25519_point epts[NPTS + 400];
static vec25519_ristretto255_point rpts[NPTS];
static uint8_t msgs[NSIG][40], sigs[NSIG][64], pks[NSIG][32], sks[NSIG][64];
static vec25519_ed25519_expanded_pk epks[NSIG];
static vec25519_ed25519_batch_item items[NSIG];
static vec25519_ed25519_batch_item_expanded eitems[NSIG];
static uint8_t xsk[32][32], xpt[32][32], seeds[32][32];
static vec25519_edwards25519_precomp *pc_small, *pc_big;

static void make_inputs(void)
{
    for (size_t i = 0; i < NPTS + 400; i++) {
        vec25519_edwards25519_scalar_random(scalars[i]);
        uint8_t k[32];
        vec25519_edwards25519_scalar_random(k);
        vec25519_edwards25519_point_mul_base(&epts[i], k);
        if (i < NPTS) vec25519_ristretto255_point_mul_base(&rpts[i], k);
    }
    for (size_t i = 0; i < NSIG; i++) {
        test_rng_bytes(msgs[i], sizeof msgs[i]);
        CHECK(vec25519_ed25519_keypair_random(pks[i], sks[i]) == 0, "keypair");
        CHECK(vec25519_ed25519_sign(sigs[i], msgs[i], sizeof msgs[i], sks[i]) == 0, "sign");
        CHECK(vec25519_ed25519_pk_expand(&epks[i], pks[i]) == 0, "pk_expand");
    }
    sigs[5][10] ^= 1; /* one bad signature: it must never come out valid */
    msgs[40][0] ^= 1; /* and one bad message */
    for (size_t i = 0; i < NSIG; i++) {
        items[i] = (vec25519_ed25519_batch_item){msgs[i], sizeof msgs[i], sigs[i], pks[i]};
        eitems[i] =
            (vec25519_ed25519_batch_item_expanded){msgs[i], sizeof msgs[i], sigs[i], &epks[i]};
    }
    test_rng_bytes(xsk, sizeof xsk);
    test_rng_bytes(seeds, sizeof seeds);
    for (size_t i = 0; i < 32; i++) CHECK(vec25519_x25519_base(xpt[i], xsk[(i + 1) % 32]) == 0, "pt");
    pc_small = vec25519_edwards25519_precomp_new(epts, 8);
    pc_big = vec25519_edwards25519_precomp_new(epts, 384);
    CHECK(pc_small != NULL && pc_big != NULL, "precomp_new without failure");
}

/* ---- the entries ---------------------------------------------------------------- */

static size_t put_point(uint8_t *out, const vec25519_edwards25519_point *p)
{
    vec25519_edwards25519_point_tobytes(out, p);
    return 32;
}

#define MSM_ENTRY(fname, fn, type, pts, n)                    \
    static size_t fname(uint8_t *out)                         \
    {                                                         \
        type r;                                               \
        fn(&r, scalars[0], pts, n);                           \
        memcpy(out, &r, sizeof r);                            \
        return sizeof r;                                      \
    }

MSM_ENTRY(ed_msm_1, vec25519_edwards25519_point_multiscalar, vec25519_edwards25519_point, epts, 1)
MSM_ENTRY(ed_msm_40, vec25519_edwards25519_point_multiscalar, vec25519_edwards25519_point, epts, 40)
MSM_ENTRY(ed_msm_300, vec25519_edwards25519_point_multiscalar, vec25519_edwards25519_point, epts,
          NPTS)
MSM_ENTRY(ed_msm_vt_40, vec25519_edwards25519_point_multiscalar_vartime,
          vec25519_edwards25519_point, epts, 40)
MSM_ENTRY(ed_msm_vt_300, vec25519_edwards25519_point_multiscalar_vartime,
          vec25519_edwards25519_point, epts, NPTS)
MSM_ENTRY(ri_msm_40, vec25519_ristretto255_point_multiscalar, vec25519_ristretto255_point, rpts,
          40)
MSM_ENTRY(ri_msm_vt_300, vec25519_ristretto255_point_multiscalar_vartime,
          vec25519_ristretto255_point, rpts, NPTS)

/* The struct outputs hold one representative among several: compare encodings. */
static size_t ed_encoded(uint8_t *out, size_t (*f)(uint8_t *))
{
    vec25519_edwards25519_point p;
    f(out);
    memcpy(&p, out, sizeof p);
    return put_point(out, &p);
}
static size_t ri_encoded(uint8_t *out, size_t (*f)(uint8_t *))
{
    vec25519_ristretto255_point p;
    f(out);
    memcpy(&p, out, sizeof p);
    vec25519_ristretto255_point_tobytes(out, &p);
    return 32;
}
static size_t e_msm_1(uint8_t *o) { return ed_encoded(o, ed_msm_1); }
static size_t e_msm_40(uint8_t *o) { return ed_encoded(o, ed_msm_40); }
static size_t e_msm_300(uint8_t *o) { return ed_encoded(o, ed_msm_300); }
static size_t e_msm_vt_40(uint8_t *o) { return ed_encoded(o, ed_msm_vt_40); }
static size_t e_msm_vt_300(uint8_t *o) { return ed_encoded(o, ed_msm_vt_300); }
static size_t r_msm_40(uint8_t *o) { return ri_encoded(o, ri_msm_40); }
static size_t r_msm_vt_300(uint8_t *o) { return ri_encoded(o, ri_msm_vt_300); }

static size_t precomp_new_8(uint8_t *out)
{
    vec25519_edwards25519_precomp *pc = vec25519_edwards25519_precomp_new(epts, 8);
    vec25519_edwards25519_point r;
    if (pc == NULL) {
        memset(out, 0, 33);
        return 33; /* the "no object" result; the harness accepts it on a failed run */
    }
    CHECK(vec25519_edwards25519_precomp_len(pc) == 8, "precomp_len");
    vec25519_edwards25519_precomp_mul_vartime(&r, pc, scalars[0], NULL, NULL, 0);
    vec25519_edwards25519_precomp_free(pc);
    out[0] = 1;
    return 1 + put_point(out + 1, &r);
}

static size_t precomp_mul_small(uint8_t *out)
{
    vec25519_edwards25519_point r;
    vec25519_edwards25519_precomp_mul_vartime(&r, pc_small, scalars[0], scalars[8], epts + 8, 20);
    return put_point(out, &r);
}

static size_t precomp_mul_big(uint8_t *out)
{
    vec25519_edwards25519_point r;
    vec25519_edwards25519_precomp_mul_vartime(&r, pc_big, scalars[0], scalars[384], epts + 384,
                                              10);
    return put_point(out, &r);
}

static size_t put_verdicts(uint8_t *out, int rc, const int *results, size_t n)
{
    out[0] = (uint8_t)(rc + 2);
    for (size_t i = 0; i < n; i++) out[1 + i] = (uint8_t)(results[i] + 2);
    CHECK(results[5] == -1 && results[40] == -1 && rc == -1, "a bad signature came out valid");
    return 1 + n;
}

static size_t batch_64(uint8_t *out)
{
    int results[NSIG];
    int rc = vec25519_ed25519_verify_batch(NSIG, items, results);
    return put_verdicts(out, rc, results, NSIG);
}

static size_t batch_64_noresults(uint8_t *out)
{
    int rc = vec25519_ed25519_verify_batch(NSIG, items, NULL);
    CHECK(rc == -1, "a batch with bad signatures came out valid");
    int rc2 = vec25519_ed25519_verify_batch(5, items, NULL); /* all good */
    out[0] = (uint8_t)(rc + 2);
    out[1] = (uint8_t)(rc2 + 2);
    return 2;
}

static size_t batch_zip215_64(uint8_t *out)
{
    int results[NSIG];
    int rc = vec25519_ed25519_verify_batch_zip215(NSIG, items, results);
    return put_verdicts(out, rc, results, NSIG);
}

static size_t batch_expanded_64(uint8_t *out)
{
    int results[NSIG];
    int rc = vec25519_ed25519_verify_batch_expanded(NSIG, eitems, results);
    return put_verdicts(out, rc, results, NSIG);
}

static size_t batch_2(uint8_t *out)
{
    int results[2];
    int rc = vec25519_ed25519_verify_batch(2, items, results);
    out[0] = (uint8_t)(rc + 2);
    out[1] = (uint8_t)(results[0] + 2);
    out[2] = (uint8_t)(results[1] + 2);
    return 3;
}

/* documented allocation-free */
static size_t x25519_batch_32(uint8_t *out)
{
    int results[32];
    int rc = vec25519_x25519_batch(32, out, xsk[0], xpt[0], results);
    out[32 * 32] = (uint8_t)(rc + 2);
    return 32 * 32 + 1;
}

static size_t x25519_base_batch_32(uint8_t *out)
{
    int rc = vec25519_x25519_base_batch(32, out, xsk[0]);
    out[32 * 32] = (uint8_t)(rc + 2);
    return 32 * 32 + 1;
}

static size_t ed25519_keypair_batch_32(uint8_t *out)
{
    static uint8_t ksk[32][64];
    vec25519_ed25519_keypair_batch(32, out, ksk[0], seeds[0]);
    memcpy(out + 32 * 32, ksk, sizeof ksk);
    return 32 * 32 + sizeof ksk;
}

static size_t sign_and_stream(uint8_t *out)
{
    vec25519_ed25519_verify_state st;
    vec25519_ed25519ph_state ph;
    int rc = vec25519_ed25519_sign(out, msgs[1], sizeof msgs[1], sks[1]);
    rc |= vec25519_ed25519_verify_init(&st, sigs[1], pks[1]);
    vec25519_ed25519_verify_update(&st, msgs[1], 20);
    vec25519_ed25519_verify_update(&st, msgs[1] + 20, 20);
    rc |= vec25519_ed25519_verify_final(&st);
    vec25519_ed25519ph_init(&ph);
    vec25519_ed25519ph_update(&ph, msgs[2], sizeof msgs[2]);
    rc |= vec25519_ed25519ph_final_sign(&ph, out + 64, NULL, 0, sks[2]);
    out[128] = (uint8_t)(rc + 2);
    return 129;
}

static size_t hash_to_curve(uint8_t *out)
{
    static const uint8_t dst[300] = {1};
    int rc = vec25519_edwards25519_hash_to_curve(out, msgs[0], 40, dst, sizeof dst);
    rc |= vec25519_ristretto255_hash_to_group(out + 32, msgs[0], 40, dst, 20);
    out[64] = (uint8_t)(rc + 2);
    return 65;
}

static const entry entries[] = {
    {"edwards25519_point_multiscalar n=1", 1, 0, 0, e_msm_1},
    {"edwards25519_point_multiscalar n=40", 1, 0, 0, e_msm_40},
    {"edwards25519_point_multiscalar n=300", 1, 0, 0, e_msm_300},
    {"edwards25519_point_multiscalar_vartime n=40", 0, 0, 0, e_msm_vt_40},
    {"edwards25519_point_multiscalar_vartime n=300", 0, 0, 0, e_msm_vt_300},
    {"ristretto255_point_multiscalar n=40", 1, 0, 0, r_msm_40},
    {"ristretto255_point_multiscalar_vartime n=300", 0, 0, 0, r_msm_vt_300},
    {"edwards25519_precomp_new n=8 (+mul)", 0, 0, 1, precomp_new_8},
    {"edwards25519_precomp_mul_vartime static 8 dynamic 20", 0, 0, 0, precomp_mul_small},
    {"edwards25519_precomp_mul_vartime static 384 dynamic 10", 0, 0, 0, precomp_mul_big},
    {"ed25519_verify_batch n=64 (2 bad, results)", 0, 0, 0, batch_64},
    {"ed25519_verify_batch n=64/5 (no results)", 0, 0, 0, batch_64_noresults},
    {"ed25519_verify_batch n=2", 0, 0, 0, batch_2},
    {"ed25519_verify_batch_zip215 n=64", 0, 0, 0, batch_zip215_64},
    {"ed25519_verify_batch_expanded n=64", 0, 0, 0, batch_expanded_64},
    {"x25519_batch n=32", 1, 1, 0, x25519_batch_32},
    {"x25519_base_batch n=32", 1, 1, 0, x25519_base_batch_32},
    {"ed25519_keypair_batch n=32", 1, 1, 0, ed25519_keypair_batch_32},
    {"ed25519 sign, streaming verify, ph streaming sign", 1, 1, 0, sign_and_stream},
    {"hash_to_curve (300-byte tag), hash_to_group", 1, 1, 0, hash_to_curve},
};

static void reset(unsigned long fail_at)
{
    memset(&scratch_faults, 0, sizeof scratch_faults);
    scratch_faults.fail_at = fail_at;
}

int main(void)
{
    static uint8_t ref[MAXOUT], got[MAXOUT];
    unsigned long total_runs = 0;
    size_t nent = sizeof entries / sizeof entries[0];

    make_inputs();
    for (size_t e = 0; e < nent; e++) {
        const entry *en = &entries[e];
        reset(0);
        size_t rlen = en->run(ref);
        unsigned long calls = scratch_faults.calls, n;
        CHECK(scratch_faults.live == 0, "%s: %lu blocks leaked (no failure)", en->name,
              scratch_faults.live);
        if (en->ct)
            CHECK(scratch_faults.freed_nonzero == 0, "%s: a block freed unwiped", en->name);
        if (en->none) {
            CHECK(calls == 0, "%s: documented allocation-free, made %lu allocations", en->name,
                  calls);
            printf("%-55s allocations 0 (allocation-free, as documented)\n", en->name);
            total_runs++;
            continue;
        }
        CHECK(calls > 0, "%s: expected to allocate, made no allocation", en->name);
        for (n = 1;; n++) {
            reset(n);
            memset(got, 0xa5, MAXOUT);
            size_t glen = en->run(got);
            total_runs++;
            CHECK(scratch_faults.live == 0, "%s N=%lu: %lu blocks leaked", en->name, n,
                  scratch_faults.live);
            if (en->ct)
                CHECK(scratch_faults.freed_nonzero == 0, "%s N=%lu: a block freed unwiped",
                      en->name, n);
            if (scratch_faults.failed == 0) break; /* the run reached no Nth allocation */
            if (en->may_null && got[0] == 0) {
                static const uint8_t zero[33];
                CHECK(glen == 33 && memcmp(got, zero, 33) == 0, "%s N=%lu: NULL result",
                      en->name, n);
                continue;
            }
            CHECK(glen == rlen, "%s N=%lu: output length %zu, want %zu", en->name, n, glen,
                  rlen);
            if (glen == rlen && memcmp(got, ref, rlen) != 0)
                CHECK(0, "%s N=%lu: result differs from the run without failure", en->name, n);
        }
        printf("%-55s allocations %lu, runs with the Nth failing: N = 1..%lu\n", en->name, calls,
               n - 1);
    }
    printf("%zu entries, %lu runs in all (backend %s)\n", nent, total_runs,
           getenv("VEC25519_BACKEND") ? getenv("VEC25519_BACKEND") : "auto");
    vec25519_edwards25519_precomp_free(pc_small);
    vec25519_edwards25519_precomp_free(pc_big);
    reset(0);
    return test_done();
}
