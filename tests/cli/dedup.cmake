# pgnkit dedup end to end: duplicates made on purpose found with the right key, kept +
# duplicates = input, --jobs, --keep, --against, shards joined (tests/cli/dedup.sh).
add_test(NAME cli.dedup
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/dedup.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.dedup PROPERTIES LABELS cli TIMEOUT 600)
# dedup's duplicates against pgn-extract's (-d, --fuzzydepth 0), game by game, on a few real
# files (tests/differential/dedup_pgn_extract.sh --quick; all of them under the differential
# label, differential.dedup-vs-pgn-extract).
add_test(NAME cli.dedup-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/dedup_pgn_extract.sh
                 --quick $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.dedup-vs-pgn-extract PROPERTIES LABELS cli TIMEOUT 600)
# pgnkit merge of dedup's key files = dedup --from-keys; sets that are not one run refused
# (tests/cli/merge_dedup.sh).
add_test(NAME cli.merge-dedup
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/merge_dedup.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.merge-dedup PROPERTIES LABELS cli TIMEOUT 300)
