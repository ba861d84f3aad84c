/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Tests of the vec25519 command-line tool that need more than a shell:
 *
 *   cli_check malformed VEC25519     every kind of malformed key, PEM, DER and
 *                                    signature file: exit status 2 and a
 *                                    message naming the file and the fault;
 *                                    a few well-formed variants (CRLF, PKCS#8
 *                                    v2, DER) accepted; the verify reasons;
 *                                    then, in-process, every one-byte change
 *                                    and truncation of valid DER and PEM keys
 *                                    (accepted only if canonical), and through
 *                                    the program every truncation (exit 2)
 *   cli_check asn VEC25519           Wycheproof x25519_asn_test.txt: keys as
 *                                    DER PKCS#8 / SubjectPublicKeyInfo files
 *   cli_check pem VEC25519           Wycheproof x25519_pem_test.json: keys as
 *                                    PEM files (a purpose-built JSON reader)
 *   cli_check hex2bin HEX OUT        writes the bytes of HEX to OUT (for the
 *                                    shell tests)
 *
 * The program under test is run with fork/exec, its standard output and
 * error captured in files of a temporary directory. Vector files come from
 * $VEC25519_VECTORS (set by CTest).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "test.h"

static const char *bin;           /* the vec25519 program */
static char tmp[512];             /* our temporary directory */
static char outp[600], errp[600]; /* where run() captures the output */

/* ---- files and processes ----------------------------------------------------- */

static const char *path_in_tmp(const char *name)
{
    static char buf[8][1024];
    static int k;
    k = (k + 1) % 8; /* a few names can be in use at once */
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmp, name);
    return buf[k];
}

