#!/usr/bin/env bash
# CLI property test of `pgnkit merge`: a real file cut into N shards at game boundaries,
# `pgnkit stats --format json` on each, merged, must equal the single run byte for byte
# (JSON and text), for several N and --jobs values.
#
# Usage: tests/golden/stats/merge_shards.sh PGNKIT [FILE.pgn.zst]
# (run.sh only runs *.args cases; register this script with add_test to run it under ctest.)
set -euo pipefail
pgnkit=${1:?usage: merge_shards.sh PGNKIT [FILE]}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
file=${2:-$here/../../data/pgn/real/lichess/lichess-database-wip-2016-05.pgn.zst}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-shards.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

zstd -qdc "$file" >"$tmp/all.pgn"
"$pgnkit" stats --no-progress --jobs 1 --format json "$tmp/all.pgn" >"$tmp/all.json"
"$pgnkit" stats --no-progress --jobs 1 "$tmp/all.pgn" >"$tmp/all.txt"
fail=0
for n in 2 3 5; do
    # Cut before the n-1 tag sections nearest to the k/n marks of the game count.
    rm -f "$tmp"/shard.*
    awk -v n="$n" -v out="$tmp/shard" '
        FNR == NR { if (/^\[/ && prev !~ /^\[/) games++; prev = $0; next }
        /^\[/ && prev2 !~ /^\[/ { g++; if (k < n - 1 && g > games * (k + 1) / n) k++ }
        { print > (out "." k); prev2 = $0 }' "$tmp/all.pgn" "$tmp/all.pgn"
    shards=("$tmp"/shard.*)
    for s in "${shards[@]}"; do
        "$pgnkit" stats --no-progress --jobs 2 --format json "$s" >"$s.json"
    done
    "$pgnkit" merge --format json "${shards[@]/%/.json}" >"$tmp/merged.json"
    "$pgnkit" merge "${shards[@]/%/.json}" >"$tmp/merged.txt"
    if cmp -s "$tmp/merged.json" "$tmp/all.json" && cmp -s "$tmp/merged.txt" "$tmp/all.txt"; then
        echo "ok: $n shards (${#shards[@]} files) merged == single run"
    else
        echo "FAIL: $n shards merged differ from the single run"
        diff <(tr , '\n' <"$tmp/all.json") <(tr , '\n' <"$tmp/merged.json") | head -20
        fail=1
    fi
done
exit $fail
