# Tests of `gpuprim judge` (issue 19). CPU tests: the problem list with LeetGPU's exact signatures, the
# starters (each compiles with nvcc -c for sm_80, and through the judge with the problem's prototype), the
# argument errors (exit 2, with the message), a file that does not compile and a solve of the wrong
# signature (exit 1 with the compiler's message), a missing nvcc, and the runner's launch capture. GPU tests
# (skipped without a GPU): every example under examples/judge/ judged, with its expected outcome, and the
# fixtures under tests/judge/ that hang, crash on the host or have no solve.
# Exit codes: 0 every test passed, 1 a test failed / crash / hang / compile error, 2 usage, 3 no usable GPU.

get_filename_component(judge_nvcc_dir "${CMAKE_CUDA_COMPILER}" DIRECTORY)
set(JUDGE_EXAMPLES ${CMAKE_CURRENT_SOURCE_DIR}/examples/judge)
set(JUDGE_FIXTURES ${CMAKE_CURRENT_SOURCE_DIR}/tests/judge)
set(JUDGE_OUT ${CMAKE_CURRENT_BINARY_DIR}/judge_tests)
file(MAKE_DIRECTORY ${JUDGE_OUT})

# judge_expect(NAME NEED_GPU EXPECT_RC EXPECT_RE ARGS...): as cli_expect, skipped without nvcc (or a GPU)
function(judge_expect name need_gpu rc regex)
  string(REPLACE ";" "|" args "${ARGN}")
  add_test(NAME ${name} COMMAND ${CMAKE_COMMAND} -DGPUPRIM=$<TARGET_FILE:gpuprim_cli> "-DARGS=${args}"
           "-DEXPECT_RC=${rc}" "-DEXPECT_RE=${regex}" -DNEED_GPU=${need_gpu} -DBUILD_NVCC_DIR=${judge_nvcc_dir}
           -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/judge_expect.cmake)
  set_tests_properties(${name} PROPERTIES SKIP_REGULAR_EXPRESSION "judge test skipped" TIMEOUT 600)
  if(need_gpu)
    set_tests_properties(${name} PROPERTIES LABELS gpu)
  else()
    set_tests_properties(${name} PROPERTIES LABELS cpu ENVIRONMENT CUDA_VISIBLE_DEVICES=-1)
  endif()
endfunction()

# ---- CPU: help, the list, the starters ----
cli_expect(judge_help 0 "usage: gpuprim judge FILE.cu --problem NAME.*--problem NAME.*vector_add, reduction, prefix_sum.*--timeout S.*exit codes: 0 every test passed" judge --help)
cli_expect(help_cmd_judge 0 "usage: gpuprim judge .*options:.*-h, --help.*exit codes: 0 every test passed" help judge)
cli_expect(help_lists_judge 0 "  judge +check and time your own LeetGPU-style solve" help)
# each problem's exact LeetGPU signature in --list (every character that is not a letter, digit, space or comma
# matches as '.')
set(JUDGE_SIGNATURES
  "vector_add=extern \"C\" void solve(const float* A, const float* B, float* C, int N)"
  "reduction=extern \"C\" void solve(const float* input, float* output, int N)"
  "prefix_sum=extern \"C\" void solve(const float* input, float* output, int N)"
  "histogramming=extern \"C\" void solve(const int* input, int* histogram, int N, int num_bins)"
  "matrix_transpose=extern \"C\" void solve(const float* input, float* output, int rows, int cols)"
  "matrix_multiplication=extern \"C\" void solve(const float* A, const float* B, float* C, int M, int N, int K)"
  "stream_compaction=extern \"C\" void solve(const float* A, int N, float* out)"
  "sorting=extern \"C\" void solve(float* data, int N)"
  "convolution_2d=extern \"C\" void solve(const float* input, const float* kernel, float* output, int input_rows, int input_cols, int kernel_rows, int kernel_cols)"
  "gemm=extern \"C\" void solve(const half* A, const half* B, half* C, int M, int N, int K, float alpha, float beta)")
foreach(entry ${JUDGE_SIGNATURES})
  string(FIND "${entry}" "=" eq)
  string(SUBSTRING "${entry}" 0 ${eq} name)
  math(EXPR from "${eq} + 1")
  string(SUBSTRING "${entry}" ${from} -1 sig)
  string(REGEX REPLACE "[^A-Za-z0-9_ ,]" "." sig_re "${sig}")
  cli_expect(judge_list_${name} 0 "\n${name}  .LeetGPU [0-9]+ .*\n  signature:  ${sig_re}.\n  computes: .*tolerance: .*benchmark: .*starter:    gpuprim judge --starter ${name}" judge --list)
  add_test(NAME judge_starter_${name} COMMAND ${CMAKE_COMMAND} -DGPUPRIM=$<TARGET_FILE:gpuprim_cli> -DSTARTER=${name}
           -DOUT_DIR=${JUDGE_OUT} -DBUILD_NVCC_DIR=${judge_nvcc_dir} -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/judge_expect.cmake)
  set_tests_properties(judge_starter_${name} PROPERTIES LABELS cpu ENVIRONMENT CUDA_VISIBLE_DEVICES=-1
                       SKIP_REGULAR_EXPRESSION "judge test skipped" TIMEOUT 600)
