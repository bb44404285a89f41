#!/usr/bin/env python3
"""The thinks that lost on time in a `--tc` run, one row each, from its games.csv and games.pgn.

    scripts/forfeit-thinks.py results/tc-60 [--csv results/tc-60/forfeit-thinks.csv]

For every game that ended `time_forfeit`: the side that lost, the ply of the forfeit, which of
that side's thinks out of book it was (1 = its first), the CPU seconds of that one move and the
clock it had left (from the PGN's termination comment, as the runner wrote it), the side's CPU
seconds over the whole game, and its recorded node total. A think of more than 2^31 nodes wraps
the C's `int N` (the runner records max(N, 0)), so a node total smaller than the game's other
thinks could reach is flagged `wrapped_or_short`: the row's nodes undercount that side's search.
Stdlib only.
"""

import argparse
import csv
import io
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

COLUMNS = ["game", "loser", "ply", "think_out_of_book", "move_cpu_s", "left_s",
           "game_cpu_s", "game_nodes", "forfeit_think_nodes", "nodes_note"]


def pgn_games(path):
    """game number -> its movetext (tags left out), by umaxresults' PGN reader."""
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        ur.fail(f"{path}: {e}")
    return {rnd: moves for rnd, _, moves in ur.pgn_games(text) if rnd is not None}


def rows(run_dir):
    run = ur.read_games(os.path.join(run_dir, "games.csv"))
    pgns = pgn_games(os.path.join(run_dir, "games.pgn"))
    out = []
    for r in run.rows:
        if r["termination"] != "time_forfeit":
            continue
        g = r["game"]
        chunk = pgns.get(g)
        if chunk is None:
            ur.fail(f"{run_dir}: game {g} is not in games.pgn")
        flat = " ".join(chunk.split())
        m = re.search(r"lost on time: the move took ([0-9.]+)s with ([0-9.]+)s left", flat)
        if not m:
            ur.fail(f"{run_dir}: game {g}: no 'lost on time' comment in games.pgn")
        move_cpu, left = float(m.group(1)), float(m.group(2))
        loser_white = r["result"] == "0-1"
        loser = r["white"] if loser_white else r["black"]
        plies = r["plies"]
        book = len(r["opening"].split())
        # the loser was to move at ply `plies` (0-based count of plies played); its thinks out
        # of book are at the plies of its colour from `book` on
        colour = 0 if loser_white else 1
        think = sum(1 for p in range(book, plies + 1) if p % 2 == colour)
        role = "test" if loser == run.test else "base"
        nodes = r[f"{role}_nodes"]
        cpu = r[f"{role}_cpu_s"]
        # the loser's other thinks: the PGN comment of each of its moves ("... 12.042s 54014425n")
        comments = re.findall(r"\{([^}]*)\}", flat)[:plies]
        others = sum(int(m.group(1)) for i, c in enumerate(comments) if i % 2 == colour
                     for m in [re.search(r"\s(\d+)n\b", c)] if m)
        forfeit_nodes = nodes - others
        # a think of 2^31 nodes or more wraps the C's int N, and the runner records max(N, 0)
        note = "recorded_0_int_N_wrapped" if forfeit_nodes == 0 and move_cpu > 1 else "ok"
        out.append([g, loser, plies, think, f"{move_cpu:.3f}", f"{left:.3f}", f"{cpu:.3f}",
                    nodes, forfeit_nodes, note])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run", help="a --tc run directory (games.csv and games.pgn)")
    ap.add_argument("--csv", help="write the rows here (else to stdout)")
    a = ap.parse_args()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    w.writerows(rows(a.run))
    if a.csv:
        with open(a.csv, "w", encoding="utf-8") as f:
            f.write(buf.getvalue())
    else:
        sys.stdout.write(buf.getvalue())


if __name__ == "__main__":
    main()
