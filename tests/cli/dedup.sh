#!/usr/bin/env bash
# `pgnkit dedup` end to end (CTest cli.dedup, label cli): duplicates made on purpose (the same
# games re-wrapped by convert, with comments stripped, with clocks added, with the players'
# names spelled otherwise, in another file; names in another order with a --names table) are
# found with the right key and only with it;
# games that differ by one move never are; kept + duplicates = input, byte for byte, in input
# order; --jobs 1 and 2 give the same bytes; --keep longest|most-annotated keep the right
# game; --against; header conflicts are kept; shards joined with --from-keys find what one run
# finds; a file given twice is two inputs with every --jobs; a memory limit too small is a clear error; stdin with --keep longest is refused.
#
#   tests/cli/dedup.sh PGNKIT
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-dedup.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

passed=0 failed=0
pass() { passed=$((passed + 1)); }
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}
expect() {
    if [[ $2 == "$3" ]]; then pass "$1"; else fail "$1" "got '$2', expected '$3'"; fi
}
games() { grep -c '^\[Event ' "$@" || true; }
dedup() { "$pgnkit" dedup --no-progress --no-timing "$@"; }
# The summary's "N kept, M duplicates" of a run.
counts() { dedup "$@" 2>&1 >/dev/null | sed -n 's/.*games: \([0-9]*\) kept, \([0-9]*\) duplicates\{0,1\}.*/\1 \2/p'; }

src="$root/tests/data/pgn/real/twic/twic-01-232games.pgn.zst"
zstd -dcq "$src" >orig.pgn
n=$(games orig.pgn)
read -r base _ < <(counts --key moves+players orig.pgn)
[[ -n $base && $base -gt 100 ]] || fail base "no distinct count for orig.pgn: '$base'"

echo "== duplicates made on purpose, found with the right key"
"$pgnkit" convert --no-progress orig.pgn -o rewrapped.pgn 2>/dev/null
"$pgnkit" convert --no-progress --strip comments,nags,variations orig.pgn -o stripped.pgn 2>/dev/null
# clocks added after every move of White (a comment the key does not read)
sed -E 's/([0-9]+\. [A-Za-z][A-Za-z0-9+#=-]*)/\1 {[%clk 0:01:00]}/g' orig.pgn >clocks.pgn
# the players' names upper-cased, their commas as blanks, an accent added: folded alike
sed -E '/^\[(White|Black) "/{s/,/ /g;s/"(.*)"/"\U\1"/;s/E/É/}' orig.pgn >names.pgn
# other players altogether: the same moves, not the same game with moves+players
sed -E 's/^\[White ".*"\]/[White "Somebody Else"]/' orig.pgn >others.pgn
for v in rewrapped stripped clocks names; do
    [[ $(games $v.pgn) == "$n" ]] || fail "$v" "the variant has $(games $v.pgn) games, not $n"
    for key in moves moves+players final-position; do
        k=$(counts --key $key orig.pgn | cut -d' ' -f1)
        expect "$v --key $key" "$(counts --key $key orig.pgn $v.pgn)" "$k $((2 * n - k))"
    done
done
read -r kept_moves _ < <(counts --key moves orig.pgn)
expect "other players, --key moves" "$(counts --key moves orig.pgn others.pgn)" "$kept_moves $((2 * n - kept_moves))"
kp=$(counts --key moves+players orig.pgn others.pgn | cut -d' ' -f1)
[[ $kp -gt $base ]] || fail "other players, --key moves+players" "kept $kp, not more than $base"
pass "other players"
# the players' names in another order ("Given Surname"): other names to moves+players, the
# same with --names mapping each such spelling to the original (a table like tags --names's)
sed -E '/^\[(White|Black) "/s/"([^",]*), ?([^"]*)"/"\2 \1"/' orig.pgn >reordered.pgn
sed -nE '/^\[(White|Black) "[^",]*, ?[^"]*"\]/s/^\[[A-Za-z]+ "([^",]*), ?([^"]*)"\]/\2 \1\t\1, \2/p' orig.pgn |
    sort -u >reordered.tsv
