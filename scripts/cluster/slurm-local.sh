#!/usr/bin/env bash
# A sharded `umax match` as a Slurm array job on a single-node Slurm cluster brought up on this
# machine, proven equal to one run.
#
#   scripts/cluster/slurm-local.sh [--games 40] [--nodes 20000] [--hash-bits 16] [--shards 4]
#                                  [--demo-failure] [--port 6817] [--keep DIR]
#
# Run as root (it starts daemons). In order:
# 1. Installs slurm-wlm, munge and python3 if missing (apt-get), builds umax (release).
# 2. Plays the whole match once with `umax match` (the reference).
# 3. Brings up a private single-node cluster, everything under a temporary directory: a fresh
#    munge key and `munged` (run as the munge user, on its own socket), a `slurm.conf` with this
#    host as controller and only compute node (its line from `slurmd -C`), process tracking by
#    /proc (proctrack/linuxproc, task/none: no cgroups needed, which a VM or container may not
#    delegate; cgroup.conf says cgroup/v1 without automount for any plugin that reads it),
#    then `slurmctld` and `slurmd`, on ports --port and --port+1 (refused if they are taken:
#    a Slurm is running here already). SLURM_CONF points the client commands at it.
# 4. Submits the match with the line a cluster user runs (scripts/cluster/match-array.sbatch):
#      sbatch --array=1-N scripts/cluster/match-array.sbatch N RUN --nodes .. --games .. --hash-bits ..
#    and waits for every task.
#    With --demo-failure: once shard 2 has played a game or two, `scancel JOB_2` kills it;
#    the other tasks finish; `umax report` over the shards must refuse, naming shard 2 and its
#    missing games; then the same sbatch line with --array=2 resumes shard 2 (--resume plays
#    only its missing games).
# 5. Merges the shards with `umax report`, compares the merged rows with the reference's (all
#    columns but the four time columns) and prints "merged rows equal a single run: yes"
#    (exit 0) or "no" with the first difference (exit 1).
# 6. On every exit (error and Ctrl-C included): cancels the jobs, stops slurmd, slurmctld and
#    munged by their process ids, checks that none of them (nor any process of the run) is
#    left, and removes the temporary directory (kept in DIR with --keep DIR).
set -euo pipefail
script=slurm-local.sh
script_command="scripts/cluster/$script${*:+ $*}"
repo=$(cd "$(dirname "$0")/../.." && pwd)
. "$repo/scripts/cluster/common.sh"

demo_failure=0
port=6817
keep=
while [ $# -gt 0 ]; do
  shared_option "$@" && { shift 2; continue; }
  case "$1" in
    --demo-failure) demo_failure=1; shift ;;
    --port) port=$2; shift 2 ;;
    -h|--help) sed -n '2,33p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done
[ "$(id -u)" -eq 0 ] ||
  die "run as root: it starts munged, slurmctld and slurmd (on a real cluster, submit scripts/cluster/match-array.sbatch instead)"
[ "$demo_failure" -eq 0 ] || [ "$shards" -ge 2 ] || die "--demo-failure needs --shards 2 or more"
unset SLURM_CONF SLURM_JOB_ID SLURM_ARRAY_JOB_ID

header
need_packages slurmctld:slurm-wlm slurmd:slurm-wlm sbatch:slurm-client munged:munge python3:python3
say "Slurm: $(slurmctld -V), munge: $(munged -V 2>&1 | head -n 1)"
build_umax

for p in "$port" "$((port + 1))"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    die "port $p is in use (a Slurm running here already?): choose --port, or submit scripts/cluster/match-array.sbatch to that Slurm"
  fi
done

make_work_dir "$keep" umax-slurm
chmod 755 "$work" # munged wants its socket's directories searchable by all
say "work dir: $work"
start=$(date +%s)
jobs_submitted=()

