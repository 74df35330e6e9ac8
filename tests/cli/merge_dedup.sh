#!/usr/bin/env bash
# `pgnkit merge` of dedup's key files (src/cmd/dedup/key_merge.cpp): the shards of
# `dedup --shard K/N --format keys`, given as files in any order or one after the other in a
# file or on stdin, give `dedup --from-keys`'s report byte for byte (the shards in shard
# order); a set that is not one whole run is refused with a message that names the shard:
# a shard missing, a shard twice, shards of another N or --key, a file cut short, a line
# lost, key files mixed with another kind of output, shards keyed with another --names table.
# The key file's frame: its first line says the shard, --key and --keep (and --names); its last
# line the number of key lines.
#
# Usage: tests/cli/merge_dedup.sh PGNKIT
set -uo pipefail
pgnkit=${1:?usage: merge_dedup.sh PGNKIT}
pgnkit=$(cd "$(dirname "$pgnkit")" && pwd)/$(basename "$pgnkit")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
data=$here/../data/pgn
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-merge-dedup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 2
fail=0
pass() { echo "ok: $1"; }
bad() {
    echo "FAIL: $*"
    fail=1
}

# 300 games and a copy of every 4th of them (lichess games have no Event tag: Site starts one)
zstd -qdc "$data/real/lichess/lichess-database-wip-2016-05.pgn.zst" | head -c 200000 |
    awk '/^\[Site / { n++ } n < 300 { game[n] = game[n] $0 "\n"; print }
         END { for (i = 4; i < 300; i += 4) printf "%s", game[i] }' >a.pgn
zstd -qdc "$data/real/lichess/lichess-database-wip-2016-05.pgn.zst" | head -c 60000 |
    awk '/^\[Site / { n++ } n < 80' >b.pgn
for k in 1 2 3; do
    "$pgnkit" dedup -q --shard $k/3 --format keys a.pgn b.pgn >$k.keys || bad "dedup --shard $k/3"
done

echo "== the frame"
head -1 2.keys | grep -qx '# pgnkit dedup --format keys --shard 2/3 --key moves+players --keep first' &&
    tail -1 2.keys | grep -qx "# end $(($(wc -l <2.keys) - 2)) games" &&
    pass "first line: shard, key, keep; last line: the key lines" ||
    bad "frame: $(head -1 2.keys) … $(tail -1 2.keys)"
"$pgnkit" dedup -q --format keys a.pgn | head -1 | grep -q -- '--shard 1/1 ' &&
    pass "without --shard: 1/1" || bad "no shard: $("$pgnkit" dedup -q --format keys a.pgn | head -1)"

echo "== merge = dedup --from-keys"
"$pgnkit" dedup -q --from-keys 1.keys 2.keys 3.keys --report joined.ndjson
grep -q '"duplicate"' joined.ndjson || bad "the input has no duplicates across shards"
"$pgnkit" dedup -q --report one.ndjson a.pgn b.pgn >/dev/null
cmp -s one.ndjson joined.ndjson || bad "--from-keys of 3 shards is not one run's report"
"$pgnkit" merge 1.keys 2.keys 3.keys >merged.ndjson 2>merge.err
rc=$?
[[ $rc == 0 ]] && cmp -s joined.ndjson merged.ndjson && pass "merge 1 2 3" ||
    bad "merge 1 2 3 (exit $rc): $(diff joined.ndjson merged.ndjson | head -3)"
grep -q '^pgnkit merge: 2 files, ' merge.err && pass "its summary on stderr" ||
    bad "merge's summary: $(cat merge.err)"
"$pgnkit" merge 3.keys 1.keys 2.keys >merged.ndjson 2>/dev/null
cmp -s joined.ndjson merged.ndjson && pass "merge 3 1 2 (shard order)" || bad "merge 3 1 2"
cat 2.keys 3.keys 1.keys >all.keys
"$pgnkit" merge -o out.ndjson all.keys 2>/dev/null
cmp -s joined.ndjson out.ndjson && pass "merge -o of one file with the 3 shards" ||
    bad "merge of one file holding the shards"
cat 3.keys 2.keys | "$pgnkit" merge - 1.keys >merged.ndjson 2>/dev/null
cmp -s joined.ndjson merged.ndjson && pass "merge - (stdin) and a file" || bad "merge - 1.keys"
for keep in longest most-annotated; do
    for k in 1 2; do
        "$pgnkit" dedup -q --shard $k/2 --format keys --keep $keep --key header a.pgn >k$k.keys
    done
    "$pgnkit" dedup -q --from-keys --keep $keep --key header k1.keys k2.keys --report j.ndjson
    "$pgnkit" merge k2.keys k1.keys >m.ndjson 2>/dev/null
    cmp -s j.ndjson m.ndjson && pass "--key header --keep $keep: from the frame" ||
        bad "--keep $keep --key header: merge differs from --from-keys"
done

