# SPDX-License-Identifier: MIT OR Apache-2.0
# 64-bit POWER (ppc64el), little-endian, under qemu-ppc64le (linux-gnu.cmake has the details).
set(VEC25519_TRIPLET powerpc64le-linux-gnu)
set(VEC25519_PROCESSOR ppc64le)
set(VEC25519_QEMU qemu-ppc64le)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu.cmake)
