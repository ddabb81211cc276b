# session 35 call 2 (H200): the library with s34-desc.patch applied and gp_h_pack_frags (the 16-bit register
# epilogue's packing as one helper): test_gpu_gemm with the automatic choice and every hopper rung forced (0, 4, 5,
# 6, 7, 8) in parallel, then memcheck (GP_TEST_SMALL=1, rungs 0, 4, 8) and racecheck (GP_TEST_SMALL=2, rungs 6, 7)
# side by side: what `criteria-run.sh check` does (the call ran this script's first form, which wrote the same files
# under $OUT/c2; git log shows it). Carried: prebuilt/s35b.tar.xz (new/: gpuprim, libgpuprim.so.0, test_gpu_gemm).
ARCHIVE=prebuilt/s35b.tar.xz VER=new bash scripts/experiments/gemm_hopper/criteria-run.sh check
