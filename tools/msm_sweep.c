/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Measures the multiscalar algorithms of src/backend/serial/ (straus.c, pippenger.c) and Ed25519
 * batch verification (src/ed25519/batch.c), to choose and document the
 * Straus/Pippenger crossover, the Pippenger window per n, and the batch
 * speed-up (docs/msm.md records the output).
 *
 *   msm_sweep msm [max_n]     ns per point for n = 1, 2, 4, ..., max_n (4096):
 *                             constant-time Straus, wNAF Straus, Straus with
 *                             precomputed tables, Pippenger for w = 5..12, and
 *                             the backend's choice; then, for every backend
 *                             this CPU has, the backend table's multiscalar
 *                             (ct) and multiscalar_vartime
 *   msm_sweep windows [max_n] the same columns for n = 64, 96, 128, 192, ...
 *                             (powers of two and 1.5 times them), where the
 *                             crossover and the window changes fall
 *   msm_sweep batch [max_n]   ns per signature of batch verification for
 *                             n = 1, 8, 64, 256, 1024, 4096 up to max_n (1024)
 *                             (strict, ZIP-215, expanded keys), against single
 *                             verification in the same run
 *
 * Times are this thread's CPU time (the machine is shared; CPU time leaves
 * out the time other processes run). Each figure is the minimum over rounds
 * in which every column of a row is measured in turn (a loop of at least 20
 * ms each; 5 rounds for the MSM rows, 7 for the batch rows, where single and
 * batch verification alternate), so that a burst of load elsewhere hits the
 * columns alike.
 *
 * Allocator: the batch verifier and the multiscalar algorithms make one
 * allocation per call (src/backend/serial/msm.h, ge_msm_layout), which keeps
 * glibc's dynamic thresholds from returning the heap to the system between
 * calls (docs/msm.md §4). The program runs with the allocator's defaults;
 * "--malloc-tuned" as a last argument raises M_TRIM_THRESHOLD and
 * M_MMAP_THRESHOLD (mallopt), to measure what is left of that cost.
 *
 * Not a test; built with the tools (target msm_sweep, linked with the
 * library's core objects since the internal functions are hidden in the
 * installed library) and never run by the tests or the benchmark:
 *   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
 *   cmake --build build -j2 -t msm_sweep
 *   VEC25519_BACKEND=serial build/tools/msm_sweep msm 4096
 */
#define _POSIX_C_SOURCE 200809L
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vec25519/ed25519.h"

#include "backend/backend.h"
#include "backend/serial/msm.h"
#include "scalar/sc.h"

/* CPU time of this thread: on a shared machine, other processes' load does
 * not count (it still shares caches and cores, hence the minimum of 3). */
static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* xorshift64*: reproducible inputs. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static uint64_t rng(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}
static void rng_bytes(uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(rng() >> 56);
}

/* ---- MSM ---------------------------------------------------------------------- */

enum { ALG_CT, ALG_STRAUS, ALG_PRECOMP, ALG_BACKEND, ALG_PIP };

static size_t cur_n;
static uint8_t (*S)[32];
static ge_ext *P;
static const ge_msm_table **TP;

static void run_alg(int alg, int w)
{
    ge_ext r;
    int rc = 0;
    switch (alg) {
    case ALG_CT: rc = ge_msm_straus_ct(&r, cur_n, (const uint8_t (*)[32])S, P); break;
    case ALG_STRAUS: rc = ge_msm_straus_vartime(&r, cur_n, (const uint8_t (*)[32])S, P); break;
    case ALG_PRECOMP:
        rc = ge_msm_precomp_vartime(&r, cur_n, (const uint8_t (*)[32])S, TP, 0, NULL, NULL);
        break;
    case ALG_BACKEND:
        backend_get()->multiscalar_vartime(&r, cur_n, (const uint8_t (*)[32])S, P);
        break;
    default: rc = ge_msm_pippenger_vartime(&r, cur_n, (const uint8_t (*)[32])S, P, w); break;
    }
    if (rc != 0) {
        fprintf(stderr, "allocation failure\n");
        exit(1);
    }
}

/* ns per call of run_alg(alg, w): one loop of ≥ 20 ms of CPU time. */
static double time_alg_once(int alg, int w)
{
    long iters = 0;
    double t0 = now_ns(), t1;
    do {
        run_alg(alg, w);
        iters++;
        t1 = now_ns();
    } while (t1 - t0 < 2e7);
    return (t1 - t0) / (double)iters;
}

/* The columns of a row: algorithms, then Pippenger with w = 5..12. */
#define NCOLS 12
static void time_row(double best[NCOLS])
{
    for (int c = 0; c < NCOLS; c++) best[c] = 1e300;
    for (int round = 0; round < 5; round++) {
        for (int c = 0; c < NCOLS; c++) {
            double t = c < 4 ? time_alg_once(c, 0) : time_alg_once(ALG_PIP, c + 1);
            if (t < best[c]) best[c] = t;
        }
    }
}

