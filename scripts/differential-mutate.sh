#!/usr/bin/env bash
# Damaged random games, validate's verdict against chessops' (a differential test of where
# validate says a game first goes wrong).
#   scripts/differential-mutate.sh [PGNKIT] [WORKDIR] [GAMES] [SEED]
# tests/differential/chessops-mutate.mjs plays GAMES (default 5000) random games with
# chessops and changes one move in 7 of 8 (replaced, made up, swapped, deleted, doubled; half
# of the changed games carry the change in a variation beside the unchanged main line);
# chessops replays the changed moves and says where each game first goes wrong. pgnkit's
# first error of each game (`validate --format json`) must be at the same ply: illegal-move,
# ambiguous-move or bad-san where no legal move matches the text, move-after-game-end after
# the game has ended, and no error in a game that stays legal. Installs chessops (pinned)
# with npm into WORKDIR (default: build/npm). Exits 1 on any disagreement and keeps the files
# in WORKDIR/mutate-fail.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
work=${2:-$root/build/npm}
games=${3:-5000}
seed=${4:-20261201}
mkdir -p "$work"
if [[ ! -d $work/node_modules/chessops ]]; then
    (cd "$work" && { [[ -f package.json ]] || npm init -y >/dev/null; } &&
        npm install --no-audit --no-fund --silent chessops@0.15.1 >/dev/null)
fi
cp "$root/tests/differential/chessops-mutate.mjs" "$root/tests/differential/random-play.mjs" "$work/"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

node "$work/chessops-mutate.mjs" "$seed" "$games" "$tmp/games.pgn" "$tmp/expected.tsv"
"$pgnkit" validate -j2 --no-progress --no-timing --format json "$tmp/games.pgn" >"$tmp/ours.json" || true
# pgnkit's first error per game, in the shape of expected.tsv.
awk -v games="$games" '
    function field(name,   m) {
        if (match($0, "\"" name "\":(\"[^\"]*\"|[0-9]+)")) {
            m = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
            gsub(/"/, "", m)
            return m
        }
        return ""
    }
    /^\{"summary"/ { next }
    field("severity") == "error" {
        g = field("game")
        if (g in first) next
        code = field("code")
        verdict = code
        if (code == "move-after-game-end") verdict = "end"
        if (code == "illegal-move" || code == "ambiguous-move" || code == "bad-san") verdict = "bad"
        first[g] = verdict "\t" field("ply") "\t" field("move")
    }
    END {
        for (g = 1; g <= games; g++) print g "\t" (g in first ? first[g] : "ok\t0\t")
    }' "$tmp/ours.json" >"$tmp/ours.tsv"
if ! cmp -s "$tmp/ours.tsv" "$tmp/expected.tsv"; then
    echo "differential-mutate: first errors differ (< pgnkit, > chessops):" >&2
    diff "$tmp/ours.tsv" "$tmp/expected.tsv" | head -n 12 >&2 || true
    rm -rf "$work/mutate-fail"
    cp -r "$tmp" "$work/mutate-fail"
    echo "differential-mutate: files kept in $work/mutate-fail" >&2
    exit 1
fi
verdicts=$(cut -f2 "$tmp/expected.tsv" | sort | uniq -c | awk '{printf "%s%s %s", sep, $2, $1; sep=", "}')
echo "differential-mutate: $games damaged games (seed $seed), first errors agree with chessops ($verdicts)"
