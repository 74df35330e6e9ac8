#!/usr/bin/env bash
# Differential check of the chess core against Stockfish (CTest: differential.stockfish).
#
#   scripts/differential-stockfish.sh [REPLAY_POSITIONS]
#
# REPLAY_POSITIONS is the test tool (tests/tools/replay_positions.cpp); default $PGNKIT_REPLAY,
# else ./build/tests/replay_positions under the repository root. Stockfish is $STOCKFISH, else
# `stockfish` on PATH, else /usr/games/stockfish; if none exists it is installed with apt-get.
# Environment knobs: DIFF_GAME_STEP, DIFF_PLY_STEP (sampling of ordinary games, see the
# tool's header), DIFF_KEEP=DIR keeps the work files in DIR.
#
# What it does:
#  1. replay_positions replays the main line of every game in tests/data/pgn/real (all
#     files; every Chess960 and set-up game in full, a deterministic sample of the others)
#     and of every Chess960 / set-up game in tests/data/pgn/edge, with our library, and
#     prints per sampled position: start FEN, UCI moves, our FEN and our perft(3).
#  2. ONE stockfish process gets, per position: `setoption name UCI_Chess960 value
#     true|false` (when it changes), `position fen START moves M1 M2 …`, `d` and
#     `go perft 3`, then `go perft 1` as a barrier whose result is ignored. Its `Fen:` lines
#     and every other `Nodes searched:` line are collected in order; counts are checked.
#     The barrier matters: Stockfish 15.1 runs `go perft` on its search thread while the UCI
#     thread goes on reading commands, and it prints the perft result from the thread's
#     node counter (`nodes = perft(...)`, then prints `nodes`), which the UCI thread's
#     do_move also increments while it plays the next `position … moves …`. Without a
#     barrier a few perft results per run came out one too high (the same position alone
#     gives the right count). `isready` does not wait for the search in 15.1; `go` does
#     (start_thinking waits for the previous search), so the perft 3 result is printed
#     before the next `position` is read; only the dummy perft 1 can be disturbed. The
#     commands are streamed from a file into the one process: the run takes well under a
#     minute.
#  3. Compares, per position, Stockfish's FEN with ours and its perft with ours. Prints
#     `N positions, M mismatches`, each mismatch listed; exits 1 on any mismatch, 2 on a
#     setup error.
#
# Normalisations (formatting conventions only; documented here, applied by the tool):
#  * En-passant square. Our default FEN (ep mode "legal") shows the ep square only when an
#    en-passant capture is legal (FIDE 9.2.3 identity). Stockfish 15.1 sets it after every
#    double push that a pawn of the side to move attacks, legal or not (e.g. the capturing
#    pawn pinned). So Stockfish's FEN is compared with our FEN in ep mode "pseudo" (same
#    rule), column 9 of the tool. The legal-mode ep field is checked by the tool itself
#    against our legal move list (the ep field is set iff a legal en-passant move exists),
#    and the legality of the ep moves is covered by perft, which Stockfish checks.
#  * Castling in Chess960. With UCI_Chess960 Stockfish prints Shredder-FEN castling (file
#    letters, e.g. HAha, also for the standard array); for Chess960 games we print
#    Shredder-style castling too (CastlingStyle::Shredder). Standard games: KQkq on both
#    sides. UCI castling moves are king-takes-rook in Chess960 (UCI_Chess960 on), king-two-
#    squares otherwise, as format_uci writes them.
#  * The start FEN handed to Stockfish is ours (format_fen, ep after every double push,
#    Shredder castling in Chess960), not the tag's raw text, so that both sides start from
#    the same, unambiguous position; FEN parsing itself is compared at ply 0 of set-up games.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
replay=${1:-${PGNKIT_REPLAY:-$root/build/tests/replay_positions}}
if [[ ! -x $replay ]]; then
    echo "differential-stockfish: no replay_positions tool at '$replay' (build the" \
        "'replay_positions' target, or pass its path)" >&2
    exit 2
fi

find_stockfish() {
    if [[ -n ${STOCKFISH:-} ]]; then
        echo "$STOCKFISH"
    elif command -v stockfish >/dev/null 2>&1; then
        command -v stockfish
    elif [[ -x /usr/games/stockfish ]]; then
        echo /usr/games/stockfish
    fi
}
sf=$(find_stockfish)
if [[ -z $sf ]]; then
    echo "differential-stockfish: installing stockfish (apt-get)" >&2
    if [[ $(id -u) -eq 0 ]]; then
        DEBIAN_FRONTEND=noninteractive apt-get install -y stockfish >&2
    else
        sudo DEBIAN_FRONTEND=noninteractive apt-get install -y stockfish >&2
    fi
    sf=$(find_stockfish)
