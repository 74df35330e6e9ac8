#!/usr/bin/env bash
# The "Many machines" recipe (docs/MANY-MACHINES.md) run for real on this machine: two sshd
# processes on loopback addresses (127.0.0.2 and 127.0.0.3) are two "hosts", GNU parallel
# spreads the shards over them by ssh, and `pgnkit merge` (or concatenation, for fen) of what
# comes back must equal one local run byte for byte: stats, validate, fen and dedup (its key
# files, merged into one run's report).
#
# Usage: tests/cluster/cluster.sh PGNKIT
#        tests/cluster/cluster.sh PGNKIT --bench FILE [ROUNDS]
#
# --bench measures instead of testing (docs/MANY-MACHINES.md "What it costs"): the recipe over
# FILE on one "host" (one shard, --jobs 1) and on two (two shards, one per host, --jobs 1
# each), for stats and validate, in turns for ROUNDS rounds (default 3); prints the best wall
# times side by side and their ratio.
#
# Everything lives in a temporary folder: a throwaway client key pair, each sshd's host key,
# config and log, the ssh client's config and known-hosts file, parallel's $HOME. The sshd
# processes listen only on loopback addresses, on 2222 and 2223 when those are free, else on
# free ports found at run time; they are stopped and the folder removed on every exit (and by
# a watchdog if this script is killed). sshd runs as root here, as in CI: not root, or sshd,
# ssh, GNU parallel or rsync missing (scripts/install-deps.sh --test installs them), is a skip
# (exit 77, SKIP_RETURN_CODE in tests/cluster/cluster.cmake), said on stdout.
set -euo pipefail

pgnkit=${1:?usage: cluster.sh PGNKIT [--bench FILE [ROUNDS]]}
bench_file=""
if [[ ${2:-} == --bench ]]; then
    bench_file=$(realpath "${3:?usage: cluster.sh PGNKIT --bench FILE [ROUNDS]}")
    bench_rounds=${4:-3}
fi
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
        # sshd still there: the script went without its traps (else they stopped sshd, and
        # what the script made may already be another run's: /run/sshd).
        if kill -0 "$pid" 2>/dev/null; then
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

# --bench: one host against two, side by side (wall time of the whole recipe, ssh included).
if [[ -n $bench_file ]]; then
    printf '1/127.0.0.2\n' >"$tmp/one-host"
    wall() { # COMMAND… -> seconds
        local t0=$EPOCHREALTIME
        "$@" >/dev/null 2>&1 || true
        echo "$EPOCHREALTIME - $t0" | tr , . | bc -l
    }
    recipe() { # HOSTS-FILE N COMMAND OPTIONS…
        local hosts=$1 n=$2 cmd=$3
        shift 3
        { HOME=$tmp/home parallel --will-cite --ssh "ssh -F $tmp/ssh_config" \
            --sshloginfile "$hosts" "'$pgnkit' $cmd --no-progress --jobs 1 --shard {}/$n $* \
            '$bench_file'" ::: $(seq 1 "$n") || true; } | "$pgnkit" merge - >/dev/null
    }
    echo "the recipe over $(basename "$bench_file") ($(($(stat -c %s "$bench_file") / 1000000)) MB): one host (1 shard) vs two (2 shards, one per host), --jobs 1 per shard; best wall time of $bench_rounds rounds, in turns; $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
    printf '  %-10s %14s %14s %8s\n' command '1 host wall s' '2 hosts wall s' ratio
    for cmd in stats validate; do
        opts="--format json"
        [[ $cmd == validate ]] && opts="--format json --no-timing"
        best1="" best2=""
        for ((r = 0; r < bench_rounds; r++)); do
            t=$(wall recipe "$tmp/one-host" 1 "$cmd" "$opts")
            [[ -z $best1 ]] || (($(echo "$t < $best1" | bc -l))) && best1=$t
            t=$(wall recipe "$tmp/hosts" 2 "$cmd" "$opts")
            [[ -z $best2 ]] || (($(echo "$t < $best2" | bc -l))) && best2=$t
        done
        printf '  %-10s %14.2f %14.2f %8.2f\n' "$cmd" "$best1" "$best2" \
            "$(echo "$best2 / $best1" | bc -l)"
    done
    echo "ratio = wall time on two hosts / on one (0.5 is a perfect split)"
    exit 0
fi

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

