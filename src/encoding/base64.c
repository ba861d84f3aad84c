/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 key encodings (cli/ and provider/) — strict base64 (RFC 4648 §4,
 * the standard alphabet with padding).
 *
 * The data may be a private key (the body of a PEM file), so characters are
 * mapped to values with comparisons and masks, never through a table indexed
 * by the data or a branch on it (the cache-timing concern of table-based
 * base64 in PEM decoders). Only the length, the padding (both public: they
 * follow from the length of the data) and the final verdict are branched on;
 * when the verdict is "invalid", a second, ordinary pass finds the first bad
 * character for the message.
 */
#include <string.h>

#include "encoding/encoding.h"

/* 1 iff lo ≤ c ≤ hi, for c, lo, hi in 0..255: both differences non-negative. */
static unsigned in_range(int c, int lo, int hi)
{
    return (((unsigned)(c - lo) | (unsigned)(hi - c)) >> 31) ^ 1u;
}

/* The character of the 6-bit value v. */
static char enc6(unsigned v)
{
    int x = (int)v, c = x + 'A';                      /* 0..25: 'A'.. */
    c += (int)in_range(x, 26, 63) * ('a' - 26 - 'A'); /* 26..51: 'a'.. */
    c += (int)in_range(x, 52, 63) * ('0' - 52 - ('a' - 26)); /* 52..61: '0'.. */
    c += (int)in_range(x, 62, 63) * ('+' - 62 - ('0' - 52)); /* 62: '+' */
    c += (int)in_range(x, 63, 63) * ('/' - '+' - 1);         /* 63: '/' */
    return (char)c;
}

void enc_b64_encode(char *out, const uint8_t *in, size_t n)
{
    size_t i = 0, o = 0;
    for (; i + 3 <= n; i += 3) {
        uint32_t w = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
        out[o++] = enc6(w >> 18);
        out[o++] = enc6((w >> 12) & 63);
        out[o++] = enc6((w >> 6) & 63);
        out[o++] = enc6(w & 63);
    }
    if (n - i == 1) {
        uint32_t w = (uint32_t)in[i] << 16;
        out[o++] = enc6(w >> 18);
        out[o++] = enc6((w >> 12) & 63);
        out[o++] = '=';
        out[o++] = '=';
    } else if (n - i == 2) {
        uint32_t w = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
        out[o++] = enc6(w >> 18);
        out[o++] = enc6((w >> 12) & 63);
        out[o++] = enc6((w >> 6) & 63);
        out[o++] = '=';
    }
}

/* The value of character c, and *bad |= 1 when c is not in the alphabet. */
static unsigned dec6(unsigned char c, unsigned *bad)
{
    int x = c;
    unsigned upper = in_range(x, 'A', 'Z'), lower = in_range(x, 'a', 'z');
    unsigned digit = in_range(x, '0', '9'), plus = in_range(x, '+', '+');
    unsigned slash = in_range(x, '/', '/');
    unsigned v = upper * (unsigned)(x - 'A') + lower * (unsigned)(x - 'a' + 26) +
                 digit * (unsigned)(x - '0' + 52) + plus * 62u + slash * 63u;
    *bad |= (upper | lower | digit | plus | slash) ^ 1u;
    return v & 63u;
}

static int is_alphabet(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
           c == '+' || c == '/';
}

/* The message for an input whose verdict was "invalid" (not secret then). */
static int explain(const char *in, size_t n, size_t pad, struct enc_err *e)
{
    for (size_t i = 0; i < n - pad; i++) {
        unsigned char c = (unsigned char)in[i];
        if (c == '=')
            return enc_errf(e, "bad base64: padding '=' before the end (character %zu)", i);
        if (!is_alphabet(c)) {
            if (c >= 0x21 && c < 0x7f)
                return enc_errf(e, "bad base64: character '%c' (character %zu)", c, i);
            return enc_errf(e, "bad base64: byte 0x%02x (character %zu)", c, i);
        }
    }
    return enc_errf(e, "bad base64: the last character before the padding has nonzero "
                       "unused bits (not the canonical encoding)");
}

int enc_b64_decode(uint8_t *out, size_t cap, size_t *outlen, const char *in, size_t n,
                   struct enc_err *e)
{
    if (n == 0) return enc_errf(e, "bad base64: no data");
    if (n % 4 != 0)
        return enc_errf(e, "bad base64: %zu characters, not a multiple of 4 (truncated?)", n);
    size_t pad = 0;
    if (in[n - 1] == '=') pad = in[n - 2] == '=' ? 2 : 1;
    if (n / 4 * 3 - pad > cap)
        return enc_errf(e, "bad base64: %zu bytes of data, more than the %zu expected",
                        n / 4 * 3 - pad, cap);

    unsigned bad = 0;
    size_t o = 0, i = 0;
    for (; i + 4 <= n - (pad ? 4 : 0); i += 4) {
        uint32_t w = dec6((unsigned char)in[i], &bad) << 18 |
                     dec6((unsigned char)in[i + 1], &bad) << 12 |
                     dec6((unsigned char)in[i + 2], &bad) << 6 | dec6((unsigned char)in[i + 3], &bad);
        out[o++] = (uint8_t)(w >> 16);
        out[o++] = (uint8_t)(w >> 8);
        out[o++] = (uint8_t)w;
    }
    if (pad == 2) { /* xx== : one byte; the low 4 bits of the second character are unused */
        unsigned a = dec6((unsigned char)in[i], &bad), b = dec6((unsigned char)in[i + 1], &bad);
        bad |= (b & 15u) != 0;
        out[o++] = (uint8_t)(a << 2 | b >> 4);
    } else if (pad == 1) { /* xxx= : two bytes; the low 2 bits of the third are unused */
        unsigned a = dec6((unsigned char)in[i], &bad), b = dec6((unsigned char)in[i + 1], &bad);
        unsigned c = dec6((unsigned char)in[i + 2], &bad);
        bad |= (c & 3u) != 0;
        out[o++] = (uint8_t)(a << 2 | b >> 4);
        out[o++] = (uint8_t)(b << 4 | c >> 2);
    }
    if (bad) {
        memset(out, 0, o);
        return explain(in, n, pad, e);
    }
    *outlen = o;
    return 0;
}
