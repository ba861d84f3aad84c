/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Secret wiping that survives dead-store elimination: the buffer is cleared
 * through memset and then handed to an empty asm statement that claims to read
 * all of memory, so the stores must happen.
 */
#include <string.h>

#include "ct.h"

void vec25519_wipe(void *p, size_t n)
{
    if (n == 0) return;
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *vp = (volatile unsigned char *)p;
    while (n--) *vp++ = 0;
#endif
}
