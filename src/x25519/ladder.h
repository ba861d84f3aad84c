/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * What src/x25519/x25519.c shares with the batched X25519 of
 * src/x25519/batch.c: the RFC 7748 §6.1 check after a raw ladder. The
 * ladders themselves are the backend's (src/backend/backend.h: x25519 and
 * x25519_batch; the serial ones in src/backend/ladder.h).
 */
#ifndef VEC25519_X25519_LADDER_H
#define VEC25519_X25519_LADDER_H

#include <stdint.h>

/*
 * The RFC 7748 §6.1 check after a raw ladder (src/x25519/x25519.c): returns
 * -1 and zeroes out when out is all zero, else 0. The verdict is
 * declassified (the caller must learn it); out stays secret.
 */
int x25519_finish(uint8_t out[32]);

#endif /* VEC25519_X25519_LADDER_H */
