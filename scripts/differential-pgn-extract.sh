#!/usr/bin/env bash
# Differential check of `pgnkit validate` verdicts against pgn-extract (CTest:
# differential.pgn-extract).
#
#   scripts/differential-pgn-extract.sh [PGNKIT [LIST_GAMES]]
#
# PGNKIT is the pgnkit binary ($PGNKIT, default ./build/pgnkit under the repository root);
# LIST_GAMES the test tool tests/tools/list_games.cpp ($PGNKIT_LIST_GAMES, default
# tests/list_games next to the pgnkit binary). pgn-extract is $PGN_EXTRACT, else
# `pgn-extract` on PATH, else /usr/games/pgn-extract; installed with apt-get if missing.
# DIFF_KEEP=DIR keeps the work files (disagreements.tsv, per-file outputs) in DIR.
#
# Per file of tests/data/pgn/real (all) and tests/data/pgn/edge (*.pgn), reported separately:
#  * our verdicts: `pgnkit validate --format json` on that one file; a game is invalid when
#    it has a diagnostic of severity error (game numbers are per file, 1-based);
#  * pgn-extract's verdicts: `pgn-extract -s --quiet --nobadresults -o OUT FILE` writes the
#    games it accepts to OUT and drops those with errors (illegal or unknown moves, bad FEN,
#    and, with --nobadresults, a Result tag that contradicts the termination marker or the
#    final checkmate/stalemate). OUT is the most reliable per-game verdict pgn-extract gives:
#    its log (-l) attaches messages to line numbers that lag behind the game they concern.
#  * matching: tests/list_games lists every game of the input as our splitter sees it and
#    every game of OUT, keyed by Event, Site, Date, Round, White, Black, the number of
#    main-line moves and the position (Zobrist key) the main line reaches (pgn-extract
#    rewrites the Result value and the move text, so neither is in the key). Games
#    are aligned in order; a game of ours not found among the next few games of OUT was
#    rejected by pgn-extract (or split differently: the OUT games skipped over are counted
#    as "pgn-extract extra games").
#  * every game where one side says valid and the other invalid is a disagreement. Each must
#    be listed in tests/differential/pgn-extract-known.tsv (corpus, file, game, class; the
#    classes are explained in tests/differential/pgn-extract.md). The script prints every
#    disagreement with both verdicts and pgn-extract's message for that game alone, the
#    counts per class, and FAILS (exit 1) on a disagreement that is not listed or a listed
#    one that no longer occurs. Exit 2 on a setup error.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
pgnkit=${1:-${PGNKIT:-$root/build/pgnkit}}
list_games=${2:-${PGNKIT_LIST_GAMES:-$(dirname "$pgnkit")/tests/list_games}}
known=$root/tests/differential/pgn-extract-known.tsv
for b in "$pgnkit" "$list_games"; do
    if [[ ! -x $b ]]; then
        echo "differential-pgn-extract: no executable '$b' (build pgnkit and list_games)" >&2
        exit 2
    fi
done

find_pgn_extract() {
    if [[ -n ${PGN_EXTRACT:-} ]]; then
        echo "$PGN_EXTRACT"
    elif command -v pgn-extract >/dev/null 2>&1; then
        command -v pgn-extract
    elif [[ -x /usr/games/pgn-extract ]]; then
        echo /usr/games/pgn-extract
    fi
}
px=$(find_pgn_extract)
if [[ -z $px ]]; then
    echo "differential-pgn-extract: installing pgn-extract (apt-get)" >&2
    if [[ $(id -u) -eq 0 ]]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y pgn-extract >&2
    else
        sudo DEBIAN_FRONTEND=noninteractive apt-get install -y pgn-extract >&2
    fi
    px=$(find_pgn_extract)
fi
if [[ -z $px || ! -x $px ]]; then
    echo "differential-pgn-extract: pgn-extract not found" >&2
    exit 2
fi
if [[ ! -f $known ]]; then
    echo "differential-pgn-extract: missing $known" >&2
    exit 2
fi

if [[ -n ${DIFF_KEEP:-} ]]; then
    work=$DIFF_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi
: >"$work/disagreements.tsv"
: >"$work/stats.tsv"

# Our game numbers and first error per game from the NDJSON report: "game<TAB>code: message".
our_errors() {
    { grep '"severity":"error"' "$1" || true; } |
        sed -n 's/.*"game":\([0-9]*\),.*"code":"\([^"]*\)","severity":"error","message":"\(.*\)","games_affected":.*/\1\t\2: \3/p' |
        awk -F'\t' '!seen[$1]++'
}

