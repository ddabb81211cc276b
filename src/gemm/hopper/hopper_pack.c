/* hopper_pack.c — rung 03's hand-off to the Hopper plan through packed operands (issue 16; on by default since
 * session 11's measurement below; a build with GP_GEMM_PACK=0 turns it off).
 * The automatic choice sends a call whose A or B the TMA cannot describe (rows not on 16-byte boundaries) or, for
 * tf32, whose operand is MN-major to rung 03 (cp.async + mma.sync: 0.50x cublasLt at 2047x3001x1537 TT bf16,
 * 0.44x at tf32 NN 4096^3, session 9). Here rung 03, picked automatically on a device and build that run the
 * Hopper rungs, first copies such operands into the handle's workspace (gp__gemm_h_pack_plan: a 2-D copy with the
 * leading dimension rounded up to 16 bytes, or for tf32 a transpose to K-major by transpose rung 06's kernels),
 * then runs the Hopper plan on the copies with the rest of the workspace for its split-k partials. Where the
 * copies do not fit in the workspace, or no Hopper rung takes the packed call, nothing is queued and rung 03 runs.
 * Counted and predicted in scripts/experiments/gemm_hopper/NOTES.md ("Session 10"): ~2.2-2.8x cublasLt at
 * 2047x3001x1537 TT, ~0.90x at tf32 NN 4096^3.
 * measured (H100, results/h100-2026-11-23h/call1/pack-sweep-*.txt, library built with GP_GEMM_PACK=1): 2047x3001x1537
 * TT bf16 1.485x cublasLt (0.498x without; below the prediction: the copies and a 2047-row plan), tf32 1.050x; the
 * shapes whose copies exceed the default 32 MB workspace run rung 03 as before: tf32 NN 4096^3 (a 64 MB copy of B)
 * 0.486x, 4095x4097x4093 NT bf16 (67 MB) 0.576x. test_gpu_gemm passed under it (2398 checks).
 * Session 12: copies larger than the workspace go in panels of C (gp__gemm_h_panel_plan: along n where B is the
 * packed operand, along m where A is; each panel's copy at most 3/4 of the workspace, a multiple of 128 wide), each
 * packed and run in turn. H100, default 32 MB workspace (results/h100-2026-11-24/call2-gemm-panels, `gpuprim bench
 * gemm`, cublasLt in the same run): tf32 NN 4096^3 0.498x -> 0.783x (3 panels of 1536 columns), 8192^3 0.489x ->
 * 0.771x; below a whole copy's ~0.90x (predicted): each panel is a narrower product with its own last wave, and the
 * copies are not overlapped with the products. Next step: the copy of panel i+1 overlapping the product of panel i
 * (two halves of the workspace), or wgmma's A operand from registers for MN-major tf32 (no copy).
 * Session 16: rung 06 takes tf32 with one operand MN-major itself (A from registers; NN as C^T), so tf32 packs only
 * rows the TMA cannot describe and, where both operands are MN-major (TN), the smaller one (to K-major). Panels of
 * k (gp__gemm_h_panel_plan) where both operands are packed or where a panel of C would not fill the GPU: each
 * k-slice's copies and product, C accumulating (beta = 1) after the first.
 * Session 26: the partials' room (gp__gemm_h_split_reserve). A whole copy that fits but leaves the product too little
 * for its split now goes in panels: tf32 TN 256x256x32768 (a 32 MB copy in the 32 MB workspace: no split, 2 blocks)
 * ran 590 us against cublasLt's 37 (results/h100-2026-11-25g call1).
 * Session 27: rung 06 takes tf32 TN itself (B transposed in shared memory); its automatic choice calls the hand-off for
 * tf32 TN only where the copy goes whole or in panels of C and m or n exceeds 1024 (gp__gemm_h_tn_copy). Where C is not
 * TMA-describable (rungs 04 / 05, which split nothing) the panels use the whole workspace instead of 3/4: tf32 NT
 * 4095x4097x4093 in 4 panels of k instead of 6, 1393 -> 1072 us (0.74x -> 0.98x cublasLt), bf16 in 2 instead of 3,
 * 600 -> 482 us (results/h100-2026-11-25h/call3). */
#include <stdint.h>
#include "hopper_internal.h"
#include "../../transpose/transpose_internal.h"

#ifndef GP_GEMM_PACK
#define GP_GEMM_PACK 1 /* 0: rung 03's automatic calls run rung 03 (no packing) */
#endif

