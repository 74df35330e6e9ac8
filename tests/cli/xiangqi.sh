#!/usr/bin/env bash
# Xiangqi games through validate and fen (issue 45), on the corpus copies in
# tests/data/xiangqi/games (provenance: tests/data/SOURCES.md):
#  - all 2,516 ICCS master games (untagged: --variant xiangqi) validate without an error;
#  - the 20 GBK championship games ([Game "Chinese Chess"]: found by their tag) validate, and
#    their players read as iconv reads them from GB18030;
#  - the 15 xqdb games, in ICCS, Chinese and full-width WXF, give the same moves (fen's
#    move_uci column; but one move, a defect of the ICCS text: below);
#  - convert writes the same bytes from each notation, and round-trips between every pair;
#    so does a game with comments, NAGs and nested variations; an illegal move in a variation
#    makes the game invalid;
#  - a chess file is not changed by the detection: validate --variant chess and the default
#    give the same report for it.
#
# Usage: tests/cli/xiangqi.sh PGNKIT
set -uo pipefail

pgnkit=${1:?usage: xiangqi.sh PGNKIT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
games=$here/../data/xiangqi/games
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-xiangqi.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}

# 1. The ICCS databases: every game valid, every move replayed.
for f in Hu_Ronghua_1391_UCI_games Liu_Dahua_1125_UCI_games; do
    "$pgnkit" validate --variant xiangqi --no-timing -q -f json "$games/$f.pgn.zst" >"$tmp/$f.json"
    rc=$?
    [[ $rc == 0 ]] || bad "$f: validate exit $rc (want 0)"
done
summary=$(cat "$tmp"/Hu_*.json "$tmp"/Liu_*.json)
grep -q '"games":1391,"valid":1391,"invalid":0' <<<"$summary" || bad "Hu Ronghua: $summary"
grep -q '"games":1125,"valid":1125,"invalid":0' <<<"$summary" || bad "Liu Dahua: $summary"
# Not by chance: read as chess (the default for untagged games) they are all invalid.
"$pgnkit" validate --no-timing -q -f json "$games/Liu_Dahua_1125_UCI_games.pgn.zst" >"$tmp/chess.json"
grep -q '"invalid":1125' "$tmp/chess.json" || bad "Liu Dahua read as chess: $(cat "$tmp/chess.json")"

