/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — export and attribute macros shared by the public headers.
 *
 * Everything the library defines is hidden (-fvisibility=hidden) except the
 * functions marked VEC25519_API. Return codes are marked VEC25519_WUR so a
 * caller cannot silently ignore a failed verification or decoding.
 *
 * Platforms: the library is built and tested on Linux (x86-64, and the
 * portable serial code anywhere with a C11 compiler and ELF tools); other
 * POSIX systems should work. Windows is not supported yet, but the macros are
 * ready for a DLL build: the library's own sources define VEC25519_BUILDING
 * (dllexport), users of a DLL get dllimport, and users of the static library
 * define VEC25519_STATIC (the CMake target vec25519::vec25519_static does).
 */
#ifndef VEC25519_EXPORT_H
#define VEC25519_EXPORT_H

/** Marks a function exported by the library. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(VEC25519_STATIC)
#define VEC25519_API
#elif defined(VEC25519_BUILDING)
#define VEC25519_API __declspec(dllexport)
#else
#define VEC25519_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define VEC25519_API __attribute__((visibility("default")))
#else
#define VEC25519_API
#endif

/** Marks a function whose return code must be checked (it can fail). */
#if defined(__GNUC__) || defined(__clang__)
#define VEC25519_WUR __attribute__((warn_unused_result))
#else
#define VEC25519_WUR
#endif

#endif /* VEC25519_EXPORT_H */
