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
    /* The same for n entries (entry i at 32·i of each buffer; n = 0 writes
     * nothing): serial one by one, avx2 and ifma on their 4- and 8-lane
     * kernels (src/backend/ladder.h, x25519_batch_lanes). out may be
     * scalars or points, no other overlap. Constant time (n public). */
    void (*x25519_batch)(size_t n, uint8_t *out, const uint8_t *scalars, const uint8_t *points);
    /* Decodes four encodings with exactly the policy of ge_ext_frombytes
     * (policy GE_DECODE_STRICT) or ge_ext_frombytes_relaxed
     * (GE_DECODE_RELAXED): ok[i] = 0 or -1 and out[i] (the point, or the
     * identity) as that decoder gives for in[i]; the four square roots share
     * one 4-way exponentiation (src/backend/vector/decode.c). Variable time:
     * the encodings are public. Optional: NULL when the backend has none. */
    void (*frombytes4_vartime)(ge_ext out[4], int ok[4], const uint8_t in[4][32], int policy);
    /* The SHA-512 compression function of n ≥ 1 whole 128-byte blocks that
     * vec25519_sha512_* run on (sha512_blocks.h: serial the
     * portable C, avx2 and ifma a vector message schedule; docs/sha512.md).
     * Constant time in the block contents. */
    void (*sha512_blocks)(uint64_t state[8], const uint8_t *p, size_t n);
    /* The encodings of n fixed-base multiples, out + 32·i = the encoding of
     * [s_i]B with s_i = scalars + 32·i (any 32 bytes with s[31] ≤ 127), in
     * the form `form`:
     *   BASE_ENCODE_ED25519  RFC 8032 §5.1.2: y with the sign of x in bit
     *                        255, byte-identical to ge_ext_tobytes of
     *                        scalarmult_base;
     *   BASE_ENCODE_X25519   the Montgomery u = (1 + y)/(1 − y) = (Z + Y)/
     *                        (Z − Y) of RFC 7748 §4.1, canonical; the
     *                        identity (Z = Y) gives 0, as 1/0 ↦ 0.
     * One field inversion for all n (Montgomery's trick, per block of at
     * most BASE_ENCODE_BLOCK entries); several multiplications at a time on
     * the vector backends (docs/performance.md). n = 0 writes nothing. out
     * may be the same buffer as scalars (out == scalars); no other overlap.
     * Constant time in every scalar (n and form public). */
    void (*base_encode)(size_t n, uint8_t *out, const uint8_t *scalars, int form);
    /* Two decodings (A and R of a signature) as frombytes4_vartime does
     * four, where that is faster than two serial decodings (IFMA: the two
     * square roots in one 4-way exponentiation). Variable time. Optional:
     * NULL when two ge_ext_frombytes(_relaxed) calls are the faster way. */
    void (*frombytes2_vartime)(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy);
    /* h[i] = f[i]^((p-5)/8) for i = 0, 1, where two exponentiations side by
     * side are faster than one after the other (IFMA: the lanes of one 4-way
     * chain, as frombytes2_vartime; AVX2: pow22523_2_best, below). Constant
     * time. Optional: NULL when two fe_pow22523 calls are the faster way
     * (ge_decode_torsion_free's pow2). */
    void (*pow22523_2)(fe h[2], const fe f[2]);
    /* h = f^((p-5)/8) and inv = 1/g (0 ↦ 0) side by side, where that is
     * faster than fe_pow22523 and fe_invert one after the other (IFMA: two
     * lanes of one 4-way chain; AVX2: pow22523_invert_best): the subgroup
     * test's last power beside the inversion that encodes a result
     * (ge_decode_torsion_finish). Constant time. Optional: NULL otherwise. */
    void (*pow22523_invert)(fe *h, const fe *f, fe *inv, const fe *g);
    /* r = [s]P as scalarmult, and *in_order = all ones iff [ℓ]P is the
     * identity (P in the prime-order subgroup: ge_ext_is_torsion_free's
     * verdict), the two multiplications side by side where that costs about
     * one (IFMA: the halves of 512-bit registers, ifma/scalarmult_x2.c).
     * Callers take it through scalarmult_order_best (below), which returns
     * NULL on CPUs where the subgroup test's exponentiations are the faster
     * way. Constant time in s and P. Optional: NULL otherwise. */
    void (*scalarmult_order)(ge_ext *r, ct_mask *in_order, const uint8_t s[32], const ge_ext *P);
    /* double_scalarmult_vartime with A precomputed (expanded Ed25519 keys):
     * double_base_table_init writes DOUBLE_BASE_TABLE_BYTES bytes at table
     * (any alignment), the odd multiples A, 3A, …, (2·DOUBLE_BASE_TABLE_ENTRIES
     * − 1)A in this backend's representation; double_scalarmult_table_vartime
     * gives r = [a]A + [b]B from such a table (a, b any 256-bit values),
     * reading the entries it needs with memcpy. A table is valid only on the
     * backend that filled it. Variable time: A, a, b public. */
    void (*double_base_table_init)(void *table, const ge_ext *A);
    void (*double_scalarmult_table_vartime)(ge_ext *r, const uint8_t a[32], const void *table,
                                            const uint8_t b[32]);
};

