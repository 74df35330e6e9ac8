#!/usr/bin/env bash
# `pgnkit dedup` against pgn-extract's duplicates, game by game (CTest
# differential.dedup-vs-pgn-extract on every real file; cli.dedup-vs-pgn-extract, --quick, on a
# few).
#
#   tests/differential/dedup_pgn_extract.sh [--quick] [PGNKIT]
#
# PGNKIT defaults to build/pgnkit; pgn-extract is $PGN_EXTRACT, else `pgn-extract` on PATH,
# else /usr/games/pgn-extract. DIFF_KEEP=DIR keeps the work files; DIFF_UPDATE=1 rewrites this
# mode's rows of the expected counts (tests/differential/dedup-pgn-extract.tsv).
#
# Both tools read the same text: the real files (tests/data/pgn/real, --quick: five of them)
# concatenated, then the first of them once more (every game of that copy a duplicate), with a
# tag [Gid "N"] inserted before the first tag line of every game, so that each tool's
# duplicates name the games. The comparisons:
#   moves           pgnkit dedup --key moves          pgn-extract --keepbroken -dDUPS (-d: -D, the duplicates to a file)
#   final-position  pgnkit dedup --key final-position pgn-extract --keepbroken --fuzzydepth 0 -dDUPS
# For each, the games both call duplicates, only pgnkit, only pgn-extract, and the kept counts
# (groups + unique games); up to three games of each difference are printed. Every difference
# is explained in tests/differential/DEDUP-vs-pgn-extract.md; the counts are pinned in
# dedup-pgn-extract.tsv: the script fails (exit 1) when one changes. Exit 2 on a setup error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mode=full
if [[ ${1:-} == --quick ]]; then
    mode=quick
    shift
fi
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
expected=$root/tests/differential/dedup-pgn-extract.tsv
[[ -x $pgnkit ]] || { echo "dedup_pgn_extract: no executable '$pgnkit'" >&2; exit 2; }
px=${PGN_EXTRACT:-$(command -v pgn-extract || true)}
[[ -z $px && -x /usr/games/pgn-extract ]] && px=/usr/games/pgn-extract
[[ -n $px && -x $px ]] || { echo "dedup_pgn_extract: pgn-extract not found (scripts/install-deps.sh --test)" >&2; exit 2; }
command -v zstd >/dev/null || { echo "dedup_pgn_extract: zstd not found" >&2; exit 2; }

if [[ -n ${DIFF_KEEP:-} ]]; then
    work=$DIFF_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

real=$root/tests/data/pgn/real
if [[ $mode == quick ]]; then
    files=("$real"/twic/twic-01-232games.pgn.zst "$real"/matches/WorldChamp1972.pgn.zst
        "$real"/annotated/newyork1924.pgn.zst "$real"/matches/world_matches.pgn.zst
        "$real"/pgnmentor-players/Kasparov.pgn.zst)
else
    files=("$real"/*/*.pgn.zst)
fi
files+=("${files[0]}")

: >"$work/all.pgn"
next=1
for f in "${files[@]}"; do
    zstd -qdc "$f" | awk -v first="$next" '
        BEGIN { in_tags = 0; n = first - 1 }
        /^\[/ { if (!in_tags) { n++; printf "[Gid \"%d\"]\n", n; in_tags = 1 }
                print; next }
        { in_tags = 0; print }
        END { print n + 1 > "/dev/stderr" }' >>"$work/all.pgn" 2>"$work/next"
    next=$(cat "$work/next")
done
total=$((next - 1))

# The Gids of a PGN file's games, one a line, sorted as comm wants them.
gids() { grep -o '^\[Gid "[0-9]*"\]' "$1" | tr -dc '0-9\n' | LC_ALL=C sort; }
status=0
rows=()
compare() { # compare ID PGNKIT-KEY PGN-EXTRACT-ARGS…
    local id=$1 key=$2
    shift 2
    (cd "$work" && "$px" -s --keepbroken "$@" -d"$work/pe-dups.pgn" -o "$work/pe-kept.pgn" "$work/all.pgn" 2>/dev/null) || true
    "$pgnkit" dedup --no-progress -q --key "$key" -o "$work/pk-kept.pgn" --duplicates "$work/pk-dups.pgn" "$work/all.pgn"
    gids "$work/pe-dups.pgn" >"$work/pe.ids"
    gids "$work/pk-dups.pgn" >"$work/pk.ids"
    local pe_kept pk_kept both only_pk only_pe
    pe_kept=$(gids "$work/pe-kept.pgn" | wc -l)
    pk_kept=$(gids "$work/pk-kept.pgn" | wc -l)
    both=$(LC_ALL=C comm -12 "$work/pe.ids" "$work/pk.ids" | wc -l)
    only_pk=$(LC_ALL=C comm -13 "$work/pe.ids" "$work/pk.ids" | wc -l)
    only_pe=$(LC_ALL=C comm -23 "$work/pe.ids" "$work/pk.ids" | wc -l)
    rows+=("$mode	$id	$total	$pk_kept	$pe_kept	$both	$only_pk	$only_pe")
    printf '%-15s games %d: kept pgnkit %d, pgn-extract %d; duplicates both %d, only pgnkit %d, only pgn-extract %d\n' \
        "$id" "$total" "$pk_kept" "$pe_kept" "$both" "$only_pk" "$only_pe"
    local g
    for g in $(LC_ALL=C comm -13 "$work/pe.ids" "$work/pk.ids" | head -n 3); do echo "  only pgnkit: Gid $g"; done
    for g in $(LC_ALL=C comm -23 "$work/pe.ids" "$work/pk.ids" | head -n 3); do echo "  only pgn-extract: Gid $g"; done
    # kept + duplicates = input, for pgnkit always
    (($(gids "$work/pk-kept.pgn" | wc -l) + $(wc -l <"$work/pk.ids") == total)) || {
        echo "FAIL $id: pgnkit's kept + duplicates != $total"
        status=1
    }
}
compare moves moves
compare final-position final-position --fuzzydepth 0

if [[ ${DIFF_UPDATE:-} == 1 ]]; then
    { grep -v "^$mode	" "$expected" 2>/dev/null || printf '# mode\tid\tgames\tkept-pgnkit\tkept-pgn-extract\tdups-both\tonly-pgnkit\tonly-pgn-extract (tests/differential/dedup_pgn_extract.sh; differences: DEDUP-vs-pgn-extract.md)\n'
        printf '%s\n' "${rows[@]}"; } >"$work/expected.new"
    mv "$work/expected.new" "$expected"
    echo "updated $expected"
    exit $status
fi
for r in "${rows[@]}"; do
    if ! grep -qxF "$r" "$expected"; then
        echo "FAIL: not the pinned counts: $r (expected: $(grep "^$mode	${r#*	}" "$expected" | head -1 || true)$(grep "^$(cut -f1-2 <<<"$r")	" "$expected" || true))"
        status=1
    fi
done
((status == 0)) && echo "dedup vs pgn-extract ($mode): the pinned counts"
exit $status
