# Uncapped perft suites: `pgnkit perft --suite FILE` on every file under tests/data/perft.
# Label perft-full; they take minutes to hours (Stockfish's suite alone has a 3.2-billion-node
# case), so the default run leaves them out:  ctest -LE 'perft-full|differential|bench'
# Run them with:                                ctest -L perft-full
# (tests/unit/chess/perft_suite_test.cpp runs the same files with a node cap in the unit label.)

file(GLOB_RECURSE PGNKIT_PERFT_SUITES CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/data/perft/*.epd
     ${CMAKE_CURRENT_SOURCE_DIR}/data/perft/*.perft
     ${CMAKE_CURRENT_SOURCE_DIR}/data/perft/*.tsv)
list(SORT PGNKIT_PERFT_SUITES)
foreach(suite IN LISTS PGNKIT_PERFT_SUITES)
  file(RELATIVE_PATH name ${CMAKE_CURRENT_SOURCE_DIR}/data/perft ${suite})
  add_test(NAME "perft-full: ${name}" COMMAND $<TARGET_FILE:pgnkit> perft --suite ${suite})
  set_tests_properties("perft-full: ${name}" PROPERTIES
    LABELS perft-full
    TIMEOUT 86400        # the deepest cases run for a long time (default would be 1500 s)
    RUN_SERIAL TRUE)     # each is CPU-bound; don't let two compete
endforeach()
