/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519-bench — the program; the benchmark itself is bench_main() in
 * bench.c, shared with `vec25519 bench` (cli/cmd_bench.c).
 */
#include <unistd.h>

#include "bench.h"

/* The progress line only when standard error is a terminal. */
int main(int argc, char **argv)
{
    return bench_main(argc, argv, isatty(2));
}
