#!/usr/bin/env python3
"""Unit tests of scripts/post2006.py on hand-made cells (games.csv in the real column layout, games.pgn
with `{score/depth CPUs Nn [xF]}` comments).

Run:  python3 scripts/test_post2006.py
"""
import itertools
import json
import math
import os
import random
import sys
import unittest
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "post2006.py")
sys.path.insert(0, HERE)
import post2006  # noqa: E402
from testrows import HEADER, games_row, read, run, tempdir  # noqa: E402

D4 = "c2c4 e7e5 d2d4 e5d4"
C6 = "c2c4 e7e5 d2d4 b8c6"
RESULT = {True: {2: "1-0", 1: "1/2-1/2", 0: "0-1"}, False: {2: "0-1", 1: "1/2-1/2", 0: "1-0"}}
FAST = dict(draws=400, boot=200, inner=10, check_boot=200)  # the build's counts, small for speed


def settings(budget, games=100, jitter="clock_jitter=0.09;game_jitter=0.1"):
    return ("builds=old,sd;node_clock=%d;%s;jitter_seed=1;max_plies=400;hash_bits=24;"
            "openings=startpos.pgn;openings_hash=cf15607d4a9faff1;games=%d;protocol=2" % (budget, jitter, games))


def think(nodes, factor=None):
    return "{+0.01/5 0.010s %dn%s}" % (nodes, "" if factor is None else " x%s" % factor)


class Game:
    """One game of a cell: sd's half-points, sd white or not, the moves, per ply (nodes, factor),
    and nodes a side in games.csv beyond the PGN's (a think lost on time)."""

    def __init__(self, hp, sd_white, moves=D4, thinks=None, extra=(0, 0)):
        self.hp, self.sd_white, self.moves = hp, sd_white, moves
        n = len(moves.split())
        self.thinks = thinks or [(1000, None)] * n
        self.extra = extra  # (sd's, old's) unseen nodes

    def sides(self):
        """{build: nodes in games.csv}."""
        white = sum(t[0] for t in self.thinks[0::2])
        black = sum(t[0] for t in self.thinks[1::2])
        sd, old = (white, black) if self.sd_white else (black, white)
        return {"sd": sd + self.extra[0], "old": old + self.extra[1]}

    def csv(self, number, pair, st):
        w, b = ("sd", "old") if self.sd_white else ("old", "sd")
        n = self.sides()
        return games_row(number, pair, w, b, RESULT[self.sd_white][self.hp], "%g" % (self.hp / 2), self.moves, st,
                         sd_nodes=n["sd"], old_nodes=n["old"])

    def pgn(self, number):
        w, b = ("sd", "old") if self.sd_white else ("old", "sd")
        body = " ".join("m%d %s" % (i, think(*t)) for i, t in enumerate(self.thinks))
        return ('[Event "test"]\n[Round "%d"]\n[White "%s"]\n[Black "%s"]\n[TimeControl "1 nodes"]\n\n%s %s\n\n'
                % (number, w, b, body, RESULT[self.sd_white][self.hp]))


def write_cell(root, sub, budget, pairs, games=100, jitter="clock_jitter=0.09;game_jitter=0.1", tail=""):
    """ROOT/SUB/bBUDGET/ with games.csv and games.pgn of `pairs`: [(old-white game, sd-white game)],
    a None game not played yet; `tail` appended to games.csv (a torn line)."""
    d = os.path.join(root, sub, "b%d" % budget)
    os.makedirs(d, exist_ok=True)
    st = settings(budget, games, jitter)
    rows, pgn = HEADER, ""
    for p, pair in enumerate(pairs, 1):
        for k, g in enumerate(pair):
            if g is not None:
                rows += g.csv(2 * p - 1 + k, p, st)
                pgn += g.pgn(2 * p - 1 + k)
    with open(os.path.join(d, "games.csv"), "w") as f:
        f.write(rows + tail)
    with open(os.path.join(d, "games.pgn"), "w") as f:
        f.write(pgn)
    return d


def pair(hp_old_white, hp_sd_white, moves=D4):
    return (Game(hp_old_white, False, moves), Game(hp_sd_white, True, moves))


def brute(counts, n, target):
    """P(n pairs drawn from `counts` reach `target` half-points), by enumerating every sequence."""
    pop = [i for i, c in enumerate(counts) for _ in range(c)]
    hits = sum(sum(s) >= target for s in itertools.product(pop, repeat=n))
    return Fraction(hits, len(pop) ** n)


