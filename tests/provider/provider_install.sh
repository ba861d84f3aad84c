#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# `cmake --install --prefix DIR` puts vec25519.so into DIR/MODULES_SUBDIR (the
# folder provider/CMakeLists.txt chose: OpenSSL's modules folder relative to
# the prefix, or <libdir>/ossl-modules), and the installed copy loads into
# the openssl command and exports only OSSL_provider_init.
#
# Usage: provider_install.sh BUILD_DIR MODULES_SUBDIR
set -u
build=$(cd "$1" && pwd) sub=$2
MOD=
. "$(dirname "$0")/common.sh"
unset OPENSSL_MODULES
[ -n "$PRELOAD" ] && export LD_PRELOAD="$PRELOAD"
tmp=$T
cmake --install "$build" --prefix "$tmp/prefix" >"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
mod=$tmp/prefix/$sub/vec25519.so
[ -f "$mod" ] || { echo "FAIL: $sub/vec25519.so was not installed"; find "$tmp/prefix" -name 'vec25519*.so*'; exit 1; }
fails=0
"$OPENSSL" list -providers -provider-path "$tmp/prefix/$sub" -provider vec25519 >"$tmp/list" 2>&1 &&
    grep -q 'vec25519 provider' "$tmp/list" || { echo "FAIL: the installed module does not load"; cat "$tmp/list"; fails=1; }
if command -v nm >/dev/null 2>&1; then
    syms=$(nm -D --defined-only "$mod" | awk '{print $3}')
    [ "$syms" = "OSSL_provider_init" ] || { echo "FAIL: exported: $syms"; fails=1; }
fi
[ $fails -eq 0 ] && echo "provider install: ok ($sub/vec25519.so)"
exit $fails
