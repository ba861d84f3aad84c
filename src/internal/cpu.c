/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * CPU feature detection for run-time backend selection.
 *
 * A feature counts only if the CPU has it (CPUID) AND the operating system
 * saves the register state it needs (OSXSAVE + XGETBV(0)): YMM for AVX2,
 * opmask and ZMM for AVX-512. Intel SDM vol. 1 §13.3 and §15.2.
 */
#include "cpu.h"

#include <stdatomic.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

static void detect(struct cpu_features *f)
{
    unsigned a, b, c, d;
    /* Leaf 0: the vendor string in EBX, EDX, ECX ("Auth" "enti" "cAMD"). */
    if (__get_cpuid(0, &a, &b, &c, &d))
        f->amd = b == 0x68747541u && d == 0x69746e65u && c == 0x444d4163u;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return;
    /* The family (base + extended when the base is 0xF): AMD's family 1Ah
     * (Zen 5) and later execute 512-bit operations on full-width units. */
    unsigned family = (a >> 8) & 0xf;
    if (family == 0xf) family += (a >> 20) & 0xff;
    int amd_zen5 = f->amd && family >= 0x1a;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int ymm_ok = (xcr0 & 0x6) == 0x6;       /* SSE and AVX state        */
    int zmm_ok = (xcr0 & 0xe6) == 0xe6;     /* + opmask, ZMM_Hi256, Hi16_ZMM */
    if (__get_cpuid_max(0, 0) < 7) return;
    __cpuid_count(7, 0, a, b, c, d);
    int bmi1 = (b >> 3) & 1, avx2 = (b >> 5) & 1, bmi2 = (b >> 8) & 1, adx = (b >> 19) & 1;
    int avx512f = (b >> 16) & 1, avx512dq = (b >> 17) & 1, ifma = (b >> 21) & 1, avx512vl = (b >> 31) & 1;
    f->avx2 = avx && avx2 && ymm_ok;
    f->bmi2_adx = bmi2 && adx;
    f->avx512ifma = f->avx2 && avx512f && avx512vl && avx512dq && ifma && zmm_ok;
    f->bmi2 = bmi1 && bmi2;
    f->avx512vl = f->avx2 && avx512f && avx512vl && zmm_ok;
    f->zmm_full = f->avx512ifma && amd_zen5;
}
#else
static void detect(struct cpu_features *f)
{
    (void)f;
}
#endif

/* Packed flags, bit 0 = "detected"; one atomic word, so racing first calls are benign. */
static atomic_uint packed;

struct cpu_features cpu_features(void)
{
    unsigned v = atomic_load_explicit(&packed, memory_order_relaxed);
    if (!v) {
        struct cpu_features f = {0, 0, 0, 0, 0, 0, 0};
        detect(&f);
        v = 1u | (unsigned)f.avx2 << 1 | (unsigned)f.bmi2_adx << 2 | (unsigned)f.avx512ifma << 3 |
            (unsigned)f.bmi2 << 4 | (unsigned)f.avx512vl << 5 | (unsigned)f.amd << 6 |
            (unsigned)f.zmm_full << 7;
        atomic_store_explicit(&packed, v, memory_order_relaxed);
    }
    struct cpu_features r = {(int)(v >> 1) & 1, (int)(v >> 2) & 1, (int)(v >> 3) & 1,
                             (int)(v >> 4) & 1, (int)(v >> 5) & 1, (int)(v >> 6) & 1,
                             (int)(v >> 7) & 1};
    return r;
}
