#!/usr/bin/env bash
# Benchmarks against the tools users would pick instead, side by side on the same input in
# one run (DESIGN.md "Speed"). Builds nothing: the pgnkit binary is $PGNKIT, else ./build/pgnkit.
#
#   scripts/bench.sh perft      pgnkit perft vs stockfish `go perft` (Threads=1, default Hash):
#                               the start position at depth 6 and positions of
#                               tests/data/perft/ethereal/standard.epd
#
# Environment (perft): BENCH_POSITIONS (how many EPD positions, default 8, spread over the
# file), BENCH_MAX_NODES (deepest depth whose expected count is at most this, default 300M),
# BENCH_MIN_NODES (skip positions smaller than this at that depth, default 50M),
# STOCKFISH (binary; else `stockfish` on PATH or /usr/games/stockfish, installed with apt-get
# if missing).
#
# Other subcommands (validate, fen, …) are added to the case statement at the bottom.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PGNKIT=${PGNKIT:-./build/pgnkit}

die() {
    echo "bench.sh: $*" >&2
    exit 2
}

usage() {
    sed -n '2,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

need_pgnkit() {
    [[ -x $PGNKIT ]] || die "no pgnkit binary at '$PGNKIT' (build first, or set PGNKIT=path)"
}

# Seconds since the epoch with nanoseconds.
now() { date +%s.%N; }

find_stockfish() {
    if [[ -n ${STOCKFISH:-} ]]; then
        [[ -x $STOCKFISH ]] || die "STOCKFISH='$STOCKFISH' is not executable"
        return
    fi
    STOCKFISH=$(command -v stockfish || true)
    [[ -z $STOCKFISH && -x /usr/games/stockfish ]] && STOCKFISH=/usr/games/stockfish
    if [[ -z $STOCKFISH ]]; then
        echo "bench.sh: installing stockfish with apt-get" >&2
        local sudo=""
        [[ $(id -u) -ne 0 ]] && sudo=sudo
        $sudo apt-get install -y stockfish >&2 || die "cannot install stockfish"
        STOCKFISH=$(command -v stockfish || echo /usr/games/stockfish)
    fi
    [[ -x $STOCKFISH ]] || die "stockfish not found"
}

# run_pgnkit FEN DEPTH -> "nodes seconds"
run_pgnkit() {
    local t0 t1 out
    t0=$(now)
    out=$("$PGNKIT" perft --fen "$1" --depth "$2" | tail -n 1)
    t1=$(now)
    echo "$out $(echo "$t1 - $t0" | bc -l)"
}

# run_stockfish FEN DEPTH -> "nodes seconds"
run_stockfish() {
    local t0 t1 out
    t0=$(now)
    out=$(printf 'setoption name Threads value 1\nposition fen %s\ngo perft %d\nquit\n' "$1" "$2" |
        "$STOCKFISH" | sed -n 's/^Nodes searched: *//p')
    t1=$(now)
    echo "${out:-0} $(echo "$t1 - $t0" | bc -l)"
}

bench_perft() {
    need_pgnkit
    find_stockfish
    command -v bc >/dev/null || die "bc is needed"
    local epd=$root/tests/data/perft/ethereal/standard.epd
    local count=${BENCH_POSITIONS:-8} max_nodes=${BENCH_MAX_NODES:-300000000}
    local min_nodes=${BENCH_MIN_NODES:-50000000}
    [[ -r $epd ]] || die "cannot read $epd"

    # Cases: "fen|depth|expected". The start position at depth 6, then `count` EPD positions
    # spread evenly over those whose deepest depth with at most max_nodes leaves has at least
    # min_nodes (so that each run takes about a second and start-up does not dominate).
    local -a cases=("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6|119060324")
    local -a pool=()
    while IFS= read -r line; do
        local fen=${line%% ;*} best_d="" best_n=""
        [[ $fen == "${cases[0]%%|*}" ]] && continue
        IFS=';' read -ra parts <<<"${line#* ;}"
        for p in "${parts[@]}"; do
            p=${p# }
            local d=${p%% *} n=${p#* }
            d=${d#D}
            n=${n%% *}
            if ((n <= max_nodes)); then best_d=$d best_n=$n; fi
        done
        [[ -n $best_n ]] && ((best_n >= min_nodes)) && pool+=("$fen|$best_d|$best_n")
    done < <(grep ';D' "$epd")
    local step=$((${#pool[@]} / count))
    ((step > 0)) || step=1
    for ((i = 0; i < ${#pool[@]} && ${#cases[@]} <= count; i += step)); do cases+=("${pool[i]}"); done

    echo "pgnkit perft vs stockfish go perft (Threads=1), wall time per process incl. start-up"
    echo "pgnkit:    $PGNKIT"
    echo "stockfish: $STOCKFISH ($("$STOCKFISH" <<<quit | head -n 1))"
    echo
    printf '%-62s %2s %11s %8s %8s %8s %8s %6s\n' position d nodes 'pk s' 'pk Mn/s' 'sf s' \
        'sf Mn/s' ratio
    local tot_nodes=0 tot_pk=0 tot_sf=0 bad=0
    for c in "${cases[@]}"; do
        IFS='|' read -r fen depth expected <<<"$c"
        read -r pk_nodes pk_s <<<"$(run_pgnkit "$fen" "$depth")"
        read -r sf_nodes sf_s <<<"$(run_stockfish "$fen" "$depth")"
        local mark=""
        if [[ $pk_nodes != "$expected" || $sf_nodes != "$expected" ]]; then
            mark="  MISMATCH expected $expected, pgnkit $pk_nodes, stockfish $sf_nodes"
            bad=1
        fi
        local label=$fen
        ((${#label} > 62)) && label="${label:0:59}..."
        printf '%-62s %2d %11d %8.3f %8.1f %8.3f %8.1f %6.2f%s\n' "$label" "$depth" "$expected" \
            "$pk_s" "$(echo "$pk_nodes / $pk_s / 1000000" | bc -l)" "$sf_s" \
            "$(echo "$sf_nodes / $sf_s / 1000000" | bc -l)" \
            "$(echo "($pk_nodes / $pk_s) / ($sf_nodes / $sf_s)" | bc -l)" "$mark"
        tot_nodes=$((tot_nodes + expected))
        tot_pk=$(echo "$tot_pk + $pk_s" | bc -l)
        tot_sf=$(echo "$tot_sf + $sf_s" | bc -l)
    done
    printf '%-62s %2s %11d %8.3f %8.1f %8.3f %8.1f %6.2f\n' "total (${#cases[@]} positions)" "" \
        "$tot_nodes" "$tot_pk" "$(echo "$tot_nodes / $tot_pk / 1000000" | bc -l)" "$tot_sf" \
        "$(echo "$tot_nodes / $tot_sf / 1000000" | bc -l)" "$(echo "$tot_sf / $tot_pk" | bc -l)"
    echo
    echo "ratio = pgnkit nodes/s / stockfish nodes/s (above 1: pgnkit is faster)"
    # Process start-up alone (depth 1), included in every row above.
    read -r _ pk_s <<<"$(run_pgnkit "${cases[0]%%|*}" 1)"
    read -r _ sf_s <<<"$(run_stockfish "${cases[0]%%|*}" 1)"
    printf 'start-up (depth 1): pgnkit %.3f s, stockfish %.3f s\n' "$pk_s" "$sf_s"
    return $bad
}

case ${1:-} in
perft) bench_perft ;;
# validate) bench_validate ;;   # pgnkit validate vs pgn-extract, zstd -d as the floor
# fen) bench_fen ;;
-h | --help | help | "") usage ;;
*)
    usage >&2
    die "unknown subcommand '$1'"
    ;;
esac
