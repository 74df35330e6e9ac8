#!/usr/bin/env bash
# Differential check of the xiangqi core against Fairy-Stockfish (CTest: differential.xiangqi,
# and xiangqi.fairy-stockfish-quick in the default run with --quick).
#
#   scripts/differential-xiangqi.sh [--quick] [XIANGQI_DIVIDE]
#
# XIANGQI_DIVIDE is the test tool (tests/tools/xiangqi_divide.cpp); default
# ./build/tests/xiangqi_divide. Fairy-Stockfish is $FAIRY_STOCKFISH, else `fairy-stockfish` on
# PATH, else /usr/games/fairy-stockfish (Debian package fairy-stockfish, in
# scripts/install-deps.sh --test). DIFF_KEEP=DIR keeps the work files in DIR.
#
# Positions (the full run; --quick takes a few of each so that it runs in seconds):
#  * every FEN of tests/data/xiangqi/fen and tests/data/perft/xiangqi, perft divide 3;
#  * 1,000 random playouts (every 10th position and the last: mates and stalemates), divide 3;
#  * every position of the 2,516 ICCS corpus games (Hu Ronghua, Liu Dahua), divide 2
#    (depth 3 for all 222,000 positions would take Fairy-Stockfish about 15 minutes).
# The tool prints, per position, our FEN and our divide (UCI moves, ranks 1–10, as Fairy-
# Stockfish writes them). ONE fairy-stockfish process gets, per position, `position fen F`,
# `d`, `go perft D`, and `go perft 1` as a barrier whose result is ignored (Stockfish runs a
# perft on its search thread while the UCI thread reads on; `go` waits for the previous
# search: see scripts/differential-stockfish.sh). Compared per position: the FEN it prints
# back (`Fen:`) with ours, and every root move's count. Exits 1 on any difference (each
# listed with its FEN), 2 on a set-up error.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quick=0
if [[ ${1:-} == --quick ]]; then
    quick=1
    shift
fi
tool=${1:-$root/build/tests/xiangqi_divide}
if [[ ! -x $tool ]]; then
    echo "differential-xiangqi: no xiangqi_divide tool at '$tool' (build the 'xiangqi_divide'" \
        "target, or pass its path)" >&2
    exit 2
fi
fsf=${FAIRY_STOCKFISH:-$(command -v fairy-stockfish || true)}
[[ -z $fsf && -x /usr/games/fairy-stockfish ]] && fsf=/usr/games/fairy-stockfish
if [[ -z $fsf || ! -x $fsf ]]; then
    echo "differential-xiangqi: fairy-stockfish not found (scripts/install-deps.sh --test" \
        "installs it)" >&2
    exit 2
fi
if [[ -n ${DIFF_KEEP:-} ]]; then
    work=$DIFF_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

# 1. Our positions and divides.
fen_files=("$root"/tests/data/xiangqi/fen/*.fen)
perft_fens=$work/perft-fens.fen
: >"$perft_fens"
for f in "$root"/tests/data/perft/xiangqi/*; do # EPD lines up to ';', TSV first column
    grep -v -e '^#' -e '^fen' "$f" | sed 's/[;\t].*//; s/ *$//' >>"$perft_fens"
done
games=()
for g in "$root"/tests/data/xiangqi/games/{Hu_Ronghua,Liu_Dahua}_*.pgn.zst; do
    zstd -dcq "$g" >"$work/$(basename "$g" .zst)"
    games+=("$work/$(basename "$g" .zst)")
done
((${#games[@]} == 2)) || { echo "differential-xiangqi: the ICCS games are missing" >&2; exit 2; }
if ((quick)); then
    head -20 "${fen_files[0]}" >"$work/some.fen"
    "$tool" --depth 2 --fens "$perft_fens" --fens "$work/some.fen" \
        --random 20 --every 15 --seed 7 >"$work/ours"
    # The first 30 games.
    awk '/^\[Event/ { n++ } n > 30 { exit } { print }' "${games[0]}" >"$work/some-games.pgn"
    "$tool" --depth 1 --games "$work/some-games.pgn" >>"$work/ours"
else
    args=(--depth 3 --fens "$perft_fens")
    for f in "${fen_files[@]}"; do args+=(--fens "$f"); done
    "$tool" "${args[@]}" --random 1000 --every 10 --seed 1 >"$work/ours"
    args=(--depth 2)
    for g in "${games[@]}"; do args+=(--games "$g"); done
    "$tool" "${args[@]}" >>"$work/ours"
fi

# 2. The same positions through one fairy-stockfish process.
awk 'BEGIN { print "uci"; print "setoption name UCI_Variant value xiangqi" }
     /^fen / { fen = substr($0, 5) }
     /^depth / { print "position fen " fen; print "d"; print "go perft " $2; print "go perft 1" }
     END { print "quit" }' "$work/ours" >"$work/commands"
"$fsf" <"$work/commands" >"$work/theirs.raw" 2>&1

# 3. Both as sorted "index<TAB>line" records: the FEN, each root move and count, the total.
# Fairy-Stockfish prints `Fen: …` from its UCI thread and the divides from its search thread:
# each kind is in order, so they are numbered apart. Every second divide is the barrier's.
LC_ALL=C
awk '/^fen / { n++; print n "\tfen " substr($0, 5); next }
     /^depth / { next }
     /^total / { print n "\t~total " $2; next }
     { print n "\t" $1 " " $2 }' "$work/ours" | sort -t$'\t' -k1,1n -k2,2 >"$work/ours.sorted"
awk '/^Fen: / { f++; print f "\tfen " substr($0, 6); next }
     /^[a-i][0-9]+[a-i][0-9]+: [0-9]+$/ { if (b % 2 == 0) print (b / 2 + 1) "\t" substr($1, 1, length($1) - 1) " " $2; next }
     /^Nodes searched: / { if (b % 2 == 0) print (b / 2 + 1) "\t~total " $3; b++ }' \
    "$work/theirs.raw" | sort -t$'\t' -k1,1n -k2,2 >"$work/theirs.sorted"
positions=$(grep -c '^fen ' "$work/ours")
theirs=$(grep -c '^Fen: ' "$work/theirs.raw" || true)
if [[ $theirs != "$positions" ]]; then
    echo "differential-xiangqi: fairy-stockfish printed $theirs positions of $positions" >&2
    tail -5 "$work/theirs.raw" >&2
    exit 2
fi
if diff "$work/ours.sorted" "$work/theirs.sorted" >"$work/diff"; then
    echo "differential-xiangqi: $positions positions, 0 mismatches"
    exit 0
fi
# Each differing position with its FEN.
bad=$(grep -E '^[<>] ' "$work/diff" | cut -c3- | cut -f1 | sort -un)
echo "differential-xiangqi: $positions positions, $(wc -l <<<"$bad") mismatches:"
for i in $(head -20 <<<"$bad"); do
    fen=$(awk -F'\t' -v i="$i" '$1 == i && $2 ~ /^fen / { print substr($2, 5); exit }' \
        "$work/ours.sorted")
    echo "  position $i: $fen"
    grep -E "^[<>] $i"$'\t' "$work/diff" | sed 's/^</    pgnkit:/; s/^>/    fairy-stockfish:/' | head -10
done
exit 1
