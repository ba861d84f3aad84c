/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — messages read in bounded memory, once
 * (verify, --prehash) or twice (sign), with a progress line on a terminal.
 *
 * A regular file (also standard input redirected from one) is read in
 * CLI_CHUNK-byte blocks; its second pass starts again at the offset the
 * first began at. Anything else (a pipe, a terminal, a FIFO, a device) cannot
 * be read twice, so the first pass keeps a copy: the first CLI_SPOOL_MEM
 * bytes in memory, the rest in an unnamed temporary file (O_TMPFILE, or a
 * file unlinked at once) in $TMPDIR or /tmp, which the second pass reads.
 * Memory stays under CLI_SPOOL_MEM + CLI_CHUNK whatever the size.
 *
 * The second pass of a regular file must read as many bytes as the first;
 * that the bytes themselves are the same is checked by the signer
 * (ed25519_sign2_final), which refuses to sign otherwise.
 *
 * Progress: when standard error is a terminal and the input is at least
 * CLI_PROGRESS_MIN bytes (or, of unknown size, once that many were read), a
 * line "vec25519 sign: FILE: pass 1 of 2: 37% (380 of 1024 MiB)" is drawn on
 * stderr at the start, at most every 0.2 s, and at the end, then erased.
 *
 * Windows: the spool is a file of a random name in %TMPDIR%, %TEMP%, %TMP% or
 * the current folder, opened _O_TEMPORARY (deleted when closed, as an open
 * file cannot be unlinked there); files are read in binary mode.
 */
#define _GNU_SOURCE /* O_TMPFILE */

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#if defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

#include "cli.h"
#include "platform.h"
#if defined(_WIN32)
#include "vec25519.h"
#endif

static uint8_t chunk[CLI_CHUNK];

int cli_msg_open(struct cli_msg *m, const char *path, int passes, struct cli_err *e)
{
    memset(m, 0, sizeof *m);
    m->path = path;
    m->passes = passes;
    m->spool_fd = -1;
    m->fd = cli_open_input(path, e);
    if (m->fd < 0) return -1;
    struct stat st;
    if (fstat(m->fd, &st) == 0 && S_ISREG(st.st_mode)) {
        off_t at = lseek(m->fd, 0, SEEK_CUR);
        if (at >= 0) {
            m->regular = 1;
            m->start = at;
            m->total = st.st_size > at ? (uint64_t)(st.st_size - at) : 0;
        }
    }
    m->progress = isatty(2) && (!m->regular || m->total >= CLI_PROGRESS_MIN);
    return 0;
}

void cli_msg_close(struct cli_msg *m)
{
    if (m->fd > 0) close(m->fd);
    m->fd = -1;
    if (m->spool_fd >= 0) close(m->spool_fd);
    m->spool_fd = -1;
    free(m->mem);
    m->mem = NULL;
}

/* ---- progress ------------------------------------------------------------- */

