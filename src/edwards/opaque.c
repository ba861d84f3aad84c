/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The operations shared by the public edwards25519 and ristretto255 point
 * structs (contracts in opaque.h). Constant time.
 */
#include <stddef.h>

#include "vec25519/util.h"

#include "../internal/ct.h"
#include "opaque.h"

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

void opaque_neg(void *r, size_t size, const void *p)
{
    ge_ext a;
    opaque_load(&a, p);
    ge_ext_neg(&a, &a);
    opaque_store(r, size, &a);
    vec25519_wipe(&a, sizeof a);
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
