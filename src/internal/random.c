/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Operating-system randomness: contract, blocking and failure behaviour in
 * random.h. getrandom(2) first (Linux), then the /dev/urandom device read
 * with unbuffered POSIX read(2) (so no random bytes linger in a stdio buffer).
 */
#if defined(__unix__) || defined(__APPLE__)
#define _POSIX_C_SOURCE 200809L /* open/read/close under -std=c11 */
#define VEC25519_HAVE_POSIX 1
#endif

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

int vec25519_os_random_try(void *buf, size_t n)
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

void vec25519_os_random(void *buf, size_t n)
{
    if (vec25519_os_random_try(buf, n) == 0) return;
    fputs("vec25519: no operating-system randomness (getrandom and /dev/urandom failed)\n",
          stderr);
    abort();
}
