#!/usr/bin/env bash
# The cost of a node, split into work and waiting for the table, before and after a change.
#
#   scripts/node-cost.sh [--baseline REV] [--build NAME[,NAME..]] [--nodes N] [--runs R]
#                        [--sweep "14 19 21 24"]
#
# For each build (default old,sd,iidr2) and each binary (this tree's, and with --baseline the
# one built from git revision REV), `umax bench --nodes N` (the 16 built-in positions, default
# N=1000000, nodes per second by the wall clock inside the process: the table is allocated and
# faulted in before the clock starts) at two table sizes, R interleaved runs (default 3):
#   - 2^24+8 entries, the published table (201 MB): the cost of a node as the program runs;
#   - 2^14+8 entries (197 KB, inside the L2 cache): no probe waits for memory, so this is the
#     work of a node (and the floor: what a node would cost with every probe hidden).
# The difference is the waiting. The two sizes search different trees (fewer nodes hit the small
# table): the split is an estimate, as round 4's was (results/bench.md).
# --sweep: also this tree's `old` at these table sizes (bits), to see where the waiting starts:
# past the L3 cache, or past the TLB's reach.
# Output: Markdown tables on stdout (medians of ns per node = 1e9 / nodes per second).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
baseline=""
builds="old,sd,iidr2"
nodes=1000000
runs=3
sweep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    --build) builds="$2"; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --sweep) sweep="$2"; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "node-cost.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for v in "$nodes" "$runs" $sweep; do
  case "$v" in (''|*[!0-9]*|0) echo "node-cost.sh: numbers must be positive whole numbers, not '$v'" >&2; exit 2 ;; esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cargo build --release --quiet
cp target/release/umax "$tmp/umax-new"
for b in ${builds//,/ }; do
  "$tmp/umax-new" bench --build "$b" --nodes 1 > /dev/null 2>&1 ||
    { echo "node-cost.sh: '$b' is not a build of umax builds" >&2; exit 2; }
done
bins="new"
if [ -n "$baseline" ]; then
  base_commit=$(git rev-parse --short=12 "$baseline")
  mkdir -p "$tmp/src"
  git archive "$baseline" | tar -x -C "$tmp/src"
  CARGO_TARGET_DIR="$here/target/bench-baseline" cargo build --release --quiet --manifest-path "$tmp/src/Cargo.toml"
  cp "$here/target/bench-baseline/release/umax" "$tmp/umax-base"
  bins="base new"
fi
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
ns() { # $1 = bin, $2 = build, $3 = bits -> ns per node of one run; checks the signature is one
  local out
  out=$("$tmp/umax-$1" bench --build "$2" --nodes "$nodes" --hash-bits "$3")
  echo "$out" | sed -n 's/^bench: //p' >> "$tmp/sig-$2-$3"
  echo "$out" | awk '/^Nodes\/second/ { printf "%.2f\n", 1e9 / $NF }'
}
declare -A vals=()
for round in $(seq "$runs"); do
  echo "node-cost: round $round/$runs" >&2
  for b in ${builds//,/ }; do
    for bits in 24 14; do
      for who in $bins; do
        vals[$who-$b-$bits]+="$(ns "$who" "$b" "$bits") "
      done
    done
  done
done
for f in "$tmp"/sig-*; do
  [ "$(sort -u "$f" | wc -l)" = 1 ] || { echo "node-cost.sh: a signature differs between runs or binaries ($f)" >&2; exit 1; }
done
echo "- command: \`scripts/node-cost.sh$( [ -n "$baseline" ] && echo " --baseline $baseline") --build $builds --nodes $nodes --runs $runs$( [ -n "$sweep" ] && echo " --sweep \"$sweep\"")\`"
echo "- umax: \`$(git rev-parse --short=12 HEAD)\`$(git diff --quiet HEAD -- src Cargo.toml Cargo.lock || echo ' (with uncommitted changes to the code)')$( [ -n "$baseline" ] && echo "; baseline \`$base_commit\` ($baseline)")"
echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); caches: $(lscpu 2>/dev/null | awk -F: '/^L[123][di]? cache/ { gsub(/^ +/, "", $2); printf "%s%s %s", sep, $1, $2; sep = ", " }'); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "- \`umax bench --nodes $nodes\` (16 positions), ns per node = 1e9 / nodes per second, median of $runs interleaved runs; every run's signature equal for both binaries"
echo
echo "| build | binary | ns/node, 2^24+8 (published) | ns/node, 2^14+8 (in L2: work, the floor) | waiting (difference) | waiting share |"
echo "|---|---|---|---|---|---|"
for b in ${builds//,/ }; do
  for who in $bins; do
    big=$(echo ${vals[$who-$b-24]} | tr ' ' '\n' | median)
    small=$(echo ${vals[$who-$b-14]} | tr ' ' '\n' | median)
    label=$who; [ "$who" = base ] && label="before ($base_commit)"; [ "$who" = new ] && label="after"
    awk -v b="$b" -v w="$label" -v big="$big" -v small="$small" \
      'BEGIN { printf "| %s | %s | %.1f | %.1f | %.1f | %.0f%% |\n", b, w, big, small, big - small, 100 * (big - small) / big }'
  done
done
if [ -n "$sweep" ]; then
  echo
  echo "Table size sweep, this tree, old (a different tree at each size; median of $runs):"
  echo
  echo "| hash bits | table | ns/node |"
  echo "|---|---|---|"
  for bits in $sweep; do
    v=""
    for round in $(seq "$runs"); do v+="$(ns new old "$bits") "; done
    awk -v bits="$bits" -v m="$(echo $v | tr ' ' '\n' | median)" \
      'BEGIN { mb = (2 ^ bits + 8) * 12 / 1e6; printf "| %d | %.1f MB | %.1f |\n", bits, mb, m }'
  done
fi
