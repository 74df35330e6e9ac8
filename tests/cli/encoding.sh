#!/usr/bin/env bash
# A game that is not UTF-8 is read as Latin-1 the way browsers read it, as Windows-1252: every
# byte from 80 to FF must come out as the character glibc's iconv (an independent table)
# gives for WINDOWS-1252, in convert's output, in validate's JSON and in its text report; the
# five bytes Windows-1252 leaves unassigned (81 8D 8F 90 9D) stay C1 controls (convert keeps
# them as U+0081 …; the text report shows them as U+FFFD, like every control character).
# And UTF-16 text with a byte-order mark (iconv writes it), plain or inside zstd or gzip, reads
# as its UTF-8 text does.
#
# Usage: tests/cli/encoding.sh PGNKIT
set -uo pipefail

pgnkit=${1:?usage: encoding.sh PGNKIT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-encoding.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}
command -v iconv >/dev/null || { echo "iconv is missing" >&2; exit 2; }

# Every byte 80..FF that Windows-1252 assigns (none is a quote or backslash: no escapes).
assigned=""
for ((c = 0x80; c <= 0xFF; ++c)); do
    case $c in 129 | 141 | 143 | 144 | 157) continue ;; esac
    assigned+=$(printf '\\x%02X' "$c")
done
printf "$assigned" >"$tmp/name.bin"
want=$(iconv -f WINDOWS-1252 -t UTF-8 "$tmp/name.bin") || { echo "iconv failed" >&2; exit 2; }
# Black: the 27 assigned bytes of 80..9F alone (short enough to be shown whole in reports).
printf "${assigned:0:108}" >"$tmp/black.bin"
want_black=$(iconv -f WINDOWS-1252 -t UTF-8 "$tmp/black.bin") || { echo "iconv failed" >&2; exit 2; }

{
    printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "'
    cat "$tmp/name.bin"
    printf '"]\n[Black "'
    cat "$tmp/black.bin"
    printf '\x81"]\n[Result "*"]\n\n1. e4 {'
    cat "$tmp/name.bin"
    printf '} e5 *\n'
} >"$tmp/cp1252.pgn"

# convert: the tag and the comment transcoded, the unassigned byte as U+0081.
"$pgnkit" convert --no-progress "$tmp/cp1252.pgn" >"$tmp/out.pgn" 2>"$tmp/out.err"
grep -qxF "[White \"$want\"]" "$tmp/out.pgn" || bad "convert: White tag is not iconv's transcoding"
grep -qF "{$want}" "$tmp/out.pgn" || bad "convert: the comment is not iconv's transcoding"
grep -qxF "[Black \"$want_black$(printf '\xC2\x81')\"]" "$tmp/out.pgn" || bad "convert: 0x81 is not U+0081"
grep -q 'warning\[encoding\].*Windows-1252' "$tmp/out.err" || bad "convert: no encoding warning"

# validate --format json: the white field.
"$pgnkit" validate --no-progress --format json "$tmp/cp1252.pgn" >"$tmp/v.json"
grep -qF "\"white\":\"$want\"" "$tmp/v.json" || bad "validate json: white is not iconv's transcoding"

# validate, text: the name in the report line; the unassigned byte shown as U+FFFD.
"$pgnkit" validate --no-progress --color never "$tmp/cp1252.pgn" >"$tmp/v.txt"
grep -qF " – $want_black$(printf '\xEF\xBF\xBD'), round 1)" "$tmp/v.txt" ||
    bad "validate text: the players are not shown as iconv transcodes them"

# UTF-16 with a byte-order mark, little and big endian (iconv writes them from the bundled
# sample, which is UTF-8): read as the UTF-8 text, the same reports and the same output.
sample=$here/../../data/sample.pgn.zst
zstd -qdc "$sample" >"$tmp/utf8.pgn" || { echo "cannot decompress $sample" >&2; exit 2; }
iconv -f UTF-8 -t UTF-16LE "$tmp/utf8.pgn" >"$tmp/le.body" || { echo "iconv failed" >&2; exit 2; }
iconv -f UTF-8 -t UTF-16BE "$tmp/utf8.pgn" >"$tmp/be.body" || { echo "iconv failed" >&2; exit 2; }
{ printf '\xFF\xFE'; cat "$tmp/le.body"; } >"$tmp/le.pgn"
{ printf '\xFE\xFF'; cat "$tmp/be.body"; } >"$tmp/be.pgn"
# … also compressed (a Windows "Unicode" file put into a .zst or .gz).
zstd -q -c "$tmp/le.pgn" >"$tmp/le-zst.pgn" || { echo "zstd failed" >&2; exit 2; }
gzip -c "$tmp/be.pgn" >"$tmp/be-gz.pgn" || { echo "gzip failed" >&2; exit 2; }
for form in utf8 le be le-zst be-gz; do
    "$pgnkit" validate --no-progress --format json - <"$tmp/$form.pgn" |
        grep -v '"summary"' >"$tmp/$form.json"
    "$pgnkit" validate --no-progress --format json - <"$tmp/$form.pgn" | grep '"summary"' |
        sed 's/"bytes":[0-9]*,"seconds":[0-9.]*//' >"$tmp/$form.summary"
    "$pgnkit" convert --no-progress -o "$tmp/$form.out" "$tmp/$form.pgn" 2>/dev/null
