/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The backend override can never crash a program (src/backend/dispatch.c):
 *
 *   VEC25519_BACKEND=<unknown name>      one line on stderr, then the
 *                                        automatic choice (the best backend);
 *   ... with VEC25519_BACKEND_STRICT=1   the same line, then abort();
 *   VEC25519_BACKEND=<a usable name>     that backend, nothing on stderr;
 *   VEC25519_BACKEND empty or unset      the automatic choice, silently;
 *   a name with control characters       still one line, truncated to 40
 *                                        characters and sanitised;
 *   several threads making the first     one line in all.
 *   call at once
 *
 * and the lane count of the IFMA X25519 batch (x25519_ifma_lanes): 8 on an
 * AMD CPU and 16 on others, the vendor read here from /proc/cpuinfo rather
 * than from the library's CPUID code; VEC25519_IFMA_X25519_LANES=8 or 16
 * forces either, silently; another value is one line on stderr and the
 * automatic choice.
 *
 * The choice is made once per process, so every case runs in a fresh child
 * (fork before the library has chosen) whose stderr goes to a pipe; the
 * parent checks the exit status and the text. The test suite itself runs
 * with VEC25519_BACKEND_STRICT=1 (tests/CMakeLists.txt), which each child
 * sets or clears as the case needs.
 *
 * Windows has no fork(): the program reports SKIPPED there (the choice
 * itself runs in every other test, forced onto each backend).
 */
#if defined(_WIN32)
#include "test.h"

int main(void)
{
    test_skip("needs fork() (a fresh process per case), which Windows lacks");
}
#else
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test.h"
#include "vec25519.h"

#include "backend/backend.h"
#include "backend/ladder.h"

/* The automatic choice: the last (best) usable backend. */
static const char *best_name(void)
{
    size_t n;
    const struct backend *const *list = backend_available(&n);
    return list[n - 1]->name;
}

static void *first_call(void *arg)
{
    (void)arg;
    return (void *)vec25519_backend();
}

/*
 * Forks a child that runs body(arg) and exits with its value, its stderr
 * into err (NUL-terminated, errcap bytes at most). Returns the wait status,
 * or -1 if the pipe or the fork failed.
 */
static int fork_capture(int (*body)(const void *), const void *arg, char *err, size_t errcap)
{
    int fd[2];
    if (pipe(fd) != 0) return -1;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        close(fd[0]);
        dup2(fd[1], 2);
        _exit(body(arg));
    }
    close(fd[1]);
    size_t len = 0;
    ssize_t got;
    while ((got = read(fd[0], err + len, errcap - 1 - len)) > 0) len += (size_t)got;
    err[len] = 0;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return status;
}

static void set_or_unset(const char *name, const char *value)
{
    if (value) setenv(name, value, 1);
    else unsetenv(name);
}

struct backend_case {
    const char *value, *strict, *want;
    int threads;
};

static int backend_child(const void *arg)
{
    const struct backend_case *c = arg;
    set_or_unset("VEC25519_BACKEND", c->value);
    set_or_unset("VEC25519_BACKEND_STRICT", c->strict);
    int ok = 1;
    if (c->threads == 0) {
        const char *got = vec25519_backend();
        ok = c->want == NULL || strcmp(got, c->want) == 0;
    } else {
        pthread_t t[8];
        for (int i = 0; i < c->threads; i++) pthread_create(&t[i], NULL, first_call, NULL);
        for (int i = 0; i < c->threads; i++) {
            void *got;
            pthread_join(t[i], &got);
            ok &= c->want == NULL || strcmp((const char *)got, c->want) == 0;
        }
    }
    return ok ? 0 : 3;
}

/*
 * Runs a child with VEC25519_BACKEND = value (NULL: unset) and
 * VEC25519_BACKEND_STRICT = strict (NULL: unset), which calls
 * vec25519_backend() from `threads` threads at once (0: from its main thread)
 * and exits 0 if every answer is `want` (NULL: don't check), 3 otherwise.
 * err gets the child's stderr; returns the wait status.
 */
static int run_child(const char *value, const char *strict, int threads, const char *want,
                     char *err, size_t errcap)
{
    const struct backend_case c = {value, strict, want, threads};
    return fork_capture(backend_child, &c, err, errcap);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) n += *s == '\n';
    return n;
}

/* count_lines, less the line that an emulator adds after abort() (qemu-user:
 * "qemu: uncaught target signal 6 (Aborted)"), which is not the library's. */
static int count_lib_lines(const char *s)
{
    const char *q = strstr(s, "qemu: uncaught target signal");
    return count_lines(s) - (q != NULL && (q == s || q[-1] == '\n'));
}

static int lanes_child(const void *value)
{
    set_or_unset("VEC25519_IFMA_X25519_LANES", value);
    return (int)x25519_ifma_lanes();
}

/* x25519_ifma_lanes() in a fresh child with VEC25519_IFMA_X25519_LANES =
 * value (NULL: unset), or -1 if the child did not exit; err as run_child. */
