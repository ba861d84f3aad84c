/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * SHA-512 compression (FIPS 180-4 §6.4.2) with the message schedule of two
 * blocks at a time in AVX2 registers and the rounds in general registers
 * (docs/sha512.md). Compiled with -mavx2; the rounds use BMI1/BMI2 (ANDN,
 * RORX), so the entry point runs them only after checking
 * cpu_features().bmi2.
 *
 * Also compiled, with SHA512_X2_AVX512 defined, by
 * src/backend/avx512/sha512_avx512.c: the same code with σ0 and σ1 on
 * VPRORQ and VPTERNLOGQ (AVX-512F + AVX-512VL on 256-bit registers).
 *
 * Lanes (docs/sha512.md §3): block A (the first of a pair) in the low
 * 128-bit half of each register, block B in the high half; X[i] = (W_{2i},
 * W_{2i+1} of A | the same of B), i = 0..7, is a ring of the last 16
 * schedule words (§6.4.2 step 1). A step computes the next pair,
 *     W_t = σ1(W_{t-2}) + W_{t-7} + σ0(W_{t-15}) + W_{t-16},
 * for t and t + 1 in both blocks (W_{t+1} needs W_{t-1}, not W_t, so the
 * two are independent), adds (K_t, K_{t+1}) and stores the sums to kw[],
 * from which the rounds read them. The steps run beside the rounds of the
 * block before (the schedule of two blocks, one block's rounds ahead). The
 * idea is Intel's white paper (Guilford, Gulley, Gopal, Wolrich, Yap, "Fast
 * SHA-512 Implementations on Intel Architecture Processors", 2012), also the
 * shape of OpenSSL's sha512-x86_64.pl AVX2 path; the code is our own.
 *
 * The rounds and the steps are asm statements, their order fixed
 * (volatile), with the registers left to the compiler: as C, gcc
 * reassociates the round sums into longer chains, and the speed of the
 * vector schedule swung by a third between -O2 and -O3 and with the shape of
 * the loops (spills of the ring: §5). Under MemorySanitizer
 * (VEC25519_CT_MSAN), which cannot look into asm, both are the C below (the
 * same operations), so that the MSan harness tracks the secret through
 * them; valgrind checks the asm (tests/ct/ct_check.c).
 *
 * Constant time: only shifts, rotations, additions and bitwise operations
 * touch the message; the branches on n and on the CPU features are public.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../sha512_blocks.h"
#include "../../internal/cpu.h"
#include "../../internal/ct.h"

#if defined(SHA512_X2_AVX512)
#define SHA512_X2_ENTRY sha512_blocks_avx512
#define SHA512_X2_BLOCKS sha512_x2_blocks_avx512
#else
#define SHA512_X2_ENTRY sha512_blocks_avx2
#define SHA512_X2_BLOCKS sha512_x2_blocks_avx2
#endif

/*
 * kw[] holds K_t + W_t of a pair of blocks: a register's pair (t, t + 1) is
 * stored whole at 4·(t/2), so block A's word t is at KW_A(t) and block B's
 * at KW_A(t) + 2 (a block's rounds read from kw + 2·lane).
 */
#define KW_A(t) (4 * ((t) >> 1) + ((t) & 1))

/* ---- the schedule (vector) ------------------------------------------------- */

/* (k[0], k[1]) in both halves. */
static inline __m256i k_pair(const uint64_t *k)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k));
}

/*
 * X = W_0..W_15 of blocks pa (low halves) and pb (high halves), big-endian
 * words (§3.1); kwp[KW_A(0..15)] and the B lane = K + W. Written out rather
 * than a loop: with a loop gcc -O2 (not -O3) keeps X in memory, and every
 * step then goes through it (a third slower).
 */
#define LOAD1(i)                                                                           \
    do {                                                                                   \
        __m256i m_ = _mm256_loadu2_m128i((const __m128i *)(pb + 16 * (i)),                 \
                                         (const __m128i *)(pa + 16 * (i)));                \
        X[i] = _mm256_shuffle_epi8(m_, bswap);                                             \
        _mm256_store_si256((__m256i *)(kw_ + 4 * (i)),                                     \
                           _mm256_add_epi64(X[i], k_pair(sha512_k + 2 * (i))));            \
    } while (0)
