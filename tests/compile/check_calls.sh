#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The public headers from a user's side (tests/compile/):
#   1. natural_calls.c compiles without a warning under -Wall -Wextra
#      -pedantic -Werror with gcc and clang as C99, C11, C17 and C2x, and with
#      g++ and clang++ as C++11, C++17 and C++20 (each compiler that is
#      installed; gcc and clang are required), links against the library of
#      this build and runs;
#   2. each case of expect_warning.c does not compile cleanly (nonnull,
#      warn_unused_result, the batch prototypes, the deprecated names).
# Usage: check_calls.sh SOURCE_DIR LIBRARY [TARGET]
#
# TARGET (a cross build: tools/cross-test.sh) is the GNU triplet of the
# library's target: the compilers are then TARGET-gcc and clang --target=TARGET,
# TARGET-g++ and clang++ --target=TARGET (C++ where the target's libstdc++ is
# installed), and the programs run through the emulator given in
# VEC25519_EMULATOR (its words separated by spaces).
set -u
src=$1 lib=$2 target=${3:-}
here=$src/tests/compile
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
flags="-Wall -Wextra -pedantic -Werror -I$src/include"
fails=0 runs=0
have() { command -v "$1" >/dev/null 2>&1; }
if [ -n "$target" ]; then
  ccs="$target-gcc;clang --target=$target"
  cxxs="$target-g++;clang++ --target=$target"
  run=${VEC25519_EMULATOR:-}
else
  ccs="gcc;clang" cxxs="g++;clang++" run=
fi
# The first word of a compiler's command is the program.
prog() { echo "${1%% *}"; }
IFS=';'
for cc in $ccs; do
  have "$(prog "$cc")" || { echo "FAIL: $cc is not installed"; fails=$((fails + 1)); }
done
unset IFS

compile_run() { # compiler std lang
  runs=$((runs + 1))
  if ! $1 $flags -std=$2 -x $3 "$here/natural_calls.c" -x none "$lib" -o "$tmp/a.out" \
       2> "$tmp/err"; then
    echo "FAIL: $1 -std=$2: natural_calls.c does not compile cleanly:"; cat "$tmp/err"
    fails=$((fails + 1))
    return
  fi
  # shellcheck disable=SC2086 # $run: the emulator's words
  if ! LD_LIBRARY_PATH=$(dirname "$lib") $run "$tmp/a.out" > /dev/null; then
    echo "FAIL: $1 -std=$2: natural_calls.c runs and fails (exit $?)"
    fails=$((fails + 1))
  fi
}
# A C++ compiler counts where it can compile C++ for the target (a cross
# g++ or clang++ needs the target's libstdc++ headers).
cxx_works() {
  have "$(prog "$1")" && echo '#include <cstddef>' | $1 -x c++ -fsyntax-only - 2>/dev/null
}
IFS=';'
for cc in $ccs; do
  unset IFS
  have "$(prog "$cc")" || continue
  for std in c99 c11 c17 c2x; do compile_run "$cc" $std c; done
done
IFS=';'
for cxx in $cxxs; do
  unset IFS
  cxx_works "$cxx" || { echo "note: $cxx is not installed or has no C++ library for the target, C++ not checked with it"; continue; }
  for std in c++11 c++17 c++20; do compile_run "$cxx" $std c++; done
done
unset IFS

# The warning each case must raise, and only that one (the case's comment).
want() {
  case $1 in
    1) echo nonnull ;; 2|3) echo unused-result ;; 4|5) echo incompatible-pointer-types ;;
    *) echo deprecated-declarations ;;
  esac
}
IFS=';'
for cc in $ccs; do
  unset IFS
  have "$(prog "$cc")" || continue
  for c in 1 2 3 4 5 6 7 8; do
    runs=$((runs + 1))
    w=$(want $c)
    # -c, not -fsyntax-only: gcc reports unused results after parsing.
    if $cc $flags -std=c11 -DCASE=$c -c -o "$tmp/x.o" "$here/expect_warning.c" 2> "$tmp/err"; then
      echo "FAIL: $cc: expect_warning.c case $c compiled cleanly (want -W$w)"
      fails=$((fails + 1))
    elif ! grep -q -- "-W\(error=\)\?$w" "$tmp/err" ||
         [ "$(grep -c -- '\[-W' "$tmp/err")" != "$(grep -c -- "-W\(error=\)\?$w" "$tmp/err")" ]; then
      echo "FAIL: $cc: expect_warning.c case $c: want -W$w only, got:"; cat "$tmp/err"
      fails=$((fails + 1))
    fi
  done
done
[ $fails -eq 0 ] && echo "compile: $runs compilations as expected"
exit $fails
