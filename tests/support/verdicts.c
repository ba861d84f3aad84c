/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Verdict classes of the differential tests (contracts in verdicts.h).
 */
#include "verdicts.h"

#include <stdio.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

struct vclass {
    char name[112];
    unsigned long n, ours_ok, peer_ok;
    int want_ours, want_peer;
};
static struct vclass classes[128];
static size_t nclasses;
static unsigned long dumps;
static const char *peer_name = "peer";
static verdict_peer_fn *peer_verify;

void verdicts_init(const char *name, verdict_peer_fn *peer)
{
    peer_name = name;
    peer_verify = peer;
}

static struct vclass *class_get(const char *name, int want_ours, int want_peer)
{
    for (size_t i = 0; i < nclasses; i++)
        if (strcmp(classes[i].name, name) == 0) {
            CHECK(classes[i].want_ours == want_ours && classes[i].want_peer == want_peer,
                  "class '%s' used with two different expectations", name);
            return &classes[i];
        }
    if (nclasses == sizeof classes / sizeof classes[0]) {
        CHECK(0, "too many verdict classes");
        return &classes[0];
    }
    struct vclass *c = &classes[nclasses++];
    snprintf(c->name, sizeof c->name, "%s", name);
    c->want_ours = want_ours;
    c->want_peer = want_peer;
    return c;
}

void verdict_count(const char *name, int want_ours, int want_peer, int ours, int peer)
{
    struct vclass *c = class_get(name, want_ours, want_peer);
    c->n++;
    c->ours_ok += (unsigned long)ours;
    c->peer_ok += (unsigned long)peer;
}

void verdict_case(const char *name, int want_ours, int want_peer, const uint8_t sig[64],
                  const uint8_t *m, size_t mlen, const uint8_t pk[32])
{
    struct vclass *c = class_get(name, want_ours, want_peer);
    int ours = vec25519_ed25519_verify(sig, m, mlen, pk) == 0;
    int peer = peer_verify(sig, m, mlen, pk);
    c->n++;
    c->ours_ok += (unsigned long)ours;
    c->peer_ok += (unsigned long)peer;
    CHECK(ours == want_ours, "%s: vec25519 %s, expected %s", name, ours ? "accepts" : "rejects",
          want_ours ? "accept" : "reject");
    CHECK(peer == want_peer, "%s: %s %s, expected %s", name, peer_name,
          peer ? "accepts" : "rejects", want_peer ? "accept" : "reject");
    if ((ours != want_ours || peer != want_peer) && dumps++ < 8) {
        hex_print(stderr, "sig", sig, 64);
        hex_print(stderr, "pk ", pk, 32);
        hex_print(stderr, "msg", m, mlen);
    }
}

static const char *verdict(unsigned long ok, unsigned long n, char *buf, size_t cap)
{
    if (ok == n) return "accepts all";
    if (ok == 0) return "rejects all";
    snprintf(buf, cap, "accepts %lu of %lu", ok, n);
    return buf;
}

void verdicts_print(const char *title, const char *differ_note)
{
    char b1[48], b2[48];
    printf("%s\n", title);
    for (size_t i = 0; i < nclasses; i++) {
        const struct vclass *c = &classes[i];
        const char *note = c->want_ours == c->want_peer
                               ? (c->want_ours ? "both accept" : "both reject")
                               : differ_note;
        printf("  %-70s %5lu cases: vec25519 %s, %s %s  [expected: %s]\n", c->name, c->n,
               verdict(c->ours_ok, c->n, b1, sizeof b1), peer_name,
               verdict(c->peer_ok, c->n, b2, sizeof b2), note);
    }
}
