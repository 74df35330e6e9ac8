#!/usr/bin/env bash
# `pgnkit filter` end to end (CTest cli.filter, label cli): the selected and the rejected
# games add up to the input (every game in exactly one, in input order, byte for byte) over
# tests/data/pgn and the bundled sample, for several criteria; --jobs 1 and 2 give the same
# bytes; exit statuses 0/1/2; every malformed criterion is a usage error that names the option
# and the column, before any input is read; games longer than the kept limits are written
# byte for byte; no output may be an input.
#
#   tests/cli/filter.sh PGNKIT
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-filter.XXXXXX") || exit 2
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
filter() { "$pgnkit" filter --no-progress "$@"; }

echo "== selected + rejected = input"
# Two groups, each read in one run (games numbered per file): the real corpus with the bundled
# sample, and every edge case (each file its own input).
real=("$root"/data/sample.pgn.zst)
while IFS= read -r f; do real+=("$f"); done < <(find "$root/tests/data/pgn/real" -type f -name '*.pgn*' | sort)
edge=()
while IFS= read -r f; do edge+=("$f"); done < <(find "$root/tests/data/pgn/edge" -type f -name '*.pgn' | sort)
criteria=("--player a" "--elo 2000.. --result 1-0,0-1" "--eco B20..B99 --any --plies 60.."
          "--ending checkmate,repetition --has-comments" "--invalid-only" "--sample 0.3 --seed 7"
          "--games 2,5-9 --tag Result!=1-0" "--has-variations --castling opposite,none"
          "--opening e4 --any --material KRP:KR --in-variations" "--moves-prefix d4 --date 1990.."
          "--where not(elo_avg>=2400)" "--where elo_avg>=2400 --pattern *k*/*/*/*/*/*/*/* --either-colour")
checked=0
for group in real edge; do
    declare -n files=$group
    name=$group
    filter "${files[@]}" --format ids >all.ids 2>/dev/null
    filter "${files[@]}" -o all.pgn 2>/dev/null
    for crit in "${criteria[@]}"; do
        # shellcheck disable=SC2086
        {
            filter "${files[@]}" $crit --format ids >m.ids 2>/dev/null
            filter "${files[@]}" $crit --invert --format ids >r.ids 2>/dev/null
            filter "${files[@]}" $crit -o m.pgn --rejected r.pgn 2>/dev/null
            filter "${files[@]}" $crit --invert -o r2.pgn 2>/dev/null
            filter "${files[@]}" $crit --jobs 2 -o m2.pgn --rejected r3.pgn 2>/dev/null
            count=$(filter "${files[@]}" $crit --count 2>/dev/null)
        }
        what="$name [$crit]"
        # Every game in exactly one, each list in input order.
        if ! cmp -s <(sort -t: -k2 -n -s m.ids r.ids | sort -u) <(sort -u all.ids) ||
            [[ $(($(wc -l <m.ids) + $(wc -l <r.ids))) -ne $(wc -l <all.ids) ]]; then
            fail "partition: $what" "selected + rejected ids are not the input's"
        fi
        if ! cmp -s <(grep -Fxf m.ids all.ids) m.ids || ! cmp -s <(grep -Fxf r.ids all.ids) r.ids; then
            fail "order: $what" "ids not in input order"
        fi
        expect "count: $what" "$count" "$(wc -l <m.ids | tr -d ' ')"
        # The bytes: the two files hold all of them, the rejected are the inverted selection.
        expect "bytes: $what" "$(($(stat -c %s m.pgn) + $(stat -c %s r.pgn)))" "$(stat -c %s all.pgn)"
        cmp -s r.pgn r2.pgn || fail "rejected = invert: $what" "--rejected differs from --invert"
        cmp -s m.pgn m2.pgn && cmp -s r.pgn r3.pgn || fail "jobs: $what" "--jobs 2 differs from --jobs 1"
        checked=$((checked + 1))
    done
    # The selection by ids gives the same bytes (another route to the same games).
    if [[ -s m.ids ]]; then
        filter "${files[@]}" --games-from m.ids -o back.pgn 2>/dev/null
        cmp -s back.pgn m.pgn || fail "games-from: $name" "--games-from m.ids differs from the selection"
    fi
    echo "$group: $(wc -l <all.ids) games"
    unset -n files
