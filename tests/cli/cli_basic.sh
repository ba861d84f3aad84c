#!/bin/sh
# SPDX-License-Identifier: MIT OR Apache-2.0
# Every command of the vec25519 tool end to end: usage and help, keygen (modes,
# O_EXCL, --force, symbolic links), pubkey (PEM, DER, stdin), sign and verify
# (raw, base64, stdin, RFC 8032 known answers for Ed25519 and Ed25519ph, a
# large --prehash file), verify-batch (all valid, one invalid among many, a
# missing file, bad manifests), x25519 (RFC 7748 known answer, both
# directions, all-zero result) and bench (table, JSON, the progress line only
# on a terminal).
#
# Usage: cli_basic.sh VEC25519 CLI_CHECK   (CLI_CHECK hex2bin HEX OUT writes bytes)
set -u
. "$(dirname "$0")/common.sh"
H=$(abs "$2")
in_temp_dir

# ---- usage -----------------------------------------------------------------
expect 2 "$V"
has err "Usage: vec25519 COMMAND"
expect 0 "$V" --help
has out "verify-batch"
expect 0 "$V" --version
has out "vec25519 "
for c in keygen pubkey sign verify verify-batch x25519 bench; do
    expect 0 "$V" "$c" --help && has out "Usage: vec25519 $c"
    expect 0 "$V" help "$c" && has out "Usage: vec25519 $c"
done
expect 2 "$V" frobnicate && has err "unknown command 'frobnicate'"
expect 2 "$V" sign --bogus && has err "unknown option '--bogus'"
expect 2 "$V" sign msg && has err "the private key is missing (-k KEY)"
expect 2 "$V" keygen -o a -o b && has err "given twice"
expect 2 "$V" keygen extra && has err "unexpected argument 'extra'"
expect 2 "$V" keygen -o && has err "needs an argument"
expect 2 "$V" keygen --x25519 --ed25519 && has err "exclude each other"
expect 2 "$V" verify-batch && has err "the manifest is missing"
expect 2 "$V" verify -p a && has err "the signature is missing"

# ---- keygen ----------------------------------------------------------------
expect 0 "$V" keygen -o k.pem && empty out
mode_is k.pem -rw-------
has k.pem "-----BEGIN PRIVATE KEY-----"
cp k.pem k.copy
expect 2 "$V" keygen -o k.pem && has err "k.pem: already exists (use --force to replace it)"
same k.pem k.copy
chmod 644 k.pem
expect 0 "$V" keygen -o k.pem --force
mode_is k.pem -rw-------
differ k.pem k.copy
(umask 0 && "$V" keygen -o umask0.pem) && mode_is umask0.pem -rw-------
ln -s k.copy link.pem
expect 2 "$V" keygen -o link.pem && has err "already exists"
expect 2 "$V" keygen -o link.pem --force && has err "symbolic link"
expect 0 "$V" keygen && has out "-----BEGIN PRIVATE KEY-----"
expect 0 "$V" keygen --der -o k.der && size_is k.der 48
expect 0 "$V" keygen --x25519 -o x.pem
expect 0 "$V" pubkey --der -i x.pem -o x.pub.der && size_is x.pub.der 44
# The OID's last byte: 0x6e (X25519) at offset 8; 0x70 (Ed25519) for the default.
checks=$((checks + 1))
[ "$(od -An -tx1 -j8 -N1 x.pub.der | tr -d ' ')" = "6e" ] || fail "x25519 key OID"
checks=$((checks + 1))
[ "$(od -An -tx1 -j11 -N1 k.der | tr -d ' ')" = "70" ] || fail "ed25519 key OID"
expect 2 "$V" keygen -o no-such-dir/k.pem && has err "cannot create"

# ---- pubkey ----------------------------------------------------------------
expect 0 "$V" pubkey -i k.pem -o p.pem && empty out
has p.pem "-----BEGIN PUBLIC KEY-----"
size_is p.pem 113
expect 0 "$V" pubkey <k.pem && same out p.pem
expect 0 "$V" pubkey -i - <k.pem && same out p.pem
expect 0 "$V" pubkey -i p.pem && same out p.pem
expect 0 "$V" pubkey -i k.pem --der -o p.der && size_is p.der 44
expect 0 "$V" pubkey -i p.der && same out p.pem
expect 0 "$V" pubkey -i k.der -o kd.pem
cp k.pem k.before
expect 2 "$V" pubkey -i k.pem -o k.pem && has err "would overwrite the input key"
same k.pem k.before

