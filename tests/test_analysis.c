/* test_analysis.c — the CPU analysis models against hand-worked cases: occupancy (sm_90, sm_80 and the other
 * table entries), shared-memory banks (the classic 32x32 vs 32x33 tile, strides, 8- and 16-byte accesses, a
 * transpose's 2-D thread block), coalescing (the classic warp accesses), Amdahl and Gustafson. */
#include "tcheck.h"
#include "analysis/analysis.h"
#include <math.h>
#include <string.h>

static gpa_occ_result occ(const char *arch, int threads, int regs, size_t smem)
{
    gpa_occ_result o;
    CHECK(gpa_arch_find(arch) != NULL);
    CHECK_EQ_INT(gpa_occupancy(gpa_arch_find(arch), threads, regs, smem, &o), 0);
    return o;
}

static void test_occupancy(void)
{
    gpa_occ_result o;
    /* sm_90, 256 threads, 40 registers, 12 KiB: 40 regs x 32 lanes = 1280 per warp, 8 warps = 10240 per block;
     * 65536 / 10240 -> 6 blocks (per sub-partition: 16384 / 1280 = 12 warps x 4 = 48 warps). Shared: 12288 +
     * 1024 reserved = 13312 per block, 233472 / 13312 -> 17. Threads: 2048 / 256 = 8. So 6 blocks, 48 of 64
     * warps, 75 %, registers bind; <= 32 registers gives 8 blocks. */
    o = occ("sm_90", 256, 40, 12288);
    CHECK_EQ_INT(o.blocks_per_sm, 6);
    CHECK_EQ_INT(o.warps_per_sm, 48);
    CHECK_EQ_INT(o.max_warps_per_sm, 64);
    CHECK(fabs(o.occupancy - 0.75) < 1e-12);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_REGISTERS);
    CHECK_EQ_INT(o.limit_regs, 6);
    CHECK_EQ_INT(o.limit_smem, 17);
    CHECK_EQ_INT(o.limit_warps, 8);
    CHECK_EQ_INT(o.limit_blocks, 32);
    CHECK_EQ_INT(o.regs_per_block, 10240);
    CHECK_EQ_INT(o.smem_per_block, 13312);
    CHECK(strstr(o.suggestion, "<= 32 registers") != NULL);
    CHECK(strstr(o.suggestion, "8 blocks") != NULL);

    /* sm_80, same kernel: registers 6, shared 167936 / 13312 = 12 -> 6 blocks, 75 % */
    o = occ("sm_80", 256, 40, 12288);
    CHECK_EQ_INT(o.blocks_per_sm, 6);
    CHECK_EQ_INT(o.limit_smem, 12);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_REGISTERS);

    /* sm_80, 128 threads, 32 registers, 48 KiB: (49152 + 1024) -> 167936 / 50176 = 3 blocks = 12 warps, 18.75 %;
     * 4 blocks need <= 167936 / 4 - 1024 = 40960 bytes */
    o = occ("sm_80", 128, 32, 49152);
    CHECK_EQ_INT(o.blocks_per_sm, 3);
    CHECK_EQ_INT(o.warps_per_sm, 12);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_SHARED_MEMORY);
    CHECK(strstr(o.suggestion, "<= 40960 bytes") != NULL);

    /* sm_90, opted-in 64 KiB: 66560 per block -> 3 blocks, 24 warps, 37.5 %; 4 need <= 233472/4 - 1024 = 57344 */
    o = occ("sm_90", 256, 32, 65536);
    CHECK_EQ_INT(o.blocks_per_sm, 3);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_SHARED_MEMORY);
    CHECK(strstr(o.suggestion, "<= 57344 bytes") != NULL);

    /* sm_90, 1024 threads, 64 registers: 65536 registers per block -> 1 block, 32 warps, 50 % */
    o = occ("sm_90", 1024, 64, 0);
    CHECK_EQ_INT(o.blocks_per_sm, 1);
    CHECK_EQ_INT(o.warps_per_sm, 32);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_REGISTERS);

    /* sm_90, 32-thread blocks: the 32 resident blocks bind at 32 of 64 warps; 64 threads would fill it */
    o = occ("sm_90", 32, 16, 0);
    CHECK_EQ_INT(o.blocks_per_sm, 32);
    CHECK_EQ_INT(o.warps_per_sm, 32);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_BLOCKS);
    CHECK(strstr(o.suggestion, "64 threads per block") != NULL);

    /* sm_90, 768 threads, 32 registers: registers and threads both allow 2 blocks (48 warps); the block size,
     * not the registers, is what to change */
    o = occ("sm_90", 768, 32, 0);
    CHECK_EQ_INT(o.blocks_per_sm, 2);
    CHECK(o.limit_mask & (1u << GPA_LIMIT_WARPS));
    CHECK(strstr(o.suggestion, "threads per block would give 64 warps") != NULL);

    /* full occupancy: sm_90 256 threads 32 registers -> 8 blocks, 64 warps */
    o = occ("sm_90", 256, 32, 0);
    CHECK_EQ_INT(o.blocks_per_sm, 8);
    CHECK(fabs(o.occupancy - 1.0) < 1e-12);
    CHECK(strstr(o.suggestion, "maximum") != NULL);

    /* the other table entries */
    o = occ("sm_86", 256, 32, 0); /* 1536 threads per SM: 6 blocks = 48 of 48 warps */
    CHECK_EQ_INT(o.blocks_per_sm, 6);
    CHECK_EQ_INT(o.max_warps_per_sm, 48);
    o = occ("sm_89", 128, 32, 0); /* 24 block slots, 1536 threads: 12 blocks (threads bind) */
    CHECK_EQ_INT(o.blocks_per_sm, 12);
    o = occ("sm_75", 1024, 32, 0); /* 1024 threads per SM */
    CHECK_EQ_INT(o.blocks_per_sm, 1);
    CHECK_EQ_INT(o.max_warps_per_sm, 32);
    o = occ("sm_70", 256, 32, 49152); /* V100: 96 KiB, no reserve -> 2 blocks, 25 % */
    CHECK_EQ_INT(o.blocks_per_sm, 2);
    CHECK_EQ_INT(o.warps_per_sm, 16);

    /* does not fit: 1024 x 128 registers = 131072 > 65536 */
    o = occ("sm_90", 1024, 128, 0);
    CHECK_EQ_INT(o.blocks_per_sm, 0);
    CHECK_EQ_INT(o.limit, GPA_LIMIT_REGISTERS);
    CHECK(strstr(o.suggestion, "does not fit") != NULL);
    o = occ("sm_90", 128, 32, 300000);
    CHECK_EQ_INT(o.blocks_per_sm, 0);

    /* invalid input */
    CHECK(gpa_occupancy(gpa_arch_find("sm_90"), 0, 32, 0, &o) != 0);
    CHECK(gpa_occupancy(gpa_arch_find("sm_90"), 1025, 32, 0, &o) != 0);
    CHECK(gpa_occupancy(gpa_arch_find("sm_90"), 256, 256, 0, &o) != 0);
    CHECK(gpa_occupancy(NULL, 256, 32, 0, &o) != 0);

    /* architecture names */
    CHECK(gpa_arch_find("90") == gpa_arch_find("sm_90"));
    CHECK(gpa_arch_find("9.0") == gpa_arch_find("sm_90"));
    CHECK(gpa_arch_find("sm_90a") == gpa_arch_find("sm_90"));
    CHECK(gpa_arch_find("sm_80") != gpa_arch_find("sm_90"));
    CHECK(gpa_arch_find("sm_99") == NULL);
    CHECK(gpa_arch_find("sm_90x") == NULL);
    CHECK(gpa_arch_find("") == NULL);
    CHECK(gpa_arch_find(NULL) == NULL);
    for (int i = 0; gpa_arch_at(i); i++) CHECK(gpa_arch_find(gpa_arch_at(i)->name) == gpa_arch_at(i));
}

