#!/usr/bin/env python3
"""The segments of a calibrated-clock run: its games grouped by the factor they were played at.

    scripts/segments.py results/scaled-15 results/scaled-60      # prints a Markdown table

A `--tc-scale` run measures the machine at every start and resume and records the result in
each row's settings (`tc_nps`, `tc_factor`, `tc_clock`). This groups a run's games.csv rows
by that record and reports, per group: the games, the measured speed, the factor, the clock
per side, the mean nodes per side per game, the in-game speed (all nodes over all CPU seconds
of the group) and sd's score. The binary and thread count of each segment are in
`command.txt`, one block per start or resume, in the same order.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "report"))
from formatting import pct  # noqa: E402  (the report's one rounding rule)


def segments(run):
    groups = {}
    g = ur.read_games(run)
    for row in g.rows:
        s = ur.settings(row)
        key = (s.get("tc_nps"), s.get("tc_factor"), s.get("tc_clock"))
        groups.setdefault(key, []).append(row)
    return groups, g.test


def main(runs):
    if not runs:
        sys.exit(__doc__.strip())
    missing = [run for run in runs if not os.path.isfile(os.path.join(run, "games.csv"))]
    if missing:
        sys.exit(f"segments.py: no games.csv in {', '.join(missing)}")
    # the test build's columns are named by the build (protocol 2: sd_*, old_*)
    print("| run | games | measured nodes/s | factor | clock per side | nodes per side per game"
          " | in-game nodes/s | TEST score |")
    print("|---|---|---|---|---|---|---|---|")
    for run in runs:
        groups, test = segments(run)
        for (nps, factor, clock), rows in groups.items():
            games = sorted(int(r["game"]) for r in rows)
            nodes = sum(int(r["test_nodes"]) + int(r["base_nodes"]) for r in rows)
            cpu = sum(float(r["test_cpu_s"]) + float(r["base_cpu_s"]) for r in rows)
            score = sum(float(r["test_score"]) for r in rows)
            span = f"{games[0]}–{games[-1]}" if games[-1] - games[0] + 1 == len(games) else \
                f"{len(games)} games, {games[0]}–{games[-1]}"
            print(f"| {os.path.basename(run.rstrip('/'))} | {span} | "
                  f"{int(nps):,} | {float(factor):.4f} | {float(clock):.3f} s | "
                  f"{nodes / (2 * len(rows)) / 1e6:.2f} M | {nodes / cpu / 1e6:.2f} M | "
                  f"{pct(score / len(rows))} ({test}) |"
                  if nps else f"| {run} | {len(rows)} games | not calibrated | | | | | |")


if __name__ == "__main__":
    main(sys.argv[1:])