#define LOAD_PAIR(kwp, pap, pbp)                                                           \
    do {                                                                                   \
        const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, \
                                               10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14,   \
                                               13, 12, 11, 10, 9, 8);                      \
        uint64_t *kw_ = (kwp);                                                             \
        const uint8_t *pa = (pap), *pb = (pbp);                                            \
        LOAD1(0);                                                                          \
        LOAD1(1);                                                                          \
        LOAD1(2);                                                                          \
        LOAD1(3);                                                                          \
        LOAD1(4);                                                                          \
        LOAD1(5);                                                                          \
        LOAD1(6);                                                                          \
        LOAD1(7);                                                                          \
    } while (0)

#if defined(VEC25519_CT_MSAN)
/*
 * The step in C (the MemorySanitizer build): σ0(x) = ROTR^1 ^ ROTR^8 ^
 * SHR^7, σ1(x) = ROTR^19 ^ ROTR^61 ^ SHR^6 (§4.1.3 (4.12), (4.13)), the
 * rotations as two shifts (no VPTERNLOGQ either: clang 14's MSan has no
 * propagation rule for it and would report every secret operand).
 */
#define ROTQ(x, n) _mm256_or_si256(_mm256_srli_epi64((x), (n)), _mm256_slli_epi64((x), 64 - (n)))
#define XOR3(x, y, z) _mm256_xor_si256(_mm256_xor_si256((x), (y)), (z))
#define SSIG0(x) XOR3(ROTQ((x), 1), ROTQ((x), 8), _mm256_srli_epi64((x), 7))
#define SSIG1(x) XOR3(ROTQ((x), 19), ROTQ((x), 61), _mm256_srli_epi64((x), 6))
#define SCHED(j, dst, k)                                                                   \
    do {                                                                                   \
        __m256i w15_ = _mm256_alignr_epi8(X[((j) + 1) & 7], X[(j) & 7], 8);                \
        __m256i w7_ = _mm256_alignr_epi8(X[((j) + 5) & 7], X[((j) + 4) & 7], 8);           \
        __m256i s_ = _mm256_add_epi64(_mm256_add_epi64(X[(j) & 7], SSIG0(w15_)), w7_);     \
        X[(j) & 7] = _mm256_add_epi64(s_, SSIG1(X[((j) + 7) & 7]));                        \
        _mm256_store_si256((__m256i *)(dst), _mm256_add_epi64(X[(j) & 7], k_pair(k)));     \
    } while (0)
#else
/*
 * Step j (X[j & 7] holds W_{t-16}, W_{t-15} of both blocks): X[j & 7] =
 * (W_t, W_{t+1} | the same of B), and dst[0..3] = those plus (K_t, K_{t+1})
 * = k[0..1], in the kw layout. W_{t-15} and W_{t-7} straddle two registers:
 * VPALIGNR takes the high word of one and the low word of the next, in each
 * half. AVX2 has no 64-bit rotation: each is two shifts, σ0 and σ1 nine
 * instructions each; AVX-512VL has VPRORQ, and VPTERNLOGQ (table 0x96) is
 * the three-way xor: four each. [x] is X[j], [w1] X[j + 1], [w4], [w5]
 * X[j + 4], X[j + 5], [w7] X[j + 7] (the step before). The operands are
 * ymm0-15 ("x"), so that every instruction but VPRORQ and VPTERNLOGQ keeps
 * its VEX form (an EVEX VPALIGNR would need AVX-512BW).
 */
#if defined(SHA512_X2_AVX512)
/* σ(%[src]) = ROTR^r1 ^ ROTR^r2 ^ SHR^s into %[u] (v, z scratch; src may be u). */
#define SSIG_OUT "u"
#define SSIG_ASM(src, r1, r2, s, l1, l2)                                                   \
    "vprorq $" r1 ", %[" src "], %[v]\n\t"                                                 \
    "vprorq $" r2 ", %[" src "], %[z]\n\t"                                                 \
    "vpsrlq $" s ", %[" src "], %[u]\n\t"                                                  \
    "vpternlogq $0x96, %[z], %[v], %[u]\n\t"
#else
/*
 * σ(%[src]) = ROTR^r1 ^ ROTR^r2 ^ SHR^s into %[v] (u, z scratch; src may be
 * u), each rotation as a right shift by r and a left shift by l = 64 - r.
 */
