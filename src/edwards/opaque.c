/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The operations shared by the public edwards25519 and ristretto255 point
 * structs (contracts in opaque.h). Constant time.
 */
#include <stddef.h>
#include <string.h>

#include "vec25519/util.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "../scalar/sc.h"
#include "opaque.h"

void opaque_tobytes(uint8_t s[32], const void *p, void (*enc)(uint8_t[32], const ge_ext *))
{
    ge_ext h;
    opaque_load(&h, p);
    enc(s, &h);
    vec25519_wipe(&h, sizeof h);
}

void opaque_identity(void *p, size_t size)
{
    ge_ext h;
    ge_ext_0(&h);
    opaque_store(p, size, &h);
}

void opaque_mul_base(void *r, size_t size, const uint8_t t[32])
{
    struct {
        uint8_t t[32];
        ge_ext a;
    } sec;
    sc_reduce32(sec.t, t);
    backend_get()->scalarmult_base(&sec.a, sec.t);
    opaque_store(r, size, &sec.a);
    vec25519_wipe(&sec, sizeof sec);
}

void opaque_binop(void *r, size_t size, const void *p, const void *q,
                  void (*op)(ge_ext *, const ge_ext *, const ge_ext *))
{
    struct {
        ge_ext a, b;
    } sec;
    opaque_load(&sec.a, p);
    opaque_load(&sec.b, q);
    op(&sec.a, &sec.a, &sec.b);
    opaque_store(r, size, &sec.a);
    vec25519_wipe(&sec, sizeof sec);
}

void opaque_unop(void *r, size_t size, const void *p, void (*op)(ge_ext *, const ge_ext *))
{
    ge_ext a;
    opaque_load(&a, p);
    op(&a, &a);
    opaque_store(r, size, &a);
    vec25519_wipe(&a, sizeof a);
}

int opaque_test(const void *p, ct_mask (*pred)(const ge_ext *))
{
    ge_ext a;
    opaque_load(&a, p);
    ct_mask m = pred(&a);
    vec25519_wipe(&a, sizeof a);
    return ct_to_int(m);
}

int opaque_eq(const void *p, const void *q, ct_mask (*eq)(const ge_ext *, const ge_ext *))
{
    struct {
        ge_ext a, b;
    } sec;
    opaque_load(&sec.a, p);
    opaque_load(&sec.b, q);
    ct_mask m = eq(&sec.a, &sec.b);
    vec25519_wipe(&sec, sizeof sec);
    return ct_to_int(m);
}

int opaque_bytes_valid(const uint8_t p[32], opaque_decoder dec)
{
    ge_ext h;
    ct_mask ok = dec(&h, p);
    vec25519_wipe(&h, sizeof h);
    return ct_declassify_mask(ok);
}

int opaque_bytes_binop(uint8_t r[32], const uint8_t p[32], const uint8_t q[32], opaque_decoder dec,
                       void (*enc)(uint8_t[32], const ge_ext *),
                       void (*op)(ge_ext *, const ge_ext *, const ge_ext *))
{
    struct {
        ge_ext a, b;
    } sec;
    int rc = 0;
    if (ct_declassify_mask(ct_and(dec(&sec.a, p), dec(&sec.b, q)))) {
        op(&sec.a, &sec.a, &sec.b);
        enc(r, &sec.a);
    } else {
        memset(r, 0, 32);
        rc = -1;
    }
    vec25519_wipe(&sec, sizeof sec);
    return rc;
}
