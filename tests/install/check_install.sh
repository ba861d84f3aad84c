#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# The installed package works for a downstream project in every layout a
# distribution or a user may choose, with pkg-config and with find_package,
# shared and static, from C99 and from C++ (-Wall -Wextra -Werror -pedantic):
#
#   debian   -DCMAKE_INSTALL_PREFIX=/usr (GNUInstallDirs: lib/<multiarch> on
#            Debian), staged with DESTDIR; consumers use PKG_CONFIG_SYSROOT_DIR
#            and CMAKE_PREFIX_PATH=<stage>/usr
#   lib64    -DCMAKE_INSTALL_PREFIX=/opt/vec25519 -DCMAKE_INSTALL_LIBDIR=lib64,
#            staged with DESTDIR
#   prefix   the test's build tree installed with `cmake --install --prefix
#            DIR` (a prefix chosen at install time, not at configure time);
#            this one also has the program, whose run-time dependencies are
#            checked (no libsodium, no OpenSSL), and builds and runs the
#            examples/ against the installed package
#
# Run time, as docs/guide.md §1 says it: in the prefix layout (installed
# where it will be used) nothing runs with LD_LIBRARY_PATH: the find_package
# consumers and the examples have CMake's build-tree rpath, the guide's own
# pkg-config lines (the block "sh test:link-prefix", run verbatim) add one,
# the program carries the library in itself; and a pkg-config consumer
# linked without an rpath must fail to start without LD_LIBRARY_PATH, as
# the guide says. The staged layouts (DESTDIR) are not where their files
# will be used, so their consumers run with LD_LIBRARY_PATH pointing into
# the stage.
#
# and, in each, the files a package must hold (headers, the library and its
# soname links, vec25519.pc with the right paths, the CMake package, the man
# page and the guide), and that only vec25519_* symbols are visible.
#
# Usage: check_install.sh BUILD_DIR SOURCE_DIR C_COMPILER CXX_COMPILER [TOOLCHAIN_FILE]
#
# TOOLCHAIN_FILE: a cross build (cmake/toolchains/): every build here uses it,
# the programs run through the emulator in VEC25519_EMULATOR (its words
# separated by spaces), and the Debian layout's folder is given as
# lib/$VEC25519_MULTIARCH.
set -euo pipefail
build=$1 src=$2 cc=$3 cxx=$4 toolchain=${5:-}
read -r -a run <<<"${VEC25519_EMULATOR:-}"
tc=()
[ -n "$toolchain" ] && tc=(-DCMAKE_TOOLCHAIN_FILE="$toolchain" -DCMAKE_FIND_ROOT_PATH_MODE_PACKAGE=BOTH)
# needed FILE: the shared libraries FILE names (any target's ELF).
needed() { readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\].*/\1/p'; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
warn=(-Wall -Wextra -Werror -pedantic)

