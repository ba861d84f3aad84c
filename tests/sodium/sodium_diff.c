/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The differential program of libvec25519-sodium (tests/sodium/diff.sh).
 *
 * Built twice from this file: sodium_diff_plain against libsodium alone,
 * sodium_diff_dropin with libvec25519-sodium ahead of libsodium. Each build
 * calls every covered libsodium name on the same inputs and writes one line
 * per call to stdout: the function, the case, the return code and every
 * output byte. The two transcripts must be identical; so must the plain
 * build's transcript when it runs with LD_PRELOAD=libvec25519-sodium.so (a
 * program built against libsodium alone, not rebuilt).
 *
 * Inputs come from a seeded generator (so both builds see the same ones):
 * random, and adversarial ones made with the vec25519 core linked into this
 * program (tests/support/adversarial.c, identical in both builds): the eight
 * small-order points and their non-canonical encodings, y = p + t, x = 0
 * with the sign bit, off-curve y, points with torsion components, S ≥ ℓ,
 * forged signatures of every class of the library's differential tests
 * (small-order and mixed-order A and R with the cofactorless equation made
 * to hold or fail), ed25519-speccheck's twelve cases, the Wycheproof
 * Ed25519 and X25519 cases, RFC 9496's
 * invalid Ristretto255 encodings, scalars ≥ ℓ and ≥ 2^255. libsodium's
 * randombytes is replaced by the same seeded generator
 * (randombytes_set_implementation), so key pairs and random points must
 * match too, which they do only if the drop-in draws from randombytes_buf.
 *
 * To stderr: the number of calls per function, and whether the drop-in is
 * loaded and how many calls it answered (vec25519_sodium_calls, looked up
 * with dlsym so the plain build does not depend on it).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "adversarial.h"
#include "test.h"

/* ---- the seeded generator (splitmix64), for our inputs and libsodium's ------- */

static uint64_t rng_state = 0x5eed25519ULL;

static uint64_t rng_next(void) { return test_splitmix64(&rng_state); }

static void rng_bytes(void *out, size_t n)
{
    uint8_t *p = out;
    while (n > 0) {
        uint64_t v = rng_next();
        for (int i = 0; i < 8 && n > 0; i++, n--) *p++ = (uint8_t)(v >> (8 * i));
    }
}

static uint32_t rb_random(void) { return (uint32_t)rng_next(); }
static void rb_buf(void *const buf, const size_t size) { rng_bytes(buf, size); }
static const char *rb_name(void) { return "vec25519-diff-seeded"; }
static randombytes_implementation seeded = {
    .implementation_name = rb_name, .random = rb_random, .buf = rb_buf};

/* ---- the transcript ---------------------------------------------------------------- */

enum { MAXF = 128 };
static struct { const char *name; unsigned long n; } counts[MAXF];
static unsigned long total;

static void count(const char *fn)
{
    int i;
    for (i = 0; i < MAXF && counts[i].name != NULL; i++)
        if (strcmp(counts[i].name, fn) == 0) break;
    if (i == MAXF) return;
    counts[i].name = fn;
    counts[i].n++;
    total++;
}

/* fn case rc hex(out) */
static void line(const char *fn, unsigned long c, long long rc, const void *out, size_t n)
{
    const uint8_t *p = out;
    count(fn);
    printf("%s %lu %lld ", fn, c, rc);
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
    putchar('\n');
}

static unsigned long ncase;

/* Outputs start from a fixed pattern, so that bytes a function leaves
 * untouched are compared too. */
#define FILL(b) memset((b), 0xa5, sizeof(b))

static void check_hook(int ok, const char *what)
{
    if (!ok) {
        fprintf(stderr, "input generation failed: %s\n", what);
        exit(1);
    }
}

/* ---- inputs ---------------------------------------------------------------------- */

enum { NPTS = 96 };
static uint8_t pts[NPTS][32]; /* Edwards encodings, valid and not */
static int npts;

static void add_pt(const uint8_t p[32])
{
    if (npts < NPTS) memcpy(pts[npts++], p, 32);
}

static void make_points(void)
{
    uint8_t s[32], e[32];
    for (int j = 0; j < 8; j++) add_pt(adv_tors_enc[j]);                 /* small order */
    for (int j = 0; j < 8; j++) {                                          /* + sign bit */
        memcpy(e, adv_tors_enc[j], 32);
        e[31] ^= 0x80;
        add_pt(e);
    }
    for (int t = 0; t < 19; t++) {                                         /* y = p + t */
        adv_noncanon(e, t, t & 1);
        add_pt(e);
    }
    for (int j = 0; j < 8; j++) {                                          /* [s]B + T_j */
        adv_rand_point(s, e, j);
        add_pt(e);
        adv_rand_point(s, e, j);
        add_pt(e);
    }
    for (int i = 0; i < 12; i++) { /* the prime-order subgroup */
        adv_rand_point(s, e, 0);
        add_pt(e);
    }
    for (int i = 0; i < 8; i++) { /* random bytes: mostly off the curve */
        rng_bytes(e, 32);
        add_pt(e);
    }
    memset(e, 0xff, 32); /* 2^256 − 1 */
    add_pt(e);
    e[31] = 0x7f;
    add_pt(e);
}

