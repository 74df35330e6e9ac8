#!/usr/bin/env bash
# pgnkit tags (CTest cli.tags, label cli) on the real corpus: the output minus the tag lines
# the report names is the input, byte for byte (every differing line is a tag line, as many
# as the report says, and the games are as many); --jobs 1 and 3 write the same bytes and the
# same report; a lone --set writes what the general path writes; PlyCount is pgn-extract's --plycount for every game both replay; a game longer
# than the kept limits is edited and goes through whole; -o naming an input is refused and the input kept.
#
#   tests/cli/tags.sh PGNKIT
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

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-tags.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

failed=0
pass() { echo "PASS $1"; }
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}

zstd -qdc "$real/twic/twic1599_1000k.pgn.zst" >twic.pgn
zstd -qdc "$real/lichess/lichess-database-wip-2016-05.pgn.zst" >lichess.pgn
zstd -qdc "$real/annotated/great_masters.pgn.zst" >annotated.pgn
# A CRLF copy: the line breaks of the rewritten lines must stay CRLF.
sed 's/$/\r/' "$work/twic.pgn" >crlf.pgn

edits=(--set Event=Edited --remove Annotator,TimeControl --rename ECO=Eco --normalize-dates
    --fill-roster --add-plycount --fix-result --add Source=pgnkit)

# The property: only tag lines differ, as many as the report says.
for input in twic.pgn lichess.pgn annotated.pgn crlf.pgn; do
    name="only the reported tag lines change ($input)"
    if ! "$pgnkit" tags "$input" "${edits[@]}" -o out.pgn --report report.txt 2>err; then
        fail "$name" "exit $? $(head -3 err)"
        continue
    fi
    # The input as pgnkit writes games: a blank line after the last one too.
    cp "$input" in.pgn
    if [[ -n $(tail -n 1 "$input" | tr -d '\r') ]]; then
        if [[ $input == crlf.pgn ]]; then printf '\r\n' >>in.pgn; else printf '\n' >>in.pgn; fi
    fi
    diff --unchanged-line-format= --old-line-format='<%L' --new-line-format='>%L' \
        in.pgn out.pgn >diff.txt
    old=$(grep -c '^<' diff.txt)
    new=$(grep -c '^>' diff.txt)
    not_tags=$(grep -vc '^[<>]\[[A-Za-z0-9_]* "' diff.txt)
    # Every pair of the corpus is on a line of its own: a changed pair is one line each side.
    grep ' → ' report.txt >changes.txt
    reported_old=$(grep -vc ': (none) →' changes.txt)
    reported_new=$(grep -vc '→ (removed)$' changes.txt)
    if ((not_tags != 0)); then
        fail "$name" "$not_tags differing lines are no tag lines: $(grep -v '^[<>]\[' diff.txt | head -2)"
    elif ((old != reported_old || new != reported_new)); then
        fail "$name" "diff -$old +$new, report -$reported_old +$reported_new"
    elif [[ $(grep -c '^\[Eco ' out.pgn) != $(grep -c '^\[ECO ' "$input") ]]; then
        fail "$name" "games lost or added"
    elif [[ $input == crlf.pgn ]] && grep -q $'[^\r]$' out.pgn; then
        fail "$name" "a line without its CR"
    else
        pass "$name (-$old +$new lines)"
    fi
done

# --jobs: the same bytes, the same report.
"$pgnkit" tags twic.pgn lichess.pgn "${edits[@]}" -j1 -o j1.pgn --report j1.txt 2>/dev/null
"$pgnkit" tags twic.pgn lichess.pgn "${edits[@]}" -j3 -o j3.pgn --report j3.txt 2>/dev/null
if cmp -s j1.pgn j3.pgn && cmp -s j1.txt j3.txt && [[ -s j1.txt ]]; then
    pass "--jobs 1 and 3 write the same bytes and report"
else
    fail "--jobs 1 and 3" "outputs differ"
fi

# --jobs 1 writes games by reference to the splitter's buffer (PipelineOptions::lend_text):
# from a file, a pipe and a .zst, the same bytes as --jobs 3 (which copies them), with games
# across the splitter's reads, edited (--set) and not (an Event already "X" is unchanged).
cat twic.pgn lichess.pgn crlf.pgn annotated.pgn >all.pgn
"$pgnkit" tags all.pgn --set Event=X -j3 -o x3.pgn --report x3.txt 2>/dev/null
"$pgnkit" tags x3.pgn --set Event=X -j3 -o xx3.pgn 2>/dev/null
zstd -q all.pgn -o all.pgn.zst
lent_ok=1
"$pgnkit" tags all.pgn --set Event=X -j1 -o x1.pgn --report x1.txt 2>/dev/null
cmp -s x1.pgn x3.pgn && cmp -s x1.txt x3.txt || lent_ok=0
"$pgnkit" tags all.pgn.zst --set Event=X -j1 -o x1z.pgn 2>/dev/null
cmp -s x1z.pgn x3.pgn || lent_ok=0
"$pgnkit" tags --set Event=X -j1 <all.pgn 2>/dev/null | cat >x1p.pgn
cmp -s x1p.pgn x3.pgn || lent_ok=0
"$pgnkit" tags x3.pgn --set Event=X -j1 -o xx1.pgn 2>/dev/null
cmp -s xx1.pgn xx3.pgn && cmp -s xx1.pgn x3.pgn || lent_ok=0
if ((lent_ok)) && [[ -s x1.txt ]]; then
    pass "--jobs 1 (games written by reference) and 3: the same bytes from a file, .zst, pipe"
else
    fail "--jobs 1 by reference" "outputs differ from --jobs 3"
fi