done
echo "checked $checked (input, criteria) pairs"
[[ $(wc -l <all.ids) -gt 200 ]] && pass || fail many "only $(wc -l <all.ids) edge games"

# A file whose games are each followed by one blank line comes out whole, byte for byte.
zstd -dcq "$root/data/sample.pgn.zst" >sample.pgn
filter sample.pgn -o whole.pgn
filter sample.pgn --player e -o m.pgn --rejected r.pgn
filter whole.pgn -o whole2.pgn
cmp -s whole.pgn whole2.pgn || fail sample.whole "filter of its own output differs"
expect sample.games "$(filter sample.pgn --count)" "$("$pgnkit" validate -q --no-timing sample.pgn | sed -n 's/.*, \([0-9]*\) games:.*/\1/p')"

echo "== exit statuses"
filter sample.pgn --player e --count >/dev/null; expect exit.match $? 0
filter sample.pgn --player zzzzzzzz --count >/dev/null; expect exit.none $? 1
filter sample.pgn --elo x >/dev/null 2>&1; expect exit.usage $? 2
filter no-such-file.pgn >/dev/null 2>&1; expect exit.io $? 2
expect exit.none-prints-zero "$(filter sample.pgn --player zzzzzzzz --count)" 0

echo "== malformed criteria: usage errors naming the option and the column"
bad() { # bad EXPECTED-STDERR ARGS…
    local want=$1
    shift
    filter sample.pgn "$@" >out.txt 2>err.txt
    local rc=$?
    if [[ $rc -ne 2 || $(cat err.txt) != "$want" || -s out.txt ]]; then
        fail "usage: $*" "exit $rc, stderr '$(cat err.txt)', expected '$want'"
    else
        pass
    fi
}
e='pgnkit filter: error:'
bad "$e --elo '25x0..': column 3: '25x0' is not a number" --elo 25x0..
bad "$e --elo '2500..abc': column 7: expected a number, got 'abc'" --elo 2500..abc
bad "$e --elo-avg '2600..2400': column 1: the range is empty (2600 is past 2400)" --elo-avg 2600..2400
bad "$e --games '5,x': column 3: expected a game number, got 'x'" --games 5,x
bad "$e --games '0': column 1: game numbers start at 1" --games 0
bad "$e --eco 'B20..F10': column 6: 'F10' is no ECO code (A00 to E99)" --eco B20..F10
bad "$e --result '1-0,2-0': column 5: '2-0' is no result: 1-0, 0-1, 1/2-1/2 (or draw), * (or unfinished)" --result 1-0,2-0
bad "$e --tag 'Event': column 6: expected a relation after the tag name: = != < <= > >= ~" --tag Event
bad "$e --tag 'Ev ent=x': column 3: unknown relation ' e': one of = != < <= > >= ~" --tag 'Ev ent=x'
bad "$e --has-tag 'Wh-ite': column 3: '-' is no tag name character (letters, digits, _)" --has-tag Wh-ite
bad "$e --ending 'mate,resign': column 6: 'resign' is no ending: checkmate, stalemate, repetition, fifty-moves, seventy-five, insufficient, dead" --ending mate,resign
bad "$e --castling 'long': column 1: 'long' is no castling: none, kingside, queenside, opposite, any" --castling long
bad "$e --plies '40..x': column 5: expected a number, got 'x'" --plies 40..x
bad "$e --code 'illegal-move,nope': column 14: unknown code 'nope' (see pgnkit validate --list-checks)" --code illegal-move,nope
grep -q "^$e --player '(': column 1: not an ECMAScript regular expression" <(filter sample.pgn --regex --player '(' 2>&1) &&
    pass || fail usage.regex "no located error for a bad regular expression"
