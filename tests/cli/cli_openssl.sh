#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Interoperability of the vec25519 tool with the openssl command (3.0), both
# ways:
#   - keys from `openssl genpkey -algorithm ed25519|x25519` (PEM and DER) are
#     read by us, and give the public key `openssl pkey -pubout` gives;
#   - our keys (PEM and DER) are read by `openssl pkey` (-in, -pubout) and give
#     the public key we give;
#   - signatures of `openssl pkeyutl -sign -rawin` verify with us, and are
#     byte-identical to ours (Ed25519 is deterministic); ours verify with
#     `openssl pkeyutl -verify -rawin -sigfile`; a tampered message fails in both;
#   - `openssl pkeyutl -derive` and `vec25519 x25519` agree, mixing key sources;
#   - streamed signing and verification of messages around the block (64 KiB)
#     and pipe-spool (1 MiB) sizes give OpenSSL's signatures, from a file and
#     from a pipe.
# Without openssl (or without its Ed25519/X25519 support) it prints SKIPPED
# and exits 77.
#
# Usage: cli_openssl.sh VEC25519 CLI_CHECK
set -u
. "$(dirname "$0")/common.sh"
OPENSSL=${OPENSSL:-openssl}
if ! command -v "$OPENSSL" >/dev/null 2>&1; then
    echo "SKIPPED: no openssl command"
    exit 77
fi
in_temp_dir
# (OpenSSL 3.0 signs -rawin only from a file: it needs the size up front.)
printf x >probe.msg
if ! "$OPENSSL" genpkey -algorithm ed25519 -out probe.pem >/dev/null 2>&1 ||
    ! "$OPENSSL" pkeyutl -sign -inkey probe.pem -rawin -in probe.msg -out probe.sig \
        >/dev/null 2>&1; then
    echo "SKIPPED: this openssl cannot make Ed25519 keys or sign with -rawin"
    exit 77
fi
"$OPENSSL" version

# run COMMAND...: must exit 0.
run() {
    checks=$((checks + 1))
    "$@" >out 2>err || {
        fail "'$*' exited $?: $(cat err)"
        return 1
    }
}

printf 'The quick brown fox jumps over the lazy dog\n' >msg
printf 'The quick brown fox jumps over the lazy cog\n' >msg.bad
# (OpenSSL 3.0's pkeyutl cannot sign or verify an empty file: "Could not allocate
# 0 bytes"; the empty message is covered by cli_basic's RFC 8032 TEST 1.)
printf 'x' >onebyte
dd if=/dev/urandom of=rand bs=1000 count=3 2>/dev/null

