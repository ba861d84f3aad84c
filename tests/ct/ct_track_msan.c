/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * MemorySanitizer side of the constant-time harness (ct_track.h): linked into
 * the -DVEC25519_CT_MSAN programs only.
 *
 * - Counts the reports. The sanitizer runtime passes the summary line of every
 *   report ("SUMMARY: MemorySanitizer: use-of-uninitialized-value file:line in
 *   function") to __sanitizer_report_error_summary, a weak hook that a program
 *   may define; this one counts it and prints it as the default does. With
 *   -fsanitize-recover=memory the program keeps going after a report, so the
 *   harness names every operation that leaked (ct_track_errors()).
 * - Sets the runtime's defaults (__msan_default_options; MSAN_OPTIONS still
 *   overrides them): exit code 1 when reports were made. MSan's own default is
 *   77, which CTest would read as "skipped".
 * - Makes stdout line buffered: after a report MSan ends the process with
 *   _exit from its exit hook, which would drop a fully buffered stdout (the
 *   per-backend summary lines).
 */
#include <stdio.h>

#include "ct_track.h"

#if !defined(VEC25519_CT_MSAN)
#error "ct_track_msan.c is for the -DVEC25519_CT_MSAN build"
#endif

static volatile unsigned long reports;
static char last_report[512];

unsigned long ct_msan_reports(void)
{
    return reports;
}

const char *ct_msan_last_report(void)
{
    return last_report;
}

void __sanitizer_report_error_summary(const char *summary);
void __sanitizer_report_error_summary(const char *summary)
{
    reports++;
    snprintf(last_report, sizeof last_report, "%s", summary);
    fprintf(stderr, "%s\n", summary);
}

const char *__msan_default_options(void);
const char *__msan_default_options(void)
{
    return "exitcode=1";
}

__attribute__((constructor)) static void ct_msan_line_buffered(void)
{
    setvbuf(stdout, NULL, _IOLBF, 0);
}
