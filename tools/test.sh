#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Build and run every test. This is the README's test command and what CI runs.
#
#   1. gcc, Release, warnings as errors: the whole suite — both serial fields
#      (u64, u32), every backend this CPU has (forced with VEC25519_BACKEND),
#      the AVX2/IFMA bounds-checking build, the valgrind constant-time checks,
#      the install matrix (layouts, pkg-config and find_package, C99 and C++,
#      the examples against the installed package), the ABI and source-tree
#      checks and the benchmark smoke tests; then the API reference (Doxygen,
#      warnings as errors) when doxygen is installed.
#   2. clang, AddressSanitizer + UndefinedBehaviorSanitizer, warnings as
#      errors: the suite on the u64 field under every backend (the valgrind
#      checks cannot run on a sanitizer build; the u32, bounds-checking and
#      process-per-case CLI vector runs are left to step 1 to keep CI short,
#      and the random sweeps run a tenth of the cases that step 1 runs:
#      VEC25519_TEST_SHORT_SWEEPS, tests/support/test.h).
#   3. clang MemorySanitizer: the constant-time harness of step 1 with the
#      secrets tracked by MSan instead of valgrind, natively, so that the
#      AVX-512 IFMA backend is checked too (valgrind cannot run it); only the
#      harness and the core it links are built (tests/ct/, -DVEC25519_CT_MSAN=ON,
#      docs/constant-time.md); and clang ThreadSanitizer: the provider's
#      threaded EVP test (provider_evp), module and test instrumented.
#   4. clang + libFuzzer: each fuzz target for a short, bounded time
#      (tools/fuzz-smoke.sh; docs/fuzzing.md runs them longer).
#   5. The cross targets of the README's platform table (tools/cross-test.sh
#      with VEC25519_CROSS_SUITE=ci): aarch64, armhf, i686, riscv64, ppc64el
#      and s390x Linux under qemu-user, Windows x86-64 under Wine, each built
#      with its default options; a table of the results per target at the
#      end. A target whose compiler is not installed is skipped with a line
#      (tools/cross-deps.sh installs them), or fails the step when
#      VEC25519_CROSS_REQUIRED=1 (.ci/run); VEC25519_CROSS=0 skips the step.
#
# Set VEC25519_QUICK=1 to run only step 1. Extra arguments go to ctest.
# Each step ends with its wall and CPU time (user + sys, children included).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

# step_done N prints the time since the previous step_done (or the start).
step_cpu() { # CPU seconds (user + sys) of this script's finished children (0 without /proc)
  awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", ($16 + $17) / hz }' "/proc/$$/stat" 2>/dev/null ||
    echo 0
}
step_start=$SECONDS step_cpu0=$(step_cpu)
step_done() {
  local cpu
  cpu=$(step_cpu)
  echo "== step $1 took $((SECONDS - step_start)) s wall, $((cpu - step_cpu0)) s CPU"
  step_start=$SECONDS step_cpu0=$cpu
}

echo "== 1/5 gcc Release: full suite"
cmake -S . -B build-test -DCMAKE_BUILD_TYPE=Release -DVEC25519_WERROR=ON \
    -DVEC25519_BUILD_TESTS=ON >/dev/null
cmake --build build-test -j"$jobs"
ctest --test-dir build-test --output-on-failure -j"$jobs" "$@"
if command -v doxygen >/dev/null 2>&1; then
  echo "== API reference (Doxygen, warnings are errors)"
  cmake --build build-test --target docs
else
  echo "doxygen not found: the API reference check is skipped"
fi
step_done 1/5

[ "${VEC25519_QUICK:-0}" = 1 ] && exit 0

