/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 OpenSSL 3 provider — ENCODER and DECODER for the RFC 8410 key
 * structures (provider-encoder(7), provider-decoder(7)).
 *
 *   PrivateKeyInfo        PKCS#8 OneAsymmetricKey (RFC 5958, RFC 8410 §7),
 *                         PEM label "PRIVATE KEY"
 *   SubjectPublicKeyInfo  RFC 5280 §4.1.2.7, RFC 8410 §4, PEM "PUBLIC KEY"
 * each in DER and PEM, for X25519 and ED25519: 8 encoders, 8 decoders; and a
 * text encoder per type (`openssl pkey -text`, the default provider's format).
 *
 * Both directions use the strict parser and writers of src/encoding/ — the
 * same code as the command-line tool's (one parser serves both): DER, not
 * BER; no parameters in the AlgorithmIdentifier; no PKCS#8 attributes; a v2
 * [1] public key must be the one the private key gives; strict PEM (RFC
 * 7468) and base64. What we write is what OpenSSL writes (PKCS#8 v1, 64-column
 * PEM).
 *
 * Decoders answer "not mine" (return 1 with no object) for input that is not
 * an Ed25519/X25519 key of their structure (or not strict PEM), so that
 * OpenSSL's decoder chain tries its other decoders; for a DER key of ours
 * that the parser rejects they raise an error with its message and also
 * return 1 (0 would stop the whole chain). OpenSSL 3.0 discards a decoder's
 * errors when it goes on to the next one, so the user sees the chain's own
 * "unsupported" error.
 *
 * Encrypted PKCS#8 (an encoder given a "cipher", as OSSL_ENCODER_CTX_set_cipher,
 * PEM_write_bio_PKCS8PrivateKey and `openssl genpkey -aes-256-cbc` do): the
 * PrivateKeyInfo above is encrypted as the default provider does it, with
 * PBES2 (RFC 8018: PBKDF2 with HMAC-SHA256, a random salt, the library's
 * default iteration count, and the cipher asked for) by libcrypto's own
 * PKCS8_encrypt_ex in a child library context of the application's (prov.c,
 * vp_libctx), where the cipher and the KDF are fetched; the result is an
 * EncryptedPrivateKeyInfo, DER or PEM "ENCRYPTED PRIVATE KEY". Reading one
 * back is libcrypto's EncryptedPrivateKeyInfo decoder, then ours.
 *
 * Buffers that held a private key (file contents, DER, PEM text) are wiped.
 */
#include <stdio.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include "encoding/encoding.h"
#include "internal/ct.h"
#include "prov.h"

/* Largest input a decoder reads: a key file is under 200 bytes. */
#define INPUT_MAX ENC_PEM_BODY_MAX

struct codec_ctx {
    struct vp_ctx *pc;
    enum vp_type type;
    int pem;     /* PEM (1) or DER (0) */
    int priv;    /* PrivateKeyInfo (1) or SubjectPublicKeyInfo (0) */
    int encrypt; /* encoder: a cipher was asked for */
    char cipher[64], props[256]; /* its name and the properties to fetch it with */
};

static enum rfc8410_alg alg_of(enum vp_type t)
{
    return t == VP_ED25519 ? RFC8410_ED25519 : RFC8410_X25519;
}

static const char *label_of(const struct codec_ctx *c)
{
    return c->priv ? "PRIVATE KEY" : "PUBLIC KEY";
}

static void *codec_new(void *provctx, enum vp_type type, int pem, int priv)
{
    struct codec_ctx *c = VP_ZALLOC(provctx, sizeof *c, "an encoder or decoder");
    if (c == NULL) return NULL;
    c->pc = provctx;
    c->type = type;
    c->pem = pem;
    c->priv = priv;
    return c;
}

static void codec_free(void *vctx)
{
    OPENSSL_free(vctx);
}

/* PrivateKeyInfo carries the key pair; SubjectPublicKeyInfo the public key
 * alone, so it does not claim a selection that asks for the private key.
 * Selection 0 means "anything". */
