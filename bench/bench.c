/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — cycles and ns per operation, for each backend of this
 * build that the CPU can run, with libsodium and OpenSSL side by side when
 * they were found at configure time (docs/conventions.md §7).
 *
 * Every implementation is first run once and its result compared with the
 * expected one (known answers, or a different algorithm); a mismatch stops
 * the program with exit status 1 before anything is timed.
 *
 * Rounds are interleaved: for each operation, round k of every
 * implementation (the order rotating from round to round) is measured before
 * round k + 1 of any, so a change of load or clock on a shared machine
 * touches all of them alike. The ratio to the peers is computed per round;
 * the table shows its median and range, and a section lists every round.
 * The machine (CPU model, backend) and its load (/proc/loadavg, at the start
 * and the end) are part of the output, and --svg writes a chart of
 * vec25519 against each peer per operation (no dependency: SVG text).
 *
 * Usage: vec25519-bench [--json] [--backend NAME] [--quick] [--rounds N]
 *                       [--svg FILE] [--help]
 *
 * The driver is bench_main(), called by main.c (vec25519-bench) and by the
 * command-line tool (`vec25519 bench`, cli/cmd_bench.c).
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "vec25519.h"
#include "backend/backend.h"
#include "bench.h"

#define MAX_BACKENDS 8
#define MAX_COLUMNS (MAX_BACKENDS + BENCH_NPEERS)
#define MAX_OPS 64 /* rows of bench_ops[]; bench_main fails if there are more */
#define MAX_ROUNDS 15
#define DEFAULT_ROUNDS 5

/* A column of the table: one of our backends, or a peer. */
struct column {
    const char *name;
    const struct backend *backend; /* NULL for a peer */
    enum bench_peer peer;          /* which peer, when backend is NULL */
};

struct cell {
    int present; /* 0: the implementation has no equivalent ("-") */
    struct bench_sample s; /* medians of the rounds' medians; runs: their sum */
    struct bench_sample r[MAX_ROUNDS]; /* each round */
};

/* A ratio over the rounds: median and range. */
struct ratio {
    int ok; /* 0: no ratio (no peer, or none of ours) */
    double med, lo, hi;
};

static struct column columns[MAX_COLUMNS];
static size_t ncolumns, nbackends; /* columns[0 .. nbackends) are ours */
static struct cell cells[MAX_OPS][MAX_COLUMNS];

static struct {
    int json, quick;
    unsigned rounds;
    const char *backend;
    const char *svg;
} opt;

/* The program name in messages: the last component of argv[0] of bench_main
 * ("vec25519-bench", or "vec25519 bench" from the command-line tool). */
static const char *prog = "vec25519-bench";

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: %s [--json] [--backend NAME] [--quick] [--rounds N] [--svg FILE] [--help]\n"
            "\n"
            "Median cycles (TSC) and ns per call of X25519, Ed25519, the backend\n"
            "scalar multiplications and SHA-512, for every backend this CPU can run,\n",
            prog);
    if (bench_peer_version(PEER_SODIUM) || bench_peer_version(PEER_OPENSSL))
        fprintf(f, "next to the peers built into this program (%s%s%s), in rounds\n"
                   "interleaved across implementations; ratios per round.\n",
                bench_peer_version(PEER_SODIUM) ? "libsodium" : "",
                bench_peer_version(PEER_SODIUM) && bench_peer_version(PEER_OPENSSL) ? ", " : "",
                bench_peer_version(PEER_OPENSSL) ? "OpenSSL" : "");
    else
        fprintf(f, "in interleaved rounds. No peer is built into this program: it times\n"
                   "vec25519 alone (vec25519-bench, built where libsodium or OpenSSL\n"
                   "development files are found, compares).\n");
    fprintf(f,
            "\n"
            "  --json          print the results as JSON on stdout instead of a table\n"
            "  --backend NAME  measure only this backend (e.g. serial, avx2, ifma)\n"
            "  --quick         a few runs per operation, one round (a smoke test)\n"
            "  --rounds N      interleaved rounds per operation, 1..%d (default %d)\n"
            "  --svg FILE      also write a chart of vec25519 against each peer (SVG)\n"
            "  --help          this text\n"
            "\n"
            "A progress line is shown on standard error when it is a terminal.\n"
            "Exit status: 0 success, 1 an implementation gave a wrong result, 2 bad usage\n"
            "or an output file that cannot be written.\n",
            MAX_ROUNDS, DEFAULT_ROUNDS);
}

