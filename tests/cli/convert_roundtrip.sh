#!/usr/bin/env bash
# pgnkit convert over the real corpus (tests/data/pgn/real/**/*.pgn.zst): the guarantees of
# the command, each checked on every game.
#
# Usage: tests/cli/convert_roundtrip.sh PGNKIT [full]
#   1. idempotence: converting the output again changes nothing, byte for byte (default
#      options, and a few option sets);
#   2. --jobs 1 and --jobs 3 give byte-identical output;
#   3. the output validates with the same moves: the main lines in UCI of input and output
#      are identical, and validate finds as many valid games in both;
#   4. Debian's pgn-extract reads every converted valid game without a single message
#      (`pgn-extract -s -r`; skipped with a note if /usr/games/pgn-extract is missing).
# The default run takes the whole corpus (~63k games, well under 2 minutes on 2 cores);
# `full` adds the option sets under idempotence that cost most (CTest label differential).
set -uo pipefail

pgnkit=${1:?usage: convert_roundtrip.sh PGNKIT [full]}
mode=${2:-default}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
real=$here/../data/pgn/real
pgn_extract=${PGN_EXTRACT:-/usr/games/pgn-extract}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-convert.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}

mapfile -t files < <(find "$real" -name '*.pgn.zst' | LC_ALL=C sort)
((${#files[@]} > 0)) || { echo "no corpus files under $real" >&2; exit 2; }
zstd -qdc "${files[@]}" >"$tmp/all.pgn" || { echo "cannot decompress the corpus" >&2; exit 2; }

# 1. idempotence (default options), 2. --jobs
"$pgnkit" convert --jobs 3 "$tmp/all.pgn" >"$tmp/c1.pgn" 2>"$tmp/c1.err"
rc=$?
((rc <= 1)) || bad "convert exited $rc: $(tail -n 3 "$tmp/c1.err")"
"$pgnkit" convert --jobs 1 "$tmp/all.pgn" >"$tmp/c1j1.pgn" 2>/dev/null
cmp -s "$tmp/c1.pgn" "$tmp/c1j1.pgn" || bad "--jobs 1 and --jobs 3 differ"
"$pgnkit" convert --jobs 3 "$tmp/c1.pgn" >"$tmp/c2.pgn" 2>/dev/null
cmp -s "$tmp/c1.pgn" "$tmp/c2.pgn" || bad "not idempotent: $(diff "$tmp/c1.pgn" "$tmp/c2.pgn" | head -n 8)"
summary=$(tail -n 1 "$tmp/c1.err")
echo "convert: $summary"

option_sets=("--strip clocks,evals --add-plycount --sort-tags" "--moves figurine --fix-result")
if [[ $mode == full ]]; then
    option_sets+=("--moves lan" "--moves uci" "--piece-letters de" "--reduced --add-fen"
        "--tags str --strip nags" "--strip comments,variations")
fi
for opts in "${option_sets[@]}"; do
    # The second pass reads what the first wrote: in its letters (English is read otherwise).
    again=$opts
    [[ $opts == *"--piece-letters de"* ]] && again+=" --input-piece-letters de"
    # shellcheck disable=SC2086 # the option set is split on purpose
    "$pgnkit" convert --jobs 3 $opts "$tmp/all.pgn" >"$tmp/o1.pgn" 2>/dev/null
    # shellcheck disable=SC2086
    "$pgnkit" convert --jobs 3 $again "$tmp/o1.pgn" >"$tmp/o2.pgn" 2>/dev/null
    cmp -s "$tmp/o1.pgn" "$tmp/o2.pgn" ||
        bad "not idempotent with $opts: $(diff "$tmp/o1.pgn" "$tmp/o2.pgn" | head -n 8)"
done

# 3. same moves, same validity
uci() { "$pgnkit" convert --jobs 3 --reduced --tags none --moves uci "$1" 2>/dev/null; }
cmp -s <(uci "$tmp/all.pgn") <(uci "$tmp/c1.pgn") || bad "the moves of input and output differ"
valid() {
    "$pgnkit" validate --jobs 3 -q --no-progress --no-timing "$1" |
        sed -n 's/^summary: .*: \([0-9]*\) valid, .*/\1/p'
}
v_in=$(valid "$tmp/all.pgn")
v_out=$(valid "$tmp/c1.pgn")
[[ -n $v_in && $v_in == "$v_out" ]] || bad "valid games: input $v_in, output $v_out"
echo "validate: $v_in valid games in the input, $v_out in the output"

# 4. pgn-extract reads every converted valid game without a message
if [[ -x $pgn_extract ]]; then
    "$pgnkit" convert --jobs 3 --valid-only "$tmp/all.pgn" >"$tmp/valid.pgn" 2>/dev/null
    converted=$(grep -c '^\[Event ' "$tmp/valid.pgn")
    (cd "$tmp" && "$pgn_extract" -s -r valid.pgn >pe.out 2>pe.err)
    # Its progress counter ("Games: 1000…") is not a message.
    sed 's/Games: [0-9]*//g' "$tmp/pe.err" | tr -d ' \r\n' >"$tmp/pe.msg"
    if [[ -s $tmp/pe.out || -s $tmp/pe.msg ]]; then
        bad "pgn-extract reported on converted games: $(head -c 600 "$tmp/pe.out" "$tmp/pe.msg")"
    else
        echo "pgn-extract -s -r: $converted converted valid games, no message"
    fi
else
    echo "note: $pgn_extract not found (apt-get install pgn-extract); pgn-extract check skipped"
fi
((fail == 0)) && echo "convert roundtrip: ok"
exit $fail
