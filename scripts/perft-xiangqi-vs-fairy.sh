#!/usr/bin/env bash
# Xiangqi perft speed side by side: pgnkit against Fairy-Stockfish's `go perft`, the same
# positions at the same depth, one thread each; CPU time (user + system), so that a loaded
# machine does not bend the ratio. Both count the last ply in bulk.
#
#   scripts/perft-xiangqi-vs-fairy.sh [PGNKIT] [REPEATS]
#
# PGNKIT defaults to ./build/pgnkit; REPEATS (default 3) keeps the fastest run of each.
# Fairy-Stockfish is $FAIRY_STOCKFISH, else fairy-stockfish on PATH or /usr/games. Prints one
# row per position: depth, nodes, both CPU times, both nodes/s, and the ratio.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnkit=${1:-$root/build/pgnkit}
repeats=${2:-3}
fsf=${FAIRY_STOCKFISH:-$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)}
[[ -x $pgnkit && -x $fsf ]] || { echo "perft-xiangqi-vs-fairy: need $pgnkit and $fsf" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The corpus positions (tests/data/perft/xiangqi) at a depth of a few seconds each.
cases=(
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1|5"
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1|5"
    "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1|5"
    "4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1|6"
)
cpu() { # command… → seconds of CPU (user + system) of the fastest of $repeats runs
    local best="" t
    for ((i = 0; i < repeats; ++i)); do
        /usr/bin/time -o "$work/time" -f '%U %S' "$@" >"$work/out" 2>/dev/null
        t=$(awk '{ print $1 + $2 }' "$work/time")
        if [[ -z $best ]] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    echo "$best"
}
printf '%-8s %6s %12s %10s %10s %12s %12s %7s\n' position depth nodes pgnkit_s fairy_s \
    pgnkit_Mn/s fairy_Mn/s ratio
n=0
for c in "${cases[@]}"; do
    fen=${c%|*} depth=${c#*|}
    n=$((n + 1))
    ours=$(cpu "$pgnkit" perft --variant xiangqi --fen "$fen" --depth "$depth")
    nodes=$(tail -1 "$work/out")
    printf 'uci\nsetoption name UCI_Variant value xiangqi\nposition fen %s\ngo perft %s\nquit\n' \
        "$fen" "$depth" >"$work/cmds"
    theirs=$(cpu sh -c "\"$fsf\" <\"$work/cmds\"")
    their_nodes=$(grep 'Nodes searched' "$work/out" | awk '{ print $3 }')
    [[ $nodes == "$their_nodes" ]] || { echo "node counts differ: $nodes vs $their_nodes" >&2; exit 1; }
    awk -v n="$n" -v d="$depth" -v nodes="$nodes" -v a="$ours" -v b="$theirs" 'BEGIN {
        printf "%-8s %6d %12d %10.2f %10.2f %12.1f %12.1f %6.2fx\n", n, d, nodes, a, b,
            nodes / a / 1e6, nodes / b / 1e6, b / a }'
done