static void list_backends(FILE *f)
{
    size_t n;
    const struct backend *const *all = backend_available(&n);
    for (size_t i = 0; i < n; i++) fprintf(f, "%s%s", i ? ", " : "", all[i]->name);
}

static int parse_args(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) {
            opt.json = 1;
        } else if (strcmp(argv[i], "--quick") == 0) {
            opt.quick = 1;
        } else if ((strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) ||
                   strncmp(argv[i], "--rounds=", 9) == 0) {
            const char *v = argv[i][8] == '=' ? argv[i] + 9 : argv[++i];
            char *end;
            unsigned long n = strtoul(v, &end, 10);
            if (!*v || *end || *v == '-' || n < 1 || n > MAX_ROUNDS) {
                fprintf(stderr, "%s: --rounds wants a number from 1 to %d, not '%s'\n", prog,
                        MAX_ROUNDS, v);
                return -1;
            }
            opt.rounds = (unsigned)n;
        } else if ((strcmp(argv[i], "--svg") == 0 && i + 1 < argc) ||
                   strncmp(argv[i], "--svg=", 6) == 0) {
            opt.svg = argv[i][5] == '=' ? argv[i] + 6 : argv[++i];
            if (!*opt.svg) {
                fprintf(stderr, "%s: --svg wants a file name\n", prog);
                return -1;
            }
        } else if (strcmp(argv[i], "--backend") == 0 && i + 1 < argc) {
            opt.backend = argv[++i];
        } else if (strncmp(argv[i], "--backend=", 10) == 0) {
            opt.backend = argv[i] + 10;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            exit(0);
        } else {
            fprintf(stderr, "%s: unknown or incomplete option '%s'\n", prog, argv[i]);
            usage(stderr);
            return -1;
        }
    }
    return 0;
}

/* The columns: the backends to measure, then the peers built in. */
static int setup_columns(void)
{
    size_t n;
    const struct backend *const *all = backend_available(&n);
    static const struct backend *only;
    if (opt.backend) {
        only = backend_by_name(opt.backend);
        if (!only) {
            fprintf(stderr, "%s: unknown backend '%s' (available here: ", prog, opt.backend);
            list_backends(stderr);
            fprintf(stderr, ")\n");
            return -1;
        }
        all = &only;
        n = 1;
    }
    for (size_t i = 0; i < n && i < MAX_BACKENDS; i++)
        columns[ncolumns++] = (struct column){all[i]->name, all[i], PEER_SODIUM};
    nbackends = ncolumns;
    for (int p = 0; p < BENCH_NPEERS; p++)
        if (bench_peer_version((enum bench_peer)p))
            columns[ncolumns++] =
                (struct column){bench_peer_name((enum bench_peer)p), NULL, (enum bench_peer)p};
    return 0;
}

/* The implementation of op in column c (switching backend if it is ours). */
static bench_fn select_impl(const struct bench_op *op, const struct column *c)
{
    if (c->backend) {
        backend_set(c->backend);
        return op->ours;
    }
    return op->peer[c->peer];
}

static void print_hex(FILE *f, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) fprintf(f, "%02x", p[i]);
}

/* Runs every implementation once against the expected result. */
static int check_all(void)
{
    int bad = 0;
    for (size_t i = 0; i < bench_nops; i++) {
        const struct bench_op *op = &bench_ops[i];
        uint8_t want[BENCH_OUT_MAX] = {0};
        if (op->expected(op, want) != 0) {
            fprintf(stderr, "%s: cannot establish the expected result of %s\n", prog,
                    op->label);
            return -1;
        }
        for (size_t c = 0; c < ncolumns; c++) {
            bench_fn f = select_impl(op, &columns[c]);
            if (!f) continue;
            uint8_t got[BENCH_OUT_MAX] = {0};
            f(op, got, 1);
            if (memcmp(got, want, op->outlen) != 0) {
                fprintf(stderr, "%s: WRONG RESULT: %s by %s\n  got      ", prog, op->label,
                        columns[c].name);
                print_hex(stderr, got, op->outlen);
                fprintf(stderr, "\n  expected ");
                print_hex(stderr, want, op->outlen);
                fprintf(stderr, "\n");
                bad = 1;
            }
            if (op->tamper) {
                op->tamper(1);
                memset(got, 0, sizeof got);
                f(op, got, 1);
                op->tamper(0);
                if (memcmp(got, want, op->outlen) == 0) {
                    fprintf(stderr, "%s: WRONG RESULT: %s by %s accepts a tampered input\n",
                            prog, op->label, columns[c].name);
                    bad = 1;
                }
            }
        }
    }
    return bad ? -1 : 0;
}

