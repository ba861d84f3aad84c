/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — x25519: the shared secret of RFC 7748 §6.1
 * from our X25519 private key and the peer's X25519 public key, in hex on
 * standard output. An all-zero result (the peer's key has small order) is
 * refused, as RFC 7748 §6.1 allows and vec25519_x25519 reports.
 */
#include <string.h>

#include "cli.h"
#include "internal/ct.h"
#include "vec25519.h"

static const char x25519_help[] =
    "Usage: vec25519 x25519 -k KEY -p PEER_PUB\n"
    "\n"
    "Compute the X25519 shared secret (RFC 7748) of the private key KEY and the\n"
    "peer's public key PEER_PUB (PKCS#8 and SubjectPublicKeyInfo, PEM or DER) and\n"
    "print it in hex on standard output. The output is a secret.\n"
    "\n"
    "  -k, --key KEY        our X25519 private key\n"
    "  -p, --peer PEER_PUB  the peer's X25519 public key\n"
    "  -h, --help           this text\n"
    "\n"
    "Exit status: 0 success, 1 the shared secret is all zero (the peer's key has\n"
    "small order), 2 bad usage or an unreadable or malformed key.\n";

int cli_cmd_x25519(int argc, char **argv)
{
    const char *key = NULL, *peer = NULL;
    const struct cli_opt opts[] = {
        {'k', "key", &key, NULL}, {'p', "peer", &peer, NULL}, {0, NULL, NULL, NULL}};
    char *operands[1];
    int n = cli_parse(argc, argv, opts, operands, 0, x25519_help);
    if (n < 0) return cli_parse_exit(n);
    if (!key || !peer) {
        cli_error("%s", !key ? "the private key is missing (-k KEY)"
                             : "the peer's public key is missing (-p PEER_PUB)");
        return CLI_EXIT_BAD;
    }
    if (strcmp(key, "-") == 0 && strcmp(peer, "-") == 0) {
        cli_error("the key and the peer's key cannot both be standard input");
        return CLI_EXIT_BAD;
    }

    struct cli_key ours, theirs;
    struct cli_err e;
    if (cli_key_load(key, CLI_WANT_PRIVATE, CLI_X25519, &ours, &e) != 0) {
        cli_file_error(key, e.msg);
        return CLI_EXIT_BAD;
    }
    if (cli_key_load(peer, CLI_WANT_PUBLIC, CLI_X25519, &theirs, &e) != 0) {
        cli_key_wipe(&ours);
        cli_file_error(peer, e.msg);
        return CLI_EXIT_BAD;
    }

    uint8_t shared[32];
    char hex[2 * sizeof shared + 1];
    int rc = CLI_EXIT_OK;
    if (vec25519_x25519(shared, ours.priv, theirs.pub) != 0) {
        cli_error("%s: the shared secret is all zero: the peer's public key has small order",
                  cli_display_name(peer));
        rc = CLI_EXIT_FAIL;
    } else {
        cli_hex(hex, shared, sizeof shared);
        hex[2 * sizeof shared] = '\n';
        if (cli_write_output(NULL, hex, sizeof hex, CLI_OUT_SECRET, 0, &e) != 0) {
            cli_error("%s: %s", cli_output_name(NULL), e.msg);
            rc = CLI_EXIT_BAD;
        }
    }
    cli_key_wipe(&ours);
    vec25519_wipe(shared, sizeof shared);
    vec25519_wipe(hex, sizeof hex);
    return rc;
}