/* The tables of double_base_table_init: width-7 NAF digits of a, so the odd
 * multiples up to 63A, each at most 160 bytes in every backend's cached form. */
#define DOUBLE_BASE_TABLE_W 7
#define DOUBLE_BASE_TABLE_ENTRIES 32
#define DOUBLE_BASE_TABLE_BYTES (DOUBLE_BASE_TABLE_ENTRIES * 160)

/* The forms of base_encode. */
#define BASE_ENCODE_ED25519 0
#define BASE_ENCODE_X25519 1
/* The entries base_encode inverts together (its stack use grows with it). */
#define BASE_ENCODE_BLOCK 64

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

/*
 * frombytes2_vartime on a given pair of exponentiations: both halves of the
 * serial decoder for in[0] and in[1], with pow2 (ge.h; NULL: one after the
 * other) between them. out[i], ok[i] exactly as frombytes4_vartime gives
 * them. Variable time: the encodings are public (ge_frombytes.c).
 */
void ge_frombytes2_vartime(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy,
                           ge_pow22523_2_fn pow2);

/*
 * The pair of exponentiations this CPU does fastest without the IFMA
 * vector chain (src/backend/dispatch.c, the one file that looks at the
 * CPU): the interleaved BMI2/ADX pair (x86_64/pow_fe64.c) when the CPU has
 * BMI2 and ADX, else two fe_pow22523. The AVX2 table's pow22523_2, and its
 * frombytes2_vartime is ge_frombytes2_vartime on it. Constant time / as
 * the entries they stand for.
 */
void pow22523_2_best(fe h[2], const fe f[2]);
void frombytes2_best_vartime(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy);
/* The same choice for pow22523_invert: the BMI2/ADX pair
 * (fe64_pow22523_invert), else fe_pow22523 and fe_invert. */
void pow22523_invert_best(fe *h, const fe *f, fe *inv, const fe *g);

/* The signature of the table's scalarmult_order. */
typedef void (*scalarmult_order_fn)(ge_ext *r, ct_mask *in_order, const uint8_t s[32],
                                    const ge_ext *P);
/*
 * b->scalarmult_order where it pays on this CPU, else NULL (the caller then
 * runs the subgroup test's exponentiations: ge_decode_torsion_start/finish).
 * The IFMA pair pays where 512-bit operations run at the rate of 256-bit
 * ones (cpu_features().zmm_full: AMD Zen 5 and later; docs/performance.md
 * §16). VEC25519_IFMA_SUBGROUP=halves or powers forces either (tests,
 * benchmarks; read as VEC25519_BACKEND is). src/backend/dispatch.c.
 */