enum { NSC = 40 };
static uint8_t scs[NSC][32];
static int nsc;

static void make_scalars(void)
{
    static const uint8_t L[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                  0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                  0, 0, 0, 0, 0x10};
    uint8_t s[32];
    memset(scs[nsc++], 0, 32);                     /* 0 */
    memset(s, 0, 32), s[0] = 1, memcpy(scs[nsc++], s, 32); /* 1 */
    memcpy(scs[nsc++], L, 32);                     /* ℓ */
    memcpy(s, L, 32), s[0]--, memcpy(scs[nsc++], s, 32); /* ℓ − 1 */
    memcpy(s, L, 32), s[0]++, memcpy(scs[nsc++], s, 32); /* ℓ + 1 */
    memcpy(s, L, 32), adv_add_ell(s), memcpy(scs[nsc++], s, 32); /* 2ℓ */
    memset(s, 0xff, 32), memcpy(scs[nsc++], s, 32); /* 2^256 − 1 */
    s[31] = 0x7f, memcpy(scs[nsc++], s, 32);       /* 2^255 − 1 */
    memset(s, 0, 32), s[31] = 0x80, memcpy(scs[nsc++], s, 32); /* 2^255 */
    memset(s, 0, 32), s[0] = 8, memcpy(scs[nsc++], s, 32); /* 8 */
    while (nsc < NSC) {
        rng_bytes(s, 32);
        if (nsc % 3 == 0) s[31] &= 0x0f; /* some reduced-size ones */
        memcpy(scs[nsc++], s, 32);
    }
}

/* ---- Ed25519 ------------------------------------------------------------------------ */

static void verify_all(const char *what, const uint8_t sig[64], const uint8_t *m, size_t mlen,
                       const uint8_t pk[32])
{
    static uint8_t sm[64 + 4096], out[4096 + 64];
    unsigned long long ml = 12345;
    int rc;
    (void)what;
    rc = crypto_sign_verify_detached(sig, m, mlen, pk);
    line("crypto_sign_verify_detached", ncase, rc, NULL, 0);
    rc = crypto_sign_ed25519_verify_detached(sig, m, mlen, pk);
    line("crypto_sign_ed25519_verify_detached", ncase, rc, NULL, 0);
    if (mlen <= 4096) {
        memcpy(sm, sig, 64);
        memcpy(sm + 64, m, mlen);
        memset(out, 0xa5, mlen + 64);
        rc = crypto_sign_open(out, &ml, sm, mlen + 64, pk);
        line("crypto_sign_open", ncase, rc, out, mlen);
        line("crypto_sign_open.mlen", ncase, (long long)ml, NULL, 0);
    }
    ncase++;
}

/* A case of a vector file (vec_ed25519_fn): what, the file's name, is arg. */
static void vector_case(const void *arg, int i, const uint8_t sig[64], const uint8_t *m,
                        size_t mlen, const uint8_t pk[32])
{
    (void)i;
    verify_all(arg, sig, m, mlen, pk);
}

static void adv_case(const adv_sig_case *c, void *arg)
{
    (void)arg;
    verify_all(adv_kind_name(c->kind), c->sig, c->msg, c->mlen, c->pk);
}

