/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Wiping and comparing secrets (include/vec25519/util.h).
 *
 * vec25519_wipe survives dead-store elimination: the buffer is cleared
 * through memset and then handed to an empty asm statement that claims to
 * read all of memory, so the stores must happen (where there is no GNU asm,
 * a volatile byte loop does it).
 *
 * vec25519_memeq ORs the XOR of every byte pair into one accumulator, with
 * no early exit, and turns it into 0/1 through the ct.h mask constructor
 * (whose value barrier keeps the compiler from reintroducing a branch).
 * Both are exported, and the library calls vec25519_wipe itself everywhere.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/util.h"

#include "ct.h"

VEC25519_API void vec25519_wipe(void *p, size_t n)
{
    if (n == 0 || p == NULL) return;
    memset(p, 0, n);
#if defined(__GNUC__) || defined(__clang__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    volatile unsigned char *vp = (volatile unsigned char *)p;
    while (n--) *vp++ = 0;
#endif
}

VEC25519_API int vec25519_memeq(const void *a, const void *b, size_t len)
{
    const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
    uint64_t d = 0;

    if (len == 0) return 1;
    if (a == NULL || b == NULL) return 0; /* public: the pointers, not the contents */
    for (size_t i = 0; i < len; i++) d |= (uint64_t)(x[i] ^ y[i]);
    return ct_to_int(ct_is_zero(d));
}
