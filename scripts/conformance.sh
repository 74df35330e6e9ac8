#!/usr/bin/env bash
# Conformance: pgnkit against independent implementations, one summary (CTest:
# conformance.all, label `conformance`; not in the default run — `ctest -L conformance`).
#
#   scripts/conformance.sh [PGNKIT [REPLAY_POSITIONS [LIST_GAMES]]]
#
# Defaults: ./build/pgnkit, ./build/tests/replay_positions, ./build/tests/list_games. Runs,
# one after the other (each installs its own tool when it is missing):
#  * scripts/differential-stockfish.sh — move generation and FEN: perft(3) and the FEN of
#    every sampled corpus position against Stockfish (at least 10,000 positions required);
#  * scripts/differential-pgn-extract.sh — validate verdicts per game against pgn-extract;
#    the known, explained disagreements are tests/differential/pgn-extract-known.tsv;
#  * scripts/differential-chessops.sh — per-ply FEN and UCI of every corpus game against
#    npm chessops.
# Known differences: tests/conformance/known-differences.md. Each check's full output goes to
# $CONFORMANCE_LOGS (default: a temporary folder, kept and named when a check fails).
# Exit 0 when all pass, 1 when one fails, 2 on a setup error.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
bindir=$(dirname "$pgnkit")
replay=${2:-${PGNKIT_REPLAY:-$bindir/tests/replay_positions}}
list_games=${3:-${PGNKIT_LIST_GAMES:-$bindir/tests/list_games}}
min_positions=10000
for b in "$pgnkit" "$replay" "$list_games"; do
    if [[ ! -x $b ]]; then
        echo "conformance: no executable '$b' (build pgnkit, replay_positions, list_games)" >&2
        exit 2
    fi
done
logs=${CONFORMANCE_LOGS:-$(mktemp -d)}
mkdir -p "$logs"

summary=()
worst=0
check() { # name command…
    local name=$1 start rc
    shift
    start=$(date +%s)
    echo "conformance: $name …"
    "$@" >"$logs/$name.log" 2>&1
    rc=$?
    local took=$(($(date +%s) - start)) last
    last=$(grep -a -v '^ *$' "$logs/$name.log" | tail -1)
    if [[ $name == stockfish && $rc -eq 0 ]]; then
        local n
        n=$(sed -n 's/^\([0-9]*\) positions (.*/\1/p' "$logs/$name.log" | tail -1)
        if [[ -z $n || $n -lt $min_positions ]]; then
            last="only ${n:-0} positions compared (at least $min_positions required)"
            rc=1
        fi
    fi
    local verdict=PASS
    ((rc == 1)) && verdict=FAIL
    ((rc > 1)) && verdict="ERROR (exit $rc)"
    ((rc > worst)) && worst=$rc
    summary+=("$(printf '%-12s %-6s %4ss  %s' "$name" "$verdict" "$took" "$last")")
}

check stockfish env PGNKIT_REPLAY="$replay" "$root/scripts/differential-stockfish.sh" "$replay"
check pgn-extract "$root/scripts/differential-pgn-extract.sh" "$pgnkit" "$list_games"
check chessops "$root/scripts/differential-chessops.sh" "$pgnkit" "$(dirname "$pgnkit")/npm"

echo
echo "conformance summary (known differences: tests/conformance/known-differences.md)"
printf '  %s\n' "${summary[@]}"
if ((worst != 0)); then
    echo "  full output: $logs"
    ((worst > 2)) && worst=2
    exit "$worst"
fi
[[ -z ${CONFORMANCE_LOGS:-} ]] && rm -rf "$logs"
exit 0