static void ed25519_section(void)
{
    static adv_valid_sig valid[16];
    uint8_t seed[32], pk[32], sk[64], sig[64], msg[300], out[64], x[32];
    static uint8_t sm[300 + 64];
    unsigned long long l;
    int rc;

    for (int i = 0; i < 300; i++, ncase++) {
        size_t mlen = (size_t)(rng_next() % sizeof msg);
        rng_bytes(msg, mlen);
        FILL(pk), FILL(sk);
        if (i % 2) {
            rc = crypto_sign_keypair(pk, sk); /* randombytes_buf */
            line("crypto_sign_keypair", ncase, rc, sk, 64);
        } else {
            rng_bytes(seed, 32);
            rc = i % 4 ? crypto_sign_seed_keypair(pk, sk, seed)
                       : crypto_sign_ed25519_seed_keypair(pk, sk, seed);
            line("crypto_sign_seed_keypair", ncase, rc, sk, 64);
        }
        line("keypair.pk", ncase, 0, pk, 32);
        FILL(x), rc = crypto_sign_ed25519_sk_to_seed(x, sk), line("crypto_sign_ed25519_sk_to_seed", ncase, rc, x, 32);
        FILL(x), rc = crypto_sign_ed25519_sk_to_pk(x, sk), line("crypto_sign_ed25519_sk_to_pk", ncase, rc, x, 32);
        FILL(x), rc = crypto_sign_ed25519_sk_to_curve25519(x, sk), line("crypto_sign_ed25519_sk_to_curve25519", ncase, rc, x, 32);
        FILL(x), rc = crypto_sign_ed25519_pk_to_curve25519(x, pk), line("crypto_sign_ed25519_pk_to_curve25519", ncase, rc, x, 32);
        FILL(sig), l = 7, rc = crypto_sign_detached(sig, &l, msg, mlen, sk);
        line("crypto_sign_detached", ncase, rc, sig, 64);
        line("crypto_sign_detached.siglen", ncase, (long long)l, NULL, 0);
        memset(sm, 0xa5, sizeof sm), l = 7, rc = crypto_sign(sm, &l, msg, mlen, sk);
        line("crypto_sign", ncase, rc, sm, mlen + 64);
        line("crypto_sign.smlen", ncase, (long long)l, NULL, 0);
        if (i < 16) {
            memcpy(valid[i].sig, sig, 64), memcpy(valid[i].pk, pk, 32);
            memcpy(valid[i].msg, msg, mlen), valid[i].mlen = mlen;
        }
        verify_all("valid", sig, msg, mlen, pk);
        sig[rng_next() % 64] ^= (uint8_t)(1u << (rng_next() % 8));
        verify_all("sig flipped", sig, msg, mlen, pk);
        if (mlen > 0) {
            crypto_sign_detached(sig, NULL, msg, mlen, sk);
            msg[rng_next() % mlen] ^= 1;
            verify_all("msg flipped", sig, msg, mlen, pk);
        }
        /* crypto_sign_open of sm shorter than a signature */
        l = 99, rc = crypto_sign_open(out, &l, sm, (unsigned long long)(rng_next() % 64), pk);
        line("crypto_sign_open.short", ncase, rc, NULL, 0);
        line("crypto_sign_open.short.mlen", ncase, (long long)l, NULL, 0);

        /* Ed25519ph, streamed in pieces, through both names */
        crypto_sign_state st;
        size_t cut = mlen ? (size_t)(rng_next() % mlen) : 0;
        rc = crypto_sign_init(&st), line("crypto_sign_init", ncase, rc, NULL, 0);
        rc = crypto_sign_update(&st, msg, cut), line("crypto_sign_update", ncase, rc, NULL, 0);
        rc = crypto_sign_ed25519ph_update(&st, msg + cut, mlen - cut);
        line("crypto_sign_ed25519ph_update", ncase, rc, NULL, 0);
        FILL(sig), l = 7, rc = crypto_sign_final_create(&st, sig, &l, sk);
        line("crypto_sign_final_create", ncase, rc, sig, 64);
        line("crypto_sign_final_create.siglen", ncase, (long long)l, NULL, 0);
        if (i % 3 == 1) sig[rng_next() % 64] ^= 4;
        crypto_sign_ed25519ph_init(&st);
        crypto_sign_ed25519ph_update(&st, msg, mlen);
        rc = (i % 2) ? crypto_sign_final_verify(&st, sig, pk)
                     : crypto_sign_ed25519ph_final_verify(&st, sig, pk);
        line("crypto_sign_final_verify", ncase, rc, NULL, 0);
    }

    /* Every adversarial verification class (forged with the vec25519 core). */
    adv_ed25519_cases(valid, 16, adv_case, NULL);

    /* Each adversarial point as a public key and as R with a random S. */
    for (int i = 0; i < npts; i++, ncase++) {
        uint8_t s64[64];
        FILL(x), rc = crypto_sign_ed25519_pk_to_curve25519(x, pts[i]);
        line("crypto_sign_ed25519_pk_to_curve25519", ncase, rc, x, 32);
        memcpy(s64, pts[i], 32);
        rng_bytes(s64 + 32, 32);
        s64[63] &= 0x0f;
        verify_all("point as R", s64, msg, 32, valid[i % 16].pk);
        verify_all("point as A", valid[i % 16].sig, valid[i % 16].msg, valid[i % 16].mlen, pts[i]);
    }

    /* ed25519-speccheck's twelve cases; Wycheproof Ed25519: every case with a
     * 64-byte signature. */
    if (vec_speccheck_ed25519(vector_case, "speccheck") < 0) {
        fprintf(stderr, "speccheck/ed25519_speccheck.txt not found\n");
        exit(1);
    }
    if (vec_wycheproof_ed25519_sig64(vector_case, "wycheproof") < 0) {
        fprintf(stderr, "wycheproof/ed25519_test.txt not found\n");
        exit(1);
    }
}

