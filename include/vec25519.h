/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — Curve25519 for C: X25519, Ed25519 and (later) Ristretto255 on one
 * constant-time core with serial and vectorised backends.
 *
 * Umbrella header: include this, link with -lvec25519 (pkg-config vec25519).
 */
#ifndef VEC25519_H
#define VEC25519_H

#include "vec25519/export.h"
#include "vec25519/ed25519.h"
#include "vec25519/hash_to_curve.h"
#include "vec25519/ristretto255.h" /* includes vec25519/edwards25519.h */
#include "vec25519/sha512.h"
#include "vec25519/x25519.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Name of the arithmetic backend in use ("serial-u64", "serial-u32", ...). */
VEC25519_API const char *vec25519_backend(void);

/* Library version string, e.g. "0.1.0". */
VEC25519_API const char *vec25519_version(void);

#ifdef __cplusplus
}
#endif

#endif /* VEC25519_H */
