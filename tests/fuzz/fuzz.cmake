# libFuzzer targets (tests/fuzz/fuzz_*.cpp), built with -DPGNKIT_FUZZ=ON; included from
# tests/CMakeLists.txt. Needs clang. Use a tree of its own, as scripts/fuzz.sh does:
#   CC=clang CXX=clang++ cmake -S . -B build-fuzz -DPGNKIT_FUZZ=ON \
#       -DPGNKIT_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo
# The targets link pgnkit_fuzz_lib: the parts of the library they reach (src/chess, io, pgn,
# openings, check), compiled again with coverage instrumentation (-fsanitize=fuzzer-no-link); each
# target links libFuzzer's main (-fsanitize=fuzzer). A list of its own rather than pgnkit_lib:
# that would also compile src/run, format and cmd (more than half the library, which only
# fuzz_convert (convert's writer) and fuzz_export (all of it) reach, each in its own sources) under
# the sanitizers, 80 s instead of 22 s for a fresh tree on two cores, and scripts/test.sh
# builds one on every CI run. They are not CTest tests: run them with
# scripts/fuzz.sh [-j N] [SECONDS] [TARGET…].
option(PGNKIT_FUZZ "Build the libFuzzer targets in tests/fuzz (clang only)" OFF)
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "PGNKIT_FUZZ needs clang (configure with CC=clang CXX=clang++)")
endif()
if(NOT PGNKIT_SANITIZE)
  message(WARNING "PGNKIT_FUZZ without PGNKIT_SANITIZE: only crashes and invariant failures "
                  "are found (add -DPGNKIT_SANITIZE=address,undefined)")
endif()
file(GLOB_RECURSE PGNKIT_FUZZ_LIB_SOURCES CONFIGURE_DEPENDS
     ${CMAKE_SOURCE_DIR}/src/chess/*.cpp ${CMAKE_SOURCE_DIR}/src/xiangqi/*.cpp ${CMAKE_SOURCE_DIR}/src/io/*.cpp ${CMAKE_SOURCE_DIR}/src/diagnostics/*.cpp
     ${CMAKE_SOURCE_DIR}/src/pgn/*.cpp ${CMAKE_SOURCE_DIR}/src/openings/*.cpp
     ${CMAKE_SOURCE_DIR}/src/check/*.cpp)
add_library(pgnkit_fuzz_lib STATIC ${PGNKIT_FUZZ_LIB_SOURCES})
target_include_directories(pgnkit_fuzz_lib PUBLIC ${CMAKE_SOURCE_DIR}/include)
target_link_libraries(pgnkit_fuzz_lib PUBLIC fmt::fmt ${PGNKIT_ZSTD} ZLIB::ZLIB ${PGNKIT_LIBARCHIVE}
                      Threads::Threads pgnkit_bundled_openings)
target_compile_definitions(pgnkit_fuzz_lib PUBLIC PGNKIT_VERSION="${PROJECT_VERSION}")
target_compile_options(pgnkit_fuzz_lib PRIVATE -fsanitize=fuzzer-no-link)
foreach(name fuzz_fen fuzz_san fuzz_pgn fuzz_source fuzz_convert fuzz_export fuzz_xiangqi
             fuzz_tags)
  add_executable(${name} ${CMAKE_CURRENT_LIST_DIR}/${name}.cpp)
  target_link_libraries(${name} PRIVATE pgnkit_fuzz_lib)
  target_compile_options(${name} PRIVATE -fsanitize=fuzzer)
  target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
endforeach()
# fuzz_convert reaches convert's writer too: src/cmd/convert/pgn_writer.cpp and the movetext
# layout it writes through (movetext_layout.cpp), in its own build.
target_sources(fuzz_convert PRIVATE ${CMAKE_SOURCE_DIR}/src/cmd/convert/pgn_writer.cpp
                                    ${CMAKE_SOURCE_DIR}/src/cmd/convert/movetext_layout.cpp)
# fuzz_tags reaches tags' editor (src/cmd/tags: the editor, its dates) and the game's line
# break it writes with (src/run/line_breaks.cpp).
target_sources(fuzz_tags PRIVATE ${CMAKE_SOURCE_DIR}/src/cmd/tags/tag_editor.cpp
                                 ${CMAKE_SOURCE_DIR}/src/run/line_breaks.cpp
                                 ${CMAKE_SOURCE_DIR}/src/cmd/tags/tag_dates.cpp)
# fuzz_export runs `pgnkit fen` and `pgnkit stats` whole (run_fen, run_stats: the pipeline,
# the exports, stats' JSON and merge): all of src/run, format and cmd, in its own build.
file(GLOB_RECURSE PGNKIT_FUZZ_APP_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/src/run/*.cpp
     ${CMAKE_SOURCE_DIR}/src/format/*.cpp ${CMAKE_SOURCE_DIR}/src/cmd/*.cpp)
target_sources(fuzz_export PRIVATE ${PGNKIT_FUZZ_APP_SOURCES})
