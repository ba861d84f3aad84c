/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — Curve25519 for C: X25519, Ed25519, Ristretto255 and hashing to
 * the curve on one constant-time core with serial and vectorised backends.
 *
 * Umbrella header: include this, and link with `pkg-config --libs vec25519`
 * or the CMake target vec25519::vec25519 (docs/guide.md).
 */
#ifndef VEC25519_H
#define VEC25519_H

#include "vec25519/export.h"
#include "vec25519/ed25519.h"
#include "vec25519/hash_to_curve.h"
#include "vec25519/ristretto255.h" /* includes vec25519/edwards25519.h */
#include "vec25519/sha512.h"
#include "vec25519/version.h"
#include "vec25519/x25519.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Name of the arithmetic backend in use ("serial-u64", "serial-u32", ...). */
VEC25519_API const char *vec25519_backend(void);

/** The version of the library linked at run time, e.g. "0.1.0"; the headers
 * compiled against say VEC25519_VERSION_STRING (vec25519/version.h). */
VEC25519_API const char *vec25519_version(void);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_H */
