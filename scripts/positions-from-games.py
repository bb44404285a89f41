#!/usr/bin/env python3
"""Positions taken from played games, for `umax bench --positions`.

    scripts/positions-from-games.py results/nodes-100k/games.csv --plies 16 32 48 64 --count 240 > positions.txt

For each game (in game-number order) and each ply P, the position after the first P moves of
the game (if the game is that long and the position is not the end of the game), named
`g<game>p<P>`. Games of a pair that are move-identical give the same positions; duplicates
(same move prefix) are dropped. Stops after --count positions. Output lines:
`name<TAB>uci moves`, the format `umax bench --positions` reads.
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games_csv")
    ap.add_argument("--plies", type=int, nargs="+", default=[16, 32, 48, 64])
    ap.add_argument("--count", type=int, default=240)
    a = ap.parse_args()
    rows = ur.read_games(a.games_csv).rows
    rows.sort(key=lambda r: int(r["game"]))
    seen, out = set(), []
    for plies in a.plies:
        for r in rows:
            if r["opening"].count("/") >= 7:
                continue  # a FEN opening: no move list from the start
            moves = str(r["moves"]).split()
            if len(moves) <= plies:
                continue
            prefix = " ".join(moves[:plies])
            if prefix in seen:
                continue
            seen.add(prefix)
            out.append(f"g{r['game']}p{plies}\t{prefix}")
    if len(out) < a.count:
        print(f"positions-from-games: only {len(out)} positions available", file=sys.stderr)
    # interleave plies so a short --count still spans the game phases
    by_ply = {p: [l for l in out if l.split("\t")[0].endswith(f"p{p}")] for p in a.plies}
    picked = []
    while len(picked) < min(a.count, len(out)):
        for p in a.plies:
            if by_ply[p] and len(picked) < a.count:
                picked.append(by_ply[p].pop(0))
    sys.stdout.write("".join(l + "\n" for l in picked))


if __name__ == "__main__":
    main()
