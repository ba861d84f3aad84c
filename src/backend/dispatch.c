/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Backend selection (docs/conventions.md §4). The choice is made once, on first use,
 * and cached in an atomic: no init call is needed, and concurrent first
 * calls agree (they compute the same answer).
 *
 * The best backend the CPU supports is chosen (ifma > avx2 > serial), as
 * detected by CPUID and XGETBV (src/internal/cpu.c). VEC25519_BACKEND=name
 * forces one ("serial", "avx2", ...), for tests and benchmarks. The variable
 * is read with secure_getenv (or its equivalent, env() below), so a setuid
 * or setgid program ignores it. A
 * name that this build or this CPU does not have can never crash a program
 * that merely links the library: it prints one line on stderr and the
 * automatic choice is made instead; only with VEC25519_BACKEND_STRICT=1 (the
 * test suite sets it) is it an error that aborts, so that a test forced onto
 * a backend never silently runs another one.
 *
 * Nothing here waits: the list of usable backends is a constant chosen by
 * the CPU features (an atomic word, src/internal/cpu.c), so a child of
 * fork() can never inherit a half-made choice.
 */
#if defined(__linux__)
#define _GNU_SOURCE /* secure_getenv (glibc 2.17) */
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#include "vec25519.h"
#include "../internal/cpu.h"
#include "backend.h"
#include "ladder.h"
#include "x86_64/ladder_fe64.h"
#include "x86_64/pow_fe64.h"

/* The usable backends, worst to best, for each set of CPU features: the
 * serial backend always; AVX2 and IFMA when the CPU (and the OS) have them. */
#if defined(VEC25519_X86_64)
static const struct backend *const avail_serial[] = {&serial_backend};
static const struct backend *const avail_avx2[] = {&serial_backend, &avx2_backend};
static const struct backend *const avail_ifma[] = {&serial_backend, &ifma_backend};
static const struct backend *const avail_both[] = {&serial_backend, &avx2_backend, &ifma_backend};
#else
static const struct backend *const avail_serial[] = {&serial_backend};
#endif

const struct backend *const *backend_available(size_t *n)
{
#if defined(VEC25519_X86_64)
    struct cpu_features f = cpu_features();
    if (f.avx2 && f.avx512ifma) {
        *n = 3;
        return avail_both;
    }
    if (f.avx512ifma) {
        *n = 2;
        return avail_ifma;
    }
    if (f.avx2) {
        *n = 2;
        return avail_avx2;
    }
#endif
    *n = 1;
    return avail_serial;
}

const struct backend *backend_by_name(const char *name)
{
    size_t n;
    const struct backend *const *list = backend_available(&n);

    for (size_t i = 0; i < n; i++) {
        if (strcmp(name, list[i]->name) == 0) return list[i];
        if (list[i] == &serial_backend && strcmp(name, "serial") == 0) return list[i];
    }
    return NULL;
}

static _Atomic(const struct backend *) chosen;

void backend_set(const struct backend *b)
{
    atomic_store_explicit(&chosen, b, memory_order_release);
}

/* getenv, except that a setuid/setgid program gets NULL: secure_getenv
 * (glibc), issetugid (macOS and the BSDs: also true for a program that was
 * setuid/setgid and dropped its privileges), the ids elsewhere on Unix.
 * Windows has no setuid programs: plain getenv. */
static const char *env(const char *name)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
    return secure_getenv(name);
#elif defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) || \
    defined(__DragonFly__)
    if (issetugid()) return NULL;
    return getenv(name);
#elif defined(__unix__)
    if (getuid() != geteuid() || getgid() != getegid()) return NULL;
    return getenv(name);
#else
    return getenv(name);
#endif
}

static const struct backend *choose(void)
{
    size_t n;
    const struct backend *const *list = backend_available(&n);
    const char *force = env("VEC25519_BACKEND");

    if (force && *force) {
        const struct backend *b = backend_by_name(force);
        if (b) return b;
        static atomic_flag warned = ATOMIC_FLAG_INIT; /* racing first calls: one line */
        const char *strict = env("VEC25519_BACKEND_STRICT");
        int abort_now = strict != NULL && strcmp(strict, "1") == 0;
        if (!abort_now && atomic_flag_test_and_set(&warned)) return list[n - 1];
        /* One line, whatever the name holds: 40 characters at most, anything
         * but printable ASCII shown as '?'. */
        char shown[41];
        size_t k = 0;
        for (; k < 40 && force[k]; k++)
            shown[k] = force[k] >= 0x20 && force[k] < 0x7f ? force[k] : '?';
        shown[k] = 0;
        fprintf(stderr, "vec25519: VEC25519_BACKEND=%s is not available in this build on this CPU "
                "(available:", shown);
        for (size_t i = 0; i < n; i++) fprintf(stderr, " %s", list[i]->name);
        fprintf(stderr, "); %s\n",
                abort_now ? "aborting (VEC25519_BACKEND_STRICT=1)" : "using the automatic choice");
        if (abort_now) abort();
    }
    return list[n - 1];
}

