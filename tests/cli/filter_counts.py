#!/usr/bin/env python3
"""Counts games per tag criterion with a reading of the PGN text of its own (no pgnkit code),
and checks that `pgnkit filter --count` finds the same number on each file (CTest
cli.filter-counts).

    tests/cli/filter_counts.py PGNKIT FILE...

FILE may be .zst (read through `zstd -dc`). The criteria and how this script decides them
(what `pgnkit filter --help` and docs/GUIDE.md promise):
  --player/--white/--black NAME  the name folded (lower case, accents dropped, every run of
                                 characters that are not letters or digits one blank) is a
                                 prefix of the folded value at the start of one of its words
  --result LIST                  the Result tag is one of the values
  --eco A..B                     the ECO tag (its first three characters, a letter A-E and two
                                 digits) within the range
  --elo RANGE / --elo-white      both ratings (White's) numbers within the range
  --date RANGE                   every day the Date tag may be (?? parts) lies in the range
  --has-tag NAME / --tag N=V     the tag is present / has exactly that value
Prints one line per file and criterion; exits 1 when a count differs, 2 on a setup error.
"""

import calendar
import re
import subprocess
import sys
import unicodedata

TAG = re.compile(rb'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
# A tag line whose value holds unescaped quotes ([Annotator "Lopez "Battle Royale""]): the
# value runs from the first quote to the last one of the line, as pgnkit reads it.
LOOSE_TAG = re.compile(rb'\[\s*([A-Za-z0-9_]+)\s+"(.*)"\s*\]\s*$')


def read_text(path):
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], check=True, stdout=subprocess.PIPE).stdout
    with open(path, "rb") as f:
        return f.read()


def games(data):
    """Yields the tag section (bytes) of each game: a run of tag lines that follows movetext,
    a blank line or the start; braces comments of the movetext are skipped, so a line of a
    comment that starts with '[' begins no game."""
    tags = []
    in_comment = False
    in_tags = False
    for line in data.split(b"\n"):
        line = line.rstrip(b"\r")
        if in_comment:
            close = line.find(b"}")
            if close < 0:
                continue
            in_comment = False
            line = line[close + 1:]
            rest_is_movetext = True
        else:
            rest_is_movetext = False
        stripped = line.lstrip(b" \t")
        if not rest_is_movetext and stripped.startswith(b"%"):
            continue
        if not rest_is_movetext and stripped.startswith(b"["):
            if not in_tags:
                if tags:
                    yield b"\n".join(tags)
                tags = []
                in_tags = True
            tags.append(stripped)
            continue
        if stripped.strip():
            in_tags = False
            # Movetext: follow braces ({ } may hold anything) and ; comments.
            i = 0
            while i < len(line):
                c = line[i:i + 1]
                if c == b";":
                    break
                if c == b"{":
                    close = line.find(b"}", i + 1)
                    if close < 0:
                        in_comment = True
                        break
                    i = close
                i += 1
        else:
            in_tags = False
    if tags:
        yield b"\n".join(tags)


def tag_dict(section):
    try:
        text_of = lambda b: b.decode("utf-8")
        section.decode("utf-8")
    except UnicodeDecodeError:
        text_of = lambda b: b.decode("cp1252", errors="replace")
    out = {}
    for line in section.split(b"\n"):
        found = list(TAG.finditer(line)) or [m for m in [LOOSE_TAG.match(line)] if m]
        for m in found:
            name = m.group(1).decode("ascii")
            if name in out:
                continue  # the first of a repeated name counts
            value = re.sub(rb"\\(.)", rb"\1", m.group(2))
            out[name] = text_of(value)
    return out


SPECIAL = {"ß": "ss", "æ": "ae", "Æ": "ae", "ø": "o", "Ø": "o", "ł": "l", "Ł": "l", "đ": "d",
           "Đ": "d", "ð": "d", "Ð": "d", "þ": "th", "Þ": "th", "œ": "oe", "Œ": "oe", "ı": "i"}


def fold(text):
    out = []
    for ch in text:
        ch = SPECIAL.get(ch, ch)
        for c in unicodedata.normalize("NFKD", ch):
            if unicodedata.combining(c):
                continue
            out.append(c.lower() if c.isalnum() else " ")
    return " ".join("".join(out).split())


