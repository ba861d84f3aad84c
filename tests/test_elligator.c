/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Elligator 2 on Curve25519: the representative map, its inverse and the
 * key pair helper (include/vec25519/hash_to_curve.h, docs/elligator.md).
 *
 * Known answers:
 *   - the forward map agrees with RFC 9380 map_to_curve for curve25519 on the
 *     u values of the hash-to-curve vectors (Q.x and, through the internal
 *     full-point map, Q.y), and the inverse sends Q back to the root;
 *   - Monocypher's published Elligator vectors (its representative
 *     convention is ours): LoupVaillant/Monocypher tests/gen/vectors/
 *     elligator_dir @ 45524e41fc84054b0e15304195fa5d3b61e816b5 and
 *     elligator_inv @ 25f56775b3cc845d4de23873fd53ca72f8f4ca89 (CC0-1.0 /
 *     BSD-2-Clause), the values copied below.
 * Independent reference: the map and the inverse's verdict recomputed on
 * random inputs with the bignum of tests/support/bn.h (straight from the
 * Elligator formulas, Legendre symbols by exponentiation).
 * Properties over 10,000 random X25519 keys: map(inverse(P)) = P with the
 * chosen v, about half the keys have a representative, and both v's of a u
 * are representable together (checked on 2,000). Over 10,000 key pairs of
 * the helper: the wire representative maps to pk; its top two bits, bit 253,
 * bit 0 and the v choice are balanced; the torsion component of pk is
 * uniform over the 8 cosets (order checked on 100: pk is torsion-free iff
 * sk[0] mod 8 = 0); X25519 against the dirty key equals X25519 against the
 * clean key. Invalid inputs return -1 with a zeroed output; aliasing.
 */
#include <stdlib.h>
#include <string.h>

#include "bn.h"
#include "test.h"
#include "vec25519/hash_to_curve.h"
#include "vec25519/x25519.h"

#include "backend/backend.h"
#include "backend/serial/ge.h"
#include "field/fe.h"
#include "scalar/sc.h"
#include "montgomery/elligator2.h"
#include "mont_curve.h"

#define N_KEYS TEST_RANDOM_CASES(10000)

static const uint8_t zero32[32] = {0};

/* ---- bignum reference -------------------------------------------------------- */

static bn P, A_bn;

static void ref_init(void)
{
    bn_p25519(&P);
    bn_from_u64(&A_bn, ELLIGATOR2_A);
}

/* χ(a): 0 if a ≡ 0, 1 if a is a non-zero square, -1 otherwise (Euler's criterion). */
static int ref_legendre(const bn *a)
{
    static const uint8_t half_le[32] = {/* (p - 1)/2 = 2^254 - 10 */
                                        0xf6, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f};
    bn e, t, one, z;
    bn_from_bytes(&e, half_le, 32);
    bn_mod(&t, a, &P);
    bn_from_u64(&z, 0);
    if (bn_cmp(&t, &z) == 0) return 0;
    bn_powmod(&t, &t, &e, &P);
    bn_from_u64(&one, 1);
    return bn_cmp(&t, &one) == 0 ? 1 : -1;
}

/* g(x) = x³ + A·x² + x mod p. */
static void ref_g(bn *r, const bn *x)
{
    bn t;
    bn_addmod(&t, x, &A_bn, &P);
    bn_mulmod(&t, &t, x, &P);
    bn_from_u64(r, 1);
    bn_addmod(&t, &t, r, &P);
    bn_mulmod(r, &t, x, &P);
}

/* u = the u-coordinate of map(r), and which branch (1: x1, 2: x2), from the
 * formulas of Elligator 2 with Z = 2. */
static int ref_map(uint8_t u_le[32], const uint8_t r_le[32])
{
    static const uint8_t pm2_le[32] = {/* p - 2 */
                                       0xeb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f};
    bn r, t, e, x1, g, z;
    int branch;
    bn_from_bytes(&r, r_le, 32);
    bn_mod(&r, &r, &P);
    bn_mulmod(&t, &r, &r, &P);
    bn_addmod(&t, &t, &t, &P);
    bn_from_u64(&e, 1);
    bn_addmod(&t, &t, &e, &P);       /* 1 + 2r² */
    bn_from_bytes(&e, pm2_le, 32);
    bn_powmod(&t, &t, &e, &P);       /* 1/(1 + 2r²) */
    bn_from_u64(&z, 0);
    bn_submod(&x1, &z, &A_bn, &P);
    bn_mulmod(&x1, &x1, &t, &P);     /* x1 = -A/(1 + 2r²) */
    ref_g(&g, &x1);
    branch = ref_legendre(&g) >= 0 ? 1 : 2;
    if (branch == 2) {
        bn_submod(&x1, &z, &x1, &P);
        bn_submod(&x1, &x1, &A_bn, &P); /* x2 = -A - x1 */
    }
    bn_to_bytes(u_le, 32, &x1);
    return branch;
}

