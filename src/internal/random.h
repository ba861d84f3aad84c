/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Randomness, for the few places the library needs it: random scalars and
 * elements (src/edwards/), random key pairs (src/ed25519/, src/x25519/),
 * vec25519_random_bytes and the weights of batch verification
 * (src/ed25519/batch.c). Internal: hidden like every symbol outside
 * include/, never exported.
 *
 * Source: the hook of vec25519_random_set_hook (include/vec25519/util.h) when
 * one is installed, and otherwise the operating system: getrandom(2) on
 * Linux; /dev/urandom where the system call is missing (kernels before 3.17,
 * or a seccomp filter answering ENOSYS/EPERM) and on other Unix systems. No
 * state is kept (nothing to reseed after fork(), no file descriptor held
 * open), and both functions are thread-safe (the hook must be too, util.h).
 *
 * Blocking: getrandom is called with flags 0 (not GRND_NONBLOCK, not
 * GRND_INSECURE), so it blocks only until the kernel's generator has been
 * seeded once after boot, and never afterwards. /dev/urandom never blocks
 * (on kernels old enough to need it, it may be read before seeding; only
 * early-boot callers on such kernels are affected).
 *
 * Signals: a call interrupted by a signal (EINTR) is retried; short reads
 * (possible for large requests) are continued until n bytes have been read.
 *
 * Failure: there is no partial success. Either all n bytes are written or
 *   random_fill_try returns -1 with buf zeroed (for callers with a
 *     safe deterministic alternative, such as batch verification, which then
 *     verifies one signature at a time), or
 *   random_fill writes a one-line message to stderr and calls abort()
 *     (for void functions whose contract is "random output": returning
 *     anything else would be silently unsafe; libsodium's randombytes makes
 *     the same choice).
 */
#ifndef VEC25519_INTERNAL_RANDOM_H
#define VEC25519_INTERNAL_RANDOM_H

#include <stddef.h>

/* buf = n bytes from the generator: 0. Or -1 if no source works, with buf
 * zeroed. Blocks only until the kernel generator is first seeded. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((warn_unused_result))
#endif
int random_fill_try(void *buf, size_t n);

/* buf = n bytes from the generator. Never returns otherwise: if no source
 * works, prints "vec25519: no randomness ..." to stderr and aborts. */
void random_fill(void *buf, size_t n);

#endif /* VEC25519_INTERNAL_RANDOM_H */
