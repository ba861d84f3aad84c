/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * libvec25519-sodium — vec25519 behind libsodium's Curve25519 names
 * (docs/sodium.md). The library defines libsodium 1.0.18's crypto_sign_*,
 * crypto_sign_ed25519_*, crypto_scalarmult(_curve25519)*,
 * crypto_core_ed25519_*, crypto_scalarmult_ed25519*, crypto_core_ristretto255_*
 * and crypto_scalarmult_ristretto255* with libsodium's prototypes and
 * answers; a program includes <sodium.h> as before and links
 * -lvec25519-sodium ahead of -lsodium (or runs with LD_PRELOAD).
 *
 * This header only adds the run-time check. A program that must not depend
 * on the drop-in looks the functions up instead:
 *   int (*active)(void) = (int (*)(void)) dlsym(RTLD_DEFAULT, "vec25519_sodium_active");
 */
#ifndef VEC25519_SODIUM_H
#define VEC25519_SODIUM_H

#ifdef __cplusplus
extern "C" {
#endif

/** 1: libsodium's Curve25519 names resolve to vec25519 in this process
 * (the function exists only in libvec25519-sodium). */
__attribute__((visibility("default"))) int vec25519_sodium_active(void);

/** The number of calls of the libsodium names this library answered since
 * the process started (all threads; a relaxed atomic counter). Tests use it
 * to prove that calls landed here and not in libsodium. */
__attribute__((visibility("default"))) unsigned long long vec25519_sodium_calls(void);

/** The vec25519 backend the calls run on ("serial-u64", "avx2", "ifma", ...;
 * VEC25519_BACKEND forces one): vec25519_backend() of the core inside. */
__attribute__((visibility("default"))) const char *vec25519_sodium_backend(void);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_SODIUM_H */
