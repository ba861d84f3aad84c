/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — the operations: fixed inputs, expected results, and each
 * implementation (ours, libsodium's, OpenSSL's) behind one function type.
 *
 * Inputs are fixed so that most results are known answers:
 *   x25519        RFC 7748 §6.1 (Alice's scalar, Bob's public key → shared)
 *   x25519 base   RFC 7748 §6.1 (Alice's scalar → Alice's public key)
 *   ed25519       RFC 8032 §7.1 TEST 1 key; the 64-byte message of NIST
 *                 SHA512ShortMsg.rsp "Len = 512"; the signature of that
 *                 message under that key was computed with `openssl pkeyutl
 *                 -sign -rawin` (OpenSSL 3.0)
 *   scalarmult    [s]P with P the TEST 1 public key (a point of order ℓ);
 *                 expected value from the serial variable-time double-base
 *                 algorithm (a different algorithm), and libsodium if built in
 *   double-base   [a]A + [b]B, expected value from the serial constant-time
 *                 variable- and fixed-base algorithms plus a point addition,
 *                 and libsodium if built in
 *   ristretto255  RFC 9496: decode and encode of ENCODE([2]B) (A.1 known
 *                 answer); from_uniform_bytes of the first A.3 input (known
 *                 answer); [s]([2]B) and [s]B, expected values from the
 *                 struct interface by other routes ([2s]B by the fixed-base
 *                 tables, [s]B by the variable-base ladder), and libsodium if
 *                 built in
 *   hash_to_curve RFC 9380 J.5.1 edwards25519_XMD:SHA-512_ELL2_RO_, msg "abc"
 *   verify batch  n = 1, 8, 64, 256, 1024 of 1024 signatures: bench/ops_msm.c
 *   sha512        64 B, 1 KiB, 16 KiB, 1 MiB messages: bench/ops_sha512.c
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>

#include "vec25519.h"
#include "backend/backend.h"
#include "ed25519/ed25519_internal.h"
#include "bench.h"

#ifdef HAVE_SODIUM
#include <sodium.h>
#endif
#ifdef HAVE_OPENSSL
#include <openssl/crypto.h>
#include <openssl/evp.h>
#endif

/* clang-format off */
static const char hex_x25519_scalar[] = /* RFC 7748 §6.1 Alice's private key */
    "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
static const char hex_x25519_alice_pub[] =
    "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
static const char hex_x25519_bob_pub[] =
    "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
static const char hex_x25519_shared[] =
    "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";
static const char hex_ed_seed[] = /* RFC 8032 §7.1 TEST 1 */
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
static const char hex_ed_pk[] =
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
static const char hex_msg[] = /* NIST SHA512ShortMsg.rsp, Len = 512 */
    "c1ca70ae1279ba0b918157558b4920d6b7fba8a06be515170f202fafd36fb7f7"
    "9d69fad745dba6150568db1e2b728504113eeac34f527fc82f2200b462ecbf5d";
static const char hex_ed_sig[] = /* TEST 1 key, message above */
    "c72c0361428eff2bd5e083372f5bf4c62f314e6941f7d24a5b9832398cffbcc7"
    "39d5ae48aa4c249abe5ca55aa7f160aa308eceb576a2d789fa795e2e8e76c90e";
/* Arbitrary scalars (SHA-256 of "bench s", "bench a", "bench b", top bits
 * cleared): s < 2^255 (the backend contract), a and b < 2^252 < ℓ (as the
 * scalars of a verification are). */
static const char hex_s[] =
    "fcb6c769919a60daad6b287c8dea30449e41e096196a32dfd3af5bc4ed241e3b";
static const char hex_a[] =
    "864a91fe268f1780b18d8ed9d0de6ca138517a4c524e2a3519e8ffba7785a901";
static const char hex_b[] =
    "86fd65a7a41b9416130b15699cff107743b48c3082079d44cbe5349bdd092705";
