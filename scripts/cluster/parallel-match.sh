#!/usr/bin/env bash
# A sharded `umax match` under GNU parallel, proven equal to one run.
#
#   scripts/cluster/parallel-match.sh [--games 40] [--nodes 20000] [--hash-bits 16]
#                                     [--shards 4] [--jobs J] [--sshlogin LOGINS] [--keep DIR]
#                                     [--tournament BUILDS]
#
# With --tournament BUILDS (e.g. old,sd,sdnr) the same for `umax tournament --builds BUILDS`
# (--games games per pairing): the shards are `umax tournament --shard K/N`, merged with
# `umax tournament --merge`, and every pairing's merged rows are compared with the single run's.
#
# 1. Installs GNU parallel (Debian package `parallel`) and python3 if missing (apt-get, as
#    root; otherwise it names them and stops), builds umax (cargo build --release).
# 2. Plays the whole match once with `umax match` (the reference).
# 3. Plays it again as N shards, one `umax match --shard K/N --concurrency 1` per shard, J at a
#    time (default: the local cores), with the one parallel line below; merges them with
#    `umax report`; compares the merged rows with the reference's (all columns but the four
#    time columns) and prints "merged rows equal a single run: yes" (exit 0) or "no" with the
#    first difference (exit 1).
#
# The parallel line, as a user runs it (each shard resumable: run the same line again after a
# crash and only what is missing is played):
#
#   parallel --jobs J 'umax match --nodes 20000 --games 40 --hash-bits 16 --concurrency 1 \
#       --no-progress --shard {}/N --out RUN/shard-{} $(test -f RUN/shard-{}/games.csv && echo --resume)' \
#       ::: $(seq 1 N)
#   (--resume only where the shard has a games.csv: umax refuses --resume with nothing to resume)
#   umax report RUN/shard-*/games.csv --out RUN/merged
#
# Over several machines: add `--sshlogin 2/node1,2/node2,:` (2 jobs on node1 and node2 over
# ssh, plus this machine; `:` is the local one) with umax at the same path on every machine and
# RUN on a filesystem they all share (NFS); --sshlogin here is passed to parallel as given. (On
# this one VM only the local `:` login was run.)
#
# Work happens in a temporary directory, removed at the end unless --keep DIR is given (then
# the single run and the shards are left in DIR, which must not exist yet).
set -euo pipefail
script=parallel-match.sh
script_command="scripts/cluster/$script${*:+ $*}"
repo=$(cd "$(dirname "$0")/../.." && pwd)
. "$repo/scripts/cluster/common.sh"

jobs=$(nproc)
sshlogin=
keep=
tournament=
while [ $# -gt 0 ]; do
  shared_option "$@" && { shift 2; continue; }
  case "$1" in
    --jobs) jobs=$2; shift 2 ;;
    --sshlogin) sshlogin=$2; shift 2 ;;
    --tournament) tournament=$2; shift 2 ;;
    -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (see --help)" ;;
  esac
done

header
need_packages parallel:parallel python3:python3
say "GNU parallel: $(parallel --version | head -n 1)"
build_umax

make_work_dir "$keep" umax-parallel
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
say "work dir: $work"
start=$(date +%s)

if [ -n "$tournament" ]; then
  step "reference: one umax tournament --builds $tournament"
  run "$umax" tournament --builds "$tournament" --nodes "$nodes" --games-per-pair "$games" \
    --hash-bits "$hash_bits" --concurrency 1 --no-progress --out "$work/single" | grep -E '^[a-z0-9]+-[a-z0-9]+ '
  step "shards: GNU parallel, $shards tournament shards, $jobs at a time, --concurrency 1 each"
  login=()
  [ -n "$sshlogin" ] && login=(--sshlogin "$sshlogin")
  if ! run parallel --will-cite --jobs "$jobs" "${login[@]}" --halt now,fail=1 --tag \
    --joblog "$work/parallel.joblog" \
    "$umax tournament --builds $tournament --nodes $nodes --games-per-pair $games --hash-bits $hash_bits --concurrency 1 --no-progress --shard {}/$shards --out $work/run/shard-{} \$(test -f $work/run/shard-{}/tournament.txt && echo --resume)" \
    ::: $(seq 1 "$shards") >"$work/parallel.out" 2>&1; then
    cat "$work/parallel.out"
    die "parallel: a shard failed (output above)"
  fi
  say "joblog:"
  sed 's/^/  /' "$work/parallel.joblog"
  step "merge: umax tournament --merge over the shards"
  run "$umax" tournament --merge "$work"/run/shard-* --out "$work/merged" | grep -E '^ *[0-9] ' || true
  status=0
  for p in "$work"/single/*/games.csv; do
    name=$(basename "$(dirname "$p")")
    step "equality: pairing $name, merged rows against the single run (time columns aside)"
    run python3 "$repo/scripts/cluster/rows-equal.py" "$p" "$work/merged/$name/games.csv" || status=1
  done
  say ""
  say "every pairing: merged rows equal a single run: $([ $status = 0 ] && echo yes || echo no)"
  say "time: $(($(date +%s) - start)) s for the reference and the sharded run"
  exit "$status"
fi

single_run "$work/single"

step "shards: GNU parallel, $shards shards, $jobs at a time, --concurrency 1 each"
mapfile -t opts < <(match_options)
login=()
[ -n "$sshlogin" ] && login=(--sshlogin "$sshlogin")
if ! run parallel --will-cite --jobs "$jobs" "${login[@]}" --halt now,fail=1 --tag \
  --joblog "$work/parallel.joblog" \
  "$umax match ${opts[*]} --concurrency 1 --no-progress --shard {}/$shards --out $work/run/shard-{} \$(test -f $work/run/shard-{}/games.csv && echo --resume)" \
  ::: $(seq 1 "$shards") \
  >"$work/parallel.out" 2>&1; then
  cat "$work/parallel.out"
  die "parallel: a shard failed (output above)"
fi
grep -E $'\t(Score of|Games:)' "$work/parallel.out"
say "joblog:"
sed 's/^/  /' "$work/parallel.joblog"
for k in $(seq 1 "$shards"); do
  [ -s "$work/run/shard-$k/games.csv" ] || die "shard $k wrote no games.csv"
done

set +e
merge_and_compare "$work/single" "$work"/run/shard-*/games.csv
status=$?
set -e
say ""
say "time: $(($(date +%s) - start)) s for the reference and the sharded run"
exit "$status"