round=1
while [ $round -le 4 ]; do
    # ---- Ed25519: OpenSSL's key, used by us -----------------------------------
    run "$OPENSSL" genpkey -algorithm ed25519 -out o.pem
    run "$OPENSSL" pkey -in o.pem -outform DER -out o.der
    run "$OPENSSL" pkey -in o.pem -pubout -out o.pub
    run "$OPENSSL" pkey -in o.pem -pubout -outform DER -out o.pub.der
    run "$V" pubkey -i o.pem -o v.pub && same v.pub o.pub
    run "$V" pubkey -i o.der -o v2.pub && same v2.pub o.pub
    run "$V" pubkey -i o.pub.der -o v3.pub && same v3.pub o.pub
    for m in msg onebyte rand; do
        run "$OPENSSL" pkeyutl -sign -inkey o.pem -rawin -in $m -out o.sig
        run "$V" sign -k o.pem -o v.sig $m && same v.sig o.sig
        run "$V" sign -k o.der -o v.sig $m && same v.sig o.sig
        run "$V" verify -p o.pub -s o.sig $m && has out OK
        run "$V" verify -p o.pub.der -s o.sig $m
        run "$OPENSSL" base64 -A -in o.sig -out o.sig.b64
        printf '\n' >>o.sig.b64
        run "$V" verify -p o.pub -s o.sig.b64 $m
    done
    expect 1 "$V" verify -p o.pub -s o.sig msg.bad

    # ---- Ed25519: our key, used by OpenSSL ------------------------------------
    run "$V" keygen --force -o v.pem
    run "$V" keygen --force --der -o vk.der
    run "$V" pubkey -i v.pem -o v.pub
    run "$V" pubkey -i vk.der --der -o vk.pub.der
    run "$OPENSSL" pkey -in v.pem -pubout -out o.pub && same o.pub v.pub
    run "$OPENSSL" pkey -in v.pem -out v.reenc.pem && same v.reenc.pem v.pem
    run "$OPENSSL" pkey -inform DER -in vk.der -pubout -outform DER -out o.pub.der
    same o.pub.der vk.pub.der
    run "$OPENSSL" pkey -pubin -in v.pub -noout
    for m in msg onebyte rand; do
        run "$V" sign -k v.pem -o v.sig $m
        run "$OPENSSL" pkeyutl -verify -pubin -inkey v.pub -rawin -in $m -sigfile v.sig
        has out "Signature Verified Successfully"
        run "$OPENSSL" pkeyutl -verify -inkey v.pem -rawin -in $m -sigfile v.sig
        run "$OPENSSL" pkeyutl -sign -inkey v.pem -rawin -in $m -out o.sig && same o.sig v.sig
        run "$V" sign -k vk.der -o vk.sig $m
        run "$OPENSSL" pkeyutl -verify -pubin -inkey vk.pub.der -keyform DER -rawin -in $m \
            -sigfile vk.sig
    done
    run "$V" sign -k v.pem -o v.sig msg
    expect 1 "$OPENSSL" pkeyutl -verify -pubin -inkey v.pub -rawin -in msg.bad -sigfile v.sig

    # ---- X25519 ----------------------------------------------------------------
    run "$OPENSSL" genpkey -algorithm x25519 -out ox.pem
    run "$OPENSSL" pkey -in ox.pem -pubout -out ox.pub
    run "$OPENSSL" pkey -in ox.pem -outform DER -out ox.der
    run "$V" keygen --force --x25519 -o vx.pem
    run "$V" pubkey -i vx.pem -o vx.pub
    run "$V" pubkey -i ox.pem -o vox.pub && same vox.pub ox.pub
    run "$OPENSSL" pkey -in vx.pem -pubout -out ovx.pub && same ovx.pub vx.pub
    # OpenSSL's shared secret (raw) in hex, against ours, both directions.
    run "$OPENSSL" pkeyutl -derive -inkey ox.pem -peerkey vx.pub -out o.shared
    od -An -v -tx1 o.shared | tr -d ' \n' >o.hex
    printf '\n' >>o.hex
    run "$V" x25519 -k vx.pem -p ox.pub && same out o.hex
    run "$V" x25519 -k ox.der -p vx.pub && same out o.hex
    run "$OPENSSL" pkeyutl -derive -inkey vx.pem -peerkey ox.pub -out o.shared2
    same o.shared2 o.shared
    round=$((round + 1))
done

# ---- streaming: sizes around the 64 KiB block and the 1 MiB pipe spool ----------
"$OPENSSL" genpkey -algorithm ed25519 -out s.pem 2>/dev/null
"$OPENSSL" pkey -in s.pem -pubout -out s.pub
dd if=/dev/urandom of=pool bs=65536 count=40 2>/dev/null
for n in 1 65535 65536 65537 131071 131072 131073 1048575 1048576 1048577 1114113 2621440; do
    head -c $n pool >m
    run "$OPENSSL" pkeyutl -sign -inkey s.pem -rawin -in m -out o.sig
    run "$V" sign -k s.pem -o v.sig m && same v.sig o.sig
    checks=$((checks + 1))
    cat m | "$V" sign -k s.pem -o vp.sig 2>err || fail "sign from a pipe, $n bytes: $(cat err)"
    same vp.sig o.sig
    run "$V" verify -p s.pub -s o.sig m
    run "$OPENSSL" pkeyutl -verify -pubin -inkey s.pub -rawin -in m -sigfile v.sig
done

finish
