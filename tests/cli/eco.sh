#!/usr/bin/env bash
# pgnkit eco on real games: apart from its ECO, Opening and Variation tag lines every game is
# written byte for byte (the input and the output with those lines removed are the same text);
# the output is the same for every --jobs N; the shards' outputs, concatenated, are the whole
# run's; --check reports nothing on its own output; a game too long to keep is classified and
# written whole (read again), or goes through unchanged when its tags cannot be edited.
#
# Usage: tests/cli/eco.sh PATH/TO/pgnkit
set -uo pipefail
pgnkit=${1:?usage: eco.sh PATH/TO/pgnkit}
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
real=$root/tests/data/pgn/real
failed=0
fail() {
    echo "FAIL: $*"
    failed=1
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for f in "$real"/twic/twic1599_1000k.pgn.zst "$real"/annotated/newyork1924.pgn.zst \
    "$real"/lichess/lichess-database-wip-2017-05.pgn.zst; do
    name=$(basename "$f" .pgn.zst)
    zstd -qdc "$f" >"$work/in.pgn"
    "$pgnkit" eco -o "$work/out.pgn" "$work/in.pgn" 2>"$work/err" || fail "$name: exit $?: $(head -3 "$work/err")"
    # Every game ends in a blank line in the output (raw_separator); compare without blank lines.
    strip() { grep -Ev '^\[(ECO|Opening|Variation) ' "$1" | grep -Ev '^[[:space:]]*$'; }
    cmp -s <(strip "$work/in.pgn") <(strip "$work/out.pgn") ||
        fail "$name: more than the ECO, Opening and Variation lines changed"
    games_in=$(grep -c '^\[Event ' "$work/in.pgn")
    games_eco=$(grep -c '^\[ECO ' "$work/out.pgn")
    ((games_eco * 10 >= games_in * 9)) || fail "$name: only $games_eco of $games_in games got an ECO tag"
    for jobs in 2 4; do
        "$pgnkit" eco --jobs $jobs "$work/in.pgn" 2>/dev/null | cmp -s - "$work/out.pgn" ||
            fail "$name: --jobs $jobs output differs from --jobs 1"
    done
    : >"$work/shards.pgn"
    for k in 1 2 3; do
        "$pgnkit" eco --shard $k/3 "$work/in.pgn" >>"$work/shards.pgn" 2>/dev/null
    done
    cmp -s "$work/shards.pgn" "$work/out.pgn" || fail "$name: the shards 1/3 2/3 3/3 are not the whole run"
    "$pgnkit" eco --check "$work/out.pgn" 2>"$work/check.err"
    rc=$?
    [[ $rc == 0 ]] || fail "$name: --check of eco's own output: exit $rc: $(head -3 "$work/check.err")"
    "$pgnkit" eco --check "$work/in.pgn" 2>"$work/check.err"
    rc=$?
    if grep -q 'warning\[eco-mismatch\]' "$work/check.err"; then
        [[ $rc == 1 ]] || fail "$name: --check found mismatches but exit $rc"
    fi
done

# A game longer than the kept limits (a 2 MB comment: the splitter keeps 1 MiB of it) is
# classified (every move is read) and written with its new tags and every other byte as the
# input holds it: from a file, read again; from a pipe, as kept, and a warning says so. A game
# whose tag line is that long (the new tags would go past it) and one longer than the kept
# game limit (32 MiB: its end is not read) go through unchanged and are counted.
long_comment=$(head -c 2000000 /dev/zero | tr '\0' 'x')
{
    printf '[Event "long"]\n[Result "*"]\n\n1. e4 {%s} c5 *\n\n' "$long_comment"
    printf '[Event "short"]\n[Result "*"]\n\n1. e4 c5 *\n\n'
    printf '[Event "long tag"]\n[Annotator "%s"]\n[Result "*"]\n\n1. d4 *\n\n' "$long_comment"
    printf '[Event "longest"]\n[Result "*"]\n\n1. d4 '
    head -c 34000000 /dev/zero | tr '\0' 'x' | fold -w 79 | sed 's/^/{/; s/$/}/'
    printf '\nd5 *\n'
} >"$work/long.pgn"
"$pgnkit" eco --summary -o "$work/long.out" "$work/long.pgn" 2>"$work/err" || fail "long: exit $?"
grep -q '2 rewritten; 2 too long to edit (oversized)' "$work/err" ||
    fail "long: not counted: $(head -c 300 "$work/err")"
cmp -s <(strip "$work/long.out") <(strip "$work/long.pgn") ||
    fail "long: more than the ECO and Opening lines changed"
[[ $(grep -c '^\[ECO "B20"\]' "$work/long.out") == 2 ]] ||
    fail "long: the long game and the short one were not both classified B20"
[[ $(grep -c '^\[ECO ' "$work/long.out") == 2 ]] || fail "long: the long tag or longest game was edited"
"$pgnkit" eco - <"$work/long.pgn" >"$work/pipe.out" 2>"$work/err"
grep -q '3 games passed through without the parts longer than the kept limits' "$work/err" ||
    fail "long: from a pipe, no warning: $(head -c 300 "$work/err")"
[[ $(grep -c '^\[ECO "B20"\]' "$work/pipe.out") == 2 ]] || fail "long: from a pipe, not classified"

((failed)) || echo "eco: all passed"
exit $failed
