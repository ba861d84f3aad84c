/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Streaming Ed25519 (contracts in include/vec25519/ed25519.h and
 * src/ed25519/sign_stream.h):
 *
 *   pure Ed25519 verification  one pass: k = SHA-512(R ‖ A ‖ M) only needs M
 *                              once, after R and A, which the signature and the
 *                              key give up front (RFC 8032 §5.1.7). init does
 *                              every check that does not need M (S < ℓ, A and
 *                              R decode, not of small order), update hashes,
 *                              final solves the equation: the same steps as
 *                              vec25519_ed25519_verify (ed25519_internal.h), so
 *                              the same verdict on every input.
 *   Ed25519ph                  the message is only ever hashed into
 *                              SHA-512(M) (RFC 8032 §5.1, PH = SHA-512), which
 *                              streams; final signs or verifies the pre-hash.
 *   two-pass pure signing      internal, for the command-line program
 *                              (sign_stream.h): the message twice, with pass 2
 *                              checked against pass 1.
 *
 * Libsodium's crypto_sign_init/update/final_create/final_verify is the same
 * shape for Ed25519ph; a streaming verifier of pure Ed25519 is, as far as we
 * know, new here (the algorithm allows it, as the first paragraph says).
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vec25519/ed25519.h"
#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "ed25519_internal.h"
#include "sign_stream.h"

/* The status words of the public states: live, rejected early, or anything
 * else (never initialised, or finished and wiped to zero). */
#define STATE_LIVE 0x7665633235353139ULL     /* "vec25519" */
#define STATE_REJECTED 0x72656a6563746564ULL /* "rejected" */

/* The layouts behind the opaque public states. They are copied in and out
 * with memcpy, so the opaque arrays are never accessed through another
 * type; update copies only the hash state at the front. */
typedef struct {
    vec25519_sha512_ctx hash; /* SHA-512(R ‖ A ‖ M) so far */
    uint64_t status;
    uint8_t sig[64];
    ge_ext A, R;
} verify_state;

typedef struct {
    vec25519_sha512_ctx hash; /* SHA-512(M) so far */
    uint64_t status;
} ph_state;

_Static_assert(sizeof(verify_state) <= sizeof(vec25519_ed25519_verify_state),
               "vec25519_ed25519_verify_state is too small");
_Static_assert(sizeof(ph_state) <= sizeof(vec25519_ed25519ph_state),
               "vec25519_ed25519ph_state is too small");
_Static_assert(offsetof(verify_state, hash) == 0 && offsetof(ph_state, hash) == 0,
               "update copies the hash state from the front");

/* The status word of a state (it follows the hash state in both layouts). */
static uint64_t state_status(const void *st, size_t off)
{
    uint64_t v;
    memcpy(&v, (const uint8_t *)st + off, sizeof v);
    return v;
}

static void state_set_status(void *st, size_t off, uint64_t v)
{
    memcpy((uint8_t *)st + off, &v, sizeof v);
}

/* Hashes msg[0..len) into the hash state at the front of st, whose status
 * word is at off: nothing unless live; a NULL msg with len > 0 rejects. */
static void state_update(void *st, size_t off, const uint8_t *msg, size_t len)
{
    vec25519_sha512_ctx h;

    if (state_status(st, off) != STATE_LIVE) return;
    if (msg == NULL && len > 0) {
        state_set_status(st, off, STATE_REJECTED);
        return;
    }
    if (len == 0) return;
    memcpy(&h, st, sizeof h);
    vec25519_sha512_update(&h, msg, len);
    memcpy(st, &h, sizeof h);
    vec25519_wipe(&h, sizeof h);
}

/* ---- pure Ed25519 verification, one pass ------------------------------------ */

VEC25519_API int vec25519_ed25519_verify_init(vec25519_ed25519_verify_state *st,
                                              const uint8_t sig[64], const uint8_t pk[32])
{
    verify_state v;
    int rc = 0;

    memset(&v, 0, sizeof v);
    if (ed25519_verify_prepare(&v.A, &v.R, sig, pk, ED25519_STRICT) != 0) {
        memset(&v, 0, sizeof v);
        v.status = STATE_REJECTED;
        rc = -1;
    } else {
        memcpy(v.sig, sig, 64);
        ed25519_challenge_init(&v.hash, &ed25519_dom2_none, sig, pk);
        v.status = STATE_LIVE;
    }
    memset(st, 0, sizeof *st);
    memcpy(st, &v, sizeof v);
    return rc;
}

VEC25519_API void vec25519_ed25519_verify_update(vec25519_ed25519_verify_state *st,
                                                 const uint8_t *msg, size_t len)
{
    state_update(st, offsetof(verify_state, status), msg, len);
}

VEC25519_API int vec25519_ed25519_verify_final(vec25519_ed25519_verify_state *st)
{
    uint8_t k[32];
    verify_state v;
    int rc = -1;

    memcpy(&v, st, sizeof v);
    if (v.status == STATE_LIVE) {
        ed25519_challenge_final(k, &v.hash);
        rc = ed25519_verify_equation(k, v.sig + 32, &v.A, &v.R);
    }
    vec25519_wipe(&v, sizeof v);
    vec25519_wipe(st, sizeof *st);
    return rc;
}