static int does_selection(int priv, int selection)
{
    if (selection == 0) return 1;
    if (priv) return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    return (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0 &&
           (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0;
}

/* ---- encoders ------------------------------------------------------------ */

static int enc_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct codec_ctx *c = vctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    if (p != NULL) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name))
            return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "\"cipher\" is not a string");
        c->encrypt = name != NULL && name[0] != '\0';
        if (c->encrypt && strlen(name) >= sizeof c->cipher)
            return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "cipher name too long");
        if (c->encrypt) strcpy(c->cipher, name);
    }
    p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
    if (p != NULL) {
        const char *props = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &props))
            return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "\"properties\" is not a string");
        if (props == NULL) props = "";
        if (strlen(props) >= sizeof c->props)
            return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "properties too long");
        strcpy(c->props, props);
    }
    return 1;
}

VP_PARAMS(enc_settable_ctx_params,
          OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
          OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0))

static void *enc_import_object(void *vctx, int selection, const OSSL_PARAM params[])
{
    struct codec_ctx *c = vctx;
    struct vp_key *k = vp_key_new(c->pc, c->type);
    if (k != NULL && !vp_key_import(k, selection, params)) {
        vp_key_free(k);
        k = NULL;
    }
    return k;
}

static void enc_free_object(void *obj)
{
    vp_key_free(obj);
}

static int write_all(struct codec_ctx *c, OSSL_CORE_BIO *out, const void *data, size_t n)
{
    size_t written = 0;
    if (c->pc->bio_write_ex == NULL || !c->pc->bio_write_ex(out, data, n, &written) ||
        written != n)
        return VP_ERR(c->pc, VP_R_IO, "writing the encoded key");
    return 1;
}

/*
 * Writes der[0..n) (a PrivateKeyInfo) as an EncryptedPrivateKeyInfo (see the
 * file header), DER or PEM, with the passphrase from cb. Every buffer that
 * held the key or the passphrase is wiped.
 */
static int write_encrypted(struct codec_ctx *c, OSSL_CORE_BIO *out, const uint8_t *der, size_t n,
                           OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    char pass[1024];
    size_t passlen = 0;
    const unsigned char *p = der;
    unsigned char *enc = NULL;
    char *text = NULL;
    PKCS8_PRIV_KEY_INFO *p8inf = NULL;
    EVP_CIPHER *cipher = NULL;
    X509_SIG *p8 = NULL;
    int len, ok = 0;
    OSSL_LIB_CTX *lc = vp_libctx(c->pc);

    if (lc == NULL) return 0;
    if (cb == NULL || !cb(pass, sizeof pass, &passlen, NULL, cbarg))
        return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "encrypting the key: no passphrase");
    if ((cipher = EVP_CIPHER_fetch(lc, c->cipher, c->props[0] ? c->props : NULL)) == NULL) {
        VP_ERR(c->pc, VP_R_BAD_PARAMETER, "encrypting the key: cipher \"%s\" not available",
               c->cipher);
    } else if ((p8inf = d2i_PKCS8_PRIV_KEY_INFO(NULL, &p, (long)n)) == NULL ||
               (p8 = PKCS8_encrypt_ex(-1, cipher, pass, (int)passlen, NULL, 0, 0, p8inf, lc,
                                      NULL)) == NULL ||
               (len = i2d_X509_SIG(p8, &enc)) <= 0) {
        VP_ERR(c->pc, VP_R_MALLOC, "encrypting the key (PBES2, %s)", c->cipher);
    } else if (!c->pem) {
        ok = write_all(c, out, enc, (size_t)len);
    } else {
        size_t cap = ((size_t)len + 2) / 3 * 4 + (size_t)len / 48 + 128, tn;
        if ((text = OPENSSL_malloc(cap)) == NULL) {
            VP_ERR(c->pc, VP_R_MALLOC, "allocating the PEM text");
        } else if ((tn = enc_pem_encode(text, cap, "ENCRYPTED PRIVATE KEY", enc, (size_t)len)) ==
                   0) {
            VP_ERR(c->pc, VP_R_BUFFER_TOO_SMALL, "PEM encoding");
        } else {
            ok = write_all(c, out, text, tn);
        }
        OPENSSL_free(text); /* ciphertext only */
    }
    OPENSSL_cleanse(pass, sizeof pass);
    OPENSSL_free(enc);
    X509_SIG_free(p8);
    PKCS8_PRIV_KEY_INFO_free(p8inf); /* frees its key octets cleansed */
    EVP_CIPHER_free(cipher);
    return ok;
}

