/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — sign, verify, verify-batch.
 *
 * Pure Ed25519 (RFC 8032 §5.1) by default, in bounded memory whatever the
 * size (stream.c reads the message in blocks): sign reads it twice with the
 * library's two-pass signer (src/ed25519/sign_stream.h), which refuses to
 * sign when the passes differ; verify reads it once with the streaming
 * verifier (vec25519_ed25519_verify_init/update/final). With --prehash,
 * Ed25519ph with an empty context: the file is streamed through SHA-512
 * once and signed or verified with the *_prehashed entry points.
 *
 * Signature files: exactly 64 bytes are the raw signature R ‖ S; otherwise
 * the file must be exactly 88 base64 characters (64 bytes, strict RFC 4648),
 * optionally followed by one LF or CRLF. Nothing else is accepted.
 *
 * verify-batch reads every entry, then verifies all the well-formed ones in
 * one call of vec25519_ed25519_verify_batch (per-signature verdicts, each
 * equal to vec25519_ed25519_verify's).
 *
 * The library's verdict is the verdict. Only when it is "invalid" are the
 * parts of the signature examined again, to say why (README, verification
 * policy): the public key or R not a canonical point encoding or of small
 * order, S not reduced, or the equation not holding.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "ed25519/sign_stream.h"
#include "internal/ct.h"
#include "vec25519.h"

static const char sign_help[] =
    "Usage: vec25519 sign -k KEY [--base64] [--prehash] [-o FILE] [MESSAGE|-]\n"
    "\n"
    "Sign MESSAGE (default, or '-': standard input) with the Ed25519 private key\n"
    "KEY (PKCS#8, PEM or DER) and write the detached signature: 64 raw bytes, or\n"
    "base64 with --base64. MESSAGE is read twice (a pipe: its copy kept in 1 MiB of\n"
    "memory and $TMPDIR); a file that changes meanwhile is not signed.\n"
    "\n"
    "  -k, --key KEY    the Ed25519 private key\n"
    "  --base64         write the signature as one line of base64\n"
    "  --prehash        Ed25519ph (RFC 8032, empty context): MESSAGE read once\n"
    "  -o, --out FILE   write the signature to FILE (default: standard output)\n"
    "  -h, --help       this text\n"
    "\n"
    "Exit status: 0 success, 2 bad usage, an unreadable or malformed input, or an\n"
    "I/O error.\n";

static const char verify_help[] =
    "Usage: vec25519 verify -p PUB -s SIG [--prehash] [MESSAGE|-]\n"
    "\n"
    "Verify the detached Ed25519 signature SIG (64 raw bytes or base64) of MESSAGE\n"
    "(default, or '-': standard input) under the public key PUB\n"
    "(SubjectPublicKeyInfo, PEM or DER). Prints 'OK', or 'FAIL: ' and the reason.\n"
    "\n"
    "  -p, --pub PUB    the Ed25519 public key\n"
    "  -s, --sig SIG    the signature file\n"
    "  --prehash        Ed25519ph (RFC 8032, empty context), MESSAGE streamed\n"
    "  -h, --help       this text\n"
    "\n"
    "Exit status: 0 the signature is valid, 1 it is not, 2 bad usage or an\n"
    "unreadable or malformed input.\n";

static const char batch_help[] =
    "Usage: vec25519 verify-batch MANIFEST|-\n"
    "\n"
    "Verify many Ed25519 signatures. Each line of MANIFEST names three files,\n"
    "separated by spaces or tabs:\n"
    "\n"
    "    PUBKEY_FILE SIG_FILE MESSAGE_FILE\n"
    "\n"
    "(relative names are relative to the current directory; blank lines and lines\n"
    "starting with '#' are skipped). Prints 'line N: MESSAGE_FILE: OK' or\n"
    "'line N: MESSAGE_FILE: FAIL: reason' for each entry, then a summary.\n"
    "\n"
    "  -h, --help       this text\n"
    "\n"
    "Exit status: 0 every signature is valid, 1 some are not, 2 bad usage, a\n"
    "malformed manifest, or an entry with an unreadable or malformed file.\n";

/* ---- signatures ------------------------------------------------------------ */

static int load_signature(const char *path, uint8_t sig[64], struct cli_err *e)
{
    uint8_t buf[CLI_SMALL_MAX];
    size_t n, k;
    if (cli_read_small(path, buf, sizeof buf, &n, e) != 0) return -1;
    if (n == 0) return cli_errf(e, "empty file");
    if (n == 64) {
        memcpy(sig, buf, 64);
        return 0;
    }
    k = n;
    if (k > 0 && buf[k - 1] == '\n') k--;
    if (k > 0 && buf[k - 1] == '\r' && k < n) k--;
    if (k != 88)
        return cli_errf(e, "not a signature: %zu bytes; expected 64 raw bytes or 88 base64 "
                           "characters",
                        n);
    size_t got = 0;
    if (cli_b64_decode(sig, 64, &got, (const char *)buf, k, e) != 0) {
        struct cli_err inner = *e;
        return cli_errf(e, "not a signature: %s", inner.msg);
    }
    if (got != 64)
        return cli_errf(e, "not a signature: the base64 decodes to %zu bytes, expected 64", got);
    return 0;
}

/* Why the library rejected sig under pk (after it did), whichever route
 * verified (streamed, Ed25519ph, batch): every reason but the equation
 * depends on sig and pk alone (vec25519_ed25519_verify_ex). */
static const char *why_invalid(const uint8_t sig[64], const uint8_t pk[32])
{
    vec25519_error why = vec25519_ed25519_verify_ex(sig, NULL, 0, pk, VEC25519_ED25519_STRICT);
    return vec25519_strerror(why == VEC25519_OK ? VEC25519_ERR_EQUATION : why);
}

/* ---- the message, streamed (stream.c) ------------------------------------ */

static void sha512_fn(void *ctx, const uint8_t *p, size_t n)
{
    vec25519_sha512_update(ctx, p, n);
}

/* The Ed25519ph pre-hash SHA-512(file), streamed. */
static int prehash_file(const char *path, uint8_t ph[64], struct cli_err *e)
{
    struct cli_msg m;
    vec25519_sha512_ctx ctx;
    if (cli_msg_open(&m, path, 1, e) != 0) return -1;
    vec25519_sha512_init(&ctx);
    int rc = cli_msg_pass(&m, 1, sha512_fn, &ctx, e);
    cli_msg_close(&m);
    vec25519_sha512_final(&ctx, ph);
    return rc;
}

static void sign2_fn(void *ctx, const uint8_t *p, size_t n)
{
    ed25519_sign2_update(ctx, p, n);
}

void (*cli_sign_between_passes)(void);

/*
 * Pure Ed25519 over the file in two passes (RFC 8032 §5.1.6: the nonce hash
 * needs the whole message, then the challenge hash needs it again), with
 * bounded memory. The signer refuses when the second pass differs from the
 * first: a signature over a message that changed between the nonce and the
 * challenge would, with an honest signature of either version, give the key
 * away.
 */
static int sign_file(const char *path, uint8_t sig[64], const uint8_t sk[64],
                     struct cli_err *e)
{
    struct cli_msg m;
    ed25519_sign2 st;
    if (cli_msg_open(&m, path, 2, e) != 0) return -1;
    if (ed25519_sign2_init(&st, sk) != 0) {
        cli_msg_close(&m);
        return cli_errf(e, "Ed25519 signing failed (the key's public half does not match)");
    }
    int rc = cli_msg_pass(&m, 1, sign2_fn, &st, e);
    if (rc == 0) {
        ed25519_sign2_next_pass(&st);
        if (cli_sign_between_passes) cli_sign_between_passes();
        rc = cli_msg_pass(&m, 2, sign2_fn, &st, e);
    }
    cli_msg_close(&m);
    if (ed25519_sign2_final(&st, sig) != 0 && rc == 0)
        rc = cli_errf(e, "changed while being signed (the two passes over it differ): no "
                         "signature written");
    vec25519_wipe(&st, sizeof st);
    if (rc != 0) vec25519_wipe(sig, 64);
    return rc;
}

static void verify_fn(void *ctx, const uint8_t *p, size_t n)
{
    vec25519_ed25519_verify_update(ctx, p, n);
}

/* 0 if sig is a valid signature of the file under pk, 1 if not; -1 with e
 * set when the file cannot be read. One pass, bounded memory. */
static int verify_file(const char *path, const uint8_t sig[64], const uint8_t pk[32],
                       struct cli_err *e)
{
    struct cli_msg m;
    vec25519_ed25519_verify_state st;
    if (cli_msg_open(&m, path, 1, e) != 0) return -1;
    /* A signature or key rejected without the message: the file is opened
     * (a missing one is still an error) but not read. */
    int rc = 0;
    if (vec25519_ed25519_verify_init(&st, sig, pk) == 0)
        rc = cli_msg_pass(&m, 1, verify_fn, &st, e);
    cli_msg_close(&m);
    int valid = vec25519_ed25519_verify_final(&st) == 0;
    return rc != 0 ? -1 : valid ? 0 : 1;
}

/* ---- sign ------------------------------------------------------------------ */

int cli_cmd_sign(int argc, char **argv)
{
    int b64 = 0, prehash = 0;
    const char *key = NULL, *out = NULL;
    const struct cli_opt opts[] = {{'k', "key", &key, NULL},
                                   {0, "base64", NULL, &b64},
                                   {0, "prehash", NULL, &prehash},
                                   {'o', "out", &out, NULL},
                                   {0, NULL, NULL, NULL}};
    char *operands[1];
    int n = cli_parse(argc, argv, opts, operands, 1, sign_help);
    if (n < 0) return cli_parse_exit(n);
    const char *msgpath = n == 1 ? operands[0] : "-";
    if (!key) {
        cli_error("the private key is missing (-k KEY)");
        return CLI_EXIT_BAD;
    }
    if (strcmp(key, "-") == 0 && strcmp(msgpath, "-") == 0) {
        cli_error("the key and the message cannot both be standard input");
        return CLI_EXIT_BAD;
    }
    if (cli_same_file(out, msgpath) || cli_same_file(out, key)) {
        cli_error("%s: the signature would overwrite an input", out);
        return CLI_EXIT_BAD;
    }
    if (!b64 && cli_refuse_terminal(out, "signature", "--base64 or -o FILE") != 0)
        return CLI_EXIT_BAD;

    struct cli_key k;
    struct cli_err e;
    if (cli_key_load(key, CLI_WANT_PRIVATE, CLI_ED25519, &k, &e) != 0) {
        cli_file_error(key, e.msg);
        return CLI_EXIT_BAD;
    }
    /* The output before the work: a folder we cannot write in is reported
     * before a large file is read. */
    struct cli_out o;
    if (cli_out_open(&o, out, CLI_OUT_PUBLIC, 0, &e) != 0) {
        cli_key_wipe(&k);
        cli_error("%s: %s", cli_output_name(out), e.msg);
        return CLI_EXIT_BAD;
    }
    uint8_t sk[64], sig[64];
    memcpy(sk, k.priv, 32);
    memcpy(sk + 32, k.pub, 32);
    cli_key_wipe(&k);

    int rc = 0;
    if (prehash) {
        uint8_t ph[64];
        rc = prehash_file(msgpath, ph, &e);
        if (rc == 0 && vec25519_ed25519ph_sign_prehashed(sig, ph, NULL, 0, sk) != 0)
            rc = cli_errf(&e, "Ed25519ph signing failed");
    } else {
        rc = sign_file(msgpath, sig, sk, &e);
    }
    vec25519_wipe(sk, sizeof sk);
    if (rc != 0) {
        cli_out_abort(&o);
        cli_file_error(msgpath, e.msg);
        return CLI_EXIT_BAD;
    }

    char text[CLI_B64_LEN(64) + 1];
    const void *data = sig;
    size_t len = 64;
    if (b64) {
        cli_b64_encode(text, sig, 64);
        text[CLI_B64_LEN(64)] = '\n';
        data = text;
        len = sizeof text;
    }
    return cli_out_finish(&o, out, data, len) != 0 ? CLI_EXIT_BAD : CLI_EXIT_OK;
}

/* ---- verify ---------------------------------------------------------------- */

int cli_cmd_verify(int argc, char **argv)
{
    int prehash = 0;
    const char *pub = NULL, *sigpath = NULL;
    const struct cli_opt opts[] = {{'p', "pub", &pub, NULL},
                                   {'s', "sig", &sigpath, NULL},
                                   {0, "prehash", NULL, &prehash},
                                   {0, NULL, NULL, NULL}};
    char *operands[1];
    int n = cli_parse(argc, argv, opts, operands, 1, verify_help);
    if (n < 0) return cli_parse_exit(n);
    const char *msgpath = n == 1 ? operands[0] : "-";
    if (!pub || !sigpath) {
        cli_error("%s", !pub ? "the public key is missing (-p PUB)"
                             : "the signature is missing (-s SIG)");
        return CLI_EXIT_BAD;
    }
    int stdin_users = !strcmp(pub, "-") + !strcmp(sigpath, "-") + !strcmp(msgpath, "-");
    if (stdin_users > 1) {
        cli_error("only one of the key, the signature and the message can be standard input");
        return CLI_EXIT_BAD;
    }

    struct cli_key k;
    struct cli_err e;
    uint8_t sig[64];
    if (cli_key_load(pub, CLI_WANT_PUBLIC, CLI_ED25519, &k, &e) != 0) {
        cli_file_error(pub, e.msg);
        return CLI_EXIT_BAD;
    }
    if (load_signature(sigpath, sig, &e) != 0) {
        cli_file_error(sigpath, e.msg);
        return CLI_EXIT_BAD;
    }

    int valid;
    if (prehash) {
        uint8_t ph[64];
        if (prehash_file(msgpath, ph, &e) != 0) {
            cli_file_error(msgpath, e.msg);
            return CLI_EXIT_BAD;
        }
        valid = vec25519_ed25519ph_verify_prehashed(sig, ph, NULL, 0, k.pub) == 0;
    } else {
        int v = verify_file(msgpath, sig, k.pub, &e);
        if (v < 0) {
            cli_file_error(msgpath, e.msg);
            return CLI_EXIT_BAD;
        }
        valid = v == 0;
    }
    if (valid)
        printf("OK\n");
    else
        printf("FAIL: %s\n", why_invalid(sig, k.pub));
    if (cli_stdout_flush() != 0) return CLI_EXIT_BAD;
    return valid ? CLI_EXIT_OK : CLI_EXIT_FAIL;
}

/* ---- verify-batch ---------------------------------------------------------- */

struct entry {
    unsigned line;
    const char *pub, *sig, *msg; /* file names, in the manifest buffer */
    int loaded;                  /* all three files read and well-formed */
    uint8_t pk[32], s[64];
    uint8_t *m;
    size_t mlen;
    int valid;
    const char *badfile; /* when not loaded: the file at fault, and why */
    struct cli_err err;
};

/* Splits the manifest into entries (in place). Returns the number, or -1. */
static long parse_manifest(const char *path, char *text, size_t n, struct entry **out)
{
    struct entry *v = NULL;
    size_t count = 0, cap = 0;
    unsigned lineno = 0;
    char *p = text, *end = text + n;
    if (memchr(text, '\0', n)) {
        cli_file_error(path, "not a manifest (binary data)");
        return -1;
    }
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        char *eol = nl ? nl : end;
        lineno++;
        *eol = '\0';
        if (eol > p && eol[-1] == '\r') eol[-1] = '\0';
        char *fields[4];
        int nf = 0;
        for (char *tok = p; nf < 4;) {
            while (*tok == ' ' || *tok == '\t') tok++;
            if (*tok == '\0') break;
            fields[nf++] = tok;
            while (*tok && *tok != ' ' && *tok != '\t') tok++;
            if (*tok) *tok++ = '\0';
        }
        p = nl ? nl + 1 : end;
        if (nf == 0 || fields[0][0] == '#') continue;
        if (nf != 3) {
            cli_error("%s:%u: expected three file names (PUBKEY_FILE SIG_FILE MESSAGE_FILE), "
                      "found %s%d",
                      cli_display_name(path), lineno, nf > 3 ? "more than " : "", nf > 3 ? 3 : nf);
            free(v);
            return -1;
        }
        for (int i = 0; i < 3; i++)
            if (strcmp(fields[i], "-") == 0) {
                cli_error("%s:%u: '-' (standard input) cannot be used in a manifest",
                          cli_display_name(path), lineno);
                free(v);
                return -1;
            }
        if (count == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            struct entry *bigger = realloc(v, ncap * sizeof *v);
            if (!bigger) {
                cli_error("out of memory");
                free(v);
                return -1;
            }
            v = bigger;
            cap = ncap;
        }
        memset(&v[count], 0, sizeof v[count]);
        v[count].line = lineno;
        v[count].pub = fields[0];
        v[count].sig = fields[1];
        v[count].msg = fields[2];
        count++;
    }
    *out = v;
    return (long)count;
}

