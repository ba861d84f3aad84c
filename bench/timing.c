/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — the cycle counter, the clock and the measurement loop.
 *
 * Each call is timed on its own, between two reads of the time-stamp counter
 * serialised with LFENCE (which is dispatch-serialising on Intel, and on AMD
 * with the setting Linux enables):
 *   start:  lfence; rdtsc; lfence        (earlier work is done, later work waits)
 *   stop:   rdtscp; lfence   if the CPU has RDTSCP, else lfence; rdtsc; lfence
 * and, outside that pair, between two clock_gettime(CLOCK_MONOTONIC) reads.
 * We report the median of each, minus the median of the same measurement of
 * an empty function. The TSC ticks at a constant reference frequency, not at
 * the core clock: under turbo or throttling "cycles" are TSC cycles.
 *
 * On a CPU other than x86 the clock stands in for the counter.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HAVE_TSC 1
#else
#define HAVE_TSC 0
#endif

/* Default run: each (operation, implementation) gets about this much time. */
#define WARMUP_NS 30000000ull  /* 30 ms */
#define BUDGET_NS 250000000ull /* 250 ms */
#define MIN_RUNS 31u
#define MAX_RUNS 100001u
/* --quick: a smoke test, not a measurement. */
#define QUICK_WARMUP_CALLS 1u
#define QUICK_RUNS 11u

#if HAVE_TSC
static int have_rdtscp;
#endif
static uint64_t overhead_cycles, overhead_ns;
static double ticks_per_ns;

static inline uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

#if HAVE_TSC
static inline uint64_t counter_start(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t counter_stop(void)
{
    uint32_t lo, hi, aux;
    if (have_rdtscp)
        __asm__ __volatile__("rdtscp\n\tlfence" : "=a"(lo), "=d"(hi), "=c"(aux) : : "memory");
    else
        __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}
#else
static inline uint64_t counter_start(void) { return now_ns(); }
static inline uint64_t counter_stop(void) { return now_ns(); }
#endif

const char *timing_counter_name(void)
{
    return HAVE_TSC ? "TSC cycles" : "ns";
}

double timing_ghz(void)
{
    return ticks_per_ns;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

uint64_t timing_median(uint64_t *v, unsigned n)
{
    qsort(v, n, sizeof v[0], cmp_u64);
    return (n & 1) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Times runs calls of f(op, ...); medians into *cycles and *ns (overhead not
 * removed). */
static int time_calls(bench_fn f, const struct bench_op *op, unsigned runs, uint64_t *cycles,
                      uint64_t *ns)
{
    uint64_t *c = malloc(runs * sizeof *c), *t = malloc(runs * sizeof *t);
    uint8_t out[BENCH_OUT_MAX];
    if (!c || !t) {
        free(c);
        free(t);
        return -1;
    }
    for (unsigned i = 0; i < runs; i++) {
        uint64_t t0 = now_ns();
        uint64_t c0 = counter_start();
        f(op, out, 0);
        uint64_t c1 = counter_stop();
        uint64_t t1 = now_ns();
        c[i] = c1 - c0;
        t[i] = t1 - t0;
    }
    *cycles = timing_median(c, runs);
    *ns = timing_median(t, runs);
    free(c);
    free(t);
    return 0;
}

static void empty(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want_output)
{
    (void)op;
    (void)out;
    (void)want_output;
}

void timing_init(int quick)
{
#if HAVE_TSC
    unsigned a, b, c, d;
    if (__get_cpuid(0x80000001u, &a, &b, &c, &d)) have_rdtscp = (d >> 27) & 1;

    /* Counter frequency: TSC ticks over a stretch of wall-clock time. */
    uint64_t span = quick ? 2000000ull : 20000000ull;
    uint64_t t0 = now_ns(), c0 = counter_start(), t1;
    while ((t1 = now_ns()) - t0 < span) {
    }
    uint64_t c1 = counter_stop();
    ticks_per_ns = (double)(c1 - c0) / (double)(t1 - t0);
#else
    (void)quick;
    ticks_per_ns = 1.0;
#endif
    bench_fn volatile fn = empty; /* keep the call indirect, like the real ones */
    if (time_calls(fn, NULL, quick ? 101u : 10001u, &overhead_cycles, &overhead_ns) != 0) {
        overhead_cycles = 0;
        overhead_ns = 0;
    }
}

struct bench_sample timing_measure(bench_fn f, const struct bench_op *op, int quick,
                                   unsigned share)
{
    struct bench_sample s = {0, 0, 0};
    uint8_t out[BENCH_OUT_MAX];
    unsigned runs;

    if (share == 0) share = 1;
    if (quick) {
        for (unsigned i = 0; i < QUICK_WARMUP_CALLS; i++) f(op, out, 0);
        runs = QUICK_RUNS;
    } else {
        /* Warm up (caches, branch predictors, frequency) and estimate the cost
         * of one call, from which the number of runs follows. A round of an
         * interleaved measurement gets 1/share of the time, and a shorter
         * warm-up (never under 5 ms). */
        uint64_t warmup = WARMUP_NS / share, budget = BUDGET_NS / share;
        if (warmup < 5000000ull) warmup = 5000000ull;
        uint64_t calls = 0, t0 = now_ns(), elapsed;
        do {
            f(op, out, 0);
            calls++;
            elapsed = now_ns() - t0;
        } while (elapsed < warmup || calls < 3);
        uint64_t per_call = elapsed / calls + 1;
        uint64_t n = budget / per_call;
        if (n < MIN_RUNS) n = MIN_RUNS;
        if (n > MAX_RUNS) n = MAX_RUNS;
        runs = (unsigned)n | 1u; /* odd: the median is one sample */
    }

    uint64_t cycles, ns;
    if (time_calls(f, op, runs, &cycles, &ns) != 0) return s;
    s.cycles = cycles > overhead_cycles ? cycles - overhead_cycles : 0;
    s.ns = ns > overhead_ns ? ns - overhead_ns : 0;
    s.runs = runs;
    return s;
}

/* Copies src into buf, trimming surrounding spaces and squeezing inner runs. */
static void copy_squeezed(char *buf, size_t n, const char *src)
{
    size_t j = 0;
    int space = 0;
    for (; *src && j + 1 < n; src++) {
        if (*src == ' ' || *src == '\t' || *src == '\n') {
            space = j > 0;
            continue;
        }
        if (space && j + 2 < n) buf[j++] = ' ';
        space = 0;
        buf[j++] = *src;
    }
    buf[j] = '\0';
}

void timing_cpu_name(char *buf, size_t n)
{
    if (n == 0) return;
    buf[0] = '\0';
#if HAVE_TSC
    unsigned r[12];
    if (__get_cpuid(0x80000000u, &r[0], &r[1], &r[2], &r[3]) && r[0] >= 0x80000004u) {
        char brand[49];
        for (unsigned i = 0; i < 3; i++)
            __get_cpuid(0x80000002u + i, &r[4 * i], &r[4 * i + 1], &r[4 * i + 2], &r[4 * i + 3]);
        memcpy(brand, r, 48);
        brand[48] = '\0';
        copy_squeezed(buf, n, brand);
        if (buf[0]) return;
    }
#endif
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f) {
        char line[512];
        while (fgets(line, sizeof line, f)) {
            if (strncmp(line, "model name", 10) == 0 || strncmp(line, "Model", 5) == 0) {
                const char *colon = strchr(line, ':');
                if (colon) {
                    copy_squeezed(buf, n, colon + 1);
                    break;
                }
            }
        }
        fclose(f);
    }
    if (!buf[0]) copy_squeezed(buf, n, "unknown");
}
