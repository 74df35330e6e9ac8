#!/usr/bin/env bash
# `pgnkit filter` selections against pgn-extract's own, game by game (CTest
# differential.filter-vs-pgn-extract on every real file; cli.filter-vs-pgn-extract, --quick, on
# a few).
#
#   tests/differential/filter_pgn_extract.sh [--quick] [PGNKIT]
#
# PGNKIT defaults to build/pgnkit; pgn-extract is $PGN_EXTRACT, else `pgn-extract` on PATH,
# else /usr/games/pgn-extract. DIFF_KEEP=DIR keeps the work files; DIFF_UPDATE=1 rewrites
# this mode's rows of the expected counts (tests/differential/filter-pgn-extract.tsv);
# DIFF_ONLY=REGEX runs only the criteria whose id matches (and compares no counts).
#
# Both tools read the same text: the real files (tests/data/pgn/real, --quick: five of them)
# concatenated, with a tag [Gid "N"] inserted before the first tag line of every game (awk,
# below), so that each tool's output names the games it selected. For each criterion the
# script runs `pgnkit filter CRITERION` and `pgn-extract -s --keepbroken CRITERION'` (the
# same question in pgn-extract's terms; --keepbroken: pgn-extract otherwise drops games with
# an illegal move, which filter keeps and judges on what it can read) and counts the games
# both select, only pgnkit, only pgn-extract; it prints up to three games of each difference.
# Every difference is explained in tests/differential/FILTER-vs-pgn-extract.md; the counts
# are pinned in filter-pgn-extract.tsv: the script fails (exit 1) when one changes, so a
# change of either tool's behaviour is looked at. Exit 2 on a setup error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
mode=full
if [[ ${1:-} == --quick ]]; then
    mode=quick
    shift
fi
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
expected=$root/tests/differential/filter-pgn-extract.tsv
[[ -x $pgnkit ]] || { echo "filter_pgn_extract: no executable '$pgnkit'" >&2; exit 2; }
px=${PGN_EXTRACT:-$(command -v pgn-extract || true)}
[[ -z $px && -x /usr/games/pgn-extract ]] && px=/usr/games/pgn-extract
[[ -n $px && -x $px ]] || { echo "filter_pgn_extract: pgn-extract not found (scripts/install-deps.sh --test)" >&2; exit 2; }
command -v zstd >/dev/null || { echo "filter_pgn_extract: zstd not found" >&2; exit 2; }

if [[ -n ${DIFF_KEEP:-} ]]; then
    work=$DIFF_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

real=$root/tests/data/pgn/real
if [[ $mode == quick ]]; then
    files=("$real"/twic/*.pgn.zst "$real"/matches/WorldChamp1972.pgn.zst
        "$real"/annotated/newyork1924.pgn.zst "$real"/lichess/lichess-database-wip-2017-05.pgn.zst
        "$real"/pgnmentor-players/Kasparov.pgn.zst)
else
    files=("$real"/*/*.pgn.zst)
fi

