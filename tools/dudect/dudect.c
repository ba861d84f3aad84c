/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-dudect: a statistical timing test in the manner of dudect
 * (Reparaz, Balasch, Verbauwhede, "Dude, is my code constant time?", 2017).
 * This implementation is our own; docs/timing.md describes the method.
 *
 * For each operation, two classes of secret inputs are run: "fixed" (the
 * same secret every time) and "random" (a fresh secret every time). The class
 * of every measurement is chosen at random, all inputs of a batch are prepared
 * before any of them is timed, and each call is timed with the cycle counter.
 * Welch's t-test then asks whether the two timing distributions have the same
 * mean, on the whole sample and on samples cropped at several percentiles
 * (which removes the long upper tail that interrupts and other processes add).
 * A large |t| says that the time depends on the secret.
 *
 * Not part of CI: a shared machine is too noisy for a pass/fail verdict.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <vec25519.h>

#include "backend/backend.h"
#include "ed25519/ed25519_internal.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "internal/ct.h"

/* ---- clock ---------------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)
#define DUDECT_CLOCK "rdtsc (lfence-serialised)"
static inline uint64_t ticks(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc\n\tlfence" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}
#else
#define DUDECT_CLOCK "clock_gettime(CLOCK_MONOTONIC), ns"
static inline uint64_t ticks(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- randomness (inputs and class choice; quality matters little) --------- */

static uint64_t rng_state;

static void rng_seed(void)
{
    uint64_t s = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&s, sizeof s, 1, f) != 1) s = 0;
        fclose(f);
    }
    rng_state = s ^ (uint64_t)time(NULL) ^ ((uint64_t)(uintptr_t)&s << 16);
}

