/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * fuzz_ristretto_decode: ristretto255 (RFC 9496) against libsodium 1.0.18,
 * whose crypto_core_ristretto255_* semantics ristretto255.h promises exactly
 * (up to the differences listed there).
 *
 * The encoding difference documented in ristretto255.h is checked exactly:
 * libsodium 1.0.18 ignores bit 255 of an encoding, so it accepts s with bit
 * 255 set whenever it accepts s with bit 255 cleared; RFC 9496 §4.3.1 and
 * vec25519 reject every such s (its integer is ≥ p). Every function
 * taking an encoding inherits this. Where the verdicts differ, the target
 * requires that bit 255 is set in an encoding, that vec25519 is the one
 * that rejects, and that vec25519 on the same inputs with bit 255 cleared
 * gives libsodium's verdict and output.
 *
 * Input: at least 32 bytes: s = bytes 0..31. With 64 bytes or more, q =
 * bytes 32..63 and h = bytes 0..63.
 *   - vec25519_ristretto255_is_valid_point(s) equals
 *     crypto_core_ristretto255_is_valid_point(s) (up to bit 255, above);
 *   - vec25519_ristretto255_point_frombytes accepts exactly those, zeroes the
 *     struct otherwise, and ENCODE(DECODE(s)) = s;
 * with 64 bytes or more:
 *   - vec25519_ristretto255_from_uniform_bytes(h) and the struct form equal
 *     crypto_core_ristretto255_from_hash(h);
 *   - add and sub of (s, q) equal crypto_core_ristretto255_add/_sub (return
 *     codes and outputs; up to bit 255);
 *   - scalarmult(n = q, p = s) and scalarmult_base(q) equal
 *     crypto_scalarmult_ristretto255 / _base (return codes and outputs; up to
 *     bit 255 of s); with bit 255 of q set, ours reduces q mod ℓ where
 *     libsodium clears that bit (the documented difference): ours on q must
 *     equal ours on q mod ℓ, which is compared with libsodium.
 */
#include <string.h>

#include <sodium.h>

#include "fuzz_common.h"
#include "vec25519.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_sodium_init();
    return 0;
}

static int check_decode(const char *name, const uint8_t s[32])
{
    vec25519_ristretto255_point p;
    uint8_t enc[32];

    fuzz_notes_reset();
    fuzz_note(name, s, 32);
    int v1 = vec25519_ristretto255_is_valid_point(s);
    int v2 = crypto_core_ristretto255_is_valid_point(s);
    if (v1 != v2) {
        uint8_t low[32];
        memcpy(low, s, 32);
        low[31] &= 0x7f;
        FUZZ_REQUIRE(!v1 && (s[31] & 0x80) && vec25519_ristretto255_is_valid_point(low) == v2,
                     "is_valid_point(%s): vec25519 %d, libsodium %d (not the bit-255 difference)",
                     name, v1, v2);
    }
    memset(&p, 0xa5, sizeof p);
    int r = vec25519_ristretto255_point_frombytes(&p, s);
    FUZZ_REQUIRE((r == 0) == v1, "point_frombytes(%s) returns %d, is_valid_point %d", name, r, v1);
    if (r == 0) {
        vec25519_ristretto255_point_tobytes(enc, &p);
        fuzz_note("encode(decode)", enc, 32);
        FUZZ_REQUIRE(memcmp(enc, s, 32) == 0, "ENCODE(DECODE(%s)) != %s", name, name);
    } else {
        FUZZ_REQUIRE(r == -1 && fuzz_is_zero((const uint8_t *)&p, sizeof p),
                     "point_frombytes(%s) failed without zeroing", name);
    }
    return v1;
}

/*
 * Compares a vec25519 result (r1, o1) with libsodium's (r2, o2). When they
 * differ, the bit-255 difference is the only one allowed: vec25519 fails,
 * some input encoding has bit 255 set (top != 0), and vec25519 on the inputs
 * with bit 255 cleared (r3, o3) gives libsodium's result.
 */
static void compare_out(const char *name, int r1, const uint8_t o1[32], int r2,
                        const uint8_t o2[32], int top, int r3, const uint8_t o3[32])
{
    fuzz_notes_reset();
    fuzz_note("ours", o1, 32);
    fuzz_note("libsodium", o2, 32);
    if (r1 != 0) FUZZ_REQUIRE(r1 == -1 && fuzz_is_zero(o1, 32), "%s failed without zeroing", name);
    if (r1 == r2) {
        if (r1 == 0) FUZZ_REQUIRE(memcmp(o1, o2, 32) == 0, "%s: outputs differ", name);
        return;
    }
    fuzz_note("ours, bit 255 cleared", o3, 32);
    FUZZ_REQUIRE(r1 == -1 && r2 == 0 && top && r3 == 0 && memcmp(o3, o2, 32) == 0,
                 "%s: vec25519 returns %d, libsodium %d (not the bit-255 difference; with bit "
                 "255 cleared vec25519 returns %d)",
                 name, r1, r2, r3);
}

