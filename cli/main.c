/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — the command-line tool: Ed25519 keys and signatures, X25519 key
 * agreement, and the benchmark, over the vec25519 library (docs/vec25519.1).
 *
 *   vec25519 COMMAND [OPTIONS] [ARGS]
 *
 * Each command is a function in a cmd_*.c file taking (argc, argv) with
 * argv[0] the command name; see cli.h for the shared pieces.
 */
#include <string.h>

#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#include <stdio.h>
#endif

#include "cli.h"
#include "vec25519.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} commands[] = {
    {"keygen", cli_cmd_keygen, "generate a private key (Ed25519, or X25519 with --x25519)"},
    {"pubkey", cli_cmd_pubkey, "write the public key of a private key"},
    {"sign", cli_cmd_sign, "sign a file (Ed25519, or Ed25519ph with --prehash)"},
    {"verify", cli_cmd_verify, "verify a detached signature"},
    {"verify-batch", cli_cmd_verify_batch, "verify the signatures listed in a manifest"},
    {"x25519", cli_cmd_x25519, "compute an X25519 shared secret"},
    {"bench", cli_cmd_bench, "time vec25519 on this CPU (no peers; vec25519-bench compares)"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: vec25519 COMMAND [OPTIONS] [ARGS]\n"
            "       vec25519 --help | --version | help [COMMAND]\n"
            "\n"
            "Ed25519 signatures and X25519 key agreement with the vec25519 library.\n"
            "Keys are PKCS#8 and SubjectPublicKeyInfo files (RFC 8410), PEM or DER.\n"
            "\n"
            "Commands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-14s%s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n"
               "'vec25519 COMMAND --help' describes a command. Exit status: 0 success,\n"
               "1 a signature does not verify or an X25519 result is all zero, 2 bad\n"
               "usage or an unreadable or malformed input. See vec25519(1).\n");
}

/* The command called name, or -1. */
static int find_command(const char *name)
{
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0) return (int)i;
    return -1;
}

int main(int argc, char **argv)
{
    static char prog[64], help_flag[] = "--help";
#if defined(_WIN32)
    /* Keys, signatures and messages are bytes: standard input and output in
     * binary mode (the C library's text mode would turn LF into CR LF on
     * output and stop reading input at a Ctrl-Z byte). */
    (void)_setmode(_fileno(stdin), _O_BINARY);
    (void)_setmode(_fileno(stdout), _O_BINARY);
#endif
    cli_signals_init();
    if (argc < 2) {
        usage(stderr);
        return CLI_EXIT_BAD;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        (strcmp(cmd, "help") == 0 && argc == 2)) {
        usage(stdout);
        return cli_stdout_flush() == 0 ? CLI_EXIT_OK : CLI_EXIT_BAD;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("vec25519 %s (backend %s)\n", vec25519_version(), vec25519_backend());
        return cli_stdout_flush() == 0 ? CLI_EXIT_OK : CLI_EXIT_BAD;
    }
    int help = strcmp(cmd, "help") == 0;
    if (help) cmd = argv[2];
    int i = find_command(cmd);
    if (i < 0) {
        fprintf(stderr, "vec25519: unknown command '%s'\n\n", cmd);
        usage(stderr);
        return CLI_EXIT_BAD;
    }
    snprintf(prog, sizeof prog, "vec25519 %s", commands[i].name);
    cli_prog = prog;
    int rc;
    if (help) { /* "help CMD" is "CMD --help" */
        char *args[2] = {argv[2], help_flag};
        rc = commands[i].run(2, args);
    } else {
        rc = commands[i].run(argc - 1, argv + 1);
    }
    /* Every write error on standard output is reported (and is exit status 2). */
    if (cli_stdout_flush() != 0) rc = CLI_EXIT_BAD;
    return rc;
}