static const char hex_r255_2B[] = /* RFC 9496 A.1: ENCODE([2]B) */
    "6a493210f7499cd17fecb510ae0cea23a110e8d5b901f8acadd3095c73a3b919";
static const char hex_r255_uniform[] = /* RFC 9496 A.3, first input */
    "5d1be09e3d0c82fc538112490e35701979d99e06ca3e2b5b54bffe8b4dc772c1"
    "4d98b696a1bbfb5ca32c436cc61c16563790306c79eaca7705668b47dffe5bb6";
static const char hex_r255_uniform_out[] =
    "3066f82a1a747d45120d1740f14358531a8f04bbffe6a819f86dfe50f44a0a46";
static const char h2c_dst[] = "QUUX-V01-CS02-with-edwards25519_XMD:SHA-512_ELL2_RO_";
static const char h2c_msg[] = "abc";
static const char hex_h2c_abc[] = /* RFC 9380 J.5.1, msg "abc": P encoded */
    "31558a26887f23fb8218f143e69d5f0af2e7831130bd5b432ef23883b895839a";
/* clang-format on */

#define MSG_LEN 64

static struct {
    uint8_t x_scalar[32], x_point[32], x_shared[32], x_pub[32];
    uint8_t seed[32], pk[32], sk[64], msg[MSG_LEN];
    uint8_t sig_kat[64], sig[64]; /* sig: what verify reads (may be tampered) */
    uint8_t s[32], a[32], b[32];
    uint8_t P_bytes[32]; /* the point of scalarmult and the A of double-base */
    ge_ext P;
    ge_ext R;              /* result of the backend operations */
    uint8_t scratch[64];   /* secret key written by keypair */
    volatile int status;   /* return codes the timing loop must not discard */
    /* ristretto255 */
    uint8_t r_2B[32];         /* ENCODE([2]B), what decode reads (may be tampered) */
    uint8_t r_2B_kat[32];
    uint8_t r_uniform[64], r_uniform_out[32];
    vec25519_ristretto255_point r_P; /* [2]B as B + B (not normalised) */
    /* hash_to_curve */
    uint8_t h2c_out[32];
} fx;

#ifdef HAVE_OPENSSL
static struct {
    EVP_PKEY *x_priv, *x_peer; /* X25519: our private key, the peer's public key */
    EVP_PKEY *ed_priv, *ed_pub;
} ossl;
#endif

static int unhex(uint8_t *out, size_t len, const char *hex)
{
    if (strlen(hex) != 2 * len) return -1;
    for (size_t i = 0; i < 2 * len; i++) {
        char c = hex[i];
        int v = (c >= '0' && c <= '9') ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : -1;
        if (v < 0) return -1;
        if (i & 1)
            out[i / 2] = (uint8_t)(out[i / 2] | v);
        else
            out[i / 2] = (uint8_t)(v << 4);
    }
    return 0;
}

/*
 * IMPL(name, statements): an implementation (a bench_fn) whose body is the
 * statements, on the fixture fx and the output out, needing neither the row
 * nor want_output; EXPECT_KAT(name, answer): an expected-result function
 * that copies the row's outlen bytes of a known answer. One line each: the
 * call inside stays a direct call, the timing loop's call of the row's
 * function is the only indirect one (as for any other row).
 */
#define IMPL(name, ...)                                                                   \
    static void name(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)     \
    {                                                                                     \
        (void)op;                                                                         \
        (void)want;                                                                       \
        __VA_ARGS__;                                                                      \
    }
#define EXPECT_KAT(name, answer)                                            \
    static int name(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]) \
    {                                                                       \
        memcpy(out, answer, op->outlen);                                    \
        return 0;                                                           \
    }

/* ---- ours ------------------------------------------------------------------ */

