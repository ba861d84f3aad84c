/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Allocation failure in the provider, through EVP (issue 25).
 *
 * libcrypto's allocator is replaced (CRYPTO_set_mem_functions, before any
 * allocation) by one that can fail its Nth call; the provider allocates
 * through libcrypto (OPENSSL_zalloc), so its allocations are counted too.
 * For each operation (keygen, raw import, sign, verify, derive, PEM encode,
 * encrypted PKCS#8 encode, decode), with "provider=vec25519" forced: one run without
 * failure (the reference, and the warm-up of libcrypto's caches), then runs
 * with the Nth allocation of the operation failing, N = 1, 2, ... until a
 * run reaches no Nth allocation. Every run must:
 *   - succeed with the reference result (deterministic operations: the same
 *     bytes), or fail with an error on the OpenSSL error queue when the
 *     failed allocation was the provider's own (a file under provider/); libcrypto's
 *     own paths are only required not to crash;
 *   - never verify an invalid signature;
 *   - free what it allocated: a run without failure leaves the count of
 *     live blocks where it was; runs with a failure may leave blocks in
 *     libcrypto's own caches (counted and printed), and at the end, after
 *     the providers are unloaded, the contexts freed and OPENSSL_cleanup,
 *     no block of any run may be left (every allocation is on a list with
 *     its file and line, printed if left; LeakSanitizer also runs in the
 *     sanitizer build);
 * and the provider must really have served the operation (EVP_PKEY of ours).
 * Prints the operations, their allocation counts and the N values run.
 *
 * Usage: provider_faults MODULE_DIR
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#include "test.h"

#define PQ "provider=vec25519"

/* ---- the allocator ----------------------------------------------------------- */

static unsigned long a_calls, a_fail_at, a_failed;
static long a_live;
static int a_armed, a_failed_ours;

static int fail_now(const char *file)
{
    if (!a_armed) return 0;
    a_calls++;
    if (a_calls != a_fail_at) return 0;
    a_failed++;
    a_failed_ours = file != NULL && strstr(file, "provider/") != NULL;
    return 1;
}

/* Each block carries a header in front: it is on a list of live blocks with
 * the file and line that allocated it, so that a leak can be named. */
typedef struct blk {
    struct blk *prev, *next;
    const char *file;
    long line;
} blk;
static blk live_head = {&live_head, &live_head, NULL, 0};
#define HDR ((sizeof(blk) + 15) & ~(size_t)15)

static void link_front(blk *b)
{
    b->next = live_head.next;
    b->prev = &live_head;
    live_head.next->prev = b;
    live_head.next = b;
}

static void *t_malloc(size_t n, const char *file, int line)
{
    if (fail_now(file)) return NULL;
    blk *b = malloc(n + HDR);
    if (b == NULL) return NULL;
    b->file = file;
    b->line = line;
    link_front(b);
    a_live++;
    return (unsigned char *)b + HDR;
}

static void t_free(void *q, const char *file, int line)
{
    (void)file;
    (void)line;
    if (q == NULL) return;
    blk *b = (blk *)(void *)((unsigned char *)q - HDR);
    b->prev->next = b->next;
    b->next->prev = b->prev;
    a_live--;
    free(b);
}

static void *t_realloc(void *q, size_t n, const char *file, int line)
{
    if (q == NULL) return t_malloc(n, file, line);
    if (n == 0) {
        t_free(q, file, line);
        return NULL;
    }
    if (fail_now(file)) return NULL;
    blk *b = (blk *)(void *)((unsigned char *)q - HDR);
    b->prev->next = b->next;
    b->next->prev = b->prev;
    blk *nb = realloc(b, n + HDR);
    if (nb == NULL) {
        link_front(b);
        return NULL;
    }
    nb->file = file;
    nb->line = line;
    link_front(nb);
    return (unsigned char *)nb + HDR;
}

/* The blocks allocated after mark and still live (the list is newest
 * first): how many, and how many of them by the provider; printed when
 * verbose. */
static long new_blocks(const blk *mark, long *by_provider, int verbose)
{
    long n = 0;
    *by_provider = 0;
    for (const blk *b = live_head.next; b != &live_head && b != mark; b = b->next) {
        n++;
        if (b->file != NULL && strstr(b->file, "provider/") != NULL) ++*by_provider;
        if (verbose) fprintf(stderr, "  live: %s:%ld\n", b->file ? b->file : "?", b->line);
    }
    return n;
}

/* The error queue keeps its entries' data buffers (and the thread's error
 * state) allocated after ERR_clear_error: release them, so that the live
 * count compares what the operation itself left behind. */
static void settle(void)
{
    ERR_clear_error();
    OPENSSL_thread_stop();
}

/* ---- the operations ------------------------------------------------------------- */

static OSSL_LIB_CTX *lc, *lc_ours;
static OSSL_PROVIDER *ours, *ours2, *deflt;
static EVP_PKEY *ed, *x_a, *x_b;
static uint8_t msg[100], ref_sig[64], bad_sig[64], ref_shared[32], ed_priv[32];
static uint8_t pem[1024];
static size_t pem_len;

/* Each returns 1 (success, result checked against the reference) or 0. */
static int op_keygen(const char *type)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, type, PQ);
    int ok = c && EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_keygen(c, &k) == 1;
    if (ok) CHECK(EVP_PKEY_get0_provider(k) == ours, "keygen %s: not served by vec25519", type);
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(c);
    return ok;
}
static int op_keygen_ed(void) { return op_keygen("ED25519"); }
static int op_keygen_x(void) { return op_keygen("X25519"); }