/* ---- Ed25519ph, streaming ------------------------------------------------------ */

VEC25519_API void vec25519_ed25519ph_init(vec25519_ed25519ph_state *st)
{
    ph_state p;
    memset(&p, 0, sizeof p);
    vec25519_sha512_init(&p.hash);
    p.status = STATE_LIVE;
    memset(st, 0, sizeof *st);
    memcpy(st, &p, sizeof p);
}

VEC25519_API void vec25519_ed25519ph_update(vec25519_ed25519ph_state *st, const uint8_t *msg,
                                            size_t len)
{
    state_update(st, offsetof(ph_state, status), msg, len);
}

/* ph = SHA-512(M) from a live state: 0, or -1 (ph zeroed). Wipes st. */
static int ph_finish(vec25519_ed25519ph_state *st, uint8_t ph[64])
{
    ph_state p;
    int rc = -1;

    memset(ph, 0, 64);
    memcpy(&p, st, sizeof p);
    if (p.status == STATE_LIVE) {
        vec25519_sha512_final(&p.hash, ph);
        rc = 0;
    }
    vec25519_wipe(&p, sizeof p);
    vec25519_wipe(st, sizeof *st);
    return rc;
}

VEC25519_API int vec25519_ed25519ph_final_sign(vec25519_ed25519ph_state *st, uint8_t sig[64],
                                               const uint8_t *ctx, size_t ctxlen,
                                               const uint8_t sk[64])
{
    uint8_t ph[64];
    int rc = ph_finish(st, ph);
    if (rc == 0) {
        rc = vec25519_ed25519ph_sign_prehashed(sig, ph, ctx, ctxlen, sk);
    } else {
        memset(sig, 0, 64);
    }
    vec25519_wipe(ph, sizeof ph); /* the pre-hash of a possibly secret message */
    return rc;
}

VEC25519_API int vec25519_ed25519ph_final_verify(vec25519_ed25519ph_state *st,
                                                 const uint8_t sig[64], const uint8_t *ctx,
                                                 size_t ctxlen, const uint8_t pk[32])
{
    uint8_t ph[64];
    if (ph_finish(st, ph) != 0) return -1;
    return vec25519_ed25519ph_verify_prehashed(sig, ph, ctx, ctxlen, pk);
}

/* ---- two-pass pure Ed25519 signing (sign_stream.h) ----------------------------- */

int ed25519_sign2_init(ed25519_sign2 *st, const uint8_t sk[64])
{
    memset(st, 0, sizeof *st);
    ed25519_expand_seed(st->a, st->prefix, sk);
    if (ed25519_key_check(sk, st->a) != 0) {
        vec25519_wipe(st, sizeof *st);
        return -1;
    }
    memcpy(st->pk, sk + 32, 32);
    vec25519_sha512_init(&st->nonce);
    vec25519_sha512_update(&st->nonce, st->prefix, 32);
    st->pass = 1;
    return 0;
}

void ed25519_sign2_update(ed25519_sign2 *st, const uint8_t *msg, size_t len)
{
    if (st->pass == 0 || st->failed) return;
    if (msg == NULL && len > 0) {
        st->failed = 1;
        return;
    }
    ed25519_hash_update(&st->nonce, msg, len);
    if (st->pass == 2) ed25519_hash_update(&st->challenge, msg, len);
}

void ed25519_sign2_next_pass(ed25519_sign2 *st)
{
    if (st->pass != 1 || st->failed) {
        st->failed = 1;
        return;
    }
    vec25519_sha512_final(&st->nonce, st->digest1);
    sc_reduce64(st->r, st->digest1);
    backend_get()->base_encode(1, st->R, st->r, BASE_ENCODE_ED25519); /* encode([r]B) */
    ct_declassify(st->R, 32); /* first half of the signature */

    vec25519_sha512_init(&st->nonce); /* pass 2 hashes prefix ‖ M again */
    vec25519_sha512_update(&st->nonce, st->prefix, 32);
    vec25519_sha512_init(&st->challenge);
    vec25519_sha512_update(&st->challenge, st->R, 32);
    vec25519_sha512_update(&st->challenge, st->pk, 32);
    st->pass = 2;
}

int ed25519_sign2_final(ed25519_sign2 *st, uint8_t sig[64])
{
    uint8_t digest2[64], k_digest[64];
    int rc = -1;

    memset(sig, 0, 64);
    if (st->pass == 2 && !st->failed) {
        vec25519_sha512_final(&st->nonce, digest2);
        vec25519_sha512_final(&st->challenge, k_digest);
        /* Whether both passes read the same data: the result, public. */
        if (ct_declassify_mask(ct_eq_bytes(digest2, st->digest1, 64))) {
            ed25519_sign_finish(sig, st->R, k_digest, st->a, st->r);
            rc = 0;
        }
        vec25519_wipe(digest2, sizeof digest2);
    }
    vec25519_wipe(st, sizeof *st);
    return rc;
}
