#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The ABI policy of docs/abi.md, enforced on the shared library of a build:
#   - its soname is libvec25519.so.MAJOR.MINOR in the 0.x series (MAJOR from
#     1.0 on), with the version read from include/vec25519/version.h;
#   - it exports exactly the symbols of tests/abi/<soname>.symbols, each with
#     its symbol version (cmake/vec25519.map): a symbol removed, renamed or
#     re-versioned under the same soname fails, and so does a new symbol that
#     was not added to the list on purpose;
#   - every exported name starts with vec25519_.
# Usage: check_abi.sh LIBRARY SOURCE_DIR
set -u
lib=$1 src=$2
ver() { sed -n "s/^#define VEC25519_VERSION_$1 \([0-9]*\).*/\1/p" "$src/include/vec25519/version.h"; }
major=$(ver MAJOR) minor=$(ver MINOR)
if [ "$major" = 0 ]; then want=libvec25519.so.$major.$minor; else want=libvec25519.so.$major; fi
fails=0
soname=$(readelf -d "$lib" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
if [ "$soname" != "$want" ]; then
    echo "FAIL: soname is '$soname', the policy for version $major.$minor says '$want'"
    fails=1
fi
list=$src/tests/abi/$want.symbols
if [ ! -f "$list" ]; then
    echo "FAIL: no symbol list $list for this soname: a new soname starts a new list (docs/abi.md)"
    exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$list" | sort > "$tmp/want"
nm -D --defined-only "$lib" | awk '$2 != "A" {print $3}' | sort > "$tmp/have"
if ! cmp -s "$tmp/want" "$tmp/have"; then
    echo "FAIL: the exported symbols differ from $list:"
    diff "$tmp/want" "$tmp/have" | sed -n 's/^</  no longer exported:/p; s/^>/  exported, not in the list:/p'
    fails=1
fi
bad=$(sed 's/@.*//' "$tmp/have" | grep -v '^vec25519_' || true)
if [ -n "$bad" ]; then
    echo "FAIL: exported names outside the vec25519_ namespace:"; echo "$bad"
    fails=1
fi
[ $fails -eq 0 ] && echo "abi: $want exports the $(wc -l < "$tmp/have") listed symbols"
exit $fails
