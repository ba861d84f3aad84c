/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The backend's 4-way point decoder (backend.h: frombytes4_vartime,
 * src/backend/vector/decode.c) against the serial decoders, under both
 * policies: GE_DECODE_STRICT against ge_ext_frombytes, GE_DECODE_RELAXED
 * against ge_ext_frombytes_relaxed. For every lane the verdict must be the
 * serial one and the point the same (X, Y, Z, T compared canonically; the
 * identity on failure).
 *
 * Inputs, per policy 4,000 groups of four lanes (16,000 encodings), each
 * lane drawn independently so that valid and invalid lanes mix:
 *   - random 32 bytes (most do not decode);
 *   - valid points [s]B for random s, with either sign bit (the wrong sign
 *     bit still decodes, to -P, unless x = 0);
 *   - [s]B plus a torsion point;
 *   - the eight points of small order, with the sign bit flipped too;
 *   - y = ±1 with either sign bit (x = 0: the sign bit set is strict-invalid);
 *   - non-canonical y = p + t, t = 0 … 18, and y = 2^255 - 1, either sign bit;
 *   - y = 0, 2, p - 2 and other edge values.
 * Then every special encoding in every lane position, alone with valid
 * neighbours. The test runs under the backend of the run (VEC25519_BACKEND);
 * a backend without the decoder (serial) makes it exit 77.
 */
#include <stdlib.h>
#include <string.h>

#include "test.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"

#define GROUPS 4000

/* y of the points of small order besides (0, ±1) and (±√−1, 0): order 8. */
static const uint8_t y_order8_a[32] = {
    0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
    0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05};
static const uint8_t y_order8_b[32] = {
    0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
    0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a};

#define MAX_SPECIAL 128
static uint8_t special[MAX_SPECIAL][32];
static int n_special;
static ge_ext torsion[8]; /* the points of small order that decode strictly */
static int n_torsion;

static void add_special(const uint8_t y[32], int sign)
{
    if (n_special >= MAX_SPECIAL) return;
    memcpy(special[n_special], y, 32);
    special[n_special][31] = (uint8_t)((special[n_special][31] & 0x7f) | (sign << 7));
    n_special++;
}

/* y = p + t (t ≥ 0, p + t < 2^255), little-endian, bit 255 clear. */
static void p_plus(uint8_t y[32], unsigned t)
{
    memset(y, 0xff, 32);
    y[31] = 0x7f;
    y[0] = (uint8_t)(0xed + t); /* p = 2^255 - 19: low byte 0xed */
}

static void make_specials(void)
{
    uint8_t y[32];

    for (int sign = 0; sign < 2; sign++) {
        memset(y, 0, 32); /* y = 0: x = ±√−1 */
        add_special(y, sign);
        y[0] = 1; /* y = 1: x = 0 */
        add_special(y, sign);
        y[0] = 2;
        add_special(y, sign);
        p_plus(y, 0);
        y[0] = 0xec; /* y = p - 1 = -1: x = 0 */
        add_special(y, sign);
        y[0] = 0xeb; /* y = p - 2 */
        add_special(y, sign);
        add_special(y_order8_a, sign);
        add_special(y_order8_b, sign);
        for (unsigned t = 0; t <= 18; t++) { /* y ≥ p: p + 1 is y = 1, p - 1 + p … */
            p_plus(y, t);
            add_special(y, sign);
        }
        memset(y, 0xff, 32); /* y = 2^255 - 1 = p + 18 (also in the loop), bit 255 set */
        add_special(y, sign);
    }
    /* The torsion points, from their strict encodings. */
    for (int i = 0; i < n_special && n_torsion < 8; i++) {
        ge_ext P, Q;
        if (ge_ext_frombytes(&P, special[i]) != 0) continue;
        /* small order: [8]P = identity */
        ge_ext_mul_by_cofactor(&Q, &P);
        if (!ct_to_int(ge_ext_is_identity(&Q))) continue;
        torsion[n_torsion++] = P;
    }
    CHECK(n_torsion == 8, "found %d torsion points, want 8", n_torsion);
}

