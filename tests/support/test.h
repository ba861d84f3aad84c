/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * A small test vocabulary shared by every test program.
 *
 *   CHECK(cond, "fmt", ...)        count a check; report it if it fails
 *   CHECK_BYTES(a, b, n, "fmt", ...) compare byte strings, hex-dump on failure
 *   return test_done();            prints "N passed, N failed" and the exit code
 *   test_skip("why")              exits 77 (CTest: skipped) with the reason
 *
 * Random inputs come from test_rng_bytes(): xoshiro256** seeded from the
 * VEC25519_TEST_SEED environment variable, or from getrandom when unset; the
 * seed is printed so a failure can be replayed.
 *
 * Vector files are read from $VEC25519_VECTORS (tests/vectors/ by default, set by
 * CTest) with vec_open()/vec_next(), in the flat format of its README.
 */
#ifndef VEC25519_TEST_H
#define VEC25519_TEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

extern unsigned long test_checks, test_failed;

#if defined(__MINGW32__) /* mingw-w64's C99 printf: src/encoding/encoding.h */
void test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(gnu_printf, 3, 4)));
#else
void test_fail(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
#endif
int test_done(void);
void test_skip(const char *why) __attribute__((noreturn));
/* Skips (as test_skip) unless the CPU and the OS run AVX-512 IFMA code. */
void test_require_ifma(void);

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        test_checks++;                                                    \
        if (!(cond)) test_fail(__FILE__, __LINE__, __VA_ARGS__);          \
    } while (0)

int test_bytes_eq(const void *a, const void *b, size_t n, const char *file, int line,
                  const char *what);
#define CHECK_BYTES(a, b, n, what) \
    (test_checks++, test_bytes_eq((a), (b), (n), __FILE__, __LINE__, (what)))

/*
 * The number of random cases of a sweep: n natively; a tenth (at least one)
 * with VEC25519_TEST_SHORT_SWEEPS, which tests/CMakeLists.txt defines where
 * each case costs 10 to 50 times more and the full count is run elsewhere:
 * under an emulator (a cross build with CMAKE_CROSSCOMPILING_EMULATOR:
 * qemu-user, Wine), and in the sanitizer build of tools/test.sh step 2
 * (VEC25519_TEST_SHORT_SWEEPS=ON), whose subject is memory safety on the
 * paths the sweeps take, not their count. Only random sweeps are sized by
 * it: the enumerated edge cases and the known-answer vectors run in full
 * everywhere.
 */
#if defined(VEC25519_TEST_SHORT_SWEEPS)
#define TEST_RANDOM_CASES(n) ((n) >= 10 ? (n) / 10 : 1)
#else
#define TEST_RANDOM_CASES(n) (n)
#endif

/* Random bytes (xoshiro256**, seeded once per process). */
void test_rng_bytes(void *out, size_t n);
uint64_t test_rng_u64(void);
/* Uniform in [0, n). */
uint64_t test_rng_below(uint64_t n);
/* The next output of splitmix64 from the state *x (which it advances): a
 * seeded, reproducible sequence, and the seeding of test_rng_bytes. */
uint64_t test_splitmix64(uint64_t *x);

/* Hex. hex_decode returns the byte count, or -1 on bad hex or overflow.
 * "-" decodes to zero bytes. */
long hex_decode(uint8_t *out, size_t cap, const char *hex);

/* The eight points of small order (the torsion of edwards25519), canonical
 * encodings: the identity, (0, −1), (±√−1, 0), and the four of order 8. */
extern const uint8_t test_small_order_enc[8][32];
/* The seven X25519 u of small order (RFC 7748 §6.1's exclusion list), as
 * little-endian hex: 0, 1, the two u of order 8, p − 1, p, p + 1. */
extern const char *const test_small_order_u_hex[7];
/* s += ℓ mod 2^256, little-endian: for s < 2^252 (any reduced S) the sum
 * is exact, S + ℓ, the non-canonical twin of S. */
void test_add_ell(uint8_t s[32]);
void hex_print(FILE *f, const char *label, const uint8_t *p, size_t n);

