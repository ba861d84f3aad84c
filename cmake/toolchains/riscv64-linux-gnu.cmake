# SPDX-License-Identifier: MIT OR Apache-2.0
# 64-bit RISC-V (RV64GC), little-endian, under qemu-riscv64 (linux-gnu.cmake has the details).
set(VEC25519_TRIPLET riscv64-linux-gnu)
set(VEC25519_PROCESSOR riscv64)
set(VEC25519_QEMU qemu-riscv64)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu.cmake)
