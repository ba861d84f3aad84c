/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Backend selection (docs/conventions.md §4). The choice is made once, on first use,
 * and cached in an atomic: no init call is needed, and concurrent first
 * calls agree (they compute the same answer).
 *
 * The best backend the CPU supports is chosen (ifma > avx2 > serial), as
 * detected by CPUID and XGETBV (src/internal/cpu.c). VEC25519_BACKEND=name
 * forces one ("serial", "avx2", ...). Asking for one that this build or
 * this CPU does not have is a configuration error: the library says so on
 * stderr and aborts, rather than silently running something else.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec25519.h"
#include "../internal/cpu.h"
#include "backend.h"

/* Every backend compiled into this build, worst to best. */
static const struct backend *const compiled[] = {
    &backend_serial,
#if defined(VEC25519_X86_64)
    &avx2_backend,
    &ifma_backend,
#endif
};
#define NCOMPILED (sizeof compiled / sizeof compiled[0])

static int usable(const struct backend *b)
{
#if defined(VEC25519_X86_64)
    if (b == &avx2_backend) return cpu_features().avx2;
    if (b == &ifma_backend) return cpu_features().avx512ifma;
#endif
    return b == &backend_serial;
}

/* The usable subset, filled once (a few loads; racing callers wait briefly). */
static const struct backend *available[NCOMPILED];
static size_t navailable;
static atomic_int available_state; /* 0 empty, 1 being filled, 2 ready */

const struct backend *const *backend_available(size_t *n)
{
    int expected = 0;

    if (atomic_load_explicit(&available_state, memory_order_acquire) != 2) {
        if (atomic_compare_exchange_strong(&available_state, &expected, 1)) {
            size_t k = 0;
            for (size_t i = 0; i < NCOMPILED; i++)
                if (usable(compiled[i])) available[k++] = compiled[i];
            navailable = k;
            atomic_store_explicit(&available_state, 2, memory_order_release);
        } else {
            while (atomic_load_explicit(&available_state, memory_order_acquire) != 2) {
            }
        }
    }
    *n = navailable;
    return available;
}

const struct backend *backend_by_name(const char *name)
{
    size_t n;
    const struct backend *const *list = backend_available(&n);

    for (size_t i = 0; i < n; i++) {
        if (strcmp(name, list[i]->name) == 0) return list[i];
        if (list[i] == &backend_serial && strcmp(name, "serial") == 0) return list[i];
    }
    return NULL;
}

static _Atomic(const struct backend *) chosen;

void backend_set(const struct backend *b)
{
    atomic_store_explicit(&chosen, b, memory_order_release);
}

static const struct backend *choose(void)
{
    size_t n;
    const struct backend *const *list = backend_available(&n);
    const char *force = getenv("VEC25519_BACKEND");

    if (force && *force) {
        const struct backend *b = backend_by_name(force);
        if (b) return b;
        fprintf(stderr, "vec25519: VEC25519_BACKEND=%s is not available in this build on this CPU (available:",
                force);
        for (size_t i = 0; i < n; i++) fprintf(stderr, " %s", list[i]->name);
        fprintf(stderr, ")\n");
        abort();
    }
    return list[n - 1];
}

const struct backend *backend_get(void)
{
    const struct backend *b = atomic_load_explicit(&chosen, memory_order_acquire);
    if (b) return b;
    b = choose();
    atomic_store_explicit(&chosen, b, memory_order_release);
    return b;
}

VEC25519_API const char *vec25519_backend(void)
{
    return backend_get()->name;
}

VEC25519_API const char *vec25519_version(void)
{
    return VEC25519_VERSION_STRING; /* include/vec25519/version.h */
}