/* clang-format off */
IMPL(ours_x25519, fx.status = vec25519_x25519(out, fx.x_scalar, fx.x_point))
IMPL(ours_x25519_base, fx.status = vec25519_x25519_base(out, fx.x_scalar))
IMPL(ours_keypair, vec25519_ed25519_keypair(out, fx.scratch, fx.seed))
IMPL(ours_sign, if (vec25519_ed25519_sign(out, fx.msg, MSG_LEN, fx.sk) != 0) memset(out, 0xff, 64))
/* Signing with a key the key-pair check has not seen (its per-thread cache
 * emptied first, src/ed25519/keycheck.c): the cost of a cache miss, read
 * against "ed25519 sign", where every call after the first is a hit. */
IMPL(ours_sign_cold, ed25519_key_check_cache_clear(); ours_sign(op, out, want))
IMPL(ours_verify, out[0] = vec25519_ed25519_verify(fx.sig, fx.msg, MSG_LEN, fx.pk) == 0)
/* verify with an expanded key, read against "ed25519 verify": the key is
 * expanded again (in the warm-up calls) whenever the backend changes, as an
 * expanded table belongs to the backend that made it. */
static void ours_verify_expanded(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    static vec25519_ed25519_expanded_pk epk;
    static const struct backend *made_by;
    (void)op;
    (void)want;
    if (made_by != backend_get()) {
        made_by = backend_get();
        if (vec25519_ed25519_pk_expand(&epk, fx.pk) != 0) made_by = NULL;
    }
    out[0] = vec25519_ed25519_verify_expanded(fx.sig, fx.msg, MSG_LEN, &epk) == 0;
}
/* sign and verify with the portable SHA-512 (ops_sha512.c): read against
 * the two rows above. */
IMPL(ours_sign_psha, bench_portable_sha512(ours_sign, op, out, want))
IMPL(ours_verify_psha, bench_portable_sha512(ours_verify, op, out, want))
/* The byte-level form (validation, [s]P, encoding), as libsodium's
 * crypto_scalarmult_ed25519_noclamp: read against "scalarmult (ct)". */
IMPL(ours_scalarmult_bytes, fx.status = vec25519_edwards25519_scalarmult_noclamp(out, fx.s, fx.P_bytes))
IMPL(ours_r255_decode, out[0] = (uint8_t)vec25519_ristretto255_is_valid_point(fx.r_2B))
IMPL(ours_r255_encode, vec25519_ristretto255_point_tobytes(out, &fx.r_P))
IMPL(ours_r255_from_uniform, fx.status = vec25519_ristretto255_from_uniform_bytes(out, fx.r_uniform))
IMPL(ours_r255_scalarmult, fx.status = vec25519_ristretto255_scalarmult(out, fx.s, fx.r_2B_kat))
IMPL(ours_r255_scalarmult_base, fx.status = vec25519_ristretto255_scalarmult_base(out, fx.s))
IMPL(ours_h2c, fx.status = vec25519_edwards25519_hash_to_curve(out, (const uint8_t *)h2c_msg,
         sizeof h2c_msg - 1, (const uint8_t *)h2c_dst, sizeof h2c_dst - 1))
/* clang-format on */

/* The backend's points: encoded only for the correctness check. */
static void ours_scalarmult(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)op;
    backend_get()->scalarmult(&fx.R, fx.s, &fx.P);
    if (want) ge_ext_tobytes(out, &fx.R);
}

static void ours_double_base(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)op;
    backend_get()->double_scalarmult_vartime(&fx.R, fx.a, &fx.P, fx.b);
    if (want) ge_ext_tobytes(out, &fx.R);
}

/* ---- libsodium ------------------------------------------------------------- */

