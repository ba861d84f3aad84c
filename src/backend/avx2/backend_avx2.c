/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The AVX2 backend: the vector scalar-multiplication algorithms of
 * src/backend/vector/ on the 4-way AVX2 points (edwards_avx2.h),
 * defining `avx2_backend`. Compiled with -mavx2; used only when
 * cpu_features().avx2 (src/backend/dispatch.c). Its SHA-512 is the AVX2
 * message schedule (sha512_avx2.c, docs/sha512.md).
 */
#define VEC25519_VECTOR_AVX2 1
#include "../../hash/sha512_blocks.h"
#define VBACKEND_SHA512_BLOCKS sha512_blocks_avx2
/* The vector algorithms (src/backend/vector/algorithms.h lists them). */
#include "../vector/variable_base.c"
#include "../vector/fixed_base.c"
#include "../vector/double_base.c"
#include "../vector/straus.c"
#include "../vector/pippenger.c"
#include "../vector/multiscalar.c"
#include "../vector/decode.c"
#include "../vector/backend.c"
