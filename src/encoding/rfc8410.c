/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 key encodings (cli/ and provider/) — strict DER for the key
 * structures of RFC 8410 (Algorithm Identifiers for Ed25519, Ed448, X25519
 * and X448).
 *
 *   OneAsymmetricKey ::= SEQUENCE {                       RFC 5958 §2
 *       version                   INTEGER { v1(0), v2(1) },
 *       privateKeyAlgorithm       AlgorithmIdentifier,
 *       privateKey                OCTET STRING,   -- holds CurvePrivateKey
 *       attributes            [0] IMPLICIT Attributes OPTIONAL,
 *       publicKey             [1] IMPLICIT BIT STRING OPTIONAL }  -- v2 only
 *   CurvePrivateKey ::= OCTET STRING                      RFC 8410 §7 (32 bytes)
 *   SubjectPublicKeyInfo ::= SEQUENCE {                   RFC 5280 §4.1
 *       algorithm        AlgorithmIdentifier,
 *       subjectPublicKey BIT STRING }                     RFC 8410 §4 (32 bytes)
 *   AlgorithmIdentifier ::= SEQUENCE { algorithm OBJECT IDENTIFIER }
 *       -- RFC 8410 §3: the parameters MUST be absent
 *   id-X25519 1.3.101.110, id-Ed25519 1.3.101.112
 *
 * Decisions (see also docs/vec25519.1):
 *   - version 0 (v1) without a public key is what we, OpenSSL and most tools
 *     write; version 1 (v2) is accepted with or without the [1] public key,
 *     and the caller (cli/keys.c, provider/) rejects the key if that public
 *     key is not the one the private key gives. A [1] public key with
 *     version 0 is rejected (RFC 5958: v2 when the public key is present).
 *   - attributes [0] are rejected: nothing here could honour them, and
 *     silently dropping them (pubkey, re-encoding) would lose information.
 *   - DER, not BER: one-byte tags, definite lengths in the fewest bytes,
 *     minimal INTEGER, primitive strings, every length checked against what
 *     is left, and nothing after the outer SEQUENCE.
 *
 * Nothing in a message repeats key bytes.
 */
#include <stdio.h>
#include <string.h>

#include "encoding/encoding.h"

/* What is left to read. */
struct der {
    const uint8_t *p;
    size_t n;
};

#define TAG_INTEGER 0x02
#define TAG_BIT_STRING 0x03
#define TAG_OCTET_STRING 0x04
#define TAG_OID 0x06
#define TAG_SEQUENCE 0x30
#define TAG_ATTRIBUTES 0xa0  /* [0] IMPLICIT SET OF: constructed */
#define TAG_PUBLIC_KEY 0x81  /* [1] IMPLICIT BIT STRING: primitive */
#define TAG_PUBLIC_KEY_C 0xa1 /* the same, constructed (BER only) */

static const uint8_t oid_prefix[2] = {0x2b, 0x65}; /* 1.3.101 */
#define OID_X25519 0x6e
#define OID_ED25519 0x70

const char *rfc8410_alg_name(enum rfc8410_alg alg)
{
    switch (alg) {
    case RFC8410_ED25519: return "Ed25519";
    case RFC8410_X25519: return "X25519";
    default: return "none";
    }
}

/* Reads the next element of in: its tag, and its contents in *content.
 * what: the element expected, for messages. */
static int der_next(struct der *in, uint8_t *tag, struct der *content, const char *what,
                    struct enc_err *e)
{
    if (in->n == 0) return enc_errf(e, "truncated DER: the %s is missing", what);
    uint8_t t = in->p[0];
    if ((t & 0x1f) == 0x1f)
        return enc_errf(e, "bad DER: multi-byte tag where the %s should be", what);
    if (in->n < 2) return enc_errf(e, "truncated DER: the %s has no length", what);
    size_t len, hdr;
    uint8_t l0 = in->p[1];
    if (l0 < 0x80) {
        len = l0;
        hdr = 2;
    } else if (l0 == 0x80) {
        return enc_errf(e, "bad DER: indefinite length (BER) in the %s", what);
    } else {
        size_t k = l0 & 0x7fu;
        if (k > 2)
            return enc_errf(e, "bad DER: the %s has a %zu-byte length (too large for a key)",
                            what, k);
        if (in->n < 2 + k) return enc_errf(e, "truncated DER: the length of the %s", what);
        len = 0;
        for (size_t i = 0; i < k; i++) len = len << 8 | in->p[2 + i];
        if (in->p[2] == 0 || len < 0x80)
            return enc_errf(e, "bad DER: the length of the %s is not minimally encoded", what);
        hdr = 2 + k;
    }
    if (len > in->n - hdr)
        return enc_errf(e, "truncated DER: the %s claims %zu bytes, %zu are left", what, len,
                        in->n - hdr);
    *tag = t;
    content->p = in->p + hdr;
    content->n = len;
    in->p += hdr + len;
    in->n -= hdr + len;
    return 0;
}

