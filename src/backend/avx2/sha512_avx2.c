/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * SHA-512 compression (FIPS 180-4 §6.4.2) with the message schedule of two
 * blocks at a time in AVX2 registers and the rounds in general registers
 * (docs/sha512.md). Compiled with -mavx2; the rounds function adds BMI1/BMI2
 * (ANDN, RORX) through a target attribute and runs only after a run-time
 * check of cpu_features().bmi2.
 *
 * Also compiled, with SHA512_X2_AVX512 defined, by
 * src/backend/avx512/sha512_avx512.c: the same code with the σ functions on
 * VPRORQ and VPTERNLOGQ (AVX-512F + AVX-512VL on 256-bit registers).
 *
 * Lanes: block A (the first of a pair) in the low 128-bit half of each
 * register, block B in the high half; X[i] = (W_{2i}, W_{2i+1} of A |
 * the same of B) for i = 0..7 is a ring of the last 16 schedule words
 * (§6.4.2 step 1). Each step computes the next pair,
 *     W_t = σ1(W_{t-2}) + W_{t-7} + σ0(W_{t-15}) + W_{t-16},
 * for t and t + 1 in both blocks (W_{t+1} needs W_{t-1}, not W_t, so pairs
 * are independent), adds (K_t, K_{t+1}) and stores the sums to kw[]. The
 * rounds of A run from kw[] while the schedule of the following words is
 * computed beside them; the rounds of B then run from kw[] alone. A lone
 * last block is paired with itself. The idea is Intel's white paper
 * (Guilford, Gulley, Gopal, Wolrich, Yap, "Fast SHA-512 Implementations on
 * Intel Architecture Processors", 2012), also the shape of OpenSSL's
 * sha512-x86_64.pl AVX2 path; the code is our own.
 *
 * Constant time: only shifts, rotations, additions and bitwise operations
 * touch the message; the branch on n and on the CPU features is public.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "../../hash/sha512_blocks.h"
#include "../../internal/cpu.h"
#include "../../internal/ct.h"

#if defined(SHA512_X2_AVX512)
#define SHA512_X2_ENTRY sha512_blocks_avx512
#define SHA512_X2_BLOCKS sha512_x2_blocks_avx512
#else
#define SHA512_X2_ENTRY sha512_blocks_avx2
#define SHA512_X2_BLOCKS sha512_x2_blocks_avx2
#endif

/* ---- the schedule (vector) ------------------------------------------------- */

#if defined(SHA512_X2_AVX512)
/*
 * The three-way xor: VPTERNLOGQ with table 0x96. Under MemorySanitizer
 * (VEC25519_CT_MSAN), whose clang 14 has no propagation rule for the
 * pternlog intrinsic (it would report every secret operand and mark the
 * result public), two VPXORQ, which it tracks bit by bit; nothing that
 * depends on a secret changes (docs/sha512.md §6).
 */
#if defined(VEC25519_CT_MSAN)
#define XOR3(x, y, z) _mm256_xor_si256(_mm256_xor_si256((x), (y)), (z))
#else
#define XOR3(x, y, z) _mm256_ternarylogic_epi64((x), (y), (z), 0x96)
#endif

/* σ0(x) = ROTR^1 ^ ROTR^8 ^ SHR^7 (§4.1.3 (4.12)). */
static inline __m256i ssig0(__m256i x)
{
    return XOR3(_mm256_ror_epi64(x, 1), _mm256_ror_epi64(x, 8), _mm256_srli_epi64(x, 7));
}

/* σ1(x) = ROTR^19 ^ ROTR^61 ^ SHR^6 (4.13). */
static inline __m256i ssig1(__m256i x)
{
    return XOR3(_mm256_ror_epi64(x, 19), _mm256_ror_epi64(x, 61), _mm256_srli_epi64(x, 6));
}
#else
/* σ0(x) = ROTR^1 ^ ROTR^8 ^ SHR^7, the rotations as two shifts each. */
static inline __m256i ssig0(__m256i x)
{
    __m256i r = _mm256_xor_si256(_mm256_srli_epi64(x, 1), _mm256_srli_epi64(x, 7));
    __m256i l = _mm256_xor_si256(_mm256_slli_epi64(x, 63), _mm256_slli_epi64(x, 56));
    return _mm256_xor_si256(_mm256_xor_si256(r, _mm256_srli_epi64(x, 8)), l);
}

/* σ1(x) = ROTR^19 ^ ROTR^61 ^ SHR^6. */
static inline __m256i ssig1(__m256i x)
{
    __m256i r = _mm256_xor_si256(_mm256_srli_epi64(x, 19), _mm256_srli_epi64(x, 6));
    __m256i l = _mm256_xor_si256(_mm256_slli_epi64(x, 45), _mm256_slli_epi64(x, 3));
    return _mm256_xor_si256(_mm256_xor_si256(r, _mm256_srli_epi64(x, 61)), l);
}
#endif

/* (k[0], k[1]) in both halves. */
static inline __m256i k_pair(const uint64_t *k)
{
    return _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)k));
}

