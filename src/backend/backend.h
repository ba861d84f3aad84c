/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The backend table (docs/conventions.md §4): whole operations on edwards25519 that a
 * backend (serial, avx2, ifma) implements in its own point representation.
 * Callers pass and receive serial extended points; conversion to a vector
 * representation happens inside the backend.
 *
 * backend_get() picks the backend on first use (CPUID/XGETBV, or the
 * VEC25519_BACKEND environment variable) and caches the choice; no init call.
 */
#ifndef VEC25519_BACKEND_BACKEND_H
#define VEC25519_BACKEND_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "serial/ge.h"

struct backend {
    const char *name;
    /* r = [s]P. Constant time in s and P. s: any 32 bytes with s[31] ≤ 127. */
    void (*scalarmult)(ge_ext *r, const uint8_t s[32], const ge_ext *P);
    /* r = [s]B. Constant time in s. s: any 32 bytes with s[31] ≤ 127. */
    void (*scalarmult_base)(ge_ext *r, const uint8_t s[32]);
    /* r = [a]A + [b]B. Variable time: a, A, b public. a, b: any 256-bit values. */
    void (*double_scalarmult_vartime)(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                      const uint8_t b[32]);
    /* r = Σ_{i<n} [scalars[i]]points[i]; n = 0 gives the identity. Scalars: any
     * 256-bit values (not reduced: torsion components are multiplied by the
     * integer). Variable time: scalars and points public. Never fails (falls
     * back to an allocation-free method when malloc fails). r may alias a point. */
    void (*multiscalar_vartime)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                const ge_ext *points);
    /* The same, constant time in the scalars and the points (n public). */
    void (*multiscalar)(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points);
    /* multiscalar_vartime with the caller's scratch instead of malloc (one
     * block reused across calls: docs/msm.md §4; serial: msm.h). The bytes
     * needed for n points, any scalars (0: none, scratch may be NULL;
     * SIZE_MAX: too large), and the operation itself, scratch 64-byte aligned.
     * Optional: when either is NULL, callers use multiscalar_vartime. */
    size_t (*multiscalar_vartime_scratch_bytes)(size_t n);
    void (*multiscalar_vartime_scratch)(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                        const ge_ext *points, void *scratch);
    /* out = X25519(scalar, point) before the all-zero check (RFC 7748 §5):
     * the Montgomery ladder on this backend's best field. Constant time. */
    void (*x25519)(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
    /* Decodes four encodings with exactly the policy of ge_ext_frombytes
     * (policy GE_DECODE_STRICT) or ge_ext_frombytes_relaxed
     * (GE_DECODE_RELAXED): ok[i] = 0 or -1 and out[i] (the point, or the
     * identity) as that decoder gives for in[i]; the four square roots share
     * one 4-way exponentiation (src/backend/vector/decode.c). Variable time:
     * the encodings are public. Optional: NULL when the backend has none. */
    void (*frombytes4_vartime)(ge_ext out[4], int ok[4], const uint8_t in[4][32], int policy);
    /* The SHA-512 compression function of n ≥ 1 whole 128-byte blocks that
     * vec25519_sha512_* run on (src/hash/sha512_blocks.h: serial the
     * portable C, avx2 and ifma a vector message schedule; docs/sha512.md).
     * Constant time in the block contents. */
    void (*sha512_blocks)(uint64_t state[8], const uint8_t *p, size_t n);
};

/* The policies of frombytes4_vartime (the `relaxed` argument of ge_decode_finish). */
#define GE_DECODE_STRICT 0
#define GE_DECODE_RELAXED 1

/*
 * The serial decoder (src/backend/serial/ge_frombytes.c) in two halves
 * around its one exponentiation, for the vector decoders:
 *   ge_decode_begin(c, w, s)          c = the state of decoding s, w = the
 *                                     input of the exponentiation (u·v⁷)
 *   ge_decode_finish(h, c, pw, pol)   given pw = w^((p-5)/8): h and 0 / -1,
 *                                     exactly as ge_ext_frombytes (pol =
 *                                     GE_DECODE_STRICT) or _relaxed would; c
 *                                     is wiped
 * Constant-time arithmetic; finish reveals only the verdict.
 */
typedef struct {
    fe y, u, v, uv3;
    ct_mask sign, canonical;
} ge_decode_ctx;
void ge_decode_begin(ge_decode_ctx *c, fe *w, const uint8_t s[32]);
int ge_decode_finish(ge_ext *h, ge_decode_ctx *c, const fe *pw, int relaxed);

/* The serial backend (src/backend/serial/scalarmult.c). */
extern const struct backend backend_serial;
#if defined(VEC25519_X86_64)
/* The AVX2 backend (src/backend/vector/scalarmult.c on src/backend/avx2/). */
extern const struct backend avx2_backend;
/* The IFMA backend (src/backend/vector/scalarmult.c on src/backend/ifma/). */
extern const struct backend ifma_backend;
#endif

const struct backend *backend_get(void);

/* Every backend compiled in and usable on this CPU (serial first). */
const struct backend *const *backend_available(size_t *n);
/* Look up an available backend by name ("serial" names the serial one). NULL if absent. */
const struct backend *backend_by_name(const char *name);
/* For tests and the benchmark only: make b the backend in use from now on. */
void backend_set(const struct backend *b);

/* Serial algorithms, also used by the vector backends for what they do not vectorise. */
void ge_scalarmult(ge_ext *r, const uint8_t s[32], const ge_ext *P);
void ge_scalarmult_base(ge_ext *r, const uint8_t s[32]);
void ge_double_scalarmult_vartime(ge_ext *r, const uint8_t a[32], const ge_ext *A,
                                  const uint8_t b[32]);
/* X25519 ladders (src/x25519/x25519.c): on the serial field, and on the
 * fastest field this CPU has (the BMI2/ADX radix-2^64 field when present). */
void x25519_ladder_serial(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
void x25519_ladder_best(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
/* Multiscalar multiplication (src/backend/serial/msm.c, msm.h). */
void ge_multiscalar_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points);
void ge_multiscalar(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points);
size_t ge_multiscalar_vartime_scratch_bytes(size_t n);
void ge_multiscalar_vartime_scratch(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                    const ge_ext *points, void *scratch);

#endif /* VEC25519_BACKEND_BACKEND_H */
