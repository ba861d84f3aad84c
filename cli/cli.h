/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — the command-line tool: declarations shared by its files.
 *
 *   main.c        the command table, top-level usage, --version
 *   util.c        messages, the option parser, file input, hex
 *   output.c      atomic output files, standard output's errors, signals
 *   keys.c        key files (PEM or DER) to keys, keys to PEM or DER, with the
 *                 strict base64, PEM and RFC 8410 DER of src/encoding/ (shared
 *                 with the OpenSSL provider: one parser serves both)
 *   cmd_keys.c    keygen, pubkey
 *   stream.c      messages read once or twice in bounded memory, progress
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
 * secret is left behind. Output files are replaced atomically (output.c): a
 * failed write leaves the previous file as it was.
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

#if defined(__MINGW32__) /* mingw-w64's C99 printf: src/encoding/encoding.h */
#define CLI_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* ---- errors and messages (util.c) ---------------------------------------- */

/* An error message filled in by a parser, printed by the command: the
 * encoding module's (src/encoding/encoding.h), so that a parser's message
 * reaches the command as it is. */
#define cli_err enc_err

/* Sets e->msg; returns -1 (so that `return cli_errf(e, ...)` reads well):
 * the encoding module's enc_errf. */
#define cli_errf enc_errf

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
/* The exit status of a command whose cli_parse returned n < 0: CLI_EXIT_OK
 * after the help (-2), CLI_EXIT_BAD after a usage error. */
static inline int cli_parse_exit(int n)
{
    return n == -2 ? CLI_EXIT_OK : CLI_EXIT_BAD;
}

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
    CLI_OUT_PUBLIC, /* created with mode 0666 & ~umask; an existing file is replaced
                       and keeps its mode */
    CLI_OUT_SECRET  /* mode 0600; an existing file is an error unless force */
};

/*
 * An output being written (output.c): standard output, a device or FIFO
 * written in place, or a temporary file in the target's folder that
 * cli_out_commit renames over the target. The rules (symbolic links,
 * devices, modes, fsync) are in output.c's header.
 */
struct cli_out {
    enum cli_out_mode mode;
    int force;
    int fd;
    int is_stdout;         /* path NULL or "-" */
    int direct;            /* written in place: standard output, a device, a FIFO */
    int existed;           /* the target existed (it is left as it was on failure) */
    int slot;              /* cli_temp_register's slot of tmp, or -1 */
    char target[4096];     /* the file replaced (a public link's target resolved) */
    char tmp[4096 + 64];   /* the temporary file, "" when none */
};

/*
 * Opens an output: NULL or "-" is standard output. For a file, checks what
 * is there (CLI_OUT_SECRET: an existing FILE is an error unless force; a
 * symbolic link, a directory or a non-regular file is refused) and creates
 * the temporary file with O_EXCL and its final mode, before anything is
 * written. Returns 0, or -1 with e set (the message does not repeat the
 * file name; the caller prefixes cli_output_name(path)).
 */
int cli_out_open(struct cli_out *o, const char *path, enum cli_out_mode mode, int force,
                 struct cli_err *e);
/* Writes all of data. On failure the temporary file is removed; -1, e set. */
int cli_out_write(struct cli_out *o, const void *data, size_t len, struct cli_err *e);
/* fsync, close, rename over the target (CLI_OUT_SECRET without force: only if
 * the target still does not exist), fsync the folder. On failure before the
 * rename the temporary file is removed and the target left as it was (the
 * message says so). Returns 0, or -1 with e set. */
int cli_out_commit(struct cli_out *o, struct cli_err *e);
/* Removes the temporary file (after a failure elsewhere). */
void cli_out_abort(struct cli_out *o);

/* write, commit; on failure abort and print "NAME: <reason>" (NAME is
 * cli_output_name(path)). Returns 0 or -1. */
int cli_out_finish(struct cli_out *o, const char *path, const void *data, size_t len);

/* open, write, commit. Returns 0, or -1 with e set. */
int cli_write_output(const char *path, const void *data, size_t len, enum cli_out_mode mode,
                     int force, struct cli_err *e);

/* "standard output" for NULL or "-", else path. */
const char *cli_output_name(const char *path);
/* write(2) of all n bytes, retried on EINTR. Returns 0, or -1 with errno. */
int cli_write_all(int fd, const void *data, size_t n);

