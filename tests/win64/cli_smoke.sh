#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# The vec25519 program on Windows, run through an emulator (Wine) or natively
# (MSYS2): every command once, binary standard input and output (no CR LF
# translation, no stop at a Ctrl-Z byte), keys written only once unless
# --force, an existing file replaced (MoveFileEx), the RFC 8032 test 1 and
# RFC 7748 §6.1 known answers.
#
# Usage: cli_smoke.sh VEC25519.EXE VECTORS_DIR [EMULATOR...]
set -u
. "$(dirname "$0")/../cli/common.sh"
shift 2 # the vectors are not needed: the known answers are below
export WINEDEBUG=${WINEDEBUG:--all}
EMU="$*"
vx() { $EMU "$V" "$@"; }
in_temp_dir

expect 0 vx --version && has out "vec25519 "
expect 0 vx --help && has out "verify-batch"
expect 2 vx frobnicate && has err "unknown command 'frobnicate'"

# keygen: a new file, refused when it exists, replaced with --force.
expect 0 vx keygen -o k.pem && has k.pem "-----BEGIN PRIVATE KEY-----"
cp k.pem k.copy
expect 2 vx keygen -o k.pem && has err "already exists (use --force to replace it)"
same k.pem k.copy
expect 0 vx keygen -o k.pem --force
differ k.pem k.copy
expect 0 vx keygen --der -o k.der && size_is k.der 48
expect 0 vx keygen --x25519 --der -o x.der && size_is x.der 48
no_temp

# RFC 8032 §7.1 test 1 (the empty message), the key in RFC 8410 form.
printf '%s\n' '-----BEGIN PRIVATE KEY-----' \
    'MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g' \
    '-----END PRIVATE KEY-----' > t1.pem
expect 0 vx pubkey -i t1.pem -o t1.pub
expect 2 vx sign -k t1.pem -o t1.sig missing.txt
: > empty
expect 0 vx sign -k t1.pem --base64 empty && cp out t1.sig
has t1.sig "5VZDAMNgrHKQhuLMgG6CioSHfx645dl02HPgZSJJAVVfuIIVkKM7rMYeOXAc+bRr0lv18FlbviRlUUFDjnoQCw=="
expect 0 vx verify -p t1.pub -s t1.sig empty
expect 2 vx pubkey -i k.pem -o k.pem && has err "would overwrite the input key"

# Binary standard output and input: the raw signature of each message is the
# same through standard output as through -o, 64 bytes, and the same from
# standard input as from the file, for messages of LF, CR LF and Ctrl-Z
# bytes. Some signature among them holds a 0x0a byte (checked), which text
# mode would have turned into CR LF.
nl=0
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24; do
    printf 'line %s\n\r\n\032after ctrl-z\n' "$i" > m$i
    expect 0 vx sign -k k.pem -o s$i.file m$i
    expect 0 vx sign -k k.pem m$i && cp out s$i.stdout
    size_is s$i.stdout 64
    same s$i.stdout s$i.file
    expect 0 vx sign -k k.pem - < m$i && cp out s$i.stdin
    same s$i.stdin s$i.file
    od -An -tx1 s$i.file | grep -q ' 0a' && nl=$((nl + 1))
done
checks=$((checks + 1))
[ $nl -gt 0 ] || fail "no signature with a 0x0a byte among 24: binary output not exercised"
expect 0 vx pubkey -i k.pem -o k.pub
expect 0 vx verify -p k.pub -s s1.file m1
expect 1 vx verify -p k.pub -s s2.file m1
# verify-batch: a manifest of (pub, sig, message) lines.
: > manifest
for i in 1 2 3 4 5 6 7 8; do echo "k.pub s$i.file m$i" >> manifest; done
expect 0 vx verify-batch manifest
echo "k.pub s1.file m2" >> manifest
expect 1 vx verify-batch manifest

# X25519, RFC 7748 §6.1: Alice's and Bob's keys, the shared secret.
printf '%s\n' '-----BEGIN PRIVATE KEY-----' \
    'MC4CAQAwBQYDK2VuBCIEIHcHbQpzGKV9PBbBclGyZkXfTC+H68CZKrF3+6UduSwq' \
    '-----END PRIVATE KEY-----' > alice.pem
printf '%s\n' '-----BEGIN PRIVATE KEY-----' \
    'MC4CAQAwBQYDK2VuBCIEIF2rCH5iSopLeeF/i4OADuZvO7EpJhi2/Rwviyf/iODr' \
    '-----END PRIVATE KEY-----' > bob.pem
expect 0 vx pubkey -i bob.pem -o bob.pub
expect 0 vx pubkey -i alice.pem -o alice.pub
expect 0 vx x25519 -k alice.pem -p bob.pub && cp out ab
expect 0 vx x25519 -k bob.pem -p alice.pub && cp out ba
same ab ba
has ab "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

# A replaced public file: the old one is replaced in place (MoveFileEx).
echo old > pub.out
expect 0 vx pubkey -i k.pem -o pub.out
same pub.out k.pub

expect 0 vx bench --help
finish
