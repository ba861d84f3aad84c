/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Batched X25519 (RFC 7748 §5, §6.1): n independent shared secrets
 * out[i] = X25519(scalars[i], points[i]), each with the result of
 * vec25519_x25519 (docs/x25519.md §9).
 *
 * Where the ladders run, by the backend in use (backend_get(), which honours
 * VEC25519_BACKEND):
 *   ifma    chunks of 8 on the 8-lane AVX-512 IFMA kernel
 *           (src/backend/ifma/x25519x8.c); a remainder of n mod 8 ≥
 *           X25519_BATCH_PAD_MIN_IFMA entries is padded into one more
 *           8-lane call, a smaller one runs entry by entry on backend->x25519
 *   avx2    chunks of 4 on the 4-lane AVX2 kernel (src/backend/avx2/x25519x4.c)
 *           if X25519_BATCH_USE_AVX2X4 is 1 (remainder likewise, from
 *           X25519_BATCH_PAD_MIN_AVX2), else entry by entry
 *   serial  entry by entry on backend->x25519
 * A forced serial or avx2 backend therefore never executes AVX-512.
 *
 * Every kernel gives the raw ladder output (canonical, no all-zero check);
 * the RFC 7748 §6.1 check is then x25519_finish, per entry, exactly as in
 * vec25519_x25519, so the answers cannot differ.
 *
 * Constant time in every scalar and every point: the path depends only on n
 * and the backend (public); the only secret-derived values that become
 * branches are the per-entry "all zero" verdicts, which RFC 7748 §6.1 makes
 * public (x25519_finish declassifies them).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vec25519/x25519.h"

#include "../backend/backend.h"
#include "../internal/cpu.h"
#include "../internal/ct.h"
#include "ladder.h"

#include "../backend/avx2/x25519x4.h"
#include "../backend/ifma/x25519x8.h"

/*
 * The lead's choice, after measurement (docs/x25519.md §9.5): 1 runs chunks
 * of 4 on the AVX2 kernel under the avx2 backend, 0 runs a loop of
 * backend->x25519 (the BMI2/ADX ladder) there. Measured: the AVX2 kernel
 * costs 0.62× a single ladder per key. This is the one line to change.
 */
#define X25519_BATCH_USE_AVX2X4 1

/*
 * A remainder of r = n mod w entries (w lanes) is padded into one more
 * w-lane call when r ≥ this, else run singly on backend->x25519: one 8-lane
 * IFMA call costs 2.1 single ladders of the ifma backend (its 4-way IFMA
 * ladder), one 4-lane AVX2 call 2.5 single BMI2/ADX ladders (docs/x25519.md
 * §9.5).
 */
#define X25519_BATCH_PAD_MIN_IFMA 3
#define X25519_BATCH_PAD_MIN_AVX2 3

#if defined(VEC25519_HAVE_X25519X8_IFMA)
typedef void batch_kernel(uint8_t (*out)[32], const uint8_t (*scalars)[32],
                          const uint8_t (*points)[32]);

/*
 * Entries 0 … n−1 (32 bytes each, back to back) on a w-lane kernel (w ≤ 8):
 * each full chunk of w, then a remainder r = n mod w ≥ pad_min padded with
 * zero lanes (public, and harmless since their output is discarded), is
 * copied into the kernel's arrays, run, and copied out; the copies are
 * wiped. Copying (at most 768 bytes per chunk of 8 ladders) keeps the flat
 * public buffers apart from the kernel's 32-byte rows, and reads each
 * chunk's inputs before its outputs are written (out may alias scalars or
 * points). Returns how many entries were done (n, or n − r).
 */
static size_t batch_chunks(batch_kernel *kernel, size_t w, size_t pad_min, size_t n,
                           uint8_t *out, const uint8_t *scalars, const uint8_t *points)
{
    uint8_t k[8][32], u[8][32], r[8][32];
    size_t i = 0;

    memset(k, 0, sizeof k);
    memset(u, 0, sizeof u);
    while (i < n) {
        size_t m = n - i < w ? n - i : w;
        if (m < w && m < pad_min) break; /* a small remainder: one by one */
        memcpy(k, scalars + 32 * i, 32 * m);
        memcpy(u, points + 32 * i, 32 * m);
        if (m < w) {
            memset(k[m], 0, 32 * (w - m));
            memset(u[m], 0, 32 * (w - m));
        }
        kernel(r, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u);
        memcpy(out + 32 * i, r, 32 * m);
        i += m;
    }
    vec25519_wipe(k, sizeof k);
    vec25519_wipe(u, sizeof u);
    vec25519_wipe(r, sizeof r);
    return i;
}
#endif

/* The raw ladders of all n entries (before the §6.1 check). */
static void batch_ladders(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points)
{
    const struct backend *b = backend_get();
    size_t i = 0;

#if defined(VEC25519_HAVE_X25519X8_IFMA)
    if (b == &ifma_backend && cpu_features().avx512ifma)
        i = batch_chunks(x25519_batch8_ifma, 8, X25519_BATCH_PAD_MIN_IFMA, n, out, scalars,
                         points);
#if defined(VEC25519_HAVE_X25519X4_AVX2)
    if (X25519_BATCH_USE_AVX2X4 && b == &avx2_backend && cpu_features().avx2)
        i = batch_chunks(x25519_batch4_avx2, 4, X25519_BATCH_PAD_MIN_AVX2, n, out, scalars,
                         points);
#endif
#endif
    for (; i < n; i++) b->x25519(out + 32 * i, scalars + 32 * i, points + 32 * i);
}

/*
 * out[i] = X25519(scalars[i], points[i]) for i < n (entry i at 32·i of each
 * buffer); results[i] (if results != NULL) = what vec25519_x25519 would
 * return. Returns -1 if any entry failed. out may be the same buffer as
 * scalars or points: every
 * kernel reads its entries' inputs before writing their outputs, and
 * entries are processed in increasing order. Constant time in every scalar
 * and point (n public).
 */
VEC25519_API int vec25519_x25519_batch(size_t n, uint8_t *out, const uint8_t *scalars,
                                       const uint8_t *points, int *results)
{
    int rc = 0;

    if (n == 0) return 0;
    if (out == NULL || scalars == NULL || points == NULL) {
        if (out != NULL) memset(out, 0, 32 * n);
        if (results) for (size_t i = 0; i < n; i++) results[i] = -1;
        return -1;
    }
    batch_ladders(n, out, scalars, points);
    for (size_t i = 0; i < n; i++) {
        int r = x25519_finish(out + 32 * i);
        if (results) results[i] = r;
        rc |= r;
    }
    return rc;
}
