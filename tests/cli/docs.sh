#!/usr/bin/env bash
# The docs keep up with the binary and with the code that cites them:
# - the README begins with the two commands (the second is what .ci/run runs: scripts/test.sh),
#   names the docs it points to, and each of those files exists;
# - every command of `pgnkit --help` has an example in the README (`pgnkit COMMAND` on an
#   indented line), a row in its table of commands, and a section `## COMMAND` in
#   docs/GUIDE.md that mentions every option of `pgnkit COMMAND --help` (or the guide's shared
#   sections do: "Options every command shares", "Outputs");
# - every check of `pgnkit validate --list-checks` is a row of the guide's table of checks,
#   with its default severity;
# - every `docs/NAME.md "Heading"` a source, header, test or script cites exists, with that
#   heading; and no code cites the design notes that are not in the repository.
# The lists come from --help (tests/cli/help_options.sh), so a new command or option fails this
# test until the docs have it.
#
# Usage: tests/cli/docs.sh PGNKIT REPO_ROOT
set -uo pipefail

# shellcheck disable=SC2034 # help_options.sh reads $pgnkit
pgnkit=${1:?usage: docs.sh PGNKIT REPO_ROOT}
root=${2:?usage: docs.sh PGNKIT REPO_ROOT}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source-path=SCRIPTDIR source=help_options.sh
source "$here/help_options.sh"
readme=$root/README.md
guide=$root/docs/GUIDE.md
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}
# mentions TEXT WORD: WORD appears in TEXT as a whole word (--html does not count in --html-max).
mentions() {
    grep -qE -- "(^|[^-a-zA-Z0-9_])$2([^-a-zA-Z0-9_]|\$)" <<<"$1"
}
# The lines of a markdown file from the heading that is exactly $2 to the next heading of the
# same or a higher level.
md_section() {
    awk -v head="$2" '
        /^#+ / { level = index($0, " ") - 1
                 if (s && level <= slevel) s = 0
                 if ($0 == head) { s = 1; slevel = level; next } }
        s' "$1"
}

# The README's first lines: the two commands, exactly as .ci/run and users rely on them.
first=$(sed -n '1,8p' "$readme")
grep -qxF '    scripts/install-deps.sh && scripts/build.sh && ./build/pgnkit validate --no-progress data/sample.pgn.zst; test $? -le 1' <<<"$first" ||
    bad "README.md: the first command is not among its first lines"
grep -qxF '    scripts/test.sh' <<<"$first" || bad "README.md: the second command (scripts/test.sh) is not among its first lines"
grep -q 'exec scripts/test.sh' "$root/.ci/run" || bad ".ci/run no longer runs scripts/test.sh (README command 2)"
for doc in docs/GUIDE.md docs/BENCHMARKS.md docs/ARCHITECTURE.md man/pgnkit.1; do
    [[ -f $root/$doc ]] || bad "$doc does not exist"
    grep -qF "$doc" "$readme" || bad "README.md does not point to $doc"
done

mapfile -t commands < <(help_commands)
((${#commands[@]} >= 8)) || bad "pgnkit --help lists ${#commands[@]} commands"
shared=$(md_section "$guide" '## Options every command shares'; md_section "$guide" '## Outputs')
for cmd in "${commands[@]}"; do
    grep -qE "^    (\\$ )?(.*[|(] *)?pgnkit $cmd( |\$)" "$readme" || bad "README.md has no example of pgnkit $cmd"
    grep -qE "^\| \`$cmd\` \|" "$readme" || bad "README.md's table of commands has no row for $cmd"
    text=$(md_section "$guide" "## $cmd")
    if [[ -z $text ]]; then
        bad "docs/GUIDE.md has no section '## $cmd'"
        continue
    fi
    for opt in $(help_options "$cmd" | cut -f1); do
        case $opt in
        -h | --help) ;;
        -?) ;; # a short name: its long name is checked
        *) mentions "$text"$'\n'"$shared" "$opt" || bad "docs/GUIDE.md's section '## $cmd' does not describe $opt" ;;
        esac
    done
done

checks=$(md_section "$guide" '### Checks')
while read -r code severity _; do
    [[ $code == CODE ]] && continue
    grep -qE "^\| \`$code\` \| $severity \|" <<<"$checks" ||
        bad "docs/GUIDE.md's table of checks has no row '| \`$code\` | $severity |'"
done < <("$pgnkit" validate --list-checks)

# Citations of the docs in the code: docs/NAME.md "Heading"[, "Heading"…] on one line.
while IFS=: read -r file line text; do
    doc=$(grep -oE 'docs/[A-Z]+\.md' <<<"$text" | head -1)
    [[ -f $root/$doc ]] || { bad "$file:$line cites $doc, which does not exist"; continue; }
    cited=$(grep -oE "$doc \"[^\"]+\"(, \"[^\"]+\")*" <<<"$text" | sed "s|^$doc ||")
    while read -r heading; do
        [[ -z $heading ]] && continue
        grep -qE "^#+ ${heading//[.()]/.}\$" "$root/$doc" ||
            bad "$file:$line cites $doc \"$heading\": no such heading"
    done < <(grep -oE '"[^"]+"' <<<"$cited" | tr -d '"')
done < <(cd "$root" && grep -rnE 'docs/[A-Z]+\.md "' src include tests scripts --exclude=docs.sh)
design=DESIGN stylemd=STYLE
if stale=$(cd "$root" && grep -rnE "($design|$stylemd)\\.md" src include tests scripts --exclude=docs.sh); then
    bad "code cites notes that are not in the repository: $stale"
fi

if ((fail)); then
    echo "docs: FAILED (bring README.md and docs/ up to date)" >&2
    exit 1
fi
echo "docs: README's commands, ${#commands[@]} commands with examples and guide sections, every option and check in the guide, every citation found"
