/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The lazily computed tables of the vector backends, raced from a cold start.
 *
 * src/backend/vector/ fills two tables on first use: the fixed-base table
 * of fixed_base.c (32 × 8 cached multiples of B, 40 KiB) and the odd
 * multiples ±B … ±127B of the double-base multiplication (double_base.c). The first caller
 * wins a compare-and-swap and fills the shared table; a caller that finds it
 * being filled does not wait: fixed-base falls back to the serial
 * multiplication, double-base computes a private copy of the positive odd
 * multiples. This test makes those paths run at once:
 *
 *   for each of ROUNDS rounds, a fresh child process (fork before anything
 *   has touched the vector backend, so its tables are cold) starts THREADS
 *   threads that wait at a start line and then call scalarmult_base and
 *   double_scalarmult_vartime of the backend under test (VEC25519_BACKEND=
 *   avx2 or ifma), all starting with the same one (fixed-base in even
 *   rounds, double-base in odd ones); every result is compared with the
 *   serial backend's, computed by the parent beforehand.
 *
 * Which path each call takes is up to the scheduler; on a 2-core machine
 * every run takes both fallbacks several times (docs/ifma.md §9.4). The
 * threads only write their own slots; the checks are counted by the child's
 * main thread after the join and sent to the parent through a pipe. Run it
 * under ThreadSanitizer too: a race it reports in a child makes the child
 * exit non-zero, which fails the round. Under the serial backend there are
 * no lazy tables: skipped.
 *
 * Windows has no fork(): there the rounds run in this process, so only the
 * first is a cold start (the threads race for both tables, one of them
 * first), and the others check the filled tables from many threads.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#if !defined(_WIN32)
#include <sys/wait.h>
#endif
#include <unistd.h>

#include "test.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "scalar/sc.h"

#define ROUNDS 48
#define THREADS 8
#define NINPUT 16 /* inputs per kind */
#define ITERS 4   /* operations of each kind per thread */

/* Inputs and the serial backend's answers (encodings), filled by the parent. */
static uint8_t fb_s[NINPUT][32], fb_want[NINPUT][32];
static uint8_t db_a[NINPUT][32], db_b[NINPUT][32], db_want[NINPUT][32];
static ge_ext db_A[NINPUT];

static const struct backend *vb; /* the vector backend under test */
static int first_kind;           /* 0: every thread starts with fixed-base, 1: double-base */

/* The start line: each thread counts itself ready, then polls until go
 * (yielding the CPU between polls). Not a barrier: a barrier wakes its
 * waiters one by one, while the polling threads that are on a CPU all leave
 * the line in the same instant. */
static atomic_int ready, go;

/* What each thread saw: ok[t][i] for its i-th operation. */
static int fb_ok[THREADS][ITERS], db_ok[THREADS][ITERS];

static void *worker(void *arg)
{
    int t = (int)(size_t)arg;
    atomic_fetch_add_explicit(&ready, 1, memory_order_acq_rel);
    while (!atomic_load_explicit(&go, memory_order_acquire)) sched_yield();
    for (int i = 0; i < ITERS; i++) {
        /* all threads start on the same table (which one alternates by
         * round), so that they race for it */
        for (int half = 0; half < 2; half++) {
            int kind = (half + first_kind) & 1;
            int k = (t * 5 + i) % NINPUT;
            ge_ext r;
            uint8_t enc[32];
            if (kind == 0) {
                vb->scalarmult_base(&r, fb_s[k]);
                ge_ext_tobytes(enc, &r);
                fb_ok[t][i] = memcmp(enc, fb_want[k], 32) == 0;
            } else {
                vb->double_scalarmult_vartime(&r, db_a[k], &db_A[k], db_b[k]);
                ge_ext_tobytes(enc, &r);
                db_ok[t][i] = memcmp(enc, db_want[k], 32) == 0;
            }
        }
    }
    return NULL;
}

