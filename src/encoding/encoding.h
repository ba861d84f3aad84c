/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 — strict key encodings shared by the command-line tool (cli/) and
 * the OpenSSL provider (provider/): one parser serves both.
 *
 *   err.c      the error message a parser fills in
 *   base64.c   strict base64 (RFC 4648 §4), branch-free on the data
 *   pem.c      strict PEM (RFC 7468): one block, whitespace around it only
 *   rfc8410.c  strict DER for the RFC 8410 key structures: PKCS#8
 *              OneAsymmetricKey (RFC 5958) and SubjectPublicKeyInfo (RFC 5280)
 *
 * Internal: built as a static library (vec25519_encoding) that is not part of
 * libvec25519 and not installed; its symbols are hidden in every binary that
 * links it. It uses vec25519_wipe (src/internal/wipe.c) from the library core,
 * which its users link.
 *
 * Nothing here allocates, keeps state or depends on the caller's process
 * (no stdio, no exit): a parse either succeeds or returns -1 with a one-line
 * message in struct enc_err, and nothing in a message repeats key bytes.
 */
#ifndef VEC25519_ENCODING_H
#define VEC25519_ENCODING_H

#include <stddef.h>
#include <stdint.h>

/* mingw-w64 in ISO C mode uses its own C99 printf (%zu), not msvcrt's: its
 * format checks are gnu_printf's, not printf's (which means msvcrt's there). */
#if defined(__MINGW32__)
#define ENC_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#elif defined(__GNUC__) || defined(__clang__)
#define ENC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define ENC_PRINTF(f, a)
#endif

/* ---- errors (err.c) ------------------------------------------------------ */

/* An error message filled in by a parser, shown by its caller. */
struct enc_err {
    char msg[320];
};

/* Sets e->msg; returns -1 (so that `return enc_errf(e, ...)` reads well). */
int enc_errf(struct enc_err *e, const char *fmt, ...) ENC_PRINTF(2, 3);

/* ---- base64, RFC 4648 §4 (base64.c) -------------------------------------- */

#define ENC_B64_LEN(n) (((n) + 2) / 3 * 4)

/* out = base64(in), with padding; out needs ENC_B64_LEN(n) bytes (no NUL
 * written). Branch-free and table-free in the data. */
void enc_b64_encode(char *out, const uint8_t *in, size_t n);

/*
 * Strict decoding of exactly n characters: only the RFC 4648 §4 alphabet,
 * n a multiple of 4, '=' only as the last one or two characters, and the
 * unused low bits of the last character zero (one encoding per byte string).
 * Writes *outlen ≤ cap bytes. Branch-free and table-free in the data; the
 * verdict and the position of an error are not secret. Returns 0, or -1 with
 * e set (what is wrong and at which character, 0-based).
 */
int enc_b64_decode(uint8_t *out, size_t cap, size_t *outlen, const char *in, size_t n,
                   struct enc_err *e);

/* ---- PEM, RFC 7468 (pem.c) ----------------------------------------------- */

#define ENC_PEM_LABEL_MAX 64
/* Largest base64 body accepted (a PEM key is under 200 bytes). */
#define ENC_PEM_BODY_MAX 16384

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
int enc_pem_decode(const char *text, size_t n, char label[ENC_PEM_LABEL_MAX], uint8_t *out,
                   size_t cap, size_t *outlen, struct enc_err *e);

/* The label of text's BEGIN line (after optional whitespace), without
 * looking further: for naming a format before its body is parsed (an
 * "OPENSSH PRIVATE KEY" has 70-character lines). Returns 0, or -1 if text
 * does not start with a well-formed "-----BEGIN LABEL-----" line. */
int enc_pem_label(const char *text, size_t n, char label[ENC_PEM_LABEL_MAX]);

/* PEM of der[0 .. n) with 64-character lines and LF line ends, into out
 * (cap bytes, NUL-terminated). Returns the length without the NUL, or 0 if
 * cap is too small. */
