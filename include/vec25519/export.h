/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — export and attribute macros shared by the public headers.
 *
 * Everything the library defines is hidden (-fvisibility=hidden) except the
 * functions marked VEC25519_API. Return codes are marked VEC25519_WUR so a
 * caller cannot silently ignore a failed verification or decoding.
 */
#ifndef VEC25519_EXPORT_H
#define VEC25519_EXPORT_H

#if defined(_WIN32) && defined(VEC25519_BUILDING_SHARED)
#define VEC25519_API __declspec(dllexport)
#elif defined(__GNUC__) || defined(__clang__)
#define VEC25519_API __attribute__((visibility("default")))
#else
#define VEC25519_API
#endif

#if defined(__GNUC__) || defined(__clang__)
#define VEC25519_WUR __attribute__((warn_unused_result))
#else
#define VEC25519_WUR
#endif

#endif /* VEC25519_EXPORT_H */
