/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Helpers of the vec25519 tool's output and streaming tests (cli_writes.sh,
 * cli_stream.sh), for what a shell cannot do reliably:
 *
 *   cli_io fsize BYTES PROGRAM ARGS...
 *       runs PROGRAM with RLIMIT_FSIZE = BYTES (`ulimit -f` in bytes), its
 *       standard output and error relayed through pipes, so that the limit
 *       hits only the files PROGRAM writes and its messages still arrive;
 *       exits with PROGRAM's status (128 + the signal if one ended it)
 *   cli_io closed-stdout PROGRAM ARGS...
 *       runs PROGRAM with standard output a pipe whose reading end is closed
 *       before PROGRAM starts: every write to it fails with EPIPE (no timing
 *       involved, unlike `| true`); exits with PROGRAM's status
 *   cli_io changed DIR
 *       in-process (the CLI's object library): `vec25519 sign -o SIG MSG`
 *       with a hook between its two passes that changes MSG (one byte
 *       flipped in place, a byte appended, the file cut in half). Each must be
 *       refused with exit status 2 and a message naming the file and saying
 *       it changed, and leave SIG exactly as it was (absent, or an old
 *       signature) and no temporary file in DIR. A hook that changes nothing,
 *       and one that renames a changed copy over MSG (the open file, read by
 *       both passes, is unchanged), give a valid signature of the original
 *       bytes (checked with the library's one-shot verify).
 *   cli_io sign-ref KEY MSG OUT
 *       OUT = the library's one-shot vec25519_ed25519_sign of the whole of MSG
 *       (read into memory) with the PKCS#8 key KEY: the reference for the
 *       streaming sign.
 */
#define _GNU_SOURCE

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "internal/ct.h"
#include "vec25519.h"

static int wait_status(pid_t pid)
{
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) {
            perror("waitpid");
            return 125;
        }
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Forks and runs argv with standard output out and standard error err (each
 * when ≥ 0), RLIMIT_FSIZE = *fsize when fsize is not NULL, SIGPIPE at its
 * default (the program must cope with it itself), and the descriptors
 * drop[0 .. ndrop) closed. Returns the pid, or -1. */
static pid_t spawn(char **argv, int out, int err, const struct rlimit *fsize, const int *drop,
                   int ndrop)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) perror("fork");
    if (pid != 0) return pid;
    if (out >= 0) dup2(out, 1);
    if (err >= 0) dup2(err, 2);
    for (int i = 0; i < ndrop; i++) close(drop[i]);
    signal(SIGPIPE, SIG_DFL);
    if (fsize && setrlimit(RLIMIT_FSIZE, fsize) != 0) _exit(126);
    execv(argv[0], argv);
    _exit(127);
}

/* ---- fsize ---------------------------------------------------------------- */

static int cmd_fsize(long long limit, char **argv)
{
    int out[2], err[2];
    if (pipe(out) != 0 || pipe(err) != 0) {
        perror("pipe");
        return 125;
    }
    struct rlimit rl = {(rlim_t)limit, (rlim_t)limit};
    int ends[4] = {out[0], out[1], err[0], err[1]};
    pid_t pid = spawn(argv, out[1], err[1], &rl, ends, 4);
    if (pid < 0) return 125;
    close(out[1]);
    close(err[1]);
    struct pollfd p[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_ends = 2;
    while (open_ends > 0) {
        if (poll(p, 2, -1) < 0) {
            if (errno == EINTR) continue;
            perror("poll");
            break;
        }
        for (int i = 0; i < 2; i++) {
            if (p[i].fd < 0 || !(p[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buf[4096];
            ssize_t r = read(p[i].fd, buf, sizeof buf);
            if (r <= 0) {
                close(p[i].fd);
                p[i].fd = -1;
                open_ends--;
                continue;
            }
            if (cli_write_all(i == 0 ? 1 : 2, buf, (size_t)r) != 0) return 125;
        }
    }
    return wait_status(pid);
}

/* ---- closed-stdout ---------------------------------------------------------- */

static int cmd_closed_stdout(char **argv)
{
    int p[2];
    if (pipe(p) != 0) {
        perror("pipe");
        return 125;
    }
    close(p[0]); /* no reader, ever */
    pid_t pid = spawn(argv, p[1], -1, NULL, &p[1], 1);
    if (pid < 0) return 125;
    close(p[1]);
    return wait_status(pid);
}

/* ---- changed ---------------------------------------------------------------- */

static char dir[1024], key[1100], msg[1100], sig[1100], errfile[1100];
static int fails;

static void fail(const char *what)
{
    printf("FAIL: %s\n", what);
    fails++;
}

static void write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(p, 1, n, f) != n || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno));
        exit(1);
    }
}

