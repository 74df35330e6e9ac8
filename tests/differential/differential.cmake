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
# Per-ply FENs of real xiangqi games (pgnkit fen) against Fairy-Stockfish's `d`.
add_test(NAME differential.xiangqi-fen
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/xiangqi_fen.sh
                 $<TARGET_FILE:pgnkit> 200)
set_tests_properties(differential.xiangqi-fen PROPERTIES LABELS differential TIMEOUT 900)

# The xiangqi repetition findings over the ICCS games against Fairy-Stockfish's `d` (the board
# at each occurrence, the checks of every move of the cycle); about 3 minutes.
add_test(NAME differential.xiangqi-repetition
         COMMAND ${CMAKE_SOURCE_DIR}/tests/differential/xiangqi_repetition_fsf.py
                 $<TARGET_FILE:xiangqi_repetition>
                 ${CMAKE_SOURCE_DIR}/tests/data/xiangqi/games/Hu_Ronghua_1391_UCI_games.pgn.zst
                 ${CMAKE_SOURCE_DIR}/tests/data/xiangqi/games/Liu_Dahua_1125_UCI_games.pgn.zst)
set_tests_properties(differential.xiangqi-repetition PROPERTIES LABELS differential TIMEOUT 900)
# pgnkit dedup's duplicates against pgn-extract's (-d; --fuzzydepth 0), game by game, on every
# real file; pinned in dedup-pgn-extract.tsv, explained in DEDUP-vs-pgn-extract.md.
add_test(NAME differential.dedup-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/dedup_pgn_extract.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(differential.dedup-vs-pgn-extract PROPERTIES LABELS differential TIMEOUT 3600)

# pgnkit eco against pgn-extract -e, with pgn-extract's eco.pgn, on every real file
# (tests/differential/ECO-vs-pgn-extract.md explains the differences).
add_test(NAME differential.eco-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/eco_pgn_extract.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(differential.eco-vs-pgn-extract PROPERTIES LABELS differential TIMEOUT 3600)