static int encode(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                  const OSSL_PARAM obj_abstract[], int selection, OSSL_PASSPHRASE_CALLBACK *cb,
                  void *cbarg)
{
    struct codec_ctx *c = vctx;
    const struct vp_key *k = obj_raw;
    uint8_t der[RFC8410_PKCS8_DER_LEN];
    char text[256];
    size_t n;
    int ok;
    (void)obj_abstract;

    if (c->encrypt && !c->priv)
        return VP_ERR(c->pc, VP_R_ENCRYPTION_UNSUPPORTED,
                      "a SubjectPublicKeyInfo is not encrypted");
    if (k == NULL) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no key to encode");
    if (k->type != c->type) return VP_ERR(c->pc, VP_R_WRONG_KEY_TYPE, "encoding another key type");
    if (!does_selection(c->priv, selection))
        return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "%s cannot hold the selected key parts",
                      c->priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo");
    if (c->priv) {
        if (!k->has_priv) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no private key to encode");
        rfc8410_write_pkcs8(der, alg_of(k->type), k->priv);
        n = RFC8410_PKCS8_DER_LEN;
    } else {
        if (!k->has_pub) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no public key to encode");
        rfc8410_write_spki(der, alg_of(k->type), k->pub);
        n = RFC8410_SPKI_DER_LEN;
    }
    if (c->encrypt) {
        ok = write_encrypted(c, out, der, n, cb, cbarg);
    } else if (c->pem) {
        size_t tn = enc_pem_encode(text, sizeof text, label_of(c), der, n);
        ok = tn != 0 ? write_all(c, out, text, tn)
                     : VP_ERR(c->pc, VP_R_BUFFER_TOO_SMALL, "PEM encoding");
    } else {
        ok = write_all(c, out, der, n);
    }
    vec25519_wipe(der, sizeof der);
    vec25519_wipe(text, sizeof text);
    if (ok) vp_count(c->pc, VP_OP_ENCODE);
    return ok;
}

/* ---- text (openssl pkey -text) -------------------------------------------- */

/* "    xx:xx:…" lines of 15 bytes, a colon after every byte but the last, as
 * OpenSSL prints key bytes. Returns the length written to out (cap ample). */
static size_t text_bytes(char *out, const uint8_t *b, size_t n)
{
    static const char hexd[] = "0123456789abcdef";
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (i % 15 == 0) {
            memcpy(out + o, "    ", 4);
            o += 4;
        }
        out[o++] = hexd[b[i] >> 4];
        out[o++] = hexd[b[i] & 15];
        if (i + 1 < n) out[o++] = ':';
        if (i % 15 == 14 || i + 1 == n) out[o++] = '\n';
    }
    return o;
}

/*
 * The text form of a key, as the default provider prints it:
 *   "ED25519 Private-Key:" (or "Public-Key:" when the private key is not
 *   selected), then "priv:" and its bytes when selected, then "pub:" and its.
 */
static int encode_text(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                       const OSSL_PARAM obj_abstract[], int selection,
                       OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    struct codec_ctx *c = vctx;
    const struct vp_key *k = obj_raw;
    char text[512];
    size_t o;
    int ok, priv = (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0;
    (void)obj_abstract;
    (void)cb;
    (void)cbarg;

    if (k == NULL) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no key to print");
    if (k->type != c->type) return VP_ERR(c->pc, VP_R_WRONG_KEY_TYPE, "printing another key type");
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "text: no key part selected");
    if (priv && !k->has_priv) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no private key to print");
    if (!k->has_pub) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no public key to print");
    o = (size_t)snprintf(text, sizeof text, "%s %s-Key:\n",
                         k->type == VP_ED25519 ? "ED25519" : "X25519", priv ? "Private" : "Public");
    if (priv) {
        memcpy(text + o, "priv:\n", 6);
        o += 6;
        o += text_bytes(text + o, k->priv, 32);
    }
    memcpy(text + o, "pub:\n", 5);
    o += 5;
    o += text_bytes(text + o, k->pub, 32);
    ok = write_all(c, out, text, o);
    vec25519_wipe(text, sizeof text);
    if (ok) vp_count(c->pc, VP_OP_ENCODE);
    return ok;
}