[[ $(wc -l <reordered.tsv) -gt 20 ]] || fail "names table" "only $(wc -l <reordered.tsv) lines"
kr=$(counts orig.pgn reordered.pgn | cut -d' ' -f1)
[[ $kr -gt $base ]] || fail "names reordered, moves+players" "kept $kr, not more than $base"
expect "names reordered, --names" "$(counts --names reordered.tsv orig.pgn reordered.pgn)" \
    "$base $((2 * n - base))"
expect "names reordered, --key header --names" \
    "$(counts --key header --names reordered.tsv orig.pgn reordered.pgn)" \
    "$(counts --key header orig.pgn orig.pgn)"
dedup --key moves --names reordered.tsv orig.pgn >/dev/null 2>err
expect "--names with --key moves refused" "$?:$(grep -c 'does nothing with --key moves' err)" "2:1"
# the same games in another file, given once more: every game of the second is a duplicate
expect "in another file" "$(counts orig.pgn rewrapped.pgn clocks.pgn)" "$base $((3 * n - base))"

echo "== games that differ by one move never are duplicates"
cat >one.pgn <<'PGN'
[Event "A"]
[White "Player, One"]
[Black "Player, Two"]
[Date "2024.01.01"]
[Round "1"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *

[Event "A"]
[White "Player, One"]
[Black "Player, Two"]
[Date "2024.01.01"]
[Round "1"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a5 *

[Event "A"]
[White "Player, One"]
[Black "Player, Two"]
[Date "2024.01.01"]
[Round "1"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 *

[Event "B"]
[White "X"]
[Black "Y"]

1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 *
PGN
expect "one move, --key moves" "$(counts --key moves one.pgn)" "4 0"
expect "one move, --key moves+players" "$(counts one.pgn)" "4 0"
# a transposition reaches the first game's final position
expect "transposition, --key final-position" "$(counts --key final-position one.pgn)" "3 1"
# the same header, other moves: conflicts, kept
dedup --key header --report hdr.ndjson one.pgn >hdr.pgn 2>hdr.err
expect "header conflicts kept" "$(games hdr.pgn)" 4
expect "header conflicts reported" "$(grep -c '"conflict"' hdr.ndjson)" 2
grep -q '2 conflicts' hdr.err || fail "header conflicts" "summary: $(cat hdr.err)"

echo "== kept + duplicates = input, byte for byte; --jobs"
cat orig.pgn stripped.pgn clocks.pgn >all.pgn
total=$(games all.pgn)
for j in 1 2; do
    dedup -j $j all.pgn -o kept$j.pgn --duplicates dups$j.pgn --report rep$j.ndjson 2>/dev/null
    expect "kept + duplicates, -j $j" "$(($(games kept$j.pgn) + $(games dups$j.pgn)))" "$total"
done
cmp -s kept1.pgn kept2.pgn && cmp -s dups1.pgn dups2.pgn && cmp -s rep1.ndjson rep2.ndjson &&
    pass jobs || fail jobs "--jobs 1 and 2 differ"
# every game once: the kept and the duplicates, merged by their offsets, are the input
python3 - all.pgn kept1.pgn dups1.pgn rep1.ndjson <<'PY' && pass "byte for byte" || fail "byte for byte" "see above"
import json, re, sys
def split(path):
    text = open(path, 'rb').read()
    parts = re.split(rb'\n(?=\[Event )', text)
    return [p.strip(b'\n') for p in parts if p.strip()]
inp, kept, dups = (split(p) for p in sys.argv[1:4])
reps = [json.loads(l) for l in open(sys.argv[4])]
dup_games = {r['duplicate']['game'] for r in reps if 'duplicate' in r}
want_kept = [g for i, g in enumerate(inp, 1) if i not in dup_games]
want_dups = [g for i, g in enumerate(inp, 1) if i in dup_games]
ok = kept == want_kept and dups == want_dups
summary = reps[-1]['summary']
ok = ok and summary['kept'] + summary['duplicates'] == summary['games'] == len(inp)
print('kept', len(kept), 'dups', len(dups), 'ok' if ok else 'MISMATCH')
sys.exit(0 if ok else 1)
PY

echo "== --keep"
cat >keep.pgn <<'PGN'
[Event "K"]
[White "W"]
[Black "B"]

1. e4 e5 2. Nf3 *

[Event "K"]
[White "W"]
[Black "B"]

1. e4 {best by test} e5 $1 (1... c5) 2. Nf3 {[%clk 0:01:00]} *

[Event "K"]
[White "W"]
[Black "B"]

1. e4 e5 2. Nf3 {a comment} *
PGN
keep_of() { dedup --key moves --keep "$1" keep.pgn 2>/dev/null | tr '\n' ' '; }
expect "keep first" "$(keep_of first | grep -c 'e5 2. Nf3 \*')" 1
expect "keep most-annotated" "$(keep_of most-annotated | grep -c 'best by test')" 1
expect "keep longest (a tie: the first)" "$(keep_of longest | grep -c 'e5 2. Nf3 \*')" 1
out=$(dedup --keep longest - <keep.pgn 2>&1)
expect "keep longest from stdin" "$?" 2
[[ $out == *"cannot be read again"* ]] || fail "keep longest stdin" "$out"

echo "== --against"
head -c 2000 orig.pgn >/dev/null
expect "against itself" "$(counts --against orig.pgn rewrapped.pgn)" "0 $n"
expect "against another" "$(counts --against one.pgn orig.pgn)" "$base $((n - base))"

echo "== shards joined with --from-keys"
dedup all.pgn --report one-run.ndjson >/dev/null 2>&1
for k in 1 2 3; do dedup --shard $k/3 --format keys all.pgn >$k.keys 2>/dev/null; done
dedup --from-keys 1.keys 2.keys 3.keys --report joined.ndjson 2>/dev/null
if cmp -s <(grep -v summary one-run.ndjson) <(grep -v summary joined.ndjson); then
    pass shards
else
    fail shards "--from-keys of 3 shards differs from one run: $(diff <(grep -v summary one-run.ndjson) <(grep -v summary joined.ndjson) | head -3)"
fi

echo "== the same file twice, --jobs 1 and 2"
# (--jobs 1 hands the games over one at a time: the second file must still be an input of
# its own, not the first file again with its game numbers)
for j in 1 2; do
    expect "orig.pgn twice, --jobs $j" "$(counts --jobs $j orig.pgn orig.pgn)" "$n $n"
    dedup --jobs $j --report twice.$j.ndjson orig.pgn orig.pgn >/dev/null 2>&1
done
cmp -s twice.1.ndjson twice.2.ndjson && pass "twice: one report" ||
    fail "twice" "--jobs 1 and 2 report otherwise: $(diff twice.1.ndjson twice.2.ndjson | head -2)"

echo "== errors"
# the first table (1,024 slots of 40 bytes) fits in 100K, its doubling (3,072 slots) does not
big="$root/tests/data/pgn/real/pgnmentor-players/Kasparov.pgn.zst"
out=$(dedup --memory-limit 100K "$big" 2>&1 >/dev/null)
expect "memory limit status" "$?" 2
[[ $out == *"768 distinct games"*"--memory-limit"* ]] || fail "memory limit message" "$out"
expect "memory limit enough" "$(dedup --memory-limit 1M "$big" 2>&1 >/dev/null | grep -c error)" 0
dedup --memory-limit 100K "$big" -o small.pgn >/dev/null 2>&1
[[ -e small.pgn ]] && fail "memory limit output" "written despite the error" || pass "no output"
out=$(dedup all.pgn -o all.pgn 2>&1)
expect "output is input" "$?" 2
# a game with an illegal move is keyed by the moves before it and the rest as written, and
# said so: its copy with a comment added is a duplicate, a game broken off elsewhere is not
printf '[Event "E"]\n\n1. e4 e5 2. Ke3 *\n\n[Event "E"]\n\n1. e4 e5 2. Kf3 *\n\n' >err.pgn
printf '[Event "E"]\n\n1. e4 {hm} e5 2. Ke3 *\n' >>err.pgn
dedup --key moves err.pgn --report err.ndjson >/dev/null 2>err.txt
grep -q '"duplicate":{"file":"err.pgn","game":3,.*"kept":{"file":"err.pgn","game":1,.*"error":true,"plies":2' err.ndjson &&
    [[ $(grep -c '"duplicate"' err.ndjson) == 1 ]] || fail "error keyed" "$(cat err.ndjson)"
grep -q 'keyed by the moves before the error' err.txt || fail "error said" "$(cat err.txt)"

echo "dedup: $passed passed, $failed failed"
((failed == 0))