/* der_next, and the tag must be want. */
static int der_expect(struct der *in, uint8_t want, struct der *content, const char *what,
                      struct enc_err *e)
{
    uint8_t tag = 0;
    struct der save = *in;
    if (der_next(in, &tag, content, what, e) != 0) return -1;
    if (tag != want) {
        *in = save;
        return enc_errf(e, "bad DER: expected the %s (tag 0x%02x), found tag 0x%02x", what, want,
                        tag);
    }
    return 0;
}

/* The dotted form of a DER OID body ("1.2.840.10045.2.1"), or -1 if it is
 * not a valid encoding (empty, a non-minimal arc, a truncated last arc). */
static int oid_dotted(char *out, size_t cap, const uint8_t *p, size_t n)
{
    size_t k = 0;
    uint64_t arc = 0;
    int first = 1, start = 1;
    if (n == 0) return -1;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (start && p[i] == 0x80) return -1; /* leading zero group */
        if (arc >> 56) return -1;             /* arc too large to print */
        arc = arc << 7 | (p[i] & 0x7fu);
        start = 0;
        if (p[i] & 0x80) continue;
        int w;
        if (first) {
            unsigned a = arc < 40 ? 0 : arc < 80 ? 1 : 2;
            w = snprintf(out + k, cap - k, "%u.%llu", a, (unsigned long long)(arc - 40u * a));
            first = 0;
        } else {
            w = snprintf(out + k, cap - k, ".%llu", (unsigned long long)arc);
        }
        if (w < 0 || (size_t)w >= cap - k) return -1;
        k += (size_t)w;
        arc = 0;
        start = 1;
    }
    return start ? 0 : -1; /* the last byte must end an arc */
}

static const char *oid_name(const char *dotted)
{
    static const struct {
        const char *oid, *name;
    } known[] = {
        {"1.3.101.110", "X25519"},
        {"1.3.101.111", "X448"},
        {"1.3.101.112", "Ed25519"},
        {"1.3.101.113", "Ed448"},
        {"1.2.840.10045.2.1", "an elliptic-curve key (id-ecPublicKey)"},
        {"1.2.840.113549.1.1.1", "RSA (rsaEncryption)"},
        {"1.2.840.113549.1.1.10", "RSA-PSS"},
        {"1.2.840.10040.4.1", "DSA"},
        {"1.2.840.113549.1.3.1", "Diffie-Hellman"},
    };
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(dotted, known[i].oid) == 0) return known[i].name;
    return "an unknown algorithm";
}

static int parse_algid(struct der *in, enum rfc8410_alg *alg, struct enc_err *e)
{
    struct der ai = {NULL, 0}, oid = ai;
    if (der_expect(in, TAG_SEQUENCE, &ai, "AlgorithmIdentifier SEQUENCE", e) != 0) return -1;
    if (der_expect(&ai, TAG_OID, &oid, "algorithm OBJECT IDENTIFIER", e) != 0) return -1;
    char dotted[128];
    if (oid_dotted(dotted, sizeof dotted, oid.p, oid.n) != 0)
        return enc_errf(e, "bad DER: malformed OBJECT IDENTIFIER in the AlgorithmIdentifier");
    if (oid.n == 3 && memcmp(oid.p, oid_prefix, 2) == 0 && oid.p[2] == OID_ED25519)
        *alg = RFC8410_ED25519;
    else if (oid.n == 3 && memcmp(oid.p, oid_prefix, 2) == 0 && oid.p[2] == OID_X25519)
        *alg = RFC8410_X25519;
    else
        return enc_errf(e, "unsupported algorithm: %s (OID %s); expected Ed25519 (1.3.101.112) "
                           "or X25519 (1.3.101.110)",
                        oid_name(dotted), dotted);
    if (ai.n != 0)
        return enc_errf(e, "bad key: the %s AlgorithmIdentifier has parameters; RFC 8410 section 3 "
                           "requires them to be absent",
                        rfc8410_alg_name(*alg));
    return 0;
}

