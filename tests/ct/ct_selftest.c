/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Self-test of the constant-time harness (docs/constant-time.md): proves that
 * valgrind memcheck, as ct_check runs it, does catch the two ways a secret
 * leaks through timing that it can see, and stays quiet on the constant-time
 * way of writing the same functions.
 *
 * Three deliberately leaky functions, compiled only into this program:
 *   leaky_lookup   a table lookup indexed by a secret byte (cache timing)
 *   leaky_pow      square-and-multiply with a branch on each secret bit
 *   leaky_equal    an early-exit comparison of two secret buffers (memcmp)
 * and their constant-time twins written with src/internal/ct.h (a full table
 * scan with masked selection, a masked multiply, an OR-accumulated
 * comparison).
 *
 * Usage: ct_selftest leak|clean [--native] [--expect-caught] [--skip=REASON]
 *   leak    runs the leaky functions on secret (undefined) inputs; under
 *           valgrind --error-exitcode=1 the run must fail (CTest WILL_FAIL).
 *           The results are checked against the constant-time twins run on
 *           public inputs, and the program itself returns 0, so a non-zero
 *           exit can only come from valgrind's errors (or a crash, which
 *           ct_selftest_native rules out).
 *   clean   runs the constant-time twins on secret inputs: must pass.
 *   --native         allow running without valgrind (the functions still run
 *                    and are checked; nothing is checked about timing).
 *   --expect-caught  under valgrind: fail unless every leaky function raised
 *                    at least one memcheck error (VALGRIND_COUNT_ERRORS).
 *   --skip=REASON    print REASON and exit 77 (CTest: skipped).
 *
 * Built with -DVEC25519_CT_MSAN (ct_selftest_msan) the same program proves the
 * MemorySanitizer mode instead: it runs natively, SECRET is __msan_poison,
 * and three more leaky functions in IFMA code (ct_selftest_ifma.c: a branch
 * on a lane, an index from a lane, a branch on an opmask bit, after
 * vpmadd52luq/huq, vpermq, masked adds and blends) run when the CPU has
 * AVX-512 IFMA. --expect-caught then also checks that each report is MSan's
 * "use-of-uninitialized-value" in the leaky function itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "internal/ct.h"

#include "ct_track.h" /* SECRET, PUBLIC, the error count: memcheck or MSan */
#if defined(VEC25519_CT_MSAN)
#include "ct_selftest_ifma.h"
#endif

#define NOINLINE __attribute__((noinline))

/* A prime below 2^32, so that products fit in 64 bits. */
#define MODULUS 4294967291u

static uint8_t sbox[256];

/* A permutation of the bytes (167 is odd), filled at run time so that the
 * compiler cannot replace the lookups by arithmetic. */
static void sbox_init(void)
{
    for (unsigned i = 0; i < 256; i++) sbox[i] = (uint8_t)(i * 167u + 13u);
}

static NOINLINE uint64_t mulmod(uint64_t a, uint64_t b)
{
    return (a * b) % MODULUS;
}

/* ---- leaky ---------------------------------------------------------------- */

/* Secret index: the address read depends on the secret. */
static NOINLINE uint8_t leaky_lookup(uint8_t secret)
{
    return sbox[secret];
}

/* base^e mod MODULUS, multiplying only when the secret bit is set. */
static NOINLINE uint64_t leaky_pow(uint64_t base, uint32_t e)
{
    uint64_t acc = 1;
    for (int i = 31; i >= 0; i--) {
        acc = mulmod(acc, acc);
        if ((e >> i) & 1) acc = mulmod(acc, base);
    }
    return acc;
}

/* 1 iff a == b, returning at the first difference. */
static NOINLINE int leaky_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

/* ---- constant time ----------------------------------------------------------- */

/* Every entry is read; the wanted one is kept by a mask. */
static NOINLINE uint8_t ct_lookup(uint8_t secret)
{
    uint64_t r = 0;
    for (uint64_t i = 0; i < 256; i++) r = ct_select_u64(ct_eq(secret, i), sbox[i], r);
    return (uint8_t)r;
}

/* Always multiply; keep the product by a mask. */
static NOINLINE uint64_t ct_pow(uint64_t base, uint32_t e)
{
    uint64_t acc = 1;
    for (int i = 31; i >= 0; i--) {
        acc = mulmod(acc, acc);
        uint64_t prod = mulmod(acc, base);
        acc = ct_select_u64(ct_from_bit((e >> i) & 1), prod, acc);
    }
    return acc;
}