#define TEXT_ENCODER(T, TYPE)                                                    \
    static void *new_##T##_text(void *provctx)                                  \
    {                                                                           \
        return codec_new(provctx, TYPE, 0, 0);                                  \
    }                                                                           \
    static int sel_##T##_text(void *provctx, int selection)                     \
    {                                                                           \
        (void)provctx;                                                          \
        return selection == 0 || (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0; \
    }                                                                           \
    static const OSSL_DISPATCH enc_##T##_text[] = {                             \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))new_##T##_text},             \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))codec_free},                \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))sel_##T##_text},     \
        {OSSL_FUNC_ENCODER_IMPORT_OBJECT, (void (*)(void))enc_import_object},   \
        {OSSL_FUNC_ENCODER_FREE_OBJECT, (void (*)(void))enc_free_object},       \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))encode_text},                \
        {0, NULL},                                                              \
    };
TEXT_ENCODER(x25519, VP_X25519)
TEXT_ENCODER(ed25519, VP_ED25519)

/* ---- decoders ------------------------------------------------------------ */

VP_PARAMS(dec_settable_ctx_params,
          OSSL_PARAM_utf8_string(OSSL_DECODER_PARAM_PROPERTIES, NULL, 0))

/* Reads all of in into buf (cap bytes). Returns the length, or cap + 1 if
 * there is more (not a key file), or -1 on a read error. */
static long read_all(struct codec_ctx *c, OSSL_CORE_BIO *in, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    for (;;) {
        size_t got = 0;
        if (n == cap) {
            uint8_t extra;
            if (c->pc->bio_read_ex(in, &extra, 1, &got) && got > 0) return (long)cap + 1;
            return (long)n;
        }
        if (!c->pc->bio_read_ex(in, buf + n, cap - n, &got) || got == 0) return (long)n;
        n += got;
    }
}

/* The key of der (PKCS#8 or SPKI per c), or NULL: *mine = 0 when der is not
 * an Ed25519/X25519 key of this decoder's type and structure (no error),
 * 1 with an error raised when it is one but malformed. */
static struct vp_key *parse_der(struct codec_ctx *c, const uint8_t *der, size_t n, int *mine)
{
    struct enc_err e;
    enum rfc8410_alg want = alg_of(c->type);
    int kind = rfc8410_kind(der, n);
    *mine = 0;
    if (kind != (c->priv ? RFC8410_PRIVATE : RFC8410_PUBLIC) || rfc8410_peek_alg(der, n) != want)
        return NULL;
    *mine = 1;
    struct vp_key *k = vp_key_new(c->pc, c->type);
    if (k == NULL) return NULL;
    if (c->priv) {
        struct rfc8410_pkcs8 p8;
        int ok = rfc8410_parse_pkcs8(der, n, &p8, &e) == 0;
        if (!ok) VP_ERR(c->pc, VP_R_BAD_ENCODING, "%s", e.msg);
        ok = ok && vp_key_set_private(k, p8.priv);
        if (ok && p8.has_pub && memcmp(p8.pub, k->pub, 32) != 0)
            ok = VP_ERR(c->pc, VP_R_KEY_MISMATCH,
                        "bad PKCS#8 v2 key: the [1] public key does not match the private key");
        vec25519_wipe(&p8, sizeof p8);
        if (!ok) {
            vp_key_free(k);
            return NULL;
        }
    } else {
        enum rfc8410_alg alg = RFC8410_ALG_NONE;
        uint8_t pub[32];
        if (rfc8410_parse_spki(der, n, &alg, pub, &e) != 0) {
            VP_ERR(c->pc, VP_R_BAD_ENCODING, "%s", e.msg);
            vp_key_free(k);
            return NULL;
        }
        vp_key_set_public(k, pub);
    }
    return k;
}

