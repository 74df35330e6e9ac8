# CLI golden tests, one CTest test per case ("golden: <command>/<case>"), so that a failure
# names its case. The cases are the tests/golden/<command>/<case>.args files, found again at
# every build that adds or removes one (CONFIGURE_DEPENDS); each test runs run.sh on its case
# alone (--exact). Included from tests/cli.cmake (PGNKIT_BASH is set there).
file(GLOB PGNKIT_GOLDEN_ARGS CONFIGURE_DEPENDS RELATIVE ${CMAKE_CURRENT_LIST_DIR}
     ${CMAKE_CURRENT_LIST_DIR}/*/*.args)
foreach(args_file IN LISTS PGNKIT_GOLDEN_ARGS)
  string(REGEX REPLACE "\\.args$" "" golden_case "${args_file}")
  add_test(NAME "golden: ${golden_case}"
           COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_LIST_DIR}/run.sh --pgnkit $<TARGET_FILE:pgnkit>
                   --exact ${golden_case})
  set_tests_properties("golden: ${golden_case}" PROPERTIES LABELS cli TIMEOUT 120)
endforeach()