#ifdef HAVE_SODIUM
/* clang-format off */
IMPL(sodium_x25519, fx.status = crypto_scalarmult_curve25519(out, fx.x_scalar, fx.x_point))
IMPL(sodium_x25519_base, fx.status = crypto_scalarmult_curve25519_base(out, fx.x_scalar))
IMPL(sodium_keypair, fx.status = crypto_sign_seed_keypair(out, fx.scratch, fx.seed))
IMPL(sodium_sign, fx.status = crypto_sign_detached(out, NULL, fx.msg, MSG_LEN, fx.sk))
IMPL(sodium_verify, out[0] = crypto_sign_verify_detached(fx.sig, fx.msg, MSG_LEN, fx.pk) == 0)
/* Decodes P (with canonicity, small-order and subgroup checks), multiplies,
 * encodes: libsodium has no cheaper public variable-base multiplication. */
IMPL(sodium_scalarmult, fx.status = crypto_scalarmult_ed25519_noclamp(out, fx.s, fx.P_bytes))
IMPL(sodium_r255_decode, out[0] = (uint8_t)crypto_core_ristretto255_is_valid_point(fx.r_2B))
IMPL(sodium_r255_from_uniform, fx.status = crypto_core_ristretto255_from_hash(out, fx.r_uniform))
IMPL(sodium_r255_scalarmult, fx.status = crypto_scalarmult_ristretto255(out, fx.s, fx.r_2B_kat))
IMPL(sodium_r255_scalarmult_base, fx.status = crypto_scalarmult_ristretto255_base(out, fx.s))
/* clang-format on */
#define SODIUM_(f) sodium_##f
#else
#define SODIUM_(f) NULL
#endif

/* ---- OpenSSL 3 (EVP, as an application would call it) ---------------------- */

#ifdef HAVE_OPENSSL
/* Timed: EVP_PKEY_CTX_new + EVP_PKEY_derive_init + EVP_PKEY_derive_set_peer
 * + EVP_PKEY_derive + EVP_PKEY_CTX_free, on two pre-built EVP_PKEYs. */
static void openssl_x25519(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)op;
    (void)want;
    size_t len = 32;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(ossl.x_priv, NULL);
    if (!ctx || EVP_PKEY_derive_init(ctx) <= 0 || EVP_PKEY_derive_set_peer(ctx, ossl.x_peer) <= 0 ||
        EVP_PKEY_derive(ctx, out, &len) <= 0 || len != 32)
        memset(out, 0, 32);
    EVP_PKEY_CTX_free(ctx);
}

/* Timed: EVP_PKEY_new_raw_private_key + EVP_PKEY_get_raw_public_key +
 * EVP_PKEY_free (OpenSSL computes the public key when the key is made). */
static void openssl_public_from_raw(uint8_t out[32], int type, const uint8_t priv[32])
{
    size_t len = 32;
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(type, NULL, priv, 32);
    if (!k || EVP_PKEY_get_raw_public_key(k, out, &len) != 1 || len != 32) memset(out, 0, 32);
    EVP_PKEY_free(k);
}

IMPL(openssl_x25519_base, openssl_public_from_raw(out, EVP_PKEY_X25519, fx.x_scalar))
IMPL(openssl_keypair, openssl_public_from_raw(out, EVP_PKEY_ED25519, fx.seed))

/* Timed: EVP_MD_CTX_new + EVP_DigestSignInit + EVP_DigestSign (one-shot) +
 * EVP_MD_CTX_free, on a pre-built EVP_PKEY. */
static void openssl_sign(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)op;
    (void)want;
    size_t len = 64;
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    if (!m || EVP_DigestSignInit(m, NULL, NULL, NULL, ossl.ed_priv) != 1 ||
        EVP_DigestSign(m, out, &len, fx.msg, MSG_LEN) != 1 || len != 64)
        memset(out, 0, 64);
    EVP_MD_CTX_free(m);
}

/* Timed: EVP_MD_CTX_new + EVP_DigestVerifyInit + EVP_DigestVerify (one-shot)
 * + EVP_MD_CTX_free, on a pre-built EVP_PKEY. */
static void openssl_verify(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want)
{
    (void)op;
    (void)want;
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    out[0] = m && EVP_DigestVerifyInit(m, NULL, NULL, NULL, ossl.ed_pub) == 1 &&
             EVP_DigestVerify(m, fx.sig, 64, fx.msg, MSG_LEN) == 1;
    EVP_MD_CTX_free(m);
}