/* Best (smallest) cycles of round k among columns [from, to); 0 if none. */
static uint64_t best_cycles_round(size_t op, size_t from, size_t to, unsigned k)
{
    uint64_t best = 0;
    for (size_t c = from; c < to; c++)
        if (cells[op][c].present && cells[op][c].r[k].cycles > 0 &&
            (best == 0 || cells[op][c].r[k].cycles < best))
            best = cells[op][c].r[k].cycles;
    return best;
}

/* Round k's ratio of a peer's time to the best of ours: column peer, or the
 * best peer when peer is (size_t)-1. < 0 when there is none. */
static double ratio_round(size_t op, size_t peer, unsigned k)
{
    uint64_t ours = best_cycles_round(op, 0, nbackends, k);
    uint64_t theirs = peer == (size_t)-1 ? best_cycles_round(op, nbackends, ncolumns, k)
                                          : best_cycles_round(op, peer, peer + 1, k);
    if (ours == 0 || theirs == 0) return -1.0;
    return (double)theirs / (double)ours;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median and range over the rounds of ratio_round(op, peer, k). */
static struct ratio ratio_stats(size_t op, size_t peer)
{
    struct ratio r = {0, 0, 0, 0};
    double v[MAX_ROUNDS];
    unsigned n = 0;
    for (unsigned k = 0; k < opt.rounds; k++) {
        double x = ratio_round(op, peer, k);
        if (x > 0) v[n++] = x;
    }
    if (n == 0) return r;
    qsort(v, n, sizeof v[0], cmp_double);
    r.ok = 1;
    r.med = (n & 1) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    r.lo = v[0];
    r.hi = v[n - 1];
    return r;
}

#define LABEL_W 30
#define CYCLES_W 12
#define DETAIL_W 19
#define RATIO_W 22

static int column_width(size_t c, int min)
{
    int w = (int)strlen(columns[c].name) + 2;
    return w > min ? w : min;
}

static void print_header_row(int min_w, const char *last)
{
    printf("%-*s", LABEL_W, "operation");
    for (size_t c = 0; c < ncolumns; c++) printf("%*s", column_width(c, min_w), columns[c].name);
    if (last) printf("%*s", RATIO_W, last);
    printf("\n");
}

/* "2.41 (2.30-2.52)": the median ratio and its range over the rounds. */
static void format_ratio(char *buf, size_t n, struct ratio r)
{
    if (!r.ok)
        snprintf(buf, n, "-");
    else if (opt.rounds > 1)
        snprintf(buf, n, "%.2f (%.2f-%.2f)", r.med, r.lo, r.hi);
    else
        snprintf(buf, n, "%.2f", r.med);
}

static void print_cycles_row(size_t i)
{
    printf("%-*s", LABEL_W, bench_ops[i].label);
    for (size_t c = 0; c < ncolumns; c++) {
        int w = column_width(c, CYCLES_W);
        if (cells[i][c].present)
            printf("%*llu", w, (unsigned long long)cells[i][c].s.cycles);
        else
            printf("%*s", w, "-");
    }
    char buf[64];
    format_ratio(buf, sizeof buf, ratio_stats(i, (size_t)-1));
    printf("%*s\n", RATIO_W, buf);
    fflush(stdout);
}

/* Every round's ratio of each operation that has a peer. */
static void print_rounds_table(void)
{
    if (ncolumns == nbackends || opt.rounds < 2) return;
    printf("\nvs best peer, round by round (best peer / best of ours, cycles of the round)\n");
    for (size_t i = 0; i < bench_nops; i++) {
        struct ratio r = ratio_stats(i, (size_t)-1);
        if (!r.ok) continue;
        printf("%-*s", LABEL_W, bench_ops[i].label);
        for (unsigned k = 0; k < opt.rounds; k++) {
            double x = ratio_round(i, (size_t)-1, k);
            if (x > 0)
                printf(" %6.2f", x);
            else
                printf(" %6s", "-");
        }
        printf("   spread %+.1f%%/%+.1f%% of the median\n", 100.0 * (r.lo / r.med - 1.0),
               100.0 * (r.hi / r.med - 1.0));
    }
}

static void print_detail_table(void)
{
    printf("\nmedian ns per call (number of timed runs)\n");
    print_header_row(DETAIL_W, NULL);
    for (size_t i = 0; i < bench_nops; i++) {
        printf("%-*s", LABEL_W, bench_ops[i].label);
        for (size_t c = 0; c < ncolumns; c++) {
            char buf[64] = "-";
            if (cells[i][c].present)
                snprintf(buf, sizeof buf, "%llu (%u)", (unsigned long long)cells[i][c].s.ns,
                         cells[i][c].s.runs);
            printf("%*s", column_width(c, DETAIL_W), buf);
        }
        printf("\n");
    }
}

/* The throughput rows (bench_bytes_per_call) again, as counter ticks per
 * byte and MB/s (10^6 bytes per second, from the median ns). */
static void print_throughput_table(void)
{
    int any = 0;
    for (size_t i = 0; i < bench_nops; i++) any |= bench_bytes_per_call(&bench_ops[i]) != 0;
    if (!any) return;
    printf("\nthroughput: %s per byte / MB/s\n", timing_counter_name());
    print_header_row(DETAIL_W, NULL);
    for (size_t i = 0; i < bench_nops; i++) {
        size_t bytes = bench_bytes_per_call(&bench_ops[i]);
        if (bytes == 0) continue;
        printf("%-*s", LABEL_W, bench_ops[i].label);
        for (size_t c = 0; c < ncolumns; c++) {
            char buf[64] = "-";
            if (cells[i][c].present && cells[i][c].s.ns > 0)
                snprintf(buf, sizeof buf, "%.2f / %.0f", (double)cells[i][c].s.cycles / bytes,
                         (double)bytes * 1000.0 / (double)cells[i][c].s.ns);
            printf("%*s", column_width(c, DETAIL_W), buf);
        }
        printf("\n");
    }
}

static void print_notes(void)
{
    int sodium = bench_peer_version(PEER_SODIUM) != NULL;
    int peers = ncolumns > nbackends;
    printf("\nNotes\n"
           "  Each call is timed alone: lfence; rdtsc ... rdtscp or lfence; rdtsc (TSC, a\n"
           "  constant reference clock), and clock_gettime(CLOCK_MONOTONIC); medians after a\n"
           "  warm-up, less the median of an empty call.\n");
    if (opt.rounds > 1)
        printf("  %u rounds per operation, interleaved: round k of every implementation (in\n"
               "  an order that rotates) before round k+1 of any; a cell is the median of its\n"
               "  rounds' medians.\n",
               opt.rounds);
    if (peers)
        printf("  \"vs best peer\" = best peer / best of our backends, in cycles of the same\n"
               "  round: > 1.00 means vec25519 is faster; the median over the rounds, and in\n"
               "  brackets the lowest and highest round.\n");
    else
        printf("  No peer is built in: vec25519 alone (no \"vs best peer\" ratios).\n");
    printf("  sign and verify: a 64-byte message.\n"
           "  sha512 64 B .. 1 MiB: the one-shot digest of a fixed message, ours on each\n"
           "  backend's compression function (serial: portable C, avx2: AVX2 schedule,\n"
           "  ifma: AVX-512VL schedule; docs/sha512.md)%s\n"
           "  sign/verify, portable SHA-512: ed25519 sign/verify on the same backend with\n"
           "  its SHA-512 compression function replaced by the portable C: read against\n"
           "  \"ed25519 sign\"/\"ed25519 verify\" of the same run.\n"
           "  scalarmult (ct): ours is the backend's constant-time [s]P on a decoded point\n"
           "  (no decoding or encoding).\n",
           sodium ? "; libsodium: crypto_hash_sha512." : ".");
    if (sodium)
        printf("  libsodium's crypto_scalarmult_ed25519_noclamp also decodes P, checks it\n"
               "  (canonical, not small order, [l]P = 0) and encodes [s]P, so on that row the\n"
               "  ratio flatters us; \"scalarmult bytes (ct)\" is ours doing the same\n"
               "  (vec25519_edwards25519_scalarmult_noclamp).\n");
    printf("  double-base (vt): [a]A + [b]B, variable time%s.\n"
           "  r255: ristretto255 (RFC 9496), byte-level API except encode (a struct\n"
           "  point); decode = is_valid_point.\n"
           "  h2c edwards25519 RO: RFC 9380 edwards25519_XMD:SHA-512_ELL2_RO_, msg \"abc\"%s.\n"
           "  verify batch/n (per sig): one call verifies n signatures (n keys, 64-byte\n"
           "  messages); the time shown is the call's divided by n; compare with\n"
           "  \"ed25519 verify\" of the same run.\n",
           peers ? "; neither peer exports it" : "",
           sodium ? " (libsodium 1.0.18 has no RFC 9380 suite)" : "");
    if (bench_peer_version(PEER_OPENSSL))
        printf("  OpenSSL, timed as an application calls EVP (the EVP_PKEYs are built once,\n"
               "  outside the timing):\n"
               "    x25519: EVP_PKEY_CTX_new(priv) + EVP_PKEY_derive_init +\n"
               "            EVP_PKEY_derive_set_peer + EVP_PKEY_derive + EVP_PKEY_CTX_free;\n"
               "    x25519 base, ed25519 keypair: EVP_PKEY_new_raw_private_key +\n"
               "            EVP_PKEY_get_raw_public_key + EVP_PKEY_free;\n"
               "    sign / verify: EVP_MD_CTX_new + EVP_DigestSignInit/VerifyInit +\n"
               "            EVP_DigestSign/Verify (one-shot) + EVP_MD_CTX_free;\n"
               "    sha512: EVP_Digest with an EVP_MD fetched once (outside the timing).\n");
}

/* The machine and its load, recorded with the results. */
static struct {
    char cpu[128];
    const char *dispatch;
    char date[32];                  /* UTC, when the measurement started */
    char load_start[64], load_end[64]; /* /proc/loadavg: 1, 5, 15 min */
    long cpus;                      /* CPUs online */
} machine;

/* The three load averages of /proc/loadavg, or "unknown". */
static void read_loadavg(char *buf, size_t n)
{
    double l1, l5, l15;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && fscanf(f, "%lf %lf %lf", &l1, &l5, &l15) == 3)
        snprintf(buf, n, "%.2f %.2f %.2f", l1, l5, l15);
    else
        snprintf(buf, n, "unknown");
    if (f) fclose(f);
}