/* ---- X25519 -------------------------------------------------------------------------- */

static void x25519_section(void)
{
    uint8_t u[8][32], q[32], n[32], p[32];
    int nu = adv_small_order_u(u, NULL), rc;

    for (int i = 0; i < 400; i++, ncase++) {
        rng_bytes(n, 32);
        if (i < 7 * 8) {
            memcpy(p, u[i % nu], 32); /* small order, canonical and not */
            if (i >= 7 * 4) p[31] |= 0x80;
        } else if (i < 7 * 8 + 40) {
            memset(p, 0xff, 32), p[31] = i % 2 ? 0x7f : 0xff; /* y ≥ p, top bit */
            p[0] = (uint8_t)(0xed + (i % 19));
        } else {
            rng_bytes(p, 32);
        }
        FILL(q), rc = crypto_scalarmult(q, n, p), line("crypto_scalarmult", ncase, rc, q, 32);
        FILL(q), rc = crypto_scalarmult_curve25519(q, n, p);
        line("crypto_scalarmult_curve25519", ncase, rc, q, 32);
        FILL(q), rc = crypto_scalarmult_base(q, n), line("crypto_scalarmult_base", ncase, rc, q, 32);
        FILL(q), rc = crypto_scalarmult_curve25519_base(q, n);
        line("crypto_scalarmult_curve25519_base", ncase, rc, q, 32);
    }
    vec_reader r;
    if (vec_open(&r, "wycheproof/x25519_test.txt") != 0) {
        fprintf(stderr, "wycheproof/x25519_test.txt not found\n");
        exit(1);
    }
    while (vec_next(&r)) {
        /* Columns: tcId result flags public private shared */
        if (!vec_field_exact(&r, 3, p, 32) || !vec_field_exact(&r, 4, n, 32)) continue;
        FILL(q), rc = crypto_scalarmult(q, n, p), line("crypto_scalarmult.wycheproof", ncase++, rc, q, 32);
    }
    vec_close(&r);
}

/* A group of libsodium's core API: is_valid_point, add and sub, and the
 * scalar add, sub and mul, each with its name. */
struct group_api {
    const char *valid, *add, *sub;
    int (*is_valid)(const unsigned char *p);
    int (*add_fn)(unsigned char *r, const unsigned char *p, const unsigned char *q);
    int (*sub_fn)(unsigned char *r, const unsigned char *p, const unsigned char *q);
    const char *scalar[3];
    void (*scalar_fn[3])(unsigned char *z, const unsigned char *x, const unsigned char *y);
};
static const struct group_api ed25519_group = {
    "crypto_core_ed25519_is_valid_point", "crypto_core_ed25519_add", "crypto_core_ed25519_sub",
    crypto_core_ed25519_is_valid_point, crypto_core_ed25519_add, crypto_core_ed25519_sub,
    {"crypto_core_ed25519_scalar_add", "crypto_core_ed25519_scalar_sub",
     "crypto_core_ed25519_scalar_mul"},
    {crypto_core_ed25519_scalar_add, crypto_core_ed25519_scalar_sub,
     crypto_core_ed25519_scalar_mul}};
static const struct group_api ristretto255_group = {
    "crypto_core_ristretto255_is_valid_point", "crypto_core_ristretto255_add",
    "crypto_core_ristretto255_sub", crypto_core_ristretto255_is_valid_point,
    crypto_core_ristretto255_add, crypto_core_ristretto255_sub,
    {"crypto_core_ristretto255_scalar_add", "crypto_core_ristretto255_scalar_sub",
     "crypto_core_ristretto255_scalar_mul"},
    {crypto_core_ristretto255_scalar_add, crypto_core_ristretto255_scalar_sub,
     crypto_core_ristretto255_scalar_mul}};

/* Case ncase: the group's scalar add, sub and mul of a and b. */
static void scalar_lines(const struct group_api *g, const uint8_t a[32], const uint8_t b[32])
{
    uint8_t out[32];
    for (int k = 0; k < 3; k++) {
        FILL(out), g->scalar_fn[k](out, a, b);
        line(g->scalar[k], ncase, 0, out, 32);
    }
}

/* Case ncase: is p[i] valid, then p[i] + p[j] and p[i] - p[j] for j from 0 in
 * random steps of 1 to step. */
