/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Lazily filled shared tables without a lock and without waiting: the one
 * once-init state machine of the library (the basepoint tables of the
 * serial and vector backends).
 *
 *   static atomic_int state;        0 empty, 1 being filled, 2 ready
 *
 *   switch (once_claim(&state)) {
 *   case ONCE_READY: use the shared table;
 *   case ONCE_MINE:  fill the shared table; once_publish(&state); use it;
 *   case ONCE_BUSY:  another thread is filling it: do without it (a
 *                    private copy, or another method), never read it;
 *   }
 *
 * once_claim is an acquire load, then a compare-and-swap 0 → 1 (acq_rel);
 * the thread that wins fills and publishes with a release store of 2, so a
 * thread that sees ONCE_READY sees the whole table. No thread waits for
 * another and none reads a table being written. The tables filled this way
 * depend on public constants only.
 */
#ifndef VEC25519_INTERNAL_ONCE_H
#define VEC25519_INTERNAL_ONCE_H

#include <stdatomic.h>

enum { ONCE_READY, ONCE_MINE, ONCE_BUSY };

static inline int once_claim(atomic_int *state)
{
    int expected = 0;

    if (atomic_load_explicit(state, memory_order_acquire) == 2) return ONCE_READY;
    if (atomic_compare_exchange_strong_explicit(state, &expected, 1, memory_order_acq_rel,
                                                memory_order_acquire))
        return ONCE_MINE;
    return expected == 2 ? ONCE_READY : ONCE_BUSY;
}

static inline void once_publish(atomic_int *state)
{
    atomic_store_explicit(state, 2, memory_order_release);
}

#endif /* VEC25519_INTERNAL_ONCE_H */