static int lanes_in_child(const char *value, char *err, size_t errcap)
{
    int st = fork_capture(lanes_child, value, err, errcap);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* From /proc/cpuinfo: *amd = 1 if the vendor is AuthenticAMD, 0 if another,
 * and *family = the cpu family; -1 for what it does not say (or no file). */
static void cpuinfo_read(int *amd, int *family)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];

    *amd = *family = -1;
    if (!f) return;
    while ((*amd < 0 || *family < 0) && fgets(line, sizeof line, f)) {
        if (strncmp(line, "vendor_id", 9) == 0) *amd = strstr(line, "AuthenticAMD") != NULL;
        if (strncmp(line, "cpu family", 10) == 0) {
            const char *c = strchr(line, ':');
            *family = c ? atoi(c + 1) : -1;
        }
    }
    fclose(f);
}

/* 1 if /proc/cpuinfo names the vendor AuthenticAMD, 0 if another, -1 if it cannot tell. */
static int cpuinfo_amd(void)
{
    int amd, family;
    cpuinfo_read(&amd, &family);
    return amd;
}

static void check_ifma_lanes(void)
{
    char err[4096];
    int amd = cpuinfo_amd(), got = lanes_in_child(NULL, err, sizeof err);

    printf("IFMA X25519 batch lanes on this CPU: %d (/proc/cpuinfo AMD: %d)\n", got, amd);
    CHECK((got == 8 || got == 16) && err[0] == 0, "lanes unset: %d '%s'", got, err);
#if defined(__x86_64__)
    /* AMD 8, another vendor 16. (Only natively on x86-64: under qemu-user
     * /proc/cpuinfo is the build machine's, not the emulated CPU's.) */
    if (amd >= 0) CHECK(got == (amd ? 8 : 16), "automatic lanes %d with AMD = %d", got, amd);
#elif !defined(__i386__)
    CHECK(got == 16, "automatic lanes %d: 16 without x86 CPUID", got);
#endif
    got = lanes_in_child("8", err, sizeof err);
    CHECK(got == 8 && err[0] == 0, "lanes 8: %d '%s'", got, err);
    got = lanes_in_child("16", err, sizeof err);
    CHECK(got == 16 && err[0] == 0, "lanes 16: %d '%s'", got, err);
    int automatic = lanes_in_child(NULL, err, sizeof err);
    got = lanes_in_child("12", err, sizeof err);
    CHECK(got == automatic && count_lines(err) == 1 &&
              strstr(err, "VEC25519_IFMA_X25519_LANES must be 8 or 16"),
          "lanes 12: %d '%s'", got, err);
}

/* In a child with VEC25519_IFMA_SUBGROUP = value (NULL: unset): 1 if
 * scalarmult_order_best gives the IFMA table's entry, 0 if NULL. */
static int subgroup_child(const void *value)
{
    const struct backend *ifma = backend_by_name("ifma");
    set_or_unset("VEC25519_IFMA_SUBGROUP", value);
    return ifma != NULL && scalarmult_order_best(ifma) != NULL;
}

