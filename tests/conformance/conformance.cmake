# Conformance against independent implementations (Stockfish, pgn-extract, chessops):
# scripts/conformance.sh runs the three differential scripts and prints one summary. Label
# `conformance`, not in the default run: `ctest -L conformance --output-on-failure`.
# Included from tests/CMakeLists.txt.
find_program(PGNKIT_BASH bash REQUIRED)
add_test(NAME conformance.all
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/scripts/conformance.sh
                 $<TARGET_FILE:pgnkit> $<TARGET_FILE:replay_positions> $<TARGET_FILE:list_games>)
set_tests_properties(conformance.all PROPERTIES LABELS conformance TIMEOUT 3600)