/* All bytes compared; the verdict is a mask. */
static NOINLINE ct_mask ct_equal(const uint8_t *a, const uint8_t *b, size_t n)
{
    return ct_eq_bytes(a, b, n);
}

/* ---- driver -------------------------------------------------------------------- */

/* The secret inputs of one round (and a public copy for the reference). */
struct inputs {
    uint8_t idx;
    uint32_t e;
    uint8_t a[48], b[48];
    uint64_t limbs[4]; /* IFMA lanes (MSan build) */
};

static const uint64_t pow_base = 0x1234567u;

static void inputs_fill(struct inputs *in, unsigned k)
{
    memset(in, 0, sizeof *in);
    in->idx = (uint8_t)(0xa5u + 37u * k);
    in->e = 0xdeadbeefu ^ (0x9e3779b9u * k);
    for (unsigned i = 0; i < sizeof in->a; i++) in->a[i] = (uint8_t)(i * 29u + k);
    memcpy(in->b, in->a, sizeof in->b);
    if (k & 1) in->b[(k * 7u) % sizeof in->b] ^= 0x40; /* odd k: the buffers differ */
    for (unsigned i = 0; i < 4; i++) in->limbs[i] = (0x5851f42d4c957f2dULL * (4 * k + i + 1)) >> 12;
}

static void inputs_secret(struct inputs *in)
{
    SECRET(&in->idx, sizeof in->idx);
    SECRET(&in->e, sizeof in->e);
    SECRET(in->a, sizeof in->a);
    SECRET(in->b, sizeof in->b);
    SECRET(in->limbs, sizeof in->limbs);
}

static unsigned long failures;

/* One leaky call: counts the reports it raised into *caught and, under MSan,
 * checks that the last one is a use of a secret inside the function `fn`. */
#define LEAKY_CALL(caught, fn, call)                                                  \
    do {                                                                              \
        unsigned long before_ = ct_track_errors();                                    \
        call;                                                                         \
        unsigned long raised_ = ct_track_errors() - before_;                          \
        (caught) += raised_;                                                          \
        if (raised_ > 0) report_kind(fn);                                             \
    } while (0)

static unsigned long wrong_kind;

static void report_kind(const char *fn)
{
#if defined(VEC25519_CT_MSAN)
    const char *r = ct_msan_last_report();
    char where[64];
    snprintf(where, sizeof where, " in %s", fn);
    if (!strstr(r, "MemorySanitizer: use-of-uninitialized-value") || !strstr(r, where)) {
        wrong_kind++;
        printf("unexpected report for %s: %s\n", fn, r);
    }
#else
    (void)fn;
#endif
}

static void expect(int ok, const char *what, unsigned k)
{
    if (!ok) {
        failures++;
        printf("FAIL: %s (input set %u)\n", what, k);
    }
}

int main(int argc, char **argv)
{
    int leak = -1, native = 0, expect_caught = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "leak") == 0) {
            leak = 1;
        } else if (strcmp(argv[i], "clean") == 0) {
            leak = 0;
        } else if (strcmp(argv[i], "--expect-caught") == 0) {
            expect_caught = 1;
        } else if (!ct_common_option(argv[i], &native)) {
            leak = -1;
            break;
        }
    }
    if (leak < 0) {
        fprintf(stderr, "usage: %s leak|clean [--native] [--expect-caught] [--skip=REASON]\n",
                argv[0]);
        return 2;
    }
    if (!ct_track_active() && !native) {
        printf("SKIP: not running under valgrind memcheck, so nothing would be checked "
               "(pass --native to run the functions anyway)\n");
        return 77;
    }
    if (expect_caught && !ct_track_active()) {
        printf("FAIL: --expect-caught needs valgrind\n");
        return 1;
    }

    sbox_init();
    unsigned long caught_lookup = 0, caught_pow = 0, caught_equal = 0;
#if defined(VEC25519_CT_MSAN)
    /* The IFMA leaks: only if this CPU can run them (the library's own
     * detection also checks that the OS saves the AVX-512 state). */
    int ifma = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
               __builtin_cpu_supports("avx512ifma");
    unsigned long caught_lane = 0, caught_index = 0, caught_mask = 0;
    if (ifma) ifma_selftest_init();
    printf("IFMA leaks: %s\n", ifma ? "checked" : "not checked (this CPU has no AVX-512 IFMA)");
