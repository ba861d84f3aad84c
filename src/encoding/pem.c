/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 key encodings (cli/ and provider/) — strict PEM (RFC 7468).
 *
 * Accepted: optional whitespace; "-----BEGIN LABEL-----"; one or more lines
 * of base64 (LF or CRLF ends; no blank lines, no RFC 1421 headers such as
 * "Proc-Type:", no spaces or tabs inside a line; every line but the last of
 * the same length, a multiple of 4 and at most 76 characters — 64 is what
 * RFC 7468 writers, OpenSSL and we produce, 76 is MIME's — and the last line
 * no longer than the others); "-----END LABEL-----" with the same label; and
 * optional whitespace to the end of the file. Text before the BEGIN line
 * (RFC 7468 §2 lets parsers skip it) and anything after the END line other
 * than whitespace (spaces and tabs may also follow the END boundary on its
 * line), such as a second block, are rejected: a key file holds one key and
 * nothing else. The base64 itself is decoded strictly (base64.c).
 *
 * The body may be a private key: it is collected in a stack buffer that is
 * wiped before returning. Line splitting and the character checks branch
 * only on whether a byte is a line end or outside the alphabet, which for a
 * well-formed file is the same for every byte of the data.
 */
#include <stdio.h>
#include <string.h>

#include "encoding/encoding.h"
#include "internal/ct.h"

#define PEM_LINE_MAX 76

static int is_ws(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

static int is_b64_char(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '+' || c == '/' || c == '=';
}

/* A line of text: [start, start + len), without its LF or CRLF; has_eol: a
 * line end was found (0 at the end of the file). */
struct line {
    const char *start;
    size_t len;
    int has_eol;
};

/* The line at *pos; advances *pos past its line end. */
static struct line next_line(const char *text, size_t n, size_t *pos)
{
    struct line l = {text + *pos, 0, 0};
    const char *nl = memchr(text + *pos, '\n', n - *pos);
    size_t end = nl ? (size_t)(nl - text) : n;
    l.len = end - *pos;
    l.has_eol = nl != NULL;
    if (l.has_eol && l.len > 0 && l.start[l.len - 1] == '\r') l.len--;
    *pos = nl ? end + 1 : n;
    return l;
}

static int starts_with(const struct line *l, const char *prefix)
{
    size_t k = strlen(prefix);
    return l->len >= k && memcmp(l->start, prefix, k) == 0;
}

/* Printable ASCII and spaces, not starting or ending with a space or '-'. */
static int valid_label(const char *s, size_t len)
{
    if (len == 0 || len >= ENC_PEM_LABEL_MAX) return 0;
    if (s[0] == ' ' || s[0] == '-' || s[len - 1] == ' ' || s[len - 1] == '-') return 0;
    for (size_t i = 0; i < len; i++)
        if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e) return 0;
    return 1;
}

/* Parses "-----<word> LABEL-----" (word: "BEGIN" or "END"); writes the label. */
static int parse_boundary(const struct line *l, const char *word, char label[ENC_PEM_LABEL_MAX])
{
    char prefix[16];
    size_t plen = (size_t)snprintf(prefix, sizeof prefix, "-----%s ", word);
    if (!starts_with(l, prefix) || l->len < plen + 5) return -1;
    if (memcmp(l->start + l->len - 5, "-----", 5) != 0) return -1;
    size_t llen = l->len - plen - 5;
    if (!valid_label(l->start + plen, llen)) return -1;
    memcpy(label, l->start + plen, llen);
    label[llen] = '\0';
    return 0;
}

/* A printable excerpt of a line for messages (never of the base64 body). */
static void excerpt(char *out, size_t cap, const struct line *l)
{
    size_t k = 0;
    for (size_t i = 0; i < l->len && k + 4 < cap && i < 40; i++) {
        unsigned char c = (unsigned char)l->start[i];
        out[k++] = (c >= 0x20 && c < 0x7f) ? (char)c : '?';
    }
    if (l->len > 40 && k + 4 < cap) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
}