/* The expected verdict of vec25519_elligator2_inverse(u, tweak). */
static int ref_inverse_ok(const uint8_t u_le[32], int v_odd)
{
    bn u, ua, g, t, z;
    if (u_le[31] & 0x80) return 0;
    bn_from_bytes(&u, u_le, 32);
    if (bn_cmp(&u, &P) >= 0) return 0; /* not canonical */
    ref_g(&g, &u);
    if (ref_legendre(&g) < 0) return 0; /* on the twist */
    bn_addmod(&ua, &u, &A_bn, &P);
    bn_from_u64(&z, 0);
    bn_mulmod(&t, &u, &ua, &P);
    bn_addmod(&t, &t, &t, &P);
    bn_submod(&t, &z, &t, &P); /* -2u(u + A) */
    if (ref_legendre(&t) < 0) return 0;
    if (v_odd) return bn_cmp(&u, &z) != 0;  /* r² = -(u + A)/(2u) */
    return bn_cmp(&ua, &z) != 0;            /* r² = -u/(2(u + A)) */
}

/* ---- helpers ------------------------------------------------------------------ */

/* (u, v) of the full-point map of a representative (bits 254, 255 ignored);
 * v_out may be NULL. */
static void full_map(uint8_t u[32], uint8_t *v_out, int *v_odd, const uint8_t rep[32])
{
    uint8_t b[32];
    fe r, un, ud, v;
    memcpy(b, rep, 32);
    b[31] &= 0x3f;
    fe_frombytes(&r, b);
    elligator2_map_curve25519(&un, &ud, &v, &r);
    fe_invert(&ud, &ud);
    fe_mul(&un, &un, &ud);
    CHECK(ct_to_int(mont_on_curve(&un, &v)), "map(r) is not on the curve");
    fe_tobytes(u, &un);
    if (v_out) fe_tobytes(v_out, &v);
    *v_odd = ct_to_int(fe_is_negative(&v));
}

/* k successes in n trials of probability p lie within six standard
 * deviations of n·p (a false alarm is a one-in-500-million event), whatever
 * n is (TEST_RANDOM_CASES sizes it under an emulator). */
static int count_ok(unsigned long k, unsigned long n, double p)
{
    const double d = (double)k - (double)n * p;
    return d * d <= 36.0 * (double)n * p * (1.0 - p);
}

static int share_ok(unsigned long k, unsigned long n)
{
    return count_ok(k, n, 0.5);
}

/* ---- known answers ------------------------------------------------------------ */

/* The forward map is RFC 9380 map_to_curve(u) for curve25519 on the u0 (u1)
 * values of the curve25519 suites' vectors: the representative is the root
 * ±u that is ≤ (p - 1)/2, with random top bits. */
