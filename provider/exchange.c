/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 OpenSSL 3 provider — KEYEXCH X25519 (provider-keyexch(7)).
 *
 * derive = vec25519_x25519(our scalar, the peer's u-coordinate), RFC 7748
 * §6.1. An all-zero result (a peer public key of small order) is an error, as
 * in OpenSSL and as RFC 7748 §6.1 allows, and the output buffer is left
 * zeroed. The context holds references to both keys (keymgmt.c counts them),
 * so it is independent of the EVP_PKEYs' lifetimes.
 */
#include <string.h>

#include <openssl/crypto.h>

#include "internal/ct.h"
#include "prov.h"
#include "vec25519.h"

struct exch_ctx {
    struct vp_ctx *pc;
    struct vp_key *key, *peer;
};

static void *newctx(void *provctx)
{
    struct exch_ctx *c = VP_ZALLOC(provctx, sizeof *c, "an X25519 context");
    if (c != NULL) c->pc = provctx;
    return c;
}

static void freectx(void *vctx)
{
    struct exch_ctx *c = vctx;
    if (c == NULL) return;
    vp_key_free(c->key);
    vp_key_free(c->peer);
    OPENSSL_free(c);
}

static void *dupctx(void *vctx)
{
    const struct exch_ctx *c = vctx;
    struct exch_ctx *d = newctx(c->pc);
    if (d == NULL) return NULL;
    d->key = c->key ? vp_key_up_ref(c->key) : NULL;
    d->peer = c->peer ? vp_key_up_ref(c->peer) : NULL;
    return d;
}

static int init(void *vctx, void *provkey, const OSSL_PARAM params[])
{
    struct exch_ctx *c = vctx;
    struct vp_key *k = provkey;
    (void)params;
    if (k == NULL || k->type != VP_X25519)
        return VP_ERR(c->pc, VP_R_WRONG_KEY_TYPE, "X25519 derive needs an X25519 key");
    if (!k->has_priv)
        return VP_ERR(c->pc, VP_R_MISSING_KEY, "X25519 derive needs a private key");
    vp_key_free(c->key);
    c->key = vp_key_up_ref(k);
    return 1;
}

static int set_peer(void *vctx, void *provkey)
{
    struct exch_ctx *c = vctx;
    struct vp_key *k = provkey;
    if (k == NULL || k->type != VP_X25519)
        return VP_ERR(c->pc, VP_R_WRONG_KEY_TYPE, "the X25519 peer key is not an X25519 key");
    if (!k->has_pub) return VP_ERR(c->pc, VP_R_MISSING_KEY, "the peer key has no public key");
    vp_key_free(c->peer);
    c->peer = vp_key_up_ref(k);
    return 1;
}

static int derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    struct exch_ctx *c = vctx;
    if (c->key == NULL || c->peer == NULL)
        return VP_ERR(c->pc, VP_R_NOT_INITIALISED, "X25519 derive without %s",
                      c->key == NULL ? "a key" : "a peer key");
    if (secret == NULL) {
        *secretlen = 32;
        return 1;
    }
    if (outlen < 32)
        return VP_ERR(c->pc, VP_R_BUFFER_TOO_SMALL, "X25519 shared secret: %zu bytes, need 32",
                      outlen);
    if (vec25519_x25519(secret, c->key->priv, c->peer->pub) != 0)
        return VP_ERR(c->pc, VP_R_ZERO_SHARED_SECRET,
                      "the peer's public key has small order (RFC 7748 section 6.1)");
    *secretlen = 32;
    vp_count(c->pc, VP_OP_X25519_DERIVE);
    return 1;
}

#define FN(id, f) {id, (void (*)(void))(f)}
const OSSL_DISPATCH vp_x25519_keyexch_functions[] = {
    FN(OSSL_FUNC_KEYEXCH_NEWCTX, newctx),
    FN(OSSL_FUNC_KEYEXCH_INIT, init),
    FN(OSSL_FUNC_KEYEXCH_SET_PEER, set_peer),
    FN(OSSL_FUNC_KEYEXCH_DERIVE, derive),
    FN(OSSL_FUNC_KEYEXCH_FREECTX, freectx),
    FN(OSSL_FUNC_KEYEXCH_DUPCTX, dupctx),
    {0, NULL},
};
