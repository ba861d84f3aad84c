#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Installs, with apt-get (Debian 12, as root), what tools/cross-test.sh needs
# for every target: the cross compilers (C and C++: the install and header
# tests build C++ consumers) and their C libraries, qemu-user,
# mingw-w64 and Wine, and each target's libsodium from Debian's multiarch
# packages (libsodium-dev:arm64, ...) for the differential tests.
#
# riscv64 is not a release architecture of Debian 12: it has a cross compiler
# but no libsodium-dev:riscv64, so its differential tests say SKIPPED.
#
# OpenSSL 3 for the targets (the provider's tests): libssl3:ARCH cannot be
# installed beside the build machine's libssl3 unless both are the very same
# version, which the archive does not carry for every architecture (the
# security updates of the build machine's come first). So the target's
# libssl3, libssl-dev and openssl packages are downloaded and unpacked, not
# installed, into a folder of their own, $VEC25519_CROSS_OPENSSL/<multiarch>
# (default /opt/vec25519-cross): cmake/toolchains/linux-gnu.cmake finds the
# target's OpenSSL there, and its tests run the target's openssl program
# through qemu with that folder's libraries.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

triplets="aarch64-linux-gnu arm-linux-gnueabihf i686-linux-gnu riscv64-linux-gnu
powerpc64le-linux-gnu s390x-linux-gnu"
libc_cross="arm64 armhf i386 riscv64 ppc64el s390x" # libc6-dev-ARCH-cross
multiarch="arm64 armhf i386 ppc64el s390x"           # libsodium-dev:ARCH

tools=(qemu-user gcc-mingw-w64-x86-64 wine wine64)
for t in $triplets; do tools+=("gcc-$t" "g++-$t"); done
for a in $libc_cross; do tools+=("libc6-dev-$a-cross"); done
sodium=()
# With them, libstdc++6:ARCH: the C++ consumers of the install and header
# tests run on the target's multiarch C library (qemu -L /).
for a in $multiarch; do sodium+=("libsodium-dev:$a" "libstdc++6:$a"); done

missing() {
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done
}

for a in $multiarch; do
  dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
done
# openssl_root ARCH MULTIARCH: unpacks the target's OpenSSL (see above).
openssl_root() {
  local arch=$1 ma=$2 root=${VEC25519_CROSS_OPENSSL:-/opt/vec25519-cross}/$2 dl pc
  [ -f "$root/usr/lib/$ma/pkgconfig/libcrypto.pc" ] && [ -x "$root/usr/bin/openssl" ] && return 0
  dl=$(mktemp -d)
  if ! (cd "$dl" && apt-get download -qq "libssl3:$arch" "libssl-dev:$arch" "openssl:$arch") \
       >"$dl/log" 2>&1; then
    cat "$dl/log"
    echo "cross-deps: OpenSSL for $arch could not be fetched: that target's provider tests are not built"
    rm -rf "$dl"
    return 0
  fi
  rm -rf "$root" && mkdir -p "$root"
  for d in "$dl"/*.deb; do dpkg-deb -x "$d" "$root"; done
  rm -rf "$dl"
  # The .pc files name the unpacked folder, and the target's own
  # configuration headers (include/<multiarch>/openssl/).
  for pc in "$root/usr/lib/$ma/pkgconfig"/*.pc; do
    sed -i -e "s|^prefix=/usr\$|prefix=$root/usr|" \
        -e "s|^Cflags: -I\${includedir}\$|Cflags: -I\${includedir} -I\${includedir}/$ma|" "$pc"
  done
  echo "cross-deps: OpenSSL $(sed -n 's/^Version: //p' "$root/usr/lib/$ma/pkgconfig/libcrypto.pc") for $arch in $root"
}
openssl_all() { # the architectures with a multiarch libsodium, and their folder names
  openssl_root arm64 aarch64-linux-gnu
  openssl_root armhf arm-linux-gnueabihf
  openssl_root i386 i386-linux-gnu
  openssl_root ppc64el powerpc64le-linux-gnu
  openssl_root s390x s390x-linux-gnu
}

todo=($(missing "${tools[@]}" "${sodium[@]}"))
[ ${#todo[@]} -eq 0 ] && { echo "cross-deps: everything is installed"; openssl_all; exit 0; }

# A package list of a foreign architecture that cannot be fetched (the
# security archive is sometimes mid-sync for one of them) is not fatal: apt
# keeps what it has, and the install below says what it cannot find.
apt-get update -qq || echo "cross-deps: some package lists were not fetched; going on"
apt-get install -y -qq --no-install-recommends $(missing "${tools[@]}")
# The targets' libsodium: each on its own, so that one architecture the
# archive cannot serve only turns that target's differential tests into SKIPPED.
for p in $(missing "${sodium[@]}"); do
  apt-get install -y -qq --no-install-recommends "$p" ||
    echo "cross-deps: $p could not be installed: that target's differential tests will say SKIPPED"
done
openssl_all
