#!/usr/bin/env bash
# Prepares a run directory for scripts/node-queue.sh from the committed results, e.g. on a new
# machine: the three opening files, and every node-clock run with rows in results/ (command.txt,
# games.csv, games.pgn, as committed; the jitter map's directories one by one). A run whose games
# are all on disk gets RUN.done beside it, so the queue skips it. A run already in the run
# directory is left as it is: it may hold more rows than results/.
#   scripts/node-setup.sh ~/umax-node-runs
# Then: scripts/pgo-build.sh, copy target/pgo/umax out of the tree, and
#   RUNS=~/umax-node-runs UMAX=<the copy> SIGMA_EST=0.11 scripts/node-queue.sh
# and, beside it in the same directory, micro-Max 4.8's runs (scripts/mm48-queue.sh; the queue
# copied here too): RUNS=~/umax-node-runs UMAX=<the copy> scripts/mm48-queue.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:?usage: scripts/node-setup.sh RUN_DIRECTORY}
mkdir -p "$RUNS"
cp "$HERE/openings/startpos.pgn" "$HERE/openings/wide.txt" "$HERE/openings/wide-after-1000.txt" "$RUNS/"
cp "$HERE/scripts/node-queue.sh" "$HERE/scripts/mm48-queue.sh" "$RUNS/"
rows() { if [ -f "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo 0; fi; }
size() { # the match's size: the largest games= of its rows
  grep -o ';games=[0-9]*' "$1" | cut -d= -f2 | sort -n | tail -1
}
for csv in $(cd "$HERE/results" && find startpos-node-map startpos-node-map-sd-iidr2 node-15-wide \
               node-15-sd-iidr2 node-60-wide startpos-node-jitter mm48-sd-15 mm48-vs-old-15 \
               -name games.csv 2>/dev/null); do
  d=$(dirname "$csv")
  if [ -e "$RUNS/$d/games.csv" ]; then echo "$d: already in $RUNS, left as it is"; continue; fi
  mkdir -p "$RUNS/$d"
  for f in command.txt games.csv games.pgn; do
    [ -e "$HERE/results/$d/$f" ] && cp "$HERE/results/$d/$f" "$RUNS/$d/$f"
  done
  if [ "$(rows "$RUNS/$d/games.csv")" -ge "$(size "$RUNS/$d/games.csv")" ]; then
    touch "$RUNS/$d.done"; echo "$d: complete"
  else
    echo "$d: $(rows "$RUNS/$d/games.csv") games, to be resumed"
  fi
done
