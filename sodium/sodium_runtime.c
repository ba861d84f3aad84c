/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * libvec25519-sodium: the run-time check (vec25519-sodium.h).
 */
#include "vec25519.h"

#include "sodium_internal.h"
#include "vec25519-sodium.h"

unsigned long long vec25519_sodium_counter;

int vec25519_sodium_active(void)
{
    return 1;
}

unsigned long long vec25519_sodium_calls(void)
{
    return __atomic_load_n(&vec25519_sodium_counter, __ATOMIC_RELAXED);
}

const char *vec25519_sodium_backend(void)
{
    return vec25519_backend();
}
