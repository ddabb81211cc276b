# Tests of the gpuprim command itself. Each asserts the exit code AND the message (tests/cli_expect.cmake),
# so that accepting a bad value fails on any machine. They run with CUDA_VISIBLE_DEVICES=-1: no GPU is
# visible, so a GPU command whose arguments pass its checks exits 3 (no usable GPU), on any machine, and a
# bad argument must give 2 first. The cli_gpu_* tests at the end need a GPU (exit 3 = skipped).
# Exit codes: 0 success, 1 a result did not verify, 2 usage error, 3 no usable GPU.

# cli_expect(NAME EXPECT_RC EXPECT_RE ARGS...): `gpuprim ARGS...` exits EXPECT_RC with output matching EXPECT_RE.
function(cli_expect name rc regex)
  string(REPLACE ";" "|" args "${ARGN}")
  add_test(NAME cli_${name} COMMAND ${CMAKE_COMMAND} -DGPUPRIM=$<TARGET_FILE:gpuprim_cli> "-DARGS=${args}"
           "-DEXPECT_RC=${rc}" "-DEXPECT_RE=${regex}" -P ${CMAKE_CURRENT_SOURCE_DIR}/tests/cli_expect.cmake)
  set_tests_properties(cli_${name} PROPERTIES LABELS cpu ENVIRONMENT CUDA_VISIBLE_DEVICES=-1)
endfunction()

set(EXIT_CODES "exit codes: 0 success, 1 a result did not verify, 2 usage error, 3 no usable GPU")
set(COUNT_DOMAIN "a count from 1 to 2.62 .e.g. 1000, 2.28, 64M, 1G.")

# ---- help: the general text, every command's --help, -h and `help CMD` ----
cli_expect(help 0 "usage: gpuprim COMMAND.*${EXIT_CODES}" help)
cli_expect(help_flag 0 "usage: gpuprim COMMAND" --help)
cli_expect(no_command 2 "usage: gpuprim COMMAND")
cli_expect(help_lists_tools 0 "list.*verify.*bench.*occupancy.*banks.*coalesce.*amdahl.*gustafson.*explain" help)
foreach(cmd list verify bench explain occupancy banks coalesce amdahl gustafson help)
  cli_expect(${cmd}_help 0 "usage: gpuprim ${cmd} .*options:.*-h, --help.*exit codes: 0 success" ${cmd} --help)
  cli_expect(help_cmd_${cmd} 0 "usage: gpuprim ${cmd} .*options:.*-h, --help.*exit codes: 0 success" help ${cmd})
endforeach()
cli_expect(bench_h 0 "usage: gpuprim bench .*--op OP.*--reps R.*a whole number from 1 to 100000.*reduce +rungs 1-08. --op sum.min.max.*${EXIT_CODES}" bench -h)
cli_expect(verify_help_options 0 "--rung R.*'auto' or 'all'.*--n N.*a count from 0 to 2.62.*--seed S" help verify)
cli_expect(occupancy_help_options 0 "--threads T.*a whole number from 1 to 1024.*--smem B.*a count from 0 to 2.30" occupancy --help)
cli_expect(banks_help_options 0 "--elem E.*.4, 8 or 16.*--pattern P.*row, column, stride, block or col" help banks)
cli_expect(amdahl_help_options 0 "--fractions F1,F2,....*a comma-separated list of at most 16 numbers from 0 to 1.*--law LAW" amdahl --help)
cli_expect(help_unknown_command 2 "unknown command 'frob'. commands: list verify" help frob)
cli_expect(help_two_words 2 "gpuprim help: takes at most 1 name, not also 'bench'" help verify bench)
cli_expect(bench_help_sweep 0 "--sweep +each primitive.s size or shape sweep" bench --help)

# ---- unknown command, option, primitive, rung ----
cli_expect(unknown_command 2 "gpuprim: unknown command 'frobnicate'.*see 'gpuprim help'" frobnicate)
foreach(cmd list verify bench occupancy banks coalesce amdahl gustafson)
  cli_expect(${cmd}_unknown_option 2 "gpuprim ${cmd}: unknown option '--frob' .see 'gpuprim ${cmd} --help'." ${cmd} --frob)
