/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 OpenSSL 3 provider — KEYMGMT for X25519 and ED25519
 * (provider-keymgmt(7)).
 *
 * The key object (struct vp_key, prov.h) holds the 32-byte public key and,
 * for a private key, the 32-byte private key (X25519 scalar, RFC 7748 §5; or
 * Ed25519 seed, RFC 8032 §5.1.5) and for Ed25519 the 64-byte seed ‖ A that
 * vec25519_ed25519_sign takes. The public key of a private key is always
 * derived here (vec25519_x25519_base, vec25519_ed25519_keypair): an imported
 * "pub" that differs from the derived one is rejected, so that a key can
 * never sign with a public key that is not its own.
 *
 * Parameters, as OpenSSL's own X25519/ED25519 key managers name them so that
 * keys move between this provider and the default one, and as libcrypto's
 * EVP layer and libssl query them:
 *   import/export   "pub", "priv" (octet strings of 32 bytes)
 *   get             "bits" (253 / 256), "security-bits" (128), "max-size"
 *                   (32 / 64: the shared secret, the signature),
 *                   "encoded-pub-key" (X25519: the TLS 1.3 key share,
 *                   RFC 8446 §4.2.8.2), "mandatory-digest" (ED25519: "", no
 *                   digest, which makes EVP_DigestSignInit pass none), and
 *                   "pub"/"priv"
 *   set             "encoded-pub-key" (X25519: the peer's key share)
 *   gen             "group" (X25519, as libssl sets it), "properties"
 * validate applies our public-key policy: Ed25519 — the key verification
 * accepts (a canonical point that is not of small order,
 * include/vec25519/ed25519.h); X25519 — any 32 bytes, as the default
 * provider: a peer of small order is accepted by EVP_PKEY_public_check and
 * EVP_PKEY_derive_set_peer and fails at EVP_PKEY_derive (exchange.c: the
 * all-zero secret), where applications expect the failure (issue 25). A key
 * pair also has its public key checked against the private key.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "internal/ct.h"
#include "internal/random.h"
#include "prov.h"
#include "vec25519.h"

/* ---- the key object ------------------------------------------------------ */

struct vp_key *vp_key_new(struct vp_ctx *pc, enum vp_type type)
{
    struct vp_key *k = VP_ZALLOC(pc, sizeof *k, "a key");
    if (k == NULL) return NULL;
    k->pc = pc;
    k->type = type;
    atomic_init(&k->refs, 1);
    return k;
}

struct vp_key *vp_key_up_ref(struct vp_key *k)
{
    atomic_fetch_add(&k->refs, 1);
    return k;
}

void vp_key_free(struct vp_key *k)
{
    if (k == NULL || atomic_fetch_sub(&k->refs, 1) != 1) return;
    vec25519_wipe(k, sizeof *k);
    OPENSSL_free(k);
}

int vp_key_set_private(struct vp_key *k, const uint8_t priv[32])
{
    memcpy(k->priv, priv, 32);
    if (k->type == VP_ED25519) {
        vec25519_ed25519_keypair(k->pub, k->sk, k->priv);
    } else if (vec25519_x25519_base(k->pub, k->priv) != 0) {
        /* Cannot happen for a clamped scalar (x25519.h); kept as an error. */
        vec25519_wipe(k->priv, 32);
        return VP_ERR(k->pc, VP_R_BAD_ENCODING, "X25519 private key with a zero public key");
    }
    k->has_priv = k->has_pub = 1;
    return 1;
}

void vp_key_set_public(struct vp_key *k, const uint8_t pub[32])
{
    vec25519_wipe(k->priv, 32);
    vec25519_wipe(k->sk, 64);
    k->has_priv = 0;
    memcpy(k->pub, pub, 32);
    k->has_pub = 1;
}

static const char *type_name(enum vp_type t)
{
    return t == VP_ED25519 ? "Ed25519" : "X25519";
}

/* The 32 bytes of an octet-string parameter into out. */
static int get32(struct vp_ctx *pc, const OSSL_PARAM *p, uint8_t out[32], const char *what)
{
    void *dst = out;
    size_t len = 0;
    if (p->data_type != OSSL_PARAM_OCTET_STRING)
        return VP_ERR(pc, VP_R_BAD_PARAMETER, "\"%s\" is not an octet string", what);
    if (p->data_size != 32)
        return VP_ERR(pc, VP_R_BAD_KEY_LENGTH, "%s is %zu bytes, expected 32", what,
                      p->data_size);
    if (!OSSL_PARAM_get_octet_string(p, &dst, 32, &len) || len != 32)
        return VP_ERR(pc, VP_R_BAD_PARAMETER, "reading \"%s\"", what);
    return 1;
}

int vp_key_import(struct vp_key *k, int selection, const OSSL_PARAM params[])
{
    const OSSL_PARAM *ppub = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    const OSSL_PARAM *ppriv = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    uint8_t pub[32], priv[32];
    int ok = 1;

    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return VP_ERR(k->pc, VP_R_MISSING_KEY, "import: no key selected");
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) == 0) ppriv = NULL;
    if (ppriv == NULL && ppub == NULL)
        return VP_ERR(k->pc, VP_R_MISSING_KEY, "import: no \"pub\" or \"priv\" parameter");
    if (ppub != NULL) ok = get32(k->pc, ppub, pub, "the public key");
    if (ok && ppriv != NULL) {
        ok = get32(k->pc, ppriv, priv, "the private key") && vp_key_set_private(k, priv);
        vec25519_wipe(priv, sizeof priv);
        if (ok && ppub != NULL && memcmp(pub, k->pub, 32) != 0) {
            vec25519_wipe(k->priv, 32);
            vec25519_wipe(k->sk, 64);
            k->has_priv = k->has_pub = 0;
            ok = VP_ERR(k->pc, VP_R_KEY_MISMATCH, "import: the %s public key is not the one "
                        "the private key gives", type_name(k->type));
        }
    } else if (ok) {
        vp_key_set_public(k, pub);
    }
    return ok;
}

