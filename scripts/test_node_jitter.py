#!/usr/bin/env python3
"""Unit tests of scripts/node_jitter.py on a hand-made jitter map (run by tests/suite/scripts_any_pairing.rs).

Two sigmas: s0.005 with two complete cells (57.5% exactly, 57.0%) and one partial cell, s0.02
with one complete cell (45.0%), one cell being played (a torn last line) and one not started.

Run:  python3 scripts/test_node_jitter.py
"""
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "node_jitter.py")
sys.path.insert(0, HERE)
import node_jitter  # noqa: E402
from testrows import HEADER, games_row, read, run, tempdir  # noqa: E402

C6 = "c2c4 e7e5 d2d4 b8c6 g1f3"
D4 = "c2c4 e7e5 d2d4 e5d4 d1d4"
SHORT = "c2c4 e7e5 d2d4"  # a game of 3 plies: its ply 4 is "(end)"
# sd's half-points in a game -> the result, by sd's colour
RESULT = {True: {2: "1-0", 1: "1/2-1/2", 0: "0-1"}, False: {2: "0-1", 1: "1/2-1/2", 0: "1-0"}}


def settings(sigma, budget, games=100):
    return ("builds=old,sd;node_clock=%d;clock_jitter=%s;jitter_seed=1;max_plies=400;hash_bits=24;"
            "openings=startpos.pgn;games=%d;protocol=2" % (budget, sigma, games))


def row(game, pair, sd_white, hp, moves, st):
    w, b = ("sd", "old") if sd_white else ("old", "sd")
    return games_row(game, pair, w, b, RESULT[sd_white][hp], "%g" % (hp / 2), moves, st)


def cell_text(sigma, budget, pairs, games=100):
    """games.csv of `pairs`: [(sd's half-points as black, as white, moves as black, moves as white)];
    a spec None for a half is a game not played yet. Rows in completion order (white sd first)."""
    st = settings(sigma, budget, games)
    out = HEADER
    for p, (hb, hw, mb, mw) in enumerate(pairs, 1):
        if hw is not None:
            out += row(2 * p, p, True, hw, mw, st)
        if hb is not None:
            out += row(2 * p - 1, p, False, hb, mb, st)
    return out


def cells():
    """{(sigma dir, budget dir): games.csv text}."""
    a = [(1, 2, C6 if p <= 20 else D4, D4) for p in range(1, 16)] + \
        [(1, 1, C6 if p <= 20 else D4, D4) for p in range(16, 51)]            # 115/200 = 57.5%
    b = [(1, 2, D4, D4)] * 15 + [(0, 1, D4, D4)] + [(1, 1, D4, D4)] * 33 + [(1, 1, D4, SHORT)]  # 114/200
    c = [(1, 1, D4, D4)] * 10 + [(2, None, D4, None)]                        # 10 pairs + a lone game
    d = [(0, 1, C6, C6)] * 10 + [(1, 1, C6, C6)] * 40                        # 90/200 = 45%
    e = [(1, 1, D4, C6)] * 20 + [(1, None, D4, None)]                        # 20 pairs, then torn
    return {("s0.005", "b6000000"): cell_text("0.005", 6000000, a),
            ("s0.005", "b6300000"): cell_text("0.005", 6300000, b),
            ("s0.005", "b6600000"): cell_text("0.005", 6600000, c),
            ("s0.02", "b6000000"): cell_text("0.02", 6000000, d),
            ("s0.02", "b6300000"): cell_text("0.02", 6300000, e) + row(42, 21, True, 1, C6, settings("0.02", 6300000))[:40]}