static int op_import(void)
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(lc, "ED25519", PQ, ed_priv, 32);
    uint8_t pub[32], want[32];
    size_t l1 = 32, l2 = 32;
    int ok = k != NULL && EVP_PKEY_get_raw_public_key(k, pub, &l1) == 1;
    if (ok) {
        CHECK(EVP_PKEY_get_raw_public_key(ed, want, &l2) == 1 && memcmp(pub, want, 32) == 0,
              "import: wrong public key");
    }
    EVP_PKEY_free(k);
    return ok;
}

static int op_sign(void)
{
    uint8_t sig[64];
    size_t siglen = 64;
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = m && EVP_DigestSignInit_ex(m, NULL, NULL, lc, PQ, ed, NULL) == 1 &&
             EVP_DigestSign(m, sig, &siglen, msg, sizeof msg) == 1;
    if (ok) CHECK(siglen == 64 && memcmp(sig, ref_sig, 64) == 0, "sign: wrong signature");
    EVP_MD_CTX_free(m);
    return ok;
}

static int verify(const uint8_t *sig)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int ok = m && EVP_DigestVerifyInit_ex(m, NULL, NULL, lc, PQ, ed, NULL) == 1 &&
             EVP_DigestVerify(m, sig, 64, msg, sizeof msg) == 1;
    EVP_MD_CTX_free(m);
    return ok;
}
static int op_verify_good(void) { return verify(ref_sig); }
/* An invalid signature: "success" would be a wrong verdict. */
static int op_verify_bad(void)
{
    CHECK(verify(bad_sig) == 0, "an invalid signature verified");
    return 0;
}

static int op_derive(void)
{
    uint8_t out[32];
    size_t len = 32;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, x_a, PQ);
    int ok = c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer_ex(c, x_b, 1) == 1 &&
             EVP_PKEY_derive(c, out, &len) == 1;
    if (ok) CHECK(len == 32 && memcmp(out, ref_shared, 32) == 0, "derive: wrong secret");
    EVP_PKEY_CTX_free(c);
    return ok;
}

static int encode_pem(uint8_t *out, size_t cap, size_t *len)
{
    unsigned char *p = out;
    size_t left = cap;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(ed, OSSL_KEYMGMT_SELECT_ALL, "PEM",
                                                        "PrivateKeyInfo", PQ);
    int ok = e && OSSL_ENCODER_CTX_get_num_encoders(e) > 0 && OSSL_ENCODER_to_data(e, &p, &left);
    OSSL_ENCODER_CTX_free(e);
    *len = cap - left;
    return ok;
}

static int op_encode(void)
{
    uint8_t out[1024];
    size_t len = 0;
    int ok = encode_pem(out, sizeof out, &len);
    if (ok) CHECK(len == pem_len && memcmp(out, pem, len) == 0, "encode: different PEM");
    return ok;
}

