/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * How MemorySanitizer propagates the secret mark through the instructions of
 * the IFMA backend (docs/constant-time.md, "MemorySanitizer mode"): the facts
 * the MSan mode of the constant-time harness relies on, checked on the
 * compiler that builds it (CTest: ct_msan_probe), and the known imprecisions,
 * printed.
 *
 * An intrinsic that MSan handled strictly (a report whenever an input is
 * secret) would make the harness report constant-time code; one it did not
 * propagate through would hide leaks after it. For each instruction the probe
 * feeds a vector whose lanes are public (A, D), secret in bit 0 only (B) and
 * secret in bits 0..50 (C), and prints the result's secret bits per lane.
 * "rely" rows must give at least the expected marks (more would be safe) and
 * no report, or the test fails; "note" rows document an approximation (the
 * docs say what it means).
 *
 * Built with -DVEC25519_CT_MSAN, clang -fsanitize=memory
 * -fsanitize-recover=memory and the IFMA flags; exits 77 (skipped) on a CPU
 * without AVX-512 IFMA.
 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "internal/ct.h"

#include "ct_track.h"

#if !defined(VEC25519_CT_MSAN)
#error "ct_msan_probe.c is for the -DVEC25519_CT_MSAN build"
#endif

/* The secret bits of x: an AND with a public constant keeps them exactly. */
static uint64_t secret_bits(uint64_t x)
{
    uint64_t s = 0;
    for (int k = 0; k < 64; k++) {
        volatile uint64_t bit = x & (UINT64_C(1) << k);
        if (__msan_test_shadow(&bit, sizeof bit) != -1) s |= UINT64_C(1) << k;
    }
    return s;
}

static int failures;

/* One row: the secret bits of each lane of v against `want` (rely) or for the
 * record (note), and the reports raised while computing it. */
static void row(const char *kind, const char *what, __m256i v, const uint64_t want[4],
                unsigned long reports)
{
    uint64_t lane[4], got[4];
    int bad = 0;

    _mm256_storeu_si256((__m256i *)lane, v);
    for (int i = 0; i < 4; i++) got[i] = secret_bits(lane[i]);
    /* More marks than expected would be safe (it can only add reports, which
     * ct_check would show); fewer would hide leaks. */
    for (int i = 0; i < 4; i++)
        if (strcmp(kind, "rely") == 0 && ((got[i] & want[i]) != want[i] || reports != 0)) bad = 1;
    printf("%s %-44s %016llx %016llx %016llx %016llx  reports %lu%s\n", kind, what,
           (unsigned long long)got[0], (unsigned long long)got[1], (unsigned long long)got[2],
           (unsigned long long)got[3], reports, bad ? "  <-- FAIL" : "");
    failures += bad;
}

#define ROW(kind, what, expr, ...)                                 \
    do {                                                           \
        const uint64_t want_[4] = {__VA_ARGS__};                   \
        unsigned long before_ = ct_track_errors();                 \
        __m256i v_ = (expr);                                       \
        row((kind), (what), v_, want_, ct_track_errors() - before_); \
    } while (0)

#define M51 UINT64_C(0x7ffffffffffff)

