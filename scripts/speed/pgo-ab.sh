#!/usr/bin/env bash
# Paired A/B timing of two umax binaries (e.g. profile-guided against plain, built from one
# commit) on one node-identical workload per build: `umax play --trace --build B --nodes N` fed
# `e2e4` and four empty lines (four thinks), the two binaries in turn (A B A B ...), pinned to one
# core with taskset, whole-process CPU seconds (user+sys) from /usr/bin/time; prints per build
# the medians and the median of the pair ratios A/B, and checks that both print the same bytes.
#   scripts/speed/pgo-ab.sh A_BINARY B_BINARY [--builds old,sd,...] [--pairs 20] [--nodes 1000000] [--cpu 1]
# Pause long runs while it measures (kill -STOP PID, then kill -CONT PID).
set -euo pipefail
a=${1:?binary A}; b=${2:?binary B}; shift 2
builds="old sd sdnr noiid iidr2 iidcut sdp iidpv iidreset"; pairs=20; nodes=1000000; cpu=1
while [ $# -gt 0 ]; do
  case "$1" in
    --builds) builds=$(echo "$2" | tr , ' '); shift 2 ;;
    --pairs) pairs="$2"; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --cpu) cpu="$2"; shift 2 ;;
    *) echo "pgo-ab.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf 'e2e4\n\n\n\n\n' > "$tmp/in"
one() { # binary build -> cpu seconds
  taskset -c "$cpu" /usr/bin/time -f '%U %S' -o "$tmp/t" "$1" play --trace --build "$2" --nodes "$nodes" < "$tmp/in" > "$tmp/out-$3"
  awk '{ printf "%.3f\n", $1 + $2 }' "$tmp/t"
}
med() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "build,a_cpu_s_median,b_cpu_s_median,ratio_a_over_b_median,ratio_min,ratio_max,pairs"
for bd in $builds; do
  one "$a" "$bd" a >/dev/null; one "$b" "$bd" b >/dev/null   # warm-up
  cmp -s "$tmp/out-a" "$tmp/out-b" || { echo "pgo-ab.sh: $bd: the two binaries print different output" >&2; exit 1; }
  : > "$tmp/as"; : > "$tmp/bs"; : > "$tmp/rs"
  for _ in $(seq "$pairs"); do
    x=$(one "$a" "$bd" a); y=$(one "$b" "$bd" b)
    echo "$x" >> "$tmp/as"; echo "$y" >> "$tmp/bs"; awk -v x="$x" -v y="$y" 'BEGIN { printf "%.4f\n", x / y }' >> "$tmp/rs"
  done
  echo "$bd,$(med < "$tmp/as"),$(med < "$tmp/bs"),$(med < "$tmp/rs"),$(sort -g "$tmp/rs" | head -1),$(sort -g "$tmp/rs" | tail -1),$pairs"
done
