/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * SHA-512 compression with the AVX-512VL message schedule: the two-block
 * code of src/backend/avx2/sha512_avx2.c with σ0 and σ1 on VPRORQ and
 * VPTERNLOGQ, 4 instructions each instead of 9 (docs/sha512.md). Defines
 * sha512_blocks_avx512 (sha512_blocks.h). Every .c in src/backend/avx512/ is
 * compiled with -mavx2 -mavx512f -mavx512vl and nothing else, so it runs on
 * any AVX-512F/VL CPU (no IFMA needed); used by the ifma backend.
 */
#define SHA512_X2_AVX512 1
#include "../avx2/sha512_avx2.c"