# The text of lines [from, to] of a file (to = 0: to the end).
lines_of() {
    if [[ $3 -eq 0 ]]; then sed -n "$2,\$p" "$1"; else sed -n "$2,$3p" "$1"; fi
}

compare_file() { # corpus path
    local corpus=$1 path=$2 rel=${2#"$root"/} in=$work/in.pgn
    case $(head -c 4 "$path" | od -An -tx1 | tr -d ' \n') in
    28b52ffd) zstd -dc -q "$path" >"$in" ;;
    1f8b*) gzip -dc "$path" >"$in" ;;
    *) cp "$path" "$in" ;;
    esac
    "$list_games" "$in" >"$work/ours.list"
    local rc=0
    "$pgnkit" validate --format json --no-timing --no-progress --color never -j 1 "$in" \
        >"$work/ours.ndjson" 2>"$work/ours.err" || rc=$?
    if [[ $rc -gt 1 ]]; then
        echo "differential-pgn-extract: pgnkit validate failed on $rel (exit $rc)" >&2
        cat "$work/ours.err" >&2
        exit 2
    fi
    local games
    games=$(sed -n 's/^{"summary":.*"games":\([0-9]*\),.*/\1/p' "$work/ours.ndjson")
    if [[ $games != $(wc -l <"$work/ours.list") ]]; then
        echo "differential-pgn-extract: $rel: pgnkit validate counts '$games' games," \
            "list_games $(wc -l <"$work/ours.list")" >&2
        exit 2
    fi
    our_errors "$work/ours.ndjson" >"$work/ours.errors"
    rm -f "$work/px.pgn"
    "$px" -s --quiet --nobadresults -o "$work/px.pgn" -l "$work/px.log" "$in" \
        >/dev/null 2>&1 || true
    touch "$work/px.pgn"
    "$list_games" "$work/px.pgn" >"$work/px.list"
    # Align; print disagreements and a stats line.
    awk -F'\t' -v OFS='\t' -v corpus="$corpus" -v rel="$rel" -v look=8 \
        -v dis="$work/disagreements.tsv" -v stats="$work/stats.tsv" '
        function key(    k, i) { k = $4; for (i = 5; i <= 9; ++i) k = k "\x1f" $i; return k "\x1f" $11 "\x1f" $12 }
        FILENAME == ARGV[1] { err[$1] = $2; next }
        FILENAME == ARGV[2] { pk[++np] = key(); next }
        {
            n = $2; first[n] = $3; wb[n] = $8 " - " $9; mv[n] = $11; k = key()
            found = 0
            for (d = 0; d <= look && j + 1 + d <= np; ++d)
                if (pk[j + 1 + d] == k) { found = 1; break }
            if (found) { extra += d; j += d + 1; pxok[n] = 1 } else pxok[n] = 0
            games = n
        }
        END {
            extra += np - j
            for (n = 1; n <= games; ++n) {
                ours_ok = !(n in err)
                if (!ours_ok) ++ours_bad
                if (!pxok[n]) ++px_bad
                if (ours_ok != pxok[n]) {
                    nxt = (n < games) ? first[n + 1] - 1 : 0
                    print corpus, rel, n, first[n], nxt, wb[n], \
                        (ours_ok ? "valid" : "invalid: " err[n]), \
                        (pxok[n] ? "valid" : "invalid"), mv[n] >> dis
                }
            }
            print corpus, rel, games, ours_bad + 0, px_bad + 0, extra + 0 >> stats
        }' "$work/ours.errors" "$work/px.list" "$work/ours.list"
    # pgn-extract's own words for the games it rejected: run it on that game alone.
    awk -F'\t' -v rel="$rel" '$2 == rel && $8 == "invalid" { print $3 "\t" $4 "\t" $5 }' \
        "$work/disagreements.tsv" | while IFS=$'\t' read -r g from to; do
        lines_of "$in" "$from" "$to" >"$work/one.pgn"
        "$px" -s --quiet --nobadresults -o /dev/null -l "$work/one.log" "$work/one.pgn" \
            >/dev/null 2>&1 || true
        local msg
        msg=$({ grep -a -v -E '^[.pnbrqkPNBRQK]{8}$|^File .*: Line number: [0-9]+$|^ *$' \
            "$work/one.log" || true; } | head -3 | tr '\n\t' '  ' | cut -c1-200)
        [[ -z $msg ]] && msg="(no message: pgn-extract splits this game differently)"
        printf '%s\t%s\t%s\n' "$rel" "$g" "$msg" >>"$work/px-messages.tsv"
    done
}

