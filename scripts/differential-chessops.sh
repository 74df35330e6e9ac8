#!/usr/bin/env bash
# Per-ply FEN and UCI of every game of the real corpus, pgnkit against npm chessops.
#   scripts/differential-chessops.sh [PGNKIT] [WORKDIR]
# Installs chessops (pinned) with npm into WORKDIR (default: build/npm). For each corpus file
# both tools list (game, ply, FEN, UCI of the next move) for every main-line position; the
# games both replay to the end must agree line for line. Games one of them rejects are
# counted, not compared (their verdicts are compared in differential-pgn-extract.sh).
# Exits 1 on any disagreement.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
work=${2:-$root/build/npm}
mkdir -p "$work"
if [[ ! -d $work/node_modules/chessops ]]; then
    (cd "$work" && { [[ -f package.json ]] || npm init -y >/dev/null; } &&
        npm install --no-audit --no-fund --silent chessops@0.15.1 >/dev/null)
fi
cp "$root/tests/differential/chessops-plies.mjs" "$work/"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# chessops keeps the halfmove clock at 150 at most (the 75-move rule ends the game there);
# pgnkit counts on (PGN standard §16.1.3.5; games before 2014 went on). Compare capped clocks.
cap_halfmoves() {
    awk -F'\t' -v OFS='\t' '{ n = split($3, f, " "); if (n == 6 && f[5] + 0 > 150) { f[5] = 150;
        $3 = f[1] " " f[2] " " f[3] " " f[4] " " f[5] " " f[6] } print }'
}

files=0 games=0 compared=0 plies=0 skipped=0 bad=0
for f in "$root"/tests/data/pgn/real/*/*.pgn.zst; do
    files=$((files + 1))
    name=${f#"$root"/}
    zstdcat "$f" > "$tmp/in.pgn"
    node "$work/chessops-plies.mjs" < "$tmp/in.pgn" > "$tmp/theirs.tsv"
    "$pgnkit" fen -j2 --no-progress -f tsv --columns game,ply,fen,move_uci "$tmp/in.pgn" 2>/dev/null |
        tail -n +2 | cap_halfmoves > "$tmp/ours.tsv" || true
    # Games pgnkit reports an error for, and games chessops could not replay.
    "$pgnkit" validate -j2 --no-progress -q --format json --rejects "$tmp/rej.pgn" "$tmp/in.pgn" > /dev/null || true
    "$pgnkit" validate -j2 --no-progress --format json "$tmp/in.pgn" 2>/dev/null |
        grep '"severity":"error"' | sed 's/.*"game":\([0-9]*\),.*/\1/' | sort -u > "$tmp/our-bad" || true
    awk -F'\t' '$2=="ERROR"{print $1}' "$tmp/theirs.tsv" | sort -u > "$tmp/their-bad"
    ngames=$(awk -F'\t' '{print $1}' "$tmp/theirs.tsv" | sort -u | wc -l)
    total=$("$pgnkit" validate -j2 --no-progress -q --format json "$tmp/in.pgn" | sed 's/.*"games":\([0-9]*\),.*/\1/' || true)
    if [[ $ngames != "$total" ]]; then
        echo "NOTE $name: chessops reads $ngames games, pgnkit $total (game numbers may not align; file skipped)"
        skipped=$((skipped + total))
        continue
    fi
    cat "$tmp/our-bad" "$tmp/their-bad" | sort -u > "$tmp/skip"
    # (FILENAME test, not NR==FNR: the skip list may be empty)
    filter() { awk -F'\t' -v skip="$tmp/skip" 'FILENAME==skip{s[$1]=1;next} !($1 in s)' "$tmp/skip" "$1"; }
    filter "$tmp/theirs.tsv" > "$tmp/t"
    filter "$tmp/ours.tsv" > "$tmp/o"
    # Games only one side has positions for were read differently (a malformed tag section
    # swallowed the movetext, …): a reader difference, not a rules one. Game numbers after it
    # no longer align, so the file is skipped like one whose game counts differ.
    cut -f1 "$tmp/t" | sort -u > "$tmp/tg"
    cut -f1 "$tmp/o" | sort -u > "$tmp/og"
    comm -3 "$tmp/tg" "$tmp/og" | tr -d '\t' > "$tmp/onesided"
    if [[ -s $tmp/onesided ]]; then
        echo "NOTE $name: games read differently (positions on one side only: $(tr '\n' ' ' < "$tmp/onesided")); file skipped"
        skipped=$((skipped + total))
        continue
    fi
    games=$((games + total))
    skipped=$((skipped + $(wc -l < "$tmp/skip")))
    compared=$((compared + total - $(wc -l < "$tmp/skip")))
    plies=$((plies + $(wc -l < "$tmp/t")))
    if ! diff -q "$tmp/o" "$tmp/t" > /dev/null; then
        bad=$((bad + 1))
        echo "MISMATCH $name:"
        diff "$tmp/o" "$tmp/t" | head -10 || true
    fi
done
echo "chessops: $files files, $games games, $compared compared ($plies plies), $skipped skipped (rejected by either), $bad files with differences"
((bad == 0))
