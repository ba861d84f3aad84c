/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * An LD_PRELOAD shim that fails one allocation, for tests/cli/cli_malloc_faults.sh.
 *
 *   FAILMALLOC_N=N       fail the Nth call of malloc, calloc or realloc (a
 *                        realloc to size 0 is not counted) made after this
 *                        library's constructor, i.e. from about the start of
 *                        main; 0 or unset: fail none
 *   FAILMALLOC_REPORT=F  at exit, write "calls failed" to file F (so the
 *                        driver knows whether the Nth call was reached)
 *
 * The failing call returns NULL with errno = ENOMEM, as a real exhaustion
 * does; everything else is passed to glibc's __libc_malloc family.
 * glibc only (the test is registered on Linux/glibc builds only).
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);

static unsigned long fail_at, calls, failed;
static int armed;

static int should_fail(void)
{
    if (!armed) return 0;
    calls++;
    if (calls == fail_at) {
        failed++;
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

void *malloc(size_t n)
{
    return should_fail() ? NULL : __libc_malloc(n);
}

void *calloc(size_t n, size_t m)
{
    return should_fail() ? NULL : __libc_calloc(n, m);
}

void *realloc(void *p, size_t n)
{
    if (n != 0 && should_fail()) return NULL;
    return __libc_realloc(p, n);
}

static void report(void)
{
    const char *f = getenv("FAILMALLOC_REPORT");
    armed = 0;
    if (f != NULL) {
        FILE *o = fopen(f, "w");
        if (o != NULL) {
            fprintf(o, "%lu %lu\n", calls, failed);
            fclose(o);
        }
    }
}

__attribute__((constructor)) static void failmalloc_init(void)
{
    const char *n = getenv("FAILMALLOC_N");
    fail_at = n != NULL ? strtoul(n, NULL, 10) : 0;
    atexit(report); /* before arming: atexit may allocate */
    armed = 1;
}