static void random_point_encoding(uint8_t enc[32], int add_torsion)
{
    uint8_t s[32];
    ge_ext P;

    test_rng_bytes(s, 32);
    s[31] &= 0x7f;
    ge_scalarmult_base(&P, s);
    if (add_torsion && n_torsion > 0) ge_ext_add(&P, &P, &torsion[test_rng_below((uint64_t)n_torsion)]);
    ge_ext_tobytes(enc, &P);
    if (test_rng_below(4) == 0) enc[31] ^= 0x80;
}

static void random_lane(uint8_t enc[32])
{
    switch (test_rng_below(6)) {
    case 0:
    case 1:
        test_rng_bytes(enc, 32);
        break;
    case 2:
        random_point_encoding(enc, 0);
        break;
    case 3:
        random_point_encoding(enc, 1);
        break;
    default:
        memcpy(enc, special[test_rng_below((uint64_t)n_special)], 32);
        break;
    }
}

static int same_point(const ge_ext *a, const ge_ext *b)
{
    uint8_t x[32], y[32];
    const fe *fa[4] = {&a->X, &a->Y, &a->Z, &a->T};
    const fe *fb[4] = {&b->X, &b->Y, &b->Z, &b->T};

    for (int i = 0; i < 4; i++) {
        fe_tobytes(x, fa[i]);
        fe_tobytes(y, fb[i]);
        if (memcmp(x, y, 32) != 0) return 0;
    }
    return 1;
}

static unsigned long n_lanes, n_valid[2];

/* One call of the 4-way decoder on in, each lane checked against the serial decoder. */
static void check_group(const struct backend *be, const uint8_t in[4][32], int policy)
{
    ge_ext out[4], want;
    int ok[4];

    be->frombytes4_vartime(out, ok, in, policy);
    for (int i = 0; i < 4; i++) {
        int rc = policy == GE_DECODE_RELAXED ? ge_ext_frombytes_relaxed(&want, in[i])
                                             : ge_ext_frombytes(&want, in[i]);
        CHECK(ok[i] == rc, "policy %d lane %d: verdict %d, serial %d", policy, i, ok[i], rc);
        CHECK(same_point(&out[i], &want), "policy %d lane %d: point differs from serial", policy,
              i);
        if (ok[i] != rc || !same_point(&out[i], &want)) hex_print(stderr, "  encoding", in[i], 32);
        n_lanes++;
        if (rc == 0) n_valid[policy == GE_DECODE_RELAXED]++;
    }
}

int main(void)
{
    const struct backend *be = backend_get();
    uint8_t in[4][32];

    if (be->frombytes4_vartime == NULL) test_skip("this backend has no frombytes4_vartime");
    make_specials();

    for (int policy = GE_DECODE_STRICT; policy <= GE_DECODE_RELAXED; policy++) {
        for (int g = 0; g < GROUPS; g++) {
            for (int i = 0; i < 4; i++) random_lane(in[i]);
            check_group(be, (const uint8_t (*)[32])in, policy);
        }
        /* every special encoding in every lane, the others valid points */
        for (int s = 0; s < n_special; s++) {
            for (int pos = 0; pos < 4; pos++) {
                for (int i = 0; i < 4; i++) random_point_encoding(in[i], 0);
                memcpy(in[pos], special[s], 32);
                check_group(be, (const uint8_t (*)[32])in, policy);
            }
        }
        /* four of the same special encoding */
        for (int s = 0; s < n_special; s++) {
            for (int i = 0; i < 4; i++) memcpy(in[i], special[s], 32);
            check_group(be, (const uint8_t (*)[32])in, policy);
        }
    }
    printf("%s: %lu lanes, %lu strict-valid, %lu relaxed-valid, %d special encodings\n",
           be->name, n_lanes, n_valid[0], n_valid[1], n_special);
    CHECK(n_valid[0] > 1000 && n_valid[1] > n_valid[0], "the inputs mix valid and invalid lanes");
    return test_done();
}