endforeach()
cli_expect(explain_unknown_option 2 "gpuprim explain: unknown option '--frob'" explain map --rung 1 --frob)
cli_expect(gustafson_no_law 2 "gpuprim gustafson: unknown option '--law'" gustafson --law amdahl)
cli_expect(occupancy_extra_word 2 "gpuprim occupancy: takes no arguments besides options, not 'map'" occupancy map)
foreach(cmd list verify bench)
  cli_expect(${cmd}_unknown_prim 2 "gpuprim ${cmd}: unknown primitive 'nosuch'. known: map reduce scan compact histogram transpose sgemm" ${cmd} nosuch)
endforeach()
cli_expect(explain_unknown_prim 2 "gpuprim explain: unknown primitive 'nosuch'" explain nosuch --rung 1)
cli_expect(explain_no_prim 2 "gpuprim explain: needs one primitive" explain --rung 1)
cli_expect(explain_two_prims 2 "gpuprim explain: takes at most 1 name, not also 'reduce'" explain map reduce --rung 1)
cli_expect(explain_no_rung 2 "gpuprim explain: needs one rung: --rung R" explain map)
cli_expect(explain_rung_auto 2 "gpuprim explain: needs one rung" explain map --rung auto)
cli_expect(verify_rung_too_large 2 "gpuprim verify: --rung takes a rung of map from 1 to 4 .01 naive, 02 gridstride, 03 float4, 04 ilp., 'auto' or 'all', not '99'" verify map --rung 99)
cli_expect(verify_rung_not_in_every_prim 2 "--rung takes a rung of map from 1 to 4 .* not '5'" verify --rung 5)
cli_expect(bench_rung_unknown_name 2 "gpuprim bench: --rung takes a rung of map .01 naive.*, 'auto' or 'all', not 'nosuchrung'" bench map --rung nosuchrung)
cli_expect(verify_rung_name_elsewhere 2 "--rung takes a rung of reduce .*not 'float4'" verify map reduce --rung float4)
cli_expect(explain_rung_too_large 2 "gpuprim explain: --rung takes a rung of map from 1 to 4" explain map --rung 99)
cli_expect(verify_rung_zero 2 "--rung takes a rung number or name of each primitive named .'gpuprim list'., 'auto' or 'all', not '0'" verify map --rung 0)
cli_expect(verify_rung_negative 2 "--rung takes a rung number .* not '-1'" verify map --rung -1)
cli_expect(verify_rung_missing 2 "--rung needs a value" verify map --rung)

# ---- list: every rung's number, name, architecture, automatic or forced, configurations; one primitive ----
cli_expect(list 0 "^map.  01 naive +sm_70[+] +auto .*04 ilp +sm_70[+] +forced .*reduce.*sgemm.*columns: rung" list)
cli_expect(list_one 0 "^sgemm.  01 naive .*09 cpasync +sm_80[+] +auto .*10 tuned .*cfg0 128x256x16.*columns" list sgemm)
cli_expect(list_two 0 "^map.*04 ilp.*reduce.*08 single_pass.*columns" list map reduce)
cli_expect(list_stencil 0 "^conv2d.  01 naive .*04 register_tile.*separable.*02 fused.*jacobi.*04 temporal .*cfg1 T=8.*columns"
           list conv2d separable jacobi)

