/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 OpenSSL 3 provider — the entry point (provider-base(7)).
 *
 * OSSL_provider_init is the only symbol the module exports (exports.map). It
 * takes the core's error and BIO upcalls from the dispatch table it is given,
 * allocates the provider context and answers:
 *   query_operation   KEYMGMT (X25519, ED25519), KEYEXCH (X25519), SIGNATURE
 *                     (ED25519), ENCODER and DECODER (RFC 8410 keys)
 *   get_params        name, version, buildinfo, status, and the operation
 *                     counters "vec25519-x25519-keygen", ... (uint64)
 *   get_capabilities  TLS-GROUP: x25519 (IANA group 29, RFC 8446 §4.2.7),
 *                     so that libssl offers and accepts the X25519 key share
 *                     and fetches the "X25519" key manager and exchange with
 *                     its property query — ours under "?provider=vec25519"
 *   get_reason_strings the text of every error reason we raise
 *
 * Randomness for key generation comes from the operating system
 * (src/internal/random.h: getrandom), not from OpenSSL's DRBG: it needs no
 * library context of our own (a child library context would have to fetch a
 * DRBG back through the core while a fetch of ours may be under way), keeps
 * no state, and is safe after fork().
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>

#include "prov.h"
#include "vec25519.h"

static const char *const op_names[VP_OP_COUNT] = {
    [VP_OP_X25519_KEYGEN] = "x25519-keygen", [VP_OP_X25519_DERIVE] = "x25519-derive",
    [VP_OP_ED25519_KEYGEN] = "ed25519-keygen", [VP_OP_ED25519_SIGN] = "ed25519-sign",
    [VP_OP_ED25519_VERIFY] = "ed25519-verify", [VP_OP_DECODE] = "decode",
    [VP_OP_ENCODE] = "encode",
};

void vp_count(struct vp_ctx *pc, enum vp_op op)
{
    if (pc == NULL) return;
    atomic_fetch_add_explicit(&pc->ops[op], 1, memory_order_relaxed);
    if (pc->trace_fd >= 0) {
        char line[32];
        int n = snprintf(line, sizeof line, "%s\n", op_names[op]);
        /* One write(2) per line on an O_APPEND file: lines of concurrent
         * threads and processes do not interleave. A failed write only loses
         * the trace line. */
        if (n > 0 && write(pc->trace_fd, line, (size_t)n) < 0) return;
    }
}

int vp_raise(struct vp_ctx *pc, const char *file, int line, const char *func,
             enum vp_reason reason, const char *fmt, ...)
{
    if (pc == NULL || pc->new_error == NULL || pc->vset_error == NULL) return 0;
    va_list ap;
    pc->new_error(pc->handle);
    if (pc->set_error_debug != NULL) pc->set_error_debug(pc->handle, file, line, func);
    va_start(ap, fmt);
    /* Library 0: the core files the reason under this provider's library. */
    pc->vset_error(pc->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
    return 0;
}

void *vp_zalloc(struct vp_ctx *pc, size_t size, const char *what, const char *file, int line,
                const char *func)
{
    void *p = OPENSSL_zalloc(size);
    if (p == NULL) vp_raise(pc, file, line, func, VP_R_MALLOC, "allocating %s", what);
    return p;
}

/* ---- dispatch helpers ---------------------------------------------------- */

const OSSL_PARAM vp_no_params[] = {OSSL_PARAM_END};

int vp_set_no_params(void *vctx, const OSSL_PARAM params[])
{
    (void)vctx;
    (void)params;
    return 1;
}

/* ---- algorithms ---------------------------------------------------------- */

static const OSSL_ALGORITHM keymgmt_algs[] = {
    {VP_NAMES_X25519, VP_PROPS, vp_x25519_keymgmt_functions, "X25519 keys (vec25519)"},
    {VP_NAMES_ED25519, VP_PROPS, vp_ed25519_keymgmt_functions, "Ed25519 keys (vec25519)"},
    {NULL, NULL, NULL, NULL},
};
static const OSSL_ALGORITHM keyexch_algs[] = {
    {VP_NAMES_X25519, VP_PROPS, vp_x25519_keyexch_functions, "X25519 (vec25519)"},
    {NULL, NULL, NULL, NULL},
};
static const OSSL_ALGORITHM signature_algs[] = {
    {VP_NAMES_ED25519, VP_PROPS, vp_ed25519_signature_functions,
     "Ed25519, Ed25519ctx, Ed25519ph (vec25519)"},
    {NULL, NULL, NULL, NULL},
};

static const OSSL_ALGORITHM *query_operation(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    switch (operation_id) {
    case OSSL_OP_KEYMGMT: return keymgmt_algs;
    case OSSL_OP_KEYEXCH: return keyexch_algs;
    case OSSL_OP_SIGNATURE: return signature_algs;
    case OSSL_OP_ENCODER: return vp_encoders;
    case OSSL_OP_DECODER: return vp_decoders;
    default: return NULL;
    }
}

/* ---- parameters ---------------------------------------------------------- */

#define COUNTER_PARAM(name) OSSL_PARAM_uint64("vec25519-" name, NULL)
static const OSSL_PARAM gettable_params[] = {
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_NAME, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_VERSION, NULL, 0),
    OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_BUILDINFO, NULL, 0),
    OSSL_PARAM_int(OSSL_PROV_PARAM_STATUS, NULL),
    COUNTER_PARAM("x25519-keygen"),
    COUNTER_PARAM("x25519-derive"),
    COUNTER_PARAM("ed25519-keygen"),
    COUNTER_PARAM("ed25519-sign"),
    COUNTER_PARAM("ed25519-verify"),
    COUNTER_PARAM("decode"),
    COUNTER_PARAM("encode"),
    OSSL_PARAM_END,
};

