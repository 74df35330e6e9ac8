#!/usr/bin/env bash
# Byte-for-byte comparison of two pgnkit binaries: every command, every output format, the
# files they write, at --jobs 1 and --jobs 2, over the bundled sample and the PGN corpus.
# Used to prove that a refactoring changed no behaviour (issue 42): run it with the binary
# before and the binary after.
#
# Usage: scripts/compare-outputs.sh [--quick] [--keep] BIN_BEFORE BIN_AFTER [PGN_FILE|DIR…]
#   PGN_FILE|DIR  inputs (a folder: every *.pgn, *.pgn.zst, *.pgn.gz below it). Default:
#                 data/sample.pgn.zst, tests/data/pgn and, when present, ../shared/corpus/pgn.
#   --quick       the sample and tests/data/pgn only, and no per-file runs
#   --keep        keep the scratch folder with both outputs of every case (its path is
#                 printed); else only those of the cases that differ are kept, until exit
# Every case runs each binary in the same scratch folder with the same arguments; stdout,
# stderr, the exit status and every file written there are compared. Exit status: 0 when
# every case is identical, 1 when one differs (each is named, with the first differing
# lines), 2 on a usage error.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
quick=0
keep=0
while (($#)); do
    case $1 in
    --quick) quick=1; shift ;;
    --keep) keep=1; shift ;;
    -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "compare-outputs: unknown option $1" >&2; exit 2 ;;
    *) break ;;
    esac