# --- The recipe: shards over both hosts, merged (or concatenated) == one local run ----------------
# (docs/MANY-MACHINES.md "The recipe"). Files on a shared path: every host reads its byte range
# of the same file, results come back on standard output, in the order the jobs finish.
big=$tmp/in/big.pgn
shard_args() { for ((k = 1; k <= $1; k++)); do echo "$k"; done; }
for n in 2 5; do
    for set in big all; do
        if [[ $set == big ]]; then inputs=("$big"); else inputs=("${files[@]}"); fi
        quoted=$(printf " '%s'" "${inputs[@]}")
        # stats: merged by pgnkit merge from one pipe.
        "$pgnkit" stats --no-progress --format json "${inputs[@]}" >"$tmp/one.json"
        a0=$(sessions a) b0=$(sessions b)
        { par "'$pgnkit' stats --no-progress --shard {}/$n --format json$quoted" \
            ::: $(shard_args $n) || true; } | "$pgnkit" merge --format json - >"$tmp/merged.json"
        same "stats --shard K/$n of $set over 2 hosts | merge -" "$tmp/one.json" "$tmp/merged.json"
        ran_on_both "$a0" "$b0" "stats --shard K/$n of $set"
        # validate: merged too, with the exit status of one run (parallel's own counts the
        # shards that found an invalid game).
        status=0
        "$pgnkit" validate --no-progress --no-timing --format json "${inputs[@]}" \
            >"$tmp/one.json" || status=$?
        a0=$(sessions a) b0=$(sessions b)
        merged_status=0
        { par "'$pgnkit' validate --no-progress --no-timing --shard {}/$n --format json$quoted" \
            ::: $(shard_args $n) || true; } | "$pgnkit" merge - >"$tmp/merged.json" ||
            merged_status=$?
        same "validate --shard K/$n of $set over 2 hosts | merge -" "$tmp/one.json" "$tmp/merged.json"
        [[ $status == "$merged_status" ]] ||
            bad "validate --shard K/$n of $set: merge exits $merged_status, one run $status"
        ran_on_both "$a0" "$b0" "validate --shard K/$n of $set"
        # fen: concatenated in shard order (-k). That is one run's output for plain files;
        # a compressed input is dealt every N-th game, so its positions come in another order
        # (docs/MANY-MACHINES.md "How shards map to input files"): the same lines, sorted.
        "$pgnkit" fen --no-progress "${inputs[@]}" >"$tmp/one.fen" 2>>"$tmp/fen.log" || true
        a0=$(sessions a) b0=$(sessions b)
        par -k "'$pgnkit' fen --no-progress --shard {}/$n$quoted" ::: $(shard_args $n) \
            >"$tmp/cat.fen" 2>>"$tmp/fen.log" || true
        if [[ $set == big ]]; then
            same "fen --shard K/$n of $set over 2 hosts, concatenated" "$tmp/one.fen" "$tmp/cat.fen"
        else
            sort "$tmp/one.fen" >"$tmp/one.sorted"
            sort "$tmp/cat.fen" >"$tmp/cat.sorted"
            same "fen --shard K/$n of $set over 2 hosts, concatenated (sorted: a stream is dealt)" \
                "$tmp/one.sorted" "$tmp/cat.sorted"
        fi
        ran_on_both "$a0" "$b0" "fen --shard K/$n of $set"
        # dedup: the shards' key files come back in one pipe, in any order; merge joins them
        # into one run's report (docs/MANY-MACHINES.md "Duplicates across shards"; a stream's
        # report lines come in another order: sorted).
        "$pgnkit" dedup -q --no-progress --report "$tmp/one.ndjson" -o "$tmp/kept.pgn" \
            "${inputs[@]}" 2>>"$tmp/dedup.log" || true
        a0=$(sessions a) b0=$(sessions b)
        { par "'$pgnkit' dedup -q --no-progress --shard {}/$n --format keys$quoted" \
            ::: $(shard_args $n) || true; } | "$pgnkit" merge - >"$tmp/merged.ndjson" 2>>"$tmp/dedup.log"
        [[ $set == big ]] || sort -o "$tmp/one.ndjson" "$tmp/one.ndjson"
        [[ $set == big ]] || sort -o "$tmp/merged.ndjson" "$tmp/merged.ndjson"
        same "dedup --shard K/$n --format keys of $set over 2 hosts | merge -" "$tmp/one.ndjson" \
            "$tmp/merged.ndjson"
        ran_on_both "$a0" "$b0" "dedup --shard K/$n of $set"
    done
done

# Files copied to the hosts: --transferfile copies the input into each job's own folder (on
# a real cluster --workdir ... makes one under ~/.parallel/tmp; here the "hosts" share this
# machine's disk, so each job gets its own folder in $tmp), --return brings the job's output
# file back, --cleanup removes both there.
mkdir "$tmp/transfer"
cp "$big" "$tmp/transfer/big.pgn"
n=3
(
    cd "$tmp/transfer"
    "$pgnkit" stats --no-progress --format json big.pgn >one.json
    "$pgnkit" validate --no-progress --no-timing --format json big.pgn >one-validate.json || true
    a0=$(sessions a) b0=$(sessions b)
    par --workdir "$tmp/remote/{#}" --transferfile big.pgn --return 'shard.{}.json' --cleanup \
        "'$pgnkit' stats --no-progress --shard {}/$n --format json big.pgn >shard.{}.json" \
        ::: $(shard_args $n)
    "$pgnkit" merge --format json shard.*.json >merged.json
    same "stats --shard K/$n, --transferfile/--return, merged" one.json merged.json
    ran_on_both "$a0" "$b0" "stats with --transferfile"
    par --workdir "$tmp/remote/{#}" --transferfile big.pgn --cleanup \
        "'$pgnkit' validate --no-progress --no-timing --shard {}/$n --format json big.pgn" \
        ::: $(shard_args $n) >shards.json || true
    "$pgnkit" merge shards.json >merged-validate.json || true
    same "validate --shard K/$n, --transferfile, merged" one-validate.json merged-validate.json
    left=$(find "$tmp/remote" -type f 2>/dev/null | wc -l)
    [[ $left == 0 ]] && ok "--cleanup left no file in the jobs' folders" ||
        bad "--cleanup left $left files in the jobs' folders"
    exit "$fail"
) || fail=1

exit "$fail"
