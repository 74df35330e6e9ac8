#!/usr/bin/env bash
# The "Many machines" recipe (docs/MANY-MACHINES.md) run for real on this machine: two sshd
# processes on loopback addresses (127.0.0.2 and 127.0.0.3) are two "hosts", GNU parallel
# spreads the shards over them by ssh, and `pgnkit merge` (or concatenation, for fen) of what
# comes back must equal one local run byte for byte.
#
# Usage: tests/cluster/cluster.sh PGNKIT
#
# Everything lives in a temporary folder: a throwaway client key pair, each sshd's host key,
# config and log, the ssh client's config and known-hosts file, parallel's $HOME. The sshd
# processes listen only on loopback addresses, on 2222 and 2223 when those are free, else on
# free ports found at run time; they are stopped and the folder removed on every exit (and by
# a watchdog if this script is killed). sshd runs as root here, as in CI: not root, or sshd,
# ssh, GNU parallel or rsync missing (scripts/install-deps.sh --test installs them), is a skip
# (exit 77, SKIP_RETURN_CODE in tests/cluster/cluster.cmake), said on stdout.
set -euo pipefail

pgnkit=${1:?usage: cluster.sh PGNKIT}
pgnkit=$(cd "$(dirname "$pgnkit")" && pwd)/$(basename "$pgnkit") # the "hosts" run it by path
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
data=$here/../data/pgn

skip() {
    echo "cluster.sh: skipped: $*"
    exit 77
}
((EUID == 0)) || skip "sshd must run as root (as in CI); run this test as root"
sshd=/usr/sbin/sshd
[[ -x $sshd ]] || skip "no $sshd (Debian openssh-server: scripts/install-deps.sh --test)"
for tool in ssh ssh-keygen parallel rsync; do
    command -v "$tool" >/dev/null || skip "no $tool (scripts/install-deps.sh --test installs it)"
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pgnkit-cluster.XXXXXX")
sshd_pids=()
made_privsep=0
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    local pid
    for pid in "${sshd_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${sshd_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    # sshd's privilege separation folder, when this test made it (a Debian image without a
    # running sshd has none): removed only if still empty.
    ((made_privsep)) && rmdir /run/sshd 2>/dev/null
    rm -rf "$tmp"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

fail=0
ok() { echo "ok: $*"; }
bad() {
    echo "FAIL: $*"
    fail=1
}

# --- Two sshd "hosts" ------------------------------------------------------------------------
if [[ ! -d /run/sshd ]]; then
    mkdir -m 0755 /run/sshd
    made_privsep=1
fi
ssh-keygen -q -t ed25519 -N '' -C pgnkit-cluster-test -f "$tmp/client_key"
cp "$tmp/client_key.pub" "$tmp/authorized_keys"

# A watchdog: if this script dies without its traps (SIGKILL, a CTest timeout), the sshd
# processes it started and its folder go with it.
watch_sshd() { # PID
    local script=$$ pid=$1
    (
        trap '' INT TERM HUP
        while kill -0 "$script" 2>/dev/null && kill -0 "$pid" 2>/dev/null; do sleep 1; done
        if ! kill -0 "$script" 2>/dev/null; then
            kill "$pid" 2>/dev/null
            rm -rf "$tmp"
            ((made_privsep)) && rmdir /run/sshd
        fi
    ) </dev/null >/dev/null 2>&1 &
}

# start_sshd NAME ADDRESS PORT…: starts sshd on ADDRESS at the first PORT it can listen on;
# sets `port`. sshd exits at once when it cannot bind its one ListenAddress.
start_sshd() {
    local name=$1 address=$2 pid i
    shift 2
    ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key_$name"
    for port in "$@"; do
        cat >"$tmp/sshd_$name.conf" <<CONF
ListenAddress $address:$port
HostKey $tmp/host_key_$name
AuthorizedKeysFile $tmp/authorized_keys
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PidFile none
LogLevel VERBOSE
CONF
        : >"$tmp/sshd_$name.log"
        "$sshd" -D -f "$tmp/sshd_$name.conf" -E "$tmp/sshd_$name.log" </dev/null &
        pid=$!
        for ((i = 0; i < 100; ++i)); do
            if grep -q "Server listening on $address port $port" "$tmp/sshd_$name.log"; then
                sshd_pids+=("$pid")
                watch_sshd "$pid"
                return 0
            fi
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
        echo "cluster.sh: sshd could not listen on $address:$port: $(tail -1 "$tmp/sshd_$name.log")"
    done
    return 1
}
random_ports() { for ((i = 0; i < 8; ++i)); do echo $((20000 + RANDOM % 40000)); done; }
start_sshd a 127.0.0.2 2222 $(random_ports) || bad "no sshd on 127.0.0.2"
port_a=$port
start_sshd b 127.0.0.3 2223 $(random_ports) || bad "no sshd on 127.0.0.3"
port_b=$port
((fail == 0)) || exit 1
ok "sshd listening on 127.0.0.2:$port_a and 127.0.0.3:$port_b"

