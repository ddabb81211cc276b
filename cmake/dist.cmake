# dist.cmake — the optional part of the build for several GPUs through NCCL: the library gpuprim_dist
# (include/gpuprim_dist.h, src/dist/), its GPU test's link and its bench. Included once from CMakeLists.txt,
# after the library and the tests. The core library gpuprim never links NCCL.
# GPUPRIM_DIST: ON by default where nccl.h and libnccl are found (the CUDA toolkit's folders, NCCL_HOME or
# NCCL_ROOT, the system's), OFF otherwise; -DGPUPRIM_DIST=OFF leaves it out anyway.
find_path(GPUPRIM_NCCL_INCLUDE_DIR nccl.h
  HINTS ${CUDAToolkit_INCLUDE_DIRS} $ENV{NCCL_HOME}/include $ENV{NCCL_ROOT}/include)
find_library(GPUPRIM_NCCL_LIBRARY nccl
  HINTS ${CUDAToolkit_LIBRARY_DIR} $ENV{NCCL_HOME} $ENV{NCCL_ROOT}
  PATH_SUFFIXES lib64 lib lib/x86_64-linux-gnu)
if(GPUPRIM_NCCL_INCLUDE_DIR AND GPUPRIM_NCCL_LIBRARY AND EXISTS "${GPUPRIM_NCCL_INCLUDE_DIR}/nccl.h"
   AND EXISTS "${GPUPRIM_NCCL_LIBRARY}")
  set(GP_NCCL_FOUND ON)
else()
  set(GP_NCCL_FOUND OFF)
endif()
option(GPUPRIM_DIST "build gpuprim_dist (several GPUs through NCCL); default: ON where NCCL is found" ${GP_NCCL_FOUND})
if(GPUPRIM_DIST AND NOT GP_NCCL_FOUND)
  message(FATAL_ERROR "GPUPRIM_DIST is ON but nccl.h / libnccl were not found (set NCCL_HOME)")
endif()

if(NOT GPUPRIM_DIST)
  if(GP_NCCL_FOUND)
    message(STATUS "gpuprim_dist (several GPUs, NCCL): OFF (GPUPRIM_DIST=OFF)")
  else()
    message(STATUS "gpuprim_dist (several GPUs, NCCL): OFF (nccl.h / libnccl not found)")
  endif()
  return()
endif()

file(STRINGS ${GPUPRIM_NCCL_INCLUDE_DIR}/nccl.h GP_NCCL_VERSION_LINES REGEX "^#define NCCL_(MAJOR|MINOR|PATCH) ")
string(REGEX REPLACE ".*NCCL_MAJOR ([0-9]+).*NCCL_MINOR ([0-9]+).*NCCL_PATCH ([0-9]+).*" "\\1.\\2.\\3"
       GP_NCCL_VERSION "${GP_NCCL_VERSION_LINES}")
message(STATUS "gpuprim_dist (several GPUs, NCCL): ON, NCCL ${GP_NCCL_VERSION} (${GPUPRIM_NCCL_LIBRARY})")

# The library: its own exports (GP_DIST_API), hidden visibility for the rest, as libgpuprim.so.
add_library(gpuprim_dist SHARED src/dist/dist.c src/dist/dist_plan.c src/dist/dist_kernels.cu)
set_target_properties(gpuprim_dist PROPERTIES C_VISIBILITY_PRESET hidden CUDA_VISIBILITY_PRESET hidden
  VERSION ${PROJECT_VERSION} SOVERSION ${PROJECT_VERSION_MAJOR})
target_compile_definitions(gpuprim_dist PRIVATE GPUPRIM_DIST_BUILDING)
target_include_directories(gpuprim_dist PUBLIC
  $<BUILD_INTERFACE:${CMAKE_CURRENT_SOURCE_DIR}/include> $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>
  ${GPUPRIM_NCCL_INCLUDE_DIR}
  PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src/dist)
target_link_libraries(gpuprim_dist PUBLIC gpuprim ${GPUPRIM_NCCL_LIBRARY} CUDA::cudart)
if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
  target_link_options(gpuprim_dist PRIVATE "LINKER:--exclude-libs,ALL")
endif()
# libgpuprim_dist.so exports gp_dist_* functions only.
add_test(NAME dist_exported_symbols COMMAND sh -c
  "syms=$(\"$0\" -D --defined-only \"$1\" | awk 'NF >= 3 {print $3}' | grep -v '^gp_dist_'); [ -z \"$syms\" ] || { echo \"exported besides gp_dist_*: $syms\"; exit 1; }; echo ok"
  ${GP_NM} $<TARGET_FILE:gpuprim_dist>)
set_tests_properties(dist_exported_symbols PROPERTIES LABELS cpu TIMEOUT 60)

# gpuprim_dist's host code (dist.c) on the CPU, against stand-ins for the CUDA runtime, NCCL and gpuprim
# (tests/dist/test_dist_mock.c): no GPU, no libnccl; AddressSanitizer where the compiler has it.
add_executable(test_dist_mock tests/dist/test_dist_mock.c src/dist/dist.c src/dist/dist_plan.c)
target_include_directories(test_dist_mock PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/include ${CMAKE_CURRENT_SOURCE_DIR}/src/dist
  ${CMAKE_CURRENT_SOURCE_DIR}/tests ${GPUPRIM_NCCL_INCLUDE_DIR} ${CUDAToolkit_INCLUDE_DIRS})
target_link_libraries(test_dist_mock PRIVATE Threads::Threads)
include(CheckCSourceCompiles)
set(CMAKE_REQUIRED_FLAGS -fsanitize=address)
set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=address)
check_c_source_compiles("int main(void) { return 0; }" GP_HAVE_ASAN)
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)
if(GP_HAVE_ASAN)
  target_compile_options(test_dist_mock PRIVATE -fsanitize=address -fno-omit-frame-pointer)
  target_link_options(test_dist_mock PRIVATE -fsanitize=address)
endif()
add_test(NAME test_dist_mock COMMAND test_dist_mock)
set_tests_properties(test_dist_mock PROPERTIES LABELS cpu TIMEOUT 300 ENVIRONMENT ASAN_OPTIONS=detect_leaks=0)

# The GPU test (found by the tests' glob): without this it builds as a stub that exits 77.
if(TARGET test_gpu_dist)
  target_compile_definitions(test_gpu_dist PRIVATE GPUPRIM_DIST_TEST)
  target_link_libraries(test_gpu_dist PRIVATE gpuprim_dist Threads::Threads)
endif()

# The bench: local sort vs exchange, NCCL send/recv bandwidth, strong scaling, capacity (2 GPUs).
add_executable(gpuprim_dist_bench bench/dist/dist_bench.cu)
target_link_libraries(gpuprim_dist_bench PRIVATE gpuprim_dist Threads::Threads)

install(TARGETS gpuprim_dist LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES include/gpuprim_dist.h DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