#define SSIG_OUT "v"
#define SSIG_ASM(src, r1, r2, s, l1, l2)                                                   \
    "vpsrlq $" r1 ", %[" src "], %[v]\n\t"                                                 \
    "vpsrlq $" r2 ", %[" src "], %[z]\n\t"                                                 \
    "vpxor %[z], %[v], %[v]\n\t"                                                           \
    "vpsrlq $" s ", %[" src "], %[z]\n\t"                                                  \
    "vpxor %[z], %[v], %[v]\n\t"                                                           \
    "vpsllq $" l1 ", %[" src "], %[z]\n\t"                                                 \
    "vpsllq $" l2 ", %[" src "], %[u]\n\t"                                                 \
    "vpxor %[z], %[u], %[u]\n\t"                                                           \
    "vpxor %[u], %[v], %[v]\n\t"
#endif
#define SCHED_BODY                                                                         \
    "vpalignr $8, %[x], %[w1], %[u]\n\t"   /* W_{t-15}, W_{t-14}              */           \
    SSIG_ASM("u", "1", "8", "7", "63", "56") /* σ0                            */           \
    "vpaddq %[" SSIG_OUT "], %[x], %[x]\n\t"                                               \
    "vpalignr $8, %[w4], %[w5], %[u]\n\t"  /* W_{t-7}, W_{t-6}                */           \
    "vpaddq %[u], %[x], %[x]\n\t"                                                          \
    SSIG_ASM("w7", "19", "61", "6", "45", "3") /* σ1(W_{t-2}, W_{t-1})        */           \
    "vpaddq %[" SSIG_OUT "], %[x], %[x]\n\t" /* W_t, W_{t+1}                  */           \
    "vbroadcasti128 %[k_], %[u]\n\t"                                                        \
    "vpaddq %[u], %[x], %[u]\n\t"                                                          \
    "vmovdqa %[u], %[dst_]"
#define SCHED(j, dst, k)                                                                   \
    do {                                                                                   \
        __m256i u_, v_, z_;                                                                \
        __asm__ __volatile__(SCHED_BODY                                                    \
                             : [x] "+x"(X[(j) & 7]), [dst_] "=m"(*(__m256i *)(dst)),       \
                               [u] "=&x"(u_), [v] "=&x"(v_), [z] "=&x"(z_)                \
                             : [w1] "x"(X[((j) + 1) & 7]), [w4] "x"(X[((j) + 4) & 7]),    \
                               [w5] "x"(X[((j) + 5) & 7]), [w7] "x"(X[((j) + 7) & 7]),    \
                               [k_] "m"(*(const __m128i *)(k)));                            \
    } while (0)
#endif

/* One schedule step into sd, K from sk; both advance to the next pair. */
#define STEP(j)                                                                            \
    do {                                                                                   \
        SCHED(j, sd, sk);                                                                  \
        sd += 4, sk += 2;                                                                  \
    } while (0)

/* ---- the rounds (scalar) ---------------------------------------------------- */

/*
 * Round t (§6.4.2 step 3) with the renaming folded into the argument order:
 * the new e is written into d and the new a into h; kwt = K_t + W_t. The
 * sums are ordered for the shortest dependency chains (docs/sha512.md §4):
 *     e' = (((d + (h + kwt)) + Ch_1) + Ch_2) + Σ1(e)          4 steps after e
 *     a' = (e' + (((b & c) - d) + (a & (b ^ c)))) + Σ0(a)     4 steps after a
 * with Ch(e, f, g) = Ch_1 + Ch_2 = (~e & g) + (e & f) and Maj(a, b, c) =
 * (a & (b ^ c)) + (b & c) (in both pairs the terms share no bit, so the sum
 * is the or), and T1 = e' - d, so that a' = T1 + Σ0(a) + Maj(a, b, c).
 */
#if defined(VEC25519_CT_MSAN)
#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define ROUND(a, b, c, d, e, f, g, h, kwt)                                                 \
    do {                                                                                   \
        uint64_t q_ = (b & c) - d;                                                         \
        h += (kwt);                                                                        \
        d += h;                                                                            \
        d += ~e & g;                                                                       \
        d += e & f;                                                                        \
        d += ROTR(e, 14) ^ ROTR(e, 18) ^ ROTR(e, 41);                                      \
        q_ += a & (b ^ c);                                                                 \
        h = d + q_;                                                                        \
        h += ROTR(a, 28) ^ ROTR(a, 34) ^ ROTR(a, 39);                                      \
    } while (0)
