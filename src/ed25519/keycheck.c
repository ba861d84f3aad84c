/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The key-pair consistency check of Ed25519 signing (ed25519_internal.h).
 *
 * Why. An Ed25519 secret key is stored as sk = seed ‖ pk, and the signer
 * hashes the public half into k = SHA-512(R ‖ A ‖ M) as given. If a caller
 * signs one message M twice with the same seed and two different public
 * halves A1 ≠ A2, the nonce r = SHA-512(prefix ‖ M) is the same both times
 * (it does not depend on A), so S1 − S2 = (k1 − k2)·a mod ℓ and anyone
 * holding both signatures computes a = (S1 − S2)/(k1 − k2): the secret key
 * (the "double public key" attack on libraries that take pk from the caller;
 * newer libsodium checks the pair too). So before signing we check that
 * sk[32..64) = encode([a]B).
 *
 * Cost. The check is a fixed-base multiplication and an encoding (one field
 * inversion), about as much as the signature's own R = [r]B. Most programs
 * sign many messages with one key, so each thread keeps a small cache of the
 * pairs it has checked (SLOTS entries, round robin): a tag
 *     T = SHA-512("vec25519 Ed25519 key-pair check" ‖ seed ‖ pk)[0..32)
 * (32 + 32 + 32 = 96 bytes: one SHA-512 block). A signature whose tag is in
 * the cache skips the multiplication; a hit costs that one block and a
 * constant-time scan of the cache. vec25519_ed25519_keypair stores the tag of
 * the pair it makes, so the first signature after it is a hit too.
 *
 * What the cache reveals. A tag is a one-way function of (seed, pk), like pk
 * itself: knowing it lets one test a guess of the whole seed, which pk
 * already allows (at about twenty times the cost per guess, a multiplication
 * instead of a hash). For a seed drawn uniformly at random (the only kind the
 * library makes) that is nothing, so the tags are not wiped: they stay in
 * the thread's storage until the thread ends, as the public key would.
 *
 * Timing. The tag is computed and compared in constant time; two bits are
 * then declassified (ct_declassify_mask), and the code branches on them:
 *   hit   whether this (seed, pk) pair was checked by this thread recently.
 *         A signer whose time an attacker can measure reveals, through it,
 *         whether the key is new to the thread; it says nothing about the
 *         key's value.
 *   ok    whether pk = [a]B. That is the function's result (sign returns -1
 *         with the signature zeroed), public by contract.
 * A mismatched pair is never cached, so it pays the full check every time.
 *
 * Threads and fork(). The cache is _Thread_local: no locking, no sharing.
 * A child of fork() inherits the forking thread's cache, which stays correct
 * (a tag describes a pair that was checked, whatever the process). Without
 * C11 thread-local storage (__STDC_NO_THREADS__) there is no cache and every
 * signature pays the full check.
 */
#include <stdint.h>
#include <string.h>

#include "vec25519/sha512.h"

#include "../backend/backend.h"
#include "../internal/ct.h"
#include "ed25519_internal.h"

#define SLOTS 8

#if !defined(__STDC_NO_THREADS__)
#define HAVE_CACHE 1
typedef struct {
    uint8_t tag[SLOTS][32];
    unsigned filled; /* slots in use: public (a count of checked pairs) */
    unsigned next;   /* the slot the next new pair goes to */
    unsigned long hits, misses;
} key_cache;

static _Thread_local key_cache cache;
#endif

/* T = SHA-512(label ‖ seed ‖ pk)[0..32), the pair's tag. Constant time. */
static void pair_tag(uint8_t tag[32], const uint8_t sk[64])
{
    static const char label[] = "vec25519 Ed25519 key-pair check";
    uint8_t d[64];
    vec25519_sha512_ctx h;

    _Static_assert(sizeof label - 1 + 64 + 17 <= 128, "the tag takes one SHA-512 block");
    vec25519_sha512_init(&h);
    vec25519_sha512_update(&h, (const uint8_t *)label, sizeof label - 1);
    vec25519_sha512_update(&h, sk, 64);
    vec25519_sha512_final(&h, d);
    memcpy(tag, d, 32);
    vec25519_wipe(d, sizeof d);
}

#if defined(HAVE_CACHE)
/* all-ones iff tag is one of the cached tags; a scan of every filled slot. */
static ct_mask cache_lookup(const uint8_t tag[32])
{
    ct_mask hit = {0};
    for (unsigned i = 0; i < cache.filled; i++) hit = ct_or(hit, ct_eq_bytes(tag, cache.tag[i], 32));
    return hit;
}

static void cache_insert(const uint8_t tag[32])
{
    memcpy(cache.tag[cache.next], tag, 32);
    cache.next = (cache.next + 1) % SLOTS;
    if (cache.filled < SLOTS) cache.filled++;
}
#endif

int ed25519_key_check(const uint8_t sk[64], const uint8_t a[32])
{
    uint8_t enc[32];
#if defined(HAVE_CACHE)
    uint8_t tag[32];

    pair_tag(tag, sk);
    if (ct_declassify_mask(cache_lookup(tag))) { /* public: see the file comment */
        cache.hits++;
        vec25519_wipe(tag, sizeof tag);
        return 0;
    }
    cache.misses++;
#endif
    backend_get()->base_encode(1, enc, a, BASE_ENCODE_ED25519); /* encode([a]B) */
    int ok = ct_declassify_mask(ct_eq_bytes(enc, sk + 32, 32)); /* the result: public */
#if defined(HAVE_CACHE)
    if (ok) cache_insert(tag);
    vec25519_wipe(tag, sizeof tag);
#endif
    vec25519_wipe(enc, sizeof enc);
    return ok ? 0 : -1;
}

void ed25519_key_check_remember(const uint8_t sk[64])
{
#if defined(HAVE_CACHE)
    uint8_t tag[32];
    pair_tag(tag, sk);
    if (!ct_declassify_mask(cache_lookup(tag))) cache_insert(tag); /* public, as above */
    vec25519_wipe(tag, sizeof tag);
#else
    (void)sk;
#endif
}

void ed25519_key_check_cache_clear(void)
{
#if defined(HAVE_CACHE)
    memset(&cache, 0, sizeof cache);
#endif
}

void ed25519_key_check_stats(unsigned long *hits, unsigned long *misses)
{
#if defined(HAVE_CACHE)
    if (hits) *hits = cache.hits;
    if (misses) *misses = cache.misses;
#else
    if (hits) *hits = 0;
    if (misses) *misses = 0;
#endif
}
