#!/usr/bin/env bash
# pgnkit split (CTest cli.split, label cli): every game goes to exactly one file and the files
# add up to the input (game counts, the multiset of lines, and for --games the files
# concatenated in name order = the input); --jobs 1 and 2 write the same trees; 100,000
# events with 16 files open at most, under an open-file limit of 64 (a leak of descriptors
# fails the run); zstd files reopened stay valid zstd; existing files are refused without
# --force, a folder that holds an input always; an interrupted or failed run leaves no file;
# games longer than the kept limits are written whole; text that is not PGN goes nowhere.
#
#   tests/cli/split.sh PGNKIT
#
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any check failed.
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
real=$root/tests/data/pgn/real

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-split.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

failed=0
pass() { echo "PASS $1"; }
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}
# games FILE…: the number of games, counted by their Result tag lines (every test input has
# one per game).
games() { cat "$@" | grep -c '^\[Result ' || true; }
# lines FILE…: the non-blank lines, sorted (the multiset of every game's lines).
lines() { cat "$@" | grep -v '^[[:space:]]*$' | LC_ALL=C sort | md5sum; }

# Inputs in the usual form (LF line ends, one blank line between games), so that the pieces
# concatenated are the input itself; and the bundled sample (lichess and OTB files joined, a
# game without its blank line among them).
zstd -qdc "$real/matches/world_matches.pgn.zst" >matches.pgn
zstd -qdc "$real/lichess/lichess-database-wip-2016-05.pgn.zst" >lichess.pgn
zstd -qdc "$root/data/sample.pgn.zst" >sample.pgn

