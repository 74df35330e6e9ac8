#!/usr/bin/env bash
# Every shell script of the repository parses (`bash -n`), and scripts/bench.sh's usage names
# each of its subcommands: a merge once dropped a `}` from bench.sh and nothing ran it.
#
# Usage: tests/cli/scripts_parse.sh REPO_ROOT
set -uo pipefail
root=${1:?usage: scripts_parse.sh REPO_ROOT}
fail=0
count=0
while IFS= read -r -d '' script; do
    count=$((count + 1))
    if ! err=$(bash -n "$script" 2>&1); then
        echo "FAIL: ${script#"$root"/} does not parse: $err"
        fail=1
    fi
done < <(find "$root/scripts" "$root/tests" "$root/.ci" -type f \( -name '*.sh' -o -name run \) -print0)
((count > 20)) || {
    echo "FAIL: only $count scripts found under $root"
    fail=1
}
# bench.sh: the subcommands of its `case` are the ones its usage lists.
bench=$root/scripts/bench.sh
usage=$(bash "$bench" --help 2>&1)
while read -r sub; do
    grep -q "scripts/bench.sh $sub " <<<"$usage" || {
        echo "FAIL: scripts/bench.sh $sub is not in its usage"
        fail=1
    }
done < <(sed -n '/^case \${1:-} in$/,/^esac$/p' "$bench" | sed -n 's/^\([a-z0-9]*\)) bench_.*/\1/p')
((fail == 0)) && echo "ok: $count scripts parse; bench.sh usage lists its subcommands"
exit "$fail"
