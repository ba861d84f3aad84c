/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Scratch memory of the multiscalar algorithms (serial and vector alike):
 * one 64-byte aligned heap block per call, sized up front, with the arrays
 * carved out of it.
 *
 * Why one block: with glibc's defaults a single block larger than the mmap
 * threshold raises the dynamic mmap and trim thresholds when it is freed,
 * so the next call of the same size reuses the same (already faulted-in)
 * heap memory, whereas several smaller blocks that together exceed
 * M_TRIM_THRESHOLD make free() return the heap top to the system and every
 * call faults its pages in again (docs/msm.md §4).
 *
 *   size_t total = 0;
 *   size_t o_a = scratch_layout(&total, n, sizeof *a);   offsets, 64-aligned
 *   size_t o_b = scratch_layout(&total, m, sizeof *b);
 *   unsigned char *base = scratch_alloc(total);          NULL: failure
 *   a = (void *)(base + o_a); b = (void *)(base + o_b);
 *   ... scratch_free(base);
 *
 * scratch_layout reserves n·size bytes at a 64-byte aligned offset of the
 * block and returns that offset; on overflow it sets *total to SIZE_MAX
 * (sticky), which scratch_alloc refuses (NULL). scratch_alloc returns a
 * 64-byte aligned block of at least max(total, 1) bytes (one malloc), or
 * NULL; scratch_free releases it (NULL is allowed). Secrets must be wiped
 * by the caller before the free. Variable time in the sizes only.
 */
#ifndef VEC25519_INTERNAL_SCRATCH_H
#define VEC25519_INTERNAL_SCRATCH_H

#include <stddef.h>

size_t scratch_layout(size_t *total, size_t n, size_t size);
void *scratch_alloc(size_t total);
void scratch_free(void *p);

#if defined(VEC25519_FAULT_INJECTION)
/*
 * Test builds only (tests/faults/: a core compiled with
 * -DVEC25519_FAULT_INJECTION; the library never is). scratch_alloc counts
 * its calls in .calls and returns NULL on call number .fail_at (1-based; 0:
 * never fails); .live counts blocks not yet freed, and .freed_nonzero the
 * blocks that were not all zero when freed (a secret left behind, for the
 * callers that promise to wipe). The test resets the struct before each run.
 * One thread at a time.
 */
struct scratch_faults {
    unsigned long calls, fail_at, failed, live, freed_nonzero;
};
extern struct scratch_faults scratch_faults;
#endif

#endif /* VEC25519_INTERNAL_SCRATCH_H */
