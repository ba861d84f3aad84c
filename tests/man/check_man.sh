#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The manual pages: vec25519(1) and every man 3 page generated from the
# header comments (tools/gen_man3.py) render with groff's warnings on and
# give none (also through man(1) at 80 columns, which reports tables wider
# than the line); every .so link leads to a page; every function the library
# exports (tests/abi/libvec25519.so.0.1.symbols) has a page; and the words
# about the benchmark are true: neither vec25519(1) nor `vec25519 --help`
# promises a comparison with libsodium or OpenSSL that the program, which
# links neither, cannot make.
#
# Usage: check_man.sh MAN_DIR SYMBOLS MAN1_PAGE [CLI]
#   MAN_DIR  the build's man folder (holding man3/)
set -u
man_dir=$1 symbols=$2 man1=$3 cli=${4:-}
command -v groff >/dev/null 2>&1 || { echo "SKIPPED: groff is not installed (Debian: groff-base)"; exit 77; }
. "$(dirname "$0")/../support/check.sh"

# render FILE: groff with every warning, UTF-8 device, output discarded.
render() {
    (cd "$man_dir" && groff -man -ww -Tutf8 -z "$1") >"$tmp/warn" 2>&1
    [ -s "$tmp/warn" ] && { fail "$1 renders with warnings:"; cat "$tmp/warn"; }
    return 0
}

# vec25519(1)
(cd "$(dirname "$man1")" && groff -man -ww -Tutf8 -z "$(basename "$man1")") >"$tmp/warn" 2>&1
[ -s "$tmp/warn" ] && { fail "vec25519.1 renders with warnings:"; cat "$tmp/warn"; }
if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man --warnings -l "$man1" >/dev/null 2>"$tmp/warn"
    [ -s "$tmp/warn" ] && { fail "man --warnings -l vec25519.1:"; cat "$tmp/warn"; }
fi
grep -n '\\(\*l' "$man1" && fail "vec25519.1 draws lambda (\\(*l) where it means the group order"
page=$(cd "$(dirname "$man1")" && groff -man -Tutf8 "$(basename "$man1")" 2>/dev/null)
echo "$page" | grep -q 'S < ℓ' || fail "vec25519.1 does not draw S < ℓ"
echo "$page" | grep -qi 'previous vec25519\|whole.file version' && fail "vec25519.1 carries development history"
echo "$page" | grep -q 'next to libsodium and OpenSSL' && fail "vec25519.1 promises peers in bench"
if [ -n "$cli" ]; then
    "$cli" --help >"$tmp/help" 2>&1
    grep -i 'bench' "$tmp/help" | grep -qi 'libsodium\|openssl' &&
        fail "vec25519 --help promises libsodium/OpenSSL in bench: $(grep bench "$tmp/help")"
    "$cli" bench --help >"$tmp/bhelp" 2>&1
    if grep -q 'next to libsodium and OpenSSL when they are built in' "$tmp/bhelp"; then
        fail "vec25519 bench --help promises peers it does not have"
    fi
fi

# man 3
[ -d "$man_dir/man3" ] || { fail "no man3 folder in $man_dir"; exit 1; }
n=0 links=0
for f in "$man_dir"/man3/*.3; do
    b=man3/$(basename "$f")
    if head -1 "$f" | grep -q '^\.so '; then
        target=$(sed -n '1s/^\.so //p' "$f")
        [ -f "$man_dir/$target" ] || fail "$b: .so $target leads nowhere"
        links=$((links + 1))
    else
        render "$b"
        n=$((n + 1))
    fi
done
missing=0
for sym in $(grep -o '^vec25519_[A-Za-z0-9_]*' "$symbols" | sort -u); do
    [ -f "$man_dir/man3/$sym.3" ] || { fail "no man 3 page for $sym"; missing=$((missing + 1)); }
done
[ -f "$man_dir/man3/vec25519.3" ] || fail "no overview page vec25519(3)"
[ "$n" -gt 20 ] || fail "only $n man 3 pages"
[ $fails -eq 0 ] || { echo "man pages: $fails failures"; exit 1; }
echo "man pages: ok (vec25519.1; $n man 3 pages and $links links, every exported function)"
