#!/usr/bin/env bash
# The full check: install the test dependencies, build, run every test except the slow
# labels (perft-full, differential, bench; run those with `ctest -L <label>` in ./build).
# Extra arguments go to ctest, e.g. scripts/test.sh -L unit
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$root/scripts/install-deps.sh" --test
"$root/scripts/build.sh"
cd "$root/build"
ctest --output-on-failure -j2 -LE 'perft-full|differential|bench' "$@"
