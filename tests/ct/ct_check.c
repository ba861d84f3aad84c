/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Constant-time check under valgrind memcheck (docs/conventions.md §3,
 * docs/constant-time.md).
 *
 * Memcheck tracks, bit by bit, whether each value is "defined". We fill the
 * secret inputs of an operation with random bytes and mark them undefined
 * (VALGRIND_MAKE_MEM_UNDEFINED); memcheck then propagates undefinedness
 * through every computation that depends on them, and reports
 *   "Conditional jump or move depends on uninitialised value(s)"
 *       a branch (or cmov) on secret-derived data, and
 *   "Use of uninitialised value of size N"
 *       a memory address computed from secret-derived data (a secret index),
 * the two timing leaks a software check can see. Outputs that are public by
 * design (a public key, a signature) are marked defined afterwards, each with
 * its reason; the library does the same inside through ct_declassify(), which
 * is a valgrind client request in this build (-DVEC25519_CT_VALGRIND).
 *
 * Every operation runs under every backend compiled in and usable on this CPU
 * (backend_available(), backend_set()), for a few iterations with fresh
 * random secrets and public inputs of varying length. The program counts
 * memcheck's errors around each operation (VALGRIND_COUNT_ERRORS) to name the
 * one that leaked, and checks that each secret output is still undefined
 * afterwards (VALGRIND_GET_VBITS): a defined secret output would mean that
 * something declassified a secret, which would hide leaks downstream.
 *
 * Run: valgrind --error-exitcode=1 --errors-for-leak-kinds=none
 *          --track-origins=yes ct_check_u64 [--iterations=N]
 * (CTest: ct_valgrind_u64, ct_valgrind_u32). Without valgrind it exits 77
 * (skipped) unless --native is given, since it would check nothing.
 *
 * The same program built with -DVEC25519_CT_MSAN and clang -fsanitize=memory
 * (ct_check_msan, CTest ct_msan_u64) tracks the secrets with MemorySanitizer
 * instead, natively, so it also checks the AVX-512 IFMA backend, which
 * valgrind cannot run: ct_track.h maps SECRET/PUBLIC and the error count to
 * either tool.
 */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec25519.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "backend/serial/msm.h"
#include "ed25519/ed25519_internal.h"
#include "ed25519/sign_stream.h"
#include "field/fe.h"
#include "internal/cpu.h"
#include "internal/ct.h"
#include "scalar/sc.h"
#include "backend/x86_64/ladder_fe64.h"
#include "backend/x86_64/pow_fe64.h"
#include "backend/ladder.h"
#if defined(VEC25519_X86_64)
#include "backend/ifma/scalarmult_x2.h" /* ifma_scalarmult_halves_x2: a prototype, no intrinsics */
#endif
#include "ct_track.h" /* SECRET, PUBLIC and the error count, for memcheck or MSan */
#include "test.h"


/* ---- bookkeeping ------------------------------------------------------------ */

#define MAX_OPS 200

static const char *backend_name;
static const char *covered[MAX_OPS];
static size_t n_covered;
static unsigned long op_runs, leaky_runs;

/* Records that `name` ran under the current backend, and reports it if memcheck
 * raised errors while it ran (errors_before: VALGRIND_COUNT_ERRORS before). */
static void op_done(const char *name, unsigned long errors_before)
{
    unsigned long errors = ct_track_errors() - errors_before;
    size_t i;

    op_runs++;
    for (i = 0; i < n_covered; i++)
        if (strcmp(covered[i], name) == 0) break;
    if (i == n_covered && n_covered < MAX_OPS) covered[n_covered++] = name;
    if (errors != 0) {
        leaky_runs++;
        printf("LEAK: %s under backend %s: %lu " CT_TRACK_TOOL " error(s), see the report above\n",
               name, backend_name, errors);
        fflush(stdout);
    }
}

/* Runs the statement(s) as the operation `name`. A return code that the
 * contract makes public (a verdict the caller must branch on) is checked
 * inside the operation, so that a verdict the library forgot to declassify is
 * reported as that operation's leak. */
#define OP(name, ...)                                                  \
    do {                                                               \
        unsigned long op_errors_ = ct_track_errors();                   \
        __VA_ARGS__;                                                   \
        op_done((name), op_errors_);                                   \
    } while (0)

