#!/usr/bin/env bash
# stats -t openings against an independent count: the games' opening tags are removed
# (pgnkit tags), pgnkit eco writes the opening each game reaches into its tags, and an awk
# count of those tags per opening (games, 1-0, 1/2-1/2, 0-1) must equal the openings table.
# Then: the same table for --jobs 1 and 3, and for --eco-file with the bundled TSVs
# concatenated; shards merged equal one run (stats --shard + pgnkit merge).
#
# Usage: tests/cli/stats_openings.sh PGNKIT
set -euo pipefail
pgnkit=${1:?usage: stats_openings.sh PGNKIT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/../..
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-stats-openings.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # NAME FILE1 FILE2
    if cmp -s "$2" "$3"; then
        echo "ok: $1"
    else
        echo "FAIL: $1"
        diff "$2" "$3" | head -20
        fail=1
    fi
}

zstd -qdc "$root"/tests/data/pgn/real/lichess/lichess-database-wip-2016-05.pgn.zst \
    "$root"/tests/data/pgn/real/annotated/newyork1924.pgn.zst >"$tmp/all.pgn"
"$pgnkit" tags --remove ECO --remove Opening --remove Variation "$tmp/all.pgn" 2>/dev/null |
    "$pgnkit" eco --jobs 2 >"$tmp/eco.pgn"

# The independent count: one line per opening, "name<TAB>eco<TAB>games<TAB>w<TAB>d<TAB>b".
awk '
    function flush() {
        if (!seen) return
        key = (eco == "" ? "(none reached)" : open (var == "" ? "" : ": " var)) "\t" eco
        games[key]++
        if (res == "1-0") w[key]++
        else if (res == "1/2-1/2") d[key]++
        else if (res == "0-1") b[key]++
        seen = 0
    }
    /^\[/ && !intags { flush(); intags = 1; seen = 1; eco = open = var = res = "" }
    !/^\[/ { intags = 0 }
    function value(line) { sub(/^\[[A-Za-z]+ "/, "", line); sub(/"\][ \t\r]*$/, "", line); return line }
    /^\[ECO "/ { eco = value($0) }
    /^\[Opening "/ { open = value($0) }
    /^\[Variation "/ { var = value($0) }
    /^\[Result "/ { res = value($0) }
    END {
        flush()
        for (k in games) printf "%s\t%d\t%d\t%d\t%d\n", k, games[k], w[k] + 0, d[k] + 0, b[k] + 0
    }' "$tmp/eco.pgn" | LC_ALL=C sort >"$tmp/expected.tsv"

# The table, as TSV: opening, eco, games, white wins, draws, black wins (JSON cells hold
# no tab; the rows are read from the "openings" table of the JSON output).
table_tsv() {
    python3 -c '
import json, sys
doc = json.load(sys.stdin)
for t in doc["tables"]:
    if t["name"] == "openings":
        for r in t["rows"]:
            print("\t".join("" if r[i] is None else str(r[i]) for i in (0, 1, 2, 4, 5, 6)))
' | LC_ALL=C sort
}
"$pgnkit" stats --no-progress --jobs 1 -t openings --top 0 --format json "$tmp/all.pgn" \
    >"$tmp/one.json"
table_tsv <"$tmp/one.json" >"$tmp/actual.tsv"
[[ -s $tmp/expected.tsv ]] || { echo "FAIL: no games counted"; exit 1; }
check "openings table == tags written by eco, counted by awk ($(wc -l <"$tmp/expected.tsv") openings)" \
    "$tmp/expected.tsv" "$tmp/actual.tsv"

"$pgnkit" stats --no-progress --jobs 3 -t openings --top 0 --format json "$tmp/all.pgn" \
    >"$tmp/three.json"
check "--jobs 3 == --jobs 1" "$tmp/one.json" "$tmp/three.json"

cat "$root"/data/eco/a.tsv >"$tmp/table.tsv"
for f in b c d e; do tail -n +2 "$root/data/eco/$f.tsv" >>"$tmp/table.tsv"; done
"$pgnkit" stats --no-progress -t openings --top 0 --format json --eco-file "$tmp/table.tsv" \
    "$tmp/all.pgn" >"$tmp/file.json"
check "--eco-file with the bundled table's text == the bundled table" "$tmp/one.json" "$tmp/file.json"

for n in 2 3; do
    parts=()
    for ((k = 1; k <= n; k++)); do
        "$pgnkit" stats --no-progress -t openings --top 0 --format json --shard "$k/$n" \
            "$tmp/all.pgn" >"$tmp/shard$k.json"
        parts+=("$tmp/shard$k.json")
    done
    "$pgnkit" merge -t openings --top 0 --format json "${parts[@]}" >"$tmp/merged.json"
    check "$n shards merged == one run" "$tmp/one.json" "$tmp/merged.json"
done
exit $fail
