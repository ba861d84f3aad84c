/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* The test programs' cycle counter (timer.h). */
#define _POSIX_C_SOURCE 200809L
#include "timer.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__x86_64__)
uint64_t timer_start(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return (uint64_t)hi << 32 | lo;
}

uint64_t timer_stop(void)
{
    uint32_t lo, hi, aux;
    __asm__ __volatile__("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    return (uint64_t)hi << 32 | lo;
}
#else
uint64_t timer_start(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t timer_stop(void)
{
    return timer_start();
}
#endif

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t samples[TIMER_MAX_FNS][TIMER_MAX_RUNS];

static void medians(const timer_fn *fns, int n, int runs, uint64_t *med)
{
    if (n > TIMER_MAX_FNS) n = TIMER_MAX_FNS;
    if (runs > TIMER_MAX_RUNS) runs = TIMER_MAX_RUNS;
    for (int w = 0; w < 20; w++)
        for (int f = 0; f < n; f++) fns[f]();
    for (int r = 0; r < runs; r++)
        for (int f = 0; f < n; f++) {
            uint64_t t0 = timer_start();
            fns[f]();
            samples[f][r] = timer_stop() - t0;
        }
    for (int f = 0; f < n; f++) {
        qsort(samples[f], (size_t)runs, sizeof samples[f][0], cmp_u64);
        med[f] = samples[f][runs / 2];
    }
}

static void empty(void) {}

uint64_t timer_overhead(void)
{
    static uint64_t overhead = UINT64_MAX;
    if (overhead == UINT64_MAX) {
        const timer_fn e[1] = {empty};
        medians(e, 1, 2001, &overhead);
    }
    return overhead;
}

void timer_medians(const timer_fn *fns, int n, int runs, uint64_t *med)
{
    const uint64_t o = timer_overhead();
    medians(fns, n, runs, med);
    for (int f = 0; f < n && f < TIMER_MAX_FNS; f++) med[f] = med[f] > o ? med[f] - o : 0;
}

void timer_bench_mode(int argc, char **argv, timer_fn bench)
{
    if (argc > 1 && strcmp(argv[1], "--bench") == 0) {
        bench();
        exit(0);
    }
}
