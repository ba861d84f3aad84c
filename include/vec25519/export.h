/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/**
 * @file
 * vec25519 — export and attribute macros shared by the public headers.
 *
 * Everything the library defines is hidden (-fvisibility=hidden) except the
 * functions marked VEC25519_API. Return codes are marked VEC25519_WUR so a
 * caller cannot silently ignore a failed verification or decoding (and only
 * where a function can fail); pointers that may never be NULL are marked
 * VEC25519_NONNULL.
 *
 * Platforms: the library is built and tested on Linux (x86-64, and the
 * portable serial code anywhere with a C11 compiler and ELF tools) and on
 * Windows x86-64 with mingw-w64 (docs/guide.md); other POSIX systems should
 * work. Windows: the DLL's own objects are compiled with
 * VEC25519_BUILDING_DLL (dllexport: the linker then exports these functions
 * and nothing else), the static library's with VEC25519_BUILDING (no
 * decoration), users of the DLL get dllimport, and users of the static
 * library define VEC25519_STATIC (the CMake target
 * vec25519::vec25519_static does).
 */
#ifndef VEC25519_EXPORT_H
#define VEC25519_EXPORT_H

/** Marks a function exported by the library. */
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(VEC25519_BUILDING_DLL)
#define VEC25519_API __declspec(dllexport)
#elif defined(VEC25519_STATIC) || defined(VEC25519_BUILDING)
#define VEC25519_API
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

/**
 * Marks the pointer parameters (numbered from 1) that must never be NULL: a
 * compiler that sees a NULL argument there warns (-Wnonnull). A (pointer,
 * length) pair is never marked, since its pointer may be NULL when the length
 * is 0: such pairs are checked at run time instead (NULL with a non-zero
 * length is an error, never a crash). VEC25519_NONNULL_ALL marks every pointer
 * parameter.
 */
#if defined(__GNUC__) || defined(__clang__)
#define VEC25519_NONNULL(...) __attribute__((nonnull(__VA_ARGS__)))
#else
#define VEC25519_NONNULL(...)
#endif

/** Marks every pointer parameter of a function as never NULL (see VEC25519_NONNULL). */
#if defined(__GNUC__) || defined(__clang__)
#define VEC25519_NONNULL_ALL __attribute__((nonnull))
#else
#define VEC25519_NONNULL_ALL
#endif

/**
 * Marks a deprecated name: using it warns (-Wdeprecated-declarations) with
 * the message, which names the replacement. Deprecated names keep working for
 * at least one minor release (docs/abi.md, CHANGELOG.md).
 */
#if defined(__GNUC__) || defined(__clang__)
#define VEC25519_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#define VEC25519_DEPRECATED(msg)
#endif

#endif /* VEC25519_EXPORT_H */