static gpa_bank_result banks(gpa_bank_pattern p, int width, int pad, int elem, int arg)
{
    gpa_bank_access a;
    gpa_bank_result r;
    char msg[256];
    memset(&a, 0, sizeof a);
    a.row_elems = width;
    a.pad_elems = pad;
    a.elem_bytes = elem;
    a.pattern = p;
    a.row = a.col = arg;
    a.stride = arg;
    CHECK_EQ_INT(gpa_banks(&a, &r, msg, sizeof msg), 0);
    return r;
}

static gpa_bank_result block_banks(int bx, int by, int width, int pad, int warp, int transposed)
{
    gpa_bank_access a;
    gpa_bank_result r;
    char msg[256];
    memset(&a, 0, sizeof a);
    a.row_elems = width;
    a.pad_elems = pad;
    a.elem_bytes = 4;
    a.pattern = GPA_BANKS_BLOCK;
    a.block_x = bx;
    a.block_y = by;
    a.warp = warp;
    a.transposed = transposed;
    CHECK_EQ_INT(gpa_banks(&a, &r, msg, sizeof msg), 0);
    return r;
}

static void test_banks(void)
{
    gpa_bank_result r;
    gpa_bank_access a;
    char msg[256];
    /* the classic: a 32x32 float tile read by column is 32-way, 32x33 is conflict-free */
    r = banks(GPA_BANKS_COLUMN, 32, 0, 4, 0);
    CHECK_EQ_INT(r.nway, 32);
    CHECK_EQ_INT(r.wavefronts, 32);
    CHECK_EQ_INT(r.extra_wavefronts, 31);
    for (int l = 0; l < 32; l++) CHECK_EQ_INT(r.bank[l], 0);
    r = banks(GPA_BANKS_COLUMN, 32, 1, 4, 5);
    CHECK_EQ_INT(r.nway, 1);
    CHECK_EQ_INT(r.wavefronts, 1);
    for (int l = 0; l < 32; l++) CHECK_EQ_INT(r.bank[l], (l + 5) % 32);
    /* row reads are conflict-free, padded or not */
    r = banks(GPA_BANKS_ROW, 32, 0, 4, 3);
    CHECK_EQ_INT(r.nway, 1);
    r = banks(GPA_BANKS_ROW, 32, 1, 4, 3);
    CHECK_EQ_INT(r.nway, 1);
    CHECK_EQ_INT(r.bank[0], 3); /* row 3 starts at element 99 -> bank 3 */
    /* strides: 2 -> 2-way, 3 (odd) -> free, 32 -> 32-way, 0 -> one word broadcast */
    CHECK_EQ_INT(banks(GPA_BANKS_STRIDE, 32, 0, 4, 2).nway, 2);
    CHECK_EQ_INT(banks(GPA_BANKS_STRIDE, 32, 0, 4, 3).nway, 1);
    CHECK_EQ_INT(banks(GPA_BANKS_STRIDE, 32, 0, 4, 4).nway, 4);
    CHECK_EQ_INT(banks(GPA_BANKS_STRIDE, 32, 0, 4, 32).nway, 32);
    r = banks(GPA_BANKS_STRIDE, 32, 0, 4, 0);
    CHECK_EQ_INT(r.nway, 1);
    CHECK_EQ_INT(r.wavefronts, 1);
    /* 8-byte: two half-warp phases of 16 lanes x 2 banks. Row: each phase covers the 32 banks once. */
    r = banks(GPA_BANKS_ROW, 32, 0, 8, 0);
    CHECK_EQ_INT(r.phases, 2);
    CHECK_EQ_INT(r.nway, 1);
    CHECK_EQ_INT(r.wavefronts, 2);
    CHECK_EQ_INT(r.extra_wavefronts, 0);
    CHECK_EQ_INT(r.bank[1], 2);
    /* 8-byte column of a 32-wide row: every lane on banks 0-1 -> 16-way per phase, 32 wavefronts */
    r = banks(GPA_BANKS_COLUMN, 32, 0, 8, 0);
    CHECK_EQ_INT(r.nway, 16);
    CHECK_EQ_INT(r.wavefronts, 32);
    /* padded by one 8-byte element: pitch 66 words -> lane i on banks 2i, 2i+1 -> free */
    r = banks(GPA_BANKS_COLUMN, 32, 1, 8, 0);
    CHECK_EQ_INT(r.nway, 1);
    CHECK_EQ_INT(r.wavefronts, 2);
    /* 8-byte stride 2: lanes 0-7 cover the banks, lanes 8-15 again -> 2-way, 4 wavefronts */
    r = banks(GPA_BANKS_STRIDE, 32, 0, 8, 2);
    CHECK_EQ_INT(r.nway, 2);
    CHECK_EQ_INT(r.wavefronts, 4);
    /* 16-byte: four quarter-warp phases of 8 lanes x 4 banks */
    r = banks(GPA_BANKS_ROW, 32, 0, 16, 0);
    CHECK_EQ_INT(r.phases, 4);
    CHECK_EQ_INT(r.nway, 1);
    CHECK_EQ_INT(r.wavefronts, 4);
    r = banks(GPA_BANKS_STRIDE, 32, 0, 16, 2);
    CHECK_EQ_INT(r.nway, 2);
    CHECK_EQ_INT(r.wavefronts, 8);
    r = banks(GPA_BANKS_COLUMN, 32, 0, 16, 0);
    CHECK_EQ_INT(r.nway, 8);
    CHECK_EQ_INT(r.wavefronts, 32);
    r = banks(GPA_BANKS_COLUMN, 32, 1, 16, 0); /* pitch 132 words: lane i on banks 4i.. -> free */
    CHECK_EQ_INT(r.nway, 1);
    /* a transpose's 32x8 block reading its 32x32 tile transposed: 32-way; padded to 33: free; the row-wise
     * write (direct) is free either way; warp 3 (ty = 3) the same */
    CHECK_EQ_INT(block_banks(32, 8, 32, 0, 0, 1).nway, 32);
    CHECK_EQ_INT(block_banks(32, 8, 32, 0, 3, 1).nway, 32);
    CHECK_EQ_INT(block_banks(32, 8, 32, 1, 0, 1).nway, 1);
    CHECK_EQ_INT(block_banks(32, 8, 32, 1, 7, 1).nway, 1);
    CHECK_EQ_INT(block_banks(32, 8, 32, 0, 0, 0).nway, 1);
    /* 16x16 block, 16-wide tile read transposed: lanes 0-15 hit banks 0/16, lanes 16-31 banks 1/17 -> 8-way;
     * padded to 17: (15, 1) -> 256 lands on bank 0 with (0, 0) -> 2-way */
    CHECK_EQ_INT(block_banks(16, 16, 16, 0, 0, 1).nway, 8);
    CHECK_EQ_INT(block_banks(16, 16, 16, 1, 0, 1).nway, 2);
    /* invalid input */
    memset(&a, 0, sizeof a);
    a.row_elems = 32; a.elem_bytes = 12; a.pattern = GPA_BANKS_ROW;
    CHECK(gpa_banks(&a, &r, msg, sizeof msg) != 0 && strstr(msg, "4, 8 or 16"));
    a.elem_bytes = 4; a.pattern = GPA_BANKS_COLUMN; a.col = 32;
    CHECK(gpa_banks(&a, &r, msg, sizeof msg) != 0);
    a.pattern = GPA_BANKS_ROW; a.row_elems = 16;
    CHECK(gpa_banks(&a, &r, msg, sizeof msg) != 0);
    a.row_elems = 32; a.pattern = GPA_BANKS_BLOCK; a.block_x = 32; a.block_y = 8; a.warp = 8;
    CHECK(gpa_banks(&a, &r, msg, sizeof msg) != 0);
    a.warp = 0; a.row_elems = 0;
    CHECK(gpa_banks(&a, &r, msg, sizeof msg) != 0);
}