# --- teardown: runs on every exit --------------------------------------------------------------
pid_of() { # PIDFILE: its pid, or nothing
  if [ -s "$1" ]; then cat "$1"; fi
}
wait_pid_file() { # NAME PIDFILE: a daemon has written its pid file (it forks first)
  for _ in $(seq 50); do
    [ -s "$2" ] && return 0
    sleep 0.2
  done
  die "$1 did not start (no $2)"
}
stop_pid() { # NAME PID: TERM, then KILL after 10 s
  local name=$1 pid=$2 i
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for i in $(seq 50); do
    kill -0 "$pid" 2>/dev/null || { say "stopped $name (pid $pid)"; return 0; }
    sleep 0.2
  done
  kill -KILL "$pid" 2>/dev/null || true
  say "killed $name (pid $pid): it ignored SIGTERM for 10 s"
}
# Processes of this run: those whose command line or working directory is under $work.
run_processes() {
  local d pid cmd
  for d in /proc/[0-9]*; do
    pid=${d#/proc/}
    [ "$pid" = "$$" ] || [ "$pid" = "$BASHPID" ] && continue
    cmd=$(tr '\0' ' ' 2>/dev/null <"$d/cmdline") || continue
    if [[ "$cmd" == *"$work/"* ]] || [[ "$(readlink "$d/cwd" 2>/dev/null)/" == "$work/"* ]]; then
      echo "$pid"
    fi
  done
}
daemons_pids=()
cleanup() {
  local status=$? pid left=()
  set +e
  trap - EXIT INT TERM
  step "teardown"
  if [ ${#jobs_submitted[@]} -gt 0 ] && [ -n "${SLURM_CONF:-}" ]; then
    if [ -n "$(squeue -h -j "$(IFS=,; echo "${jobs_submitted[*]}")" 2>/dev/null)" ]; then
      run scancel "${jobs_submitted[@]}"
      for _ in $(seq 60); do
        [ -z "$(squeue -h 2>/dev/null)" ] && break
        sleep 0.5
      done
    fi
  fi
  if [ $status -ne 0 ] && [ -d "$work/slurm/log" ]; then
    for f in "$work"/slurm/log/*.log "$work"/munge/munged.log; do
      [ -f "$f" ] && { say "--- last lines of $f"; tail -n 15 "$f"; }
    done
  fi
  stop_pid slurmd "$(pid_of "$work/slurm/slurmd.pid")"
  stop_pid slurmctld "$(pid_of "$work/slurm/slurmctld.pid")"
  stop_pid munged "$(pid_of "$work/munge/munged.pid")"
  for pid in $(run_processes); do
    stop_pid "process of the run ($(tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | cut -c1-60))" "$pid"
  done
  for pid in "${daemons_pids[@]}" $(run_processes); do
    kill -0 "$pid" 2>/dev/null && left+=("$pid")
  done
  if [ ${#left[@]} -eq 0 ]; then
    say "left running: nothing (slurmctld, slurmd, munged and the run's processes are gone)"
  else
    say "left running: ${left[*]}"
    ps -o pid,user,args -p "$(IFS=,; echo "${left[*]}")"
    status=1
  fi
  if [ -z "$keep" ]; then
    rm -rf "$work"
  fi
  say "time: $(($(date +%s) - start)) s"
  exit $status
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the reference -----------------------------------------------------------------------------
single_run "$work/single"

# --- bring up the cluster ----------------------------------------------------------------------
step "cluster: munge key, munged, slurm.conf, slurmctld, slurmd"
host=$(hostname -s)
mkdir -p "$work/munge" "$work/slurm/state" "$work/slurm/spool" "$work/slurm/log"
chmod 755 "$work/munge"
chown munge:munge "$work/munge"
if command -v mungekey >/dev/null 2>&1; then
  run runuser -u munge -- mungekey --create --keyfile="$work/munge/munge.key"
else # munge < 0.5.14
  dd if=/dev/urandom of="$work/munge/munge.key" bs=1 count=1024 status=none
  chown munge:munge "$work/munge/munge.key"
  chmod 400 "$work/munge/munge.key"
fi
run runuser -u munge -- munged --key-file="$work/munge/munge.key" \
  --socket="$work/munge/munge.socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munge/munged.log" --seed-file="$work/munge/munged.seed"
wait_pid_file munged "$work/munge/munged.pid"
daemons_pids+=("$(pid_of "$work/munge/munged.pid")")
munge -n -S "$work/munge/munge.socket" | unmunge -S "$work/munge/munge.socket" | grep -q 'Success' ||
  die "munge does not encode and decode a credential"
node_line=$(slurmd -C | head -n 1)
cat >"$work/slurm/slurm.conf" <<EOF
# A private single-node cluster for $script; everything lives under $work.
ClusterName=umax
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
SlurmctldLogFile=$work/slurm/log/slurmctld.log
SlurmdLogFile=$work/slurm/log/slurmd.log
# No cgroups: a VM or container may not let slurmd create them.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
$node_line
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
printf 'CgroupPlugin=cgroup/v1\nCgroupAutomount=no\n' >"$work/slurm/cgroup.conf"
sed 's/^/  /' "$work/slurm/slurm.conf"
export SLURM_CONF="$work/slurm/slurm.conf"
run slurmctld -f "$SLURM_CONF"
wait_pid_file slurmctld "$work/slurm/slurmctld.pid"
daemons_pids+=("$(pid_of "$work/slurm/slurmctld.pid")")
run slurmd -f "$SLURM_CONF"
wait_pid_file slurmd "$work/slurm/slurmd.pid"
daemons_pids+=("$(pid_of "$work/slurm/slurmd.pid")")
for _ in $(seq 60); do
  [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] && break
  sleep 0.5
done
run sinfo
[ "$(sinfo -h -o %T)" = idle ] || die "the node is not idle after 30 s"

# --- the array job -----------------------------------------------------------------------------
run_dir="$work/run"
mkdir -p "$run_dir"
export UMAX="$umax"
mapfile -t opts < <(match_options)
sbatch_line=(sbatch --parsable --output="$run_dir/slurm-%A_%a.out"
  "$repo/scripts/cluster/match-array.sbatch" "$shards" "$run_dir" "${opts[@]}")
# submit ARRAY: submits the sbatch line for those tasks; sets $job.
submit() {
  job=$(run "${sbatch_line[0]}" --array="$1" "${sbatch_line[@]:1}")
  jobs_submitted+=("$job")
  say "submitted array job $job (tasks $1)"
}
expected_games() { # K: games of shard K/N
  local p n=0
  for p in $(seq 1 $(((games + 1) / 2))); do
    [ $(((p - 1) % shards)) -eq $((${1} - 1)) ] && n=$((n + 2))
  done
  echo $n
}
rows() { # K: games in shard K's games.csv
  local f="$run_dir/shard-$1/games.csv"
  if [ -f "$f" ]; then echo $(($(wc -l <"$f") - 1)); else echo 0; fi
}
progress() {
  local k line=""
  for k in $(seq 1 "$shards"); do line+=" $k:$(rows "$k")/$(expected_games "$k")"; done
  say "  [$(date -u +%H:%M:%S)] games per shard:$line; queue: $(squeue -h -o '%i %T' | tr '\n' ' ')"
}
wait_for() { # JOB: until no task of JOB is queued or running
  local n=0
  while [ -n "$(squeue -h -j "$1" 2>/dev/null)" ]; do
    [ $((n % 20)) -eq 0 ] && progress
    n=$((n + 1))
    sleep 0.5
  done
  progress
}
task_states() { # JOB: "task K: STATE exit E" per task, from the controller's memory of the job
  scontrol -o show job "$1" | tr ' ' '\n' |
    awk -F= '$1=="ArrayTaskId"{t=$2} $1=="JobState"{s=$2} $1=="ExitCode"{print "  task " t ": " s ", exit " $2}'
}

step "submit: the match as a Slurm array, $shards shards, --cpus-per-task 1 each"
submit "1-$shards"
first_job=$job
if [ "$demo_failure" -eq 1 ]; then
  step "failure demo: kill shard 2 (array task ${first_job}_2) once it has played a game or two"
  for _ in $(seq 600); do
    [ "$(squeue -h -j "${first_job}_2" -o %T 2>/dev/null)" = RUNNING ] && [ "$(rows 2)" -ge 2 ] && break
    sleep 0.2
  done
  [ "$(rows 2)" -lt "$(expected_games 2)" ] || die "shard 2 finished before it could be killed; use more --games"
  progress
  run scancel "${first_job}_2"
fi
wait_for "$first_job"
say "tasks of job $first_job:"
task_states "$first_job"

if [ "$demo_failure" -eq 1 ]; then
  say "shard 2 holds $(rows 2) of its $(expected_games 2) games; the end of its Slurm output:"
  tail -n 2 "$run_dir/slurm-${first_job}_2.out" | sed 's/^/  /'
  step "failure demo: the merge must refuse while shard 2 is incomplete"
  set +e
  run "$umax" report "$run_dir"/shard-*/games.csv --out "$run_dir/merged" --no-plots \
    >"$work/refused.out" 2>&1
  refused=$?
  set -e
  sed 's/^/  /' "$work/refused.out"
  [ "$refused" -ne 0 ] || die "umax report merged an incomplete match"
  grep -qF "shard-2/games.csv (shard 2/$shards) lacks" "$work/refused.out" ||
    die "the refusal does not name shard 2"
  say "refused (exit $refused), naming shard 2: yes"
  step "failure demo: resume shard 2 with the same sbatch line, --array=2"
  submit 2
  wait_for "$job"
  say "tasks of job $job:"
  task_states "$job"
  grep -h 'games to play' "$run_dir/slurm-${job}_2.out" | sed 's/^/  /' || true
fi
for k in $(seq 1 "$shards"); do
  [ "$(rows "$k")" -eq "$(expected_games "$k")" ] ||
    die "shard $k has $(rows "$k") of $(expected_games "$k") games (see $run_dir/slurm-*_$k.out)"
done
say "the end of shard 1's Slurm output:"
tail -n 3 "$run_dir/slurm-${first_job}_1.out" | sed 's/^/  /'

# --- merge and prove ---------------------------------------------------------------------------
set +e
merge_and_compare "$work/single" "$run_dir"/shard-*/games.csv
status=$?
set -e
exit "$status"