# A lone --set of an ASCII value takes its own path (TagEditor::lone_set_); a second --set of
# the same name takes the general one and leaves the same value: the same bytes and report, on
# the real files and every edge-case file (a tag first, later, absent, escaped, malformed).
find "$root/tests/data/pgn/edge" -name '*.pgn' -print0 | sort -z | xargs -0 cat >edge.pgn
lone_ok=1
for tag in Event Site TimeControl; do
    "$pgnkit" tags all.pgn edge.pgn --set "$tag=a \"b\"" -o lone.pgn --report lone.txt 2>/dev/null
    "$pgnkit" tags all.pgn edge.pgn --set "$tag=Y" --set "$tag=a \"b\"" -o general.pgn \
        --report general.txt 2>/dev/null
    if ! cmp -s lone.pgn general.pgn || ! cmp -s lone.txt general.txt || [[ ! -s lone.txt ]]; then
        lone_ok=0
        echo "  --set $tag: the lone and the general path differ"
    fi
done
if ((lone_ok)); then
    pass "a lone --set writes what the general path writes (Event, Site, TimeControl)"
else
    fail "a lone --set" "differs from the general path"
fi

# PlyCount against pgn-extract --plycount, game by game. pgnkit adds none to a game whose
# replay stops at an error (a note says so): in twic, 4 games with a move after a dead position
# (move-after-game-end), which pgn-extract counts; every other game must agree.
# plycounts FILE: per game (an [Event line begins one), its PlyCount value or "-".
plycounts() {
    awk '/^\[Event / { if (n++) print v; v = "-" } /^\[PlyCount / { v = $2 } END { if (n) print v }' "$1"
}
if [[ -x /usr/games/pgn-extract ]]; then
    /usr/games/pgn-extract -s --plycount -o theirs.pgn twic.pgn 2>/dev/null
    "$pgnkit" tags twic.pgn --add-plycount -o ours.pgn 2>err
    plycounts theirs.pgn >theirs.txt
    plycounts ours.pgn >ours.txt
    notes=$(grep -c 'note: PlyCount not added' err)
    differ=$(paste ours.txt theirs.txt | awk '$1 != "-" && $1 != $2' | wc -l)
    skipped=$(grep -cx -- - ours.txt)
    if [[ $(wc -l <ours.txt) == "$(wc -l <theirs.txt)" ]] && ((differ == 0)) &&
        ((skipped == notes && notes == 4)); then
        pass "PlyCount = pgn-extract --plycount ($(wc -l <ours.txt) games, $skipped with a note)"
    else
        fail "PlyCount = pgn-extract --plycount" "$differ differ, $skipped without ($notes notes): $(paste ours.txt theirs.txt | awk '$1 != $2' | head -3 | tr '\n' ' ')"
    fi
fi

# A game longer than the kept limits (a 2 MB comment) is edited like any other, the rest of it
# written as the input holds it (read again); one whose edit would go past a tag line that
# long is written unchanged, with a note; a game longer than the kept game limit (32 MiB, its
# end not read) gets no PlyCount, with a note. From a pipe: edited, written as kept, said.
long_comment=$(head -c 2000000 /dev/zero | tr '\0' 'x')
{
    printf '[Event "Big"]\n[Date "2024.3.5"]\n\n1. e4 {%s} e5 *\n\n' "$long_comment"
    printf '[Event "Small"]\n[Date "2024.3.5"]\n\n1. d4 *\n\n'
    printf '[Event "Long tag"]\n[Annotator "%s"]\n[Date "2024.3.5"]\n\n1. d4 *\n\n' "$long_comment"
    printf '[Event "Longest"]\n[Date "2024.3.5"]\n\n1. d4 '
    head -c 34000000 /dev/zero | tr '\0' 'x' | fold -w 79 | sed 's/^/{/; s/$/}/'
    printf '\nd5 *\n'
} >big.pgn
"$pgnkit" tags big.pgn --normalize-dates --add-plycount -o big-out.pgn 2>err
sed 's/2024\.3\.5/2024.03.05/' big.pgn >big-want.pgn
if grep -q 'game 3: note: not edited: a tag line it changes is longer than the kept limits' err &&
    grep -q 'game 4: note: PlyCount not added' err &&
    grep -q '3 changed (5 tag changes), 1 unchanged; 2 notes; 1 oversized game written unchanged' err &&
    cmp -s <(grep -v '^\[PlyCount ' big-out.pgn | grep -v '^$') \
        <(sed '/^\[Event "Long tag"\]/,/^1\. d4/s/2024\.03\.05/2024.3.5/' big-want.pgn |
            grep -v '^$') &&
    [[ $(grep -c '^\[PlyCount ' big-out.pgn) == 2 ]]; then
    pass "oversized games: edited and written whole, or unchanged with a note"
else
    fail "oversized games" "$(head -c 400 err)"
fi
"$pgnkit" tags --normalize-dates - <big.pgn >pipe-out.pgn 2>err
if grep -q '3 games passed through without the parts longer than the kept limits' err &&
    [[ $(grep -c '2024\.03\.05' pipe-out.pgn) == 3 ]]; then
    pass "oversized games from a pipe: edited, written as kept, said"
else
    fail "oversized games from a pipe" "$(head -c 400 err)"
fi

# Never an input overwritten.
cp twic.pgn keep.pgn
if ! "$pgnkit" tags keep.pgn --fill-roster -o keep.pgn 2>err && cmp -s keep.pgn twic.pgn; then
    pass "-o naming an input is refused"
else
    fail "-o naming an input" "ran, or changed the input"
fi

((failed)) && echo "tags: $failed check(s) failed"
exit $((failed != 0))
