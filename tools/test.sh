#!/usr/bin/env bash
# Build and run every test: the whole suite against both serial fields (u64
# and u32) in one build, warnings as errors. Extra arguments go to ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${VEC25519_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DVEC25519_WERROR=ON >/dev/null
cmake --build "$build" -j"$(nproc)"
ctest --test-dir "$build" --output-on-failure -j"$(nproc)" "$@"
