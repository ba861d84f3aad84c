/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Seed corpora of the fuzz targets (docs/fuzzing.md), run at build time:
 *
 *     vec25519_fuzz_gen_corpus VECTORS_DIR OUT_DIR
 *
 * writes OUT_DIR/<target>/<source>-<n>, one input per file, from
 *   - the shared vectors in VECTORS_DIR (tests/vectors/: RFC 8032 and
 *     sign.input signatures, Wycheproof Ed25519 and X25519 cases, RFC 7748,
 *     ristretto255 multiples / invalid encodings / from_uniform_bytes inputs,
 *     RFC 9380 suite and expand_message_xmd inputs), each turned into the
 *     input layout of the targets (see each fuzz_*.c); a missing file is
 *     reported and skipped;
 *   - edge cases computed with the library's internal group API (the
 *     shared builders of tests/support/adversarial.c): the eight
 *     small-order points and their non-canonical encodings, y = p + t,
 *     points with every torsion component, Ed25519 signatures whose A and R
 *     carry torsion components (the cofactored/cofactorless difference with
 *     libsodium), small-order keys and R, S + ℓ, scalars around ℓ and 2^k,
 *     the small-order X25519 u-coordinates, and hash-to-curve tags of length
 *     0 and 255.
 * The output is deterministic (the "random" values are SHA-512 of a counter).
 * Nothing here is committed: the corpora live in the build tree.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "adversarial.h"
#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "vec25519.h"

static const char *out_dir;
static unsigned long nwritten;

/* ---- output ---------------------------------------------------------------- */

static void make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "gen_corpus: cannot create %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

static void seed(const char *target, const char *source, unsigned n, const uint8_t *p,
                 size_t len)
{
    char path[4096];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", out_dir, target);
    make_dir(path);
    snprintf(path, sizeof path, "%s/%s/%s-%u", out_dir, target, source, n);
    f = fopen(path, "wb");
    if (f == NULL || (len > 0 && fwrite(p, 1, len, f) != len) || fclose(f) != 0) {
        fprintf(stderr, "gen_corpus: cannot write %s\n", path);
        exit(1);
    }
    nwritten++;
}

/* Concatenation helper: buf ‖= p[0..n). */
struct buf {
    uint8_t b[8192];
    size_t n;
};

static void put(struct buf *b, const uint8_t *p, size_t n)
{
    if (b->n + n > sizeof b->b) n = sizeof b->b - b->n;
    memcpy(b->b + b->n, p, n);
    b->n += n;
}

static void put_byte(struct buf *b, uint8_t c)
{
    put(b, &c, 1);
}

/* ---- deterministic "randomness" ------------------------------------------- */

static uint64_t drbg_counter;

static void drbg(void *buf, size_t n)
{
    uint8_t *out = buf;
    while (n > 0) {
        uint8_t in[8], h[64];
        for (int i = 0; i < 8; i++) in[i] = (uint8_t)(drbg_counter >> (8 * i));
        drbg_counter++;
        vec25519_sha512(h, in, sizeof in);
        size_t k = n < 64 ? n : 64;
        memcpy(out, h, k);
        out += k;
        n -= k;
    }
}


/* ---- vector files ------------------------------------------------------------ */

struct vfile {
    FILE *f;
    char line[32768];
    char *fld[16];
    int nf;
};

static int vopen(struct vfile *v, const char *vectors, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", vectors, name);
    v->f = fopen(path, "r");
    if (v->f == NULL) fprintf(stderr, "gen_corpus: skipping %s (not found)\n", path);
    return v->f != NULL;
}

