/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — random bytes, the random-generator hook, wiping and
 * constant-time comparison.
 *
 * Where randomness comes from. Every random thing the library does (random
 * key pairs, random scalars and elements, vec25519_random_bytes, the weights
 * of batch verification) draws from one place: the hook installed with
 * vec25519_random_set_hook if there is one, and otherwise the operating
 * system (src/internal/random.c): getrandom(2) on Linux, then the device
 * /dev/urandom (kernels without the system call, a seccomp filter answering
 * ENOSYS or EPERM, other Unix systems). Nothing is buffered in user space,
 * so there is no generator state to reseed after fork(). getrandom is called
 * without GRND_NONBLOCK, so the first call blocks until the kernel's
 * generator has been seeded once after boot, and never afterwards; an
 * interrupted or short read is continued.
 *
 * Failure. When no source works (no getrandom and no readable
 * /dev/urandom, e.g. in a chroot or sandbox without the device, or the hook
 * reports failure), the functions that return an int return -1 with their
 * outputs zeroed; batch verification verifies one signature at a time
 * instead (the same verdicts, no randomness needed); and the functions that
 * return void (vec25519_ristretto255_random and the *_scalar_random ones,
 * whose contract is "a random output") print one line on stderr and call
 * abort(), as libsodium's randombytes does, since returning anything else
 * would be silently unsafe.
 */
#ifndef VEC25519_UTIL_H
#define VEC25519_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * buf[0..len) = len bytes from the random generator (see above: the hook, or
 * the operating system). Returns 0; or -1 with buf[0..len) zeroed when no
 * source works, and -1 when buf is NULL with len > 0. len = 0 always
 * succeeds. Thread-safe.
 */
VEC25519_API VEC25519_WUR int vec25519_random_bytes(void *buf, size_t len);

/**
 * A random generator: fills buf[0..len) (len > 0) and returns 0, or returns
 * any other value when it cannot (the library then fails as described
 * above; it zeroes the buffer itself). ctx is the pointer given to
 * vec25519_random_set_hook. It may be called from several threads at once,
 * whenever the library needs randomness, and must be safe for that.
 */
typedef int (*vec25519_random_hook)(void *ctx, uint8_t *buf, size_t len);

/**
 * Installs fn (with its ctx) as the one process-wide source of randomness
 * of the library, or, with fn = NULL, goes back to the operating system.
 * For deterministic tests and for platforms without getrandom or
 * /dev/urandom. The hook must produce cryptographically secure bytes
 * outside of tests: everything the library makes from them (secret keys,
 * nonces of batch verification) is only as good as they are.
 *
 * Thread rules: the hook is one process-wide setting, read at every draw
 * without a lock. Change it only while no other thread can be drawing random
 * bytes through the library (before starting threads, or in a
 * single-threaded test); a change that races with a draw is a programming
 * error (the draw may use the old hook, the new one, or the new function
 * with the old ctx). The hook survives fork() in the child like any other
 * memory: a hook with state of its own (a user-space generator) must reseed
 * itself in the child.
 */
VEC25519_API void vec25519_random_set_hook(vec25519_random_hook fn, void *ctx);

/**
 * Sets p[0..len) to zero in a way the compiler cannot remove as a dead
 * store (for secrets about to go out of scope). p may be NULL when len is
 * 0; a NULL p with len > 0 does nothing. Constant time in the contents.
 */
VEC25519_API void vec25519_wipe(void *p, size_t len);

/**
 * 1 if a[0..len) and b[0..len) are equal, else 0: for comparing secrets
 * (MACs, tags, keys), where memcmp's early exit would reveal the position
 * of the first difference. Its time depends on len only, not on the
 * contents. len = 0 gives 1. A NULL a or b with len > 0 gives 0. Like
 * libsodium's sodium_memcmp (which returns 0 when equal) and Monocypher's
 * crypto_verify16/32/64 (fixed lengths), with the answer of the library's
 * other predicates.
 */
VEC25519_API VEC25519_WUR int vec25519_memeq(const void *a, const void *b, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_UTIL_H */
