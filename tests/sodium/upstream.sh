#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# libsodium's own test programs against libvec25519-sodium
# (tests/sodium/CMakeLists.txt, docs/sodium.md).
#
# The sources are those of the libsodium installed here: Debian's source
# package of the same version, fetched at test time with `apt-get source`
# through a deb-src list of our own (tests/support/apt_source.sh: a private
# apt state under WORKDIR, so no root is needed and the system's apt
# configuration is not touched), or an unpacked source tree named by
# VEC25519_LIBSODIUM_SRC. Nothing of libsodium is kept in the repository.
#
# Each program of test/default/ for the covered families (and the box and kx
# programs, whose libsodium code calls crypto_scalarmult) is compiled with
# -lvec25519-sodium ahead of -lsodium, run, and its output compared byte for
# byte with its .exp file; the dynamic linker's bindings (LD_DEBUG=bindings)
# must send every covered name the program calls to libvec25519-sodium, and
# libsodium's own calls of crypto_scalarmult in the box programs too.
#
# Where the sources cannot be had, the test is SKIPPED with the reason (77),
# unless VEC25519_SODIUM_UPSTREAM_REQUIRED=1 (CI, .ci/run) makes it a failure.
# Each program runs under every backend given (VEC25519_BACKEND); one the
# CPU lacks is reported and left out.
#   upstream.sh CC LIBVEC25519_SODIUM_SO WORKDIR [BACKEND ...]
set -u
cc=$1 so=$2 work=$3
shift 3
backends=${*:-default}
libdir=$(dirname "$so")
mkdir -p "$work"
work=$(cd "$work" && pwd)

unavailable() {
  if [ "${VEC25519_SODIUM_UPSTREAM_REQUIRED:-0}" = 1 ]; then
    echo "FAIL: libsodium's test sources are required (VEC25519_SODIUM_UPSTREAM_REQUIRED=1): $1"
    exit 1
  fi
  echo "SKIPPED: libsodium's test sources could not be fetched: $1"
  exit 77
}

# ---- the sources ------------------------------------------------------------
src=${VEC25519_LIBSODIUM_SRC:-}
if [ -z "$src" ]; then
  for d in "$work"/libsodium-*/; do
    [ -f "$d/test/default/sign.exp" ] && src=${d%/}
  done
fi
if [ -z "$src" ]; then
  why=$(sh "$(dirname "$0")/../support/apt_source.sh" "$work" libsodium-dev libsodium) ||
    unavailable "$why; set VEC25519_LIBSODIUM_SRC to an unpacked libsodium source tree"
  for d in "$work"/libsodium-*/; do
    [ -f "$d/test/default/sign.exp" ] && src=${d%/}
  done
  [ -n "$src" ] || unavailable "the source package has no test/default/sign.exp"
fi
echo "libsodium test sources: $src"
t="$src/test"

# ---- build, run, compare, check the bindings ---------------------------------
covered='crypto_sign|crypto_scalarmult|crypto_core_ed25519|crypto_core_ristretto255'
progs="sign ed25519_convert scalarmult scalarmult2 scalarmult5 scalarmult6 scalarmult7
       scalarmult8 scalarmult_ed25519 scalarmult_ristretto255 core_ed25519 core_ristretto255"
extra="box box2 box7 box8 box_easy box_easy2 box_seal box_seed kx"
run="$work/run"
rm -rf "$run"
mkdir -p "$run"
cd "$run" || exit 1
fail=0 passed=0
for p in $progs $extra; do
  if ! "$cc" -O1 -w -DTEST_NAME="\"$p\"" -DTEST_SRCDIR="\"$t/default\"" -I"$t/default" \
       -I"$t/quirks" "$t/default/$p.c" -o "$p" -L"$libdir" -Wl,-rpath,"$libdir" \
       -Wl,--no-as-needed -lvec25519-sodium -lsodium 2>"$p.cc.log"; then
    echo "FAIL $p: does not compile against the drop-in"; head -5 "$p.cc.log"; fail=1; continue
  fi
  ran="" bad=0
  for b in $backends; do
    rm -f "$p.res"
    if [ "$b" = default ]; then
      LD_DEBUG=bindings LD_DEBUG_OUTPUT="$run/$p.bind" ./"$p" >"$p.out" 2>&1
    else
      VEC25519_BACKEND=$b VEC25519_BACKEND_STRICT=1 \
        LD_DEBUG=bindings LD_DEBUG_OUTPUT="$run/$p.bind" ./"$p" >"$p.out" 2>&1
    fi
    rc=$?
    if [ $rc != 0 ] && grep -q "VEC25519_BACKEND" "$p.out"; then
      echo "note $p: backend $b not available here: $(grep VEC25519_BACKEND "$p.out" | head -1)"
      continue
    fi
    if [ $rc != 0 ] || ! cmp -s "$p.res" "$t/default/$p.exp"; then
      echo "FAIL $p ($b): exit $rc, output differs from $p.exp:"
      diff "$p.res" "$t/default/$p.exp" | head -10
      bad=1; break
    fi
    ran="$ran $b"
  done
  [ $bad = 0 ] && [ -n "$ran" ] || { fail=1; continue; }
  cat "$run/$p.bind".* >"$p.bindings" 2>/dev/null
  rm -f "$run/$p.bind".*
  # Bindings of covered names made for the program itself, and for libsodium.
  ours=$(grep -E "binding file \./$p .* symbol \`($covered)" "$p.bindings" | grep -c "libvec25519-sodium")
  theirs=$(grep -E "binding file \./$p .* symbol \`($covered)" "$p.bindings" | grep -vc "libvec25519-sodium")
  inner=$(grep -E "binding file [^ ]*libsodium\.so[^ ]* .* symbol \`crypto_scalarmult" "$p.bindings" | grep -c "libvec25519-sodium")
  case " $extra " in
    *" $p "*) want="libsodium's crypto_scalarmult* calls bound to the drop-in: $inner"
              [ "$inner" -ge 1 ] || { echo "FAIL $p: $want"; fail=1; continue; } ;;
    *)        want="covered names bound to the drop-in: $ours, to libsodium: $theirs"
              if [ "$ours" -lt 1 ] || [ "$theirs" != 0 ]; then echo "FAIL $p: $want"; fail=1; continue; fi ;;
  esac
  echo "PASS $p ($ran ): output identical to $p.exp; $want"
  passed=$((passed + 1))
done
echo "$passed libsodium test programs passed against libvec25519-sodium"
exit $fail