#define OPENSSL_(f) openssl_##f
#else
#define OPENSSL_(f) NULL
#endif

/* ---- expected results ------------------------------------------------------ */

static const uint8_t accepted[1] = {1}; /* the verdict of a valid input */

EXPECT_KAT(expect_x25519, fx.x_shared)
EXPECT_KAT(expect_x25519_base, fx.x_pub)
EXPECT_KAT(expect_keypair, fx.pk)
EXPECT_KAT(expect_sign, fx.sig_kat)
EXPECT_KAT(expect_verify, accepted)
EXPECT_KAT(expect_r255_2B, fx.r_2B_kat)
EXPECT_KAT(expect_r255_from_uniform, fx.r_uniform_out)
EXPECT_KAT(expect_h2c, fx.h2c_out)

#ifdef HAVE_SODIUM
/* Two computations of an expected value must agree: ours, and libsodium's
 * (rc its return code, nonzero: no value). */
static int agree(const char *what, const uint8_t ours[32], int rc, const uint8_t sodium[32])
{
    if (rc == 0 && memcmp(ours, sodium, 32) == 0) return 0;
    fprintf(stderr, "vec25519-bench: %s: the serial backend and libsodium disagree\n", what);
    return -1;
}
#endif

/* [s]P by the serial variable-time double-base algorithm (b = 0). */
static int expect_scalarmult(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    static const uint8_t zero[32];
    ge_ext r;
    (void)op;
    serial_backend.double_scalarmult_vartime(&r, fx.s, &fx.P, zero);
    ge_ext_tobytes(out, &r);
#ifdef HAVE_SODIUM
    uint8_t q[32];
    int rc = crypto_scalarmult_ed25519_noclamp(q, fx.s, fx.P_bytes);
    if (agree("scalarmult reference", out, rc, q) != 0) return -1;
#endif
    return 0;
}

/* [a]A + [b]B by the serial constant-time algorithms and one addition. */
static int expect_double_base(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    ge_ext r, aA, bB;
    (void)op;
    serial_backend.scalarmult(&aA, fx.a, &fx.P);
    serial_backend.scalarmult_base(&bB, fx.b);
    ge_ext_add(&r, &aA, &bB);
    ge_ext_tobytes(out, &r);
#ifdef HAVE_SODIUM
    uint8_t p[32], q[32], sum[32];
    int rc = crypto_scalarmult_ed25519_noclamp(p, fx.a, fx.P_bytes) |
             crypto_scalarmult_ed25519_base_noclamp(q, fx.b) | crypto_core_ed25519_add(sum, p, q);
    if (agree("double-base reference", out, rc, sum) != 0) return -1;
#endif
    return 0;
}

/* Encodes a struct-interface point (the reference of the byte-level rows). */
static void r255_encode(uint8_t out[32], const vec25519_ristretto255_point *p)
{
    vec25519_ristretto255_point_tobytes(out, p);
}

/* [s]([2]B) = [2s mod l]B by the fixed-base tables, and libsodium. */
static int expect_r255_scalarmult(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    uint8_t two_s[32];
    vec25519_ristretto255_point r;
    (void)op;
    vec25519_ristretto255_scalar_add(two_s, fx.s, fx.s);
    vec25519_ristretto255_point_mul_base(&r, two_s);
    r255_encode(out, &r);
#ifdef HAVE_SODIUM
    uint8_t q[32];
    int rc = crypto_scalarmult_ristretto255(q, fx.s, fx.r_2B_kat);
    if (agree("ristretto255 scalarmult reference", out, rc, q) != 0) return -1;
#endif
    return 0;
}

/* [s]B by the variable-base multiplication of B, after checking that route
 * on the RFC 9496 known answer [2]B; and libsodium. */
