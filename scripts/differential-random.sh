#!/usr/bin/env bash
# Random games played by npm chessops, replayed by pgnkit (a differential test of the rules).
#   scripts/differential-random.sh [PGNKIT] [WORKDIR] [GAMES] [SEED]
# tests/differential/chessops-random.mjs plays GAMES (default 3000) random games with chessops
# (one in eight from a Chess960 position; captures preferred a third of the time; mates
# taken when sampled): checkmates, stalemates, dead positions, the 75-move rule, fivefold
# repetition, underpromotions, en passant and castling of every kind come up by the
# thousand. pgnkit must then:
#   - validate every game without an error or a warning (its SAN is chessops' SAN, check and
#     mate suffixes included; each game ends where chessops says it ends, with its result);
#   - give the same FEN and UCI as chessops after every ply (`fen -f tsv`);
#   - give the same again from its own `convert` output (the round trip).
# Installs chessops (pinned) with npm into WORKDIR (default: build/npm). Exits 1 on any
# disagreement and keeps the files in WORKDIR/random-fail.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
work=${2:-$root/build/npm}
games=${3:-3000}
seed=${4:-20261130}
mkdir -p "$work"
if [[ ! -d $work/node_modules/chessops ]]; then
    (cd "$work" && { [[ -f package.json ]] || npm init -y >/dev/null; } &&
        npm install --no-audit --no-fund --silent chessops@0.15.1 >/dev/null)
fi
cp "$root/tests/differential/chessops-random.mjs" "$root/tests/differential/random-play.mjs" "$work/"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
    echo "differential-random: $*" >&2
    rm -rf "$work/random-fail"
    cp -r "$tmp" "$work/random-fail"
    echo "differential-random: files kept in $work/random-fail" >&2
    exit 1
}

node "$work/chessops-random.mjs" "$seed" "$games" "$tmp/games.pgn" "$tmp/theirs.tsv"
summary=$("$pgnkit" validate -j2 --no-progress --no-timing "$tmp/games.pgn" 2>&1 >"$tmp/validate.txt" || true)
"$pgnkit" validate -j2 --no-progress --no-timing -q "$tmp/games.pgn" >"$tmp/summary.txt" || true
grep -q "^summary: 1 file, $games games: $games valid, 0 invalid; 0 errors, 0 warnings" "$tmp/summary.txt" ||
    fail "pgnkit reports problems in chessops' games: $(head -n 3 "$tmp/summary.txt") $summary"
"$pgnkit" fen -j2 --no-progress -f tsv --columns game,ply,fen,move_uci "$tmp/games.pgn" |
    tail -n +2 >"$tmp/ours.tsv"
cmp -s "$tmp/ours.tsv" "$tmp/theirs.tsv" ||
    fail "per-ply FEN/UCI differ: $(diff "$tmp/ours.tsv" "$tmp/theirs.tsv" | head -n 4)"
"$pgnkit" convert -j2 --no-progress "$tmp/games.pgn" >"$tmp/converted.pgn"
"$pgnkit" fen -j2 --no-progress -f tsv --columns game,ply,fen,move_uci "$tmp/converted.pgn" |
    tail -n +2 >"$tmp/roundtrip.tsv"
cmp -s "$tmp/roundtrip.tsv" "$tmp/theirs.tsv" ||
    fail "per-ply FEN/UCI of convert's output differ: $(diff "$tmp/roundtrip.tsv" "$tmp/theirs.tsv" | head -n 4)"
plies=$(wc -l <"$tmp/theirs.tsv")
results=$(grep -o '^\[Result "[^"]*"' "$tmp/games.pgn" | sort | uniq -c | sed 's/\[Result //; s/"//g' |
    awk '{printf "%s%s %s", sep, $2, $1; sep=", "}')
echo "differential-random: $games games (seed $seed), $plies plies agree with chessops ($results)"