# --games N: the files in name order are the input, for several N, jobs and inputs.
for input in matches.pgn lichess.pgn; do
    for n in 1 7 1000; do
        rm -rf parts
        if ! "$pgnkit" split "$input" --games "$n" -o parts -j2 2>err; then
            fail "games-$n-$input" "failed: $(cat err)"
        elif ! cat parts/* | cmp -s - "$input"; then
            fail "games-$n-$input" "the files concatenated differ from the input"
        elif [[ $(find parts -type f | wc -l) != $((($(games "$input") + n - 1) / n)) ]]; then
            fail "games-$n-$input" "$(find parts -type f | wc -l) files for $(games "$input") games"
        else
            pass "games-$n-$input"
        fi
    done
done

# --by KEY: the files' games (by --list and by their tag lines) and lines add up to the input.
for key in Event White Round eco-letter eco year month; do
    rm -rf parts
    if ! "$pgnkit" split sample.pgn --by "$key" -o parts --list -j2 >list 2>err; then
        fail "by-$key" "failed: $(cat err)"
        continue
    fi
    listed=$(awk -F'\t' '{ s += $2 } END { print s + 0 }' list)
    if [[ $listed != "$(games sample.pgn)" || $(games parts/*) != "$(games sample.pgn)" ]]; then
        fail "by-$key" "--list counts $listed games, the files $(games parts/*), the input $(games sample.pgn)"
    elif [[ $(lines parts/*) != "$(lines sample.pgn)" ]]; then
        fail "by-$key" "the files' lines are not the input's"
    elif [[ $(wc -l <list) != $(find parts -type f | wc -l) ]]; then
        fail "by-$key" "--list names $(wc -l <list) files, the folder holds $(find parts -type f | wc -l)"
    else
        pass "by-$key"
    fi
done
# Each file holds only games of its key (Event: every Event line of a file is the same).
rm -rf parts
"$pgnkit" split sample.pgn --by Event -o parts 2>/dev/null
mixed=0
for f in parts/*; do
    [[ $(grep '^\[Event ' "$f" | sort -u | wc -l) == 1 ]] || mixed=1
done
((mixed == 0)) && pass "by-event-one-key-per-file" || fail "by-event-one-key-per-file" "a file mixes events"

# --jobs 1 and 2 write the same trees, plain and zstd.
for args in "--by Event" "--games 100" "--by month --compress zstd --max-open 3" "--by White --max-open 5"; do
    rm -rf j1 j2
    # shellcheck disable=SC2086 # the options are separate words
    "$pgnkit" split sample.pgn $args -o j1 -j1 2>/dev/null
    # shellcheck disable=SC2086
    "$pgnkit" split sample.pgn $args -o j2 -j2 2>/dev/null
    if [[ -z $(ls j1) ]] || ! diff -r j1 j2 >/dev/null; then
        fail "jobs-identical ($args)" "the trees differ (or are empty)"
    else
        pass "jobs-identical ($args)"
    fi
done

# zstd: files closed and reopened (3 open at most) hold several frames, valid zstd, whose text
# is the plain split's.
rm -rf z plain
"$pgnkit" split sample.pgn --by White --max-open 3 --compress zstd -o z 2>/dev/null
"$pgnkit" split sample.pgn --by White -o plain 2>/dev/null
bad=0
for f in plain/*; do
    b=$(basename "$f")
    zstd -qt "z/$b.zst" 2>/dev/null && zstd -qdc "z/$b.zst" | cmp -s - "$f" || bad=$((bad + 1))
done
((bad == 0)) && [[ -n $(ls z) ]] && pass "zstd-reopened-valid" || fail "zstd-reopened-valid" "$bad files differ or are not valid zstd"

# 100,000 events, each game's event another than the one before (every new file evicts one):
# 16 files open at most, under an open-file limit of 64.
# (The first 1,000 events get a second game at the end: their files are opened again.)
awk 'BEGIN { for (i = 0; i < 101000; i++) printf "[Event \"E%d\"]\n[Result \"*\"]\n\n1. e4 *\n\n", i % 100000 }' >events.pgn
rm -rf many
if ! (ulimit -n 64 && "$pgnkit" split events.pgn --by Event --max-open 16 -o many -j2 --list >list 2>err); then
    fail "100000-events" "failed: $(head -c 300 err)"
elif [[ $(find many -type f | wc -l) != 100000 ]] || awk -F'\t' '$2 != (NR <= 1000 ? 2 : 1) { bad = 1 } END { exit !bad }' list; then
    fail "100000-events" "$(find many -type f | wc -l) files (want 100000, with 2 games for the first 1000)"
elif ! cmp -s many/E999.pgn <(printf '[Event "E999"]\n[Result "*"]\n\n1. e4 *\n\n[Event "E999"]\n[Result "*"]\n\n1. e4 *\n\n'); then
    fail "100000-events" "E999.pgn is not its two games"
else
    pass "100000-events"
fi
rm -rf many
# The open descriptors, seen from outside while it runs: never more than --max-open files of
# the folder (5,000 events, 10,000 games).
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "[Event \"E%d\"]\n[Result \"*\"]\n\n1. e4 *\n\n", i % 5000 }' >events5k.pgn
rm -rf many
"$pgnkit" split events5k.pgn --by Event --max-open 8 -o many -j1 2>/dev/null &
pid=$!
most=0
while kill -0 "$pid" 2>/dev/null; do
    open=$(find "/proc/$pid/fd" -lname "*/many/*.pgn" 2>/dev/null | wc -l)
    ((open > most)) && most=$open
    sleep 0.02
done
wait "$pid"
((most > 0 && most <= 8)) && pass "max-open-fds ($most seen)" || fail "max-open-fds" "$most files open at once (want 1 to 8)"
rm -rf many

# Existing names: refused without --force (the folder unchanged), replaced with it.
rm -rf parts
"$pgnkit" split matches.pgn --games 10 -o parts 2>/dev/null
echo "mine" >parts/00002.pgn
before=$(cat parts/* | md5sum)
if "$pgnkit" split matches.pgn --games 5 -o parts 2>err; then
    fail "exists-refused" "exit 0"
elif [[ $(cat parts/* | md5sum) != "$before" ]] || ls -A parts | grep -q '^\.'; then
    fail "exists-refused" "the folder changed: $(ls -A parts | head -3)"
elif ! grep -q "exists: refusing to replace it (--force" err; then
    fail "exists-refused" "message: $(cat err)"
else
    pass "exists-refused"
fi
if "$pgnkit" split matches.pgn --games 5 -o parts --force 2>err && [[ $(cat parts/00002.pgn) != mine ]]; then
    pass "exists-force"
else
    fail "exists-force" "$(cat err)"
fi

# A folder that is or holds an input: refused before anything is read, also with --force.
mkdir -p holds && cp matches.pgn holds/db.pgn
if "$pgnkit" split holds/db.pgn --games 5 -o holds --force 2>err || [[ $(ls -A holds) != db.pgn ]]; then
    fail "folder-holds-input" "exit 0 or files written: $(ls -A holds | head -3)"
else
    pass "folder-holds-input"
fi
if "$pgnkit" split - --games 5 -o "$work/holds" <holds/db.pgn 2>err || ! grep -q "standard input" err; then
    fail "folder-holds-stdin" "$(cat err)"
else
    pass "folder-holds-stdin"
fi

# An interrupted run leaves no file and no hidden folder in DIR.
rm -rf cut
"$pgnkit" split events5k.pgn --by Event --max-open 4 -o cut -j1 2>/dev/null &
pid=$!
sleep 0.2
kill -INT "$pid" 2>/dev/null
wait "$pid"
code=$?
if [[ $code == 130 ]]; then
    [[ -z $(ls -A cut 2>/dev/null) ]] && pass "interrupted" || fail "interrupted" "left $(ls -A cut | head -3)"
else
    echo "SKIP interrupted: the run ended (exit $code) before the signal"
fi

# A game longer than the kept limits (a 2 MB comment) is written whole: from a file, read
# again; from a pipe, as kept, and a warning says so.
{
    printf '[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. e4 {'
    head -c 2000000 /dev/zero | tr '\0' 'x'
    printf '} e5 *\n\n[Event "c"]\n\n1. d4 *\n\n'
} >long.pgn
rm -rf parts
"$pgnkit" split long.pgn --games 1 -o parts 2>err
cat parts/* | cmp -s - long.pgn && pass "oversized-whole" || fail "oversized-whole" "the files differ from the input: $(cat err)"
# The same games in one piece: the long game is read again in the middle of the run of games
# the piece gets at once; two long games in a row, by Event.
rm -rf parts
"$pgnkit" split long.pgn --games 3 -o parts 2>err
cmp -s parts/00001.pgn long.pgn && pass "oversized-in-run" || fail "oversized-in-run" "the piece differs from the input: $(cat err)"
{
    printf '[Event "a"]\n\n1. e4 {'
    head -c 2000000 /dev/zero | tr '\0' 'y'
    printf '} *\n\n'
    cat long.pgn
} | sed 's/^\[Event "[bc]"\]/[Event "a"]/' >long2.pgn
rm -rf parts
"$pgnkit" split long2.pgn --by Event -o parts 2>err
[[ $(ls parts) == a.pgn ]] && cmp -s parts/a.pgn long2.pgn && pass "oversized-runs-by-event" ||
    fail "oversized-runs-by-event" "$(ls parts) $(cat err)"
rm -rf parts
"$pgnkit" split - --games 1 -o parts <long.pgn 2>err
grep -q "1 game written without the parts longer than the kept limits" err && pass "oversized-pipe-warned" || fail "oversized-pipe-warned" "$(cat err)"

# Text between games that is not PGN: reported, in no file.
printf '[Event "a"]\n\n1. e4 *\n\nHello, this is no PGN\n\n[Event "b"]\n\n1. d4 *\n\n' >mail.pgn
rm -rf parts
"$pgnkit" split mail.pgn --by Event -o parts 2>err
if grep -q "Hello" parts/*; then
    fail "not-pgn" "the text is in a file"
elif ! grep -q "unexpected-text" err; then
    fail "not-pgn" "not reported: $(cat err)"
else
    pass "not-pgn"
fi

# A tag value in Latin-1 names its file in UTF-8.
printf '[Event "Caf\xe9"]\n\n1. e4 *\n\n' >latin1.pgn
rm -rf parts
"$pgnkit" split latin1.pgn --by Event -o parts 2>/dev/null
[[ -f "parts/Café.pgn" ]] && pass "latin1-name" || fail "latin1-name" "files: $(ls parts)"

# --shard: names the shards could not put together (from a game's tag, or {n} with --by) are
# refused before reading; {n} with --games numbers the pieces of the whole run.
for name in '{White}-{n}.pgn' '{n}.pgn'; do
    rm -rf parts
    "$pgnkit" split matches.pgn --by Event --name "$name" --shard 1/2 -o parts 2>err
    rc=$?
    if [[ $rc != 2 || -e parts ]] || ! grep -q -- "--shard with --name" err; then
        fail "shard-name-$name" "exit $rc: $(cat err)"
    else
        pass "shard-name-$name"
    fi
done
rm -rf parts one
"$pgnkit" split matches.pgn --games 5 -o one 2>/dev/null
"$pgnkit" split matches.pgn --games 5 --shard 2/2 -o parts 2>/dev/null
first=$(ls parts | head -1)
if [[ $first == 00001.pgn || ! -f one/$first ]] || ! tail -c "$(stat -c %s "parts/$first")" "one/$first" | cmp -s - "parts/$first"; then
    fail "shard-games-numbers" "shard 2/2 begins with $first"
else
    pass "shard-games-numbers"
fi
rm -rf parts one

echo "split: $failed failed"
((failed == 0))
