#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Installs the build tree into a temporary prefix and builds two downstream
# programs against it: one with pkg-config, one with find_package(vec25519)
# (shared and static). Usage: check_install.sh BUILD_DIR SOURCE_DIR C_COMPILER
set -euo pipefail
build=$1 src=$2 cc=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
libdir=$(ls -d "$tmp"/prefix/lib*/ | head -n 1)

# pkg-config, static and shared
export PKG_CONFIG_PATH="$libdir/pkgconfig"
flags=$(pkg-config --cflags --libs vec25519)
"$cc" -std=c11 -o "$tmp/pc_shared" "$src/tests/install/consumer/main.c" $flags
LD_LIBRARY_PATH="$libdir" "$tmp/pc_shared"
"$cc" -std=c11 -o "$tmp/pc_static" "$src/tests/install/consumer/main.c" \
    $(pkg-config --cflags vec25519) "$libdir/libvec25519.a"
"$tmp/pc_static"

# find_package
cmake -S "$src/tests/install/consumer" -B "$tmp/consumer" -DCMAKE_C_COMPILER="$cc" \
    -DCMAKE_PREFIX_PATH="$tmp/prefix" >/dev/null
cmake --build "$tmp/consumer" >/dev/null
LD_LIBRARY_PATH="$libdir" "$tmp/consumer/consumer_shared"
"$tmp/consumer/consumer_static"

# Only vec25519_* symbols may be visible, in the shared and in the static library.
bad=$(nm -D --defined-only "$libdir/libvec25519.so" | awk '{print $3}' | grep -v '^vec25519_' || true)
bad+=$(nm -g --defined-only "$libdir/libvec25519.a" | awk 'NF==3 {print $3}' | grep -v '^vec25519_' || true)
if [ -n "$bad" ]; then
  echo "symbols outside the vec25519_ namespace:"; echo "$bad"; exit 1
fi
echo "install check: ok"