: >"$work/px-messages.tsv"
while IFS= read -r f; do compare_file real "$f"; done \
    < <(find "$root/tests/data/pgn/real" -type f -name '*.pgn*' | sort)
while IFS= read -r f; do compare_file edge "$f"; done \
    < <(find "$root/tests/data/pgn/edge" -type f -name '*.pgn' | sort)

# Report and check against the known list. classify() derives each disagreement's class
# from both verdicts; the known list must name the same class (so a game that disagrees for
# a new reason fails too). Classes: tests/differential/pgn-extract.md.
awk -F'\t' -v OFS='\t' '
    function classify(ours, pxv, pxmsg, moves) {
        if (pxv == "valid") {
            if (ours ~ /already ended by fivefold/) return "fivefold-repetition"
            if (ours ~ /already ended by a dead position/) return "dead-position"
            if (ours ~ /already ended by the 75-move rule/) return "seventy-five-move"
            if (ours ~ /^invalid: result-contradicts-position/) return "result-contradicts-position"
            if (ours ~ /^invalid: result-mismatch/) return "result-mismatch"
            if (ours ~ /^invalid: unsupported-variant/) return "unsupported-variant"
            if (ours ~ /^invalid: bad-fen/) return "bad-fen"
            if (ours ~ /^invalid: bad-san: .h6\*/) return "glued-result"
            if (ours ~ /^invalid: bad-san/) return "piece-letters-language"
            return "other"
        }
        if (pxmsg ~ /^\(no message/) return (moves == 0 ? "no-movetext" : "pgn-extract-resync")
        if (pxmsg ~ /^Null moves/) return "null-move-main-line"
        if (pxmsg ~ /^Missing result/) return "missing-result"
        if (pxmsg ~ /Failed to make move [0-9.]* P[a-h]/) return "pawn-letter"
        if (pxmsg ~ /Unknown character|closing quote|Missing tag string/) return "malformed-tag"
        if (pxmsg ~ /variation/) return "variation-structure"
        return "other"
    }
    FILENAME == ARGV[1] {
        if ($0 ~ /^#/ || NF < 4) next
        cls[$2 "\t" $3] = $4; kcorpus[$2 "\t" $3] = $1; next
    }
    FILENAME == ARGV[2] { msg[$1 "\t" $2] = $3; next }
    FILENAME == ARGV[3] {
        games[$1] += $3; ob[$1] += $4; pb[$1] += $5; ex[$1] += $6; next
    }
    {
        id = $2 "\t" $3
        auto = classify($7, $8, msg[id], $9)
        if (!(id in cls)) {
            c = "UNEXPLAINED, looks like " auto
            ++unexplained
            newline = newline sprintf("%s\t%s\t%s\t%s\n", $1, $2, $3, auto)
        } else if (cls[id] != auto) {
            c = "CHANGED, listed as " cls[id] " but looks like " auto
            ++unexplained
        } else c = cls[id]
        seen[id] = 1
        ++count[$1 "\t" c]; ++dis[$1]
        line[$1] = line[$1] sprintf("  %s game %s (%s) [%s]\n      ours: %s\n      pgn-extract: %s%s\n",
            $2, $3, $6, c, $7, $8, (id in msg) ? " — " msg[id] : "")
    }
    END {
        for (id in cls) if (!(id in seen)) {
            ++stale
            staleline = staleline sprintf("  %s: listed as %s but no longer a disagreement\n", id, cls[id])
        }
        split("real edge", cs, " ")
        for (i = 1; i <= 2; ++i) {
            c = cs[i]
            printf "%s: %d games; pgnkit invalid %d, pgn-extract invalid %d, pgn-extract extra games %d; %d disagreements\n",
                c, games[c], ob[c], pb[c], ex[c], dis[c]
            printf "%s", line[c]
            for (k in count) { split(k, p, "\t"); if (p[1] == c) printf "  %s class %-28s %d\n", c, p[2], count[k] }
        }
        if (stale) printf "stale entries in pgn-extract-known.tsv:\n%s", staleline
        if (newline != "") printf "new lines for pgn-extract-known.tsv, if explained:\n%s", newline
        printf "%d unexplained disagreements, %d stale known entries\n", unexplained, stale
        exit (unexplained > 0 || stale > 0)
    }' "$known" "$work/px-messages.tsv" "$work/stats.tsv" "$work/disagreements.tsv"
