# SPDX-License-Identifier: MIT OR Apache-2.0
# Shared part of the Linux cross toolchain files in this folder (one per
# target, named by its GNU triplet). The target file sets
#   VEC25519_TRIPLET   the GNU triplet (aarch64-linux-gnu, ...): compilers
#                      ${VEC25519_TRIPLET}-gcc, Debian's gcc-<triplet> package
#   VEC25519_PROCESSOR CMAKE_SYSTEM_PROCESSOR
#   VEC25519_QEMU      the qemu-user program that runs its binaries
#   VEC25519_MULTIARCH Debian's multiarch folder name, when it differs from
#                      the triplet (i386-linux-gnu for i686-linux-gnu)
# and includes this file. Use:
#
#   cmake -S . -B build-aarch64 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/aarch64-linux-gnu.cmake
#
# or tools/cross-test.sh TARGET, which also builds and runs the tests.
#
# Libraries of the target: Debian's multiarch packages (libsodium-dev:arm64,
# ...) install into /usr/lib/<triplet>; pkg-config is pointed there and only
# there, so the build machine's libsodium or OpenSSL is never taken for the
# target's (a library the target lacks is simply not found, and what needs it
# is switched off or reports SKIPPED). The C library comes from Debian's
# libc6-dev-<arch>-cross package under /usr/<triplet>.
#
# Tests run through the emulator (CMAKE_CROSSCOMPILING_EMULATOR): ctest puts it
# in front of every test program, and the script-driven tests get wrappers
# that do the same (tests/CMakeLists.txt, vec25519_runner). Where the target's
# binaries run natively (i686 on an x86-64 kernel) no emulator is set.
if(NOT VEC25519_MULTIARCH)
  set(VEC25519_MULTIARCH ${VEC25519_TRIPLET})
endif()
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR ${VEC25519_PROCESSOR})
set(CMAKE_C_COMPILER ${VEC25519_TRIPLET}-gcc)
find_program(_vec25519_cross_cxx ${VEC25519_TRIPLET}-g++)
if(_vec25519_cross_cxx)
  set(CMAKE_CXX_COMPILER ${_vec25519_cross_cxx})
endif()

# Headers, libraries and CMake packages of the target only; programs (the
# build tools) of the build machine.
set(CMAKE_FIND_ROOT_PATH /usr/${VEC25519_TRIPLET})
set(CMAKE_LIBRARY_ARCHITECTURE ${VEC25519_MULTIARCH})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY BOTH)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE BOTH)
if(NOT DEFINED CMAKE_FIND_ROOT_PATH_MODE_PACKAGE) # a consumer of a staged install sets BOTH
  set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
endif()
set(ENV{PKG_CONFIG_LIBDIR} /usr/lib/${VEC25519_MULTIARCH}/pkgconfig:/usr/share/pkgconfig)
set(ENV{PKG_CONFIG_PATH} "")

# The target's OpenSSL 3, for the provider: unpacked by tools/cross-deps.sh
# into a folder of its own (it cannot be installed beside the build
# machine's: see there), $VEC25519_CROSS_OPENSSL/<multiarch>, default
# /opt/vec25519-cross. Its .pc files name that folder (the programs built
# against it find its libraries by their build RPATH), and its openssl
# program runs the provider's script tests with VEC25519_CROSS_OPENSSL_LIBDIR
# as its library path (tests/provider/CMakeLists.txt).
if(DEFINED ENV{VEC25519_CROSS_OPENSSL})
  set(_vec25519_ossl $ENV{VEC25519_CROSS_OPENSSL}/${VEC25519_MULTIARCH})
else()
  set(_vec25519_ossl /opt/vec25519-cross/${VEC25519_MULTIARCH})
endif()
if(EXISTS ${_vec25519_ossl}/usr/lib/${VEC25519_MULTIARCH}/pkgconfig/libcrypto.pc)
  set(ENV{PKG_CONFIG_LIBDIR}
      ${_vec25519_ossl}/usr/lib/${VEC25519_MULTIARCH}/pkgconfig:/usr/lib/${VEC25519_MULTIARCH}/pkgconfig:/usr/share/pkgconfig)
  if(EXISTS ${_vec25519_ossl}/usr/bin/openssl)
    set(VEC25519_CROSS_OPENSSL_PROGRAM ${_vec25519_ossl}/usr/bin/openssl)
    set(VEC25519_CROSS_OPENSSL_LIBDIR ${_vec25519_ossl}/usr/lib/${VEC25519_MULTIARCH})
  endif()
endif()

if(VEC25519_QEMU)
  find_program(_vec25519_qemu ${VEC25519_QEMU})
  if(_vec25519_qemu)
    # -L: where qemu finds the target's dynamic loader and C library. Where
    # Debian's multiarch C library of the target is installed (libc6:arm64,
    # which libsodium-dev:arm64 brings), that one, in /: its loader and its
    # libc.so.6 are one version, and the target's libsodium sits beside them.
    # Otherwise the cross toolchain's copy (libc6-<arch>-cross). Never a mix:
    # the cross loader with the multiarch libc.so.6 crashes or hangs.
    if(EXISTS /lib/${VEC25519_MULTIARCH}/libc.so.6 OR EXISTS /usr/lib/${VEC25519_MULTIARCH}/libc.so.6)
      set(_vec25519_qemu_root /)
    else()
      set(_vec25519_qemu_root /usr/${VEC25519_TRIPLET})
    endif()
    set(CMAKE_CROSSCOMPILING_EMULATOR ${_vec25519_qemu} -L ${_vec25519_qemu_root})
  endif()
endif()
