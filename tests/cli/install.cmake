# Installing and discovering: the shell completions (real completion in bash, zsh and fish).
# Included from tests/cli.cmake.
add_test(NAME cli.completions
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/completions.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.completions PROPERTIES LABELS cli TIMEOUT 600 SKIP_RETURN_CODE 77)