static int setup_msm(size_t max_n)
{
    ge_msm_table *tabs;

    S = malloc(max_n * sizeof *S);
    P = malloc(max_n * sizeof *P);
    TP = malloc(max_n * sizeof *TP);
    tabs = malloc(max_n * sizeof *tabs);
    if (!S || !P || !TP || !tabs) return 1;
    for (size_t i = 0; i < max_n; i++) {
        uint8_t wide[64], r[32];
        rng_bytes(wide, 64);
        sc_reduce64(S[i], wide); /* full-size scalars mod ℓ, as in verification */
        rng_bytes(wide, 64);
        sc_reduce64(r, wide);
        ge_scalarmult_base(&P[i], r);
    }
    if (ge_msm_tables_init(tabs, max_n, P) != 0) return 1;
    for (size_t i = 0; i < max_n; i++) TP[i] = &tabs[i];
    return 0;
}

static void print_header(void)
{
    printf("# ns per point, %s, scalars uniform mod l\n", backend_get()->name);
    printf("%6s %9s %9s %9s %9s", "n", "ct", "straus", "precomp", "backend");
    for (int w = 5; w <= 12; w++) printf("   pip w=%-2d", w);
    printf("  best-w\n");
}

static void print_row(size_t n)
{
    double best[NCOLS], bp = 1e300;
    int bestw = 0;
    cur_n = n;
    time_row(best);
    printf("%6zu", n);
    for (int c = 0; c < NCOLS; c++) {
        printf(c < 4 ? " %9.0f" : " %10.0f", best[c] / (double)n);
        if (c >= 4 && best[c] < bp) {
            bp = best[c];
            bestw = c + 1;
        }
    }
    printf("  %6d\n", bestw);
    fflush(stdout);
}

/* ns per call of backend b's multiscalar (ct = 1) or multiscalar_vartime
 * (ct = 0) on the first cur_n points: one loop of ≥ 20 ms of CPU time. */
static double time_backend_once(const struct backend *b, int ct)
{
    long iters = 0;
    double t0 = now_ns(), t1;
    ge_ext r;
    do {
        if (ct) {
            b->multiscalar(&r, cur_n, (const uint8_t (*)[32])S, P);
        } else {
            b->multiscalar_vartime(&r, cur_n, (const uint8_t (*)[32])S, P);
        }
        iters++;
        t1 = now_ns();
    } while (t1 - t0 < 2e7);
    return (t1 - t0) / (double)iters;
}

/* The backend table's two entries for every backend this CPU has, n = 1, 2,
 * 4, ..., max_n: columns ct and vartime per backend, minimum of 5 rounds in
 * which every column of the row is measured in turn. */
static void sweep_backends(size_t max_n)
{
    size_t nb;
    const struct backend *const *bs = backend_available(&nb);

    printf("\n# ns per point, backend table entries (ct = multiscalar, vt = "
           "multiscalar_vartime), scalars uniform mod l\n%6s", "n");
    for (size_t k = 0; k < nb; k++) printf("  %8s-ct %8s-vt", bs[k]->name, bs[k]->name);
    printf("\n");
    for (size_t n = 1; n <= max_n; n *= 2) {
        double best[16];
        cur_n = n;
        for (size_t c = 0; c < 2 * nb && c < 16; c++) best[c] = 1e300;
        for (int round = 0; round < 5; round++) {
            for (size_t c = 0; c < 2 * nb && c < 16; c++) {
                double t = time_backend_once(bs[c / 2], (c & 1) == 0);
                if (t < best[c]) best[c] = t;
            }
        }
        printf("%6zu", n);
        for (size_t c = 0; c < 2 * nb && c < 16; c++) printf(" %11.0f", best[c] / (double)n);
        printf("\n");
        fflush(stdout);
    }
}

/* Rows for n = 1, 2, 4, ..., max_n: the serial algorithms, then the backend
 * entries of every backend. */
static int sweep_msm(size_t max_n)
{
    if (setup_msm(max_n) != 0) return 1;
    print_header();
    for (size_t n = 1; n <= max_n; n *= 2) print_row(n);
    sweep_backends(max_n);
    return 0;
}

/* Rows for the sizes between powers of two where the crossover and the
 * window changes fall (n = 2^k and 1.5·2^k from 48 to max_n). */
static int sweep_windows(size_t max_n)
{
    if (setup_msm(max_n) != 0) return 1;
    print_header();
    for (size_t n = 32; n <= max_n; n *= 2) {
        if (n >= 64) print_row(n);
        if (n + n / 2 <= max_n) print_row(n + n / 2);
    }
    return 0;
}

/* ---- batch verification ---------------------------------------------------------- */

#define MSG_LEN 64

static size_t bn;
static uint8_t (*bmsg)[MSG_LEN], (*bsig)[64], (*bpk)[32];
static vec25519_ed25519_batch_item *items;
static vec25519_ed25519_expanded_pk *epk;
static vec25519_ed25519_batch_item_expanded *xitems;

enum { B_SINGLE, B_BATCH, B_ZIP215, B_EXPANDED_SINGLE, B_EXPANDED_BATCH };

