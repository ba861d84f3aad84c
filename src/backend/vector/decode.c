/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Decoding four edwards25519 points at once (the backend table's
 * frombytes4_vartime, backend.h), written once against the 4-way field of
 * vpoint.h and compiled once per ISA (included from
 * src/backend/avx2/backend_avx2.c and src/backend/ifma/backend_ifma.c).
 *
 * A decoding is one exponentiation w^((p-5)/8) (about 254 squarings and 11
 * multiplications) between a few serial operations. The serial decoder is
 * cut there (ge_decode_begin / ge_decode_finish, src/backend/serial/
 * ge_frombytes.c): each lane's state and w are computed by the serial code,
 * the four exponentiations run as one chain on the 4-way field, and each
 * lane is finished by the serial code. The policy (canonical y, x = 0 with
 * the sign bit, the square test, the sqrt(-1) fix-up, the sign) is thus the
 * serial decoder's own and cannot drift; only the power is computed here.
 *
 * Variable time in name only: the arithmetic is the constant-time chain and
 * the serial halves; the encodings are public (Ed25519 keys and R), and the
 * verdicts are revealed.
 */
#include "../../field/fe_chain.h"
#include "../backend.h"
#include "vpoint.h"

/* h = f^(2^n), n ≥ 1 (public): n squarings. */
static void vfe_sqn(vfe *h, const vfe *f, int n)
{
    vfe_sq(h, f);
    for (int i = 1; i < n; i++) vfe_sq(h, h);
}

/*
 * h = z^((p-5)/8) = z^(2^252 - 3) lane by lane: the addition chain of
 * fe_pow22523 (src/field/fe_common.c), FE_CHAIN_2_250_1 on the 4-way field
 * and two more steps. Every vfe_mul / vfe_sq result is operand-ready
 * (vpoint.h), so the chain needs no carry of its own. 252 squarings, 11
 * multiplications. The chain is constant time; its intermediate powers are
 * wiped (pow22523_2 runs it on secrets).
 */
static void vfe_pow22523(vfe *h, const vfe *z)
{
    struct {
        vfe z2, z9, z11, a, b, t;
    } s;

    FE_CHAIN_2_250_1(vfe_sq, vfe_sqn, vfe_mul, &s.t, &s.z11, z, &s); /* 2^250 - 1 */
    vfe_sqn(&s.t, &s.t, 2); /* 2^252 - 4 */
    vfe_mul(h, &s.t, z);    /* 2^252 - 3 */
    vec25519_wipe(&s, sizeof s);
}

/*
 * out[i], ok[i] = what ge_ext_frombytes (policy GE_DECODE_STRICT) or
 * ge_ext_frombytes_relaxed (GE_DECODE_RELAXED) gives for in[i]: the point
 * and 0, or the identity and -1. Variable time (public encodings).
 */
void VFN(frombytes4_vartime)(ge_ext out[4], int ok[4], const uint8_t in[4][32], int policy)
{
    ge_decode_ctx c[4];
    fe w[4], pw[4];
    vfe vw, vpw;
    const int relaxed = policy == GE_DECODE_RELAXED;

    for (int i = 0; i < 4; i++) ge_decode_begin(&c[i], &w[i], in[i]); /* w_i = u_i·v_i^7 */
    vfe_pack(&vw, w);
    vfe_pow22523(&vpw, &vw); /* w_i^((p-5)/8), all four lanes */
    vfe_unpack(pw, &vpw);
    for (int i = 0; i < 4; i++) ok[i] = ge_decode_finish(&out[i], &c[i], &pw[i], relaxed);
}

#if defined(VEC25519_VECTOR_IFMA)
/*
 * out[i], ok[i] for in[0] and in[1] (backend.h, frombytes2_vartime): the
 * 4-way decoder with the two encodings repeated in lanes 2 and 3, whose
 * results are discarded (the chain costs the same for two lanes as for
 * four). Variable time (public encodings).
 */
void VFN(frombytes2_vartime)(ge_ext out[2], int ok[2], const uint8_t in[2][32], int policy)
{
    ge_frombytes2_vartime(out, ok, in, policy, VFN(pow22523_2));
}

/*
 * h[i] = f[i]^((p-5)/8), i = 0, 1 (backend.h, pow22523_2): f[0], f[1] in
 * lanes 0 and 1 of one 4-way chain and again in lanes 2 and 3, whose results
 * are discarded. Constant time; the copies are wiped.
 */
void VFN(pow22523_2)(fe h[2], const fe f[2])
{
    struct {
        fe w[4], pw[4];
        vfe vw, vpw;
    } sec;

    sec.w[0] = sec.w[2] = f[0];
    sec.w[1] = sec.w[3] = f[1];
    vfe_pack(&sec.vw, sec.w);
    vfe_pow22523(&sec.vpw, &sec.vw);
    vfe_unpack(sec.pw, &sec.vpw);
    h[0] = sec.pw[0];
    h[1] = sec.pw[1];
    vec25519_wipe(&sec, sizeof sec);
}

/*
 * h = f^((p-5)/8) and inv = 1/g = g^(p-2) (backend.h, pow22523_invert): f
 * and g in lanes 0 and 1 (again in 2 and 3) of one 4-way chain to
 * z^(2^250 - 1), then both tails on every lane, 2^252 - 3 as in
 * vfe_pow22523 and 2^255 - 21 as in fe_invert_fermat (three more squarings
 * and a multiplication); lane 0 of the one, lane 1 of the other. Constant
 * time; the copies are wiped.
 */
void VFN(pow22523_invert)(fe *h, const fe *f, fe *inv, const fe *g)
{
    struct {
        fe w[4], pw[4], iv[4];
        vfe vw, vpw, viv;
        struct {
            vfe z2, z9, z11, a, b, t;
        } s;
    } sec;

    sec.w[0] = sec.w[2] = *f;
    sec.w[1] = sec.w[3] = *g;
    vfe_pack(&sec.vw, sec.w);
    FE_CHAIN_2_250_1(vfe_sq, vfe_sqn, vfe_mul, &sec.s.t, &sec.s.z11, &sec.vw, &sec.s);
    vfe_sqn(&sec.s.t, &sec.s.t, 2);              /* 2^252 - 4 */
    vfe_mul(&sec.vpw, &sec.s.t, &sec.vw);         /* 2^252 - 3 */
    vfe_sqn(&sec.s.t, &sec.s.t, 3);              /* 2^255 - 32 */
    vfe_mul(&sec.viv, &sec.s.t, &sec.s.z11);      /* 2^255 - 21 */
    vfe_unpack(sec.pw, &sec.vpw);
    vfe_unpack(sec.iv, &sec.viv);
    *h = sec.pw[0];
    *inv = sec.iv[1];
    vec25519_wipe(&sec, sizeof sec);
}
#endif
