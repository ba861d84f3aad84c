/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — keygen and pubkey.
 *
 * keygen: 32 bytes from the operating system's generator through
 * vec25519_random_bytes (getrandom(2) on Linux, blocking until the kernel's
 * pool is initialised; getentropy on macOS and the BSDs; BCryptGenRandom on
 * Windows: src/internal/random.c) as an Ed25519 seed (RFC 8032 §5.1.5) or an
 * X25519 private key (RFC 7748 §6.1; clamped when used, stored as drawn, as
 * OpenSSL does),
 * written as PKCS#8 v1 (RFC 8410 §7) to a file created with mode 0600.
 */
#include <string.h>

#include "cli.h"
#include "internal/ct.h"
#include "vec25519.h"

static const char keygen_help[] =
    "Usage: vec25519 keygen [--x25519] [--der] [-o FILE] [--force]\n"
    "\n"
    "Generate a new private key: Ed25519 by default, X25519 with --x25519. It is\n"
    "written as PKCS#8 PEM (RFC 8410), to standard output or to FILE, which is\n"
    "created with mode 0600 and must not exist unless --force is given; it\n"
    "appears complete or not at all, and a failed --force leaves the old key.\n"
    "\n"
    "  --ed25519        an Ed25519 signing key (the default)\n"
    "  --x25519         an X25519 key-agreement key\n"
    "  --der            binary DER instead of PEM\n"
    "  -o, --out FILE   write the key to FILE (default: standard output)\n"
    "  --force          replace FILE if it exists\n"
    "  -h, --help       this text\n"
    "\n"
    "Exit status: 0 success, 2 bad usage or an I/O error.\n";

static const char pubkey_help[] =
    "Usage: vec25519 pubkey [-i FILE] [-o FILE] [--der]\n"
    "\n"
    "Write the public key of a private key (PKCS#8, PEM or DER) as a\n"
    "SubjectPublicKeyInfo PEM (RFC 8410). A public key as input is checked (an\n"
    "Ed25519 key must be a canonical point not of small order, as verify\n"
    "requires; an X25519 key must not have small order) and written again\n"
    "(e.g. DER to PEM).\n"
    "\n"
    "  -i, --in FILE    the key (default, or '-': standard input)\n"
    "  -o, --out FILE   write to FILE (default: standard output)\n"
    "  --der            binary DER instead of PEM\n"
    "  -h, --help       this text\n"
    "\n"
    "Exit status: 0 success, 2 bad usage, an unreadable or malformed key, or an\n"
    "I/O error.\n";

int cli_cmd_keygen(int argc, char **argv)
{
    int x25519 = 0, ed25519 = 0, der = 0, force = 0;
    const char *out = NULL;
    const struct cli_opt opts[] = {
        {0, "x25519", NULL, &x25519}, {0, "ed25519", NULL, &ed25519}, {0, "der", NULL, &der},
        {'o', "out", &out, NULL},     {0, "force", NULL, &force},     {0, NULL, NULL, NULL}};
    char *operands[1];
    int n = cli_parse(argc, argv, opts, operands, 0, keygen_help);
    if (n < 0) return cli_parse_exit(n);
    if (x25519 && ed25519) {
        cli_error("--x25519 and --ed25519 exclude each other");
        return CLI_EXIT_BAD;
    }
    if (der && cli_refuse_terminal(out, "DER key", "-o FILE") != 0) return CLI_EXIT_BAD;

    /* The output first: an existing FILE is refused before a key is made, and
     * the temporary file has mode 0600 before the key is written to it. */
    struct cli_out o;
    struct cli_err e;
    if (cli_out_open(&o, out, CLI_OUT_SECRET, force, &e) != 0) {
        cli_error("%s: %s", cli_output_name(out), e.msg);
        return CLI_EXIT_BAD;
    }
    struct cli_key k;
    uint8_t enc[512];
    int rc = CLI_EXIT_OK;
    memset(&k, 0, sizeof k);
    k.alg = x25519 ? CLI_X25519 : CLI_ED25519;
    k.is_private = 1;
    if (vec25519_random_bytes(k.priv, sizeof k.priv) != 0) {
        cli_error("no randomness from the operating system");
        cli_out_abort(&o);
        rc = CLI_EXIT_BAD;
    } else {
        size_t len = cli_key_private_encode(enc, sizeof enc, &k, der);
        if (cli_out_finish(&o, out, enc, len) != 0) rc = CLI_EXIT_BAD;
    }
    cli_key_wipe(&k);
    vec25519_wipe(enc, sizeof enc);
    return rc;
}

int cli_cmd_pubkey(int argc, char **argv)
{
    int der = 0;
    const char *in = NULL, *out = NULL;
    const struct cli_opt opts[] = {{'i', "in", &in, NULL},
                                   {'o', "out", &out, NULL},
                                   {0, "der", NULL, &der},
                                   {0, NULL, NULL, NULL}};
    char *operands[1];
    int n = cli_parse(argc, argv, opts, operands, 0, pubkey_help);
    if (n < 0) return cli_parse_exit(n);
    if (!in) in = "-";
    if (cli_same_file(in, out)) {
        cli_error("%s: the output would overwrite the input key", out);
        return CLI_EXIT_BAD;
    }
    if (der && cli_refuse_terminal(out, "DER key", "-o FILE") != 0) return CLI_EXIT_BAD;

    struct cli_key k;
    struct cli_err e;
    uint8_t enc[512];
    if (cli_key_load(in, CLI_WANT_PRIVATE | CLI_WANT_PUBLIC, CLI_ALG_NONE, &k, &e) != 0) {
        cli_file_error(in, e.msg);
        return CLI_EXIT_BAD;
    }
    if (!k.is_private) {
        /* A public key given: written again only if it is one we would use. */
        const char *why = cli_key_public_problem(&k);
        if (why) {
            cli_error("%s: not a usable %s public key: %s", cli_display_name(in),
                      cli_alg_name(k.alg), why);
            cli_key_wipe(&k);
            return CLI_EXIT_BAD;
        }
    }
    size_t len = cli_key_public_encode(enc, sizeof enc, &k, der);
    cli_key_wipe(&k);
    if (cli_write_output(out, enc, len, CLI_OUT_PUBLIC, 0, &e) != 0) {
        cli_error("%s: %s", cli_output_name(out), e.msg);
        return CLI_EXIT_BAD;
    }
    return CLI_EXIT_OK;
}
