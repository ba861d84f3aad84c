/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The IFMA backend: the vector scalar-multiplication algorithms of
 * src/backend/vector/ on the 4-way IFMA points (edwards_ifma.h),
 * defining `ifma_backend`. Compiled with -mavx512f -mavx512vl -mavx512ifma;
 * used only when cpu_features().avx512ifma (src/backend/dispatch.c). Its
 * SHA-512 is the AVX-512VL message schedule (src/backend/avx512/, which
 * needs only AVX-512F and VL, both implied here; docs/sha512.md).
 */
#define VEC25519_VECTOR_IFMA 1
#include "../../hash/sha512_blocks.h"
#define VBACKEND_SHA512_BLOCKS sha512_blocks_avx512
#include "ladder_ifma.h" /* the table's X25519 entry (VBACKEND_X25519, vpoint.h) */
#include "base_x8.h"     /* its fixed-base entries (VBACKEND_SCALARMULT_BASE, ..._BASE_ENCODE) */
/* The vector algorithms (src/backend/vector/algorithms.h lists them). */
#include "../vector/variable_base.c"
#include "../vector/fixed_base.c"
#include "../vector/double_base.c"
#include "../vector/straus.c"
#include "../vector/pippenger.c"
#include "../vector/multiscalar.c"
#include "../vector/decode.c"
#include "../vector/backend.c"
