#!/usr/bin/env bash
# Inputs people have (CTest cli.inputs, label cli): bzip2, xz, lzma, zip, 7z and tar inputs read
# in-process, member by member under the name ARCHIVE:MEMBER; damaged archives (the games
# before the damage, then an I/O error naming the member, exit 2); archives on stdin; binary
# data that is not PGN (one error for the input); inputs without games (one warning, in every
# command alike). The archives are made here, at test time, from tests/data.
#
#   tests/cli/inputs.sh PGNKIT
#
# Every check prints "PASS name" or "FAIL name: why"; the script exits 1 if any check failed.
# Needs: zstd, bzip2, xz, bsdtar (Debian libarchive-tools).
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
for tool in zstd bzip2 xz bsdtar; do
    command -v "$tool" >/dev/null || {
        echo "inputs.sh: $tool is needed (scripts/install-deps.sh --test)" >&2
        exit 2
    }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-inputs.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2

failed=0
pass() { echo "PASS $1"; }
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}
# expect NAME ACTUAL EXPECTED
expect() {
    if [[ $2 == "$3" ]]; then pass "$1"; else fail "$1" "got '$2', expected '$3'"; fi
}
# run CMD… — runs pgnkit; sets $out, $err and $rc.
run() {
    "$pgnkit" "$@" >out.txt 2>err.txt
    rc=$?
    out=$(tr -d '\0' <out.txt)
    err=$(tr -d '\0' <err.txt)
}
summary_of() { grep '^summary:' <<<"$1"; }

# --- the material ---------------------------------------------------------------------------
zstd -dq -c "$root/tests/data/pgn/real/twic/twic1599_1000k.pgn.zst" >twic.pgn
zstd -dq -c "$root/tests/data/pgn/real/twic/twic-01-232games.pgn.zst" >twic01.pgn
# One game with an illegal move at line 3, column 13.
printf '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n' >bad.pgn
printf 'These games are from TWIC.\n' >README.txt
run validate -q --no-timing --no-progress twic.pgn
plain_summary="$(summary_of "$out") rc=$rc"

# --- compressed streams: the same games as the plain text -------------------------------------
bzip2 -kc twic.pgn >twic.pgn.bz2
xz -kc twic.pgn >twic.pgn.xz
xz --format=lzma -kc twic.pgn >twic.pgn.lzma
for f in twic.pgn.bz2 twic.pgn.xz twic.pgn.lzma; do
    run validate -q --no-timing --no-progress "$f"
    expect "stream-$f" "$(summary_of "$out") rc=$rc" "$plain_summary"
done
run validate -q --no-timing --no-progress - <twic.pgn.bz2
expect "stream-stdin-bz2" "$(summary_of "$out") rc=$rc" "$plain_summary"

# --- archives: members in order, each an input of its own -----------------------------------
mkdir -p m && cp twic01.pgn bad.pgn m/
run validate -q --no-timing --no-progress m/twic01.pgn m/bad.pgn
two_summary="$(summary_of "$out") rc=$rc"
(cd m && bsdtar -cf ../games.zip --format zip twic01.pgn bad.pgn)
(cd m && bsdtar -cf ../games.7z --format 7zip twic01.pgn bad.pgn)
(cd m && bsdtar -cf ../games.tar twic01.pgn bad.pgn)
(cd m && bsdtar -czf ../games.tar.gz twic01.pgn bad.pgn)
(cd m && bsdtar -cf - twic01.pgn bad.pgn | zstd -q >../games.tar.zst)
(cd m && bsdtar -cJf ../games.tar.xz twic01.pgn bad.pgn)
for f in games.zip games.7z games.tar games.tar.gz games.tar.zst games.tar.xz; do
    for j in 1 2; do
        run validate --no-timing --no-progress --jobs $j "$f"
        located=$(grep -c "^$f:bad.pgn:3:13: error" <<<"$out")
        expect "archive-$f-j$j" "$located $(summary_of "$out") rc=$rc" "1 $two_summary"
    done
done
run validate --no-timing --no-progress - <games.zip
expect "archive-stdin-zip" "$(grep -c '^-:bad.pgn:3:13: error' <<<"$out") rc=$rc" "1 rc=1"
run validate --no-timing --no-progress - <games.tar.gz
expect "archive-stdin-tar.gz" "$(grep -c '^-:bad.pgn:3:13: error' <<<"$out") rc=$rc" "1 rc=1"
# 7z keeps its index at its end: from a pipe it cannot be read (an error, not a silence).
run validate -q --no-timing --no-progress - < <(cat games.7z)
expect "archive-7z-from-pipe" "$rc $(grep -c '^pgnkit validate: error: <stdin>: .*7z' <<<"$err")" "2 1"
# fen reads the members too, named in its messages.
run fen --no-progress games.zip
expect "archive-fen" "$rc $(grep -c '^games.zip:bad.pgn:3:13' <<<"$err")" "1 1"