done
[[ -s $tmp/utf8.json ]] || bad "validate found nothing to report in the sample"
for form in le be le-zst be-gz; do
    cmp -s "$tmp/utf8.json" "$tmp/$form.json" || bad "UTF-16 ($form): validate's reports differ"
    cmp -s "$tmp/utf8.summary" "$tmp/$form.summary" || bad "UTF-16 ($form): the summaries differ"
    cmp -s "$tmp/utf8.out" "$tmp/$form.out" || bad "UTF-16 ($form): convert's output differs"
done

# One encoding report per file, not per game, with the count of its Latin-1 games: 20000
# games (3 MB, several batches, which workers share under --jobs 2) of which every other is
# Latin-1, then the small file again; --jobs 1 and --jobs 2 print the same.
for ((i = 1; i <= 20000; ++i)); do
    if ((i % 2)); then
        printf '[Event "e"]\n[Site "?"]\n[Date "?"]\n[Round "%d"]\n[White "M\xfcller"]\n' "$i"
    else
        printf '[Event "e"]\n[Site "?"]\n[Date "?"]\n[Round "%d"]\n[White "Muller"]\n' "$i"
    fi
    printf '[Black "b"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n'
done >"$tmp/many.pgn"
for jobs in 1 2; do
    "$pgnkit" validate --no-progress --no-timing --jobs $jobs "$tmp/many.pgn" "$tmp/cp1252.pgn" \
        >"$tmp/many-$jobs.txt"
    "$pgnkit" validate --no-progress --no-timing --jobs $jobs --format json "$tmp/many.pgn" \
        "$tmp/cp1252.pgn" >"$tmp/many-$jobs.json"
    "$pgnkit" convert --no-progress --jobs $jobs "$tmp/many.pgn" "$tmp/cp1252.pgn" \
        2>"$tmp/many-$jobs.err" >/dev/null
done
cmp -s "$tmp/many-1.txt" "$tmp/many-2.txt" || bad "validate: --jobs 1 and --jobs 2 differ"
cmp -s "$tmp/many-1.json" "$tmp/many-2.json" || bad "validate json: --jobs 1 and --jobs 2 differ"
cmp -s "$tmp/many-1.err" "$tmp/many-2.err" || bad "convert: --jobs 1 and --jobs 2 differ"
[[ $(grep -c 'warning\[encoding\]' "$tmp/many-1.txt") == 2 ]] ||
    bad "validate: not one encoding report per file"
grep -qF "many.pgn:5:10: warning[encoding]: text is not valid UTF-8 in 10000 games of this file (the first here); read as Latin-1 (Windows-1252) (game 1, Müller – b, round 1)" \
    "$tmp/many-1.txt" || bad "validate: the first file's encoding report"
grep -qF "cp1252.pgn:5:9: warning[encoding]: text is not valid UTF-8 in 1 game of this file;" \
    "$tmp/many-1.txt" || bad "validate: the second file's encoding report"
grep -qE '^    encoding +2$' "$tmp/many-1.txt" || bad "validate: the summary's encoding count"
[[ $(grep -c '"code":"encoding"' "$tmp/many-1.json") == 2 ]] ||
    bad "validate json: not one encoding report per file"
grep -q '"code":"encoding".*"games_affected":10000,' "$tmp/many-1.json" ||
    bad "validate json: games_affected"
[[ $(grep -c 'warning\[encoding\]' "$tmp/many-1.err") == 2 ]] ||
    bad "convert: not one encoding report per file"
grep -qF "in 10000 games of this file (the first here); read as Latin-1 (Windows-1252) and transcoded to UTF-8 (game 1, Müller – b)" \
    "$tmp/many-1.err" || bad "convert: the first file's encoding report"

# GBK text (io/gbk.hpp; xqbase's xiangqi files are GBK): read as UTF-8, said once per file on
# stderr, plain or inside zstd, the same for --jobs 1 and 2; no Latin-1 report for it.
printf '[Event "e"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "1"]\n[White "许银川"]\n[Black "聂卫平"]\n[Result "*"]\n\n1. e4 {炮二平五 马８进７} e5 *\n' |
    iconv -f UTF-8 -t GBK >"$tmp/gbk.pgn" || { echo "iconv failed" >&2; exit 2; }
