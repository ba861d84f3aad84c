/* SPDX-License-Identifier: MIT OR Apache-2.0 */
/*
 * Generator of src/backend/serial/base_table.inc, the fixed-base tables of
 * the serial scalar multiplications (src/backend/serial/fixed_base.c, double_base.c):
 *
 *   base_table[k][j] = (j+1)·256^k·B   k = 0..31, j = 0..7   (ge_scalarmult_base)
 *   base_odd[j]      = (2j+1)·B        j = 0..63             (ge_double_scalarmult_vartime)
 *
 * as affine Niels points (y+x, y-x, 2d·x·y), B the basepoint of RFC 8032
 * §5.1. Every point is computed with the group law only (ge_ext_dbl_n,
 * ge_ext_add, ge_ext_dbl from ge.c, starting at ge_basepoint, whose
 * encoding is checked first); the tables being replaced are never read.
 *
 * Each coordinate is reduced to its canonical 32-byte encoding, and its
 * limbs are printed from that encoding in both serial representations
 * (fe2625_frombytes, and the radix-2^51 limbs read off the bits), so the
 * output does not depend on the field the generator was built with, nor on
 * the target (32-bit or 64-bit, either byte order).
 *
 * With the argument ifma or avx2 it prints instead the same rows k = 0..31
 * of base_table, lane-transposed for the vector fixed-base kernels
 * (docs/performance.md §2): one register holds one limb of one coordinate
 * of the eight entries of a row,
 *
 *   ifma:  src/backend/ifma/base_x8_table.inc   base_x8_table[k][c][i][j],
 *          radix 2^51, uint64_t limbs i = 0..4
 *   avx2:  src/backend/avx2/base_x4_table.inc   base_x4_table[k][c][i][j],
 *          radix 2^25.5, uint32_t limbs i = 0..9
 *
 * (c = y+x, y−x, 2d·x·y; j the entry), so that a constant-time lookup of a
 * different entry in every lane is one permutation per register.
 *
 * Usage: build/tools/gen_base_table > src/backend/serial/base_table.inc
 *        build/tools/gen_base_table ifma > src/backend/ifma/base_x8_table.inc
 *        build/tools/gen_base_table avx2 > src/backend/avx2/base_x4_table.inc
 * The CTest tests base_table_fresh, base_x8_table_fresh and
 * base_x4_table_fresh regenerate the files and compare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend/serial/ge.h"
#include "field/fe.h"

typedef struct {
    uint8_t c[3][32]; /* y+x, y-x, 2d·x·y, canonical encodings */
} niels_bytes;

static niels_bytes table[32][8];
static niels_bytes odd[64];

/* The canonical encodings of the affine Niels coordinates of p. */
static void to_niels_bytes(niels_bytes *out, const ge_ext *p)
{
    fe zinv, x, y, xy, xy2d, ypx, ymx;
    fe_loose sum, dif;

    fe_invert(&zinv, &p->Z);
    fe_mul(&x, &p->X, &zinv);
    fe_mul(&y, &p->Y, &zinv);
    fe_add(&sum, &y, &x);
    fe_sub(&dif, &y, &x);
    fe_carry(&ypx, &sum);
    fe_carry(&ymx, &dif);
    fe_mul(&xy, &x, &y);
    fe_mul(&xy2d, &xy, &fe_const_2d);
    fe_tobytes(out->c[0], &ypx);
    fe_tobytes(out->c[1], &ymx);
    fe_tobytes(out->c[2], &xy2d);
}

