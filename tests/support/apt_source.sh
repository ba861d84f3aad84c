#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Fetches and unpacks the Debian source package of an installed binary
# package, of the installed version, into WORKDIR: `apt-get source` through a
# deb-src list of our own and a private apt state under WORKDIR/apt, so no
# root is needed and the system's apt configuration is not touched. Used by
# tests/sodium/upstream.sh (libsodium) and
# tests/provider/provider_python_suite.sh (python-cryptography); nothing
# fetched is kept in the repository.
#
#   apt_source.sh WORKDIR BINARY_PACKAGE SOURCE_PACKAGE
#
# Exit 0 with the unpacked tree under WORKDIR (SOURCE_PACKAGE-UPSTREAMVERSION/);
# exit 1 with one line on stdout saying why the sources could not be had.
set -u
work=$1 bin=$2 srcpkg=$3
no() { echo "$1"; exit 1; }
command -v apt-get >/dev/null 2>&1 || no "no apt-get (not a Debian system)"
command -v dpkg-source >/dev/null 2>&1 || no "no dpkg-source (Debian package dpkg-dev)"
case $bin in
  *:*) ;;
  *) arch=$(dpkg --print-architecture) && bin="$bin:$arch" ;;
esac
version=$(dpkg-query -W -f='${Version}' "$bin" 2>/dev/null) && [ -n "$version" ] ||
  no "$bin is not installed"
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || no "no VERSION_CODENAME in /etc/os-release"
mkdir -p "$work" || no "cannot make $work"
work=$(cd "$work" && pwd)
apt="$work/apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
cat >"$apt/sources.list" <<EOF
deb-src http://deb.debian.org/debian $codename main
deb-src http://deb.debian.org/debian $codename-updates main
deb-src http://deb.debian.org/debian-security $codename-security main
EOF
set -- -o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
       -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache" -o Debug::NoLocking=1 \
       -o APT::Sandbox::User="$(id -un)" -q
echo "fetching $srcpkg $version (Debian $codename source package) ..." >&2
timeout 600 apt-get "$@" update >"$work/apt-update.log" 2>&1 ||
  no "apt-get update of the deb-src list failed: $(tail -1 "$work/apt-update.log")"
ls "$apt/lists/"*Sources* >/dev/null 2>&1 ||
  no "apt-get update fetched no deb-src index: $(grep -E '^(W|E|Err)' "$work/apt-update.log" | head -1)"
(cd "$work" && timeout 600 apt-get "$@" source "$srcpkg=$version") >"$work/apt-source.log" 2>&1 ||
  no "apt-get source $srcpkg=$version failed: $(tail -1 "$work/apt-source.log")"
exit 0
