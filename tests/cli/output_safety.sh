#!/usr/bin/env bash
# No command may destroy an input (CTest cli.output-safety, label cli): every output path is
# compared with every input (also through a symlink, a hard link, ./, standard input and
# standard output) and with the other outputs before anything is read or written; outputs
# are created up front (an unwritable path fails at once, named as the user gave it); and
# `convert --in-place` rewrites an input only when it was read to its end.
#
#   tests/cli/output_safety.sh PGNKIT
#
# Prints "PASS name" or "FAIL name: why" per check; exits 1 if any check failed.
set -uo pipefail

if [[ $# -ne 1 || ! -x $1 ]]; then
    echo "usage: $0 PGNKIT (path of the pgnkit binary)" >&2
    exit 2
fi
pgnkit=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-output-safety.XXXXXX") || exit 2
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 2

failed=0
pass() { echo "PASS $1"; }
fail() {
    echo "FAIL $1: $2"
    failed=$((failed + 1))
}

# A database of a few real games, one of them invalid; orig.pgn is the reference copy.
zstd -dc "$root/data/sample.pgn.zst" | head -n 400 >orig.pgn
reset_db() {
    rm -f db.pgn link.pgn hard.pgn x ./*.tmp.*
    cp orig.pgn db.pgn
    ln -s db.pgn link.pgn
    ln db.pgn hard.pgn
}

# refused NAME EXPECTED-STDERR-PART ARGS…: exit 2, the message, db.pgn intact, no file created.
refused() {
    local name=$1 want=$2
    shift 2
    reset_db
    local before after
    before=$(ls -A | grep -v -x -e out.txt -e err.txt | sort)
    "$pgnkit" "$@" >out.txt 2>err.txt </dev/null
    local rc=$?
    after=$(ls -A | grep -v -x -e out.txt -e err.txt | sort)
    if [[ $rc != 2 ]]; then
        fail "$name" "exit $rc, expected 2 ($(head -c 300 err.txt))"
    elif ! grep -qF -- "$want" err.txt; then
        fail "$name" "stderr '$(head -c 300 err.txt)' lacks '$want'"
    elif ! cmp -s db.pgn orig.pgn; then
        fail "$name" "the input was changed"
    elif [[ $after != "$before" ]]; then
        fail "$name" "files were created: $(comm -13 <(echo "$before") <(echo "$after") | tr '\n' ' ')"
    elif [[ -s out.txt ]]; then
        fail "$name" "something was written to stdout"
    else
        pass "$name"
    fi
}

clash="refusing to overwrite an input (nothing was read or written)"
refused validate-rejects-is-input "--rejects 'db.pgn' is the input 'db.pgn': $clash" \
    validate db.pgn --rejects db.pgn
refused validate-accepted-dot-slash "--accepted './db.pgn' is the input 'db.pgn'" \
    validate db.pgn --accepted ./db.pgn
refused validate-rejects-symlink "--rejects 'link.pgn' is the input 'db.pgn'" \
    validate db.pgn --rejects link.pgn
refused validate-input-through-symlink "--rejects 'db.pgn' is the input 'link.pgn'" \
    validate link.pgn --rejects db.pgn
refused validate-rejects-hard-link "--rejects 'hard.pgn' is the input 'db.pgn'" \
    validate db.pgn --rejects hard.pgn
refused validate-absolute-path "--html '$work/db.pgn' is the input 'db.pgn'" \
    validate db.pgn --html "$work/db.pgn"
refused validate-second-input "--accepted 'db.pgn' is the input 'db.pgn'" \
    validate orig.pgn db.pgn --accepted db.pgn
refused validate-rejects-accepted-same "--rejects 'x' and --accepted 'x' are the same file" \
    validate db.pgn --rejects x --accepted x
refused validate-rejects-html-same "--rejects 'x' and --html './x' are the same file" \
    validate db.pgn --rejects x --html ./x
refused fen-output-is-input "-o 'db.pgn' is the input 'db.pgn'" fen db.pgn -o db.pgn
refused stats-output-is-input "-o 'link.pgn' is the input 'db.pgn'" stats db.pgn -o link.pgn
refused stats-html-is-input "--html 'db.pgn' is the input 'db.pgn'" stats db.pgn --html db.pgn
refused stats-output-html-same "-o 'x' and --html 'x' are the same file" \
    stats db.pgn -o x --html x
refused convert-output-is-input "to rewrite an input, use --in-place" convert db.pgn -o db.pgn
echo '{}' >m.json
refused merge-output-is-input "-o 'm.json' is the input 'm.json'" merge m.json -o m.json

# Standard input and output redirected from/to an input.
reset_db
"$pgnkit" validate - --rejects db.pgn <db.pgn >/dev/null 2>err.txt
rc=$?
if [[ $rc == 2 ]] && grep -qF "'db.pgn' is standard input" err.txt && cmp -s db.pgn orig.pgn; then
    pass stdin-is-output
else
    fail stdin-is-output "exit $rc: $(head -c 300 err.txt)"
fi
reset_db
"$pgnkit" convert db.pgn >>db.pgn 2>err.txt </dev/null
rc=$?
if [[ $rc == 2 ]] && grep -qF "standard output is the input 'db.pgn'" err.txt &&
    cmp -s db.pgn orig.pgn; then
    pass stdout-appends-to-input
else
    fail stdout-appends-to-input "exit $rc: $(head -c 300 err.txt)"
fi

# Outputs that are no regular files never clash; distinct outputs work as before.
reset_db
if "$pgnkit" validate -q db.pgn --rejects /dev/null --accepted /dev/null >/dev/null 2>err.txt ||
    [[ $? == 1 ]]; then
    pass devnull-twice
else
    fail devnull-twice "$(head -c 300 err.txt)"
fi
reset_db
"$pgnkit" validate -q db.pgn --rejects r.pgn --accepted a.pgn >/dev/null 2>err.txt
rc=$?
games() { grep -c '^\[Event ' "$1"; }
if [[ $rc == 1 ]] && (($(games r.pgn) + $(games a.pgn) == $(games orig.pgn))) &&
    (($(games r.pgn) > 0)); then
    pass rejects-plus-accepted
else
    fail rejects-plus-accepted "exit $rc: $(head -c 300 err.txt)"
fi

# Unwritable outputs fail before the run, named as given (never the temporary name).
mkdir ro && chmod 555 ro
as_user=()
if ((EUID == 0)); then
    if command -v setpriv >/dev/null; then
        as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
        chmod 755 "$work" && chmod 644 orig.pgn
    fi
fi
unwritable() {
    local name=$1
    shift
    reset_db
    chmod 644 db.pgn
    "${as_user[@]}" "$pgnkit" "$@" >/dev/null 2>err.txt </dev/null
    local rc=$?
    if [[ $rc == 2 ]] && grep -qF "cannot create 'ro/r.html': Permission denied" err.txt &&
        ! grep -q 'tmp' err.txt && [[ -z $(ls -A ro) ]]; then
        pass "$name"
    else
        fail "$name" "exit $rc: $(head -c 300 err.txt)"
    fi
}
if ((EUID == 0)) && ((${#as_user[@]} == 0)); then
    echo "SKIP unwritable outputs: running as root without setpriv"
else
    unwritable validate-html-unwritable validate -q db.pgn --html ro/r.html
    unwritable stats-html-unwritable stats db.pgn --html ro/r.html
fi
reset_db
"$pgnkit" validate -q db.pgn --html nodir/r.html >out.txt 2>err.txt
rc=$?
if [[ $rc == 2 ]] && grep -qF "cannot create 'nodir/r.html': No such file or directory" err.txt &&
    [[ ! -s out.txt ]]; then
    pass html-missing-folder-fails-first
else
    fail html-missing-folder-fails-first "exit $rc: $(head -c 300 err.txt) / $(head -c 100 out.txt)"
fi

# convert --in-place: rewrites through a temporary file; keeps the mode, the symlink and zstd.
reset_db
"$pgnkit" convert db.pgn >expected.pgn 2>/dev/null
chmod 640 db.pgn
"$pgnkit" convert --in-place link.pgn 2>err.txt
rc=$?
if [[ $rc == 1 ]] && cmp -s db.pgn expected.pgn && [[ -L link.pgn ]] &&
    [[ $(stat -c %a db.pgn) == 640 ]] && grep -qF '1 of 1 file rewritten' err.txt; then
    pass in-place-rewrites
else
    fail in-place-rewrites "exit $rc, mode $(stat -c %a db.pgn): $(head -c 300 err.txt)"
fi
zstd -q -f orig.pgn -o z.pgn.zst
"$pgnkit" convert --in-place z.pgn.zst 2>/dev/null
if zstd -dc z.pgn.zst 2>/dev/null | cmp -s - expected.pgn; then
    pass in-place-zstd
else
    fail in-place-zstd "z.pgn.zst is not the converted games in zstd"
fi
# A damaged input is left as it is.
head -c 3000 z.pgn.zst >cut.pgn.zst
cp cut.pgn.zst cut-copy.pgn.zst
"$pgnkit" convert --in-place cut.pgn.zst >/dev/null 2>err.txt
rc=$?
if [[ $rc == 2 ]] && cmp -s cut.pgn.zst cut-copy.pgn.zst &&
    grep -qF "'cut.pgn.zst' left unchanged" err.txt && [[ -z $(ls -A | grep tmp) ]]; then
    pass in-place-damaged-left-unchanged
else
    fail in-place-damaged-left-unchanged "exit $rc: $(head -c 300 err.txt)"
fi
gzip -c orig.pgn >g.pgn.gz
cp g.pgn.gz g-copy.pgn.gz
"$pgnkit" convert --in-place g.pgn.gz >/dev/null 2>err.txt
rc=$?
if [[ $rc == 2 ]] && cmp -s g.pgn.gz g-copy.pgn.gz && grep -qF "is gzip-compressed" err.txt; then
    pass in-place-gzip-refused
else
    fail in-place-gzip-refused "exit $rc: $(head -c 300 err.txt)"
fi
# Archives and other compressions are no file to rewrite: refused, left as they are.
for kind in zip bz2; do
    case $kind in
    zip) (cd "$work" && bsdtar -cf a.zip --format zip orig.pgn) ;;
    bz2) bzip2 -c orig.pgn >a.bz2 ;;
    esac
    cp "a.$kind" "a-copy.$kind"
    "$pgnkit" convert --in-place "a.$kind" >/dev/null 2>err.txt
    rc=$?
    if [[ $rc == 2 ]] && cmp -s "a.$kind" "a-copy.$kind" && grep -qF "left unchanged" err.txt; then
        pass "in-place-$kind-refused"
    else
        fail "in-place-$kind-refused" "exit $rc: $(head -c 300 err.txt)"
    fi
done
refused in-place-valid-only "--in-place with --valid-only" convert --in-place db.pgn --valid-only
refused in-place-same-file-twice "the input 'db.pgn' and the input './db.pgn' are the same file" \
    convert --in-place db.pgn ./db.pgn
refused in-place-stdin "standard input (-) has none to rewrite" convert --in-place -
refused in-place-with-output "excludes" convert --in-place db.pgn -o x

if ((failed)); then
    echo "output_safety.sh: $failed check(s) failed"
    exit 1
fi
echo "output_safety.sh: all checks passed"
