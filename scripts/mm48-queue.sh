#!/usr/bin/env bash
# The micro-Max 4.8 runs of results/README.md on the node clock, one after another, each resumed
# if its directory exists (the same command continues the queue after a stop): mm48 against its
# self-deepening mm48sd, then 4.8 against 3.2 (old) at equal nodes. Run it away from the tree you
# edit, beside scripts/node-queue.sh if you like (each takes --concurrency 2):
#   RUNS=~/umax-mm48-runs UMAX=<a copy of the umax binary> scripts/mm48-queue.sh
# RUNS must hold wide.txt (openings/wide.txt). Stop it between runs with `touch $RUNS/STOP`; a run
# itself can be killed at any moment and resumed. A finished run leaves $RUNS/<run>.done.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/queue-lib.sh"  # run DIR ARGS...
cd "${RUNS:?set RUNS to the directory the runs are written into (not the tree you edit)}"
UMAX=${UMAX:?set UMAX to a copy of the umax binary that no rebuild replaces}
# 9,000,000 nodes a side (15 s at 2006's 600,000 nodes/s), the openings of the 3.2 answer; played
# to 4,000 games first, then grown (the same command with the larger size resumes and plays the
# games it adds) to all 5,200 openings of wide.txt, both colours: 10,400 games. To grow a finished
# run in a directory that has its .done, remove mm48-sd-15.done first.
run mm48-sd-15 match --builds mm48,mm48sd --clock nodes --tc 15 --tc-scale 2006 --games 10400 --openings wide.txt
run mm48-vs-old-15 match --builds old,mm48 --clock nodes --tc 15 --tc-scale 2006 --games 1000 --openings wide.txt
echo "== queue done"
