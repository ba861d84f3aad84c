/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * libsodium, the differential reference of the tests built with HAVE_SODIUM:
 * its header and its initialisation, written once for every test that calls it.
 */
#ifndef VEC25519_TEST_SODIUM_INIT_H
#define VEC25519_TEST_SODIUM_INIT_H

#include <sodium.h>

#include "test.h"

/* 1 when libsodium is ready; 0 after a failed check (sodium_init failed). */
static inline int test_sodium_init(void)
{
    if (sodium_init() >= 0) return 1;
    CHECK(0, "sodium_init failed");
    return 0;
}

#endif /* VEC25519_TEST_SODIUM_INIT_H */
