/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 OpenSSL 3 provider — SIGNATURE ED25519 (provider-signature(7)).
 *
 * One-shot digest-sign and digest-verify, as OpenSSL's EdDSA: EdDSA hashes
 * the message itself (RFC 8032 §5.1.6), so EVP_DigestSign/EVP_DigestVerify
 * take the whole message, there is no update, and the digest name must be
 * NULL or empty (libssl and the X.509 code pass none: the key manager's
 * "mandatory-digest" is "").
 *
 * The instance (RFC 8032 §5.1): the parameter "instance" = "Ed25519"
 * (default), "Ed25519ctx" or "Ed25519ph", with "context-string" (octet
 * string, at most 255 bytes) — the names OpenSSL 3.2 gave these parameters;
 * OpenSSL 3.0 has none, so its applications reach them through the generic
 * parameter path (pkeyutl -pkeyopt instance:Ed25519ph). Pure Ed25519 takes no
 * context; Ed25519ctx needs a non-empty one (include/vec25519/ed25519.h).
 *
 * Verification is our strict policy (include/vec25519/ed25519.h, README.md):
 * a 64-byte signature, S < ℓ, A and R canonical and not of small order, and
 * the cofactored equation. It is stricter than OpenSSL 3.0's default
 * provider, which accepts small-order keys and R (docs/openssl.md).
 *
 * "algorithm-id" (gettable) is the DER AlgorithmIdentifier of id-Ed25519
 * without parameters (RFC 8410 §3), which the X.509 code puts into
 * certificates and requests it signs through us.
 */
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>

#include "encoding/encoding.h"
#include "internal/ct.h"
#include "prov.h"
#include "vec25519.h"

/* OpenSSL 3.2's names (absent from 3.0's core_names.h). */
#ifndef OSSL_SIGNATURE_PARAM_INSTANCE
#define OSSL_SIGNATURE_PARAM_INSTANCE "instance"
#endif
#ifndef OSSL_SIGNATURE_PARAM_CONTEXT_STRING
#define OSSL_SIGNATURE_PARAM_CONTEXT_STRING "context-string"
#endif

enum instance { PURE, CTX, PH };

struct sig_ctx {
    struct vp_ctx *pc;
    struct vp_key *key;
    enum instance inst;
    uint8_t context[255];
    size_t context_len;
};

static void *newctx(void *provctx, const char *propq)
{
    (void)propq;
    struct sig_ctx *c = VP_ZALLOC(provctx, sizeof *c, "an Ed25519 context");
    if (c != NULL) c->pc = provctx;
    return c;
}

static void freectx(void *vctx)
{
    struct sig_ctx *c = vctx;
    if (c == NULL) return;
    vp_key_free(c->key);
    OPENSSL_free(c);
}

static void *dupctx(void *vctx)
{
    const struct sig_ctx *c = vctx;
    struct sig_ctx *d = VP_ZALLOC(c->pc, sizeof *d, "an Ed25519 context");
    if (d == NULL) return NULL;
    *d = *c;
    if (d->key != NULL) vp_key_up_ref(d->key);
    return d;
}

static int set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    struct sig_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (params == NULL) return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_INSTANCE)) != NULL) {
        const char *name = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name))
            return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "\"instance\" is not a string");
        if (OPENSSL_strcasecmp(name, "Ed25519") == 0) c->inst = PURE;
        else if (OPENSSL_strcasecmp(name, "Ed25519ctx") == 0) c->inst = CTX;
        else if (OPENSSL_strcasecmp(name, "Ed25519ph") == 0) c->inst = PH;
        else
            return VP_ERR(c->pc, VP_R_BAD_INSTANCE,
                          "\"%s\": expected Ed25519, Ed25519ctx or Ed25519ph", name);
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_CONTEXT_STRING)) != NULL) {
        void *dst = c->context;
        size_t len = 0;
        if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size > sizeof c->context ||
            !OSSL_PARAM_get_octet_string(p, &dst, sizeof c->context, &len))
            return VP_ERR(c->pc, VP_R_BAD_CONTEXT,
                          "the context string must be an octet string of at most 255 bytes");
        c->context_len = len;
    }
    return 1;
}

VP_CTX_PARAMS(settable_ctx_params,
              OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_INSTANCE, NULL, 0),
              OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_CONTEXT_STRING, NULL, 0))

static int get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    struct sig_ctx *c = vctx;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    if (p != NULL) {
        uint8_t aid[RFC8410_ALGID_DER_LEN];
        rfc8410_write_algid(aid, RFC8410_ED25519);
        if (!OSSL_PARAM_set_octet_string(p, aid, sizeof aid))
            return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "algorithm-id");
    }
    return 1;
}

VP_CTX_PARAMS(gettable_ctx_params,
              OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0))

