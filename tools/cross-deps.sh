#!/usr/bin/env bash
# SPDX-License-Identifier: MIT OR Apache-2.0
# Installs, with apt-get (Debian 12, as root), what tools/cross-test.sh needs
# for every target: the cross compilers and their C libraries, qemu-user,
# mingw-w64 and Wine, and each target's libsodium from Debian's multiarch
# packages (libsodium-dev:arm64, ...) for the differential tests.
#
# riscv64 is not a release architecture of Debian 12: it has a cross compiler
# but no libsodium-dev:riscv64, so its differential tests say SKIPPED.
# OpenSSL 3 for the targets is not installed: libssl3:ARCH must be the very
# version of the build machine's libssl3 (multiarch), which the archive does
# not always carry for every architecture, so the provider is not built for
# the cross targets (it is tested natively, tools/test.sh).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

triplets="aarch64-linux-gnu arm-linux-gnueabihf i686-linux-gnu riscv64-linux-gnu
powerpc64le-linux-gnu s390x-linux-gnu"
libc_cross="arm64 armhf i386 riscv64 ppc64el s390x" # libc6-dev-ARCH-cross
multiarch="arm64 armhf i386 ppc64el s390x"           # libsodium-dev:ARCH

tools=(qemu-user gcc-mingw-w64-x86-64 wine wine64)
for t in $triplets; do tools+=("gcc-$t"); done
for a in $libc_cross; do tools+=("libc6-dev-$a-cross"); done
sodium=()
for a in $multiarch; do sodium+=("libsodium-dev:$a"); done

missing() {
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done
}

for a in $multiarch; do
  dpkg --print-foreign-architectures | grep -qx "$a" || dpkg --add-architecture "$a"
done
todo=($(missing "${tools[@]}" "${sodium[@]}"))
[ ${#todo[@]} -eq 0 ] && { echo "cross-deps: everything is installed"; exit 0; }

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