/*
 * kw[] holds K_t + W_t of a pair of blocks: a register's pair (t, t + 1) is
 * stored whole at 4·(t/2), so block A's word t is at KW_A(t) and block B's
 * at KW_A(t) + 2 (a lane's rounds read from kw + 2·lane).
 */
#define KW_A(t) (4 * ((t) >> 1) + ((t) & 1))

/*
 * Schedule step j (X[j & 7] holds W_{t-16}, W_{t-15} of both blocks):
 * X[j & 7] = (W_t, W_{t+1} | the same of B), and dst[0..3] = those plus
 * (K_t, K_{t+1}) = k[0..1], in the kw layout. W_{t-15} and W_{t-7} straddle
 * two registers: VPALIGNR takes the high word of one and the low word of the
 * next, in each half. The σ1 term, the only one on the chain from step to
 * step, is added last.
 */
#define SCHED(j, dst, k)                                                                   \
    do {                                                                                   \
        __m256i w15_ = _mm256_alignr_epi8(X[((j) + 1) & 7], X[(j) & 7], 8);                \
        __m256i w7_ = _mm256_alignr_epi8(X[((j) + 5) & 7], X[((j) + 4) & 7], 8);           \
        __m256i s_ = _mm256_add_epi64(_mm256_add_epi64(X[(j) & 7], ssig0(w15_)), w7_);     \
        X[(j) & 7] = _mm256_add_epi64(s_, ssig1(X[((j) + 7) & 7]));                        \
        _mm256_store_si256((__m256i *)(dst), _mm256_add_epi64(X[(j) & 7], k_pair(k)));     \
    } while (0)

/* X = W_0..W_15 of blocks pa (low halves) and pb (high halves), big-endian
 * words (§3.1); kw[KW_A(0..15)] and the B lane = K + W. */