static int decode(void *vctx, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *data_cb,
                  void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    struct codec_ctx *c = vctx;
    uint8_t file[INPUT_MAX], der[INPUT_MAX];
    const uint8_t *p = file;
    size_t n;
    int ok = 1, mine = 0;
    struct vp_key *k = NULL;
    (void)pw_cb;
    (void)pw_cbarg;

    if (!does_selection(c->priv, selection)) return 1;
    if (c->pc->bio_read_ex == NULL) return VP_ERR(c->pc, VP_R_IO, "no core BIO functions");
    long got = read_all(c, in, file, sizeof file);
    if (got <= 0 || (size_t)got > sizeof file) goto done; /* empty or too large: not ours */
    n = (size_t)got;
    if (c->pem) {
        struct enc_err e;
        char label[ENC_PEM_LABEL_MAX];
        size_t dlen = 0;
        /* Not strict PEM (or not PEM, or several blocks): not for this
         * decoder. OpenSSL's PEM reader and the DER decoders may take it. */
        if (enc_pem_decode((const char *)file, n, label, der, sizeof der, &dlen, &e) != 0)
            goto done;
        if (strcmp(label, label_of(c)) != 0) goto done;
        p = der;
        n = dlen;
    }
    k = parse_der(c, p, n, &mine);
    if (k != NULL) {
        int object_type = OSSL_OBJECT_PKEY;
        char data_type[8], structure[24];
        strcpy(data_type, c->type == VP_ED25519 ? "ED25519" : "X25519");
        strcpy(structure, c->priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo");
        OSSL_PARAM params[] = {
            OSSL_PARAM_construct_int(OSSL_OBJECT_PARAM_TYPE, &object_type),
            OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, data_type, 0),
            OSSL_PARAM_construct_utf8_string(OSSL_OBJECT_PARAM_DATA_STRUCTURE, structure, 0),
            OSSL_PARAM_construct_octet_string(OSSL_OBJECT_PARAM_REFERENCE, &k, sizeof k),
            OSSL_PARAM_construct_end(),
        };
        vp_count(c->pc, VP_OP_DECODE);
        ok = data_cb(params, data_cbarg);
        vp_key_free(k);
    }
done:
    vec25519_wipe(file, sizeof file);
    vec25519_wipe(der, sizeof der);
    return ok;
}

static int dec_export_object(void *vctx, const void *objref, size_t objref_sz,
                             OSSL_CALLBACK *export_cb, void *export_cbarg)
{
    struct codec_ctx *c = vctx;
    struct vp_key *k = NULL;
    if (objref == NULL || objref_sz != sizeof k)
        return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "bad object reference");
    memcpy(&k, objref, sizeof k);
    if (k == NULL) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no key to export");
    return vp_key_export(k, OSSL_KEYMGMT_SELECT_KEYPAIR, export_cb, export_cbarg);
}

/* ---- the 8 + 8 algorithms ------------------------------------------------ */

#define FN(id, f) {id, (void (*)(void))(f)}

