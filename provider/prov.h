/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 OpenSSL 3 provider — declarations shared by its files.
 *
 *   prov.c       OSSL_provider_init, the algorithm tables, provider parameters
 *                (name, version, per-operation counters), the TLS-GROUP
 *                capability, reason strings and error raising, the trace file
 *   keymgmt.c    KEYMGMT for X25519 and ED25519 (the key object below)
 *   exchange.c   KEYEXCH X25519
 *   signature.c  SIGNATURE ED25519 (Ed25519, Ed25519ctx, Ed25519ph)
 *   codec.c      ENCODER/DECODER: RFC 8410 PKCS#8 and SubjectPublicKeyInfo,
 *                DER and PEM, through the shared strict parser
 *                (src/encoding/, the same one as the command-line tool's)
 *
 * Interfaces: provider(7), provider-keymgmt(7), provider-keyexch(7),
 * provider-signature(7), provider-encoder(7), provider-decoder(7),
 * provider-base(7) of OpenSSL 3.0. docs/openssl.md is the user's guide.
 *
 * State: everything lives in a provider context (struct vp_ctx, one per
 * library context that loads the module), allocated in OSSL_provider_init
 * and freed in teardown; there are no globals. The counters are C11 atomics,
 * key objects are immutable once another thread can see them (their
 * reference count is atomic), so every function is thread-safe.
 *
 * Secrets (the X25519 scalar, the Ed25519 seed and expanded secret key, a
 * shared secret on its way out) are wiped with vec25519_wipe before their
 * memory is released.
 */
#ifndef VEC25519_PROVIDER_H
#define VEC25519_PROVIDER_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#if defined(__GNUC__) || defined(__clang__)
#define VP_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define VP_PRINTF(f, a)
#endif

/* The property every algorithm of ours carries. */
#define VP_PROPS "provider=vec25519"

/* Algorithm names, as OpenSSL's own providers spell them (name:OID). */
#define VP_NAMES_X25519 "X25519:1.3.101.110"
#define VP_NAMES_ED25519 "ED25519:1.3.101.112"

/* ---- counters ------------------------------------------------------------ */

/* Operations counted per provider context, readable as the provider
 * parameters "vec25519-<name>" (OSSL_PROVIDER_get_params) and, when the
 * environment variable VEC25519_PROVIDER_TRACE names a file, appended to it
 * one line "<name>" per operation. */
enum vp_op {
    VP_OP_X25519_KEYGEN,
    VP_OP_X25519_DERIVE,
    VP_OP_ED25519_KEYGEN,
    VP_OP_ED25519_SIGN,
    VP_OP_ED25519_VERIFY,
    VP_OP_DECODE,
    VP_OP_ENCODE,
    VP_OP_COUNT
};

/* ---- reasons of the errors we raise -------------------------------------- */

enum vp_reason {
    VP_R_MALLOC = 1,
    VP_R_WRONG_KEY_TYPE,
    VP_R_MISSING_KEY,
    VP_R_BAD_KEY_LENGTH,
    VP_R_KEY_MISMATCH,
    VP_R_SMALL_ORDER,
    VP_R_ZERO_SHARED_SECRET,
    VP_R_BUFFER_TOO_SMALL,
    VP_R_BAD_DIGEST,
    VP_R_BAD_INSTANCE,
    VP_R_BAD_CONTEXT,
    VP_R_BAD_SIGNATURE,
    VP_R_BAD_PARAMETER,
    VP_R_RANDOM,
    VP_R_BAD_ENCODING,
    VP_R_ENCRYPTION_UNSUPPORTED,
    VP_R_IO,
    VP_R_NOT_INITIALISED
};

/* ---- the provider context (prov.c) --------------------------------------- */

struct vp_ctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
    OSSL_FUNC_BIO_read_ex_fn *bio_read_ex;
    OSSL_FUNC_BIO_write_ex_fn *bio_write_ex;
    atomic_uint_fast64_t ops[VP_OP_COUNT];
    int trace_fd; /* -1: no trace */
    /* The core's dispatch table (static in libcrypto) and, made on first
     * use by vp_libctx, a child library context of the application's: the
     * ciphers, KDFs and MACs of encrypted PKCS#8 are fetched from it. */
    const OSSL_DISPATCH *core_in;
    pthread_mutex_t libctx_lock;
    OSSL_LIB_CTX *libctx;
};

/* The child library context (made once, under the lock), or NULL with an
 * error raised. */
OSSL_LIB_CTX *vp_libctx(struct vp_ctx *pc);

/* Counts one operation (and traces it). */
void vp_count(struct vp_ctx *pc, enum vp_op op);

/* Raises an OpenSSL error with our reason and a message (pc may be NULL: no
 * error is raised then). Returns 0, so `return VP_ERR(...)` reads well. */