static inline void load_pair(__m256i X[8], uint64_t *kw, const uint8_t *pa, const uint8_t *pb)
{
    const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
    for (int i = 0; i < 8; i++) {
        __m256i m = _mm256_loadu2_m128i((const __m128i *)(pb + 16 * i),
                                        (const __m128i *)(pa + 16 * i));
        X[i] = _mm256_shuffle_epi8(m, bswap);
        _mm256_store_si256((__m256i *)(kw + 4 * i), _mm256_add_epi64(X[i], k_pair(sha512_k + 2 * i)));
    }
}

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
 *
 * The round is one asm statement (RORX, ANDN: BMI1/BMI2, checked at run
 * time by the entry point), because gcc reassociates the sums into longer
 * chains and spills the state around the vector schedule when it is C. The
 * compiler still allocates the registers and places the schedule between
 * the rounds. Under MemorySanitizer (VEC25519_CT_MSAN), which cannot look
 * into asm, the same round is the C below, so that the harness tracks the
 * secret through it; valgrind checks the asm (tests/ct/ct_check.c).
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
        __asm__("add %[kw_], %[h_]\n\t"                /* h = h + K_t + W_t           */     \
                "mov %[b_], %[q_]\n\t"                                                       \
                "and %[c_], %[q_]\n\t"                                                       \
                "sub %[d_], %[q_]\n\t"                 /* q = (b & c) - d             */     \
                "add %[h_], %[d_]\n\t"                 /* d = d + h + K_t + W_t       */     \
                "andn %[g_], %[e_], %[t0_]\n\t"                                               \
                "add %[t0_], %[d_]\n\t"                /* + (~e & g)                  */     \
                "mov %[f_], %[t0_]\n\t"                                                      \
                "and %[e_], %[t0_]\n\t"                                                      \
                "add %[t0_], %[d_]\n\t"                /* + (e & f)                   */     \
                "rorx $14, %[e_], %[t0_]\n\t"                                                \
                "rorx $18, %[e_], %[t1_]\n\t"                                                \
                "xor %[t1_], %[t0_]\n\t"                                                     \
                "rorx $41, %[e_], %[t1_]\n\t"                                                \
                "xor %[t1_], %[t0_]\n\t"                                                     \
                "add %[t0_], %[d_]\n\t"                /* + Σ1(e): d = e'             */     \
                "mov %[b_], %[t0_]\n\t"                                                      \
                "xor %[c_], %[t0_]\n\t"                                                      \
                "and %[a_], %[t0_]\n\t"                                                      \
                "add %[t0_], %[q_]\n\t"                /* q = Maj(a, b, c) - d        */     \
                "rorx $28, %[a_], %[t0_]\n\t"                                                \
                "rorx $34, %[a_], %[t1_]\n\t"                                                \
                "xor %[t1_], %[t0_]\n\t"                                                     \
                "rorx $39, %[a_], %[t1_]\n\t"                                                \
                "xor %[t1_], %[t0_]\n\t"                                                     \
                "lea (%[d_], %[q_]), %[h_]\n\t"         /* h = T1 + Maj(a, b, c)       */     \
                "add %[t0_], %[h_]"                    /* + Σ0(a): h = a'             */     \
                : [d_] "+r"(d), [h_] "+r"(h), [q_] "=&r"(q_), [t0_] "=&r"(t0_), [t1_] "=&r"(t1_) \
                : [a_] "r"(a), [b_] "r"(b), [c_] "r"(c), [e_] "r"(e), [f_] "r"(f), [g_] "r"(g),     \
                  [kw_] "m"(kwt)                                                            \
                : "cc");                                                                   \
    } while (0)
#endif

/* Rounds t .. t + 7 of one block, K + W read from kr[KW_A(t)] on. */
#define ROUNDS8(kr, t)                                                                     \
    do {                                                                                   \
        ROUND(a, b, c, d, e, f, g, h, (kr)[KW_A((t) + 0)]);                                \
        ROUND(h, a, b, c, d, e, f, g, (kr)[KW_A((t) + 1)]);                                \
        ROUND(g, h, a, b, c, d, e, f, (kr)[KW_A((t) + 2)]);                                \
        ROUND(f, g, h, a, b, c, d, e, (kr)[KW_A((t) + 3)]);                                \
        ROUND(e, f, g, h, a, b, c, d, (kr)[KW_A((t) + 4)]);                                \
        ROUND(d, e, f, g, h, a, b, c, (kr)[KW_A((t) + 5)]);                                \
        ROUND(c, d, e, f, g, h, a, b, (kr)[KW_A((t) + 6)]);                                \
        ROUND(b, c, d, e, f, g, h, a, (kr)[KW_A((t) + 7)]);                                \
    } while (0)

