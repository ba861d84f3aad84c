# SPDX-License-Identifier: MIT OR Apache-2.0
# Windows x86-64 with mingw-w64 (Debian: gcc-mingw-w64-x86-64), tests under
# Wine (Debian: wine, wine64). Use:
#
#   cmake -S . -B build-win64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/x86_64-w64-mingw32.cmake
#   cmake --build build-win64 -j2
#
# which gives libvec25519.dll with its import library libvec25519.dll.a, the
# static library libvec25519.a, vec25519.exe and vec25519-bench.exe
# (docs/guide.md, "Windows"). The default (win32 thread model) compiler is
# enough: the library uses no threads library, and the tests' pthreads come
# from mingw-w64's winpthreads either way.
#
# Libraries of the target: none are looked for. pkg-config is pointed at a
# folder that holds no .pc files, so the build machine's libsodium or OpenSSL
# is never taken for the target's; they are optional (the benchmark builds
# without its peers, the differential tests report SKIPPED, the OpenSSL
# provider is not built).
#
# Tests run under Wine (CMAKE_CROSSCOMPILING_EMULATOR, which ctest puts in
# front of every test program) when a `wine` program is found; set
# WINEDEBUG=-all to quieten it, and WINEPREFIX to keep its prefix out of $HOME.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(_vec25519_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${_vec25519_mingw}-gcc)
find_program(_vec25519_mingw_cxx ${_vec25519_mingw}-g++)
if(_vec25519_mingw_cxx)
  set(CMAKE_CXX_COMPILER ${_vec25519_mingw_cxx})
endif()
set(CMAKE_RC_COMPILER ${_vec25519_mingw}-windres)
find_program(CMAKE_OBJCOPY ${_vec25519_mingw}-objcopy)

# Headers and libraries of the target only (mingw-w64's own under
# /usr/x86_64-w64-mingw32); programs of the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${_vec25519_mingw})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# No target .pc files exist on the build machine: an empty, nonexistent
# folder, so that pkg_check_modules finds nothing rather than the host's.
set(ENV{PKG_CONFIG_LIBDIR} /usr/${_vec25519_mingw}/lib/pkgconfig-none)
set(ENV{PKG_CONFIG_PATH} "")

# The programs (vec25519.exe, the benchmark, the tests) carry the GCC runtime
# and winpthreads in themselves rather than needing libgcc_s_seh-1.dll and
# libwinpthread-1.dll next to them; the DLL likewise links libgcc statically.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-static-libgcc")

find_program(_vec25519_wine NAMES wine wine64)
if(_vec25519_wine)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${_vec25519_wine})
endif()
