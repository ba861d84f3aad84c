/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fuzz_scalar_reduce: scalars mod ℓ against libsodium 1.0.18 and a byte-wise
 * reference.
 *
 * Input: at least 32 bytes. x = bytes 0..31; with 64 bytes or more,
 * w = bytes 0..63 (a 512-bit integer) and y = bytes 32..63.
 *   - sc_is_canonical(x) equals a reference comparison of x with ℓ, most
 *     significant byte first (ℓ written out here, checked against libsodium
 *     at start-up);
 *   - sc_reduce32(x) equals crypto_core_ed25519_scalar_reduce(x ‖ 0^32), and
 *     is x itself when x < ℓ;
 *   - sc_reduce64(w), vec25519_edwards25519_scalar_reduce(w) and
 *     vec25519_ristretto255_scalar_reduce(w) equal
 *     crypto_core_ed25519_scalar_reduce(w);
 *   - the public scalar arithmetic on any 256-bit x, y (negate, complement,
 *     add, sub, mul, invert), in both the ed25519 and the ristretto255
 *     spelling (the latter when src/ defines it), equals libsodium's
 *     crypto_core_{ed,ristretto}25519_scalar_*. Add and sub are also checked
 *     against an exact reference, and compared with libsodium only where
 *     x + y < 2^256 (see check_addsub: libsodium 1.0.18 drops the carry).
 *     Invert: the documented difference is that we fail (-1, output zeroed)
 *     for every x ≡ 0 (mod ℓ), where libsodium fails only for x = 0 and
 *     returns 0 with the output 0 for the other multiples of ℓ; that exact
 *     behaviour is checked.
 */
#include <string.h>

#include <sodium.h>

#include "fuzz_common.h"
#include "scalar/sc.h"
#include "vec25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    uint8_t w[64] = {0}, r[32];
    (void)argc;
    (void)argv;
    fuzz_sodium_init();
    /* ℓ (fuzz_ell) ≡ 0 and ℓ - 1 is reduced, per libsodium. */
    memcpy(w, fuzz_ell, 32);
    crypto_core_ed25519_scalar_reduce(r, w);
    FUZZ_REQUIRE(fuzz_is_zero(r, 32), "l is not 0 mod l for libsodium");
    w[0]--;
    crypto_core_ed25519_scalar_reduce(r, w);
    FUZZ_REQUIRE(memcmp(r, w, 32) == 0, "l - 1 is not reduced for libsodium");
    return 0;
}

typedef void (*un_fn)(unsigned char *, const unsigned char *);
typedef void (*vun_fn)(uint8_t[32], const uint8_t[32]);
typedef void (*bin_fn)(unsigned char *, const unsigned char *, const unsigned char *);
typedef void (*vbin_fn)(uint8_t[32], const uint8_t[32], const uint8_t[32]);
typedef int (*inv_fn)(unsigned char *, const unsigned char *);
typedef int (*vinv_fn)(uint8_t[32], const uint8_t[32]);

static void check_un(const char *name, vun_fn ours, un_fn theirs, const uint8_t x[32])
{
    uint8_t a[32], b[32];
    fuzz_notes_reset();
    fuzz_note("ours", a, 32);
    fuzz_note("libsodium", b, 32);
    ours(a, x);
    theirs(b, x);
    FUZZ_REQUIRE(memcmp(a, b, 32) == 0, "%s: outputs differ", name);
}

static void check_bin(const char *name, vbin_fn ours, bin_fn theirs, const uint8_t x[32],
                      const uint8_t y[32])
{
    uint8_t a[32], b[32];
    fuzz_notes_reset();
    fuzz_note("ours", a, 32);
    fuzz_note("libsodium", b, 32);
    ours(a, x, y);
    theirs(b, x, y);
    FUZZ_REQUIRE(memcmp(a, b, 32) == 0, "%s: outputs differ", name);
}

/*
 * x + y and x - y. The reference is (x + y) mod ℓ of the exact 257-bit sum
 * (and x + (-y mod ℓ) for x - y), reduced by libsodium's 512-bit reduction.
 * libsodium 1.0.18's scalar_add adds in 256 bits and drops the carry
 * (sodium_add over 32 bytes), so it differs when x + y ≥ 2^256, which needs
 * a non-reduced input; scalar_sub is add(x, negate(y)) and inherits it
 * (the difference documented in edwards25519.h and ristretto255.h). In that
 * case libsodium must give ((x + y) mod 2^256) mod ℓ exactly, and we the
 * reference; otherwise the two agree.
 */
static void check_addsub(const char *name, int sub, vbin_fn ours, bin_fn theirs,
                         const uint8_t x[32], const uint8_t y[32])
{
    uint8_t a[32], b[32], yy[32], w[64] = {0}, want[32], trunc[32];
    unsigned c = 0;
    fuzz_notes_reset();
    fuzz_note("ours", a, 32);
    fuzz_note("libsodium", b, 32);
    fuzz_note("reference", want, 32);
    if (sub)
        crypto_core_ed25519_scalar_negate(yy, y);
    else
        memcpy(yy, y, 32);
    for (int i = 0; i < 32; i++) {
        c += (unsigned)x[i] + yy[i];
        w[i] = (uint8_t)c;
        c >>= 8;
    }
    w[32] = (uint8_t)c;
    crypto_core_ed25519_scalar_reduce(want, w);
    w[32] = 0;
    crypto_core_ed25519_scalar_reduce(trunc, w);
    ours(a, x, y);
    theirs(b, x, y);
    FUZZ_REQUIRE(memcmp(a, want, 32) == 0, "%s: vec25519 differs from the reference", name);
    if (c == 0) {
        FUZZ_REQUIRE(memcmp(b, want, 32) == 0, "%s: libsodium differs from the reference", name);
    } else {
        FUZZ_REQUIRE(memcmp(b, trunc, 32) == 0,
                     "%s: libsodium differs from its known 256-bit-carry behaviour", name);
    }
}

