/*
 * The IFMA backend: the vector scalar-multiplication algorithms of
 * src/backend/vector/scalarmult.c on the 4-way IFMA points (edwards_ifma.h),
 * defining `ifma_backend`. Compiled with -mavx512f -mavx512vl -mavx512ifma;
 * used only when cpu_features().avx512ifma (src/backend/dispatch.c).
 */
#define VEC25519_VECTOR_IFMA 1
#include "../vector/scalarmult.c"
