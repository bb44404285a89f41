#!/usr/bin/env bash
# The runs of "how likely was the 2006 post's result" (results/post-2006-15, results/post-2006-60):
# old against sd from the initial position on the node clock with the wavering fitted to the CPU
# clock (--clock-jitter 0.09 --game-jitter 0.1: results/clock-jitter/wavering.md), one match of
# the post's size at each budget of a grid, the machine's speed being unknown:
#   post-2006-15/bB: 61 budgets, 6.0 to 12.0 M nodes a side, 0.1 M apart; 100 games (50 pairs)
#   post-2006-60/bB: 31 budgets, 24 to 48 M, 0.8 M apart (4x the 15 s grid's even cells); 50 games
#   post-2006-60-think/bB: the same 60 s cells under per-think wavering only (--clock-jitter 0.11,
#     the sd of the same search's rate on a CPU clock), for what the game factor adds; the 15 s
#     per-think-only cells are results/startpos-node-jitter/s0.11.
# Every cell draws its own seeds (15 s cell i: seed 1 + 50 i; 60 s cell j: 100001 + 25 j), so the
# cells are independent matches. The order spreads the grid: a 15 s cell and its 60 s cell, the
# budgets in van der Corput order, then the odd 15 s cells, then the per-think-only cells; the
# report reads whatever cells are in.
# Run it away from the tree you edit, resumable (each cell resumes; a finished cell leaves
# CELL.done):
#   mkdir -p ~/post-runs && cp openings/startpos.pgn scripts/post2006-queue.sh scripts/queue-lib.sh ~/post-runs/
#   cd ~/post-runs && RUNS=~/post-runs UMAX=<a copy of umax> nohup setsid bash post2006-queue.sh >> queue.log 2>&1 &
# Stop between cells with `touch $RUNS/STOP`; a cell can be killed at any moment and resumed.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/queue-lib.sh"  # run DIR ARGS...
cd "${RUNS:?set RUNS to the directory the runs are written into (not the tree you edit)}"
UMAX=${UMAX:?set UMAX to a copy of the umax binary that no rebuild replaces}
WAVER=(--clock-jitter 0.09 --game-jitter 0.1)
# van der Corput order of 0..n-1: each prefix spreads over the range
vdc() { python3 -c "
import sys
n = int(sys.argv[1]); bits = max(1, (n - 1).bit_length())
rev = lambda i: int(format(i, '0%db' % bits)[::-1], 2)
print(' '.join(str(i) for i in sorted(range(n), key=rev)))" "$1"; }
cell15() { local i=$1 b=$((6000000 + 100000 * $1))
  run post-2006-15/b$b match --builds old,sd --tc-nodes $b "${WAVER[@]}" --jitter-seed $((1 + 50 * i)) \
    --games 100 --openings startpos.pgn; }
cell60() { local j=$1 b=$((24000000 + 800000 * $1))
  run post-2006-60/b$b match --builds old,sd --tc-nodes $b "${WAVER[@]}" --jitter-seed $((100001 + 25 * j)) \
    --games 50 --openings startpos.pgn; }
# first the 15 s cells the model check needs: the budgets the CPU-clock initial-position run's
# blocks of 100 games delivered (scripts/post2006.py: 6.5-6.6 and 7.9-8.7 M nodes a side, as the delivered fraction settles)
for i in 5 19 20 21 23 24 26 27 6 22 25; do cell15 "$i"; done
for j in $(vdc 31); do cell15 $((2 * j)); cell60 "$j"; done
for j in $(vdc 30); do cell15 $((2 * j + 1)); done
for j in $(vdc 31); do b=$((24000000 + 800000 * j))
  run post-2006-60-think/b$b match --builds old,sd --tc-nodes $b --clock-jitter 0.11 \
    --jitter-seed $((100001 + 25 * j)) --games 50 --openings startpos.pgn
done
echo "== queue done"
