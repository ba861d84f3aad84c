/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — output files that are replaced atomically,
 * standard output whose write errors are reported, and the removal of our
 * temporary files when a signal ends the program.
 *
 * A file FILE is written as a new file in FILE's folder, created with O_EXCL
 * and its final mode (a key: 0600) before any byte is written, filled,
 * fsync'ed and closed; only then is it renamed over FILE (or, when FILE must
 * not exist, linked to FILE with renameat2(RENAME_NOREPLACE), or link(2)
 * where that is not supported, which fail if FILE appeared meanwhile), and
 * the folder is fsync'ed. Any failure before the rename removes the new file
 * and leaves FILE as it was; the message says so. This is the usual
 * write-then-rename of careful editors and package managers (the POSIX
 * guarantee that rename(2) replaces its target atomically); what is ours is
 * the set of rules below for links, devices and modes.
 *
 *   - FILE a symbolic link: a key is never written through one (refused, as
 *     O_NOFOLLOW did). Public data (a signature, a public key) is written to
 *     the regular file the link leads to, replaced in that file's folder, so
 *     that the link stays; the link is resolved by the kernel (open O_PATH,
 *     then /proc/self/fd), so fs.protected_symlinks still applies.
 *   - FILE a device, a FIFO or a socket (/dev/null, a named pipe): public
 *     data is written into it in place, as there is no file to replace; a
 *     key is refused. /dev/stdout, /dev/stderr, /dev/fd/N and
 *     /proc/self/fd/N are written to that descriptor (a copy of it), as the
 *     shell set it up (appending stays appending).
 *   - A replaced public file keeps its permission bits (and, when we may, its
 *     owner and group); a key file always ends with mode 0600.
 *   - Hard links to a replaced file keep the old contents (rename replaces
 *     one name).
 *
 * Windows (mingw-w64): the same write-then-rename, with MoveFileEx in place
 * of rename(2), which cannot replace an existing file there:
 * MOVEFILE_REPLACE_EXISTING for a replace, without it when FILE must not
 * exist (it then fails if FILE appeared meanwhile), and MOVEFILE_WRITE_THROUGH
 * so that the move is on disk when it returns (there is no folder to fsync);
 * fsync is _commit (FlushFileBuffers). Permission bits and owners are POSIX
 * notions: a new file, a key included, gets the access rights its folder
 * passes on (the user's own folders are the user's), and a replaced file's
 * rights are not copied. Symbolic links and /dev/fd names are not handled
 * specially; NUL and CON, being devices, are written in place. A temporary
 * file cannot be deleted while open, so one left by Ctrl-C is removed only if
 * it was closed.
 */
#define _GNU_SOURCE /* renameat2, O_PATH */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
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
#include "vec25519.h"

/* ---- temporary files removed on a fatal signal ----------------------------- */

/* At most two at once: an output file and sign's spool file. A slot's path
 * is written while its flag is 0, so the handler reads only whole paths. */
#define CLI_TEMPS 2
static char temp_path[CLI_TEMPS][sizeof ((struct cli_out *)0)->tmp];
static volatile sig_atomic_t temp_used[CLI_TEMPS];

static void on_fatal_signal(int sig)
{
    for (int i = 0; i < CLI_TEMPS; i++)
        if (temp_used[i]) unlink(temp_path[i]); /* async-signal-safe */
    signal(sig, SIG_DFL);
    raise(sig);
}