/* splitmix64 */
static uint64_t rng_u64(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void rng_bytes(uint8_t *p, size_t n)
{
    while (n > 0) {
        uint64_t r = rng_u64();
        size_t k = n < 8 ? n : 8;
        memcpy(p, &r, k);
        p += k;
        n -= k;
    }
}

/* Results are folded in here so that the compiler cannot drop the calls. */
static volatile uint8_t sink;

/* ---- operations ----------------------------------------------------------- */

/* One prepared input. s: the secret bytes (a scalar, a 64-byte sk, a bit). */
struct input {
    uint8_t s[64];
    fe f, g;
};

struct op {
    const char *name;
    const char *what; /* fixed vs random, in words */
    int per_backend;  /* runs once per backend (otherwise once in all) */
    int control;      /* the deliberately leaky control: only with --control */
    void (*prepare)(struct input *in, int random_class);
    void (*run)(struct input *in);
};

/* Public data shared by all measurements, made once in setup(). */
static ge_ext fixed_point;       /* [r]B for a random r: the point of scalarmult */
static uint8_t fixed_u[32];      /* X25519 public key: the peer point of x25519 */
static uint8_t fixed_sk[64];     /* keypair of the all-zero seed */
static const uint8_t message[] = "vec25519 dudect: the same message for every signature";
static uint8_t control_ref[32];  /* the "secret" the control compares against */

static void setup(void)
{
    uint8_t r[32], pk[32], seed[32] = {0};
    rng_bytes(r, 32);
    r[31] &= 127;
    ge_scalarmult(&fixed_point, r, &ge_basepoint);
    rng_bytes(r, 32);
    if (vec25519_x25519_base(fixed_u, r) != 0) fixed_u[0] = 9;
    vec25519_ed25519_keypair(pk, fixed_sk, seed);
    rng_bytes(control_ref, 32);
}

/* fe_cswap: fixed secret bit 0 vs a random bit; f, g random in both classes. */
static void cswap_prepare(struct input *in, int random_class)
{
    uint8_t b[32];
    in->s[0] = random_class ? (uint8_t)(rng_u64() & 1) : 0;
    rng_bytes(b, 32);
    fe_frombytes(&in->f, b);
    rng_bytes(b, 32);
    fe_frombytes(&in->g, b);
}

static void cswap_run(struct input *in)
{
    ct_mask m = ct_from_bit(in->s[0]);
    /* A single swap is a handful of cycles; sixteen lift it above the clock's
     * own jitter. The same secret bit every time. */
    for (int i = 0; i < 16; i++) fe_cswap(&in->f, &in->g, m);
}

/* Scalars: fixed all-zero (a special value, where table lookups are likeliest
 * to show) vs uniformly random, bit 255 clear as backend->scalarmult asks. */
static void scalar_prepare(struct input *in, int random_class)
{
    if (random_class) {
        rng_bytes(in->s, 32);
        in->s[31] &= 127;
    } else {
        memset(in->s, 0, 32);
    }
}

static void scalarmult_run(struct input *in)
{
    ge_ext r;
    uint8_t out[32];
    backend_get()->scalarmult(&r, in->s, &fixed_point);
    fe_tobytes(out, &r.X);
    sink ^= out[0];
}

static void x25519_run(struct input *in)
{
    uint8_t out[32];
    int rc = vec25519_x25519(out, in->s, fixed_u);
    sink ^= (uint8_t)(out[0] ^ (uint8_t)rc);
}

/* Ed25519: fixed secret key (seed 0) vs a random key; the keypair is made here,
 * outside the timed region. The key-pair check's cache is emptied too, so
 * that both classes take the same (full) check: whether the cache answers is
 * public by design (src/ed25519/keycheck.c) and would differ between them. */
static void sign_prepare(struct input *in, int random_class)
{
    if (random_class) {
        uint8_t seed[32], pk[32];
        rng_bytes(seed, 32);
        vec25519_ed25519_keypair(pk, in->s, seed);
    } else {
        memcpy(in->s, fixed_sk, 64);
    }
    ed25519_key_check_cache_clear();
}

static void sign_run(struct input *in)
{
    uint8_t sig[64];
    int rc = vec25519_ed25519_sign(sig, message, sizeof message - 1, in->s);
    sink ^= (uint8_t)(sig[0] ^ (uint8_t)rc);
}

/* The control: a memcmp with an early exit, comparing a secret with a
 * reference. Fixed class: the secret equals the reference (all 32 bytes are
 * compared); random class: it differs, almost always at the first byte. This
 * leaks by design and the tool must say so. */
static void control_prepare(struct input *in, int random_class)
{
    if (random_class) rng_bytes(in->s, 32);
    else memcpy(in->s, control_ref, 32);
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int leaky_compare(const volatile uint8_t *a, const volatile uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 1;
    return 0;
}

static void control_run(struct input *in)
{
    sink ^= (uint8_t)leaky_compare(in->s, control_ref, 32);
}

static const struct op ops[] = {
    {"fe_cswap", "fixed bit 0 vs random bit", 0, 0, cswap_prepare, cswap_run},
    {"scalarmult", "backend->scalarmult, fixed scalar 0 vs random, same point", 1, 0,
     scalar_prepare, scalarmult_run},
    {"x25519", "vec25519_x25519, fixed scalar 0 vs random, same point", 1, 0, scalar_prepare,
     x25519_run},
    {"ed25519_sign", "vec25519_ed25519_sign, fixed sk vs random sk, same message", 1, 0,
     sign_prepare, sign_run},
    {"control", "memcmp-style early exit, equal vs random (must leak)", 0, 1, control_prepare,
     control_run},
};
#define NOPS (sizeof ops / sizeof ops[0])

/* ---- statistics ----------------------------------------------------------- */

/* Welch's t-test, accumulated online (Welford's mean and variance per class). */
struct welch {
    double n[2], mean[2], m2[2];
};

static void welch_add(struct welch *w, int c, double x)
{
    w->n[c] += 1.0;
    double d = x - w->mean[c];
    w->mean[c] += d / w->n[c];
    w->m2[c] += d * (x - w->mean[c]);
}

static double welch_t(const struct welch *w)
{
    if (w->n[0] < 2 || w->n[1] < 2) return 0.0;
    double v0 = w->m2[0] / (w->n[0] - 1), v1 = w->m2[1] / (w->n[1] - 1);
    double se = sqrt(v0 / w->n[0] + v1 / w->n[1]);
    if (se == 0.0) return 0.0;
    return (w->mean[0] - w->mean[1]) / se;
}

/* Test 0 keeps every measurement; test k ≥ 1 keeps those below the
 * crop_pct[k-1]-th percentile of the warm-up batch. */
static const double crop_pct[] = {0.50, 0.75, 0.90, 0.95, 0.98, 0.99, 0.999};
#define NCROP (sizeof crop_pct / sizeof crop_pct[0])
#define NTESTS (NCROP + 1)
/* A test takes part in the verdict once each class has this many samples. */
#define MIN_PER_CLASS 500.0

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* ---- the measurement loop ------------------------------------------------- */

#define BATCH 512

static struct input inputs[BATCH];
static int classes[BATCH];
static uint64_t times[BATCH];

static void measure_batch(const struct op *op)
{
    for (int i = 0; i < BATCH; i++) {
        classes[i] = (int)(rng_u64() & 1);
        op->prepare(&inputs[i], classes[i]);
    }
    for (int i = 0; i < BATCH; i++) {
        uint64_t t0 = ticks();
        op->run(&inputs[i]);
        uint64_t t1 = ticks();
        times[i] = t1 - t0;
    }
}

struct result {
    double max_t;
    int max_test;
    double n; /* measurements in the analysis (warm-up excluded) */
};

static struct result run_op(const struct op *op, double seconds)
{
    struct welch tests[NTESTS];
    double thr[NCROP];
    struct result res = {0.0, 0, 0.0};
    memset(tests, 0, sizeof tests);

    /* Warm-up batch: fills caches and branch predictors, sets the crops. */
    measure_batch(op);
    {
        uint64_t sorted[BATCH];
        memcpy(sorted, times, sizeof sorted);
        qsort(sorted, BATCH, sizeof sorted[0], cmp_u64);
        for (size_t k = 0; k < NCROP; k++) {
            size_t idx = (size_t)(crop_pct[k] * (double)(BATCH - 1));
            thr[k] = (double)sorted[idx];
        }
    }

    double end = now_seconds() + seconds;
    do {
        measure_batch(op);
        for (int i = 0; i < BATCH; i++) {
            double x = (double)times[i];
            welch_add(&tests[0], classes[i], x);
            for (size_t k = 0; k < NCROP; k++)
                if (x < thr[k]) welch_add(&tests[k + 1], classes[i], x);
        }
        res.n += BATCH;
    } while (now_seconds() < end);

    for (size_t k = 0; k < NTESTS; k++) {
        if (tests[k].n[0] < MIN_PER_CLASS || tests[k].n[1] < MIN_PER_CLASS) continue;
        double t = fabs(welch_t(&tests[k]));
        if (t > res.max_t) {
            res.max_t = t;
            res.max_test = (int)k;
        }
    }
    return res;
}

static void report(const char *backend, const struct op *op, struct result r)
{
    char crop[32];
    const char *verdict;
    if (r.max_test == 0) snprintf(crop, sizeof crop, "uncropped");
    else snprintf(crop, sizeof crop, "crop p%g", crop_pct[r.max_test - 1] * 100.0);
    if (r.max_t > 10.0) verdict = "probably leaks";
    else if (r.max_t < 4.5) verdict = "no evidence of leak";
    else verdict = "inconclusive (4.5 <= |t| <= 10): run longer";
    printf("%-11s %-13s n=%-9.0f max|t|=%8.2f (%-13s) %s", backend, op->name, r.n, r.max_t, crop,
           verdict);
    if (r.max_t < 4.5) printf(" after %.0f measurements", r.n);
    printf("\n");
    fflush(stdout);
}

/* ---- command line --------------------------------------------------------- */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: vec25519-dudect [--seconds N] [--op NAME] [--backend NAME] [--control]\n"
            "  --seconds N     measuring time per operation and backend (default 10)\n"
            "  --op NAME       only this operation:");
    for (size_t i = 0; i < NOPS; i++)
        if (!ops[i].control) fprintf(f, " %s", ops[i].name);
    fprintf(f,
            "\n"
            "  --backend NAME  only this backend (default: every available one)\n"
            "  --control       run only the deliberately leaky control (must report a leak)\n"
            "verdict on max |t|: > 10 probably leaks, < 4.5 no evidence of leak\n");
}