#else
#define ROUND(a, b, c, d, e, f, g, h, kwt)                                                 \
    do {                                                                                   \
        uint64_t q_, t0_, t1_;                                                             \
        __asm__ __volatile__(                                                              \
            "add %[kw_], %[h_]\n\t"          /* h = h + K_t + W_t           */             \
            "mov %[b_], %[q_]\n\t"                                                         \
            "and %[c_], %[q_]\n\t"                                                         \
            "sub %[d_], %[q_]\n\t"           /* q = (b & c) - d             */             \
            "add %[h_], %[d_]\n\t"           /* d = d + h + K_t + W_t       */             \
            "andn %[g_], %[e_], %[t0_]\n\t"                                                \
            "add %[t0_], %[d_]\n\t"          /* + (~e & g)                  */             \
            "mov %[f_], %[t0_]\n\t"                                                        \
            "and %[e_], %[t0_]\n\t"                                                        \
            "add %[t0_], %[d_]\n\t"          /* + (e & f)                   */             \
            "rorx $14, %[e_], %[t0_]\n\t"                                                  \
            "rorx $18, %[e_], %[t1_]\n\t"                                                  \
            "xor %[t1_], %[t0_]\n\t"                                                       \
            "rorx $41, %[e_], %[t1_]\n\t"                                                  \
            "xor %[t1_], %[t0_]\n\t"                                                       \
            "add %[t0_], %[d_]\n\t"          /* + Σ1(e): d = e'             */             \
            "mov %[b_], %[t0_]\n\t"                                                        \
            "xor %[c_], %[t0_]\n\t"                                                        \
            "and %[a_], %[t0_]\n\t"                                                        \
            "add %[t0_], %[q_]\n\t"          /* q = Maj(a, b, c) - d        */             \
            "rorx $28, %[a_], %[t0_]\n\t"                                                  \
            "rorx $34, %[a_], %[t1_]\n\t"                                                  \
            "xor %[t1_], %[t0_]\n\t"                                                       \
            "rorx $39, %[a_], %[t1_]\n\t"                                                  \
            "xor %[t1_], %[t0_]\n\t"                                                       \
            "lea (%[d_], %[q_]), %[h_]\n\t"  /* h = T1 + Maj(a, b, c)       */             \
            "add %[t0_], %[h_]"              /* + Σ0(a): h = a'             */             \
            : [d_] "+r"(d), [h_] "+r"(h), [q_] "=&r"(q_), [t0_] "=&r"(t0_), [t1_] "=&r"(t1_) \
            : [a_] "r"(a), [b_] "r"(b), [c_] "r"(c), [e_] "r"(e), [f_] "r"(f), [g_] "r"(g),    \
              [kw_] "m"(kwt)                                                               \
            : "cc");                                                                       \
    } while (0)
#endif

/*
 * Rounds t .. t + 7 of one block, K + W read from kr[KW_A(t)] on, with
 * S(j0) .. S(j0 + 3) after each two rounds (ROUNDS2_, whose renaming of the
 * state advances by two): ROUNDS8_S4 runs four schedule steps beside the
 * rounds (STEP), ROUNDS8 none.
 */
#define ROUNDS2_(kr, t, S, j, a, b, c, d, e, f, g, h)                                      \
    do {                                                                                   \
        ROUND(a, b, c, d, e, f, g, h, (kr)[KW_A(t)]);                                      \
        ROUND(h, a, b, c, d, e, f, g, (kr)[KW_A((t) + 1)]);                                \
        S(j);                                                                              \
    } while (0)
#define ROUNDS8_(kr, t, S, j0)                                                             \
    do {                                                                                   \
        ROUNDS2_(kr, (t) + 0, S, (j0) + 0, a, b, c, d, e, f, g, h);                        \
        ROUNDS2_(kr, (t) + 2, S, (j0) + 1, g, h, a, b, c, d, e, f);                        \
        ROUNDS2_(kr, (t) + 4, S, (j0) + 2, e, f, g, h, a, b, c, d);                        \
        ROUNDS2_(kr, (t) + 6, S, (j0) + 3, c, d, e, f, g, h, a, b);                        \
    } while (0)