endforeach()
cli_expect(judge_list_sync 0 "the judge synchronises the device after it" judge --list)
cli_expect(judge_list_contracts 0 "stream_compaction .*before: +out set to 0.0 before each call .LeetGPU's contract.*tolerance: +exact" judge --list)
cli_expect(judge_starter_gemm_text 0 "^#include <cuda_fp16.h>.*extern \"C\" void solve.const half. A" judge --starter gemm)

# ---- CPU: argument errors (2), before anything is compiled or a GPU looked for ----
set(one_example ${JUDGE_EXAMPLES}/vector_add_naive.cu)
cli_expect(judge_unknown_problem 2 "gpuprim judge: --problem takes vector_add, reduction, prefix_sum, histogramming, matrix_transpose, matrix_multiplication, stream_compaction, sorting, convolution_2d or gemm, not 'nosuch' .see 'gpuprim judge --help'." judge ${one_example} --problem nosuch)
cli_expect(judge_unknown_starter 2 "--starter takes vector_add, .* or gemm, not 'vector_sub'" judge --starter vector_sub)
cli_expect(judge_missing_file 2 "gpuprim judge: cannot read the file 'no/such/file.cu'" judge no/such/file.cu --problem reduction)
cli_expect(judge_no_file 2 "gpuprim judge: needs a FILE.cu to judge" judge --problem reduction)
cli_expect(judge_no_problem 2 "gpuprim judge: needs --problem NAME .the problems: 'gpuprim judge --list'." judge ${one_example})
cli_expect(judge_two_files 2 "gpuprim judge: takes at most 1 name, not also 'b.cu'" judge a.cu b.cu --problem reduction)
cli_expect(judge_list_and_starter 2 "takes --list or --starter, not both" judge --list --starter gemm)
cli_expect(judge_list_with_file 2 "--list takes no FILE or --problem" judge --list ${one_example})
cli_expect(judge_starter_with_problem 2 "--starter takes no FILE or --problem" judge --starter gemm --problem gemm)
cli_expect(judge_problem_missing 2 "--problem needs a value: vector_add, " judge ${one_example} --problem)
cli_expect(judge_timeout_zero 2 "--timeout takes a whole number from 1 to 3600, not '0'" judge ${one_example} --problem vector_add --timeout 0)
cli_expect(judge_n_too_large 2 "--n takes a count from 1 to 2147483647 .e.g. 1000, 2.28, 64M, 1G., not '2.31'" judge ${one_example} --problem vector_add --n 2^31)
cli_expect(judge_reps_zero 2 "--reps takes a whole number from 1 to 100000, not '0'" judge ${one_example} --problem vector_add --reps 0)
cli_expect(judge_arch_bad 2 "--arch takes sm_XY, e.g. sm_80 or sm_90a, not 'ampere'" judge ${one_example} --problem vector_add --arch ampere)
cli_expect(judge_json_no_folder 2 "--json takes a file name in a writable folder, not '/nonexistent/j.json'" judge ${one_example} --problem vector_add --json /nonexistent/j.json)
cli_expect(judge_flag_value 2 "--no-bench takes no value, not '1'" judge ${one_example} --problem vector_add --no-bench=1)

# ---- CPU with nvcc: compile errors (1) with the compiler's message, and no GPU (3) after compiling ----
judge_expect(judge_does_not_compile 0 1 "does not compile for sm_80:.*error: identifier .undefined_helper. is undefined.*judge: FAILED .compile error."
             judge ${JUDGE_FIXTURES}/does_not_compile.cu --problem vector_add)
judge_expect(judge_wrong_signature 0 1 "has .C. linkage.*the signature of solve differs from the problem's. it must be:.  extern .C. void solve.const float. A, const float. B, float. C, int N.;.*judge: FAILED .compile error."
             judge ${JUDGE_FIXTURES}/wrong_signature.cu --problem vector_add)
judge_expect(judge_wrong_problem 0 1 "has .C. linkage.*it must be:.  extern .C. void solve.const float. input, float. output, int N.;"
             judge ${JUDGE_EXAMPLES}/vector_add_naive.cu --problem reduction)