# ---- every bad value class of each option kind ----
# count (--n): negative, zero where not allowed, too large, malformed, missing
cli_expect(bench_n_negative 2 "gpuprim bench: --n takes ${COUNT_DOMAIN}, not '-5'" bench map --n -5)
cli_expect(bench_n_zero 2 "--n takes ${COUNT_DOMAIN}, not '0'" bench map --n 0)
cli_expect(bench_n_too_large 2 "--n takes ${COUNT_DOMAIN}, not '2.63'" bench map --n 2^63)
cli_expect(bench_n_malformed 2 "--n takes ${COUNT_DOMAIN}, not '12x'" bench map --n 12x)
cli_expect(bench_n_missing 2 "--n needs a value: ${COUNT_DOMAIN}" bench map --n)
cli_expect(verify_m_negative 2 "--m takes a count from 0 to 2.62" verify transpose --m -1)
cli_expect(bench_scan_n_vendor_limit 2 "--n for scan takes a count from 1 to 2147483647 .its vendor baseline's limit., not 2147483648" bench scan --n 2^31)
# whole numbers (--reps, --seed, --threads): negative, zero, too large, malformed, missing
cli_expect(bench_reps_negative 2 "gpuprim bench: --reps takes a whole number from 1 to 100000, not '-1'" bench --reps -1)
cli_expect(bench_reps_zero 2 "--reps takes a whole number from 1 to 100000, not '0'" bench --reps 0)
cli_expect(bench_reps_too_large 2 "--reps takes a whole number from 1 to 100000, not '100001'" bench --reps 100001)
cli_expect(bench_reps_malformed 2 "--reps takes a whole number from 1 to 100000, not '1k'" bench --reps 1k)
cli_expect(bench_reps_missing 2 "--reps needs a value: a whole number from 1 to 100000" bench --reps)
cli_expect(bench_seed_negative 2 "--seed takes a whole number from 0 to 9223372036854775807, not '-1'" bench --seed -1)
cli_expect(verify_seed_malformed 2 "--seed takes a whole number from 0 to 9223372036854775807, not '1.5'" verify --seed 1.5)
cli_expect(occupancy_threads_zero 2 "gpuprim occupancy: --threads takes a whole number from 1 to 1024, not '0'" occupancy --threads 0)
cli_expect(occupancy_threads_too_large 2 "--threads takes a whole number from 1 to 1024, not '2000'" occupancy --threads 2000)
cli_expect(occupancy_regs_negative 2 "--regs takes a whole number from 0 to 255, not '-1'" occupancy --regs -1)
cli_expect(occupancy_regs_missing 2 "--regs needs a value: a whole number from 0 to 255" occupancy --regs)
cli_expect(occupancy_smem_malformed 2 "--smem takes a count from 0 to 2.30 .e.g. 1000, 2.28, 64M, 1G., not '48q'" occupancy --smem 48q)
cli_expect(coalesce_lanes_zero 2 "gpuprim coalesce: --lanes takes a whole number from 1 to 32, not '0'" coalesce --lanes 0)
cli_expect(banks_warp_too_large 2 "--warp takes a whole number from 0 to 31, not '32'" banks --warp 32)
# lists (--fractions, --procs): too large, negative, zero, not whole, malformed, empty, too many, missing
cli_expect(amdahl_fraction_too_large 2 "gpuprim amdahl: --fractions takes a comma-separated list of at most 16 numbers from 0 to 1, not '1.5'" amdahl --fractions 1.5)
cli_expect(amdahl_fraction_negative 2 "--fractions takes .* not '-0.1'" amdahl --fractions -0.1)
cli_expect(amdahl_fraction_malformed 2 "--fractions takes .* not '0.5,'" amdahl --fractions 0.5,)
cli_expect(amdahl_fraction_empty 2 "--fractions takes .* not ''" amdahl --fractions=)
cli_expect(amdahl_fraction_missing 2 "--fractions needs a value" amdahl --fractions)
cli_expect(amdahl_procs_zero 2 "--procs takes a comma-separated list of at most 32 whole numbers from 1 to 1e.12, not '0'" amdahl --procs 0)
cli_expect(amdahl_procs_not_whole 2 "--procs takes .* not '1.5'" amdahl --procs 1.5)
cli_expect(gustafson_procs_too_many 2 "--procs takes a comma-separated list of at most 32" gustafson
           --procs 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33)