static void run_batch(int kind, int unused)
{
    int rc = 0;
    (void)unused;
    switch (kind) {
    case B_SINGLE:
        for (size_t i = 0; i < bn; i++)
            rc |= vec25519_ed25519_verify(bsig[i], bmsg[i], MSG_LEN, bpk[i]);
        break;
    case B_BATCH: rc = vec25519_ed25519_verify_batch(bn, items, NULL); break;
    case B_ZIP215: rc = vec25519_ed25519_verify_batch_zip215(bn, items, NULL); break;
    case B_EXPANDED_SINGLE:
        for (size_t i = 0; i < bn; i++)
            rc |= vec25519_ed25519_verify_expanded(bsig[i], bmsg[i], MSG_LEN, &epk[i]);
        break;
    default: rc = vec25519_ed25519_verify_batch_expanded(bn, xitems, NULL); break;
    }
    if (rc != 0) {
        fprintf(stderr, "verification failed\n");
        exit(1);
    }
}

/* ns per call of run_batch(kind): one loop of ≥ 20 ms of CPU time. */
static double time_batch_once(int kind)
{
    long iters = 0;
    double t0 = now_ns(), t1;
    do {
        run_batch(kind, 0);
        iters++;
        t1 = now_ns();
    } while (t1 - t0 < 2e7);
    return (t1 - t0) / (double)iters;
}

static int sweep_batch(size_t max_n)
{
    static const size_t sizes[] = {1, 8, 64, 256, 1024, 4096};
    bmsg = malloc(max_n * sizeof *bmsg);
    bsig = malloc(max_n * sizeof *bsig);
    bpk = malloc(max_n * sizeof *bpk);
    items = malloc(max_n * sizeof *items);
    epk = malloc(max_n * sizeof *epk);
    xitems = malloc(max_n * sizeof *xitems);
    if (!bmsg || !bsig || !bpk || !items || !epk || !xitems) return 1;
    for (size_t i = 0; i < max_n; i++) {
        uint8_t seed[32], sk[64];
        rng_bytes(seed, 32);
        rng_bytes(bmsg[i], MSG_LEN);
        vec25519_ed25519_keypair(bpk[i], sk, seed);
        if (vec25519_ed25519_sign(bsig[i], bmsg[i], MSG_LEN, sk) != 0) return 1;
        if (vec25519_ed25519_pk_expand(&epk[i], bpk[i]) != 0) return 1;
        items[i].msg = xitems[i].msg = bmsg[i];
        items[i].len = xitems[i].len = MSG_LEN;
        items[i].sig = xitems[i].sig = bsig[i];
        items[i].pk = bpk[i];
        xitems[i].epk = &epk[i];
    }
    printf("# ns per signature, %s, %d-byte messages; ratio = batch / single\n",
           backend_get()->name, MSG_LEN);
    printf("%6s %9s %9s %7s %9s %7s %9s %9s %7s\n", "n", "single", "batch", "ratio", "zip215",
           "ratio", "exp-1", "exp-batch", "ratio");
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0] && sizes[k] <= max_n; k++) {
        bn = sizes[k];
        /* The five measurements interleaved, 7 rounds, the minimum of each:
         * a burst of load elsewhere hits all of them alike. */
        double best[5] = {1e300, 1e300, 1e300, 1e300, 1e300};
        for (int round = 0; round < 7; round++) {
            for (int kind = 0; kind < 5; kind++) {
                double t = time_batch_once(kind) / (double)bn;
                if (t < best[kind]) best[kind] = t;
            }
        }
        double single = best[B_SINGLE], batch = best[B_BATCH], zip = best[B_ZIP215];
        double es = best[B_EXPANDED_SINGLE], eb = best[B_EXPANDED_BATCH];
        printf("%6zu %9.0f %9.0f %7.3f %9.0f %7.3f %9.0f %9.0f %7.3f\n", bn, single, batch,
               batch / single, zip, zip / single, es, eb, eb / single);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    int tuned = argc > 1 && strcmp(argv[argc - 1], "--malloc-tuned") == 0;
    if (tuned) argc--;
#if defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
    if (tuned) {
        mallopt(M_TRIM_THRESHOLD, 256 << 20);
        mallopt(M_MMAP_THRESHOLD, 32 << 20); /* glibc's maximum on 64-bit */
    }
#endif
    printf("# allocator: %s\n",
           tuned ? "M_TRIM_THRESHOLD = 256 MiB, M_MMAP_THRESHOLD = 32 MiB" : "defaults");
    const char *mode = argc > 1 ? argv[1] : "msm";
    int batch = argc > 1 && strcmp(argv[1], "batch") == 0;
    size_t max_n = argc > 2 ? (size_t)strtoul(argv[2], NULL, 10) : (batch ? 1024 : 4096);
    if (max_n < 1) max_n = 1;
    if (strcmp(mode, "msm") == 0) return sweep_msm(max_n);
    if (strcmp(mode, "batch") == 0) return sweep_batch(max_n);
    if (strcmp(mode, "windows") == 0) return sweep_windows(max_n);
    fprintf(stderr, "usage: %s msm|windows|batch [max_n] [--malloc-tuned]\n", argv[0]);
    return 2;
}
