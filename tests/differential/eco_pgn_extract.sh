#!/usr/bin/env bash
# `pgnkit eco --eco-file eco.pgn` against `pgn-extract -e eco.pgn`, game by game, with
# pgn-extract's own table (CTest differential.eco-vs-pgn-extract on every real file;
# cli.eco-vs-pgn-extract, --quick, on a few).
#
#   tests/differential/eco_pgn_extract.sh [--quick] [PGNKIT]
#
# PGNKIT defaults to build/pgnkit; pgn-extract is $PGN_EXTRACT, else `pgn-extract` on PATH,
# else /usr/games/pgn-extract. DIFF_KEEP=DIR keeps the work files; DIFF_UPDATE=1 rewrites this
# mode's row of the expected counts (tests/differential/eco-pgn-extract.tsv).
#
# Both tools read the same text: the real files (tests/data/pgn/real, --quick: five of them)
# concatenated, their ECO, Opening, Variation and SubVariation tag lines removed (so that
# neither keeps a value it did not find) and a tag [Gid "N"] before each game's first tag line.
# Each tool's output gives every game's ECO, Opening and Variation (pgn-extract's Variation and
# SubVariation joined by ", ", as pgnkit reads its table); the script counts the games both
# classify alike, with the same code but other names, with another code, and those only one
# classifies, and prints up to five of each. Every kind of difference is explained in
# tests/differential/ECO-vs-pgn-extract.md; the counts are pinned in eco-pgn-extract.tsv: the
# script fails (exit 1) when one changes. Exit 2 on a setup error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mode=full
if [[ ${1:-} == --quick ]]; then
    mode=quick
    shift
fi
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
expected=$root/tests/differential/eco-pgn-extract.tsv
table=$root/tests/data/eco/pgn-extract-eco.pgn
[[ -x $pgnkit ]] || { echo "eco_pgn_extract: no executable '$pgnkit'" >&2; exit 2; }
px=${PGN_EXTRACT:-$(command -v pgn-extract || true)}
[[ -z $px && -x /usr/games/pgn-extract ]] && px=/usr/games/pgn-extract
[[ -n $px && -x $px ]] || { echo "eco_pgn_extract: pgn-extract not found (scripts/install-deps.sh --test)" >&2; exit 2; }
command -v zstd >/dev/null || { echo "eco_pgn_extract: zstd not found" >&2; exit 2; }

if [[ -n ${DIFF_KEEP:-} ]]; then
    work=$DIFF_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

real=$root/tests/data/pgn/real
if [[ $mode == quick ]]; then
    files=("$real"/twic/twic1599_1000k.pgn.zst "$real"/matches/WorldChamp1972.pgn.zst
        "$real"/annotated/newyork1924.pgn.zst "$real"/lichess/lichess-database-wip-2017-05.pgn.zst
        "$real"/pgnmentor-players/Kasparov.pgn.zst)
else
    files=("$real"/*/*.pgn.zst)
fi

: >"$work/all.pgn"
next=1
for f in "${files[@]}"; do
    zstd -qdc "$f" | awk -v first="$next" '
        BEGIN { in_tags = 0; n = first - 1 }
        /^\[(ECO|Opening|Variation|SubVariation) / { next }
        /^\[/ { if (!in_tags) { n++; printf "[Gid \"%d\"]\n", n; in_tags = 1 }
                print; next }
        { in_tags = 0; print }
        END { print n + 1 > "/dev/stderr" }' >>"$work/all.pgn" 2>"$work/next"
    next=$(cat "$work/next")
done

"$pgnkit" eco --eco-file "$table" --jobs 2 -o "$work/pgnkit.pgn" "$work/all.pgn" 2>"$work/pgnkit.log" || true
"$px" -s --keepbroken -e"$table" -o "$work/pgn-extract.pgn" "$work/all.pgn" 2>"$work/pgn-extract.log"

# GID<TAB>ECO<TAB>Opening<TAB>Variation per game of an output, sorted by GID.
# (A game's tags are read up to its first line that is no tag line: pgn-extract writes its ECO
# tags before the Gid.)
classes() {
    awk '
        function flush(   full) {
            if (gid != "") {
                full = var
                if (subv != "") full = (var == "") ? subv : var ", " subv
                # ~ for an empty value (join -e fills only missing games with -)
                printf "%s\t%s\t%s\t%s\n", gid, eco == "" ? "~" : eco, op == "" ? "~" : op, full == "" ? "~" : full
            }
            gid = ""; eco = ""; op = ""; var = ""; subv = ""; in_tags = 0
        }
        /^\[/ { in_tags = 1 }
        !/^\[/ { if (in_tags) flush(); next }
        /^\[Gid "/ { gid = $0; gsub(/[^0-9]/, "", gid); next }
        /^\[(ECO|Opening|Variation|SubVariation) "/ {
            v = $0; sub(/^\[[A-Za-z]+ "/, "", v); sub(/"\][ \t\r]*$/, "", v); gsub(/\\"/, "\"", v)
            if ($0 ~ /^\[ECO /) eco = v
            else if ($0 ~ /^\[Opening /) op = v
            else if ($0 ~ /^\[Variation /) var = v
            else subv = v
        }
        END { flush() }' "$1" | LC_ALL=C sort -t "$(printf '\t')" -k1,1
}
classes "$work/pgnkit.pgn" >"$work/pgnkit.tsv"
classes "$work/pgn-extract.pgn" >"$work/pgn-extract.tsv"

LC_ALL=C join -t $'\t' -a1 -a2 -e '-' -o '0,1.2,1.3,1.4,2.2,2.3,2.4' "$work/pgnkit.tsv" "$work/pgn-extract.tsv" |
    awk -F'\t' -v out="$work" '
    {
        if ($2 == "~" && $5 == "~") k = "neither"
        else if ($2 == "-") k = "missing-in-pgnkit"
        else if ($5 == "-") k = "missing-in-pgn-extract"
        else if ($5 == "~") k = "only-pgnkit"
        else if ($2 == "~") k = "only-pgn-extract"
        else if ($2 != $5) k = "other-eco"
        else if ($3 != $6 || $4 != $7) k = "other-name"
        else k = "same"
        count[k]++
        if (k != "same" && shown[k]++ < 5) printf "  %s: game %s: pgnkit %s %s | %s; pgn-extract %s %s | %s\n", k, $1, $2, $3, $4, $5, $6, $7 > out "/examples"
    }
    END {
        n = split("same other-name other-eco only-pgnkit only-pgn-extract neither missing-in-pgnkit missing-in-pgn-extract", ks, " ")
        for (i = 1; i <= n; i++) printf "%s%s", (i > 1 ? "\t" : ""), count[ks[i]] + 0
        printf "\n"
    }' >"$work/counts"
touch "$work/examples"
got="$mode	$(cat "$work/counts")"
echo "mode	same	other-name	other-eco	only-pgnkit	only-pgn-extract	neither	missing-in-pgnkit	missing-in-pgn-extract"
echo "$got"
sort "$work/examples"
if [[ -n ${DIFF_UPDATE:-} ]]; then
    { grep -v "^$mode	" "$expected" 2>/dev/null || true; echo "$got"; } | sort >"$expected.new"
    mv "$expected.new" "$expected"
    exit 0
fi
want=$(grep "^$mode	" "$expected" || true)
if [[ $got != "$want" ]]; then
    echo "eco_pgn_extract: the counts changed (expected: ${want:-none}); explain the difference in tests/differential/ECO-vs-pgn-extract.md and rerun with DIFF_UPDATE=1" >&2
    exit 1
fi