# choices (--elem, --pattern, --read, --law, --op): not a choice, missing
cli_expect(banks_elem_bad 2 "gpuprim banks: --elem takes 4, 8 or 16, not '12'" banks --elem 12)
cli_expect(banks_pattern_bad 2 "--pattern takes row, column, stride, block or col, not 'diagonal'" banks --pattern diagonal)
cli_expect(banks_read_missing 2 "--read needs a value: transposed or direct" banks --read)
cli_expect(coalesce_elem_bad 2 "--elem takes 1, 2, 4, 8 or 16, not '3'" coalesce --elem 3)
cli_expect(amdahl_law_bad 2 "--law takes both, amdahl or gustafson, not 'moore'" amdahl --law moore)
cli_expect(verify_op_bad 2 "gpuprim verify: --op for map takes add, sub, mul, min or max, not 'sum'" verify map --op sum)
cli_expect(bench_op_bad_for_one 2 "--op for histogram takes u8, f32 or i32, not 'max'" bench --op max)
cli_expect(bench_rung_name_not_in_all 2 "--rung takes a rung of separable .01 two_pass, 02 fused., 'auto' or 'all', not 'register_tile'" bench conv2d separable --rung register_tile)
cli_expect(verify_op_no_variants 2 "--op: none of the primitives named has variants" verify scan --op sum)
# a primitive's own option rules (conv2d, separable: --k is an odd filter edge; jacobi: --k steps)
cli_expect(bench_conv2d_k_even 2 "gpuprim bench: --k for conv2d takes a filter's edge: an odd number below 1048576, not '4'" bench conv2d --k 4)
cli_expect(verify_separable_k_zero 2 "gpuprim verify: --k for separable takes a filter's edge: an odd number .* not '0'" verify separable --k 0)
cli_expect(bench_jacobi_k_too_large 2 "--k for jacobi takes the steps: at most 2147483647, not '2147483648'" bench jacobi --k 2^31)
# strings (--json, --block, --arch): empty, unusable, malformed, missing
cli_expect(bench_json_empty 2 "--json takes a file name in a writable folder, not ''" bench --json=)
cli_expect(bench_json_no_folder 2 "--json takes a file name in a writable folder, not '/nonexistent/x.json'" bench --json /nonexistent/x.json)
cli_expect(bench_csv_missing 2 "--csv needs a value: a file name" bench --csv)
cli_expect(banks_block_bad 2 "--block takes BXxBY with BX.BY <= 1024 .e.g. 32x8., not '64x64'" banks --block 64x64)
cli_expect(occupancy_arch_bad 2 "gpuprim occupancy: --arch takes sm_70, sm_75, .*all .also 90, 9.0, sm_90a., not 'sm_99'" occupancy --arch sm_99)
# flags take no value
cli_expect(bench_flag_value 2 "--quick takes no value, not '1'" bench --quick=1)
# values outside what the models accept
cli_expect(banks_column_outside 2 "gpuprim banks: .*see 'gpuprim banks --help'" banks --pattern column --col 32)
cli_expect(coalesce_misaligned 2 "gpuprim coalesce: .*see 'gpuprim coalesce --help'" coalesce --offset 2)

# ---- the GPU commands: arguments checked first (2), then the GPU looked for (3) ----
cli_expect(verify_no_gpu 3 "gpuprim verify: no usable GPU" verify map)
cli_expect(verify_rung_name_no_gpu 3 "gpuprim verify: no usable GPU" verify map --rung float4 --n 0 --seed 1)
cli_expect(verify_all_no_gpu 3 "gpuprim verify: no usable GPU" verify map reduce --rung auto --op max --m 5 --k 7 -v)
cli_expect(bench_no_gpu 3 "gpuprim bench: no usable GPU" bench map reduce --quick --reps 5 --json=cli_bench.json --csv cli_bench.csv)
cli_expect(bench_reps_large_no_gpu 3 "gpuprim bench: no usable GPU" bench --reps 100000)
cli_expect(bench_sweep_no_gpu 3 "gpuprim bench: no usable GPU" bench --sweep sgemm transpose)
cli_expect(explain_no_gpu 3 "gpuprim explain: no usable GPU" explain map --rung 3 --no-ncu)
cli_expect(verify_stencil_no_gpu 3 "gpuprim verify: no usable GPU" verify conv2d separable jacobi --rung auto --m 40 --n 50 --k 5)
cli_expect(bench_stencil_no_gpu 3 "gpuprim bench: no usable GPU" bench conv2d separable jacobi --rung 2 --quick)

