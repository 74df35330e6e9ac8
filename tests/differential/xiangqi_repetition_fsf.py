#!/usr/bin/env python3
"""The repetition findings of tests/tools/xiangqi_repetition over the ICCS corpus games, against
Fairy-Stockfish (Debian `fairy-stockfish`, UCI_Variant xiangqi): for every threefold repetition,
perpetual check and mutual perpetual check, its `d` at each ply of the cycle must show the same
board and side to move at the first and the third occurrence, and its "Checkers" line must agree
with the kind (the offender checks after every one of its moves and the other side does not;
both; neither). Perpetual chases have no oracle (Fairy-Stockfish has no word on them) and are
counted only.

Usage: xiangqi_repetition_fsf.py XIANGQI_REPETITION FILE.pgn.zst...
Prints one line per disagreement and a summary; exit status 1 on any disagreement."""
import os
import re
import shutil
import subprocess
import sys

# $FAIRY_STOCKFISH, else fairy-stockfish on PATH, else Debian's /usr/games/fairy-stockfish (as
# scripts/differential-xiangqi.sh finds it).
FSF = (os.environ.get('FAIRY_STOCKFISH') or shutil.which('fairy-stockfish')
       or '/usr/games/fairy-stockfish')

START = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
FINDING = re.compile(r'(.*) game (\d+): (threefold repetition|perpetual check|mutual perpetual '
                     r'check|perpetual chase) by (Red|Black), plies (\d+) (\d+) (\d+)')


def games(path):
    """Each game's ICCS moves (the corpus files: a tag block, then a movetext block)."""
    text = subprocess.run(['zstd', '-dc', path], capture_output=True, text=True, check=True).stdout
    out = []
    for block in re.split(r'\n\s*\n', text):
        if not block.strip():
            continue
        if block.lstrip().startswith('['):
            out.append([])
        else:
            out[-1] += re.findall(r'\b[a-i][0-9][a-i][0-9]\b', block)
    return out


def uci(m):  # ICCS ranks 0-9, Fairy-Stockfish's 1-10
    return m[0] + str(int(m[1]) + 1) + m[2] + str(int(m[3]) + 1)


def main():
    tool, files = sys.argv[1], sys.argv[2:]
    report = subprocess.run([tool] + files, capture_output=True, text=True, check=True).stdout
    moves = {f: games(f) for f in files}
    agree = disagree = chases = 0
    for line in report.splitlines():
        m = FINDING.match(line)
        if not m:
            continue
        path, n, kind, offender = m.group(1), int(m.group(2)), m.group(3), m.group(4)
        first, last = int(m.group(5)), int(m.group(7))
        if kind == 'perpetual chase':
            chases += 1
            continue
        line_moves = [uci(x) for x in moves[path][n - 1]]
        cmds = ['uci', 'setoption name UCI_Variant value xiangqi']
        for p in range(first, last + 1):
            cmds += ['position fen %s moves %s' % (START, ' '.join(line_moves[:p])), 'd']
        out = subprocess.run([FSF], input='\n'.join(cmds) + '\nquit\n',
                             capture_output=True, text=True).stdout.splitlines()
        check = [l.split(':', 1)[1].strip() != '' for l in out if l.startswith('Checkers:')]
        fens = [l.split()[1:3] for l in out if l.startswith('Fen:')]
        if len(check) != last - first + 1 or len(fens) != len(check):
            print('NO ANSWER', line)
            disagree += 1
            continue
        all_checks = {'Red': True, 'Black': True}
        for p in range(first + 1, last + 1):  # the move of ply p: Red's when p is odd
            if not check[p - first]:
                all_checks['Red' if p % 2 else 'Black'] = False
        other = 'Black' if offender == 'Red' else 'Red'
        expected = {'perpetual check': all_checks[offender] and not all_checks[other],
                    'mutual perpetual check': all_checks['Red'] and all_checks['Black'],
                    'threefold repetition': not all_checks['Red'] and not all_checks['Black']}
        if expected[kind] and fens[0] == fens[-1]:
            agree += 1
        else:
            disagree += 1
            print('DISAGREE', line, all_checks, fens[0], fens[-1])
    print('%d passed, %d failed (findings agreeing with Fairy-Stockfish; %d chases without an '
          'oracle)' % (agree, disagree, chases))
    return 1 if disagree or agree == 0 else 0


sys.exit(main())
