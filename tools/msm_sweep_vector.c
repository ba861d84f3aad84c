/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Measures the vector multiscalar algorithms of src/backend/vector/ (straus.c, pippenger.c)
 * for one ISA, to choose and document its Straus/Pippenger crossover and
 * Pippenger windows (docs/msm.md §8 records the output).
 *
 *   msm_sweep_vector avx2|ifma n1,n2,... [half]
 *
 * One row per n: ns per point of the constant-time Straus, the wNAF
 * Straus, the backend entry (the chosen method), the serial wNAF Straus (for
 * scale), and Pippenger with w = 4..11. "half" makes every other scalar
 * 128-bit (the mix of Ed25519 batch verification, effective size ≈ 3n/4).
 * Scalars are uniform mod ℓ, points [r]B.
 *
 * Each figure is this thread's CPU time, the minimum over 3 rounds in
 * which every column of the row is measured in turn (loops of ≥ 15 ms), so
 * that a burst of load on the shared machine hits the columns alike; the
 * allocator keeps its heap (M_TRIM_THRESHOLD, M_MMAP_THRESHOLD raised, as in
 * msm_sweep.c: docs/msm.md §4). The slow columns are left out (0) where
 * they would take too long (ct above 1024, w = 4, 5 above 2048).
 *
 * Not built by default; against the core objects of a build, e.g.
 *   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build -j2
 *   cc -O2 -std=c11 -DVEC25519_X86_64 -Iinclude -Isrc tools/msm_sweep_vector.c \
 *      $(find build/CMakeFiles/vec25519_core.dir -name '*.o') -o msm_sweep_vector
 */
#define _POSIX_C_SOURCE 200809L
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend/backend.h"
#include "backend/serial/msm.h"
#include "backend/vector/msm.h"
#include "scalar/sc.h"

typedef int (*msm_fn)(ge_ext *, size_t, const uint8_t (*)[32], const ge_ext *);
typedef int (*pip_fn)(ge_ext *, size_t, const uint8_t (*)[32], const ge_ext *, int);
typedef void (*entry_fn)(ge_ext *, size_t, const uint8_t (*)[32], const ge_ext *);

static msm_fn straus_ct, straus_vt;
static pip_fn pippenger;
static entry_fn entry;
static size_t cur_n;
static uint8_t (*S)[32];
static ge_ext *P;

enum { COL_CT, COL_STRAUS, COL_ENTRY, COL_SERIAL, NCOLS = 12 }; /* then w = 4..11 */

static void run(int col)
{
    const uint8_t (*s)[32] = (const uint8_t (*)[32])S;
    ge_ext r;
    int rc = 0;

    switch (col) {
    case COL_CT: rc = straus_ct(&r, cur_n, s, P); break;
    case COL_STRAUS: rc = straus_vt(&r, cur_n, s, P); break;
    case COL_ENTRY: entry(&r, cur_n, s, P); break;
    case COL_SERIAL: rc = ge_msm_straus_vartime(&r, cur_n, s, P); break;
    default: rc = pippenger(&r, cur_n, s, P, col); break; /* col = w */
    }
    if (rc != 0) {
        fprintf(stderr, "allocation failure\n");
        exit(1);
    }
}

/* ns per call: one loop of at least 15 ms of this thread's CPU time. */
static double cpu_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static double time_col(int col)
{
    double start = cpu_ns(), now;
    long calls = 0;
    do {
        run(col);
        calls++;
        now = cpu_ns();
    } while (now - start < 1.5e7);
    return (now - start) / (double)calls;
}

static int skipped(int col, size_t n)
{
    return (col == COL_CT && n > 1024) || ((col == 4 || col == 5) && n > 2048);
}

int main(int argc, char **argv)
{
    size_t ns[64], nn = 0, max_n = 1;
    uint64_t seed = 0x9e3779b97f4a7c15ULL;
    int half = argc > 3 && strcmp(argv[3], "half") == 0;

    if (argc < 3 || (strcmp(argv[1], "avx2") != 0 && strcmp(argv[1], "ifma") != 0)) {
        fprintf(stderr, "usage: %s avx2|ifma n1,n2,... [half]\n", argv[0]);
        return 2;
    }
    if (backend_by_name(argv[1]) == NULL) {
        fprintf(stderr, "%s: not available on this CPU\n", argv[1]);
        return 1;
    }
    if (strcmp(argv[1], "avx2") == 0) {
        straus_ct = avx2_msm_straus_ct;
        straus_vt = avx2_msm_straus_vartime;
        pippenger = avx2_msm_pippenger_vartime;
        entry = avx2_multiscalar_vartime;
    } else {
        straus_ct = ifma_msm_straus_ct;
        straus_vt = ifma_msm_straus_vartime;
        pippenger = ifma_msm_pippenger_vartime;
        entry = ifma_multiscalar_vartime;
    }
#if defined(M_TRIM_THRESHOLD) && defined(M_MMAP_THRESHOLD)
    mallopt(M_TRIM_THRESHOLD, 256 << 20);
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
#endif
    for (char *t = strtok(argv[2], ","); t != NULL && nn < 64; t = strtok(NULL, ",")) {
        ns[nn] = (size_t)strtoul(t, NULL, 10);
        if (ns[nn] > max_n) max_n = ns[nn];
        nn++;
    }
    S = malloc(max_n * sizeof *S);
    P = malloc(max_n * sizeof *P);
    if (S == NULL || P == NULL) return 1;
    for (size_t i = 0; i < max_n; i++) {
        uint8_t wide[2][64], r[32];
        for (int k = 0; k < 128; k++) {
            seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17; /* xorshift64 */
            wide[k / 64][k % 64] = (uint8_t)(seed >> 32);
        }
        sc_reduce64(S[i], wide[0]);
        if (half && i % 2 == 0) memset(S[i] + 16, 0, 16);
        sc_reduce64(r, wide[1]);
        ge_scalarmult_base(&P[i], r);
    }
    printf("# %s, ns per point%s\n%6s %8s %8s %8s %8s", argv[1],
           half ? ", every other scalar 128-bit" : "", "n", "ct", "straus", "entry", "serial");
    for (int w = 4; w <= 11; w++) printf("  pip w%-2d", w);
    printf("\n");
    for (size_t k = 0; k < nn; k++) {
        double best[NCOLS];
        cur_n = ns[k];
        for (int c = 0; c < NCOLS; c++) best[c] = 0;
        for (int round = 0; round < 3; round++) {
            for (int c = 0; c < NCOLS; c++) {
                if (skipped(c, cur_n)) continue;
                double t = time_col(c) / (double)cur_n;
                if (best[c] == 0 || t < best[c]) best[c] = t;
            }
        }
        printf("%6zu", cur_n);
        for (int c = 0; c < NCOLS; c++) printf(" %8.0f", best[c]);
        printf("\n");
        fflush(stdout);
    }
    return 0;
}