static gpa_coalesce_result coal(int elem, int stride, int offset, int lanes)
{
    gpa_coalesce_access a = {elem, stride, offset, lanes};
    gpa_coalesce_result r;
    char msg[256];
    CHECK_EQ_INT(gpa_coalesce(&a, &r, msg, sizeof msg), 0);
    return r;
}

static void test_coalesce(void)
{
    gpa_coalesce_result r;
    gpa_coalesce_access a = {4, 1, 2, 32};
    char msg[256];
    /* consecutive aligned floats: 128 B in 4 sectors, 1 line, 100 % */
    r = coal(4, 1, 0, 32);
    CHECK_EQ_INT(r.sectors, 4);
    CHECK_EQ_INT(r.lines, 1);
    CHECK_EQ_INT(r.bytes_requested, 128);
    CHECK_EQ_INT(r.bytes_moved, 128);
    CHECK(fabs(r.efficiency - 1.0) < 1e-12);
    /* offset by 4 bytes: bytes 4..131 -> 5 sectors, 2 lines, 80 % */
    r = coal(4, 1, 4, 32);
    CHECK_EQ_INT(r.sectors, 5);
    CHECK_EQ_INT(r.lines, 2);
    CHECK(fabs(r.efficiency - 0.8) < 1e-12);
    /* stride 2: 8 sectors, 50 %; stride 32: 32 sectors, 12.5 % */
    r = coal(4, 2, 0, 32);
    CHECK_EQ_INT(r.sectors, 8);
    CHECK(fabs(r.efficiency - 0.5) < 1e-12);
    r = coal(4, 32, 0, 32);
    CHECK_EQ_INT(r.sectors, 32);
    CHECK_EQ_INT(r.lines, 32);
    CHECK_EQ_INT(r.bytes_moved, 1024);
    CHECK(fabs(r.efficiency - 0.125) < 1e-12);
    /* float4 (the map vector rungs): 512 B in 16 sectors, 4 lines */
    r = coal(16, 1, 0, 32);
    CHECK_EQ_INT(r.sectors, 16);
    CHECK_EQ_INT(r.lines, 4);
    CHECK(fabs(r.efficiency - 1.0) < 1e-12);
    /* 8-byte, offset 8: bytes 8..263 -> 9 sectors */
    CHECK_EQ_INT(coal(8, 1, 8, 32).sectors, 9);
    /* half a warp of floats: 2 sectors; one lane: 1 sector, 4 of 32 bytes */
    r = coal(4, 1, 0, 16);
    CHECK_EQ_INT(r.sectors, 2);
    CHECK(fabs(r.efficiency - 1.0) < 1e-12);
    r = coal(4, 1, 0, 1);
    CHECK_EQ_INT(r.sectors, 1);
    CHECK(fabs(r.efficiency - 0.125) < 1e-12);
    /* stride 0: every lane reads one float -> 1 sector, 4 distinct bytes */
    r = coal(4, 0, 0, 32);
    CHECK_EQ_INT(r.sectors, 1);
    CHECK_EQ_INT(r.bytes_unique, 4);
    CHECK_EQ_INT(r.bytes_requested, 128);
    /* bytes with stride 1: 32 B in 1 sector */
    CHECK_EQ_INT(coal(1, 1, 0, 32).sectors, 1);
    /* invalid: misaligned, element size, lanes */
    CHECK(gpa_coalesce(&a, &r, msg, sizeof msg) != 0 && strstr(msg, "misaligned"));
    a.offset = 0; a.elem_bytes = 3;
    CHECK(gpa_coalesce(&a, &r, msg, sizeof msg) != 0);
    a.elem_bytes = 4; a.lanes = 0;
    CHECK(gpa_coalesce(&a, &r, msg, sizeof msg) != 0);
    a.lanes = 33;
    CHECK(gpa_coalesce(&a, &r, msg, sizeof msg) != 0);
    a.lanes = 32; a.stride = -1;
    CHECK(gpa_coalesce(&a, &r, msg, sizeof msg) != 0);
}

