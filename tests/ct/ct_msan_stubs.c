/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Linked into the MemorySanitizer core in place of src/backend/x86_64/ladder_fe64.c
 * and src/backend/x86_64/pow_fe64.c (tests/ct/CMakeLists.txt).
 *
 * The MULX/ADX ladder is written in inline assembly, which MSan cannot look
 * into: it would report every secret operand of the asm and then mark the
 * results public, so it can be checked neither way. x25519_ladder_best picks
 * it by CPUID, and in this build it is the serial ladder instead, so that the
 * callers (vec25519_x25519 under the vector backends) are checked through
 * code MSan can see. The assembly ladder itself is checked under valgrind,
 * which executes MULX, ADCX and ADOX (ct_valgrind_u64: x25519_ladder_fe64).
 * The same holds for the paired powers (pow22523_2_best picks them): here
 * they are the serial powers, and ct_valgrind_u64 checks fe64_pow22523_2
 * and fe64_pow22523_invert themselves.
 */
#include "backend/backend.h"
#include "backend/x86_64/ladder_fe64.h"
#include "backend/x86_64/pow_fe64.h"
#include "backend/ladder.h"

#if !defined(VEC25519_CT_MSAN)
#error "ct_msan_stubs.c is for the -DVEC25519_CT_MSAN build"
#endif

#if defined(VEC25519_HAVE_LADDER_FE64)
void x25519_ladder_fe64(uint8_t out[32], const uint8_t scalar[32], const uint8_t point[32])
{
    x25519_ladder_serial(out, scalar, point);
}
#endif

#if defined(VEC25519_HAVE_POW_FE64)
void fe64_pow22523_2(fe h[2], const fe f[2])
{
    fe_pow22523(&h[0], &f[0]);
    fe_pow22523(&h[1], &f[1]);
}

void fe64_pow22523_invert(fe *h, const fe *f, fe *inv, const fe *g)
{
    fe_pow22523(h, f);
    fe_invert_fermat(inv, g);
}
#endif
