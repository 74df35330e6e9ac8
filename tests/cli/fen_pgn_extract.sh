#!/usr/bin/env bash
# pgnkit fen against pgn-extract's own expected outputs (tests/data/pgn/edge/pgn-extract/expected):
# -Wepd (an EPD per position) and --fencomments (a FEN after every move), both of barnes-horton.pgn.
# Differences on purpose, tested here as differences:
#   * pgn-extract writes an en-passant square after every double step (our --ep always);
#     by default (--ep legal) we write it only when a legal capture exists (FIDE identity);
#   * pgn-extract's c0/c1 operands are unquoted; we quote EPD string operands (PGN standard §16.2.4).
# Usage: fen_pgn_extract.sh PGNKIT
set -uo pipefail
pgnkit=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dir=$here/data/pgn/edge/pgn-extract
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
check() { if [[ $2 == ok ]]; then echo "PASS $1"; else echo "FAIL $1: $2"; failed=1; fi; }

# 1. -Wepd: the positions (4 fields) are identical with --ep always, start position included.
"$pgnkit" fen -j1 --no-progress -f epd --start --ep always "$dir/barnes-horton.pgn" > "$tmp/ours.epd"
grep -v "^$" "$dir/expected/test-WWepd-out.pgn" | cut -d" " -f1-4 > "$tmp/theirs.4"
cut -d' ' -f1-4 "$tmp/ours.epd" > "$tmp/ours.4"
if diff -q "$tmp/ours.4" "$tmp/theirs.4" >/dev/null; then check epd.positions ok; else check epd.positions "$(diff "$tmp/ours.4" "$tmp/theirs.4" | head -5)"; fi
check epd.count "$([[ $(wc -l < "$tmp/ours.epd") == $(grep -c . "$dir/expected/test-WWepd-out.pgn") ]] && echo ok || echo 'line counts differ')"
# c0/c1 carry the same text, quoted by us, bare by pgn-extract.
theirs_c0=$(head -1 "$dir/expected/test-WWepd-out.pgn" | sed 's/.* c0 \(.*\); c1 .*/\1/')
ours_c0=$(head -1 "$tmp/ours.epd" | sed 's/.* c0 "\(.*\)"; c1 .*/\1/')
check epd.c0-same-text "$([[ $theirs_c0 == "$ours_c0" ]] && echo ok || echo "'$ours_c0' vs '$theirs_c0'")"
check epd.c0-quoted "$(head -1 "$tmp/ours.epd" | grep -q ' c0 "' && echo ok || echo 'c0 not quoted')"
check epd.c1 "$(head -1 "$tmp/ours.epd" | grep -q ' c1 "1/2-1/2";$' && echo ok || echo 'c1 differs')"
# The documented ep difference: with --ep legal the double steps without a capture lose their square.
"$pgnkit" fen -j1 --no-progress -f epd --start "$dir/barnes-horton.pgn" | cut -d' ' -f1-4 > "$tmp/legal.4"
n_diff=$(diff "$tmp/legal.4" "$tmp/theirs.4" | grep -c '^<' || true)
n_ep=$(awk '$4 != "-"' "$tmp/theirs.4" | wc -l)
check epd.legal-ep-differs-only-in-ep "$([[ $n_diff -le $n_ep ]] && diff <(cut -d' ' -f1-3 "$tmp/legal.4") <(cut -d' ' -f1-3 "$tmp/theirs.4") >/dev/null && echo ok || echo "unexpected differences")"

# 2. --fencomments: every FEN comment of the expected output, in order, equals ours (--ep always).
tr '\n' ' ' < "$dir/expected/test-fencomments-out.pgn" | grep -o '{ [^}]* }' |
    sed 's/^{ //; s/ }$//' | grep -E '^[1-8pnbrqkPNBRQK/]+ [wb] ' > "$tmp/theirs.fen"
"$pgnkit" fen -j1 --no-progress --ep always --variations "$dir/barnes-horton.pgn" > "$tmp/ours.fen"
if diff -q "$tmp/ours.fen" "$tmp/theirs.fen" >/dev/null; then check fencomments ok; else check fencomments "$(diff "$tmp/ours.fen" "$tmp/theirs.fen" | head -5)"; fi
exit $failed