static int digest_init(void *vctx, const char *mdname, void *provkey, const OSSL_PARAM params[],
                       int signing)
{
    struct sig_ctx *c = vctx;
    struct vp_key *k = provkey;
    if (mdname != NULL && mdname[0] != '\0')
        return VP_ERR(c->pc, VP_R_BAD_DIGEST, "digest \"%s\" given; Ed25519 hashes the message "
                      "itself (use no digest)", mdname);
    if (k == NULL) {
        /* Re-initialisation with the key already set. */
        if (c->key == NULL) return VP_ERR(c->pc, VP_R_MISSING_KEY, "no Ed25519 key");
    } else {
        if (k->type != VP_ED25519)
            return VP_ERR(c->pc, VP_R_WRONG_KEY_TYPE, "Ed25519 needs an Ed25519 key");
        vp_key_free(c->key);
        c->key = vp_key_up_ref(k);
    }
    if (signing ? !c->key->has_priv : !c->key->has_pub)
        return VP_ERR(c->pc, VP_R_MISSING_KEY, "Ed25519 %s needs a %s key",
                      signing ? "signing" : "verification", signing ? "private" : "public");
    c->inst = PURE;
    c->context_len = 0;
    return set_ctx_params(c, params);
}

static int digest_sign_init(void *vctx, const char *mdname, void *provkey,
                            const OSSL_PARAM params[])
{
    return digest_init(vctx, mdname, provkey, params, 1);
}

static int digest_verify_init(void *vctx, const char *mdname, void *provkey,
                              const OSSL_PARAM params[])
{
    return digest_init(vctx, mdname, provkey, params, 0);
}

/* Pure Ed25519 takes no context; Ed25519ctx needs 1..255 bytes. */
static int context_ok(struct sig_ctx *c)
{
    if (c->inst == PURE && c->context_len != 0)
        return VP_ERR(c->pc, VP_R_BAD_CONTEXT, "pure Ed25519 takes no context string (use "
                      "instance Ed25519ctx or Ed25519ph)");
    if (c->inst == CTX && c->context_len == 0)
        return VP_ERR(c->pc, VP_R_BAD_CONTEXT, "Ed25519ctx needs a non-empty context string");
    return 1;
}

static int digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                       const unsigned char *tbs, size_t tbslen)
{
    struct sig_ctx *c = vctx;
    if (c->key == NULL || !c->key->has_priv)
        return VP_ERR(c->pc, VP_R_NOT_INITIALISED, "Ed25519 signing without a private key");
    if (sig == NULL) {
        *siglen = 64;
        return 1;
    }
    if (sigsize < 64)
        return VP_ERR(c->pc, VP_R_BUFFER_TOO_SMALL, "Ed25519 signature: %zu bytes, need 64",
                      sigsize);
    if (!context_ok(c)) return 0;
    static const uint8_t empty[1] = {0};
    if (tbs == NULL) {
        if (tbslen != 0) return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "NULL message");
        tbs = empty;
    }
    int rc = 0;
    switch (c->inst) {
    case PURE: rc = vec25519_ed25519_sign(sig, tbs, tbslen, c->key->sk); break;
    case CTX:
        rc = vec25519_ed25519ctx_sign(sig, tbs, tbslen, c->context, c->context_len, c->key->sk);
        break;
    case PH:
        rc = vec25519_ed25519ph_sign(sig, tbs, tbslen, c->context, c->context_len, c->key->sk);
        break;
    }
    if (rc != 0) return VP_ERR(c->pc, VP_R_BAD_CONTEXT, "Ed25519 signing failed");
    *siglen = 64;
    vp_count(c->pc, VP_OP_ED25519_SIGN);
    return 1;
}

static int digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                         const unsigned char *tbs, size_t tbslen)
{
    struct sig_ctx *c = vctx;
    if (c->key == NULL || !c->key->has_pub)
        return VP_ERR(c->pc, VP_R_NOT_INITIALISED, "Ed25519 verification without a key");
    if (!context_ok(c)) return 0;
    vp_count(c->pc, VP_OP_ED25519_VERIFY);
    if (sig == NULL || siglen != 64)
        return VP_ERR(c->pc, VP_R_BAD_SIGNATURE, "an Ed25519 signature is 64 bytes, not %zu",
                      sig == NULL ? (size_t)0 : siglen);
    static const uint8_t empty[1] = {0};
    if (tbs == NULL) {
        if (tbslen != 0) return VP_ERR(c->pc, VP_R_BAD_PARAMETER, "NULL message");
        tbs = empty;
    }
    int rc = -1;
    switch (c->inst) {
    case PURE: rc = vec25519_ed25519_verify(sig, tbs, tbslen, c->key->pub); break;
    case CTX:
        rc = vec25519_ed25519ctx_verify(sig, tbs, tbslen, c->context, c->context_len,
                                        c->key->pub);
        break;
    case PH:
        rc = vec25519_ed25519ph_verify(sig, tbs, tbslen, c->context, c->context_len,
                                       c->key->pub);
        break;
    }
    if (rc != 0)
        return VP_ERR(c->pc, VP_R_BAD_SIGNATURE, "invalid signature (strict policy: S < l, "
                      "canonical A and R not of small order, cofactored equation)");
    return 1;
}

#define FN(id, f) {id, (void (*)(void))(f)}
const OSSL_DISPATCH vp_ed25519_signature_functions[] = {
    FN(OSSL_FUNC_SIGNATURE_NEWCTX, newctx),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, digest_sign_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, digest_sign),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, digest_verify_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, digest_verify),
    FN(OSSL_FUNC_SIGNATURE_FREECTX, freectx),
    FN(OSSL_FUNC_SIGNATURE_DUPCTX, dupctx),
    FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, get_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, gettable_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, set_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, settable_ctx_params),
    {0, NULL},
};
