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
 * Usage: vec25519-bench [--json] [--backend NAME] [--quick] [--help]
 *
 * The driver is bench_main(), called by main.c (vec25519-bench) and by the
 * command-line tool (`vec25519 bench`, cli/cmd_bench.c).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vec25519.h"
#include "backend/backend.h"
#include "bench.h"

#define MAX_BACKENDS 8
#define MAX_COLUMNS (MAX_BACKENDS + BENCH_NPEERS)
#define MAX_OPS 64 /* rows of bench_ops[]; bench_main fails if there are more */

/* A column of the table: one of our backends, or a peer. */
struct column {
    const char *name;
    const struct backend *backend; /* NULL for a peer */
    enum bench_peer peer;          /* which peer, when backend is NULL */
};

struct cell {
    int present; /* 0: the implementation has no equivalent ("-") */
    struct bench_sample s;
};

static struct column columns[MAX_COLUMNS];
static size_t ncolumns, nbackends; /* columns[0 .. nbackends) are ours */
static struct cell cells[MAX_OPS][MAX_COLUMNS];

static struct {
    int json, quick;
    const char *backend;
} opt;

/* The program name in messages: the last component of argv[0] of bench_main
 * ("vec25519-bench", or "vec25519 bench" from the command-line tool). */
static const char *prog = "vec25519-bench";

