/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The portable SHA-512 compression function (FIPS 180-4 §6.4.2), the
 * reference and the serial backend's sha512_blocks (src/backend/sha512_blocks.h),
 * and the round constants every form shares.
 *
 * It keeps the message schedule W_t as a 16-word ring (W_t overwrites
 * W_{t-16}) and runs the 80 rounds as 5 groups of 16 unrolled rounds,
 * renaming a..h per round instead of moving them. Only rotations, shifts,
 * additions and bitwise operations touch the message.
 */
#include <stddef.h>
#include <stdint.h>

#include "vec25519/util.h"

#include "../../internal/bytes.h"
#include "../sha512_blocks.h"

/* FIPS 180-4 §4.2.3: the first 64 bits of the fractional parts of the cube
 * roots of the first 80 primes. */
const uint64_t sha512_k[80] = {
    UINT64_C(0x428a2f98d728ae22), UINT64_C(0x7137449123ef65cd), UINT64_C(0xb5c0fbcfec4d3b2f),
    UINT64_C(0xe9b5dba58189dbbc), UINT64_C(0x3956c25bf348b538), UINT64_C(0x59f111f1b605d019),
    UINT64_C(0x923f82a4af194f9b), UINT64_C(0xab1c5ed5da6d8118), UINT64_C(0xd807aa98a3030242),
    UINT64_C(0x12835b0145706fbe), UINT64_C(0x243185be4ee4b28c), UINT64_C(0x550c7dc3d5ffb4e2),
    UINT64_C(0x72be5d74f27b896f), UINT64_C(0x80deb1fe3b1696b1), UINT64_C(0x9bdc06a725c71235),
    UINT64_C(0xc19bf174cf692694), UINT64_C(0xe49b69c19ef14ad2), UINT64_C(0xefbe4786384f25e3),
    UINT64_C(0x0fc19dc68b8cd5b5), UINT64_C(0x240ca1cc77ac9c65), UINT64_C(0x2de92c6f592b0275),
    UINT64_C(0x4a7484aa6ea6e483), UINT64_C(0x5cb0a9dcbd41fbd4), UINT64_C(0x76f988da831153b5),
    UINT64_C(0x983e5152ee66dfab), UINT64_C(0xa831c66d2db43210), UINT64_C(0xb00327c898fb213f),
    UINT64_C(0xbf597fc7beef0ee4), UINT64_C(0xc6e00bf33da88fc2), UINT64_C(0xd5a79147930aa725),
    UINT64_C(0x06ca6351e003826f), UINT64_C(0x142929670a0e6e70), UINT64_C(0x27b70a8546d22ffc),
    UINT64_C(0x2e1b21385c26c926), UINT64_C(0x4d2c6dfc5ac42aed), UINT64_C(0x53380d139d95b3df),
    UINT64_C(0x650a73548baf63de), UINT64_C(0x766a0abb3c77b2a8), UINT64_C(0x81c2c92e47edaee6),
    UINT64_C(0x92722c851482353b), UINT64_C(0xa2bfe8a14cf10364), UINT64_C(0xa81a664bbc423001),
    UINT64_C(0xc24b8b70d0f89791), UINT64_C(0xc76c51a30654be30), UINT64_C(0xd192e819d6ef5218),
    UINT64_C(0xd69906245565a910), UINT64_C(0xf40e35855771202a), UINT64_C(0x106aa07032bbd1b8),
    UINT64_C(0x19a4c116b8d2d0c8), UINT64_C(0x1e376c085141ab53), UINT64_C(0x2748774cdf8eeb99),
    UINT64_C(0x34b0bcb5e19b48a8), UINT64_C(0x391c0cb3c5c95a63), UINT64_C(0x4ed8aa4ae3418acb),
    UINT64_C(0x5b9cca4f7763e373), UINT64_C(0x682e6ff3d6b2b8a3), UINT64_C(0x748f82ee5defb2fc),
    UINT64_C(0x78a5636f43172f60), UINT64_C(0x84c87814a1f0ab72), UINT64_C(0x8cc702081a6439ec),
    UINT64_C(0x90befffa23631e28), UINT64_C(0xa4506cebde82bde9), UINT64_C(0xbef9a3f7b2c67915),
    UINT64_C(0xc67178f2e372532b), UINT64_C(0xca273eceea26619c), UINT64_C(0xd186b8c721c0c207),
    UINT64_C(0xeada7dd6cde0eb1e), UINT64_C(0xf57d4f7fee6ed178), UINT64_C(0x06f067aa72176fba),
    UINT64_C(0x0a637dc5a2c898a6), UINT64_C(0x113f9804bef90dae), UINT64_C(0x1b710b35131c471b),
    UINT64_C(0x28db77f523047d84), UINT64_C(0x32caab7b40c72493), UINT64_C(0x3c9ebe0a15c9bebc),
    UINT64_C(0x431d67c49c100d4c), UINT64_C(0x4cc5d4becb3e42b6), UINT64_C(0x597f299cfc657e2a),
    UINT64_C(0x5fcb6fab3ad6faec), UINT64_C(0x6c44198c4a475817),
};

