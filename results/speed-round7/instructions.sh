#!/usr/bin/env bash
# Instructions a node, counted exactly by callgrind, for each umax binary given.
#
#   results/speed-round7/instructions.sh BIN [BIN..]     (prints a Markdown table on stdout)
#
# Workload: `BIN play --trace --build old --nodes 100000` fed "e2e4" and one empty line: one
# think after 1. e4 at the published table size (its last root iteration runs past the node
# limit: ~0.94M nodes). Counts every instruction of the process (start-up, the table's
# allocation, the think); the nodes are the last trace line's count.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,9p' "$0"; exit 2; }
command -v valgrind >/dev/null || { echo "instructions.sh: needs valgrind" >&2; exit 3; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'e2e4\n\n' > "$tmp/in"
echo "| binary | instructions | nodes | instructions a node |"
echo "|---|---|---|---|"
for bin in "$@"; do
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$bin" play --trace --build old \
    --nodes 100000 < "$tmp/in" > "$tmp/out" 2> "$tmp/err"
  ir=$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/err")
  nodes=$(awk '/ ply, / { n = $3 } END { print n }' "$tmp/out")
  echo "| $bin | $ir | $nodes | $(awk -v a="$ir" -v b="$nodes" 'BEGIN { printf "%.0f", a / b }') |"
done
