/*
 * Backend selection (design.md §4). The choice is made once, on first use,
 * and cached in an atomic: no init call is needed and concurrent first calls
 * agree (they compute the same answer).
 *
 * VEC25519_BACKEND=name forces a backend. Asking for one that this build or
 * this CPU does not have is a configuration error: the library says so on
 * stderr and aborts, rather than silently running something else.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec25519.h"
#include "backend.h"

static _Atomic(const struct backend *) chosen;

static const struct backend *const all_backends[] = {
    &backend_serial,
};

const struct backend *const *backend_available(size_t *n)
{
    *n = sizeof all_backends / sizeof all_backends[0];
    return all_backends;
}

const struct backend *backend_by_name(const char *name)
{
    if (strcmp(name, "serial") == 0) return &backend_serial;
    for (size_t i = 0; i < sizeof all_backends / sizeof all_backends[0]; i++)
        if (strcmp(name, all_backends[i]->name) == 0) return all_backends[i];
    return NULL;
}

void backend_set(const struct backend *b)
{
    atomic_store_explicit(&chosen, b, memory_order_release);
}

static const struct backend *choose(void)
{
    const char *force = getenv("VEC25519_BACKEND");
    if (force && *force) {
        const struct backend *b = backend_by_name(force);
        if (b) return b;
        fprintf(stderr,
                "vec25519: VEC25519_BACKEND=%s is not available in this build on this CPU "
                "(available: serial)\n",
                force);
        abort();
    }
    return &backend_serial;
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
#ifdef VEC25519_VERSION_STRING
    return VEC25519_VERSION_STRING;
#else
    return "unknown";
#endif
}
