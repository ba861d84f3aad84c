/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fuzz_ed25519_verify: Ed25519 verification against libsodium 1.0.18 and
 * against a reference verdict computed here from the group operations.
 *
 * Input: at least 96 bytes: pk = bytes 0..31, sig = R ‖ S = bytes 32..95,
 * msg = the rest (possibly empty).
 *
 * Reference (independent of src/ed25519/): k = SHA-512(R ‖ A ‖ M) mod ℓ with
 * libsodium's SHA-512 and reduction; A and R decoded strictly and relaxed
 * (ge_ext_frombytes / _relaxed); S < ℓ by a byte-wise comparison; Q = [S]B
 * − [k]A − R with the constant-time scalar multiplications (not the
 * verifier's variable-time double-base one); then
 *   strict verdict (ours)    S < ℓ, A and R strict and not small order, [8]Q = 0
 *   cofactorless (libsodium) S < ℓ, A and R strict and not small order, Q = 0
 *   ZIP-215                  S < ℓ, A and R relaxed, [8]Q = 0
 *
 * Checked, for pure Ed25519 and for Ed25519ph with an empty context (the one
 * libsodium has; k hashes dom2(1, "") and SHA-512(M)):
 *   - libsodium never accepts what vec25519 rejects;
 *   - vec25519 accepts what libsodium rejects only when A or R is not
 *     torsion-free (the documented cofactored vs cofactorless difference);
 *   - vec25519's verdict is the strict reference verdict and libsodium's the
 *     cofactorless one (this pins the difference down exactly: it happens iff
 *     [8]Q = 0 ≠ Q, i.e. T_R + [k]T_A ≠ 0 for the torsion components);
 *   - _ph_verify_prehashed agrees with _ph_verify; Ed25519ctx rejects
 *     context lengths 0 and 256.
 * When src/ defines them (VEC25519_FUZZ_HAVE_*):
 *   - vec25519_ed25519_verify_batch of this one signature, with and without
 *     results, and of [this, a valid signature] give the single verdicts;
 *   - vec25519_ed25519_verify_zip215 is the ZIP-215 reference verdict (so it
 *     accepts whatever the strict verifier accepts), and its batch of one agrees;
 *   - vec25519_ed25519_pk_expand succeeds iff A is strict and not small order;
 *     verify_expanded and batch_expanded of one give the single verdict.
 */
#include <string.h>

#include <sodium.h>

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "fuzz_common.h"
#include "vec25519.h"

/* A valid signature made at start-up, to mix into batches. */
static uint8_t good_pk[32], good_sig[64];
static const uint8_t good_msg[] = "vec25519 fuzz_ed25519_verify";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    uint8_t seed[32], sk[64];
    (void)argc;
    (void)argv;
    fuzz_sodium_init();
    memset(seed, 0x42, sizeof seed);
    vec25519_ed25519_keypair(good_pk, sk, seed);
    FUZZ_REQUIRE(vec25519_ed25519_sign(good_sig, good_msg, sizeof good_msg, sk) == 0,
                 "signing the start-up message failed");
    FUZZ_REQUIRE(crypto_sign_verify_detached(good_sig, good_msg, sizeof good_msg, good_pk) == 0,
                 "libsodium rejects the start-up signature");
#ifdef VEC25519_FUZZ_HAVE_BATCH
    FUZZ_REQUIRE(vec25519_ed25519_verify_batch(0, NULL, NULL) == 0,
                 "empty batch");
#endif
    return 0;
}

static int is_identity(const ge_ext *p)
{
    return ct_to_int(ge_ext_is_identity(p));
}

struct ref {
    int s_ok, a_strict, r_strict, a_relaxed, r_relaxed;
    int a_small, r_small, a_tf, r_tf;
    int cofactored, cofactorless;
    int strict, sodium, zip215; /* the three predicted verdicts (1 = accept) */
};

