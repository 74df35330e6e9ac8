#!/usr/bin/env bash
# Configures and builds pgnkit (Release) into ./build at the repository root: the pgnkit
# target only (scripts/test.sh then builds the tests in the same tree, with the same profile).
# With GCC the build is profile-guided (about 8% faster replay): pgnkit is first built
# instrumented, run on the bundled sample (data/sample.pgn.zst: validate, fen, convert,
# stats, filter, tags, eco, dedup, and a small perft), then built again with that profile
# (code no run reached is compiled as without one: -fprofile-partial-training).
# PGNKIT_PGO=0 skips that (one plain build, as with any other compiler).
# Extra arguments go to the CMake configure step, e.g.
#   scripts/build.sh -DPGNKIT_SANITIZE=address,undefined
#   scripts/build.sh -DPGNKIT_NATIVE=ON
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$root/build
jobs=$(nproc 2>/dev/null || echo 2)
pgo=${PGNKIT_PGO:-1}
if [[ $pgo != 0 ]] && ${CXX:-c++} --version 2>/dev/null | grep -q 'Free Software Foundation'; then
    profile=$build/pgo-profile
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPGNKIT_PGO=generate \
        -DPGNKIT_PGO_DIR="$profile" "$@"
    cmake --build "$build" -j"$jobs" --target pgnkit
    rm -rf "$profile"
    sample=$root/data/sample.pgn.zst
    pk=$build/pgnkit
    for args in "validate -q" "fen --format epd" "fen --format ndjson --variations" \
        "convert" "stats" "filter --player Carlsen" "tags --set Event=X" \
        "tags --normalize-dates --fill-roster" "eco" "dedup"; do
        # shellcheck disable=SC2086 # the words of $args are separate arguments
        "$pk" $args --jobs 1 --no-progress "$sample" >/dev/null 2>&1 || true
    done
    "$pk" perft --depth 4 >/dev/null
    "$pk" perft --depth 3 --fen "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" >/dev/null
    cmake -S "$root" -B "$build" -DPGNKIT_PGO=use -DPGNKIT_PGO_DIR="$profile" "$@"
else
    cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DPGNKIT_PGO= "$@"
fi
cmake --build "$build" -j"$jobs" --target pgnkit
