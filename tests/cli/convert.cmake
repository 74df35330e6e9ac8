# pgnkit convert over the real corpus: idempotence, --jobs, same moves, pgn-extract reads it.
add_test(NAME cli.convert-roundtrip
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/convert_roundtrip.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.convert-roundtrip PROPERTIES LABELS cli TIMEOUT 300)
# The same with every option set under idempotence.
add_test(NAME differential.convert-roundtrip-full
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/convert_roundtrip.sh
                 $<TARGET_FILE:pgnkit> full)
set_tests_properties(differential.convert-roundtrip-full PROPERTIES LABELS differential TIMEOUT 900)
