# SPDX-License-Identifier: MIT OR Apache-2.0
# 32-bit x86 (i686), little-endian, under qemu-i386 (linux-gnu.cmake has the details).
set(VEC25519_TRIPLET i686-linux-gnu)
set(VEC25519_PROCESSOR i686)
set(VEC25519_QEMU qemu-i386)
set(VEC25519_MULTIARCH i386-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu.cmake)