static int subgroup_in_child(const char *value, char *err, size_t errcap)
{
    int st = fork_capture(subgroup_child, value, err, errcap);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* 1 if /proc/cpuinfo names an AMD CPU of family 1Ah (26) or later, 0 if
 * another, -1 if it cannot tell. */
static int cpuinfo_amd_zen5(void)
{
    int amd, family;
    cpuinfo_read(&amd, &family);
    return amd < 0 || family < 0 ? -1 : amd && family >= 26;
}

/* The byte-level Edwards subgroup test (scalarmult_order_best): [ℓ]P in the
 * other half of the registers on AMD family 1Ah with IFMA, else the
 * exponentiations; VEC25519_IFMA_SUBGROUP forces either where the IFMA table
 * exists. */
static void check_ifma_subgroup(void)
{
    char err[4096];
    const int have = backend_by_name("ifma") != NULL;
    int got = subgroup_in_child(NULL, err, sizeof err);

    printf("IFMA subgroup test in the other half on this CPU: %d (IFMA %d, /proc/cpuinfo AMD "
           "family >= 1Ah: %d)\n", got, have, cpuinfo_amd_zen5());
    CHECK((got == 0 || got == 1) && err[0] == 0, "subgroup unset: %d '%s'", got, err);
#if defined(__x86_64__)
    if (cpuinfo_amd_zen5() >= 0)
        CHECK(got == (have && cpuinfo_amd_zen5()), "automatic subgroup choice %d", got);
#endif
    got = subgroup_in_child("halves", err, sizeof err);
    CHECK(got == have && err[0] == 0, "subgroup halves: %d '%s'", got, err);
    got = subgroup_in_child("powers", err, sizeof err);
    CHECK(got == 0 && err[0] == 0, "subgroup powers: %d '%s'", got, err);
    if (have) {
        int automatic = subgroup_in_child(NULL, err, sizeof err);
        got = subgroup_in_child("both", err, sizeof err);
        CHECK(got == automatic && count_lines(err) == 1 &&
                  strstr(err, "VEC25519_IFMA_SUBGROUP must be halves or powers"),
              "subgroup both: %d '%s'", got, err);
    }
}

/* In a child with VEC25519_IFMA_SCALARMULT = value (NULL: unset): what
 * scalarmult_halves_best says (1 halves, 0 single). */
static int halves_child(const void *value)
{
    set_or_unset("VEC25519_IFMA_SCALARMULT", value);
    return scalarmult_halves_best();
}

static int halves_in_child(const char *value, char *err, size_t errcap)
{
    int st = fork_capture(halves_child, value, err, errcap);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The IFMA table's [s]P (scalarmult_halves_best): the scalar's halves in
 * the registers' halves on AMD family 1Ah with IFMA, else the 4-way [s]P;
 * VEC25519_IFMA_SCALARMULT forces either, and another value is ignored
 * with one line. */
static void check_ifma_scalarmult(void)
{
    char err[4096];
    const int have = backend_by_name("ifma") != NULL;
    int got = halves_in_child(NULL, err, sizeof err);

    printf("IFMA [s]P in the halves on this CPU: %d (IFMA %d, /proc/cpuinfo AMD family >= 1Ah: "
           "%d)\n", got, have, cpuinfo_amd_zen5());
    CHECK((got == 0 || got == 1) && err[0] == 0, "scalarmult unset: %d '%s'", got, err);
#if defined(__x86_64__)
    if (cpuinfo_amd_zen5() >= 0)
        CHECK(got == (have && cpuinfo_amd_zen5()), "automatic [s]P choice %d", got);
#endif
    got = halves_in_child("halves", err, sizeof err);
    CHECK(got == 1 && err[0] == 0, "scalarmult halves: %d '%s'", got, err);
    got = halves_in_child("single", err, sizeof err);
    CHECK(got == 0 && err[0] == 0, "scalarmult single: %d '%s'", got, err);
    int automatic = halves_in_child(NULL, err, sizeof err);
    got = halves_in_child("both", err, sizeof err);
    CHECK(got == automatic && count_lines(err) == 1 &&
              strstr(err, "VEC25519_IFMA_SCALARMULT must be halves or single"),
          "scalarmult both: %d '%s'", got, err);
}

int main(void)
{
    char err[4096];
    int st;
    const char *best = best_name();
    printf("automatic choice on this CPU: %s\n", best);

    /* Unknown name, not strict: the automatic choice, one line. */
    st = run_child("bogus", NULL, 0, best, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "bogus, not strict: exit status %#x", st);
    CHECK(count_lines(err) == 1, "bogus, not strict: %d lines on stderr: %s", count_lines(err), err);
    CHECK(strstr(err, "VEC25519_BACKEND=bogus") && strstr(err, "using the automatic choice"),
          "bogus, not strict: message '%s'", err);
    printf("fallback message: %s", err);

    /* STRICT set to something other than 1 is not strict. */
    st = run_child("bogus", "0", 0, best, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "bogus, STRICT=0: exit status %#x", st);

    /* Strict: the line, then abort. */
    st = run_child("bogus", "1", 0, NULL, err, sizeof err);
    CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT, "bogus, strict: status %#x (want SIGABRT)",
          st);
    CHECK(count_lib_lines(err) == 1 && strstr(err, "aborting (VEC25519_BACKEND_STRICT=1)"),
          "bogus, strict: message '%s'", err);

    /* A usable name: that backend, silently (strict or not). */
    st = run_child("serial", "1", 0, backend_by_name("serial")->name, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && err[0] == 0, "serial: status %#x, stderr '%s'",
          st, err);
    st = run_child(best, NULL, 0, best, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && err[0] == 0, "%s: status %#x, stderr '%s'",
          best, st, err);

    /* Unset or empty: automatic, silently. */
    st = run_child(NULL, "1", 0, best, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && err[0] == 0, "unset: status %#x, '%s'", st,
          err);
    st = run_child("", "1", 0, best, err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0 && err[0] == 0, "empty: status %#x, '%s'", st,
          err);

    /* A long name with control characters: still one sanitised line. */
    st = run_child("evil\nname\033[31m-and-then-some-more-characters-than-forty", NULL, 0, best,
                   err, sizeof err);
    CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "control characters: status %#x", st);
    CHECK(count_lines(err) == 1 && strstr(err, "evil?name?[31m") && !strstr(err, "forty"),
          "control characters: message '%s'", err);

    /* Eight threads making the first call at once: one line, one answer. */
    for (int rep = 0; rep < 10; rep++) {
        st = run_child("bogus", NULL, 8, best, err, sizeof err);
        CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "threads: status %#x", st);
        CHECK(count_lines(err) == 1, "threads: %d lines: %s", count_lines(err), err);
    }

    check_ifma_lanes();
    check_ifma_subgroup();
    check_ifma_scalarmult();
    return test_done();
}
#endif /* !_WIN32 */
