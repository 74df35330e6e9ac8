#!/usr/bin/env bash
# Adversarial inputs and hostile environments for validate, fen and convert (CTest
# cli.adversarial, label cli) — the ones tests/cli/validate_io.sh does not cover:
#  * a zstd stream expanding ≥ 1000:1 (100 MB of blanks and line ends, then one game);
#  * valid games with a NUL byte every 4 KiB (10 MB; 100 MB with PGNKIT_ADVERSARIAL_FULL=1);
#  * invalid UTF-8 everywhere (tags, comments, moves): reports stay valid UTF-8 / JSON;
#  * 10,000 files on one command line;
#  * `pgnkit fen big.pgn | head -1`: exit 0, nothing on stderr;
#  * a full disk: stdout on /dev/full, and `-o`/`--rejects` on a 64 KiB tmpfs (root only,
#    else skipped): exit 2 with a clear message, no file left behind;
#  * `-o` files appear only when complete;
#  * SIGINT while running on a big input: the process ends within a second (exit 130) and
#    leaves no partial output (validate --rejects/--accepted, fen -o, convert -o).
# Every run: exit status 0/1/2 (130 after SIGINT), never death by a signal; peak RSS below
# 256 MiB (GNU /usr/bin/time; skipped without it; ×4 when PGNKIT_TEST_SANITIZED=1, as ASan
# keeps shadow memory and a quarantine); and no run takes absurdly long (60 s).
#
#   tests/cli/adversarial.sh PGNKIT
#
# Prints "PASS name", "FAIL name: why" or "SKIP name: why"; exits 1 if any check failed.
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
full=${PGNKIT_ADVERSARIAL_FULL:-0}

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-adversarial.XXXXXX") || exit 2
mounted=""
cleanup() {
    [[ -n $mounted ]] && umount "$mounted" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 2

passed=0 failed=0 skipped=0
pass() { echo "PASS $1"; passed=$((passed + 1)); }
fail() { echo "FAIL $1: $2"; failed=$((failed + 1)); }
skip() { echo "SKIP $1: $2"; skipped=$((skipped + 1)); }
expect() { if [[ $2 == "$3" ]]; then pass "$1"; else fail "$1" "got '$2', expected '$3'"; fi; }

for tool in zstd perl; do
    command -v "$tool" >/dev/null || { echo "adversarial.sh: $tool is needed" >&2; exit 2; }
done
rss_limit_kib=$((256 * 1024))
[[ ${PGNKIT_TEST_SANITIZED:-0} == 1 ]] && rss_limit_kib=$((4 * rss_limit_kib))
time_limit=60
have_time=0
/usr/bin/time -f '%M %e' true >/dev/null 2>&1 && have_time=1

# run NAME WANT CMD… — runs CMD (stdout run.out, stderr run.err; stdin from $run_stdin if
# set) under GNU time; checks its exit status is among WANT ("0|1", "2" …), the peak RSS and
# the time. Sets status.
run() {
    local name=$1 want=$2 in=${run_stdin:-/dev/null}
    shift 2
    local start=$SECONDS
    if ((have_time)); then
        /usr/bin/time -f '%M %e' -o time.out "$@" <"$in" >run.out 2>run.err
        status=$?
    else
        "$@" <"$in" >run.out 2>run.err
        status=$?
    fi
    local took=$((SECONDS - start))
    if [[ $status =~ ^($want)$ ]]; then
        pass "$name.exit"
    else
        fail "$name.exit" "exit status $status, expected $want; stderr: $(head -c 300 run.err)"
    fi
    if ((have_time)); then
        local rss
        rss=$(tail -n 1 time.out | cut -d' ' -f1)
        if [[ ! $rss =~ ^[0-9]+$ ]]; then
            fail "$name.rss" "no measurement"
        elif ((rss < rss_limit_kib)); then
            pass "$name.rss ($((rss / 1024)) MiB, $(tail -n 1 time.out | cut -d' ' -f2) s)"
        else
            fail "$name.rss" "peak RSS $rss KiB"
        fi
    fi
    if ((took <= time_limit)); then pass "$name.time"; else fail "$name.time" "${took}s"; fi
}
# summary_games — the game count of a validate summary in run.out.
summary_games() { sed -n 's/^summary: .*, \([0-9]*\) games\{0,1\}:.*/\1/p' run.out; }
# leftovers DIR NAME… — the NAMEs and temporary outputs (NAME.tmp.*, .NAME.*) found in DIR.
leftovers() {
    local dir=$1
    shift
    local n
    for n in "$@"; do
        find "$dir" -maxdepth 1 \( -name "$n" -o -name "$n.*" -o -name ".$n*" \) -printf '%f '
    done
}

seven_tags='[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n\n'
V=(validate -q --no-timing --no-progress)

# Corpus: every real game (≈ 47 MB, 63,082 games); big.pgn = it twice; huge.pgn = it eight
# times, for the SIGINT runs (they need a run that lasts: validate reads big.pgn in well under
# a second on two cores).
zstd -qdc "$root"/tests/data/pgn/real/*/*.pgn.zst >all.pgn
cat all.pgn all.pgn >big.pgn
cat big.pgn big.pgn big.pgn big.pgn >huge.pgn
all_games=63082

echo "== decompression bomb"
# 100 MB of blank lines of 79 spaces, then one game: one tiny zstd frame.
{ yes "$(printf '%79s' '')" | head -c 100000000; printf "$seven_tags"'1. e4 e5 *\n'; } |
    zstd -q -19 -c >bomb.pgn.zst
size=$(stat -c %s bomb.pgn.zst)
if ((100000000 / size >= 1000)); then pass bomb.ratio; else fail bomb.ratio "only $((100000000 / size)):1"; fi
run bomb.validate '0|1' "$pgnkit" "${V[@]}" bomb.pgn.zst
expect bomb.validate.games "$(summary_games)" 1
run bomb.fen '0|1' "$pgnkit" fen --no-progress bomb.pgn.zst
expect bomb.fen.lines "$(wc -l <run.out)" 2
run bomb.convert '0|1' "$pgnkit" convert bomb.pgn.zst
expect bomb.convert.games "$(grep -c '^\[Event ' run.out)" 1

echo "== NUL byte every 4 KiB"
mb=10
((full)) && mb=100
for ((k = 0; k <= mb / 40; k++)); do cat all.pgn; done | head -c $((mb * 1000000)) >plain.pgn
perl -e 'local $/ = \4095; while (<STDIN>) { print $_, "\0" }' <plain.pgn >nul.pgn
nuls=$(tr -cd '\0' <nul.pgn | wc -c)
run nul.plain '0|1' "$pgnkit" "${V[@]}" plain.pgn
plain_games=$(summary_games)
run nul.validate '0|1' "$pgnkit" "${V[@]}" nul.pgn
g=$(summary_games)
# A NUL is an ordinary byte to the splitter: the games stay, those hit become invalid.
if [[ -n $g && -n $plain_games ]] && ((g >= plain_games - nuls && g <= plain_games + nuls)); then
    pass nul.validate.games
else
    fail nul.validate.games "$g games, plain $plain_games, $nuls NULs"
fi
run nul.fen '0|1' "$pgnkit" fen --no-progress nul.pgn -o nul.fen
run nul.convert '0|1' "$pgnkit" convert nul.pgn -o nul-out.pgn
if [[ -s nul.fen && -s nul-out.pgn ]]; then pass nul.outputs; else fail nul.outputs "missing -o output"; fi

echo "== invalid UTF-8 everywhere"
# Lone continuation bytes, overlong forms, surrogates, 0xFF — in tag values, comments and
# move tokens (some letters of every line replaced).
perl -pe 's/a/\xff/g; s/o/\xc0\xaf/g; s/Nf/N\x80f/g; s/ e/ \xed\xa0\x80e/g; s/\{/{\xfe\xf5 /g' \
    <"$( ((full)) && echo plain.pgn || echo all.pgn)" >bad-utf8.pgn
run utf8.validate '0|1' "$pgnkit" "${V[@]}" bad-utf8.pgn
[[ -n $(summary_games) ]] && pass utf8.validate.summary || fail utf8.validate.summary "no summary"
run utf8.json '0|1' "$pgnkit" validate --no-progress --no-timing --format json bad-utf8.pgn
if command -v python3 >/dev/null; then
    if python3 -c '
import json, sys
for line in open(sys.argv[1], "rb"):
    json.loads(line.decode("utf-8"))' run.out 2>json.err; then
        pass utf8.json.valid
    else
        fail utf8.json.valid "$(tail -1 json.err)"
    fi
else
    skip utf8.json.valid "python3 is not installed"
fi
utf8_ok() { iconv -f UTF-8 -t UTF-8 "$1" >/dev/null 2>&1; }
run utf8.fen '0|1' "$pgnkit" fen --no-progress --format ndjson bad-utf8.pgn
utf8_ok run.out && pass utf8.fen.output-utf8 || fail utf8.fen.output-utf8 "invalid UTF-8 in output"
# Games with an error are written back byte for byte: check the converted (valid) ones.
run utf8.convert '0|1' "$pgnkit" convert --valid-only bad-utf8.pgn
utf8_ok run.out && pass utf8.convert.output-utf8 || fail utf8.convert.output-utf8 "invalid UTF-8 in output"

echo "== 10,000 files on one command line"
mkdir many
for ((i = 0; i < 10000; i++)); do
    printf '[Event "g%d"]\n[Result "*"]\n\n1. e4 *\n' "$i" >"many/$i.pgn"
done
files=(many/*.pgn)
run many.validate '0|1' "$pgnkit" "${V[@]}" "${files[@]}"
expect many.validate.games "$(summary_games)" 10000
run many.fen '0|1' "$pgnkit" fen --no-progress "${files[@]}"
expect many.fen.lines "$(wc -l <run.out)" 10000
run many.convert '0|1' "$pgnkit" convert "${files[@]}"
expect many.convert.games "$(grep -c '^\[Event ' run.out)" 10000

echo "== closed stdout: fen big.pgn | head -1"
# Valid games only (twice the corpus' valid games): an invalid game read before the pipe
# closed would rightly be reported (stderr, exit 1).
"$pgnkit" validate -q --no-progress --accepted valid.pgn all.pgn >/dev/null 2>&1
cat valid.pgn valid.pgn >big-valid.pgn
"$pgnkit" fen --no-progress big-valid.pgn 2>head.err | head -1 >head.out
st=("${PIPESTATUS[@]}")
expect head.fen.exit "${st[0]}" 0
expect head.fen.stderr "$(head -c 300 head.err)" ""
expect head.fen.lines "$(wc -l <head.out)" 1
"$pgnkit" convert big-valid.pgn 2>head.err | head -1 >head.out
st=("${PIPESTATUS[@]}")
expect head.convert.exit "${st[0]}" 0
expect head.convert.stderr "$(head -c 300 head.err)" ""

echo "== full disk"
if [[ -w /dev/full ]]; then
    for cmd in validate fen convert; do
        opts=(--no-progress)
        [[ $cmd == convert ]] && opts=()
        "$pgnkit" "$cmd" "${opts[@]}" all.pgn >/dev/full 2>full.err
        st=$?
        expect "full.stdout.$cmd.exit" "$st" 2
        if grep -qi 'space\|full\|write' full.err; then
            pass "full.stdout.$cmd.message"
        else
            fail "full.stdout.$cmd.message" "stderr: $(head -c 300 full.err)"
        fi
    done
else
    skip full.stdout "/dev/full is not writable"
fi
mkdir tiny
if [[ $(id -u) -eq 0 ]] && mount -t tmpfs -o size=64k tmpfs tiny 2>/dev/null; then
    mounted=$work/tiny
    for spec in "validate --rejects" "validate --accepted" "fen -o" "convert -o"; do
        read -r cmd opt <<<"$spec"
        name=full.tmpfs.$cmd${opt#-}
        name=${name//-/}
        opts=(--no-progress)
        [[ $cmd == convert ]] && opts=()
        # --rejects needs many invalid games: bad-utf8.pgn (nearly all invalid, ≫ 64 KiB).
        in=all.pgn
        [[ $opt == --rejects ]] && in=bad-utf8.pgn
        "$pgnkit" "$cmd" "${opts[@]}" "$opt" tiny/out.pgn "$in" >/dev/null 2>full.err
        st=$?
        expect "$name.exit" "$st" 2
        if grep -qi 'space\|full' full.err; then
            pass "$name.message"
        else
            fail "$name.message" "stderr: $(head -c 300 full.err)"
        fi
        expect "$name.no-file-left" "$(ls -A tiny)" ""
        rm -f tiny/* tiny/.[!.]* 2>/dev/null
    done
else
    skip full.tmpfs "cannot mount a tmpfs (needs root): -o on a full file system not tested"
fi

echo "== -o appears only when complete"
# While the run is going the final name must not exist; afterwards it must.
for spec in "fen -o out.fen" "convert -o out.pgn" "validate --accepted out-acc.pgn"; do
    read -r cmd opt out <<<"$spec"
    rm -f "$out"
    opts=(--no-progress)
    [[ $cmd == convert ]] && opts=()
    "$pgnkit" "$cmd" "${opts[@]}" "$opt" "$out" big.pgn >/dev/null 2>&1 &
    pid=$!
    early=""
    while kill -0 "$pid" 2>/dev/null; do
        if [[ -e $out ]] && kill -0 "$pid" 2>/dev/null; then
            # Visible while still running: fine only if the rename has just happened.
            sleep 0.2
            kill -0 "$pid" 2>/dev/null && early=1
            break
        fi
        sleep 0.05
    done
    wait "$pid"
    st=$?
    [[ -z $early ]] && pass "atomic.$cmd.not-early" || fail "atomic.$cmd.not-early" "$out visible while running"
    [[ $st -le 1 && -s $out ]] && pass "atomic.$cmd.complete" || fail "atomic.$cmd.complete" "exit $st, $out missing"
    expect "atomic.$cmd.no-temporary" "$(find . -maxdepth 1 -name "$out.*" -printf '%f ')" ""
done

echo "== SIGINT"
# sigint NAME OUTPUTS CMD… — starts CMD on huge.pgn, waits until it has opened its outputs
# (their temporaries exist) or 3 s, sends SIGINT, and expects the end within a second, exit
# 130 and no output file (final or temporary) left.
sigint() {
    local name=$1 outs=$2
    shift 2
    mkdir -p "int-$name" && cd "int-$name" || return
    "$@" >/dev/null 2>int.err &
    local pid=$! t0 waited=0
    while ((waited < 60)) && [[ -z $(find . -maxdepth 1 -name '*.tmp*' -print -quit) ]]; do
        sleep 0.05
        waited=$((waited + 1))
    done
    sleep 0.3
    if ! kill -0 "$pid" 2>/dev/null; then
        wait "$pid"
        skip "sigint.$name" "finished before the signal (exit $?)"
        cd ..
        return
    fi
    t0=$(date +%s%N)
    if ! kill -INT "$pid" 2>/dev/null; then # it ended between the test above and the signal
        wait "$pid"
        skip "sigint.$name" "finished before the signal (exit $?)"
        cd ..
        return
    fi
    local ms
    while kill -0 "$pid" 2>/dev/null && (($(date +%s%N) - t0 < 5000000000)); do sleep 0.01; done
    ms=$((($(date +%s%N) - t0) / 1000000))
    kill -KILL "$pid" 2>/dev/null
    wait "$pid"
    local st=$?
    if ((ms <= 1000)); then pass "sigint.$name.within-1s"; else fail "sigint.$name.within-1s" "${ms} ms"; fi
    expect "sigint.$name.exit" "$st" 130
    # shellcheck disable=SC2086
    expect "sigint.$name.no-output-left" "$(leftovers . $outs)" ""
    cd ..
}
sigint validate "rej.pgn acc.pgn" "$pgnkit" validate --no-progress --rejects rej.pgn \
    --accepted acc.pgn ../huge.pgn
sigint fen "out.fen" "$pgnkit" fen --no-progress -o out.fen ../huge.pgn
sigint fen-zst "out.fen.zst" "$pgnkit" fen --no-progress -o out.fen.zst ../huge.pgn
sigint convert "out.pgn" "$pgnkit" convert -o out.pgn ../huge.pgn

echo "adversarial: $passed passed, $failed failed, $skipped skipped"
((failed == 0))