static void machine_init(const char *dispatch)
{
    timing_cpu_name(machine.cpu, sizeof machine.cpu);
    machine.dispatch = dispatch;
    time_t t = time(NULL);
    struct tm *tm = gmtime(&t);
    if (!tm || !strftime(machine.date, sizeof machine.date, "%Y-%m-%d %H:%M UTC", tm))
        snprintf(machine.date, sizeof machine.date, "unknown");
    read_loadavg(machine.load_start, sizeof machine.load_start);
#ifdef _SC_NPROCESSORS_ONLN
    machine.cpus = sysconf(_SC_NPROCESSORS_ONLN);
#else
    machine.cpus = 0;
#endif
}

/* Writes s for XML text or attribute values. */
static void xml_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/*
 * The chart: for each operation that a peer also has, one bar per peer, the
 * median over the rounds of (peer's time / best of our backends' time) on a
 * log2 scale around 1 (to the right: vec25519 faster), a whisker over the
 * range of the rounds, and the value. Plain SVG 1.1 text.
 */
static int write_svg(FILE *f)
{
    static const char *const colour[BENCH_NPEERS] = {"#4e79a7", "#e15759"};
    const int width = 960, label_w = 250, x0 = 270, x1 = 880, bar_h = 13, gap = 9, top = 112;
    double lo = 0.5, hi = 2.0;
    int rows = 0, ops = 0;
    for (size_t i = 0; i < bench_nops; i++) {
        int any = 0;
        for (size_t c = nbackends; c < ncolumns; c++) {
            struct ratio r = ratio_stats(i, c);
            if (!r.ok) continue;
            rows++;
            any = 1;
            while (r.lo < lo) lo /= 2;
            while (r.hi > hi) hi *= 2;
        }
        ops += any;
    }
    int height = top + rows * (bar_h + 2) + ops * gap + 60;
    double llo = log2(lo), lhi = log2(hi);
#define SVG_X(v) (x0 + (log2(v) - llo) / (lhi - llo) * (x1 - x0))
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
               "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height);
    fprintf(f, "<text x=\"10\" y=\"22\" font-size=\"15\" font-weight=\"bold\">vec25519 %s vs ",
            vec25519_version());
    for (size_t c = nbackends; c < ncolumns; c++) {
        fprintf(f, "%s", c > nbackends ? ", " : "");
        xml_text(f, columns[c].name);
        fprintf(f, " ");
        xml_text(f, bench_peer_version(columns[c].peer));
    }
    if (ncolumns == nbackends) fprintf(f, "no peer (none built in)");
    fprintf(f, ": times faster (peer time / vec25519 time)</text>\n");
    fprintf(f, "<text x=\"10\" y=\"42\">");
    xml_text(f, machine.cpu);
    fprintf(f, "; vec25519 backend by default: ");
    xml_text(f, machine.dispatch);
    fprintf(f, "; vec25519 = the best of its backends per operation</text>\n"
               "<text x=\"10\" y=\"60\">%s; load average (1, 5, 15 min) %s at the start, "
               "%s at the end</text>\n"
               "<text x=\"10\" y=\"78\">rounds: %u, interleaved across implementations; "
               "bar: median of the rounds' ratios, whisker: their range; log scale</text>\n",
            machine.date, machine.load_start, machine.load_end, opt.rounds);
    /* grid: powers of two */
    for (double v = lo; v <= hi * 1.0001; v *= 2) {
        double x = SVG_X(v);
        fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" "
                   "stroke-width=\"%s\"/>\n",
                x, top - 8, x, height - 40, v == 1.0 ? "#333" : "#ddd", v == 1.0 ? "1.5" : "1");
        fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g&#215;</text>\n", x,
                top - 12, v);
    }
    int y = top;
    for (size_t i = 0; i < bench_nops; i++) {
        int first = 1;
        for (size_t c = nbackends; c < ncolumns; c++) {
            struct ratio r = ratio_stats(i, c);
            if (!r.ok) continue;
            if (first) {
                fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", label_w,
                        y + bar_h - 2);
                xml_text(f, bench_ops[i].label);
                fprintf(f, "</text>\n");
                first = 0;
            }
            double xa = SVG_X(1.0), xb = SVG_X(r.med);
            fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\">"
                       "<title>",
                    xa < xb ? xa : xb, y, xa < xb ? xb - xa : xa - xb, bar_h,
                    colour[columns[c].peer]);
            xml_text(f, bench_ops[i].label);
            fprintf(f, ", ");
            xml_text(f, columns[c].name);
            fprintf(f, ": %.2f (rounds %.2f-%.2f)</title></rect>\n", r.med, r.lo, r.hi);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"black\"/>\n",
                    SVG_X(r.lo), y + bar_h / 2, SVG_X(r.hi), y + bar_h / 2);
            /* the value right of the bar, its whisker and the 1x line */
            double xt = xa > xb ? xa : xb;
            if (SVG_X(r.hi) > xt) xt = SVG_X(r.hi);
            fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\">%.2f&#215;</text>\n",
                    xt + 4, y + bar_h - 2, r.med);
            y += bar_h + 2;
        }
        if (!first) y += gap;
    }
    /* legend */
    int lx = x0;
    for (size_t c = nbackends; c < ncolumns; c++) {
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>"
                   "<text x=\"%d\" y=\"%d\">vec25519 vs ",
                lx, height - 30, colour[columns[c].peer], lx + 16, height - 20);
        xml_text(f, columns[c].name);
        fprintf(f, "</text>\n");
        lx += 200;
    }
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#555\">right of 1&#215;: vec25519 faster</text>\n",
            lx, height - 20);
    fprintf(f, "</svg>\n");
