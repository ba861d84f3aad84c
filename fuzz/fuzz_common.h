/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Shared vocabulary of the libFuzzer targets (docs/fuzzing.md).
 *
 * Every target is differential: it runs vec25519 and a reference (libsodium
 * 1.0.18, or a small reference written in the target) on the same input and
 * calls FUZZ_REQUIRE on every property that must hold. A property that fails
 * prints what differed and the whole input in hex, then aborts, which
 * libFuzzer reports as a crash and saves as crash-<sha1>.
 *
 * Documented differences with libsodium (include/vec25519/ed25519.h,
 * edwards25519.h, ristretto255.h, README.md) are not failures; each target
 * checks them precisely instead (the difference is allowed only in the exact
 * case the documentation describes).
 */
#ifndef VEC25519_FUZZ_COMMON_H
#define VEC25519_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

/* The libFuzzer entry points (declared here for -Wmissing-prototypes). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Records the input so that a failure can print it. Call first in every
 * LLVMFuzzerTestOneInput. */
void fuzz_begin(const uint8_t *data, size_t size);

/* Prints "vec25519 fuzz: MISMATCH at <file>:<line>: <message>", the labelled
 * byte strings registered with fuzz_note, and the input; then aborts. */
void fuzz_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4), noreturn));

/* Attaches a labelled byte string to the report of a later failure in this
 * input; a second note with the same label replaces the first. At most 16
 * labels per input; the bytes are read only when a failure is reported. */
void fuzz_note(const char *label, const void *p, size_t n);

/* Forgets every note (call before the noted buffers go out of scope: at the
 * start of each checking function that notes its own locals). */
void fuzz_notes_reset(void);

#define FUZZ_REQUIRE(cond, ...)                                   \
    do {                                                          \
        if (!(cond)) fuzz_fail(__FILE__, __LINE__, __VA_ARGS__);  \
    } while (0)

/* Calls sodium_init() and aborts if it fails. */
void fuzz_sodium_init(void);

/* 1 if the n bytes at p are all zero. */
int fuzz_is_zero(const uint8_t *p, size_t n);

/* 1 if the 255-bit little-endian integer s (bit 255 ignored) is < p = 2^255 - 19.
 * A reference written byte by byte, independent of the library. */
int fuzz_y_is_canonical(const uint8_t s[32]);

/* 1 if the 256-bit little-endian integer x is < ℓ = 2^252 +
 * 27742317777372353535851937790883648493 (a canonical scalar), comparing
 * from the most significant byte. A reference independent of the library. */
int fuzz_lt_ell(const uint8_t x[32]);
/* ℓ itself, little-endian. */
extern const uint8_t fuzz_ell[32];

#endif /* VEC25519_FUZZ_COMMON_H */