/* Encrypted PKCS#8 (random salt and IV: checked by reading it back). */
static int op_encode_encrypted(void)
{
    unsigned char *out = NULL;
    size_t len = 0;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(ed, OSSL_KEYMGMT_SELECT_ALL, "PEM",
                                                        "PrivateKeyInfo", PQ);
    int ok = e && OSSL_ENCODER_CTX_get_num_encoders(e) > 0 &&
             OSSL_ENCODER_CTX_set_cipher(e, "AES-256-CBC", NULL) == 1 &&
             OSSL_ENCODER_CTX_set_passphrase(e, (const unsigned char *)"pw", 2) == 1 &&
             OSSL_ENCODER_to_data(e, &out, &len) == 1;
    OSSL_ENCODER_CTX_free(e);
    if (ok) {
        CHECK(len > 37 && memcmp(out, "-----BEGIN ENCRYPTED PRIVATE KEY-----", 37) == 0,
              "encrypted encode: not an encrypted PKCS#8 PEM");
        int armed = a_armed;
        a_armed = 0; /* the check below is not part of the operation */
        EVP_PKEY *k = NULL;
        const unsigned char *p = out;
        size_t left = len;
        OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&k, "PEM", NULL, "ED25519",
                                                            OSSL_KEYMGMT_SELECT_ALL, lc, NULL);
        uint8_t a[32], b[32];
        size_t la = 32, lb = 32;
        CHECK(d && OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)"pw", 2) == 1 &&
                  OSSL_DECODER_from_data(d, &p, &left) == 1 && k != NULL &&
                  EVP_PKEY_get_raw_public_key(k, a, &la) == 1 &&
                  EVP_PKEY_get_raw_public_key(ed, b, &lb) == 1 && memcmp(a, b, 32) == 0,
              "encrypted encode: does not decrypt to the key");
        OSSL_DECODER_CTX_free(d);
        EVP_PKEY_free(k);
        a_armed = armed;
    }
    OPENSSL_free(out);
    return ok;
}

static int op_decode(void)
{
    EVP_PKEY *k = NULL;
    const unsigned char *p = pem;
    size_t left = pem_len;
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&k, "PEM", NULL, "ED25519",
                                                        OSSL_KEYMGMT_SELECT_ALL, lc_ours, NULL);
    int ok = d && OSSL_DECODER_from_data(d, &p, &left) == 1 && k != NULL;
    if (ok) {
        uint8_t a[32], b[32];
        size_t la = 32, lb = 32;
        CHECK(EVP_PKEY_get_raw_public_key(k, a, &la) == 1 &&
                  EVP_PKEY_get_raw_public_key(ed, b, &lb) == 1 && memcmp(a, b, 32) == 0,
              "decode: wrong key");
        CHECK(EVP_PKEY_get0_provider(k) == ours2, "decode: not served by vec25519");
    }
    EVP_PKEY_free(k);
    OSSL_DECODER_CTX_free(d);
    return ok;
}

static const struct {
    const char *name;
    int (*run)(void);
    int succeeds; /* the reference run succeeds */
} ops[] = {
    {"keygen ED25519", op_keygen_ed, 1},
    {"keygen X25519", op_keygen_x, 1},
    {"raw private key import ED25519", op_import, 1},
    {"DigestSign ED25519", op_sign, 1},
    {"DigestVerify ED25519 (valid)", op_verify_good, 1},
    {"DigestVerify ED25519 (invalid)", op_verify_bad, 0},
    {"derive X25519", op_derive, 1},
    {"encode PEM PrivateKeyInfo", op_encode, 1},
    {"encode encrypted PKCS#8 (PBES2)", op_encode_encrypted, 1},
    {"decode PEM", op_decode, 1},
};