#define NO_STEP(j) ((void)0)
#define ROUNDS8(kr, t) ROUNDS8_(kr, t, NO_STEP, 0)
#define ROUNDS8_S4(kr, t, j0) ROUNDS8_(kr, t, STEP, j0)

/*
 * The 80 rounds of one block from kr (a pointer variable, advanced), with
 * the 32 schedule steps of a pair (into sd, K from sk, both advanced) in
 * rounds 0..63, one per two rounds: those of the block's own pair, 16 words
 * ahead of the rounds, or of the next pair. The loop keeps the ring index
 * of every step (j & 7) a constant.
 */
#define ROUNDS80_S32(kr)                                                                   \
    do {                                                                                   \
        for (int i_ = 0; i_ < 4; i_++, (kr) += KW_A(16)) {                                 \
            ROUNDS8_S4(kr, 0, 0);                                                          \
            ROUNDS8_S4(kr, 8, 4);                                                          \
        }                                                                                  \
        ROUNDS8(kr, 0);                                                                    \
        ROUNDS8(kr, 8);                                                                    \
    } while (0)

/* The 80 rounds of one block from kr (advanced), without schedule steps. */
#define ROUNDS80(kr)                                                                       \
    do {                                                                                   \
        for (int i_ = 0; i_ < 5; i_++, (kr) += KW_A(16)) {                                 \
            ROUNDS8(kr, 0);                                                                \
            ROUNDS8(kr, 8);                                                                \
        }                                                                                  \
    } while (0)

#define STATE_ADD()                                                                        \
    do {                                                                                   \
        a = state[0] += a, b = state[1] += b, c = state[2] += c, d = state[3] += d;        \
        e = state[4] += e, f = state[5] += f, g = state[6] += g, h = state[7] += h;        \
    } while (0)

/*
 * The compression of n ≥ 1 blocks (BMI1/BMI2 present), a pair of blocks
 * (A, B) at a time, their K + W in kw[0] or kw[1] (docs/sha512.md §3):
 * - the first pair's A computes its pair's schedule, 16 words ahead;
 * - the B of a pair with another pair after it computes that next pair's
 *   schedule into the other buffer, so that the next pair's A and B run
 *   from kw[] alone; the last pair's B computes nothing.
 * A lone last block is paired with itself (its B lane is computed and not
 * used) and its rounds compute its schedule, 16 words ahead.
 */
static void SHA512_X2_BLOCKS(uint64_t state[8], const uint8_t *p, size_t n)
{
    _Alignas(32) uint64_t kw[2][160];
    size_t used = n >= 4 ? sizeof kw : sizeof kw[0]; /* the second buffer serves n ≥ 4 */
    __m256i X[8];
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint64_t *cur = kw[0], *nxt = kw[1], *kr, *sd;
    const uint64_t *sk;
    int ready = 0; /* cur holds the schedule of the pair at p */

    while (n >= 2) {
        kr = cur;
        if (ready) {
            ROUNDS80(kr);
        } else {
            LOAD_PAIR(cur, p, p + 128);
            sd = cur + KW_A(16), sk = sha512_k + 16;
            ROUNDS80_S32(kr);
        }
        STATE_ADD();
        kr = cur + 2;
        ready = n >= 4;
        if (ready) {
            LOAD_PAIR(nxt, p + 256, p + 384);
            sd = nxt + KW_A(16), sk = sha512_k + 16;
            ROUNDS80_S32(kr);
        } else {
            ROUNDS80(kr);
        }
        STATE_ADD();
        kr = cur, cur = nxt, nxt = kr;
        p += 256, n -= 2;
    }
    if (n == 1) {
        kr = kw[0];
        LOAD_PAIR(kw[0], p, p);
        sd = kw[0] + KW_A(16), sk = sha512_k + 16;
        ROUNDS80_S32(kr);
        STATE_ADD();
    }
    vec25519_wipe(kw, used);
}

/* sha512_blocks.h. Constant time in the block contents. */
void SHA512_X2_ENTRY(uint64_t state[8], const uint8_t *p, size_t n)
{
    if (!cpu_features().bmi2) {
        sha512_blocks_portable(state, p, n);
        return;
    }
    SHA512_X2_BLOCKS(state, p, n);
}