/* The trailing-data check of the outer SEQUENCE. */
static int der_outer(const uint8_t *der, size_t n, struct der *seq, const char *what,
                     struct enc_err *e)
{
    struct der in = {der, n};
    if (der_expect(&in, TAG_SEQUENCE, seq, what, e) != 0) return -1;
    if (in.n != 0)
        return enc_errf(e, "bad DER: %zu bytes of trailing data after the %s", in.n, what);
    return 0;
}

int rfc8410_parse_pkcs8(const uint8_t *der, size_t n, struct rfc8410_pkcs8 *k, struct enc_err *e)
{
    struct der seq = {NULL, 0}, ver = seq, outer = seq, inner = seq, pubbits = seq;
    uint8_t tag = 0;
    memset(k, 0, sizeof *k);

    if (der_outer(der, n, &seq, "PKCS#8 OneAsymmetricKey SEQUENCE", e) != 0) return -1;
    if (der_expect(&seq, TAG_INTEGER, &ver, "PKCS#8 version INTEGER", e) != 0) return -1;
    if (ver.n == 0) return enc_errf(e, "bad DER: the PKCS#8 version INTEGER is empty");
    if (ver.n > 1 && ((ver.p[0] == 0x00 && ver.p[1] < 0x80) || (ver.p[0] == 0xff && ver.p[1] >= 0x80)))
        return enc_errf(e, "bad DER: the PKCS#8 version INTEGER is not minimally encoded");
    if (ver.n != 1 || ver.p[0] > 1)
        return enc_errf(e, "unsupported PKCS#8 version (expected 0, v1; or 1, v2)");
    int version = ver.p[0];

    if (parse_algid(&seq, &k->alg, e) != 0) return -1;
    const char *name = rfc8410_alg_name(k->alg);

    if (der_expect(&seq, TAG_OCTET_STRING, &outer, "privateKey OCTET STRING", e) != 0) return -1;
    if (outer.n == 0 || outer.p[0] != TAG_OCTET_STRING)
        return enc_errf(e, "bad %s key: the privateKey OCTET STRING must hold the key as an "
                           "OCTET STRING (RFC 8410 section 7, CurvePrivateKey)",
                        name);
    if (der_expect(&outer, TAG_OCTET_STRING, &inner, "CurvePrivateKey OCTET STRING", e) != 0)
        return -1;
    if (outer.n != 0)
        return enc_errf(e, "bad DER: %zu bytes after the CurvePrivateKey inside privateKey",
                        outer.n);
    if (inner.n != 32)
        return enc_errf(e, "bad %s key: the private key is %zu bytes, expected 32", name,
                        inner.n);
    memcpy(k->priv, inner.p, 32);

    if (seq.n > 0 && seq.p[0] == TAG_ATTRIBUTES) {
        memset(k, 0, sizeof *k);
        return enc_errf(e, "PKCS#8 attributes ([0]) are not supported");
    }
    if (seq.n > 0 && (seq.p[0] == TAG_PUBLIC_KEY || seq.p[0] == TAG_PUBLIC_KEY_C)) {
        int rc = -1;
        if (seq.p[0] == TAG_PUBLIC_KEY_C)
            enc_errf(e, "bad DER: constructed [1] publicKey (BER)");
        else if (version != 1)
            enc_errf(e, "bad PKCS#8: a [1] publicKey requires version 1 (v2), the version is 0");
        else if (der_next(&seq, &tag, &pubbits, "[1] publicKey", e) != 0)
            ;
        else if (pubbits.n == 0)
            enc_errf(e, "bad DER: the [1] publicKey BIT STRING is empty");
        else if (pubbits.p[0] != 0)
            enc_errf(e, "bad DER: the [1] publicKey BIT STRING has %u unused bits, expected 0",
                     pubbits.p[0]);
        else if (pubbits.n != 33)
            enc_errf(e, "bad %s key: the [1] public key is %zu bytes, expected 32", name,
                     pubbits.n - 1);
        else
            rc = 0;
        if (rc != 0) {
            memset(k, 0, sizeof *k);
            return -1;
        }
        memcpy(k->pub, pubbits.p + 1, 32);
        k->has_pub = 1;
    }
    if (seq.n > 0) {
        uint8_t t = seq.p[0];
        memset(k, 0, sizeof *k);
        return enc_errf(e, "bad PKCS#8: unexpected element (tag 0x%02x) after the private key",
                        t);
    }
    return 0;
}

