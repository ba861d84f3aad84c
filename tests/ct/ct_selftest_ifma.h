/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The IFMA functions of the harness self-test (ct_selftest_ifma.c), for the
 * MemorySanitizer build. No ISA-specific types here: ct_selftest.c is plain
 * C and calls them only when the CPU has AVX512F, AVX512VL and AVX512IFMA.
 */
#ifndef VEC25519_TESTS_CT_SELFTEST_IFMA_H
#define VEC25519_TESTS_CT_SELFTEST_IFMA_H

#include <stdint.h>

void ifma_selftest_init(void);
/* Leaky: a branch on a lane, an index from a lane, a branch on an opmask bit. */
uint64_t ifma_leaky_lane(const uint64_t limbs[4]);
uint8_t ifma_leaky_index(const uint64_t limbs[4]);
uint64_t ifma_leaky_mask(const uint64_t limbs[4]);
/* The same three answers, constant time: out = {lane, index, mask}. */
void ifma_ct(uint64_t out[3], const uint64_t limbs[4]);

#endif /* VEC25519_TESTS_CT_SELFTEST_IFMA_H */
