# tags and eco keep every game a game over every edge-case file, its moves as they were
# (tests/cli/edits_keep_games.sh).
add_test(NAME cli.edits-keep-games
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/edits_keep_games.sh
                 $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.edits-keep-games PROPERTIES LABELS cli TIMEOUT 600)
