/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Batched X25519 (RFC 7748 §5, §6.1): n independent shared secrets
 * out[i] = X25519(scalars[i], points[i]), each with the result of
 * vec25519_x25519 (docs/x25519.md §9).
 *
 * The ladders are the backend's x25519_batch entry (backend_get(), which
 * honours VEC25519_BACKEND; src/backend/backend.h): the ifma backend runs
 * chunks of 8 on its 8-lane kernel, the avx2 backend chunks of 4 on its
 * 4-lane kernel, the serial backend entry by entry (src/backend/ladder.h,
 * x25519_batch_lanes). A forced serial or avx2 backend therefore never
 * executes AVX-512.
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
#include "../internal/ct.h"
#include "ladder.h"

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
    backend_get()->x25519_batch(n, out, scalars, points);
    for (size_t i = 0; i < n; i++) {
        int r = x25519_finish(out + 32 * i);
        if (results) results[i] = r;
        rc |= r;
    }
    return rc;
}
