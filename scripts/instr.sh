#!/usr/bin/env bash
# Instruction counts of pgnkit builds (valgrind's callgrind): the same work measured the same
# way every time, where timings on a shared machine move by 5% and more (scripts/ab.sh). Each
# binary runs once per file under callgrind; the report gives the instructions executed, per
# ply (plies from pgnkit's own summary), and against the first binary. Instructions are not
# time (a mispredicted branch or a cache miss costs many), so time a change too before
# trusting it; -b adds callgrind's simple branch-predictor model, a rough guide to mispredicts.
#
#   scripts/instr.sh [-b] [-m MB] [-t TOP] [-a "ARGS"] BIN_A [BIN…] -- FILE…
#
#   -m MB     read the first MB megabytes of each file, up to the last game that begins in
#             them (default 4; 0: the whole file)
#   -a ARGS   the pgnkit arguments before the file (default "validate -q --jobs 1 --no-progress")
#   -b        simulate branch prediction (conditional and indirect branches, and mispredicts)
#   -t TOP    also list the TOP functions with the most instructions of their own, for the
#             first binary and each file (a build with -g names their files and lines:
#             scripts/build.sh -DCMAKE_CXX_FLAGS=-g in a copy of the tree)
#   -c        also count, for each binary, the instructions it executes in the cold parts GCC
#             split off its functions (`[clone .cold]`, from the profile of a PGO build): a
#             hot path the training laid out as never taken jumps there and back (session 34
#             found one on every move of validate; a few thousand at start-up are the
#             command line's set-up)
#
# For a file, e.g. /tmp/pgnkit-bench/otb.pgn (scripts/bench.sh validate builds it).
set -euo pipefail

mb=4
args="validate -q --jobs 1 --no-progress"
branch=0
top=0
cold=0
while getopts "bcm:t:a:" opt; do
    case $opt in
    b) branch=1 ;;
    c) cold=1 ;;
    m) mb=$OPTARG ;;
    t) top=$OPTARG ;;
    a) args=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