def brute_binomial(n, q, k):
    """P(Binomial(n, q) >= k)."""
    return sum(math.comb(n, i) * q ** i * (1 - q) ** (n - i) for i in range(k, n + 1))


class Chance(unittest.TestCase):
    def test_p_reach_against_enumeration(self):
        for counts in ([1, 2, 0, 1, 1], [0, 3, 1, 0, 2], [2, 0, 0, 0, 1]):
            for n in (1, 2, 3, 4):
                for target in range(0, 4 * n + 2):
                    self.assertEqual(post2006.p_reach(counts, n, target), float(brute(counts, n, target)),
                                     (counts, n, target))

    def test_p_reach_of_the_post_against_a_float_convolution(self):
        counts, dist = [3, 9, 26, 8, 4], [1.0]
        q = [c / 50 for c in counts]
        for _ in range(50):  # the pentanomial convolved 50 times, term by term
            nxt = [0.0] * (len(dist) + 4)
            for s, p in enumerate(dist):
                for i, qi in enumerate(q):
                    nxt[s + i] += p * qi
            dist = nxt
        self.assertAlmostEqual(post2006.p_reach(counts, 50, 115), sum(dist[115:]), places=12)

    def test_indices_are_uniform_and_in_range(self):
        rng = random.Random(1)
        idx = post2006.indices(rng, 50, 50000)
        self.assertEqual(len(idx), 50000)
        self.assertEqual(set(idx), set(range(50)))
        self.assertTrue(all(900 < list(idx).count(i) < 1100 for i in range(50)))


