/* SPDX-License-Identifier: MIT OR Apache-2.0 */
#define _GNU_SOURCE
#include "test.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/random.h>
#endif

#include "backend/backend.h"
#include "internal/cpu.h"
#include "vec25519/util.h"

unsigned long test_checks, test_failed;
static unsigned long reported;

/*
 * A suite forced onto a backend (VEC25519_BACKEND) that this CPU or build
 * lacks is skipped, saying why, rather than aborted by the dispatcher.
 */
__attribute__((constructor)) static void test_check_forced_backend(void)
{
    const char *forced = getenv("VEC25519_BACKEND");
    if (!forced || !*forced) return;
    if (!backend_by_name(forced)) {
        printf("SKIPPED: VEC25519_BACKEND=%s is not available on this CPU or in this build\n",
               forced);
        exit(77);
    }
    printf("backend: %s (forced)\n", forced);
}

void test_fail(const char *file, int line, const char *fmt, ...)
{
    test_failed++;
    if (reported++ >= 50) return; /* enough to diagnose; the count stays right */
    va_list ap;
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int test_done(void)
{
    if (test_checks == 0) {
        printf("0 passed, 1 failed (no check was executed)\n");
        return 1;
    }
    printf("%lu passed, %lu failed\n", test_checks - test_failed, test_failed);
    return test_failed ? 1 : 0;
}

void test_skip(const char *why)
{
    printf("SKIPPED: %s\n", why);
    exit(77);
}

void test_require_ifma(void)
{
    if (!cpu_features().avx512ifma)
        test_skip("the CPU (or the OS) lacks AVX-512 IFMA: AVX512F + AVX512VL + AVX512IFMA "
                  "with ZMM and opmask state");
}

void hex_print(FILE *f, const char *label, const uint8_t *p, size_t n)
{
    fprintf(f, "  %s: ", label);
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x", p[i]);
    fputc('\n', f);
}

int test_bytes_eq(const void *a, const void *b, size_t n, const char *file, int line,
                  const char *what)
{
    if (memcmp(a, b, n) == 0) return 1;
    test_fail(file, line, "%s: bytes differ", what);
    if (reported <= 50) {
        hex_print(stderr, "got ", a, n);
        hex_print(stderr, "want", b, n);
    }
    return 0;
}

/* ---- xoshiro256** ---------------------------------------------------------- */
static uint64_t rng_s[4];
static int rng_ready;

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t test_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static void rng_init(void)
{
    uint64_t seed;
    const char *env = getenv("VEC25519_TEST_SEED");
    if (env && *env) {
        seed = strtoull(env, NULL, 0);
    } else {
#if defined(__linux__)
        int got = getrandom(&seed, sizeof seed, 0) == (ssize_t)sizeof seed;
#else
        int got = vec25519_random_bytes(&seed, sizeof seed) == 0; /* the system generator */
#endif
        if (!got) seed = 0x76656332353531ULL;
    }
    printf("random seed: VEC25519_TEST_SEED=0x%016llx\n", (unsigned long long)seed);
    for (int i = 0; i < 4; i++) rng_s[i] = test_splitmix64(&seed);
    rng_ready = 1;
}

uint64_t test_rng_u64(void)
{
    if (!rng_ready) rng_init();
    uint64_t r = rotl(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
    rng_s[2] ^= rng_s[0];
    rng_s[3] ^= rng_s[1];
    rng_s[1] ^= rng_s[2];
    rng_s[0] ^= rng_s[3];
    rng_s[2] ^= t;
    rng_s[3] = rotl(rng_s[3], 45);
    return r;
}

uint64_t test_rng_below(uint64_t n)
{
    if (n == 0) return 0;
    uint64_t lim = UINT64_MAX - UINT64_MAX % n, x;
    do x = test_rng_u64();
    while (x >= lim);
    return x % n;
}

void test_rng_bytes(void *out, size_t n)
{
    uint8_t *p = out;
    while (n) {
        uint64_t x = test_rng_u64();
        size_t k = n < 8 ? n : 8;
        memcpy(p, &x, k);
        p += k;
        n -= k;
    }
}

/* ---- hex --------------------------------------------------------------------- */
static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* test.h: the eight points of small order, canonical encodings. */
const uint8_t test_small_order_enc[8][32] = {
    {0x01},                                                           /* identity */
    {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, /* (0, −1) */
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f},
    {0x00},                                                           /* (√−1, 0) */
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, /* (−√−1, 0) */
     0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
     0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x80},
    {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, /* order 8 */
     0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6,
     0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
    {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4,
     0x89, 0xf2, 0xef, 0x98, 0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6,
     0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x85},
    {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b,
     0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39,
     0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a},
    {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b,
     0x76, 0x0d, 0x10, 0x67, 0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39,
     0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0xfa},
};

/* test.h: the seven X25519 u of small order. */
const char *const test_small_order_u_hex[7] = {
    /* 0, 1 */
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0100000000000000000000000000000000000000000000000000000000000000",
    /* order-8 points (RFC 7748 / Wycheproof x25519_test.json) */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
    /* p − 1, p, p + 1 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
};

/* test.h: s += ℓ = 2^252 + 27742317777372353535851937790883648493. */
void test_add_ell(uint8_t s[32])
{
    static const uint8_t ell[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58,
                                    0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
                                    [31] = 0x10};
    unsigned carry = 0;
    for (int i = 0; i < 32; i++) {
        carry += (unsigned)s[i] + ell[i];
        s[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

long hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    if (strcmp(hex, "-") == 0) return 0;
    size_t len = strlen(hex);
    if (len % 2 || len / 2 > cap) return -1;
    for (size_t i = 0; i < len / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(len / 2);
}

/* ---- vector files ------------------------------------------------------------ */
static char last_comment[512];

const char *vec_path(const char *rel)
{
    static char buf[1024];
    const char *dir = getenv("VEC25519_VECTORS");
    if (!dir || !*dir) dir = VEC25519_VECTORS_DEFAULT;
    snprintf(buf, sizeof buf, "%s/%s", dir, rel);
    return buf;
}

int vec_open(vec_reader *r, const char *rel)
{
    memset(r, 0, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s", vec_path(rel));
    r->f = fopen(r->path, "r");
    if (!r->f) {
        test_checks++;
        test_fail(__FILE__, __LINE__,
                  "cannot open vector file %s: the vectors ship in tests/vectors/ of the "
                  "repository (restore them with `git checkout -- tests/vectors`, or point "
                  "-DVEC25519_VECTORS_DIR= or $VEC25519_VECTORS at a copy)",
                  r->path);
        return -1;
    }
    last_comment[0] = 0;
    return 0;
}

#if defined(_WIN32)
/* getline(3) for a C library without it (Windows): the line with its '\n',
 * its length, or -1 at the end of the file (or out of memory). */
static long test_getline(char **line, size_t *cap, FILE *f)
{
    size_t n = 0;
    int c = EOF;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            size_t bigger = *cap ? 2 * *cap : 256;
            char *p = realloc(*line, bigger);
            if (!p) return -1;
            *line = p;
            *cap = bigger;
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (n == 0) return -1;
    (*line)[n] = 0;
    return (long)n;
}
#define getline test_getline
#endif

int vec_next(vec_reader *r)
{
    ssize_t n;
    while ((n = getline(&r->line, &r->cap, r->f)) >= 0) {
        r->lineno++;
        while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r')) r->line[--n] = 0;
        if (n == 0) continue;
        if (r->line[0] == '#') {
            snprintf(last_comment, sizeof last_comment, "%s", r->line);
            continue;
        }
        r->nfields = 0;
        char *save = NULL;
        for (char *t = strtok_r(r->line, " ", &save); t && r->nfields < 32;
             t = strtok_r(NULL, " ", &save)) {
            if (strcmp(t, "#") == 0) break;
            r->fields[r->nfields++] = t;
        }
        return 1;
    }
    return 0;
}

const char *vec_last_comment(const vec_reader *r)
{
    (void)r;
    return last_comment;
}

long vec_field_var(const vec_reader *r, int i, uint8_t *out, size_t cap)
{
    long n = i < r->nfields ? hex_decode(out, cap, r->fields[i]) : -1;
    test_checks++;
    if (n < 0)
        test_fail(__FILE__, __LINE__, "%s:%lu: field %d is not hex of at most %zu bytes", r->path,
                  r->lineno, i, cap);
    return n;
}

int vec_field_hex(const vec_reader *r, int i, uint8_t *out, size_t n)
{
    long got = vec_field_var(r, i, out, n);
    if (got == (long)n) return 1;
    if (got >= 0) {
        test_checks++;
        test_fail(__FILE__, __LINE__, "%s:%lu: field %d must be %zu bytes", r->path, r->lineno, i,
                  n);
    }
    return 0;
}

int vec_field_exact(const vec_reader *r, int i, uint8_t *out, size_t n)
{
    if (i >= r->nfields || hex_decode(out, n, r->fields[i]) != (long)n) {
        CHECK(0, "%s:%lu: field %d is not %zu bytes of hex", r->path, r->lineno, i, n);
        return 0;
    }
    return 1;
}

void vec_close(vec_reader *r)
{
    if (r->f) fclose(r->f);
    free(r->line);
    r->f = NULL;
    r->line = NULL;
}

int vec_cases(const char *rel, vec_case_fn *each, const void *ctx)
{
    vec_reader r;
    int n = 0;
    if (vec_open(&r, rel) != 0) return -1;
    while (vec_next(&r)) n += each(&r, n, ctx);
    vec_close(&r);
    return n;
}

struct ed25519_cases {
    vec_ed25519_fn *fn;
    const void *arg;
};

static int wycheproof_ed25519_sig64(const vec_reader *r, int i, const void *ctx)
{
    const struct ed25519_cases *c = ctx;
    static uint8_t m[4096];
    uint8_t pk[32], sig[128];
    long mlen = vec_field_var(r, 4, m, sizeof m);
    if (!vec_field_exact(r, 3, pk, 32) || mlen < 0) return 0;
    if (vec_field_var(r, 5, sig, sizeof sig) != 64) return 0;
    c->fn(c->arg, i, sig, m, (size_t)mlen, pk);
    return 1;
}

int vec_wycheproof_ed25519_sig64(vec_ed25519_fn *fn, const void *arg)
{
    const struct ed25519_cases c = {fn, arg};
    return vec_cases("wycheproof/ed25519_test.txt", wycheproof_ed25519_sig64, &c);
}

static int speccheck_ed25519(const vec_reader *r, int i, const void *ctx)
{
    const struct ed25519_cases *c = ctx;
    uint8_t m[64], pk[32], sig[64];
    long mlen = vec_field_var(r, 1, m, sizeof m);
    if (mlen < 0 || !vec_field_exact(r, 2, pk, 32) || !vec_field_exact(r, 3, sig, 64)) return 0;
    c->fn(c->arg, i, sig, m, (size_t)mlen, pk);
    return 1;
}

int vec_speccheck_ed25519(vec_ed25519_fn *fn, const void *arg)
{
    const struct ed25519_cases c = {fn, arg};
    return vec_cases("speccheck/ed25519_speccheck.txt", speccheck_ed25519, &c);
}

/* RFC 7748 §5.2's iterations: k = u = 9, then k, u = X25519(k, u), k. */
static void x25519_iterated(vec_x25519_fn *fn, const char *name)
{
    const char *slow = getenv("VEC25519_SLOW");
    int run_slow = slow && strcmp(slow, "1") == 0;
    uint8_t k[32] = {9}, u[32] = {9}, t[32];
    unsigned long done = 0;
    int n = 0;
    vec_reader r;

    if (vec_open(&r, "rfc7748/x25519_iterated.txt") != 0) return;
    while (vec_next(&r)) {
        uint8_t want[32];
        unsigned long iters = strtoul(r.fields[0], NULL, 10);
        if (!vec_field_exact(&r, 1, want, 32)) continue;
        if (iters > 1000 && !run_slow) {
            printf("%s iterated: %lu iterations skipped (set VEC25519_SLOW=1 to run it)\n", name,
                   iters);
            continue;
        }
        CHECK(iters >= done, "%s iterated: iteration counts must increase", name);
        unsigned long bad_rc = 0;
        for (; done < iters; done++) {
            bad_rc += fn(t, k, u) != 0;
            memcpy(u, k, 32);
            memcpy(k, t, 32);
        }
        CHECK(bad_rc == 0, "%s iterated: %lu calls returned -1", name, bad_rc);
        CHECK_BYTES(k, want, 32, "RFC 7748 §5.2 iterated");
        printf("%s iterated: %lu iterations checked\n", name, iters);
        n++;
    }
    vec_close(&r);
    CHECK(n >= 2, "%s: expected at least the 1 and 1000 iteration vectors, ran %d", name, n);
}

void vec_x25519_rfc7748(vec_x25519_fn *fn, vec_x25519_base_fn *base, const char *name)
{
    static const uint8_t nine[32] = {9};
    vec_reader r;
    int n = 0;

    if (vec_open(&r, "rfc7748/x25519_scalarmult.txt") == 0) {
        while (vec_next(&r)) {
            uint8_t k[32], u[32], want[32], got[32];
            if (!vec_field_exact(&r, 0, k, 32) || !vec_field_exact(&r, 1, u, 32) ||
                !vec_field_exact(&r, 2, want, 32))
                continue;
            CHECK(fn(got, k, u) == 0, "%s scalarmult line %lu: rc", name, r.lineno);
            CHECK_BYTES(got, want, 32, "RFC 7748 §5.2 scalarmult");
            n++;
        }
        vec_close(&r);
    }
    CHECK(n == 2, "%s: expected 2 scalarmult vectors, read %d", name, n);

    n = 0;
    if (vec_open(&r, "rfc7748/x25519_dh.txt") == 0) {
        while (vec_next(&r)) {
            uint8_t a[32], A[32], b[32], B[32], K[32], got[32];
            if (!vec_field_exact(&r, 0, a, 32) || !vec_field_exact(&r, 1, A, 32) ||
                !vec_field_exact(&r, 2, b, 32) || !vec_field_exact(&r, 3, B, 32) ||
                !vec_field_exact(&r, 4, K, 32))
                continue;
            if (base != NULL) {
                CHECK(base(got, a) == 0, "%s: alice base rc", name);
                CHECK_BYTES(got, A, 32, "RFC 7748 §6.1 alice public (base)");
                CHECK(base(got, b) == 0, "%s: bob base rc", name);
                CHECK_BYTES(got, B, 32, "RFC 7748 §6.1 bob public (base)");
            }
            CHECK(fn(got, a, nine) == 0, "%s: alice ladder rc", name);
            CHECK_BYTES(got, A, 32, "RFC 7748 §6.1 alice public (ladder, u = 9)");
            CHECK(fn(got, b, nine) == 0, "%s: bob ladder rc", name);
            CHECK_BYTES(got, B, 32, "RFC 7748 §6.1 bob public (ladder, u = 9)");
            CHECK(fn(got, a, B) == 0, "%s: alice shared rc", name);
            CHECK_BYTES(got, K, 32, "RFC 7748 §6.1 shared X25519(a, B)");
            CHECK(fn(got, b, A) == 0, "%s: bob shared rc", name);
            CHECK_BYTES(got, K, 32, "RFC 7748 §6.1 shared X25519(b, A)");
            n++;
        }
        vec_close(&r);
    }
    CHECK(n == 1, "%s: expected 1 DH vector, read %d", name, n);

    x25519_iterated(fn, name);
}

struct x25519_cases {
    vec_x25519_case_fn *fn;
    const void *arg;
};

static int wycheproof_x25519(const vec_reader *r, int i, const void *ctx)
{
    const struct x25519_cases *c = ctx;
    uint8_t priv[32], pub[32], shared[32];
    (void)i;
    if (!vec_field_exact(r, 3, priv, 32) || !vec_field_exact(r, 4, pub, 32) ||
        !vec_field_exact(r, 5, shared, 32))
        return 0;
    c->fn(c->arg, r->fields[0], r->nfields > 1 ? r->fields[1] : "", priv, pub, shared);
    return 1;
}

int vec_wycheproof_x25519(vec_x25519_case_fn *fn, const void *arg)
{
    const struct x25519_cases c = {fn, arg};
    return vec_cases("wycheproof/x25519_test.txt", wycheproof_x25519, &c);
}
