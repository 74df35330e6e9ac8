#!/usr/bin/env bash
# Runs the libFuzzer targets of tests/fuzz (clang, ASan + UBSan) for a while each.
#
#   scripts/fuzz.sh [-j N] [SECONDS] [TARGET…]
#
# SECONDS per target (default 60); TARGETs among fuzz_fen fuzz_san fuzz_pgn fuzz_source
# fuzz_convert fuzz_export fuzz_xiangqi fuzz_tags (default: all eight, one after the other; -j N
# runs N at a time, each on one core).
# Configures and builds ./build-fuzz (CC=clang CXX=clang++, -DPGNKIT_FUZZ=ON
# -DPGNKIT_SANITIZE=address,undefined, RelWithDebInfo) the first time, then rebuilds what
# changed.
#
# Seeds are made once from tests/data (build-fuzz/seeds/TARGET): FEN and EPD lines for
# fuzz_fen, move tokens in every fixed position for fuzz_san, the edge-case PGN files and a
# few small real games for fuzz_pgn, fuzz_convert, fuzz_export and fuzz_tags (a first byte
# chooses its edits), those plus zstd/gzip compressed (whole,
# truncated and corrupted) and UTF-16 copies (plain, in zstd, in gzip) for fuzz_source. What
# the fuzzer finds is kept in build-fuzz/corpus/TARGET and grows from run to run. A crash
# (also a leak, a timeout of 25 s for one input or more than 2048 MB of memory) is kept as
# build-fuzz/crashes/TARGET/crash-… (or leak-, timeout-, oom-); reproduce it with
# `build-fuzz/fuzz/TARGET FILE`. A summary line per target gives its time, executions (and
# per second) and corpus size. Exit status: 0 when no target found
# anything, 1 when one did, 2 on a setup error.
# Environment: FUZZ_BUILD=DIR instead of ./build-fuzz; FUZZ_ARGS adds libFuzzer options, e.g.
# FUZZ_ARGS="-fork=1 -ignore_crashes=1" to go on past a known crash.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUZZ_BUILD:-$root/build-fuzz}
all=(fuzz_fen fuzz_san fuzz_pgn fuzz_source fuzz_convert fuzz_export fuzz_xiangqi fuzz_tags)

seconds=60
parallel=1
case ${1:-} in -h | --help) sed -n "2,25p" "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
if [[ ${1:-} == -j ]]; then
    [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "fuzz.sh: -j needs a number" >&2; exit 2; }
    parallel=$2
    shift 2
fi
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
    seconds=$1
    shift
