# pgnkit split: the files add up to the input, --jobs, 100,000 events with a bounded number of
# files open, zstd frames, --force, folders holding inputs, interrupted runs, oversized games
# (tests/cli/split.sh).
add_test(NAME cli.split
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/split.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.split PROPERTIES LABELS cli TIMEOUT 600)
