# pgnkit filter end to end: selected + rejected = input, --jobs, exit statuses, usage errors,
# oversized games byte for byte (tests/cli/filter.sh).
add_test(NAME cli.filter
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/filter.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.filter PROPERTIES LABELS cli TIMEOUT 600)