VP_PARAMS_FN(gettable, gettable_params)

static int get_params(void *provctx, OSSL_PARAM params[])
{
    struct vp_ctx *pc = provctx;
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != NULL &&
        !OSSL_PARAM_set_utf8_ptr(p, "vec25519 provider (X25519, Ed25519)"))
        return VP_ERR(pc, VP_R_BAD_PARAMETER, "provider get_params: \"%s\"", p->key);
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL &&
        !OSSL_PARAM_set_utf8_ptr(p, vec25519_version()))
        return VP_ERR(pc, VP_R_BAD_PARAMETER, "provider get_params: \"%s\"", p->key);
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL &&
        !OSSL_PARAM_set_utf8_ptr(p, "vec25519 " VP_BUILDINFO))
        return VP_ERR(pc, VP_R_BAD_PARAMETER, "provider get_params: \"%s\"", p->key);
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL &&
        !OSSL_PARAM_set_int(p, 1))
        return VP_ERR(pc, VP_R_BAD_PARAMETER, "provider get_params: \"%s\"", p->key);
    for (int i = 0; i < VP_OP_COUNT; i++) {
        char name[48];
        snprintf(name, sizeof name, "vec25519-%s", op_names[i]);
        if ((p = OSSL_PARAM_locate(params, name)) != NULL &&
            !OSSL_PARAM_set_uint64(p, atomic_load(&pc->ops[i])))
            return VP_ERR(pc, VP_R_BAD_PARAMETER, "provider get_params: \"%s\"", p->key);
    }
    return 1;
}

/* ---- capabilities -------------------------------------------------------- */

/* TLS-GROUP for x25519 (provider-base(7) "CAPABILITIES"): the IANA name and
 * code point (RFC 8446 §4.2.7 / RFC 8422 §5.1.1: 29), the key manager and
 * group names libssl uses to fetch and configure the key, 128-bit security,
 * every TLS and DTLS version from 1.0 (maximum 0: no upper bound). The
 * parameters are built on the stack: the callback copies what it keeps. */
static int get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    (void)provctx;
    if (OPENSSL_strcasecmp(capability, "TLS-GROUP") != 0) return 1;
    char tlsname[] = "x25519", realname[] = "X25519", alg[] = "X25519";
    unsigned int id = 29, secbits = 128;
    int mintls = TLS1_VERSION, maxtls = 0, mindtls = DTLS1_VERSION, maxdtls = 0, kem = 0;
    OSSL_PARAM group[] = {
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, tlsname, sizeof tlsname),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, realname,
                               sizeof realname),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, alg, sizeof alg),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &mintls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &maxtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &mindtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &maxdtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &kem),
        OSSL_PARAM_END,
    };
    return cb(group, arg);
}

/* ---- reason strings ------------------------------------------------------ */

