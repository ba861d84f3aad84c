/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * How n independent entries run on a w-lane vector kernel, written once for
 * the two batchers that do it (serial/ladder.c: x25519_batch_lanes, the
 * X25519 ladders; serial/base_encode.c: ge_base_encode_lanes, the
 * fixed-base encodings): full chunks of w; then a remainder r = n mod w run
 * as one more kernel call padded with zero lanes when r ≥ pad_min (a padded
 * call is cheaper than r single calls, docs/x25519.md §9.5); else the r
 * entries one by one. n, w and pad_min are public, so the plan is too.
 */
#ifndef VEC25519_BACKEND_LANES_PLAN_H
#define VEC25519_BACKEND_LANES_PLAN_H

#include <stddef.h>

/* The entries of the kernel call that starts at entry i < n: w (a full
 * chunk), r = n − i (pad_min ≤ r < w: one call, lanes r..w−1 padded), or 0
 * (the rest runs one by one). */
static inline size_t lanes_chunk(size_t n, size_t i, size_t w, size_t pad_min)
{
    const size_t r = n - i;
    if (r >= w) return w;
    return r >= pad_min ? r : 0;
}

#endif /* VEC25519_BACKEND_LANES_PLAN_H */
