/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The Ed25519 verification core, and the dom2-prefixed hash that signing
 * (ed25519.c, stream.c) shares with it: the steps every verifier runs (the one-shot
 * and streaming ones of ed25519.c and stream.c, the batch, ZIP-215 and
 * expanded-key ones of batch.c), declared in ed25519_internal.h:
 *
 *   ed25519_challenge      k = SHA-512(dom2 ‖ R ‖ A ‖ M) mod ℓ (RFC 8032
 *                          §5.1.7 step 2), in one call or in two halves;
 *   ed25519_point_verdict  the policy on one decoded encoding: strict
 *                          (canonical, on the curve, not of small order) or
 *                          ZIP-215 (y mod p, small order allowed);
 *   ed25519_verify_prepare S < ℓ and both points under the policy, A and R
 *                          decoded together where the backend can;
 *   ed25519_cofactored_verdict / ed25519_verify_equation
 *                          [8]([S]B − [k]A − R) = identity;
 *   ed25519_verify_single  the three in a row, for one signature and a
 *                          message in one piece, with the reason of a refusal.
 *
 * The small-order test works on the encoding: after a decoder accepted it,
 * its low 255 bits are y (mod p for ZIP-215, but that policy does not ask),
 * and a point has small order ([8]P = identity) iff y is one of the five
 * values below, which is ge_ext_is_small_order's verdict without its three
 * doublings (tests/test_ed25519_batch.c checks that the two agree).
 *
 * Variable time throughout: every input is public (keys, signatures,
 * messages), so masks become branches through ct_to_int.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "ed25519_internal.h"

const dom2_params ed25519_dom2_none = {0, 0, NULL, 0};

/* ---- the hash with its dom2 prefix (RFC 8032 §2), signing's and verifying's -- */

void ed25519_hash_update(vec25519_sha512_ctx *h, const uint8_t *p, size_t n)
{
    if (n > 0) vec25519_sha512_update(h, p, n);
}

void ed25519_hash_init_dom2(vec25519_sha512_ctx *h, const dom2_params *dom)
{
    static const char tag[] = "SigEd25519 no Ed25519 collisions";
    vec25519_sha512_init(h);
    if (!dom->present) return;
    uint8_t fc[2] = {dom->phflag, (uint8_t)dom->ctxlen};
    vec25519_sha512_update(h, (const uint8_t *)tag, sizeof tag - 1);
    vec25519_sha512_update(h, fc, 2);
    ed25519_hash_update(h, dom->ctx, dom->ctxlen);
}

/* ---- the challenge ------------------------------------------------------------ */

void ed25519_challenge_init(vec25519_sha512_ctx *h, const dom2_params *dom, const uint8_t R[32],
                            const uint8_t A[32])
{
    ed25519_hash_init_dom2(h, dom);
    vec25519_sha512_update(h, R, 32);
    vec25519_sha512_update(h, A, 32);
}

void ed25519_challenge_final(uint8_t k[32], vec25519_sha512_ctx *h)
{
    uint8_t digest[64];
    vec25519_sha512_final(h, digest);
    sc_reduce64(k, digest);
}

void ed25519_challenge(uint8_t k[32], const dom2_params *dom, const uint8_t R[32],
                       const uint8_t A[32], const uint8_t *msg, size_t len)
{
    vec25519_sha512_ctx h;
    ed25519_challenge_init(&h, dom, R, A);
    ed25519_hash_update(&h, msg, len);
    ed25519_challenge_final(k, &h);
}

/* ---- the policy ---------------------------------------------------------------- */

/* The canonical y of the eight points of small order: 1 (the identity), −1
 * (order 2), 0 (the two points of order 4, x = ±sqrt(−1)), ±y8 (the four of
 * order 8). y fixes a point up to the sign of x, and both signs are among
 * the eight. */