fi
targets=("$@")
((${#targets[@]} == 0)) && targets=("${all[@]}")
for t in "${targets[@]}"; do
    [[ " ${all[*]} " == *" $t "* ]] || { echo "fuzz.sh: unknown target '$t' (${all[*]})" >&2; exit 2; }
done
for tool in clang clang++ zstd gzip; do
    command -v "$tool" >/dev/null || { echo "fuzz.sh: '$tool' not found" >&2; exit 2; }
done

# --- build
if [[ ! -f $build/CMakeCache.txt ]]; then
    CC=clang CXX=clang++ cmake -S "$root" -B "$build" -DPGNKIT_FUZZ=ON \
        -DPGNKIT_SANITIZE=address,undefined -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null ||
        { echo "fuzz.sh: configure failed" >&2; exit 2; }
fi
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target "${targets[@]}" >"$build/fuzz-build.log" 2>&1 ||
    { tail -30 "$build/fuzz-build.log" >&2; echo "fuzz.sh: build failed" >&2; exit 2; }

# --- seeds (once)
seed_file() { # dir text
    local f
    f=$1/$(printf '%s' "$2" | sha1sum | cut -c1-16)
    printf '%s' "$2" >"$f"
}
make_seeds() {
    local s=$build/seeds
    rm -rf "$s.tmp" && mkdir -p "$s.tmp"/{fuzz_fen,fuzz_san,fuzz_pgn,fuzz_source,fuzz_xiangqi}
    local line fen
    # FEN: every line of the FEN files, column 2 of kokopu's table, the EPD/FEN of perft suites.
    while IFS= read -r line; do
        [[ -n $line ]] && seed_file "$s.tmp/fuzz_fen" "$line"
    done < <(cat "$root"/tests/data/fen/*.fen
             tail -n +2 "$root/tests/data/fen/kokopu-fens.tsv" | cut -f2
             cat "$root"/tests/data/perft/*/*.epd | sed 's/ *;.*//'
             sed -n 's/^\(epd\|fen\) //p' "$root"/tests/data/perft/*/*.perft
             grep -v '^#' "$root/tests/data/perft/fairy-stockfish/chess-perft.tsv" | cut -f1 | grep /)
    # SAN: byte 0 = position and options, byte 1 = move index, then the token.
    local tokens=(e4 e5 Nf3 Nbd7 N1d2 Ngf3 Qh4xe1 exd6 exd6e.p. exf6 e8=Q e8Q e8=Q+ e8/N b1=Q#
        gxh1=N O-O O-O-O 0-0 0-0-0 o-o O-O+ e2e4 e2-e4 g1f3 e1g1 e1h1 e7e8q Ng1-f3 Ng1xf3 Pe4
        nf3 -- Z0 Sf3 Dd1 Txe1 Ld3 ♘f3 ♞c6 e4!? Nf3!! e4‼ Kxf2 Ra8# Qxh7++ e:d5 N:f3 a8=K
        h1=P Bb5+ Nxe5 axb8=R Rxa8 Kh1 Ke2 Qd8 Bxf7+ Nf3?)
    local t b
    for t in "${tokens[@]}"; do
        for b in 0 1 2 3 4 5 6 7 40 61; do
            printf "\\x$(printf %02x "$b")\\x$(printf %02x $((b * 7 % 256)))%s" "$t" \
                >"$s.tmp/fuzz_san/$b-$(printf '%s' "$t" | sha1sum | cut -c1-12)"
        done
    done
    # PGN: the edge-case files up to 64 KiB, and the first 16 KiB of a few small real files.
    local f n=0
    while IFS= read -r f; do
        cp "$f" "$s.tmp/fuzz_pgn/edge-$((n++)).pgn"
    done < <(find "$root/tests/data/pgn/edge" -name '*.pgn' -size -64k | sort)
    for f in annotated/mliebelt-match3 annotated/kk matches/WorldChamp1972 fics/fatics-fics-games \
        chess960/fics-chess960 pgnmentor-players/Philidor; do
        zstd -dc -q "$root/tests/data/pgn/real/$f.pgn.zst" | head -c 16384 \
            >"$s.tmp/fuzz_pgn/real-${f##*/}.pgn"
    done
    # Sources: small plain inputs, and zstd / gzip copies: whole, truncated, one byte flipped,
    # two frames, and a small bomb (1 MiB of blanks).
    for f in $(ls "$s.tmp/fuzz_pgn" | head -40); do
        cp "$s.tmp/fuzz_pgn/$f" "$s.tmp/fuzz_source/$f"
        zstd -q -c "$s.tmp/fuzz_pgn/$f" >"$s.tmp/fuzz_source/$f.zst"
        gzip -c "$s.tmp/fuzz_pgn/$f" >"$s.tmp/fuzz_source/$f.gz"
    done
    local z
    for z in "$s.tmp"/fuzz_source/*.zst "$s.tmp"/fuzz_source/*.gz; do
        local size
        size=$(stat -c %s "$z")
        head -c $((size / 2)) "$z" >"$z.half"
        cp "$z" "$z.flip"
        printf '\xff' | dd of="$z.flip" bs=1 seek=$((size * 2 / 3)) conv=notrunc status=none
    done
    cat "$s.tmp"/fuzz_source/edge-0.pgn.zst "$s.tmp"/fuzz_source/edge-1.pgn.zst \
        >"$s.tmp/fuzz_source/two-frames.zst"
    # UTF-16 with a byte-order mark, little and big endian (iconv: valid UTF-8 inputs only).
    for f in edge-0.pgn real-kk.pgn real-Philidor.pgn; do
        local u=$s.tmp/fuzz_source/$f
        { printf '\xff\xfe' && iconv -f UTF-8 -t UTF-16LE "$u"; } >"$u.utf16le" 2>/dev/null
        { printf '\xfe\xff' && iconv -f UTF-8 -t UTF-16BE "$u"; } >"$u.utf16be" 2>/dev/null
    done
    # … and compressed (UTF-16 inside zstd and gzip).
    zstd -q -c "$s.tmp/fuzz_source/edge-0.pgn.utf16le" >"$s.tmp/fuzz_source/edge-0.utf16le.zst"
    gzip -c "$s.tmp/fuzz_source/real-kk.pgn.utf16be" >"$s.tmp/fuzz_source/real-kk.utf16be.gz"
    head -c 1048576 /dev/zero | tr '\0' ' ' | zstd -q -c >"$s.tmp/fuzz_source/bomb.zst"
    head -c 1048576 /dev/zero | tr '\0' '\n' | gzip -c >"$s.tmp/fuzz_source/bomb.gz"
    # Xiangqi: the FENs of tests/data/xiangqi and the xiangqi perft suites, some with moves.
    local i=0
    while IFS= read -r line; do
        line=${line%$'\r'}
        [[ -n $line && $line != \#* && $line != fen* ]] || continue
        line=${line%%;*}
        line=${line%%$'\t'*}
        seed_file "$s.tmp/fuzz_xiangqi" "$line"
        ((i++ % 8 == 0)) && seed_file "$s.tmp/fuzz_xiangqi" "$line"$'\n'"h2e2"$'\n'"h3e3"$'\n'"b0c2"
    done < <(cat "$root"/tests/data/xiangqi/fen/*.fen "$root"/tests/data/perft/xiangqi/*)
    cp -r "$s.tmp/fuzz_pgn" "$s.tmp/fuzz_convert" # the same PGN
    cp -r "$s.tmp/fuzz_pgn" "$s.tmp/fuzz_export"
    # Tags: the same PGN after a first byte that chooses the edits (16 choices).
    mkdir -p "$s.tmp/fuzz_tags"
    local k=0
    for f in "$s.tmp"/fuzz_pgn/*; do
        { printf "\\x$(printf %02x $((k++ % 16)))"; cat "$f"; } >"$s.tmp/fuzz_tags/${f##*/}"
    done
    rm -rf "$s" && mv "$s.tmp" "$s"
}
# (again when a target was added since: its seeds are missing)
[[ -d $build/seeds/fuzz_tags ]] || make_seeds || { echo "fuzz.sh: making seeds failed" >&2; exit 2; }

# --- run
max_len() {
    case $1 in
    fuzz_fen | fuzz_xiangqi) echo 512 ;;
    fuzz_san) echo 64 ;;
    *) echo 65536 ;;
    esac
}
# One target: runs it, prints its summary line (FOUND … when it found something).
run_target() {
    local t=$1 corpus=$build/corpus/$1 crashes=$build/crashes/$1 log before start rc
    log=$build/logs/$t-$(date +%Y%m%d-%H%M%S).log
    mkdir -p "$corpus" "$crashes" "$build/logs"
    echo "fuzz.sh: $t for ${seconds}s (log $log)" >&2
    before=$(find "$crashes" -type f | wc -l)
    start=$(date +%s)
    # shellcheck disable=SC2086
    ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
        "$build/fuzz/$t" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=25 \
        -max_len="$(max_len "$t")" -print_final_stats=1 -artifact_prefix="$crashes/" \
        ${FUZZ_ARGS:-} "$corpus" "$build/seeds/$t" >"$log" 2>&1
    rc=$?
    local took execs rate units new_crashes art
    took=$(($(date +%s) - start))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    units=$(find "$corpus" -type f | wc -l)
    new_crashes=$(($(find "$crashes" -type f | wc -l) - before))
    # With FUZZ_ARGS="-fork=1 -ignore_crashes=1" libFuzzer goes on after a crash and exits 0.
    ((rc == 0 && new_crashes > 0)) && rc=1
    if ((rc != 0)); then
        art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        echo "$t: FOUND a problem after ${took}s (exit $rc, $new_crashes new files in $crashes): ${art:-see $log}"
        # The report (from its first error to its summary) and, for a short input, the input
        # in Base64: enough to reproduce a finding of a CI run without its files.
        local report
        report=$(sed -nE '/ERROR: (AddressSanitizer|libFuzzer|LeakSanitizer)|runtime error|invariant failed/,/^SUMMARY: /p' \
            "$log" | head -60)
        [[ $report == *"Base64: "* ]] || report+=$'\n'$(grep -a -m1 '^Base64: ' "$log")
        printf '%s\n' "$report" | sed 's/^/    /'
    else
        echo "$t: ${took}s, ${execs:-?} executions (${rate:-?}/s), corpus $units inputs, nothing found"
    fi
}

results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
for t in "${targets[@]}"; do
    while (($(jobs -rp | wc -l) >= parallel)); do wait -n || true; done
    run_target "$t" >"$results/$t" &
done
wait
found=0
for t in "${targets[@]}"; do
    cat "$results/$t"
    grep -q "^$t: FOUND" "$results/$t" && found=1
done
exit "$found"
