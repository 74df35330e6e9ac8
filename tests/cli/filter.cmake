# pgnkit filter end to end: selected + rejected = input, --jobs, exit statuses, usage errors,
# oversized games byte for byte (tests/cli/filter.sh).
add_test(NAME cli.filter
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/filter.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.filter PROPERTIES LABELS cli TIMEOUT 600)
# Tag criteria against pgn-extract's own selections (tests/cli/filter_pgn_extract.sh; the
# differences in tests/cli/filter_pgn_extract.md): a part of the corpus in the default run,
# all of it under the differential label.
add_test(NAME cli.filter-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/filter_pgn_extract.sh
                 $<TARGET_FILE:pgnkit>
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/pgn/real/twic
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/pgn/real/matches
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/pgn/real/annotated
                 ${CMAKE_CURRENT_SOURCE_DIR}/data/pgn/real/pgnmentor-players/Kasparov.pgn.zst)
set_tests_properties(cli.filter-pgn-extract PROPERTIES LABELS cli TIMEOUT 600)
add_test(NAME differential.filter-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/filter_pgn_extract.sh
                 $<TARGET_FILE:pgnkit> ${CMAKE_CURRENT_SOURCE_DIR}/data/pgn/real)
set_tests_properties(differential.filter-pgn-extract PROPERTIES LABELS differential TIMEOUT 1800)