static const uint8_t small_order_y[5][32] = {
    {0x01},
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0x00},
    {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89,
     0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39,
     0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
    {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76,
     0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6,
     0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
};

int ed25519_small_order_encoding(const uint8_t enc[32])
{
    uint8_t y[32];

    memcpy(y, enc, 32);
    y[31] &= 0x7f;
    for (int i = 0; i < 5; i++)
        if (memcmp(y, small_order_y[i], 32) == 0) return 1;
    return 0;
}

_Static_assert(VEC25519_ERR_PK_SMALL_ORDER == VEC25519_ERR_PK_NOT_POINT + 1 &&
                   VEC25519_ERR_R_SMALL_ORDER == VEC25519_ERR_R_NOT_POINT + 1,
               "ed25519_point_why names small order as the code after not-a-point");

vec25519_error ed25519_point_why(int rc, const uint8_t enc[32], ed25519_policy pol,
                                 vec25519_error not_point)
{
    if (rc != 0) return not_point;
    if (pol == ED25519_ZIP215) return VEC25519_OK;
    /* VEC25519_ERR_PK_SMALL_ORDER = VEC25519_ERR_PK_NOT_POINT + 1, and for R */
    return ed25519_small_order_encoding(enc) ? (vec25519_error)(not_point + 1) : VEC25519_OK;
}

int ed25519_point_verdict(int rc, const uint8_t enc[32], ed25519_policy pol)
{
    return ed25519_point_why(rc, enc, pol, VEC25519_ERR_PK_NOT_POINT) == VEC25519_OK ? 0 : -1;
}

static int decode_raw(ge_ext *P, const uint8_t enc[32], ed25519_policy pol)
{
    return pol == ED25519_ZIP215 ? ge_ext_frombytes_relaxed(P, enc) : ge_ext_frombytes(P, enc);
}

int ed25519_decode_point(ge_ext *P, const uint8_t enc[32], ed25519_policy pol)
{
    return ed25519_point_verdict(decode_raw(P, enc, pol), enc, pol);
}

vec25519_error ed25519_public_key_why(ge_ext *A, const uint8_t pk[32], ed25519_policy pol)
{
    return ed25519_point_why(decode_raw(A, pk, pol), pk, pol, VEC25519_ERR_PK_NOT_POINT);
}

/*
 * A and R decoded under the policy: by the backend's frombytes2_vartime
 * where it has one (IFMA: both square roots in one 4-way exponentiation;
 * AVX2: the interleaved BMI2/ADX pair, pow22523_2_best),
 * whose results are the serial decoder's (backend.h), else one after the
 * other. VEC25519_OK, or why A (first) or R is refused.
 */
static vec25519_error decode_pair(ge_ext *A, ge_ext *R, const uint8_t pk[32],
                                  const uint8_t sig[32], ed25519_policy pol)
{
    const struct backend *be = backend_get();
    uint8_t enc[2][32];
    ge_ext P[2];
    int rc[2];
    vec25519_error why;

    if (be->frombytes2_vartime == NULL) {
        why = ed25519_public_key_why(A, pk, pol);
        if (why != VEC25519_OK) return why;
        return ed25519_point_why(decode_raw(R, sig, pol), sig, pol, VEC25519_ERR_R_NOT_POINT);
    }
    memcpy(enc[0], pk, 32);
    memcpy(enc[1], sig, 32);
    be->frombytes2_vartime(P, rc, (const uint8_t (*)[32])enc,
                           pol == ED25519_ZIP215 ? GE_DECODE_RELAXED : GE_DECODE_STRICT);
    why = ed25519_point_why(rc[0], pk, pol, VEC25519_ERR_PK_NOT_POINT);
    if (why != VEC25519_OK) return why;
    why = ed25519_point_why(rc[1], sig, pol, VEC25519_ERR_R_NOT_POINT);
    if (why != VEC25519_OK) return why;
    *A = P[0];
    *R = P[1];
    return VEC25519_OK;
}

vec25519_error ed25519_verify_prepare(ge_ext *A, ge_ext *R, const uint8_t sig[64],
                                      const uint8_t pk[32], ed25519_policy pol)
{
    if (!ct_to_int(sc_is_canonical(sig + 32))) return VEC25519_ERR_S_NOT_CANONICAL;
    return decode_pair(A, R, pk, sig, pol);
}

/* ---- the verdict --------------------------------------------------------------- */

int ed25519_cofactored_verdict(const ge_ext *P)
{
    ge_ext t;
    ge_ext_mul_by_cofactor(&t, P);
    return ct_to_int(ge_ext_is_identity(&t)) ? 0 : -1;
}

int ed25519_verify_equation(const uint8_t k[32], const uint8_t S[32], const ge_ext *A,
                            const ge_ext *R)
{
    ge_ext negA, check;

    /* check = [S]B − [k]A − R */
    ge_ext_neg(&negA, A);
    backend_get()->double_scalarmult_vartime(&check, k, &negA, S);
    ge_ext_sub(&check, &check, R);
    return ed25519_cofactored_verdict(&check);
}

vec25519_error ed25519_verify_single(const uint8_t sig[64], const uint8_t *msg, size_t len,
                                     const dom2_params *dom, const uint8_t pk[32],
                                     ed25519_policy pol)
{
    uint8_t k[32];
    ge_ext A, R;
    vec25519_error why;

    if (msg == NULL && len > 0) return VEC25519_ERR_ARGUMENT;
    why = ed25519_verify_prepare(&A, &R, sig, pk, pol);
    if (why != VEC25519_OK) return why;
    ed25519_challenge(k, dom, sig, pk, msg, len);
    return ed25519_verify_equation(k, sig + 32, &A, &R) == 0 ? VEC25519_OK : VEC25519_ERR_EQUATION;
}
