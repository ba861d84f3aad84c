/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Calls that must NOT compile cleanly: tests/compile/check_calls.sh compiles
 * this file once per -DCASE=n and expects that case's warning (named in the
 * comment of each case) and no other: the attributes of the headers at work.
 */
#include <stddef.h>

#include <vec25519.h>

int main(void)
{
    uint8_t sig[64] = {0}, pk[32] = {0}, sk[64] = {0}, keys[2][32] = {{0}}, out[2][32];
    uint8_t *msgs[2] = {sig, pk};
    (void)msgs;
    (void)keys;
    (void)out;
    (void)sig;
    (void)pk;
    (void)sk;
#if CASE == 1 /* -Wnonnull: the signature may never be NULL */
    return vec25519_ed25519_verify(NULL, sig, 1, pk);
#elif CASE == 2 /* -Wunused-result: signing can fail */
    vec25519_ed25519_sign(sig, NULL, 0, sk);
    return 0;
#elif CASE == 3 /* -Wunused-result: so can verification */
    vec25519_ed25519_verify(sig, NULL, 0, pk);
    return 0;
#elif CASE == 4 /* -Wincompatible-pointer-types: a 2-D array for a flat buffer (use keys[0]) */
    return vec25519_x25519_batch(2, out[0], keys, keys[0], NULL);
#elif CASE == 5 /* -Wincompatible-pointer-types: a list of pointers for a flat buffer */
    return vec25519_x25519_batch(2, out[0], msgs, keys[0], NULL);
#elif CASE == 6 /* -Wdeprecated-declarations: a deprecated type */
    vec25519_ed25519_point p;
    vec25519_edwards25519_point_base(&p);
    return 0;
#elif CASE == 7 /* -Wdeprecated-declarations: a deprecated function */
    return vec25519_ed25519_is_valid_point(pk);
#elif CASE == 8 /* -Wdeprecated-declarations: a deprecated constant */
    return VEC25519_RISTRETTO255_HASHBYTES;
#else
#error "CASE"
#endif
}