/* Next data line split at spaces; 0 at the end of the file (closed). */
static int vnext(struct vfile *v)
{
    while (fgets(v->line, sizeof v->line, v->f) != NULL) {
        if (v->line[0] == '#' || v->line[0] == '\n') continue;
        v->nf = 0;
        for (char *t = strtok(v->line, " \n"); t != NULL && v->nf < 16; t = strtok(NULL, " \n"))
            v->fld[v->nf++] = t;
        if (v->nf > 0) return 1;
    }
    fclose(v->f);
    return 0;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex ("-" is empty) into out; returns the length, or -1. */
static long unhex(uint8_t *out, size_t cap, const char *s)
{
    size_t n = 0;
    if (strcmp(s, "-") == 0) return 0;
    for (; s[0] != '\0'; s += 2) {
        int hi = hexval(s[0]), lo = s[1] != '\0' ? hexval(s[1]) : -1;
        if (hi < 0 || lo < 0 || n == cap) return -1;
        out[n++] = (uint8_t)(hi << 4 | lo);
    }
    return (long)n;
}

/* ---- seeds from the vectors --------------------------------------------------------- */

static uint8_t msgbuf[8192];

/* pk ‖ sig ‖ msg for fuzz_ed25519_verify, and the parts for the other targets. */
static void ed25519_case(const char *src, unsigned n, const uint8_t pk[32], const uint8_t *sig,
                         long siglen, const uint8_t *msg, long mlen, int also_parts)
{
    struct buf b = {.n = 0};
    if (siglen != 64) return;
    put(&b, pk, 32);
    put(&b, sig, 64);
    put(&b, msg, (size_t)mlen);
    seed("fuzz_ed25519_verify", src, n, b.b, b.n);
    if (!also_parts) return;
    seed("fuzz_point_decode", src, 2 * n, pk, 32);
    seed("fuzz_point_decode", src, 2 * n + 1, sig, 32);
    seed("fuzz_scalar_reduce", src, 2 * n, sig + 32, 32);
    seed("fuzz_scalar_reduce", src, 2 * n + 1, sig, 64);
    {
        struct buf pr = {.n = 0};
        put(&pr, pk, 32);
        put(&pr, sig, 32);
        seed("fuzz_point_decode", src, 1000000 + n, pr.b, pr.n);
    }
}

static void from_rfc8032(const char *vectors)
{
    static const char *files[3] = {"rfc8032/ed25519.txt", "rfc8032/ed25519ph.txt",
                                   "rfc8032/ed25519ctx.txt"};
    static const char *names[3] = {"rfc8032", "rfc8032ph", "rfc8032ctx"};
    for (int fi = 0; fi < 3; fi++) {
        struct vfile v;
        unsigned n = 0;
        if (!vopen(&v, vectors, files[fi])) continue;
        while (vnext(&v)) {
            uint8_t sk[64], pk[32], sig[64];
            if (v.nf < 4) continue;
            long m = unhex(msgbuf, sizeof msgbuf, v.fld[2]);
            if (unhex(sk, 32, v.fld[0]) != 32 || unhex(pk, 32, v.fld[1]) != 32 || m < 0 ||
                unhex(sig, 64, v.fld[3]) != 64)
                continue;
            ed25519_case(names[fi], n, pk, sig, 64, msgbuf, m, 1);
            memcpy(sk + 32, pk, 32);
            seed("fuzz_x25519", names[fi], n, sk, 64);
            n++;
        }
    }
}

static void from_sign_input(const char *vectors)
{
    struct vfile v;
    unsigned n = 0;
    if (!vopen(&v, vectors, "ed25519_sign_input/sign_input.txt")) return;
    while (vnext(&v)) {
        uint8_t pk[32], sig[64];
        unsigned i = n++;
        /* Every message length up to 64, then every 16th case: enough to
         * cover the hashing paths without slowing the first pass. */
        if (v.nf < 4 || (i > 64 && i % 16 != 0)) continue;
        long m = unhex(msgbuf, sizeof msgbuf, v.fld[2]);
        if (unhex(pk, 32, v.fld[1]) != 32 || m < 0 || unhex(sig, 64, v.fld[3]) != 64) continue;
        ed25519_case("signinput", i, pk, sig, 64, msgbuf, m, i < 8);
    }
}

static void from_wycheproof_ed25519(const char *vectors)
{
    struct vfile v;
    if (!vopen(&v, vectors, "wycheproof/ed25519_test.txt")) return;
    while (vnext(&v)) {
        uint8_t pk[32], sig[128];
        if (v.nf < 6) continue;
        unsigned id = (unsigned)strtoul(v.fld[0], NULL, 10);
        long m = unhex(msgbuf, sizeof msgbuf, v.fld[4]);
        long sl = unhex(sig, sizeof sig, v.fld[5]);
        if (unhex(pk, 32, v.fld[3]) != 32 || m < 0) continue;
        ed25519_case("wycheproof", id, pk, sig, sl, msgbuf, m, 1);
    }
}

static void from_wycheproof_x25519(const char *vectors)
{
    struct vfile v;
    if (!vopen(&v, vectors, "wycheproof/x25519_test.txt")) return;
    while (vnext(&v)) {
        uint8_t in[64];
        if (v.nf < 6) continue;
        unsigned id = (unsigned)strtoul(v.fld[0], NULL, 10);
        if (unhex(in, 32, v.fld[3]) != 32 || unhex(in + 32, 32, v.fld[4]) != 32) continue;
        seed("fuzz_x25519", "wycheproof", id, in, 64);
    }
}

static void from_rfc7748(const char *vectors)
{
    struct vfile v;
    unsigned n = 0;
    if (vopen(&v, vectors, "rfc7748/x25519_scalarmult.txt")) {
        while (vnext(&v)) {
            uint8_t in[64];
            if (v.nf >= 2 && unhex(in, 32, v.fld[0]) == 32 && unhex(in + 32, 32, v.fld[1]) == 32)
                seed("fuzz_x25519", "rfc7748", n++, in, 64);
        }
    }
    if (vopen(&v, vectors, "rfc7748/x25519_dh.txt")) {
        while (vnext(&v)) {
            uint8_t a[32], ap[32], b[32], bp[32], in[64];
            if (v.nf < 4 || unhex(a, 32, v.fld[0]) != 32 || unhex(ap, 32, v.fld[1]) != 32 ||
                unhex(b, 32, v.fld[2]) != 32 || unhex(bp, 32, v.fld[3]) != 32)
                continue;
            memcpy(in, a, 32);
            memcpy(in + 32, bp, 32);
            seed("fuzz_x25519", "rfc7748dh", n++, in, 64);
            memcpy(in, b, 32);
            memcpy(in + 32, ap, 32);
            seed("fuzz_x25519", "rfc7748dh", n++, in, 64);
        }
    }
    /* The first step of the iterated test: k = u = 9. */
    {
        uint8_t in[64] = {9};
        in[32] = 9;
        seed("fuzz_x25519", "rfc7748iter", 0, in, 64);
    }
}

static void from_ristretto(const char *vectors)
{
    static uint8_t enc[64][32];
    unsigned nenc = 0, n = 0;
    struct vfile v;

    if (vopen(&v, vectors, "ristretto255/multiples.txt")) {
        while (vnext(&v)) {
            if (v.nf >= 2 && nenc < 64 && unhex(enc[nenc], 32, v.fld[1]) == 32) {
                seed("fuzz_ristretto_decode", "multiple", nenc, enc[nenc], 32);
                nenc++;
            }
        }
    }
    /* Pairs (s, q) of multiples: add, sub, and q as a scalar. */
    for (unsigned i = 0; i + 1 < nenc; i += 3) {
        uint8_t in[64];
        memcpy(in, enc[i], 32);
        memcpy(in + 32, enc[(i * 7 + 5) % nenc], 32);
        seed("fuzz_ristretto_decode", "pair", n++, in, 64);
    }
    if (vopen(&v, vectors, "ristretto255/invalid_encodings.txt")) {
        unsigned k = 0;
        while (vnext(&v)) {
            uint8_t in[64];
            if (v.nf < 2 || unhex(in, 32, v.fld[1]) != 32) continue;
            seed("fuzz_ristretto_decode", "invalid", k, in, 32);
            if (nenc > 1) {
                memcpy(in + 32, enc[1], 32);
                seed("fuzz_ristretto_decode", "invalidpair", k, in, 64);
            }
            k++;
        }
    }
    if (vopen(&v, vectors, "ristretto255/from_uniform_bytes.txt")) {
        unsigned k = 0;
        while (vnext(&v)) {
            uint8_t in[64];
            if (v.nf >= 1 && unhex(in, 64, v.fld[0]) == 64)
                seed("fuzz_ristretto_decode", "uniform", k++, in, 64);
        }
    }
}

static void from_hash_to_curve(const char *vectors)
{
    static const char *files[5] = {
        "hash_to_curve/edwards25519_XMD_SHA-512_ELL2_RO_.txt",
        "hash_to_curve/edwards25519_XMD_SHA-512_ELL2_NU_.txt",
        "hash_to_curve/curve25519_XMD_SHA-512_ELL2_RO_.txt",
        "hash_to_curve/curve25519_XMD_SHA-512_ELL2_NU_.txt",
        "hash_to_curve/expand_message_xmd_SHA512_38.txt",
    };
    unsigned n = 0;
    for (int fi = 0; fi < 5; fi++) {
        struct vfile v;
        if (!vopen(&v, vectors, files[fi])) continue;
        while (vnext(&v)) {
            uint8_t dst[256], p[32];
            struct buf b = {.n = 0};
            long dl, ml;
            if (v.nf < 2) continue;
            dl = unhex(dst, sizeof dst, v.fld[0]);
            ml = unhex(msgbuf, sizeof msgbuf, v.fld[1]);
            if (dl < 0 || dl > 255 || ml < 0) continue;
            put_byte(&b, (uint8_t)dl);
            put(&b, dst, (size_t)dl);
            put(&b, msgbuf, (size_t)ml);
            seed("fuzz_hash_to_curve", "rfc9380", n, b.b, b.n);
            /* The suites' outputs: points to decode, u-coordinates to multiply. */
            if (fi < 4 && unhex(p, 32, v.fld[v.nf - 1]) == 32) {
                if (fi < 2) {
                    seed("fuzz_point_decode", "rfc9380", n, p, 32);
                } else {
                    uint8_t in[64];
                    drbg(in, 32);
                    memcpy(in + 32, p, 32);
                    seed("fuzz_x25519", "rfc9380", n, in, 64);
                }
            }
            n++;
        }
    }
}

/* ---- computed edge cases ------------------------------------------------------------- */

/* The y-coordinates tried for a point with a torsion component of order 8:
 * 2, 3, 4, ... (the small-order points come out the same on every run). */
static void torsion_candidate(uint8_t y[32], unsigned i)
{
    unsigned y0 = 2 + i;
    memset(y, 0, 32);
    y[0] = (uint8_t)y0;
    y[1] = (uint8_t)(y0 >> 8);
}

static void check_hook(int ok, const char *what)
{
    if (ok) return;
    fprintf(stderr, "gen_corpus: %s\n", what);
    exit(1);
}

static void edge_points(void)
{
    unsigned n = 0;
    uint8_t s[64], k[32];

    for (int j = 0; j < 8; j++) {
        seed("fuzz_point_decode", "torsion", n++, adv_tors_enc[j], 32);
        memcpy(s, adv_tors_enc[j], 32);
        s[31] ^= 0x80;
        seed("fuzz_point_decode", "torsion", n++, s, 32);
    }
    for (int t = 0; t < 19; t++)
        for (int sign = 0; sign < 2; sign++) {
            adv_noncanon(s, t, sign);
            seed("fuzz_point_decode", "noncanonical", n++, s, 32);
            memcpy(s + 32, adv_tors_enc[0], 32); /* (p + t, identity): add/sub */
            seed("fuzz_point_decode", "noncanonical", n++, s, 64);
        }
    /* [k]B + T_j: a point with each torsion component, and a scalar. */
    for (int j = 0; j < 8; j++) {
        adv_rand_point(k, s, j);
        adv_rand_scalar(s + 32);
        seed("fuzz_point_decode", "mixed", n++, s, 32);
        seed("fuzz_point_decode", "mixed", n++, s, 64);
    }
    /* Scalars that make scalarmult fail: zero, ℓ, and the all-ones string. */
    {
        ge_ext_tobytes(s, &ge_basepoint);
        memset(s + 32, 0, 32);
        seed("fuzz_point_decode", "scalar", 0, s, 64);
        memcpy(s + 32, sc_ell, 32);
        seed("fuzz_point_decode", "scalar", 1, s, 64);
        memset(s + 32, 0xff, 32);
        seed("fuzz_point_decode", "scalar", 2, s, 64);
    }
}

/* pk ‖ R ‖ S ‖ msg with R = [r]B + T_jr, A = [a]B + T_ja, S = r + k·a. */
static void torsion_sig(unsigned n, int ja, int jr)
{
    uint8_t sig[64], A[32], msg[24];
    struct buf b = {.n = 0};

    (void)adv_sig_torsion(sig, A, msg, sizeof msg, ja, jr, -1);
    put(&b, A, 32);
    put(&b, sig, 64);
    put(&b, msg, sizeof msg);
    seed("fuzz_ed25519_verify", "torsion", n, b.b, b.n);
}

static void edge_signatures(void)
{
    static const uint8_t zero[32];
    unsigned n = 0;

    /* Every pair of torsion components (A, R), twice each: the cofactorless
     * equation holds for some and fails for others. */
    for (int ja = 0; ja < 8; ja++)
        for (int jr = 0; jr < 8; jr++) {
            torsion_sig(n++, ja, jr);
            torsion_sig(n++, ja, jr);
        }

    /* Small-order A with S = r, R = [r]B (the cofactored equation holds), in
     * canonical and non-canonical encodings; small-order R with S = k·a. */
    n = 0;
    for (int j = 0; j < 8 + 4; j++) {
        uint8_t A[32], R[32], sig[64], a[32], msg[16];
        struct buf b = {.n = 0};
        if (j < 8) {
            memcpy(A, adv_tors_enc[j], 32);
        } else {
            adv_noncanon(A, j & 1, (j >> 1) & 1); /* p and p + 1 with either sign */
        }
        memcpy(R, A, 32); /* the same small-order encoding, as R below */
        (void)adv_sig_small_A(sig, msg, sizeof msg, A, ADV_K_ANY);
        put(&b, A, 32);
        put(&b, sig, 64);
        put(&b, msg, sizeof msg);
        seed("fuzz_ed25519_verify", "smallA", n, b.b, b.n);

        b.n = 0;
        adv_rand_point(a, A, 0);
        adv_make_sig(sig, R, zero, A, a, msg, sizeof msg);
        put(&b, A, 32);
        put(&b, sig, 64);
        put(&b, msg, sizeof msg);
        seed("fuzz_ed25519_verify", "smallR", n, b.b, b.n);
        n++;
    }

    /* A valid signature with S + ℓ (non-canonical S). */
    {
        uint8_t sd[32], pk[32], sk[64], sig[64], msg[8] = "S plus l";
        struct buf b = {.n = 0};
        drbg(sd, 32);
        vec25519_ed25519_keypair(pk, sk, sd);
        check_hook(vec25519_ed25519_sign(sig, msg, sizeof msg, sk) == 0, "signing failed");
        (void)adv_add_ell(sig + 32);
        put(&b, pk, 32);
        put(&b, sig, 64);
        put(&b, msg, sizeof msg);
        seed("fuzz_ed25519_verify", "Splusl", 0, b.b, b.n);
    }
}

static void edge_scalars(void)
{
    uint8_t s[64];
    unsigned n = 0;

    for (int d = -2; d <= 2; d++) { /* ℓ + d */
        memset(s, 0, sizeof s);
        memcpy(s, sc_ell, 32);
        s[0] = (uint8_t)(s[0] + d);
        seed("fuzz_scalar_reduce", "ell", n++, s, 32);
        seed("fuzz_scalar_reduce", "ell", n++, s, 64);
    }
    for (int bit = 251; bit <= 256; bit++) { /* 2^bit - 1 and 2^bit */
        memset(s, 0, sizeof s);
        for (int i = 0; i < bit; i++) s[i / 8] |= (uint8_t)(1u << (i % 8));
        seed("fuzz_scalar_reduce", "pow2m1", n++, s, bit <= 256 ? 32 : 64);
        if (bit < 256) {
            memset(s, 0, sizeof s);
            s[bit / 8] = (uint8_t)(1u << (bit % 8));
            seed("fuzz_scalar_reduce", "pow2", n++, s, 32);
        }
    }
    memset(s, 0, sizeof s);
    seed("fuzz_scalar_reduce", "zero", 0, s, 64);
    memset(s, 0xff, sizeof s);
    seed("fuzz_scalar_reduce", "ones", 0, s, 64);
    /* ℓ·2^256 and 2ℓ, 8ℓ (multiples of ℓ: invert's documented difference) */
    memset(s, 0, sizeof s);
    memcpy(s + 32, sc_ell, 32);
    seed("fuzz_scalar_reduce", "ellshift", 0, s, 64);
    for (int m = 2; m <= 8; m *= 2) {
        unsigned c = 0;
        memset(s, 0, sizeof s);
        for (int i = 0; i < 32; i++) {
            c += (unsigned)sc_ell[i] * (unsigned)m;
            s[i] = (uint8_t)c;
            c >>= 8;
        }
        memcpy(s + 32, s, 32);
        seed("fuzz_scalar_reduce", "multiple", (unsigned)m, s, 64);
    }
}

static void edge_x25519(void)
{
    uint8_t u[8][32];
    unsigned n = 0;

    /* the torsion images, p - 1 (= -1), p, p + 1; then p + 2 */
    unsigned nu = (unsigned)adv_small_order_u(u, NULL);
    adv_noncanon(u[nu++], 2, 0);
    for (unsigned i = 0; i < nu; i++)
        for (int top = 0; top < 2; top++) {
            uint8_t in[64];
            drbg(in, 32);
            memcpy(in + 32, u[i], 32);
            in[63] = (uint8_t)((in[63] & 0x7f) | (top << 7));
            seed("fuzz_x25519", "smallorder", n++, in, 64);
        }
    {
        uint8_t in[64];
        memset(in, 0, sizeof in);
        in[32] = 9;
        seed("fuzz_x25519", "scalar", 0, in, 64);
        memset(in, 0xff, 32);
        seed("fuzz_x25519", "scalar", 1, in, 64);
    }
}

static void edge_ristretto(void)
{
    uint8_t s[64];
    memset(s, 0, sizeof s);
    seed("fuzz_ristretto_decode", "zero", 0, s, 64);
    memset(s, 0xff, sizeof s);
    seed("fuzz_ristretto_decode", "ones", 0, s, 64);
    /* s = p - 1 (negative) and p (non-canonical 0) */
    adv_noncanon(s, 0, 0);
    seed("fuzz_ristretto_decode", "p", 0, s, 32);
}

static void edge_hash_to_curve(void)
{
    uint8_t in[300];
    memset(in, 'D', sizeof in);
    in[0] = 0; /* empty DST: rejected */
    seed("fuzz_hash_to_curve", "dst", 0, in, 16);
    in[0] = 255; /* the longest DST accepted, then a message */
    seed("fuzz_hash_to_curve", "dst", 1, in, sizeof in);
    in[0] = 200; /* the length byte says more than there is */
    seed("fuzz_hash_to_curve", "dst", 2, in, 40);
    in[0] = 0x3f; /* selects the 16320-byte expand_message_xmd */
    seed("fuzz_hash_to_curve", "dst", 3, in, 80);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s VECTORS_DIR OUT_DIR\n", argv[0]);
        return 2;
    }
    out_dir = argv[2];
    make_dir(out_dir);
    adv_init(&(adv_hooks){.rng = drbg, .check = check_hook});
    if (adv_find_torsion(998, torsion_candidate) != 0) {
        fprintf(stderr, "gen_corpus: no point of order 8 found\n");
        return 1;
    }

    from_rfc8032(argv[1]);
    from_sign_input(argv[1]);
    from_wycheproof_ed25519(argv[1]);
    from_wycheproof_x25519(argv[1]);
    from_rfc7748(argv[1]);
    from_ristretto(argv[1]);
    from_hash_to_curve(argv[1]);

    edge_points();
    edge_signatures();
    edge_scalars();
    edge_x25519();
    edge_ristretto();
    edge_hash_to_curve();

    printf("gen_corpus: %lu seed files in %s\n", nwritten, out_dir);
    return 0;
}
