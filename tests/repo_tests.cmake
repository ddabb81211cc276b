# Tests of the library's surface and of the repository itself (CPU only; shell scripts in tests/).
# libgpuprim.so exports exactly the GP_API functions of include/gpuprim.h.
find_program(GP_NM NAMES ${CMAKE_NM} nm)
add_test(NAME exported_symbols COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_exports.sh
  ${GP_NM} $<TARGET_FILE:gpuprim> ${CMAKE_CURRENT_SOURCE_DIR}/include/gpuprim.h)
# cmake --install into a temporary prefix, then a consumer built with find_package(gpuprim) and with pkg-config.
get_filename_component(GP_CUDA_ROOT "${CUDAToolkit_BIN_DIR}" DIRECTORY)
add_test(NAME install_consumer COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_install.sh
  ${CMAKE_BINARY_DIR} ${CMAKE_CURRENT_SOURCE_DIR} ${PROJECT_VERSION} ${CMAKE_C_COMPILER} ${GP_CUDA_ROOT}
  ${CMAKE_GENERATOR} ${CMAKE_MAKE_PROGRAM})
# Every results/ path named in README.md and the sources exists; no web links, no paths out of the repository.
add_test(NAME docs_paths COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_docs.sh ${CMAKE_CURRENT_SOURCE_DIR})
set_tests_properties(exported_symbols install_consumer docs_paths PROPERTIES LABELS cpu TIMEOUT 300)
