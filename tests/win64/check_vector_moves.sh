#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Windows x86-64: no aligned 32- or 64-byte vector move with a memory operand
# in the given objects (CMakeLists.txt, VEC25519_WIN64_VECTOR_FLAGS: a stack
# slot there may be only 16-byte aligned, and vmovdqa/vmovaps/vmovapd/
# vmovdqa32/vmovdqa64/vmovntdq* on a YMM or ZMM register then fault).
# Register-to-register moves are fine and not counted.
# Usage: check_vector_moves.sh OBJDUMP OBJECT...
set -u
objdump=$1
shift
fails=0 n=0
for obj in "$@"; do
    n=$((n + 1))
    bad=$("$objdump" -d --no-show-raw-insn "$obj" |
          grep -E '[[:space:]](vmovdqa(32|64)?|vmovap[sd]|vmovntdq(a)?|vmovntp[sd])[[:space:]]' |
          grep -E '%[yz]mm' | grep -F '(' || true)
    if [ -n "$bad" ]; then
        echo "FAIL: $obj has aligned YMM/ZMM moves with a memory operand:"
        echo "$bad" | head -5
        fails=1
    fi
done
[ "$n" -gt 0 ] || { echo "FAIL: no objects given"; exit 1; }
[ $fails -eq 0 ] && echo "win64_vector_moves: no aligned YMM/ZMM memory moves in $n objects"
exit $fails