static void usage(FILE *f)
{
    fprintf(f,
            "Usage: %s [--json] [--backend NAME] [--quick] [--help]\n"
            "\n"
            "Median cycles (TSC) and ns per call of X25519, Ed25519, the backend\n"
            "scalar multiplications and SHA-512, for every backend this CPU can run,\n"
            "next to libsodium and OpenSSL when they are built in.\n"
            "\n"
            "  --json          print the results as JSON on stdout instead of a table\n"
            "  --backend NAME  measure only this backend (e.g. serial, avx2, ifma)\n"
            "  --quick         a few runs per operation (a smoke test, not a measurement)\n"
            "  --help          this text\n"
            "\n"
            "Exit status: 0 success, 1 an implementation gave a wrong result, 2 bad usage.\n",
            prog);
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

/* Best (smallest) median cycles among columns [from, to); 0 if none. */
static uint64_t best_cycles(size_t op, size_t from, size_t to)
{
    uint64_t best = 0;
    for (size_t c = from; c < to; c++)
        if (cells[op][c].present && (best == 0 || cells[op][c].s.cycles < best))
            best = cells[op][c].s.cycles;
    return best;
}

/* "vs best peer" = best peer / best of ours; < 0 when there is no peer. */
static double ratio(size_t op)
{
    uint64_t ours = best_cycles(op, 0, nbackends);
    uint64_t peer = best_cycles(op, nbackends, ncolumns);
    if (ours == 0 || peer == 0) return -1.0;
    return (double)peer / (double)ours;
}

#define LABEL_W 30
#define CYCLES_W 12
#define DETAIL_W 19

static int column_width(size_t c, int min)
{
    int w = (int)strlen(columns[c].name) + 2;
    return w > min ? w : min;
}

static void print_header_row(int min_w, const char *last)
{
    printf("%-*s", LABEL_W, "operation");
    for (size_t c = 0; c < ncolumns; c++) printf("%*s", column_width(c, min_w), columns[c].name);
    if (last) printf("%*s", 14, last);
    printf("\n");
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
    double r = ratio(i);
    if (r < 0)
        printf("%14s\n", "-");
    else
        printf("%14.2f\n", r);
    fflush(stdout);
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
    printf("\nNotes\n"
           "  Each call is timed alone: lfence; rdtsc ... rdtscp or lfence; rdtsc (TSC, a\n"
           "  constant reference clock), and clock_gettime(CLOCK_MONOTONIC); medians after a\n"
           "  warm-up, less the median of an empty call. \"vs best peer\" = best peer /\n"
           "  best of our backends, in cycles: > 1.00 means vec25519 is faster.\n"
           "  sign and verify: a 64-byte message.\n"
           "  sha512 64 B .. 1 MiB: the one-shot digest of a fixed message, ours on each\n"
           "  backend's compression function (serial: portable C, avx2: AVX2 schedule,\n"
           "  ifma: AVX-512VL schedule; docs/sha512.md); libsodium: crypto_hash_sha512.\n"
           "  sign/verify, portable SHA-512: ed25519 sign/verify on the same backend with\n"
           "  its SHA-512 compression function replaced by the portable C: read against\n"
           "  \"ed25519 sign\"/\"ed25519 verify\" of the same run.\n"
           "  scalarmult (ct): ours is the backend's constant-time [s]P on a decoded point\n"
           "  (no decoding or encoding); libsodium's crypto_scalarmult_ed25519_noclamp also\n"
           "  decodes P, checks it (canonical, not small order, [l]P = 0) and encodes [s]P,\n"
           "  so on that row the ratio flatters us.\n"
           "  double-base (vt): [a]A + [b]B, variable time; neither peer exports it.\n"
           "  r255: ristretto255 (RFC 9496), byte-level API except encode (a struct point,\n"
           "  libsodium has no separate encoding); decode = is_valid_point.\n"
           "  h2c edwards25519 RO: RFC 9380 edwards25519_XMD:SHA-512_ELL2_RO_, msg \"abc\"\n"
           "  (libsodium 1.0.18 has no RFC 9380 suite).\n"
           "  verify batch/n (per sig): one call verifies n signatures (n keys, 64-byte\n"
           "  messages); the time shown is the call's divided by n; compare with\n"
           "  \"ed25519 verify\" of the same run.\n");
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

static void print_json(const char *cpu, const char *dispatch)
{
    printf("{\n  \"version\": ");
    json_string(vec25519_version());
    printf(",\n  \"cpu\": ");
    json_string(cpu);
    printf(",\n  \"default_backend\": ");
    json_string(dispatch);
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
        double r = ratio(i);
        if (r < 0)
            printf("},\n     \"vs_best_peer\": null}");
        else
            printf("},\n     \"vs_best_peer\": %.3f}", r);
        printf("%s\n", i + 1 < bench_nops ? "," : "");
    }
    printf("  ]\n}\n");
}

/*
 * "[3/8] ed25519 sign: avx2..." on stderr while an operation is timed, erased
 * before its table row is printed (stdout and stderr may share a terminal).
 */
static void progress_show(size_t op, size_t col)
{
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

    char cpu[128];
    timing_cpu_name(cpu, sizeof cpu);
    timing_init(opt.quick);

    if (!opt.json) {
        printf("vec25519 %s benchmark%s\n", vec25519_version(), opt.quick ? " (--quick)" : "");
        printf("CPU:       %s\n", cpu);
        printf("dispatch:  %s (the backend this CPU gets by default)\n", dispatch);
        printf("backends:  ");
        for (size_t c = 0; c < nbackends; c++) printf("%s%s", c ? ", " : "", columns[c].name);
        printf("\npeers:     ");
        if (ncolumns == nbackends) printf("none built in");
        for (size_t c = nbackends; c < ncolumns; c++)
            printf("%s%s %s", c > nbackends ? ", " : "", columns[c].name,
                   bench_peer_version(columns[c].peer));
        printf("\ncounter:   %s at %.3f GHz\n", timing_counter_name(), timing_ghz());
        printf("checked:   each result, before timing (known answers, other algorithms, "
               "peers)\n\n");
        printf("median %s per call\n", timing_counter_name());
        print_header_row(CYCLES_W, "vs best peer");
    }

    for (size_t i = 0; i < bench_nops; i++) {
        for (size_t c = 0; c < ncolumns; c++) {
            bench_fn f = select_impl(&bench_ops[i], &columns[c]);
            if (!f) continue;
            cells[i][c].present = 1;
            if (progress) progress_show(i, c);
            cells[i][c].s = timing_measure(f, &bench_ops[i], opt.quick);
            if (bench_ops[i].per_call > 1) {
                cells[i][c].s.cycles /= bench_ops[i].per_call;
                cells[i][c].s.ns /= bench_ops[i].per_call;
            }
        }
        if (progress) progress_clear();
        if (!opt.json) print_cycles_row(i);
    }

    if (opt.json) {
        print_json(cpu, dispatch);
    } else {
        print_detail_table();
        print_throughput_table();
        print_notes();
    }
    bench_fixture_free();
    return 0;
}
