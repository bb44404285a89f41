#!/usr/bin/env python3
"""Why a build lost games on time: the root iterations of the think that forfeited.

    scripts/forfeit-iterations.py RUN_DIR [--umax PATH] [--nodes N] [--timeout S]
                                  [--games G1,G2,...] [--max-games K] [--csv FILE]
                                  [--builds B1,B2,...]

For every game of RUN_DIR/games.csv that ended in `time_forfeit` (or the games named with
--games), the position the loser was thinking in is the game's moves from the start. Both
builds of the run (or those named with --builds) search that position once with `umax play --trace --nodes N`: the 3.2 root
rule with N in place of the C's 1e7, so the root starts another iteration only while fewer than
N nodes were searched, and an iteration once started runs to its end. That is the time rule of
`umax match --tc` in nodes (the root starts no iteration once the move has used its share of
the clock); N defaults to 10,000,000, about the 2 s share of a 60 s clock (60 s / 30 moves) at
this machine's 5 Mnodes/s. Every completed root iteration is one row: game, build, ply, nodes
(cumulative, as the trace prints them), the iteration's own nodes, and the CPU seconds of the
whole think. A think that did not finish within --timeout (wall clock) is one row marked
`unfinished` with the CPU seconds it had used: `umax play` writes its trace when it next
reads input, so a killed think leaves no iteration lines.

Prints a Markdown table (per position and build: the last iteration begun below N, its nodes,
and the factor over the iteration before it) and writes the rows as CSV (--csv).
"""

import argparse
import csv
import io
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

TRACE = re.compile(r"^\s*(\d+) ply,\s+(\d+) searched,\s+(-?\d+) by \(\s*(\d+),\s*(\d+)\)$")


def fail(msg):
    print(f"forfeit-iterations: {msg}", file=sys.stderr)
    sys.exit(2)


def think(umax, build, moves, nodes, timeout):
    """One think from the start position after `moves`: (iterations, cpu_s, finished)."""
    feed = "".join(m + "\n" for m in moves) + "\n"
    t0 = os.times()
    try:
        out = subprocess.run(
            [umax, "play", "--build", build, "--nodes", str(nodes), "--trace"],
            input=feed, capture_output=True, text=True, timeout=timeout,
        )
        finished = True
        text = out.stdout
        if out.returncode != 0:
            fail(f"umax play exited with {out.returncode}: {out.stderr.strip()}")
    except subprocess.TimeoutExpired as e:
        finished = False
        text = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
    t1 = os.times()
    cpu = (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
    iters = []
    for line in text.splitlines():
        m = TRACE.match(line)
        if m:
            iters.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
    # the trace of the moves fed in first is empty (no think); only this think's lines remain
    return iters, cpu, finished


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run_dir")
    ap.add_argument("--umax", default=os.path.join(os.path.dirname(__file__), "..", "target", "release", "umax"))
    ap.add_argument("--nodes", type=int, default=10_000_000)
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--games", default=None)
    ap.add_argument("--max-games", type=int, default=None)
    ap.add_argument("--csv", default=None)
    ap.add_argument("--builds", default=None,
                    help="builds to search each position with (default: the run's two)")
    a = ap.parse_args()

    path = os.path.join(a.run_dir, "games.csv")
    if not os.path.isfile(path):
        fail(f"{path}: no such file")
    if not os.access(a.umax, os.X_OK):
        fail(f"{a.umax}: not an executable (cargo build --release first, or --umax PATH)")
    run = ur.read_games(path)
    # the rows as the file's text, as the rest of this script reads them
    rows = [{c: str(r[c]) for c in run.header} for r in run.rows]
    if not rows:
        fail(f"{path}: no games")
    base, test = run.base, run.test
    if a.games:
        wanted = set(a.games.split(","))
        picked = [r for r in rows if r["game"] in wanted]
        missing = wanted - {r["game"] for r in picked}
        if missing:
            fail(f"{path}: no game {', '.join(sorted(missing))}")
    else:
        picked = [r for r in rows if r["termination"] == "time_forfeit"]
    picked.sort(key=lambda r: int(r["game"]))
    if a.max_games is not None:
        picked = picked[: a.max_games]
    if not picked:
        fail(f"{path}: no time forfeits")

    out_rows = []
    print(f"Root iterations of the forfeited think, `umax play --trace --nodes {a.nodes}` "
          f"(timeout {a.timeout:g} s per think), from {path}\n")
    print("| game | loser | plies | build | last iteration begun | its nodes | x previous | think nodes | CPU s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in picked:
        moves = r["moves"].split()
        score = float(r[f"{test}_score"])
        loser = test if score == 0.0 else base if score == 1.0 else "-"
        for build in (a.builds.split(",") if a.builds else (base, test)):
            iters, cpu, finished = think(a.umax, build, moves, a.nodes, a.timeout)
            prev = 0
            own = []
            for ply, nodes, sc in iters:
                own.append(nodes - prev)
                out_rows.append({"game": r["game"], "build": build, "ply": ply, "nodes": nodes,
                                 "iteration_nodes": nodes - prev, "score": sc,
                                 "think_cpu_s": f"{cpu:.2f}", "finished": "yes" if finished else "no"})
                prev = nodes
            if not finished:
                # `umax play` writes its trace when it next reads, so a killed think leaves none
                out_rows.append({"game": r["game"], "build": build,
                                 "ply": "", "nodes": "",
                                 "iteration_nodes": "", "score": "",
                                 "think_cpu_s": f"{cpu:.2f}", "finished": "unfinished"})
                last = "unfinished"
                last_nodes, factor = f"not done after {cpu:.0f} s CPU", "-"
                total = "-"
            else:
                last = f"ply {iters[-1][0]}"
                last_nodes = f"{own[-1]:,}"
                factor = f"{own[-1] / own[-2]:.1f}" if len(own) >= 2 and own[-2] > 0 else "-"
                total = f"{prev:,}"
            print(f"| {r['game']} | {loser} | {len(moves)} | {build} | {last} | {last_nodes} | {factor} | {total} | {cpu:.1f} |")
            sys.stdout.flush()
    if a.csv:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=["game", "build", "ply", "nodes", "iteration_nodes",
                                            "score", "think_cpu_s", "finished"])
        w.writeheader()
        w.writerows(out_rows)
        ur.write_atomic(a.csv, buf.getvalue())


if __name__ == "__main__":
    main()
