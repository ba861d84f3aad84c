/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — shared declarations of the benchmark driver.
 *
 *   ops.c     the fixture (fixed inputs, known answers), the implementations
 *             of every operation (ours and the peers') and the table of
 *             operations
 *   ops_msm.c the batch-verification rows (n = 1 … 1024) and their fixture
 *   ops_batch.c the batched key generation (n = 8, 64) and batched X25519
 *             (n = 8 … 256) rows
 *   ops_sha512.c the SHA-512 throughput rows (64 B … 1 MiB)
 *   timing.c  the cycle counter (lfence-serialised rdtsc), the clock, the
 *             measurement loop (warm-up, runs, median) and the CPU name
 *   bench.c   options, correctness checks, the table and the JSON output:
 *             bench_main()
 *   main.c    vec25519-bench: main() calls bench_main()
 *
 * The command-line tool links the same objects (bench.c, ops.c, timing.c) and
 * runs `vec25519 bench` through bench_main() too.
 */
#ifndef VEC25519_BENCH_H
#define VEC25519_BENCH_H

#include <stddef.h>
#include <stdint.h>

/* Largest output of one operation (a signature or a SHA-512 digest). */
#define BENCH_OUT_MAX 64

struct bench_op;

/*
 * One implementation of one operation. It reads the fixture's fixed inputs
 * (and op->n, the size of a sized row) and writes its result to out
 * (op->outlen bytes). want_output is 0 inside the timing loop: an
 * implementation whose natural result is not a byte string (a point of the
 * backend API, the outputs of a batch) then skips the encoding or digest that
 * only the correctness check needs.
 */
typedef void (*bench_fn)(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want_output);

enum bench_peer { PEER_SODIUM, PEER_OPENSSL, BENCH_NPEERS };

/*
 * One row of the table. A row is one line of bench_ops[] (ops.c); the rows of
 * one family (the batch sizes, the SHA-512 message lengths) share their
 * functions and differ only in n.
 */
struct bench_op {
    const char *id;     /* JSON key, e.g. "ed25519_sign" */
    const char *label;  /* table row, e.g. "ed25519 sign" */
    size_t outlen;      /* bytes of out compared by the correctness check */
    bench_fn ours;      /* runs on whatever backend is set */
    bench_fn peer[BENCH_NPEERS]; /* NULL: no equivalent, or peer not built in */
    /* Writes the expected output: a known answer, or a value computed by a
     * different algorithm. Returns 0, or -1 (with a message on stderr) when
     * two independent computations of the expected value disagree. */
    int (*expected)(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]);
    /* Optional: tamper(1) spoils an input so that every implementation must
     * then give a result other than the expected one; tamper(0) restores it. */
    void (*tamper)(int on);
    /* Items one call processes (1, or e.g. the signatures of a batch): the
     * table and the JSON show the measured time divided by it. */
    unsigned per_call;
    /* The size of a sized row (keys or signatures of a batch, bytes of a
     * message), 0 for the others. */
    size_t n;
};

extern const struct bench_op bench_ops[];
extern const size_t bench_nops;

/* Builds the fixture (decodes points, initialises the peers, builds the
 * OpenSSL key objects). Returns 0, or -1 with a message on stderr. */
int bench_fixture_init(void);
void bench_fixture_free(void);

/* "libsodium" / "OpenSSL", and the version of the peer linked in (NULL when
 * the peer is not built in). */
const char *bench_peer_name(enum bench_peer p);
const char *bench_peer_version(enum bench_peer p);

/* The fixture's RFC 7748 §6.1 inputs, Alice's private key and Bob's public
 * key (32 bytes each; set by bench_fixture_init), which the batch rows vary. */
const uint8_t *bench_rfc7748_alice_sk(void);
const uint8_t *bench_rfc7748_bob_pk(void);

/* ---- ops_batch.c ----------------------------------------------------------- */