static void test_rfc9380_agreement(void)
{
    static const char *files[2] = {"hash_to_curve/curve25519_XMD_SHA-512_ELL2_RO_.txt",
                                   "hash_to_curve/curve25519_XMD_SHA-512_ELL2_NU_.txt"};
    int n = 0;
    for (int k = 0; k < 2; k++) {
        vec_reader r;
        int nel = k == 0 ? 2 : 1;
        if (vec_open(&r, files[k]) != 0) continue;
        while (vec_next(&r)) {
            for (int i = 0; i < nel; i++) {
                uint8_t be[32], u_le[32], qx[32], qy[32], rep[32], got[32], v[32], rep2[32];
                uint8_t tw = (uint8_t)test_rng_u64();
                fe u, t;
                fe_loose l;
                int v_odd;
                if (!vec_field_exact(&r, 2 + i, be, 32)) continue;
                for (int j = 0; j < 32; j++) u_le[j] = be[31 - j];
                if (!vec_field_exact(&r, 2 + nel + 2 * i, be, 32)) continue;
                for (int j = 0; j < 32; j++) qx[j] = be[31 - j];
                if (!vec_field_exact(&r, 3 + nel + 2 * i, be, 32)) continue;
                for (int j = 0; j < 32; j++) qy[j] = be[31 - j];

                /* rep = the root ±u that is ≤ (p - 1)/2, with random top bits */
                fe_frombytes(&u, u_le);
                fe_add(&l, &u, &u);
                fe_carry(&t, &l);
                fe_cneg(&u, &u, fe_is_negative(&t));
                fe_tobytes(rep, &u);
                CHECK((rep[31] & 0xc0) == 0, "root ≤ (p - 1)/2 fits in 254 bits");
                rep[31] |= (uint8_t)(tw & 0xc0);

                vec25519_elligator2_map(got, rep);
                if (!CHECK_BYTES(got, qx, 32, "elligator2_map = RFC 9380 map_to_curve Q.x"))
                    fprintf(stderr, "  %s:%lu\n", r.path, r.lineno);
                full_map(got, v, &v_odd, rep);
                CHECK_BYTES(got, qx, 32, "full-point map u = Q.x");
                CHECK_BYTES(v, qy, 32, "full-point map v = RFC 9380 map_to_curve Q.y");

                /* the inverse, told the parity of Q.y, returns the same root */
                CHECK(vec25519_elligator2_inverse(rep2, qx, (uint8_t)((qy[0] & 1) | (tw & 0xfe))) ==
                          0,
                      "inverse of an RFC 9380 output failed");
                CHECK_BYTES(rep2, rep, 32, "inverse(map_to_curve(u)) = ±u with the top bits");
                n++;
            }
        }
        vec_close(&r);
    }
    CHECK(n == 15, "expected 15 u values (5·2 + 5), read %d", n);
}

static void test_monocypher_vectors(void)
{
    /* elligator_dir: representative → u */
    static const char *dir[][2] = {
        {"d3c41ec20dbe9fc33ccc14823d898066f433a892994ffbcc921e9f5ace519d02",
         "170a436471aaa00d817436197fde47fa3320aa040b48d1d2a9f155e15ce3975e"},
        {"e03a05ebde6ca000cdc5c539bf48a1d08222483b87693046e00a411a8d93dd34",
         "b8e22e654ae391c44be4760a30d13950651d454c7ec71f0bdf7c5669bb22b564"},
        {"ec3afb86e23aff9a05c54b4274abb5daf77ad956b5a4a38caf7529866e5f5a3e",
         "c1f0588b07c7624ff31b1465354d7a55eee0ce4302f4d91fa88236cfd808501f"},
        {"4bdb87edb62cc3b3bf55ff767ac7e3c801c7954d2b5c03d3a26811dd6a8ad929",
         "9208e81f3ae66b2cae22b4e0f25ca380ad211a5d44284dc1b741401f0decf964"},
        {"7a48adebb692fdb8e5a2176389f3f0bcbdc1956b0d57acac4a8eda87b577e618",
         "22997bed0e3c6023e73fb371e6d3c5c3661a87c6f3f787ba6054e699aef5aa64"},
        {"e73507d38bae63992b3f57aac48c0abc14509589288457995a2b4ca3490aa207",
         "1e8afffed6bf53fe271ad572473262ded8faec68e5e67ef45ebb82eeba52604f"},
        {"95a16019041dbefed9832048ede11928d90365f24a38aa7aef1b97e23954101b",
         "794f05ba3e3a72958022468c88981e0be5782be1e1145ce2c3c6fde16ded5363"},
        {"f6ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f",
         "9cdb525555555555555555555555555555555555555555555555555555555555"},
        {"f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff3f",
         "9cdb525555555555555555555555555555555555555555555555555555555555"},
    };
    /* elligator_inv: u, tweak, failure → representative */
    static const struct {
        const char *u;
        uint8_t tweak;
        int fails;
        const char *rep;
    } inv[] = {
        {"e6f66fdf6e230c603c5e6e59a254ea1476a13eb9511b9549846781e12e52230a", 0x00, 1, NULL},
        {"46951964003c940878063ccfd0348af42150ca16d2646f2c5856e8338377d800", 0x00, 0,
         "2820b6b241e0f68a6c4a7fee3d978228ef3ae45533cd410aa91a415331d8612d"},
        {"46951964003c940878063ccfd0348af42150ca16d2646f2c5856e8338377d800", 0x01, 0,
         "3cfb87c46c0b4575ca8175e0ed1c0ae9dae79db78df86997c4847b9f20b27718"},
        {"0000000000000000000000000000000000000000000000000000000000000000", 0x00, 0,
         "0000000000000000000000000000000000000000000000000000000000000000"},
    };
    for (size_t i = 0; i < sizeof dir / sizeof dir[0]; i++) {
        uint8_t rep[32], want[32], got[32];
        CHECK(hex_decode(rep, 32, dir[i][0]) == 32 && hex_decode(want, 32, dir[i][1]) == 32,
              "bad hex");
        vec25519_elligator2_map(got, rep);
        CHECK_BYTES(got, want, 32, "Monocypher elligator_dir");
    }
    for (size_t i = 0; i < sizeof inv / sizeof inv[0]; i++) {
        uint8_t u[32], want[32] = {0}, got[32];
        CHECK(hex_decode(u, 32, inv[i].u) == 32, "bad hex");
        if (inv[i].rep) CHECK(hex_decode(want, 32, inv[i].rep) == 32, "bad hex");
        memset(got, 0xa5, 32);
        int rc = vec25519_elligator2_inverse(got, u, inv[i].tweak);
        CHECK(rc == (inv[i].fails ? -1 : 0), "Monocypher elligator_inv %zu: rc %d", i, rc);
        CHECK_BYTES(got, want, 32, "Monocypher elligator_inv");
    }
}

