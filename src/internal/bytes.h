/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* Little-endian loads and stores, independent of host byte order. */
#ifndef VEC25519_INTERNAL_BYTES_H
#define VEC25519_INTERNAL_BYTES_H

#include <stdint.h>

static inline uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

static inline uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)load32_le(p) | ((uint64_t)load32_le(p + 4) << 32);
}

static inline void store32_le(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

static inline void store64_le(uint8_t *p, uint64_t x)
{
    store32_le(p, (uint32_t)x);
    store32_le(p + 4, (uint32_t)(x >> 32));
}

static inline uint64_t load64_be(const uint8_t *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

static inline void store64_be(uint8_t *p, uint64_t x)
{
    for (int i = 7; i >= 0; i--) {
        p[i] = (uint8_t)x;
        x >>= 8;
    }
}

#endif /* VEC25519_INTERNAL_BYTES_H */
