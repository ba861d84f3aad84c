/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The version macros of include/vec25519/version.h against each other, against
 * vec25519_version() (the library), and against the version CMake derived
 * from the header (VEC25519_TEST_PROJECT_VERSION, the project version that
 * also names the shared library and goes into vec25519.pc and the CMake
 * package; tests/install/ checks those files).
 */
#include <stdio.h>
#include <string.h>

#include "test.h"
#include "vec25519.h"

int main(void)
{
    char built[32];
    snprintf(built, sizeof built, "%d.%d.%d", VEC25519_VERSION_MAJOR, VEC25519_VERSION_MINOR,
             VEC25519_VERSION_PATCH);
    CHECK(strcmp(built, VEC25519_VERSION_STRING) == 0,
          "VEC25519_VERSION_STRING \"%s\" is not MAJOR.MINOR.PATCH = %s", VEC25519_VERSION_STRING,
          built);
    CHECK(strcmp(vec25519_version(), VEC25519_VERSION_STRING) == 0,
          "vec25519_version() = \"%s\", the header says \"%s\"", vec25519_version(),
          VEC25519_VERSION_STRING);
    CHECK(strcmp(VEC25519_TEST_PROJECT_VERSION, VEC25519_VERSION_STRING) == 0,
          "CMake's project version %s differs from the header's %s", VEC25519_TEST_PROJECT_VERSION,
          VEC25519_VERSION_STRING);
    CHECK(VEC25519_VERSION_NUMBER ==
              VEC25519_VERSION_MAJOR * 10000 + VEC25519_VERSION_MINOR * 100 + VEC25519_VERSION_PATCH,
          "VEC25519_VERSION_NUMBER");
    CHECK(VEC25519_VERSION_MINOR < 100 && VEC25519_VERSION_PATCH < 100,
          "VEC25519_VERSION_NUMBER needs MINOR and PATCH below 100");
    return test_done();
}