static void group_lines(const struct group_api *g, const uint8_t (*p)[32], int n, int i, int step)
{
    uint8_t out[32];
    int rc = g->is_valid(p[i]);
    line(g->valid, ncase, rc, NULL, 0);
    for (int j = 0; j < n; j += 1 + (int)(rng_next() % (uint64_t)step)) {
        FILL(out), rc = g->add_fn(out, p[i], p[j]);
        line(g->add, ncase, rc, out, 32);
        FILL(out), rc = g->sub_fn(out, p[i], p[j]);
        line(g->sub, ncase, rc, out, 32);
    }
}

/* ---- Edwards core and scalar multiplication ------------------------------------------ */

static void edwards_section(void)
{
    uint8_t out[32], h[64], x[32];
    int rc;

    for (int i = 0; i < npts; i++, ncase++) {
        group_lines(&ed25519_group, (const uint8_t(*)[32])pts, npts, i, 7);
        for (int k = 0; k < nsc; k += 3) {
            FILL(out), rc = crypto_scalarmult_ed25519(out, scs[k], pts[i]);
            line("crypto_scalarmult_ed25519", ncase, rc, out, 32);
            FILL(out), rc = crypto_scalarmult_ed25519_noclamp(out, scs[k], pts[i]);
            line("crypto_scalarmult_ed25519_noclamp", ncase, rc, out, 32);
        }
    }
    for (int k = 0; k < nsc; k++, ncase++) {
        FILL(out), rc = crypto_scalarmult_ed25519_base(out, scs[k]);
        line("crypto_scalarmult_ed25519_base", ncase, rc, out, 32);
        FILL(out), rc = crypto_scalarmult_ed25519_base_noclamp(out, scs[k]);
        line("crypto_scalarmult_ed25519_base_noclamp", ncase, rc, out, 32);
        /* valid points of the prime-order group, times every scalar */
        uint8_t P[32];
        if (crypto_scalarmult_ed25519_base_noclamp(P, scs[(k + 11) % nsc]) == 0) {
            FILL(out), rc = crypto_scalarmult_ed25519_noclamp(out, scs[k], P);
            line("crypto_scalarmult_ed25519_noclamp.valid", ncase, rc, out, 32);
            FILL(out), rc = crypto_scalarmult_ed25519(out, scs[k], P);
            line("crypto_scalarmult_ed25519.valid", ncase, rc, out, 32);
        }
    }
    /* from_uniform / from_hash: random, and the special field values */
    for (int i = 0; i < 600; i++, ncase++) {
        rng_bytes(h, 64);
        if (i < 64) { /* 0, 1, p − 1, p, p + 1, …, 2^255 − 1 and their sign bits */
            memset(h, 0, 64);
            if (i % 4 == 1) h[0] = 1;
            if (i % 4 >= 2) memset(h, 0xff, 32), h[31] = 0x7f, h[0] = (uint8_t)(0xec + (i % 3));
            if (i % 8 >= 4) h[31] |= 0x80;
            if (i >= 32) memcpy(h + 32, h, 32); /* also as the from_hash halves, big-endian */
            for (int k = 0; i >= 48 && k < 32; k++) h[k] = h[63 - k];
        }
        FILL(out), rc = crypto_core_ed25519_from_uniform(out, h);
        line("crypto_core_ed25519_from_uniform", ncase, rc, out, 32);
        FILL(out), rc = crypto_core_ed25519_from_hash(out, h);
        line("crypto_core_ed25519_from_hash", ncase, rc, out, 32);
        if (i % 10 == 0) {
            FILL(out), crypto_core_ed25519_random(out);
            line("crypto_core_ed25519_random", ncase, 0, out, 32);
        }
    }
    /* scalars, all 256-bit values (both groups' names) */
    for (int i = 0; i < nsc; i++)
        for (int j = 0; j < nsc; j++, ncase++) {
            scalar_lines(&ed25519_group, scs[i], scs[j]);
            scalar_lines(&ristretto255_group, scs[i], scs[j]);
        }
    for (int i = 0; i < nsc; i++, ncase++) {
        FILL(out), rc = crypto_core_ed25519_scalar_invert(out, scs[i]);
        line("crypto_core_ed25519_scalar_invert", ncase, rc, out, 32);
        FILL(out), rc = crypto_core_ristretto255_scalar_invert(out, scs[i]);
        line("crypto_core_ristretto255_scalar_invert", ncase, rc, out, 32);
        FILL(out), crypto_core_ed25519_scalar_negate(out, scs[i]);
        line("crypto_core_ed25519_scalar_negate", ncase, 0, out, 32);
        FILL(out), crypto_core_ristretto255_scalar_negate(out, scs[i]);
        line("crypto_core_ristretto255_scalar_negate", ncase, 0, out, 32);
        FILL(out), crypto_core_ed25519_scalar_complement(out, scs[i]);
        line("crypto_core_ed25519_scalar_complement", ncase, 0, out, 32);
        FILL(out), crypto_core_ristretto255_scalar_complement(out, scs[i]);
        line("crypto_core_ristretto255_scalar_complement", ncase, 0, out, 32);
        memcpy(h, scs[i], 32), memcpy(h + 32, scs[(i + 1) % nsc], 32);
        FILL(out), crypto_core_ed25519_scalar_reduce(out, h);
        line("crypto_core_ed25519_scalar_reduce", ncase, 0, out, 32);
        FILL(out), crypto_core_ristretto255_scalar_reduce(out, h);
        line("crypto_core_ristretto255_scalar_reduce", ncase, 0, out, 32);
        FILL(x), crypto_core_ed25519_scalar_random(x);
        line("crypto_core_ed25519_scalar_random", ncase, 0, x, 32);
        FILL(x), crypto_core_ristretto255_scalar_random(x);
        line("crypto_core_ristretto255_scalar_random", ncase, 0, x, 32);
    }
}

