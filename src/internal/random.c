/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The library's randomness: contract, blocking and failure behaviour in
 * random.h and include/vec25519/util.h. The hook of vec25519_random_set_hook
 * if one is installed; otherwise getrandom(2) first (Linux), then the
 * /dev/urandom device read with unbuffered POSIX read(2) (so no random bytes
 * linger in a stdio buffer).
 */
#if defined(__unix__) || defined(__APPLE__)
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

/* The operating system's generator: 0, or -1 with buf zeroed. */
static int os_random(void *buf, size_t n)
{
    uint8_t *p = (uint8_t *)buf;
#if defined(__linux__)
    size_t left = fill_getrandom(p, n);
    if (left == 0) return 0;
    p += n - left;
    n = left;
#endif
    if (fill_device(p, n) == 0) return 0;
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
    fputs("vec25519: no randomness (the random hook failed, or getrandom and /dev/urandom did)\n",
          stderr);
    abort();
}

VEC25519_API int vec25519_random_bytes(void *buf, size_t len)
{
    if (buf == NULL) return len == 0 ? 0 : -1;
    return random_fill_try(buf, len);
}
