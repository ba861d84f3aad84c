/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * expand_message_xmd with H = SHA-512 (RFC 9380 §5.3.1): stretches a message
 * into len pseudorandom bytes under a domain separation tag, as the first
 * step of hash_to_field (RFC 9380 §5.2).
 *
 * SHA-512 has b_in_bytes = 64 (output) and s_in_bytes = 128 (block), so
 *
 *   DST'  = DST ‖ I2OSP(len(DST), 1)
 *   b_0   = H(I2OSP(0, 128) ‖ msg ‖ I2OSP(len, 2) ‖ I2OSP(0, 1) ‖ DST')
 *   b_1   = H(b_0 ‖ I2OSP(1, 1) ‖ DST')
 *   b_i   = H((b_0 ⊕ b_(i-1)) ‖ I2OSP(i, 1) ‖ DST'),  i = 2 .. ell
 *   out   = the first len bytes of b_1 ‖ … ‖ b_ell,   ell = ceil(len / 64) ≤ 255.
 *
 * A tag longer than 255 bytes is first replaced by the 64-byte
 *   DST = H("H2C-OVERSIZE-DST-" ‖ DST)                   (RFC 9380 §5.3.3)
 * and the expansion above runs on that. Limits (every failure returns -1 and
 * zeroes out): 1 ≤ len ≤ 255·64 and len(DST) ≥ 1. An empty tag is refused
 * because RFC 9380 §3.1 says tags MUST have nonzero length, and len = 0
 * because no hash_to_field asks for it.
 *
 * Constant time in msg and DST (SHA-512 is); the lengths are public (whether
 * §5.3.3 applies depends on the tag's length only). The
 * message may be secret (a password), so every intermediate b_i is wiped.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/hash_to_curve.h"
#include "vec25519/sha512.h"

#include "../internal/ct.h"

#define XMD_B_IN_BYTES 64  /* SHA-512 output */
#define XMD_S_IN_BYTES 128 /* SHA-512 block */

static const uint8_t oversize_prefix[17] = {'H', '2', 'C', '-', 'O', 'V', 'E', 'R', 'S',
                                            'I', 'Z', 'E', '-', 'D', 'S', 'T', '-'};

/*
 * out[0..len) = expand_message_xmd(msg, dst, len) with SHA-512 (see the file
 * header). Returns 0, or -1 with out[0..len) zeroed on a length outside the
 * limits. A tag of more than 255 bytes is hashed first (RFC 9380 §5.3.3).
 * out may alias msg or dst: the tag is copied (or hashed) first, and the message
 * is read only before the first output byte is written. Constant time in msg
 * and dst.
 */
VEC25519_API int vec25519_expand_message_xmd_sha512(uint8_t *out, size_t len, const uint8_t *msg,
                                                    size_t msglen, const uint8_t *dst,
                                                    size_t dstlen)
{
    static const uint8_t z_pad[XMD_S_IN_BYTES] = {0};
    uint8_t dst_prime[VEC25519_H2C_DSTMAXBYTES + 1];
    uint8_t b0[XMD_B_IN_BYTES], bi[XMD_B_IN_BYTES], lib[3];
    vec25519_sha512_ctx h;
    size_t ell, i, done;

    if (out == NULL) return -1;
    if (len == 0 || len > VEC25519_EXPAND_MESSAGE_XMD_SHA512_MAXBYTES || dst == NULL ||
        dstlen == 0 || (msg == NULL && msglen != 0)) {
        memset(out, 0, len);
        return -1;
    }
    ell = (len + XMD_B_IN_BYTES - 1) / XMD_B_IN_BYTES; /* 1 .. 255 */

    if (dstlen > VEC25519_H2C_DSTMAXBYTES) {
        /* RFC 9380 §5.3.3: DST = H("H2C-OVERSIZE-DST-" ‖ DST), 64 bytes */
        vec25519_sha512_init(&h);
        vec25519_sha512_update(&h, oversize_prefix, sizeof oversize_prefix);
        vec25519_sha512_update(&h, dst, dstlen);
        vec25519_sha512_final(&h, dst_prime);
        dstlen = XMD_B_IN_BYTES;
    } else {
        memcpy(dst_prime, dst, dstlen);
    }
    dst_prime[dstlen] = (uint8_t)dstlen; /* DST' = DST ‖ I2OSP(len(DST), 1) */

    /* b_0 = H(Z_pad ‖ msg ‖ I2OSP(len, 2) ‖ I2OSP(0, 1) ‖ DST') */
    lib[0] = (uint8_t)(len >> 8);
    lib[1] = (uint8_t)len;
    lib[2] = 0;
    vec25519_sha512_init(&h);
    vec25519_sha512_update(&h, z_pad, sizeof z_pad);
    if (msglen > 0) vec25519_sha512_update(&h, msg, msglen);
    vec25519_sha512_update(&h, lib, 3);
    vec25519_sha512_update(&h, dst_prime, dstlen + 1);
    vec25519_sha512_final(&h, b0);

    /* b_i = H(chain ‖ I2OSP(i, 1) ‖ DST'), chain = b_0 for i = 1 and
     * b_0 ⊕ b_(i-1) after; each block is copied out as soon as it exists. */
    memcpy(bi, b0, XMD_B_IN_BYTES);
    for (i = 1, done = 0; i <= ell; i++) {
        uint8_t idx = (uint8_t)i;
        size_t take = len - done < XMD_B_IN_BYTES ? len - done : XMD_B_IN_BYTES;
        if (i > 1) {
            for (size_t j = 0; j < XMD_B_IN_BYTES; j++) bi[j] ^= b0[j];
        }
        vec25519_sha512_init(&h);
        vec25519_sha512_update(&h, bi, XMD_B_IN_BYTES);
        vec25519_sha512_update(&h, &idx, 1);
        vec25519_sha512_update(&h, dst_prime, dstlen + 1);
        vec25519_sha512_final(&h, bi);
        memcpy(out + done, bi, take);
        done += take;
    }

    vec25519_wipe(b0, sizeof b0);
    vec25519_wipe(bi, sizeof bi);
    vec25519_wipe(dst_prime, sizeof dst_prime);
    return 0;
}