/* ---- Ristretto255 --------------------------------------------------------------------- */

static void ristretto_section(void)
{
    enum { NR = 96 };
    static uint8_t rp[NR][32];
    uint8_t out[32], h[64];
    int nr = 0, rc;
    vec_reader r;

    for (int i = 0; i < 24; i++) { /* valid elements, and with bit 255 set */
        rng_bytes(h, 64);
        crypto_core_ristretto255_from_hash(rp[nr], h);
        memcpy(rp[nr + 1], rp[nr], 32);
        rp[nr + 1][31] |= 0x80;
        nr += 2;
    }
    if (vec_open(&r, "ristretto255/invalid_encodings.txt") != 0) {
        fprintf(stderr, "ristretto255/invalid_encodings.txt not found\n");
        exit(1);
    }
    while (vec_next(&r) && nr < NR - 20)
        if (vec_field_exact(&r, 0, rp[nr], 32)) nr++;
    vec_close(&r);
    memset(rp[nr++], 0, 32); /* the identity */
    while (nr < NR) rng_bytes(rp[nr++], 32);

    for (int i = 0; i < nr; i++, ncase++) {
        group_lines(&ristretto255_group, (const uint8_t(*)[32])rp, nr, i, 9);
        for (int k = 0; k < nsc; k += 2) {
            FILL(out), rc = crypto_scalarmult_ristretto255(out, scs[k], rp[i]);
            line("crypto_scalarmult_ristretto255", ncase, rc, out, 32);
        }
    }
    for (int k = 0; k < nsc; k++, ncase++) {
        FILL(out), rc = crypto_scalarmult_ristretto255_base(out, scs[k]);
        line("crypto_scalarmult_ristretto255_base", ncase, rc, out, 32);
    }
    for (int i = 0; i < 300; i++, ncase++) {
        rng_bytes(h, 64);
        if (i < 8) memset(h, i < 4 ? 0 : 0xff, 64), h[i % 4 * 16] ^= (uint8_t)i;
        FILL(out), rc = crypto_core_ristretto255_from_hash(out, h);
        line("crypto_core_ristretto255_from_hash", ncase, rc, out, 32);
        if (i % 10 == 0) {
            FILL(out), crypto_core_ristretto255_random(out);
            line("crypto_core_ristretto255_random", ncase, 0, out, 32);
        }
    }
}

/* ---- sizes and names ---------------------------------------------------------------- */

static void sizes_section(void)
{
#define SZ(f) line(#f, 0, (long long)f(), NULL, 0)
    SZ(crypto_sign_statebytes), SZ(crypto_sign_bytes), SZ(crypto_sign_seedbytes);
    SZ(crypto_sign_publickeybytes), SZ(crypto_sign_secretkeybytes);
    SZ(crypto_sign_messagebytes_max), SZ(crypto_sign_ed25519ph_statebytes);
    SZ(crypto_sign_ed25519_bytes), SZ(crypto_sign_ed25519_seedbytes);
    SZ(crypto_sign_ed25519_publickeybytes), SZ(crypto_sign_ed25519_secretkeybytes);
    SZ(crypto_sign_ed25519_messagebytes_max);
    SZ(crypto_scalarmult_bytes), SZ(crypto_scalarmult_scalarbytes);
    SZ(crypto_scalarmult_curve25519_bytes), SZ(crypto_scalarmult_curve25519_scalarbytes);
    SZ(crypto_core_ed25519_bytes), SZ(crypto_core_ed25519_uniformbytes);
    SZ(crypto_core_ed25519_hashbytes), SZ(crypto_core_ed25519_scalarbytes);
    SZ(crypto_core_ed25519_nonreducedscalarbytes);
    SZ(crypto_scalarmult_ed25519_bytes), SZ(crypto_scalarmult_ed25519_scalarbytes);
    SZ(crypto_core_ristretto255_bytes), SZ(crypto_core_ristretto255_hashbytes);
    SZ(crypto_core_ristretto255_scalarbytes), SZ(crypto_core_ristretto255_nonreducedscalarbytes);
    SZ(crypto_scalarmult_ristretto255_bytes), SZ(crypto_scalarmult_ristretto255_scalarbytes);
#undef SZ
    printf("crypto_sign_primitive %s\ncrypto_scalarmult_primitive %s\n", crypto_sign_primitive(),
           crypto_scalarmult_primitive());
    count("crypto_sign_primitive"), count("crypto_scalarmult_primitive");
}

