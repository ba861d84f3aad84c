#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Build and test vec25519 for another target, from this checkout:
#
#   tools/cross-test.sh TARGET [ctest arguments...]
#   tools/cross-test.sh list        the targets and whether their tools are here
#
# TARGET is a toolchain file of cmake/toolchains/ by its name:
#   aarch64-linux-gnu      64-bit ARM                    qemu-aarch64
#   arm-linux-gnueabihf    32-bit ARMv7, hard float      qemu-arm
#   i686-linux-gnu         32-bit x86                    qemu-i386
#   riscv64-linux-gnu      64-bit RISC-V                 qemu-riscv64
#   powerpc64le-linux-gnu  64-bit POWER, little-endian   qemu-ppc64le
#   s390x-linux-gnu        IBM Z, big-endian             qemu-s390x
#   x86_64-w64-mingw32     Windows x86-64 (mingw-w64)    Wine
#
# It configures build-cross/TARGET with the toolchain file (the default build:
# no option but the tests and warnings as errors), builds everything, prints
# the size of the libraries, and runs the suite through the emulator (ctest
# puts it in front of each test program, and the script-driven tests get
# wrapper scripts: tests/CMakeLists.txt, vec25519_runner). Tests that need
# what the target lacks (its libsodium, OpenSSL 3, valgrind) say SKIPPED.
#
# VEC25519_CROSS_SUITE=ci runs the part that CI runs for each target (the
# README's platform table): every test program on the target's default
# serial field (both fields on a big-endian target), the CLI tests and the
# table-freshness tests; "full" (the default) runs everything the target
# build has.
#
# What it needs (Debian): gcc-TRIPLET (gcc-mingw-w64-x86-64), qemu-user (wine),
# libc6-dev-ARCH-cross, and for the differential tests libsodium-dev:ARCH;
# .ci/run installs them (tools/cross-deps.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

targets="aarch64-linux-gnu arm-linux-gnueabihf i686-linux-gnu riscv64-linux-gnu
powerpc64le-linux-gnu s390x-linux-gnu x86_64-w64-mingw32"

compiler_of() {
  case $1 in
    x86_64-w64-mingw32) echo x86_64-w64-mingw32-gcc ;;
    *) echo "$1-gcc" ;;
  esac
}

if [ $# -lt 1 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '3,31p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
if [ "$1" = list ]; then
  for t in $targets; do
    if command -v "$(compiler_of "$t")" >/dev/null 2>&1; then echo "$t"; else echo "$t (no $(compiler_of "$t"))"; fi
  done
  exit 0
fi

target=$1
shift
toolchain=cmake/toolchains/$target.cmake
if [ ! -f "$toolchain" ]; then
  echo "cross-test: no toolchain file $toolchain (tools/cross-test.sh list)" >&2
  exit 2
fi
if ! command -v "$(compiler_of "$target")" >/dev/null 2>&1; then
  echo "cross-test: $(compiler_of "$target") not found (tools/cross-deps.sh installs it)" >&2
  exit 2
fi

dir=build-cross/$target
mkdir -p build-cross
start=$(date +%s)
echo "== $target: configure and build ($dir)"
cmake -S . -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_BUILD_TYPE=Release \
    -DVEC25519_WERROR=ON -DVEC25519_BUILD_TESTS=ON >"$dir.configure.log" 2>&1 ||
  { cat "$dir.configure.log"; exit 1; }
if [ "${VEC25519_CROSS_SUITE:-full}" = ci ] && [ "$target" != s390x-linux-gnu ]; then
  # CI builds the test programs on the target's own field only (both on the
  # big-endian target, below): the other field is that of other targets.
  field=$(sed -n 's/^VEC25519_SERIAL:STRING=//p' "$dir/CMakeCache.txt")
  cmake "$dir" -DVEC25519_TEST_CORES="$field" >>"$dir.configure.log" 2>&1
fi
grep -E '^-- vec25519:' "$dir.configure.log" || true
cmake --build "$dir" -j"$jobs" >"$dir.build.log" 2>&1 || { tail -50 "$dir.build.log"; exit 1; }
built=$(date +%s)
echo "built in $((built - start)) s"

# The libraries as installed (stripped of nothing: Release, no -g).
for f in "$dir"/libvec25519.so.*.* "$dir"/libvec25519.a "$dir"/libvec25519.dll \
         "$dir"/libvec25519.dll.a "$dir"/cli/vec25519 "$dir"/cli/vec25519.exe; do
  [ -f "$f" ] && [ ! -L "$f" ] && echo "size: $(basename "$f") $(wc -c <"$f" | tr -d ' ') bytes"
done

args=()
if [ "${VEC25519_CROSS_SUITE:-full}" = ci ]; then
  fields=$(sed -n 's/^VEC25519_SERIAL:STRING=//p' "$dir/CMakeCache.txt")
  [ "$target" = s390x-linux-gnu ] && fields="u64|u32" # big-endian: both fields
  # The CLI tests but the two that start one emulated process per
  # Wycheproof case, cli_openssl (the build machine's openssl against the
  # emulated CLI) and cli_stream (sign and verify of 256 MiB files, several
  # minutes of emulated SHA-512; the streaming code has no target-dependent
  # part that the other CLI tests leave untried): "full" runs them. Windows: its ABI, CLI and Win64 stack tests.
  args=(-R "^(test_[a-z0-9_]+_(${fields})(_serial|_avx2|_ifma)?|cli_(basic|malformed|writes|readonly_dir|install)|install_consumer|api_natural_calls|provider_(evp|openssl|tls|install)|base_(x4_|x8_)?table_fresh|abi_symbols|cli_win64_smoke|win64_vector_moves|test_win64_stack_[a-z0-9]+)\$")
fi
echo "== $target: tests (suite ${VEC25519_CROSS_SUITE:-full})"
rc=0
ctest --test-dir "$dir" --output-on-failure -j"$jobs" "${args[@]}" "$@" | tee "$dir.ctest.log" || rc=$?
end=$(date +%s)
# One line for tools/test.sh's table: the counts as ctest reported them.
count() { grep -cE "^ *[0-9]+/[0-9]+ Test +#[0-9]+: .*$1" "$dir.ctest.log" || true; }
total=$(count '') passed=$(count ' Passed') skipped=$(count '\*\*\*Skipped')
disabled=$(count 'Not Run \(Disabled\)')
lib=$(for f in "$dir"/libvec25519.so.*.* "$dir"/libvec25519.dll; do
        [ -f "$f" ] && [ ! -L "$f" ] && { wc -c <"$f" | tr -d ' '; break; }
      done)
echo "== summary $target: $total tests, $passed passed, $skipped skipped, $disabled disabled," \
     "$((total - passed - skipped - disabled)) failed; build $((built - start)) s, tests $((end - built)) s;" \
     "shared library ${lib:-?} bytes"
exit "$rc"
