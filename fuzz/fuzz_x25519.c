/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fuzz_x25519: X25519 (RFC 7748) against libsodium 1.0.18.
 *
 * Input: at least 64 bytes: scalar = bytes 0..31, u = bytes 32..63 (any
 * bits: the scalar is clamped, bit 255 of u ignored, u ≥ p reduced).
 *   - vec25519_x25519(scalar, u) and crypto_scalarmult_curve25519: the same
 *     return code (-1 for an all-zero shared secret) and the same output;
 *     ours is zeroed on failure;
 *   - vec25519_x25519_base(scalar) and crypto_scalarmult_curve25519_base:
 *     both succeed with the same output, which is also
 *     vec25519_x25519(scalar, 9) (fixed-base Edwards tables vs the ladder);
 *   - the 64 bytes as an Ed25519 secret key (seed ‖ pk):
 *     vec25519_ed25519_sk_to_x25519 and crypto_sign_ed25519_sk_to_curve25519
 *     give the same X25519 secret key.
 */
#include <string.h>

#include <sodium.h>

#include "fuzz_common.h"
#include "vec25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_sodium_init();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t nine[32] = {9};
    uint8_t s[32], u[32], o1[32], o2[32], b1[32], b2[32], b3[32], k1[32], k2[32];

    fuzz_begin(data, size);
    if (size < 64) return 0;
    memcpy(s, data, 32);
    memcpy(u, data + 32, 32);
    fuzz_note("ours", o1, 32);
    fuzz_note("libsodium", o2, 32);

    memset(o1, 0xa5, 32);
    int r1 = vec25519_x25519(o1, s, u);
    int r2 = crypto_scalarmult_curve25519(o2, s, u);
    FUZZ_REQUIRE(r1 == r2, "x25519: vec25519 returns %d, crypto_scalarmult_curve25519 %d", r1, r2);
    if (r1 == 0)
        FUZZ_REQUIRE(memcmp(o1, o2, 32) == 0, "x25519: outputs differ");
    else
        FUZZ_REQUIRE(r1 == -1 && fuzz_is_zero(o1, 32), "x25519 failed without zeroing");
    FUZZ_REQUIRE(memcmp(s, data, 32) == 0 && memcmp(u, data + 32, 32) == 0,
                 "x25519 modified its inputs");

    fuzz_notes_reset();
    fuzz_note("ours base", b1, 32);
    fuzz_note("libsodium base", b2, 32);
    fuzz_note("ladder(s, 9)", b3, 32);
    memset(b1, 0xa5, 32);
    r1 = vec25519_x25519_base(b1, s);
    r2 = crypto_scalarmult_curve25519_base(b2, s);
    FUZZ_REQUIRE(r1 == 0 && r2 == 0, "x25519_base: vec25519 returns %d, libsodium %d", r1, r2);
    FUZZ_REQUIRE(memcmp(b1, b2, 32) == 0, "x25519_base: outputs differ");
    r1 = vec25519_x25519(b3, s, nine);
    FUZZ_REQUIRE(r1 == 0 && memcmp(b1, b3, 32) == 0,
                 "x25519_base(s) != x25519(s, 9) (ladder returns %d)", r1);

    fuzz_notes_reset();
    fuzz_note("ours sk", k1, 32);
    fuzz_note("libsodium sk", k2, 32);
    vec25519_ed25519_sk_to_x25519(k1, data);
    FUZZ_REQUIRE(crypto_sign_ed25519_sk_to_curve25519(k2, data) == 0,
                 "crypto_sign_ed25519_sk_to_curve25519 failed");
    FUZZ_REQUIRE(memcmp(k1, k2, 32) == 0, "ed25519_sk_to_x25519: outputs differ");
    return 0;
}