#define CODEC(T, TYPE, FMT, PEM, STRUCT, PRIV, STRUCTURE)                                  \
    static void *new_##T##_##FMT##_##STRUCT(void *provctx)                                 \
    {                                                                                      \
        return codec_new(provctx, TYPE, PEM, PRIV);                                        \
    }                                                                                      \
    static int sel_##T##_##FMT##_##STRUCT(void *provctx, int selection)                    \
    {                                                                                      \
        (void)provctx;                                                                     \
        return does_selection(PRIV, selection);                                            \
    }                                                                                      \
    static const OSSL_DISPATCH enc_##T##_##FMT##_##STRUCT[] = {                            \
        FN(OSSL_FUNC_ENCODER_NEWCTX, new_##T##_##FMT##_##STRUCT),                          \
        FN(OSSL_FUNC_ENCODER_FREECTX, codec_free),                                         \
        FN(OSSL_FUNC_ENCODER_SET_CTX_PARAMS, enc_set_ctx_params),                          \
        FN(OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, enc_settable_ctx_params),                \
        FN(OSSL_FUNC_ENCODER_DOES_SELECTION, sel_##T##_##FMT##_##STRUCT),                  \
        FN(OSSL_FUNC_ENCODER_IMPORT_OBJECT, enc_import_object),                            \
        FN(OSSL_FUNC_ENCODER_FREE_OBJECT, enc_free_object),                                \
        FN(OSSL_FUNC_ENCODER_ENCODE, encode),                                              \
        {0, NULL},                                                                         \
    };                                                                                     \
    static const OSSL_DISPATCH dec_##T##_##FMT##_##STRUCT[] = {                            \
        FN(OSSL_FUNC_DECODER_NEWCTX, new_##T##_##FMT##_##STRUCT),                          \
        FN(OSSL_FUNC_DECODER_FREECTX, codec_free),                                         \
        FN(OSSL_FUNC_DECODER_SET_CTX_PARAMS, vp_set_no_params),                            \
        FN(OSSL_FUNC_DECODER_SETTABLE_CTX_PARAMS, dec_settable_ctx_params),                \
        FN(OSSL_FUNC_DECODER_DOES_SELECTION, sel_##T##_##FMT##_##STRUCT),                  \
        FN(OSSL_FUNC_DECODER_DECODE, decode),                                              \
        FN(OSSL_FUNC_DECODER_EXPORT_OBJECT, dec_export_object),                            \
        {0, NULL},                                                                         \
    };

/* The 8 (type, format, structure) combinations, each an encoder and a
 * decoder: X(T, TYPE, FMT, PEM, STRUCT, PRIV, STRUCTURE), STRUCTURE the
 * "structure=" property. */
#define VP_CODECS(X)                                                   \
    X(x25519, VP_X25519, der, 0, pkcs8, 1, "PrivateKeyInfo")            \
    X(x25519, VP_X25519, pem, 1, pkcs8, 1, "PrivateKeyInfo")            \
    X(x25519, VP_X25519, der, 0, spki, 0, "SubjectPublicKeyInfo")       \
    X(x25519, VP_X25519, pem, 1, spki, 0, "SubjectPublicKeyInfo")       \
    X(ed25519, VP_ED25519, der, 0, pkcs8, 1, "PrivateKeyInfo")          \
    X(ed25519, VP_ED25519, pem, 1, pkcs8, 1, "PrivateKeyInfo")          \
    X(ed25519, VP_ED25519, der, 0, spki, 0, "SubjectPublicKeyInfo")     \
    X(ed25519, VP_ED25519, pem, 1, spki, 0, "SubjectPublicKeyInfo")

VP_CODECS(CODEC)

#define NAMES_x25519 VP_NAMES_X25519
#define NAMES_ed25519 VP_NAMES_ED25519
#define ENCODER(T, TYPE, FMT, PEM, STRUCT, PRIV, STRUCTURE) \
    {NAMES_##T, VP_PROPS ",output=" #FMT ",structure=" STRUCTURE, enc_##T##_##FMT##_##STRUCT, NULL},
#define DECODER(T, TYPE, FMT, PEM, STRUCT, PRIV, STRUCTURE) \
    {NAMES_##T, VP_PROPS ",input=" #FMT ",structure=" STRUCTURE, dec_##T##_##FMT##_##STRUCT, NULL},

const OSSL_ALGORITHM vp_encoders[] = {VP_CODECS(ENCODER){VP_NAMES_X25519, VP_PROPS ",output=text",
                                                         enc_x25519_text, NULL},
                                        {VP_NAMES_ED25519, VP_PROPS ",output=text",
                                         enc_ed25519_text, NULL},
                                        {NULL, NULL, NULL, NULL}};
const OSSL_ALGORITHM vp_decoders[] = {VP_CODECS(DECODER){NULL, NULL, NULL, NULL}};