def name_matches(value, query):
    v, q = fold(value), fold(query)
    return v.startswith(q) or (" " + q) in (" " + v)


def number(value):
    try:
        return float(value) if value is not None and re.fullmatch(r"[+-]?\d+(\.\d+)?", value.strip()) else None
    except ValueError:
        return None


def date_span(value):
    """The first and last day (yyyymmdd) the Date value may be, or None."""
    if value is None:
        return None
    parts = re.split(r"[./-]", value.strip())
    if not parts or not re.fullmatch(r"\d{1,4}", parts[0]) or len(parts) > 3:
        return None
    y = int(parts[0])
    month = day = None
    if len(parts) > 1:
        p = parts[1]
        if re.fullmatch(r"\d{1,2}", p) and int(p) != 0:
            month = int(p)
            if month > 12:
                return None
        elif not re.fullmatch(r"\?*|0+", p):
            return None
    if len(parts) > 2:
        p = parts[2]
        if re.fullmatch(r"\d{1,2}", p) and int(p) != 0:
            if month is not None:
                day = int(p)
                if day > calendar.monthrange(y, month)[1]:
                    return None
        elif not re.fullmatch(r"\?*|0+", p):
            return None
    if month is None:
        return (y * 10000 + 101, y * 10000 + 1231)
    if day is None:
        return (y * 10000 + month * 100 + 1, y * 10000 + month * 100 + calendar.monthrange(y, month)[1])
    d = y * 10000 + month * 100 + day
    return (d, d)


def eco_in(value, lo, hi):
    if value is None or not re.match(r"[A-Ea-e]\d\d", value):
        return False
    return lo <= value[:3].upper() <= hi


# (pgnkit arguments, the same test in Python)
CRITERIA = [
    (["--player", "Carlsen"], lambda t: name_matches(t.get("White", ""), "Carlsen") or name_matches(t.get("Black", ""), "Carlsen")),
    (["--player", "kasparov g"], lambda t: name_matches(t.get("White", ""), "kasparov g") or name_matches(t.get("Black", ""), "kasparov g")),
    (["--white", "Anand"], lambda t: name_matches(t.get("White", ""), "Anand")),
    (["--black", "fischer"], lambda t: name_matches(t.get("Black", ""), "fischer")),
    (["--result", "1-0"], lambda t: t.get("Result") == "1-0"),
    (["--result", "1/2-1/2,0-1"], lambda t: t.get("Result") in ("1/2-1/2", "0-1")),
    (["--eco", "B20..B99"], lambda t: eco_in(t.get("ECO"), "B20", "B99")),
    (["--elo", "2600.."], lambda t: (number(t.get("WhiteElo")) or 0) >= 2600 and (number(t.get("BlackElo")) or 0) >= 2600),
    (["--elo-white", "..1999"], lambda t: number(t.get("WhiteElo")) is not None and number(t.get("WhiteElo")) <= 1999),
    (["--date", "1990..1999"], lambda t: (lambda s: s is not None and 19900101 <= s[0] and s[1] <= 19991231)(date_span(t.get("Date")))),
    (["--date", "2016.05"], lambda t: (lambda s: s is not None and 20160501 <= s[0] and s[1] <= 20160531)(date_span(t.get("Date")))),
    (["--date", "1995.03.."], lambda t: (lambda s: s is not None and 19950301 <= s[0])(date_span(t.get("Date")))),
    (["--has-tag", "Annotator"], lambda t: "Annotator" in t),
    (["--tag", "Round=1"], lambda t: t.get("Round") == "1"),
]


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    pgnkit, files = sys.argv[1], sys.argv[2:]
    bad = 0
    for path in files:
        sections = [tag_dict(s) for s in games(read_text(path))]
        for args, test in CRITERIA:
            ours = sum(1 for t in sections if test(t))
            run = subprocess.run([pgnkit, "filter", "--count", "--jobs", "2", *args, path],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if run.returncode not in (0, 1):
                print(f"{path}: pgnkit filter {' '.join(args)} failed: {run.stderr.strip()}",
                      file=sys.stderr)
                return 2
            theirs = int(run.stdout.split()[0])
            mark = "" if ours == theirs else "  MISMATCH"
            bad += ours != theirs
            print(f"{path.split('/')[-1]:40} {' '.join(args):28} script {ours:6}  pgnkit {theirs:6}{mark}")
    print(f"{bad} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