int main(int argc, char **argv)
{
    double seconds = 10.0;
    const char *op_name = NULL, *backend_name = NULL;
    int control = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            char *end;
            seconds = strtod(argv[++i], &end);
            if (*end != '\0' || !(seconds > 0.0)) {
                fprintf(stderr, "vec25519-dudect: bad --seconds '%s'\n", argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc) {
            op_name = argv[++i];
        } else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            backend_name = argv[++i];
        } else if (strcmp(argv[i], "--control") == 0) {
            control = 1;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (op_name) {
        size_t i;
        for (i = 0; i < NOPS; i++)
            if (strcmp(ops[i].name, op_name) == 0) break;
        if (i == NOPS) {
            fprintf(stderr, "vec25519-dudect: unknown operation '%s'\n", op_name);
            usage(stderr);
            return 2;
        }
        if (ops[i].control) control = 1;
    }

    size_t nb;
    const struct backend *const *avail = backend_available(&nb);
    const struct backend *only = NULL;
    if (backend_name) {
        only = backend_by_name(backend_name);
        if (!only) {
            fprintf(stderr, "vec25519-dudect: unknown backend '%s' (available:", backend_name);
            for (size_t i = 0; i < nb; i++) fprintf(stderr, " %s", avail[i]->name);
            fprintf(stderr, ")\n");
            return 2;
        }
    }

    rng_seed();
    setup();
    printf("vec25519-dudect %s: clock %s, %.3g s per operation, batches of %d, "
           "crops at 50..99.9th percentile\n",
           vec25519_version(), DUDECT_CLOCK, seconds, BATCH);
    for (size_t j = 0; j < NOPS; j++) {
        if (!!ops[j].control != control) continue;
        if (op_name && strcmp(ops[j].name, op_name) != 0) continue;
        printf("# %-13s %s\n", ops[j].name, ops[j].what);
    }
    fflush(stdout);

    int leaks = 0;
    /* Operations that do not go through the backend table run once. */
    for (size_t j = 0; j < NOPS; j++) {
        const struct op *op = &ops[j];
        if (!!op->control != control || op->per_backend) continue;
        if (op_name && strcmp(op->name, op_name) != 0) continue;
        struct result r = run_op(op, seconds);
        report(op->control ? "-" : FE_BACKEND_NAME, op, r);
        if (r.max_t > 10.0) leaks++;
    }
    for (size_t i = 0; i < nb; i++) {
        const struct backend *b = avail[i];
        if (only && b != only) continue;
        backend_set(b);
        for (size_t j = 0; j < NOPS; j++) {
            const struct op *op = &ops[j];
            if (!!op->control != control || !op->per_backend) continue;
            if (op_name && strcmp(op->name, op_name) != 0) continue;
            struct result r = run_op(op, seconds);
            report(b->name, op, r);
            if (r.max_t > 10.0) leaks++;
        }
    }
    (void)sink;
    /* Exit status: 1 when something probably leaks (for the control, that is
     * the expected outcome). */
    return leaks ? 1 : 0;
}