/* ---- the bignum reference ------------------------------------------------------ */

static void test_map_reference(void)
{
    uint8_t edge[6][32];
    memset(edge, 0, sizeof edge);
    edge[1][0] = 1;                   /* r = 1 */
    memset(edge[2], 0xff, 32);        /* r = 2^254 - 1 (top bits ignored) */
    memset(edge[3], 0xff, 32);
    edge[3][0] = 0xf6;
    edge[3][31] = 0x3f;               /* (p - 1)/2 */
    edge[4][31] = 0x20;               /* 2^253 */
    edge[5][0] = 2;                   /* r = 2 */
    for (int it = 0; it < 128; it++) {
        uint8_t rep[32], got[32], full[32], want[32], masked[32];
        int v_odd;
        if (it < 6)
            memcpy(rep, edge[it], 32);
        else
            test_rng_bytes(rep, 32);
        memcpy(masked, rep, 32);
        masked[31] &= 0x3f;
        int branch = ref_map(want, masked);
        vec25519_elligator2_map(got, rep);
        if (!CHECK_BYTES(got, want, 32, "elligator2_map = bignum reference"))
            hex_print(stderr, "  representative", rep, 32);
        full_map(full, NULL, &v_odd, rep);
        CHECK_BYTES(full, want, 32, "full-point map u = bignum reference");
        CHECK(v_odd == (branch == 1), "v odd iff branch x1 (RFC 9380 §6.7.1)");
    }
    /* r = 0 gives (0, 0), since -A is not a square */
    uint8_t got[32];
    vec25519_elligator2_map(got, zero32);
    CHECK_BYTES(got, zero32, 32, "map(0) = 0");
}

static void test_inverse_reference(void)
{
    for (int it = 0; it < 128; it++) {
        uint8_t u[32], rep[32], back[32];
        uint8_t tweak = (uint8_t)test_rng_u64();
        test_rng_bytes(u, 32);
        if (it % 16 != 0) u[31] &= 0x7f; /* mostly canonical */
        int want = ref_inverse_ok(u, tweak & 1);
        memset(rep, 0xa5, 32);
        int rc = vec25519_elligator2_inverse(rep, u, tweak);
        CHECK(rc == (want ? 0 : -1), "inverse verdict differs from the reference");
        if (rc != (want ? 0 : -1)) hex_print(stderr, "  u", u, 32);
        if (rc == 0) {
            int v_odd;
            vec25519_elligator2_map(back, rep);
            CHECK_BYTES(back, u, 32, "map(inverse(u)) = u");
            full_map(back, NULL, &v_odd, rep);
            CHECK(v_odd == (tweak & 1), "inverse: the chosen v");
            CHECK((rep[31] & 0xc0) == (tweak & 0xc0), "inverse: the top bits are the tweak's");
        } else {
            CHECK(memcmp(rep, zero32, 32) == 0, "failed inverse: output zeroed");
        }
    }
}

