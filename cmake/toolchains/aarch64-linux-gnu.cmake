# SPDX-License-Identifier: MIT OR Apache-2.0
# 64-bit ARM (ARMv8-A, AArch64), little-endian, under qemu-aarch64 (linux-gnu.cmake has the details).
set(VEC25519_TRIPLET aarch64-linux-gnu)
set(VEC25519_PROCESSOR aarch64)
set(VEC25519_QEMU qemu-aarch64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu.cmake)
