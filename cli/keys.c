/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — key files.
 *
 * A key file is PEM (RFC 7468; labels "PRIVATE KEY" for PKCS#8 and "PUBLIC
 * KEY" for SubjectPublicKeyInfo, RFC 8410 §10) or the same structures in
 * binary DER. They are told apart by the first byte: DER starts with 0x30
 * (SEQUENCE), which no PEM file does. Both are parsed strictly by the
 * shared encoding module (src/encoding/: pem.c, base64.c, rfc8410.c). A
 * private key's public key is computed here (Ed25519:
 * RFC 8032 §5.1.5; X25519: RFC 7748 §6.1); a PKCS#8 v2 file whose [1] public
 * key differs from it is rejected.
 *
 * Formats that are not ours but that people have (OpenSSH private and public
 * keys, RFC 4716 SSH2 public keys, PuTTY files, encrypted PKCS#8) are
 * recognised by their first line and named in the message, with where to
 * find a conversion (docs/vec25519.1, KEY FILES).
 */
#include <string.h>

#include "cli.h"
#include "internal/ct.h"
#include "vec25519.h"

void cli_key_wipe(struct cli_key *k)
{
    vec25519_wipe(k, sizeof *k);
}

/* The library's policy (vec25519_ed25519_public_key_check,
 * vec25519_x25519_public_key_check) and its sentence for a refusal. */
const char *cli_ed25519_public_problem(const uint8_t pk[32])
{
    vec25519_error why = vec25519_ed25519_public_key_check(pk, VEC25519_ED25519_STRICT);
    return why == VEC25519_OK ? NULL : vec25519_strerror(why);
}

const char *cli_key_public_problem(const struct cli_key *k)
{
    if (k->alg == CLI_ED25519) return cli_ed25519_public_problem(k->pub);
    vec25519_error why = vec25519_x25519_public_key_check(k->pub);
    return why == VEC25519_OK ? NULL : vec25519_strerror(why);
}

/*
 * Key formats that are not ours, recognised by their first line so that the
 * message names them (their bodies would otherwise fail as malformed PEM).
 * Returns -1 with e set for one of them, 0 otherwise.
 */
static int foreign_format(const uint8_t *file, size_t n, struct cli_err *e)
{
    char label[CLI_PEM_LABEL_MAX];
    const char *text = (const char *)file;
    size_t i = 0;
    while (i < n && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    if (enc_pem_label(text, n, label) == 0) {
        if (strcmp(label, "OPENSSH PRIVATE KEY") == 0)
            return cli_errf(e, "an OpenSSH private key (ssh-keygen's own format, '-----BEGIN "
                               "OPENSSH PRIVATE KEY-----'), not PKCS#8 (RFC 8410): convert it "
                               "as vec25519(1) shows under KEY FILES, or make a key with "
                               "'vec25519 keygen'");
        if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0)
            return cli_errf(e, "an encrypted private key: not supported (decrypt it with "
                               "'openssl pkey -in FILE -out PLAIN')");
        return 0;
    }
    static const char *const ssh_types[] = {"ssh-ed25519 ", "ssh-rsa ", "ssh-dss ",
                                            "ecdsa-sha2-", "sk-ssh-ed25519", "sk-ecdsa-sha2-"};
    for (size_t t = 0; t < sizeof ssh_types / sizeof ssh_types[0]; t++) {
        size_t k = strlen(ssh_types[t]);
        if (n - i >= k && memcmp(text + i, ssh_types[t], k) == 0) {
            size_t w = 0;
            while (i + w < n && w < 40 && text[i + w] != ' ' && text[i + w] != '\n') w++;
            return cli_errf(e, "an OpenSSH public key (a '%.*s AAAA...' line), not a "
                               "SubjectPublicKeyInfo (RFC 8410)%s",
                            (int)w, text + i,
                            t == 0 ? ": convert it as vec25519(1) shows under KEY FILES"
                                   : "; and not an Ed25519 or X25519 key");
        }
    }
    if (n - i >= 30 && memcmp(text + i, "---- BEGIN SSH2 PUBLIC KEY ----", 30) == 0)
        return cli_errf(e, "an SSH2 public key (RFC 4716), not a SubjectPublicKeyInfo "
                           "(RFC 8410): convert it with 'ssh-keygen -i -f FILE' to an OpenSSH "
                           "public key, then as vec25519(1) shows under KEY FILES");
    if (n - i >= 20 && memcmp(text + i, "PuTTY-User-Key-File-", 20) == 0)
        return cli_errf(e, "a PuTTY key file (.ppk), not PKCS#8 (RFC 8410): export it as an "
                           "OpenSSH key with PuTTYgen, then convert it as vec25519(1) shows "
                           "under KEY FILES");
    return 0;
}

/* The public key of a private key. */
static int derive_public(struct cli_key *k, struct cli_err *e)
{
    if (k->alg == CLI_ED25519) {
        uint8_t sk[64];
        vec25519_ed25519_keypair(k->pub, sk, k->priv);
        vec25519_wipe(sk, sizeof sk);
        return 0;
    }
    if (vec25519_x25519_base(k->pub, k->priv) != 0)
        return cli_errf(e, "bad X25519 key: its public key is zero");
    return 0;
}

static int wrong_alg(enum cli_alg have, enum cli_alg want, int is_private, struct cli_err *e)
{
    const char *kind = is_private ? "private" : "public";
    if (want == CLI_ED25519)
        return cli_errf(e, "an X25519 %s key, but Ed25519 signatures need an Ed25519 key "
                           "(X25519 keys are for 'vec25519 x25519')",
                        kind);
    return cli_errf(e, "an %s %s key, but X25519 needs an X25519 key (make one with "
                       "'vec25519 keygen --x25519')",
                    cli_alg_name(have), kind);
}

static int parse(const uint8_t *der, size_t n, int kind, int want, enum cli_alg alg,
                 struct cli_key *k, struct cli_err *e)
{
    if (kind == CLI_WANT_PRIVATE && !(want & CLI_WANT_PRIVATE))
        return cli_errf(e, "holds a private key where a public key is expected (write the "
                           "public key with 'vec25519 pubkey')");
    if (kind == CLI_WANT_PUBLIC && !(want & CLI_WANT_PUBLIC))
        return cli_errf(e, "holds a public key where a private key is expected");

    if (kind == CLI_WANT_PUBLIC) {
        if (cli_der_parse_spki(der, n, &k->alg, k->pub, e) != 0) return -1;
        if (alg != CLI_ALG_NONE && k->alg != alg) return wrong_alg(k->alg, alg, 0, e);
        return 0;
    }

    struct cli_pkcs8 p8;
    int rc = cli_der_parse_pkcs8(der, n, &p8, e);
    if (rc == 0 && alg != CLI_ALG_NONE && p8.alg != alg) rc = wrong_alg(p8.alg, alg, 1, e);
    if (rc == 0) {
        k->alg = p8.alg;
        k->is_private = 1;
        memcpy(k->priv, p8.priv, 32);
        rc = derive_public(k, e);
    }
    if (rc == 0 && p8.has_pub && memcmp(p8.pub, k->pub, 32) != 0)
        rc = cli_errf(e, "bad PKCS#8 v2 key: the [1] public key does not match the private key");
    vec25519_wipe(&p8, sizeof p8);
    return rc;
}

int cli_key_load(const char *path, int want, enum cli_alg alg, struct cli_key *k,
                 struct cli_err *e)
{
    uint8_t file[CLI_SMALL_MAX + 1], der[CLI_SMALL_MAX];
    size_t n = 0, dlen = 0;
    int rc, kind = 0;

    memset(k, 0, sizeof *k);
    rc = cli_read_small(path, file, sizeof file, &n, e);
    if (rc == 0 && n == 0) rc = cli_errf(e, "empty file");
    if (rc == 0 && file[0] != 0x30) rc = foreign_format(file, n, e);
    if (rc == 0 && file[0] == 0x30) { /* DER */
        memcpy(der, file, n);
        dlen = n;
        kind = cli_der_kind(der, dlen);
        if (kind == 0)
            kind = (want & CLI_WANT_PRIVATE) ? CLI_WANT_PRIVATE : CLI_WANT_PUBLIC;
    } else if (rc == 0) {
        char label[CLI_PEM_LABEL_MAX];
        rc = cli_pem_decode((const char *)file, n, label, der, sizeof der, &dlen, e);
        if (rc == 0) {
            if (strcmp(label, "PRIVATE KEY") == 0)
                kind = CLI_WANT_PRIVATE;
            else if (strcmp(label, "PUBLIC KEY") == 0)
                kind = CLI_WANT_PUBLIC;
            else
                rc = cli_errf(e, "wrong PEM label '%s': expected 'PRIVATE KEY' (PKCS#8) or "
                                 "'PUBLIC KEY' (SubjectPublicKeyInfo)",
                              label);
        }
        int looks = rc == 0 ? cli_der_kind(der, dlen) : 0;
        if (looks && looks != kind)
            rc = cli_errf(e, "the PEM label says %s but the contents are a%s",
                          label, looks == CLI_WANT_PRIVATE ? " PKCS#8 private key"
                                                           : " SubjectPublicKeyInfo (public key)");
    }
    if (rc == 0) rc = parse(der, dlen, kind, want, alg, k, e);
    vec25519_wipe(file, sizeof file);
    vec25519_wipe(der, sizeof der);
    if (rc != 0) cli_key_wipe(k);
    return rc;
}

/* PEM or DER of der[0 .. n) into out. */
static size_t encode(uint8_t *out, size_t cap, const char *label, const uint8_t *der, size_t n,
                     int raw)
{
    if (raw) {
        if (cap < n) return 0;
        memcpy(out, der, n);
        return n;
    }
    return cli_pem_encode((char *)out, cap, label, der, n);
}

size_t cli_key_private_encode(uint8_t *out, size_t cap, const struct cli_key *k, int der)
{
    uint8_t buf[CLI_PKCS8_DER_LEN];
    cli_der_pkcs8(buf, k->alg, k->priv);
    size_t n = encode(out, cap, "PRIVATE KEY", buf, sizeof buf, der);
    vec25519_wipe(buf, sizeof buf);
    return n;
}

size_t cli_key_public_encode(uint8_t *out, size_t cap, const struct cli_key *k, int der)
{
    uint8_t buf[CLI_SPKI_DER_LEN];
    cli_der_spki(buf, k->alg, k->pub);
    return encode(out, cap, "PUBLIC KEY", buf, sizeof buf, der);
}