static void check_inv(const char *name, vinv_fn ours, inv_fn theirs, const uint8_t x[32])
{
    uint8_t a[32], b[32], w[64] = {0}, red[32];
    fuzz_notes_reset();
    fuzz_note("ours", a, 32);
    fuzz_note("libsodium", b, 32);
    memcpy(w, x, 32);
    crypto_core_ed25519_scalar_reduce(red, w);
    int zero_mod_l = fuzz_is_zero(red, 32);
    memset(a, 0xa5, 32);
    int r1 = ours(a, x);
    int r2 = theirs(b, x);
    if (!zero_mod_l) {
        FUZZ_REQUIRE(r1 == 0 && r2 == 0, "%s: vec25519 returns %d, libsodium %d", name, r1, r2);
        FUZZ_REQUIRE(memcmp(a, b, 32) == 0, "%s: outputs differ", name);
    } else {
        FUZZ_REQUIRE(r1 == -1 && fuzz_is_zero(a, 32),
                     "%s of a multiple of l: vec25519 returns %d (want -1, zeroed)", name, r1);
        if (fuzz_is_zero(x, 32)) {
            FUZZ_REQUIRE(r2 == -1, "%s(0): libsodium returns %d", name, r2);
        } else {
            FUZZ_REQUIRE(r2 == 0 && fuzz_is_zero(b, 32),
                         "%s of a nonzero multiple of l: libsodium returns %d (documented: 0, "
                         "output 0)",
                         name, r2);
        }
    }
}

/* The scalar operations of one group against libsodium's: vec25519_OURS_scalar_*
 * against crypto_core_THEIRS_scalar_*, the inversion on INV (x or y, so that
 * the two groups invert different inputs). */
#define CHECK_SCALAR_OPS(OURS, THEIRS, INV)                                                   \
    do {                                                                                      \
        check_un(#THEIRS "_scalar_negate", vec25519_##OURS##_scalar_negate,                   \
                 crypto_core_##THEIRS##_scalar_negate, x);                                    \
        check_un(#THEIRS "_scalar_complement", vec25519_##OURS##_scalar_complement,           \
                 crypto_core_##THEIRS##_scalar_complement, x);                                \
        check_addsub(#THEIRS "_scalar_add", 0, vec25519_##OURS##_scalar_add,                  \
                     crypto_core_##THEIRS##_scalar_add, x, y);                                \
        check_addsub(#THEIRS "_scalar_sub", 1, vec25519_##OURS##_scalar_sub,                  \
                     crypto_core_##THEIRS##_scalar_sub, x, y);                                \
        check_bin(#THEIRS "_scalar_mul", vec25519_##OURS##_scalar_mul,                        \
                  crypto_core_##THEIRS##_scalar_mul, x, y);                                   \
        check_inv(#THEIRS "_scalar_invert", vec25519_##OURS##_scalar_invert,                  \
                  crypto_core_##THEIRS##_scalar_invert, INV);                                 \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t x[32], w[64] = {0}, r1[32], r2[32];

    fuzz_begin(data, size);
    if (size < 32) return 0;
    memcpy(x, data, 32);
    fuzz_note("ours", r1, 32);
    fuzz_note("libsodium", r2, 32);

    int canon = ct_to_int(sc_is_canonical(x));
    FUZZ_REQUIRE(canon == fuzz_lt_ell(x), "sc_is_canonical %d, reference %d", canon,
                 fuzz_lt_ell(x));

    memcpy(w, x, 32);
    sc_reduce32(r1, x);
    crypto_core_ed25519_scalar_reduce(r2, w);
    FUZZ_REQUIRE(memcmp(r1, r2, 32) == 0, "sc_reduce32 differs from libsodium reduce(x || 0)");
    FUZZ_REQUIRE(fuzz_lt_ell(r1), "sc_reduce32 output not < l");
    if (canon) FUZZ_REQUIRE(memcmp(r1, x, 32) == 0, "sc_reduce32 changes a reduced x");

    if (size < 64) return 0;
    const uint8_t *y = data + 32;
    memcpy(w, data, 64);

    sc_reduce64(r1, w);
    crypto_core_ed25519_scalar_reduce(r2, w);
    FUZZ_REQUIRE(memcmp(r1, r2, 32) == 0, "sc_reduce64 differs from libsodium");
    FUZZ_REQUIRE(fuzz_lt_ell(r1), "sc_reduce64 output not < l");
    vec25519_edwards25519_scalar_reduce(r1, w);
    FUZZ_REQUIRE(memcmp(r1, r2, 32) == 0, "vec25519_edwards25519_scalar_reduce differs");
#ifdef VEC25519_FUZZ_HAVE_RISTRETTO_SCALARS
    vec25519_ristretto255_scalar_reduce(r1, w);
    crypto_core_ristretto255_scalar_reduce(r2, w);
    FUZZ_REQUIRE(memcmp(r1, r2, 32) == 0, "vec25519_ristretto255_scalar_reduce differs");
#endif

    CHECK_SCALAR_OPS(edwards25519, ed25519, x);
#ifdef VEC25519_FUZZ_HAVE_RISTRETTO_SCALARS
    CHECK_SCALAR_OPS(ristretto255, ristretto255, y);
#endif
    return 0;
}
