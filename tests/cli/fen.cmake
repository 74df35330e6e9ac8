# pgnkit fen against pgn-extract's expected EPD / FEN-comment outputs.
add_test(NAME cli.fen-pgn-extract
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/fen_pgn_extract.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.fen-pgn-extract PROPERTIES LABELS cli TIMEOUT 120)
