/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Batched Ed25519 key generation (RFC 8032 §5.1.5): n key pairs from n
 * seeds, each exactly what vec25519_ed25519_keypair gives for the same seed:
 * a = clamp(SHA-512(seed)[0..32)), pk = encode([a]B), sk = seed ‖ pk.
 *
 * Per block of BASE_ENCODE_BLOCK seeds: one SHA-512 per seed, the clamped
 * scalars into a local copy, then the backend's base_encode
 * (src/backend/backend.h) in the Ed25519 form: the fixed-base
 * multiplications run eight per 512-bit register on the IFMA backend, four
 * per 256-bit register on AVX2 and one at a time on the serial backend, and
 * the n encodings share one field inversion (docs/performance.md §3).
 *
 * Constant time in every seed; the public keys are declassified, as in the
 * single call. Stack secrets (hashes, scalars) are wiped.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "vec25519/ed25519.h"
#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"

VEC25519_API void vec25519_ed25519_keypair_batch(size_t n, uint8_t *pks, uint8_t *sks,
                                                 const uint8_t *seeds)
{
    const struct backend *b = backend_get();
    const uint8_t *in = seeds;
    uint8_t *pk = pks, *sk = sks;
    uint8_t a[BASE_ENCODE_BLOCK][32], enc[BASE_ENCODE_BLOCK][32], az[64];

    for (size_t done = 0; done < n;) {
        size_t m = n - done < BASE_ENCODE_BLOCK ? n - done : BASE_ENCODE_BLOCK;
        for (size_t i = 0; i < m; i++) {
            vec25519_sha512(az, in + 32 * (done + i), 32);
            sc_clamp(a[i], az);
        }
        b->base_encode(m, &enc[0][0], &a[0][0], BASE_ENCODE_ED25519);
        ct_declassify(enc, 32 * m); /* the public keys */
        for (size_t i = 0; i < m; i++) {
            memmove(sk + 64 * (done + i), in + 32 * (done + i), 32);
            memcpy(sk + 64 * (done + i) + 32, enc[i], 32);
            memcpy(pk + 32 * (done + i), enc[i], 32);
        }
        done += m;
    }
    vec25519_wipe(a, sizeof a);
    vec25519_wipe(az, sizeof az);
}
