/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The one cycle counter of the test programs' --bench modes (speed is
 * measured by vec25519-bench, bench/; a test never asserts it). The same
 * serialised reads as bench/timing.c: start = lfence; rdtsc; lfence, stop =
 * rdtscp; lfence. TSC ticks at the nominal frequency, not the core clock; on
 * a CPU other than x86-64 the monotonic clock (ns) stands in.
 *
 *   timer_start(), timer_stop()         one sample is stop - start
 *   timer_medians(fns, n, runs, med)    fns timed interleaved, med[i] = median
 *                                       of runs samples minus an empty call's
 *   TIMER_MIN_PER_ITER(name, body)      min over TIMER_RUNS runs of
 *                                       TIMER_ITERS iterations, per iteration
 *   TIMER_MIN_CALL(name, body)          min over TIMER_CALLS single calls
 * The two macros print "  name  N cycles".
 */
#ifndef VEC25519_TEST_TIMER_H
#define VEC25519_TEST_TIMER_H

#include <stdint.h>
#include <stdio.h>

uint64_t timer_start(void);
uint64_t timer_stop(void);

typedef void (*timer_fn)(void);
/* A test program's timing mode: with --bench as its first argument, runs
 * bench and exits (0); otherwise returns. */
void timer_bench_mode(int argc, char **argv, timer_fn bench);
/* Each of fns[0..n-1] is called a few times to warm up, then runs times in
 * turn (interleaved, so that a change of load hits all alike); med[i] is the
 * median of its samples minus the median of an empty function's (0 when
 * smaller). runs ≤ TIMER_MAX_RUNS, n ≤ TIMER_MAX_FNS. */
#define TIMER_MAX_RUNS 4001
#define TIMER_MAX_FNS 10
void timer_medians(const timer_fn *fns, int n, int runs, uint64_t *med);
/* The empty function's median, subtracted by timer_medians. */
uint64_t timer_overhead(void);

#define TIMER_ITERS 10000
#define TIMER_RUNS 31
#define TIMER_CALLS 2000

#define TIMER_MIN_PER_ITER(name, body)                                         \
    do {                                                                       \
        uint64_t best_ = UINT64_MAX;                                           \
        for (int run_ = 0; run_ < TIMER_RUNS; run_++) {                        \
            uint64_t t0_ = timer_start();                                      \
            for (int it_ = 0; it_ < TIMER_ITERS; it_++) {                      \
                body;                                                          \
            }                                                                  \
            uint64_t dt_ = (timer_stop() - t0_) / TIMER_ITERS;                 \
            if (dt_ < best_) best_ = dt_;                                      \
        }                                                                      \
        printf("  %-40s %6llu cycles\n", name, (unsigned long long)best_);     \
    } while (0)

#define TIMER_MIN_CALL(name, body)                                             \
    do {                                                                       \
        uint64_t best_ = UINT64_MAX;                                           \
        for (int run_ = 0; run_ < TIMER_CALLS; run_++) {                       \
            uint64_t t0_ = timer_start();                                      \
            body;                                                              \
            uint64_t dt_ = timer_stop() - t0_;                                 \
            if (dt_ < best_) best_ = dt_;                                      \
        }                                                                      \
        printf("  %-40s %6llu cycles\n", name, (unsigned long long)best_);     \
    } while (0)

#endif /* VEC25519_TEST_TIMER_H */