static int expect_r255_scalarmult_base(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX])
{
    static const uint8_t two[32] = {2};
    vec25519_ristretto255_point b, r;
    (void)op;
    vec25519_ristretto255_point_base(&b);
    vec25519_ristretto255_point_mul(&r, two, &b);
    r255_encode(out, &r);
    if (memcmp(out, fx.r_2B_kat, 32) != 0) {
        fprintf(stderr, "vec25519-bench: ristretto255 [2]B differs from RFC 9496 A.1\n");
        return -1;
    }
    vec25519_ristretto255_point_mul(&r, fx.s, &b);
    r255_encode(out, &r);
#ifdef HAVE_SODIUM
    uint8_t q[32];
    int rc = crypto_scalarmult_ristretto255_base(q, fx.s);
    if (agree("ristretto255 scalarmult_base reference", out, rc, q) != 0) return -1;
#endif
    return 0;
}

/* A ristretto255 encoding made odd (negative s) must be rejected. */
static void tamper_r255(int on)
{
    memcpy(fx.r_2B, fx.r_2B_kat, 32);
    if (on) fx.r_2B[0] ^= 0x01;
}

/* A signature with one bit of S flipped must be rejected by everyone. */
static void tamper_signature(int on)
{
    memcpy(fx.sig, fx.sig_kat, 64);
    if (on) fx.sig[40] ^= 0x01;
}

/* ---- the table ------------------------------------------------------------- */

/*
 * One entry per row, in the order of the output:
 *   {id, label, outlen, ours, {libsodium, OpenSSL}, expected, tamper, per_call, n}
 * The rows of a family (a batch size, a message length) share their
 * functions, which read op->n; one of them is one line below, e.g.
 * X25519_BATCH(512) for vec25519_x25519_batch of 512 keys (within the
 * family's fixture: the expected function says when n exceeds it).
 */
#define NO_PEERS {NULL, NULL}
#define X25519_BASE_BATCH(N)                                                              \
    {"x25519_base_batch_" #N, "x25519 base batch/" #N " (per key)", 64,                   \
     bench_x25519_base_batch, NO_PEERS, bench_x25519_base_batch_expected, NULL, N, N}
#define X25519_BATCH(N)                                                                   \
    {"x25519_batch_" #N, "x25519 batch/" #N " (per key)", 64, bench_x25519_batch,         \
     NO_PEERS, bench_x25519_batch_expected, NULL, N, N}
#define KEYPAIR_BATCH(N)                                                                  \
    {"ed25519_keypair_batch_" #N, "ed25519 keypair/" #N " (per key)", 64,                 \
     bench_keypair_batch, NO_PEERS, bench_keypair_batch_expected, NULL, N, N}
#define SHA512(ID, LABEL, BYTES)                                                          \
    {"sha512_" ID, "sha512 " LABEL, 64, bench_sha512, {SHA512_SODIUM, SHA512_OPENSSL},    \
     bench_sha512_expected, NULL, 1, BYTES}
#define VERIFY_BATCH(N)                                                                   \
    {"ed25519_verify_batch_" #N, "verify batch/" #N " (per sig)", 1, bench_verify_batch, \
     NO_PEERS, bench_expect_verify_batch, bench_tamper_verify_batch, N, N}