int main(void)
{
    if (!(__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
          __builtin_cpu_supports("avx512ifma"))) {
        printf("SKIP: this CPU has no AVX-512 IFMA\n");
        return 77;
    }

    uint64_t in[4] = {0x1234567890abc, 0x7ffffffffffff, 3, 0xfedcba987654};
    uint64_t marks[4] = {0, 1, M51, 0}; /* lane B: bit 0; lane C: bits 0..50 */
    __msan_partial_poison(in, marks, sizeof in);
    const __m256i x = _mm256_loadu_si256((const __m256i *)in);
    const __m256i p = _mm256_set1_epi64x(0xfffffffffffff), z = _mm256_setzero_si256();
    volatile long long opaque_two = 2;
    const __m256i idx_c = _mm256_set1_epi64x(opaque_two); /* a public index the compiler cannot see */

    printf("kind instruction                                  lane A           lane B           "
           "lane C           lane D\n");
    ROW("rely", "input x", x, 0, 1, M51, 0);
    /* IFMA: lane by lane, the OR of the three operands' marks, bit by bit. */
    ROW("rely", "vpmadd52luq   madd52lo(0, x, p)", _mm256_madd52lo_epu64(z, x, p), 0, 1, M51, 0);
    ROW("rely", "vpmadd52huq   madd52hi(0, x, p)", _mm256_madd52hi_epu64(z, x, p), 0, 1, M51, 0);
    ROW("rely", "vpmadd52luq   madd52lo(x, p, p) (accumulator)", _mm256_madd52lo_epu64(x, p, p), 0,
        1, M51, 0);
    ROW("rely", "vpmadd52huq   madd52hi(p, p, x)", _mm256_madd52hi_epu64(p, p, x), 0, 1, M51, 0);
    /* Lane movements with an immediate: the marks move with the data. */
    ROW("rely", "vpermq imm    permute4x64 (B, A, D, C)", _mm256_permute4x64_epi64(x, 0xb1), 1, 0,
        0, M51);
    ROW("rely", "vpermq imm    permute4x64 (C, C, A, A)", _mm256_permute4x64_epi64(x, 0x0a), M51,
        M51, 0, 0);
    ROW("rely", "vpshufd       shuffle_epi32 (B, A, D, C)", _mm256_shuffle_epi32(x, 0x4e), 1, 0, 0,
        M51);
    ROW("rely", "vinserti128   (A, B, A, B)",
        _mm256_inserti128_si256(x, _mm256_castsi256_si128(x), 1), 0, 1, 0, 1);
    {
        __m256i y = x;
        CT_VEC_OPAQUE(y); /* the optimiser barrier of the vector files, MSan form */
        ROW("rely", "CT_VEC_OPAQUE (memory form)", y, 0, 1, M51, 0);
    }
    ROW("rely", "vpermq const  permutexvar idx (C, C, C, C)",
        _mm256_permutexvar_epi64(_mm256_set1_epi64x(2), x), M51, M51, M51, M51);
    /* Blends and masked arithmetic with a public mask: lane by lane. */
    ROW("rely", "vpblendmq     mask_blend(B, p, x)", _mm256_mask_blend_epi64(0x2, p, x), 0, 1, 0, 0);
    ROW("rely", "vpaddq{k}     mask_add(p, C, x, p)", _mm256_mask_add_epi64(p, 0x4, x, p), 0, 0, M51,
        0);
    ROW("rely", "vpsubq{k}     mask_sub(p, BC, p, x)", _mm256_mask_sub_epi64(p, 0x6, p, x), 0, 1, M51,
        0);
    /* Shifts: exact. Add, sub: the OR of the marks (no carry: see the docs). */
    ROW("rely", "vpsllq        slli(x, 4)", _mm256_slli_epi64(x, 4), 0, 0x10, M51 << 4, 0);
    ROW("rely", "vpsrlq        srli(x, 1)", _mm256_srli_epi64(x, 1), 0, 0, M51 >> 1, 0);
    ROW("rely", "vpaddq        add(x, p)", _mm256_add_epi64(x, p), 0, 1, M51, 0);
    ROW("rely", "vpsubq        sub(p, x)", _mm256_sub_epi64(p, x), 0, 1, M51, 0);
    ROW("rely", "vpandq        and(x, 0xff)", _mm256_and_si256(x, _mm256_set1_epi64x(0xff)), 0, 1,
        0xff, 0);
    /* Opmasks from a compare, and a blend by a secret opmask. */
    {
        unsigned long before = ct_track_errors();
        __mmask8 k = _mm256_test_epi64_mask(x, _mm256_set1_epi64x(1));
        uint64_t kb = k, want = 0x6; /* lanes B and C decide their bits */
        uint64_t got = secret_bits(kb);
        unsigned long reports = ct_track_errors() - before;
        int bad = (got & want) != want || reports != 0;
        printf("rely %-44s %016llx (opmask bits)  reports %lu%s\n", "vptestmq      test_epi64_mask",
               (unsigned long long)got, reports, bad ? "  <-- FAIL" : "");
        failures += bad;
        ROW("rely", "vpblendmq     mask_blend(secret k, 0, -1)",
            _mm256_mask_blend_epi64(k, z, _mm256_set1_epi64x(-1)), 0, ~UINT64_C(0), ~UINT64_C(0),
            0);
    }
    /* The ct.h barrier in this build: through memory, and a mask made from a
     * secret bit is secret in every bit. */
    {
        uint64_t b = in[1] & 1;
        ct_mask m = ct_from_bit(b);
        ROW("rely", "ct_from_bit(secret bit), broadcast", _mm256_set1_epi64x((long long)m.m),
            ~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0), ~UINT64_C(0));
    }

    /* Known approximations, printed for the record. */
    ROW("note", "vpermq var    permutexvar idx (C, C, C, C)", _mm256_permutexvar_epi64(idx_c, x), 0,
        0, 0, 0);
    {
        __m256i y = x;
        unsigned long before = ct_track_errors();
        __asm__("" : "+v"(y)); /* why ct.h spells its barriers with "+m" under MSan */
        row("note", "empty asm \"+v\" (a register barrier)", y, (const uint64_t[4]){0, 0, 0, 0},
            ct_track_errors() - before);
    }
    {
        uint64_t lo = in[2] & M51;
        volatile uint64_t pub = M51;
        unsigned __int128 prod = (unsigned __int128)lo * pub;
        uint64_t hi64 = (uint64_t)(prod >> 64), carry = (lo + pub) >> 51;
        printf("note %-44s %016llx\n", "scalar: high half of a 64x64 product",
               (unsigned long long)secret_bits(hi64));
        printf("note %-44s %016llx\n", "scalar: carry (secret51 + public) >> 51",
               (unsigned long long)secret_bits(carry));
    }

    printf("%s\n", failures ? "FAILED: MSan no longer propagates as the harness assumes" : "ok");
    return failures ? 1 : 0;
}