zstd -q -c "$tmp/gbk.pgn" >"$tmp/gbk.pgn.zst"
for input in gbk.pgn gbk.pgn.zst; do
    for jobs in 1 2; do
        "$pgnkit" convert --no-progress --jobs "$jobs" "$tmp/$input" >"$tmp/gbk-$jobs.pgn" 2>"$tmp/gbk-$jobs.err"
    done
    grep -qxF '[White "许银川"]' "$tmp/gbk-1.pgn" || bad "convert $input: the GBK name is not transcoded"
    grep -qF '{炮二平五 马８进７}' "$tmp/gbk-1.pgn" || bad "convert $input: the GBK comment is not transcoded"
    grep -qxF "$tmp/$input:5:9: warning[encoding]: text is not valid UTF-8 in 1 game of this file; read as GBK (GB18030) and transcoded to UTF-8 (game 1, 许银川 – 聂卫平)" \
        "$tmp/gbk-1.err" || bad "convert $input: no GBK encoding warning"
    ! grep -q 'Latin-1' "$tmp/gbk-1.err" || bad "convert $input: GBK read as Latin-1"
    "$pgnkit" validate --no-progress --no-timing "$tmp/$input" >"$tmp/gbk-v.txt"
    grep -qxF "$tmp/$input:5:9: warning[encoding]: text is not valid UTF-8 in 1 game of this file; read as GBK (GB18030) (game 1, 许银川 – 聂卫平, round 1)" \
        "$tmp/gbk-v.txt" || bad "validate $input: no GBK encoding warning"
    grep -qE '^    encoding +1$' "$tmp/gbk-v.txt" || bad "validate $input: the summary's encoding count"
    cmp -s "$tmp/gbk-1.pgn" "$tmp/gbk-2.pgn" && cmp -s "$tmp/gbk-1.err" "$tmp/gbk-2.err" ||
        bad "convert $input: --jobs 1 and --jobs 2 differ"
done

# GBK, Big5, Latin-1 and UTF-8 each told right (io/gbk.hpp): the 15 xqdb games in Chinese
# notation, traditional, as UTF-8, Big5 and GBK (tests/data/SOURCES.md), give the same moves;
# the encoding note names the encoding, once per file; --strict reports it in every game.
enc=$here/../data/xiangqi/encodings
for form in big5:Big5 gbk:"GBK (GB18030)"; do
    file=$enc/xqdb-sample-chinese-${form%%:*}.pgn
    "$pgnkit" validate --no-progress --no-timing --variant xiangqi -f json "$file" >"$tmp/xq.json"
    [[ $(grep -c '"code":"encoding"' "$tmp/xq.json") == 1 ]] || bad "${form#*:}: not one encoding note"
    grep -qF "read as ${form#*:}\",\"games_affected\":15," "$tmp/xq.json" ||
        bad "${form#*:}: the note does not name the encoding"
    "$pgnkit" validate --no-progress --no-timing --variant xiangqi --strict -q "$file" >"$tmp/xq-strict.txt"
    grep -qE '^    encoding +15$' "$tmp/xq-strict.txt" || bad "${form#*:}: --strict, not in every game"
    "$pgnkit" fen --no-progress --variant xiangqi -f csv "$file" >"$tmp/xq-${form%%:*}.csv"
done
"$pgnkit" fen --no-progress --variant xiangqi -f csv "$enc/xqdb-sample-chinese-traditional.pgn" >"$tmp/xq-utf8.csv"
cmp -s "$tmp/xq-utf8.csv" "$tmp/xq-big5.csv" || bad "Big5: the positions differ from UTF-8's"
"$pgnkit" fen --no-progress --variant xiangqi -f csv "$here/../data/xiangqi/games/xqdb-sample-chinese.pgn" >"$tmp/xq-simplified.csv"
cmp -s "$tmp/xq-simplified.csv" "$tmp/xq-gbk.csv" || bad "GBK: the positions differ from UTF-8's"
"$pgnkit" validate --no-progress --no-timing --variant xiangqi "$enc/xqdb-sample-chinese-traditional.pgn" >"$tmp/xq-utf8.txt"
! grep -q 'encoding\]' "$tmp/xq-utf8.txt" || bad "UTF-8 Chinese text: an encoding note"
"$pgnkit" validate --no-progress --no-timing "$tmp/cp1252.pgn" >"$tmp/cp1252-v.txt"
grep -qF 'read as Latin-1 (Windows-1252)' "$tmp/cp1252-v.txt" || bad "Latin-1: not read as Latin-1"

if ((fail)); then
    echo "--- convert output:" >&2
    cat "$tmp/out.pgn" >&2
    echo "--- validate text:" >&2
    cat "$tmp/v.txt" >&2
    exit 1
fi
echo "encoding: Windows-1252 bytes 80..FF transcoded as iconv does (convert, json, text);"
echo "  UTF-16LE/BE with a byte-order mark, plain, in zstd or in gzip, read as the same UTF-8 text"
echo "  (validate, convert); one encoding report per file, the same for --jobs 1 and 2;"
echo "  GBK read as UTF-8 with one encoding warning per file, plain or in zstd; Big5, GBK,"
echo "  Latin-1 and UTF-8 xiangqi text each told right"
