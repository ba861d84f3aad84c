# SPDX-License-Identifier: MIT OR Apache-2.0
# 32-bit ARM (ARMv7-A, hard float), little-endian, under qemu-arm (linux-gnu.cmake has the details).
set(VEC25519_TRIPLET arm-linux-gnueabihf)
set(VEC25519_PROCESSOR armv7l)
set(VEC25519_QEMU qemu-arm)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu.cmake)
