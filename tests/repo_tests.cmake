# Tests of the library's surface and of the repository itself (CPU only; shell scripts in tests/).
# libgpuprim.so exports exactly the GP_API functions of include/gpuprim.h.
find_program(GP_NM NAMES ${CMAKE_NM} nm)
add_test(NAME exported_symbols COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_exports.sh
  ${GP_NM} $<TARGET_FILE:gpuprim> ${CMAKE_CURRENT_SOURCE_DIR}/include/gpuprim.h)
set_tests_properties(exported_symbols PROPERTIES LABELS cpu TIMEOUT 300)
