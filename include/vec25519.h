/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — Curve25519 for C: X25519, Ed25519, Ristretto255 and hashing to
 * the curve on one constant-time core with serial and vectorised backends.
 *
 * Umbrella header: include this, and link with `pkg-config --libs vec25519`
 * or the CMake target vec25519::vec25519 (docs/guide.md).
 *
 * @par Threads
 * Every function may be called from any number of threads at once, with no
 * init call and no lock. Objects the caller owns (points, the streaming
 * states, vec25519_sha512_ctx) must not be used by two threads at once; a
 * precomputed table (vec25519_edwards25519_precomp) is read-only after
 * creation and may be shared. The library's global state, all of it:
 *  - the backend choice: made on first use (CPUID, XGETBV, and
 *    VEC25519_BACKEND read with secure_getenv) and kept in an atomic
 *    pointer; concurrent first calls compute the same answer and store it;
 *  - lazily built tables (the vector backends' fixed-base and odd-multiple
 *    tables of B, the serial multiscalar table of B): the first caller wins
 *    a compare-and-swap, fills the table and publishes it (release/acquire);
 *    a caller that finds it being filled does not wait, it uses the serial
 *    method or a private copy (same results), so no call ever blocks;
 *  - the random hook (vec25519_random_set_hook): one process-wide setting
 *    read at every draw without a lock; set it before starting threads (or
 *    while nothing draws randomness). Without a hook randomness comes from
 *    getrandom or /dev/urandom at each draw, with no state in the library;
 *  - the key-pair check cache of signing: per thread (_Thread_local), eight
 *    tags of (seed, pk) pairs already checked, never shared
 *    (src/ed25519/keycheck.c).
 *
 * @par fork()
 * A child process inherits all of the above from the parent as it was at
 * fork(), and each stays correct: the backend choice and the finished tables
 * are constant; a table that another thread of the parent was filling at
 * that moment is never finished in the child, which then uses the
 * fallbacks for good (correct, slower: sign and verify once before forking
 * workers to avoid it); the operating-system randomness has no state
 * to duplicate (two children never share random bytes); a random hook with
 * state of its own (a user-space generator) is duplicated with it, so the
 * hook must reseed in the child itself; the forking thread's key-pair cache
 * holds pairs that were checked and still describe them. Nothing takes a
 * lock, so a child of a multithreaded parent cannot deadlock in the library.
 */
#ifndef VEC25519_H
#define VEC25519_H

#include "vec25519/export.h"
#include "vec25519/ed25519.h"
#include "vec25519/error.h"
#include "vec25519/hash_to_curve.h"
#include "vec25519/ristretto255.h" /* includes vec25519/edwards25519.h */
#include "vec25519/sha512.h"
#include "vec25519/util.h"
#include "vec25519/version.h"
#include "vec25519/x25519.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Name of the arithmetic backend in use ("serial-u64", "serial-u32", ...). */
VEC25519_API const char *vec25519_backend(void);

/** The version of the library linked at run time, e.g. "0.1.0"; the headers
 * compiled against say VEC25519_VERSION_STRING (vec25519/version.h). */
VEC25519_API const char *vec25519_version(void);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_H */