/*
 * With the drop-in active: keys, signatures and Ed25519ph states made by one
 * library are used by the other. libsodium's own functions are taken from
 * its handle (dlsym searches libsodium itself first), at the level where
 * libsodium does not call back into an exported name the drop-in
 * interposes (seed_keypair, ed25519_detached, ed25519_verify_detached,
 * ed25519ph_*). 0, or 1 after printing the failure.
 */
typedef int seed_kp_fn(unsigned char *, unsigned char *, const unsigned char *);
typedef int det_fn(unsigned char *, unsigned long long *, const unsigned char *,
                   unsigned long long, const unsigned char *);
typedef int ver_fn(const unsigned char *, const unsigned char *, unsigned long long,
                   const unsigned char *);
typedef int ph_init_fn(crypto_sign_state *);
typedef int ph_update_fn(crypto_sign_state *, const unsigned char *, unsigned long long);
typedef int ph_create_fn(crypto_sign_state *, unsigned char *, unsigned long long *,
                         const unsigned char *);
typedef int ph_verify_fn(crypto_sign_state *, const unsigned char *, const unsigned char *);

static int interop(void)
{
    void *h = dlopen("libsodium.so.23", RTLD_NOW | RTLD_NOLOAD);
    if (h == NULL) {
        fprintf(stderr, "FAIL: libsodium.so.23 is not loaded\n");
        return 1;
    }
    seed_kp_fn *s_kp = (seed_kp_fn *)dlsym(h, "crypto_sign_ed25519_seed_keypair");
    det_fn *s_sign = (det_fn *)dlsym(h, "crypto_sign_ed25519_detached");
    ver_fn *s_verify = (ver_fn *)dlsym(h, "crypto_sign_ed25519_verify_detached");
    ph_init_fn *s_init = (ph_init_fn *)dlsym(h, "crypto_sign_ed25519ph_init");
    ph_update_fn *s_update = (ph_update_fn *)dlsym(h, "crypto_sign_ed25519ph_update");
    ph_create_fn *s_create = (ph_create_fn *)dlsym(h, "crypto_sign_ed25519ph_final_create");
    ph_verify_fn *s_final_verify = (ph_verify_fn *)dlsym(h, "crypto_sign_ed25519ph_final_verify");
    if (!s_kp || !s_sign || !s_verify || !s_init || !s_update || !s_create || !s_final_verify ||
        (void *)s_sign == (void *)crypto_sign_ed25519_detached) {
        fprintf(stderr, "FAIL: libsodium's own functions not found apart from the drop-in's\n");
        return 1;
    }
    int n = 0, bad = 0;
    for (int i = 0; i < 64; i++, n++) {
        uint8_t seed[32], pk1[32], sk1[64], pk2[32], sk2[64], msg[200], a[64], b[64];
        size_t mlen = (size_t)(rng_next() % sizeof msg);
        crypto_sign_state st1, st2;
        size_t cut = mlen / 2;
        rng_bytes(seed, 32);
        rng_bytes(msg, mlen);
        s_kp(pk1, sk1, seed);                          /* libsodium's keys */
        crypto_sign_ed25519_seed_keypair(pk2, sk2, seed); /* the drop-in's */
        bad |= memcmp(sk1, sk2, 64) != 0;
        s_sign(a, NULL, msg, mlen, sk2);               /* libsodium signs with our key */
        crypto_sign_ed25519_detached(b, NULL, msg, mlen, sk1); /* we sign with its key */
        bad |= memcmp(a, b, 64) != 0;
        bad |= s_verify(b, msg, mlen, pk2) != 0 || crypto_sign_ed25519_verify_detached(a, msg, mlen, pk1) != 0;
        /* Ed25519ph: a state begun by one, finished by the other */
        s_init(&st1);
        s_update(&st1, msg, cut);
        crypto_sign_ed25519ph_update(&st1, msg + cut, mlen - cut);
        crypto_sign_ed25519ph_init(&st2);
        crypto_sign_ed25519ph_update(&st2, msg, cut);
        s_update(&st2, msg + cut, mlen - cut);
        crypto_sign_ed25519ph_final_create(&st1, a, NULL, sk1); /* ours finishes libsodium's */
        s_create(&st2, b, NULL, sk2);                           /* libsodium finishes ours */
        bad |= memcmp(a, b, 64) != 0;
        s_init(&st1), s_update(&st1, msg, mlen);
        crypto_sign_ed25519ph_init(&st2), crypto_sign_ed25519ph_update(&st2, msg, mlen);
        bad |= crypto_sign_ed25519ph_final_verify(&st1, b, pk1) != 0 || s_final_verify(&st2, a, pk2) != 0;
        if (bad) {
            fprintf(stderr, "FAIL: interoperation with libsodium's own functions, case %d\n", i);
            return 1;
        }
    }
    fprintf(stderr, "interoperation with libsodium's own functions: %d cases (keys, signatures, "
                    "Ed25519ph states both ways)\n", n);
    return 0;
}