#undef SVG_X
    return ferror(f) ? -1 : 0;
}

/* Writes s as a JSON string. */
static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\')
            printf("\\%c", ch);
        else if (ch < 0x20)
            printf("\\u%04x", ch);
        else
            putchar(ch);
    }
    putchar('"');
}

static void print_json(void)
{
    printf("{\n  \"version\": ");
    json_string(vec25519_version());
    printf(",\n  \"cpu\": ");
    json_string(machine.cpu);
    printf(",\n  \"default_backend\": ");
    json_string(machine.dispatch);
    printf(",\n  \"date\": ");
    json_string(machine.date);
    printf(",\n  \"cpus_online\": %ld,\n  \"loadavg_start\": ", machine.cpus);
    json_string(machine.load_start);
    printf(",\n  \"loadavg_end\": ");
    json_string(machine.load_end);
    printf(",\n  \"rounds\": %u", opt.rounds);
    printf(",\n  \"counter\": ");
    json_string(timing_counter_name());
    printf(",\n  \"counter_ghz\": %.3f,\n  \"quick\": %s,\n  \"peers\": {", timing_ghz(),
           opt.quick ? "true" : "false");
    for (size_t c = nbackends; c < ncolumns; c++) {
        printf("%s", c > nbackends ? ", " : "");
        json_string(columns[c].name);
        printf(": ");
        json_string(bench_peer_version(columns[c].peer));
    }
    printf("},\n  \"backends\": [");
    for (size_t c = 0; c < nbackends; c++) {
        printf("%s", c ? ", " : "");
        json_string(columns[c].name);
    }
    printf("],\n  \"operations\": [\n");
    for (size_t i = 0; i < bench_nops; i++) {
        size_t bytes = bench_bytes_per_call(&bench_ops[i]);
        printf("    {\"id\": ");
        json_string(bench_ops[i].id);
        printf(", \"label\": ");
        json_string(bench_ops[i].label);
        if (bytes) printf(", \"bytes\": %zu", bytes);
        printf(",\n     \"results\": {");
        for (size_t c = 0; c < ncolumns; c++) {
            printf("%s\n       ", c ? "," : "");
            json_string(columns[c].name);
            if (cells[i][c].present && bytes && cells[i][c].s.ns > 0)
                printf(": {\"cycles\": %llu, \"ns\": %llu, \"runs\": %u, "
                       "\"cycles_per_byte\": %.3f, \"mb_per_s\": %.1f}",
                       (unsigned long long)cells[i][c].s.cycles,
                       (unsigned long long)cells[i][c].s.ns, cells[i][c].s.runs,
                       (double)cells[i][c].s.cycles / bytes,
                       (double)bytes * 1000.0 / (double)cells[i][c].s.ns);
            else if (cells[i][c].present)
                printf(": {\"cycles\": %llu, \"ns\": %llu, \"runs\": %u}",
                       (unsigned long long)cells[i][c].s.cycles,
                       (unsigned long long)cells[i][c].s.ns, cells[i][c].s.runs);
            else
                printf(": null");
        }
        struct ratio r = ratio_stats(i, (size_t)-1);
        if (!r.ok) {
            printf("},\n     \"vs_best_peer\": null}");
        } else {
            printf("},\n     \"vs_best_peer\": %.3f, \"vs_best_peer_range\": [%.3f, %.3f],"
                   "\n     \"vs_best_peer_rounds\": [",
                   r.med, r.lo, r.hi);
            for (unsigned k = 0; k < opt.rounds; k++) {
                double x = ratio_round(i, (size_t)-1, k);
                if (x > 0)
                    printf("%s%.3f", k ? ", " : "", x);
                else
                    printf("%snull", k ? ", " : "");
            }
            printf("]}");
        }
        printf("%s\n", i + 1 < bench_nops ? "," : "");
    }
    printf("  ]\n}\n");
}