# check_layout NAME ROOT PREFIX LIBDIR: ROOT is the folder the files are in
# ($DESTDIR, or empty), PREFIX and LIBDIR (absolute) as the package knows them.
check_layout() {
  local name=$1 root=$2 prefix=$3 libdir=$4
  local dir=$root$libdir pc=$root$libdir/pkgconfig/vec25519.pc
  echo "== layout $name: prefix $prefix, libdir $libdir${root:+, staged in DESTDIR}"
  for f in "$root$prefix/include/vec25519.h" "$root$prefix/include/vec25519/version.h" \
           "$dir/libvec25519.a" "$dir/cmake/vec25519/vec25519Config.cmake" "$pc" \
           "$root$prefix/share/doc/vec25519/guide.md"; do
    [ -f "$f" ] || fail "$name: ${f#$root} is not installed"
  done
  local real soname prog
  real=$(readlink -f "$dir/libvec25519.so")
  soname=$(readelf -d "$real" | sed -n 's/.*Library soname: \[\(.*\)\].*/\1/p')
  [ -L "$dir/libvec25519.so" ] && [ -e "$dir/$soname" ] ||
    fail "$name: libvec25519.so -> $soname -> $(basename "$real") links are missing"

  # vec25519.pc: the paths the package will have once installed.
  local pcprefix pclibdir
  pcprefix=$(PKG_CONFIG_LIBDIR= pkg-config --variable=prefix "$pc")
  pclibdir=$(PKG_CONFIG_LIBDIR= pkg-config --variable=libdir "$pc")
  [ "$pcprefix" = "$prefix" ] || fail "$name: vec25519.pc says prefix=$pcprefix, not $prefix"
  [ "$pclibdir" = "$libdir" ] || fail "$name: vec25519.pc says libdir=$pclibdir, not $libdir"
  [ "$(PKG_CONFIG_LIBDIR= pkg-config --variable=includedir "$pc")" = "$prefix/include" ] ||
    fail "$name: vec25519.pc has the wrong includedir"
  [ "$(PKG_CONFIG_LIBDIR= pkg-config --modversion "$pc")" = "$version" ] ||
    fail "$name: vec25519.pc has the wrong version"

  # pkg-config consumers. A staged tree is read through the sysroot, and the
  # system folders are kept (they are not system folders of this machine).
  local -a pcenv=(env PKG_CONFIG_LIBDIR="$dir/pkgconfig" PKG_CONFIG_PATH=
                  PKG_CONFIG_ALLOW_SYSTEM_CFLAGS=1 PKG_CONFIG_ALLOW_SYSTEM_LIBS=1)
  [ -n "$root" ] && pcenv+=(PKG_CONFIG_SYSROOT_DIR="$root")
  local cflags libs out=$tmp/$name
  mkdir -p "$out"
  cflags=$("${pcenv[@]}" pkg-config --cflags vec25519)
  libs=$("${pcenv[@]}" pkg-config --libs vec25519)
  # shellcheck disable=SC2086
  {
    "$cc" -std=c99 "${warn[@]}" $cflags -o "$out/pc_c_shared" "$src/tests/install/consumer/main.c" $libs &&
    "$cxx" -x c++ -std=c++11 "${warn[@]}" $cflags -o "$out/pc_cxx_shared" "$src/tests/install/consumer/main.c" -x none $libs &&
    "$cc" -std=c99 "${warn[@]}" $cflags -o "$out/pc_c_static" "$src/tests/install/consumer/main.c" \
        $("${pcenv[@]}" pkg-config --libs-only-L vec25519) -Wl,-Bstatic -lvec25519 -Wl,-Bdynamic &&
    "$cxx" -x c++ -std=c++11 "${warn[@]}" $cflags -o "$out/pc_cxx_static" "$src/tests/install/consumer/main.c" -x none \
        $("${pcenv[@]}" pkg-config --libs-only-L vec25519) -Wl,-Bstatic -lvec25519 -Wl,-Bdynamic
  } || fail "$name: a pkg-config consumer does not build"
  for prog in pc_c_shared pc_cxx_shared pc_c_static pc_cxx_static; do
    [ -x "$out/$prog" ] || continue
    LD_LIBRARY_PATH="$dir" "${run[@]}" "$out/$prog" >/dev/null || fail "$name: $prog does not run"
  done
  for prog in pc_c_static pc_cxx_static; do
    [ -x "$out/$prog" ] || continue
    env -u LD_LIBRARY_PATH "${run[@]}" "$out/$prog" >/dev/null || fail "$name: static $prog does not run on its own"
  done
  if [ -z "$root" ] && [ -x "$out/pc_c_shared" ] &&
     /sbin/ldconfig -p 2>/dev/null | grep -q "$soname"; then
    echo "note: this machine has a $soname of its own (ldconfig -p): a consumer without rpath is not expected to fail"
  elif [ -z "$root" ] && [ -x "$out/pc_c_shared" ]; then
    # The guide: a prefix of one's own needs an rpath or LD_LIBRARY_PATH.
    if env -u LD_LIBRARY_PATH "${run[@]}" "$out/pc_c_shared" >/dev/null 2>"$out/norpath.err"; then
      fail "$name: a consumer without rpath starts without LD_LIBRARY_PATH (the guide says it does not)"
    else
      grep -q 'libvec25519.so' "$out/norpath.err" || fail "$name: unexpected failure: $(cat "$out/norpath.err")"
    fi
  fi
  for prog in pc_c_static pc_cxx_static; do
    [ -x "$out/$prog" ] && needed "$out/$prog" | grep -q libvec25519 && fail "$name: $prog links libvec25519.so"
  done

  # find_package consumers (the package is relocatable: found under the stage).
  # CMake searches <prefix>/lib64 only where the platform uses it (not on
  # Debian: FIND_LIBRARY_USE_LIB64_PATHS is off there), so a lib64 layout
  # is also named with vec25519_DIR, as a user of such a layout on Debian would.
  local -a where=(-DCMAKE_PREFIX_PATH="$root$prefix")
  case $libdir in */lib64) where+=(-Dvec25519_DIR="$dir/cmake/vec25519") ;; esac
  if cmake -S "$src/tests/install/consumer" -B "$out/cmake" "${tc[@]}" -DCMAKE_C_COMPILER="$cc" \
         -DCMAKE_CXX_COMPILER="$cxx" "${where[@]}" >"$out/cmake.log" 2>&1 &&
     cmake --build "$out/cmake" >>"$out/cmake.log" 2>&1; then
    for prog in consumer_shared consumer_static consumer_shared_cxx consumer_static_cxx; do
      if [ -n "$root" ]; then
        LD_LIBRARY_PATH="$dir" "${run[@]}" "$out/cmake/$prog" >/dev/null || fail "$name: find_package $prog does not run"
      else # installed in place: CMake's build-tree rpath is enough
        env -u LD_LIBRARY_PATH "${run[@]}" "$out/cmake/$prog" >/dev/null ||
          fail "$name: find_package $prog does not run without LD_LIBRARY_PATH"
      fi
    done
    grep -q "$dir/libvec25519.so" "$out/cmake/CMakeCache.txt" "$out/cmake/CMakeFiles/consumer_shared.dir/link.txt" ||
      fail "$name: find_package did not pick the library of this layout"
  else
    cat "$out/cmake.log"; fail "$name: the find_package consumer does not build"
  fi

  # Only vec25519_* symbols are visible, in the shared and in the static library.
  local bad
  bad=$(nm -D --defined-only "$dir/libvec25519.so" | awk '$2 != "A" {print $3}' | grep -v '^vec25519_' || true)
  bad+=$(nm -g --defined-only "$dir/libvec25519.a" | awk 'NF==3 {print $3}' | grep -v '^vec25519_' || true)
  [ -z "$bad" ] || fail "$name: symbols outside the vec25519_ namespace: $bad"
}

