/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The secret-tracking tool of the constant-time harness (docs/constant-time.md),
 * behind one vocabulary, so that ct_check.c and ct_selftest.c are written once
 * and built twice:
 *
 *   -DVEC25519_CT_VALGRIND   valgrind memcheck client requests; the program is
 *                            run under valgrind (serial and AVX2 backends).
 *   -DVEC25519_CT_MSAN       clang MemorySanitizer (-fsanitize=memory
 *                            -fsanitize-recover=memory); the program runs
 *                            natively, so the AVX-512 IFMA backend is checked.
 *
 * Both tools keep a "secret" (uninitialised) mark per bit, propagate it through
 * arithmetic, and report a branch or a memory address that depends on a marked
 * bit. The harness marks the secret inputs and reads the reports:
 *
 *   SECRET(p, n)                 p[0..n) is secret
 *   PUBLIC(p, n)                 p[0..n) is public by design (each use says why)
 *   ct_track_active()            nonzero when the tool is watching (memcheck:
 *                                under valgrind; MSan: always)
 *   ct_track_errors()            the number of reports so far
 *   ct_track_secret_left(p, n)   1 if some bit of p[0..n) is still secret, 0 if
 *                                none is, -1 if the tool cannot say
 *   CT_TRACK_TOOL                the tool's name, for messages
 */
#ifndef VEC25519_TESTS_CT_TRACK_H
#define VEC25519_TESTS_CT_TRACK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(VEC25519_CT_VALGRIND) && defined(VEC25519_CT_MSAN)
#error "define one of VEC25519_CT_VALGRIND and VEC25519_CT_MSAN"
#elif defined(VEC25519_CT_MSAN)

#include <sanitizer/msan_interface.h>

#define CT_TRACK_TOOL "MemorySanitizer"
#define RUNNING_ON_VALGRIND 0 /* for code written for memcheck: natively, it is not */
#define SECRET(p, n) __msan_poison((p), (n))
#define PUBLIC(p, n) __msan_unpoison((p), (n))

/* Counted by ct_track_msan.c, which receives each report's summary line;
 * the last such line ("" before the first report). */
unsigned long ct_msan_reports(void);
const char *ct_msan_last_report(void);

static inline int ct_track_active(void)
{
    return 1;
}

static inline unsigned long ct_track_errors(void)
{
    return ct_msan_reports();
}

static inline int ct_track_secret_left(const void *p, size_t n)
{
    return __msan_test_shadow(p, n) != -1; /* the offset of the first secret byte, or -1 */
}

#elif defined(VEC25519_CT_VALGRIND)

#include <valgrind/memcheck.h>

#define CT_TRACK_TOOL "memcheck"
/* The arguments are named once more: where valgrind does not run (riscv64 in
 * valgrind 3.19: NVALGRIND) the client requests expand to nothing. */
#define SECRET(p, n) ((void)(p), (void)(n), (void)VALGRIND_MAKE_MEM_UNDEFINED((p), (n)))
#define PUBLIC(p, n) ((void)(p), (void)(n), (void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))

static inline int ct_track_active(void)
{
    return RUNNING_ON_VALGRIND != 0;
}

static inline unsigned long ct_track_errors(void)
{
    return (unsigned long)VALGRIND_COUNT_ERRORS;
}

static inline int ct_track_secret_left(const void *p, size_t n)
{
    uint8_t vbits[256];
    unsigned any = 0;

    (void)p; /* unused where the client requests are empty (NVALGRIND) */
    if (n > sizeof vbits) n = sizeof vbits;
    if (VALGRIND_GET_VBITS(p, vbits, n) != 1) return -1;
    for (size_t i = 0; i < n; i++) any |= vbits[i];
    return any != 0;
}

#else
#error "define VEC25519_CT_VALGRIND or VEC25519_CT_MSAN"
#endif

/* The options every ct program takes: --native (run the operations without a
 * tracker) sets *native; --skip=REASON prints "SKIP: REASON" and exits 77 (a
 * skipped test). Returns 1 when arg is one of them, else 0. */
static inline int ct_common_option(const char *arg, int *native)
{
    if (strcmp(arg, "--native") == 0) {
        *native = 1;
        return 1;
    }
    if (strncmp(arg, "--skip=", 7) == 0) {
        printf("SKIP: %s\n", arg + 7);
        exit(77);
    }
    return 0;
}

#endif /* VEC25519_TESTS_CT_TRACK_H */
