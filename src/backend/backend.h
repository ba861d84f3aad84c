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
};

/* The serial backend (src/backend/serial/scalarmult.c). */
extern const struct backend backend_serial;

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

#endif /* VEC25519_BACKEND_BACKEND_H */
