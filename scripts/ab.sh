#!/usr/bin/env bash
# A/B timing of pgnkit binaries on this (shared, noisy) machine: which build is faster, and by
# how much. The binaries run one after the other, in alternating order, RUNS times each on
# every file; each run's CPU time (user + system, from bash's `time`, in ms) is kept, and the
# report gives per binary the minimum, the 10th percentile and the median, and the ratio of
# each minimum to the first binary's (below 1: faster).
#
#   scripts/ab.sh [-n RUNS] [-a "ARGS"] BIN_A BIN_B [BIN…] -- FILE…
#
#   -n RUNS   runs per binary and file (default 31)
#   -a ARGS   the pgnkit arguments before the file (default "validate -q --jobs 1 --no-progress")
#
# On a machine shared with others, single runs of the same binary vary by 10% and more; the
# minimum of many short runs (inputs of 20-30 MB, a few tenths of a second) is steadier, but
# still moves by up to 5% from one invocation to the next: repeat before trusting a smaller
# difference.
# For a file, e.g.: head -c 30000000 /tmp/pgnkit-bench/otb.pgn > /tmp/otb30.pgn
# (scripts/bench.sh validate builds /tmp/pgnkit-bench). Never run two timings at once.
set -euo pipefail

runs=31
args="validate -q --jobs 1 --no-progress"
while getopts "n:a:" opt; do
    case $opt in
    n) runs=$OPTARG ;;
    a) args=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
# shellcheck source=scripts/bins-files.sh
source "$(dirname "${BASH_SOURCE[0]}")/bins-files.sh"
bins_and_files 2 "scripts/ab.sh [-n RUNS] [-a ARGS] BIN_A BIN_B [BIN...] -- FILE..." "$@"

# One run's CPU time in ms.
cpu_ms() {
    local TIMEFORMAT="%3U %3S" t
    # shellcheck disable=SC2086 # $args are separate words
    t=$({ time "$1" $args "$2" >/dev/null 2>&1; } 2>&1) || true
    awk '{ printf "%d\n", ($1 + $2) * 1000 + 0.5 }' <<<"$t"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for f in "${files[@]}"; do
    n=${#bins[@]}
    for ((r = 0; r < runs; ++r)); do
        for ((k = 0; k < n; ++k)); do
            i=$((r % 2 == 0 ? k : n - 1 - k)) # alternate the order
            cpu_ms "${bins[i]}" "$f" >>"$tmp/$i"
        done
    done
    echo "$f: $runs runs each, CPU ms (user + system): min / p10 / median, min against the first"
    base=""
    for ((i = 0; i < n; ++i)); do
        sort -n "$tmp/$i" >"$tmp/s"
        min=$(sed -n 1p "$tmp/s")
        p10=$(sed -n "$((runs / 10 + 1))p" "$tmp/s")
        med=$(sed -n "$(((runs + 1) / 2))p" "$tmp/s")
        base=${base:-$min}
        printf '  %-40s %6d %6d %6d   %.3f\n' "${bins[i]}" "$min" "$p10" "$med" \
            "$(awk -v a="$min" -v b="$base" 'BEGIN { print (b > 0 ? a / b : 0) }')"
        rm -f "$tmp/$i"
    done
done
