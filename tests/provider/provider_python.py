# SPDX-License-Identifier: MIT OR Apache-2.0
# Python's cryptography package on the system OpenSSL 3 (Debian's
# python3-cryptography) used as an application uses X25519 and Ed25519:
# exchange, an all-zero (small-order) peer (ValueError expected), sign and
# verify (InvalidSignature), encrypted PKCS#8 written and read back
# (BestAvailableEncryption), a wrong password (ValueError). Prints one line
# per result; provider_python.sh runs it with the default provider and with
# the docs snippet preferring vec25519 and compares the lines.
from cryptography.hazmat.primitives.asymmetric import x25519, ed25519
from cryptography.hazmat.primitives import serialization
from cryptography.exceptions import InvalidSignature

res = []
a = x25519.X25519PrivateKey.generate()
b = x25519.X25519PrivateKey.generate()
assert a.exchange(b.public_key()) == b.exchange(a.public_key())
res.append("x25519 exchange ok")
zero = x25519.X25519PublicKey.from_public_bytes(bytes(32))
try:
    a.exchange(zero)
    res.append("x25519 zero peer: ACCEPTED (wrong)")
except ValueError as e:
    res.append("x25519 zero peer: ValueError")
except Exception as e:
    res.append("x25519 zero peer: %s" % type(e).__name__)
k = ed25519.Ed25519PrivateKey.generate()
sig = k.sign(b"msg")
k.public_key().verify(sig, b"msg")
try:
    k.public_key().verify(sig, b"msG")
    res.append("ed25519 bad sig: ACCEPTED (wrong)")
except InvalidSignature:
    res.append("ed25519 sign/verify ok, bad sig InvalidSignature")
for key in (k, a):
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                            serialization.BestAvailableEncryption(b"pw"))
    back = serialization.load_pem_private_key(pem, b"pw")
    assert back.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                              serialization.NoEncryption()) == \
        key.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                          serialization.NoEncryption())
    try:
        serialization.load_pem_private_key(pem, b"px")
        res.append("wrong password ACCEPTED")
    except ValueError:
        pass
    res.append("%s encrypted PKCS#8 round trip ok (%s)" % (type(key).__name__, pem.split(b"\n")[0].decode()))
print("\n".join(res))
