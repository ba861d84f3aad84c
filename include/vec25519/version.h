/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — the version of these headers.
 *
 * The build reads the version from this file (CMakeLists.txt), so the
 * headers, vec25519_version(), the shared library's file name and soname,
 * vec25519.pc and the CMake package always agree (tests/test_version.c and
 * tests/install/ check it). Compatibility rules: docs/abi.md.
 */
#ifndef VEC25519_VERSION_H
#define VEC25519_VERSION_H

#define VEC25519_VERSION_MAJOR 0 /**< incompatible API changes (from 1.0 on) */
#define VEC25519_VERSION_MINOR 1 /**< in 0.x: may break the ABI; from 1.0: additions */
#define VEC25519_VERSION_PATCH 0 /**< fixes, no interface change */
/** "MAJOR.MINOR.PATCH" */
#define VEC25519_VERSION_STRING "0.1.0"
/** The version as one comparable number: MAJOR·10000 + MINOR·100 + PATCH. */
#define VEC25519_VERSION_NUMBER \
    (VEC25519_VERSION_MAJOR * 10000 + VEC25519_VERSION_MINOR * 100 + VEC25519_VERSION_PATCH)

#endif /* VEC25519_VERSION_H */
