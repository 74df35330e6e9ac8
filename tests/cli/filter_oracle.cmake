# filter against counts made without pgnkit code (tests/cli/filter_counts.py, python3) and
# against pgn-extract's selections on a few real files (tests/differential/filter_pgn_extract.sh
# --quick; the whole corpus is differential.filter-pgn-extract).
find_program(PGNKIT_PYTHON3 python3)
if(PGNKIT_PYTHON3)
  set(PGNKIT_REAL ${CMAKE_SOURCE_DIR}/tests/data/pgn/real)
  add_test(NAME cli.filter-counts
           COMMAND ${PGNKIT_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/cli/filter_counts.py
                   $<TARGET_FILE:pgnkit> ${PGNKIT_REAL}/twic/twic1599_1000k.pgn.zst
                   ${PGNKIT_REAL}/twic/twic-01-232games.pgn.zst
                   ${PGNKIT_REAL}/annotated/newyork1924.pgn.zst
                   ${PGNKIT_REAL}/lichess/lichess-database-wip-2016-05.pgn.zst
                   ${PGNKIT_REAL}/pgnmentor-players/Kasparov.pgn.zst
                   ${PGNKIT_REAL}/pgnmentor-players/Fischer.pgn.zst
                   ${PGNKIT_REAL}/pgnmentor-players/Anand.pgn.zst)
  set_tests_properties(cli.filter-counts PROPERTIES LABELS cli TIMEOUT 300)
endif()
add_test(NAME cli.filter-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/filter_pgn_extract.sh
                 --quick $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.filter-vs-pgn-extract PROPERTIES LABELS cli TIMEOUT 600)
