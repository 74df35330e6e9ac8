#!/usr/bin/env bash
# --shard K/N (include/pgnkit/run/shard.hpp) for the commands that write a report beside their
# games: eco, eco --check, tags and dedup. For N = 1…8 over the awkward inputs of
# tests/cli/shards.sh (CRLF, no final line break, no blank lines, junk between games, ChessBase's
# blank line in a tag section, a comment longer than the splitter keeps), all of them at once
# (the ranges are over their concatenation), a compressed copy and stdin (every N-th game):
#   * eco's and tags' games: the shards' outputs concatenated in shard order are one run's;
#   * eco --check's warnings and tags' change report: the shards' lines concatenated are one
#     run's once each plain file's `FILE:LINE` and `game G` are renumbered (they count from
#     the shard's first byte, as validate's do: docs/MANY-MACHINES.md "Numbering"; the
#     numbers to add are the `lines` and `games` of that file in the shards before, from
#     `validate --format json --shard K/N`); streams' numbers are exact, their lines in
#     another order;
#   * dedup: the shards' key files (--format keys) joined by `dedup --from-keys` and by
#     `pgnkit merge` give one run's --report, byte for byte (streams: the same lines), and the
#     kept games and duplicates picked from it with `filter --games-from` are one run's -o and
#     --duplicates.
#
# Usage: tests/cli/shards_reports.sh PGNKIT
set -uo pipefail
pgnkit=${1:?usage: shards_reports.sh PGNKIT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
data=$here/../data/pgn
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-shards-reports.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
checks=0
bad() {
    echo "FAIL: $*"
    fail=1
}
same() { # WHAT ONE CAT
    checks=$((checks + 1))
    cmp -s "$2" "$3" || bad "$1: $(diff "$2" "$3" | head -3 | tr '\n' ' ')"
}

# ------------------------------------------------------------------ inputs
# 119 lichess games with their openings tagged by eco, every 7th ECO tag wrong, a date
# spelled 2016-05-01 here and there (for tags --normalize-dates) and a duplicate of every
# 5th game further on (for dedup), then shards.sh's awkward variants of it.
gen=$tmp/gen
mkdir -p "$gen"
zstd -qdc "$data/real/lichess/lichess-database-wip-2016-05.pgn.zst" | head -c 100000 |
    awk '/^\[Site / { n++ } n < 120' >"$tmp/lichess.pgn"
"$pgnkit" eco "$tmp/lichess.pgn" 2>/dev/null |
    awk '/^\[ECO / && (++e % 7 == 0) { print "[ECO \"A00\"]"; next }
         /^\[Date / && e % 3 == 0 { gsub(/\./, "-") } { print }' >"$tmp/eco.pgn"
awk '/^\[Site / { n++ } { game[n] = game[n] $0 "\n"; print }
     END { for (i = 5; i <= n; i += 5) printf "%s", game[i] }' "$tmp/eco.pgn" >"$gen/base.pgn"
sed 's/$/\r/' "$gen/base.pgn" >"$gen/crlf.pgn"
head -c -1 "$gen/base.pgn" >"$gen/no-final-newline.pgn"
grep -v '^$' "$gen/base.pgn" >"$gen/no-blank-lines.pgn"
awk 'BEGIN { srand(7) }
     /^\[Site / { r = rand()
         if (r < 0.1) print "This is not PGN: a note between games.\n"
         else if (r < 0.2) print "% an escape line"
         else if (r < 0.3) print "\032" }
     { print }' "$gen/base.pgn" >"$gen/junk.pgn"
awk '/^\[Date / { print ""; } { print }' "$gen/base.pgn" | head -c 40000 >"$gen/chessbase.pgn"
{
    head -c 20000 "$gen/base.pgn" | awk '/^\[Site / { n++ } n < 8'
    printf '[Event "long comment"]\n[Site "?"]\n[ECO "A00"]\n\n1. e4 {'
    head -c 1100000 /dev/zero | tr '\0' 'x'
    printf '} e5 2. Nf3 1-0\n\n'
    head -c 30000 "$gen/base.pgn" | awk '/^\[Site / { n++ } n < 20'
} >"$gen/long-comment.pgn"
plain=("$gen"/*.pgn)
zstd -q -c "$gen/junk.pgn" >"$tmp/junk.pgn.zst"

# ------------------------------------------------------------------ renumbering
# Per shard K of `$@`: "K FILE LINES GAMES" for each plain file in its range (validate's JSON).
shard_counts() { # N FILE...
    local n=$1 k
    shift
    for ((k = 1; k <= n; k++)); do
        "$pgnkit" validate --no-timing --format json --shard "$k/$n" "$@" 2>/dev/null |
            tail -1 | grep -o '{"file":"[^"]*","mode":"range","begin":[0-9]*,"end":[0-9]*,"games":[0-9]*,"lines":[0-9]*' |
            sed "s/{\"file\":\"\\([^\"]*\\)\".*\"games\":\\([0-9]*\\),\"lines\":\\([0-9]*\\)/$k \\1 \\3 \\2/"
    done >"$tmp/counts"
}
# Shard K's report lines (on stdin) with each plain file's FILE:LINE and `game G` as one run's.
renumber() { # K
    awk -v k="$1" -v counts="$tmp/counts" '
        BEGIN { while ((getline l < counts) > 0) { split(l, c, " ")
                    if (c[1] < k) { lines[c[2]] += c[3]; games[c[2]] += c[4] } } }
        { i = index($0, ":"); f = substr($0, 1, i - 1)
          if (!(f in lines) || !match(substr($0, i + 1), /^[0-9]+/)) { print; next }
          line = substr($0, i + 1, RLENGTH) + lines[f]
          rest = substr($0, i + 1 + RLENGTH)
          if (match(rest, /game [0-9]+/)) rest = substr(rest, 1, RSTART + 4) \
              (substr(rest, RSTART + 5, RLENGTH - 5) + games[f]) substr(rest, RSTART + RLENGTH)
          print f ":" line rest }'
}

# The report lines of `pgnkit ARGS` (stderr, or --report's file): the located ones only.
located() { grep -E '^[^ ]+:[0-9]+:' || true; }

# eco and tags: games concatenated, reports renumbered (plain files); STREAM=1: sorted.
check_eco_tags() { # N FILE...
    local n=$1 k c
    shift
    shard_counts "$n" "$@"
    local -a cmds=("eco" "eco --check" "tags --set Site=x --normalize-dates --fill-roster --add-plycount")
    for c in "${cmds[@]}"; do
        local -a cmd
        read -ra cmd <<<"$c"
        local report=()
        [[ ${cmd[0]} == tags ]] && report=(--report "$tmp/rep")
        : >"$tmp/rep"
        "$pgnkit" "${cmd[@]}" "${report[@]}" --jobs 1 "$@" >"$tmp/one" 2>"$tmp/one.err"
        [[ ${cmd[0]} == tags ]] && cp "$tmp/rep" "$tmp/one.err"
        located <"$tmp/one.err" >"$tmp/one.rep"
        : >"$tmp/cat"
        : >"$tmp/cat.rep"
        for ((k = 1; k <= n; k++)); do
            : >"$tmp/rep"
            "$pgnkit" "${cmd[@]}" "${report[@]}" --jobs $((k % 2 + 1)) --shard "$k/$n" "$@" \
                >>"$tmp/cat" 2>"$tmp/err"
            [[ ${cmd[0]} == tags ]] && cp "$tmp/rep" "$tmp/err"
            located <"$tmp/err" | renumber "$k" >>"$tmp/cat.rep"
        done
        if [[ -n ${STREAM:-} ]]; then
            for f in one cat one.rep cat.rep; do sort -o "$tmp/$f" "$tmp/$f"; done
        fi
        [[ -s $tmp/one.rep || $c == eco ]] || bad "$c $*: one run reports nothing (the test needs it)"
        same "$c --shard ?/$n $*: games" "$tmp/one" "$tmp/cat"
        same "$c --shard ?/$n $*: report" "$tmp/one.rep" "$tmp/cat.rep"
    done
}

# dedup: key files joined = one run's report; the split picked from it = one run's.
check_dedup() { # N FILE...
    local n=$1 k
    shift
    "$pgnkit" dedup -q --jobs 1 --report "$tmp/one.ndjson" --duplicates "$tmp/one.dups" \
        -o "$tmp/one.kept" "$@" 2>/dev/null
    grep -q '"duplicate"' "$tmp/one.ndjson" || bad "dedup $*: no duplicates (the test needs them)"
    rm -f "$tmp"/*.keys
    for ((k = 1; k <= n; k++)); do
        "$pgnkit" dedup -q --jobs $((k % 2 + 1)) --shard "$k/$n" --format keys "$@" \
            >"$tmp/$k.keys" 2>/dev/null
    done
    local keys=()
    for ((k = 1; k <= n; k++)); do keys+=("$tmp/$k.keys"); done
    "$pgnkit" dedup -q --from-keys "${keys[@]}" --report "$tmp/joined.ndjson" 2>/dev/null
    # merge takes them in any order, in one file too (parallel's output)
    for ((k = n; k >= 1; k--)); do cat "$tmp/$k.keys"; done |
        "$pgnkit" merge - >"$tmp/merged.ndjson" 2>/dev/null
    if [[ -n ${STREAM:-} ]]; then
        for f in one.ndjson joined.ndjson merged.ndjson; do sort -o "$tmp/$f" "$tmp/$f"; done
    fi
    same "dedup --shard ?/$n $* | dedup --from-keys" "$tmp/one.ndjson" "$tmp/joined.ndjson"
    same "dedup --shard ?/$n $* | merge" "$tmp/one.ndjson" "$tmp/merged.ndjson"
    [[ -n ${STREAM:-} ]] && return
    sed -n 's/^{"duplicate":{"file":"\([^"]*\)","game":\([0-9]*\),.*/\1:\2/p' \
        "$tmp/merged.ndjson" >"$tmp/dups.ids"
    "$pgnkit" filter --games-from "$tmp/dups.ids" --invert "$@" >"$tmp/cat.kept" 2>/dev/null
    "$pgnkit" filter --games-from "$tmp/dups.ids" "$@" >"$tmp/cat.dups" 2>/dev/null
    same "dedup --shard ?/$n $*: kept games" "$tmp/one.kept" "$tmp/cat.kept"
    same "dedup --shard ?/$n $*: duplicates" "$tmp/one.dups" "$tmp/cat.dups"
}

for n in 1 2 3 4 5 6 7 8; do
    check_eco_tags "$n" "${plain[@]}"
    check_dedup "$n" "${plain[@]}"
done
for f in "${plain[@]}"; do
    for n in 3 8; do check_eco_tags "$n" "$f"; done
done
for n in 1 3 8; do
    STREAM=1 check_eco_tags "$n" "$tmp/junk.pgn.zst" "$gen/base.pgn"
    STREAM=1 check_dedup "$n" "$tmp/junk.pgn.zst" "$gen/base.pgn"
done
# stdin: every N-th game
"$pgnkit" dedup -q --report "$tmp/one.ndjson" - <"$gen/base.pgn" >/dev/null 2>&1
"$pgnkit" tags --set Site=x --report "$tmp/one.rep" - <"$gen/base.pgn" 2>/dev/null |
    sort >"$tmp/one"
sort -o "$tmp/one.ndjson" "$tmp/one.ndjson"
for n in 2 5; do
    : >"$tmp/cat.rep"
    rm -f "$tmp"/*.keys
    for ((k = 1; k <= n; k++)); do
        "$pgnkit" dedup -q --shard "$k/$n" --format keys - <"$gen/base.pgn" >"$tmp/$k.keys"
        "$pgnkit" tags --set Site=x --report "$tmp/rep" --shard "$k/$n" - <"$gen/base.pgn" \
            2>/dev/null
        cat "$tmp/rep" >>"$tmp/cat.rep"
    done | sort >"$tmp/cat"
    same "tags --shard ?/$n of stdin: games" "$tmp/one" "$tmp/cat"
    same "tags --shard ?/$n of stdin: report" <(sort "$tmp/one.rep") <(sort "$tmp/cat.rep")
    for ((k = n; k >= 1; k--)); do cat "$tmp/$k.keys"; done |
        "$pgnkit" merge - 2>/dev/null | sort >"$tmp/merged.ndjson"
    same "dedup --shard ?/$n of stdin | merge" "$tmp/one.ndjson" "$tmp/merged.ndjson"
    rm -f "$tmp"/*.keys
done

echo "$checks checks"
[[ $fail -eq 0 ]] && echo "ok: eco, tags and dedup shards make one run's output and reports"
exit $fail