judge_expect(judge_no_gpu 0 3 "compiled: +3 kernels for sm_86: .*gpuprim judge: no usable GPU: .*reduction_naive.cu compiled for sm_86"
             judge ${JUDGE_EXAMPLES}/reduction_naive.cu --problem reduction --arch sm_86)
cli_expect(judge_nvcc_missing 1 "gpuprim judge: nvcc not found .\\$NVCC: /nonexistent/nvcc.; install the CUDA toolkit or set NVCC" judge ${one_example} --problem vector_add)
set_tests_properties(cli_judge_nvcc_missing PROPERTIES ENVIRONMENT "CUDA_VISIBLE_DEVICES=-1;NVCC=/nonexistent/nvcc")
# the runner sees the kernel, grid and block of each launch inside solve (the launches fail without a GPU)
function(judge_runner_launches problem source regex)
  add_test(NAME judge_runner_launches_${problem} COMMAND ${CMAKE_COMMAND} -DRUNNER=$<TARGET_FILE:gpuprim_judge_runner>
           -DPROBLEM=${problem} -DSO_SOURCE=${JUDGE_EXAMPLES}/${source} -DOUT_DIR=${JUDGE_OUT} "-DEXPECT_RE=${regex}"
           -DBUILD_NVCC_DIR=${judge_nvcc_dir} -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/judge_expect.cmake)
  set_tests_properties(judge_runner_launches_${problem} PROPERTIES LABELS cpu ENVIRONMENT CUDA_VISIBLE_DEVICES=-1
                       SKIP_REGULAR_EXPRESSION "judge test skipped" TIMEOUT 600)
endfunction()
judge_runner_launches(vector_add vector_add_naive.cu "launch kernel=.* grid=1,1,1 block=256,1,1 .*calls=1")
judge_runner_launches(reduction reduction_naive.cu
                      "launch kernel=.*block=1,1,1.*calls=1.*launch kernel=.*block=256,1,1.*calls=1.*launch kernel=.*block=1,1,1.*calls=1")
judge_runner_launches(matrix_multiplication matrix_multiplication_tiled.cu "launch kernel=.*grid=1,1,1 block=16,16,1")

