#!/usr/bin/env bash
# The commands that rewrite tag lines (tags, eco) keep every game a game: over every edge-case
# PGN file of the seven test suites (tests/data/pgn/edge), the output holds as many games as
# the input, for several sets of edits (new pairs, removed and renamed ones, roster filled,
# values beyond ASCII), and each game's moves are the input's (the FEN after every game's main
# line, from pgnkit fen, is the same). Found by these files: pairs added after moves that
# share the last tag line, a tag section put before a game whose first pair is malformed.
#
#   tests/cli/edits_keep_games.sh PGNKIT
#
# The one exception, explained: kokopu's syntactic-error-1 holds a tag line after a game's
# moves (an error validate reports); the splitter takes such a line for the same game only
# while the game's tags do not name it yet, so a roster filled before it cuts the game there.
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-edits.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

failed=0 checked=0
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}
games() { "$pgnkit" filter --count --no-tag PgnkitNoSuchTag "$1" 2>/dev/null; }
# The position after each game's main line, a line per game (games that replay).
finals() { "$pgnkit" fen --plies end --format fen "$1" 2>/dev/null; }

edits=(
    "tags --set Event=X --fill-roster"
    "tags --remove Site --add Annotator=Z --normalize-dates"
    "tags --rename Round=Rnd --set White=Müller"
    "eco"
)
while IFS= read -r f; do
    n=$(games "$f")
    want=$(finals "$f" | md5sum)
    for e in "${edits[@]}"; do
        # shellcheck disable=SC2086 # the edit's words
        "$pgnkit" $e --jobs 1 "$f" >out.pgn 2>/dev/null
        [[ $f == */kokopu/syntactic-error-1/* && $e == *fill-roster* ]] && continue
        checked=$((checked + 1))
        got=$(games out.pgn)
        [[ $got == "$n" ]] || fail "${f#"$root"/}: $e" "$got games written, $n read"
        [[ $(finals out.pgn | md5sum) == "$want" ]] ||
            fail "${f#"$root"/}: $e" "the final positions differ"
    done
done < <(find "$root/tests/data/pgn/edge" -name '*.pgn' | sort)

((checked > 400)) || fail "coverage" "only $checked runs checked"
[[ $failed == 0 ]] && echo "PASS $checked runs: every game kept, its moves as they were"
exit $((failed > 0))
