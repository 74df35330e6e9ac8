# pgnkit eco: byte for byte but its tags, --jobs, --shard, --check, oversized games
# (tests/cli/eco.sh); against pgn-extract -e with its eco.pgn on a few real files
# (tests/differential/eco_pgn_extract.sh --quick; the whole corpus is
# differential.eco-vs-pgn-extract).
add_test(NAME cli.eco
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/eco.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.eco PROPERTIES LABELS cli TIMEOUT 600)
add_test(NAME cli.eco-vs-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_SOURCE_DIR}/tests/differential/eco_pgn_extract.sh
                 --quick $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.eco-vs-pgn-extract PROPERTIES LABELS cli TIMEOUT 600)
# stats -t openings against tags that eco wrote, counted by awk; --jobs, --eco-file, shards
# merged (tests/cli/stats_openings.sh).
add_test(NAME cli.stats-openings
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/stats_openings.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.stats-openings PROPERTIES LABELS cli TIMEOUT 300)
