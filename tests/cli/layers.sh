#!/usr/bin/env bash
# The folders keep their layer order (docs/ARCHITECTURE.md "Modules"): a source or header of a
# folder includes pgnkit headers only from its own folder or from folders before it in
#   io < diagnostics < pgn < chess | xiangqi < check < format < run < cmd < cli
# (chess and xiangqi, the two games' cores, share a level and never include each other);
# (include/pgnkit/result.hpp, at the top of include/pgnkit/, is below them all); one command's
# folder (src/cmd/NAME, include/pgnkit/cmd/NAME) includes nothing of another command's; and
# the headers include each other without a cycle. Only src/cli/ includes CLI11.
#
# Usage: tests/cli/layers.sh [REPO_ROOT]
set -uo pipefail

root=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
cd "$root" || exit 2
layers=(io diagnostics pgn "chess xiangqi" openings check format run cmd cli)
rank_of() {
    local i name
    for i in "${!layers[@]}"; do
        for name in ${layers[$i]}; do
            [[ $name == "$1" ]] && { echo "$i"; return; }
        done
    done
    echo -1
}
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}

# The folder a file is in: "chess" for src/chess/x.cpp and include/pgnkit/chess/x.hpp,
# "cmd/stats" for src/cmd/stats/… (the command's name is the second part).
folder_of() {
    local path=${1#src/}
    path=${path#include/pgnkit/}
    path=${path#tests/}
    local top=${path%%/*}
    if [[ $top == cmd ]]; then
        local rest=${path#cmd/}
        echo "cmd/${rest%%/*}"
    else
        echo "$top"
    fi
}

files=$(find src include -type f \( -name '*.cpp' -o -name '*.hpp' -o -name '*.inc' -o -name '*.def' \) | LC_ALL=C sort)
[[ -n $files ]] || { echo "FAIL: no sources under $root/src" >&2; exit 1; }
edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
checked=0
while IFS= read -r file; do
    from=$(folder_of "$file")
    from_rank=$(rank_of "${from%%/*}")
    if [[ $file == include/pgnkit/*/* || $file == src/*/* ]] && ((from_rank < 0)); then
        bad "$file: folder '$from' is not in the layer list (${layers[*]}): add it to tests/cli/layers.sh and docs/ARCHITECTURE.md"
        continue
    fi
    while IFS= read -r included; do
        checked=$((checked + 1))
        [[ $file == include/* ]] && echo "$file include/$included" >>"$edges"
        [[ $included == pgnkit/*/* ]] || continue # pgnkit/result.hpp: the bottom
        to=$(folder_of "include/$included")
        to_rank=$(rank_of "${to%%/*}")
        if ((to_rank > from_rank)); then
            bad "$file includes $included: '$from' is below '$to' in the layer order (${layers[*]})"
        elif ((to_rank == from_rank)) && [[ ${from%%/*} != "${to%%/*}" ]]; then
            bad "$file includes $included: '${from%%/*}' and '${to%%/*}' share a level (${layers[$from_rank]}) and never include each other"
        elif [[ $from == cmd/* && $to == cmd/* && $from != "$to" ]]; then
            bad "$file includes $included: one command's folder ($from) includes another's ($to); move what both need to format/ or run/"
        fi
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\(pgnkit\/[^"]*\)".*/\1/p' "$file")
    if [[ $file != src/cli/* ]] && grep -q '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]CLI/' "$file"; then
        bad "$file includes CLI11: only src/cli/ may"
    fi
done <<<"$files"

# Header cycles: tsort reports a loop in the include graph on stderr.
if [[ -s $edges ]]; then
    if ! loops=$(tsort "$edges" 2>&1 >/dev/null) || [[ -n $loops ]]; then
        bad "headers include each other in a cycle: $loops"
    fi
fi
((checked > 0)) || bad "no pgnkit includes found: is the pattern still right?"
((fail == 0)) && echo "layers: $checked includes of $(wc -l <<<"$files") files follow the layer order; no header cycle"
exit "$fail"
