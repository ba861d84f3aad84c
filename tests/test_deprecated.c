/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The deprecated vec25519_ed25519_* names of the edwards25519 group and the
 * old size macros still work for the 0.1 series (src/edwards/deprecated.c,
 * the end of include/vec25519/edwards25519.h): each old function gives what
 * its vec25519_edwards25519_* replacement gives on random inputs, the old
 * type is the new one, the old constants have the old values. Compiled with
 * -Wno-deprecated-declarations (tests/CMakeLists.txt); that using them warns
 * is checked by tests/compile/check_calls.sh.
 */
#include <string.h>

#include "test.h"
#include "vec25519.h"

int main(void)
{
    uint8_t s[32], t[32], w[64], e1[32], e2[32], a[32], b[32];
    vec25519_ed25519_point P, Q, R1, R2; /* the old type name */
    vec25519_edwards25519_point *np = &P; /* ... is the new type */
    (void)np;

    CHECK(VEC25519_ED25519_POINTBYTES == 32 && VEC25519_ED25519_SCALARBYTES == 32 &&
              VEC25519_ED25519_NONREDUCEDSCALARBYTES == 64 &&
              VEC25519_RISTRETTO255_HASHBYTES == 64,
          "the old constants");
    uint8_t sized[VEC25519_ED25519_POINTBYTES]; /* usable as an array size */
    CHECK(sizeof sized == 32, "array size");

    for (int rep = 0; rep < 20; rep++) {
        test_rng_bytes(s, 32);
        test_rng_bytes(t, 32);
        test_rng_bytes(w, 64);
        vec25519_edwards25519_point_mul_base(&P, s);
        vec25519_edwards25519_point_mul_base(&Q, t);
        vec25519_edwards25519_point_tobytes(e1, &P);
        vec25519_edwards25519_point_tobytes(e2, &Q);

        /* points */
        vec25519_ed25519_point_tobytes(a, &P);
        CHECK(memcmp(a, e1, 32) == 0, "point_tobytes");
        CHECK(vec25519_ed25519_point_frombytes(&R1, e1) == 0 &&
                  vec25519_edwards25519_point_eq(&R1, &P) == 1,
              "point_frombytes");
        vec25519_ed25519_point_identity(&R1);
        vec25519_edwards25519_point_identity(&R2);
        CHECK(vec25519_ed25519_point_eq(&R1, &R2) == 1, "point_identity, point_eq");
        vec25519_ed25519_point_base(&R1);
        vec25519_edwards25519_point_base(&R2);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_base");
        vec25519_ed25519_point_add(&R1, &P, &Q);
        vec25519_edwards25519_point_add(&R2, &P, &Q);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_add");
        vec25519_ed25519_point_sub(&R1, &P, &Q);
        vec25519_edwards25519_point_sub(&R2, &P, &Q);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_sub");
        vec25519_ed25519_point_neg(&R1, &P);
        vec25519_edwards25519_point_neg(&R2, &P);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_neg");
        vec25519_ed25519_point_mul(&R1, t, &P);
        vec25519_edwards25519_point_mul(&R2, t, &P);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_mul");
        vec25519_ed25519_point_mul_base(&R1, t);
        CHECK(vec25519_edwards25519_point_eq(&R1, &Q) == 1, "point_mul_base");
        vec25519_ed25519_point_double_mul_base_vartime(&R1, s, &P, t);
        vec25519_edwards25519_point_double_mul_base_vartime(&R2, s, &P, t);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_double_mul_base_vartime");
        vec25519_ed25519_point_mul_by_cofactor(&R1, &P);
        vec25519_edwards25519_point_mul_by_cofactor(&R2, &P);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_mul_by_cofactor");
        CHECK(vec25519_ed25519_point_is_small_order(&P) == 0 &&
                  vec25519_ed25519_point_is_torsion_free(&P) == 1,
              "point predicates");

        /* multiscalar and precomputed */
        uint8_t sc[2][32];
        vec25519_edwards25519_point pts[2] = {P, Q};
        memcpy(sc[0], s, 32);
        memcpy(sc[1], t, 32);
        vec25519_ed25519_point_multiscalar(&R1, sc[0], pts, 2);
        vec25519_edwards25519_point_multiscalar(&R2, sc[0], pts, 2);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_multiscalar");
        vec25519_ed25519_point_multiscalar_vartime(&R1, sc[0], pts, 2);
        CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "point_multiscalar_vartime");
        vec25519_ed25519_precomp *pc = vec25519_ed25519_precomp_new(pts, 2);
        CHECK(pc != NULL && vec25519_ed25519_precomp_len(pc) == 2, "precomp_new, precomp_len");
        if (pc != NULL) {
            vec25519_ed25519_precomp_mul_vartime(&R1, pc, sc[0], NULL, NULL, 0);
            CHECK(vec25519_edwards25519_point_eq(&R1, &R2) == 1, "precomp_mul_vartime");
        }
        vec25519_ed25519_precomp_free(pc);

        /* byte level */
        CHECK(vec25519_ed25519_is_valid_point(e1) == vec25519_edwards25519_is_valid_point(e1),
              "is_valid_point");
        CHECK(vec25519_ed25519_add(a, e1, e2) == 0 && vec25519_edwards25519_add(b, e1, e2) == 0 &&
                  memcmp(a, b, 32) == 0,
              "add");
        CHECK(vec25519_ed25519_sub(a, e1, e2) == 0 && vec25519_edwards25519_sub(b, e1, e2) == 0 &&
                  memcmp(a, b, 32) == 0,
              "sub");
        CHECK(vec25519_ed25519_scalarmult(a, t, e1) == vec25519_edwards25519_scalarmult(b, t, e1) &&
                  memcmp(a, b, 32) == 0,
              "scalarmult");
        CHECK(vec25519_ed25519_scalarmult_noclamp(a, t, e1) ==
                      vec25519_edwards25519_scalarmult_noclamp(b, t, e1) &&
                  memcmp(a, b, 32) == 0,
              "scalarmult_noclamp");
        CHECK(vec25519_ed25519_scalarmult_base(a, t) == vec25519_edwards25519_scalarmult_base(b, t) &&
                  memcmp(a, b, 32) == 0,
              "scalarmult_base");
        CHECK(vec25519_ed25519_scalarmult_base_noclamp(a, t) ==
                      vec25519_edwards25519_scalarmult_base_noclamp(b, t) &&
                  memcmp(a, b, 32) == 0,
              "scalarmult_base_noclamp");

        /* scalars */
        vec25519_ed25519_scalar_reduce(a, w);
        vec25519_edwards25519_scalar_reduce(b, w);
        CHECK(memcmp(a, b, 32) == 0, "scalar_reduce");
        CHECK(vec25519_ed25519_scalar_invert(a, s) == vec25519_edwards25519_scalar_invert(b, s) &&
                  memcmp(a, b, 32) == 0,
              "scalar_invert");
        vec25519_ed25519_scalar_negate(a, s);
        vec25519_edwards25519_scalar_negate(b, s);
        CHECK(memcmp(a, b, 32) == 0, "scalar_negate");
        vec25519_ed25519_scalar_complement(a, s);
        vec25519_edwards25519_scalar_complement(b, s);
        CHECK(memcmp(a, b, 32) == 0, "scalar_complement");
        vec25519_ed25519_scalar_add(a, s, t);
        vec25519_edwards25519_scalar_add(b, s, t);
        CHECK(memcmp(a, b, 32) == 0, "scalar_add");
        vec25519_ed25519_scalar_sub(a, s, t);
        vec25519_edwards25519_scalar_sub(b, s, t);
        CHECK(memcmp(a, b, 32) == 0, "scalar_sub");
        vec25519_ed25519_scalar_mul(a, s, t);
        vec25519_edwards25519_scalar_mul(b, s, t);
        CHECK(memcmp(a, b, 32) == 0, "scalar_mul");
        vec25519_ed25519_scalar_random(a);
        CHECK(vec25519_edwards25519_scalar_invert(b, a) == 0, "scalar_random is a non-zero scalar");
    }
    return test_done();
}