/* ---- random keys ------------------------------------------------------------------ */

static void test_round_trip_keys(void)
{
    unsigned long ok = 0, both = 0;
    for (int it = 0; it < N_KEYS; it++) {
        uint8_t sk[32], u[32], rep[32], rep2[32], back[32];
        uint8_t tweak = (uint8_t)test_rng_u64();
        int v_odd;
        test_rng_bytes(sk, 32);
        CHECK(vec25519_x25519_base(u, sk) == 0, "x25519_base rc");
        int rc = vec25519_elligator2_inverse(rep, u, tweak);
        int other = it < N_KEYS / 5; /* the other v too, on the first 2,000 keys */
        int rc2 = other ? vec25519_elligator2_inverse(rep2, u, (uint8_t)(tweak ^ 1)) : rc;
        both += rc == rc2;
        if (rc != 0) {
            CHECK(memcmp(rep, zero32, 32) == 0, "failed inverse: output zeroed");
            continue;
        }
        ok++;
        vec25519_elligator2_map(back, rep);
        if (!CHECK_BYTES(back, u, 32, "map(inverse(P)) = P")) hex_print(stderr, "  sk", sk, 32);
        full_map(back, NULL, &v_odd, rep);
        CHECK(v_odd == (tweak & 1), "round trip reaches the chosen v");
        if (!other) continue;
        full_map(back, NULL, &v_odd, rep2);
        CHECK(v_odd == ((tweak ^ 1) & 1), "round trip reaches the other v");
        CHECK_BYTES(back, u, 32, "map(inverse(P, other v)) = P");
    }
    printf("random keys: %lu of %d have a representative (%.4f)\n", ok, N_KEYS,
           (double)ok / N_KEYS);
    CHECK(share_ok(ok, N_KEYS), "share of representable keys %.4f not within 6 sigma of 1/2",
          (double)ok / N_KEYS);
    CHECK(both == N_KEYS, "both v's of a u representable together: %lu of %d", both, N_KEYS);
}

/* The order of Q: 1, 2, 4 or 8 (Q a point of small order). */
static int small_order(const ge_ext *Q)
{
    ge_ext t = *Q;
    for (int k = 0; k <= 3; k++) {
        if (ct_to_int(ge_ext_is_identity(&t))) return 1 << k;
        ge_ext_dbl(&t, &t);
    }
    return -1;
}

/* The Edwards point (either sign of x) with Montgomery u-coordinate u. */
static int edwards_of_u(ge_ext *E, const uint8_t u[32])
{
    uint8_t yb[32];
    fe fu, one, y;
    fe_loose n, dl;
    fe_frombytes(&fu, u);
    fe_1(&one);
    fe_sub(&n, &fu, &one);
    fe_add(&dl, &fu, &one);
    mont_quotient(&y, &n, &dl);
    fe_tobytes(yb, &y);
    return ge_ext_frombytes(E, yb);
}

