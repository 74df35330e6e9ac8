# Shell-driven CLI tests, included from tests/CMakeLists.txt.

# Golden tests: tests/golden/<command>/<case>.{args,stdin,stdout,stderr,exit} (see run.sh).
find_program(PGNKIT_BASH bash REQUIRED)
include(${CMAKE_CURRENT_SOURCE_DIR}/golden/golden.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_io.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/fen.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/convert.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/filter.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/split.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/dedup.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/eco.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/tags.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/edits_keep_games.cmake)
add_test(NAME cli.stats-merge-shards
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/golden/stats/merge_shards.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.stats-merge-shards PROPERTIES LABELS cli TIMEOUT 300)
# validate --shard K/N for N = 1…8 merged == one run, byte for byte; merge's refusals
# (tests/cli/validate_merge_shards.sh).
add_test(NAME cli.validate-merge-shards
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/validate_merge_shards.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.validate-merge-shards PROPERTIES LABELS cli TIMEOUT 300)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/adversarial.cmake)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/filter_oracle.cmake)
# Recovery: random defects in one game of every four; the other games must not notice, and
# every game laid out is counted (tests/cli/recovery.sh).
add_test(NAME cli.recovery
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/recovery.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.recovery PROPERTIES LABELS cli TIMEOUT 300)
# Latin-1 read as Windows-1252: every byte as glibc's iconv transcodes it (tests/cli/encoding.sh).
add_test(NAME cli.encoding
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/encoding.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.encoding PROPERTIES LABELS cli TIMEOUT 60)
# No file and a terminal on stdin: a usage error at once, not a silent wait
# (tests/cli/stdin_terminal.sh).
add_test(NAME cli.stdin-terminal
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/stdin_terminal.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.stdin-terminal PROPERTIES LABELS cli TIMEOUT 120)
include(${CMAKE_CURRENT_SOURCE_DIR}/cli/install.cmake)
# --shard K/N: the shards of a run take every game exactly once; concatenated (convert, fen) or
# merged (stats) they are one run's output (tests/cli/shards.sh).
add_test(NAME cli.shards
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/shards.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.shards PROPERTIES LABELS cli TIMEOUT 900)
# --shard K/N for eco, eco --check, tags and dedup, N = 1…8: games concatenated, reports
# renumbered, dedup's key files joined (--from-keys, merge) are one run's
# (tests/cli/shards_reports.sh).
add_test(NAME cli.shards-reports
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/shards_reports.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.shards-reports PROPERTIES LABELS cli TIMEOUT 600)
# Xiangqi through validate and fen: the 2,516 ICCS games valid, the GBK games' names, the xqdb
# games alike in three notations, chess unchanged (tests/cli/xiangqi.sh).
add_test(NAME cli.xiangqi
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/xiangqi.sh $<TARGET_FILE:pgnkit>)
set_tests_properties(cli.xiangqi PROPERTIES LABELS cli TIMEOUT 300)
# Every shell script parses and bench.sh's usage lists its subcommands (tests/cli/scripts_parse.sh).
add_test(NAME cli.scripts-parse
         COMMAND ${PGNKIT_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/cli/scripts_parse.sh ${PROJECT_SOURCE_DIR})
set_tests_properties(cli.scripts-parse PROPERTIES LABELS cli)