/* One round: the threads race, then the checks. */
static void race_round(int round)
{
    pthread_t th[THREADS];
    int started = 0;

    atomic_store_explicit(&ready, 0, memory_order_relaxed);
    atomic_store_explicit(&go, 0, memory_order_relaxed);
    first_kind = round & 1;
    for (int t = 0; t < THREADS; t++) {
        int rc = pthread_create(&th[t], NULL, worker, (void *)(size_t)t);
        CHECK(rc == 0, "round %d: pthread_create %d failed (%d)", round, t, rc);
        if (rc != 0) break;
        started++;
    }
    while (atomic_load_explicit(&ready, memory_order_acquire) < started) sched_yield();
    atomic_store_explicit(&go, 1, memory_order_release);
    for (int t = 0; t < started; t++) pthread_join(th[t], NULL);

    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < ITERS; i++) {
            CHECK(fb_ok[t][i], "round %d, thread %d, op %d: %s scalarmult_base differs from serial",
                  round, t, i, vb->name);
            CHECK(db_ok[t][i],
                  "round %d, thread %d, op %d: %s double_scalarmult_vartime differs from serial",
                  round, t, i, vb->name);
        }
}

#if !defined(_WIN32)
/* One cold start, in a child process: the threads race, then the checks. */
static void child_round(int round, int fd)
{
    unsigned long counts[2];

    test_checks = test_failed = 0; /* the parent's are its own */
    race_round(round);
    counts[0] = test_checks;
    counts[1] = test_failed;
    if (write(fd, counts, sizeof counts) != (ssize_t)sizeof counts) _exit(3);
    _exit(0);
}
#endif

int main(void)
{
    vb = backend_get();
    if (strcmp(vb->name, serial_backend.name) == 0)
        test_skip("the serial backend has no lazily computed tables");
#if defined(_WIN32)
    printf("backend %s: %d rounds in this process (the first a cold start), %d threads, %d "
           "fixed-base and %d double-base each\n",
           vb->name, ROUNDS, THREADS, ITERS, ITERS);
#else
    printf("backend %s: %d cold starts, %d threads, %d fixed-base and %d double-base each\n",
           vb->name, ROUNDS, THREADS, ITERS, ITERS);
#endif

    /* The serial answers. Nothing here touches the vector backend. */
    for (int k = 0; k < NINPUT; k++) {
        uint8_t wide[64], x[32];
        ge_ext r;
        test_rng_bytes(wide, sizeof wide);
        sc_reduce64(fb_s[k], wide);
        serial_backend.scalarmult_base(&r, fb_s[k]);
        ge_ext_tobytes(fb_want[k], &r);

        test_rng_bytes(wide, sizeof wide);
        sc_reduce64(x, wide);
        serial_backend.scalarmult_base(&db_A[k], x);
        test_rng_bytes(db_a[k], 32); /* any 256-bit values */
        test_rng_bytes(db_b[k], 32);
        serial_backend.double_scalarmult_vartime(&r, db_a[k], &db_A[k], db_b[k]);
        ge_ext_tobytes(db_want[k], &r);
    }
    fflush(stdout);

#if defined(_WIN32)
    for (int round = 0; round < ROUNDS; round++) race_round(round); /* the first one cold */
#else
    for (int round = 0; round < ROUNDS; round++) {
        int fds[2], status = 0;
        unsigned long counts[2] = {0, 0};
        if (pipe(fds) != 0) {
            CHECK(0, "pipe failed");
            break;
        }
        pid_t pid = fork();
        if (pid < 0) {
            CHECK(0, "fork failed");
            close(fds[0]);
            close(fds[1]);
            break;
        }
        if (pid == 0) {
            close(fds[0]);
            child_round(round, fds[1]);
        }
        close(fds[1]);
        ssize_t got = read(fds[0], counts, sizeof counts);
        close(fds[0]);
        CHECK(waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0,
              "round %d: the child did not exit cleanly (status 0x%x)", round, status);
        CHECK(got == (ssize_t)sizeof counts, "round %d: no counts from the child", round);
        if (got == (ssize_t)sizeof counts) {
            /* the child's checks, counted as ours */
            test_checks += counts[0];
            test_failed += counts[1];
        }
    }
#endif
    return test_done();
}