/* clang-format off */
const struct bench_op bench_ops[] = {
    {"x25519", "x25519", 32, ours_x25519,
     {SODIUM_(x25519), OPENSSL_(x25519)}, expect_x25519, NULL, 1, 0},
    {"x25519_base", "x25519 base", 32, ours_x25519_base,
     {SODIUM_(x25519_base), OPENSSL_(x25519_base)}, expect_x25519_base, NULL, 1, 0},
    /* batched key generation and X25519 (ops_batch.c): read against "x25519 base", "x25519" */
    X25519_BASE_BATCH(8),
    X25519_BASE_BATCH(64),
    X25519_BATCH(8),
    X25519_BATCH(16),
    X25519_BATCH(64),
    X25519_BATCH(256),
    {"ed25519_keypair", "ed25519 keypair", 32, ours_keypair,
     {SODIUM_(keypair), OPENSSL_(keypair)}, expect_keypair, NULL, 1, 0},
    /* read against "ed25519 keypair" */
    KEYPAIR_BATCH(8),
    KEYPAIR_BATCH(64),
    {"ed25519_sign", "ed25519 sign", 64, ours_sign,
     {SODIUM_(sign), OPENSSL_(sign)}, expect_sign, NULL, 1, 0},
    {"ed25519_sign_cold_key", "ed25519 sign (key check miss)", 64, ours_sign_cold,
     NO_PEERS, expect_sign, NULL, 1, 0},
    {"ed25519_verify", "ed25519 verify", 1, ours_verify,
     {SODIUM_(verify), OPENSSL_(verify)}, expect_verify, tamper_signature, 1, 0},
    {"ed25519_verify_expanded", "ed25519 verify expanded", 1, ours_verify_expanded,
     NO_PEERS, expect_verify, tamper_signature, 1, 0},
    {"ed25519_sign_portable_sha512", "sign, portable SHA-512", 64, ours_sign_psha,
     NO_PEERS, expect_sign, NULL, 1, 0},
    {"ed25519_verify_portable_sha512", "verify, portable SHA-512", 1, ours_verify_psha,
     NO_PEERS, expect_verify, tamper_signature, 1, 0},
    {"scalarmult_ct", "scalarmult (ct)", 32, ours_scalarmult,
     {SODIUM_(scalarmult), NULL}, expect_scalarmult, NULL, 1, 0},
    {"scalarmult_ct_bytes", "scalarmult bytes (ct)", 32, ours_scalarmult_bytes,
     {SODIUM_(scalarmult), NULL}, expect_scalarmult, NULL, 1, 0},
    {"double_scalarmult_vartime", "double-base (vt)", 32, ours_double_base,
     NO_PEERS, expect_double_base, NULL, 1, 0},
    /* SHA-512 throughput (ops_sha512.c): also shown as cycles/byte and MB/s */
    SHA512("64", "64 B", 64),
    SHA512("1k", "1 KiB", 1024),
    SHA512("16k", "16 KiB", 16384),
    SHA512("1m", "1 MiB", 1048576),
    {"ristretto255_decode", "r255 decode", 1, ours_r255_decode,
     {SODIUM_(r255_decode), NULL}, expect_verify, tamper_r255, 1, 0},
    {"ristretto255_encode", "r255 encode", 32, ours_r255_encode,
     NO_PEERS, expect_r255_2B, NULL, 1, 0},
    {"ristretto255_from_uniform_bytes", "r255 from_uniform", 32, ours_r255_from_uniform,
     {SODIUM_(r255_from_uniform), NULL}, expect_r255_from_uniform, NULL, 1, 0},
    {"ristretto255_scalarmult", "r255 scalarmult", 32, ours_r255_scalarmult,
     {SODIUM_(r255_scalarmult), NULL}, expect_r255_scalarmult, NULL, 1, 0},
    {"ristretto255_scalarmult_base", "r255 scalarmult base", 32, ours_r255_scalarmult_base,
     {SODIUM_(r255_scalarmult_base), NULL}, expect_r255_scalarmult_base, NULL, 1, 0},
    {"edwards25519_hash_to_curve_ro", "h2c edwards25519 RO", 32, ours_h2c,
     NO_PEERS, expect_h2c, NULL, 1, 0},
    /* batch verification (ops_msm.c): read against "ed25519 verify" */
    VERIFY_BATCH(1),
    VERIFY_BATCH(8),
    VERIFY_BATCH(64),
    VERIFY_BATCH(256),
    VERIFY_BATCH(1024),
};
/* clang-format on */
const size_t bench_nops = sizeof bench_ops / sizeof bench_ops[0];

