#!/usr/bin/env bash
# The full check: install the test dependencies, build, run every test except the slow
# labels (perft-full, differential, conformance, bench; run those with `ctest -L <label>` in
# ./build). Then the same suite again in a second tree, ./build-sanitize (RelWithDebInfo,
# -DPGNKIT_SANITIZE=address,undefined: ASan + UBSan, any report fails the test); set
# PGNKIT_TEST_SANITIZE=0 to skip that part. Fails if either run fails (both always run).
# Extra arguments go to both ctest runs, e.g. scripts/test.sh -L unit
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh" --test
"$root/scripts/build.sh"
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
exit "$status"