int vp_key_export(struct vp_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    OSSL_PARAM params[3];
    size_t n = 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0)
        return VP_ERR(k->pc, VP_R_MISSING_KEY, "export: no key selected");
    if (k->has_pub)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, 32);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0 && k->has_priv)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, 32);
    params[n] = OSSL_PARAM_construct_end();
    if (n == 0) return VP_ERR(k->pc, VP_R_MISSING_KEY, "export: the key is empty");
    return cb(params, cbarg);
}

/* ---- new, free, has, match ----------------------------------------------- */

static void *x25519_new(void *provctx)
{
    return vp_key_new(provctx, VP_X25519);
}

static void *ed25519_new(void *provctx)
{
    return vp_key_new(provctx, VP_ED25519);
}

static void key_free(void *keydata)
{
    vp_key_free(keydata);
}

static int has(const void *keydata, int selection)
{
    const struct vp_key *k = keydata;
    if (k == NULL) return 0;
    /* Domain parameters: there are none, so always present. */
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && !k->has_pub) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && !k->has_priv) return 0;
    return 1;
}

static int match(const void *keydata1, const void *keydata2, int selection)
{
    const struct vp_key *a = keydata1, *b = keydata2;
    if (a->type != b->type) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, 32) == 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, 32) == 0;
    return 0;
}

/* ---- validate ------------------------------------------------------------ */

/* Our public-key policy (header comment): Ed25519 keys pass the library's
 * strict check, vec25519_ed25519_public_key_check; an X25519 key is any 32
 * bytes, as with the default provider (a small-order peer fails at derive,
 * exchange.c). Variable time: public input. */
static int public_ok(const struct vp_key *k)
{
    if (k->type != VP_ED25519) return 1;
    return vec25519_ed25519_public_key_check(k->pub, VEC25519_ED25519_STRICT) == VEC25519_OK;
}

static int validate(const void *keydata, int selection, int checktype)
{
    const struct vp_key *k = keydata;
    uint8_t derived[32], sk[64];
    (void)checktype;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) != 0) {
        if (!k->has_pub) return VP_ERR(k->pc, VP_R_MISSING_KEY, "validate: no public key");
        if (!public_ok(k))
            return VP_ERR(k->pc, VP_R_SMALL_ORDER, "validate: the %s public key is rejected by "
                          "our policy (small order, or not a canonical point)",
                          type_name(k->type));
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) != 0) {
        if (!k->has_priv) return VP_ERR(k->pc, VP_R_MISSING_KEY, "validate: no private key");
        int same;
        if (k->type == VP_ED25519) {
            vec25519_ed25519_keypair(derived, sk, k->priv);
            vec25519_wipe(sk, sizeof sk);
            same = memcmp(derived, k->pub, 32) == 0;
        } else {
            same = vec25519_x25519_base(derived, k->priv) == 0 && memcmp(derived, k->pub, 32) == 0;
        }
        if (!same)
            return VP_ERR(k->pc, VP_R_KEY_MISMATCH, "validate: the %s key pair does not match",
                          type_name(k->type));
    }
    return 1;
}

