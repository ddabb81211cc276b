# judge_expect.cmake — a test of `gpuprim judge` that needs nvcc or a GPU: skipped (the message
# "judge test skipped", matched by the tests' SKIP_REGULAR_EXPRESSION) when nvcc is missing or, for the GPU
# tests, when `gpuprim verify` finds no GPU (a second, cheap, before compiling anything). Then as
# cli_expect.cmake: GPUPRIM with ARGS ('|'-separated) must exit EXPECT_RC with output matching EXPECT_RE.
#   STARTER=NAME instead: `gpuprim judge --starter NAME` written to OUT_DIR/NAME.cu must compile with
#   `nvcc -c -arch=sm_80`, and `gpuprim judge OUT_DIR/NAME.cu --problem NAME` must compile it with the
#   problem's prototype and exit 3 (no GPU: the tests run with CUDA_VISIBLE_DEVICES=-1).
#   RUNNER=path SO_SOURCE=file.cu PROBLEM=name: the runner's launch capture (no GPU needed).
#   JSON_FILE=path JSON_VERDICT=passed|failed: also, the --json file parses and says that verdict.
if(DEFINED ENV{NVCC})
  set(nvcc "$ENV{NVCC}")
else()
  find_program(nvcc NAMES nvcc PATHS /usr/local/cuda/bin ${BUILD_NVCC_DIR} NO_CACHE)
endif()
if(NOT nvcc OR NOT EXISTS "${nvcc}")
  message(STATUS "judge test skipped: nvcc not found")
  return()
endif()
if(NEED_GPU)
  execute_process(COMMAND "${GPUPRIM}" verify map --rung 1 --n 1 --seed 1 RESULT_VARIABLE gpu_rc OUTPUT_QUIET ERROR_QUIET)
  if("${gpu_rc}" STREQUAL "3")
    message(STATUS "judge test skipped: no usable GPU")
    return()
  endif()
endif()

if(STARTER)
  set(file "${OUT_DIR}/${STARTER}.cu")
  execute_process(COMMAND "${GPUPRIM}" judge --starter ${STARTER} OUTPUT_FILE "${file}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "gpuprim judge --starter ${STARTER}: exit code ${rc}")
  endif()
  execute_process(COMMAND "${nvcc}" -c -arch=sm_80 "${file}" -o "${OUT_DIR}/${STARTER}.o" RESULT_VARIABLE rc
                  OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "the starter of ${STARTER} does not compile with nvcc -c -arch=sm_80:\n${out}${err}")
  endif()
  execute_process(COMMAND "${GPUPRIM}" judge "${file}" --problem ${STARTER} RESULT_VARIABLE rc OUTPUT_VARIABLE out
                  ERROR_VARIABLE err)
  if(NOT rc EQUAL 3 OR NOT "${out}${err}" MATCHES "compiled: +[0-9]+ kernels? for sm_80.*no usable GPU")
    message(FATAL_ERROR "gpuprim judge (starter of ${STARTER}): exit code ${rc}, expected 3 after compiling:\n${out}${err}")
  endif()
  message(STATUS "the starter of ${STARTER} compiles alone and with the problem's prototype")
  return()
endif()

if(RUNNER)
  set(so "${OUT_DIR}/${PROBLEM}_launches.so")
  execute_process(COMMAND "${nvcc}" -shared -Xcompiler -fPIC -cudart shared -arch=sm_80 "${SO_SOURCE}" -o "${so}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${SO_SOURCE} does not compile:\n${out}${err}")
  endif()
  set(ENV{GPUPRIM_JUDGE_PROTOCOL_STDOUT} 1)
  execute_process(COMMAND "${RUNNER}" ${PROBLEM} "${so}" launches RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT "${out}" MATCHES "${EXPECT_RE}")
    message(FATAL_ERROR "runner ${PROBLEM} launches: exit code ${rc}, output does not match '${EXPECT_RE}':\n${out}${err}")
  endif()
  message(STATUS "runner ${PROBLEM} launches: ${out}")
  return()
endif()

string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND "${GPUPRIM}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "gpuprim ${args}: exit code ${rc}, expected ${EXPECT_RC}; output:\n${all}")
endif()
if(NOT all MATCHES "${EXPECT_RE}")
  message(FATAL_ERROR "gpuprim ${args}: output does not match '${EXPECT_RE}':\n${all}")
endif()
if(JSON_FILE) # the --json file parses, and says the verdict expected
  file(READ "${JSON_FILE}" json)
  string(JSON verdict ERROR_VARIABLE json_error GET "${json}" verdict)
  if(json_error OR NOT "${verdict}" STREQUAL "${JSON_VERDICT}")
    message(FATAL_ERROR "${JSON_FILE}: verdict '${verdict}', expected '${JSON_VERDICT}' ${json_error}:\n${json}")
  endif()
  string(JSON ncases LENGTH "${json}" cases)
  message(STATUS "${JSON_FILE}: verdict ${verdict}, ${ncases} cases")
endif()
message(STATUS "gpuprim ${args}: exit code ${rc}, output matches '${EXPECT_RE}'\n${all}")