/* out = f(a, b) by ours and by libsodium, compared by compare_out; ours
 * again on al, bl (a, b with bit 255 cleared where they are encodings), for
 * the documented bit-255 difference (top: a or b had it set). The output
 * starts non-zero, so that a failure must zero it. */
typedef int (*binary_fn)(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
typedef int (*sodium_binary_fn)(unsigned char *out, const unsigned char *a,
                                const unsigned char *b);

static void check_binary(const char *name, binary_fn ours, sodium_binary_fn theirs,
                         const uint8_t a[32], const uint8_t b[32], const uint8_t al[32],
                         const uint8_t bl[32], int top)
{
    uint8_t o1[32], o2[32], o3[32];
    memset(o1, 0xa5, 32);
    int r1 = ours(o1, a, b);
    int r2 = theirs(o2, a, b);
    int r3 = ours(o3, al, bl);
    compare_out(name, r1, o1, r2, o2, top, r3, o3);
    fuzz_notes_reset(); /* the notes point into this frame */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t s[32], q[32], h[64], sl[32], ql[32], o1[32], o2[32], o3[32];
    int r1, r2;

    fuzz_begin(data, size);
    if (size < 32) return 0;
    memcpy(s, data, 32);
    check_decode("s", s);
    if (size < 64) return 0;
    memcpy(q, data + 32, 32);
    memcpy(h, data, 64);
    check_decode("q", q);

    {
        vec25519_ristretto255_point p;
        r1 = vec25519_ristretto255_from_uniform_bytes(o1, h);
        r2 = crypto_core_ristretto255_from_hash(o2, h);
        compare_out("from_uniform_bytes", r1, o1, r2, o2, 0, 0, o1);
        FUZZ_REQUIRE(r1 == 0, "from_uniform_bytes returns %d", r1);
        vec25519_ristretto255_point_from_uniform_bytes(&p, h);
        vec25519_ristretto255_point_tobytes(o3, &p);
        FUZZ_REQUIRE(memcmp(o3, o1, 32) == 0, "point_from_uniform_bytes differs");
    }

    memcpy(sl, s, 32);
    memcpy(ql, q, 32);
    sl[31] &= 0x7f;
    ql[31] &= 0x7f;
    int top_s = s[31] >> 7, top_sq = (s[31] | q[31]) >> 7;

    check_binary("add", vec25519_ristretto255_add, crypto_core_ristretto255_add, s, q, sl, ql,
                 top_sq);
    check_binary("sub", vec25519_ristretto255_sub, crypto_core_ristretto255_sub, s, q, sl, ql,
                 top_sq);

    /* The scalar q: ours reduces it mod ℓ, libsodium clears bit 255
     * (include/vec25519/ristretto255.h). With bit 255 set, ours on q must
     * equal ours on qs = q mod ℓ, and qs is what is compared with libsodium;
     * otherwise qs = q. */
    uint8_t qs[32];
    memcpy(qs, q, 32);
    if (q[31] & 0x80) {
        uint8_t wide[64] = {0};
        memcpy(wide, q, 32);
        crypto_core_ristretto255_scalar_reduce(qs, wide);
        r1 = vec25519_ristretto255_scalarmult(o1, q, s);
        r2 = vec25519_ristretto255_scalarmult(o2, qs, s);
        FUZZ_REQUIRE(r1 == r2 && memcmp(o1, o2, 32) == 0, "scalarmult: n and n mod l differ");
        r1 = vec25519_ristretto255_scalarmult_base(o1, q);
        r2 = vec25519_ristretto255_scalarmult_base(o2, qs);
        FUZZ_REQUIRE(r1 == 0 && r2 == 0 && memcmp(o1, o2, 32) == 0,
                     "scalarmult_base: n and n mod l differ");
    }
    check_binary("scalarmult", vec25519_ristretto255_scalarmult, crypto_scalarmult_ristretto255, qs,
                 s, qs, sl, top_s);

    memset(o1, 0xa5, 32);
    r1 = vec25519_ristretto255_scalarmult_base(o1, qs);
    r2 = crypto_scalarmult_ristretto255_base(o2, qs);
    compare_out("scalarmult_base", r1, o1, r2, o2, 0, 0, o1);
    return 0;
}