const struct backend *backend_get(void)
{
    const struct backend *b = atomic_load_explicit(&chosen, memory_order_acquire);
    if (b) return b;
    b = choose();
    atomic_store_explicit(&chosen, b, memory_order_release);
    return b;
}

VEC25519_API const char *vec25519_backend(void)
{
    return backend_get()->name;
}

VEC25519_API const char *vec25519_version(void)
{
    return VEC25519_VERSION_STRING; /* include/vec25519/version.h */
}

/*
 * X25519 on the fastest serial field this CPU has (ladder.h): the radix-2^64
 * MULX/ADX ladder (x86_64/ladder_fe64.c) when BMI2 and ADX are present, else
 * the serial one. The AVX2 table uses it; the serial backend stays portable
 * C. Here, next to the choice of a table, so that the CPU is looked at in
 * one file.
 */
void x25519_ladder_best(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
#if defined(VEC25519_HAVE_LADDER_FE64)
    if (cpu_features().bmi2_adx) {
        x25519_ladder_fe64(out, scalar, point);
        return;
    }
#endif
    x25519_ladder_serial(out, scalar, point);
}

/*
 * Two exponentiations w^((p-5)/8) (backend.h): the interleaved BMI2/ADX
 * pair where the CPU has BMI2 and ADX (6.8k–7.0k TSC ticks on Zen 5
 * against 10.1k–10.4k for two fe_pow22523, docs/performance.md §15), else
 * one after the other. The AVX2 table's entry; the IFMA table keeps its
 * 4-way chain (6.5k–6.7k), the serial table stays portable C.
 */
void pow22523_2_best(fe h[2], const fe f[2])
{
#if defined(VEC25519_HAVE_POW_FE64)
    if (cpu_features().bmi2_adx) {
        fe64_pow22523_2(h, f);
        return;
    }
#endif
    fe_pow22523(&h[0], &f[0]);
    fe_pow22523(&h[1], &f[1]);
}

void frombytes2_best_vartime(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy)
{
    ge_frombytes2_vartime(out, ok, in, policy, pow22523_2_best);
}

/* The power and an inversion (backend.h), the same way: the BMI2/ADX pair
 * (7.1k–7.3k TSC ticks on Zen 5 against 8.4k–8.7k for fe_pow22523 and the
 * divsteps fe_invert, docs/performance.md §15), else those two. */
void pow22523_invert_best(fe *h, const fe *f, fe *inv, const fe *g)
{
#if defined(VEC25519_HAVE_POW_FE64)
    if (cpu_features().bmi2_adx) {
        fe64_pow22523_invert(h, f, inv, g);
        return;
    }
#endif
    fe_pow22523(h, f);
    fe_invert(inv, g);
}

/*
 * A kernel choice between two names that the variable var may force (read
 * as VEC25519_BACKEND is: env()): 0 or 1 for names[0] or names[1], else the
 * automatic choice auto01, with one line on stderr (once per warned flag)
 * for any other non-empty value.
 */
static int env_choice(const char *var, const char *const names[2], int auto01,
                      atomic_flag *warned)
{
    const char *force = env(var);
    if (!force || !*force) return auto01;
    if (strcmp(force, names[0]) == 0) return 0;
    if (strcmp(force, names[1]) == 0) return 1;
    if (!atomic_flag_test_and_set(warned))
        fprintf(stderr, "vec25519: %s must be %s or %s; using the automatic choice (%s)\n", var,
                names[0], names[1], names[auto01]);
    return auto01;
}

/* env_choice made once per process and kept in *memo (0: not yet made, else
 * the choice + 1), so the variable is read and warned about once. */
static int env_choice_once(atomic_int *memo, const char *var, const char *const names[2],
                           int auto01, atomic_flag *warned)
{
    int u = atomic_load_explicit(memo, memory_order_relaxed);
    if (!u) {
        u = 1 + env_choice(var, names, auto01, warned);
        atomic_store_explicit(memo, u, memory_order_relaxed);
    }
    return u - 1;
}