/* Reads the three files of an entry; on failure its reason names the file. */
static void load_entry(struct entry *en)
{
    struct cli_key k;
    if (cli_key_load(en->pub, CLI_WANT_PUBLIC, CLI_ED25519, &k, &en->err) != 0) {
        en->badfile = en->pub;
        return;
    }
    memcpy(en->pk, k.pub, 32);
    if (load_signature(en->sig, en->s, &en->err) != 0) {
        en->badfile = en->sig;
        return;
    }
    if (cli_read_all(en->msg, &en->m, &en->mlen, &en->err) != 0) {
        en->badfile = en->msg;
        return;
    }
    en->loaded = 1;
}

/* Verifies the loaded entries with the batch verifier (one verdict per
 * signature, each the same as vec25519_ed25519_verify's): sets valid.
 * Returns 0, or -1 when out of memory. */
static int verify_loaded(struct entry *v, size_t count)
{
    size_t nl = 0;
    for (size_t i = 0; i < count; i++) nl += v[i].loaded != 0;
    if (nl == 0) return 0;
    vec25519_ed25519_batch_item *items = malloc(nl * sizeof *items);
    size_t *index = malloc(nl * sizeof *index);
    int *results = malloc(nl * sizeof *results);
    int rc = -1;
    if (items && index && results) {
        size_t j = 0;
        for (size_t i = 0; i < count; i++) {
            if (!v[i].loaded) continue;
            items[j].msg = v[i].m;
            items[j].len = v[i].mlen;
            items[j].sig = v[i].s;
            items[j].pk = v[i].pk;
            index[j++] = i;
        }
        int all = vec25519_ed25519_verify_batch(nl, items, results);
        for (j = 0; j < nl; j++) v[index[j]].valid = all == 0 || results[j] == 0;
        rc = 0;
    }
    free(items);
    free(index);
    free(results);
    return rc;
}

