# Differential runs against independent implementations (label `differential`; not in the
# default run — `ctest -L differential`).
find_program(PGNKIT_BASH bash REQUIRED)
add_test(NAME differential.chessops
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/scripts/differential-chessops.sh
                 $<TARGET_FILE:pgnkit> ${CMAKE_BINARY_DIR}/npm)
set_tests_properties(differential.chessops PROPERTIES LABELS differential TIMEOUT 3600)
