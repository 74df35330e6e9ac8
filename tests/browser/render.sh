#!/usr/bin/env bash
# Browser test of the HTML reports: generate `pgnkit stats --html` and `pgnkit validate --html`
# from real corpus files, check their numbers against the JSON outputs, render each page with
# headless Chromium to a PNG, and check the PNG is not blank and the page logged no errors.
# Then measure a copy of each page in the browser (measure.js, injected: the reports have no
# scripts): no chart text overlaps another or sticks out of its chart, every bin has its bar,
# empty tables say "no data", validate's bars by code are ordered by count and coloured by
# severity, and the valid games' warnings are in a collapsed section that opens.
#
# Usage: tests/browser/render.sh PGNKIT [OUTDIR]
#   PGNKIT  the binary to test
#   OUTDIR  where the reports, PNGs and logs are kept (default: a temporary directory,
#           removed afterwards); look at the PNGs there
# Installs Debian's chromium with apt-get when it is missing (as root); exit 77 (skipped)
# when no browser can be had. Exit 0 all checks passed, 1 a check failed.
set -euo pipefail

pgnkit=${1:?usage: render.sh PGNKIT [OUTDIR]}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
check=$here/check_report.py
export LC_ALL=C.UTF-8

if [[ -n ${2:-} ]]; then
    out=$2
    mkdir -p "$out"
else
    out=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-browser.XXXXXX")
    trap 'rm -rf "$out"' EXIT
fi
out=$(cd "$out" && pwd)

browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
        echo "render.sh: installing chromium with apt-get"
        export DEBIAN_FRONTEND=noninteractive
        apt-get install -y --no-install-recommends chromium >"$out/apt.log" 2>&1 ||
            { apt-get update >>"$out/apt.log" 2>&1 &&
                apt-get install -y --no-install-recommends chromium >>"$out/apt.log" 2>&1; } ||
            true
        browser=$(command -v chromium || true)
    fi
    if [[ -z $browser ]]; then
        echo "render.sh: SKIP: no chromium (and it could not be installed)"
        exit 77
    fi
fi

fail=0
step() { printf '== %s\n' "$*"; }
bad() {
    printf 'FAIL: %s\n' "$*"
    fail=1
}

# --- the reports, from real games ------------------------------------------------------------
real=$root/tests/data/pgn/real
# Three pages. stats: varied, a modern sample (TWIC, lichess), a match, old games (years
# without games between). stats-elo: eleven Elo bins (labels wider than their columns).
# stats-old: games of the 18th and 19th centuries: no Elo (an empty table), gaps in the years.
stats_pages=(stats stats-elo stats-old)
stats_in=("$root/data/sample.pgn.zst" "$real/matches/WorldChamp1972.pgn.zst"
    "$real/twic/twic-01-232games.pgn.zst" "$real/pgnmentor-players/Philidor.pgn.zst"
    "$real/pgnmentor-players/Morphy.pgn.zst" "$real/pgnmentor-players/Steinitz.pgn.zst")
stats_elo_in=("$real/matches/world_matches.pgn.zst" "$real/pgnmentor-players/Ding.pgn.zst")
stats_old_in=("$real/pgnmentor-players/Philidor.pgn.zst" "$real/pgnmentor-players/Morphy.pgn.zst"
    "$real/pgnmentor-players/Steinitz.pgn.zst")
stats_page() { # NAME FILES...: NAME.html and NAME.json
    local name=$1
    shift
    step "pgnkit stats --html $name.html (${*##*/})"
    "$pgnkit" stats --no-progress -j2 --html "$out/$name.html" --format json \
        -o "$out/$name.json" "$@" || bad "stats exited with $?"
}
stats_page stats "${stats_in[@]}"
stats_page stats-elo "${stats_elo_in[@]}"
stats_page stats-old "${stats_old_in[@]}"
# The invalid games: every code of the golden file, the xiangqi games with illegal moves (one
# page holds both games' boards), and real files (valid games with warnings:
# move numbers of New York 1924; a few errors beside many warnings in the sample).
val_in=("$root/tests/golden/validate/codes.pgn" "$real/engine/sunfish-3fold.pgn.zst"
    "$real/annotated/newyork1924.pgn.zst" "$root/data/sample.pgn.zst"
    "$root/tests/golden/validate-xiangqi/illegal.pgn")
step "pgnkit validate --html (${val_in[*]##*/})"
rc=0
"$pgnkit" validate --no-progress --no-timing -j2 --html "$out/validate.html" \
    --format json "${val_in[@]}" >"$out/validate.json" || rc=$?
[[ $rc == 1 ]] || bad "validate exited with $rc (expected 1: invalid games)"
rc=0
"$pgnkit" validate --no-progress -q --no-summary -j2 --html "$out/validate-capped.html" \
    --html-max 3 "${val_in[@]}" || rc=$?
[[ $rc == 1 ]] || bad "validate --html-max exited with $rc"

step "numbers and self-containment"
for f in "${stats_pages[@]}"; do
    python3 "$check" stats "$out/$f.html" "$out/$f.json" || bad "$f charts != JSON"