class Cells(unittest.TestCase):
    def setUp(self):
        self.dir = tempdir(self, "post2006_test_")

    def build(self, **kw):
        return post2006.build(self.dir, **dict(FAST, **kw))

    def row(self, F, key, budget):
        return next(r for r in F["sets"][key]["cells"] if r["budget"] == budget)

    def test_all_wins_reach_all_draws_do_not(self):
        write_cell(self.dir, "post-2006-15", 6000000, [pair(2, 2)] * 50)   # every pair 2 points
        write_cell(self.dir, "post-2006-15", 6100000, [pair(1, 1)] * 50)   # every pair 1 point
        files, F = self.build()
        self.assertEqual(self.row(F, "fitted-15", 6000000)["p_reach"], 1.0)
        self.assertEqual(self.row(F, "fitted-15", 6100000)["p_reach"], 0.0)
        lines = files[os.path.join("post-2006-15", "chance.csv")].splitlines()
        self.assertEqual(lines[0].split(",")[:18], ["cell", "budget", "games", "pairs", "sd_points", "sd_score", "p0",
                                                    "p1", "p2", "p3", "p4", "delivered", "time_share", "p_reach",
                                                    "p_time", "p_both", "p_reach_lo", "p_reach_hi"])
        cols = lines[0].split(",")
        rows = [dict(zip(cols, l.split(","))) for l in lines[1:]]
        self.assertEqual([r["cell"] for r in rows], ["b6000000", "b6100000", "all"])
        self.assertEqual((rows[0]["budget"], rows[0]["p_reach"], rows[0]["p4"]), ("6000000", "1.000000", "50"))
        self.assertEqual((rows[1]["p_reach"], rows[1]["p2"]), ("0.000000", "50"))
        self.assertEqual((rows[2]["budget"], rows[2]["games"], rows[2]["p_reach"]), ("", "200", "0.500000"))
        self.assertEqual(rows[0]["p_reach_lo"], "")                   # no interval on a cell's row
        lo, hi = float(rows[2]["p_reach_lo"]), float(rows[2]["p_reach_hi"])
        self.assertTrue(0 <= lo <= 0.5 <= hi <= 1, (lo, hi))          # over two cells: 0, 0.5 or 1
        self.assertEqual(F["sets"]["fitted-15"]["p_reach_at_least_5pct"], {"cells": 1, "of": 2, "share": 0.5})
        self.assertEqual(F["sets"]["fitted-15"]["p_reach"]["highest"], {"budget": 6000000, "p": 1.0})

    def test_partial_cell_and_torn_line(self):
        pairs = [pair(1, 2)] * 10 + [(Game(2, False), None)]               # 10 pairs and a lone game
        torn = Game(0, True).csv(22, 11, settings(6000000))[:50]          # the pair's second game, torn
        write_cell(self.dir, "post-2006-15", 6000000, pairs, tail=torn)
        _, F = self.build()
        r = self.row(F, "fitted-15", 6000000)
        self.assertEqual((r["pairs"], r["games"], r["sd_points"], r["complete"]), (10, 20, 15.0, False))
        self.assertEqual([r["p%d" % i] for i in range(5)], [0, 0, 0, 10, 0])
        self.assertEqual(r["p_reach"], 1.0)                                # 1.5 a pair: 75%
        self.assertEqual(F["sets"]["fitted-15"]["budgets_partial"], [6000000])

    def test_a_game_missing_from_the_pgn_drops_its_pair(self):
        d = write_cell(self.dir, "post-2006-15", 6000000, [pair(1, 1)] * 3)
        with open(os.path.join(d, "games.pgn")) as f:
            text = f.read()
        with open(os.path.join(d, "games.pgn"), "w") as f:
            f.write(text[: text.index('[Event "test"]\n[Round "6"]') + 40])  # game 6 torn
        _, F = self.build()
        r = self.row(F, "fitted-15", 6000000)
        self.assertEqual((r["pairs"], r["pairs_without_pgn"]), (2, 1))

    def test_time_share_from_the_factors(self):
        # old white: 4 plies, old's thinks 1000 x1.1000 and 3000 (no factor: 1), sd's 2000 x0.9000 and 1000 x1.0001
        g1 = Game(1, False, thinks=[(1000, "1.1000"), (2000, "0.9000"), (3000, None), (1001, "1.0001")])
        # sd white: sd 5000 x1.2345 (6172.5 -> 6173, half up) and 1000 x0.5; old 4000 x1.0 and then loses on
        # time with 1500 nodes not in the PGN, charged at old's mean factor (1.0 and 1.0: 1500)
        g2 = Game(1, True, thinks=[(5000, "1.2345"), (4000, "1.0000"), (1000, "0.5000"), (0, "1.0000")],
                  extra=(0, 1500))
        write_cell(self.dir, "post-2006-15", 6000000, [(g1, g2)])
        _, F = self.build()
        r = self.row(F, "fitted-15", 6000000)
        sd = 1800 + 1001 + 6173 + 500          # round(2000 x 0.9) + round(1001 x 1.0001) + ...
        old = 1100 + 3000 + 4000 + 0 + 1500
        self.assertEqual((r["sd_charged"], r["old_charged"], r["unseen_thinks"]), (sd, old, 1))
        self.assertEqual(r["time_share"], sd / old - 1)
        self.assertEqual(post2006.charged([(10, 3, 2), None, (20, 1, 1)], 40), (15 + 20 + 13, 10))  # 10 at 1.25

    def test_p_time_against_the_ratio(self):
        # two kinds of pair: sd charged 10% more than old, or 5% less; at 15 s a match reaches +3.6%
        # when its pairs are about half and half or more of the first kind
        two = "c2c4 e7e5"
        more = (Game(1, False, two, [(1000, None), (1100, None)]), Game(1, True, two, [(1100, None), (1000, None)]))
        less = (Game(1, False, two, [(1000, None), (950, None)]), Game(1, True, two, [(950, None), (1000, None)]))
        write_cell(self.dir, "post-2006-15", 6000000, [more] * 25 + [less] * 25)
        _, F = self.build(draws=2000)
        r = self.row(F, "fitted-15", 6000000)
        self.assertEqual(r["time_share"], (25 * 2200 + 25 * 1900) / (50 * 2000) - 1)
        # exact: k pairs of the first kind of 50 (binomial, 1/2): 1000 (2200 k + 1900 (50-k)) >= 1036 * 2000 * 50
        want = sum(Fraction(math.comb(50, k), 2 ** 50) for k in range(51)
                   if 1000 * (2200 * k + 1900 * (50 - k)) >= 1036 * 2000 * 50)
        self.assertTrue(0.1 < want < 0.2, float(want))
        self.assertAlmostEqual(r["p_time"], float(want), delta=0.04)
        self.assertEqual(r["p_both"], 0.0)                         # every pair scores 1 point: never 57.5%

    def test_the_post_figures_themselves_count(self):
        # every pair: sd charged exactly 3.6% more than old (2072 against 2000), 1.5 points
        two = "c2c4 e7e5"
        exact = (Game(2, False, two, [(1000, None), (1036, None)]), Game(1, True, two, [(1036, None), (1000, None)]))
        write_cell(self.dir, "post-2006-15", 6000000, [exact] * 4)
        _, F = self.build()
        r = self.row(F, "fitted-15", 6000000)
        self.assertEqual((r["p_time"], r["p_both"]), (1.0, 1.0))

    def test_drawn_matches_agree_with_the_exact_chance(self):
        # pairs of 1 or 1.5 points, 30% the latter: a match reaches 115 half-points with 15 or more of
        # them (exactly 15 in about 12% of matches)
        write_cell(self.dir, "post-2006-15", 6000000, [pair(1, 2)] * 3 + [pair(1, 1)] * 7)
        _, F = self.build()
        cell = F["sets"]["fitted-15"]["cells"][0]
        self.assertAlmostEqual(cell["p_reach"], float(brute_binomial(50, Fraction(3, 10), 15)), places=12)
        c = post2006.Cell(post2006.PLANS[0], 6000000, [{"hp": hp, "sd_charged": 1, "old_charged": 1}
                                                        for hp in [3] * 3 + [2] * 7])
        reach, _, _ = c.hits(random.Random(1), c.vals, 4000)
        self.assertAlmostEqual(reach / 4000, cell["p_reach"], delta=0.03)

    def test_joint_and_per_think(self):
        write_cell(self.dir, "post-2006-15", 6000000, [pair(2, 2)] * 50)
        write_cell(self.dir, "post-2006-15", 6200000, [pair(2, 2)] * 50)
        write_cell(self.dir, "post-2006-60", 24000000, [pair(2, 2)] * 25, games=50)
        write_cell(self.dir, "post-2006-60", 24800000, [pair(1, 1)] * 25, games=50)
        write_cell(self.dir, "post-2006-60", 25600000, [pair(2, 2)] * 25, games=50)   # its 15 s cell not in
        write_cell(self.dir, os.path.join("startpos-node-jitter", "s0.11"), 6000000, [pair(1, 2)] * 50,
                   jitter="clock_jitter=0.11")
        _, F = self.build()
        J = F["joint"]["fitted"]
        self.assertEqual((J["machines"], J["budgets_15"], J["budgets_60"]), (2, [6000000, 6200000], [24000000, 24800000]))
        self.assertEqual(J["both_scores"]["mean"], 0.5)
        self.assertEqual(F["joint"]["think"]["machines"], 0)
        self.assertEqual(F["sets"]["think-15"]["cells_in"], 1)
        self.assertEqual(F["sets"]["think-15"]["p_reach"]["mean"], 1.0)
        self.assertEqual(F["sets"]["fitted-60"]["cells_planned"], 31)

    def test_wrong_wavering_is_an_error(self):
        write_cell(self.dir, "post-2006-15", 6000000, [pair(1, 1)], jitter="clock_jitter=0.11")
        with self.assertRaises(post2006.Bad):
            self.build()

    def cpu_run(self, nodes_by_block):
        """startpos-scaled-15 with a block of 100 games per entry, every side searching that many nodes;
        sd scores 1 point a pair, and plays e5d4 at ply 4 in 3 of 4 games."""
        d = os.path.join(self.dir, "startpos-scaled-15")
        os.makedirs(d)
        st = "builds=old,sd;tc=15;max_plies=400;hash_bits=24;openings=startpos.pgn;games=1000;protocol=2"
        rows = HEADER
        for k, n in enumerate(nodes_by_block):
            for i in range(100):
                g = 100 * k + i + 1
                w, b = ("old", "sd") if g % 2 else ("sd", "old")
                rows += games_row(g, (g + 1) // 2, w, b, "1/2-1/2", "0.5", C6 if g % 4 == 1 else D4, st,
                                  sd_nodes=n, old_nodes=n)
        with open(os.path.join(d, "games.csv"), "w") as f:
            f.write(rows)

    def test_model_check_maps_blocks_to_the_nearest_cell(self):
        # cell games search their budget exactly (4 thinks of budget/4 a side... here 2 a side of B/2)
        def cell(budget, hp):
            t = [(budget // 2, None)] * 4
            return [(Game(hp, False, thinks=t), Game(hp, True, thinks=t))] * 5
        self.cpu_run([6120000, 6380000])             # blocks at 6.12 M and 6.38 M nodes a side
        write_cell(self.dir, "post-2006-15", 6100000, cell(6100000, 2))
        write_cell(self.dir, "post-2006-15", 6200000, cell(6200000, 0))
        _, F = self.build()
        M = F["model_check"]["fitted"]
        self.assertEqual(M["delivered_median"], 1)
        self.assertEqual([b["cell"] for b in M["blocks"]], [6100000, 6400000])
        self.assertEqual(M["budgets_missing"], [6400000])          # named, not guessed from 6.2 M
        self.assertNotIn("sd_score", M)
        write_cell(self.dir, "post-2006-15", 6400000, cell(6400000, 1))
        _, F = self.build()
        M, C = F["model_check"]["fitted"], F["model_check"]["cpu"]
        self.assertEqual(M["budgets_missing"], [])
        self.assertEqual([u["budget"] for u in M["cells_used"]], [6100000, 6400000])
        self.assertEqual(M["sd_score"], (1.0 + 0.5) / 2)            # 100 games each
        self.assertEqual((C["games"], C["sd_score"], C["e5d4_share"]), (200, 0.5, 0.75))
        self.assertIs(M["score_model_in_cpu_interval"], False)
        self.assertEqual([b["nodes_median"] for b in C["blocks"]], [6120000, 6380000])
        self.assertEqual(F["model_check"]["think"]["missing"], "no cell of " + os.path.join("startpos-node-jitter", "s0.11"))

    def test_no_cells(self):
        files, F = self.build()
        self.assertEqual(files[os.path.join("post-2006-60", "chance.csv")].splitlines()[1],
                         "all,,0,0" + "," * 18)
        self.assertIn("No cell in yet.", files[os.path.join("post-2006-15", "chance.md")])

    def test_write_and_check(self):
        write_cell(self.dir, "post-2006-15", 6000000, [pair(1, 2)] * 5 + [pair(1, 1)] * 5)
        write_cell(self.dir, "post-2006-60", 24000000, [pair(1, 2)] * 3, games=50)
        args = ["--results", self.dir, "--draws", "400", "--boot", "100", "--inner", "10"]
        names = [os.path.join("post-2006-15", n) for n in ("chance.csv", "chance.json", "chance.md", "chance.svg")] + \
                [os.path.join("post-2006-60", "chance.csv")]
        r = run(SCRIPT, *args, "--check")
        self.assertEqual(r.returncode, 1, r.stderr)              # nothing written yet: all stale
        self.assertFalse(any(os.path.exists(os.path.join(self.dir, n)) for n in names))
        r = run(SCRIPT, *args)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(all(os.path.exists(os.path.join(self.dir, n)) for n in names))
        self.assertEqual(json.loads(read(os.path.join(self.dir, names[1])))["sets"]["fitted-15"]["games"], 20)
        self.assertTrue(read(os.path.join(self.dir, names[3])).startswith("<svg"))
        self.assertIn("1 of the planned 61 cells", read(os.path.join(self.dir, names[2])))
        self.assertEqual(run(SCRIPT, *args, "--check").returncode, 0)
        with open(os.path.join(self.dir, names[4]), "a") as f:
            f.write("x\n")
        r = run(SCRIPT, *args, "--check")
        self.assertEqual(r.returncode, 1)
        self.assertIn("post-2006-60", r.stderr)
        self.assertNotIn("chance.json", r.stderr)                 # only the stale file is named
        self.assertTrue(read(os.path.join(self.dir, names[4])).endswith("x\n"))   # --check wrote nothing
        write_cell(self.dir, "post-2006-15", 6100000, [pair(2, 2)] * 2)             # a new cell: stale
        self.assertEqual(run(SCRIPT, *args, "--check").returncode, 1)
        self.assertEqual(run(SCRIPT, *args).returncode, 0)
        self.assertEqual(run(SCRIPT, *args, "--check").returncode, 0)
        self.assertEqual(sorted(os.listdir(os.path.join(self.dir, "post-2006-60"))), ["b24000000", "chance.csv"])

    def test_errors(self):
        r = run(SCRIPT, "--results", os.path.join(self.dir, "missing"))
        self.assertEqual(r.returncode, 2)
        self.assertTrue(r.stderr.startswith("post2006: error: "), r.stderr)
        write_cell(self.dir, "post-2006-15", 6000000, [pair(1, 1)], games=50)   # not the post's match size
        r = run(SCRIPT, "--results", self.dir)
        self.assertEqual(r.returncode, 2)
        self.assertEqual(len(r.stderr.strip().splitlines()), 1, r.stderr)


if __name__ == "__main__":
    unittest.main()