int cli_cmd_verify_batch(int argc, char **argv)
{
    const struct cli_opt opts[] = {{0, NULL, NULL, NULL}};
    char *operands[1];
    int n = cli_parse(argc, argv, opts, operands, 1, batch_help);
    if (n < 0) return cli_parse_exit(n);
    if (n == 0) {
        cli_error("the manifest is missing");
        fprintf(stderr, "Try '%s --help'.\n", cli_prog);
        return CLI_EXIT_BAD;
    }
    const char *path = operands[0];

    uint8_t *text = NULL;
    size_t len = 0;
    struct cli_err e;
    if (cli_read_all(path, &text, &len, &e) != 0) {
        cli_file_error(path, e.msg);
        return CLI_EXIT_BAD;
    }
    struct entry *v = NULL;
    long count = parse_manifest(path, (char *)text, len, &v);
    if (count <= 0) {
        if (count == 0) cli_file_error(path, "no entries (nothing to verify)");
        free(text);
        free(v);
        return CLI_EXIT_BAD;
    }

    size_t nbad = 0, nfail = 0;
    for (long i = 0; i < count; i++) load_entry(&v[i]);
    int rc = verify_loaded(v, (size_t)count);
    if (rc != 0) cli_error("out of memory");
    for (long i = 0; rc == 0 && i < count; i++) {
        struct entry *en = &v[i];
        if (!en->loaded) {
            nbad++;
            printf("line %u: %s: FAIL: %s: %s\n", en->line, en->msg, en->badfile, en->err.msg);
        } else if (en->valid) {
            printf("line %u: %s: OK\n", en->line, en->msg);
        } else {
            nfail++;
            printf("line %u: %s: FAIL: %s\n", en->line, en->msg, why_invalid(en->s, en->pk));
        }
    }
    if (rc == 0) {
        printf("%ld signature%s: %zu OK, %zu FAIL", count, count == 1 ? "" : "s",
               (size_t)count - nfail - nbad, nfail + nbad);
        if (nbad) printf(" (%zu with an unreadable or malformed file)", nbad);
        printf("\n");
    }
    for (long i = 0; i < count; i++) free(v[i].m);
    free(v);
    free(text);
    if (cli_stdout_flush() != 0 || rc != 0 || nbad) return CLI_EXIT_BAD;
    return nfail ? CLI_EXIT_FAIL : CLI_EXIT_OK;
}