# A member that is no regular file is skipped and said; a README is read like any file.
ln -s twic01.pgn m/latest.pgn
cp README.txt m/
(cd m && bsdtar -cf ../links.tar twic01.pgn latest.pgn README.txt)
run validate -q --no-timing --no-progress m/twic01.pgn m/README.txt
with_readme="$(summary_of "$out")"
run validate -q --no-timing --no-progress links.tar
expect "archive-symlink-skipped" \
    "$(grep -c '^pgnkit validate: warning: links.tar:latest.pgn: skipped: a symbolic link$' <<<"$err") $(summary_of "$out")" \
    "1 $with_readme"

# --- damaged archives: the games before the damage, then an I/O error naming the member -----
bzip2 -1c twic.pgn >small-blocks.pgn.bz2 # blocks of 100 kB: a cut leaves whole blocks before it
head -c $((($(wc -c <small-blocks.pgn.bz2)) * 2 / 3)) small-blocks.pgn.bz2 >cut.pgn.bz2
head -c $((($(wc -c <twic.pgn.xz)) * 2 / 3)) twic.pgn.xz >cut.pgn.xz
(cd m && cp ../twic.pgn . && bsdtar -cf ../cut-src.zip --format zip bad.pgn twic.pgn)
head -c $((($(wc -c <cut-src.zip)) * 2 / 3)) cut-src.zip >cut.zip
for f in cut.pgn.bz2 cut.pgn.xz; do
    run validate -q --no-timing --no-progress "$f"
    games=$(sed -n 's/^summary: 1 file, \([0-9]*\) games.*/\1/p' <<<"$out")
    expect "damaged-$f" "$rc $(grep -c "^pgnkit validate: error: $f: " <<<"$err") $((games > 100))" "2 1 1"
done
run validate -q --no-timing --no-progress cut.zip
games=$(sed -n 's/^summary: 2 files, \([0-9]*\) games.*/\1/p' <<<"$out")
expect "damaged-zip" "$rc $(grep -c '^pgnkit validate: error: cut.zip:twic.pgn: ' <<<"$err") $((games > 100))" \
    "2 1 1"

# --- binary data: one error for the input, no game ------------------------------------------
head -c 20000 "$pgnkit" >program.exe
printf '\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0\x1f\xf3\xffa' >image.png
for f in program.exe image.png; do
    for cmd in validate fen convert stats; do
        run $cmd --no-progress "$f"
        expect "binary-$f-$cmd" "$rc $(wc -l <err.txt) $(grep -c "^pgnkit $cmd: error: $f: not PGN text: binary data at byte [0-9]*$" <<<"$err")" \
            "2 1 1"
    done
done
run validate -q --no-timing --no-progress image.png
expect "binary-png-at" "$err" "pgnkit validate: error: image.png: not PGN text: binary data at byte 9"
# In an archive, a member that is binary data is one error; the members after it are read.
cp image.png m/
(cd m && bsdtar -cf ../with-image.zip --format zip image.png twic01.pgn bad.pgn)
for j in 1 2; do
    run validate -q --no-timing --no-progress --jobs $j with-image.zip
    expect "binary-member-j$j" "$rc|$err|$(summary_of "$out")" \
        "2|pgnkit validate: error: with-image.zip:image.png: not PGN text: binary data at byte 9|$(summary_of "$(sed 's/^summary: 2 files/summary: 3 files/' <<<"${two_summary% rc=*}")")"
done
# A PGN with a stray control byte is read as before.
printf '[Event "x"]\n\n1. e4 \x01e5 *\n' >stray.pgn
run validate -q --no-timing --no-progress stray.pgn
expect "binary-stray-byte-is-text" "$(summary_of "$out" | cut -d: -f2)" " 1 file, 1 game"

# --- inputs without games: one warning, every command alike ---------------------------------
: >empty.pgn
printf '\n\n  \n' >blank.pgn
for cmd in validate fen convert stats; do
    run $cmd --no-progress empty.pgn blank.pgn
    expect "empty-$cmd" "$rc|$err" \
        "0|pgnkit $cmd: warning: no games in empty.pgn
pgnkit $cmd: warning: no games in blank.pgn"
done
run validate --no-progress -q - <empty.pgn
expect "empty-stdin" "$rc|$err" "0|pgnkit validate: warning: no games in <stdin>"
: >m/empty.pgn
(cd m && bsdtar -cf ../with-empty.zip --format zip empty.pgn bad.pgn)
run validate -q --no-timing --no-progress --jobs 2 with-empty.zip
expect "empty-member" "$rc|$err" "1|pgnkit validate: warning: no games in with-empty.zip:empty.pgn"

if ((failed)); then
    echo "inputs.sh: $failed check(s) failed"
    exit 1
fi
echo "inputs.sh: all checks passed"
