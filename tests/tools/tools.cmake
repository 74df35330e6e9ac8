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

add_executable(list_games ${CMAKE_CURRENT_LIST_DIR}/list_games.cpp)
target_link_libraries(list_games PRIVATE pgnkit_lib)

add_test(NAME differential.pgn-extract
         COMMAND ${CMAKE_SOURCE_DIR}/scripts/differential-pgn-extract.sh
                 $<TARGET_FILE:pgnkit> $<TARGET_FILE:list_games>)
set_tests_properties(differential.pgn-extract PROPERTIES
  LABELS differential
  TIMEOUT 900)
