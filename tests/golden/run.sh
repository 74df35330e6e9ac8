#!/usr/bin/env bash
# CLI golden tests: run pgnkit on recorded cases and compare what it prints.
#
# Usage: tests/golden/run.sh [--pgnkit PATH] [--update] [-v] [--exact] [FILTER...]
#   --pgnkit PATH  the binary to test (default: $PGNKIT, else ./build/pgnkit)
#   --update       rewrite the expected files from what the binary does now (review the
#                  diff like code before committing it)
#   -v             print passing cases too
#   --exact        a FILTER is a whole case name "<command>/<case>", not a part of one, and
#                  one that names no case is an error (CTest runs each case so:
#                  tests/golden/golden.cmake)
#   FILTER         run only cases whose name "<command>/<case>" contains one of these
#
# Layout: one directory per command, several cases per directory, one file per aspect:
#   tests/golden/<command>/<case>.args    required: the arguments after `pgnkit`, ONE PER LINE
#                                         (the subcommand first; an empty line is an empty
#                                         argument; no quoting, no globbing, no comments)
#   tests/golden/<command>/<case>.stdin   optional: fed to standard input (else /dev/null)
#   tests/golden/<command>/<case>.stdout  expected standard output (exact bytes)
#   tests/golden/<command>/<case>.stderr  optional: expected standard error; when absent,
#                                         stderr is not compared
#   tests/golden/<command>/<case>.exit    expected exit status (a number; absent = 0)
#   tests/golden/<command>/<case>.pgn, .fen, …  input files, referenced from .args
#
# Input files: the command runs in its case's directory, so an argument `case.pgn` names
# tests/golden/<command>/case.pgn and diagnostics show that short relative name. In .args,
# `{dir}` expands to the absolute case directory and `{tmp}` to an empty scratch directory
# for output files (removed afterwards). In the output, the absolute case directory and the
# scratch directory are written back as `{dir}` and `{tmp}` before comparing, so expected
# files hold no machine-specific paths.
#
# --update writes .stdout and .exit for every selected case, rewrites .stderr where it exists,
# and creates .stderr for a new case (one without .stdout yet) when it printed to stderr.
# Exit status: 0 all passed, 1 some failed, 2 usage error (or, with --exact, no such case) or no
# binary.
set -uo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
pgnkit=${PGNKIT:-}
update=0
verbose=0
exact=0
filters=()
while (($#)); do
    case $1 in
    --pgnkit) pgnkit=${2:-}; shift 2 || { echo "run.sh: --pgnkit needs a path" >&2; exit 2; } ;;
    --update) update=1; shift ;;
    -v) verbose=1; shift ;;
    --exact) exact=1; shift ;;
    -h | --help) sed -n '2,/^set -uo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) filters+=("$1"); shift ;;
    esac
done
[[ -n $pgnkit ]] || pgnkit=$here/../../build/pgnkit
if [[ ! -x $pgnkit ]]; then
    echo "run.sh: no pgnkit binary at '$pgnkit' (use --pgnkit PATH or PGNKIT=…)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$pgnkit")" && pwd)/$(basename "$pgnkit")

# Deterministic environment: no colours, no locale surprises, UTF-8 output.
export LC_ALL=C.UTF-8 NO_COLOR=1
unset PGNKIT_OPTIONS 2>/dev/null || true

scratch=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-golden.XXXXXX")
trap 'rm -rf "$scratch"' EXIT

timeout_cmd=()
command -v timeout >/dev/null && timeout_cmd=(timeout 60)

# Replaces every occurrence of the paths by their placeholders (plain text, no regex).
normalize() { # file dir tmp
    local text
    text=$(cat "$1"; printf x) # keep trailing newlines
    text=${text%x}
    text=${text//"$2"/"{dir}"}
    text=${text//"$3"/"{tmp}"}
    printf '%s' "$text" >"$1"
}

passed=0 failed=0 failed_names=()
shopt -s nullglob
case_files=("$here"/*/*.args)
if ((exact)); then # the named cases only (no need to look at the others)
    case_files=()
    for f in "${filters[@]}"; do
        if [[ $f != */* || ! -f $here/$f.args ]]; then
            echo "run.sh: no case '$f' (expected <command>/<case>, as tests/golden/<command>/<case>.args)" >&2
            exit 2
        fi
        case_files+=("$here/$f.args")
    done
fi
for args_file in "${case_files[@]}"; do
    dir=$(dirname "$args_file")
    case_name=$(basename "$dir")/$(basename "$args_file" .args)
    if ((${#filters[@]} && !exact)); then
        match=0
        for f in "${filters[@]}"; do [[ $case_name == *"$f"* ]] && match=1; done
        ((match)) || continue
    fi
    base=${args_file%.args}
    tmp=$scratch/$(basename "$dir")-$(basename "$base")
    mkdir -p "$tmp"

    args=()
    while IFS= read -r line || [[ -n $line ]]; do
        line=${line//"{dir}"/"$dir"}
        line=${line//"{tmp}"/"$tmp"}
        args+=("$line")
    done <"$args_file"

    stdin=/dev/null
    [[ -f $base.stdin ]] && stdin=$base.stdin
    (cd "$dir" && "${timeout_cmd[@]}" "$pgnkit" "${args[@]}" <"$stdin" >"$tmp.out" 2>"$tmp.err")
    status=$?
    normalize "$tmp.out" "$dir" "$tmp"
    normalize "$tmp.err" "$dir" "$tmp"

    if ((update)); then
        [[ ! -f $base.stdout && -s $tmp.err ]] && : >"$base.stderr"
        cp "$tmp.out" "$base.stdout"
        [[ -f $base.stderr ]] && cp "$tmp.err" "$base.stderr"
        echo "$status" >"$base.exit"
        echo "updated $case_name (exit $status)"
        continue
    fi

    ok=1
    report=""
    want_status=0
    [[ -f $base.exit ]] && want_status=$(tr -d ' \n' <"$base.exit")
    if [[ $status != "$want_status" ]]; then
        ok=0
        report+="  exit status: expected $want_status, got $status"$'\n'
    fi
    if [[ ! -f $base.stdout ]]; then
        ok=0
        report+="  no $case_name.stdout (run with --update to record it)"$'\n'
    elif ! d=$(diff -u --label expected --label actual "$base.stdout" "$tmp.out"); then
        ok=0
        report+="  stdout differs:"$'\n'"$d"$'\n'
    fi
    if [[ -f $base.stderr ]] && ! d=$(diff -u --label expected --label actual "$base.stderr" "$tmp.err"); then
        ok=0
        report+="  stderr differs:"$'\n'"$d"$'\n'
    fi

    if ((ok)); then
        passed=$((passed + 1))
        ((verbose)) && echo "PASS $case_name"
    else
        failed=$((failed + 1))
        failed_names+=("$case_name")
        echo "FAIL $case_name"
        printf '  command: pgnkit'
        printf ' %q' "${args[@]}"
        printf '\n%s' "$report"
        if [[ ! -f $base.stderr && -s $tmp.err ]]; then
            echo "  stderr (not compared):"
            sed 's/^/    /' "$tmp.err"
        fi
    fi
done

((update)) && exit 0
echo "golden: $passed passed, $failed failed"
if ((failed)); then
    printf '  failed: %s\n' "${failed_names[@]}"
    exit 1
fi
if ((passed == 0)); then
    echo "golden: no cases matched" >&2
    exit 1
fi
exit 0
