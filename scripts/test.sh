#!/usr/bin/env bash
# The full check: install the test dependencies, build, run every test except the slow
# labels (perft-full, differential, conformance, bench; run those with `ctest -L <label>` in
# ./build). Then the same suite again in a second tree, ./build-sanitize (RelWithDebInfo,
# -DPGNKIT_SANITIZE=address,undefined: ASan + UBSan, any report fails the test); set
# PGNKIT_TEST_SANITIZE=0 to skip that part. Then, when CI=true or PGNKIT_TEST_FUZZ=1
# (PGNKIT_TEST_FUZZ=0 skips it), the fuzz step: scripts/fuzz.sh builds ./build-fuzz (clang,
# libFuzzer, ASan + UBSan) and runs each of the six targets for 60 s
# (PGNKIT_TEST_FUZZ_SECONDS), as many at a time as there are cores: about 6 minutes in all
# on two, the build included. The fuzzer's seed is fixed (PGNKIT_TEST_FUZZ_SEED, default
# 20261201), so a clean tree explores the same inputs on every run: a finding is then a
# change's doing and reproducible, and a longer local run with the same seed covers what CI
# runs (`FUZZ_BUILD=/tmp/f FUZZ_ARGS=-seed=20261201 scripts/fuzz.sh -j 2 300`); explore with
# other seeds by running scripts/fuzz.sh itself. Fails if any part fails (all always run); a
# fuzz finding (crash, sanitizer report, leak, timeout, broken invariant) is printed with its
# input and kept in build-fuzz/crashes.
# Extra arguments go to both ctest runs, e.g. scripts/test.sh -L unit
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh" --test
"$root/scripts/build.sh"
# build.sh builds pgnkit only; the tests go into the same tree (and PGO profile).
cmake --build "$root/build" -j"$(nproc 2>/dev/null || echo 2)"
exclude='perft-full|differential|conformance|bench'
status=0
(cd "$root/build" && ctest --output-on-failure -j2 -LE "$exclude" "$@") || status=1

if [[ ${PGNKIT_TEST_SANITIZE:-1} != 0 ]]; then
    echo "test.sh: ASan + UBSan tree (./build-sanitize)"
    san=$root/build-sanitize
    cmake -S "$root" -B "$san" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DPGNKIT_SANITIZE=address,undefined >/dev/null
    cmake --build "$san" -j"$(nproc 2>/dev/null || echo 2)"
    (cd "$san" && PGNKIT_TEST_SANITIZED=1 ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0} \
        UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        ctest --output-on-failure -j2 -LE "$exclude" "$@") || status=1
fi

fuzz=${PGNKIT_TEST_FUZZ:-}
if [[ -z $fuzz && ${CI:-} == true ]]; then fuzz=1; fi
if [[ ${fuzz:-0} != 0 ]]; then
    seconds=${PGNKIT_TEST_FUZZ_SECONDS:-60}
    echo "test.sh: fuzzing, ${seconds}s per target (scripts/fuzz.sh, ./build-fuzz)"
    seed=${PGNKIT_TEST_FUZZ_SEED:-20261201}
    echo "test.sh: fuzzer seed $seed (PGNKIT_TEST_FUZZ_SEED)"
    FUZZ_ARGS="-seed=$seed ${FUZZ_ARGS:-}" "$root/scripts/fuzz.sh" -j "$(nproc 2>/dev/null || echo 2)" "$seconds" || status=1
fi
exit "$status"
