/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — the POSIX file names and flags that Windows
 * (mingw-w64's C library) lacks or spells differently. Included after the
 * system headers by the files that open files. On POSIX systems every macro
 * here is the POSIX flag itself or 0, so nothing changes there.
 *
 *   CLI_O_BINARY    O_BINARY on Windows: no CR LF translation, ever (keys
 *                   in DER and signatures are binary); 0 elsewhere
 *   CLI_O_NOFOLLOW  O_NOFOLLOW, or 0 where there is none (Windows)
 *   CLI_O_NOCTTY    O_NOCTTY, or 0 where there is none (Windows)
 *   O_CLOEXEC       on Windows, O_NOINHERIT: not inherited by child processes
 */
#ifndef VEC25519_CLI_PLATFORM_H
#define VEC25519_CLI_PLATFORM_H

#include <fcntl.h>
#include <sys/stat.h>

#if defined(_WIN32)
#include <io.h>
#define CLI_O_BINARY O_BINARY
#ifndef O_CLOEXEC
#define O_CLOEXEC O_NOINHERIT
#endif
#else
#define CLI_O_BINARY 0
#endif

#ifdef O_NOFOLLOW
#define CLI_O_NOFOLLOW O_NOFOLLOW
#else
#define CLI_O_NOFOLLOW 0
#endif
#ifdef O_NOCTTY
#define CLI_O_NOCTTY O_NOCTTY
#else
#define CLI_O_NOCTTY 0
#endif

#endif /* VEC25519_CLI_PLATFORM_H */