int vp_raise(struct vp_ctx *pc, const char *file, int line, const char *func,
             enum vp_reason reason, const char *fmt, ...) VP_PRINTF(6, 7);
#ifdef __FILE_NAME__
#define VP_FILE __FILE_NAME__ /* "keymgmt.c", not the build machine's path */
#else
#define VP_FILE __FILE__
#endif
#define VP_ERR(pc, reason, ...) vp_raise((pc), VP_FILE, __LINE__, __func__, (reason), __VA_ARGS__)

/* OPENSSL_zalloc(size), or NULL with a VP_R_MALLOC error "allocating <what>"
 * raised at the caller's place. The caller sets its context's pc. */
void *vp_zalloc(struct vp_ctx *pc, size_t size, const char *what, const char *file, int line,
                const char *func);
#define VP_ZALLOC(pc, size, what) vp_zalloc((pc), (size), (what), VP_FILE, __LINE__, __func__)

/* ---- dispatch helpers ---------------------------------------------------- */

/* The set_ctx_params / set_params entry of an operation with nothing to set:
 * accepts any parameters. */
int vp_set_no_params(void *vctx, const OSSL_PARAM params[]);
/* An empty parameter table (what vp_set_no_params sets). */
extern const OSSL_PARAM vp_no_params[];

/* Defines the *_settable / *_gettable entry `name`, which returns the constant
 * parameter table `table`: VP_PARAMS_FN for the entries that get the provider
 * context, VP_CTX_PARAMS_FN for those that get the operation context too. */
#define VP_PARAMS_FN(name, table)                 \
    static const OSSL_PARAM *name(void *provctx) \
    {                                             \
        (void)provctx;                            \
        return (table);                           \
    }
#define VP_CTX_PARAMS_FN(name, table)                         \
    static const OSSL_PARAM *name(void *vctx, void *provctx) \
    {                                                         \
        (void)vctx;                                           \
        (void)provctx;                                        \
        return (table);                                       \
    }
/* The same entries with their table written in place: VP_PARAMS(name, entry,
 * ...) defines `name` returning {entry, ..., OSSL_PARAM_END}. */
#define VP_PARAMS(name, ...)                                                \
    static const OSSL_PARAM name##_table[] = {__VA_ARGS__, OSSL_PARAM_END}; \
    VP_PARAMS_FN(name, name##_table)
#define VP_CTX_PARAMS(name, ...)                                            \
    static const OSSL_PARAM name##_table[] = {__VA_ARGS__, OSSL_PARAM_END}; \
    VP_CTX_PARAMS_FN(name, name##_table)

/* ---- key objects (keymgmt.c) --------------------------------------------- */

enum vp_type { VP_X25519 = 1, VP_ED25519 = 2 };

struct vp_key {
    struct vp_ctx *pc;
    enum vp_type type;
    atomic_int refs;
    int has_pub, has_priv;
    uint8_t pub[32];  /* X25519 u-coordinate / Ed25519 A */
    uint8_t priv[32]; /* secret: X25519 scalar / Ed25519 seed */
    uint8_t sk[64];   /* secret, Ed25519 only: seed ‖ A, for vec25519_ed25519_sign */
};

/* A new empty key (refs = 1), or NULL with an error raised. */
struct vp_key *vp_key_new(struct vp_ctx *pc, enum vp_type type);
/* One more reference. */
struct vp_key *vp_key_up_ref(struct vp_key *k);
/* Drops a reference; the last one wipes and frees the key. NULL is fine. */
void vp_key_free(struct vp_key *k);
/* Sets the private key (and the public key derived from it). Returns 1, or
 * 0 with an error raised. */
int vp_key_set_private(struct vp_key *k, const uint8_t priv[32]);
/* Sets the public key only (any 32 bytes: validate() applies our policy). */
void vp_key_set_public(struct vp_key *k, const uint8_t pub[32]);
/* Exports the selected parts as OSSL_PARAMs to cb. */
int vp_key_export(struct vp_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg);
/* Imports "pub"/"priv" params (the private key wins; a public key given
 * with it must be the one it derives). Returns 1, or 0 with an error. */
int vp_key_import(struct vp_key *k, int selection, const OSSL_PARAM params[]);

/* The algorithm tables of each file. */
extern const OSSL_DISPATCH vp_x25519_keymgmt_functions[];
extern const OSSL_DISPATCH vp_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH vp_x25519_keyexch_functions[];
extern const OSSL_DISPATCH vp_ed25519_signature_functions[];
extern const OSSL_ALGORITHM vp_encoders[];
extern const OSSL_ALGORITHM vp_decoders[];

#endif /* VEC25519_PROVIDER_H */