static size_t read_file(const char *path, uint8_t **out)
{
    struct cli_err e;
    size_t n = 0;
    if (cli_read_all(path, out, &n, &e) != 0) {
        fprintf(stderr, "%s: %s\n", path, e.msg);
        exit(1);
    }
    return n;
}

#define MSG_LEN (3 * CLI_CHUNK + 123) /* several blocks per pass */

enum change { NOTHING, FLIP, APPEND, TRUNCATE, REPLACE };
static enum change change;

static void hook(void)
{
    int fd = open(msg, O_RDWR);
    if (fd < 0) {
        perror(msg);
        exit(1);
    }
    uint8_t b;
    switch (change) {
    case NOTHING:
        break;
    case FLIP: /* same size, same inode: only the bytes say it */
        if (pread(fd, &b, 1, MSG_LEN / 2) != 1) exit(1);
        b ^= 1;
        if (pwrite(fd, &b, 1, MSG_LEN / 2) != 1) exit(1);
        break;
    case APPEND:
        b = 'x';
        if (pwrite(fd, &b, 1, MSG_LEN) != 1) exit(1);
        break;
    case TRUNCATE:
        if (ftruncate(fd, MSG_LEN / 2) != 0) exit(1);
        break;
    case REPLACE: { /* the name now another file: the open one is still read */
        uint8_t *m;
        size_t n = read_file(msg, &m);
        m[0] ^= 0x80;
        char other[1200];
        snprintf(other, sizeof other, "%s.new", msg);
        write_file(other, m, n);
        free(m);
        if (rename(other, msg) != 0) exit(1);
        break;
    }
    }
    close(fd);
}

