/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * vec25519 command-line tool — bench: the benchmark of vec25519-bench
 * (bench/bench.c, bench_main), with a progress line on stderr when stderr is
 * a terminal.
 */
#include <unistd.h>

#include "cli.h"

#ifdef VEC25519_CLI_HAVE_BENCH
#include "bench.h"

int cli_cmd_bench(int argc, char **argv)
{
    static char name[] = "vec25519 bench";
    argv[0] = name; /* the program name in bench_main's messages and usage */
    return bench_main(argc, argv, isatty(2));
}
#else
int cli_cmd_bench(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    cli_error("this build has no benchmark (configured with VEC25519_BUILD_BENCH=OFF); "
              "nothing to run");
    return CLI_EXIT_BAD;
}
#endif
