#!/usr/bin/env bash
# The node-clock runs of results/README.md, one after another, each resumed if its directory
# exists (so the same command continues the queue after a stop): the initial-position map first
# (cheap), then the 15 s runs, the jitter map, the sd-iidr2 map, and the 60 s run last.
# Run it away from the tree you edit:
#   RUNS=~/umax-node-runs UMAX=<a copy of the umax binary> scripts/node-queue.sh
# RUNS must hold startpos.pgn, wide.txt and wide-after-1000.txt (from openings/;
# scripts/node-setup.sh DIR puts them there with the committed rows). Stop it between runs with
# `touch $RUNS/STOP`; a run itself can be killed at any moment and resumed. A finished run leaves
# $RUNS/<run>.done and is skipped from then on. On the node clock a game is a pure function of
# builds, opening and budget: the machine's speed (and any binary of the same search: plain or
# profile-guided) changes how long a run takes, never its games.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/queue-lib.sh"  # run DIR ARGS...
cd "${RUNS:?set RUNS to the directory the runs are written into (not the tree you edit)}"
UMAX=${UMAX:?set UMAX to a copy of the umax binary that no rebuild replaces}
# the jitter SIGMA estimated from the committed CPU-clock PGNs (scripts/clock-jitter.py)
SIGMA_EST=${SIGMA_EST:-}
# the initial position at 1,001 budgets, 6,000,000 to 12,000,000 nodes a side, a pair each
run startpos-node-map match --builds old,sd --tc-nodes 6000000 --tc-nodes-step 6000 --games 2002 --openings startpos.pgn
# the answer on the node clock: 9,000,000 nodes a side = 15 s at 2006's 600,000 nodes/s
run node-15-wide match --builds old,sd --clock nodes --tc 15 --tc-scale 2006 --games 4000 --openings wide.txt
run node-15-sd-iidr2 match --builds sd,iidr2 --clock nodes --tc 15 --tc-scale 2006 --games 2000 --openings wide-after-1000.txt
# jitter: 21 budgets (6.0 M to 12.0 M, 300,000 apart), 50 pairs each (seeds 1-50)
for sigma in 0.005 0.02 $SIGMA_EST; do
  for i in $(seq 0 20); do
    b=$((6000000 + 300000 * i))
    run startpos-node-jitter/s$sigma/b$b match --builds old,sd --tc-nodes $b --clock-jitter $sigma --jitter-seed 1 --games 100 --openings startpos.pgn
  done
done
# sd against iidr2 from the initial position, 201 budgets, 30,000 apart
run startpos-node-map-sd-iidr2 match --builds sd,iidr2 --tc-nodes 6000000 --tc-nodes-step 30000 --games 402 --openings startpos.pgn
# the post's 60 s: 36,000,000 nodes a side
run node-60-wide match --builds old,sd --clock nodes --tc 60 --tc-scale 2006 --games 4000 --openings wide.txt
echo "== queue done"