/* §4.1.3 functions. ROTR is only used with constant 0 < n < 64. */
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))
#define BSIG0(x) (ROTR(x, 28) ^ ROTR(x, 34) ^ ROTR(x, 39))
#define BSIG1(x) (ROTR(x, 14) ^ ROTR(x, 18) ^ ROTR(x, 41))
#define SSIG0(x) (ROTR(x, 1) ^ ROTR(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROTR(x, 19) ^ ROTR(x, 61) ^ ((x) >> 6))

/*
 * Round t = r + j (j the position in the group of 16): T1 and T2 of §6.4.2
 * step 3, with the renaming folded into the argument order: the new e is
 * d + T1 (written into d) and the new a is T1 + T2 (written into h).
 */
#define ROUND(a, b, c, d, e, f, g, h, j)                                      \
    do {                                                                      \
        uint64_t t1_ = h + BSIG1(e) + CH(e, f, g) + sha512_k[r + (j)] + W[j]; \
        uint64_t t2_ = BSIG0(a) + MAJ(a, b, c);                               \
        d += t1_;                                                             \
        h = t1_ + t2_;                                                        \
    } while (0)

/*
 * W_t = σ1(W_{t-2}) + W_{t-7} + σ0(W_{t-15}) + W_{t-16}, in the ring: slot j
 * holds W_{t-16} and becomes W_t.
 */
#define EXPAND(j)                                                                      \
    (W[j] += SSIG1(W[((j) + 14) & 15]) + W[((j) + 9) & 15] + SSIG0(W[((j) + 1) & 15]))

/*
 * Process n ≥ 1 whole 128-byte blocks (§6.4.2); the contract of
 * sha512_blocks.h. Constant time in the block contents. The schedule ring is
 * wiped on return.
 */
void sha512_blocks_portable(uint64_t state[8], const uint8_t *p, size_t n)
{
    uint64_t W[16];

    while (n--) {
        uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
        for (int j = 0; j < 16; j++) W[j] = load64_be(p + 8 * j);

        for (int r = 0; r < 80; r += 16) {
            if (r > 0) {
                EXPAND(0); EXPAND(1); EXPAND(2); EXPAND(3);
                EXPAND(4); EXPAND(5); EXPAND(6); EXPAND(7);
                EXPAND(8); EXPAND(9); EXPAND(10); EXPAND(11);
                EXPAND(12); EXPAND(13); EXPAND(14); EXPAND(15);
            }
            ROUND(a, b, c, d, e, f, g, h, 0);
            ROUND(h, a, b, c, d, e, f, g, 1);
            ROUND(g, h, a, b, c, d, e, f, 2);
            ROUND(f, g, h, a, b, c, d, e, 3);
            ROUND(e, f, g, h, a, b, c, d, 4);
            ROUND(d, e, f, g, h, a, b, c, 5);
            ROUND(c, d, e, f, g, h, a, b, 6);
            ROUND(b, c, d, e, f, g, h, a, 7);
            ROUND(a, b, c, d, e, f, g, h, 8);
            ROUND(h, a, b, c, d, e, f, g, 9);
            ROUND(g, h, a, b, c, d, e, f, 10);
            ROUND(f, g, h, a, b, c, d, e, 11);
            ROUND(e, f, g, h, a, b, c, d, 12);
            ROUND(d, e, f, g, h, a, b, c, 13);
            ROUND(c, d, e, f, g, h, a, b, 14);
            ROUND(b, c, d, e, f, g, h, a, 15);
        }

        state[0] += a;
        state[1] += b;
        state[2] += c;
        state[3] += d;
        state[4] += e;
        state[5] += f;
        state[6] += g;
        state[7] += h;
        p += 128;
    }
    vec25519_wipe(W, sizeof W);
}
