#!/usr/bin/env bash
# `pgnkit filter`'s tag criteria against pgn-extract's own selections (CTest
# cli.filter-pgn-extract, label cli): for each file, pgn-extract selects with -T / -t, and
# pgnkit's selection with the same criterion, passed through `pgn-extract -s` (which writes
# its games as it writes its own and drops the games it cannot read), must be the same bytes.
# The criteria (pgn-extract's meaning; see tests/cli/filter_pgn_extract.md for the rules):
#   -TpNAME, -TwNAME, -TbNAME   a case-sensitive prefix of the tag = --regex --player '^NAME'
#   -Tr1-0, -Tr0-1              --result 1-0, --result 0-1
#   -TeB                        --eco B (B00..B99)
#   -t: WhiteElo >= "2600"      --elo-white 2600..
#   -t: BlackElo < "2400"       --elo-black ..2399
# NAME is the first word of the first game's White and Black (letters only), so every file
# gets names that occur.
#
#   tests/cli/filter_pgn_extract.sh PGNKIT [FILE|DIR …]   (default: tests/data/pgn/real)
set -uo pipefail

pgnkit=${1:?usage: filter_pgn_extract.sh PGNKIT [FILE|DIR …]}
shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
extract=${PGN_EXTRACT:-/usr/games/pgn-extract}
[[ -x $extract ]] || extract=$(command -v pgn-extract) || {
    echo "filter_pgn_extract.sh: pgn-extract is needed (scripts/install-deps.sh --test)" >&2
    exit 2
}
(($#)) || set -- "$root/tests/data/pgn/real"
work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-filter-pe.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT

files=()
for arg in "$@"; do
    if [[ -d $arg ]]; then
        while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -type f -name '*.pgn*' | sort)
    else
        files+=("$arg")
    fi
done

# The differences explained in tests/cli/filter_pgn_extract.md: "FILE CRITERION PE PGNKIT".
known=("newyork1924.pgn.zst -TeB 13 14" "Kasparov.pgn.zst WhiteElo >= 2600 1760 1759")
passed=0 failed=0 explained=0
compare() { # compare FILE.pgn WHAT PGN-EXTRACT-ARGS -- PGNKIT-ARGS
    local in=$1 what=$2
    shift 2
    local pe=()
    while [[ $1 != -- ]]; do pe+=("$1"); shift; done
    shift
    "$extract" -s "${pe[@]}" "$in" >"$work/pe.pgn" 2>/dev/null
    "$pgnkit" filter --no-progress "$@" "$in" 2>/dev/null | "$extract" -s >"$work/pk.pgn" 2>/dev/null
    if cmp -s "$work/pe.pgn" "$work/pk.pgn"; then
        passed=$((passed + 1))
        return
    fi
    local counts
    counts="$(grep -c '^\[Event ' "$work/pe.pgn") $(grep -c '^\[Event ' "$work/pk.pgn")"
    local k
    for k in "${known[@]}"; do
        if [[ $k == "${cur##*/} $what $counts" ]]; then
            explained=$((explained + 1))
            echo "KNOWN ${cur##*/} $what: pgn-extract, pgnkit: $counts games"
            return
        fi
    done
    failed=$((failed + 1))
    echo "FAIL ${cur##*/} $what: pgn-extract, pgnkit: $counts games"
}
printf 'WhiteElo >= "2600"\n' >"$work/elo-white.txt"
printf 'BlackElo < "2400"\n' >"$work/elo-black.txt"
for f in "${files[@]}"; do
    cur=$f in=$work/in.pgn
    case $f in
    *.zst) zstd -dcq "$f" >"$in" ;;
    *) cp "$f" "$in" ;;
    esac
    white=$(sed -n 's/^\[White "\([A-Za-z]*\).*/\1/p' "$in" | head -n 1)
    black=$(sed -n 's/^\[Black "\([A-Za-z]*\).*/\1/p' "$in" | head -n 1)
    for name in $white $black; do
        compare "$in" "-Tp$name" "-Tp$name" -- --regex --player "^$name"
        compare "$in" "-Tw$name" "-Tw$name" -- --regex --white "^$name"
        compare "$in" "-Tb$name" "-Tb$name" -- --regex --black "^$name"
    done
    compare "$in" -Tr1-0 -Tr1-0 -- --result 1-0
    compare "$in" -Tr0-1 -Tr0-1 -- --result 0-1
    compare "$in" -TeB -TeB -- --eco B
    compare "$in" "WhiteElo >= 2600" -t"$work/elo-white.txt" -- --elo-white 2600..
    compare "$in" "BlackElo < 2400" -t"$work/elo-black.txt" -- --elo-black ..2399
    echo "${f##*/}: $(grep -c '^\[Event ' "$in") games; White $white, Black $black"
done
echo "filter_pgn_extract: $passed same, $explained known differences, $failed differ"
((failed == 0))