static void test_keypair(void)
{
    unsigned long top[4] = {0}, bit253 = 0, bit0 = 0, vodd = 0, coset[8] = {0};
    uint8_t seed[32], pk[32], rep[32], sk[32], back[32];
    int bad_rc = 0;

    for (int it = 0; it < N_KEYS; it++) {
        int v_odd;
        test_rng_bytes(seed, 32);
        if (vec25519_x25519_keypair_elligator(pk, rep, sk, seed) != 0) {
            bad_rc++;
            continue;
        }
        vec25519_elligator2_map(back, rep);
        if (!CHECK_BYTES(back, pk, 32, "keypair: map(representative) = pk"))
            hex_print(stderr, "  seed", seed, 32);
        full_map(back, NULL, &v_odd, rep);
        top[rep[31] >> 6]++;
        bit253 += (rep[31] >> 5) & 1;
        bit0 += rep[0] & 1;
        vodd += (unsigned long)v_odd;
        coset[sk[0] & 7]++;

        if (it < 100) {
            /* The dirty key: torsion component [sk[0] mod 8]T8, T8 of order 8 */
            uint8_t clean[32], peer[32], peer_pk[32], s1[32], s2[32], s3[32];
            ge_ext E, R;
            unsigned j = sk[0] & 7;
            CHECK(vec25519_x25519_base(clean, sk) == 0, "x25519_base rc");
            CHECK((memcmp(clean, pk, 32) == 0) == (j == 0),
                  "pk equals the clean public key iff sk[0] mod 8 = 0");
            CHECK(edwards_of_u(&E, pk) == 0, "dirty pk is on the curve");
            ge_scalarmult(&R, sc_ell, &E); /* [ℓ]E = [5j]T8 */
            int want_order = j == 0 ? 1 : (j & 1) ? 8 : (j & 3) ? 4 : 2;
            CHECK(small_order(&R) == want_order, "torsion component of order %d, got %d",
                  want_order, small_order(&R));
            /* X25519 against the dirty key = against the clean key; ours unchanged */
            test_rng_bytes(peer, 32);
            CHECK(vec25519_x25519_base(peer_pk, peer) == 0, "peer pk rc");
            CHECK(vec25519_x25519(s1, peer, pk) == 0, "X25519(peer, dirty) rc");
            CHECK(vec25519_x25519(s2, peer, clean) == 0, "X25519(peer, clean) rc");
            CHECK(vec25519_x25519(s3, sk, peer_pk) == 0, "X25519(sk, peer) rc");
            CHECK_BYTES(s1, s2, 32, "X25519(peer, dirty pk) = X25519(peer, X25519(sk, 9))");
            CHECK_BYTES(s1, s3, 32, "both sides agree");
        }
    }
    CHECK(bad_rc == 0, "keypair failed %d times", bad_rc);
    printf("key pairs: top bits %lu %lu %lu %lu; bit 253 %lu, bit 0 %lu, v odd %lu; cosets",
           top[0], top[1], top[2], top[3], bit253, bit0, vodd);
    for (int j = 0; j < 8; j++) printf(" %lu", coset[j]);
    printf("\n");
    /* each of the four values with probability 1/4 (N_KEYS = 10000: 2500 ± 260) */
    for (int k = 0; k < 4; k++)
        CHECK(count_ok(top[k], N_KEYS, 0.25), "top bits value %d: %lu of %d", k, top[k], N_KEYS);
    CHECK(share_ok(bit253, N_KEYS), "bit 253 set in %lu of %d", bit253, N_KEYS);
    CHECK(share_ok(bit0, N_KEYS), "bit 0 set in %lu of %d", bit0, N_KEYS);
    CHECK(share_ok(vodd, N_KEYS), "v odd in %lu of %d", vodd, N_KEYS);
    /* each coset with probability 1/8 (N_KEYS = 10000: 1250 ± 198) */
    for (int j = 0; j < 8; j++)
        CHECK(count_ok(coset[j], N_KEYS, 0.125), "torsion coset %d: %lu of %d", j, coset[j],
              N_KEYS);

    /* Deterministic in the seed; the seed may alias an output */
    uint8_t pk2[32], rep2[32], sk2[32], buf[32];
    test_rng_bytes(seed, 32);
    CHECK(vec25519_x25519_keypair_elligator(pk, rep, sk, seed) == 0, "keypair rc");
    CHECK(vec25519_x25519_keypair_elligator(pk2, rep2, sk2, seed) == 0, "keypair rc");
    CHECK(memcmp(pk, pk2, 32) == 0 && memcmp(rep, rep2, 32) == 0 && memcmp(sk, sk2, 32) == 0,
          "keypair is deterministic in the seed");
    memcpy(buf, seed, 32);
    CHECK(vec25519_x25519_keypair_elligator(pk2, rep2, buf, buf) == 0, "keypair alias rc");
    CHECK_BYTES(buf, sk, 32, "keypair with sk aliasing seed");
    memcpy(buf, seed, 32);
    CHECK(vec25519_x25519_keypair_elligator(buf, rep2, sk2, buf) == 0, "keypair alias rc");
    CHECK_BYTES(buf, pk, 32, "keypair with pk aliasing seed");
    memcpy(buf, seed, 32);
    CHECK(vec25519_x25519_keypair_elligator(pk2, buf, sk2, buf) == 0, "keypair alias rc");
    CHECK_BYTES(buf, rep, 32, "keypair with representative aliasing seed");
}