int main(void)
{
    const char *seed = getenv("VEC25519_SODIUM_DIFF_SEED");
    if (seed != NULL) rng_state = strtoull(seed, NULL, 0);
    /* Before sodium_init, libsodium's X25519 is its portable code, which
     * leaves the output untouched for a small-order point (after it, on an
     * x86-64 CPU with AVX, it zeroes it): u = 0, 1, p − 1, p, p + 1, with and
     * without bit 255, and u = 9. */
    for (int i = 0; i < 12; i++) {
        uint8_t u[32], q[32], n[32];
        memset(u, 0, 32);
        if (i % 6 == 1) u[0] = 1;
        if (i % 6 >= 2 && i % 6 <= 4) memset(u, 0xff, 32), u[31] = 0x7f, u[0] = (uint8_t)(0xea + i % 6);
        if (i % 6 == 5) u[0] = 9;
        if (i >= 6) u[31] |= 0x80;
        memset(n, 0x40 + i, 32);
        FILL(q);
        int rc = crypto_scalarmult(q, n, u);
        line("crypto_scalarmult.before_sodium_init", (unsigned long)i, rc, q, 32);
    }
    if (randombytes_set_implementation(&seeded) != 0 || sodium_init() < 0) {
        fprintf(stderr, "libsodium could not be initialised\n");
        return 1;
    }
    adv_init(&(adv_hooks){.rng = rng_bytes, .check = check_hook});
    if (adv_find_torsion(256, NULL) != 0) check_hook(0, "no point of order 8");
    make_points();
    make_scalars();

    sizes_section();
    ed25519_section();
    x25519_section();
    edwards_section();
    ristretto_section();
    fflush(stdout);

    for (int i = 0; i < MAXF && counts[i].name != NULL; i++)
        fprintf(stderr, "calls %s %lu\n", counts[i].name, counts[i].n);
    fprintf(stderr, "calls total %lu\n", total);
    unsigned long long (*calls)(void) =
        (unsigned long long (*)(void))dlsym(RTLD_DEFAULT, "vec25519_sodium_calls");
    const char *(*backend)(void) = (const char *(*)(void))dlsym(RTLD_DEFAULT, "vec25519_sodium_backend");
    if (calls == NULL) {
        fprintf(stderr, "drop-in absent\n");
        return 0;
    }
    fprintf(stderr, "drop-in active: %llu calls answered by vec25519 (backend %s)\n", calls(),
            backend ? backend() : "?");
    if (interop() != 0) return 1;
    /* The one deliberate difference (docs/sodium.md): a secret key whose
     * public half is not its seed's is refused, not used. Outside the
     * transcript, since libsodium signs with it. */
    {
        uint8_t pk[32], sk[64], sig[64], sm[64 + 3];
        unsigned long long l = 7;
        crypto_sign_keypair(pk, sk);
        sk[40] ^= 1;
        memset(sig, 0xa5, sizeof sig);
        int rc = crypto_sign_detached(sig, &l, (const uint8_t *)"abc", 3, sk);
        int zero = 1;
        for (int i = 0; i < 64; i++) zero &= sig[i] == 0;
        int rc2 = crypto_sign(sm, &l, (const uint8_t *)"abc", 3, sk);
        if (rc != -1 || !zero || l != 0 || rc2 != -1) {
            fprintf(stderr, "FAIL: a mismatched secret key was used (rc %d, %d)\n", rc, rc2);
            return 1;
        }
        fprintf(stderr, "mismatched secret key refused (-1, signature zeroed)\n");
    }
    return 0;
}