# shellcheck source=scripts/bins-files.sh
source "$(dirname "${BASH_SOURCE[0]}")/bins-files.sh"
bins_and_files 1 "scripts/instr.sh [-b] [-c] [-m MB] [-t TOP] [-a ARGS] BIN_A [BIN...] -- FILE..." "$@"
if ! command -v valgrind >/dev/null; then
    echo "instr.sh: installing valgrind with apt-get" >&2
    sudo=""
    [[ $(id -u) -ne 0 ]] && sudo=sudo
    $sudo apt-get install -y valgrind >&2 || { echo "instr.sh: cannot install valgrind" >&2; exit 2; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The events of a callgrind output file's totals line: "Ir [Bc Bcm Bi Bim]".
totals() { sed -n 's/^totals: //p; s/^summary: //p' "$1" | head -n 1; }

for f in "${files[@]}"; do
    input=$f
    if [[ $mb != 0 ]]; then
        input=$tmp/input.pgn
        head -c $((mb * 1000000)) "$f" >"$tmp/head"
        # Up to the last game that begins in the slice (its tag section's first line).
        cut=$(grep -a -b -o '^\[Event ' "$tmp/head" | tail -n 1 | cut -d: -f1 || true)
        if [[ -n $cut && $cut -gt 0 ]]; then head -c "$cut" "$tmp/head" >"$input"; else mv "$tmp/head" "$input"; fi
    fi
    # shellcheck disable=SC2086 # $args are separate words
    plies=$("${bins[0]}" $args --no-timing "$input" 2>/dev/null |
        sed -n 's/.* \([0-9][0-9]*\) plies.*/\1/p' | tail -n 1 || true)
    printf '%s' "$f"
    [[ $mb != 0 ]] && printf ' (first %s bytes)' "$(stat -c %s "$input")"
    [[ -n $plies ]] && printf ', %s plies' "$plies"
    echo
    if [[ $branch == 1 ]]; then
        printf '  %-40s %14s %9s %12s %12s %8s\n' binary instructions 'per ply' 'cond. br.' 'mispredicts' 'ratio'
    else
        printf '  %-40s %14s %9s %8s\n' binary instructions 'per ply' ratio
    fi
    base=""
    for ((i = 0; i < ${#bins[@]}; ++i)); do
        out=$tmp/cg.$i
        sim=()
        [[ $branch == 1 ]] && sim=(--branch-sim=yes)
        [[ $cold == 1 ]] && sim+=(--dump-instr=yes)
        # shellcheck disable=SC2086
        valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$out" \
            "${bins[i]}" $args "$input" >/dev/null 2>"$tmp/log" || true
        [[ -s $out ]] || { echo "instr.sh: callgrind failed for ${bins[i]}:" >&2; cat "$tmp/log" >&2; exit 1; }
        read -r ir bc bcm _ bim <<<"$(totals "$out")"
        base=${base:-$ir}
        per=$(awk -v a="$ir" -v p="${plies:-0}" 'BEGIN { if (p > 0) printf "%.1f", a / p; else print "-" }')
        ratio=$(awk -v a="$ir" -v b="$base" 'BEGIN { printf "%.4f", a / b }')
        if [[ $branch == 1 ]]; then
            printf '  %-40s %14d %9s %12d %12d %8s\n' "${bins[i]}" "$ir" "$per" "${bc:-0}" \
                "$((${bcm:-0} + ${bim:-0}))" "$ratio"
        else
            printf '  %-40s %14d %9s %8s\n' "${bins[i]}" "$ir" "$per" "$ratio"
        fi
    done
    if [[ $cold == 1 ]]; then
        for ((i = 0; i < ${#bins[@]}; ++i)); do
            # The cold parts' address ranges (start, size, name), then the executed
            # instructions of each, from the per-instruction counts (cold_instructions).
            nm -S -C "${bins[i]}" |
                awk '$4 != "" && /\[clone \.cold\]/ { s = $1; z = $2; $1 = $2 = $3 = ""; print s, z, substr($0, 4) }' \
                    >"$tmp/ranges"
            # Last, the whole program text: a check that callgrind's addresses are the binary's.
            objdump -h "${bins[i]}" | awk '$2 == ".text" { print $4, $3, "TEXT" }' >>"$tmp/ranges"
            awk -f "$(dirname "${BASH_SOURCE[0]}")/cold.awk" "$tmp/ranges" "$tmp/cg.$i" |
                sort -rn >"$tmp/cold"
            all=$(sed -n 's/ TOTAL$//p' "$tmp/cold")
            in_cold=$(grep -v -e ' TOTAL$' -e ' TEXT$' "$tmp/cold" | awk '{ n += $1 } END { print n + 0 }')
            if ! grep -q ' TEXT$' "$tmp/cold" && [[ $in_cold == 0 ]]; then
                echo "instr.sh: no instruction of ${bins[i]}'s text counted (addresses not the binary's?)" >&2
            fi
            printf '  %s: %d instructions in cold parts (%s of all)\n' "${bins[i]}" "$in_cold" \
                "$(awk -v c="$in_cold" -v a="$all" 'BEGIN { printf "%.2f%%", (a > 0 ? 100 * c / a : 0) }')"
            grep -v -e ' TOTAL$' -e ' TEXT$' "$tmp/cold" | head -n 3 | cut -c1-150 | sed 's/^/    /'
        done
    fi
    if [[ $top != 0 ]]; then
        echo "  functions of ${bins[0]} with the most instructions of their own:"
        callgrind_annotate "$tmp/cg.0" 2>/dev/null | grep -E '^ *[0-9,]+ ' | grep -v 'PROGRAM TOTALS' |
            head -n "$top" | cut -c1-150 | sed 's/^/    /'
    fi
done
