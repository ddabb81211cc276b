# cli_expect.cmake — runs GPUPRIM with ARGS (separated by '|') and fails unless the exit code is EXPECT_RC
# and stdout + stderr match the regular expression EXPECT_RE. Called by the tests of cli_tests.cmake:
#   cmake -DGPUPRIM=path -DARGS="bench|--reps|-1" -DEXPECT_RC=2 -DEXPECT_RE="--reps takes" -P cli_expect.cmake
string(REPLACE "|" ";" args "${ARGS}")
execute_process(COMMAND "${GPUPRIM}" ${args} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}${err}")
if(NOT "${rc}" STREQUAL "${EXPECT_RC}")
  message(FATAL_ERROR "gpuprim ${args}: exit code ${rc}, expected ${EXPECT_RC}; output:\n${all}")
endif()
if(NOT all MATCHES "${EXPECT_RE}")
  message(FATAL_ERROR "gpuprim ${args}: output does not match '${EXPECT_RE}':\n${all}")
endif()
message(STATUS "gpuprim ${args}: exit code ${rc}, output matches '${EXPECT_RE}'")