static void test_speedup(void)
{
    CHECK(fabs(gpa_amdahl(0.9, 10) - 1.0 / 0.19) < 1e-12);   /* 5.263 */
    CHECK(fabs(gpa_amdahl(0.5, 2) - 4.0 / 3.0) < 1e-12);
    CHECK(fabs(gpa_amdahl(0.95, 1e9) - 20.0) < 1e-6);       /* limit 1 / (1 - p) */
    CHECK(fabs(gpa_amdahl(1.0, 8) - 8.0) < 1e-12);
    CHECK(fabs(gpa_amdahl(0.0, 1000) - 1.0) < 1e-12);
    CHECK(fabs(gpa_amdahl(0.99, 1) - 1.0) < 1e-12);
    CHECK(fabs(gpa_gustafson(0.9, 132) - 118.9) < 1e-9);
    CHECK(fabs(gpa_gustafson(0.5, 2) - 1.5) < 1e-12);
    CHECK(fabs(gpa_gustafson(1.0, 64) - 64.0) < 1e-12);
    CHECK(fabs(gpa_gustafson(0.0, 64) - 1.0) < 1e-12);
}

static void test_ncu_text(void)
{
    char b[64];
    CHECK(gpa_ncu_csv_value("\"0\",\"123\",\"gpuprim\",\"127.0.0.1\",\"map_naive<(gp_binop)0>(long, const float *, "
                            "const float *, float *)\",\"1\",\"7\",\"(256, 1, 1)\",\"(65536, 1, 1)\",\"0\",\"9.0\","
                            "\"Command line profiler metrics\",\"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum\","
                            "\"sector\",\"4,194,304\"\n") == 4194304.0);
    CHECK(gpa_ncu_csv_value("\"x\",\"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum\",\"\",\"0\"") == 0.0);
    CHECK(gpa_ncu_csv_value("\"x\",\"smsp__inst_executed_op_shared_ld.sum\",\"inst\",\"524288\"\r\n") == 524288.0);
    CHECK(gpa_ncu_csv_value("\"x\",\"m\",\"inst\",\"n/a\"") == -1.0);
    CHECK(gpa_ncu_csv_value("plain,12") == 12.0);
    CHECK(gpa_ncu_csv_value("") == -1.0);
    gpa_kernel_base_name("_Z9map_naiveIL8gp_binop0EEvlPKfS2_Pf", b, sizeof b);
    CHECK(!strcmp(b, "map_naive"));
    gpa_kernel_base_name("map_ilp<(gp_binop)0>(long, long, long, const float *, const float *, float *)", b, sizeof b);
    CHECK(!strcmp(b, "map_ilp"));
    gpa_kernel_base_name("plain_kernel", b, sizeof b);
    CHECK(!strcmp(b, "plain_kernel"));
    gpa_kernel_base_name("_Z999x", b, sizeof b); /* a length past the end: not taken as mangled */
    CHECK(strlen(b) < sizeof b);
}

int main(void)
{
    test_ncu_text();
    test_occupancy();
    test_banks();
    test_coalesce();
    test_speedup();
    return tc_summary("test_analysis");
}