#endif
    for (unsigned k = 0; k < 4; k++) {
        struct inputs pub, sec;
        inputs_fill(&pub, k);
        inputs_fill(&sec, k);
        inputs_secret(&sec);

        /* The reference answers, on public inputs: no error even for the
         * leaky functions, since nothing there is secret. */
        uint8_t ref_lookup = leaky_lookup(pub.idx);
        uint64_t ref_pow = leaky_pow(pow_base, pub.e);
        int ref_equal = leaky_equal(pub.a, pub.b, sizeof pub.a);
        expect(ref_lookup == ct_lookup(pub.idx), "leaky_lookup = ct_lookup on public inputs", k);
        expect(ref_pow == ct_pow(pow_base, pub.e), "leaky_pow = ct_pow on public inputs", k);
        expect(ref_equal == ct_to_int(ct_equal(pub.a, pub.b, sizeof pub.a)),
               "leaky_equal = ct_equal on public inputs", k);
        expect(ref_equal == !(k & 1), "equality verdict", k);

        uint8_t r_lookup;
        uint64_t r_pow;
        int r_equal;
        if (leak) {
            LEAKY_CALL(caught_lookup, "leaky_lookup", r_lookup = leaky_lookup(sec.idx));
            LEAKY_CALL(caught_pow, "leaky_pow", r_pow = leaky_pow(pow_base, sec.e));
            LEAKY_CALL(caught_equal, "leaky_equal",
                       r_equal = leaky_equal(sec.a, sec.b, sizeof sec.a));
        } else {
            r_lookup = ct_lookup(sec.idx);
            r_pow = ct_pow(pow_base, sec.e);
            r_equal = ct_declassify_mask(ct_equal(sec.a, sec.b, sizeof sec.a));
        }
        /* Test only: the results are made public to be compared with the
         * reference, after the secret computation that is being checked. */
        PUBLIC(&r_lookup, sizeof r_lookup);
        PUBLIC(&r_pow, sizeof r_pow);
        PUBLIC(&r_equal, sizeof r_equal);
        expect(r_lookup == ref_lookup, "table lookup on secret input", k);
        expect(r_pow == ref_pow, "exponentiation on secret input", k);
        expect(r_equal == ref_equal, "comparison on secret input", k);

#if defined(VEC25519_CT_MSAN)
        if (ifma) {
            uint64_t ref[3], got[3];
            ref[0] = ifma_leaky_lane(pub.limbs);
            ref[1] = ifma_leaky_index(pub.limbs);
            ref[2] = ifma_leaky_mask(pub.limbs);
            ifma_ct(got, pub.limbs);
            expect(memcmp(ref, got, sizeof ref) == 0, "IFMA leaky = constant time on public inputs", k);
            if (leak) {
                LEAKY_CALL(caught_lane, "ifma_leaky_lane", got[0] = ifma_leaky_lane(sec.limbs));
                LEAKY_CALL(caught_index, "ifma_leaky_index", got[1] = ifma_leaky_index(sec.limbs));
                LEAKY_CALL(caught_mask, "ifma_leaky_mask", got[2] = ifma_leaky_mask(sec.limbs));
            } else {
                ifma_ct(got, sec.limbs);
            }
            PUBLIC(got, sizeof got); /* test only, as above */
            expect(memcmp(ref, got, sizeof ref) == 0, "IFMA functions on secret input", k);
        }
#endif
    }

    if (ct_track_active()) {
        printf("mode %s: " CT_TRACK_TOOL " errors raised: lookup %lu, pow %lu, equal %lu "
               "(total %lu)\n",
               leak ? "leak" : "clean", caught_lookup, caught_pow, caught_equal, ct_track_errors());
#if defined(VEC25519_CT_MSAN)
        printf("IFMA: lane branch %lu, lane index %lu, opmask branch %lu\n", caught_lane,
               caught_index, caught_mask);
#endif
    }
    if (expect_caught) {
        expect(leak == 1, "--expect-caught is for leak mode", 0);
        expect(caught_lookup > 0, CT_TRACK_TOOL " caught the secret table index", 0);
        expect(caught_pow > 0, CT_TRACK_TOOL " caught the branch on a secret bit", 0);
        expect(caught_equal > 0, CT_TRACK_TOOL " caught the early-exit comparison", 0);
        expect(wrong_kind == 0, "every report is a use of a secret in the leaky function", 0);
#if defined(VEC25519_CT_MSAN)
        if (ifma) {
            expect(caught_lane > 0, "MSan caught the branch on an IFMA lane", 0);
            expect(caught_index > 0, "MSan caught the index from an IFMA lane", 0);
            expect(caught_mask > 0, "MSan caught the branch on an IFMA opmask bit", 0);
        }
#endif
    }
    printf("%s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