#if defined(_WIN32)
void cli_signals_init(void)
{
    /* No SIGPIPE or SIGXFSZ (write errors are errors already), no sigaction:
     * Ctrl-C, Ctrl-Break and SIGTERM remove the temporary files. */
    static const int fatal[] = {SIGINT, SIGBREAK, SIGTERM};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        void (*old)(int) = signal(fatal[i], on_fatal_signal);
        if (old == SIG_IGN) signal(fatal[i], SIG_IGN); /* ignored by our parent: stays so */
    }
}
#else
void cli_signals_init(void)
{
    /* Write errors are reported, not fatal: EPIPE instead of SIGPIPE, EFBIG
     * (a file-size limit, `ulimit -f`) instead of SIGXFSZ. */
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    static const int fatal[] = {SIGHUP, SIGINT, SIGQUIT, SIGTERM};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        for (size_t j = 0; j < sizeof fatal / sizeof fatal[0]; j++)
            sigaddset(&sa.sa_mask, fatal[j]);
        /* A signal ignored by our parent (nohup) stays ignored. */
        if (sigaction(fatal[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(fatal[i], &sa, NULL);
    }
}
#endif

int cli_temp_register(const char *path)
{
    for (int i = 0; i < CLI_TEMPS; i++)
        if (!temp_used[i]) {
            if (strlen(path) >= sizeof temp_path[i]) return -1;
            strcpy(temp_path[i], path);
            temp_used[i] = 1;
            return i;
        }
    return -1;
}

void cli_temp_forget(int slot)
{
    if (slot >= 0 && slot < CLI_TEMPS) temp_used[slot] = 0;
}

/* ---- standard output ------------------------------------------------------- */

static int stdout_reported;

const char *cli_output_name(const char *path)
{
    return (path == NULL || strcmp(path, "-") == 0) ? "standard output" : path;
}

int cli_stdout_flush(void)
{
    if (stdout_reported) return -1;
    errno = 0;
    int failed = fflush(stdout) != 0;
    int err = errno;
    if (!failed && !ferror(stdout)) return 0;
    stdout_reported = 1;
    if (err != 0)
        cli_error("standard output: write error: %s", strerror(err));
    else
        cli_error("standard output: write error");
    return -1;
}

int cli_write_all(int fd, const void *data, size_t n)
{
    const uint8_t *p = data;
    while (n > 0) {
#if defined(_WIN32)
        /* The C library's write takes an unsigned int count. */
        ssize_t w = write(fd, p, n < 0x40000000u ? (unsigned)n : 0x40000000u);
#else
        ssize_t w = write(fd, p, n);
#endif
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (w == 0) { /* not expected of write(2); do not loop forever */
            errno = EIO;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* ---- output files ---------------------------------------------------------- */

/* dir = the folder of path ("." if none), base = its last component. */
static int split_path(const char *path, char *dir, size_t dcap, const char **base)
{
#if defined(_WIN32)
    /* Either slash separates; "C:NAME" is NAME in drive C's current folder. */
    const char *slash = strrchr(path, '/'), *back = strrchr(path, '\\');
    if (back && (!slash || back > slash)) slash = back;
    if (!slash && path[0] && path[1] == ':') {
        if (dcap < 4) return -1;
        dir[0] = path[0];
        strcpy(dir + 1, ":.");
        *base = path + 2;
        return 0;
    }
    if (slash == path + 2 && path[1] == ':') { /* "C:\NAME": the root of C */
        if (dcap < 4) return -1;
        memcpy(dir, path, 3);
        dir[3] = '\0';
        *base = slash + 1;
        return 0;
    }
#else
    const char *slash = strrchr(path, '/');
#endif
    if (!slash) {
        if (dcap < 2) return -1;
        strcpy(dir, ".");
        *base = path;
        return 0;
    }
    size_t dl = slash == path ? 1 : (size_t)(slash - path);
    if (dl >= dcap) return -1;
    memcpy(dir, path, dl);
    dir[dl] = '\0';
    *base = slash + 1;
    return 0;
}

#if !defined(_WIN32)
/* The regular file a symbolic link leads to, as the kernel resolves it. */
static int resolve_link(const char *path, char *out, size_t cap, struct cli_err *e)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) {
        if (errno == ENOENT)
            return cli_errf(e, "is a symbolic link to a missing file: not creating it "
                               "(give the file's own name)");
        return cli_errf(e, "cannot follow the symbolic link: %s", strerror(errno));
    }
    char proc[64];
    snprintf(proc, sizeof proc, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(proc, out, cap - 1);
    close(fd);
    if (n <= 0 || (size_t)n >= cap - 1 || out[0] != '/') {
        /* No /proc: the C library's resolution. */
        char *r = realpath(path, NULL);
        if (!r || strlen(r) >= cap) {
            free(r);
            return cli_errf(e, "cannot resolve the symbolic link: %s", strerror(errno));
        }
        strcpy(out, r);
        free(r);
        return 0;
    }
    out[n] = '\0';
    return 0;
}
#endif

static const char *unchanged(const struct cli_out *o)
{
    return o->existed ? "the file is unchanged" : "nothing was written";
}

/* Creates the temporary file next to o->target, mode perm, with O_EXCL. */
static int create_temp(struct cli_out *o, mode_t perm, struct cli_err *e)
{
    char dir[PATH_MAX];
    const char *base;
    if (split_path(o->target, dir, sizeof dir, &base) != 0 || base[0] == '\0')
        return cli_errf(e, "bad file name");
    for (int attempt = 0; attempt < 64; attempt++) {
        uint8_t rnd[6];
        char hex[13];
        if (vec25519_random_bytes(rnd, sizeof rnd) != 0)
            return cli_errf(e, "no operating-system randomness for a temporary name");
        cli_hex(hex, rnd, sizeof rnd);
        /* ".NAME.XXXXXXXXXXXX.tmp", NAME cut to keep within NAME_MAX. */
        int k = snprintf(o->tmp, sizeof o->tmp, "%s/.%.200s.%s.tmp", dir, base, hex);
        if (k < 0 || (size_t)k >= sizeof o->tmp) return cli_errf(e, "file name too long");
        int fd;
        do {
            fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | CLI_O_NOFOLLOW | O_CLOEXEC | CLI_O_BINARY,
                      perm);
        } while (fd < 0 && errno == EINTR);
        if (fd >= 0) {
            o->fd = fd;
            o->slot = cli_temp_register(o->tmp);
            return 0;
        }
        if (errno != EEXIST) {
            int err = errno;
            o->tmp[0] = '\0'; /* not ours: never to be removed */
            return cli_errf(e, "cannot create a temporary file in '%s': %s (%s)", dir,
                            strerror(err), unchanged(o));
        }
    }
    o->tmp[0] = '\0';
    return cli_errf(e, "cannot create a temporary file in '%s': too many name collisions",
                    dir);
}

static void drop_temp(struct cli_out *o)
{
    if (o->fd >= 0) close(o->fd);
    o->fd = -1;
    if (o->tmp[0]) unlink(o->tmp);
    cli_temp_forget(o->slot);
    o->slot = -1;
    o->tmp[0] = '\0';
}

int cli_out_open(struct cli_out *o, const char *path, enum cli_out_mode mode, int force,
                 struct cli_err *e)
{
    memset(o, 0, sizeof *o);
    o->fd = -1;
    o->slot = -1;
    o->mode = mode;
    o->force = force;
    if (path == NULL || strcmp(path, "-") == 0) {
        o->fd = 1;
        o->direct = 1;
        o->is_stdout = 1;
        fflush(stdout);
        return 0;
    }
    if (strlen(path) >= sizeof o->target) return cli_errf(e, "file name too long");
    strcpy(o->target, path);

    struct stat st;
#if defined(_WIN32)
    int exists = stat(path, &st) == 0; /* no symbolic links in the C library */
#else
    int exists = lstat(path, &st) == 0;
#endif
    if (!exists && errno != ENOENT)
        return cli_errf(e, "cannot create: %s", strerror(errno));
    if (exists && S_ISDIR(st.st_mode)) return cli_errf(e, "is a directory");

    if (mode == CLI_OUT_SECRET) {
        if (exists && !force) return cli_errf(e, "already exists (use --force to replace it)");
#if !defined(_WIN32)
        if (exists && S_ISLNK(st.st_mode))
            return cli_errf(e, "is a symbolic link: refusing to write a key");
#endif
        if (exists && !S_ISREG(st.st_mode))
            return cli_errf(e, "is not a regular file: refusing to replace it with a key");
        o->existed = exists;
        if (create_temp(o, 0600, e) != 0) return -1;
#if !defined(_WIN32)
        /* Exactly 0600 whatever the umask, before the key is written. */
        if (fchmod(o->fd, 0600) != 0) {
            int err = errno;
            drop_temp(o);
            return cli_errf(e, "cannot set mode 0600: %s (%s)", strerror(err), unchanged(o));
        }
#endif
        return 0;
    }

    /* /dev/stdout, /dev/fd/N and the like name one of our open descriptors:
     * written to it, as if we had been given the descriptor. */
    int fd_name = -1;
    if (strcmp(path, "/dev/stdout") == 0) fd_name = 1;
    if (strcmp(path, "/dev/stderr") == 0) fd_name = 2;
    const char *num = strncmp(path, "/dev/fd/", 8) == 0          ? path + 8
                      : strncmp(path, "/proc/self/fd/", 14) == 0 ? path + 14
                                                                 : NULL;
    if (num && *num >= '0' && *num <= '9' && strspn(num, "0123456789") == strlen(num) &&
        strlen(num) < 6)
        fd_name = atoi(num);
    if (fd_name >= 0) {
#if defined(_WIN32)
        o->fd = dup(fd_name);
#else
        o->fd = fcntl(fd_name, F_DUPFD_CLOEXEC, 3);
#endif
        if (o->fd < 0) return cli_errf(e, "cannot write to it: %s", strerror(errno));
        o->direct = 1;
        return 0;
    }
#if !defined(_WIN32)
    if (exists && S_ISLNK(st.st_mode)) {
        struct stat to;
        if (stat(path, &to) != 0) {
            if (errno == ENOENT)
                return cli_errf(e, "is a symbolic link to a missing file: not creating it "
                                   "(give the file's own name)");
            return cli_errf(e, "cannot follow the symbolic link: %s", strerror(errno));
        }
        if (S_ISDIR(to.st_mode)) return cli_errf(e, "is a symbolic link to a directory");
        if (S_ISREG(to.st_mode)) {
            if (resolve_link(path, o->target, sizeof o->target, e) != 0) return -1;
            if (stat(o->target, &to) != 0)
                return cli_errf(e, "cannot stat the link's target: %s", strerror(errno));
        }
        st = to;
    }
#endif
    if (exists && !S_ISREG(st.st_mode)) {
        /* A device, FIFO or socket: written in place. */
        int fd;
        do {
            fd = open(path, O_WRONLY | CLI_O_NOCTTY | O_CLOEXEC | CLI_O_BINARY);
        } while (fd < 0 && errno == EINTR);
        if (fd < 0) return cli_errf(e, "cannot open: %s", strerror(errno));
        o->fd = fd;
        o->direct = 1;
        return 0;
    }
    o->existed = exists;
    if (create_temp(o, 0666, e) != 0) return -1;
#if !defined(_WIN32)
    if (exists) {
        /* Keep the replaced file's owner, group and permission bits (best effort
         * for the owner: only root may give a file away). */
        if (st.st_uid != geteuid() || st.st_gid != getegid()) {
            int ignored = fchown(o->fd, st.st_uid, st.st_gid); /* failing: ours stay */
            (void)ignored;
        }
        if (fchmod(o->fd, st.st_mode & 0777) != 0) {
            int err = errno;
            drop_temp(o);
            return cli_errf(e, "cannot set the mode of the new file: %s (%s)", strerror(err),
                            "the file is unchanged");
        }
    }
#endif
    return 0;
}

int cli_out_write(struct cli_out *o, const void *data, size_t len, struct cli_err *e)
{
    if (cli_write_all(o->fd, data, len) == 0) return 0;
    int err = errno;
    if (o->is_stdout) return cli_errf(e, "write error: %s", strerror(err));
    if (o->direct) return cli_errf(e, "write error: %s", strerror(err));
    drop_temp(o);
    return cli_errf(e, "write error: %s (%s)", strerror(err), unchanged(o));
}

#if defined(_WIN32)
/* The message of a Windows error code, one line. */
static const char *win_error(DWORD err)
{
    static char msg[256];
    DWORD n = FormatMessageA(FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS, NULL,
                             err, 0, msg, sizeof msg, NULL);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == '\r' || msg[n - 1] == ' ' ||
                     msg[n - 1] == '.'))
        n--;
    if (n == 0) snprintf(msg, sizeof msg, "Windows error %lu", (unsigned long)err);
    else msg[n] = '\0';
    return msg;
}

/* Puts the complete (closed) temporary file in place: MoveFileEx replaces an
 * existing FILE only when it may (a key without --force: never). */
static int install(struct cli_out *o, struct cli_err *e)
{
    int keep = o->mode == CLI_OUT_SECRET && !o->force;
    DWORD flags = MOVEFILE_WRITE_THROUGH | (keep ? 0 : MOVEFILE_REPLACE_EXISTING);
    if (MoveFileExA(o->tmp, o->target, flags)) return 0;
    DWORD err = GetLastError();
    if (keep && (err == ERROR_ALREADY_EXISTS || err == ERROR_FILE_EXISTS))
        return cli_errf(e, "already exists (use --force to replace it)");
    return cli_errf(e, "cannot %s: %s (%s)", keep ? "create" : "replace", win_error(err),
                    unchanged(o));
}
#else
/* Puts the complete temporary file in place. */
static int install(struct cli_out *o, struct cli_err *e)
{
    if (o->mode == CLI_OUT_SECRET && !o->force) {
        /* FILE must still not exist: never replace what appeared meanwhile. */
        int rc = -1;
#ifdef RENAME_NOREPLACE
        rc = renameat2(AT_FDCWD, o->tmp, AT_FDCWD, o->target, RENAME_NOREPLACE);
        if (rc != 0 && errno != EINVAL && errno != ENOSYS && errno != ENOTSUP) goto failed;
#endif
        if (rc != 0) { /* a file system without RENAME_NOREPLACE: link, then unlink */
            if (link(o->tmp, o->target) != 0) goto failed;
            unlink(o->tmp);
        }
        return 0;
    failed:
        if (errno == EEXIST) return cli_errf(e, "already exists (use --force to replace it)");
        return cli_errf(e, "cannot create: %s (%s)", strerror(errno), unchanged(o));
    }
    if (rename(o->tmp, o->target) != 0)
        return cli_errf(e, "cannot replace: %s (%s)", strerror(errno), unchanged(o));
    return 0;
}
#endif

int cli_out_commit(struct cli_out *o, struct cli_err *e)
{
    if (o->is_stdout) return 0;
    if (o->direct) {
        int rc = close(o->fd);
        o->fd = -1;
        return rc == 0 ? 0 : cli_errf(e, "write error: %s", strerror(errno));
    }
    int err = 0;
    const char *what = "";
#if defined(_WIN32)
    if (_commit(o->fd) != 0) {
#else
    if (fsync(o->fd) != 0) {
#endif
        err = errno;
        what = "cannot sync the data to disk";
    }
    int rc = close(o->fd);
    o->fd = -1;
    if (rc != 0 && err == 0) {
        err = errno;
        what = "write error";
    }
    if (err == 0 && install(o, e) != 0) err = -1;
    if (err != 0) {
        drop_temp(o);
        if (err > 0) return cli_errf(e, "%s: %s (%s)", what, strerror(err), unchanged(o));
        return -1;
    }
    cli_temp_forget(o->slot);
    o->slot = -1;
    o->tmp[0] = '\0';

#if defined(_WIN32)
    return 0; /* MOVEFILE_WRITE_THROUGH: the move is on disk */
#else
    /* Make the rename itself durable: fsync the folder. */
    char dir[PATH_MAX];
    const char *base;
    if (split_path(o->target, dir, sizeof dir, &base) != 0) return 0;
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd < 0) return 0; /* a folder we may write in but not read: nothing to sync with */
    rc = fsync(dfd);
    err = errno;
    close(dfd);
    if (rc != 0 && err != EINVAL && err != ENOTSUP)
        return cli_errf(e, "written, but syncing its folder failed: %s (the new file may not "
                           "survive a crash)",
                        strerror(err));
    return 0;
#endif
}

void cli_out_abort(struct cli_out *o)
{
    if (o->is_stdout) return;
    if (o->direct) {
        if (o->fd >= 0) close(o->fd);
        o->fd = -1;
        return;
    }
    drop_temp(o);
}

int cli_out_finish(struct cli_out *o, const char *path, const void *data, size_t len)
{
    struct cli_err e;
    if (cli_out_write(o, data, len, &e) == 0 && cli_out_commit(o, &e) == 0) return 0;
    cli_out_abort(o);
    cli_error("%s: %s", cli_output_name(path), e.msg);
    return -1;
}

int cli_write_output(const char *path, const void *data, size_t len, enum cli_out_mode mode,
                     int force, struct cli_err *e)
{
    struct cli_out o;
    if (cli_out_open(&o, path, mode, force, e) != 0) return -1;
    if (cli_out_write(&o, data, len, e) != 0) {
        cli_out_abort(&o);
        return -1;
    }
    return cli_out_commit(&o, e);
}