/* ---- invalid inputs and aliasing ------------------------------------------------- */

static void expect_inverse_fails(const uint8_t u[32], uint8_t tweak, const char *what)
{
    uint8_t rep[32];
    memset(rep, 0xa5, 32);
    CHECK(vec25519_elligator2_inverse(rep, u, tweak) == -1, "inverse must fail: %s", what);
    CHECK(memcmp(rep, zero32, 32) == 0, "inverse output zeroed: %s", what);
}

static void test_invalid_and_alias(void)
{
    uint8_t u[32], rep[32], back[32], buf[32];
    int found_twist = 0, found_unrep = 0;

    /* u ≥ p: p, p + 1, 2^255 - 1 */
    memset(u, 0xff, 32);
    u[31] = 0x7f;
    expect_inverse_fails(u, 0, "u = 2^255 - 1");
    u[0] = 0xed;
    expect_inverse_fails(u, 0, "u = p");
    expect_inverse_fails(u, 1, "u = p, v odd");
    u[0] = 0xee;
    expect_inverse_fails(u, 0, "u = p + 1");
    /* u = 0 has only v = 0, which is even */
    expect_inverse_fails(zero32, 1, "u = 0 with v odd");
    memset(rep, 0xa5, 32);
    CHECK(vec25519_elligator2_inverse(rep, zero32, 0xc0) == 0, "u = 0, v even");
    CHECK(rep[31] == 0xc0 && memcmp(rep, zero32, 31) == 0, "u = 0: representative 0 + top bits");

    /* a representable key with bit 255 set; twist points; unrepresentable points */
    for (int it = 0; it < 64 && !(found_twist && found_unrep); it++) {
        uint8_t sk[32];
        test_rng_bytes(sk, 32);
        CHECK(vec25519_x25519_base(u, sk) == 0, "x25519_base rc");
        if (vec25519_elligator2_inverse(rep, u, 0) == 0) {
            u[31] |= 0x80;
            expect_inverse_fails(u, 0, "bit 255 set");
        } else {
            found_unrep = 1;
            expect_inverse_fails(u, 0, "no representative");
            expect_inverse_fails(u, 1, "no representative, v odd");
        }
    }
    for (int it = 0; it < 400 && !found_twist; it++) {
        /* a twist point for which -2u(u + A) is a square: only the curve check rejects it */
        bn bu, g, t, ua, z;
        test_rng_bytes(u, 32);
        u[31] &= 0x3f;
        bn_from_bytes(&bu, u, 32);
        ref_g(&g, &bu);
        if (ref_legendre(&g) >= 0) continue;
        bn_addmod(&ua, &bu, &A_bn, &P);
        bn_mulmod(&t, &bu, &ua, &P);
        bn_addmod(&t, &t, &t, &P);
        bn_from_u64(&z, 0);
        bn_submod(&t, &z, &t, &P);
        if (ref_legendre(&t) <= 0) continue;
        found_twist = 1;
        expect_inverse_fails(u, 0, "twist point");
        expect_inverse_fails(u, 1, "twist point, v odd");
    }
    CHECK(found_twist && found_unrep, "found a twist point (%d) and an unrepresentable key (%d)",
          found_twist, found_unrep);

    /* aliasing: map and inverse in place */
    test_rng_bytes(rep, 32);
    vec25519_elligator2_map(back, rep);
    memcpy(buf, rep, 32);
    vec25519_elligator2_map(buf, buf);
    CHECK_BYTES(buf, back, 32, "map in place");
    for (int it = 0; it < 64; it++) {
        uint8_t sk[32];
        test_rng_bytes(sk, 32);
        CHECK(vec25519_x25519_base(u, sk) == 0, "x25519_base rc");
        if (vec25519_elligator2_inverse(rep, u, 0x41) != 0) continue;
        memcpy(buf, u, 32);
        CHECK(vec25519_elligator2_inverse(buf, buf, 0x41) == 0, "inverse in place rc");
        CHECK_BYTES(buf, rep, 32, "inverse in place");
        break;
    }
}

int main(void)
{
    ref_init();
    test_rfc9380_agreement();
    test_monocypher_vectors();
    test_map_reference();
    test_inverse_reference();
    test_invalid_and_alias();
    test_round_trip_keys();
    test_keypair();
    return test_done();
}