/* One schedule step into sd, K from sk; both advance to the next pair. */
#define STEP(j)                                                                            \
    do {                                                                                   \
        SCHED(j, sd, sk);                                                                  \
        sd += 4, sk += 2;                                                                  \
    } while (0)

/* Rounds t .. t + 7 with four schedule steps j0 .. j0 + 3, one per two rounds. */
#define ROUNDS8_S4(kr, t, j0)                                                              \
    do {                                                                                   \
        ROUND(a, b, c, d, e, f, g, h, (kr)[KW_A((t) + 0)]);                                \
        ROUND(h, a, b, c, d, e, f, g, (kr)[KW_A((t) + 1)]);                                \
        STEP((j0) + 0);                                                                    \
        ROUND(g, h, a, b, c, d, e, f, (kr)[KW_A((t) + 2)]);                                \
        ROUND(f, g, h, a, b, c, d, e, (kr)[KW_A((t) + 3)]);                                \
        STEP((j0) + 1);                                                                    \
        ROUND(e, f, g, h, a, b, c, d, (kr)[KW_A((t) + 4)]);                                \
        ROUND(d, e, f, g, h, a, b, c, (kr)[KW_A((t) + 5)]);                                \
        STEP((j0) + 2);                                                                    \
        ROUND(c, d, e, f, g, h, a, b, (kr)[KW_A((t) + 6)]);                                \
        ROUND(b, c, d, e, f, g, h, a, (kr)[KW_A((t) + 7)]);                                \
        STEP((j0) + 3);                                                                    \
    } while (0)

/*
 * The 80 rounds of one block from kr (a pointer variable, advanced):
 *   ROUNDS80_S32  with the 32 schedule steps of a pair (into sd, K from sk,
 *                 both advanced) in rounds 0..63, one per two rounds: the
 *                 block's own pair's, 16 words ahead of the rounds, or the
 *                 next pair's;
 *   ROUNDS80_S0   without.
 * The loops keep the ring index of every step (j & 7) a constant.
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

#define ROUNDS80_S0(kr)                                                                    \
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
 * (A, B) at a time, their K + W in kw[0] or kw[1]. The 32 schedule steps of
 * a pair run beside the rounds of one block: of the first pair of a call,
 * beside its own A's (16 words ahead); of every following pair, beside the
 * previous pair's B (into the other buffer), so that its A and B then run
 * from kw[] alone. A lone last block is paired with itself (its B lane is
 * computed and not used) and computes its own schedule. (Spreading the
 * steps over both blocks, half each, measured slower: docs/sha512.md §3.)
 */
static void SHA512_X2_BLOCKS(uint64_t state[8], const uint8_t *p, size_t n)
{
    _Alignas(32) uint64_t kw[2][160];
    __m256i X[8];
    uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint64_t e = state[4], f = state[5], g = state[6], h = state[7];
    uint64_t *cur = kw[0], *nxt = kw[1], *kr, *sd;
    const uint64_t *sk;
    int ready = 0; /* cur already holds the schedule of the pair at p */
    size_t used = n >= 4 ? sizeof kw : sizeof kw[0]; /* the second buffer serves n ≥ 4 */

    while (n >= 2) {
        kr = cur;
        if (ready) {
            ROUNDS80_S0(kr);
        } else {
            load_pair(X, cur, p, p + 128);
            sd = cur + KW_A(16), sk = sha512_k + 16;
            ROUNDS80_S32(kr);
        }
        STATE_ADD();
        kr = cur + 2;
        ready = n >= 4;
        if (ready) {
            load_pair(X, nxt, p + 256, p + 384);
            sd = nxt + KW_A(16), sk = sha512_k + 16;
            ROUNDS80_S32(kr);
        } else {
            ROUNDS80_S0(kr);
        }
        STATE_ADD();
        kr = cur, cur = nxt, nxt = kr;
        p += 256, n -= 2;
    }
    if (n == 1) {
        kr = kw[0];
        load_pair(X, kw[0], p, p);
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