# ---- sign and verify ---------------------------------------------------------
printf 'attack at dawn\n' >msg
expect 0 "$V" sign -k k.pem -o s.bin msg && size_is s.bin 64
expect 0 "$V" verify -p p.pem -s s.bin msg && has out "OK"
expect 0 "$V" sign -k k.pem msg && same out s.bin
expect 0 "$V" sign -k k.pem --base64 -o s.b64 msg && size_is s.b64 89
expect 0 "$V" verify -p p.pem -s s.b64 msg
expect 0 "$V" sign -k k.pem --base64 <msg && same out s.b64
expect 0 "$V" sign -k k.pem --base64 - <msg && same out s.b64
expect 0 "$V" verify -p p.pem -s s.b64 <msg && has out "OK"
expect 0 "$V" verify -p p.der -s s.bin - <msg
expect 0 "$V" sign -k k.der --base64 msg
expect 2 "$V" sign -k - - <k.pem && has err "cannot both be standard input"
expect 2 "$V" verify -p - -s - msg <p.pem && has err "only one of"
expect 2 "$V" sign -k k.pem -o msg msg && has err "would overwrite an input"
printf 'attack at dusk\n' >msg2
expect 1 "$V" verify -p p.pem -s s.bin msg2
has out "FAIL: the signature does not match the message and the public key"
expect 1 "$V" verify -p kd.pem -s s.bin msg && has out "FAIL:"
: >empty
expect 0 "$V" sign -k k.pem -o s.empty empty
expect 0 "$V" verify -p p.pem -s s.empty empty

# RFC 8032 section 7.1 TEST 1 (empty message) and TEST 3 (two bytes).
"$H" hex2bin 302e020100300506032b6570042204209d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60 t1.der
"$H" hex2bin e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b t1.sig
expect 0 "$V" sign -k t1.der -o t1.out empty && same t1.out t1.sig
"$H" hex2bin 302e020100300506032b657004220420c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7 t3.der
"$H" hex2bin af82 t3.msg
"$H" hex2bin 6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a t3.sig
expect 0 "$V" sign -k t3.der -o t3.out t3.msg && same t3.out t3.sig
expect 0 "$V" pubkey -i t3.der -o t3.pub
expect 0 "$V" verify -p t3.pub -s t3.sig t3.msg

# RFC 8032 section 7.3, Ed25519ph TEST abc.
"$H" hex2bin 302e020100300506032b657004220420833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42 ph.der
"$H" hex2bin 98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae4131f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406 ph.sig
printf 'abc' >abc
expect 0 "$V" sign -k ph.der --prehash -o ph.out abc && same ph.out ph.sig
expect 0 "$V" sign -k ph.der --prehash <abc && same out ph.sig
expect 0 "$V" pubkey -i ph.der -o ph.pub
expect 0 "$V" verify -p ph.pub -s ph.sig --prehash abc && has out "OK"
expect 1 "$V" verify -p ph.pub -s ph.sig abc && has out "FAIL:"
expect 1 "$V" verify -p ph.pub -s t1.sig --prehash abc
# A few MB streamed.
dd if=/dev/zero of=big bs=65536 count=50 2>/dev/null
printf 'tail' >>big
expect 0 "$V" sign -k k.pem --prehash --base64 -o big.sig big
expect 0 "$V" verify -p p.pem -s big.sig --prehash big
expect 0 "$V" verify -p p.pem -s big.sig --prehash - <big
expect 1 "$V" verify -p p.pem -s big.sig --prehash msg

# ---- verify-batch ------------------------------------------------------------
i=1
: >manifest
while [ $i -le 12 ]; do
    printf 'message %d\n' $i >m$i
    if [ $((i % 2)) -eq 0 ]; then key=k; pub=p.pem; else key=t3; pub=t3.pub; fi
    if [ $key = k ]; then "$V" sign -k k.pem -o s$i m$i; else "$V" sign -k t3.der --base64 -o s$i m$i; fi
    printf '%s s%d m%d\n' $pub $i $i >>manifest
    i=$((i + 1))
