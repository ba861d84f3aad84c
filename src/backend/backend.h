/*
 * The backend table (design.md §4): whole operations on edwards25519 that a
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
    /* out = X25519(scalar, point) before the all-zero check (RFC 7748 §5):
     * the Montgomery ladder on this backend's best field. Constant time. */
    void (*x25519)(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32]);
};

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

#endif /* VEC25519_BACKEND_BACKEND_H */
