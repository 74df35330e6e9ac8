#!/usr/bin/env bash
# The man page keeps up with the binary: every option of each `pgnkit COMMAND --help` is
# described in that command's section of man/pgnkit.1 (.SS "COMMAND"; -h/--help once for
# all), every top-level option somewhere, and every command of `pgnkit --help` has a section,
# a line in SYNOPSIS and an example in EXAMPLES. The lists come from --help
# (tests/cli/help_options.sh), so a new option fails this test until the man page has it.
# And man(1) formats the page without a warning, when man is installed.
#
# Usage: tests/cli/man_page.sh PGNKIT MANPAGE
set -uo pipefail

# shellcheck disable=SC2034 # help_options.sh reads $pgnkit
pgnkit=${1:?usage: man_page.sh PGNKIT MANPAGE}
page=${2:?usage: man_page.sh PGNKIT MANPAGE}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=help_options.sh
source "$here/help_options.sh"
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}

# The text of the lines from the .SH/.SS line that is exactly $1 to the next .SH/.SS line,
# with roff's \- as - and without font changes.
section() {
    awk -v head="$1" '/^\.S[HS]/ { s = ($0 == head); next } s' "$page" |
        sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\(em/-/g'
}
# mentions TEXT WORD: WORD appears in TEXT as a whole word (--html does not count in --html-max).
mentions() {
    grep -qE -- "(^|[^-a-zA-Z0-9])$2([^-a-zA-Z0-9]|\$)" <<<"$1"
}

whole=$(sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$page")
synopsis=$(section '.SH SYNOPSIS')
examples=$(section '.SH EXAMPLES')
mapfile -t commands < <(help_commands)
((${#commands[@]} >= 8)) || bad "pgnkit --help lists ${#commands[@]} commands"

for opt in $(help_options | cut -f1); do
    mentions "$whole" "$opt" || bad "the top-level option $opt is not in the man page"
done
for cmd in "${commands[@]}"; do
    text=$(section ".SS \"$cmd\"")
    [[ -n $text ]] || bad "no section .SS \"$cmd\" in the man page"
    for opt in $(help_options "$cmd" | cut -f1); do
        case $opt in
        -h | --help) mentions "$whole" "$opt" || bad "$opt is not in the man page" ;;
        *) mentions "$text" "$opt" || bad "pgnkit $cmd $opt is not described in the man page's section \"$cmd\"" ;;
        esac
    done
    mentions "$synopsis" "pgnkit $cmd" || bad "SYNOPSIS has no line for pgnkit $cmd"
    mentions "$examples" "pgnkit $cmd" || bad "EXAMPLES has no example of pgnkit $cmd"
done

if command -v man >/dev/null; then
    warnings=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -l "$page" 2>&1 >/dev/null)
    [[ -z $warnings ]] || bad "man --warnings: $warnings"
fi

if ((fail)); then
    echo "man_page: FAILED (extend $page)" >&2
    exit 1
fi
echo "man_page: ${#commands[@]} commands, every option of their --help, SYNOPSIS and EXAMPLES"