/* ---- import, export, dup, load ------------------------------------------- */

static int import(void *keydata, int selection, const OSSL_PARAM params[])
{
    return vp_key_import(keydata, selection, params);
}

static int export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    return vp_key_export(keydata, selection, cb, cbarg);
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END,
};

static const OSSL_PARAM *imexport_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) != 0 ? key_types : NULL;
}

static void *dup(const void *keydata_from, int selection)
{
    const struct vp_key *from = keydata_from;
    struct vp_key *k = vp_key_new(from->pc, from->type);
    if (k == NULL) return NULL;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && from->has_priv) {
        if (!vp_key_set_private(k, from->priv)) {
            vp_key_free(k);
            return NULL;
        }
    } else if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) && from->has_pub) {
        vp_key_set_public(k, from->pub);
    }
    return k;
}

/* A key from our decoder (codec.c): the reference is a struct vp_key *; the
 * decoder keeps its own reference and drops it after the callback. */
static void *load(const void *reference, size_t reference_sz)
{
    struct vp_key *k = NULL;
    if (reference == NULL || reference_sz != sizeof k) return NULL;
    memcpy(&k, reference, sizeof k);
    return k != NULL ? vp_key_up_ref(k) : NULL;
}

/* ---- parameters ---------------------------------------------------------- */

static int get_params(void *keydata, OSSL_PARAM params[])
{
    struct vp_key *k = keydata;
    int ed = k->type == VP_ED25519;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, ed ? 256 : 253))
        return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL &&
        !OSSL_PARAM_set_int(p, 128))
        return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL &&
        !OSSL_PARAM_set_int(p, ed ? 64 : 32))
        return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    if (!ed && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL) {
        if (!k->has_pub) return VP_ERR(k->pc, VP_R_MISSING_KEY, "no public key to encode");
        if (!OSSL_PARAM_set_octet_string(p, k->pub, 32))
            return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    }
    if (ed && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL &&
        !OSSL_PARAM_set_utf8_string(p, ""))
        return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    if (k->has_pub && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL &&
        !OSSL_PARAM_set_octet_string(p, k->pub, 32))
        return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    if (k->has_priv && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL &&
        !OSSL_PARAM_set_octet_string(p, k->priv, 32))
        return VP_ERR(k->pc, VP_R_BAD_PARAMETER, "get_params: \"%s\"", p->key);
    return 1;
}

/* What get_params answers for both key types: the sizes, then the type's own
 * entry, then the raw keys. */
#define KEY_SIZES                                      \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),          \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL), \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL)
#define RAW_KEYS                                                \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0), \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0)

static const OSSL_PARAM x25519_gettable_params[] = {
    KEY_SIZES,
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    RAW_KEYS,
    OSSL_PARAM_END,
};

static const OSSL_PARAM ed25519_gettable_params[] = {
    KEY_SIZES,
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    RAW_KEYS,
    OSSL_PARAM_END,
};

VP_PARAMS_FN(x25519_gettable, x25519_gettable_params)
VP_PARAMS_FN(ed25519_gettable, ed25519_gettable_params)

/* X25519: the peer's TLS key share. */
static int x25519_set_params(void *keydata, const OSSL_PARAM params[])
{
    struct vp_key *k = keydata;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    uint8_t pub[32];
    if (p == NULL) return 1;
    if (!get32(k->pc, p, pub, "the encoded public key")) return 0;
    vp_key_set_public(k, pub);
    return 1;
}

static const OSSL_PARAM x25519_settable_params[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_END,
};

VP_PARAMS_FN(x25519_settable, x25519_settable_params)
/* Ed25519 keys have nothing settable (vp_set_no_params). */
VP_PARAMS_FN(ed25519_settable, vp_no_params)

/* ---- generation ---------------------------------------------------------- */

struct gen_ctx {
    struct vp_ctx *pc;
    enum vp_type type;
    int selection;
};

