# Test tools and the differential tests that use them (label `differential`: they run
# against other implementations — Stockfish, pgn-extract — and are left out of
# scripts/test.sh; run them with `ctest -L differential --output-on-failure`).

add_executable(replay_positions ${CMAKE_CURRENT_LIST_DIR}/replay_positions.cpp)
target_link_libraries(replay_positions PRIVATE pgnkit_lib)

add_test(NAME differential.stockfish
         COMMAND ${CMAKE_SOURCE_DIR}/scripts/differential-stockfish.sh
                 $<TARGET_FILE:replay_positions>)
set_tests_properties(differential.stockfish PROPERTIES
  LABELS differential
  TIMEOUT 900)