/* fflush(stdout) and its error state: on an error prints "standard output:
 * write error: REASON" once and returns -1; 0 otherwise. main calls it after
 * every command, so that no write error goes unreported. */
int cli_stdout_flush(void);

/* SIGPIPE and SIGXFSZ ignored (their errors are reported instead); SIGHUP,
 * SIGINT, SIGQUIT and SIGTERM remove the registered temporary files, then
 * end the program as they would have. */
void cli_signals_init(void);
/* Registers a temporary file for removal on those signals: a slot, or -1 if
 * none is free. */
int cli_temp_register(const char *path);
void cli_temp_forget(int slot);

/* 1 if output to path (NULL or "-": standard output) would go to a terminal,
 * where binary data (DER, a raw signature) is not written. */
int cli_is_terminal_output(const char *path);
/* 0, or -1 after printing "not writing a binary WHAT to a terminal (use
 * USE)" when output to path would go to a terminal. */
int cli_refuse_terminal(const char *path, const char *what, const char *use);

/* 1 if a and b (neither NULL nor "-") name the same existing file. */
int cli_same_file(const char *a, const char *b);

/* Lowercase hex of in[0 .. n) into out (2n + 1 bytes, NUL-terminated),
 * branch-free and table-free in the data (it may be a shared secret). */
void cli_hex(char *out, const uint8_t *in, size_t n);

/* ---- messages read in bounded memory (stream.c) -------------------------- */

#define CLI_CHUNK 65536                     /* bytes per read(2) */
#define CLI_SPOOL_MEM (1u << 20)            /* a non-regular input kept in memory */
#define CLI_PROGRESS_MIN (64ull << 20)      /* progress shown from this size on */

/* A message read once or twice (stream.c has the rules). */
struct cli_msg {
    const char *path;
    int fd, passes;
    int regular;      /* a regular file: read again from start */
    long long start;  /* its offset when opened */
    uint64_t total;   /* its size from start */
    uint64_t first;   /* bytes of the first pass */
    uint8_t *mem;     /* non-regular, passes > 1: the first CLI_SPOOL_MEM bytes, */
    size_t memlen;
    int spool_fd;     /* then the rest in an unnamed temporary file (or -1) */
    const char *spool_dir;
    int progress, shown; /* progress on stderr: wanted, drawn */
    double last;
};

typedef void (*cli_msg_fn)(void *ctx, const uint8_t *p, size_t n);

/* Opens path ("-": standard input) to be read `passes` times (1 or 2).
 * Returns 0, or -1 with e set. */
int cli_msg_open(struct cli_msg *m, const char *path, int passes, struct cli_err *e);
/* Pass number `pass` (1, then 2): fn(ctx, block, length) over the whole
 * message in order. Returns 0, or -1 with e set (a read error; the second
 * pass of a different length than the first). */
int cli_msg_pass(struct cli_msg *m, int pass, cli_msg_fn fn, void *ctx, struct cli_err *e);
void cli_msg_close(struct cli_msg *m);

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

/* Why the Ed25519 public key pk is one that verify rejects every signature
 * under (not a canonical point encoding, or of small order), or NULL. */
const char *cli_ed25519_public_problem(const uint8_t pk[32]);
/* The same for k's public key (X25519: of small order, so that every shared
 * secret with it is zero), or NULL. */
const char *cli_key_public_problem(const struct cli_key *k);

/* PEM (or DER when der) of the private key / the public key of k, into out
 * (cap ≥ 256). Returns the length, or 0 if cap is too small. */
size_t cli_key_private_encode(uint8_t *out, size_t cap, const struct cli_key *k, int der);
size_t cli_key_public_encode(uint8_t *out, size_t cap, const struct cli_key *k, int der);

/* For tests only (tests/cli/cli_check.c, in-process): called by sign
 * between its two passes over the message. NULL in the program. */
extern void (*cli_sign_between_passes)(void);

/* ---- commands ------------------------------------------------------------ */

int cli_cmd_keygen(int argc, char **argv);
int cli_cmd_pubkey(int argc, char **argv);
int cli_cmd_sign(int argc, char **argv);
int cli_cmd_verify(int argc, char **argv);
int cli_cmd_verify_batch(int argc, char **argv);
int cli_cmd_x25519(int argc, char **argv);
int cli_cmd_bench(int argc, char **argv);

#endif /* VEC25519_CLI_H */