static void reference(struct ref *o, const uint8_t k[32], const uint8_t sig[64],
                      const uint8_t pk[32])
{
    ge_ext A, R, t, Q, kA;

    memset(o, 0, sizeof *o);
    o->s_ok = fuzz_lt_ell(sig + 32);
    o->a_strict = ge_ext_frombytes(&t, pk) == 0;
    o->r_strict = ge_ext_frombytes(&t, sig) == 0;
    o->a_relaxed = ge_ext_frombytes_relaxed(&A, pk) == 0;
    o->r_relaxed = ge_ext_frombytes_relaxed(&R, sig) == 0;
    if (o->a_relaxed) {
        o->a_small = ct_to_int(ge_ext_is_small_order(&A));
        o->a_tf = ct_to_int(ge_ext_is_torsion_free(&A));
    }
    if (o->r_relaxed) {
        o->r_small = ct_to_int(ge_ext_is_small_order(&R));
        o->r_tf = ct_to_int(ge_ext_is_torsion_free(&R));
    }
    if (o->s_ok && o->a_relaxed && o->r_relaxed) {
        ge_scalarmult_base(&Q, sig + 32); /* S < ℓ < 2^255 */
        ge_scalarmult(&kA, k, &A);        /* k < ℓ */
        ge_ext_sub(&Q, &Q, &kA);
        ge_ext_sub(&Q, &Q, &R);
        o->cofactorless = is_identity(&Q);
        ge_ext_mul_by_cofactor(&Q, &Q);
        o->cofactored = is_identity(&Q);
    }
    int policy = o->s_ok && o->a_strict && o->r_strict && !o->a_small && !o->r_small;
    o->strict = policy && o->cofactored;
    o->sodium = policy && o->cofactorless;
    o->zip215 = o->s_ok && o->a_relaxed && o->r_relaxed && o->cofactored;
}

static void hash_k(uint8_t k[32], const uint8_t *dom, size_t domlen, const uint8_t sig[64],
                   const uint8_t pk[32], const uint8_t *m, size_t mlen)
{
    crypto_hash_sha512_state st;
    uint8_t h[64];
    crypto_hash_sha512_init(&st);
    if (domlen > 0) crypto_hash_sha512_update(&st, dom, domlen);
    crypto_hash_sha512_update(&st, sig, 32);
    crypto_hash_sha512_update(&st, pk, 32);
    crypto_hash_sha512_update(&st, m, mlen);
    crypto_hash_sha512_final(&st, h);
    crypto_core_ed25519_scalar_reduce(k, h);
}

static void require_verdict(const char *name, int ret)
{
    FUZZ_REQUIRE(ret == 0 || ret == -1, "%s returns %d (want 0 or -1)", name, ret);
}

/* The checks shared by pure Ed25519 and Ed25519ph. */
static void compare(const char *variant, int ours, int peer, const struct ref *r)
{
    FUZZ_REQUIRE(!(peer && !ours), "%s: libsodium accepts, vec25519 rejects", variant);
    if (ours && !peer)
        FUZZ_REQUIRE(!r->a_tf || !r->r_tf,
                     "%s: vec25519 accepts, libsodium rejects, but A and R are torsion-free "
                     "(outside the documented cofactored/cofactorless difference)",
                     variant);
    FUZZ_REQUIRE(ours == r->strict,
                 "%s: vec25519 %s, reference %s (S<l %d, A strict %d small %d, R strict %d "
                 "small %d, [8]Q=0 %d)",
                 variant, ours ? "accepts" : "rejects", r->strict ? "accepts" : "rejects",
                 r->s_ok, r->a_strict, r->a_small, r->r_strict, r->r_small, r->cofactored);
    FUZZ_REQUIRE(peer == r->sodium,
                 "%s: libsodium %s, cofactorless reference %s (S<l %d, A strict %d small %d, "
                 "R strict %d small %d, Q=0 %d)",
                 variant, peer ? "accepts" : "rejects", r->sodium ? "accepts" : "rejects",
                 r->s_ok, r->a_strict, r->a_small, r->r_strict, r->r_small, r->cofactorless);
}

