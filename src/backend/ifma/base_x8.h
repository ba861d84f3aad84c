/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Fixed-base multiplication [s]B on the 8-lane AVX-512 IFMA field
 * (src/backend/ifma/base_x8.c; docs/performance.md §2, §3): the IFMA
 * backend's scalarmult_base and base_encode entries (src/backend/backend.h).
 *
 * This header has no ISA-specific content. The functions exist on x86-64
 * builds and may be called only when cpu_features().avx512ifma is set (the
 * backend table of src/backend/ifma/ is used only then).
 */
#ifndef VEC25519_BACKEND_IFMA_BASE_X8_H
#define VEC25519_BACKEND_IFMA_BASE_X8_H

#include <stddef.h>
#include <stdint.h>

#include "../serial/ge.h"

/*
 * r = [s]B, s any 32 bytes with s[31] ≤ 127: eight partial sums, one per
 * 64-bit lane, merged at the end. Constant time in s; stack secrets wiped.
 */
void ifma_scalarmult_base_x8(ge_ext *r, const uint8_t s[32]);

/*
 * The backend entry base_encode (backend.h): eight scalars per 8-lane
 * multiplication, single calls (ifma_scalarmult_base_x8's kernel) for a
 * remainder too small to pad, one inversion per block. Constant time in
 * every scalar.
 */
void ifma_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form);

#endif /* VEC25519_BACKEND_IFMA_BASE_X8_H */