done
expect 0 "$V" verify-batch manifest
has out "line 1: m1: OK"
has out "line 12: m12: OK"
has out "12 signatures: 12 OK, 0 FAIL"
expect 0 "$V" verify-batch - <manifest
{
    echo "# a comment"
    echo ""
    printf '  p.pem\ts2 m2  \r\n'
} >manifest2
expect 0 "$V" verify-batch manifest2 && has out "line 3: m2: OK" && has out "1 signature: 1 OK"
# One invalid signature among many: exactly that one fails.
sed 's/^t3.pub s7 m7$/t3.pub s7 m8/' manifest >manifest3
expect 1 "$V" verify-batch manifest3
has out "line 7: m8: FAIL: the signature does not match the message and the public key"
has out "12 signatures: 11 OK, 1 FAIL"
checks=$((checks + 1))
[ "$(grep -c FAIL: out)" -eq 1 ] || fail "verify-batch: more than one FAIL line"
# A missing file: reported, the others still verified, exit 2.
sed 's/^p.pem s4 m4$/p.pem s4 no-such-message/' manifest >manifest4
expect 2 "$V" verify-batch manifest4
has out "line 4: no-such-message: FAIL: no-such-message: cannot open"
has out "line 5: m5: OK"
sed 's/^p.pem s6 m6$/t3.der s6 m6/' manifest >manifest5
expect 2 "$V" verify-batch manifest5 && has out "FAIL: t3.der: holds a private key"
printf 'p.pem s1\n' >bad1
expect 2 "$V" verify-batch bad1 && has err "bad1:1: expected three file names"
printf '# only a comment\n\n' >bad2
expect 2 "$V" verify-batch bad2 && has err "no entries"
printf 'p.pem - m1\n' >bad3
expect 2 "$V" verify-batch bad3 && has err "'-' (standard input) cannot be used"
expect 2 "$V" verify-batch no-such-manifest && has err "cannot open"

# ---- x25519 ------------------------------------------------------------------
# RFC 7748 section 6.1: Alice's private key, Bob's public key.
"$H" hex2bin 302e020100300506032b656e0422042077076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a alice.der
"$H" hex2bin 302a300506032b656e032100de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f bob.pub.der
expect 0 "$V" x25519 -k alice.der -p bob.pub.der
echo 4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742 >shared.want
same out shared.want
expect 0 "$V" pubkey -i alice.der
has out "MCowBQYDK2VuAyEAhSDwCYkwp1R0i33ctD73Wg2/Og0mOBr066SpjqqbTmo="
expect 0 "$V" keygen --x25519 -o a.pem
expect 0 "$V" keygen --x25519 -o b.pem
"$V" pubkey -i a.pem -o a.pub
"$V" pubkey -i b.pem -o b.pub
expect 0 "$V" x25519 -k a.pem -p b.pub && cp out ab
expect 0 "$V" x25519 --key b.pem --peer a.pub && cp out ba
same ab ba
size_is ab 65
"$H" hex2bin 302a300506032b656e0321000000000000000000000000000000000000000000000000000000000000000000 zero.pub
expect 1 "$V" x25519 -k a.pem -p zero.pub && has err "all zero" && empty out
expect 2 "$V" x25519 -k a.pem && has err "peer's public key is missing"
expect 2 "$V" x25519 -k k.pem -p b.pub && has err "X25519 needs an X25519 key"
expect 2 "$V" sign -k a.pem msg && has err "need an Ed25519 key"

# ---- public keys that verify would reject, and formats that are not ours --------
# An Ed25519 SPKI whose point has small order (the identity, y = 1), or is not
# canonical (y = p): pubkey refuses to write it again, saying why.
"$H" hex2bin 302a300506032b65700321000100000000000000000000000000000000000000000000000000000000000000 small.pub
"$H" hex2bin 302a300506032b6570032100edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f noncanon.pub
expect 2 "$V" pubkey -i small.pub && has err "small.pub: not a usable Ed25519 public key: the public key has small order" && empty out
expect 2 "$V" pubkey -i noncanon.pub -o n.out && has err "not a canonical encoding of a curve point"
checks=$((checks + 1))
[ -e n.out ] && fail "pubkey wrote n.out for a rejected key"
# verify still says FAIL (exit 1) with the same reason.
expect 1 "$V" verify -p small.pub -s s.bin msg && has out "FAIL: the public key has small order"
# X25519: u = 0 and u = 1 have small order (every shared secret is zero).
"$H" hex2bin 302a300506032b656e0321000100000000000000000000000000000000000000000000000000000000000000 xone.pub
expect 2 "$V" pubkey -i zero.pub && has err "not a usable X25519 public key: the public key has small order"
expect 2 "$V" pubkey -i xone.pub && has err "small order"
expect 0 "$V" pubkey -i bob.pub.der && has out "-----BEGIN PUBLIC KEY-----"
# An OpenSSH key pair (made for this test with ssh-keygen -t ed25519 -N ''), its
# RFC 4716 export, a PuTTY header: named, with where to find a conversion.
cat >ssh.key <<'EOF_KEY'
-----BEGIN OPENSSH PRIVATE KEY-----
b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW
QyNTUxOQAAACBOW2otouJsRQVA7ozwjc8igm9myazjZ5ZDu0al1dcZAwAAAIh4x+RseMfk
bAAAAAtzc2gtZWQyNTUxOQAAACBOW2otouJsRQVA7ozwjc8igm9myazjZ5ZDu0al1dcZAw
AAAEAt2OPGOV17MhCntNg5NIDJQTGRj4wjGYPg7LDJuR26i05bai2i4mxFBUDujPCNzyKC
b2bJrONnlkO7RqXV1xkDAAAABHRlc3QB
-----END OPENSSH PRIVATE KEY-----
EOF_KEY
echo 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIE5bai2i4mxFBUDujPCNzyKCb2bJrONnlkO7RqXV1xkD test' >ssh.pub
cat >ssh.rfc4716 <<'EOF_KEY'
---- BEGIN SSH2 PUBLIC KEY ----
Comment: "256-bit ED25519, converted by root@vm from OpenSSH"
AAAAC3NzaC1lZDI1NTE5AAAAIE5bai2i4mxFBUDujPCNzyKCb2bJrONnlkO7RqXV1xkD
---- END SSH2 PUBLIC KEY ----
EOF_KEY
printf 'PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\n' >putty.ppk
expect 2 "$V" sign -k ssh.key msg && has err "ssh.key: an OpenSSH private key" &&
    has err "-----BEGIN OPENSSH PRIVATE KEY-----" && has err "vec25519(1)"