static void compute(void)
{
    ge_ext bk, m, b2;

    /* base_table: bk = 256^k·B, m = (j+1)·bk. */
    bk = ge_basepoint;
    for (int k = 0; k < 32; k++) {
        if (k > 0) ge_ext_dbl_n(&bk, &bk, 8);
        m = bk;
        to_niels_bytes(&table[k][0], &m);
        for (int j = 1; j < 8; j++) {
            ge_ext_add(&m, &m, &bk);
            to_niels_bytes(&table[k][j], &m);
        }
    }

    /* base_odd: m = (2j+1)·B. */
    ge_ext_dbl(&b2, &ge_basepoint);
    m = ge_basepoint;
    to_niels_bytes(&odd[0], &m);
    for (int j = 1; j < 64; j++) {
        ge_ext_add(&m, &m, &b2);
        to_niels_bytes(&odd[j], &m);
    }
}

/* The limbs of the canonical encoding s in fe2625 (u32: 10 limbs of radix
 * 2^25.5) or fe51 (5 limbs of radix 2^51), into v; returns their number. */
static int limbs_of(uint64_t v[10], const uint8_t s[32], int u32)
{
    if (u32) {
        fe2625 f;
        fe2625_frombytes(&f, s);
        for (int i = 0; i < 10; i++) v[i] = (uint64_t)f.v[i];
        return 10;
    }
    /* Radix 2^51 straight from the bits (limb i = bits 51i .. 51i + 50 of the
     * canonical encoding, as fe51_frombytes gives them), so that the
     * generator also runs where fe51 cannot be compiled (no unsigned __int128:
     * 32-bit targets). */
    for (int i = 0; i < 5; i++) {
        v[i] = 0;
        for (int b = 0; b < 51; b++) {
            const int k = 51 * i + b;
            v[i] |= (uint64_t)((s[k / 8] >> (k % 8)) & 1) << b;
        }
    }
    return 5;
}

/* One limb in hex, as wide as the largest limb of its radix. */
static void print_limb(const char *sep, uint64_t v, int u32)
{
    printf(u32 ? "%s0x%07llx" : "%s0x%013llx", sep, (unsigned long long)v);
}

static void print_fe(const uint8_t s[32], int u32)
{
    uint64_t v[10];
    int n = limbs_of(v, s, u32);
    printf("{{");
    for (int i = 0; i < n; i++) print_limb(i ? ", " : "", v[i], u32);
    printf("}}");
}

static void print_niels(const niels_bytes *n, int u32, const char *indent)
{
    printf("%s{", indent);
    for (int c = 0; c < 3; c++) {
        if (c > 0) printf("%s ", indent);
        print_fe(n->c[c], u32);
        printf(c < 2 ? ",\n" : "},\n");
    }
}

static void print_tables(int u32)
{
    printf("static const ge_niels base_table[32][8] = {\n");
    for (int k = 0; k < 32; k++) {
        printf("    {/* (j+1)·256^%d·B, j = 0..7 */\n", k);
        for (int j = 0; j < 8; j++) print_niels(&table[k][j], u32, "        ");
        printf("    },\n");
    }
    printf("};\n\n");
    printf("static const ge_niels base_odd[64] = {/* (2j+1)·B, j = 0..63 */\n");
    for (int j = 0; j < 64; j++) print_niels(&odd[j], u32, "    ");
    printf("};\n");
}

static const char *const coord_name[3] = {"y+x", "y-x", "2d·x·y"};

/* A lane-transposed table: one register of `bits` bits per (k, c, i) holds
 * limb i of coordinate c of the eight entries of row k. */
struct lanes {
    const char *isa;    /* the argument: "ifma", "avx2" */
    const char *table;  /* the array's name */
    const char *file;   /* the generated file */
    const char *kernel; /* the kernel that reads it */
    const char *radix;
    const char *type;   /* limb type */
    int bits, u32;      /* register width; u32: fe2625 limbs, else fe51 */
};

static const struct lanes all_lanes[] = {
    {"ifma", "base_x8_table", "src/backend/ifma/base_x8_table.inc", "src/backend/ifma/base_x8.c",
     "2^51", "uint64_t", 512, 0},
    {"avx2", "base_x4_table", "src/backend/avx2/base_x4_table.inc", "src/backend/avx2/base_x4.c",
     "2^25.5", "uint32_t", 256, 1},
};

