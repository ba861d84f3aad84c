/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — messages, the option parser, file input with
 * read(2), and branch-free hex.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

#include "cli.h"
#include "platform.h"

const char *cli_prog = "vec25519";

/* ---- messages ------------------------------------------------------------ */

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout);
    fprintf(stderr, "%s: ", cli_prog);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

const char *cli_display_name(const char *path)
{
    return (path == NULL || strcmp(path, "-") == 0) ? "(stdin)" : path;
}

void cli_file_error(const char *path, const char *msg)
{
    cli_error("%s: %s", cli_display_name(path), msg);
}

/* ---- options ------------------------------------------------------------- */

static void try_help(void)
{
    fprintf(stderr, "Try '%s --help'.\n", cli_prog);
}

/* Stores the option's value or flag; an option given twice is an error. */
static int set_opt(const struct cli_opt *o, const char *value, const char *spelled)
{
    if (o->arg) {
        if (*o->arg) {
            cli_error("option %s given twice", spelled);
            return -1;
        }
        *o->arg = value;
    } else {
        if (*o->flag) {
            cli_error("option %s given twice", spelled);
            return -1;
        }
        *o->flag = 1;
    }
    return 0;
}

int cli_parse(int argc, char **argv, const struct cli_opt *opts, char **operands,
              int max_operands, const char *help)
{
    int nops = 0, only_operands = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const struct cli_opt *o = NULL;
        const char *value = NULL;

        if (only_operands || a[0] != '-' || a[1] == '\0') {
            if (nops >= max_operands) {
                if (max_operands == 0)
                    cli_error("unexpected argument '%s'", a);
                else
                    cli_error("too many arguments ('%s')", a);
                try_help();
                return -1;
            }
            operands[nops++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_operands = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(help, stdout);
            return -2;
        }
        if (a[1] == '-') { /* --long, --long=value */
            const char *name = a + 2;
            const char *eq = strchr(name, '=');
            size_t len = eq ? (size_t)(eq - name) : strlen(name);
            for (const struct cli_opt *p = opts; p->shortname || p->longname; p++)
                if (p->longname && strlen(p->longname) == len &&
                    strncmp(p->longname, name, len) == 0)
                    o = p;
            if (!o) {
                cli_error("unknown option '%.*s'", (int)(len + 2), a);
                try_help();
                return -1;
            }
            if (eq) {
                if (!o->arg) {
                    cli_error("option '--%s' takes no argument", o->longname);
                    try_help();
                    return -1;
                }
                value = eq + 1;
            }
        } else { /* -s, -s VALUE */
            for (const struct cli_opt *p = opts; p->shortname || p->longname; p++)
                if (p->shortname && p->shortname == a[1]) o = p;
            if (!o || a[2] != '\0') {
                cli_error("unknown option '%s'", a);
                try_help();
                return -1;
            }
        }
        if (o->arg && !value) {
            if (i + 1 >= argc) {
                cli_error("option '%s' needs an argument", a);
                try_help();
                return -1;
            }
            value = argv[++i];
        }
        if (o->arg && value[0] == '\0') {
            cli_error("option '%s' needs a non-empty argument", a);
            try_help();
            return -1;
        }
        if (set_opt(o, value, a) != 0) return -1;
    }
    return nops;
}

/* ---- input --------------------------------------------------------------- */

long cli_read_some(int fd, uint8_t *buf, size_t n)
{
    for (;;) {
        ssize_t r = read(fd, buf, n);
        if (r >= 0 || errno != EINTR) return (long)r;
    }
}

int cli_open_input(const char *path, struct cli_err *e)
{
    if (strcmp(path, "-") == 0) return 0;
    int fd;
    do {
        fd = open(path, O_RDONLY | O_CLOEXEC | CLI_O_BINARY);
    } while (fd < 0 && errno == EINTR);
    if (fd < 0) return cli_errf(e, "cannot open: %s", strerror(errno));
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        return cli_errf(e, "is a directory");
    }
    return fd;
}

