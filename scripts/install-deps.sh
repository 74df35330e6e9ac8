#!/usr/bin/env bash
# Installs what pgnkit needs to build on Debian 12 (run as root, or with sudo available).
#   scripts/install-deps.sh          build dependencies
#   scripts/install-deps.sh --test   also what the tests use (stockfish, pgn-extract, node/npm,
#                                    clang for the fuzz targets, chromium for the HTML reports,
#                                    bzip2/xz/bsdtar for archives, zsh and fish for the completions,
#                                    sshd and GNU parallel for the cluster test)
# Installs only what is missing; runs `apt-get update` only when an install needs it; prints
# nothing when everything is present.
set -euo pipefail

build_deps=(build-essential cmake pkg-config libcli11-dev libfmt-dev catch2 libzstd-dev
            zlib1g-dev zstd libarchive-dev liblz4-dev)
# Differential tests: Debian's stockfish (`go perft`) and pgn-extract, npm `chessops` on node.
# The completion test (tests/cli/completions.sh) runs zsh and fish on their scripts.
# Fuzzing (scripts/fuzz.sh, run by scripts/test.sh in CI): clang, and libclang-rt-dev for the
# libFuzzer and sanitizer runtimes (only recommended by clang, so not installed with it here).
# The browser test of the HTML reports (tests/browser/render.sh): headless chromium.
# Archive tests (tests/cli/inputs.sh) make their bzip2, xz, zip, 7z and tar inputs with bzip2,
# xz and bsdtar (libarchive-tools).
# filter's independent counts (tests/cli/filter_counts.py) run on python3.
# The xiangqi perft differential test (tests/differential/xiangqi_perft.sh): fairy-stockfish.
# The cluster test (tests/cluster/cluster.sh) starts its own sshd (openssh-server) on loopback
# addresses and spreads shards over them with GNU parallel (rsync: its --transferfile).
# The shards' bytes read (tests/cli/shards.sh) are counted with strace.
test_deps=(stockfish pgn-extract nodejs npm clang libclang-rt-dev chromium bzip2 xz-utils
           libarchive-tools zsh fish python3 fairy-stockfish openssh-server parallel rsync
           strace)

want=("${build_deps[@]}")
case ${1:-} in
--test) want+=("${test_deps[@]}") ;;
"") ;;
-h | --help) sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
*) echo "install-deps.sh: unknown argument '$1' (expected --test)" >&2; exit 2 ;;
esac

# A package counts as present when dpkg has it installed, or, for node and npm, when the
# command exists (NodeSource's nodejs bundles npm and conflicts with Debian's npm package).
present() {
    [[ $(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) == "install ok installed" ]] && return 0
    case $1 in
    nodejs) command -v node >/dev/null ;;
    npm) command -v npm >/dev/null ;;
    *) return 1 ;;
    esac
}

missing=()
for p in "${want[@]}"; do present "$p" || missing+=("$p"); done
((${#missing[@]} == 0)) && exit 0

as_root=()
if ((EUID != 0)); then
    if command -v sudo >/dev/null; then
        as_root=(sudo)
    else
        echo "install-deps.sh: missing ${missing[*]}; run as root to install them" >&2
        exit 1
    fi
fi

echo "install-deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
install() {
    "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}
# Package lists are empty on a fresh image (and may be stale elsewhere): update only then.
if [[ -z $(find /var/lib/apt/lists -maxdepth 1 -name '*_Packages*' -print -quit 2>/dev/null) ]] ||
    ! install 2>/dev/null; then
    "${as_root[@]}" apt-get update -qq
    install
fi