static int decode_body(const char *text, size_t n, size_t pos, unsigned lineno,
                       char label[ENC_PEM_LABEL_MAX], char *b64, size_t *b64len, struct enc_err *e)
{
    size_t first_len = 0, prev_len = 0, k = 0;
    unsigned nbody = 0, prev_lineno = 0;
    char shown[64];

    for (;;) {
        if (pos >= n)
            return enc_errf(e, "truncated PEM: no '-----END %s-----' line", label);
        struct line l = next_line(text, n, &pos);
        lineno++;
        if (starts_with(&l, "-----")) {
            char endlabel[ENC_PEM_LABEL_MAX];
            /* Whitespace after the END boundary is whitespace after the block. */
            while (l.len > 0 && (l.start[l.len - 1] == ' ' || l.start[l.len - 1] == '\t' ||
                                 l.start[l.len - 1] == '\r'))
                l.len--;
            if (parse_boundary(&l, "END", endlabel) != 0) {
                excerpt(shown, sizeof shown, &l);
                return enc_errf(e, "line %u: malformed PEM END line '%s'", lineno, shown);
            }
            if (strcmp(endlabel, label) != 0)
                return enc_errf(e, "line %u: '-----END %s-----' does not match '-----BEGIN "
                                   "%s-----'",
                                lineno, endlabel, label);
            break;
        }
        if (!l.has_eol)
            return enc_errf(e, "truncated PEM: the file ends inside the base64 body "
                               "(line %u), with no '-----END %s-----' line",
                            lineno, label);
        if (l.len == 0) return enc_errf(e, "line %u: blank line inside the PEM body", lineno);
        if (memchr(l.start, ':', l.len))
            return enc_errf(e, "line %u: PEM headers (RFC 1421, e.g. an encrypted "
                               "'Proc-Type:' key) are not supported",
                            lineno);
        for (size_t i = 0; i < l.len; i++) {
            unsigned char c = (unsigned char)l.start[i];
            if (is_b64_char(c)) continue;
            if (c == ' ' || c == '\t' || c == '\r')
                return enc_errf(e, "line %u, column %zu: whitespace inside a base64 line",
                                lineno, i + 1);
            if (c >= 0x21 && c < 0x7f)
                return enc_errf(e, "line %u, column %zu: bad base64 character '%c'", lineno,
                                i + 1, c);
            return enc_errf(e, "line %u, column %zu: bad base64 byte 0x%02x", lineno, i + 1, c);
        }
        if (l.len > PEM_LINE_MAX)
            return enc_errf(e, "line %u: %zu characters; PEM lines have at most %d", lineno,
                            l.len, PEM_LINE_MAX);
        if (nbody == 0) {
            first_len = l.len;
        } else {
            /* The previous line was not the last: it must be a full line. */
            if (prev_len != first_len)
                return enc_errf(e, "line %u: %zu characters where the lines before have %zu "
                                   "(only the last base64 line may be shorter)",
                                prev_lineno, prev_len, first_len);
            if (first_len % 4 != 0)
                return enc_errf(e, "line %u: %zu characters, not a multiple of 4 (only the "
                                   "last base64 line may be)",
                                prev_lineno, first_len);
            if (l.len > first_len)
                return enc_errf(e, "line %u: %zu characters, longer than the %zu of the "
                                   "lines before",
                                lineno, l.len, first_len);
        }
        if (k + l.len > ENC_PEM_BODY_MAX) return enc_errf(e, "PEM body too large");
        memcpy(b64 + k, l.start, l.len);
        k += l.len;
        prev_len = l.len;
        prev_lineno = lineno;
        nbody++;
    }
    if (nbody == 0) return enc_errf(e, "empty PEM body (no base64 between BEGIN and END)");

    /* After the END line: whitespace only. */
    for (size_t i = pos; i < n; i++) {
        if (is_ws(text[i])) continue;
        size_t at = i;
        struct line rest = next_line(text, n, &at);
        if (starts_with(&rest, "-----BEGIN"))
            return enc_errf(e, "a second PEM block follows the first (one key per file)");
        return enc_errf(e, "unexpected data after the '-----END %s-----' line", label);
    }
    *b64len = k;
    return 0;
}

int enc_pem_decode(const char *text, size_t n, char label[ENC_PEM_LABEL_MAX], uint8_t *out,
                   size_t cap, size_t *outlen, struct enc_err *e)
{
    size_t pos = 0;
    unsigned lineno = 0;
    char shown[64];

    if (n == 0) return enc_errf(e, "empty file");
    if (memchr(text, '\0', n))
        return enc_errf(e, "not a PEM file (binary data) and not a DER key");
    /* Leading whitespace. */
    while (pos < n && is_ws(text[pos])) lineno += text[pos++] == '\n';
    if (pos == n) return enc_errf(e, "empty file (only whitespace)");
    struct line begin = next_line(text, n, &pos);
    lineno++;
    if (!starts_with(&begin, "-----BEGIN "))
        return enc_errf(e, "not a PEM file (line %u is not a '-----BEGIN ' line) and not a "
                           "DER key",
                        lineno);
    if (parse_boundary(&begin, "BEGIN", label) != 0) {
        excerpt(shown, sizeof shown, &begin);
        return enc_errf(e, "line %u: malformed PEM BEGIN line '%s'", lineno, shown);
    }
    if (!begin.has_eol)
        return enc_errf(e, "truncated PEM: the file ends after the BEGIN line");

    char b64[ENC_PEM_BODY_MAX];
    size_t b64len = 0;
    int rc = decode_body(text, n, pos, lineno, label, b64, &b64len, e);
    if (rc == 0) {
        rc = enc_b64_decode(out, cap, outlen, b64, b64len, e);
        if (rc != 0) {
            struct enc_err inner = *e;
            enc_errf(e, "PEM body: %s", inner.msg);
        }
    }
    vec25519_wipe(b64, sizeof b64);
    return rc;
}

int enc_pem_label(const char *text, size_t n, char label[ENC_PEM_LABEL_MAX])
{
    size_t pos = 0;
    while (pos < n && is_ws(text[pos])) pos++;
    if (pos == n || memchr(text, '\0', n)) return -1;
    struct line begin = next_line(text, n, &pos);
    return parse_boundary(&begin, "BEGIN", label);
}

size_t enc_pem_encode(char *out, size_t cap, const char *label, const uint8_t *der, size_t n)
{
    size_t b64len = ENC_B64_LEN(n), lines = (b64len + 63) / 64;
    size_t need = 2 * (strlen(label) + 16) + b64len + lines + 1;
    if (need > cap) return 0;
    size_t k = (size_t)snprintf(out, cap, "-----BEGIN %s-----\n", label);
    /* Encode 48 bytes (64 characters) per line. */
    for (size_t i = 0; i < n; i += 48) {
        size_t chunk = n - i < 48 ? n - i : 48;
        enc_b64_encode(out + k, der + i, chunk);
        k += ENC_B64_LEN(chunk);
        out[k++] = '\n';
    }
    k += (size_t)snprintf(out + k, cap - k, "-----END %s-----\n", label);
    return k;
}
