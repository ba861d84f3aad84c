/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 key encodings — the error message a parser fills in (encoding.h).
 */
#include <stdarg.h>
#include <stdio.h>

#include "encoding/encoding.h"

int enc_errf(struct enc_err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    return -1;
}
