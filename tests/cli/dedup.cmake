# pgnkit dedup end to end: duplicates made on purpose found with the right key, kept +
# duplicates = input, --jobs, --keep, --against, shards joined (tests/cli/dedup.sh).
add_test(NAME cli.dedup
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/dedup.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.dedup PROPERTIES LABELS cli TIMEOUT 600)