/* ---- fixture --------------------------------------------------------------- */

int bench_fixture_init(void)
{
    if (unhex(fx.x_scalar, 32, hex_x25519_scalar) || unhex(fx.x_pub, 32, hex_x25519_alice_pub) ||
        unhex(fx.x_point, 32, hex_x25519_bob_pub) || unhex(fx.x_shared, 32, hex_x25519_shared) ||
        unhex(fx.seed, 32, hex_ed_seed) || unhex(fx.pk, 32, hex_ed_pk) ||
        unhex(fx.msg, MSG_LEN, hex_msg) ||
        unhex(fx.sig_kat, 64, hex_ed_sig) || unhex(fx.s, 32, hex_s) || unhex(fx.a, 32, hex_a) ||
        unhex(fx.b, 32, hex_b)) {
        fprintf(stderr, "vec25519-bench: malformed fixture constant\n");
        return -1;
    }
    memcpy(fx.sig, fx.sig_kat, 64);
    memcpy(fx.sk, fx.seed, 32);
    memcpy(fx.sk + 32, fx.pk, 32);
    memcpy(fx.P_bytes, fx.pk, 32);
    if (ge_ext_frombytes(&fx.P, fx.P_bytes) != 0) {
        fprintf(stderr, "vec25519-bench: ge_ext_frombytes rejects the RFC 8032 TEST 1 key\n");
        return -1;
    }
    if (unhex(fx.r_2B_kat, 32, hex_r255_2B) || unhex(fx.r_uniform, 64, hex_r255_uniform) ||
        unhex(fx.r_uniform_out, 32, hex_r255_uniform_out) || unhex(fx.h2c_out, 32, hex_h2c_abc)) {
        fprintf(stderr, "vec25519-bench: malformed fixture constant\n");
        return -1;
    }
    memcpy(fx.r_2B, fx.r_2B_kat, 32);
    {
        vec25519_ristretto255_point b;
        vec25519_ristretto255_point_base(&b);
        vec25519_ristretto255_point_add(&fx.r_P, &b, &b);
    }
#ifdef HAVE_SODIUM
    if (sodium_init() < 0) {
        fprintf(stderr, "vec25519-bench: sodium_init failed\n");
        return -1;
    }
#endif
#ifdef HAVE_OPENSSL
    ossl.x_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, fx.x_scalar, 32);
    ossl.x_peer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, fx.x_point, 32);
    ossl.ed_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, fx.seed, 32);
    ossl.ed_pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, fx.pk, 32);
    if (!ossl.x_priv || !ossl.x_peer || !ossl.ed_priv || !ossl.ed_pub) {
        fprintf(stderr, "vec25519-bench: OpenSSL cannot build the X25519/Ed25519 keys\n");
        bench_fixture_free();
        return -1;
    }
#endif
    return 0;
}

void bench_fixture_free(void)
{
    bench_sha512_free();
#ifdef HAVE_OPENSSL
    EVP_PKEY_free(ossl.x_priv);
    EVP_PKEY_free(ossl.x_peer);
    EVP_PKEY_free(ossl.ed_priv);
    EVP_PKEY_free(ossl.ed_pub);
    memset(&ossl, 0, sizeof ossl);
#endif
}

const uint8_t *bench_rfc7748_alice_sk(void)
{
    return fx.x_scalar;
}

const uint8_t *bench_rfc7748_bob_pk(void)
{
    return fx.x_point;
}

const char *bench_peer_name(enum bench_peer p)
{
    return p == PEER_SODIUM ? "libsodium" : "OpenSSL";
}

const char *bench_peer_version(enum bench_peer p)
{
    switch (p) {
#ifdef HAVE_SODIUM
    case PEER_SODIUM: return sodium_version_string();
#endif
#ifdef HAVE_OPENSSL
    case PEER_OPENSSL: return OpenSSL_version(OPENSSL_VERSION_STRING);
#endif
    default: return NULL;
    }
}