bad "$e --valid-only and --invalid-only exclude each other" --valid-only --invalid-only
bad "$e --sample '1.5': expected a fraction above 0, at most 1" --sample 1.5
bad "$e --seed does nothing without --sample (the seed chooses the sample)" --seed 3
bad "$e --format does nothing with --count (--count writes only the number of games selected)" --count --format ids
# Before any input is read: a missing input is not reported, the criterion is.
filter no-such-file.pgn --elo x >/dev/null 2>err.txt
grep -q -- "--elo 'x'" err.txt && ! grep -q no-such-file err.txt && pass ||
    fail usage.before-input "$(cat err.txt)"

echo "== outputs that clash with an input"
cp sample.pgn db.pgn
filter db.pgn -o db.pgn >/dev/null 2>err.txt; expect clash.output.exit $? 2
filter db.pgn --rejected ./db.pgn >/dev/null 2>err.txt; expect clash.rejected.exit $? 2
grep -q "is the input" err.txt && pass || fail clash.message "$(cat err.txt)"
filter db.pgn -o x.pgn --rejected x.pgn >/dev/null 2>&1; expect clash.same-outputs $? 2
cmp -s db.pgn sample.pgn || fail clash.input-untouched "db.pgn changed"

echo "== games longer than the kept limits, byte for byte"
chars() { head -c "$2" /dev/zero | tr '\0' "$1"; }
tags() { printf '[Event "long"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "%s"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n' "$1"; }
{ tags 1; printf '%s' '1. e4 {'; chars x 2000000; printf '} e5 2. Qxf7 *\n\n'; } >long-1.pgn
{ tags 2; printf '%s' '1. d4 {'; yes y | head -n 1500000; printf '} d5 *\n\n'; } >long-2.pgn
{ tags 3; printf '1. c4 *\n'; } >long-3.pgn
{
    tags 4
    printf '1. e4 e5\n'
    for _ in $(seq 34); do
        printf '{'
        chars z 1000000
        printf '} Nf3 Nf6 Ng1 Ng8\n'
    done
    printf '2. Qxf7 *\n\n'
} >long-4.pgn
cat long-1.pgn long-2.pgn long-4.pgn long-3.pgn >long.pgn
for jobs in 1 2; do
    filter long.pgn --jobs "$jobs" --round 1,4 -o m.pgn --rejected r.pgn 2>err.txt
    expect "long.j$jobs.exit" $? 1 # "1,4" is one name: no game has it
    filter long.pgn --jobs "$jobs" --round 1 --round 4 -o m.pgn --rejected r.pgn 2>err.txt
    expect "long.j$jobs.exit" $? 0
    cmp -s m.pgn <(cat long-1.pgn long-4.pgn) || fail "long.j$jobs.selected" "m.pgn differs from games 1 and 4"
    cmp -s r.pgn <(cat long-2.pgn long-3.pgn; echo) || fail "long.j$jobs.rejected" "r.pgn differs from games 2 and 3"
    expect "long.j$jobs.no-warning" "$(cat err.txt)" ""
done
zstd -q -f long.pgn -o long.pgn.zst
filter long.pgn.zst --round 1 -o m.pgn 2>err.txt
grep -q '^pgnkit filter: warning: 1 game written without the parts longer' err.txt && pass ||
    fail long.zst.warning "$(cat err.txt)"
rm -f long*.pgn long.pgn.zst m.pgn r.pgn

echo "== text between games that is not PGN"
printf '[Event "a"]\n[Result "*"]\n\n1. e4 *\n\nHello, this is a mail.\nRegards\n\n[Event "b"]\n[Result "*"]\n\n1. d4 *\n' >mail.pgn
filter mail.pgn -o m.pgn --rejected r.pgn --event a 2>err.txt
expect not-pgn.exit $? 0
grep -q 'unexpected-text' err.txt && pass || fail not-pgn.reported "$(cat err.txt)"
expect not-pgn.selected "$(cat m.pgn)" "$(printf '[Event "a"]\n[Result "*"]\n\n1. e4 *')"
expect not-pgn.rejected "$(cat r.pgn)" "$(printf '[Event "b"]\n[Result "*"]\n\n1. d4 *')"