static void check_extras(int ours, const struct ref *r, const uint8_t pk[32],
                         const uint8_t sig[64], const uint8_t *msg, size_t mlen)
{
    (void)r;
    (void)pk;
    (void)sig;
    (void)msg;
    (void)mlen;
    (void)ours;
#ifdef VEC25519_FUZZ_HAVE_BATCH
    {
        const vec25519_ed25519_batch_item items[2] = {
            {msg, mlen, sig, pk}, {good_msg, sizeof good_msg, good_sig, good_pk}};
        int res[2] = {7, 7};
        int want = ours ? 0 : -1;
        int rb = vec25519_ed25519_verify_batch(1, items, res);
        FUZZ_REQUIRE(rb == want && res[0] == want,
                     "verify_batch of 1: returns %d, results[0] = %d, single verify %d", rb,
                     res[0], want);
        rb = vec25519_ed25519_verify_batch(1, items, NULL);
        FUZZ_REQUIRE(rb == want, "verify_batch of 1 without results: %d, single %d", rb, want);
        res[0] = res[1] = 7;
        rb = vec25519_ed25519_verify_batch(2, items, res);
        FUZZ_REQUIRE(rb == want && res[0] == want && res[1] == 0,
                     "verify_batch of [input, valid]: returns %d, results %d %d, want %d %d 0", rb,
                     res[0], res[1], want, want);
    }
#endif
#ifdef VEC25519_FUZZ_HAVE_ZIP215
    {
        const vec25519_ed25519_batch_item items[1] = {{msg, mlen, sig, pk}};
        int res[1] = {7};
        int zr = vec25519_ed25519_verify_zip215(sig, msg, mlen, pk);
        require_verdict("verify_zip215", zr);
        int z = zr == 0;
        FUZZ_REQUIRE(!(ours && !z), "ZIP-215 rejects what the strict verifier accepts");
        FUZZ_REQUIRE(z == r->zip215,
                     "verify_zip215 %s, reference %s (S<l %d, A relaxed %d, R relaxed %d, "
                     "[8]Q=0 %d)",
                     z ? "accepts" : "rejects", r->zip215 ? "accepts" : "rejects", r->s_ok,
                     r->a_relaxed, r->r_relaxed, r->cofactored);
        int rb = vec25519_ed25519_verify_batch_zip215(1, items, res);
        FUZZ_REQUIRE(rb == zr && res[0] == zr,
                     "verify_batch_zip215 of 1: returns %d, results[0] = %d, single %d", rb,
                     res[0], zr);
    }
#endif
#ifdef VEC25519_FUZZ_HAVE_EXPANDED
    {
        static vec25519_ed25519_expanded_pk epk;
        const vec25519_ed25519_batch_item_expanded items[1] = {{msg, mlen, sig, &epk}};
        int res[1] = {7};
        int want = ours ? 0 : -1;
        memset(&epk, 0xa5, sizeof epk);
        int re = vec25519_ed25519_pk_expand(&epk, pk);
        FUZZ_REQUIRE((re == 0) == (r->a_strict && !r->a_small),
                     "pk_expand returns %d for A strict %d small %d", re, r->a_strict, r->a_small);
        if (re != 0)
            FUZZ_REQUIRE(fuzz_is_zero((const uint8_t *)&epk, sizeof epk),
                         "pk_expand failed without zeroing");
        int rv = vec25519_ed25519_verify_expanded(sig, msg, mlen, &epk);
        FUZZ_REQUIRE(rv == want, "verify_expanded %d, verify %d", rv, want);
        int rb = vec25519_ed25519_verify_batch_expanded(1, items, res);
        FUZZ_REQUIRE(rb == want && res[0] == want,
                     "verify_batch_expanded of 1: returns %d, results[0] = %d, verify %d", rb,
                     res[0], want);
    }
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* dom2(1, "") (RFC 8032 §2): the 32-byte prefix, phflag 1, context length
     * 0 (the string's terminating NUL). */
    static const uint8_t dom2_ph[34] = "SigEd25519 no Ed25519 collisions\x01";
    uint8_t pk[32], sig[64], k[32], ph[64];
    struct ref r;

    fuzz_begin(data, size);
    if (size < 96) return 0;
    memcpy(pk, data, 32);
    memcpy(sig, data + 32, 64);
    const uint8_t *msg = data + 96;
    size_t mlen = size - 96;

    /* Pure Ed25519. */
    int ret = vec25519_ed25519_verify(sig, msg, mlen, pk);
    require_verdict("verify", ret);
    int ours = ret == 0;
    int peer = crypto_sign_verify_detached(sig, msg, mlen, pk) == 0;
    hash_k(k, NULL, 0, sig, pk, msg, mlen);
    reference(&r, k, sig, pk);
    compare("Ed25519", ours, peer, &r);
    check_extras(ours, &r, pk, sig, msg, mlen);

    /* Ed25519ph, empty context. */
    {
        crypto_sign_ed25519ph_state st;
        ret = vec25519_ed25519ph_verify(sig, msg, mlen, NULL, 0, pk);
        require_verdict("ph_verify", ret);
        ours = ret == 0;
        crypto_sign_ed25519ph_init(&st);
        crypto_sign_ed25519ph_update(&st, msg, mlen);
        peer = crypto_sign_ed25519ph_final_verify(&st, sig, pk) == 0;
        crypto_hash_sha512(ph, msg, mlen);
        hash_k(k, dom2_ph, sizeof dom2_ph, sig, pk, ph, sizeof ph);
        reference(&r, k, sig, pk);
        compare("Ed25519ph", ours, peer, &r);
        int rp = vec25519_ed25519ph_verify_prehashed(sig, ph, NULL, 0, pk);
        FUZZ_REQUIRE(rp == ret, "ph_verify_prehashed %d, ph_verify %d", rp, ret);
    }

    /* Ed25519ctx: context lengths 0 and 256 are errors. */
    {
        static const uint8_t ctx[256];
        FUZZ_REQUIRE(vec25519_ed25519ctx_verify(sig, msg, mlen, ctx, 0, pk) == -1,
                     "ctx_verify accepts an empty context");
        FUZZ_REQUIRE(vec25519_ed25519ctx_verify(sig, msg, mlen, ctx, 256, pk) == -1,
                     "ctx_verify accepts a 256-byte context");
    }
    return 0;
}