int rfc8410_parse_spki(const uint8_t *der, size_t n, enum rfc8410_alg *alg, uint8_t pub[32],
                       struct enc_err *e)
{
    struct der seq = {NULL, 0}, bits = seq;
    if (der_outer(der, n, &seq, "SubjectPublicKeyInfo SEQUENCE", e) != 0) return -1;
    if (parse_algid(&seq, alg, e) != 0) return -1;
    if (der_expect(&seq, TAG_BIT_STRING, &bits, "subjectPublicKey BIT STRING", e) != 0)
        return -1;
    if (seq.n != 0)
        return enc_errf(e, "bad DER: %zu bytes after the subjectPublicKey BIT STRING", seq.n);
    if (bits.n == 0) return enc_errf(e, "bad DER: the subjectPublicKey BIT STRING is empty");
    if (bits.p[0] != 0)
        return enc_errf(e, "bad DER: the subjectPublicKey BIT STRING has %u unused bits, "
                           "expected 0",
                        bits.p[0]);
    if (bits.n != 33)
        return enc_errf(e, "bad %s key: the public key is %zu bytes, expected 32",
                        rfc8410_alg_name(*alg), bits.n - 1);
    memcpy(pub, bits.p + 1, 32);
    return 0;
}

int rfc8410_kind(const uint8_t *der, size_t n)
{
    struct der in = {der, n}, seq = {NULL, 0};
    uint8_t tag = 0;
    struct enc_err ignored;
    if (der_next(&in, &tag, &seq, "outer SEQUENCE", &ignored) != 0 || tag != TAG_SEQUENCE ||
        seq.n == 0)
        return 0;
    if (seq.p[0] == TAG_INTEGER) return RFC8410_PRIVATE;
    if (seq.p[0] == TAG_SEQUENCE) return RFC8410_PUBLIC;
    return 0;
}

enum rfc8410_alg rfc8410_peek_alg(const uint8_t *der, size_t n)
{
    struct der in = {der, n}, seq = {NULL, 0}, skip = seq, ai = seq, oid = seq;
    uint8_t tag = 0;
    struct enc_err ignored;
    if (der_next(&in, &tag, &seq, "outer SEQUENCE", &ignored) != 0 || tag != TAG_SEQUENCE)
        return RFC8410_ALG_NONE;
    if (seq.n > 0 && seq.p[0] == TAG_INTEGER &&
        der_next(&seq, &tag, &skip, "version", &ignored) != 0)
        return RFC8410_ALG_NONE;
    if (der_expect(&seq, TAG_SEQUENCE, &ai, "AlgorithmIdentifier", &ignored) != 0 ||
        der_expect(&ai, TAG_OID, &oid, "OID", &ignored) != 0 || oid.n != 3 ||
        memcmp(oid.p, oid_prefix, 2) != 0)
        return RFC8410_ALG_NONE;
    if (oid.p[2] == OID_ED25519) return RFC8410_ED25519;
    if (oid.p[2] == OID_X25519) return RFC8410_X25519;
    return RFC8410_ALG_NONE;
}

static uint8_t oid_last(enum rfc8410_alg alg)
{
    return alg == RFC8410_X25519 ? OID_X25519 : OID_ED25519;
}

void rfc8410_write_algid(uint8_t out[RFC8410_ALGID_DER_LEN], enum rfc8410_alg alg)
{
    const uint8_t aid[RFC8410_ALGID_DER_LEN] = {TAG_SEQUENCE, 5, TAG_OID, 3, 0x2b, 0x65,
                                                oid_last(alg)};
    memcpy(out, aid, sizeof aid);
}

void rfc8410_write_pkcs8(uint8_t out[RFC8410_PKCS8_DER_LEN], enum rfc8410_alg alg,
                         const uint8_t priv[32])
{
    const uint8_t head[16] = {TAG_SEQUENCE, 46, TAG_INTEGER, 1, 0,               /* v1 */
                              TAG_SEQUENCE, 5, TAG_OID, 3, 0x2b, 0x65, oid_last(alg),
                              TAG_OCTET_STRING, 34, TAG_OCTET_STRING, 32};
    memcpy(out, head, sizeof head);
    memcpy(out + sizeof head, priv, 32);
}

void rfc8410_write_spki(uint8_t out[RFC8410_SPKI_DER_LEN], enum rfc8410_alg alg,
                        const uint8_t pub[32])
{
    const uint8_t head[12] = {TAG_SEQUENCE, 42, TAG_SEQUENCE, 5, TAG_OID, 3,
                              0x2b, 0x65, oid_last(alg), TAG_BIT_STRING, 33, 0};
    memcpy(out, head, sizeof head);
    memcpy(out + sizeof head, pub, 32);
}
