/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* Shared helpers of the fuzz targets; see fuzz_common.h. */
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

static const uint8_t *cur_data;
static size_t cur_size;

#define MAX_NOTES 16
static struct {
    const char *label;
    const void *p;
    size_t n;
} notes[MAX_NOTES];
static size_t nnotes;

void fuzz_begin(const uint8_t *data, size_t size)
{
    cur_data = data;
    cur_size = size;
    nnotes = 0;
}

void fuzz_notes_reset(void)
{
    nnotes = 0;
}

void fuzz_note(const char *label, const void *p, size_t n)
{
    size_t i = 0;
    while (i < nnotes && strcmp(notes[i].label, label) != 0) i++;
    if (i == MAX_NOTES) return;
    if (i == nnotes) nnotes++;
    notes[i].label = label;
    notes[i].p = p;
    notes[i].n = n;
}

static void hex_line(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %-12s (%zu bytes) ", label, n);
    for (size_t i = 0; i < n; i++) fprintf(stderr, "%02x", p[i]);
    fputc('\n', stderr);
}

void fuzz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    const char *base = strrchr(file, '/');

    fprintf(stderr, "\nvec25519 fuzz: MISMATCH at %s:%d: ", base ? base + 1 : file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    for (size_t i = 0; i < nnotes; i++) hex_line(notes[i].label, notes[i].p, notes[i].n);
    hex_line("input", cur_data, cur_size);
    fflush(stderr);
    abort();
}

void fuzz_sodium_init(void)
{
    if (sodium_init() < 0) {
        fprintf(stderr, "vec25519 fuzz: sodium_init failed\n");
        abort();
    }
}

int fuzz_is_zero(const uint8_t *p, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++) d |= p[i];
    return d == 0;
}

int fuzz_y_is_canonical(const uint8_t s[32])
{
    /* p = 7f ff .. ff ed (big-endian): y ≥ p iff the top byte (bit 255
     * cleared) is 0x7f, bytes 30..1 are 0xff and byte 0 is ≥ 0xed. */
    if ((s[31] & 0x7f) != 0x7f) return 1;
    for (int i = 30; i >= 1; i--)
        if (s[i] != 0xff) return 1;
    return s[0] < 0xed;
}

const uint8_t fuzz_ell[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58,
                               0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                               0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                               0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10};

int fuzz_lt_ell(const uint8_t x[32])
{
    for (int i = 31; i >= 0; i--) {
        if (x[i] < fuzz_ell[i]) return 1;
        if (x[i] > fuzz_ell[i]) return 0;
    }
    return 0; /* x = ℓ */
}