version=$(sed -n 's/^#define VEC25519_VERSION_STRING "\(.*\)"/\1/p' "$src/include/vec25519/version.h")

# --- debian and lib64: a library-only build configured for each layout -----
lib=$tmp/libbuild
# GNUInstallDirs chooses Debian's lib/<multiarch> by itself only in a native
# build; a cross build is given it, as Debian's packaging tools give it.
debian=()
[ -n "$toolchain" ] && debian=(-DCMAKE_INSTALL_LIBDIR="lib/${VEC25519_MULTIARCH:?a cross build names its multiarch folder}")
cmake -S "$src" -B "$lib" "${tc[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
    -DVEC25519_BUILD_CLI=OFF -DVEC25519_BUILD_BENCH=OFF -DVEC25519_BUILD_TESTS=OFF \
    -DCMAKE_INSTALL_PREFIX=/usr "${debian[@]}" >"$tmp/lib.log" 2>&1 || { cat "$tmp/lib.log"; exit 1; }
cmake --build "$lib" -j"$(nproc)" >>"$tmp/lib.log" 2>&1 || { cat "$tmp/lib.log"; exit 1; }
multiarch=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$lib/CMakeCache.txt")
if [ -z "$toolchain" ] && [ -f /etc/debian_version ] && command -v dpkg-architecture >/dev/null 2>&1; then
  want=lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)
  [ "$multiarch" = "$want" ] || fail "debian: CMAKE_INSTALL_LIBDIR is $multiarch, not $want"
fi
DESTDIR="$tmp/stage-debian" cmake --install "$lib" >/dev/null
check_layout debian "$tmp/stage-debian" /usr "/usr/$multiarch"
[ -e "$tmp/stage-debian/usr/lib/include" ] && fail "debian: something was installed into /usr/lib/include"

cmake -S "$src" -B "$lib" -DCMAKE_INSTALL_PREFIX=/opt/vec25519 -DCMAKE_INSTALL_LIBDIR=lib64 \
    >>"$tmp/lib.log" 2>&1 || { cat "$tmp/lib.log"; exit 1; }
cmake --build "$lib" -j"$(nproc)" >>"$tmp/lib.log" 2>&1
DESTDIR="$tmp/stage-lib64" cmake --install "$lib" >/dev/null
check_layout lib64 "$tmp/stage-lib64" /opt/vec25519 /opt/vec25519/lib64

# --- prefix: the test's own build tree, prefix given at install time ----------
p=$tmp/prefix
cmake --install "$build" --prefix "$p" >/dev/null
plibdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:PATH=//p' "$build/CMakeCache.txt")
check_layout prefix "" "$p" "$p/$plibdir"
[ -x "$p/bin/vec25519" ] || fail "prefix: the program is not installed in $p/bin"
if [ -x "$p/bin/vec25519" ]; then
  env -u LD_LIBRARY_PATH "${run[@]}" "$p/bin/vec25519" --version >/dev/null ||
    fail "prefix: the installed program does not start without LD_LIBRARY_PATH"
  deps=$(needed "$p/bin/vec25519")
  if echo "$deps" | grep -E 'libsodium|libcrypto|libssl'; then
    fail "prefix: the installed program depends on libsodium or OpenSSL at run time"
  fi
  [ -f "$p/share/man/man1/vec25519.1" ] || fail "prefix: the man page is not installed"