if command -v clang >/dev/null 2>&1; then
  echo "== 2/5 clang ASan+UBSan: full suite"
  san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
  # Only the u64 core's test programs are built (VEC25519_TEST_CORES); the
  # valgrind harnesses are not (tests/ct/ skips them in a sanitizer build).
  CC=clang cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVEC25519_WERROR=ON \
      -DVEC25519_BUILD_TESTS=ON -DVEC25519_TEST_CORES=u64 -DVEC25519_TEST_SHORT_SWEEPS=ON \
      -DVEC25519_BUILD_BENCH=ON \
      -DCMAKE_C_FLAGS="$san" -DCMAKE_EXE_LINKER_FLAGS="$san" \
      -DCMAKE_SHARED_LINKER_FLAGS="$san" >/dev/null
  cmake --build build-asan -j"$jobs"
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
      ctest --test-dir build-asan --output-on-failure -j"$jobs" \
      -E '^(ct_|install_|cli_install|cli_wycheproof|abi_|source_tree)|_u32|_bounds' "$@"
  step_done 2/5

  echo "== 3/5 clang MemorySanitizer: constant-time harness, every backend (IFMA included)"
  CC=clang cmake -S . -B build-ct-msan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVEC25519_WERROR=ON \
      -DVEC25519_CT_MSAN=ON -DVEC25519_BUILD_TESTS=ON -DVEC25519_BUILD_BENCH=OFF \
      -DVEC25519_BUILD_CLI=OFF >/dev/null
  cmake --build build-ct-msan --target ct_msan -j"$jobs"
  ctest --test-dir build-ct-msan --output-on-failure -j"$jobs" -L ct_msan "$@"
  # ThreadSanitizer: the provider's threaded EVP test (provider_evp: four
  # threads sign, verify and derive on shared keys), the module and the test
  # instrumented (libcrypto is not).
  if pkg-config --exists libcrypto 2>/dev/null; then
    tsan="-fsanitize=thread"
    CC=clang cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DVEC25519_WERROR=ON \
        -DVEC25519_BUILD_TESTS=ON -DVEC25519_TEST_CORES=u64 -DVEC25519_BUILD_CLI=OFF \
        -DVEC25519_BUILD_BENCH=OFF -DCMAKE_C_FLAGS="$tsan" -DCMAKE_EXE_LINKER_FLAGS="$tsan" \
        -DCMAKE_SHARED_LINKER_FLAGS="$tsan" -DCMAKE_MODULE_LINKER_FLAGS="$tsan" >/dev/null
    cmake --build build-tsan --target provider_evp vec25519_provider -j"$jobs"
    TSAN_OPTIONS=halt_on_error=1 ctest --test-dir build-tsan --output-on-failure -R '^provider_evp$'
  fi
  step_done 3/5

  if [ -x tools/fuzz-smoke.sh ]; then
    echo "== 4/5 libFuzzer smoke runs"
    tools/fuzz-smoke.sh build-fuzz "${VEC25519_FUZZ_SECONDS:-15}"
    step_done 4/5
  fi
else
  echo "clang not found: sanitizer and fuzz steps skipped"
fi

if [ "${VEC25519_CROSS:-1}" != 0 ]; then
  echo "== 5/5 cross targets (tools/cross-test.sh, README \"Platforms\")"
  mkdir -p build-cross
  table=()
  failed=0
  while read -r target missing; do
    if [ -n "$missing" ]; then
      if [ "${VEC25519_CROSS_REQUIRED:-0}" = 1 ]; then
        echo "$target: $missing, and VEC25519_CROSS_REQUIRED=1"
        failed=1
      fi
      table+=("$target: SKIPPED $missing")
      continue
    fi
    t0=$SECONDS
    # </dev/null: ctest must not read the rest of the target list from this loop's input.
    if VEC25519_CROSS_SUITE=ci tools/cross-test.sh "$target" >"build-cross/$target.log" 2>&1 </dev/null; then
      :
    else
      failed=1
      tail -60 "build-cross/$target.log"
    fi
    table+=("$(grep -h '^== summary' "build-cross/$target.log" || echo "$target: failed before its tests ran")" \
            "    ($((SECONDS - t0)) s wall; log build-cross/$target.log)")
  done < <(tools/cross-test.sh list)
  printf '%s\n' "${table[@]}"
  listed=$(tools/cross-test.sh list | wc -l)
  if [ "$(printf '%s\n' "${table[@]}" | grep -c '^== summary\|SKIPPED\|failed before')" -ne "$listed" ]; then
    echo "cross targets: $listed listed, but not every one has a line above"
    failed=1
  fi
  step_done 5/5
  [ "$failed" = 0 ] || { echo "cross targets: FAILED"; exit 1; }
fi
