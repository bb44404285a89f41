#!/usr/bin/env bash
# Prepares a run directory for scripts/study-queue.sh from the committed results, e.g. on a new
# machine: the two opening files, and every run of the queue that has rows in results/ (its
# command.txt, games.csv, games.pgn, and tournament.txt, as committed); a run whose games are all
# on disk gets RUN.done beside it, so the queue skips it instead of resuming it (a resume of a
# finished run would only add a "# resumed" block to its command.txt). A run already in the run
# directory is left as it is: it may hold more rows than results/.
#   scripts/study-setup.sh ~/umax-runs
# Then measure the machine (a few short `umax match --tc 15 --tc-scale 2006` runs print its
# nodes/s) and start the queue with the median: RUNS=~/umax-runs UMAX=... SPEED=... scripts/study-queue.sh
set -euo pipefail
HERE=$(cd "$(dirname "$0")/.." && pwd)
RUNS=${1:?usage: scripts/study-setup.sh RUN_DIRECTORY}
mkdir -p "$RUNS"
cp "$HERE/openings/startpos.pgn" "$HERE/openings/wide.txt" "$RUNS/"
rows() { # whole rows of a games.csv (0 without one)
  if [ -f "$1" ]; then echo $(($(wc -l <"$1") - 1)); else echo 0; fi
}
complete() { # whether a committed run directory has all its games
  local d=$1
  if [ -f "$d/tournament.txt" ]; then
    local per p
    per=$(sed -n 's/^games_per_pair=//p' "$d/tournament.txt")
    for p in $(sed -n 's/^pairings=//p' "$d/tournament.txt" | tr , ' '); do
      [ "$(rows "$d/$p/games.csv")" -ge "$per" ] || return 1
    done
  else
    local want
    # the match's size: the largest games= of its rows (a grown match's rows keep the size
    # each was played at)
    want=$(grep -o ';games=[0-9]*' "$d/games.csv" | cut -d= -f2 | sort -n | tail -1)
    [ -n "$want" ] && [ "$(rows "$d/games.csv")" -ge "$want" ] || return 1
  fi
}
runs=(startpos-scaled-15 startpos-sd-iidr2-scaled-15 iid-scaled-15)
for c in "$HERE"/results/startpos-clock-sweep/clock*/; do runs+=("startpos-clock-sweep/$(basename "$c")"); done
runs+=(iid-scaled-60 sd-iidr2-scaled-15 scaled-15-wide)
for r in "${runs[@]}"; do
  src=$HERE/results/$r
  if [ -e "$RUNS/$r" ]; then
    echo "$r: already in $RUNS, left as it is"
  elif [ ! -f "$src/games.csv" ] && [ ! -f "$src/tournament.txt" ]; then
    echo "$r: no rows committed; the queue begins it"
  else
    mkdir -p "$(dirname "$RUNS/$r")"
    "$HERE/scripts/copy-run.sh" "$src" "$RUNS/$r"
    if complete "$src"; then touch "$RUNS/$r.done"; echo "$r: complete (done)"; else echo "$r: copied, to be resumed"; fi
  fi
done