done
if (($# < 2)); then
    echo "usage: scripts/compare-outputs.sh [--quick] [--keep] BIN_BEFORE BIN_AFTER [PGN_FILE|DIR…]" >&2
    exit 2
fi
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
before=$(absolute "$1")
after=$(absolute "$2")
shift 2
for bin in "$before" "$after"; do
    [[ -x $bin ]] || { echo "compare-outputs: no binary at $bin" >&2; exit 2; }
done

sources=("$@")
if ((${#sources[@]} == 0)); then
    sources=("$root/data/sample.pgn.zst" "$root/tests/data/pgn")
    if ((!quick)) && [[ -d $root/../shared/corpus/pgn ]]; then
        sources+=("$root/../shared/corpus/pgn")
    fi
fi
inputs=()
for source in "${sources[@]}"; do
    if [[ -d $source ]]; then
        while IFS= read -r -d '' file; do inputs+=("$(absolute "$file")"); done < <(
            find "$source" -type f \( -name '*.pgn' -o -name '*.pgn.zst' -o -name '*.pgn.gz' \) \
                -print0 | LC_ALL=C sort -z)
    elif [[ -f $source ]]; then
        inputs+=("$(absolute "$source")")
    else
        echo "compare-outputs: no such file or folder: $source" >&2
        exit 2
    fi
done
((${#inputs[@]})) || { echo "compare-outputs: no PGN inputs" >&2; exit 2; }

export LC_ALL=C.UTF-8 NO_COLOR=1
unset PGNKIT_OPTIONS 2>/dev/null || true
scratch=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-compare.XXXXXX")
((keep)) || trap 'rm -rf "$scratch"' EXIT
work=$scratch/work
cases=0
differing=0

# run_case NAME ARGS…: runs both binaries with ARGS (the word @INPUTS@ expands to every
# input, @SAMPLE@ to the bundled sample) in $work and compares everything they left.
run_case() {
    local name=$1
    shift
    local args=() arg
    for arg in "$@"; do
        case $arg in
        @INPUTS@) args+=("${inputs[@]}") ;;
        @SAMPLE@) args+=("$root/data/sample.pgn.zst") ;;
        *) args+=("$arg") ;;
        esac
    done
    local side bin
    for side in before after; do
        bin=$before
        [[ $side == after ]] && bin=$after
        rm -rf "$work"
        mkdir -p "$work"
        (cd "$work" && "$bin" "${args[@]}" >stdout 2>stderr </dev/null
            echo $? >exit)
        rm -rf "$scratch/$side/$name"
        mkdir -p "$scratch/$side/$name"
        # The folder's contents (the outputs) move; the folder itself stays the same path.
        find "$work" -mindepth 1 -maxdepth 1 -exec mv -t "$scratch/$side/$name" {} +
    done
    cases=$((cases + 1))
    if ! diff -r -q "$scratch/before/$name" "$scratch/after/$name" >/dev/null; then
        differing=$((differing + 1))
        echo "DIFFERS: $name  (pgnkit ${*:1:6}…)"
        diff -r "$scratch/before/$name" "$scratch/after/$name" | head -12 | sed 's/^/    /'
    elif ((!keep)); then
        # Identical: dropped at once (the fen outputs of the corpus run to gigabytes).
        rm -rf "${scratch:?}/before/$name" "${scratch:?}/after/$name"
    fi
}

run_all_commands() {
    local j=$1
    local tag=j$j
    # validate
    run_case "$tag/validate-text" validate --no-timing --no-progress -j "$j" -v @INPUTS@
    run_case "$tag/validate-json" validate --no-timing --no-progress -j "$j" -f json -v @INPUTS@
    run_case "$tag/validate-quiet-strict" validate --no-timing --no-progress -j "$j" -q --strict @INPUTS@
    run_case "$tag/validate-files" validate --no-timing --no-progress -j "$j" -q \
        --rejects rejects.pgn --accepted accepted.pgn --html report.html @INPUTS@
    run_case "$tag/validate-severities" validate --no-timing --no-progress -j "$j" \
        --ignore missing-tag --error draw-claimable --warn bad-fen @INPUTS@
    # fen: every format, and the selections
    local format
    for format in fen epd ndjson json csv tsv; do
        run_case "$tag/fen-$format" fen --no-progress -j "$j" --summary -f "$format" @INPUTS@
    done
    run_case "$tag/fen-variations" fen --no-progress -j "$j" -f ndjson --variations --start @INPUTS@
    run_case "$tag/fen-selections" fen --no-progress -j "$j" -f epd --plies 10-40 --every 2 \
        --skip-check --unique --id '{White}-{Black} {Round}' --ep pseudo @INPUTS@
    run_case "$tag/fen-end-valid" fen --no-progress -j "$j" -f csv --plies end --valid-only \
        --columns game,ply,fen,move_san,move_uci,side,result,white,black --piece-letters de @INPUTS@
    run_case "$tag/fen-quiet-zst" fen --no-progress -j "$j" -f fen --quiet-only -o out.fen.zst @INPUTS@
    # convert
    local moves
    for moves in san lan uci figurine; do
        run_case "$tag/convert-$moves" convert --no-progress -j "$j" --summary --moves "$moves" @INPUTS@
    done
    run_case "$tag/convert-strip" convert --no-progress -j "$j" --summary \
        --strip comments,variations,nags,clocks,evals --tags str --sort-tags @INPUTS@
    run_case "$tag/convert-fixes" convert --no-progress -j "$j" --summary --fix-result --fix-fen \
        --add-plycount --add-fen --piece-letters de @INPUTS@
    run_case "$tag/convert-reduced-valid" convert --no-progress -j "$j" --summary --reduced \
        --valid-only --strict -o out.pgn.zst @INPUTS@
    # stats and merge
    for format in text json csv; do
        run_case "$tag/stats-$format" stats --no-progress -j "$j" -f "$format" --top 0 @INPUTS@
    done
    # Limits high enough to stay exact: past a limit the kept entries depend on which worker
    # read which batch, so --jobs 2 runs differ from each other (a known defect, not compared).
    run_case "$tag/stats-by-html" stats --no-progress -j "$j" --by Event --dates month \
        --group-limit 100000 --key-limit 1000000 --player-limit 1000000 \
        --valid-only --html stats.html -o stats.txt @INPUTS@
}

echo "compare-outputs: ${#inputs[@]} input files; $before vs $after"
run_all_commands 1
run_all_commands 2

# merge: stats of two halves of the inputs, merged.
half=$((${#inputs[@]} / 2))
mkdir -p "$scratch/merge"
"$before" stats --no-progress -f json -o "$scratch/merge/a.json" "${inputs[@]:0:half}" 2>/dev/null
"$before" stats --no-progress -f json -o "$scratch/merge/b.json" "${inputs[@]:half}" 2>/dev/null
for format in text json csv; do
    run_case "merge-$format" merge -f "$format" "$scratch/merge/a.json" "$scratch/merge/b.json"
done
run_case "merge-html" merge --html merged.html -o merged.txt "$scratch/merge/a.json" "$scratch/merge/b.json"

# perft and board
run_case "perft-start" perft --depth 4 --divide
run_case "perft-kiwipete" perft --depth 3 --fen 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
run_case "perft-960" perft --chess960 --depth 3 --fen 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9'
while IFS= read -r -d '' suite; do
    run_case "perft-suite-$(basename "$suite")" perft --suite "$suite" --max-nodes 200000
done < <(find "$root/tests/data/perft" -type f -print0 | LC_ALL=C sort -z | head -z -n 6)
board_fens=('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
    '8/8/8/8/8/8/8/8 w - - 0 1' 'not a fen')
i=0
for fen in "${board_fens[@]}"; do
    i=$((i + 1))
    run_case "board-$i-text" board "$fen"
    run_case "board-$i-svg" board --svg - --flip --arrow e2e4 "$fen"
    run_case "board-$i-both" board --svg board.svg "$fen"
done

# Per file: numbering, file notes and summaries of one file at a time.
if ((!quick)); then
    for input in "${inputs[@]}"; do
        short=${input#"$root"/}
        short=${short//\//_}
        run_case "file/$short-validate" validate --no-timing --no-progress -j 2 -v "$input"
        run_case "file/$short-epd" fen --no-progress -j 1 --summary -f epd "$input"
    done
fi

echo "compare-outputs: $cases cases, $differing differ"
((keep)) && echo "compare-outputs: outputs kept in $scratch"
((differing == 0))