fi
if [[ -z $sf || ! -x $sf ]]; then
    echo "differential-stockfish: stockfish not found" >&2
    exit 2
fi

if [[ -n ${DIFF_KEEP:-} ]]; then
    work=$DIFF_KEEP
    mkdir -p "$work"
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

# 1. Positions from our library.
mapfile -t real_files < <(find "$root/tests/data/pgn/real" -type f -name '*.pgn*' | sort)
mapfile -t edge_files < <(find "$root/tests/data/pgn/edge" -type f -name '*.pgn' | sort)
"$replay" --game-step "${DIFF_GAME_STEP:-40}" --ply-step "${DIFF_PLY_STEP:-8}" \
    "${real_files[@]}" >"$work/real.tsv" 2>"$work/replay-real.err" || {
    cat "$work/replay-real.err" >&2
    exit 2
}
"$replay" --special-only "${edge_files[@]}" >"$work/edge.tsv" 2>"$work/replay-edge.err" || {
    cat "$work/replay-edge.err" >&2
    exit 2
}
sed 's/^/real: /' "$work/replay-real.err"
sed 's/^/edge: /' "$work/replay-edge.err"
# Paths relative to the repository root in the report.
cat "$work/real.tsv" "$work/edge.tsv" | sed "s|^$root/||" >"$work/positions.tsv"
n=$(wc -l <"$work/positions.tsv")
if [[ $n -lt 1000 ]]; then
    echo "differential-stockfish: only $n positions sampled (expected at least 1000)" >&2
    exit 2
fi

# 2. One Stockfish process for all positions.
awk -F'\t' '
    BEGIN { print "uci"; c960 = "" }
    {
        want = ($4 == 1) ? "true" : "false"
        if (want != c960) { print "setoption name UCI_Chess960 value " want; c960 = want }
        if ($7 == "") print "position fen " $6
        else          print "position fen " $6 " moves " $7
        print "d"
        print "go perft 3"
        # Barrier (see 2. above): starts only when the perft 3 has printed its result.
        print "go perft 1"
    }' "$work/positions.tsv" >"$work/commands.txt"
"$sf" <"$work/commands.txt" >"$work/stockfish.out" 2>&1 || {
    echo "differential-stockfish: stockfish failed (exit $?); last output:" >&2
    tail -20 "$work/stockfish.out" >&2
    exit 2
}
sed -n 's/^Fen: //p' "$work/stockfish.out" >"$work/sf-fen.txt"
sed -n 's/^Nodes searched: //p' "$work/stockfish.out" >"$work/sf-nodes-all.txt"
awk 'NR % 2 == 1' "$work/sf-nodes-all.txt" >"$work/sf-nodes.txt"
nf=$(wc -l <"$work/sf-fen.txt")
nn=$(wc -l <"$work/sf-nodes-all.txt")
if [[ $nf -ne $n || $nn -ne $((2 * n)) ]]; then
    echo "differential-stockfish: $n positions but stockfish printed $nf FENs and $nn" \
        "perft results (expected $n and $((2 * n)))" >&2
    tail -20 "$work/stockfish.out" >&2
    exit 2
fi

# 3. Compare.
paste "$work/positions.tsv" "$work/sf-fen.txt" "$work/sf-nodes.txt" |
    awk -F'\t' -v total="$n" '
    {
        bad = ""
        if ($9 != $12) bad = bad sprintf("    FEN   ours %s\n          sf   %s\n", $9, $12)
        if ($10 != $13) bad = bad sprintf("    perft(3) ours %s, sf %s\n", $10, $13)
        if (bad != "") {
            ++m
            printf "MISMATCH %s game %s ply %s (%s)%s\n", $1, $2, $3, $5, ($4 == 1 ? " [Chess960]" : "")
            printf "    position fen %s%s\n", $6, ($7 == "" ? "" : " moves " $7)
            printf "%s", bad
        }
        if ($4 == 1) ++c960
    }
    END {
        printf "%d positions (%d Chess960), %d mismatches\n", total, c960, m
        exit (m > 0)
    }'