/* Runs `sign -k key -o sig msg` in-process with stderr in errfile. */
static int sign_in_process(char *errtext, size_t cap)
{
    char *argv[] = {"sign", "-k", key, "-o", sig, msg, NULL};
    fflush(stderr);
    int saved = dup(2);
    int fd = open(errfile, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (saved < 0 || fd < 0) exit(1);
    dup2(fd, 2);
    close(fd);
    int rc = cli_cmd_sign(6, argv);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    FILE *f = fopen(errfile, "rb");
    size_t n = f ? fread(errtext, 1, cap - 1, f) : 0;
    if (f) fclose(f);
    errtext[n] = '\0';
    return rc;
}

static int temp_files_left(void)
{
    DIR *d = opendir(dir);
    struct dirent *de;
    int n = 0;
    while (d && (de = readdir(d)))
        if (strstr(de->d_name, ".tmp")) n++;
    if (d) closedir(d);
    return n;
}

static void one_case(enum change c, const char *name, int old_sig)
{
    uint8_t m[MSG_LEN], *before = NULL, *after = NULL;
    for (size_t i = 0; i < sizeof m; i++) m[i] = (uint8_t)(i * 131 + 7);
    write_file(msg, m, sizeof m);
    unlink(sig);
    size_t nbefore = 0;
    if (old_sig) {
        static const uint8_t old[64] = {1, 2, 3};
        write_file(sig, old, sizeof old);
        nbefore = read_file(sig, &before);
    }
    change = c;
    char err[2048], what[4096];
    int rc = sign_in_process(err, sizeof err);
    if (c == NOTHING || c == REPLACE) {
        snprintf(what, sizeof what, "%s: exit %d, stderr '%s'", name, rc, err);
        if (rc != 0) fail(what);
        uint8_t *s = NULL;
        size_t ns = read_file(sig, &s);
        struct cli_key k;
        struct cli_err e;
        if (cli_key_load(key, CLI_WANT_PRIVATE, CLI_ED25519, &k, &e) != 0) exit(1);
        if (ns != 64 || vec25519_ed25519_verify(s, m, sizeof m, k.pub) != 0) {
            snprintf(what, sizeof what, "%s: no valid signature of the original bytes", name);
            fail(what);
        }
        cli_key_wipe(&k);
        free(s);
    } else {
        snprintf(what, sizeof what, "%s: exit %d (expected 2), stderr '%s'", name, rc, err);
        if (rc != 2 || !strstr(err, "changed while being") || !strstr(err, msg)) fail(what);
        struct stat st;
        if (!old_sig && stat(sig, &st) == 0) {
            snprintf(what, sizeof what, "%s: a signature file was written", name);
            fail(what);
        }
        if (old_sig) {
            size_t nafter = read_file(sig, &after);
            if (nafter != nbefore || memcmp(before, after, nafter) != 0) {
                snprintf(what, sizeof what, "%s: the old signature file changed", name);
                fail(what);
            }
        }
    }
    if (temp_files_left()) {
        snprintf(what, sizeof what, "%s: a temporary file was left in %s", name, dir);
        fail(what);
    }
    free(before);
    free(after);
}

static int cmd_changed(const char *d)
{
    snprintf(dir, sizeof dir, "%s", d);
    snprintf(key, sizeof key, "%s/k.pem", dir);
    snprintf(msg, sizeof msg, "%s/msg", dir);
    snprintf(sig, sizeof sig, "%s/msg.sig", dir);
    snprintf(errfile, sizeof errfile, "%s/err", dir);
    unlink(key);
    char *kargv[] = {"keygen", "-o", key, NULL};
    if (cli_cmd_keygen(3, kargv) != 0) return 1;
    cli_sign_between_passes = hook;
    static const struct {
        enum change c;
        const char *name;
    } cases[] = {{NOTHING, "unchanged"},
                 {FLIP, "one byte flipped"},
                 {APPEND, "a byte appended"},
                 {TRUNCATE, "cut in half"},
                 {REPLACE, "a changed copy renamed over it"}};
    int n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int old = 0; old < 2; old++, n++) one_case(cases[i].c, cases[i].name, old);
    printf("changed between passes: %d cases, %d failed\n", n, fails);
    return fails != 0;
}

/* ---- sign-ref --------------------------------------------------------------- */

static int cmd_sign_ref(const char *keypath, const char *msgpath, const char *out)
{
    struct cli_key k;
    struct cli_err e;
    if (cli_key_load(keypath, CLI_WANT_PRIVATE, CLI_ED25519, &k, &e) != 0) {
        fprintf(stderr, "%s: %s\n", keypath, e.msg);
        return 1;
    }
    uint8_t sk[64], s[64], *m = NULL;
    memcpy(sk, k.priv, 32);
    memcpy(sk + 32, k.pub, 32);
    cli_key_wipe(&k);
    size_t n = read_file(msgpath, &m);
    int rc = vec25519_ed25519_sign(s, m, n, sk);
    vec25519_wipe(sk, sizeof sk);
    free(m);
    if (rc != 0) {
        fprintf(stderr, "vec25519_ed25519_sign failed\n");
        return 1;
    }
    write_file(out, s, sizeof s);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && strcmp(argv[1], "fsize") == 0) return cmd_fsize(atoll(argv[2]), argv + 3);
    if (argc >= 3 && strcmp(argv[1], "closed-stdout") == 0) return cmd_closed_stdout(argv + 2);
    if (argc == 3 && strcmp(argv[1], "changed") == 0) return cmd_changed(argv[2]);
    if (argc == 5 && strcmp(argv[1], "sign-ref") == 0)
        return cmd_sign_ref(argv[2], argv[3], argv[4]);
    fprintf(stderr, "usage: cli_io fsize BYTES PROGRAM ARGS... | closed-stdout PROGRAM ARGS... "
                    "| changed DIR | sign-ref KEY MSG OUT\n");
    return 2;
}
