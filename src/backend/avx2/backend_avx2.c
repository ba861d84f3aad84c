/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The AVX2 backend: the vector scalar-multiplication algorithms of
 * src/backend/vector/scalarmult.c on the 4-way AVX2 points (edwards_avx2.h),
 * defining `avx2_backend`. Compiled with -mavx2; used only when
 * cpu_features().avx2 (src/backend/dispatch.c). Its SHA-512 is the AVX2
 * message schedule (sha512_avx2.c, docs/sha512.md).
 */
#define VEC25519_VECTOR_AVX2 1
#include "../../hash/sha512_blocks.h"
#define VBACKEND_SHA512_BLOCKS sha512_blocks_avx2
#include "../vector/msm.h" /* the multiscalar entries of the table */
#include "../vector/scalarmult.c"
#include "../vector/msm.c"
#include "../vector/decode.c"
