#!/usr/bin/env bash
# Configures and builds pgnkit (Release) into ./build at the repository root.
# Extra arguments go to the CMake configure step, e.g.
#   scripts/build.sh -DPGNKIT_SANITIZE=address,undefined
#   scripts/build.sh -DPGNKIT_NATIVE=ON
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmake -S "$root" -B "$root/build" -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$root/build" -j"$(nproc 2>/dev/null || echo 2)"
