#!/usr/bin/env bash
# Records tests/golden/bench-c.tsv from the C original (never from umax): the node count of one
# think of every C twin on the bench positions (src/bench_positions.txt) at the bench's node
# limit, as the C reaches them (its moves fed as lines, then an empty line).
#
#   scripts/record-bench-c.sh
#
# Every position at a 2^16 table (the C clears its whole table at every input line: all
# positions at the published 2^24 would clear about 110 GB per build), the first position (no
# move line) also at 2^24. The count is the third field of the think's last root-iteration line
# (`N ply, ...` of the instrumented C, scripts/build-original.sh), from the timing twin, which
# exits at end of input. tests/suite/bench.rs checks umax's per-position counts against this
# file on every run, and the live C against both in the deeper run (UMAX_SMOKE_SCALE >= 2).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
nodes=100000
out="$here/tests/golden/bench-c.tsv"
tmp="$out.tmp.$$"
trap 'rm -f "$tmp"' EXIT
{
  echo "# The C original's node count of one think ($nodes nodes, the bench's limit) on each bench"
  echo "# position (src/bench_positions.txt), for every C twin: recorded by scripts/record-bench-c.sh"
  echo "# from the instrumented C of scripts/build-original.sh (gcc -O2 -std=gnu89), never from umax."
  printf 'build\tbits\tposition\tnodes\n'
  for bits in 16 24; do
    mapfile -t bins < <("$here/scripts/build-original.sh" --nodes "$nodes" --hash-bits "$bits" --build all --twin)
    [ "${#bins[@]}" -gt 0 ] || { echo "record-bench-c.sh: the C twins did not build" >&2; exit 3; }
    for line in "${bins[@]}"; do
      read -r build _ _ twin <<< "$line"
      first=1
      while IFS=$'\t' read -r name moves; do
        [ -n "$name" ] || continue
        case $name in \#*) continue ;; esac
        [ "$bits" = 24 ] && [ $first = 0 ] && break
        first=0
        count=$({ for m in $moves; do echo "$m"; done; echo; } | "$twin" | grep ' ply, ' | tail -n1 | awk '{print $3}')
        case $count in (''|*[!0-9]*) echo "record-bench-c.sh: $build at 2^$bits: no node count for $name" >&2; exit 4 ;; esac
        printf '%s\t%s\t%s\t%s\n' "$build" "$bits" "$name" "$count"
      done < "$here/src/bench_positions.txt"
    done
  done
} > "$tmp"
mv -f "$tmp" "$out"
trap - EXIT
echo "wrote $out ($(grep -vc '^#' "$out") lines)"
