/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The serial backend table (src/backend/backend.h): the serial algorithms
 * of this folder on the build's serial field (the vector twin:
 * src/backend/vector/backend.c).
 *
 *   scalarmult                 variable_base.c
 *   scalarmult_base            fixed_base.c
 *   double_scalarmult_vartime  double_base.c (and the table entries)
 *   x25519(_batch)             src/backend/serial/ladder.c
 *   multiscalar(_vartime)      multiscalar.c (straus.c, pippenger.c)
 *   base_encode                base_encode.c
 */
#include "../sha512_blocks.h"
#include "../ladder.h"
#include "../backend.h"
#include "ge.h"
#include "msm.h"

const struct backend serial_backend = {
    .name = FE_BACKEND_NAME,
    .scalarmult = ge_scalarmult,
    .scalarmult_base = ge_scalarmult_base,
    .double_scalarmult_vartime = ge_double_scalarmult_vartime,
    .multiscalar_vartime = ge_multiscalar_vartime,
    .multiscalar = ge_multiscalar,
    .multiscalar_vartime_scratch_bytes = ge_multiscalar_vartime_scratch_bytes,
    .multiscalar_vartime_scratch = ge_multiscalar_vartime_scratch,
    .x25519 = x25519_ladder_serial,
    .x25519_batch = x25519_batch_serial,
    .sha512_blocks = sha512_blocks_portable, /* serial/sha512_blocks.c */
    .base_encode = ge_base_encode, /* base_encode.c */
    .double_base_table_init = ge_double_base_table_init,
    .double_scalarmult_table_vartime = ge_double_scalarmult_table_vartime,
};