int main(int argc, char **argv)
{
    unsigned long total = 0;
    long cache_growth = 0, provider_growth = 0;

    if (!CRYPTO_set_mem_functions(t_malloc, t_realloc, t_free)) {
        fprintf(stderr, "CRYPTO_set_mem_functions failed (an allocation came first)\n");
        return 2;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: provider_faults MODULE_DIR\n");
        return 2;
    }
    lc = OSSL_LIB_CTX_new();
    lc_ours = OSSL_LIB_CTX_new();
    if (!lc || !lc_ours || !OSSL_PROVIDER_set_default_search_path(lc, argv[1]) ||
        !OSSL_PROVIDER_set_default_search_path(lc_ours, argv[1]))
        return 2;
    ours = OSSL_PROVIDER_load(lc, "vec25519");
    ours2 = OSSL_PROVIDER_load(lc_ours, "vec25519");
    /* the default provider beside ours in lc: the cipher and KDF of
     * encrypted PKCS#8 (every operation here forces provider=vec25519) */
    deflt = OSSL_PROVIDER_load(lc, "default");
    if (ours == NULL || ours2 == NULL || deflt == NULL) {
        ERR_print_errors_fp(stderr);
        CHECK(0, "cannot load the vec25519 provider from %s", argv[1]);
        return test_done();
    }

    /* the inputs and the references */
    test_rng_bytes(msg, sizeof msg);
    test_rng_bytes(ed_priv, sizeof ed_priv);
    ed = EVP_PKEY_new_raw_private_key_ex(lc, "ED25519", PQ, ed_priv, 32);
    {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lc, "X25519", PQ);
        CHECK(c && EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_keygen(c, &x_a) == 1 &&
                  EVP_PKEY_keygen(c, &x_b) == 1,
              "X25519 keys");
        EVP_PKEY_CTX_free(c);
    }
    CHECK(ed != NULL && EVP_PKEY_get0_provider(ed) == ours && x_a != NULL &&
              EVP_PKEY_get0_provider(x_a) == ours,
          "keys of the provider");
    {
        size_t siglen = 64, len = 32;
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        CHECK(EVP_DigestSignInit_ex(m, NULL, NULL, lc, PQ, ed, NULL) == 1 &&
                  EVP_DigestSign(m, ref_sig, &siglen, msg, sizeof msg) == 1,
              "reference signature");
        EVP_MD_CTX_free(m);
        memcpy(bad_sig, ref_sig, 64);
        bad_sig[3] ^= 0x10;
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lc, x_a, PQ);
        CHECK(c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, x_b) == 1 &&
                  EVP_PKEY_derive(c, ref_shared, &len) == 1,
              "reference secret");
        EVP_PKEY_CTX_free(c);
        CHECK(encode_pem(pem, sizeof pem, &pem_len) && pem_len > 0, "reference PEM");
    }
    ERR_clear_error();

    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        /* the reference run, twice: the second sees libcrypto's caches warm */
        CHECK(ops[o].run() == ops[o].succeeds, "%s: reference run", ops[o].name);
        settle();
        long base = a_live;
        a_calls = a_failed = 0;
        a_fail_at = 0;
        a_armed = 1;
        CHECK(ops[o].run() == ops[o].succeeds, "%s: second reference run", ops[o].name);
        a_armed = 0;
        unsigned long calls = a_calls, n, ours_failed = 0;
        settle();
        CHECK(a_live == base, "%s: %ld blocks leaked without failure", ops[o].name, a_live - base);
        CHECK(calls > 0, "%s: no allocation counted", ops[o].name);
        for (n = 1;; n++) {
            a_calls = a_failed = 0;
            a_failed_ours = 0;
            a_fail_at = n;
            const blk *mark = live_head.next;
            a_armed = 1;
            int ok = ops[o].run();
            a_armed = 0;
            total++;
            int queued = ERR_peek_error() != 0;
            settle();
            if (a_failed == 0) break;
            ours_failed += a_failed_ours;
            /* Blocks left live by a failed run: libcrypto fills caches of
             * its own on failed paths (method and property stores, and
             * through them provider objects it keeps: a failed fetch may
             * instantiate the provider again), freed with the library
             * context. Counted here; the leak check is at the end, after
             * OPENSSL_cleanup, where every block must have been freed. */
            long mine, grew = new_blocks(mark, &mine, 0);
            cache_growth += grew;
            provider_growth += mine;
            if (!ok && ops[o].succeeds && a_failed_ours)
                CHECK(queued, "%s N=%lu: the provider's allocation failed with no error queued",
                      ops[o].name, n);
            if (n > 20000) {
                CHECK(0, "%s: over 20000 allocations", ops[o].name);
                break;
            }
        }
        printf("%-34s allocations %3lu (%lu the provider's), runs N = 1..%lu\n", ops[o].name,
               calls, ours_failed, n - 1);
    }
    printf("%zu operations, %lu runs in all\n", sizeof ops / sizeof ops[0], total);

    EVP_PKEY_free(ed);
    EVP_PKEY_free(x_a);
    EVP_PKEY_free(x_b);
    OSSL_PROVIDER_unload(ours);
    OSSL_PROVIDER_unload(ours2);
    OSSL_PROVIDER_unload(deflt);
    OSSL_LIB_CTX_free(lc);
    OSSL_LIB_CTX_free(lc_ours);
    /* Everything libcrypto and the provider allocated is freed now. */
    OPENSSL_cleanup();
    long mine, left = new_blocks(&live_head, &mine, 1);
    CHECK(left == 0, "%ld blocks still allocated after OPENSSL_cleanup (%ld by the provider)",
          left, mine);
    printf("blocks kept by libcrypto after failed runs: %ld (%ld allocated in provider/); "
           "%ld left after OPENSSL_cleanup\n",
           cache_growth, provider_growth, left);
    return test_done();
}