echo "== formats"
printf '[Event "E"]\n[White "Hübner, Robert"]\n[Black "Nepomniachtchi, Ian"]\n[Result "1-0"]\n[WhiteElo "2600"]\n[BlackElo "2700"]\n\n1. e4 1-0\n\n[Event "F"]\n[White "x"]\n[Black "y"]\n[Result "0-1"]\n\n1. d4 0-1\n' >two.pgn
expect ndjson "$(filter two.pgn --player 'nepomniachtchi ian' --format ndjson)" \
    '{"file":"two.pgn","game":1,"offset":0,"tags":{"Event":"E","White":"Hübner, Robert","Black":"Nepomniachtchi, Ian","Result":"1-0","WhiteElo":"2600","BlackElo":"2700"}}'
expect ids "$(filter two.pgn --format ids)" "$(printf 'two.pgn:1\ntwo.pgn:2')"
expect folded "$(filter two.pgn --white hubner --count)" 1
expect exact "$(filter two.pgn --white hubner --exact --count)" 0
expect elo-diff "$(filter two.pgn --elo-diff 100 --count)" 1
expect elo-missing "$(filter two.pgn --elo-avg 0.. --count)" 1
expect tag-number "$(filter two.pgn --tag 'BlackElo>=2650' --count)" 1
expect tag-absent-not-equal "$(filter two.pgn --tag 'WhiteElo!=2600' --count)" 1
expect any "$(filter two.pgn --result 0-1 --any --white hub --count)" 2
expect all "$(filter two.pgn --result 0-1 --white hub --count)" 0
expect summary "$(filter two.pgn --white x --summary --no-timing 2>&1 >/dev/null)" \
    'pgnkit filter: 1 file, 2 games: 1 selected, 1 not selected'

echo "== --first stops reading once no later game can be written"
# An endless stream: only a run that stops reading ends (timeout: it did not stop).
out=$(yes $'[Event "x"]\n\n1. e4 *\n' | timeout 60 "$pgnkit" filter --no-progress --first 5 --count
    echo ":${PIPESTATUS[1]}")
expect first.endless "$out" "5
:0"
out=$(yes $'[Event "x"]\n\n1. e4 *\n' | timeout 60 "$pgnkit" filter --no-progress --jobs 2 --skip 3 --first 4 | grep -c Event)
expect first.endless.jobs2 "$out" 4
# A file whose end is text between games that is not PGN (reported on stderr when it is
# read), 1 MB after the first games: --first reads no further than its games, unless the games
# after them are written (--rejected, --invert) or may be selected (--any).
for i in $(seq 1 40000); do printf '[Event "g%d"]\n\n1. e4 *\n\n' "$i"; done >tail.pgn
printf 'This is no PGN: a note at the end.\n' >>tail.pgn
filter tail.pgn --count >/dev/null 2>err.txt
grep -q 'unexpected-text' err.txt && pass || fail first.all-read "$(cat err.txt)"
for jobs in 1 2; do
    out=$(filter tail.pgn --jobs $jobs --first 5 --count 2>err.txt)
    expect "first.stops.jobs$jobs" "$?:$out:$(cat err.txt)" "0:5:"
done
expect first.stops.summary "$(filter tail.pgn --first 2 --summary --no-timing 2>&1 >/dev/null)" \
    'pgnkit filter: 1 file, 2 games: 2 selected, 0 not selected; reading stopped after game 2 (--first)'
out=$(filter tail.pgn --first 5 --shard 2/2 --count 2>err.txt)
expect first.stops.shard "$?:$out:$(cat err.txt)" "1:0:"
for more in "--rejected r.pgn" "--invert" "--any --event nothing"; do
    # shellcheck disable=SC2086
    filter tail.pgn --first 5 $more -o o.pgn 2>err.txt
    grep -q 'unexpected-text' err.txt && pass || fail "first.reads-all $more" "$(cat err.txt)"
done
rm -f tail.pgn r.pgn o.pgn

echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
