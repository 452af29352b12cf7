#!/usr/bin/env bash
# A one-node Slurm cluster from Debian's packages, for the cluster tests.
#
#   tests/cluster/slurm.sh start DIR   install what is missing, start munged,
#                                      slurmctld and slurmd with their state,
#                                      logs and slurm.conf under DIR, and wait
#                                      until the node takes jobs
#   tests/cluster/slurm.sh stop DIR    stop what `start DIR` started
#
# Once started, `SLURM_CONF=DIR/slurm.conf sbatch ...` submits to it. Needs
# root (as CI runs) and no systemd: every daemon runs in the foreground,
# backgrounded by this script, its pid in DIR.
set -euo pipefail

cmd=${1:?usage: slurm.sh start|stop DIR}
dir=${2:?usage: slurm.sh start|stop DIR}

# Stops each daemon by the pid this script recorded: SIGTERM, then SIGKILL
# after 5 s (a slurmd that lost munge retries for longer than that).
stop() {
    for daemon in slurmd slurmctld munged; do
        if [ -f "$dir/$daemon.pid" ]; then
            pid=$(cat "$dir/$daemon.pid")
            kill "$pid" 2>/dev/null || true
            for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            if kill -0 "$pid" 2>/dev/null; then
                kill -KILL "$pid" 2>/dev/null || true
                for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            fi
            rm -f "$dir/$daemon.pid"
        fi
    done
}

# Gives up: says why, stops what was started and fails.
fail() {
    echo "slurm.sh: $1; logs in $dir/log" >&2
    stop
    exit 1
}

if [ "$cmd" = stop ]; then
    stop
    exit 0
fi
[ "$cmd" = start ] || { echo "usage: slurm.sh start|stop DIR" >&2; exit 2; }

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
    || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq slurmctld slurmd slurm-client munge >/dev/null
    # A daemon the packages started (an init script where one runs) is not
    # this script's: stop it, as .ci/run does Apache.
    for pidfile in /run/munge/munged.pid /run/slurmctld.pid /run/slurmd.pid; do
        if [ -f "$pidfile" ]; then kill "$(cat "$pidfile")" 2>/dev/null || true; fi
    done
fi

dir=$(mkdir -p "$dir" && cd "$dir" && pwd)
mkdir -p "$dir/state" "$dir/spool" "$dir/log" "$dir/munge"
node=$(hostname)
grep -qw "$node" /etc/hosts || echo "127.0.0.1 $node" >>/etc/hosts

# munged: its own socket, key and pid under DIR, run as the munge user, who
# must reach DIR (munged wants it searchable by all, and a mktemp -d or tempfile folder is 0700).
chown munge: "$dir/munge"
chmod 755 "$dir/munge"
chmod go+x "$dir"
runuser -u munge -- test -w "$dir/munge" \
    || { echo "slurm.sh: the munge user cannot reach $dir/munge (a parent folder closed to it?)" >&2; exit 1; }
[ -f /etc/munge/munge.key ] || runuser -u munge -- /usr/sbin/mungekey --create
runuser -u munge -- /usr/sbin/munged --foreground \
    --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
    --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" &>"$dir/log/munged.out" &
# The pid to stop is munged's own (from its pid file), not runuser's.
for _ in $(seq 50); do [ -S "$dir/munge/munge.socket" ] && [ -s "$dir/munge/munged.pid" ] && break; sleep 0.1; done
[ -s "$dir/munge/munged.pid" ] || fail "munged did not start"
cp "$dir/munge/munged.pid" "$dir/munged.pid"

cpus=$(nproc)
mem=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)
cat >"$dir/slurm.conf" <<CONF
ClusterName=ladder
SlurmctldHost=$node
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
MinJobAge=4
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.daemon.pid
SlurmdPidFile=$dir/slurmd.daemon.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
SlurmctldPort=16817
SlurmdPort=16818
NodeName=$node CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=main Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$dir/slurm.conf"

/usr/sbin/slurmctld -D -i -f "$SLURM_CONF" &>"$dir/log/slurmctld.out" &
echo $! >"$dir/slurmctld.pid"
/usr/sbin/slurmd -D -f "$SLURM_CONF" &>"$dir/log/slurmd.out" &
echo $! >"$dir/slurmd.pid"

for _ in $(seq 100); do
    if timeout 2 sinfo -h -o '%T' 2>/dev/null | grep -qx idle; then
        exit 0
    fi
    for daemon in slurmctld slurmd; do
        kill -0 "$(cat "$dir/$daemon.pid")" 2>/dev/null || fail "$daemon exited"
    done
    sleep 0.2
done
fail "the node did not come up"

