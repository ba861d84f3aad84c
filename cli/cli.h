/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — the command-line tool: declarations shared by its files.
 *
 *   main.c        the command table, top-level usage, --version
 *   util.c        messages, the option parser, file input and output, hex
 *   base64.c      strict base64 (RFC 4648 §4), branch-free on the data
 *   pem.c         strict PEM (RFC 7468): one block, whitespace around it only
 *   der.c         strict DER for the RFC 8410 key structures: PKCS#8
 *                 OneAsymmetricKey (RFC 5958) and SubjectPublicKeyInfo (RFC 5280)
 *   keys.c        key files (PEM or DER) to keys, keys to PEM or DER
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

#define CLI_EXIT_OK 0
#define CLI_EXIT_FAIL 1 /* a signature does not verify; an all-zero shared secret */
#define CLI_EXIT_BAD 2  /* bad usage; a missing, unreadable or malformed input; I/O */

#if defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* ---- errors and messages (util.c) ---------------------------------------- */

/* An error message filled in by a parser, printed by the command. */
struct cli_err {
    char msg[320];
};

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

/* ---- base64, RFC 4648 §4 (base64.c) -------------------------------------- */

#define CLI_B64_LEN(n) (((n) + 2) / 3 * 4)

/* out = base64(in), with padding; out needs CLI_B64_LEN(n) bytes (no NUL
 * written). Branch-free and table-free in the data. */
void cli_b64_encode(char *out, const uint8_t *in, size_t n);

/*
 * Strict decoding of exactly n characters: only the RFC 4648 §4 alphabet,
 * n a multiple of 4, '=' only as the last one or two characters, and the
 * unused low bits of the last character zero (one encoding per byte string).
 * Writes *outlen ≤ cap bytes. Branch-free and table-free in the data; the
 * verdict and the position of an error are not secret. Returns 0, or -1 with
 * e set (what is wrong and at which character, 0-based).
 */
int cli_b64_decode(uint8_t *out, size_t cap, size_t *outlen, const char *in, size_t n,
                   struct cli_err *e);

/* ---- PEM, RFC 7468 (pem.c) ----------------------------------------------- */

#define CLI_PEM_LABEL_MAX 64

/*
 * Strict PEM: text[0 .. n) must be optional whitespace, one
 * "-----BEGIN LABEL-----" line, base64 lines (LF or CRLF line ends; no
 * blank line, header, or whitespace inside a line; every line but the last
 * of one length, a multiple of 4 and at most 76; the last no longer), the
 * matching "-----END LABEL-----" line, and optional whitespace (also on the
 * END line after its boundary).
 * Writes the label (NUL-terminated) and the decoded bytes. Returns 0, or -1
 * with e set.
 */
int cli_pem_decode(const char *text, size_t n, char label[CLI_PEM_LABEL_MAX], uint8_t *out,
                   size_t cap, size_t *outlen, struct cli_err *e);

/* PEM of der[0 .. n) with 64-character lines and LF line ends, into out
 * (cap bytes, NUL-terminated). Returns the length without the NUL, or 0 if
 * cap is too small. */
size_t cli_pem_encode(char *out, size_t cap, const char *label, const uint8_t *der, size_t n);

/* ---- keys: DER (der.c), files (keys.c) ----------------------------------- */

#define CLI_WANT_PRIVATE 1
#define CLI_WANT_PUBLIC 2

enum cli_alg {
    CLI_ALG_NONE = 0,
    CLI_ED25519, /* id-Ed25519, 1.3.101.112 */
    CLI_X25519   /* id-X25519, 1.3.101.110 */
};

/* "Ed25519" / "X25519". */
const char *cli_alg_name(enum cli_alg alg);

/* A PKCS#8 private key: version 0 (v1), or version 1 (v2) with or without
 * the public key. */
struct cli_pkcs8 {
    enum cli_alg alg;
    uint8_t priv[32]; /* secret: the Ed25519 seed or the X25519 scalar */
    int has_pub;      /* version 1 with the [1] publicKey field */
    uint8_t pub[32];
};

/* DER sizes of what we write: PKCS#8 v1 and SubjectPublicKeyInfo. */
#define CLI_PKCS8_DER_LEN 48
#define CLI_SPKI_DER_LEN 44

/*
 * Strict DER of the RFC 8410 structures: the whole input is one structure
 * with definite, minimally encoded lengths that fit, no trailing bytes, the
 * algorithm identifier without parameters, and for PKCS#8 the 32-byte key in
 * an OCTET STRING inside the privateKey OCTET STRING. Attributes ([0]) are
 * rejected; a publicKey ([1]) only with version 1. The caller checks that a
 * version-1 public key matches the private key. Return 0, or -1 with e set.
 */
int cli_der_parse_pkcs8(const uint8_t *der, size_t n, struct cli_pkcs8 *k, struct cli_err *e);
int cli_der_parse_spki(const uint8_t *der, size_t n, enum cli_alg *alg, uint8_t pub[32],
                       struct cli_err *e);
/* CLI_WANT_PRIVATE if der looks like a PKCS#8 key (a SEQUENCE starting
 * with an INTEGER), CLI_WANT_PUBLIC if like a SubjectPublicKeyInfo (a
 * SEQUENCE starting with a SEQUENCE), else 0. A guess for choosing the
 * parser, which then checks everything. */
int cli_der_kind(const uint8_t *der, size_t n);
/* out = PKCS#8 v1 (version 0, no public key) / SubjectPublicKeyInfo. */
void cli_der_pkcs8(uint8_t out[CLI_PKCS8_DER_LEN], enum cli_alg alg, const uint8_t priv[32]);
void cli_der_spki(uint8_t out[CLI_SPKI_DER_LEN], enum cli_alg alg, const uint8_t pub[32]);

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