# The ssh client's settings, as a cluster's ~/.ssh/config would hold them: the hosts file
# then names hosts only, and parallel is told to use this config with --ssh.
cat >"$tmp/ssh_config" <<CONF
Host 127.0.0.2
  Port $port_a
Host 127.0.0.3
  Port $port_b
Host *
  User root
  IdentityFile $tmp/client_key
  IdentitiesOnly yes
  UserKnownHostsFile $tmp/known_hosts
  StrictHostKeyChecking accept-new
  BatchMode yes
  ConnectTimeout 10
  LogLevel ERROR
CONF
# One job slot per host ("1/"), so that N shards alternate between the two hosts.
printf '1/127.0.0.2\n1/127.0.0.3\n' >"$tmp/hosts"
mkdir "$tmp/home"
# par ARGS…: GNU parallel over the two hosts. Its own state goes to $tmp/home, not ~/.parallel.
par() {
    HOME=$tmp/home parallel --will-cite --ssh "ssh -F $tmp/ssh_config" \
        --sshloginfile "$tmp/hosts" "$@"
}
# Sessions each sshd accepted so far.
sessions() { grep -c 'Accepted publickey' "$tmp/sshd_$1.log" || true; }

# Where the jobs ran: the server address of each job's ssh connection.
where=$(par 'echo $SSH_CONNECTION' ::: 1 2 3 4 | awk '{ print $3 }' | sort | uniq -c)
if grep -q ' 127.0.0.2$' <<<"$where" && grep -q ' 127.0.0.3$' <<<"$where"; then
    ok "jobs ran on both hosts: $(tr -s ' \n' ' ' <<<"$where")"
else
    bad "the jobs did not run on both hosts: $where"
fi

# ran_on_both BEFORE_A BEFORE_B WHAT: both sshd logs show new sessions since BEFORE_*.
ran_on_both() {
    local a b
    a=$(sessions a) b=$(sessions b)
    if ((a > $1 && b > $2)); then
        ok "$3: sessions on both hosts (127.0.0.2: $(($a - $1)), 127.0.0.3: $(($b - $2)))"
    else
        bad "$3: not run on both hosts (new sessions: $(($a - $1)), $(($b - $2)))"
    fi
}
same() { # WHAT EXPECTED ACTUAL
    if cmp -s "$2" "$3"; then
        ok "$1: == one local run ($(wc -c <"$2") bytes)"
    else
        bad "$1: differs from one local run"
        diff <(head -c 100000 "$2") <(head -c 100000 "$3") | head -10 || true
    fi
}

# --- Inputs: a plain file ("big.pgn") and several files, one of them compressed -----------------
mkdir "$tmp/in" "$tmp/out"
zstd -qdc "$data/real/lichess/lichess-database-wip-2016-05.pgn.zst" >"$tmp/in/big.pgn"
zstd -qdc "$data/real/fics/fatics-fics-games.pgn.zst" >"$tmp/in/fics.pgn"
cp "$data/real/lichess/lichess-database-wip-2017-05.pgn.zst" "$tmp/in/2017.pgn.zst"
files=("$tmp/in/big.pgn" "$tmp/in/fics.pgn" "$tmp/in/2017.pgn.zst")

# --- One job per file, merged: the recipe before shards --------------------------------------
a0=$(sessions a) b0=$(sessions b)
"$pgnkit" stats --no-progress --format json "${files[@]}" >"$tmp/one.json"
par "'$pgnkit' stats --no-progress --format json {} >'$tmp/out/{#}.json'" ::: "${files[@]}"
"$pgnkit" merge --format json "$tmp"/out/{1,2,3}.json >"$tmp/merged.json"
same "stats, one job per file, merged" "$tmp/one.json" "$tmp/merged.json"
ran_on_both "$a0" "$b0" "stats per file"

exit "$fail"