# ---- the CPU analysis commands' results ----
cli_expect(occupancy 0 "active blocks per SM: +6.  active warps per SM: +48 of 64.  theoretical occupancy: +75.0%.  limited by: +registers.*<= 32 registers"
           occupancy --arch sm_90 --threads 256 --regs 40 --smem 12288)
cli_expect(occupancy_all 0 "sm_70.*sm_75.*sm_80.*sm_86.*sm_89.*sm_90" occupancy --arch all --threads 128 --regs 32 --smem 48k)
cli_expect(occupancy_no_fit 1 "active blocks per SM: +0" occupancy --threads 1024 --regs 128)
cli_expect(occupancy_sweep 0 "     32      17     17 +26.6%  shared memory.*    256       6     48 +75.0%  registers   <- this kernel.*   1024       1     32 +50.0%  registers"
           occupancy --arch sm_90 --threads 256 --regs 40 --smem 12288 --sweep)
cli_expect(banks_column 0 "result: 32-way bank conflict. 32 wavefronts" banks --width 32 --pattern column)
cli_expect(banks_padded 0 "result: 1-way bank conflict. 1 wavefront " banks --width 32 --pad 1 --pattern column)
cli_expect(banks_transpose 0 "result: 32-way" banks --pattern block --block 32x8 --read transposed)
cli_expect(banks_8byte 0 "phase 2 .lanes 16-31..*result: 1-way bank conflict. 2 wavefronts" banks --elem 8 --pattern row)
cli_expect(coalesce 0 "sectors .32 B. touched: +4 .*bytes moved: +128.efficiency: +100.0%" coalesce --elem 4 --stride 1 --offset 0)
cli_expect(coalesce_offset 0 "touched: +5 " coalesce --offset 4)
cli_expect(coalesce_stride32 0 "touched: +32 .*efficiency: +12.5%" coalesce --stride 32)
cli_expect(amdahl 0 "10 +5.263.*N -> inf +10.*10 +9.1" amdahl --fractions 0.9 --procs 10)
cli_expect(amdahl_law 0 "^Gustafson speed-up" amdahl --law gustafson --fractions 0.9 --procs 10)
cli_expect(gustafson 0 "132 +118.9" gustafson --fractions 0.9 --procs 132)

# ---- on a GPU (skipped, exit 3, without one): the driver end to end ----
# --n means elements for the 1-D primitives and columns for the matrix ones: the matrix primitives keep their
# default shapes (a 100003-column sgemm checked against the CPU reference on every rung would take minutes)
add_test(NAME cli_gpu_verify COMMAND gpuprim_cli verify map reduce scan compact histogram sort --n 100003 --seed 7)
add_test(NAME cli_gpu_verify_matrix COMMAND gpuprim_cli verify transpose sgemm --seed 7)
add_test(NAME cli_gpu_verify_stencil COMMAND gpuprim_cli verify conv2d separable jacobi --seed 7)
add_test(NAME cli_gpu_bench_quick COMMAND gpuprim_cli bench --quick --reps 5 --seed 7
         --json ${CMAKE_CURRENT_BINARY_DIR}/cli_gpu_bench.json --csv ${CMAKE_CURRENT_BINARY_DIR}/cli_gpu_bench.csv)
add_test(NAME cli_gpu_explain COMMAND gpuprim_cli explain map --rung 3 --n 1M --no-ncu)
set_tests_properties(cli_gpu_verify cli_gpu_verify_matrix cli_gpu_verify_stencil cli_gpu_bench_quick cli_gpu_explain
                     PROPERTIES LABELS gpu SKIP_RETURN_CODE 3
                     TIMEOUT 600)
