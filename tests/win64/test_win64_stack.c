/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Windows x86-64: vector code on a stack aligned to 16 bytes only (the Win64
 * ABI's promise; GCC does not realign it further there). CMakeLists.txt,
 * VEC25519_WIN64_VECTOR_FLAGS, has the reasons; this test is its proof under
 * Wine or Windows, on the backend under test (VEC25519_BACKEND):
 *
 *   the canary   an aligned 32-byte store (vmovdqa) and, with AVX-512F, an
 *                aligned 64-byte store (vmovdqa64) to a stack buffer at 0,
 *                16, 32 and 48 bytes past a 64-byte boundary, written as
 *                instructions (inline assembly), so that no compiler turns
 *                them into unaligned ones by itself (Debian's mingw-w64 GCC
 *                does that for intrinsics). This program is assembled with
 *                -muse-unaligned-vector-move like the library's vector code,
 *                so they become unaligned moves and store what they should;
 *                without the option the store 16 bytes off faults (under
 *                Wine 8 on Zen 5: "page fault on read access to
 *                0xffffffffffffffff"), and the test crashes: the failure it
 *                guards against;
 *   the library  X25519 (one, a batch of 16, fixed-base in bulk), Ed25519
 *                (sign, verify, a batch of 8), SHA-512 and ristretto255
 *                called with the stack pointer at each 16-byte offset modulo
 *                64 (__builtin_alloca before the calls), with the same
 *                answers at every offset and the signatures valid;
 *   the thread-local key cache (src/ed25519/keycheck.c, _Thread_local:
 *                emulated TLS with mingw-w64's GCC): a key pair made in this
 *                thread is a hit here, and a miss then a hit in a new thread,
 *                whose counts start at zero.
 */
#include <immintrin.h>
#include <pthread.h>
#include <stdalign.h>
#include <stdint.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

#include "ed25519/ed25519_internal.h"
#include "internal/cpu.h"

/* Out of line, so the compiler cannot see the address's alignment. */
__attribute__((noinline, target("avx2"))) static void store32(void *p, uint8_t fill)
{
    __m256i v = _mm256_set1_epi8((char)fill);
    __asm__ volatile("vmovdqa %1, %0" : "=m"(*(__m256i *)p) : "x"(v));
}

__attribute__((noinline, target("avx512f"))) static void store64(void *p, uint8_t fill)
{
    __m512i v = _mm512_set1_epi8((char)fill);
    __asm__ volatile("vmovdqa64 %1, %0" : "=m"(*(__m512i *)p) : "v"(v));
}

/* store(buf + 64 + off) writes `width` bytes of fill there and nothing else. */
static void check_store(void (*store)(void *, uint8_t), size_t width, size_t off)
{
    alignas(64) uint8_t buf[192];
    memset(buf, 0, sizeof buf);
    uint8_t *volatile p = buf + 64 + off; /* launder: no alignment known at the call */
    store(p, 0xa5);
    int ok = 1;
    for (size_t i = 0; i < sizeof buf; i++)
        ok &= buf[i] == (i >= 64 + off && i < 64 + off + width ? 0xa5 : 0);
    CHECK(ok, "aligned %zu-byte store %zu bytes past a 64-byte boundary", width, off);
}

static void canary(void)
{
    struct cpu_features f = cpu_features();
    for (size_t off = 0; off < 64; off += 16) {
        if (f.avx2) check_store(store32, 32, off);
        if (f.avx512vl) check_store(store64, 64, off); /* AVX-512F with ZMM state */
    }
    printf("canary: aligned stores at every 16-byte offset (AVX2 %s, AVX-512 %s)\n",
           f.avx2 ? "yes" : "no", f.avx512vl ? "yes" : "no");
}

#define NB 16 /* X25519 batch */
#define NV 8  /* Ed25519 batch */

struct answers {
    uint8_t x[32], xb[32], batch[NB][32], base[NB][32], sig[64], h[64], r[32];
    int verify, verify_batch, rx, rbatch, rbase, rsign, rr;
};

static uint8_t sk_x[NB][32], pk_x[NB][32], seed[32], msg[NV][100];

static void run_ops(struct answers *a)
{
    uint8_t pk[32], sk[64], sigs[NV][64];
    vec25519_ed25519_batch_item items[NV];
    memset(a, 0, sizeof *a);
    a->rx = vec25519_x25519(a->x, sk_x[0], pk_x[1]);
    (void)vec25519_x25519_base(a->xb, sk_x[2]);
    a->rbatch = vec25519_x25519_batch(NB, a->batch[0], sk_x[0], pk_x[0], NULL);
    a->rbase = vec25519_x25519_base_batch(NB, a->base[0], sk_x[0]);
    vec25519_ed25519_keypair(pk, sk, seed);
    a->rsign = vec25519_ed25519_sign(a->sig, msg[0], sizeof msg[0], sk);
    a->verify = vec25519_ed25519_verify(a->sig, msg[0], sizeof msg[0], pk);
    for (int i = 0; i < NV; i++) {
        if (vec25519_ed25519_sign(sigs[i], msg[i], sizeof msg[i], sk) != 0) a->rsign = -1;
        items[i].msg = msg[i];
        items[i].len = sizeof msg[i];
        items[i].sig = sigs[i];
        items[i].pk = pk;
    }
    a->verify_batch = vec25519_ed25519_verify_batch(NV, items, NULL);
    vec25519_sha512(a->h, msg[0], sizeof msg);
    uint8_t point[32];
    (void)vec25519_ristretto255_from_uniform_bytes(point, a->h);
    a->rr = vec25519_ristretto255_scalarmult(a->r, sk_x[3], point);
    vec25519_wipe(sk, sizeof sk);
}

/* The operations with the stack pointer moved down by about `pad` bytes
 * (alloca rounds up to 16): every 16-byte offset modulo 64 in turn. */
__attribute__((noinline)) static void at_offset(size_t pad, struct answers *a)
{
    volatile uint8_t *p = __builtin_alloca(pad + 1);
    p[0] = 0;
    run_ops(a);
    p[0] = 1;
}

/* A new thread: its own cache, empty; the key is a miss, then a hit. */
static void *other_thread(void *sk)
{
    unsigned long h0, m0, h1, m1, h2, m2;
    uint8_t sig[64];
    ed25519_key_check_stats(&h0, &m0);
    int ok = vec25519_ed25519_sign(sig, msg[0], sizeof msg[0], sk) == 0;
    ed25519_key_check_stats(&h1, &m1);
    ok &= vec25519_ed25519_sign(sig, msg[0], sizeof msg[0], sk) == 0;
    ed25519_key_check_stats(&h2, &m2);
    return (void *)(size_t)(ok && h0 == 0 && m0 == 0 && h1 == 0 && m1 == 1 && h2 == 1 && m2 == 1);
}

static void thread_cache(void)
{
    uint8_t pk[32], sk[64], sig[64];
    unsigned long h0, m0, h1, m1;
    vec25519_ed25519_keypair(pk, sk, seed); /* remembered by this thread's cache */
    ed25519_key_check_stats(&h0, &m0);
    CHECK(vec25519_ed25519_sign(sig, msg[0], sizeof msg[0], sk) == 0, "sign");
    ed25519_key_check_stats(&h1, &m1);
    CHECK(h1 == h0 + 1 && m1 == m0, "this thread: a hit (hits %lu -> %lu)", h0, h1);
    pthread_t t;
    void *got = NULL;
    CHECK(pthread_create(&t, NULL, other_thread, sk) == 0 && pthread_join(t, &got) == 0,
          "pthread_create/join");
    CHECK(got == (void *)1, "a new thread: its own empty cache, a miss then a hit");
    ed25519_key_check_stats(&h0, &m0);
    CHECK(h0 == h1 && m0 == m1, "this thread's counts unchanged by the other's");
    vec25519_wipe(sk, sizeof sk);
    printf("key cache: per thread\n");
}

int main(void)
{
    canary();

    test_rng_bytes(sk_x, sizeof sk_x);
    test_rng_bytes(seed, sizeof seed);
    test_rng_bytes(msg, sizeof msg);
    for (int i = 0; i < NB; i++) (void)vec25519_x25519_base(pk_x[i], sk_x[i]);
    sk_x[3][31] &= 0x0f; /* a canonical ristretto255 scalar */

    struct answers first, now;
    for (size_t pad = 0; pad < 64; pad += 16) {
        struct answers *a = pad == 0 ? &first : &now;
        at_offset(pad, a);
        CHECK(a->rx == 0 && a->rbatch == 0 && a->rbase == 0 && a->rsign == 0 && a->rr == 0,
              "pad %zu: a call failed (%d %d %d %d %d)", pad, a->rx, a->rbatch, a->rbase,
              a->rsign, a->rr);
        CHECK(a->verify == 0 && a->verify_batch == 0, "pad %zu: verify %d, batch %d", pad,
              a->verify, a->verify_batch);
        CHECK(memcmp(a->base[2], a->xb, 32) == 0, "pad %zu: base batch differs from base", pad);
        if (pad != 0)
            CHECK_BYTES(a, &first, sizeof first, "answers at this offset and at the first");
    }
    printf("library: the same answers at 4 stack offsets (backend %s)\n", vec25519_backend());
    thread_cache();
    return test_done();
}
