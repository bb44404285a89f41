#!/usr/bin/env python3
"""Checks a `umax judge --positions` run against the games its positions came from.

    scripts/thinks-vs-games.py results/nodes-100k/games.csv results/judge-positions-100k/run/thinks.csv

For every position named `g<game>p<P>` (scripts/positions-from-games.py), the build that was
to move in game <game> after P plies played the game's move P+1; its think in thinks.csv
(fresh engine, moves entered, one think at the same node budget) must choose that same move.
Prints the counts and the first mismatches; exit status 1 on any mismatch.
"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    games = {int(r["game"]): r for r in ur.read_games(sys.argv[1]).rows}
    same = differ = skipped = 0
    for t in csv.DictReader(open(sys.argv[2], newline="")):
        m = re.fullmatch(r"g(\d+)p(\d+)", t["position"])
        if not m or int(m[1]) not in games:
            skipped += 1
            continue
        g, ply = games[int(m[1])], int(m[2])
        played = g["moves"].split()[ply]
        build = g["white"] if ply % 2 == 0 else g["black"]  # games from the initial position
        if t[f"{build}_move"] == played:
            same += 1
        else:
            differ += 1
            if differ <= 10:
                print(f"{t['position']}: {build} played {played} in the game, thought {t[build + '_move']}")
    print(f"{same} thinks choose the game's move, {differ} do not, {skipped} positions not from these games")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
