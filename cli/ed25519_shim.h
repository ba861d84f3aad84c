/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/* TEMPORARY local stand-in for the api branch's interfaces (not committed). */
#include <stdlib.h>
#include <string.h>
#include "vec25519.h"
typedef struct { uint8_t sig[64], pk[32]; uint8_t *m; size_t n, cap; } vec25519_ed25519_verify_state;
static inline void shim_add(uint8_t **m, size_t *n, size_t *cap, const uint8_t *p, size_t k)
{ if (*n + k > *cap) { *cap = (*n + k) * 2 + 16; *m = realloc(*m, *cap); } memcpy(*m + *n, p, k); *n += k; }
static inline int vec25519_ed25519_verify_init(vec25519_ed25519_verify_state *s, const uint8_t sig[64], const uint8_t pk[32])
{ memset(s, 0, sizeof *s); memcpy(s->sig, sig, 64); memcpy(s->pk, pk, 32); return 0; }
static inline void vec25519_ed25519_verify_update(vec25519_ed25519_verify_state *s, const uint8_t *p, size_t k)
{ shim_add(&s->m, &s->n, &s->cap, p, k); }
static inline int vec25519_ed25519_verify_final(vec25519_ed25519_verify_state *s)
{ int r = vec25519_ed25519_verify(s->sig, s->m ? s->m : (const uint8_t *)"", s->n, s->pk); free(s->m); return r; }
typedef struct ed25519_sign2 { uint8_t sk[64]; int pass; uint8_t *m[2]; size_t n[2], cap[2]; } ed25519_sign2;
static inline int ed25519_sign2_init(ed25519_sign2 *s, const uint8_t sk[64]) { memset(s, 0, sizeof *s); memcpy(s->sk, sk, 64); return 0; }
static inline void ed25519_sign2_update(ed25519_sign2 *s, const uint8_t *p, size_t k) { shim_add(&s->m[s->pass], &s->n[s->pass], &s->cap[s->pass], p, k); }
static inline void ed25519_sign2_next_pass(ed25519_sign2 *s) { s->pass = 1; }
static inline int ed25519_sign2_final(ed25519_sign2 *s, uint8_t sig[64])
{ int r = -1; if (s->n[0] == s->n[1] && (s->n[0] == 0 || memcmp(s->m[0], s->m[1], s->n[0]) == 0)) { vec25519_ed25519_sign(sig, s->m[0] ? s->m[0] : (const uint8_t *)"", s->n[0], s->sk); r = 0; } free(s->m[0]); free(s->m[1]); return r; }