static void write_bytes(const char *path, const void *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

static void write_text(const char *path, const char *s)
{
    write_bytes(path, s, strlen(s));
}

static size_t hex_to(uint8_t *out, size_t cap, const char *hex)
{
    long n = hex_decode(out, cap, hex);
    if (n < 0) {
        fprintf(stderr, "bad hex in the test: %s\n", hex);
        exit(1);
    }
    return (size_t)n;
}

static void write_hex(const char *path, const char *hex)
{
    uint8_t buf[4096];
    write_bytes(path, buf, hex_to(buf, sizeof buf, hex));
}

static size_t read_into(const char *path, char *buf, size_t cap)
{
    size_t n = 0;
    FILE *f = fopen(path, "rb");
    if (f) {
        n = fread(buf, 1, cap - 1, f);
        fclose(f);
    }
    buf[n] = '\0';
    return n;
}

struct result {
    int exited;      /* 1: exited normally */
    int status;      /* its exit status, or the signal */
    char out[4096];
    char err[4096];
};

/* Runs bin with args (NULL-terminated, without argv[0]). */
static void run(struct result *r, const char *const *args)
{
    const char *argv[16];
    int n = 0;
    argv[n++] = bin;
    for (; args[n - 1] && n < 15; n++) argv[n] = args[n - 1];
    argv[n] = NULL;

    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(1);
    }
    if (pid == 0) {
        int in = open("/dev/null", O_RDONLY);
        int out = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        int err = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (in < 0 || out < 0 || err < 0) _exit(126);
        dup2(in, 0);
        dup2(out, 1);
        dup2(err, 2);
        execv(bin, (char *const *)(uintptr_t)argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            perror("waitpid");
            exit(1);
        }
    r->exited = WIFEXITED(st);
    r->status = r->exited ? WEXITSTATUS(st) : WTERMSIG(st);
    read_into(outp, r->out, sizeof r->out);
    read_into(errp, r->err, sizeof r->err);
}

/* ---- base64 (the test's own, independent of the tool's) ------------------- */

static const char b64chars[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void b64(char *out, const uint8_t *in, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n; i += 3) {
        uint32_t w = (uint32_t)in[i] << 16;
        if (i + 1 < n) w |= (uint32_t)in[i + 1] << 8;
        if (i + 2 < n) w |= in[i + 2];
        out[o++] = b64chars[w >> 18];
        out[o++] = b64chars[(w >> 12) & 63];
        out[o++] = i + 1 < n ? b64chars[(w >> 6) & 63] : '=';
        out[o++] = i + 2 < n ? b64chars[w & 63] : '=';
    }
    out[o] = '\0';
}

/* PEM text of hex under label, body lines of `width` characters. */
static void pem_of(char *out, size_t cap, const char *label, const char *hex, size_t width)
{
    uint8_t der[1024];
    char body[2048];
    size_t n = hex_to(der, sizeof der, hex), k, total;
    b64(body, der, n);
    total = strlen(body);
    k = (size_t)snprintf(out, cap, "-----BEGIN %s-----\n", label);
    for (size_t i = 0; i < total; i += width) {
        size_t len = total - i < width ? total - i : width;
        k += (size_t)snprintf(out + k, cap - k, "%.*s\n", (int)len, body + i);
    }
    snprintf(out + k, cap - k, "-----END %s-----\n", label);
}

/* ---- fixtures ------------------------------------------------------------------ */

/* RFC 8032 §7.1 TEST 1 and RFC 7748 §6.1. */
#define ED_SEED "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
#define ED_PK "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
#define ED_PK_OTHER "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511b"
#define ED_SIG_EMPTY                                                                       \
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e" \
    "39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
#define X_SK "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a"
#define X_BOB_PK "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"
#define X_SHARED "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"

#define P8_ED "302e020100300506032b657004220420" ED_SEED
#define P8_X "302e020100300506032b656e04220420" X_SK
#define P8V2_ED "3051020101300506032b657004220420" ED_SEED "812100" ED_PK
#define SPKI_ED "302a300506032b6570032100" ED_PK
#define SPKI_X "302a300506032b656e032100" X_BOB_PK
/* 31 bytes */
#define B31 "00112233445566778899aabbccddeeff00112233445566778899aabbccddee"
/* Wycheproof x25519_asn_test tcId 520: a secp256r1 public key. */
#define SPKI_P256                                                                          \
    "3059301306072a8648ce3d020106082a8648ce3d03010703420004e79d33f88a5ea86daa7eeab0eb0338" \
    "3adf79372076b15507162e50998b00a85640d5d337b2a8d2f73f9a2d45bedbc65e960fe8d07df6f985a1" \
    "c3ac0f551d8c8b"

static void make_fixtures(void)
{
    write_hex(path_in_tmp("ed.der"), P8_ED);
    write_hex(path_in_tmp("ed_pub.der"), SPKI_ED);
    write_hex(path_in_tmp("x.der"), P8_X);
    write_hex(path_in_tmp("x_peer.der"), SPKI_X);
    write_hex(path_in_tmp("sig_empty.bin"), ED_SIG_EMPTY);
    write_text(path_in_tmp("empty_msg"), "");
}

/* ---- malformed inputs ---------------------------------------------------------- */

enum use {
    AS_PUBKEY_IN, /* pubkey -i FILE */
    AS_SIGN_KEY,  /* sign -k FILE (empty message) */
    AS_VERIFY_PUB, /* verify -p FILE -s sig_empty.bin empty_msg */
    AS_VERIFY_SIG, /* verify -p ed_pub.der -s FILE empty_msg */
    AS_X_KEY,     /* x25519 -k FILE -p x_peer.der */
    AS_X_PEER     /* x25519 -k x.der -p FILE */
};

static void run_use(struct result *r, enum use use, const char *file)
{
    const char *sig = path_in_tmp("sig_empty.bin"), *msg = path_in_tmp("empty_msg");
    switch (use) {
    case AS_PUBKEY_IN: {
        const char *a[] = {"pubkey", "-i", file, NULL};
        run(r, a);
        break;
    }
    case AS_SIGN_KEY: {
        const char *a[] = {"sign", "-k", file, "--base64", msg, NULL};
        run(r, a);
        break;
    }
    case AS_VERIFY_PUB: {
        const char *a[] = {"verify", "-p", file, "-s", sig, msg, NULL};
        run(r, a);
        break;
    }
    case AS_VERIFY_SIG: {
        const char *a[] = {"verify", "-p", path_in_tmp("ed_pub.der"), "-s", file, msg, NULL};
        run(r, a);
        break;
    }
    case AS_X_KEY: {
        const char *a[] = {"x25519", "-k", file, "-p", path_in_tmp("x_peer.der"), NULL};
        run(r, a);
        break;
    }
    case AS_X_PEER: {
        const char *a[] = {"x25519", "-k", path_in_tmp("x.der"), "-p", file, NULL};
        run(r, a);
        break;
    }
    }
}

/* Exit status 2, no crash, and a one-line message naming the file and saying want. */
static void expect_bad(const char *name, enum use use, const char *file, const char *want)
{
    struct result r;
    run_use(&r, use, file);
    CHECK(r.exited, "%s: killed by signal %d", name, r.status);
    CHECK(r.exited && r.status == 2, "%s: exit status %d, expected 2 (stderr: %s)", name,
          r.status, r.err);
    CHECK(strstr(r.err, file) != NULL, "%s: the message does not name the file: %s", name,
          r.err);
    CHECK(strstr(r.err, want) != NULL, "%s: the message lacks '%s': %s", name, want, r.err);
    CHECK(r.out[0] == '\0', "%s: something on stdout: %s", name, r.out);
    char *nl = strchr(r.err, '\n');
    CHECK(nl && nl[1] == '\0', "%s: not a one-line message: %s", name, r.err);
}

static void bad_hex(const char *name, enum use use, const char *hex, const char *want)
{
    const char *file = path_in_tmp(name);
    write_hex(file, hex);
    expect_bad(name, use, file, want);
}

static void bad_text(const char *name, enum use use, const char *text, const char *want)
{
    const char *file = path_in_tmp(name);
    write_text(file, text);
    expect_bad(name, use, file, want);
}

/* bad_text of the PEM block with this label around the DER hex (pem_of, lines of width). */
static void bad_pem(const char *name, enum use use, const char *label, const char *hex,
                    size_t width, const char *want)
{
    char text[2048];
    pem_of(text, sizeof text, label, hex, width);
    bad_text(name, use, text, want);
}

static void good_text(const char *name, enum use use, const char *text, const char *want_out)
{
    const char *file = path_in_tmp(name);
    struct result r;
    write_text(file, text);
    run_use(&r, use, file);
    CHECK(r.exited && r.status == 0, "%s: exit status %d, expected 0 (stderr: %s)", name,
          r.status, r.err);
    CHECK(strstr(r.out, want_out) != NULL, "%s: output lacks '%s': %s", name, want_out, r.out);
}

static void test_der(void)
{
    bad_hex("der_trailing", AS_PUBKEY_IN, P8_ED "00", "trailing data");
    bad_hex("der_truncated", AS_PUBKEY_IN, "302e020100300506032b657004220420" B31,
            "truncated DER");
    bad_hex("der_length_past_end", AS_PUBKEY_IN, "302f020100300506032b657004220420" ED_SEED,
            "truncated DER");
    bad_hex("der_x448", AS_PUBKEY_IN, "302e020100300506032b656f04220420" ED_SEED, "X448");
    bad_hex("der_ed448", AS_SIGN_KEY, "302e020100300506032b657104220420" ED_SEED, "Ed448");
    bad_hex("der_ec_pub", AS_X_PEER, SPKI_P256, "id-ecPublicKey");
    bad_hex("der_oid_malformed", AS_PUBKEY_IN, "302e020100300506032b658004220420" ED_SEED,
            "malformed OBJECT IDENTIFIER");
    bad_hex("der_params", AS_PUBKEY_IN, "3030020100300706032b6570050004220420" ED_SEED,
            "parameters");
    bad_hex("der_nonminimal_length", AS_PUBKEY_IN, "30812e020100300506032b657004220420" ED_SEED,
            "not minimally encoded");
    bad_hex("der_indefinite", AS_PUBKEY_IN, "3080020100300506032b657004220420" ED_SEED "0000",
            "indefinite length");
    bad_hex("der_long_length", AS_PUBKEY_IN, "30840000002e020100300506032b657004220420" ED_SEED,
            "too large");
    bad_hex("der_key_31", AS_SIGN_KEY, "302d020100300506032b65700421041f" B31, "expected 32");
    bad_hex("der_key_33", AS_SIGN_KEY, "302f020100300506032b657004230421" ED_SEED "00",
            "expected 32");
    bad_hex("der_no_inner_octet_string", AS_SIGN_KEY, "302c020100300506032b65700420" ED_SEED,
            "CurvePrivateKey");
    bad_hex("der_version_2", AS_PUBKEY_IN, "302e020102300506032b657004220420" ED_SEED,
            "unsupported PKCS#8 version");
    bad_hex("der_version_nonminimal", AS_PUBKEY_IN,
            "302f02020000300506032b657004220420" ED_SEED, "not minimally encoded");
    bad_hex("der_version_missing", AS_SIGN_KEY, "302404220420" ED_SEED, "version INTEGER");
    bad_hex("der_v2_pub_mismatch", AS_SIGN_KEY,
            "3051020101300506032b657004220420" ED_SEED "812100" ED_PK_OTHER,
            "does not match the private key");
    bad_hex("der_v1_with_pub", AS_SIGN_KEY,
            "3051020100300506032b657004220420" ED_SEED "812100" ED_PK, "requires version 1");
    bad_hex("der_v2_pub_unused_bits", AS_SIGN_KEY,
            "3051020101300506032b657004220420" ED_SEED "812101" ED_PK, "unused bits");
    bad_hex("der_attributes", AS_SIGN_KEY, "3030020100300506032b657004220420" ED_SEED "a000",
            "attributes");
    bad_hex("der_extra_element", AS_SIGN_KEY, "3030020100300506032b657004220420" ED_SEED "0500",
            "unexpected element");
    bad_hex("spki_unused_bits", AS_VERIFY_PUB, "302a300506032b6570032101" ED_PK, "unused bits");
    bad_hex("spki_key_31", AS_VERIFY_PUB, "3029300506032b6570032000" B31, "expected 32");
    bad_hex("spki_octet_string", AS_VERIFY_PUB, "302a300506032b6570042100" ED_PK,
            "subjectPublicKey BIT STRING");
    bad_hex("spki_trailing_inside", AS_VERIFY_PUB, "302c300506032b6570032100" ED_PK "0500",
            "after the subjectPublicKey");
    bad_hex("der_set_not_sequence", AS_PUBKEY_IN, "3103020100", "not a DER key");
    bad_hex("der_version_only", AS_PUBKEY_IN, "3003020100", "AlgorithmIdentifier");
    bad_hex("der_tag_only", AS_PUBKEY_IN, "30", "truncated DER");
}

/* text = a PRIVATE KEY PEM block whose body is LINES (a printf format and its
 * arguments) between the BEGIN and END lines. */
#define P8_PEM(lines, ...)                                                     \
    snprintf(text, sizeof text,                                                \
             "-----BEGIN PRIVATE KEY-----\n" lines "\n-----END PRIVATE KEY-----\n", \
             __VA_ARGS__)

static void test_pem(void)
{
    char good[512], v2[512], text[2048], body[256];
    uint8_t der[128];
    size_t n;

    pem_of(good, sizeof good, "PRIVATE KEY", P8_ED, 64);
    n = hex_to(der, sizeof der, P8_ED);
    b64(body, der, n); /* 64 characters, no padding */

    /* Truncations. */
    snprintf(text, sizeof text, "-----BEGIN PRIVATE KEY-----\n%s\n", body);
    bad_text("pem_no_end", AS_PUBKEY_IN, text, "truncated PEM");
    snprintf(text, sizeof text, "-----BEGIN PRIVATE KEY-----\n%.30s", body);
    bad_text("pem_cut_in_body", AS_PUBKEY_IN, text, "truncated PEM");
    bad_text("pem_begin_only", AS_PUBKEY_IN, "-----BEGIN PRIVATE KEY-----", "truncated PEM");
    snprintf(text, sizeof text, "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIV", body);
    bad_text("pem_cut_in_end", AS_PUBKEY_IN, text, "malformed PEM END line");

    /* Labels. */
    bad_pem("pem_label_ec", AS_PUBKEY_IN, "EC PRIVATE KEY", P8_ED, 64,
            "wrong PEM label 'EC PRIVATE KEY'");
    bad_pem("pem_encrypted", AS_SIGN_KEY, "ENCRYPTED PRIVATE KEY", P8_ED, 64,
            "encrypted private key");
    snprintf(text, sizeof text, "-----BEGIN PRIVATE KEY-----\n%s\n-----END PUBLIC KEY-----\n",
             body);
    bad_text("pem_label_mismatch", AS_PUBKEY_IN, text, "does not match");
    bad_pem("pem_label_vs_contents", AS_PUBKEY_IN, "PUBLIC KEY", P8_ED, 64,
            "the PEM label says PUBLIC KEY but the contents are a PKCS#8 private key");
    bad_pem("pem_label_vs_contents2", AS_PUBKEY_IN, "PRIVATE KEY", SPKI_ED, 64,
            "the PEM label says PRIVATE KEY but the contents are a SubjectPublicKeyInfo");
    bad_text("pem_malformed_begin", AS_PUBKEY_IN, "-----BEGIN PRIVATE KEY----\nAAAA\n",
             "malformed PEM BEGIN line");

    /* Base64. */
    P8_PEM("%.10s*%s", body, body + 11);
    bad_text("pem_bad_char", AS_PUBKEY_IN, text, "bad base64 character '*'");
    P8_PEM("%.20s=%s", body, body + 21);
    bad_text("pem_padding_inside", AS_PUBKEY_IN, text, "padding");
    P8_PEM("%.63s", body);
    bad_text("pem_length_not_4", AS_PUBKEY_IN, text, "not a multiple of 4");
    P8_PEM("%s====", body);
    bad_text("pem_extra_padding", AS_PUBKEY_IN, text, "padding");
    {
        /* SPKI: 44 bytes, "...X=": make the unused low bits of X nonzero. */
        char spki_body[128];
        n = hex_to(der, sizeof der, SPKI_ED);
        b64(spki_body, der, n);
        size_t len = strlen(spki_body);
        const char *pos = strchr(b64chars, spki_body[len - 2]);
        spki_body[len - 2] = b64chars[(pos - b64chars) | 1];
        snprintf(text, sizeof text, "-----BEGIN PUBLIC KEY-----\n%s\n-----END PUBLIC KEY-----\n",
                 spki_body);
        bad_text("pem_unused_bits", AS_VERIFY_PUB, text, "unused bits");
    }

    /* Structure. */
    snprintf(text, sizeof text, "%sgarbage\n", good);
    bad_text("pem_trailing_text", AS_PUBKEY_IN, text, "unexpected data after");
    snprintf(text, sizeof text, "%s%s", good, good);
    bad_text("pem_two_blocks", AS_PUBKEY_IN, text, "second PEM block");
    snprintf(text, sizeof text, "Private key:\n%s", good);
    bad_text("pem_text_before", AS_PUBKEY_IN, text, "not a PEM file");
    bad_text("pem_begin_trailing_space", AS_PUBKEY_IN,
             "-----BEGIN PRIVATE KEY----- \nAAAA\n-----END PRIVATE KEY-----\n",
             "malformed PEM BEGIN line");
    P8_PEM("Proc-Type: 4,ENCRYPTED\n%s", body);
    bad_text("pem_header", AS_PUBKEY_IN, text, "headers");
    P8_PEM("\n%s", body);
    bad_text("pem_blank_line", AS_PUBKEY_IN, text, "blank line");
    P8_PEM("%.32s %s", body, body + 32);
    bad_text("pem_space_in_line", AS_PUBKEY_IN, text, "whitespace inside");
    P8_PEM("%s ", body);
    bad_text("pem_trailing_space", AS_PUBKEY_IN, text, "whitespace inside");
    bad_text("pem_empty_body", AS_PUBKEY_IN,
             "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n", "empty PEM body");
    bad_pem("pem_long_line", AS_PUBKEY_IN, "PRIVATE KEY", P8V2_ED, 112, "at most 76");
    bad_pem("pem_line_not_4", AS_PUBKEY_IN, "PRIVATE KEY", P8V2_ED, 63, "not a multiple of 4");
    {
        char v2body[256];
        n = hex_to(der, sizeof der, P8V2_ED);
        b64(v2body, der, n); /* 112 characters */
        P8_PEM("%.48s\n%s", v2body, v2body + 48);
        bad_text("pem_last_line_longer", AS_PUBKEY_IN, text, "longer than");
        P8_PEM("%.64s\n%.20s\n%s", v2body, v2body + 64, v2body + 84);
        bad_text("pem_ragged_lines", AS_PUBKEY_IN, text, "only the last base64 line");
        /* Accepted: 76-character lines (MIME), 64 (RFC 7468), CRLF, blank lines around. */
        P8_PEM("%.76s\n%s", v2body, v2body + 76);
        good_text("pem_v2_76", AS_PUBKEY_IN, text, "-----BEGIN PUBLIC KEY-----");
    }
    pem_of(v2, sizeof v2, "PRIVATE KEY", P8V2_ED, 64);
    good_text("pem_v2_64", AS_PUBKEY_IN, v2, "-----BEGIN PUBLIC KEY-----");
    snprintf(text, sizeof text, "-----BEGIN PRIVATE KEY-----\r\n%s\r\n-----END PRIVATE KEY-----\r\n",
             body);
    good_text("pem_crlf", AS_PUBKEY_IN, text, "-----BEGIN PUBLIC KEY-----");
    snprintf(text, sizeof text, "\n\n%s\n \n", good);
    good_text("pem_blank_around", AS_PUBKEY_IN, text, "-----BEGIN PUBLIC KEY-----");
    snprintf(text, sizeof text, " \t%.*s \t\r\n", (int)strlen(good) - 1, good);
    good_text("pem_spaces_around", AS_PUBKEY_IN, text, "-----BEGIN PUBLIC KEY-----");
    snprintf(text, sizeof text, "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----",
             body);
    good_text("pem_no_final_newline", AS_PUBKEY_IN, text, "-----BEGIN PUBLIC KEY-----");

    /* A DER fault through PEM. */
    bad_pem("pem_x448", AS_PUBKEY_IN, "PRIVATE KEY", "302e020100300506032b656f04220420" ED_SEED,
            64, "X448");
}

static void test_files(void)
{
    char big[20001];
    expect_bad("missing", AS_PUBKEY_IN, path_in_tmp("no-such-file"), "cannot open");
    expect_bad("directory", AS_PUBKEY_IN, tmp, "is a directory");
    bad_text("empty", AS_PUBKEY_IN, "", "empty file");
    bad_text("whitespace_only", AS_SIGN_KEY, " \n\n\t\n", "empty file (only whitespace)");
    memset(big, 'A', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    bad_text("huge", AS_PUBKEY_IN, big, "too large");
    bad_hex("binary", AS_PUBKEY_IN, "0102030405060708", "not a PEM file");
    bad_text("hex_key", AS_SIGN_KEY, ED_SEED "\n", "not a PEM file");
    {
        const char *file = path_in_tmp("nul_in_pem");
        write_bytes(file, "-----BEGIN PRIVATE KEY-----\n\0AAA\n", 33);
        expect_bad("nul_in_pem", AS_PUBKEY_IN, file, "binary data");
    }
}

static void test_kinds(void)
{
    bad_hex("x25519_key_to_sign", AS_SIGN_KEY, P8_X, "need an Ed25519 key");
    bad_pem("x25519_pem_to_sign", AS_SIGN_KEY, "PRIVATE KEY", P8_X, 64, "need an Ed25519 key");
    bad_hex("ed25519_key_to_x25519", AS_X_KEY, P8_ED, "X25519 needs an X25519 key");
    bad_hex("ed25519_pub_to_x25519", AS_X_PEER, SPKI_ED, "X25519 needs an X25519 key");
    bad_hex("x25519_pub_to_verify", AS_VERIFY_PUB, SPKI_X, "X25519 public key");
    bad_hex("pub_to_sign", AS_SIGN_KEY, SPKI_ED, "holds a public key");
    bad_hex("priv_to_verify", AS_VERIFY_PUB, P8_ED, "holds a private key");
    bad_hex("priv_to_x25519_peer", AS_X_PEER, P8_X, "holds a private key");
    bad_hex("pub_to_x25519_key", AS_X_KEY, SPKI_X, "holds a public key");
}

static void test_signature_files(void)
{
    uint8_t sig[64];
    char b[100], text[200];
    hex_to(sig, sizeof sig, ED_SIG_EMPTY);
    b64(b, sig, 64);

    bad_hex("sig_63", AS_VERIFY_SIG, "00" B31 B31, "not a signature: 63 bytes");
    bad_hex("sig_65", AS_VERIFY_SIG, ED_SIG_EMPTY "00", "not a signature: 65 bytes");
    bad_text("sig_empty", AS_VERIFY_SIG, "", "empty file");
    snprintf(text, sizeof text, "%s\n\n", b);
    bad_text("sig_b64_two_newlines", AS_VERIFY_SIG, text, "not a signature");
    snprintf(text, sizeof text, " %s", b);
    bad_text("sig_b64_leading_space", AS_VERIFY_SIG, text, "not a signature");
    snprintf(text, sizeof text, "%.84s\n", b);
    bad_text("sig_b64_short", AS_VERIFY_SIG, text, "not a signature");
    snprintf(text, sizeof text, "%.40s*%s\n", b, b + 41);
    bad_text("sig_b64_bad_char", AS_VERIFY_SIG, text, "bad base64");
    snprintf(text, sizeof text, "%.85s===\n", b);
    bad_text("sig_b64_bad_padding", AS_VERIFY_SIG, text, "bad base64");
    {
        /* "...X==": X carries 2 bits of the last byte and 4 unused ones. */
        snprintf(text, sizeof text, "%s", b);
        const char *pos = strchr(b64chars, text[85]);
        text[85] = b64chars[(pos - b64chars) | 1];
        bad_text("sig_b64_unused_bits", AS_VERIFY_SIG, text, "unused bits");
    }
}

/* verify's verdicts and reasons (exit 1), and the accepted signature forms. */
static void test_verify_reasons(void)
{
    struct result r;
    char b[100], text[200];
    uint8_t sig[64];
    const char *pub = path_in_tmp("ed_pub.der"), *msg = path_in_tmp("empty_msg");
    const char *sigf = path_in_tmp("sig_case");
    hex_to(sig, sizeof sig, ED_SIG_EMPTY);
    b64(b, sig, 64);

    struct {
        const char *name, *content;
        int raw; /* content is hex */
        int status;
        const char *want;
    } cases[] = {
        {"raw", ED_SIG_EMPTY, 1, 0, "OK\n"},
        {"base64", NULL, 0, 0, "OK\n"},
        {"base64_crlf", NULL, 0, 0, "OK\n"},
        {"base64_no_newline", NULL, 0, 0, "OK\n"},
        /* The last byte of S changed: the equation fails. */
        {"tampered",
         "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e"
         "39701cf9b46bd25bf5f0595bbe24655141438e7a100c",
         1, 1, "FAIL: the signature does not match the message and the public key\n"},
        /* S + l: not reduced. */
        {"s_plus_l",
         "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
         "4c8c7872aa064e049dbb3013fbf29380d25bf5f0595bbe24655141438e7a101b",
         1, 1, "FAIL: S (the second half of the signature) is not reduced"},
        /* R = the identity (small order). */
        {"r_identity",
         "0100000000000000000000000000000000000000000000000000000000000000"
         "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
         1, 1, "FAIL: R has small order"},
        /* R with y = p (non-canonical). */
        {"r_noncanonical",
         "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
         "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
         1, 1, "FAIL: R (the first half of the signature) is not a canonical encoding"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (cases[i].raw) {
            write_hex(sigf, cases[i].content);
        } else {
            const char *end = strcmp(cases[i].name, "base64_crlf") == 0 ? "\r\n"
                              : strcmp(cases[i].name, "base64") == 0    ? "\n"
                                                                        : "";
            snprintf(text, sizeof text, "%s%s", b, end);
            write_text(sigf, text);
        }
        const char *a[] = {"verify", "-p", pub, "-s", sigf, msg, NULL};
        run(&r, a);
        CHECK(r.exited && r.status == cases[i].status, "verify %s: exit %d, expected %d (%s)",
              cases[i].name, r.status, cases[i].status, r.err);
        CHECK(strstr(r.out, cases[i].want) == r.out, "verify %s: output '%s', expected '%s'",
              cases[i].name, r.out, cases[i].want);
    }

    /* Public keys that the policy rejects: a verdict (exit 1), not a malformed file. */
    struct {
        const char *name, *pk, *want;
    } keys[] = {
        {"pk_identity", "0100000000000000000000000000000000000000000000000000000000000000",
         "FAIL: the public key has small order"},
        {"pk_noncanonical", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
         "FAIL: the public key is not a canonical encoding"},
    };
    write_hex(sigf, ED_SIG_EMPTY);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char hex[200];
        const char *pkf = path_in_tmp(keys[i].name);
        snprintf(hex, sizeof hex, "302a300506032b6570032100%s", keys[i].pk);
        write_hex(pkf, hex);
        const char *a[] = {"verify", "-p", pkf, "-s", sigf, msg, NULL};
        run(&r, a);
        CHECK(r.exited && r.status == 1, "verify %s: exit %d, expected 1 (%s)", keys[i].name,
              r.status, r.err);
        CHECK(strstr(r.out, keys[i].want) == r.out, "verify %s: output '%s'", keys[i].name,
              r.out);
    }

    /* A missing message is an unreadable input (2). */
    const char *a[] = {"verify", "-p", pub, "-s", sigf, path_in_tmp("no-such-msg"), NULL};
    run(&r, a);
    CHECK(r.exited && r.status == 2 && strstr(r.err, "no-such-msg") && strstr(r.err, "cannot open"),
          "verify with a missing message: exit %d (%s)", r.status, r.err);
}

/*
 * In-process, exhaustively: every change of one byte of a valid DER key to
 * each of the 255 other values, and every truncation and one-byte extension.
 * A changed encoding may be accepted only if it is the canonical encoding of
 * what was parsed (re-encoding gives the same bytes): so exactly the changes
 * of key bytes, and of the OID's last byte from Ed25519 to X25519 or back.
 */
static void der_exhaustive(const char *name, const char *hex, int spki)
{
    uint8_t der[128], m[129], enc[128];
    size_t n = hex_to(der, sizeof der, hex);
    struct cli_err e;
    unsigned long accepted = 0, noncanonical = 0, prefixes = 0, version1 = 0;
    enum cli_alg alg;
    uint8_t pub[32];
    struct cli_pkcs8 k;

    for (size_t i = 0; i < n; i++)
        for (unsigned v = 0; v < 256; v++) {
            if (v == der[i]) continue;
            memcpy(m, der, n);
            m[i] = (uint8_t)v;
            int ok;
            if (spki) {
                ok = cli_der_parse_spki(m, n, &alg, pub, &e) == 0;
                if (ok) cli_der_spki(enc, alg, pub);
            } else {
                ok = cli_der_parse_pkcs8(m, n, &k, &e) == 0;
                if (ok && !k.has_pub) {
                    cli_der_pkcs8(enc, k.alg, k.priv);
                    /* Version 1 (v2) without the public key is accepted, too. */
                    if (m[4] == 1) {
                        enc[4] = 1;
                        version1++;
                    }
                }
                if (ok && k.has_pub) { /* v2: rebuild it from the parsed fields */
                    memcpy(enc, m, n);
                    enc[11] = k.alg == CLI_X25519 ? 0x6e : 0x70;
                    memcpy(enc + 16, k.priv, 32);
                    memcpy(enc + 51, k.pub, 32);
                }
            }
            if (!ok) continue;
            accepted++;
            if (memcmp(enc, m, n) != 0) noncanonical++;
        }
    for (size_t len = 0; len < n; len++) {
        int ok = spki ? cli_der_parse_spki(der, len, &alg, pub, &e) == 0
                      : cli_der_parse_pkcs8(der, len, &k, &e) == 0;
        prefixes += ok;
    }
    for (unsigned v = 0; v < 256; v++) {
        memcpy(m, der, n);
        m[n] = (uint8_t)v;
        int ok = spki ? cli_der_parse_spki(m, n + 1, &alg, pub, &e) == 0
                      : cli_der_parse_pkcs8(m, n + 1, &k, &e) == 0;
        prefixes += ok;
    }
    /* Key bytes: 32 (64 for v2, seed and public key), the OID, and for v1
     * the version (0 to 1: v2 without the optional public key). */
    unsigned long keybytes = n == 83 ? 64 : 32, want = keybytes * 255 + 1 + (n == 48);
    CHECK(accepted == want, "%s: %lu one-byte changes accepted, expected %lu", name, accepted,
          want);
    CHECK(version1 == (n == 48), "%s: %lu version changes accepted", name, version1);
    CHECK(noncanonical == 0, "%s: %lu accepted changes are not canonical encodings", name,
          noncanonical);
    CHECK(prefixes == 0, "%s: %lu truncations or extensions accepted", name, prefixes);
    printf("  %s: %zu x 255 one-byte changes (%lu accepted, all canonical), %zu truncations, "
           "256 extensions\n",
           name, n, accepted, n);
}

/*
 * In-process, exhaustively: every change of one character of a valid PEM
 * file to each of the 255 other byte values, and every truncation. Accepted
 * only if the text is the canonical PEM of what was decoded (our encoding,
 * up to whitespace after the END line).
 */
static void pem_exhaustive(const char *name, const char *label, const char *hex)
{
    char text[512], m[512], enc[512], got_label[CLI_PEM_LABEL_MAX];
    uint8_t out[256];
    size_t outlen, n;
    struct cli_err e;
    unsigned long accepted = 0, noncanonical = 0, prefixes = 0;

    pem_of(text, sizeof text, label, hex, 64);
    n = strlen(text);
    for (size_t i = 0; i < n; i++)
        for (unsigned v = 0; v < 256; v++) {
            if (v == (unsigned char)text[i]) continue;
            memcpy(m, text, n);
            m[i] = (char)v;
            if (cli_pem_decode(m, n, got_label, out, sizeof out, &outlen, &e) != 0) continue;
            accepted++;
            size_t k = cli_pem_encode(enc, sizeof enc, got_label, out, outlen);
            size_t end = n; /* our encoding ends "-----\n"; allow other whitespace there */
            while (end > 0 && strchr(" \t\r\n", m[end - 1])) end--;
            if (strcmp(got_label, label) != 0 || k != end + 1 || memcmp(enc, m, end) != 0)
                noncanonical++;
        }
    for (size_t len = 0; len + 1 < n; len++)
        prefixes += cli_pem_decode(text, len, got_label, out, sizeof out, &outlen, &e) == 0;
    CHECK(accepted > 0 && noncanonical == 0,
          "%s: %lu of %lu accepted one-byte changes are not canonical PEM", name, noncanonical,
          accepted);
    CHECK(prefixes == 0, "%s: %lu truncations accepted", name, prefixes);
    printf("  %s: %zu x 255 one-byte changes (%lu accepted, all canonical), %zu truncations\n",
           name, n, accepted, n - 1);
}

/* Through the program: every truncation of a valid file gives exit status 2
 * (or 0 when only the PEM's final newline is gone), never a crash. */
static void truncations(const char *name, const uint8_t *data, size_t n, int is_der)
{
    const char *file = path_in_tmp("mutant");
    struct result r;
    const char *a[] = {"pubkey", "-i", file, NULL};
    unsigned crashed = 0, wrong = 0;
    for (size_t len = 0; len < n; len++) {
        write_bytes(file, data, len);
        run(&r, a);
        int want = (!is_der && len + 1 == n) ? 0 : 2;
        if (!r.exited) crashed++;
        else if (r.status != want) wrong++;
    }
    CHECK(crashed == 0, "%s truncations: %u crashes", name, crashed);
    CHECK(wrong == 0, "%s truncations: %u with the wrong exit status", name, wrong);
    printf("  %s: %zu truncations through the program\n", name, n);
}

static void test_mutations(void)
{
    uint8_t der[128];
    char pem[512];
    size_t n;
    der_exhaustive("PKCS#8 v1 DER", P8_ED, 0);
    der_exhaustive("PKCS#8 v2 DER", P8V2_ED, 0);
    der_exhaustive("SPKI DER", SPKI_ED, 1);
    pem_exhaustive("PKCS#8 PEM", "PRIVATE KEY", P8_ED);
    pem_exhaustive("PKCS#8 v2 PEM", "PRIVATE KEY", P8V2_ED);
    pem_exhaustive("SPKI PEM", "PUBLIC KEY", SPKI_ED);
    n = hex_to(der, sizeof der, P8_ED);
    truncations("PKCS#8 DER", der, n, 1);
    pem_of(pem, sizeof pem, "PRIVATE KEY", P8_ED, 64);
    truncations("PKCS#8 PEM", (const uint8_t *)pem, strlen(pem), 0);
}

static int cmd_malformed(void)
{
    make_fixtures();
    test_files();
    test_der();
    test_pem();
    test_kinds();
    test_signature_files();
    test_verify_reasons();
    test_mutations();
    return test_done();
}

/* ---- Wycheproof ------------------------------------------------------------------ */

/* One X25519 case: the keys are files already written. */
static void x25519_case(long tc, const char *result, const char *priv, const char *pub,
                        const char *shared, unsigned *counts)
{
    struct result r;
    const char *a[] = {"x25519", "-k", priv, "-p", pub, NULL};
    run(&r, a);
    CHECK(r.exited, "tcId %ld: killed by signal %d", tc, r.status);
    if (strcmp(result, "invalid") == 0) {
        counts[0]++;
        CHECK(r.status == 2, "tcId %ld (invalid): exit %d, expected 2", tc, r.status);
        CHECK(strstr(r.err, priv) || strstr(r.err, pub), "tcId %ld: no file named: %s", tc,
              r.err);
    } else if (strcmp(shared, "0000000000000000000000000000000000000000000000000000000000000000") ==
               0) {
        counts[1]++;
        CHECK(r.status == 1 && strstr(r.err, "all zero"),
              "tcId %ld (zero shared secret): exit %d (%s)", tc, r.status, r.err);
        CHECK(r.out[0] == '\0', "tcId %ld: output for an all-zero secret", tc);
    } else {
        counts[2]++;
        char want[80];
        snprintf(want, sizeof want, "%s\n", shared);
        CHECK(r.status == 0 && strcmp(r.out, want) == 0, "tcId %ld: exit %d, output %s (%s)",
              tc, r.status, r.out, r.err);
    }
}

static int cmd_asn(void)
{
    vec_reader v;
    unsigned counts[3] = {0, 0, 0}, total = 0;
    const char *priv = path_in_tmp("asn_private.der"), *pub = path_in_tmp("asn_public.der");
    if (vec_open(&v, "wycheproof/x25519_asn_test.txt") != 0) return test_done();
    while (vec_next(&v)) {
        if (v.nfields < 6) {
            CHECK(0, "%s:%lu: %d fields", v.path, v.lineno, v.nfields);
            continue;
        }
        write_hex(priv, v.fields[3]);
        write_hex(pub, v.fields[4]);
        x25519_case(strtol(v.fields[0], NULL, 10), v.fields[1], priv, pub, v.fields[5], counts);
        total++;
    }
    vec_close(&v);
    CHECK(total == 537, "%u cases, expected 537", total);
    CHECK(counts[0] == 19, "%u invalid cases, expected 19", counts[0]);
    printf("  x25519_asn_test: %u cases: %u invalid (exit 2), %u all-zero (exit 1), %u shared "
           "secrets\n",
           total, counts[0], counts[1], counts[2]);
    return test_done();
}

/* The JSON string after `"key": ` at or after p and before end, unescaped
 * into out. Returns the position after it, or NULL. */
static const char *json_string(const char *p, const char *end, const char *key, char *out,
                               size_t cap)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *k = strstr(p, pat);
    if (!k || k >= end) return NULL;
    k += strlen(pat);
    while (*k == ' ' || *k == '\t' || *k == '\n' || *k == '\r') k++;
    if (*k++ != ':') return NULL;
    while (*k == ' ' || *k == '\t' || *k == '\n' || *k == '\r') k++;
    if (*k++ != '"') return NULL;
    size_t o = 0;
    for (; *k && *k != '"'; k++) {
        char c = *k;
        if (c == '\\') {
            k++;
            switch (*k) {
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case '"': c = '"'; break;
            case '\\': c = '\\'; break;
            case '/': c = '/'; break;
            default: return NULL; /* no \u escapes occur in these files */
            }
        }
        if (o + 1 >= cap) return NULL;
        out[o++] = c;
    }
    if (*k != '"') return NULL;
    out[o] = '\0';
    return k + 1;
}

static int cmd_pem(void)
{
    const char *path = vec_path("wycheproof/x25519_pem_test.json");
    FILE *f = fopen(path, "rb");
    if (!f) {
        CHECK(0, "cannot open %s", path);
        return test_done();
    }
    static char json[1 << 22];
    size_t n = fread(json, 1, sizeof json - 1, f);
    fclose(f);
    json[n] = '\0';

    unsigned counts[3] = {0, 0, 0}, total = 0;
    const char *priv = path_in_tmp("private.pem"), *pub = path_in_tmp("public.pem");
    const char *p = strstr(json, "\"tcId\"");
    while (p) {
        const char *next = strstr(p + 6, "\"tcId\"");
        const char *end = next ? next : json + n;
        long tc = strtol(p + 7 + strspn(p + 7, " :"), NULL, 10);
        char pubtext[1024], privtext[1024], shared[128], result[32];
        if (!json_string(p, end, "public", pubtext, sizeof pubtext) ||
            !json_string(p, end, "private", privtext, sizeof privtext) ||
            !json_string(p, end, "shared", shared, sizeof shared) ||
            !json_string(p, end, "result", result, sizeof result)) {
            CHECK(0, "tcId %ld: cannot read its fields", tc);
            break;
        }
        write_text(priv, privtext);
        write_text(pub, pubtext);
        x25519_case(tc, result, priv, pub, shared, counts);
        total++;
        p = next;
    }
    CHECK(total == 518, "%u cases, expected 518", total);
    printf("  x25519_pem_test: %u cases: %u invalid, %u all-zero (exit 1), %u shared secrets\n",
           total, counts[0], counts[1], counts[2]);
    return test_done();
}

/* ---- main ------------------------------------------------------------------------- */

static void cleanup(void)
{
    static const char *names[] = {
        "run.out", "run.err", "mutant", "sig_case", "asn_private.der", "asn_public.der",
        "private.pem", "public.pem", "ed.der", "ed_pub.der", "x.der", "x_peer.der",
        "sig_empty.bin", "empty_msg"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) unlink(path_in_tmp(names[i]));
}

int main(int argc, char **argv)
{
    if (argc == 4 && strcmp(argv[1], "hex2bin") == 0) {
        write_hex(argv[3], argv[2]);
        return 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: cli_check malformed|asn|pem VEC25519 | hex2bin HEX OUT\n");
        return 2;
    }
    bin = argv[2];
    const char *base = getenv("TMPDIR");
    /* mkdtemp's template: six capital X at the end */
    snprintf(tmp, sizeof tmp, "%s/vec25519-cli-%s", base && *base ? base : "/tmp",
             "XX" "XX" "XX");
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(outp, sizeof outp, "%s/run.out", tmp);
    snprintf(errp, sizeof errp, "%s/run.err", tmp);
    int rc;
    if (strcmp(argv[1], "malformed") == 0)
        rc = cmd_malformed();
    else if (strcmp(argv[1], "asn") == 0)
        rc = cmd_asn();
    else if (strcmp(argv[1], "pem") == 0)
        rc = cmd_pem();
    else {
        fprintf(stderr, "cli_check: unknown mode %s\n", argv[1]);
        rc = 2;
    }
    /* Files named after the malformed cases stay if a test failed, to inspect. */
    if (rc == 0) {
        char cmd[1200];
        snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
        if (system(cmd) != 0) fprintf(stderr, "cannot remove %s\n", tmp);
    } else {
        cleanup();
        printf("inputs kept in %s\n", tmp);
    }
    return rc;
}
