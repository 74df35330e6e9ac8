# shellcheck shell=bash
# Sourced by scripts/ab.sh and scripts/instr.sh: reads the arguments `BIN… -- FILE…` left after
# their options into the arrays `bins` and `files`, and checks them: at least MIN binaries,
# each executable, and at least one file, each readable; else prints USAGE (or what is wrong)
# and exits 2.
#
#   bins_and_files MIN USAGE "$@"
bins_and_files() {
    local min=$1 usage=$2 name b f
    shift 2
    name=$(basename "$0")
    bins=()
    while [[ $# -gt 0 && $1 != -- ]]; do
        bins+=("$1")
        shift
    done
    [[ $# -gt 0 ]] && shift
    files=("$@")
    if [[ ${#bins[@]} -lt $min || ${#files[@]} -eq 0 ]]; then
        echo "usage: $usage" >&2
        exit 2
    fi
    for b in "${bins[@]}"; do [[ -x $b ]] || { echo "$name: not an executable: $b" >&2; exit 2; }; done
    for f in "${files[@]}"; do [[ -r $f ]] || { echo "$name: cannot read $f" >&2; exit 2; }; done
}
