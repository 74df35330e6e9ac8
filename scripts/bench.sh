#!/usr/bin/env bash
# Benchmarks against the tools users would pick instead, side by side on the same input in
# one run (docs/BENCHMARKS.md "How the figures are measured"). Builds nothing: the pgnkit
# binary is $PGNKIT, else ./build/pgnkit.
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
#   scripts/bench.sh validate   pgnkit validate (--jobs 1 and all cores) vs pgn-extract -s -r and
#                               zstd -dc (the floor) on two >= 100 MB files built once from the
#                               real games under $BENCH_DIR (default /tmp/pgnkit-bench): OTB-style
#                               and lichess-style (games with %clk comments). Environment:
#                               BENCH_RUNS (rounds, default 3: one run of each tool per
#                               round; the best of them, and the median of the rounds' own
#                               ratios), BENCH_MIN_MB (default 100).
#
#   scripts/bench.sh convert    pgnkit convert (--jobs 1 and all cores) vs pgn-extract -s (both
#                               write the games in export format; output to /dev/null) on the
#                               same two >= 100 MB files as validate (same environment).
#
#   scripts/bench.sh fen        pgnkit fen --format epd (--jobs 1 and all cores) vs pgn-extract
#                               -Wepd on the same two >= 100 MB files as validate: positions/s.
#
#   scripts/bench.sh stats      pgnkit stats --jobs 1 vs pgnkit validate --jobs 1 on the same two
#                               >= 100 MB files as validate (same environment): the cost of the
#                               tables on top of the replay (the bar: stats <= 1.3x validate).
#
#   scripts/bench.sh filter     pgnkit filter --jobs 1 on the same two >= 100 MB files as validate:
#                               a tags-only filter (--player) vs pgn-extract -Tp with the same
#                               name and vs pgnkit validate --jobs 1; a position filter
#                               (--position after 1.e4 c5) vs pgn-extract -x of that line;
#                               split --by Event and split --games 1000 when the build has split.
#                               The issue's bars (tags-only >= 10x pgn-extract -T and >= 3x
#                               validate; position >= 10x pgn-extract -x; split >= the tags-only
#                               filter) are printed PASS or FAIL. Environment as validate, and
#                               BENCH_PLAYER (default Carlsen).
#   scripts/bench.sh shards     --shard K/N and merge (docs/MANY-MACHINES.md): the time of
#                               `pgnkit merge` of 10, 100 and 1,000 `stats --format json
#                               --shard K/N` outputs of the OTB file (made once under
#                               $BENCH_DIR); then validate, stats and fen over that file as
#                               one `--jobs 1` process vs two `--jobs 1` processes, one per
#                               shard of 2, side by side (the bar: wall <= 0.55x). Same
#                               environment as validate.
#   scripts/bench.sh dedup      pgnkit dedup (--jobs 1 and all cores; --key moves and the
#                               default moves+players) vs pgn-extract -D on the same two >= 100 MB
#                               files as validate, each file twice in a row (every game of the
#                               second copy a duplicate); kept games to /dev/null. The issue's
#                               bar (dedup --jobs 1 >= 10x pgn-extract -D, CPU) is printed PASS
#                               or FAIL. Environment as validate.
#   scripts/bench.sh xiangqi    pgnkit validate --variant xiangqi --jobs 1 of the 2,516 ICCS
#                               master games (tests/data/xiangqi/games) repeated to >= 50 MB
#                               (BENCH_XQ_MIN_MB), made once under $BENCH_DIR: M plies per CPU
#                               second (the bar: >= 5), best of BENCH_RUNS (default 3).
#   scripts/bench.sh eco        pgnkit eco --jobs 1 with pgn-extract's eco.pgn (--eco-file) and
#                               with the bundled table vs pgn-extract -e with its eco.pgn (games
#                               to a file each; the same two >= 100 MB files as validate), and
#                               the time to load each table (eco over an empty input). The
#                               issue's bar (eco >= 10x pgn-extract -e) is printed PASS or FAIL.
#                               Same environment as validate.
#   scripts/bench.sh tags       pgnkit tags --set Event=X --jobs 1 (every game written, the
#                               Event line rewritten) vs the tags-only pgnkit filter --player
#                               --jobs 1 on the same two >= 100 MB files as validate; the bar
#                               (tags --set at least as fast, CPU) printed PASS or FAIL, and
#                               tags --normalize-dates --fill-roster beside them. Environment
#                               as filter.
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
    sed -n '2,74p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

need_pgnkit() {
    [[ -x $PGNKIT ]] || die "no pgnkit binary at '$PGNKIT' (build first, or set PGNKIT=path)"
}