/* Vector files. */
typedef struct {
    FILE *f;
    char *line;
    size_t cap;
    char *fields[32];
    int nfields;
    unsigned long lineno;
    char path[1024];
} vec_reader;

/* Opens $VEC25519_VECTORS/rel; on failure reports a test failure and returns -1. */
int vec_open(vec_reader *r, const char *rel);
/* Next data line split on spaces into r->fields (stops at a lone "#" field).
 * Comment lines starting with '#' are skipped. Returns 1, or 0 at end. */
int vec_next(vec_reader *r);
/* The comment lines are also useful (e.g. "# TEST 1"): the last one seen. */
const char *vec_last_comment(const vec_reader *r);
void vec_close(vec_reader *r);
/* Field i of the current line as hex of at most cap bytes: its length, or -1
 * (reported as a failed check, with the file and line). */
long vec_field_var(const vec_reader *r, int i, uint8_t *out, size_t cap);
/* Field i as exactly n bytes of hex: 1, or 0 (reported). */
int vec_field_hex(const vec_reader *r, int i, uint8_t *out, size_t n);
/* The same, counting a check only when the field is bad (missing, not hex or
 * not n bytes): 1, or 0 (reported as a failed check). */
int vec_field_exact(const vec_reader *r, int i, uint8_t *out, size_t n);
/* each(r, i, ctx) on every data line of the vector file rel, i counting the
 * lines it took (returned 1 for) so far: their number, or -1 when the file
 * cannot be opened (reported by vec_open). */
typedef int vec_case_fn(const vec_reader *r, int i, const void *ctx);
int vec_cases(const char *rel, vec_case_fn *each, const void *ctx);
/* An Ed25519 verification case of a vector file, the i-th read (from 0). */
typedef void vec_ed25519_fn(const void *arg, int i, const uint8_t sig[64], const uint8_t *m,
                            size_t mlen, const uint8_t pk[32]);
/* fn(arg, ...) on each case of wycheproof/ed25519_test.txt with a 64-byte
 * signature (the only ones libsodium's API takes) / of
 * speccheck/ed25519_speccheck.txt, in file order: their number, or -1 when
 * the file cannot be opened (reported by vec_open). */
int vec_wycheproof_ed25519_sig64(vec_ed25519_fn *fn, const void *arg);
int vec_speccheck_ed25519(vec_ed25519_fn *fn, const void *arg);
/* An X25519 function under test: out = X25519(k, u); 0, or -1 where it
 * rejects an all-zero output. */
typedef int vec_x25519_fn(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
/* out = X25519(k, 9), the public key of k: 0, or -1 as vec_x25519_fn. */
typedef int vec_x25519_base_fn(uint8_t out[32], const uint8_t k[32]);
/* RFC 7748's known answers through fn, each call checked to return 0 and
 * name labelling the lines printed: the two §5.2 single-shot vectors
 * (rfc7748/x25519_scalarmult.txt); the §6.1 Diffie–Hellman example
 * (rfc7748/x25519_dh.txt), both public keys as fn(k, 9), and through base
 * unless it is NULL, and both shared secrets; §5.2's iterations
 * (rfc7748/x25519_iterated.txt), 1 and 1,000 always, 1,000,000 only with
 * VEC25519_SLOW=1. */
void vec_x25519_rfc7748(vec_x25519_fn *fn, vec_x25519_base_fn *base, const char *name);
/* A case of wycheproof/x25519_test.txt: its tcId, its result ("valid",
 * "acceptable", ...), the private and the public key, the shared secret. */
typedef void vec_x25519_case_fn(const void *arg, const char *tc, const char *result,
                                const uint8_t priv[32], const uint8_t pub[32],
                                const uint8_t shared[32]);
/* fn(arg, ...) on each case, in file order: their number, or -1 when the
 * file cannot be opened (reported by vec_open). */
int vec_wycheproof_x25519(vec_x25519_case_fn *fn, const void *arg);
/* Path of a vector file (for programs that parse JSON themselves). */
const char *vec_path(const char *rel);

#endif /* VEC25519_TEST_H */
