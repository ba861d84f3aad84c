/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — the command-line tool: declarations shared by its files.
 *
 *   main.c        the command table, top-level usage, --version
 *   util.c        messages, the option parser, file input and output, hex
 *   keys.c        key files (PEM or DER) to keys, keys to PEM or DER, with the
 *                 strict base64, PEM and RFC 8410 DER of src/encoding/ (shared
 *                 with the OpenSSL provider: one parser serves both)
 *   cmd_keys.c    keygen, pubkey
 *   cmd_sign.c    sign, verify, verify-batch
 *   cmd_x25519.c  x25519
 *   cmd_bench.c   bench (bench/bench.c's bench_main)
 *
 * Exit status of every command: 0 success; 1 a signature that does not
 * verify or an all-zero X25519 result; 2 bad usage, a missing, unreadable or
 * malformed input, or an I/O error.
 *
 * Secrets (private keys, Ed25519 secret keys, shared secrets, and every buffer
 * that held their encodings) are wiped with vec25519_wipe before their memory
 * is released or the program exits. Key files are read with read(2) into
 * fixed buffers and written with write(2), so no stdio or realloc copy of a
 * secret is left behind.
 */
#ifndef VEC25519_CLI_H
#define VEC25519_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "encoding/encoding.h"

#define CLI_EXIT_OK 0
#define CLI_EXIT_FAIL 1 /* a signature does not verify; an all-zero shared secret */
#define CLI_EXIT_BAD 2  /* bad usage; a missing, unreadable or malformed input; I/O */

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* ---- errors and messages (util.c) ---------------------------------------- */

/* An error message filled in by a parser, printed by the command: the
 * encoding module's (src/encoding/encoding.h), so that a parser's message
 * reaches the command as it is. */
#define cli_err enc_err

/* Sets e->msg; returns -1 (so that `return cli_errf(e, ...)` reads well). */
int cli_errf(struct cli_err *e, const char *fmt, ...) CLI_PRINTF(2, 3);

/* The command running, for messages: "vec25519 sign". */
extern const char *cli_prog;

/* "vec25519 sign: <message>\n" on stderr. */
void cli_error(const char *fmt, ...) CLI_PRINTF(1, 2);
/* "vec25519 sign: NAME: <message>\n" where NAME is cli_display_name(path). */
void cli_file_error(const char *path, const char *msg);
/* path as shown in messages: "(stdin)" for "-". */
const char *cli_display_name(const char *path);

/* ---- options (util.c) ---------------------------------------------------- */

/* An option: -s and/or --long. arg != NULL: takes an argument (stored in
 * *arg); otherwise a flag (*flag = 1). */
struct cli_opt {
    char shortname;       /* 0: none */
    const char *longname; /* without "--"; NULL: none */
    const char **arg;
    int *flag;
};

/*
 * Parses argv[1 .. argc): options from opts (terminated by an entry with
 * shortname 0 and longname NULL), "-h"/"--help", and operands (anything else,
 * "-" included, and everything after "--"), which are stored in operands[].
 * Accepts "-o FILE", "--out FILE" and "--out=FILE"; an option given twice is
 * an error. Returns the number of operands; -2 after printing help on stdout;
 * -1 after printing an error on stderr (too many operands, unknown option,
 * missing argument).
 */
int cli_parse(int argc, char **argv, const struct cli_opt *opts, char **operands,
              int max_operands, const char *help);

/* ---- input and output (util.c) ------------------------------------------- */

/* Largest key or signature file read (a PEM key is under 200 bytes). */
#define CLI_SMALL_MAX 16384

/*
 * Reads all of path ("-": standard input) into buf (cap bytes) with read(2).
 * A file longer than cap - 1 is an error; buf[*len] = 0 on success.
 * Returns 0, or -1 with e set (cannot open, read error, too large).
 */
int cli_read_small(const char *path, uint8_t *buf, size_t cap, size_t *len, struct cli_err *e);

/* Reads all of path ("-": standard input) into a malloc'd buffer (not for
 * secrets: it grows with realloc). Returns 0, or -1 with e set. */
int cli_read_all(const char *path, uint8_t **buf, size_t *len, struct cli_err *e);

/* Opens path for reading ("-": standard input, returns 0). Returns the file
 * descriptor, or -1 with e set. */
int cli_open_input(const char *path, struct cli_err *e);
/* read(2) retried on EINTR. */
long cli_read_some(int fd, uint8_t *buf, size_t n);

enum cli_out_mode {
    CLI_OUT_PUBLIC, /* created with mode 0666 & ~umask, replaced if it exists */
    CLI_OUT_SECRET  /* mode 0600; O_CREAT|O_EXCL: an existing file is an error */
};

/*
 * Writes data to path (NULL or "-": standard output) with write(2).
 * CLI_OUT_SECRET with force: an existing file (not a symbolic link) is
 * truncated and given mode 0600. On a write error a file this call created is
 * removed. Returns 0, or -1 with e set.
 */
int cli_write_output(const char *path, const void *data, size_t len, enum cli_out_mode mode,
                     int force, struct cli_err *e);

/* 1 if output to path (NULL or "-": standard output) would go to a terminal,
 * where binary data (DER, a raw signature) is not written. */
int cli_is_terminal_output(const char *path);

/* 1 if a and b (neither NULL nor "-") name the same existing file. */
int cli_same_file(const char *a, const char *b);

/* Lowercase hex of in[0 .. n) into out (2n + 1 bytes, NUL-terminated),
 * branch-free and table-free in the data (it may be a shared secret). */
void cli_hex(char *out, const uint8_t *in, size_t n);

/* ---- base64, PEM, RFC 8410 DER (src/encoding/) --------------------------- */

/* The CLI's names for the shared encoding module; encoding.h has the
 * contracts. */
#define CLI_B64_LEN ENC_B64_LEN
#define cli_b64_encode enc_b64_encode
#define cli_b64_decode enc_b64_decode
#define CLI_PEM_LABEL_MAX ENC_PEM_LABEL_MAX
#define cli_pem_decode enc_pem_decode
#define cli_pem_encode enc_pem_encode

#define CLI_WANT_PRIVATE RFC8410_PRIVATE
#define CLI_WANT_PUBLIC RFC8410_PUBLIC
#define cli_alg rfc8410_alg
#define CLI_ALG_NONE RFC8410_ALG_NONE
#define CLI_ED25519 RFC8410_ED25519
#define CLI_X25519 RFC8410_X25519
#define cli_alg_name rfc8410_alg_name
#define cli_pkcs8 rfc8410_pkcs8
#define CLI_PKCS8_DER_LEN RFC8410_PKCS8_DER_LEN
#define CLI_SPKI_DER_LEN RFC8410_SPKI_DER_LEN
#define cli_der_parse_pkcs8 rfc8410_parse_pkcs8
#define cli_der_parse_spki rfc8410_parse_spki
#define cli_der_kind rfc8410_kind
#define cli_der_pkcs8 rfc8410_write_pkcs8
#define cli_der_spki rfc8410_write_spki

/* ---- key files (keys.c) -------------------------------------------------- */

/* A key read from a file. */
struct cli_key {
    enum cli_alg alg;
    int is_private;
    uint8_t priv[32]; /* secret (when is_private) */
    uint8_t pub[32];  /* the public key (derived from priv when is_private) */
};

/*
 * Reads a key file ("-": standard input), PEM ("PRIVATE KEY" or "PUBLIC
 * KEY") or DER (told apart by the first byte, 0x30 for DER), strictly as
 * above. want: CLI_WANT_PRIVATE and/or CLI_WANT_PUBLIC, the kinds accepted;
 * alg: the algorithm required (CLI_ALG_NONE: either). Every buffer that held
 * the file is wiped. Returns 0, or -1 with e set (the message does not repeat
 * the file name) and k wiped.
 */
int cli_key_load(const char *path, int want, enum cli_alg alg, struct cli_key *k,
                 struct cli_err *e);
void cli_key_wipe(struct cli_key *k);

/* PEM (or DER when der) of the private key / the public key of k, into out
 * (cap ≥ 256). Returns the length, or 0 if cap is too small. */
size_t cli_key_private_encode(uint8_t *out, size_t cap, const struct cli_key *k, int der);
size_t cli_key_public_encode(uint8_t *out, size_t cap, const struct cli_key *k, int der);

/* ---- commands ------------------------------------------------------------ */

int cli_cmd_keygen(int argc, char **argv);
int cli_cmd_pubkey(int argc, char **argv);
int cli_cmd_sign(int argc, char **argv);
int cli_cmd_verify(int argc, char **argv);
int cli_cmd_verify_batch(int argc, char **argv);
int cli_cmd_x25519(int argc, char **argv);
int cli_cmd_bench(int argc, char **argv);

#endif /* VEC25519_CLI_H */
