#!/usr/bin/env bash
# A command given no file, with a terminal on stdin, is a usage error at once (exit 2 and a
# message), not a silent wait for games nobody will type. The terminal is a pseudo-terminal
# from script(1); a hang fails the test after 10 seconds instead of blocking.
# With - (stdin named explicitly) or stdin not a terminal, stdin is read as before.
#
# Usage: tests/cli/stdin_terminal.sh PATH/TO/pgnkit
set -uo pipefail
pgnkit=${1:?usage: stdin_terminal.sh PATH/TO/pgnkit}
failed=0

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Each command with the options it needs besides its files.
for cmd in fen stats merge validate convert filter dedup "split --games 1 -o $scratch/parts" eco "tags --fill-roster"; do
    # script(1) (util-linux) runs the command on a pseudo-terminal; its output is the
    # terminal's (stderr included), its exit status the command's.
    out=$(timeout 10 script -qec "'$pgnkit' $cmd" /dev/null </dev/null)
    code=$?
    if [[ $code != 2 ]]; then
        echo "FAIL: pgnkit $cmd with a terminal on stdin: exit $code (want 2 at once; 124 = hang)"
        failed=1
    elif [[ $out != "pgnkit ${cmd%% *}: error: "* ]]; then
        echo "FAIL: pgnkit $cmd with a terminal on stdin: message '$out'"
        failed=1
    fi
done

[[ ! -e $scratch/parts ]] || { echo "FAIL: pgnkit split with a terminal on stdin created its folder"; failed=1; }

# Not a terminal: stdin is read (an empty input is no error).
for cmd in fen stats "split --games 1 -o $scratch/parts" eco "tags --fill-roster"; do
    # shellcheck disable=SC2086 # the options are separate words
    if ! "$pgnkit" $cmd </dev/null >/dev/null 2>&1; then
        echo "FAIL: pgnkit $cmd </dev/null should read the empty stdin and succeed"
        failed=1
    fi
done
((failed)) || echo "stdin_terminal: all passed"
exit $failed
