#!/usr/bin/env bash
# The completion scripts of `pgnkit completions bash|zsh|fish`: each parses in its shell, and
# the shell's own completion machinery, run on it, offers every command of `pgnkit --help`,
# every option of each `pgnkit COMMAND --help`, the allowed values of an option whose help
# shows them ({text,json}), and file names for the file arguments. The lists come from --help
# (tests/cli/help_options.sh), never from a copy. bash always; zsh and fish when installed
# (scripts/install-deps.sh --test installs them); without them the test fails unless
# PGNKIT_TEST_SKIP_SHELLS=1, then it is reported skipped (exit 77).
#
# Usage: tests/cli/completions.sh PGNKIT
set -uo pipefail

pgnkit=${1:?usage: completions.sh PGNKIT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=help_options.sh
source "$here/help_options.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-completions.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}

# expect SHELL WHAT WANTED... < offered: every wanted word is among the offered ones (a path
# also counts as offered by its last part: zsh offers the names of a directory's files).
expect() {
    local shell=$1 what=$2 w
    shift 2
    local offered
    offered=$(cat)
    for w in "$@"; do
        grep -qxF -- "$w" <<<"$offered" || grep -qxF -- "${w##*/}" <<<"$offered" ||
            bad "$shell: $what: '$w' is not offered (offered: ${offered//$'\n'/ })"
    done
}

# A directory with a file whose name no option or command starts, for the file arguments.
mkdir -p "$tmp/files" && : >"$tmp/files/games-xyz.pgn"
file_prefix=$tmp/files/games-x

# complete_SHELL WORDS...: the words the shell offers for the last word (may be empty).
complete_bash() {
    bash --norc --noprofile -c '
        source "$1"; shift
        COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
        _pgnkit pgnkit "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
        printf "%s\n" "${COMPREPLY[@]}"' bash "$tmp/pgnkit.bash" "$@"
}
complete_fish() {
    local line
    printf -v line '%q ' "$@"
    [[ -z ${*: -1} ]] || line=${line% }
    line=${line//\'\'/}
    # shellcheck disable=SC2016 # $argv is fish's
    fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$tmp/pgnkit.fish" "$line" | cut -f1
}
# zsh on a pseudo-terminal now and then hangs before the completion (1 run in 30 on a loaded
# machine): up to three tries of 30 s each.
complete_zsh() {
    local line="$*" try
    for try in 1 2 3; do
        timeout 30 zsh -f "$here/zsh_complete.zsh" "$tmp/zsh" "$line" && return 0
        echo "completions: zsh try $try for '$line' failed" >&2
    done
    return 1
}

check_shell() {
    local shell=$1 cmd names values n
    local -a commands
    mapfile -t commands < <(help_commands)
    ((${#commands[@]} >= 8)) || bad "pgnkit --help lists ${#commands[@]} commands"
    expect "$shell" "pgnkit <TAB>" "${commands[@]}" < <(complete_"$shell" pgnkit '')
    # shellcheck disable=SC2046 # option names are words
    expect "$shell" "pgnkit -<TAB>" $(help_options | cut -f1) < <(complete_"$shell" pgnkit -)
    for cmd in "${commands[@]}"; do
        # shellcheck disable=SC2046
        expect "$shell" "pgnkit $cmd -<TAB>" $(help_options "$cmd" | cut -f1) < <(complete_"$shell" pgnkit "$cmd" -)
        while IFS=$'\t' read -r names values; do
            [[ -n $values ]] || continue
            for n in $names; do
                # shellcheck disable=SC2086
                expect "$shell" "pgnkit $cmd $n <TAB>" $values < <(complete_"$shell" pgnkit "$cmd" "$n" '')
            done
        done < <(help_options "$cmd")
    done
    # File arguments: the inputs, and an option whose value is a FILE.
    expect "$shell" "pgnkit validate FILE<TAB>" "$tmp/files/games-xyz.pgn" < <(complete_"$shell" pgnkit validate "$file_prefix")
    expect "$shell" "pgnkit stats --html FILE<TAB>" "$tmp/files/games-xyz.pgn" < <(complete_"$shell" pgnkit stats --html "$file_prefix")
    # The shells for completions itself.
    expect "$shell" "pgnkit completions <TAB>" bash zsh fish < <(complete_"$shell" pgnkit completions '')
}

"$pgnkit" completions bash >"$tmp/pgnkit.bash" || bad "pgnkit completions bash failed"
bash -n "$tmp/pgnkit.bash" || bad "bash -n: the bash script does not parse"
check_shell bash

# A usage error for anything but the three shells.
"$pgnkit" completions tcsh >/dev/null 2>&1
[[ $? == 2 ]] || bad "pgnkit completions tcsh: exit status is not 2"

skipped=()
if command -v fish >/dev/null; then
    "$pgnkit" completions fish >"$tmp/pgnkit.fish" || bad "pgnkit completions fish failed"
    fish --no-config -n "$tmp/pgnkit.fish" || bad "fish -n: the fish script does not parse"
    check_shell fish
else
    skipped+=(fish)
fi
if command -v zsh >/dev/null; then
    mkdir -p "$tmp/zsh"
    "$pgnkit" completions zsh >"$tmp/zsh/_pgnkit" || bad "pgnkit completions zsh failed"
    zsh -n "$tmp/zsh/_pgnkit" || bad "zsh -n: the zsh script does not parse"
    check_shell zsh
else
    skipped+=(zsh)
fi
if ((fail)); then
    echo "completions: FAILED" >&2
    exit 1
fi
if ((${#skipped[@]})); then
    echo "completions: no ${skipped[*]} here (scripts/install-deps.sh --test installs them)" >&2
    [[ ${PGNKIT_TEST_SKIP_SHELLS:-0} == 1 ]] && exit 77
    exit 1
fi
echo "completions: bash, fish and zsh offer every command, option and listed value"