echo "== refusals"
refused() { # WHAT PATTERN ARGS...
    local what=$1 pattern=$2
    shift 2
    "$pgnkit" merge "$@" >out 2>err
    local rc=$?
    if [[ $rc == 2 && ! -s out ]] && grep -q -- "$pattern" err; then
        pass "$what: $(head -1 err)"
    else
        bad "$what: exit $rc, stdout $(wc -c <out) bytes, stderr: $(head -c 300 err)"
    fi
}
refused "a shard missing" "1 of 3 shards missing (the first: 2/3)" 1.keys 3.keys
refused "the last shard missing" "1 of 3 shards missing (the first: 3/3)" 2.keys 1.keys
refused "a shard twice" "shard 2/3 given twice: 2.keys:1 and " 1.keys 2.keys 3.keys 2.keys
refused "a shard twice in one file" "shard 1/3 given twice" all.keys 1.keys
"$pgnkit" dedup -q --shard 1/2 --format keys a.pgn b.pgn >n2.keys
refused "another N" "shards of different runs" 1.keys 2.keys 3.keys n2.keys
"$pgnkit" dedup -q --shard 2/3 --format keys --key moves a.pgn b.pgn >moves.keys
refused "another --key" "with --key moves --keep first, .* shards of different runs" \
    1.keys moves.keys 3.keys
# a --names table: shards keyed with it join into its one run's report; a shard keyed with
# none (or another table) is of another run
printf 'Nobody Known\tSomebody Else\n' >names.tsv
for k in 1 2 3; do
    "$pgnkit" dedup -q --shard $k/3 --format keys --names names.tsv a.pgn b.pgn >names$k.keys
done
head -1 names2.keys | grep -qE -- '--keep first --names [0-9a-f]{16}$' &&
    "$pgnkit" dedup -q --names names.tsv --report names-one.ndjson a.pgn b.pgn >/dev/null &&
    "$pgnkit" merge names1.keys names2.keys names3.keys >names-merged.ndjson 2>/dev/null &&
    cmp -s names-one.ndjson names-merged.ndjson && pass "--names: in the first line; merged" ||
    bad "--names shards: $(head -1 names2.keys)"
refused "another --names table" "keyed with another --names table than .* shards of different runs" \
    names1.keys 2.keys names3.keys
"$pgnkit" dedup -q --from-keys names1.keys 2.keys names3.keys --report r.ndjson 2>err
[[ $? == 2 ]] && grep -q "2.keys:1: its --names table (none) is not the first key file's" err &&
    pass "dedup --from-keys refuses a key file of another --names table" ||
    bad "--from-keys of another --names: $(cat err)"
head -n -1 2.keys >short.keys
refused "cut short (no end line)" "short.keys: shard 2/3 (line 1) has no end line: cut short" \
    1.keys short.keys 3.keys
cat short.keys 3.keys >short2.keys
refused "cut short, the next shard after it" "shard 3/3 begins before shard 2/3" \
    1.keys short2.keys
sed '5d' 2.keys >lost.keys
refused "a line lost" "shard 2/3 has $(($(wc -l <2.keys) - 3)) key lines, its end line says" \
    1.keys lost.keys 3.keys
"$pgnkit" stats --format json a.pgn >a.json
refused "mixed with stats JSON" "'1.keys' is a dedup key file, 'a.json' is neither" \
    1.keys a.json 2.keys 3.keys
"$pgnkit" validate -q --format json --shard 1/3 a.pgn b.pgn >v.json
refused "mixed with validate JSON" "'v.json' is validate JSON, '1.keys' is a dedup key file" \
    v.json 1.keys 2.keys 3.keys
tail -n +2 2.keys >headless.keys
refused "no first line" "'headless.keys' is neither validate JSON nor a dedup key file" \
    1.keys headless.keys 3.keys
refused "no first line, alone" "'headless.keys' is dedup key lines without their file's first line" headless.keys
cat 1.keys headless.keys 3.keys >inside.keys
refused "no first line, inside a file" "inside.keys:$(($(wc -l <1.keys) + 1)): not a shard of dedup --format keys" \
    inside.keys
"$pgnkit" merge --table players 1.keys 2.keys 3.keys >out 2>err
[[ $? == 2 ]] && grep -q -- "--table is for stats outputs" err && pass "--table refused" ||
    bad "--table with key files: $(cat err)"
"$pgnkit" merge --partial 1.keys 3.keys >out 2>err
[[ $? == 2 ]] && grep -q -- "--partial is for stats shards" err && pass "--partial refused" ||
    bad "--partial with key files: $(cat err)"
"$pgnkit" dedup -q --from-keys 1.keys moves.keys 3.keys --report r.ndjson 2>err
[[ $? == 2 ]] && grep -q "moves.keys:1: written with --key moves --keep first; give the same" err &&
    pass "dedup --from-keys refuses a key file of another --key" ||
    bad "--from-keys of another --key: $(cat err)"
"$pgnkit" dedup -q --from-keys 1.keys lost.keys 3.keys --report r.ndjson 2>err
[[ $? == 2 ]] && grep -q "key lines where its end says" err &&
    pass "dedup --from-keys refuses a key file with a line lost" ||
    bad "--from-keys of a key file with a line lost: $(cat err)"

[[ $fail == 0 ]] && echo "all merge-dedup checks passed"
exit $fail