expect 2 "$V" pubkey -i ssh.key && has err "an OpenSSH private key"
expect 2 "$V" verify -p ssh.pub -s s.bin msg && has err "ssh.pub: an OpenSSH public key (a 'ssh-ed25519 AAAA...' line)"
expect 2 "$V" pubkey -i ssh.rfc4716 && has err "an SSH2 public key (RFC 4716)"
expect 2 "$V" sign -k putty.ppk msg && has err "a PuTTY key file (.ppk)"
printf 'ssh-rsa AAAAB3NzaC1yc2E= x\n' >rsa.pub
expect 2 "$V" verify -p rsa.pub -s s.bin msg && has err "an OpenSSH public key (a 'ssh-rsa AAAA...' line)" &&
    has err "not an Ed25519 or X25519 key"
# The conversion the man page gives (Python's cryptography package), where it
# is installed: the converted private key gives the converted public key.
if python3 -c 'import cryptography.hazmat.primitives.serialization' 2>/dev/null; then
    python3 - ssh.key ssh.key.pem ssh.pub ssh.pub.pem <<'EOF_PY'
import sys
from cryptography.hazmat.primitives import serialization as s
k = s.load_ssh_private_key(open(sys.argv[1], "rb").read(), password=None)
open(sys.argv[2], "wb").write(k.private_bytes(s.Encoding.PEM,
    s.PrivateFormat.PKCS8, s.NoEncryption()))
p = s.load_ssh_public_key(open(sys.argv[3], "rb").read())
open(sys.argv[4], "wb").write(p.public_bytes(s.Encoding.PEM,
    s.PublicFormat.SubjectPublicKeyInfo))
EOF_PY
    expect 0 "$V" pubkey -i ssh.key.pem && same out ssh.pub.pem
else
    echo "note: no Python cryptography package: the documented OpenSSH conversion is not run"
fi

# ---- bench -------------------------------------------------------------------
expect 0 "$V" bench --quick --backend serial && has out "median" && empty err
# The program links no peer: it says so, and describes no peer's rows.
has out "peers:     none built in"
checks=$((checks + 1))
grep -qi 'libsodium\|openssl' out && fail "vec25519 bench describes a peer it does not have: $(grep -i 'libsodium\|openssl' out | head -3)"
expect 0 "$V" bench --help && has out "No peer is built into this program"
expect 0 "$V" bench --quick --json --backend serial && has out '"operations"' && empty err
expect 2 "$V" bench --backend no-such-backend && has err "vec25519 bench: unknown backend"
# The progress line appears when stderr is a terminal (script(1) gives one).
if script -qc true /dev/null >/dev/null 2>&1; then
    script -qc "\"$V\" bench --quick --json --backend serial >/dev/null" /dev/null >tty.out 2>&1
    has tty.out "[1/"
    # Binary output is not written to a terminal.
    script -qc "\"$V\" sign -k k.pem msg" /dev/null >tty2.out 2>&1
    has tty2.out "not writing a binary signature to a terminal"
fi

finish
