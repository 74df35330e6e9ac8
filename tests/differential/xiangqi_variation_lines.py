#!/usr/bin/env python3
"""Every line of a xiangqi game's variations as a game of its own, for xiangqi_fen.sh.

Reads `pgnkit convert --moves iccs` output (one game with comments, NAGs and nested
variations) on standard input and writes, for each variation, a game whose moves are those
that lead to it followed by its own, so that `pgnkit fen` gives the positions of the
variation's moves (as convert replayed them) for Fairy-Stockfish to check.

Usage: xiangqi_variation_lines.py < converted.pgn > lines.pgn
"""
import re
import sys

text = sys.stdin.read()
head, _, movetext = text.partition("\n\n")
fen = re.search(r'^\[FEN "([^"]*)"\]', head, re.M)
movetext = re.sub(r"\{[^}]*\}|;[^\n]*", " ", movetext)  # comments
tokens = re.findall(r"[()]|[^\s()]+", movetext)

lines = []      # every variation, as its whole line of moves
stack = [[]]    # the open lines, the main line first
for t in tokens:
    if t == "(":
        stack.append(stack[-1][:-1])  # replaces the last move of the line it is in
    elif t == ")":
        lines.append(stack.pop())
    elif t.startswith("$") or re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", t):
        continue
    else:
        stack[-1].append(t)

for i, moves in enumerate(lines, 1):
    print(f'[Event "variation {i}"]')
    print('[Variant "xiangqi"]')
    if fen:
        print(f'[FEN "{fen.group(1)}"]')
    print()
    print(" ".join(moves) + " *")
    print()
