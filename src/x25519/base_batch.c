/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Batched X25519 key generation: n public keys X25519(sk_i, 9) from n
 * secret keys (RFC 7748 §5, §6.1), each exactly what vec25519_x25519_base
 * gives for the same secret.
 *
 * Per block of BASE_ENCODE_BLOCK keys the scalars are clamped into a local
 * copy and handed to the backend's base_encode (src/backend/backend.h) in
 * the X25519 form: the fixed-base multiplications run eight per 512-bit
 * register on the IFMA backend, four per 256-bit register on AVX2 and one
 * at a time on the serial backend, and the n maps u = (Z + Y)/(Z − Y) share
 * one field inversion (docs/performance.md §3). Then the RFC 7748 §6.1
 * check, per key, as in vec25519_x25519_base (x25519_finish; it cannot fire
 * for a clamped scalar, whose multiple of B is never the identity).
 *
 * Constant time in every secret key: the path depends only on n and the
 * backend; the per-key "all zero" verdicts are declassified as in the
 * single call.
 */
#include <stddef.h>
#include <stdint.h>

#include "vec25519/x25519.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "ladder.h"

VEC25519_API int vec25519_x25519_base_batch(size_t n, uint8_t *pks, const uint8_t *sks)
{
    const struct backend *b = backend_get();
    const uint8_t *in = sks;
    uint8_t *out = pks;
    uint8_t k[BASE_ENCODE_BLOCK][32];
    int rc = 0;

    for (size_t done = 0; done < n;) {
        size_t m = n - done < BASE_ENCODE_BLOCK ? n - done : BASE_ENCODE_BLOCK;
        for (size_t i = 0; i < m; i++) sc_clamp(k[i], in + 32 * (done + i));
        b->base_encode(m, out + 32 * done, &k[0][0], BASE_ENCODE_X25519);
        for (size_t i = 0; i < m; i++) rc |= x25519_finish(out + 32 * (done + i));
        done += m;
    }
    vec25519_wipe(k, sizeof k);
    return rc;
}
