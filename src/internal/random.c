/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The library's randomness: contract, blocking and failure behaviour in
 * random.h and include/vec25519/util.h. The hook of vec25519_random_set_hook
 * if one is installed; otherwise the operating system's generator:
 *   Linux          getrandom(2), then the /dev/urandom device;
 *   macOS, BSDs    getentropy(2) (256 bytes a call at most), then the device;
 *   Windows        BCryptGenRandom with the system-preferred generator
 *                  (bcrypt.dll; the build links bcrypt);
 *   other Unix     the device.
 * The device is read with unbuffered POSIX read(2), so no random bytes linger
 * in a stdio buffer.
 */
#if defined(__APPLE__) || defined(__FreeBSD__) || defined(__OpenBSD__) || defined(__NetBSD__) || \
    defined(__DragonFly__)
/* Their headers show getentropy and open/read/close by default; defining
 * _POSIX_C_SOURCE would hide getentropy. */
#define VEC25519_HAVE_POSIX 1
#define VEC25519_HAVE_GETENTROPY 1
#elif defined(__unix__)
#define _POSIX_C_SOURCE 200809L /* open/read/close under -std=c11 */
#define VEC25519_HAVE_POSIX 1
#endif

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(VEC25519_HAVE_POSIX)
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#endif
#if defined(__linux__)
#include <sys/random.h>
#endif
#if defined(__APPLE__)
#include <sys/types.h>
#include <sys/random.h> /* getentropy (macOS 10.12) */
#endif
#if defined(__NetBSD__)
#include <sys/param.h>
#if __NetBSD_Version__ < 1000000000 /* getentropy: NetBSD 10 */
#undef VEC25519_HAVE_GETENTROPY
#endif
#endif
#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#include <bcrypt.h>
#endif

#include "vec25519/util.h"

#include "ct.h"
#include "random.h"

#if defined(__linux__)
/* Fills p[0..n) with getrandom; returns the number of bytes not filled (0 on
 * success; n on ENOSYS, EPERM or any other error, which the device may fix). */
static size_t fill_getrandom(uint8_t *p, size_t n)
{
    while (n > 0) {
        ssize_t got = getrandom(p, n, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            break;
        }
        p += (size_t)got;
        n -= (size_t)got;
    }
    return n;
}
#endif

#if defined(VEC25519_HAVE_GETENTROPY)
/* Fills p[0..n) with getentropy, 256 bytes a call (its limit); returns the
 * number of bytes not filled (0 on success). */
static size_t fill_getentropy(uint8_t *p, size_t n)
{
    while (n > 0) {
        size_t k = n < 256 ? n : 256;
        if (getentropy(p, k) != 0) break;
        p += k;
        n -= k;
    }
    return n;
}
#endif

#if defined(_WIN32)
/* Fills p[0..n) from the system-preferred generator; 0, or -1 on failure.
 * BCryptGenRandom takes a ULONG length: large requests go in pieces. */
static int fill_bcrypt(uint8_t *p, size_t n)
{
    while (n > 0) {
        ULONG k = n < (size_t)0x40000000 ? (ULONG)n : (ULONG)0x40000000;
        NTSTATUS st = BCryptGenRandom(NULL, p, k, BCRYPT_USE_SYSTEM_PREFERRED_RNG);
        if (st < 0) return -1; /* !BCRYPT_SUCCESS */
        p += k;
        n -= k;
    }
    return 0;
}
#endif

#if !defined(_WIN32)
/* Fills p[0..n) from /dev/urandom; 0 on success, -1 if it cannot be read. */
static int fill_device(uint8_t *p, size_t n)
{
#if defined(VEC25519_HAVE_POSIX)
    int fd;
    do {
        fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return -1;
    while (n > 0) {
        ssize_t got = read(fd, p, n);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break; /* an error, or end of file: not a generator */
        p += (size_t)got;
        n -= (size_t)got;
    }
    (void)close(fd);
    return n == 0 ? 0 : -1;
#else
    FILE *f = fopen("/dev/urandom", "rb");
    if (f == NULL) return -1;
    setvbuf(f, NULL, _IONBF, 0);
    size_t got = fread(p, 1, n, f);
    fclose(f);
    return got == n ? 0 : -1;
#endif
}
#endif

/* The operating system's generator: 0, or -1 with buf zeroed. */
static int os_random(void *buf, size_t n)
{
    uint8_t *p = (uint8_t *)buf;
#if defined(_WIN32)
    if (fill_bcrypt(p, n) == 0) return 0;
#else
#if defined(__linux__)
    size_t left = fill_getrandom(p, n);
#elif defined(VEC25519_HAVE_GETENTROPY)
    size_t left = fill_getentropy(p, n);
#else
    size_t left = n;
#endif
    if (left == 0) return 0;
    p += n - left;
    n = left;
    if (fill_device(p, n) == 0) return 0;
#endif
    memset(buf, 0, (size_t)(p - (uint8_t *)buf) + n);
    return -1;
}

/* The hook (NULL: the OS). Stored ctx first and read fn first, with
 * release/acquire on fn: a draw that sees a new fn sees the ctx stored with
 * it (util.h: changes must not race with draws). */
static _Atomic(vec25519_random_hook) hook_fn;
static _Atomic(void *) hook_ctx;

VEC25519_API void vec25519_random_set_hook(vec25519_random_hook fn, void *ctx)
{
    atomic_store_explicit(&hook_ctx, fn != NULL ? ctx : NULL, memory_order_relaxed);
    atomic_store_explicit(&hook_fn, fn, memory_order_release);
}

int random_fill_try(void *buf, size_t n)
{
    if (n == 0) return 0;
    vec25519_random_hook fn = atomic_load_explicit(&hook_fn, memory_order_acquire);
    if (fn == NULL) return os_random(buf, n);
    void *ctx = atomic_load_explicit(&hook_ctx, memory_order_relaxed);
    if (fn(ctx, (uint8_t *)buf, n) == 0) return 0;
    vec25519_wipe(buf, n); /* whatever the failed hook left there */
    return -1;
}

void random_fill(void *buf, size_t n)
{
    if (random_fill_try(buf, n) == 0) return;
    fputs("vec25519: no randomness (the random hook failed, or the system generator did)\n",
          stderr);
    abort();
}

VEC25519_API int vec25519_random_bytes(void *buf, size_t len)
{
    if (buf == NULL) return len == 0 ? 0 : -1;
    return random_fill_try(buf, len);
}