static void print_lanes(const struct lanes *l)
{
    printf("/* Generated by: build/tools/gen_base_table %s > %s — do not edit. */\n", l->isa,
           l->file);
    printf("/* SPDX-License-Identifier: MIT OR Apache-2.0 */\n");
    printf("/*\n"
           " * %s[k][c][i][j] = limb i (radix %s, canonical) of coordinate c\n"
           " * (y+x, y-x, 2d·x·y) of the affine Niels point (j+1)·256^k·B, B the basepoint\n"
           " * of RFC 8032 §5.1: one %d-bit register per (k, c, i) holds the eight\n"
           " * entries of row k (%s). Source: tools/gen_base_table.c.\n"
           " */\n",
           l->table, l->radix, l->bits, l->kernel);
    int nlimbs = l->u32 ? 10 : 5;
    printf("static _Alignas(%d) const %s %s[32][3][%d][8] = {\n", l->bits / 8, l->type, l->table,
           nlimbs);
    for (int k = 0; k < 32; k++) {
        printf("    {/* (j+1)·256^%d·B, j = 0..7 */\n", k);
        for (int c = 0; c < 3; c++) {
            uint64_t v[8][10];
            for (int j = 0; j < 8; j++) limbs_of(v[j], table[k][j].c[c], l->u32);
            printf("        {/* %s */\n", coord_name[c]);
            for (int i = 0; i < nlimbs; i++) {
                printf("            {");
                for (int j = 0; j < 8; j++) print_limb(j ? ", " : "", v[j][i], l->u32);
                printf("},\n");
            }
            printf("        },\n");
        }
        printf("    },\n");
    }
    printf("};\n");
}

/* src/backend/serial/base_table.inc: both serial representations. */
static void print_serial(void)
{
    printf("/* Generated by: build/tools/gen_base_table > src/backend/serial/base_table.inc"
           " — do not edit. */\n");
    printf("/* SPDX-License-Identifier: MIT OR Apache-2.0 */\n");
    printf("/*\n"
           " * Fixed-base tables of src/backend/serial/fixed_base.c and double_base.c, affine Niels points\n"
           " * (y+x, y-x, 2d·x·y) of multiples of the basepoint B (RFC 8032 §5.1):\n"
           " *   base_table[k][j] = (j+1)·256^k·B   (ge_scalarmult_base)\n"
           " *   base_odd[j]      = (2j+1)·B        (ge_double_scalarmult_vartime)\n"
           " * Limbs of the canonical coordinates, for fe2625 (VEC25519_SERIAL_U32) and\n"
           " * fe51. Source: tools/gen_base_table.c.\n"
           " */\n");
    printf("#if defined(VEC25519_SERIAL_U32)\n\n");
    print_tables(1);
    printf("\n#else\n\n");
    print_tables(0);
    printf("\n#endif\n");
}

int main(int argc, char **argv)
{
    static const uint8_t b_enc[32] = {
        0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
        0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
        0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};
    uint8_t enc[32];
    const struct lanes *lanes = NULL;

    for (size_t i = 0; argc == 2 && i < sizeof all_lanes / sizeof all_lanes[0]; i++)
        if (strcmp(argv[1], all_lanes[i].isa) == 0) lanes = &all_lanes[i];
    if (argc > 2 || (argc == 2 && !lanes)) {
        fprintf(stderr, "usage: gen_base_table [ifma|avx2]\n");
        return 2;
    }
    ge_ext_tobytes(enc, &ge_basepoint);
    if (memcmp(enc, b_enc, 32) != 0) {
        fprintf(stderr, "gen_base_table: ge_basepoint does not encode to 5866...66\n");
        return 1;
    }
    compute();
    if (lanes)
        print_lanes(lanes);
    else
        print_serial();
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "gen_base_table: write error\n");
        return 1;
    }
    return 0;
}