static double now(void)
{
#if defined(_WIN32)
    return (double)GetTickCount64() * 1e-3;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

static void progress(struct cli_msg *m, int pass, uint64_t done, int force)
{
    if (!m->progress) return;
    if (!m->regular && done < CLI_PROGRESS_MIN && !m->shown) return;
    double t = now();
    if (!force && m->shown && t - m->last < 0.2) return;
    m->last = t;
    m->shown = 1;
    char passes[32] = "";
    if (m->passes > 1) snprintf(passes, sizeof passes, " pass %d of %d:", pass, m->passes);
    const double mib = 1024.0 * 1024.0;
    if (m->regular)
        fprintf(stderr, "\r%s: %s:%s %3d%% (%.0f of %.0f MiB)\033[K", cli_prog,
                cli_display_name(m->path), passes,
                m->total ? (int)(100.0 * (double)done / (double)m->total) : 100,
                (double)done / mib, (double)m->total / mib);
    else
        fprintf(stderr, "\r%s: %s:%s %.0f MiB\033[K", cli_prog, cli_display_name(m->path),
                passes, (double)done / mib);
    fflush(stderr);
}

static void progress_end(struct cli_msg *m)
{
    if (m->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    m->shown = 0;
}

/* ---- the spool of a non-regular input ------------------------------------- */

static int spool_open(struct cli_msg *m, struct cli_err *e)
{
    const char *dir = getenv("TMPDIR");
#if defined(_WIN32)
    if (!dir || !*dir) dir = getenv("TEMP");
    if (!dir || !*dir) dir = getenv("TMP");
    if (!dir || !*dir) dir = ".";
    int fd = -1;
    errno = EEXIST;
    for (int attempt = 0; fd < 0 && errno == EEXIST && attempt < 64; attempt++) {
        uint8_t rnd[8];
        char hex[17], name[4200];
        if (vec25519_random_bytes(rnd, sizeof rnd) != 0) {
            errno = EIO;
            break;
        }
        cli_hex(hex, rnd, sizeof rnd);
        snprintf(name, sizeof name, "%s\\vec25519-spool-%s.tmp", dir, hex);
        fd = open(name, O_RDWR | O_CREAT | O_EXCL | O_BINARY | O_NOINHERIT | _O_TEMPORARY |
                            _O_SHORT_LIVED, 0600);
    }
#else
    if (!dir || !*dir) dir = "/tmp";
    int fd = -1;
#ifdef O_TMPFILE
    fd = open(dir, O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
#endif
    if (fd < 0) { /* no O_TMPFILE there: a named file, unlinked at once */
        char name[4200];
        snprintf(name, sizeof name, "%s/vec25519-spool-XXXXXX", dir);
        fd = mkstemp(name);
        if (fd >= 0) unlink(name);
    }
#endif
    if (fd < 0)
        return cli_errf(e, "cannot keep a copy of the input for signing's second pass: "
                           "cannot create a temporary file in %s: %s (sign a regular file, "
                           "or use --prehash)",
                        dir, strerror(errno));
    m->spool_fd = fd;
    m->spool_dir = dir;
    return 0;
}

/* Keeps p[0 .. n) of the first pass for the second. */
static int spool_add(struct cli_msg *m, const uint8_t *p, size_t n, struct cli_err *e)
{
    if (m->memlen < CLI_SPOOL_MEM) {
        if (!m->mem && !(m->mem = malloc(CLI_SPOOL_MEM))) return cli_errf(e, "out of memory");
        size_t k = CLI_SPOOL_MEM - m->memlen < n ? CLI_SPOOL_MEM - m->memlen : n;
        memcpy(m->mem + m->memlen, p, k);
        m->memlen += k;
        p += k;
        n -= k;
    }
    if (n == 0) return 0;
    if (m->spool_fd < 0 && spool_open(m, e) != 0) return -1;
    if (cli_write_all(m->spool_fd, p, n) != 0)
        return cli_errf(e, "cannot keep a copy of the input for signing's second pass in %s: "
                           "%s (sign a regular file, or use --prehash)",
                        m->spool_dir, strerror(errno));
    return 0;
}

/* ---- passes --------------------------------------------------------------- */

int cli_msg_pass(struct cli_msg *m, int pass, cli_msg_fn fn, void *ctx, struct cli_err *e)
{
    uint64_t done = 0;
    int rc = 0, fd = m->fd;
    int from_spool = pass > 1 && !m->regular;

    if (pass > 1 && m->regular && lseek(fd, m->start, SEEK_SET) != m->start)
        return cli_errf(e, "cannot read the file again: %s", strerror(errno));
    if (from_spool) {
        /* The part kept in memory, then the spool file from its start. */
        progress(m, pass, 0, 1);
        if (m->memlen) fn(ctx, m->mem, m->memlen);
        done = m->memlen;
        fd = m->spool_fd;
        if (fd >= 0 && lseek(fd, 0, SEEK_SET) != 0)
            rc = cli_errf(e, "cannot read the temporary copy again: %s", strerror(errno));
    }
    progress(m, pass, done, 1);
    while (rc == 0 && fd >= 0) {
        long r = cli_read_some(fd, chunk, sizeof chunk);
        if (r < 0) {
            rc = cli_errf(e, "read error: %s", strerror(errno));
            break;
        }
        if (r == 0) break;
        if (pass == 1 && !m->regular && m->passes > 1)
            rc = spool_add(m, chunk, (size_t)r, e);
        fn(ctx, chunk, (size_t)r);
        done += (size_t)r;
        progress(m, pass, done, 0);
    }
    if (rc == 0 && pass == 1) m->first = done;
    if (rc == 0 && pass > 1 && done != m->first)
        rc = cli_errf(e, "changed while being read: %llu bytes on the first pass, %llu on the "
                         "second",
                      (unsigned long long)m->first, (unsigned long long)done);
    if (rc == 0) progress(m, pass, done, 1);
    progress_end(m);
    return rc;
}