class NodeJitter(unittest.TestCase):
    def setUp(self):
        self.dir = tempdir(self, "node_jitter_test_")
        for (s, b), text in cells().items():
            os.makedirs(os.path.join(self.dir, s, b))
            with open(os.path.join(self.dir, s, b, "games.csv"), "w") as f:
                f.write(text)
        os.makedirs(os.path.join(self.dir, "s0.02", "b6600000"))  # a cell not started
        for name in ("b6000000.log", "b6000000.done"):  # the queue's files beside the cells
            open(os.path.join(self.dir, "s0.005", name), "w").close()

    def run_script(self, *args, root=None):
        return run(SCRIPT, root or self.dir, *args)

    def write_cell(self, s, b, text):
        with open(os.path.join(self.dir, s, b, "games.csv"), "w") as f:
            f.write(text)

    def assert_error(self, r):
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)
        self.assertNotIn("Traceback", r.stderr)
        self.assertTrue(r.stderr.startswith("node_jitter: error: "), r.stderr)

    def test_cells(self):
        files, F = node_jitter.build(self.dir)
        rows = files["jitter.csv"].splitlines()
        self.assertEqual(rows[0], "sigma,budget,jitter_seed,pairs,games,sd_wins,draws,sd_losses,sd_score,score_lo,"
                                  "score_hi,elo,elo_lo,elo_hi,reaches_575,distinct_games,ply4,ply4_share")
        want = [  # score_lo and score_hi (columns 9 and 10) unrounded: checked to 4 places below
            "0.005,6000000,1,50,100,15,85,0,0.575,0.5429,0.6071,52.5,29.9,75.6,1,2,b8c6:20;e5d4:80,b8c6:0.2;e5d4:0.8",
            "0.005,6300000,1,50,100,15,84,1,0.57,0.5356,0.6044,49.0,24.8,73.6,0,2,(end):1;e5d4:99,(end):0.01;e5d4:0.99",
            "0.005,6600000,1,10,20,0,20,0,0.5,0.5,0.5,0.0,0.0,0.0,,1,e5d4:20,e5d4:1",
            "0.02,6000000,1,50,100,0,90,10,0.45,0.422,0.478,-34.9,-54.6,-15.3,0,1,b8c6:100,b8c6:1",
            "0.02,6300000,1,20,40,0,40,0,0.5,0.5,0.5,0.0,0.0,0.0,,2,b8c6:20;e5d4:20,b8c6:0.5;e5d4:0.5",
        ]
        self.assertEqual(len(rows), 1 + len(want))
        for got, w in zip(rows[1:], want):
            g, w = got.split(","), w.split(",")
            self.assertEqual(g[:9] + g[11:], w[:9] + w[11:])
            for i in (9, 10):
                self.assertAlmostEqual(float(g[i]), float(w[i]), places=4)
        c = {(r["sigma"], r["budget"]): r for r in F["cells"]}
        self.assertIs(c[(0.005, 6000000)]["reaches_575"], True)   # 57.5% exactly reaches it
        self.assertIs(c[(0.005, 6300000)]["reaches_575"], False)
        self.assertIsNone(c[(0.005, 6600000)]["reaches_575"])     # 10 of 50 pairs: not a match yet
        self.assertIsNone(c[(0.02, 6300000)]["reaches_575"])      # the torn line's pair does not count

    def test_summaries(self):
        _, F = node_jitter.build(self.dir)
        s005, s02 = F["sigmas"]
        self.assertEqual((s005["sigma"], s02["sigma"]), (0.005, 0.02))
        self.assertEqual((s005["cells_planned"], s005["cells_with_games"], s005["cells_complete"]), (21, 3, 2))
        self.assertEqual((s02["cells_planned"], s02["cells_with_games"], s02["cells_complete"]), (21, 2, 1))
        self.assertEqual((s005["games"], s005["pairs"], s005["sd_wins"], s005["draws"], s005["sd_losses"]),
                         (220, 110, 30, 189, 1))
        self.assertEqual(s005["mean_score_complete_cells"], 0.5725)
        self.assertEqual(s005["reaching_575"], {"count": 1, "share_of_complete_cells": 0.5,
                                                "cells": [{"sigma": 0.005, "budget": 6000000}]})
        self.assertEqual(s005["lowest_cell"], {"sigma": 0.005, "budget": 6300000, "score": 0.57})
        self.assertEqual(s005["highest_cell"], {"sigma": 0.005, "budget": 6000000, "score": 0.575})
        self.assertEqual(s005["pooled"]["score"], 249 / 440)   # 249 half-points of 440
        self.assertEqual(s005["ply4"], {"(end)": {"games": 1, "share": 1 / 220}, "b8c6": {"games": 20, "share": 20 / 220},
                                        "e5d4": {"games": 199, "share": 199 / 220}})
        self.assertEqual(s02["reaching_575"]["count"], 0)
        self.assertEqual(s02["mean_score_complete_cells"], 0.45)
        self.assertEqual(s02["pooled"]["score"], 130 / 280)    # 130 half-points of 280
        O = F["overall"]
        self.assertEqual((O["cells_planned"], O["cells_with_games"], O["cells_complete"], O["games"]), (42, 5, 3, 360))
        self.assertEqual(O["reaching_575"]["count"], 1)
        self.assertEqual(O["reaching_575"]["share_of_complete_cells"], 1 / 3)
        self.assertAlmostEqual(O["mean_score_complete_cells"], (0.575 + 0.57 + 0.45) / 3, places=12)
        self.assertEqual(O["lowest_cell"], {"sigma": 0.02, "budget": 6000000, "score": 0.45})
        self.assertEqual(O["pooled"]["score"], 379 / 720)      # 379 half-points of 720

    def test_a_sigma_on_disk_joins_the_plan(self):
        os.makedirs(os.path.join(self.dir, "s0.11", "b6150000"))
        _, F = node_jitter.build(self.dir)
        self.assertEqual([s["sigma"] for s in F["sigmas"]], [0.005, 0.02, 0.11])
        self.assertEqual(F["sigmas"][2]["cells_planned"], 22)  # the plan's 21 and the one on disk
        self.assertEqual(F["sigmas"][2]["cells_with_games"], 0)

    def test_svg_legend(self):
        files, _ = node_jitter.build(self.dir)  # two incomplete cells: the hollow point is explained
        svg = files["jitter.svg"]
        self.assertIn(">σ 0.005: 2/21 cells complete<", svg)
        self.assertIn(">σ 0.02: 1/21 cells complete<", svg)
        self.assertIn(">hollow: incomplete cell (fewer than 50 pairs)<", svg)
        self.assertNotIn("being played", svg)
        for s, b in (("s0.005", "b6600000"), ("s0.02", "b6300000")):  # every cell with games complete
            os.remove(os.path.join(self.dir, s, b, "games.csv"))
        svg = node_jitter.build(self.dir)[0]["jitter.svg"]
        self.assertNotIn("hollow", svg)
        self.assertNotIn('fill="white" stroke="#', svg)  # no hollow point
        self.assertIn(">σ 0.005: 2/21 cells complete<", svg)

    def test_write_check_and_no_temp_files(self):
        out = os.path.join(self.dir, "out")
        r = self.run_script("--out", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(sorted(os.listdir(out)), ["jitter.csv", "jitter.json", "jitter.md", "jitter.svg"])
        self.assertEqual(json.loads(read(os.path.join(out, "jitter.json")))["overall"]["games"], 360)
        self.assertTrue(read(os.path.join(out, "jitter.svg")).startswith("<svg"))
        md = read(os.path.join(out, "jitter.md"))
        self.assertIn("| 6.0 | 50 | 15-85-0 | 57.5% | +52.5 [+29.9, +75.6] | yes | 2 | b8c6 20, e5d4 80 |", md)
        self.assertEqual(self.run_script("--out", out, "--check").returncode, 0)
        self.assertEqual(sorted(os.listdir(out)), ["jitter.csv", "jitter.json", "jitter.md", "jitter.svg"])
        with open(os.path.join(out, "jitter.csv"), "a") as f:
            f.write("x\n")
        self.assertEqual(self.run_script("--out", out, "--check").returncode, 1)
        self.assertEqual(self.run_script("--out", out).returncode, 0)  # rewritten over the old files
        self.assertEqual(self.run_script("--out", out, "--check").returncode, 0)
        self.assertEqual(sorted(os.listdir(out)), ["jitter.csv", "jitter.json", "jitter.md", "jitter.svg"])
        # the default DIR is ROOT: the outputs beside s*/ are not cells
        self.assertEqual(self.run_script().returncode, 0)
        self.assertEqual(self.run_script("--check").returncode, 0)

    def test_errors(self):
        out = os.path.join(self.dir, "out")
        self.assert_error(self.run_script(root=os.path.join(self.dir, "missing")))
        empty = os.path.join(self.dir, "empty")
        os.makedirs(os.path.join(empty, "s0.02", "b6000000"))
        self.assert_error(self.run_script(root=empty))                       # no played cell
        good = cells()[("s0.005", "b6000000")]
        bad = [
            good + "1,1,0,,old,sd,1-0\n",                                     # a short complete line
            good.replace("clock_jitter=0.005", "clock_jitter=0.02"),          # not its directory's sigma
            good.replace("node_clock=6000000", "node_clock=6300000"),         # not its directory's budget
            good.replace("clock_jitter=0.005;jitter_seed=1;", ""),            # not a jitter run
            good.replace("games=100", "games=200"),                           # not the plan's match
            HEADER.replace("sd_score", "sd_points") + good.split("\n", 1)[1],
        ]
        for text in bad:
            self.write_cell("s0.005", "b6000000", text)
            r = self.run_script("--out", out)
            self.assert_error(r)
            self.assertFalse(os.path.exists(out), r.stderr)  # nothing written, not even a temporary file


if __name__ == "__main__":
    unittest.main()
