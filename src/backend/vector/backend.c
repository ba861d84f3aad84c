/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * The backend table of one vector ISA (src/backend/backend.h), the twin of
 * src/backend/serial/backend.c; compiled once per ISA through
 * src/backend/<isa>/backend_<isa>.c, with the algorithms of this folder
 * (their prototypes: algorithms.h).
 */
#include "algorithms.h"

/*
 * The backend table of this ISA: every entry is a vector algorithm (the
 * multiscalar ones in straus.c, pippenger.c and multiscalar.c, the 4-way
 * decoder in decode.c) except X25519, single and batched, which the
 * wrapper routes (VBACKEND_X25519 and x25519_batch in backend_<isa>.c).
 */
const struct backend VFN(backend) = {
    .name = VBACKEND_NAME,
    .scalarmult = VBACKEND_SCALARMULT, /* vpoint.h */
    .scalarmult_base = VBACKEND_SCALARMULT_BASE, /* vpoint.h */
    .double_scalarmult_vartime = VFN(double_scalarmult_vartime),
    .multiscalar_vartime = VFN(multiscalar_vartime), /* multiscalar.c */
    .multiscalar = VFN(multiscalar),
    .multiscalar_vartime_scratch_bytes = VFN(multiscalar_vartime_scratch_bytes),
    .multiscalar_vartime_scratch = VFN(multiscalar_vartime_scratch),
    .x25519 = VBACKEND_X25519,                     /* the wrapper's (backend_<isa>.c) */
    .x25519_batch = VFN(x25519_batch), /* the wrapper's (backend_<isa>.c) */
    .frombytes4_vartime = VFN(frombytes4_vartime), /* vector/decode.c */
    .sha512_blocks = VBACKEND_SHA512_BLOCKS, /* the wrapper's (backend_<isa>.c) */
    .base_encode = VBACKEND_BASE_ENCODE,           /* vpoint.h */
    .frombytes2_vartime = VBACKEND_FROMBYTES2,     /* vector/decode.c where it pays */
    .pow22523_2 = VBACKEND_POW22523_2,             /* vector/decode.c where it pays */
    .pow22523_invert = VBACKEND_POW22523_INVERT,   /* the same */
    .scalarmult_order = VBACKEND_SCALARMULT_ORDER, /* ifma/scalarmult_x2.c on IFMA */
    .double_base_table_init = VFN(double_base_table_init), /* double_base.c */
    .double_scalarmult_table_vartime = VFN(double_scalarmult_table_vartime),
};