# ---- GPU: the examples, judged (skipped without a GPU) ----
# right ones pass; the ladders' places are the predictions of each example's header comment, checked loosely
# here (a place on the ladder, not below its first rung where the example is that rung's idea or better)
set(PLACED "place: (between rung|above every rung)")
judge_expect(judge_gpu_vector_add_naive 1 0 "tests: [0-9]+ passed, 0 failed, 0 not run.*place: .*hint: .*kernels .*vector_add_naive +grid .*occupancy [0-9]+%.*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/vector_add_naive.cu --problem vector_add --seed 7 --json ${JUDGE_OUT}/vector_add_naive.json)
judge_expect(judge_gpu_reduction_naive 1 0 "tests: [0-9]+ passed, 0 failed.*place: (between rung|below every rung).*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/reduction_naive.cu --problem reduction --seed 7)
judge_expect(judge_gpu_prefix_sum_blocks 1 0 "tests: [0-9]+ passed, 0 failed.*place: .*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/prefix_sum_blocks.cu --problem prefix_sum --seed 7)
judge_expect(judge_gpu_histogramming_shared 1 0 "tests: [0-9]+ passed, 0 failed.*place: .*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/histogramming_shared.cu --problem histogramming --seed 7)
judge_expect(judge_gpu_matrix_transpose_padded 1 0 "tests: [0-9]+ passed, 0 failed.*${PLACED}.*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/matrix_transpose_padded.cu --problem matrix_transpose --seed 7)
judge_expect(judge_gpu_matrix_multiplication_tiled 1 0 "tests: [0-9]+ passed, 0 failed.*place: between rung 0[1-9].*and rung.*hint: +next rung up.*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/matrix_multiplication_tiled.cu --problem matrix_multiplication --seed 7)
judge_expect(judge_gpu_stream_compaction_blocks 1 0 "tests: [0-9]+ passed, 0 failed.*place: .*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/stream_compaction_blocks.cu --problem stream_compaction --seed 7)
judge_expect(judge_gpu_sorting_bitonic 1 0 "tests: [0-9]+ passed, 0 failed.*place: .*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/sorting_bitonic.cu --problem sorting --seed 7)
judge_expect(judge_gpu_convolution_2d_naive 1 0 "tests: [0-9]+ passed, 0 failed.*ladder: .*the conv2d ladder has no VALID-mode case.*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/convolution_2d_naive.cu --problem convolution_2d --seed 7)
judge_expect(judge_gpu_gemm_naive 1 0 "tests: [0-9]+ passed, 0 failed.*place: below every rung.*judge: PASSED"
             judge ${JUDGE_EXAMPLES}/gemm_naive.cu --problem gemm --seed 7)
# the wrong one fails at its first case (N = 1) at index [0], where it left the poison
judge_expect(judge_gpu_vector_add_no_tail 1 1 "FAIL  n=1: first wrong index .0.: got nan, expected .*performance: not measured.*judge: FAILED .first failure: n=1: first wrong index .0."
             judge ${JUDGE_EXAMPLES}/vector_add_no_tail.cu --problem vector_add --seed 7)
# the out-of-bounds one is reported as such, and the judge ends normally
judge_expect(judge_gpu_vector_add_oob 1 1 "FAIL  n=1: out-of-bounds access: an illegal memory access was encountered .cudaErrorIllegalAddress..*the tests ended early: .*judge: FAILED"
             judge ${JUDGE_EXAMPLES}/vector_add_oob.cu --problem vector_add --seed 7)
# a hang is stopped at --timeout; a host crash and a missing solve are reported
judge_expect(judge_gpu_hangs 1 1 "time limit of 5 s exceeded in case n=1 .killed.*judge: FAILED"
             judge ${JUDGE_FIXTURES}/hangs.cu --problem vector_add --timeout 5)
judge_expect(judge_gpu_host_crash 1 1 "crashed with signal 11 .SIGSEGV.*in case n=1.*judge: FAILED"
             judge ${JUDGE_FIXTURES}/host_crash.cu --problem vector_add)
judge_expect(judge_gpu_no_solve 1 1 "no function solve with C linkage in the file: define extern .C. void solve.const float. A.*judge: FAILED"
             judge ${JUDGE_FIXTURES}/no_solve.cu --problem vector_add)

# ---- CPU with nvcc: the judge's own side (records, verdicts, time limit, JSON) against a stand-in runner ----
# GPUPRIM_JUDGE_FAKE_GPU=1 runs $GPUPRIM_JUDGE_RUNNER (tests/judge/fake_runner.sh, which writes a runner's records
# for $FAKE_SCENARIO) as if there were a GPU; the ladder is then not measured
function(judge_fake name scenario rc regex)
  if(rc EQUAL 0)
    set(verdict passed)
  else()
    set(verdict failed)
  endif()
  set(args "judge|${JUDGE_EXAMPLES}/vector_add_naive.cu|--problem|vector_add|--seed|7|--timeout|3|--json|${JUDGE_OUT}/side_${name}.json")
  add_test(NAME judge_side_${name} COMMAND ${CMAKE_COMMAND} -DGPUPRIM=$<TARGET_FILE:gpuprim_cli> "-DARGS=${args}"
           "-DEXPECT_RC=${rc}" "-DEXPECT_RE=${regex}" -DBUILD_NVCC_DIR=${judge_nvcc_dir}
           -DJSON_FILE=${JUDGE_OUT}/side_${name}.json -DJSON_VERDICT=${verdict} -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/judge_expect.cmake)
  set_tests_properties(judge_side_${name} PROPERTIES LABELS cpu SKIP_REGULAR_EXPRESSION "judge test skipped" TIMEOUT 600
    ENVIRONMENT "CUDA_VISIBLE_DEVICES=-1;GPUPRIM_JUDGE_FAKE_GPU=1;GPUPRIM_JUDGE_RUNNER=${JUDGE_FIXTURES}/fake_runner.sh;FAKE_SCENARIO=${scenario}")
endfunction()
judge_fake(pass pass 0 "tests: 15 passed, 0 failed, 0 not run.*your solve: 0.5000 ms .median of 10, 1 buffer set. = 600.0 GB/s, counting 12N bytes.*verified at the benchmark size.*vector_add_naive +grid 97657,1,1 block 256,1,1, 1 per solve: 12 regs.*judge: PASSED .15 of 15 tests.")
judge_fake(fail fail 1 "  FAIL  n=1: first wrong index .0.: got nan, expected 1.5 .1 of 1 wrong.\n  PASS  odd n=3.*tests: 14 passed, 1 failed, 0 not run.*performance: not measured.*judge: FAILED .first failure: n=1: first wrong index .0.")
judge_fake(oob oob 1 "FAIL  n=1: out-of-bounds access: an illegal memory access was encountered .cudaErrorIllegalAddress..*the tests ended early.*hello from solve.*tests: 0 passed, 1 failed, 14 not run.*judge: FAILED")
judge_fake(segv segv 1 "FAIL  n=1: the program crashed with signal 11 .SIGSEGV.*tests: 0 passed, 1 failed, 14 not run.*judge: FAILED")
judge_fake(hang hang 1 "FAIL  n=1: time limit of 3 s exceeded in case n=1 .killed..*judge: FAILED")
judge_fake(exit exit 1 "FAIL  n=1: the program exited .code 7. in case n=1.*judge: FAILED")
