#!/usr/bin/env bash
# `pgnkit merge` of validate's JSON shards: for N = 1…8, the outputs of
# `validate --format json --no-timing --shard K/N` (K = 1…N) merged must be the output of one
# run over the same inputs, byte for byte, and the exit status the same. The inputs mix what
# the numbering contract (docs/MANY-MACHINES.md "Numbering") treats apart: plain files cut in
# byte ranges (several, one named twice), compressed ones read in stride (every N-th game),
# diagnostics of every kind, text between games, and Latin-1, GBK and Big5 games in every
# shard (the encoding note: one per input in one run, one per shard before the merge). Then the shards in
# another order (one file, reversed; and through a pipe), and the refusals: a shard missing,
# given twice, of another run, cut short.
#
# Usage: tests/cli/validate_merge_shards.sh PGNKIT
set -euo pipefail
pgnkit=${1:?usage: validate_merge_shards.sh PGNKIT}
pgnkit=$(cd "$(dirname "$pgnkit")" && pwd)/$(basename "$pgnkit")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
real=$here/../data/pgn/real
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-vshards.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

# lichess 2016-05: a missing-tag warning per game. damaged.pgn: lichess 2017-05 with a Latin-1
# byte in every Site tag, a line of junk before every 40th game and an illegal first move in
# every 9th game; damaged.pgn.zst the same compressed. fics: one error, one note.
zstd -qdc "$real/lichess/lichess-database-wip-2016-05.pgn.zst" >lichess.pgn
zstd -qdc "$real/lichess/lichess-database-wip-2017-05.pgn.zst" |
    awk '/^\[Event / { g++; if (g % 40 == 0) print "this line is not PGN\n" }
         /^\[Site "/ { sub(/^\[Site "/, "[Site \"\351") }
         /^1\. / && g % 9 == 0 { sub(/^1\. [a-h]4/, "1. e5") }
         { print }' >damaged.pgn
zstd -q -c damaged.pgn >damaged.pgn.zst
zstd -qdc "$real/fics/fatics-fics-games.pgn.zst" >fics.pgn
# GBK and Big5 files (read in stride, transcoded as they are read): their encoding notes name
# their encoding after the merge too.
xq=$here/../data/xiangqi
inputs=(lichess.pgn damaged.pgn.zst damaged.pgn fics.pgn "$real/fics/fatics-fics-games.pgn.zst" fics.pgn
    "$xq/games/eleeye-ccgc2006/ccgc2006-01.pgn" "$xq/encodings/xqdb-sample-chinese-big5.pgn")

fail=0
check() { # WHAT EXPECTED ACTUAL
    if cmp -s "$2" "$3"; then
        echo "ok: $1"
    else
        echo "FAIL: $1"
        diff "$2" "$3" | head -8 || true
        fail=1
    fi
}
run_status() { "$@" || echo "exit $?" >&2; }

for options in "" "--verbose"; do
    # shellcheck disable=SC2086 # options: zero or one word
    { "$pgnkit" validate --no-progress --jobs 2 --format json --no-timing $options "${inputs[@]}" \
        >one.json; echo "exit $?" >one.status; } || true
    [[ -s one.json ]] || { echo "FAIL: no output of one run"; exit 1; }
    for n in 1 2 3 4 5 6 7 8; do
        rm -f shard.*.json
        for ((k = 1; k <= n; k++)); do
            # shellcheck disable=SC2086
            "$pgnkit" validate --no-progress --jobs 1 --format json --no-timing $options \
                --shard "$k/$n" "${inputs[@]}" >"shard.$k.json" || true
        done
        shards=()
        for ((k = 1; k <= n; k++)); do shards+=("shard.$k.json"); done
        { "$pgnkit" merge "${shards[@]}" >merged.json; echo "exit $?" >merged.status; } || true
        check "validate ${options:-(default)}: $n shards merged == one run" one.json merged.json
        check "validate ${options:-(default)}: $n shards: the exit status of one run" \
            one.status merged.status
    done
done

# -q: only the summaries (inputs without Latin-1 games: the encoding notes -q does not print
# cannot be made one per input, and merge says so).
"$pgnkit" validate --no-progress -q --format json --no-timing lichess.pgn fics.pgn >q-one.json || true
for k in 1 2 3; do
    "$pgnkit" validate --no-progress -q --format json --no-timing --shard "$k/3" lichess.pgn \
        fics.pgn >"q.$k.json" || true
done
"$pgnkit" merge q.1.json q.2.json q.3.json >q-merged.json || true
check "validate -q: 3 shards merged == one run" q-one.json q-merged.json
"$pgnkit" merge q.1.json q.2.json q.3.json 2>&1 >/dev/null | grep -q . &&
    { echo "FAIL: merge of -q shards without Latin-1 games warns"; fail=1; }

# N = 5 in reverse order, in one file, and through a pipe.
"$pgnkit" validate --no-progress --format json --no-timing "${inputs[@]}" >one.json || true
rm -f shard.*.json
for k in 1 2 3 4 5; do
    "$pgnkit" validate --no-progress --format json --no-timing --shard "$k/5" "${inputs[@]}" \
        >"shard.$k.json" || true
done
for ((k = 5; k >= 1; k--)); do cat "shard.$k.json"; done >reversed.json
"$pgnkit" merge reversed.json >merged.json || true
check "5 shards in reverse order, one file" one.json merged.json
for ((k = 5; k >= 1; k--)); do cat "shard.$k.json"; done | { "$pgnkit" merge - >merged.json || true; }
check "5 shards in reverse order, through a pipe" one.json merged.json
"$pgnkit" merge shard.1.json shard.2.json shard.3.json shard.4.json shard.5.json -o out.json || true
check "-o FILE" one.json out.json

# Refusals: exit status 2 and a message that names the problem.
refused() { # WHAT PATTERN ARGS…
    local what=$1 pattern=$2 status=0
    shift 2
    "$pgnkit" merge "$@" >/dev/null 2>err.txt || status=$?
    if [[ $status == 2 ]] && grep -q -- "$pattern" err.txt; then
        echo "ok: refused: $what ($(head -1 err.txt))"
    else
        echo "FAIL: $what: exit $status, $(cat err.txt)"
        fail=1
    fi
}
refused "a shard missing" "shard 3 of 5 missing" shard.1.json shard.2.json shard.4.json shard.5.json
refused "a shard twice" "are both shard 2/5" shard.1.json shard.2.json shard.2.json shard.3.json \
    shard.4.json shard.5.json
"$pgnkit" validate --no-progress --format json --no-timing --shard 2/4 "${inputs[@]}" >other.json || true
refused "a shard of another N" "not one run's shards" shard.1.json other.json shard.3.json \
    shard.4.json shard.5.json
"$pgnkit" validate --no-progress --format json --no-timing --shard 2/5 fics.pgn >other.json || true
refused "a shard of other inputs" "runs over other inputs" shard.1.json other.json shard.3.json \
    shard.4.json shard.5.json
refused "--partial" "for stats shards" --partial shard.1.json shard.2.json
head -c -10 shard.5.json >cut.json
refused "a shard cut short" "cut short" shard.1.json shard.2.json shard.3.json shard.4.json cut.json
"$pgnkit" validate --no-progress --format json --no-timing fics.pgn >plain.json || true
refused "a run without --shard" "without --shard" plain.json
"$pgnkit" validate --no-progress --no-timing --shard 1/1 fics.pgn >text.txt || true
refused "validate's text output" "JSON" text.txt
exit "$fail"
