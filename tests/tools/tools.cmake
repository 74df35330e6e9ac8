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

add_executable(xiangqi_divide ${CMAKE_CURRENT_LIST_DIR}/xiangqi_divide.cpp)
target_link_libraries(xiangqi_divide PRIVATE pgnkit_lib)

# The xiangqi core against Fairy-Stockfish (scripts/differential-xiangqi.sh): perft divide of
# the corpus FENs, random playouts and every position of the ICCS games. A few seconds' worth
# of each runs in the default run.
add_test(NAME differential.xiangqi
         COMMAND ${CMAKE_SOURCE_DIR}/scripts/differential-xiangqi.sh
                 $<TARGET_FILE:xiangqi_divide>)
set_tests_properties(differential.xiangqi PROPERTIES LABELS differential TIMEOUT 3600)
add_test(NAME xiangqi.fairy-stockfish-quick
         COMMAND ${CMAKE_SOURCE_DIR}/scripts/differential-xiangqi.sh --quick
                 $<TARGET_FILE:xiangqi_divide>)
set_tests_properties(xiangqi.fairy-stockfish-quick PROPERTIES LABELS cli TIMEOUT 300)

# xiangqi games replayed in any notation (xiangqi/game_replay.hpp): unplayed moves located, and
# with --bench the replay's plies per second (docs/BENCHMARKS.md).
add_executable(xiangqi_replay ${CMAKE_CURRENT_LIST_DIR}/xiangqi_replay.cpp)
target_link_libraries(xiangqi_replay PRIVATE pgnkit_lib)

# The repetition rules (xiangqi/repetition.hpp) over the corpus games: each finding, the count
# of each kind; with --bench the judge's plies per second (docs/BENCHMARKS.md).
add_executable(xiangqi_repetition ${CMAKE_CURRENT_LIST_DIR}/xiangqi_repetition.cpp)
target_link_libraries(xiangqi_repetition PRIVATE pgnkit_lib)
# Its counts over the 2,516 ICCS games, as checked by hand (findings spot-checked against
# Fairy-Stockfish's checkers; the files carry no results, so no verdict can agree): a change in
# the rules shows here.
add_test(NAME xiangqi.repetition-corpus
         COMMAND ${PGNKIT_TEST_BASH} -c "\"$1\" \"$2\" \"$3\" | tail -n 1 | grep -qxF \"$4\"" bash
                 $<TARGET_FILE:xiangqi_repetition>
                 ${CMAKE_SOURCE_DIR}/tests/data/xiangqi/games/Hu_Ronghua_1391_UCI_games.pgn.zst
                 ${CMAKE_SOURCE_DIR}/tests/data/xiangqi/games/Liu_Dahua_1125_UCI_games.pgn.zst
                 "2516 games, 221678 plies; threefold 162, perpetual check 58, mutual perpetual check 0, perpetual chase 45; 100 plies without a capture 3; verdicts 55, agreeing with the result 0")
set_tests_properties(xiangqi.repetition-corpus PROPERTIES LABELS cli TIMEOUT 120)