/* OP of vec25519_<fname> args whose return code rc must be want (the verdict is public). */
#define OP_RC(fname, want, args)                                                            \
    OP("vec25519_" #fname, rc = vec25519_##fname args;                                      \
       CHECK(rc == (want), #fname " returned %d", rc))

/* The output of a secret computation must still be (at least partly)
 * undefined: if every bit is defined, a secret was declassified on the way. */
static void expect_secret(const void *p, size_t n, const char *what)
{
    if (!ct_track_active()) return;
    int left = ct_track_secret_left(p, n);
    CHECK(left >= 0, "reading the secret marks of %s failed", what);
    CHECK(left != 0, "%s under backend %s: the secret output is fully defined "
                    "(something declassified a secret)",
          what, backend_name);
}

/* 0 iff a == b, computed without a branch on the contents; the caller makes
 * only this verdict public. */
static uint64_t differ(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint64_t d = 0;
    for (size_t i = 0; i < n; i++) d |= (uint64_t)(a[i] ^ b[i]);
    return d;
}

/* A random secret mask (all-ones or zero). */
static ct_mask secret_mask(void)
{
    uint8_t bit;
    test_rng_bytes(&bit, 1);
    SECRET(&bit, 1);
    return ct_from_bit(bit);
}

/* Public message lengths: around the SHA-512 block (128) and padding (112)
 * boundaries, so that every public code path of the hash is taken. */
static const size_t msg_lens[] = {0, 1, 32, 111, 112, 127, 128, 129, 239, 240, 300};
#define N_MSG_LENS (sizeof msg_lens / sizeof msg_lens[0])

/* ---- X25519 ------------------------------------------------------------------ */

static void check_x25519(void)
{
    uint8_t a[32], b[32], A[32], B[32], ka[32], kb[32], u[32];
    int rc;

    test_rng_bytes(a, 32);
    test_rng_bytes(b, 32);
    SECRET(a, 32);
    SECRET(b, 32);

    OP_RC(x25519_base, 0, (A, a));
    expect_secret(A, 32, "vec25519_x25519_base");
    PUBLIC(A, 32); /* a public key is public */
    OP_RC(x25519_base, 0, (B, b));
    PUBLIC(B, 32); /* a public key is public */

    /* Secret scalar, public point (the peer's public key). */
    OP_RC(x25519, 0, (ka, a, B));
    expect_secret(ka, 32, "vec25519_x25519");
    OP_RC(x25519, 0, (kb, b, A));

    uint64_t d = differ(ka, kb, 32);
    PUBLIC(&d, sizeof d); /* whether both parties agree is public: the protocol fails openly */
    CHECK(d == 0, "X25519 shared secrets differ under backend %s", backend_name);

    /* Secret scalar, random public u (not necessarily on the curve: the
     * twist is handled by the same ladder). */
    test_rng_bytes(u, 32);
    OP("vec25519_x25519", rc = vec25519_x25519(ka, a, u);
       CHECK(rc == 0 || rc == -1, "x25519 returned %d", rc)); /* -1: small order on the twist */
}

/* The ladders below the API (src/x25519/ladder.h, backend.h), called directly:
 * their contract is constant time in the scalar and the point, so both are
 * secret here. */
static void check_x25519_ladders(const struct backend *b)
{
    uint8_t k[32], u[32], out[32];

    test_rng_bytes(k, 32);
    test_rng_bytes(u, 32);
    SECRET(k, 32);
    SECRET(u, 32);
    OP("backend->x25519", b->x25519(out, k, u));
    expect_secret(out, 32, "backend->x25519");
    OP("x25519_ladder_serial", x25519_ladder_serial(out, k, u));
    OP("x25519_ladder_best", x25519_ladder_best(out, k, u));
#if defined(VEC25519_HAVE_LADDER_FE64) && defined(VEC25519_CT_VALGRIND)
    /* Not under MSan, which cannot see into its assembly (ct_msan_stubs.c).
     * x25519_ladder_best picks this ladder by CPUID, and valgrind's virtual
     * CPU hides ADX, so it is called directly: valgrind does execute MULX,
     * ADCX and ADOX. Natively it needs the real CPU to have them. */
    if (RUNNING_ON_VALGRIND || cpu_features().bmi2_adx) {
        OP("x25519_ladder_fe64", x25519_ladder_fe64(out, k, u));
        expect_secret(out, 32, "x25519_ladder_fe64");
    }
#endif
}

/* Batched X25519 (src/x25519/batch.c): constant time in every scalar and
 * point, so both are secret; the per-entry verdicts are declassified inside
 * (RFC 7748 §6.1). 25 entries: chunks, a shared division per block and
 * leftovers on every backend (ifma: 16- or 8-lane calls as the CPU decides,
 * then a single ladder; avx2: 4-lane calls and the leftover); 8 and 14: one
 * kernel call that divides in its own lanes on ifma (x8_divide; 14 on the
 * 16-lane kernel where the CPU takes 16). The IFMA kernels run under MSan
 * only: valgrind cannot run AVX-512. */
static void check_x25519_batch(void)
{
    static const size_t sizes[] = {25, 8, 14};
    uint8_t k[25][32], u[25][32], out[25][32];
    int res[25], rc;

    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        const size_t n = sizes[t];

        test_rng_bytes(k, sizeof k);
        test_rng_bytes(u, sizeof u);
        SECRET(k, sizeof k);
        SECRET(u, sizeof u);
        OP("vec25519_x25519_batch",
           rc = vec25519_x25519_batch(n, out[0], k[0], u[0], res);
           CHECK(rc == 0 || rc == -1, "x25519_batch(%zu) returned %d", n, rc));
        expect_secret(out, 32 * n, "vec25519_x25519_batch");
    }
}

/* Batched key generation (src/x25519/base_batch.c, src/ed25519/keypair_batch.c)
 * and the backend entry under them (base_encode, both forms): constant time in
 * every secret. 11 entries: one full 8-lane chunk and a padded or single-call
 * remainder under ifma, two 4-lane chunks and a remainder under avx2. */
static void check_base_batch(const struct backend *b)
{
    uint8_t k[11][32], pks[11][32], sks[11][64], out[11][32];
    int rc;

    test_rng_bytes(k, sizeof k);
    SECRET(k, sizeof k);
    OP_RC(x25519_base_batch, 0, (11, pks[0], k[0]));
    expect_secret(pks, sizeof pks, "vec25519_x25519_base_batch");
    OP("vec25519_ed25519_keypair_batch", vec25519_ed25519_keypair_batch(11, pks[0], sks[0], k[0]));
    expect_secret(sks, sizeof sks, "vec25519_ed25519_keypair_batch (sks)");
    PUBLIC(pks, sizeof pks); /* public keys are public */

    for (size_t i = 0; i < 11; i++) k[i][31] &= 127; /* the contract: s[31] ≤ 127 */
    for (int form = 0; form < 2; form++) {
        OP("backend->base_encode", b->base_encode(11, &out[0][0], &k[0][0], form));
        expect_secret(out, sizeof out, "backend->base_encode");
        OP("backend->base_encode", b->base_encode(1, &out[0][0], &k[0][0], form));
        expect_secret(out, 32, "backend->base_encode (n = 1)");
    }
}

/* ---- Ed25519 ----------------------------------------------------------------- */

/*
 * vec25519_<variant>_sign of msg[0..len) with the context ctx[0..cl) under the
 * secret sk (rc must be 0), then the public signature verified under pk.
 */
#define CT_SIGN_CTX_VERIFY(variant, label, cl)                                                  \
    do {                                                                                        \
        SECRET(sk, 64);                                                                         \
        OP_RC(variant##_sign, 0, (sig, msg, len, ctx, (cl), sk));                               \
        PUBLIC(sig, 64); /* a signature is public */                                            \
        CHECK(vec25519_##variant##_verify(sig, msg, len, ctx, (cl), pk) == 0,                   \
              label " signature (len %zu, ctx %zu) does not verify under backend %s", len,      \
              (size_t)(cl), backend_name);                                                      \
    } while (0)

static void check_ed25519(unsigned it)
{
    uint8_t seed[32], pk[32], sk[64], sig[64], ctx[255];
    uint8_t msg[300];
    size_t len = msg_lens[it % N_MSG_LENS];
    static const size_t ctx_lens[] = {1, 17, 255};
    static const size_t ph_ctx_lens[] = {0, 5, 255};
    size_t clen = ctx_lens[it % 3], phclen = ph_ctx_lens[it % 3];
    int rc;

    test_rng_bytes(seed, 32);
    test_rng_bytes(msg, sizeof msg); /* the message is public */
    test_rng_bytes(ctx, sizeof ctx); /* the context is public */
    SECRET(seed, 32);

    OP("vec25519_ed25519_keypair", vec25519_ed25519_keypair(pk, sk, seed));
    expect_secret(sk, 32, "vec25519_ed25519_keypair (sk)");
    PUBLIC(pk, 32); /* a public key is public */

    SECRET(sk, 64); /* the whole secret key, its copy of pk included */
    /* keypair stored the pair's tag: the key-pair check is a cache hit. */
    OP_RC(ed25519_sign, 0, (sig, msg, len, sk)); /* the check's verdict is public */
    PUBLIC(sig, 64); /* a signature is public */
    CHECK(vec25519_ed25519_verify(sig, msg, len, pk) == 0,
          "Ed25519 signature (len %zu) does not verify under backend %s", len, backend_name);
    /* The miss: the full check ([a]B, encoding, comparison), then the insertion. */
    ed25519_key_check_cache_clear();
    SECRET(sk, 64);
    OP("vec25519_ed25519_sign (key check: cache miss)",
       rc = vec25519_ed25519_sign(sig, msg, len, sk);
       CHECK(rc == 0, "ed25519_sign returned %d", rc));
    PUBLIC(sig, 64); /* a signature is public */
    /* A mismatched public half: the full check, then the refusal (public). */
    {
        uint8_t bad[64];
        memcpy(bad, sk, 64);
        bad[40] ^= 1;
        SECRET(bad, 64);
        OP("vec25519_ed25519_sign (mismatched pk)", rc = vec25519_ed25519_sign(sig, msg, len, bad);
           CHECK(rc == -1, "sign with a mismatched pk returned %d", rc));
    }
    /* Two-pass signing (src/ed25519/sign_stream.h), the message in two pieces. */
    {
        ed25519_sign2 st;
        SECRET(sk, 64);
        OP("ed25519_sign2 (two-pass signing)", rc = ed25519_sign2_init(&st, sk);
           CHECK(rc == 0, "sign2_init returned %d", rc); ed25519_sign2_update(&st, msg, len / 2);
           ed25519_sign2_update(&st, msg + len / 2, len - len / 2); ed25519_sign2_next_pass(&st);
           ed25519_sign2_update(&st, msg, len); rc = ed25519_sign2_final(&st, sig);
           CHECK(rc == 0, "sign2_final returned %d", rc));
        PUBLIC(sig, 64); /* a signature is public */
        CHECK(vec25519_ed25519_verify(sig, msg, len, pk) == 0,
              "two-pass signature does not verify");
    }

    /* The variants with a context (the time depends on its length only). */
    CT_SIGN_CTX_VERIFY(ed25519ctx, "Ed25519ctx", clen);
    CT_SIGN_CTX_VERIFY(ed25519ph, "Ed25519ph", phclen);

    /* Streaming Ed25519ph: the message (here secret too) hashed in two pieces. */
    {
        vec25519_ed25519ph_state st;
        SECRET(sk, 64);
        SECRET(msg, sizeof msg);
        OP("vec25519_ed25519ph_init/update/final_sign", vec25519_ed25519ph_init(&st);
           vec25519_ed25519ph_update(&st, msg, len / 3);
           vec25519_ed25519ph_update(&st, msg + len / 3, len - len / 3);
           rc = vec25519_ed25519ph_final_sign(&st, sig, ctx, phclen, sk);
           CHECK(rc == 0, "ed25519ph_final_sign returned %d", rc));
        PUBLIC(sig, 64); /* a signature is public */
        PUBLIC(msg, sizeof msg);
        CHECK(vec25519_ed25519ph_verify(sig, msg, len, ctx, phclen, pk) == 0,
              "streamed Ed25519ph signature does not verify under backend %s", backend_name);
    }
}

/* ---- the backend's constant-time scalar multiplications ------------------------ */

static void check_backend_scalarmult(const struct backend *b)
{
    uint8_t s[32], x[32];
    ge_ext P, R;

    /* A random point [x]B (x public here, then the point is made secret). */
    test_rng_bytes(x, 32);
    x[31] &= 127;
    b->scalarmult_base(&P, x);
    SECRET(&P, sizeof P);

    test_rng_bytes(s, 32);
    s[31] &= 127; /* the contract: s[31] ≤ 127 */
    SECRET(s, 32);

    OP("backend->scalarmult", b->scalarmult(&R, s, &P)); /* secret scalar and secret point */
    expect_secret(&R, sizeof R, "backend->scalarmult");
    if (b->scalarmult_order != NULL) {
        /* [s]P beside [ℓ]P (IFMA: the halves of 512-bit registers; MSan mode) */
        ct_mask in_order;
        OP("backend->scalarmult_order", b->scalarmult_order(&R, &in_order, s, &P));
        expect_secret(&R, sizeof R, "backend->scalarmult_order");
        /* The verdict is ge_ext_is_identity of the high half, checked above
         * on serial points; on IFMA products MSan's marks are bit by bit
         * (ct_msan_probe), so an equality on them can come out defined when
         * a defined bit already differs: no expectation on it here. */
    }
#if defined(VEC25519_X86_64)
    if (b == &ifma_backend) {
        /* The IFMA table's two [s]P whatever this CPU's choice: main has the
         * table's entry run the 4-way one (VEC25519_IFMA_SCALARMULT=single,
         * unless set), and the halves are called here. */
        OP("ifma_scalarmult_halves_x2", ifma_scalarmult_halves_x2(&R, s, &P));
        expect_secret(&R, sizeof R, "ifma_scalarmult_halves_x2");
    }
#endif
    OP("backend->scalarmult_base", b->scalarmult_base(&R, s));
    expect_secret(&R, sizeof R, "backend->scalarmult_base");
}

/* Multiscalar sizes (public): 16 is the serial stack chunk, 17 takes the
 * heap path (src/backend/serial/msm.h, GE_MSM_STACK_CHUNK). */
static const size_t msm_sizes[] = {1, 2, 5, 16, 17};
#define N_MSM_SIZES (sizeof msm_sizes / sizeof msm_sizes[0])
#define MSM_MAX 17

static void check_backend_multiscalar(const struct backend *b, unsigned it)
{
    static uint8_t scalars[MSM_MAX][32];
    static ge_ext points[MSM_MAX];
    size_t n = msm_sizes[it % N_MSM_SIZES];
    uint8_t x[32];
    ge_ext R;

    for (size_t i = 0; i < n; i++) {
        test_rng_bytes(x, 32);
        x[31] &= 127;
        b->scalarmult_base(&points[i], x);
    }
    test_rng_bytes(scalars, sizeof scalars); /* any 256-bit values */
    SECRET(scalars, sizeof scalars);
    SECRET(points, sizeof points);
    OP("backend->multiscalar", b->multiscalar(&R, n, (const uint8_t(*)[32])scalars, points));
    expect_secret(&R, sizeof R, "backend->multiscalar");
}

/* The serial constant-time Straus directly (heap and stack forms; the backend
 * entry above picks one by n) and the public constant-time multiscalar
 * functions, secret scalars and secret points. */
static void check_msm_ct(unsigned it)
{
    static uint8_t scalars[MSM_MAX][32];
    static ge_ext points[MSM_MAX];
    static vec25519_edwards25519_point epts[MSM_MAX];
    static vec25519_ristretto255_point rpts[MSM_MAX];
    size_t n = msm_sizes[it % N_MSM_SIZES];
    const uint8_t (*sc)[32] = (const uint8_t(*)[32])scalars;
    uint8_t x[32];
    ge_ext R;
    vec25519_edwards25519_point er;
    vec25519_ristretto255_point rr;

    for (size_t i = 0; i < n; i++) {
        test_rng_bytes(x, 32);
        x[31] &= 127;
        ge_scalarmult_base(&points[i], x);
        vec25519_edwards25519_point_mul_base(&epts[i], x);
        vec25519_ristretto255_point_mul_base(&rpts[i], x);
    }
    test_rng_bytes(scalars, sizeof scalars); /* any 256-bit values */
    SECRET(scalars, sizeof scalars);
    SECRET(points, sizeof points);
    SECRET(epts, sizeof epts);
    SECRET(rpts, sizeof rpts);
    OP("ge_msm_straus_ct", CHECK(ge_msm_straus_ct(&R, n, sc, points) == 0, "ge_msm_straus_ct"));
    expect_secret(&R, sizeof R, "ge_msm_straus_ct");
    OP("ge_msm_straus_ct_stack", ge_msm_straus_ct_stack(&R, n, sc, points));
    expect_secret(&R, sizeof R, "ge_msm_straus_ct_stack");
    OP("edwards25519_point_multiscalar",
       vec25519_edwards25519_point_multiscalar(&er, &scalars[0][0], epts, n));
    expect_secret(&er, 160, "edwards25519_point_multiscalar");
    OP("ristretto255_point_multiscalar",
       vec25519_ristretto255_point_multiscalar(&rr, &scalars[0][0], rpts, n));
    expect_secret(&rr, 160, "ristretto255_point_multiscalar");
}

/* ---- field ---------------------------------------------------------------------- */

static void check_field(void)
{
    uint8_t bytes[2][32], out[32];
    fe f, g, h, r, batch[4];
    fe_loose l;
    ct_mask m;

    test_rng_bytes(bytes, sizeof bytes);
    SECRET(bytes, sizeof bytes);
    OP("fe_frombytes", fe_frombytes(&f, bytes[0]); fe_frombytes(&g, bytes[1]));

    m = secret_mask();
    OP("fe_cswap", fe_cswap(&f, &g, m));
    expect_secret(&f, sizeof f, "fe_cswap");
    m = secret_mask();
    OP("fe_cmov", fe_copy(&h, &f); fe_cmov(&h, &g, m));
    expect_secret(&h, sizeof h, "fe_cmov");
    m = secret_mask();
    OP("fe_cneg", fe_cneg(&h, &h, m));

    OP("fe_add/sub/neg/carry", fe_add(&l, &f, &g); fe_carry(&r, &l); fe_sub(&l, &r, &g);
       fe_carry(&r, &l); fe_neg(&l, &r); fe_carry(&r, &l));
    OP("fe_mul/sq/sq2/mul_small", fe_mul(&h, &f, &g); fe_sq(&h, &h); fe_sq2(&h, &h);
       fe_add(&l, &h, &f); fe_mul_small(&h, &l, 121666); fe_mul_l(&h, &l, &h);
       fe_mul_ll(&h, &l, &l); fe_sq_l(&h, &l));

    OP("fe_invert", fe_invert(&h, &f));
    expect_secret(&h, sizeof h, "fe_invert");
    OP("fe_invert_fermat", fe_invert_fermat(&h, &f));
    expect_secret(&h, sizeof h, "fe_invert_fermat");
    OP("fe_pow22523", fe_pow22523(&h, &g));
    {
        fe two[2] = {f, g};
        OP("pow22523_2_best", pow22523_2_best(two, two));
        expect_secret(two, sizeof two, "pow22523_2_best");
        OP("pow22523_invert_best", pow22523_invert_best(&h, &f, &r, &g));
        expect_secret(&h, sizeof h, "pow22523_invert_best (power)");
        expect_secret(&r, sizeof r, "pow22523_invert_best (inverse)");
#if defined(VEC25519_HAVE_POW_FE64) && defined(VEC25519_CT_VALGRIND)
        /* as x25519_ladder_fe64 above: called directly, since valgrind's
         * virtual CPU hides ADX from pow22523_2_best's choice */
        if (RUNNING_ON_VALGRIND || cpu_features().bmi2_adx) {
            OP("fe64_pow22523_2", fe64_pow22523_2(two, two));
            expect_secret(two, sizeof two, "fe64_pow22523_2");
            OP("fe64_pow22523_invert", fe64_pow22523_invert(&h, &f, &r, &g));
            expect_secret(&h, sizeof h, "fe64_pow22523_invert (power)");
            expect_secret(&r, sizeof r, "fe64_pow22523_invert (inverse)");
        }
#endif
    }
    OP("fe_sqn", fe_sqn(&h, &g, 5));
    OP("fe_sqrt_ratio_i", m = fe_sqrt_ratio_i(&r, &f, &g));
    expect_secret(&r, sizeof r, "fe_sqrt_ratio_i (root)");
    expect_secret(&m, sizeof m, "fe_sqrt_ratio_i (was_square)");
    OP("fe_invsqrt_i", m = fe_invsqrt_i(&h, &g));
    expect_secret(&h, sizeof h, "fe_invsqrt_i (root)");
    expect_secret(&m, sizeof m, "fe_invsqrt_i (was_square)");
    OP("fe_abs", fe_abs(&h, &r));

    ct_mask pred[3];
    OP("fe_is_negative/is_zero/eq",
       pred[0] = fe_is_negative(&f); pred[1] = fe_is_zero(&h); pred[2] = fe_eq(&f, &g));
    expect_secret(pred, sizeof pred, "fe predicates");

    batch[0] = f;
    batch[1] = g;
    batch[2] = h;
    batch[3] = r;
    OP("fe_batch_invert", fe_batch_invert(batch, 4));
    expect_secret(batch, sizeof batch, "fe_batch_invert");

    OP("fe_tobytes", fe_tobytes(out, &h));
    expect_secret(out, sizeof out, "fe_tobytes");
}

/* ---- ct.h helpers (inline, compiled here with the same flags) ----------------------- */

static void check_ct_helpers(void)
{
    uint8_t a[32], b[32];
    uint64_t x[2];
    ct_mask m[6];

    test_rng_bytes(a, 32);
    test_rng_bytes(b, 32);
    test_rng_bytes(x, sizeof x);
    SECRET(a, 32);
    SECRET(b, 32);
    SECRET(x, sizeof x);
    OP("ct_eq/lt/is_zero/from_nonzero",
       m[0] = ct_eq(x[0], x[1]); m[1] = ct_lt(x[0], x[1]); m[2] = ct_is_zero(x[0]);
       m[3] = ct_from_nonzero(x[1]));
    OP("ct_eq_bytes/is_zero_bytes/cmov_bytes",
       m[4] = ct_eq_bytes(a, b, 32); m[5] = ct_is_zero_bytes(a, 32);
       ct_cmov_bytes(a, b, 32, ct_or(m[1], m[4])));
    expect_secret(m, sizeof m, "ct masks");
    expect_secret(a, 32, "ct_cmov_bytes");
}

/* ---- scalars --------------------------------------------------------------------- */

static void check_scalar(void)
{
    uint8_t wide[2][64], raw[32], a[32], b[32], c[32], out[32];
    int8_t e[64];
    ct_mask m[2];

    test_rng_bytes(wide, sizeof wide);
    test_rng_bytes(raw, 32);
    SECRET(wide, sizeof wide);
    SECRET(raw, 32);

    OP("sc_reduce64", sc_reduce64(a, wide[0]); sc_reduce64(c, wide[1]));
    expect_secret(a, 32, "sc_reduce64");
    OP("sc_reduce32", sc_reduce32(b, raw));
    OP("sc_muladd", sc_muladd(out, a, b, c));
    expect_secret(out, 32, "sc_muladd");
    OP("sc_mul", sc_mul(out, out, a));
    OP("sc_add/sub/neg", sc_add(out, out, b); sc_sub(out, out, c); sc_neg(out, out));
    OP("sc_invert", sc_invert(out, out));
    expect_secret(out, 32, "sc_invert");
    OP("sc_clamp", sc_clamp(out, raw));
    OP("sc_is_canonical/is_zero", m[0] = sc_is_canonical(raw); m[1] = sc_is_zero(a));
    expect_secret(m, sizeof m, "sc predicates");
    OP("sc_recode_radix16", sc_recode_radix16(e, a)); /* a < ℓ < 2^253: a[31] ≤ 127 */
    expect_secret(e, sizeof e, "sc_recode_radix16");
}

/* ---- group (serial point layer, used by every protocol) ------------------------------- */

static void check_group(void)
{
    uint8_t x[32], enc[32];
    ge_ext P, Q, R;
    ct_mask m[6];
    int rc;

    test_rng_bytes(x, 32);
    x[31] &= 127;
    ge_scalarmult_base(&P, x);
    ge_ext_dbl(&Q, &P);
    SECRET(&P, sizeof P);
    SECRET(&Q, sizeof Q);

    OP("ge_ext_add/sub/dbl/dbl_n/neg", ge_ext_add(&R, &P, &Q); ge_ext_sub(&R, &R, &Q);
       ge_ext_dbl(&R, &R); ge_ext_dbl_n(&R, &R, 3); ge_ext_neg(&R, &R));
    OP("ge_ext_mul_by_cofactor", ge_ext_mul_by_cofactor(&R, &R));
    m[0] = secret_mask();
    OP("ge_ext_cmov", ge_ext_cmov(&R, &P, m[0]));
    OP("ge_ext_eq/is_identity/is_small_order",
       m[0] = ge_ext_eq(&P, &R); m[1] = ge_ext_is_identity(&R); m[2] = ge_ext_is_small_order(&Q));
    OP("ge_ext_is_torsion_free", m[3] = ge_ext_is_torsion_free(&P));
    expect_secret(m, 4 * sizeof m[0], "ge predicates");
    /* subgroup.c takes other values (a non-square u, g = 0) off the
     * subgroup: a secret point of each coset of E[8] (P + [ℓ]R, R decoded
     * from random bytes, has a random torsion part), a secret small-order
     * point and the identity; each verdict stays secret. */
    for (int i = 0; i < 8; i++) {
        ge_ext T;
        do test_rng_bytes(enc, 32);
        while (ge_ext_frombytes(&R, enc) != 0);
        ge_scalarmult(&T, sc_ell, &R);
        ge_ext_add(&R, &P, &T);
        if (i == 6) R = T;
        if (i == 7) ge_ext_0(&R);
        SECRET(&R, sizeof R);
        OP("ge_ext_is_torsion_free (any coset, small order, identity)",
           m[4] = ge_ext_is_torsion_free(&R));
        expect_secret(&m[4], sizeof m[4], "ge_ext_is_torsion_free (any coset)");
    }
    OP("ge_ext_tobytes", ge_ext_tobytes(enc, &P));
    expect_secret(enc, 32, "ge_ext_tobytes");
    /* Decoding a secret encoding: only the verdict is revealed (ge.h). */
    OP("ge_ext_frombytes", rc = ge_ext_frombytes(&R, enc));
    CHECK(rc == 0, "ge_ext_frombytes of a valid encoding returned %d", rc);
    expect_secret(&R, sizeof R, "ge_ext_frombytes");
    test_rng_bytes(enc, 32);
    SECRET(enc, 32);
    OP("ge_ext_frombytes_relaxed", rc = ge_ext_frombytes_relaxed(&R, enc));
    (void)rc; /* random bytes: either verdict */
    /* Decoding with the subgroup test, its square roots on this backend's
     * pow22523_2 (or serially): the point and the mask stay secret. */
    ge_ext_tobytes(enc, &P);
    SECRET(enc, 32);
    OP("ge_decode_torsion_free", m[4] = ge_decode_torsion_free(&R, enc, backend_get()->pow22523_2));
    expect_secret(&R, sizeof R, "ge_decode_torsion_free");
    expect_secret(&m[4], sizeof m[4], "ge_decode_torsion_free (verdict)");
    /* and in its two halves around a secret Q, whose encoding comes out of
     * finish (the backend's pow22523_invert, or serially) */
    {
        ge_torsion_ctx tc;
        uint8_t qenc[32];
        SECRET(enc, 32);
        OP("ge_decode_torsion_start/finish",
           m[4] = ge_decode_torsion_start(&tc, &R, enc, backend_get()->pow22523_2);
           m[5] = ge_decode_torsion_finish(&tc, qenc, &R, &P, backend_get()->pow22523_invert));
        expect_secret(&R, sizeof R, "ge_decode_torsion_start");
        expect_secret(&m[4], 2 * sizeof m[4], "ge_decode_torsion_start/finish (verdicts)");
        expect_secret(qenc, 32, "ge_decode_torsion_finish (encoding)");
    }
}

/* ---- edwards25519 group API (include/vec25519/edwards25519.h) ------------------------ */

/* Random secret scalars n (32 bytes) and wide (64 bytes). */
static void secret_scalars(uint8_t n[32], uint8_t wide[64])
{
    test_rng_bytes(n, 32);
    test_rng_bytes(wide, 64);
    SECRET(n, 32);
    SECRET(wide, 64);
}

/*
 * Blocks that edwards25519 and ristretto255 share, the same calls through
 * each group's names (g: edwards25519 or ristretto255); enc, enc2, n, wide,
 * q, P, Q, R and rc are the caller's.
 */
/* Secret encodings: validity (the verdict is public) and the byte-level add/sub. */
#define CT_GROUP_VALID_ADD_SUB(g)                                                               \
    do {                                                                                        \
        OP_RC(g##_is_valid_point, 1, (enc));                                                    \
        OP("vec25519_" #g "_add/sub", rc = vec25519_##g##_add(q, enc, enc2);                    \
           CHECK(rc == 0, #g "_add returned %d", rc); rc = vec25519_##g##_sub(q, q, enc2);      \
           CHECK(rc == 0, #g "_sub returned %d", rc));                                          \
        expect_secret(q, 32, "vec25519_" #g "_add/sub");                                        \
    } while (0)

/* The struct interface: secret points P, Q from enc, enc2; add/sub/neg; R = [n]P. */
#define CT_GROUP_POINTS(g)                                                                      \
    do {                                                                                        \
        OP("vec25519_" #g "_point_frombytes", rc = vec25519_##g##_point_frombytes(&P, enc);     \
           CHECK(rc == 0, #g "_point_frombytes returned %d", rc);                               \
           rc = vec25519_##g##_point_frombytes(&Q, enc2);                                       \
           CHECK(rc == 0, #g "_point_frombytes returned %d", rc));                              \
        expect_secret(&P, sizeof P, "vec25519_" #g "_point_frombytes");                         \
        OP("vec25519_" #g "_point_add/sub/neg", vec25519_##g##_point_add(&R, &P, &Q);           \
           vec25519_##g##_point_sub(&R, &R, &P); vec25519_##g##_point_neg(&R, &R));             \
        OP("vec25519_" #g "_point_mul", vec25519_##g##_point_mul(&R, n, &P));                   \
        expect_secret(&R, sizeof R, "vec25519_" #g "_point_mul");                               \
    } while (0)

/* Scalars mod ℓ: reduce(wide) and invert into q (the verdict is public)... */
#define CT_GROUP_SCALAR_REDUCE_INVERT(g)                                                        \
    do {                                                                                        \
        OP("vec25519_" #g "_scalar_reduce", vec25519_##g##_scalar_reduce(q, wide));             \
        OP_RC(g##_scalar_invert, 0, (q, q));                                                    \
    } while (0)

/* ... and the arithmetic on q and n. */
#define CT_GROUP_SCALAR_ARITH(g)                                                                \
    do {                                                                                        \
        OP("vec25519_" #g "_scalar_add/sub/mul/negate/complement",                              \
           vec25519_##g##_scalar_add(q, q, n); vec25519_##g##_scalar_sub(q, q, n);              \
           vec25519_##g##_scalar_mul(q, q, n); vec25519_##g##_scalar_negate(q, q);              \
           vec25519_##g##_scalar_complement(q, q));                                             \
        expect_secret(q, 32, "vec25519_" #g "_scalar_*");                                       \
    } while (0)

/* A random valid point encoding, [x]B for a public random x (public). */
static void random_ed_encoding(uint8_t enc[32])
{
    uint8_t x[32];
    vec25519_edwards25519_point P;

    test_rng_bytes(x, 32);
    vec25519_edwards25519_point_mul_base(&P, x);
    vec25519_edwards25519_point_tobytes(enc, &P);
}

static void check_edwards25519(void)
{
    uint8_t n[32], wide[64], enc[32], enc2[32], q[32], sk[64], xsk[32];
    vec25519_edwards25519_point P, Q, R;
    int rc, v[4];

    random_ed_encoding(enc);  /* public points, for the functions whose */
    random_ed_encoding(enc2); /* contract is constant time in n only */
    secret_scalars(n, wide);

    /* Byte level, secret scalar, public point; the verdict is public. */
    OP_RC(edwards25519_scalarmult, 0, (q, n, enc));
    expect_secret(q, 32, "vec25519_edwards25519_scalarmult");
    OP_RC(edwards25519_scalarmult_noclamp, 0, (q, n, enc));
    OP_RC(edwards25519_scalarmult_base, 0, (q, n));
    expect_secret(q, 32, "vec25519_edwards25519_scalarmult_base");
    OP_RC(edwards25519_scalarmult_base_noclamp, 0, (q, n));

    /* Byte level on secret encodings: constant time except for the verdict. */
    SECRET(enc, 32);
    SECRET(enc2, 32);
    CT_GROUP_VALID_ADD_SUB(edwards25519);

    /* Struct interface: secret points and scalars. */
    CT_GROUP_POINTS(edwards25519);
    OP("vec25519_edwards25519_point_mul_base", vec25519_edwards25519_point_mul_base(&Q, n));
    expect_secret(&Q, sizeof Q, "vec25519_edwards25519_point_mul_base");
    OP("vec25519_edwards25519_point_mul_by_cofactor",
       vec25519_edwards25519_point_mul_by_cofactor(&R, &R));
    /* These verdicts are constant time, not declassified: kept secret. */
    OP("vec25519_edwards25519_point_eq/is_small_order/is_torsion_free",
       v[0] = vec25519_edwards25519_point_eq(&P, &Q);
       v[1] = vec25519_edwards25519_point_is_small_order(&R);
       v[2] = vec25519_edwards25519_point_is_torsion_free(&P); v[3] = v[0] | v[1] | v[2]);
    expect_secret(v, sizeof v, "vec25519_edwards25519_point predicates");
    OP("vec25519_edwards25519_point_tobytes", vec25519_edwards25519_point_tobytes(q, &R));
    expect_secret(q, 32, "vec25519_edwards25519_point_tobytes");

    /* Scalars mod ℓ. */
    CT_GROUP_SCALAR_REDUCE_INVERT(edwards25519);
    expect_secret(q, 32, "vec25519_edwards25519_scalar_invert");
    CT_GROUP_SCALAR_ARITH(edwards25519);

    /* Ed25519 secret key to X25519 secret key. */
    test_rng_bytes(sk, 64);
    SECRET(sk, 64);
    OP("vec25519_ed25519_sk_to_x25519", vec25519_ed25519_sk_to_x25519(xsk, sk));
    expect_secret(xsk, 32, "vec25519_ed25519_sk_to_x25519");
}

/* ---- ristretto255 (include/vec25519/ristretto255.h) ------------------------------------- */

static void check_ristretto255(unsigned it)
{
    uint8_t n[32], x[32], wide[64], enc[32], enc2[32], q[32];
    uint8_t out[3 * 32];
    vec25519_ristretto255_point P, Q, R, batch[3];
    size_t nbatch = 1 + it % 3;
    int rc, v;

    /* Valid encodings [x]B, x public; made secret below. */
    test_rng_bytes(x, 32);
    CHECK(vec25519_ristretto255_scalarmult_base(enc, x) == 0, "ristretto255 setup");
    test_rng_bytes(x, 32);
    CHECK(vec25519_ristretto255_scalarmult_base(enc2, x) == 0, "ristretto255 setup");
    secret_scalars(n, wide);
    SECRET(enc, 32);
    SECRET(enc2, 32);

    /* Byte level: constant time in n and p, except for the verdicts. */
    OP_RC(ristretto255_scalarmult, 0, (q, n, enc));
    expect_secret(q, 32, "vec25519_ristretto255_scalarmult");
    OP_RC(ristretto255_scalarmult_base, 0, (q, n));
    expect_secret(q, 32, "vec25519_ristretto255_scalarmult_base");
    CT_GROUP_VALID_ADD_SUB(ristretto255);
    OP_RC(ristretto255_from_uniform_bytes, 0, (q, wide));
    expect_secret(q, 32, "vec25519_ristretto255_from_uniform_bytes");

    /* Scalars (the same code as edwards25519's, through its own names). */
    CT_GROUP_SCALAR_REDUCE_INVERT(ristretto255);
    CT_GROUP_SCALAR_ARITH(ristretto255);

    /* Struct interface. */
    CT_GROUP_POINTS(ristretto255);
    OP("vec25519_ristretto255_point_mul_base", vec25519_ristretto255_point_mul_base(&Q, n));
    OP("vec25519_ristretto255_point_from_uniform_bytes",
       vec25519_ristretto255_point_from_uniform_bytes(&P, wide));
    OP("vec25519_ristretto255_point_eq", v = vec25519_ristretto255_point_eq(&P, &Q));
    expect_secret(&v, sizeof v, "vec25519_ristretto255_point_eq"); /* constant time, kept secret */
    OP("vec25519_ristretto255_point_tobytes", vec25519_ristretto255_point_tobytes(q, &R));
    expect_secret(q, 32, "vec25519_ristretto255_point_tobytes");
    batch[0] = P;
    batch[1] = Q;
    batch[2] = R;
    OP("vec25519_ristretto255_point_double_and_compress_batch",
       vec25519_ristretto255_point_double_and_compress_batch(out, batch, nbatch));
    expect_secret(out, 32 * nbatch, "vec25519_ristretto255_point_double_and_compress_batch");
}

/* ---- hash to curve and Elligator 2 (include/vec25519/hash_to_curve.h) ------------------- */

static void check_hash_to_curve(unsigned it)
{
    static const uint8_t dst[] = "vec25519-ct-check-V01-CS01"; /* the tag is public */
    uint8_t msg[300], out[200], p[32], rep[32], pk[32], sk[32], seed[32], tweak;
    size_t len = msg_lens[(it + 5) % N_MSG_LENS], outlen = 1 + (it * 37) % 200;
    int rc;

    test_rng_bytes(msg, sizeof msg);
    SECRET(msg, sizeof msg); /* the message may be a password */

    OP("vec25519_expand_message_xmd_sha512",
       rc = vec25519_expand_message_xmd_sha512(out, outlen, msg, len, dst, sizeof dst - 1);
       CHECK(rc == 0, "expand_message_xmd returned %d", rc)); /* depends on lengths only */
    if (len > 0) expect_secret(out, outlen, "vec25519_expand_message_xmd_sha512");
    OP_RC(edwards25519_hash_to_curve, 0, (p, msg, len, dst, sizeof dst - 1));
    if (len > 0) expect_secret(p, 32, "vec25519_edwards25519_hash_to_curve");
    OP_RC(edwards25519_encode_to_curve, 0, (p, msg, len, dst, sizeof dst - 1));
    OP_RC(curve25519_hash_to_curve, 0, (p, msg, len, dst, sizeof dst - 1));
    OP_RC(curve25519_encode_to_curve, 0, (p, msg, len, dst, sizeof dst - 1));
    OP_RC(ristretto255_hash_to_group, 0, (p, msg, len, dst, sizeof dst - 1));
    if (len > 0) expect_secret(p, 32, "vec25519_ristretto255_hash_to_group");

    /* Elligator 2 both ways on secret inputs. The verdict of the inverse is
     * constant time too (hash_to_curve.h), so it stays secret: not branched on. */
    test_rng_bytes(rep, 32);
    SECRET(rep, 32);
    OP("vec25519_elligator2_map", vec25519_elligator2_map(p, rep));
    expect_secret(p, 32, "vec25519_elligator2_map");
    test_rng_bytes(&tweak, 1);
    SECRET(&tweak, 1);
    OP("vec25519_elligator2_inverse", rc = vec25519_elligator2_inverse(rep, p, tweak));
    expect_secret(&rc, sizeof rc, "vec25519_elligator2_inverse (verdict)");

    /* Key pair with an Elligator representative: the number of tries is public
     * by contract (it depends on discarded candidates only). */
    test_rng_bytes(seed, 32);
    SECRET(seed, 32);
    OP_RC(x25519_keypair_elligator, 0, (pk, rep, sk, seed));
    expect_secret(sk, 32, "vec25519_x25519_keypair_elligator (sk)");
    PUBLIC(pk, 32);  /* a public key is public */
    PUBLIC(rep, 32); /* the representative is what is sent on the wire */
    uint8_t back[32];
    vec25519_elligator2_map(back, rep);
    CHECK(memcmp(back, pk, 32) == 0, "elligator2_map(representative) != pk");
}

/* ---- randomness, wiping, comparing (include/vec25519/util.h) ------------------------- */

/* The random hook of the harness: test bytes, marked secret, as a real
 * generator's output is. */
static int secret_hook(void *ctx, uint8_t *buf, size_t len)
{
    (void)ctx;
    test_rng_bytes(buf, len);
    SECRET(buf, len);
    return 0;
}

static void check_util(unsigned it)
{
    uint8_t a[100], b[100], pk[32], sk[64], xpk[32], xsk[32], s[32], e[32];
    size_t len = 1 + it % 100;
    int rc, eq;

    vec25519_random_set_hook(secret_hook, NULL);
    OP_RC(random_bytes, 0, (a, len));
    expect_secret(a, len, "vec25519_random_bytes");
    OP_RC(ed25519_keypair_random, 0, (pk, sk));
    expect_secret(sk, 32, "vec25519_ed25519_keypair_random (sk)");
    PUBLIC(pk, 32); /* a public key is public */
    OP_RC(x25519_keypair_random, 0, (xpk, xsk));
    expect_secret(xsk, 32, "vec25519_x25519_keypair_random (sk)");
    PUBLIC(xpk, 32); /* a public key is public */
    OP("vec25519_edwards25519_scalar_random", vec25519_edwards25519_scalar_random(s));
    expect_secret(s, 32, "vec25519_edwards25519_scalar_random");
    OP("vec25519_ristretto255_scalar_random", vec25519_ristretto255_scalar_random(s));
    OP("vec25519_ristretto255_random", vec25519_ristretto255_random(e));
    expect_secret(e, 32, "vec25519_ristretto255_random");
    vec25519_random_set_hook(NULL, NULL);

    /* memeq on secrets: equal and unequal; the answer stays secret. */
    test_rng_bytes(a, sizeof a);
    memcpy(b, a, sizeof b);
    if (it & 1) b[it % len] ^= 1;
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    OP("vec25519_memeq", eq = vec25519_memeq(a, b, len));
    expect_secret(&eq, sizeof eq, "vec25519_memeq (answer)");
    OP("vec25519_wipe", vec25519_wipe(a, len));
}

/* ---- SHA-512 of a secret message --------------------------------------------------- */

/*
 * The API on a secret message of a public length, one-shot and in pieces,
 * and the backend's compression function (backend.h: sha512_blocks, the
 * path that backend runs: portable, AVX2 or AVX-512VL) called directly on
 * 1 block, 2 blocks and 5 blocks (each shape of the two-block schedule: a
 * lone block, a last pair, the pipeline of pairs) of a secret message into
 * a secret state; and a message of 5 blocks and a tail through the API.
 */
static void check_sha512(const struct backend *b, unsigned it)
{
    static const size_t nblocks[] = {1, 2, 5};
    uint8_t msg[5 * 128 + 40], out[64];
    size_t len = msg_lens[(it + 3) % N_MSG_LENS], cut = len / 3;
    uint64_t st[8];
    vec25519_sha512_ctx h;

    test_rng_bytes(msg, sizeof msg);
    SECRET(msg, sizeof msg);
    OP("vec25519_sha512", vec25519_sha512(out, msg, len));
    if (len > 0) expect_secret(out, 64, "vec25519_sha512");
    OP("vec25519_sha512_init/update/final", vec25519_sha512_init(&h);
       vec25519_sha512_update(&h, msg, cut); vec25519_sha512_update(&h, msg + cut, len - cut);
       vec25519_sha512_final(&h, out));
    OP("vec25519_sha512 (5 blocks and a tail)", vec25519_sha512(out, msg, sizeof msg));
    expect_secret(out, 64, "vec25519_sha512 (5 blocks and a tail)");

    test_rng_bytes(st, sizeof st);
    SECRET(st, sizeof st);
    OP("backend->sha512_blocks", b->sha512_blocks(st, msg, nblocks[it % 3]));
    expect_secret(st, sizeof st, "backend->sha512_blocks");
}

/* ---- driver ---------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    unsigned iterations = N_MSG_LENS; /* every public message length once */
    int native = 0;
    const char *env = getenv("VEC25519_CT_ITERATIONS");

    if (env && *env) iterations = (unsigned)strtoul(env, NULL, 10);
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--iterations=", 13) == 0) {
            iterations = (unsigned)strtoul(argv[i] + 13, NULL, 10);
        } else if (!ct_common_option(argv[i], &native)) {
            fprintf(stderr, "usage: %s [--iterations=N] [--native] [--skip=REASON]\n", argv[0]);
            return 2;
        }
    }
    if (!ct_track_active() && !native) {
        printf("SKIP: not running under valgrind memcheck, so nothing would be checked.\n"
               "Run: valgrind --error-exitcode=1 --errors-for-leak-kinds=none "
               "--track-origins=yes %s (or pass --native to run the operations anyway)\n",
               argv[0]);
        return 77;
    }
    if (iterations == 0) iterations = 1;
#if defined(VEC25519_X86_64) && !defined(_WIN32)
    /* the IFMA table's 4-way [s]P through the table, its halves [s]P directly
     * (check_backend_scalarmult): both are checked on every CPU */
    setenv("VEC25519_IFMA_SCALARMULT", "single", 0);
#endif

    size_t nb;
    const struct backend *const *backends = backend_available(&nb);
    printf("backends to check:");
    for (size_t k = 0; k < nb; k++) printf(" %s", backends[k]->name);
    printf("\n");
    if (RUNNING_ON_VALGRIND) { /* 0 in the MSan build */
        /* Valgrind's virtual CPU (3.19 to at least 3.22) advertises AVX2 and
         * BMI2 but neither AVX-512 nor ADX, so the library's CPU detection
         * does not offer what needs them. Valgrind cannot execute AVX-512 at
         * all; it does execute ADX, so the ADX ladder is called directly. */
        printf("note: valgrind's virtual CPU has no AVX-512: a backend that needs it is not "
               "in the list above and is not checked\n");
    }
    for (size_t k = 0; k < nb; k++) {
        const struct backend *b = backends[k];
        backend_set(b);
        backend_name = b->name;
        n_covered = 0;
        for (unsigned it = 0; it < iterations; it++) {
            check_x25519();
            check_x25519_ladders(b);
            check_x25519_batch();
            check_base_batch(b);
            check_ed25519(it);
            check_backend_scalarmult(b);
            check_backend_multiscalar(b, it);
            check_msm_ct(it);
            check_edwards25519();
            check_ristretto255(it);
            check_hash_to_curve(it);
            check_field();
            check_ct_helpers();
            check_scalar();
            check_group();
            check_sha512(b, it);
            check_util(it);
        }
        printf("backend %s: %u iteration(s), %zu operations:", b->name, iterations, n_covered);
        for (size_t i = 0; i < n_covered; i++) printf("%s %s", i ? "," : "", covered[i]);
        printf("\n");
    }

    printf("%lu operation runs, %lu with " CT_TRACK_TOOL " errors%s\n", op_runs, leaky_runs,
           ct_track_active() ? "" : " (not under valgrind: nothing was checked)");
    CHECK(leaky_runs == 0, "%lu operation run(s) leaked (see LEAK lines)", leaky_runs);
    return test_done();
}
