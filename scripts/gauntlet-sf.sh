#!/usr/bin/env bash
# The builds on an absolute scale (results/gauntlet-sf): micro-Max 3.2 (old, sd), 4.8 (mm48) and
# Fairy-Max 5.0b (Debian's fairymax, xboard) each against Debian's Stockfish 15.1 at four
# UCI_Elo levels (its limited strength is fitted to CCRL Elo at 60+0.6, per its source), 40
# games a pairing (20 openings of openings/default.txt, colours reversed), 640 games, at 10+0.1
# on the CPU clock, one game per core (two at once on two cores), one thread and 16 MB of hash
# for Stockfish. The builds play as `umax uci` (the GUI-facing player: its time plan predicts
# whether an iteration ends in time), so every player is an engine of its own process charged
# its process's CPU seconds. Play it on a quiet machine: a clock is a clock.
# Run it away from the tree you edit, resumable (a tournament resumes where it stopped):
#   mkdir -p ~/gauntlet && cp openings/default.txt scripts/gauntlet-sf.sh scripts/queue-lib.sh ~/gauntlet/
#   cd ~/gauntlet && RUNS=~/gauntlet UMAX=<a copy of umax> nohup setsid bash gauntlet-sf.sh >> queue.log 2>&1 &
# Stop with `touch $RUNS/STOP` (between runs) or kill it (it resumes).
set -u
cd "${RUNS:?set RUNS to the directory the runs are written into (not the tree you edit)}"
UMAX=${UMAX:?set UMAX to a copy of the umax binary that no rebuild replaces}
SF=${SF:-/usr/games/stockfish}
FM=${FM:-/usr/games/fairymax}
. "$(dirname "$0")/queue-lib.sh"
engines=()
for b in old sd mm48; do
  engines+=(--engine "name=$b-uci" "cmd=$UMAX" arg=uci arg=--build "arg=$b")
done
engines+=(--engine name=fairymax "cmd=$FM" proto=xboard)
levels=(1400 1700 2000 2300)
for e in "${levels[@]}"; do
  engines+=(--engine "name=sf$e" "cmd=$SF" option.Threads=1 option.Hash=16
    option.UCI_LimitStrength=true "option.UCI_Elo=$e")
done
field=$(printf ',sf%s' "${levels[@]}")
run gauntlet-sf tournament "${engines[@]}" \
  --builds "old-uci,sd-uci,mm48-uci,fairymax$field" --gauntlet old-uci,sd-uci,mm48-uci,fairymax \
  --tc 10+0.1 --games-per-pair 40 --openings default.txt
echo "== gauntlet done"