/* vec25519_x25519_base_batch, vec25519_ed25519_keypair_batch and
 * vec25519_x25519_batch of op->n keys (table rows: per key) and the expected
 * digests of their outputs from single calls. */
void bench_x25519_base_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
void bench_keypair_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
void bench_x25519_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
int bench_x25519_base_batch_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]);
int bench_keypair_batch_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]);
int bench_x25519_batch_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]);

/* ---- ops_sha512.c ---------------------------------------------------------- */

/* vec25519_sha512 of an op->n-byte message, the peers' equivalents (NULL
 * through SHA512_SODIUM / SHA512_OPENSSL when not built in) and the expected
 * digest (the portable path, checked against the peers). */
void bench_sha512(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
int bench_sha512_expected(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]);
#ifdef HAVE_SODIUM
void bench_sha512_sodium(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
#define SHA512_SODIUM bench_sha512_sodium
#else
#define SHA512_SODIUM NULL
#endif
#ifdef HAVE_OPENSSL
void bench_sha512_openssl(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
#define SHA512_OPENSSL bench_sha512_openssl
#else
#define SHA512_OPENSSL NULL
#endif
/* The bytes one call of op hashes (a throughput row: bench.c adds cycles
 * per byte and MB/s), or 0 for any other operation. */
size_t bench_bytes_per_call(const struct bench_op *op);
/* f(op, ...) on the backend in use with its SHA-512 compression function
 * replaced by the portable one (then restored). */
void bench_portable_sha512(bench_fn f, const struct bench_op *op, uint8_t out[BENCH_OUT_MAX],
                           int want_output);
/* Frees the OpenSSL digest object (called by bench_fixture_free). */
void bench_sha512_free(void);

/* ---- bench.c ------------------------------------------------------------- */

/*
 * The whole benchmark: parses argv (argv[0] is the program name used in
 * messages and the usage text), checks every implementation, times them and
 * prints the table or the JSON on stdout. With progress nonzero, shows
 * "[i/n] operation: column..." on stderr while each measurement runs (the
 * caller decides, e.g. when stderr is a terminal). Returns the exit status:
 * 0 success, 1 a wrong result, 2 bad usage; --help prints the usage and exits 0.
 * Call it once per process (it keeps its state in static storage).
 */
int bench_main(int argc, char **argv, int progress);

/* ---- ops_msm.c ----------------------------------------------------------- */

/* Ed25519 batch verification of the first op->n of 1024 fixed signatures
 * (rows n = 1 … 1024 of the table in ops.c); the expected verdict (each
 * signature verifies alone) and the tamper hook shared by the rows. */
void bench_verify_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX], int want);
int bench_expect_verify_batch(const struct bench_op *op, uint8_t out[BENCH_OUT_MAX]);
void bench_tamper_verify_batch(int on);

/* ---- timing.c ------------------------------------------------------------ */

struct bench_sample {
    uint64_t cycles; /* median, measurement overhead subtracted */
    uint64_t ns;     /* median, measurement overhead subtracted */
    unsigned runs;   /* number of timed calls */
};

/* Detects RDTSCP and measures the overhead of an empty measurement. */
void timing_init(int quick);
/* "TSC cycles" on x86 (rdtsc), "ns" elsewhere (the clock stands in). */
const char *timing_counter_name(void);
/* Counter ticks per ns, estimated from the calibration (0 if unknown). */
double timing_ghz(void);
/* The median of n values (sorted in place). */
uint64_t timing_median(uint64_t *v, unsigned n);
/* Warms f(op, ...) up, then times each of many calls (few with quick), in
 * 1/share of the default time budget (share: the number of rounds it is one
 * of; 1 for the whole budget). */
struct bench_sample timing_measure(bench_fn f, const struct bench_op *op, int quick,
                                   unsigned share);
/* The CPU model (CPUID brand string, else /proc/cpuinfo), into buf. */
void timing_cpu_name(char *buf, size_t n);

#endif /* VEC25519_BENCH_H */
