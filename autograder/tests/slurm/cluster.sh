#!/usr/bin/env bash
# cluster.sh start DIR | stop DIR: a single-node Slurm cluster of this machine, all of
# it under DIR (configuration, state, logs, sockets), for slurm-test.sh: munge, MariaDB
# and slurmdbd (so that sacct works, as on a real cluster), slurmctld and one slurmd
# offering one GPU (gres gpu:1; a name only where the machine has none). It needs root
# (slurmd starts jobs as their user) and Debian's slurm-wlm, slurmdbd, munge and
# mariadb-server. `start` prints the line to source (export SLURM_CONF=...), or why it
# could not start, and fails.
set -u
cmd=${1:-} dir=${2:-}
[ -n "$dir" ] && [ "$cmd" = start -o "$cmd" = stop ] || { echo "usage: cluster.sh start|stop DIR"; exit 2; }
mkdir -p "$dir" && dir=$(cd "$dir" && pwd)

stop() {
	for p in slurmd slurmctld slurmdbd mariadbd munged; do
		[ -f "$dir/run/$p.pid" ] && kill "$(cat "$dir/run/$p.pid" 2>/dev/null)" 2>/dev/null
	done
	sleep 1
	for p in slurmd slurmctld slurmdbd mariadbd munged; do
		[ -f "$dir/run/$p.pid" ] && kill -9 "$(cat "$dir/run/$p.pid" 2>/dev/null)" 2>/dev/null
		rm -f "$dir/run/$p.pid"
	done
	return 0
}
[ "$cmd" = stop ] && { stop; exit 0; }

die() { echo "cluster: $*"; stop; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root: slurmd starts each job as its user (run as root, or in a container)"
for b in munged mariadbd mariadb-install-db slurmdbd slurmctld slurmd sacctmgr; do
	command -v "$b" >/dev/null || die "$b not found: apt-get install -y slurm-wlm slurmdbd munge mariadb-server"
done
stop
rm -rf "$dir/run" "$dir/state" "$dir/spool" "$dir/db" "$dir/log"
mkdir -p "$dir/run" "$dir/state" "$dir/spool" "$dir/log" "$dir/etc"
chmod 700 "$dir/run" "$dir/etc"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
db_port=$(free_port) dbd_port=$(free_port) ctld_port=$(free_port) slurmd_port=$(free_port)
host=$(hostname -s)
cpus=$(nproc)
mem=$(awk '/MemTotal/ { print int($2 / 1024 * 0.8) }' /proc/meminfo)
waitfor() { # seconds what command...: polls until the command succeeds
	local n=$1 what=$2
	shift 2
	for _ in $(seq "$((n * 2))"); do timeout 5 "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
	die "$what did not come up within $n s: see $dir/log/"
}

# munge: the credentials every Slurm daemon and command checks
dd if=/dev/urandom of="$dir/etc/munge.key" bs=1024 count=1 status=none && chmod 400 "$dir/etc/munge.key"
munged --force --key-file="$dir/etc/munge.key" --socket="$dir/run/munge.socket" \
	--pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" \
	--seed-file="$dir/run/munge.seed" || die "munged did not start: $(tail -n 3 "$dir/log/munged.log")"
waitfor 10 munged munge --socket="$dir/run/munge.socket" -n

# MariaDB and slurmdbd: the accounting sacct reads
mariadb-install-db --no-defaults --user=root --datadir="$dir/db" --auth-root-authentication-method=normal \
	>"$dir/log/mariadb-install.log" 2>&1 || die "mariadb-install-db failed: $(tail -n 3 "$dir/log/mariadb-install.log")"
mariadbd --no-defaults --user=root --datadir="$dir/db" --socket="$dir/run/mysql.sock" \
	--port="$db_port" --bind-address=127.0.0.1 --pid-file="$dir/run/mariadbd.pid" \
	--log-error="$dir/log/mariadbd.log" --skip-log-bin >/dev/null 2>&1 &
waitfor 60 MariaDB mariadb --no-defaults --socket="$dir/run/mysql.sock" -uroot -e 'select 1'
mariadb --no-defaults --socket="$dir/run/mysql.sock" -uroot -e "
	create user 'slurm'@'127.0.0.1' identified by 'slurm-test';
	grant all on slurm_acct_db.* to 'slurm'@'127.0.0.1';" || die "could not create MariaDB's slurm user"

cat >"$dir/etc/slurmdbd.conf" <<CONF
AuthType=auth/munge
AuthInfo=socket=$dir/run/munge.socket
DbdHost=localhost
DbdPort=$dbd_port
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$db_port
StorageUser=slurm
StoragePass=slurm-test
StorageLoc=slurm_acct_db
LogFile=$dir/log/slurmdbd.log
PidFile=$dir/run/slurmdbd.pid
CONF
chmod 600 "$dir/etc/slurmdbd.conf"

cat >"$dir/etc/slurm.conf" <<CONF
ClusterName=particle-labs-test
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
AuthInfo=socket=$dir/run/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
GresTypes=gpu
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStoragePort=$dbd_port
AccountingStoragePass=$dir/run/munge.socket
AccountingStorageTRES=gres/gpu
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem Gres=gpu:1 State=UNKNOWN
PartitionName=gpu Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
# slurmdbd reads slurmdbd.conf beside SLURM_CONF
# one GPU by name (a device file stands for it where the machine has none): jobs
# asking for --gres=gpu:1 run here one at a time
gpu_file=$(ls /dev/nvidia[0-9] 2>/dev/null | head -n 1)
echo "NodeName=$host Name=gpu File=${gpu_file:-/dev/null}" >"$dir/etc/gres.conf"
export SLURM_CONF=$dir/etc/slurm.conf

slurmdbd || die "slurmdbd did not start: $(tail -n 5 "$dir/log/slurmdbd.log")"
waitfor 30 slurmdbd sacctmgr -i list cluster
sacctmgr -i add cluster particle-labs-test >/dev/null 2>&1
slurmctld -f "$dir/etc/slurm.conf" || die "slurmctld did not start: $(tail -n 5 "$dir/log/slurmctld.log")"
waitfor 30 slurmctld scontrol ping
slurmd -f "$dir/etc/slurm.conf" || die "slurmd did not start: $(tail -n 5 "$dir/log/slurmd.log")"
waitfor 30 "slurmd (the node idle)" bash -c "sinfo -h -N -o %t | grep -qx idle"
echo "export SLURM_CONF=$dir/etc/slurm.conf"
