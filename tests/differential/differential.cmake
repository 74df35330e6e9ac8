# Differential runs against independent implementations (label `differential`; not in the
# default run — `ctest -L differential`).
find_program(PGNKIT_BASH bash REQUIRED)
add_test(NAME differential.chessops
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/scripts/differential-chessops.sh
                 $<TARGET_FILE:pgnkit> ${CMAKE_BINARY_DIR}/npm)
set_tests_properties(differential.chessops PROPERTIES LABELS differential TIMEOUT 3600)
# Random games played by chessops (10,000; one in eight Chess960): pgnkit must validate each
# without a diagnostic above a note, and agree on every ply's FEN, also after `convert`.
add_test(NAME differential.chessops-random
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/scripts/differential-random.sh
                 $<TARGET_FILE:pgnkit> ${CMAKE_BINARY_DIR}/npm 10000)
set_tests_properties(differential.chessops-random PROPERTIES LABELS differential TIMEOUT 3600)
# Damaged random games (10,000, changed by chessops-mutate.mjs): validate's first error in
# each game must be where chessops says the game first goes wrong.
add_test(NAME differential.chessops-mutate
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/scripts/differential-mutate.sh
                 $<TARGET_FILE:pgnkit> ${CMAKE_BINARY_DIR}/npm 10000)
set_tests_properties(differential.chessops-mutate PROPERTIES LABELS differential TIMEOUT 3600)
# All three install chessops into the same folder.
set_tests_properties(differential.chessops differential.chessops-random
                     differential.chessops-mutate PROPERTIES RESOURCE_LOCK npm)
# pgnkit filter's selections against pgn-extract's, game by game, on every real file; the
# differences are pinned in filter-pgn-extract.tsv and explained in FILTER-vs-pgn-extract.md.
add_test(NAME differential.filter-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/filter_pgn_extract.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(differential.filter-vs-pgn-extract PROPERTIES LABELS differential TIMEOUT 3600)

# pgnkit eco against pgn-extract -e, with pgn-extract's eco.pgn, on every real file
# (tests/differential/ECO-vs-pgn-extract.md explains the differences).
add_test(NAME differential.eco-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/eco_pgn_extract.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(differential.eco-vs-pgn-extract PROPERTIES LABELS differential TIMEOUT 3600)
