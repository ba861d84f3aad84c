/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Shared by the files of libvec25519-sodium: the call counter behind
 * vec25519_sodium_calls() (sodium_runtime.c).
 */
#ifndef VEC25519_SODIUM_INTERNAL_H
#define VEC25519_SODIUM_INTERNAL_H



extern unsigned long long vec25519_sodium_counter;

/* One call of a libsodium name answered here (relaxed: a statistic). */
#define SODIUM_COUNT() __atomic_fetch_add(&vec25519_sodium_counter, 1, __ATOMIC_RELAXED)

#endif /* VEC25519_SODIUM_INTERNAL_H */