# The input: every file, each game's first tag line preceded by [Gid "N"] (N from 1 over all
# files); gids.tsv maps N to the file and the game's number in it.
: >"$work/all.pgn"
: >"$work/gids.tsv"
next=1
for f in "${files[@]}"; do
    name=${f#"$real"/}
    zstd -qdc "$f" | awk -v first="$next" -v name="$name" -v map="$work/gids.tsv" '
        BEGIN { in_tags = 0; n = first - 1 }
        /^\[/ { if (!in_tags) { n++; printf "[Gid \"%d\"]\n", n; printf "%d\t%s\t%d\n", n, name, n - first + 1 >> map; in_tags = 1 }
                print; next }
        { in_tags = 0; print }
        END { print n + 1 > "/dev/stderr" }' >>"$work/all.pgn" 2>"$work/next"
    next=$(cat "$work/next")
done

# Files the pgn-extract criteria read.
printf 'e4 c5\n' >"$work/sicilian.var"
printf 'e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6\n' >"$work/najdorf.var"
printf 'd4 Nf6 c4 e6 Nc3 Bb4\n' >"$work/nimzo.var"
printf 'Date "199"\n' >"$work/nineties.tags"
printf 'Date < "1962"\n' >"$work/before1962.tags"
printf 'WhiteElo >= "2700"\nBlackElo >= "2700"\n' >"$work/elo2700.tags"
printf 'WhiteElo >= "2600"\n' >"$work/whiteelo2600.tags"
printf 'Result "1-0"\nResult "0-1"\n' >"$work/decisive.tags"
printf 'FEN "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"\n' >"$work/fen.tags"
printf 'FENPatternI "*/*/*/*/???PP???/*/*/*"\n' >"$work/patterni.tags"
printf 'rp r\n' >"$work/krp_kr.mat"
printf 'q+r*b*n*p* q+r*b*n*p*\n' >"$work/queens.mat"

# row ID PGNKIT-ARGS PGN-EXTRACT-ARGS: one criterion in both tools' words (word-split by eval;
# $work may be used).
ids=()
declare -A pk_args=() pe_args=()
row() {
    ids+=("$1")
    pk_args[$1]=$2
    pe_args[$1]=$3
}
row player "--player Carlsen" "-TpCarlsen"
row player-lower "--player carlsen" "-Tpcarlsen"
row player-regex "--player ^Carlsen --regex" "-TpCarlsen"
row white "--white Kasparov" "-TwKasparov"
row black "--black Karpov" "-TbKarpov"
row result-white "--result 1-0" "-Tr1-0"
row result-draw "--result 1/2-1/2" "-Tr1/2"
row result-decisive "--result 1-0,0-1" "-t\$work/decisive.tags"
row eco-b "--eco B20..B99" "-TeB2 -TeB3 -TeB4 -TeB5 -TeB6 -TeB7 -TeB8 -TeB9"
row date-1990s "--date 1990..1999" "-t\$work/nineties.tags"
row date-before-1962 "--date ..1961" "-t\$work/before1962.tags"
row elo-both-2700 "--elo 2700.." "-t\$work/elo2700.tags"
row elo-white-2600 "--elo-white 2600.." "-t\$work/whiteelo2600.tags"
row plies-40-80 "--plies 40..80" "-pl40 -pu80"
row moves-60 "--moves 60.." "-bl60"
row checkmate "--ending checkmate" "-M"
row stalemate "--ending stalemate" "--stalemate"
row repetition "--ending repetition" "--repetition"
row fifty "--ending fifty-moves" "--fifty"
row underpromotion "--underpromotion" "--underpromotion"
row setup "--setup" "--onlysetuptags"
row no-setup "--no-setup" "--nosetuptags"
row opening-sicilian "--opening e4\\ c5" "-x\$work/sicilian.var"
row opening-najdorf "--opening e4\\ c5\\ Nf3\\ d6\\ d4\\ cxd4\\ Nxd4\\ Nf6\\ Nc3\\ a6" "-x\$work/najdorf.var"
row opening-nimzo "--opening d4\\ Nf6\\ c4\\ e6\\ Nc3\\ Bb4" "-x\$work/nimzo.var"
row position-fen "--position rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R\\ w\\ KQkq\\ -\\ 0\\ 3" "-t\$work/fen.tags"
row pattern "--pattern */*/*/*/???PP???/*/*/*" "-Tf*/*/*/*/???PP???/*/*/*"
row pattern-variations "--pattern */*/*/*/???PP???/*/*/* --in-variations" "-Tf*/*/*/*/???PP???/*/*/*"
row pattern-either "--pattern */*/*/*/???PP???/*/*/* --either-colour --in-variations" "-t\$work/patterni.tags"
row material-krp-kr "--material KRP:KR --material-exact" "-z\$work/krp_kr.mat"
row material-krp-kr-white "--material KRP:KR --material-exact --material-as-written" "-y\$work/krp_kr.mat"
row material-queens "--material KQ:KQ" "-z\$work/queens.mat"
row hash-e4 "--hash 823c9b50fd114196" "-H823c9b50fd114196"

# The selected Gids of an output file, sorted.
gids_of() { { grep -o '^\[Gid "[0-9]*"\]' "$1" || true; } | tr -dc '0-9\n' | sort -u; }

# Up to three games of a list of Gids, with the file and number and a few tags.
show() {
    local list=$1 n
    head -n 3 "$list" | while read -r n; do
        local where
        where=$(awk -F'\t' -v n="$n" '$1 == n { print $2 ":" $3; exit }' "$work/gids.tsv")
        printf '      %s  %s\n' "$where" "$(awk -v n="$n" '
            $0 == "[Gid \"" n "\"]" { on = 1; next }
            on && /^\[(White|Black|Date|Result|ECO|SetUp) / { sub(/\r$/, ""); sub(/^\[/, ""); sub(/\]$/, ""); printf "%s; ", $0; next }
            on && !/^\[/ { exit }' "$work/all.pgn")"
    done
}

rows=$work/rows.tsv
: >"$rows"
printf '%-18s %8s %8s %8s %8s %8s\n' criterion pgnkit pgn-ext both only-pk only-pe
for id in "${ids[@]}"; do
    [[ -n ${DIFF_ONLY:-} && ! $id =~ $DIFF_ONLY ]] && continue
    eval "pk=(${pk_args[$id]})"
    eval "pe=(${pe_args[$id]})"
    status=0
    "$pgnkit" filter --jobs 2 "${pk[@]}" -o "$work/pk.pgn" "$work/all.pgn" 2>"$work/pk.err" || status=$?
    if ((status > 1)); then
        echo "filter_pgn_extract: pgnkit filter ${pk_args[$id]} failed: $(cat "$work/pk.err")" >&2
        exit 2
    fi
    "$px" -s --quiet --keepbroken "${pe[@]}" -o "$work/pe.pgn" "$work/all.pgn" 2>"$work/pe.err" ||
        { echo "filter_pgn_extract: pgn-extract ${pe_args[$id]} failed: $(tail -n 3 "$work/pe.err")" >&2; exit 2; }
    gids_of "$work/pk.pgn" >"$work/pk.ids"
    gids_of "$work/pe.pgn" >"$work/pe.ids"
    comm -12 "$work/pk.ids" "$work/pe.ids" >"$work/both.ids"
    comm -23 "$work/pk.ids" "$work/pe.ids" >"$work/only-pk.ids"
    comm -13 "$work/pk.ids" "$work/pe.ids" >"$work/only-pe.ids"
    counts=$(printf '%s\t%s\t%s\t%s\t%s' "$(wc -l <"$work/pk.ids")" "$(wc -l <"$work/pe.ids")" \
        "$(wc -l <"$work/both.ids")" "$(wc -l <"$work/only-pk.ids")" "$(wc -l <"$work/only-pe.ids")")
    printf '%s\t%s\t%s\n' "$mode" "$id" "$counts" >>"$rows"
    read -r a b c d e <<<"$counts"
    printf '%-18s %8s %8s %8s %8s %8s\n' "$id" "$a" "$b" "$c" "$d" "$e"
    if [[ -s $work/only-pk.ids ]]; then
        echo "    only pgnkit filter ${pk_args[$id]}:"
        show "$work/only-pk.ids"
    fi
    if [[ -s $work/only-pe.ids ]]; then
        echo "    only pgn-extract ${pe_args[$id]//\$work\//}:"
        show "$work/only-pe.ids"
    fi
done

[[ -n ${DIFF_ONLY:-} ]] && exit 0
if [[ ${DIFF_UPDATE:-} == 1 ]]; then
    { grep -v "^$mode	" "$expected" 2>/dev/null || true; cat "$rows"; } | sort -k1,1 -s >"$work/expected.new"
    {
        echo "# mode	criterion	pgnkit	pgn-extract	both	only-pgnkit	only-pgn-extract (tests/differential/filter_pgn_extract.sh; differences: FILTER-vs-pgn-extract.md)"
        grep -v '^#' "$work/expected.new"
    } >"$expected"
    echo "filter_pgn_extract: wrote the $mode rows of $expected"
    exit 0
fi
if ! diff <(grep "^$mode	" "$expected" | sort) <(sort "$rows") >"$work/changed"; then
    echo "filter_pgn_extract: counts differ from $expected (< expected, > now); explain the change in tests/differential/FILTER-vs-pgn-extract.md and rerun with DIFF_UPDATE=1:" >&2
    cat "$work/changed" >&2
    exit 1
fi
echo "filter_pgn_extract: every count as expected ($mode)"