/* Copies (or, for tf32, transposes) the operand stored rows x cols at src (leading dimension ld) into dst with
 * leading dimension ld_dst; transposed: dst is cols x rows. */
static gp_status pack_operand(const gp_device_info *dev, cudaStream_t s, const void *src, int64_t rows, int64_t cols,
                              int64_t ld, void *dst, int64_t ld_dst, size_t esz, int transpose)
{
    if (transpose) return gp__transpose_r06_auto(dev, s, (int)esz, rows, cols, src, ld, dst, ld_dst, NULL);
    return cudaMemcpy2DAsync(dst, (size_t)ld_dst * esz, src, (size_t)ld * esz, (size_t)cols * esz, (size_t)rows,
                             cudaMemcpyDeviceToDevice, s) == cudaSuccess
               ? GP_SUCCESS
               : GP_ERROR_CUDA;
}

/* The product a, or one panel of it, packed and run: *ran the plan's rung, 0 (nothing queued) where no Hopper rung
 * takes it. */
static gp_status pack_and_run(gp_ctx *c, const gp_gemm_args *a, int *ran)
{
    *ran = 0;
    const gp_gemm_h_pack pk = gp__gemm_h_pack_plan(a);
    if (!pk.ok || pk.bytes > c->workspace_bytes) return GP_SUCCESS;
    const gp_gemm_args q = gp__gemm_h_packed_args(a, &pk, c->workspace, c->workspace_bytes);
    const gp_gemm_h_plan plan = gp__gemm_h_pick(c->dev, &q);
    if (plan.rung < 4 || plan.rung > 7 || !(c->supported >> plan.rung & 1u)) return GP_SUCCESS;
    const size_t esz = gp__gemm_elem_size(a->ab_type);
    if (pk.pack_a) { /* stored (ta ? k x m : m x k); tf32 with ta = 1 is transposed to m x k */
        const int64_t rows = a->ta ? a->k : a->m, cols = a->ta ? a->m : a->k;
        GP_TRY(pack_operand(c->dev, c->stream, a->A, rows, cols, a->lda, (void *)q.A, q.lda, esz, a->ta != pk.ta));
    }
    if (pk.pack_b) { /* stored (tb ? n x k : k x n); tf32 with tb = 0 is transposed to n x k */
        const int64_t rows = a->tb ? a->n : a->k, cols = a->tb ? a->k : a->n;
        GP_TRY(pack_operand(c->dev, c->stream, a->B, rows, cols, a->ldb, (void *)q.B, q.ldb, esz, a->tb != pk.tb));
    }
    *ran = plan.rung;
    return gp__gemm_h_run_plan(c->dev, c->stream, &q, &plan);
}

gp_status gp__gemm_pack_handoff(gp_ctx *c, const gp_gemm_args *a, int *handled)
{
    int ran = 0;
    *handled = 0;
    if (!GP_GEMM_PACK || c->forced != 0 || c->dev->cc_major < 9) return GP_SUCCESS;
    if (!c->workspace || (uintptr_t)c->workspace % 128) return GP_SUCCESS;
    const gp_gemm_h_pack pk = gp__gemm_h_pack_plan(a);
    if (!pk.ok) return GP_SUCCESS;
    /* a whole copy where it leaves the product's split-k partials their room, else panels (gp__gemm_h_copy_plan) */
    gp_gemm_h_panels pn;
    if (!gp__gemm_h_copy_plan(c->dev, a, &pk, c->workspace_bytes, &pn)) return GP_SUCCESS;
    if (pn.count == 0) {
        GP_TRY(pack_and_run(c, a, &ran));
    } else {
        /* Copies larger than the workspace (or leaving too little for the partials): panels of C or of k, each with
         * its slice of the packed operands (gp__gemm_h_panels), packed and run in turn on the stream, each panel's
         * copy in the same workspace as the previous one's. */
        for (int64_t i = 0; i < pn.count; i++) {
            gp_gemm_args p = gp__gemm_h_panel_args(a, &pn, i);
            int r = 0;
            GP_TRY(pack_and_run(c, &p, &r));
            if (r == 0) { /* a panel no Hopper rung takes: rung 03 runs it */
                if (i == 0) return GP_SUCCESS; /* nothing queued yet: the whole call goes to rung 03 */
                GP_TRY(gp__gemm_r03_launch_cfg(c->dev, c->stream, &p, -1, NULL));
                continue;
            }
            if (i == 0) ran = r;
        }
    }
    if (ran == 0) return GP_SUCCESS;
    *handled = 1;
    c->ran_rung = ran;
    return GP_SUCCESS;
}
