# pgnkit tags on the real corpus: only the reported tag lines change, --jobs, pgn-extract's
# PlyCount, oversized games, no input overwritten (tests/cli/tags.sh).
add_test(NAME cli.tags
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/tags.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.tags PROPERTIES LABELS cli TIMEOUT 600)