/*
 * "[3/8] ed25519 sign: round 2/5, avx2..." on stderr while an operation is timed, erased
 * before its table row is printed (stdout and stderr may share a terminal).
 */
static void progress_show(size_t op, size_t col, unsigned round)
{
    if (opt.rounds > 1)
        fprintf(stderr, "\r[%zu/%zu] %s: round %u/%u, %s...\033[K", op + 1, bench_nops,
                bench_ops[op].label, round + 1, opt.rounds, columns[col].name);
    else
        fprintf(stderr, "\r[%zu/%zu] %s: %s...\033[K", op + 1, bench_nops, bench_ops[op].label,
                columns[col].name);
    fflush(stderr);
}

static void progress_clear(void)
{
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
}

int bench_main(int argc, char **argv, int progress)
{
    /* The dispatcher's own choice, before anything is forced. */
    const char *dispatch = vec25519_backend();

    if (argc > 0 && argv[0] && argv[0][0]) {
        const char *slash = strrchr(argv[0], '/');
        prog = slash && slash[1] ? slash + 1 : argv[0];
    }

    if (parse_args(argc, argv) != 0) return 2;
    if (setup_columns() != 0) return 2;
    if (bench_nops > MAX_OPS) return 1;
    if (bench_fixture_init() != 0) return 1;
    if (check_all() != 0) {
        fprintf(stderr, "%s: not timing a function that gives wrong results\n", prog);
        bench_fixture_free();
        return 1;
    }

    if (opt.rounds == 0) opt.rounds = opt.quick ? 1 : DEFAULT_ROUNDS;
    /* The chart's file is opened first, so that a bad name fails at once. */
    FILE *svg = NULL;
    if (opt.svg) {
        svg = fopen(opt.svg, "w");
        if (!svg) {
            fprintf(stderr, "%s: cannot write the chart to %s: %s\n", prog, opt.svg,
                    strerror(errno));
            bench_fixture_free();
            return 2;
        }
    }
    machine_init(dispatch);
    timing_init(opt.quick);

    if (!opt.json) {
        printf("vec25519 %s benchmark%s\n", vec25519_version(), opt.quick ? " (--quick)" : "");
        printf("machine:   %s, %ld CPUs online\n", machine.cpu, machine.cpus);
        printf("date:      %s\n", machine.date);
        printf("load:      %s (load average over 1, 5, 15 min, at the start)\n",
               machine.load_start);
        printf("dispatch:  %s (the backend this CPU gets by default)\n", dispatch);
        printf("backends:  ");
        for (size_t c = 0; c < nbackends; c++) printf("%s%s", c ? ", " : "", columns[c].name);
        printf("\npeers:     ");
        if (ncolumns == nbackends) printf("none built in (vec25519 alone)");
        for (size_t c = nbackends; c < ncolumns; c++)
            printf("%s%s %s", c > nbackends ? ", " : "", columns[c].name,
                   bench_peer_version(columns[c].peer));
        printf("\ncounter:   %s at %.3f GHz\n", timing_counter_name(), timing_ghz());
        printf("rounds:    %u per operation, interleaved across implementations\n",
               opt.rounds);
        printf("checked:   each result, before timing (known answers, other algorithms, "
               "peers)\n\n");
        printf("median %s per call\n", timing_counter_name());
        print_header_row(CYCLES_W, opt.rounds > 1 ? "vs best peer (range)" : "vs best peer");
    }

    for (size_t i = 0; i < bench_nops; i++) {
        size_t present[MAX_COLUMNS], np = 0;
        for (size_t c = 0; c < ncolumns; c++)
            if (select_impl(&bench_ops[i], &columns[c])) {
                cells[i][c].present = 1;
                present[np++] = c;
            }
        for (unsigned k = 0; k < opt.rounds; k++) {
            /* round k: every implementation once, starting one further each round */
            for (size_t j = 0; j < np; j++) {
                size_t c = present[(j + k) % np];
                bench_fn f = select_impl(&bench_ops[i], &columns[c]);
                if (progress) progress_show(i, c, k);
                struct bench_sample smp = timing_measure(f, &bench_ops[i], opt.quick, opt.rounds);
                if (bench_ops[i].per_call > 1) {
                    smp.cycles /= bench_ops[i].per_call;
                    smp.ns /= bench_ops[i].per_call;
                }
                cells[i][c].r[k] = smp;
            }
        }
        for (size_t j = 0; j < np; j++) {
            struct cell *cl = &cells[i][present[j]];
            uint64_t cy[MAX_ROUNDS], ns[MAX_ROUNDS];
            unsigned runs = 0;
            for (unsigned k = 0; k < opt.rounds; k++) {
                cy[k] = cl->r[k].cycles;
                ns[k] = cl->r[k].ns;
                runs += cl->r[k].runs;
            }
            cl->s.cycles = timing_median(cy, opt.rounds);
            cl->s.ns = timing_median(ns, opt.rounds);
            cl->s.runs = runs;
        }
        if (progress) progress_clear();
        if (!opt.json) print_cycles_row(i);
    }
    read_loadavg(machine.load_end, sizeof machine.load_end);

    if (opt.json) {
        print_json();
    } else {
        print_rounds_table();
        print_detail_table();
        print_throughput_table();
        printf("\nload:      %s at the end (%s at the start)\n", machine.load_end,
               machine.load_start);
        print_notes();
    }
    if (svg) {
        int bad = write_svg(svg);
        if (fclose(svg) != 0) bad = -1;
        if (bad) {
            fprintf(stderr, "%s: error writing the chart to %s\n", prog, opt.svg);
            bench_fixture_free();
            return 2;
        }
        if (!opt.json) printf("\nchart:     %s\n", opt.svg);
    }
    bench_fixture_free();
    return 0;
}