/*
 * The table's scalarmult_order where it pays (backend.h): the IFMA pair of
 * [s]P and [ℓ]P in the halves of 512-bit registers costs about one [s]P
 * where 512-bit operations run at the rate of 256-bit ones (AMD family 1Ah,
 * Zen 5: IFMA two per cycle at either width, docs/performance.md §12.2);
 * measured there, the byte-level Edwards multiplication takes it to
 * ≈ 1.4× the points-in/out one against ≈ 1.6× with the exponentiations
 * (docs/performance.md §16). Zen 4 splits 512-bit operations in two and
 * Intel's cores run 512-bit IFMA on one port (§12.2), so they keep the
 * exponentiations. No timing at run time.
 *
 * VEC25519_IFMA_SUBGROUP=halves or powers forces either where the table has
 * the entry (tests, benchmarks), read as VEC25519_BACKEND is; any other value
 * is ignored with one line on stderr.
 */
scalarmult_order_fn scalarmult_order_best(const struct backend *b)
{
    static atomic_int memo;
    static atomic_flag warned = ATOMIC_FLAG_INIT;
    static const char *const names[2] = {"halves", "powers"};
    if (b->scalarmult_order == NULL) return NULL;
    return env_choice_once(&memo, "VEC25519_IFMA_SUBGROUP", names,
                           cpu_features().zmm_full ? 0 : 1, &warned) == 0
               ? b->scalarmult_order
               : NULL;
}

/*
 * The IFMA table's [s]P (backend.h): the scalar's low and high 128 bits in
 * the two halves of 512-bit registers, one Horner loop for both, then 128
 * doublings of the high half and one addition (ifma/scalarmult_x2.c): 252
 * doublings and 33 additions on the path against 252 and 64. It pays where
 * a 512-bit operation costs a 256-bit one, as scalarmult_order_best's pair:
 * on AMD Zen 5 a 512-bit doubling and re-addition take 64–65 and 69–70 TSC
 * ticks against 66 and 67–68 at 256 bits, and
 * vec25519_edwards25519_point_mul 20.4k against 23.0k–23.2k
 * (docs/performance.md §19). Zen 4 splits 512-bit operations
 * and Intel's cores run 512-bit IFMA on one port (§12.2): there each
 * 512-bit step costs about two 256-bit ones, and the 4-way [s]P stays. No
 * timing at run time.
 *
 * VEC25519_IFMA_SCALARMULT=halves or single forces either (tests,
 * benchmarks), read as VEC25519_BACKEND is; any other value is ignored with
 * one line on stderr.
 */
int scalarmult_halves_best(void)
{
    static atomic_int memo;
    static atomic_flag warned = ATOMIC_FLAG_INIT;
    static const char *const names[2] = {"halves", "single"};
    return env_choice_once(&memo, "VEC25519_IFMA_SCALARMULT", names,
                           cpu_features().zmm_full ? 0 : 1, &warned) == 0;
}

/*
 * The widest X25519 batch kernel of the IFMA table (ifma/backend_ifma.c):
 * x25519_batch16_ifma (two groups of eight lanes issued side by side, one
 * call ≈ 1.8 calls of the 8-lane kernel when its core runs nothing else) or
 * x25519_batch8_ifma alone. The 16-lane kernel buys its speed with the
 * second group's spills (463 stack references per step against 125,
 * docs/x25519.md §9.6), and on AMD Zen 5 that only pays while the core is
 * otherwise idle: with the other thread of the core busy, 64 keys took a
 * median 8,647–9,192 TSC ticks per key on it against 7,233–7,772 as eight
 * 8-lane calls, interleaved in one process (the 16-lane kernel faster in 73
 * to 97 of 301 pairs), and the harness of issue 28 saw whole runs on it
 * land at 12.7k–13.8k per key; the 8-lane rows stayed put
 * (docs/x25519.md §9.8). Intel's cores gained from it in the same
 * harness (n = 64 7,374 against n = 8 8,098 per key). So: AMD CPUs (vendor
 * "AuthenticAMD", every family with IFMA: Zen 4, Zen 5) take 8 lanes,
 * the others 16. No timing at run time.
 *
 * VEC25519_IFMA_X25519_LANES=8 or 16 forces either (tests, benchmarks),
 * read as VEC25519_BACKEND is (env(): ignored by setuid programs); any other
 * value is ignored with one line on stderr.
 */
unsigned x25519_ifma_lanes(void)
{
    static atomic_int memo;
    static atomic_flag warned = ATOMIC_FLAG_INIT;
    static const char *const names[2] = {"8", "16"};
    return env_choice_once(&memo, "VEC25519_IFMA_X25519_LANES", names, cpu_features().amd ? 0 : 1,
                           &warned)
               ? 16
               : 8;
}