int cli_read_small(const char *path, uint8_t *buf, size_t cap, size_t *len, struct cli_err *e)
{
    int fd = cli_open_input(path, e);
    if (fd < 0) return -1;
    size_t n = 0;
    int rc = 0;
    for (;;) {
        if (n == cap) {
            rc = cli_errf(e, "too large (more than %zu bytes): not a key or signature file",
                          cap - 1);
            break;
        }
        long r = cli_read_some(fd, buf + n, cap - n);
        if (r < 0) {
            rc = cli_errf(e, "read error: %s", strerror(errno));
            break;
        }
        if (r == 0) break;
        n += (size_t)r;
    }
    if (fd != 0) close(fd);
    if (rc != 0) return -1;
    buf[n] = 0;
    *len = n;
    return 0;
}

int cli_read_all(const char *path, uint8_t **out, size_t *outlen, struct cli_err *e)
{
    int fd = cli_open_input(path, e);
    if (fd < 0) return -1;
    size_t cap = 65536, n = 0;
    uint8_t *buf = malloc(cap);
    int rc = 0;
    if (!buf) rc = cli_errf(e, "out of memory");
    while (rc == 0) {
        if (n == cap) {
            uint8_t *bigger = cap <= (size_t)-1 / 2 ? realloc(buf, cap * 2) : NULL;
            if (!bigger) {
                rc = cli_errf(e, "out of memory (file larger than %zu bytes)", cap);
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        long r = cli_read_some(fd, buf + n, cap - n);
        if (r < 0) rc = cli_errf(e, "read error: %s", strerror(errno));
        if (r <= 0) break;
        n += (size_t)r;
    }
    if (fd != 0) close(fd);
    if (rc != 0) {
        free(buf);
        return -1;
    }
    if (n < cap) { /* give back what was not used (many messages may be held at once) */
        uint8_t *fit = realloc(buf, n ? n : 1);
        if (fit) buf = fit;
    }
    *out = buf;
    *outlen = n;
    return 0;
}

/* ---- output (the files themselves: output.c) ----------------------------- */

int cli_is_terminal_output(const char *path)
{
    return (path == NULL || strcmp(path, "-") == 0) && isatty(1);
}

int cli_refuse_terminal(const char *path, const char *what, const char *use)
{
    if (!cli_is_terminal_output(path)) return 0;
    cli_error("not writing a binary %s to a terminal (use %s)", what, use);
    return -1;
}

#if defined(_WIN32)
/* The volume and file index of path (st_dev and st_ino say nothing there:
 * the C library's st_ino is always 0). */
static int file_id(const char *path, BY_HANDLE_FILE_INFORMATION *info)
{
    HANDLE h = CreateFileA(path, 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, NULL,
                           OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, NULL);
    if (h == INVALID_HANDLE_VALUE) return -1;
    BOOL ok = GetFileInformationByHandle(h, info);
    CloseHandle(h);
    return ok ? 0 : -1;
}

int cli_same_file(const char *a, const char *b)
{
    BY_HANDLE_FILE_INFORMATION ia, ib;
    if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0) return 0;
    if (file_id(a, &ia) != 0 || file_id(b, &ib) != 0) return 0;
    return ia.dwVolumeSerialNumber == ib.dwVolumeSerialNumber &&
           ia.nFileIndexHigh == ib.nFileIndexHigh && ia.nFileIndexLow == ib.nFileIndexLow;
}
#else
int cli_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (!a || !b || strcmp(a, "-") == 0 || strcmp(b, "-") == 0) return 0;
    if (stat(a, &sa) != 0 || stat(b, &sb) != 0) return 0;
    return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
#endif

/* ---- hex ----------------------------------------------------------------- */

/* '0'..'9', 'a'..'f' for v in 0..15 without a branch or a table:
 * v + '0', plus ('a' - '0' - 10) when v > 9, that is when 9 - v < 0. */
static char hex_digit(unsigned v)
{
    unsigned above9 = ((9u - v) >> 8) & 1u; /* 1 iff v > 9 (v ≤ 15) */
    return (char)(v + '0' + above9 * ('a' - '0' - 10));
}

void cli_hex(char *out, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hex_digit(in[i] >> 4);
        out[2 * i + 1] = hex_digit(in[i] & 15u);
    }
    out[2 * n] = '\0';
}
