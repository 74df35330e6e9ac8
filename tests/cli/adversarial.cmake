# Adversarial inputs and hostile environments (decompression bomb, NUL bytes, invalid UTF-8,
# 10,000 files, closed stdout, full disk, -o atomicity, SIGINT). Included from tests/cli.cmake.
# PGNKIT_ADVERSARIAL_FULL=1 in the environment runs the full-size inputs.
add_test(NAME cli.adversarial
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/adversarial.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.adversarial PROPERTIES LABELS cli TIMEOUT 600)