static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    struct gen_ctx *g = genctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p == NULL) return 1;
    const char *want = g->type == VP_ED25519 ? "ED25519" : "X25519";
    if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == NULL ||
        OPENSSL_strcasecmp(p->data, want) != 0)
        return VP_ERR(g->pc, VP_R_BAD_PARAMETER, "group \"%s\" is not %s",
                      p->data_type == OSSL_PARAM_UTF8_STRING && p->data ? (const char *)p->data
                                                                        : "?",
                      want);
    return 1;
}

VP_CTX_PARAMS(gen_settable,
              OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
              OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0))

static void *gen_init(void *provctx, int selection, const OSSL_PARAM params[], enum vp_type t)
{
    struct gen_ctx *g = VP_ZALLOC(provctx, sizeof *g, "a key generation context");
    if (g == NULL) return NULL;
    g->pc = provctx;
    g->type = t;
    g->selection = selection;
    if (!gen_set_params(g, params)) {
        OPENSSL_free(g);
        return NULL;
    }
    return g;
}

static void *x25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, selection, params, VP_X25519);
}

static void *ed25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, selection, params, VP_ED25519);
}

/* A template (EVP_PKEY_keygen from a key's context, as libssl does for the
 * server's key share) carries nothing we need: there are no parameters. */
static int gen_set_template(void *genctx, void *templ)
{
    const struct gen_ctx *g = genctx;
    const struct vp_key *t = templ;
    if (t != NULL && t->type != g->type)
        return VP_ERR(g->pc, VP_R_WRONG_KEY_TYPE, "template of another key type");
    return 1;
}

static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    struct gen_ctx *g = genctx;
    uint8_t seed[32];
    (void)cb;
    (void)cbarg;
    struct vp_key *k = vp_key_new(g->pc, g->type);
    if (k == NULL) return NULL;
    /* Parameter generation (EVP_PKEY_paramgen, libssl's peer key share):
     * an empty key of the type. */
    if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return k;
    if (vec25519_random_bytes(seed, sizeof seed) != 0) {
        vp_key_free(k);
        VP_ERR(g->pc, VP_R_RANDOM, "key generation");
        return NULL;
    }
    int ok = vp_key_set_private(k, seed);
    vec25519_wipe(seed, sizeof seed);
    if (!ok) {
        vp_key_free(k);
        return NULL;
    }
    vp_count(g->pc, g->type == VP_ED25519 ? VP_OP_ED25519_KEYGEN : VP_OP_X25519_KEYGEN);
    return k;
}

static void gen_cleanup(void *genctx)
{
    OPENSSL_free(genctx);
}

static const char *ed25519_query_operation_name(int operation_id)
{
    return operation_id == OSSL_OP_SIGNATURE ? "ED25519" : NULL;
}

static const char *x25519_query_operation_name(int operation_id)
{
    return operation_id == OSSL_OP_KEYEXCH ? "X25519" : NULL;
}

#define FN(id, f) {id, (void (*)(void))(f)}
#define COMMON_KEYMGMT                                                  \
    FN(OSSL_FUNC_KEYMGMT_FREE, key_free),                               \
    FN(OSSL_FUNC_KEYMGMT_HAS, has),                                     \
    FN(OSSL_FUNC_KEYMGMT_MATCH, match),                                 \
    FN(OSSL_FUNC_KEYMGMT_VALIDATE, validate),                           \
    FN(OSSL_FUNC_KEYMGMT_IMPORT, import),                               \
    FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, imexport_types),                 \
    FN(OSSL_FUNC_KEYMGMT_EXPORT, export),                               \
    FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, imexport_types),                 \
    FN(OSSL_FUNC_KEYMGMT_DUP, dup),                                     \
    FN(OSSL_FUNC_KEYMGMT_LOAD, load),                                   \
    FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, get_params),                       \
    FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, gen_set_params),               \
    FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, gen_settable),            \
    FN(OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, gen_set_template),           \
    FN(OSSL_FUNC_KEYMGMT_GEN, gen),                                     \
    FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, gen_cleanup)

const OSSL_DISPATCH vp_x25519_keymgmt_functions[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, x25519_new),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, x25519_gen_init),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, x25519_gettable),
    FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, x25519_set_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, x25519_settable),
    FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, x25519_query_operation_name),
    COMMON_KEYMGMT,
    {0, NULL},
};

const OSSL_DISPATCH vp_ed25519_keymgmt_functions[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, ed25519_new),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, ed25519_gen_init),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, ed25519_gettable),
    FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, vp_set_no_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, ed25519_settable),
    FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, ed25519_query_operation_name),
    COMMON_KEYMGMT,
    {0, NULL},
};
