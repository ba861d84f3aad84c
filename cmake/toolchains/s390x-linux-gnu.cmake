# SPDX-License-Identifier: MIT OR Apache-2.0
# IBM Z (s390x), 64-bit big-endian, under qemu-s390x (linux-gnu.cmake has the details).
set(VEC25519_TRIPLET s390x-linux-gnu)
set(VEC25519_PROCESSOR s390x)
set(VEC25519_QEMU qemu-s390x)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu.cmake)