# need_tools COMMAND:PACKAGE… — installs (apt-get) the package of each command not found.
need_tools() {
    local tool pkg
    for tool in "$@"; do
        pkg=${tool#*:}
        tool=${tool%%:*}
        if ! command -v "$tool" >/dev/null; then
            echo "bench.sh: installing $pkg with apt-get" >&2
            local sudo=""
            [[ $(id -u) -ne 0 ]] && sudo=sudo
            $sudo apt-get install -y "$pkg" >&2 || die "cannot install $pkg"
        fi
    done
}

# rounds() results (global: the bench functions read them).
declare -A secs=() cpu_runs=()

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
    need_tools bc:bc
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

# --- validate ---------------------------------------------------------------------------------

# Builds (once) the validate inputs under $BENCH_DIR from the real games of the corpus:
# otb.pgn (pgnmentor-players, twic, matches, annotated, concatenated and repeated) and
# lichess-clk.pgn (the lichess files whose games carry [%clk] comments, as lichess has written
# them since 2017, repeated), each at least BENCH_MIN_MB. FILE.zst holds one zstd frame per
# repetition (multi-frame, as lichess ships its files): zstd cannot match one repetition
# against the previous one, so `zstd -d` of it runs at its usual speed for that text.
bench_files() {
    echo "$1/otb.pgn" "$1/lichess-clk.pgn"
}
make_validate_inputs() {
    local dir=$1 min_bytes=$(( ${BENCH_MIN_MB:-100} * 1000000 )) real=$root/tests/data/pgn/real
    mkdir -p "$dir"
    local out
    for out in $(bench_files "$dir"); do
        if [[ ! -s $out || ! -s $out.zst ]]; then
            local -a parts=()
            if [[ $(basename "$out") == otb.pgn ]]; then
                parts=("$real"/pgnmentor-players/*.pgn.zst "$real"/twic/*.pgn.zst
                    "$real"/matches/*.pgn.zst "$real"/annotated/*.pgn.zst)
            else
                local f
                for f in "$real"/lichess/*.pgn.zst; do
                    # (grep -c reads to the end: no SIGPIPE for zstd under pipefail)
                    if [[ $(zstd -qdc "$f" | grep -c '%clk' || true) -gt 0 ]]; then parts+=("$f"); fi
                done
            fi
            ((${#parts[@]} > 0)) || die "no games found for $out"
            echo "bench.sh: building $out (>= $((min_bytes / 1000000)) MB)" >&2
            zstd -qdc "${parts[@]}" >"$out.once"
            zstd -q -3 -f "$out.once" -o "$out.once.zst"
            local once_size
            once_size=$(stat -c %s "$out.once")
            ((once_size > 0)) || die "no games found for $out"
            : >"$out.part"
            : >"$out.zst.part"
            for ((i = 0; i * once_size < min_bytes; i++)); do
                cat "$out.once" >>"$out.part"
                cat "$out.once.zst" >>"$out.zst.part"
            done
            rm -f "$out.once" "$out.once.zst"
            mv "$out.zst.part" "$out.zst"
            mv "$out.part" "$out"
        fi
    done
}

# best_of N CMD... -> "WALL CPU": the best wall time and the best CPU time (user + system of
# the command and its children) in seconds of N runs (output discarded, exit status ignored).
# CPU time is the fair measure of a single-threaded run on a shared, noisy machine; wall time
# is what the all-cores runs are about.
best_of() {
    local n=$1 best_wall="" best_cpu="" wall cpu
    shift
    for ((r = 0; r < n; r++)); do
        # The wall time is taken inside the subshell, around the command alone: bash's
        # EPOCHREALTIME, no process of its own. Taken around the subshell, it also counted the
        # subshell's fork, date, tail and awk: 20-30 ms, an eighth of a 0.2 s run.
        # `times` prints the subshell's own times, then its children's: "0m1.234s 0m0.056s".
        read -r wall cpu < <( (
            t0=${EPOCHREALTIME/,/.}
            "$@" >/dev/null 2>&1 || true
            t1=${EPOCHREALTIME/,/.}
            echo "$t0 $t1"
            times
        ) | awk 'NR == 1 { w = $2 - $1 } END { t = 0; for (i = 1; i <= 2; i++) { split($i, a, "m"); sub("s", "", a[2]); t += a[1] * 60 + a[2] } printf "%.6f %.3f\n", w, t }')
        if [[ -z $best_wall ]] || (($(echo "$wall < $best_wall" | bc -l))); then best_wall=$wall; fi
        if [[ -z $best_cpu ]] || (($(echo "$cpu < $best_cpu" | bc -l))); then best_cpu=$cpu; fi
    done
    echo "$best_wall $best_cpu"
}

# rounds N KEY... : runs the commands run_KEY (functions the caller defines) in turns, one run of
# each per round, N rounds: a machine whose speed drifts during the benchmark (a shared one
# does) slows them alike, where N runs of one and then N of the next would not. Sets
# secs[KEY] to "WALL CPU", the best of its N runs (as best_of), and cpu_runs[KEY] to the CPU
# time of each run, in round order.
rounds() {
    local n=$1 r key t w c bw bc
    shift
    secs=()
    cpu_runs=()
    for ((r = 0; r < n; r++)); do
        for key in "$@"; do
            t=$(best_of 1 "run_$key")
            read -r w c <<<"$t"
            if [[ -z ${secs[$key]:-} ]]; then
                secs[$key]=$t
            else
                read -r bw bc <<<"${secs[$key]}"
                (($(echo "$w < $bw" | bc -l))) && bw=$w
                (($(echo "$c < $bc" | bc -l))) && bc=$c
                secs[$key]="$bw $bc"
            fi
            cpu_runs[$key]="${cpu_runs[$key]:-} $c"
        done
    done
}

# paired KEY_A KEY_B -> the median over the rounds of CPU(A) / CPU(B), each from one round
# (runs side by side): with the ratio of the best times, a second view of the same runs that
# a slow phase of the machine moves less.
paired() {
    local -a a b q=()
    read -r -a a <<<"${cpu_runs[$1]}"
    read -r -a b <<<"${cpu_runs[$2]}"
    local i
    for ((i = 0; i < ${#a[@]}; i++)); do q+=("$(echo "${a[i]} / ${b[i]}" | bc -l)"); done
    printf '%s\n' "${q[@]}" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# table_row LABEL "WALL CPU" AMOUNT: a row with both times and AMOUNT per CPU second (in
# millions: bytes -> MB/s, plies or positions -> M/s).
table_row() {
    local wall cpu
    read -r wall cpu <<<"$2"
    printf '  %-34s %8.2f %8.2f %10.2f\n' "$1" "$wall" "$cpu" "$(echo "$3 / $cpu / 1000000" | bc -l)"
}

# ratio "WALL CPU" "WALL CPU" wall|cpu -> how many times faster the second is than the first
ratio() {
    local w1 c1 w2 c2
    read -r w1 c1 <<<"$1"
    read -r w2 c2 <<<"$2"
    if [[ $3 == wall ]]; then echo "$w1 / $w2" | bc -l; else echo "$c1 / $c2" | bc -l; fi
}

bench_validate() {
    need_pgnkit
    need_tools zstd:zstd bc:bc /usr/games/pgn-extract:pgn-extract
    local pgn_extract=/usr/games/pgn-extract runs=${BENCH_RUNS:-3}
    local dir=${BENCH_DIR:-/tmp/pgnkit-bench}
    make_validate_inputs "$dir"

    echo "pgnkit validate vs pgn-extract (legality check, no output) and zstd -d (the floor);"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, the tools in turns; $(nproc) cores"
    echo "pgnkit:      $PGNKIT"
    echo "pgn-extract: $pgn_extract -s -r FILE ($("$pgn_extract" --version 2>&1 | head -n 1))"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local summary bytes plies games
        summary=$("$PGNKIT" validate --jobs 1 -q --no-progress --no-timing "$file" || true)
        bytes=$(sed -n 's/^ *\([0-9]*\) bytes, \([0-9]*\) plies$/\1/p' <<<"$summary")
        plies=$(sed -n 's/^ *\([0-9]*\) bytes, \([0-9]*\) plies$/\2/p' <<<"$summary")
        games=$(sed -n 's/^summary: .*, \([0-9]*\) games\{0,1\}:.*/\1/p' <<<"$summary")
        [[ -n $bytes && -n $plies ]] || die "cannot read the summary of $file: $summary"
        printf '%s: %.1f MB, %s games, %s plies (zst %.1f MB)\n' "$(basename "$file")" \
            "$(echo "$bytes / 1000000" | bc -l)" "$games" "$plies" \
            "$(echo "$(stat -c %s "$file.zst") / 1000000" | bc -l)"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
        run_j1() { "$PGNKIT" validate --jobs 1 -q --no-progress "$file"; }
        run_all() { "$PGNKIT" validate -q --no-progress "$file"; }
        run_pe() { "$pgn_extract" -s -r "$file"; }
        run_zstd() { zstd -dc "$file.zst" >/dev/null; }
        rounds "$runs" j1 all pe zstd
        table_row "pgnkit validate --jobs 1" "${secs[j1]}" "$bytes"
        table_row "pgnkit validate (--jobs $(nproc))" "${secs[all]}" "$bytes"
        table_row "pgn-extract -s -r" "${secs[pe]}" "$bytes"
        table_row "zstd -dc FILE.zst >/dev/null" "${secs[zstd]}" "$bytes"
        printf '  %s M plies per CPU second (pgnkit --jobs 1)\n' \
            "$(printf '%.2f' "$(echo "$plies / $(cut -d' ' -f2 <<<"${secs[j1]}") / 1000000" | bc -l)")"
        printf '  speed ratios by CPU time: pgnkit(-j1)/pgn-extract %.2f, pgnkit(-j1)/zstd %.3f\n' \
            "$(ratio "${secs[pe]}" "${secs[j1]}" cpu)" "$(ratio "${secs[zstd]}" "${secs[j1]}" cpu)"
        printf '  the same, median of the %d rounds'"'"' own ratios: %.2f, %.3f\n' "$runs" \
            "$(paired pe j1)" "$(paired zstd j1)"
        printf '  by wall time: pgnkit(-j1)/pgn-extract %.2f, pgnkit(all)/pgn-extract %.2f, pgnkit(all)/pgnkit(-j1) %.2f\n\n' \
            "$(ratio "${secs[pe]}" "${secs[j1]}" wall)" "$(ratio "${secs[pe]}" "${secs[all]}" wall)" \
            "$(ratio "${secs[j1]}" "${secs[all]}" wall)"
    done
    echo "MB per CPU second over the uncompressed input (also for zstd); ratio = speed of pgnkit /"
    echo "speed of the other tool (above 1: pgnkit is faster)"
}

# --- convert ----------------------------------------------------------------------------------

bench_convert() {
    need_pgnkit
    need_tools zstd:zstd bc:bc /usr/games/pgn-extract:pgn-extract
    local pgn_extract=/usr/games/pgn-extract runs=${BENCH_RUNS:-3}
    local dir=${BENCH_DIR:-/tmp/pgnkit-bench}
    make_validate_inputs "$dir"

    echo "pgnkit convert vs pgn-extract -s (PGN in, export-format PGN out to /dev/null);"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, the tools in turns; $(nproc) cores"
    echo "pgnkit:      $PGNKIT"
    echo "pgn-extract: $pgn_extract -s FILE ($("$pgn_extract" --version 2>&1 | head -n 1))"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local bytes
        bytes=$(stat -c %s "$file")
        printf '%s: %.1f MB\n' "$(basename "$file")" "$(echo "$bytes / 1000000" | bc -l)"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
        run_j1() { "$PGNKIT" convert --jobs 1 "$file"; }
        run_all() { "$PGNKIT" convert "$file"; }
        run_pe() { "$pgn_extract" -s "$file"; }
        rounds "$runs" j1 all pe
        table_row "pgnkit convert --jobs 1" "${secs[j1]}" "$bytes"
        table_row "pgnkit convert (--jobs $(nproc))" "${secs[all]}" "$bytes"
        table_row "pgn-extract -s" "${secs[pe]}" "$bytes"
        printf '  speed ratios: pgnkit(-j1)/pgn-extract %.2f by CPU time, %.2f by wall time; pgnkit(all)/pgn-extract %.2f by wall time\n\n' \
            "$(ratio "${secs[pe]}" "${secs[j1]}" cpu)" "$(ratio "${secs[pe]}" "${secs[j1]}" wall)" \
            "$(ratio "${secs[pe]}" "${secs[all]}" wall)"
    done
    echo "ratio = speed of pgnkit / speed of pgn-extract (above 1: pgnkit is faster)"
}

# --- fen ----------------------------------------------------------------------------------------

bench_fen() {
    need_pgnkit
    need_tools zstd:zstd bc:bc /usr/games/pgn-extract:pgn-extract
    local pgn_extract=/usr/games/pgn-extract runs=${BENCH_RUNS:-3}
    local dir=${BENCH_DIR:-/tmp/pgnkit-bench}
    make_validate_inputs "$dir"

    echo "pgnkit fen --format epd vs pgn-extract -Wepd (an EPD line per position, to /dev/null);"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, the tools in turns; $(nproc) cores"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local positions
        positions=$({ "$PGNKIT" fen --jobs 2 --no-progress "$file" 2>/dev/null || true; } | wc -l)
        printf '%s: %d positions\n' "$(basename "$file")" "$positions"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'Mpos/CPU s'
        run_j1() { "$PGNKIT" fen --jobs 1 --no-progress --format epd -o /dev/null "$file"; }
        run_all() { "$PGNKIT" fen --no-progress --format epd -o /dev/null "$file"; }
        run_pe() { "$pgn_extract" -s -Wepd -o /dev/null "$file"; }
        rounds "$runs" j1 all pe
        table_row "pgnkit fen -f epd --jobs 1" "${secs[j1]}" "$positions"
        table_row "pgnkit fen -f epd (--jobs $(nproc))" "${secs[all]}" "$positions"
        table_row "pgn-extract -Wepd" "${secs[pe]}" "$positions"
        printf '  speed ratios: pgnkit(-j1)/pgn-extract %.2f by CPU time, %.2f by wall time; pgnkit(all)/pgn-extract %.2f by wall time\n\n' \
            "$(ratio "${secs[pe]}" "${secs[j1]}" cpu)" "$(ratio "${secs[pe]}" "${secs[j1]}" wall)" \
            "$(ratio "${secs[pe]}" "${secs[all]}" wall)"
    done
    echo "ratio = speed of pgnkit / speed of pgn-extract (above 1: pgnkit is faster)"
}

# --- stats ------------------------------------------------------------------------------------

bench_stats() {
    need_pgnkit
    need_tools zstd:zstd bc:bc
    local runs=${BENCH_RUNS:-3} dir=${BENCH_DIR:-/tmp/pgnkit-bench}
    make_validate_inputs "$dir"
    echo "pgnkit stats --jobs 1 vs pgnkit validate --jobs 1 (the same replay, plus the tables);"
    echo "best CPU time (user + system) of $runs runs per process incl. start-up, the two in turns"
    echo "pgnkit: $PGNKIT"
    echo
    printf '  %-16s %14s %14s %10s %10s\n' file 'validate CPU s' 'stats CPU s' 'time ratio' 'paired'
    local file
    for file in $(bench_files "$dir"); do
        run_v() { "$PGNKIT" validate --jobs 1 -q --no-progress "$file"; }
        run_s() { "$PGNKIT" stats --jobs 1 --no-progress --format json -o /dev/null "$file"; }
        rounds "$runs" v s
        printf '  %-16s %14.2f %14.2f %10.2f %10.2f\n' "$(basename "$file")" "${secs[v]#* }" \
            "${secs[s]#* }" "$(ratio "${secs[s]}" "${secs[v]}" cpu)" "$(paired s v)"
    done
    echo
    echo "time ratio = stats time / validate time (the bar: at most 1.3), of the best times; paired:"
    echo "the median of the rounds' own ratios (each round runs both, side by side)"
}

# --- filter -----------------------------------------------------------------------------------

# bar LABEL RATIO MIN: a line saying whether RATIO reaches MIN.
bar() {
    local verdict=PASS
    (($(echo "$2 < $3" | bc -l))) && verdict=FAIL
    printf '  bar: %-48s %6.2fx (at least %sx)  %s\n' "$1" "$2" "$3" "$verdict"
}

bench_filter() {
    need_pgnkit
    need_tools zstd:zstd bc:bc /usr/games/pgn-extract:pgn-extract
    local pgn_extract=/usr/games/pgn-extract runs=${BENCH_RUNS:-3}
    local dir=${BENCH_DIR:-/tmp/pgnkit-bench} player=${BENCH_PLAYER:-Carlsen}
    make_validate_inputs "$dir"
    # The position after 1.e4 c5, as a FEN for pgnkit and as a line for pgn-extract -x.
    local fen="rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    printf 'e4 c5\n' >"$dir/sicilian.var"
    local have_split=0
    "$PGNKIT" split --help >/dev/null 2>&1 && have_split=1

    echo "pgnkit filter --jobs 1 vs pgn-extract and pgnkit validate --jobs 1 (selected games to /dev/null);"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, the tools in turns"
    echo "pgnkit:      $PGNKIT"
    echo "pgn-extract: $pgn_extract ($("$pgn_extract" --version 2>&1 | head -n 1))"
    echo "tags-only:   pgnkit filter --player $player   vs  pgn-extract -s -Tp$player"
    echo "position:    pgnkit filter --position '$fen'   vs  pgn-extract -s -x FILE('e4 c5')"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local bytes tag_n pe_n pos_n
        bytes=$(stat -c %s "$file")
        tag_n=$("$PGNKIT" filter --jobs 2 --count --player "$player" "$file" || true)
        pos_n=$("$PGNKIT" filter --jobs 2 --count --position "$fen" "$file" || true)
        # (pgn-extract cannot write to /dev/stdout: a file, counted)
        "$pgn_extract" -s -x"$dir/sicilian.var" -o "$dir/pgn-extract-x.pgn" "$file" 2>/dev/null || true
        pe_n=$(grep -c '^\[Event ' "$dir/pgn-extract-x.pgn" || true)
        rm -f "$dir/pgn-extract-x.pgn"
        printf '%s: %.1f MB; %s games with %s, %s reach the position (pgn-extract -x: %s)\n' \
            "$(basename "$file")" "$(echo "$bytes / 1000000" | bc -l)" "$tag_n" "$player" "$pos_n" "$pe_n"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
        run_tag() { "$PGNKIT" filter --jobs 1 --no-progress --player "$player" -o /dev/null "$file"; }
        run_pet() { "$pgn_extract" -s -Tp"$player" -o /dev/null "$file"; }
        run_val() { "$PGNKIT" validate --jobs 1 -q --no-progress "$file"; }
        run_pos() { "$PGNKIT" filter --jobs 1 --no-progress --position "$fen" -o /dev/null "$file"; }
        run_pex() { "$pgn_extract" -s -x"$dir/sicilian.var" -o /dev/null "$file"; }
        # Each split run writes a new folder, removed only when the whole benchmark is done: a
        # removal timed with the run counted the kernel's freeing of the last run's pages, and
        # files created soon after thousands were deleted cost ext4 ten times more (it skips
        # the inodes of files deleted in the last minutes: recently_deleted in fs/ext4/ialloc.c).
        run_sev() { "$PGNKIT" split --jobs 1 --by Event -o "$dir/split.${EPOCHREALTIME/[.,]/}" "$file"; }
        run_sgm() { "$PGNKIT" split --jobs 1 --games 1000 -o "$dir/split.${EPOCHREALTIME/[.,]/}" "$file"; }
        # The same filter writing every game to a new file: what writing the bytes costs.
        run_fal() { "$PGNKIT" filter --jobs 1 --no-progress --no-tag PgnkitNoSuchTag -o "$dir/split.${EPOCHREALTIME/[.,]/}.pgn" "$file"; }
        local -a keys=(tag pet val pos pex)
        ((have_split)) && keys+=(sev sgm fal)
        rounds "$runs" "${keys[@]}"
        table_row "pgnkit filter --player -j1" "${secs[tag]}" "$bytes"
        table_row "pgn-extract -Tp" "${secs[pet]}" "$bytes"
        table_row "pgnkit validate --jobs 1" "${secs[val]}" "$bytes"
        table_row "pgnkit filter --position -j1" "${secs[pos]}" "$bytes"
        table_row "pgn-extract -x" "${secs[pex]}" "$bytes"
        if ((have_split)); then
            table_row "pgnkit split --by Event -j1" "${secs[sev]}" "$bytes"
            table_row "pgnkit split --games 1000 -j1" "${secs[sgm]}" "$bytes"
            table_row "pgnkit filter, every game to a file" "${secs[fal]}" "$bytes"
        else
            echo "  (split: not in this build, rows skipped)"
        fi
        bar "tags-only vs pgn-extract -Tp (CPU)" "$(ratio "${secs[pet]}" "${secs[tag]}" cpu)" 10
        bar "tags-only vs validate --jobs 1 (CPU)" "$(ratio "${secs[val]}" "${secs[tag]}" cpu)" 3
        bar "position vs pgn-extract -x (CPU)" "$(ratio "${secs[pex]}" "${secs[pos]}" cpu)" 10
        if ((have_split)); then
            bar "split --by Event vs tags-only filter (CPU)" "$(ratio "${secs[tag]}" "${secs[sev]}" cpu)" 1
            bar "split --games 1000 vs tags-only filter (CPU)" "$(ratio "${secs[tag]}" "${secs[sgm]}" cpu)" 1
            printf '  split vs the filter writing every game (CPU): --by Event %.2f, --games 1000 %.2f\n' \
                "$(ratio "${secs[fal]}" "${secs[sev]}" cpu)" "$(ratio "${secs[fal]}" "${secs[sgm]}" cpu)"
        fi
        printf '  medians of the rounds'"'"' own ratios: tags-only/pgn-extract %.2f, tags-only/validate %.2f, position/pgn-extract %.2f\n\n' \
            "$(paired pet tag)" "$(paired val tag)" "$(paired pex pos)"
    done
    rm -rf "$dir"/split.*
    echo "ratio = speed of pgnkit filter / speed of the other (above 1: pgnkit filter is faster)"
}

# --- dedup ------------------------------------------------------------------------------------

bench_dedup() {
    need_pgnkit
    need_tools zstd:zstd bc:bc /usr/games/pgn-extract:pgn-extract
    local pgn_extract=/usr/games/pgn-extract runs=${BENCH_RUNS:-3}
    local dir=${BENCH_DIR:-/tmp/pgnkit-bench} jobs
    jobs=$(nproc)
    make_validate_inputs "$dir"
    echo "pgnkit dedup vs pgn-extract -D (kept games to /dev/null), each file twice in a row;"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, the tools in turns"
    echo "pgnkit:      $PGNKIT"
    echo "pgn-extract: $pgn_extract -s -D ($("$pgn_extract" --version 2>&1 | head -n 1))"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local twice="$dir/dedup-twice.pgn" bytes summary
        cat "$file" "$file" >"$twice"
        bytes=$(stat -c %s "$twice")
        summary=$("$PGNKIT" dedup --jobs "$jobs" --no-progress --no-timing -o /dev/null "$twice" 2>&1 || true)
        printf '%s twice: %.1f MB; %s\n' "$(basename "$file")" "$(echo "$bytes / 1000000" | bc -l)" \
            "${summary#pgnkit dedup: }"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
        run_dd1() { "$PGNKIT" dedup --jobs 1 --no-progress -q -o /dev/null "$twice"; }
        run_ddm() { "$PGNKIT" dedup --jobs 1 --key moves --no-progress -q -o /dev/null "$twice"; }
        run_ddn() { "$PGNKIT" dedup --jobs "$jobs" --no-progress -q -o /dev/null "$twice"; }
        run_ped() { "$pgn_extract" -s -D -o /dev/null "$twice"; }
        rounds "$runs" dd1 ddm ddn ped
        table_row "pgnkit dedup -j1" "${secs[dd1]}" "$bytes"
        table_row "pgnkit dedup --key moves -j1" "${secs[ddm]}" "$bytes"
        table_row "pgnkit dedup -j$jobs" "${secs[ddn]}" "$bytes"
        table_row "pgn-extract -D" "${secs[ped]}" "$bytes"
        bar "dedup -j1 vs pgn-extract -D (CPU)" "$(ratio "${secs[ped]}" "${secs[dd1]}" cpu)" 10
        printf '  medians of the rounds'"'"' own ratios: dedup/pgn-extract %.2f, dedup --key moves/pgn-extract %.2f\n\n' \
            "$(paired ped dd1)" "$(paired ped ddm)"
        rm -f "$twice"
    done
    echo "ratio = speed of pgnkit dedup / speed of the other (above 1: pgnkit dedup is faster)"
}

# --- tags ---------------------------------------------------------------------------------------

bench_tags() {
    need_pgnkit
    need_tools zstd:zstd bc:bc
    local runs=${BENCH_RUNS:-3} dir=${BENCH_DIR:-/tmp/pgnkit-bench} player=${BENCH_PLAYER:-Carlsen}
    make_validate_inputs "$dir"
    echo "pgnkit tags --jobs 1 vs the tags-only pgnkit filter --jobs 1 (output to /dev/null);"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, in turns"
    echo "pgnkit: $PGNKIT"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local bytes
        bytes=$(stat -c %s "$file")
        printf '%s: %.1f MB\n' "$(basename "$file")" "$(echo "$bytes / 1000000" | bc -l)"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
        run_tag() { "$PGNKIT" filter --jobs 1 --no-progress --player "$player" -o /dev/null "$file"; }
        run_set() { "$PGNKIT" tags --jobs 1 --no-progress --set Event=X -o /dev/null --report /dev/null "$file"; }
        run_nrm() { "$PGNKIT" tags --jobs 1 --no-progress --normalize-dates --fill-roster -o /dev/null --report /dev/null "$file"; }
        rounds "$runs" tag set nrm
        table_row "pgnkit filter --player -j1" "${secs[tag]}" "$bytes"
        table_row "pgnkit tags --set Event=X -j1" "${secs[set]}" "$bytes"
        table_row "pgnkit tags --normalize-dates …" "${secs[nrm]}" "$bytes"
        bar "tags --set vs tags-only filter (CPU)" "$(ratio "${secs[tag]}" "${secs[set]}" cpu)" 1
        printf '  median of the rounds'"'"' own ratios: tags --set/filter %.2f\n\n' "$(paired tag set)"
    done
    echo "ratio = speed of pgnkit tags / speed of the filter (above 1: tags is faster)"
}

# --- shards -------------------------------------------------------------------------------------

bench_shards() {
    need_pgnkit
    need_tools zstd:zstd bc:bc
    local runs=${BENCH_RUNS:-3} dir=${BENCH_DIR:-/tmp/pgnkit-bench}
    make_validate_inputs "$dir"
    local file=$dir/otb.pgn n k
    echo "pgnkit merge of N stats shards, and two shards as two processes vs one process;"
    echo "best wall time of $runs runs per process incl. start-up, in turns; $(nproc) cores"
    echo "pgnkit: $PGNKIT"
    echo "input:  $file ($(($(stat -c %s "$file") / 1000000)) MB)"
    echo
    # The shard outputs, made once per pgnkit binary and file (their size, not their making,
    # is what the merge times depend on).
    for n in 10 100 1000; do
        local shards=$dir/stats-shards-$n
        if [[ ! -s $shards/done || $(cat "$shards/done") != "$(stat -c %Y%s "$PGNKIT" "$file" | tr '\n' ' ')" ]]; then
            echo "bench.sh: writing $n stats shards of $(basename "$file") to $shards" >&2
            rm -rf "$shards"
            mkdir -p "$shards"
            for ((k = 1; k <= n; k++)); do
                "$PGNKIT" stats --jobs 1 --no-progress --format json --shard "$k/$n" "$file" \
                    >"$shards/$k.json"
            done
            stat -c %Y%s "$PGNKIT" "$file" | tr '\n' ' ' >"$shards/done"
        fi
    done
    run_m10() { "$PGNKIT" merge --format json "$dir"/stats-shards-10/*.json; }
    run_m100() { "$PGNKIT" merge --format json "$dir"/stats-shards-100/*.json; }
    run_m1000() { "$PGNKIT" merge --format json "$dir"/stats-shards-1000/*.json; }
    rounds "$runs" m10 m100 m1000
    printf '  %-28s %10s %12s %14s %12s\n' 'pgnkit merge --format json' 'shards MB' 'wall s' \
        'ms per shard' 'vs 10'
    local base=${secs[m10]%% *}
    for n in 10 100 1000; do
        local wall=${secs[m$n]%% *}
        printf '  %-28s %10.1f %12.3f %14.2f %12.2f\n' "$n shards" \
            "$(echo "$(du -sb "$dir/stats-shards-$n" | cut -f1) / 1000000" | bc -l)" "$wall" \
            "$(echo "$wall * 1000 / $n" | bc -l)" "$(echo "$wall / $base" | bc -l)"
    done
    echo
    echo "  two shards as two processes (--shard 1/2 and 2/2, --jobs 1 each) vs one --jobs 1 run:"
    printf '  %-10s %12s %12s %8s %12s %12s\n' command 'one wall s' 'two wall s' ratio \
        'one CPU s' 'two CPU s'

    local cmd
    for cmd in validate stats fen; do
        local -a args=(--jobs 1 --no-progress)
        case $cmd in
        validate) args+=(-q --no-timing) ;;
        stats) args+=(--format json) ;;
        fen) args+=(--format epd) ;;
        esac
        # Each process in a session of its own (setsid), as a job that ssh or a batch system
        # starts is: with the kernel's autogroup scheduling (sched_autogroup_enabled), all
        # the processes of one session share one slice of a busy machine, so two of them
        # started from this script could never get more CPU than one.
        run_one() { setsid -w "$PGNKIT" "$cmd" "${args[@]}" "$file" >/dev/null; }
        run_two() {
            setsid -w "$PGNKIT" "$cmd" "${args[@]}" --shard 1/2 "$file" >/dev/null &
            setsid -w "$PGNKIT" "$cmd" "${args[@]}" --shard 2/2 "$file" >/dev/null
            wait
        }
        rounds "$runs" one two
        printf '  %-10s %12.2f %12.2f %8.2f %12.2f %12.2f\n' "$cmd" "${secs[one]%% *}" \
            "${secs[two]%% *}" "$(echo "${secs[two]%% *} / ${secs[one]%% *}" | bc -l)" \
            "${secs[one]#* }" "${secs[two]#* }"
    done
    echo
    echo "ratio = wall time of the two processes / wall time of the one (the bar: at most 0.55);"
    echo "CPU = user + system of all processes (the work split, whatever else the machine runs);"
    echo "load average when done: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores;" \
        "autogroup scheduling: $(cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null || echo '?')"
}

# --- xiangqi ---------------------------------------------------------------------------------

bench_xiangqi() {
    need_pgnkit
    need_tools zstd:zstd bc:bc
    local runs=${BENCH_RUNS:-3} dir=${BENCH_DIR:-/tmp/pgnkit-bench} min_mb=${BENCH_XQ_MIN_MB:-50}
    local games=$root/tests/data/xiangqi/games file
    mkdir -p "$dir"
    file=$dir/xiangqi-iccs-${min_mb}mb.pgn
    if [[ ! -s $file ]]; then
        local once=$dir/xiangqi-iccs-once.pgn
        zstd -dc "$games"/Hu_Ronghua_1391_UCI_games.pgn.zst "$games"/Liu_Dahua_1125_UCI_games.pgn.zst >"$once"
        : >"$file.part"
        while (($(stat -c %s "$file.part") < min_mb * 1000000)); do cat "$once" >>"$file.part"; done
        mv "$file.part" "$file"
        rm -f "$once"
    fi
    local summary bytes plies
    summary=$("$PGNKIT" validate --variant xiangqi --jobs 1 -q --no-progress --no-timing "$file" || true)
    bytes=$(sed -n 's/^ *\([0-9]*\) bytes, \([0-9]*\) plies$/\1/p' <<<"$summary")
    plies=$(sed -n 's/^ *\([0-9]*\) bytes, \([0-9]*\) plies$/\2/p' <<<"$summary")
    [[ -n $bytes && -n $plies ]] || die "cannot read the summary of $file: $summary"
    echo "pgnkit validate --variant xiangqi --jobs 1 (the ICCS games repeated); best of $runs runs"
    printf '%s: %.1f MB, %s plies\n' "$(basename "$file")" "$(echo "$bytes / 1000000" | bc -l)" "$plies"
    printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
    run_xq() { "$PGNKIT" validate --variant xiangqi --jobs 1 -q --no-progress "$file"; }
    rounds "$runs" xq
    table_row "pgnkit validate --variant xiangqi" "${secs[xq]}" "$bytes"
    local mps
    mps=$(echo "$plies / $(cut -d' ' -f2 <<<"${secs[xq]}") / 1000000" | bc -l)
    printf '  %.2f M plies per CPU second (the bar: 5): %s\n' "$mps" \
        "$( (($(echo "$mps >= 5" | bc -l))) && echo PASS || echo FAIL)"
}

# --- eco ----------------------------------------------------------------------------------------

bench_eco() {
    need_pgnkit
    need_tools zstd:zstd bc:bc /usr/games/pgn-extract:pgn-extract
    local pgn_extract=/usr/games/pgn-extract runs=${BENCH_RUNS:-3} dir=${BENCH_DIR:-/tmp/pgnkit-bench}
    local table=$root/tests/data/eco/pgn-extract-eco.pgn
    make_validate_inputs "$dir"
    echo "pgnkit eco --jobs 1 vs pgn-extract -e (both with pgn-extract's eco.pgn; games written to a file);"
    echo "best wall and best CPU time (user + system) of $runs runs per process incl. start-up, the tools in turns"
    echo "pgnkit:      $PGNKIT"
    echo "pgn-extract: $pgn_extract ($("$pgn_extract" --version 2>&1 | head -n 1))"
    # The table load: a whole process over a game-less input, CPU time (user + system) of 10.
    printf '[Event "x"]\n\n*\n' >"$dir/one.pgn"
    local what cpu
    for what in bundled eco.pgn scid.eco none; do
        local -a opt=(eco)
        [[ $what == eco.pgn ]] && opt=(eco --eco-file "$table")
        [[ $what == scid.eco ]] && opt=(eco --eco-file "$root/tests/data/eco/scid.eco")
        [[ $what == none ]] && opt=(validate -q)
        cpu=$( { /usr/bin/time -f '%U %S' bash -c 'for _ in 1 2 3 4 5 6 7 8 9 10; do "$@" >/dev/null 2>&1; done' \
            bash "$PGNKIT" "${opt[@]}" "$dir/one.pgn"; } 2>&1 | tail -n 1)
        printf 'process over one empty game, %-8s CPU per run (mean of 10): %.1f ms\n' "$what" \
            "$(echo "($(cut -d' ' -f1 <<<"$cpu") + $(cut -d' ' -f2 <<<"$cpu")) * 100" | bc -l)"
    done
    echo "(none: pgnkit validate, no table: the process's own start-up)"
    echo
    local file
    for file in $(bench_files "$dir"); do
        local bytes
        bytes=$(stat -c %s "$file")
        printf '%s: %.1f MB\n' "$(basename "$file")" "$(echo "$bytes / 1000000" | bc -l)"
        printf '  %-34s %8s %8s %10s\n' tool 'wall s' 'CPU s' 'MB/CPU s'
        run_eco() { "$PGNKIT" eco --jobs 1 --no-progress --eco-file "$table" -o "$dir/eco-out.pgn" "$file"; }
        run_ecb() { "$PGNKIT" eco --jobs 1 --no-progress -o "$dir/eco-out.pgn" "$file"; }
        run_pee() { "$pgn_extract" -s -e"$table" -o "$dir/eco-out.pgn" "$file"; }
        rounds "$runs" eco ecb pee
        rm -f "$dir/eco-out.pgn"
        table_row "pgnkit eco --eco-file eco.pgn -j1" "${secs[eco]}" "$bytes"
        table_row "pgnkit eco (bundled) -j1" "${secs[ecb]}" "$bytes"
        table_row "pgn-extract -e eco.pgn" "${secs[pee]}" "$bytes"
        bar "eco vs pgn-extract -e (CPU)" "$(ratio "${secs[pee]}" "${secs[eco]}" cpu)" 10
        printf '  median of the rounds'"'"' own ratios: eco/pgn-extract %.2f\n\n' "$(paired pee eco)"
    done
    echo "ratio = speed of pgnkit eco / speed of pgn-extract -e (above 1: pgnkit eco is faster)"
}

case ${1:-} in
perft) bench_perft ;;
xiangqi) bench_xiangqi ;;   # validate --variant xiangqi of the ICCS games: M plies/s
validate) bench_validate ;; # pgnkit validate vs pgn-extract, zstd -d as the floor
convert) bench_convert ;;   # pgnkit convert vs pgn-extract -s
fen) bench_fen ;;           # pgnkit fen --format epd vs pgn-extract -Wepd
stats) bench_stats ;;       # pgnkit stats vs pgnkit validate (both --jobs 1)
filter) bench_filter ;;     # pgnkit filter vs pgn-extract -T / -x and validate
dedup) bench_dedup ;;       # pgnkit dedup vs pgn-extract -D
tags) bench_tags ;;         # pgnkit tags --set vs the tags-only filter
shards) bench_shards ;;     # merge of 10/100/1000 stats shards; two shard processes vs one
eco) bench_eco ;;           # pgnkit eco vs pgn-extract -e, table loading
-h | --help | help | "") usage ;;
*)
    usage >&2
    die "unknown subcommand '$1'"
    ;;
esac