# 2. The GBK files: found by their Game tag, valid (no result marker is missing: they have
# one), and the players as iconv reads them.
"$pgnkit" validate --no-timing -q -f json "$games"/eleeye-ccgc2006/*.pgn >"$tmp/gbk.json" 2>"$tmp/gbk.err"
grep -q '"games":20,"valid":20,"invalid":0' "$tmp/gbk.json" || bad "GBK games: $(cat "$tmp/gbk.json")"
for f in "$games"/eleeye-ccgc2006/*.pgn; do
    want=$(iconv -f GB18030 -t UTF-8 "$f" | tr -d '\r' | sed -n 's/^\[Red "\(.*\)"\]$/\1/p')
    got=$("$pgnkit" fen -f csv --columns white --plies end "$f" | sed -n 2p)
    [[ -n $want && $got == "$want" ]] || bad "$(basename "$f"): Red '$got', iconv says '$want'"
done

# 3. The same 15 games in three notations: the same moves. The Chinese and WXF texts agree
# move for move; the ICCS text differs in one move, a defect of the xqdb data: game 2, Red's
# 36th move, 后兵进一 / －Ｐ＋１ (the rear soldier, e3e4) in both, e5e6 (the front one) in ICCS.
for n in uci chinese wxf-fullwidth; do
    "$pgnkit" fen --variant xiangqi -f csv --columns game,ply,move_uci \
        "$games/xqdb-sample-$n.pgn" >"$tmp/xqdb-$n.csv" || bad "fen of xqdb-sample-$n exit $?"
done
lines=$(wc -l <"$tmp/xqdb-uci.csv")
((lines > 1000)) || bad "xqdb-sample-uci: only $lines lines"
cmp -s "$tmp/xqdb-chinese.csv" "$tmp/xqdb-wxf-fullwidth.csv" || bad "xqdb: WXF differs from Chinese"
differ=$(diff "$tmp/xqdb-uci.csv" "$tmp/xqdb-chinese.csv" | grep '^[<>]' | tr '\n' ' ')
[[ $differ == "< 2,70,e6e7 > 2,70,e4e5 " ]] || bad "xqdb: ICCS and Chinese differ in: $differ"

# 4. convert: the three files of the same games written in one notation are the same bytes;
# written in A, converted to B and back to A, the same bytes again, for every pair.
notations=(iccs uci san wxf chinese chinese-simplified)
for n in "${notations[@]}"; do
    for src in uci chinese wxf-fullwidth; do # (the ICCS text differs in one move: above)
        "$pgnkit" convert --variant xiangqi --moves "$n" "$games/xqdb-sample-$src.pgn" \
            >"$tmp/$src.$n.pgn" 2>"$tmp/err" || bad "convert xqdb-sample-$src --moves $n: $(cat "$tmp/err")"
    done
    cmp -s "$tmp/chinese.$n.pgn" "$tmp/wxf-fullwidth.$n.pgn" || bad "convert --moves $n: WXF source differs"
done
[[ $(grep -c '^\[Variant "xiangqi"\]' "$tmp/uci.iccs.pgn") == 15 ]] || bad "convert: no Variant tag added"
for a in "${notations[@]}"; do
    for b in "${notations[@]}"; do
        [[ $a == "$b" ]] && continue
        "$pgnkit" convert --moves "$b" "$tmp/uci.$a.pgn" 2>/dev/null |
            "$pgnkit" convert --moves "$a" - >"$tmp/back.pgn" 2>/dev/null
        cmp -s "$tmp/uci.$a.pgn" "$tmp/back.pgn" || bad "convert $a -> $b -> $a differs"
    done
done
# A game with comments (one a `;` comment), NAGs and nested variations, made by hand from
# xqdb game 1 (tests/data/SOURCES.md): written in every notation with all of them, the
# variations replayed in that notation; A to B and back to A the same bytes, for every pair.
annotated=$here/../data/xiangqi/annotated/xqdb-game1-annotated.pgn
for n in "${notations[@]}"; do
    "$pgnkit" convert --variant xiangqi --moves "$n" "$annotated" >"$tmp/ann.$n.pgn" 2>"$tmp/err" ||
        bad "convert annotated --moves $n: $(cat "$tmp/err")"
    [[ -s $tmp/err ]] && bad "convert annotated --moves $n said: $(cat "$tmp/err")"
done
a_iccs=$(cat "$tmp/ann.iccs.pgn")
for want in '{The first moves' '{both central cannons}' '$5' '$14' '(2. b0c2 $5 h9g7) 2... b9c7'     ";a '}' keeps this comment to the end of its line" '(8... e7c9 $2 {a wasted tempo} (8... a6a5) 9. c6e7)'; do
    [[ $a_iccs == *"$want"* ]] || bad "convert annotated --moves iccs: no '$want' in: $a_iccs"
done
grep -q '(1\.\.\. 砲２平５ {both central cannons} 2\. 傌二進三' "$tmp/ann.chinese.pgn" ||
    bad "convert annotated --moves chinese: the variation not in Chinese: $(cat "$tmp/ann.chinese.pgn")"
for a in "${notations[@]}"; do
    for b in "${notations[@]}"; do
        [[ $a == "$b" ]] && continue
        "$pgnkit" convert --moves "$b" "$tmp/ann.$a.pgn" 2>/dev/null |
            "$pgnkit" convert --moves "$a" - >"$tmp/back.pgn" 2>/dev/null
        cmp -s "$tmp/ann.$a.pgn" "$tmp/back.pgn" || bad "convert annotated $a -> $b -> $a differs"
    done
done
# Stripped of all three: the main line alone, as the game without them is written.
"$pgnkit" convert --variant xiangqi --moves iccs --strip comments,nags,variations "$annotated" >"$tmp/strip.pgn" 2>/dev/null
"$pgnkit" fen --variant xiangqi -f csv --columns move_uci "$annotated" >"$tmp/main.csv"
grep -q '[{($;]' <(sed 1,4d "$tmp/strip.pgn") && bad "convert --strip: something left: $(cat "$tmp/strip.pgn")"
"$pgnkit" fen --variant xiangqi -f csv --columns move_uci "$tmp/strip.pgn" | cmp -s - "$tmp/main.csv" ||
    bad "convert --strip: another main line"
# An illegal move in a variation: the game is invalid and passed through, as chess convert does.
sed 's/(8\.\.\. a6a5)/(8... a6a4)/' "$annotated" >"$tmp/bad.pgn"
"$pgnkit" convert --variant xiangqi --moves wxf "$tmp/bad.pgn" >"$tmp/bad.out" 2>"$tmp/bad.err"
rc=$?
[[ $rc == 1 ]] || bad "convert, illegal move in a variation: exit $rc (want 1)"
grep -q "error\[illegal-move\]: move 'a6a4' (iccs, in a variation)" "$tmp/bad.err" ||
    bad "convert, illegal move in a variation: $(cat "$tmp/bad.err")"
cmp -s <(cat "$tmp/bad.pgn"; echo) "$tmp/bad.out" || bad "convert: the invalid game was not passed through"
# The handicap game (GBK, a FEN tag, comments, Black-only lines): round trip through Chinese.
"$pgnkit" convert --moves wxf "$games/eleeye-sample-handicap.pgn" >"$tmp/h.wxf" 2>"$tmp/err"
grep -q not-converted "$tmp/err" && bad "handicap game: $(cat "$tmp/err")"
"$pgnkit" convert --moves chinese "$tmp/h.wxf" 2>/dev/null | "$pgnkit" convert --moves wxf - >"$tmp/h.back" 2>/dev/null
cmp -s "$tmp/h.wxf" "$tmp/h.back" || bad "handicap game: wxf -> chinese -> wxf differs"

# A chess game with a notation chess has not: passed through, said.
printf '[Event "c"]\n\n1. e4 e5 *\n' >"$tmp/c.pgn"
"$pgnkit" convert --moves wxf "$tmp/c.pgn" >"$tmp/c.out" 2>"$tmp/c.err"
cmp -s <(cat "$tmp/c.pgn"; echo) "$tmp/c.out" || bad "convert --moves wxf changed a chess game"
grep -q 'not-converted' "$tmp/c.err" || bad "convert --moves wxf of a chess game: no warning"

# 5. Chess is not read as xiangqi: the detection changes nothing for a chess file.
chess=$here/../golden/validate/codes.pgn
if [[ -f $chess ]]; then
    "$pgnkit" validate --no-timing "$chess" >"$tmp/auto.txt" 2>&1
    "$pgnkit" validate --no-timing --variant chess "$chess" >"$tmp/chess.txt" 2>&1
    cmp -s "$tmp/auto.txt" "$tmp/chess.txt" || bad "chess file: --variant chess differs from auto"
fi

exit $fail
