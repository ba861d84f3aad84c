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
 * Runs a child with VEC25519_BACKEND = value (NULL: unset) and
 * VEC25519_BACKEND_STRICT = strict (NULL: unset), which calls
 * vec25519_backend() from `threads` threads at once (0: from its main thread)
 * and exits 0 if every answer is `want` (NULL: don't check), 3 otherwise.
 * err gets the child's stderr; returns the wait status.
 */
static int run_child(const char *value, const char *strict, int threads, const char *want,
                     char *err, size_t errcap)
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
        if (value) setenv("VEC25519_BACKEND", value, 1);
        else unsetenv("VEC25519_BACKEND");
        if (strict) setenv("VEC25519_BACKEND_STRICT", strict, 1);
        else unsetenv("VEC25519_BACKEND_STRICT");
        int ok = 1;
        if (threads == 0) {
            const char *got = vec25519_backend();
            ok = want == NULL || strcmp(got, want) == 0;
        } else {
            pthread_t t[8];
            for (int i = 0; i < threads; i++) pthread_create(&t[i], NULL, first_call, NULL);
            for (int i = 0; i < threads; i++) {
                void *got;
                pthread_join(t[i], &got);
                ok &= want == NULL || strcmp((const char *)got, want) == 0;
            }
        }
        _exit(ok ? 0 : 3);
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
    return test_done();
}
#endif /* !_WIN32 */
