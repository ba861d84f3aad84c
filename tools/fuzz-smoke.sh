#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Build the libFuzzer targets (if needed) and run each one for a short time
# from its generated seed corpus (docs/fuzzing.md).
#
#   tools/fuzz-smoke.sh [BUILD_DIR] [SECONDS]
#
# BUILD_DIR defaults to build-fuzz (relative to the repository root when not
# absolute), SECONDS to 20 per target (-max_total_time). Prints
# "<target>: N executions" for each target and exits non-zero if any target
# crashed, found a mismatch or failed to run; the crashing input is kept in
# BUILD_DIR/fuzz/artifacts/ and the log in BUILD_DIR/fuzz/smoke/<target>.log.
#
# Needs clang with libFuzzer, cmake, pkg-config and libsodium. On Debian (as
# root, e.g. CI) missing packages are installed with apt-get; elsewhere the
# script says what is missing. CC may name the compiler (default: clang, or
# clang-14). VEC25519_BACKEND is passed through to the targets. The targets
# run VEC25519_FUZZ_JOBS at a time (default: the number of CPUs).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build-fuzz}
seconds=${2:-20}
case "$build" in
  /*) ;;
  *) build="$root/$build" ;;
esac
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "fuzz-smoke: SECONDS must be a positive integer, not '$seconds'" >&2
  exit 2
fi

# ---- prerequisites -----------------------------------------------------------
cc=${CC:-}
if [ -z "$cc" ]; then
  for c in clang clang-14; do
    if command -v "$c" >/dev/null 2>&1; then cc=$c; break; fi
  done
fi

need=()
command -v cmake >/dev/null 2>&1 || need+=(cmake)
if ! command -v pkg-config >/dev/null 2>&1; then
  need+=(pkg-config libsodium-dev)
elif ! pkg-config --exists libsodium; then
  need+=(libsodium-dev)
fi
[ -n "$cc" ] || need+=(clang libclang-rt-14-dev)
if [ -n "$cc" ]; then
  # libFuzzer's runtime: Debian ships it in libclang-rt-<major>-dev, which
  # clang only recommends.
  probe=$(mktemp -d)
  printf '%s\n' 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n);' \
    'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
    >"$probe/p.c"
  if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" >/dev/null 2>&1; then
    major=$("$cc" -dumpversion 2>/dev/null | cut -d. -f1)
    need+=("libclang-rt-${major:-14}-dev")
  fi
  rm -rf "$probe"
fi
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "fuzz-smoke: installing ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
    if [ -z "$cc" ]; then
      for c in clang clang-14; do
        if command -v "$c" >/dev/null 2>&1; then cc=$c; break; fi
      done
    fi
  else
    echo "fuzz-smoke: missing ${need[*]} (Debian 12: apt-get install ${need[*]})" >&2
    exit 2
  fi
fi

# ---- build ---------------------------------------------------------------------
configured=0
if [ -f "$build/CMakeCache.txt" ] && grep -q '^VEC25519_FUZZ:BOOL=ON' "$build/CMakeCache.txt"; then
  configured=1
fi
if [ "$configured" = 0 ]; then
  CC="$cc" cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DVEC25519_FUZZ=ON \
    -DVEC25519_BUILD_TESTS=OFF -DVEC25519_BUILD_BENCH=OFF -DVEC25519_BUILD_CLI=OFF >/dev/null
fi
cmake --build "$build" -j"$(nproc)" --target vec25519_fuzz >"$build/fuzz-build.log" 2>&1 || {
  tail -n 40 "$build/fuzz-build.log" >&2
  echo "fuzz-smoke: build failed (log: $build/fuzz-build.log)" >&2
  exit 1
}

# ---- run -----------------------------------------------------------------------
fuzz="$build/fuzz"
mapfile -t targets <"$fuzz/targets.txt"
if [ ${#targets[@]} -eq 0 ]; then
  echo "fuzz-smoke: no fuzz targets were configured" >&2
  exit 1
fi
mkdir -p "$fuzz/smoke" "$fuzz/artifacts"
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

# One target per CPU at a time (VEC25519_FUZZ_JOBS overrides): each still
# runs for SECONDS, and the results are printed in order once all are done.
jobs_max=${VEC25519_FUZZ_JOBS:-$(nproc)}
run_one() {
  local t=$1 status=0
  rm -rf "$fuzz/smoke/$t"
  mkdir -p "$fuzz/smoke/$t" "$fuzz/corpus/$t"
  "$fuzz/$t" -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$fuzz/artifacts/$t-" "$fuzz/smoke/$t" "$fuzz/corpus/$t" \
    >"$fuzz/smoke/$t.log" 2>&1 || status=$?
  echo "$status" >"$fuzz/smoke/$t.status"
}
running=0
for t in "${targets[@]}"; do
  rm -f "$fuzz/smoke/$t.status"
  run_one "$t" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs_max" ]; then
    wait -n || true
    running=$((running - 1))
  fi
done
wait

failed=()
for t in "${targets[@]}"; do
  log="$fuzz/smoke/$t.log"
  status=$(cat "$fuzz/smoke/$t.status" 2>/dev/null || echo "not run")
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" 2>/dev/null | tail -n 1)
  echo "$t: ${execs:-0} executions"
  if [ "$status" != 0 ]; then
    failed+=("$t")
    echo "---- $t failed (exit $status); log: $log"
    pattern='vec25519 fuzz: MISMATCH|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)'
    grep -E -A12 "$pattern|runtime error:" "$log" | head -n 40 || true
    grep -E 'Test unit written to' "$log" || true
    echo "---- reproduce: $fuzz/$t <the crash file named above>"
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz-smoke: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz-smoke: ${#targets[@]} targets, ${seconds} s each, no crash"
