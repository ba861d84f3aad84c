/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The scratch allocator of the multiscalar algorithms (scratch.h): one
 * 64-byte aligned malloc block per call.
 */
#include <stdint.h>
#include <stdlib.h>

#include "scratch.h"

/* Scratch layout (scratch.h): n·size bytes at the next 64-byte aligned offset of
 * the block; SIZE_MAX in *total (sticky) on overflow. */
size_t scratch_layout(size_t *total, size_t n, size_t size)
{
    size_t off = *total, bytes;

    if (off == SIZE_MAX || off > SIZE_MAX - 63 || (size != 0 && n > SIZE_MAX / size)) {
        *total = SIZE_MAX;
        return 0;
    }
    off = (off + 63) & ~(size_t)63;
    bytes = n * size;
    if (bytes > SIZE_MAX - off) {
        *total = SIZE_MAX;
        return 0;
    }
    *total = off + bytes;
    return off;
}

/* One 64-byte aligned block of total bytes (at least 1), or NULL (also for
 * total = SIZE_MAX, the overflow mark). malloc's alignment is only 16, so
 * the block is over-allocated by 64 bytes and the offset to the aligned start
 * is stored in the byte just before it; release with scratch_free. */
#if !defined(VEC25519_FAULT_INJECTION)
void *scratch_alloc(size_t total)
{
    unsigned char *raw, *p;

    if (total > SIZE_MAX - 64) return NULL;
    raw = malloc(total + 64);
    if (raw == NULL) return NULL;
    p = raw + (64 - ((uintptr_t)raw & 63));
    p[-1] = (unsigned char)(p - raw);
    return p;
}

/* Releases a block of scratch_alloc (NULL: nothing). */
void scratch_free(void *p)
{
    if (p != NULL) free((unsigned char *)p - ((unsigned char *)p)[-1]);
}
#else
/*
 * The test build's allocator (scratch.h, struct scratch_faults): the same
 * contract, plus the counters, a failure on demand, and the block's size
 * kept in front of it (the offset to the aligned start is 65..128, the size
 * sits in the 16 bytes before the offset byte) so that the free can check
 * that the block was wiped.
 */
#include <string.h>

struct scratch_faults scratch_faults;

void *scratch_alloc(size_t total)
{
    unsigned char *raw, *p;

    if (total > SIZE_MAX - 128) return NULL;
    scratch_faults.calls++;
    if (scratch_faults.calls == scratch_faults.fail_at) {
        scratch_faults.failed++;
        return NULL;
    }
    raw = malloc(total + 128);
    if (raw == NULL) return NULL;
    p = raw + 64 + (64 - ((uintptr_t)raw & 63));
    p[-1] = (unsigned char)(p - raw);
    memcpy(p - 16, &total, sizeof total);
    scratch_faults.live++;
    return p;
}

void scratch_free(void *p)
{
    unsigned char *q = p, acc = 0;
    size_t total;

    if (p == NULL) return;
    memcpy(&total, q - 16, sizeof total);
    for (size_t i = 0; i < total; i++) acc |= q[i];
    if (acc != 0) scratch_faults.freed_nonzero++;
    scratch_faults.live--;
    free(q - q[-1]);
}
#endif
