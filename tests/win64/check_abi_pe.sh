#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The ABI policy of docs/abi.md on Windows: the DLL exports exactly the
# symbols of the ELF list tests/abi/<soname>.symbols (names only: PE has no
# symbol versions), nothing else (only VEC25519_API functions are dllexport),
# and every exported name starts with vec25519_.
# Usage: check_abi_pe.sh OBJDUMP DLL SOURCE_DIR
set -u
objdump=$1 dll=$2 src=$3
ver() { sed -n "s/^#define VEC25519_VERSION_$1 \([0-9]*\).*/\1/p" "$src/include/vec25519/version.h"; }
major=$(ver MAJOR) minor=$(ver MINOR)
if [ "$major" = 0 ]; then list=libvec25519.so.$major.$minor; else list=libvec25519.so.$major; fi
list=$src/tests/abi/$list.symbols
[ -f "$list" ] || { echo "FAIL: no symbol list $list"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$list" | sed 's/@.*//' | sort > "$tmp/want"
# The export table: the lines after "[Ordinal/Name Pointer] Table" up to a blank one.
"$objdump" -p "$dll" | sed -n '/\[Ordinal\/Name Pointer\] Table/,/^$/p' |
    awk 'NR > 1 && NF { print $NF }' | sort > "$tmp/have"
fails=0
if ! cmp -s "$tmp/want" "$tmp/have"; then
    echo "FAIL: the DLL's exports differ from $list:"
    diff "$tmp/want" "$tmp/have" | sed -n 's/^</  not exported:/p; s/^>/  exported, not in the list:/p'
    fails=1
fi
bad=$(grep -v '^vec25519_' "$tmp/have" || true)
if [ -n "$bad" ]; then
    echo "FAIL: exported names outside the vec25519_ namespace:"; echo "$bad"
    fails=1
fi
[ $fails -eq 0 ] && echo "abi: $(basename "$dll") exports the $(wc -l < "$tmp/have") listed symbols"
exit $fails