#define REASON(r, s) {(r), (void *)(s)}
static const OSSL_ITEM reason_strings[] = {
    REASON(VP_R_MALLOC, "out of memory"),
    REASON(VP_R_WRONG_KEY_TYPE, "wrong key type"),
    REASON(VP_R_MISSING_KEY, "key not present"),
    REASON(VP_R_BAD_KEY_LENGTH, "bad key length"),
    REASON(VP_R_KEY_MISMATCH, "public key does not match the private key"),
    REASON(VP_R_SMALL_ORDER, "public key of small order or not a valid point"),
    REASON(VP_R_ZERO_SHARED_SECRET, "all-zero X25519 shared secret"),
    REASON(VP_R_BUFFER_TOO_SMALL, "output buffer too small"),
    REASON(VP_R_BAD_DIGEST, "Ed25519 takes no digest"),
    REASON(VP_R_BAD_INSTANCE, "unknown EdDSA instance"),
    REASON(VP_R_BAD_CONTEXT, "bad EdDSA context string"),
    REASON(VP_R_BAD_SIGNATURE, "signature verification failed"),
    REASON(VP_R_BAD_PARAMETER, "bad parameter"),
    REASON(VP_R_RANDOM, "no operating-system randomness"),
    REASON(VP_R_BAD_ENCODING, "bad key encoding"),
    REASON(VP_R_ENCRYPTION_UNSUPPORTED, "key encryption not supported"),
    REASON(VP_R_IO, "I/O error"),
    REASON(VP_R_NOT_INITIALISED, "operation not initialised"),
    {0, NULL},
};

static const OSSL_ITEM *get_reason_strings(void *provctx)
{
    (void)provctx;
    return reason_strings;
}

/* ---- life cycle ---------------------------------------------------------- */

static void teardown(void *provctx)
{
    struct vp_ctx *pc = provctx;
    if (pc == NULL) return;
    if (pc->trace_fd >= 0) close(pc->trace_fd);
    OSSL_LIB_CTX_free(pc->libctx);
    pthread_mutex_destroy(&pc->libctx_lock);
    OPENSSL_free(pc);
}

/* Made on first use, not at init: a child context loads this provider into
 * itself too, and that copy must not make one of its own at its init. */
OSSL_LIB_CTX *vp_libctx(struct vp_ctx *pc)
{
    OSSL_LIB_CTX *lc;
    pthread_mutex_lock(&pc->libctx_lock);
    if (pc->libctx == NULL && pc->core_in != NULL)
        pc->libctx = OSSL_LIB_CTX_new_child(pc->handle, pc->core_in);
    lc = pc->libctx;
    pthread_mutex_unlock(&pc->libctx_lock);
    if (lc == NULL)
        VP_ERR(pc, VP_R_MALLOC, "creating a child library context (for key encryption)");
    return lc;
}

static const OSSL_DISPATCH provider_functions[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))gettable},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))query_operation},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))get_capabilities},
    {OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, (void (*)(void))get_reason_strings},
    {0, NULL},
};

__attribute__((visibility("default"))) OSSL_provider_init_fn OSSL_provider_init;

int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    struct vp_ctx *pc = OPENSSL_zalloc(sizeof *pc);
    if (pc == NULL) return 0;
    pc->handle = handle;
    pc->trace_fd = -1;
    pc->core_in = in;
    if (pthread_mutex_init(&pc->libctx_lock, NULL) != 0) {
        OPENSSL_free(pc);
        return 0;
    }
    for (int i = 0; i < VP_OP_COUNT; i++) atomic_init(&pc->ops[i], 0);
    for (; in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_NEW_ERROR: pc->new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            pc->set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR: pc->vset_error = OSSL_FUNC_core_vset_error(in); break;
        case OSSL_FUNC_BIO_READ_EX: pc->bio_read_ex = OSSL_FUNC_BIO_read_ex(in); break;
        case OSSL_FUNC_BIO_WRITE_EX: pc->bio_write_ex = OSSL_FUNC_BIO_write_ex(in); break;
        default: break;
        }
    }
    const char *trace = getenv("VEC25519_PROVIDER_TRACE");
    if (trace != NULL && *trace != '\0')
        pc->trace_fd = open(trace, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    *out = provider_functions;
    *provctx = pc;
    return 1;
}
