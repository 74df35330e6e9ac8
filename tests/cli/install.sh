#!/usr/bin/env bash
# `cmake --install BUILD --prefix DIR` installs the binary, the man page and the bash, zsh and
# fish completions where the shells look for them; the installed binary runs, the man page is
# the source's, the bash script parses and registers the completion. With DESTDIR too.
#
# Usage: tests/cli/install.sh CMAKE BUILD_DIR MANPAGE
set -uo pipefail

cmake=${1:?usage: install.sh CMAKE BUILD_DIR MANPAGE}
build=${2:?usage: install.sh CMAKE BUILD_DIR MANPAGE}
page=${3:?usage: install.sh CMAKE BUILD_DIR MANPAGE}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail=0
bad() {
    echo "FAIL: $*" >&2
    fail=1
}

# check ROOT: what an install into ROOT must hold.
check() {
    local root=$1 f
    for f in bin/pgnkit share/man/man1/pgnkit.1 share/bash-completion/completions/pgnkit \
        share/zsh/site-functions/_pgnkit share/fish/vendor_completions.d/pgnkit.fish; do
        [[ -s $root/$f ]] || bad "$root/$f was not installed"
    done
    if ! "$root/bin/pgnkit" --version | grep -q '^pgnkit '; then
        bad "the installed pgnkit does not run"
    fi
    cmp -s "$page" "$root/share/man/man1/pgnkit.1" || bad "the installed man page is not $page"
    bash -n "$root/share/bash-completion/completions/pgnkit" || bad "the bash completion does not parse"
    bash --norc -c 'source "$1" && complete -p pgnkit' bash "$root/share/bash-completion/completions/pgnkit" |
        grep -q -- '-F _pgnkit pgnkit' || bad "the bash completion does not register _pgnkit for pgnkit"
    head -n 1 "$root/share/zsh/site-functions/_pgnkit" | grep -qx '#compdef pgnkit' ||
        bad "the zsh completion does not start with #compdef pgnkit"
    grep -q '^complete -c pgnkit ' "$root/share/fish/vendor_completions.d/pgnkit.fish" ||
        bad "the fish completion has no complete -c pgnkit line"
}

"$cmake" --install "$build" --prefix "$tmp/prefix" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; bad "cmake --install failed"; }
check "$tmp/prefix"
DESTDIR=$tmp/dest "$cmake" --install "$build" --prefix /opt/pgnkit >"$tmp/log" 2>&1 ||
    { cat "$tmp/log" >&2; bad "DESTDIR=... cmake --install failed"; }
check "$tmp/dest/opt/pgnkit"

if ((fail)); then
    echo "install: FAILED" >&2
    exit 1
fi
echo "install: bin/pgnkit, the man page and three completion scripts, with --prefix and DESTDIR"