size_t enc_pem_encode(char *out, size_t cap, const char *label, const uint8_t *der, size_t n);

/* ---- RFC 8410 key structures in DER (rfc8410.c) -------------------------- */

#define RFC8410_PRIVATE 1 /* a PKCS#8 OneAsymmetricKey */
#define RFC8410_PUBLIC 2  /* a SubjectPublicKeyInfo */

enum rfc8410_alg {
    RFC8410_ALG_NONE = 0,
    RFC8410_ED25519, /* id-Ed25519, 1.3.101.112 */
    RFC8410_X25519   /* id-X25519, 1.3.101.110 */
};

/* "Ed25519" / "X25519". */
const char *rfc8410_alg_name(enum rfc8410_alg alg);

/* A PKCS#8 private key: version 0 (v1), or version 1 (v2) with or without
 * the public key. */
struct rfc8410_pkcs8 {
    enum rfc8410_alg alg;
    uint8_t priv[32]; /* secret: the Ed25519 seed or the X25519 scalar */
    int has_pub;      /* version 1 with the [1] publicKey field */
    uint8_t pub[32];
};

/* DER sizes of what we write: PKCS#8 v1 and SubjectPublicKeyInfo. */
#define RFC8410_PKCS8_DER_LEN 48
#define RFC8410_SPKI_DER_LEN 44

/*
 * Strict DER of the RFC 8410 structures: the whole input is one structure
 * with definite, minimally encoded lengths that fit, no trailing bytes, the
 * algorithm identifier without parameters, and for PKCS#8 the 32-byte key in
 * an OCTET STRING inside the privateKey OCTET STRING. Attributes ([0]) are
 * rejected; a publicKey ([1]) only with version 1. The caller checks that a
 * version-1 public key matches the private key. Return 0, or -1 with e set
 * (and, for PKCS#8, k zeroed).
 */
int rfc8410_parse_pkcs8(const uint8_t *der, size_t n, struct rfc8410_pkcs8 *k,
                        struct enc_err *e);
int rfc8410_parse_spki(const uint8_t *der, size_t n, enum rfc8410_alg *alg, uint8_t pub[32],
                       struct enc_err *e);
/* RFC8410_PRIVATE if der looks like a PKCS#8 key (a SEQUENCE starting with
 * an INTEGER), RFC8410_PUBLIC if like a SubjectPublicKeyInfo (a SEQUENCE
 * starting with a SEQUENCE), else 0. A guess for choosing the parser, which
 * then checks everything. */
int rfc8410_kind(const uint8_t *der, size_t n);
/* The algorithm of der if it is a PKCS#8 or SubjectPublicKeyInfo structure
 * whose AlgorithmIdentifier names Ed25519 or X25519, checked only that far
 * (the parsers above check everything); else RFC8410_ALG_NONE. For telling
 * a malformed key of ours from another algorithm's key. */
enum rfc8410_alg rfc8410_peek_alg(const uint8_t *der, size_t n);
/* out = the AlgorithmIdentifier of alg without parameters (RFC 8410 §3):
 * SEQUENCE { OBJECT IDENTIFIER }, as signature algorithm identifiers use it. */
#define RFC8410_ALGID_DER_LEN 7
void rfc8410_write_algid(uint8_t out[RFC8410_ALGID_DER_LEN], enum rfc8410_alg alg);
/* out = PKCS#8 v1 (version 0, no public key) / SubjectPublicKeyInfo. */
void rfc8410_write_pkcs8(uint8_t out[RFC8410_PKCS8_DER_LEN], enum rfc8410_alg alg,
                   const uint8_t priv[32]);
void rfc8410_write_spki(uint8_t out[RFC8410_SPKI_DER_LEN], enum rfc8410_alg alg,
                  const uint8_t pub[32]);

#endif /* VEC25519_ENCODING_H */