done
python3 "$check" validate "$out/validate.html" "$out/validate.json" || bad "validate chart != JSON"
for f in "${stats_pages[@]}" validate validate-capped; do
    python3 "$check" static "$out/$f.html" || bad "$f.html is not self-contained"
done
n=$(grep -c '<section class="game"' "$out/validate-capped.html" || true)
[[ $n == 3 ]] || bad "--html-max 3 drew $n game blocks"
grep -q 'listed without a board' "$out/validate-capped.html" || bad "the capped page does not say so"
# Each invalid xiangqi game drawn on a xiangqi board (9 x 10 points: 90 point cells), its
# coordinate moves as arrows.
"$pgnkit" validate --no-timing -f json "$root/tests/golden/validate-xiangqi/illegal.pgn" \
    >"$out/validate-xiangqi.json" || true
xq_games=$(python3 -c 'import json, sys
print(len({d["game"] for d in map(json.loads, open(sys.argv[1])) if d.get("severity") == "error" and d.get("fen")}))' \
    "$out/validate-xiangqi.json")
xq_boards=$(grep -c '<figure class="board" data-game="xiangqi"' "$out/validate.html" || true)
[[ $xq_games -gt 0 && $xq_boards == "$xq_games" ]] ||
    bad "validate --html: $xq_boards xiangqi boards for $xq_games invalid xiangqi games"
xq_arrows=$(grep -c '<figure class="board" data-game="xiangqi" data-arrows="1"' "$out/validate.html" || true)
[[ $xq_arrows -gt 0 ]] || bad "validate --html: no xiangqi move drawn as an arrow"

# --- rendering ---------------------------------------------------------------------------------
browse() { # COMMAND...: runs it once more when it fails (chromium can crash on a loaded machine)
    "$@" && return 0
    echo "render.sh: '$3 ... ${*: -1}' failed with $?; once more" >&2
    "$@"
}
render() { # NAME: screenshot and DOM of $out/NAME.html, console log in NAME.log
    local name=$1 profile
    profile=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-chromium.XXXXXX")
    local flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
        --disable-background-networking --disable-component-update --disable-sync
        --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$profile"
        --enable-logging=stderr --v=0 --window-size=1200,2000)
    browse timeout 60 "$browser" "${flags[@]}" --screenshot="$out/$name.png" \
        "file://$out/$name.html" >"$out/$name.log" 2>&1 || bad "chromium failed on $name.html"
    browse timeout 60 "$browser" "${flags[@]}" --dump-dom "file://$out/$name.html" \
        >"$out/$name.dom.html" 2>>"$out/$name.log" || bad "chromium --dump-dom failed on $name"
    rm -rf "$profile"
    [[ -s $out/$name.png ]] || { bad "no screenshot of $name"; return; }
    python3 "$check" png "$out/$name.png" || bad "$name.png looks blank"
    if grep -E 'Uncaught|:CONSOLE|Failed to load resource|net::ERR_' \
        "$out/$name.log"; then
        bad "$name.html logged console errors"
    fi
    # The browser parsed the whole page (the footer is its last element).
    grep -q '<footer>' "$out/$name.dom.html" || bad "$name: the DOM has no footer"
    # The xiangqi boards are SVG the browser read (each an <svg> in its figure).
    if [[ $name == validate ]]; then
        local xq
        xq=$(python3 -c 'import re,sys; t=open(sys.argv[1]).read(); print(len(re.findall(r"<figure class=\"board\" data-game=\"xiangqi\"[^>]*>\s*<svg", t)))' "$out/$name.dom.html")
        [[ $xq == "$xq_boards" ]] || bad "$name: $xq of $xq_boards xiangqi boards are SVG in the DOM"
    fi
    local svgs
    svgs=$(grep -o '<svg' "$out/$name.dom.html" | wc -l)
    echo "$name: DOM has $svgs <svg> elements"
    [[ $svgs -gt 0 ]] || bad "$name: no SVG in the DOM"
    # Measured in the browser: a copy of the page with measure.js at its end.
    python3 "$check" inject "$out/$name.html" "$out/$name.measure.html" "$here/measure.js"
    profile=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-chromium.XXXXXX")
    browse timeout 60 "$browser" "${flags[@]/--user-data-dir=*/--user-data-dir=$profile}" --dump-dom \
        "file://$out/$name.measure.html" >"$out/$name.measure.dom.html" 2>>"$out/$name.log" ||
        bad "chromium --dump-dom failed on $name.measure.html"
    rm -rf "$profile"
}
step "chromium: $("$browser" --version 2>/dev/null | head -1)"
for f in "${stats_pages[@]}" validate; do render "$f"; done
for f in "${stats_pages[@]}"; do
    python3 "$check" measured-stats "$out/$f.measure.dom.html" "$out/$f.json" ||
        bad "$f.html in the browser"
done
python3 "$check" measured-validate "$out/validate.measure.dom.html" "$out/validate.json" ||
    bad "validate.html in the browser"

if [[ $fail == 0 ]]; then
    echo "render.sh: all checks passed (output in $out)"
else
    echo "render.sh: FAILED (output in $out)"
fi
exit $fail
