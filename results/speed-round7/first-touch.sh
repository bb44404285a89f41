#!/usr/bin/env bash
# Which processes of scripts/bench-vs-c.sh pay the first touch of their hash table, and how much.
#
#   results/speed-round7/first-touch.sh [ROUNDS]     (default 3; prints a log on stdout)
#
# Runs bench-vs-c's workload for build old (4 games x 4 thinks at --nodes 1000000, one process
# per game) in bench-vs-c's order: contestants C (the timing twin), rust-full, rust, rotated by
# one from round to round. Prints one line per process: round, contestant, opening, user s,
# sys s. Then the sys seconds per contestant summed over its games, per round.
# Run on an otherwise idle machine from the repository root, after `cargo build --release`.
set -euo pipefail
rounds=${1:-3}
case "$rounds" in (''|*[!0-9]*|0) echo "first-touch.sh: ROUNDS must be a positive whole number, not '$rounds'" >&2; exit 2 ;; esac
[ $# -le 1 ] || { echo "first-touch.sh: one argument at most (ROUNDS)" >&2; exit 2; }
cd "$(dirname "$0")/../.."
umax=target/release/umax
[ -x "$umax" ] || { echo "first-touch.sh: build umax first (cargo build --release)" >&2; exit 2; }
twin=$(scripts/build-original.sh --build old --twin --nodes 1000000 | awk '{print $4}')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for op in e2e4 d2d4 c2c4 g1f3; do printf '%s\n\n\n\n\n' "$op" > "$tmp/$op.in"; done
order=(C rust-full rust)
echo "round contestant opening user_s sys_s"
for r in $(seq 0 $((rounds - 1))); do
  for c in 0 1 2; do
    name=${order[$(( (c + r) % 3 ))]}
    case $name in
      C) cmd="$twin" ;;
      rust) cmd="$umax play --trace --build old --nodes 1000000" ;;
      rust-full) cmd="$umax play --trace --build old --nodes 1000000 --full-clear" ;;
    esac
    for op in e2e4 d2d4 c2c4 g1f3; do
      /usr/bin/time -f "%U %S" -o "$tmp/t" bash -c "$cmd < $tmp/$op.in > /dev/null"
      echo "$r $name $op $(cat "$tmp/t")"
    done
  done
done | tee "$tmp/log"
echo
echo "sys s per contestant run (4 processes), by round:"
awk '{ s[$1 " " $2] += $5 } END { for (k in s) printf "%s %.2f\n", k, s[k] }' "$tmp/log" | sort