scalarmult_order_fn scalarmult_order_best(const struct backend *b);
/*
 * 1 where the IFMA table's scalarmult runs the two halves of the scalar in
 * the two halves of 512-bit registers (ifma/scalarmult_x2.c,
 * ifma_scalarmult_halves_x2), 0 where it runs the 4-way [s]P of
 * vector/variable_base.c: the same rule as scalarmult_order_best
 * (cpu_features().zmm_full; docs/performance.md §19).
 * VEC25519_IFMA_SCALARMULT=halves or single forces either (tests,
 * benchmarks; read as VEC25519_BACKEND is). src/backend/dispatch.c.
 */
int scalarmult_halves_best(void);

/* The serial backend (src/backend/serial/backend.c). */
extern const struct backend serial_backend;
#if defined(VEC25519_X86_64)
/* The AVX2 backend (the algorithms of src/backend/vector/ on src/backend/avx2/). */
extern const struct backend avx2_backend;
/* The IFMA backend (the algorithms of src/backend/vector/ on src/backend/ifma/). */
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
/* The serial backend's double_base_table_init and double_scalarmult_table_vartime
 * (src/backend/serial/double_base.c). */
void ge_double_base_table_init(void *table, const ge_ext *A);
void ge_double_scalarmult_table_vartime(ge_ext *r, const uint8_t a[32], const void *table,
                                        const uint8_t b[32]);
/* Multiscalar multiplication (src/backend/serial/multiscalar.c, straus.c, pippenger.c, msm.h). */
void ge_multiscalar_vartime(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                            const ge_ext *points);
void ge_multiscalar(ge_ext *r, size_t n, const uint8_t (*scalars)[32], const ge_ext *points);
size_t ge_multiscalar_vartime_scratch_bytes(size_t n);
void ge_multiscalar_vartime_scratch(ge_ext *r, size_t n, const uint8_t (*scalars)[32],
                                    const ge_ext *points, void *scratch);
/* The fixed-base encodings (src/backend/serial/base_encode.c): the serial
 * backend's base_encode, and its second half for the vector backends,
 * ge_base_encode_finish: out + 32·i = the encoding (form as base_encode) of
 * the point (X[i] : Y[i] : Z[i]) (X, Y, Z tight, Z ≠ 0; T is not needed),
 * with one inversion for the n ≤ BASE_ENCODE_BLOCK points. X, Y and Z are
 * overwritten (with secrets: the caller wipes them). Constant time. */
void ge_base_encode(size_t n, uint8_t *out, const uint8_t *scalars, int form);
void ge_base_encode_finish(size_t n, uint8_t *out, fe *X, fe *Y, fe *Z, int form);
/*
 * base_encode for a backend with a w-lane kernel (w ≤ BASE_ENCODE_LANES_MAX):
 * per block, the full chunks of w scalars through `lanes`, a remainder of
 * at least pad_min entries padded into one more call (the other lanes get
 * the scalar 0: public, their points discarded), a smaller one entry by
 * entry through `one`, then ge_base_encode_finish. A kernel writes (X[l] :
 * Y[l] : Z[l]) = [s_l]B (tight fe) for l < count, s_l = scalars + 32·l (w
 * scalars are read), constant time, and wipes its own state. Every scalar
 * of a block is read before its outputs are written (out == scalars is
 * allowed).
 */
typedef void ge_base_kernel(fe *X, fe *Y, fe *Z, const uint8_t *scalars, size_t count);
/* f = the element with the radix-2^51 limbs (tight fe51 limbs: every
 * carried vector result), as a serial fe (either field). Constant time.
 * Defined where fe51 is (VEC25519_HAVE_FE51: the 64-bit targets). */
void ge_base_fe_from51(fe *f, const uint64_t limbs[5]);
#define BASE_ENCODE_LANES_MAX 8
void ge_base_encode_lanes(size_t n, uint8_t *out, const uint8_t *scalars, int form,
                          ge_base_kernel *lanes, size_t w, size_t pad_min, ge_base_kernel *one);

#endif /* VEC25519_BACKEND_BACKEND_H */
