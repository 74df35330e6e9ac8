# Installing and discovering: the shell completions (real completion in bash, zsh and fish),
# the man page and the docs (README.md, docs/) against every command's --help, and
# `cmake --install`. Included from tests/cli.cmake.
add_test(NAME cli.completions
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/completions.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.completions PROPERTIES LABELS cli TIMEOUT 600 SKIP_RETURN_CODE 77)
add_test(NAME cli.man-page
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/man_page.sh $<TARGET_FILE:pgnkit>
                 ${CMAKE_SOURCE_DIR}/man/pgnkit.1)
set_tests_properties(cli.man-page PROPERTIES LABELS cli TIMEOUT 60)
add_test(NAME cli.docs
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/docs.sh $<TARGET_FILE:pgnkit>
                 ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.docs PROPERTIES LABELS cli TIMEOUT 60)
# The folders keep their layer order, one command's folder includes nothing of another's, no
# header cycle, CLI11 only in src/cli (tests/cli/layers.sh; docs/ARCHITECTURE.md "Modules").
add_test(NAME cli.layers COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/layers.sh
                                 ${CMAKE_SOURCE_DIR})
set_tests_properties(cli.layers PROPERTIES LABELS cli TIMEOUT 60)
add_test(NAME cli.install
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/install.sh ${CMAKE_COMMAND}
                 ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR}/man/pgnkit.1)
set_tests_properties(cli.install PROPERTIES LABELS cli TIMEOUT 120)