fi
if [ -f "$src/examples/CMakeLists.txt" ]; then
  if cmake -S "$src/examples" -B "$tmp/examples" "${tc[@]}" -DCMAKE_C_COMPILER="$cc" \
         -DCMAKE_PREFIX_PATH="$p" >"$tmp/examples.log" 2>&1 &&
     cmake --build "$tmp/examples" >>"$tmp/examples.log" 2>&1; then
    n=0
    for e in "$tmp"/examples/example_*; do
      [ -x "$e" ] || continue
      n=$((n + 1))
      env -u LD_LIBRARY_PATH "${run[@]}" "$e" >"$e.out" 2>&1 || { cat "$e.out"; fail "example $(basename "$e") fails"; }
    done
    [ "$n" -ge 4 ] || fail "only $n examples were built"
    echo "== examples: $n built against the installed package and run"
  else
    cat "$tmp/examples.log"; fail "the examples do not build against the installed package"
  fi
fi

# The examples' Makefile: pkg-config, objects and programs in O (never in
# the source tree), an rpath (they run without LD_LIBRARY_PATH), and `make
# clean` without PKG_CONFIG_PATH prints nothing on stderr.
if [ -f "$src/examples/Makefile" ] && command -v make >/dev/null 2>&1; then
  before=$(ls -a "$src/examples")
  if make -C "$src/examples" O="$tmp/mk" PKG_CONFIG_PATH="$p/$plibdir/pkgconfig" CC="$cc" >"$tmp/mk.log" 2>&1; then
    n=0
    for e in "$tmp"/mk/example_*; do
      [ -x "$e" ] || continue
      n=$((n + 1))
      env -u LD_LIBRARY_PATH "${run[@]}" "$e" >/dev/null 2>&1 || fail "examples/Makefile: $(basename "$e") does not run without LD_LIBRARY_PATH"
    done
    [ "$n" -ge 4 ] || fail "examples/Makefile built only $n programs"
  else
    cat "$tmp/mk.log"; fail "examples/Makefile does not build against the installed package"
  fi
  env -u PKG_CONFIG_PATH make -s -C "$src/examples" O="$tmp/mk" clean >/dev/null 2>"$tmp/mkclean.err"
  [ -s "$tmp/mkclean.err" ] && { fail "make clean prints on stderr:"; cat "$tmp/mkclean.err"; }
  [ "$(ls -a "$src/examples")" = "$before" ] || fail "examples/Makefile wrote into the source tree"
  echo "== examples/Makefile: built into O, run without LD_LIBRARY_PATH, clean is quiet"
fi

# The guide's pkg-config lines for a prefix of one's own, verbatim
# (docs/guide.md, block "sh test:link-prefix"), in a shell without
# LD_LIBRARY_PATH, on the consumer program as app.c.
# The guide's lines call cc, the build machine's compiler: not in a cross build.
if [ -n "$toolchain" ]; then
  echo "note: a cross build: the guide's pkg-config lines (cc) are run natively"
elif command -v cc >/dev/null 2>&1; then
  mkdir -p "$tmp/guide"
  cp "$src/tests/install/consumer/main.c" "$tmp/guide/app.c"
  sh "$src/tests/docs/doc_block.sh" "$src/docs/guide.md" link-prefix >"$tmp/guide/run.sh" ||
    fail "docs/guide.md has no block test:link-prefix"
  if (cd "$tmp/guide" && env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH PREFIX="$p" sh -e run.sh) >"$tmp/guide/log" 2>&1 &&
     grep -q '^consumer: ok' "$tmp/guide/log"; then
    echo "== the guide's pkg-config lines (rpath) build and run a program against $p"
  else
    cat "$tmp/guide/run.sh" "$tmp/guide/log"; fail "the guide's pkg-config lines do not give a running program"
  fi
else
  echo "note: no cc: the guide's pkg-config lines are not run"
fi

# The API pages: the generated man 3 pages (when the build made them) are installed.
if [ -d "$build/man/man3" ]; then
  for f in vec25519.3 vec25519_ed25519_sign.3 vec25519_x25519.3; do
    [ -f "$p/share/man/man3/$f" ] || fail "prefix: man3/$f is not installed"
  done
  [ "$(ls "$p/share/man/man3" | wc -l)" -eq "$(ls "$build/man/man3" | grep -c '\.3$')" ] ||
    fail "prefix: not every man 3 page is installed"
fi

[ $fails -eq 0 ] || { echo "install check: $fails failures"; exit 1; }
echo "install check: ok"
