#!/usr/bin/env python3
"""Unit tests of scripts/node_map.py on a synthetic node-clock run of 3 pairs.

Run:  python3 scripts/test_node_map.py
"""
import json
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "node_map.py")
sys.path.insert(0, HERE)
import node_map  # noqa: E402
from testrows import HEADER, games_row, read, run, tempdir  # noqa: E402

SETTINGS = "builds=old,sd;node_clock=6000000;node_clock_step=6000;max_plies=400;openings=startpos.pgn;games=6"
# game, pair, white, black, result, sd_score, moves
GAMES = [
    (1, 1, "old", "sd", "1/2-1/2", 0.5, "e2e4 e7e5"),   # pair 1 (6.000 M): 0.5 + 0.5 = 1, a draw
    (2, 1, "sd", "old", "1/2-1/2", 0.5, "e2e4 e7e5"),
    (3, 2, "old", "sd", "0-1", 1.0, "e2e4 c7c5"),        # pair 2 (6.006 M): 1 + 1 = 2, sd wins
    (4, 2, "sd", "old", "1-0", 1.0, "e2e4 e7e5"),
    (5, 3, "old", "sd", "1-0", 0.0, "d2d4 d7d5"),        # pair 3 (6.012 M): 0 + 0.5, sd loses
    (6, 3, "sd", "old", "1/2-1/2", 0.5, "e2e4 e7e5"),
]
DEPTH = {"e2e4": 5, "d2d4": 6, "e7e5": 4, "c7c5": 4, "d7d5": 4}
SAN = {"e2e4": "e4", "d2d4": "d4", "e7e5": "e5", "c7c5": "c5", "d7d5": "d5"}


def csv_row(g):
    game, pair, w, b, res, sc, moves = g
    return games_row(game, pair, w, b, res, sc, moves, SETTINGS)


def pgn_game(g):
    game, pair, w, b, res, _, moves = g
    tags = ['[Event "umax match old vs sd"]', '[Round "%d"]' % game, '[White "%s"]' % w, '[Black "%s"]' % b,
            '[Result "%s"]' % res, '[TimeControl "%d nodes"]' % (6000000 + (pair - 1) * 6000)]
    mv = moves.split()
    # the second comment wraps over a line, as umax's PGN writer may do
    body = "1. %s {+0.10/%d 0.010s\n1000n} 1... %s {-0.10/%d 0.020s 2000n} %s" % (
        SAN[mv[0]], DEPTH[mv[0]], SAN[mv[1]], DEPTH[mv[1]], res)
    return "\n".join(tags) + "\n\n" + body + "\n\n"


class NodeMap(unittest.TestCase):
    def setUp(self):
        self.dir = tempdir(self, "node_map_test_")
        order = [GAMES[i] for i in (1, 0, 3, 2, 5, 4)]  # completion order, not game order
        with open(os.path.join(self.dir, "games.csv"), "w") as f:
            f.write(HEADER + "".join(csv_row(g) for g in order) + csv_row(GAMES[0])[:30])  # a torn last line
        with open(os.path.join(self.dir, "games.pgn"), "w") as f:
            f.write("".join(pgn_game(g) for g in order))

    def run_script(self, *args):
        return run(SCRIPT, self.dir, *args)

    def test_map(self):
        files, F = node_map.build(self.dir)
        self.assertEqual(F["pairs"], 3)
        self.assertEqual(F["budgets"], {"min": 6000000, "max": 6012000, "step": 6000, "missing_inside": 0})
        rows = files["map.csv"].splitlines()
        self.assertEqual(rows[0].split(",")[:5], ["pair", "budget", "result_old_white", "result_sd_white",
                                                  "sd_pair_score"])
        self.assertEqual([r.split(",")[1] for r in rows[1:]], ["6000000", "6006000", "6012000"])
        self.assertEqual([r.split(",")[4] for r in rows[1:]], ["1", "2", "0.5"])
        # lines by first appearance in budget order: e2e4 e7e5 = 1, e2e4 c7c5 = 2, d2d4 d7d5 = 3
        self.assertEqual([r.split(",")[5:7] for r in rows[1:]], [["1", "1"], ["2", "1"], ["3", "1"]])
        ps = F["pair_score_by_budget"]
        self.assertEqual(ps["sd_wins"], {"count": 1, "share": 1 / 3})
        self.assertEqual(ps["draws"], {"count": 1, "share": 1 / 3})
        self.assertEqual(ps["sd_loses"], {"count": 1, "share": 1 / 3})
        self.assertEqual(F["score"]["pentanomial_LL_LD_DDWL_WD_WW"], [0, 1, 1, 0, 1])
        self.assertEqual(F["score"]["points"], 3.5)
        self.assertEqual(F["lines"]["distinct"], 3)
        self.assertEqual(F["lines"]["top"][0]["line"], 1)
        self.assertEqual(F["lines"]["top"][0]["budgets"], 3)
        self.assertEqual(F["pgn_timecontrol_mismatches"], 0)
        self.assertEqual(F["pgn_games_with_depths"], 6)

    def test_parting_point(self):
        _, F = node_map.build(self.dir)
        top = F["parting_points"]["top"][0]
        self.assertEqual((top["ply"], top["mover"], top["prefix"], top["games"]), (1, "white", "", 6))
        br = {(b["move"], b["build"]): b for b in top["branches"]}
        self.assertEqual(set(br), {("e2e4", "sd"), ("e2e4", "old"), ("d2d4", "old")})
        self.assertEqual(br[("e2e4", "old")]["games"], 2)
        self.assertEqual(br[("e2e4", "old")]["colour"], "white")
        self.assertEqual(br[("e2e4", "old")]["depths"], "5:2")
        self.assertEqual(br[("e2e4", "old")]["windows"], "6.000–6.006 M")
        self.assertEqual(br[("d2d4", "old")]["windows"], "6.012 M")
        self.assertEqual(br[("d2d4", "old")]["depths"], "6:1")
        self.assertEqual(br[("e2e4", "sd")]["windows"], "6.000–6.012 M")
        # the second parting point: after e2e4, sd as black chose c7c5 at 6.006 M
        second = F["parting_points"]["top"][1]
        self.assertEqual((second["ply"], second["mover"], second["prefix"]), (2, "black", "e2e4"))
        c5 = [b for b in second["branches"] if b["move"] == "c7c5"]
        self.assertEqual([(b["build"], b["games"], b["windows"]) for b in c5], [("sd", 1, "6.006 M")])

    def test_write_check_and_errors(self):
        out = os.path.join(self.dir, "out")
        r = self.run_script("--out", out)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(sorted(os.listdir(out)), ["map.csv", "map.json", "map.md", "map.svg"])
        json.loads(read(os.path.join(out, "map.json")))
        self.assertLess(len(read(os.path.join(out, "map.md")).splitlines()), 60)
        self.assertTrue(read(os.path.join(out, "map.svg")).startswith("<svg"))
        self.assertEqual(self.run_script("--out", out, "--check").returncode, 0)
        with open(os.path.join(out, "map.md"), "a") as f:
            f.write("x\n")
        self.assertEqual(self.run_script("--out", out, "--check").returncode, 1)
        os.remove(os.path.join(self.dir, "games.csv"))
        r = self.run_script("--out", out)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)
        with open(os.path.join(self.dir, "games.csv"), "w") as f:
            f.write(HEADER + "1,1,0,,old,sd,1-0\n")
        r = self.run_script("--out", out)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
