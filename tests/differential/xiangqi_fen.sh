#!/usr/bin/env bash
# Per-ply FENs of real xiangqi games: `pgnkit fen --variant xiangqi` against Fairy-Stockfish
# (`position fen START moves …` then `d`, its "Fen:" line), for every position of the main
# lines of the 15 xqdb games, the three WinBoard games, the handicap game and the 20 GBK
# championship games (tests/data/xiangqi/games), and of the first GAMES (default 200) Hu
# Ronghua ICCS games, and of every variation convert writes for a game with nested ones
# (xiangqi_variation_lines.py). The moves given to Fairy-Stockfish are pgnkit's move_uci column, so a
# move read wrongly shows as a FEN that differs at the next ply.
#
# Usage: tests/differential/xiangqi_fen.sh PGNKIT [GAMES]
set -uo pipefail

pgnkit=${1:?usage: xiangqi_fen.sh PGNKIT [GAMES]}
count=${2:-200}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
games=$here/../data/xiangqi/games
annotated=$here/../data/xiangqi/annotated/xqdb-game1-annotated.pgn
fsf=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
[[ -x $fsf ]] || { echo "xiangqi_fen: fairy-stockfish is missing (scripts/install-deps.sh --test)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-xiangqi-fen.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Our positions: game, ply, FEN, the move played from it (tab-separated).
{
    "$pgnkit" fen --variant xiangqi -f tsv --start --columns game,ply,fen,move_uci \
        "$games"/xqdb-sample-*.pgn "$games"/wukongjs-maxqi-*.pgn "$games"/eleeye-sample-handicap.pgn \
        "$games"/eleeye-ccgc2006/*.pgn | tail -n +2 | sed 's/^/a/'
    zstd -dc "$games/Hu_Ronghua_1391_UCI_games.pgn.zst" |
        awk -v n="$count" '/^\[Event / { ++g } g <= n' |
        "$pgnkit" fen --variant xiangqi -f tsv --start --columns game,ply,fen,move_uci - |
        tail -n +2 | sed 's/^/b/'
    # Each variation of a game with nested ones, as convert replayed and wrote it: a game of
    # its own (the moves that lead to it, then its moves).
    "$pgnkit" convert --variant xiangqi --moves iccs "$annotated" |
        python3 "$here/xiangqi_variation_lines.py" >"$tmp/lines.pgn"
    "$pgnkit" fen --variant xiangqi -f tsv --start --columns game,ply,fen,move_uci "$tmp/lines.pgn" |
        tail -n +2 | sed 's/^/c/'
} >"$tmp/ours.tsv" || { echo "xiangqi_fen: pgnkit fen failed" >&2; exit 1; }
positions=$(wc -l <"$tmp/ours.tsv")
((positions > 10000)) || { echo "xiangqi_fen: only $positions positions" >&2; exit 1; }

# The same plies through one fairy-stockfish process.
awk -F'\t' 'BEGIN { print "uci"; print "setoption name UCI_Variant value xiangqi" }
    $1 != game { game = $1; start = $3; moves = "" }
    { print "position fen " start (moves == "" ? "" : " moves" moves); print "d"
      if ($4 != "") moves = moves " " $4 }
    END { print "quit" }' "$tmp/ours.tsv" >"$tmp/commands"
"$fsf" <"$tmp/commands" 2>/dev/null | sed -n 's/^Fen: //p' >"$tmp/theirs"
cut -f3 "$tmp/ours.tsv" >"$tmp/ours"
theirs=$(wc -l <"$tmp/theirs")
if [[ $theirs != "$positions" ]]; then
    echo "xiangqi_fen: fairy-stockfish printed $theirs FENs for $positions positions" >&2
    exit 1
fi
if cmp -s "$tmp/ours" "$tmp/theirs"; then
    echo "xiangqi_fen: $positions positions, 0 mismatches"
    exit 0
fi
echo "xiangqi_fen: mismatches (line: ours | fairy-stockfish):"
paste -d'|' "$tmp/ours" "$tmp/theirs" | awk -F'|' '$1 != $2 { print NR ": " $1 " | " $2; if (++n == 10) exit }'
exit 1
