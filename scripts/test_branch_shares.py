#!/usr/bin/env python3
"""Unit tests of scripts/branch_shares.py on a hand-made results tree.

The node map: 4 pairs at 6, 7, 8 and 9 M nodes (node_clock 6,000,000, step 1,000,000), its map.json
made by node_map.py; parting points ply 2 (e7e5 / c7c5 after e2e4), ply 3 (d2d4 / g1f3 after
e2e4 e7e5), ply 4 (b8c6 / d7d6 after e2e4 c7c5 g1f3). Three CPU-clock runs whose medians, 8, 7 and
6 M nodes a side, each catch one budget of the map in their +-2.5% window (clock-02 has no
games.pgn); two jitter cells with games and one not played.

Run:  python3 scripts/test_branch_shares.py
"""
import csv
import io
import json
import os
import sys
import unittest
from contextlib import redirect_stderr, redirect_stdout

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "branch_shares.py")
sys.path.insert(0, HERE)
import branch_shares  # noqa: E402
import node_map  # noqa: E402
from testrows import HEADER, games_row, read, run, tempdir  # noqa: E402

A, B = "e2e4 e7e5 g1f3 b8c6", "e2e4 e7e5 d2d4 e5d4"
C, C2 = "e2e4 c7c5 g1f3 d7d6", "e2e4 c7c5 g1f3 b8c6"
E = "e2e4 e7e6 d2d4 d7d5"   # another move at ply 2
# the nodes of the think that chose a move: THINK[move] + the game's number (else 50,000 + game)
THINK = {"e7e5": 1000000, "c7c5": 200000, "g1f3": 300000, "d2d4": 1200000, "d7d6": 150000, "b8c6": 900000}
CPU_ST = "builds=old,sd;tc=15;openings=startpos.pgn;games=%d;protocol=2;tc_nps=7683265;tc_clock=%s"
MAP_ST = "builds=old,sd;node_clock=6000000;node_clock_step=1000000;max_plies=400;openings=startpos.pgn;games=8"
JIT_ST = "builds=old,sd;node_clock=%d;clock_jitter=%s;jitter_seed=1;openings=startpos.pgn;games=100"
# (game, pair, white, moves, sd_nodes, old_nodes); game 2p-1 has old white, 2p sd white
MAP = [(1, 1, "old", C, 5900000, 5700000), (2, 1, "sd", C2, 5900000, 5700000),
       (3, 2, "old", A, 6900000, 6700000), (4, 2, "sd", A, 6900000, 6700000),
       (5, 3, "old", A, 7900000, 7700000), (6, 3, "sd", B, 7900000, 7700000),
       (7, 4, "old", B, 8900000, 8700000), (8, 4, "sd", B, 8900000, 8700000)]
SCALED = [(1, 1, "old", A, 6900000, 7100000), (2, 1, "sd", B, 7000000, 7000000),
          (3, 2, "old", C, 6800000, 7200000), (4, 2, "sd", A, 7050000, 6950000)]   # median 7.0 M
MINUS2 = [(1, 1, "old", B, 8000000, 8000000), (2, 1, "sd", A, 7900000, 8100000)]  # median 8.0 M
PLUS2 = [(1, 1, "old", E, 6000000, 6000000), (2, 1, "sd", C2, 6000000, 6000000)]  # median 6.0 M
J02 = [(1, 1, "old", A, 6900000, 6800000), (2, 1, "sd", C, 6900000, 6800000)]
J005 = [(1, 1, "old", B, 5900000, 5900000), (2, 1, "sd", B, 5900000, 5900000)]


def games_csv(games, st):
    return HEADER + "".join(games_row(g, p, w, "sd" if w == "old" else "old", "1/2-1/2", "0.5", mv, st, sn, on)
                            for g, p, w, mv, sn, on in games)


def games_pgn(games):
    out = []
    for g, p, w, mv, _, _ in games:
        body = " ".join("%s {+0.10/5 0.010s%s%dn}" % (m, "\n" if i == 1 else " ", THINK.get(m, 50000) + g)
                        for i, m in enumerate(mv.split()))  # the second comment wraps over a line
        out.append('[Event "umax match old vs sd"]\n[Round "%d"]\n[White "%s"]\n[Black "%s"]\n'
                   '[Result "1/2-1/2"]\n\n%s 1/2-1/2\n\n' % (g, w, "sd" if w == "old" else "old", body))
    return "".join(out)


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


class BranchShares(unittest.TestCase):
    def setUp(self):
        self.dir = tempdir(self, "branch_shares_test_")
        R = self.res = os.path.join(self.dir, "results")
        nmap = os.path.join(R, "startpos-node-map")
        write(os.path.join(nmap, "games.csv"), games_csv(MAP, MAP_ST))
        write(os.path.join(nmap, "games.pgn"), games_pgn(MAP))
        write(os.path.join(nmap, "map.json"), node_map.build(nmap)[0]["map.json"])
        for d, games, clock in (("startpos-scaled-15", SCALED, "1.171"), ("startpos-clock-sweep/clock+02", PLUS2, "1.195"),
                                ("startpos-clock-sweep/clock-02", MINUS2, "1.148")):
            write(os.path.join(R, d, "games.csv"), games_csv(games, CPU_ST % (2 * len(games), clock)))
            if d != "startpos-clock-sweep/clock-02":
                write(os.path.join(R, d, "games.pgn"), games_pgn(games))
        jit = os.path.join(R, "startpos-node-jitter")
        write(os.path.join(jit, "s0.02", "b7000000", "games.csv"),
              games_csv(J02, JIT_ST % (7000000, "0.02")) + "3,2,0,,old,sd")   # a torn last line
        write(os.path.join(jit, "s0.02", "b7000000", "games.pgn"), games_pgn(J02))
        write(os.path.join(jit, "s0.005", "b6000000", "games.csv"), games_csv(J005, JIT_ST % (6000000, "0.005")))
        os.makedirs(os.path.join(jit, "s0.02", "b8000000"))   # a cell not played yet

    def run_script(self, *args, results=None):
        return run(SCRIPT, "--results", results or self.res, *args)

    def call(self, *args):
        """branch_shares.main in this process (a subprocess costs more than the script): (exit code, stderr)."""
        err = io.StringIO()
        with redirect_stderr(err), redirect_stdout(io.StringIO()):
            try:
                code = branch_shares.main(["--results", self.res] + list(args))
            except SystemExit as e:
                code = e.code
        return code, err.getvalue()

    def outputs(self, out):
        self.assertEqual(self.call("--out", out)[0], 0)
        rows = list(csv.DictReader(io.StringIO(read(os.path.join(out, "branch-shares.csv")))))
        return {(r["kind"], r["for_run"] or r["run"]): r for r in rows}, rows, json.loads(
            read(os.path.join(out, "branch-shares.json"))), read(os.path.join(out, "branch-shares.md"))

    def test_rows(self):
        by, rows, F, md = self.outputs(os.path.join(self.dir, "out"))
        self.assertEqual([(r["kind"], r["run"]) for r in rows], [
            ("cpu", "clock-02"), ("node-map window", "startpos-node-map"), ("cpu", "startpos-scaled-15"),
            ("node-map window", "startpos-node-map"), ("cpu", "clock+02"), ("node-map window", "startpos-node-map"),
            ("cpu all", "all CPU-clock runs"), ("node-map all", "startpos-node-map"),
            ("jitter", "s0.005/b6000000"), ("jitter", "s0.02/b7000000")])   # in order of the clock
        self.assertEqual([(p["ply"], p["mover"], p["prefix"], p["moves"]) for p in F["parting_points"]], [
            (2, "black", "e2e4", ["e7e5", "c7c5"]), (3, "white", "e2e4 e7e5", ["d2d4", "g1f3"]),
            (4, "black", "e2e4 c7c5 g1f3", ["b8c6", "d7d6"])])
        self.assertEqual(F["parting_points_from"], "map.json")
        s = by[("cpu", "startpos-scaled-15")]
        self.assertEqual((s["clock_s"], s["games"], s["pgn_games"], s["nodes_median"]), ("1.171", "4", "4", "7000000"))
        self.assertEqual([s[k] for k in ("ply2_games", "ply2_games_old", "ply2_games_sd", "ply2_e7e5", "ply2_e7e5_share",
                                         "ply2_e7e5_share_old", "ply2_e7e5_share_sd", "ply2_e7e5_think_nodes",
                                         "ply2_c7c5", "ply2_c7c5_share", "ply2_c7c5_share_sd", "ply2_c7c5_think_nodes",
                                         "ply2_other")],
                         ["4", "2", "2", "3", "0.75", "1.0", "0.5", "1000002", "1", "0.25", "0.5", "200003", "0"])
        self.assertEqual([s[k] for k in ("ply3_games", "ply3_games_old", "ply3_g1f3_share", "ply3_g1f3_share_sd",
                                         "ply3_d2d4_share", "ply3_g1f3_think_nodes", "ply3_d2d4_think_nodes")],
                         ["3", "1", str(2 / 3), "0.5", str(1 / 3), "300002.5", "1200002"])  # shares unrounded
        self.assertEqual([s[k] for k in ("ply4_games", "ply4_games_old", "ply4_d7d6_share", "ply4_b8c6_share",
                                         "ply4_b8c6_share_old", "ply4_d7d6_share_sd")], ["1", "0", "1.0", "0.0", "", "1.0"])
        w = by[("node-map window", "startpos-scaled-15")]   # 7.0 M +- 2.5%: the budget 7 M, both games A
        self.assertEqual([w[k] for k in ("budget_lo", "budget_hi", "budgets", "games", "nodes_median", "ply2_e7e5_share",
                                         "ply3_g1f3_share", "ply3_g1f3_think_nodes", "ply4_games", "ply4_d7d6_share")],
                         ["6825000", "7175000", "1", "2", "6800000", "1.0", "1.0", "300003.5", "0", ""])
        m2 = by[("cpu", "clock-02")]   # no games.pgn: no think nodes
        self.assertEqual([m2[k] for k in ("pgn_games", "nodes_median", "ply2_e7e5_share", "ply2_e7e5_think_nodes")],
                         ["0", "8000000", "1.0", ""])
        self.assertEqual([by[("node-map window", "clock-02")][k] for k in ("budget_lo", "budget_hi", "ply3_d2d4_share")],
                         ["7800000", "8200000", "0.5"])
        p2 = by[("cpu", "clock+02")]
        self.assertEqual([p2[k] for k in ("ply2_games", "ply2_c7c5_share", "ply2_c7c5_share_old", "ply2_other",
                                          "ply2_other_share")], ["2", "0.5", "1.0", "1", "0.5"])
        self.assertEqual(by[("node-map window", "clock+02")]["ply2_c7c5_share"], "1.0")
        pooled = by[("cpu all", "all CPU-clock runs")]
        self.assertEqual([pooled[k] for k in ("games", "ply2_e7e5_share", "ply2_c7c5_share", "ply2_other_share",
                                              "ply2_c7c5_think_nodes")], ["8", "0.625", "0.25", "0.125", "200002.5"])
        a = by[("node-map all", "startpos-node-map")]
        self.assertEqual([a[k] for k in ("budget_lo", "budget_hi", "budgets", "nodes_median", "ply2_e7e5_share",
                                          "ply2_e7e5_think_nodes", "ply3_d2d4", "ply3_g1f3", "ply4_b8c6_share")],
                         ["6000000", "9000000", "4", "7300000", "0.75", "1000005.5", "3", "3", "0.5"])
        j = by[("jitter", "s0.02/b7000000")]   # the torn line is left out
        self.assertEqual([j[k] for k in ("sigma", "budget_lo", "games", "ply2_c7c5_share", "ply2_c7c5_think_nodes")],
                         ["0.02", "7000000", "2", "0.5", "200002"])
        self.assertEqual(F["node_map_minor_budgets"]["2"], {"move": "c7c5", "min": 6000000, "max": 6000000})
        self.assertEqual(len(F["rows"]), 10)

    def test_answer(self):
        _, _, F, md = self.outputs(os.path.join(self.dir, "out"))
        self.assertEqual(F["answer"], (
            "At the nodes the CPU-clock runs delivered (medians 6.00 M–8.00 M a side over 3 runs), the node clock, "
            "over the budgets within ±2.5% of each run's median, plays e7e5 at ply 2 in every game reaching it in 2 of "
            "the 3 windows, c7c5 in every game in 1; the CPU-clock runs played c7c5 there in 0.0%–50.0% of the games "
            "reaching it (25.0% of all 8). Against the node clock at its nodes a side, 1 of the 3 runs played c7c5 "
            "more often, 1 less often, 1 as often. On both clocks the think that chose c7c5 searched fewer nodes "
            "than the one that chose e7e5: medians 0.20 M vs 1.00 M over all CPU-clock runs, 0.20 M vs 1.00 M over "
            "the node map's budgets. The node clock plays c7c5 at ply 2 only at a budget of 6.000 M; 1 of the 3 "
            "CPU-clock runs played both moves at their one nominal clock. At ply 3 the CPU-clock runs played g1f3 "
            "in 50.0%–66.7% of the games reaching it, and no window of the node clock at their nodes a side has 20 "
            "games there. At ply 4 the CPU-clock runs played d7d6 in 0.0%–100.0% of the games reaching it, and no "
            "window of the node clock at their nodes a side has 20 games there. On the jittered node clock, the cells nearest each run's median play c7c5 at ply 2 in 0.0% "
            "(σ 0.005), 50.0% (σ 0.02)."))
        self.assertTrue(md.startswith("# Branch shares"))
        self.assertIn(F["answer"], md)
        # the nearest jitter cells follow each run's window in the md
        self.assertIn("| jitter σ 0.02, 7.000 M | 6.85 M | 2 | 50.0% (0.0% / 100.0%) | 50.0% (100.0% / 0.0%) | 0 | "
                      "1.00 M | 0.20 M |", md)

    def test_parting_points_from_the_games(self):
        write(os.path.join(self.res, "startpos-node-map", "map.json"), '{"run": "startpos-node-map"}\n')
        _, _, F, _ = self.outputs(os.path.join(self.dir, "out"))
        self.assertEqual(F["parting_points_from"], "the node map's games")
        self.assertEqual([(p["ply"], p["prefix"], p["moves"]) for p in F["parting_points"]], [
            (2, "e2e4", ["e7e5", "c7c5"]), (3, "e2e4 e7e5", ["d2d4", "g1f3"]), (4, "e2e4 c7c5 g1f3", ["b8c6", "d7d6"])])

    def test_write_check_and_no_temp_files(self):
        out = os.path.join(self.dir, "out")
        names = ["branch-shares.csv", "branch-shares.json", "branch-shares.md"]
        self.assertEqual(self.call("--out", out, "--check")[0], 1)
        self.assertFalse(os.path.exists(out))   # --check writes nothing
        r = self.run_script("--out", out)       # the script itself, once
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("wrote branch-shares.csv, branch-shares.json, branch-shares.md", r.stdout)
        self.assertEqual(sorted(os.listdir(out)), names)
        self.assertEqual(self.call("--out", out, "--check")[0], 0)
        with open(os.path.join(out, "branch-shares.md"), "a") as f:
            f.write("x\n")
        code, err = self.call("--out", out, "--check")
        self.assertEqual(code, 1)
        self.assertIn("branch-shares.md", err)
        self.assertNotIn("branch-shares.csv", err)
        self.assertEqual(self.call("--out", out)[0], 0)
        self.assertEqual(self.call("--out", out, "--check")[0], 0)
        self.assertEqual(sorted(os.listdir(out)), names)
        # the default OUT is RESULTS/startpos-node-map
        self.assertEqual(self.call()[0], 0)
        self.assertEqual(self.call("--check")[0], 0)
        self.assertEqual(sorted(os.listdir(os.path.join(self.res, "startpos-node-map"))),
                         names + ["games.csv", "games.pgn", "map.json"])

    def test_errors(self):
        out = os.path.join(self.dir, "out")
        r = self.run_script("--out", out, results=os.path.join(self.dir, "missing"))   # the script itself, once
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertEqual(r.stderr.strip().splitlines(), ["branch_shares.py: no directory %s" % os.path.join(
            self.dir, "missing")])
        nmap, scaled = os.path.join(self.res, "startpos-node-map"), os.path.join(self.res, "startpos-scaled-15")
        good_json, good_scaled, good_map = (read(os.path.join(nmap, "map.json")), read(os.path.join(scaled, "games.csv")),
                                            read(os.path.join(nmap, "games.csv")))
        for path, text in ((os.path.join(nmap, "map.json"), None), (os.path.join(nmap, "map.json"), "{"),
                           (os.path.join(nmap, "map.json"), '{"parting_points": {"top": [{"ply": 3}]}}'),
                           (os.path.join(scaled, "games.csv"), None),
                           (os.path.join(scaled, "games.csv"), good_scaled.replace("game,pair", "gme,pair")),
                           (os.path.join(scaled, "games.csv"), good_scaled.replace(",7000000,", ",,")),
                           (os.path.join(scaled, "games.csv"), good_scaled.replace("sd_", "sdnr_")),
                           (os.path.join(nmap, "games.csv"), good_map.replace("node_clock=", "nodes="))):
            os.remove(path)
            if text is not None:
                write(path, text)
            code, err = self.call("--out", out)
            self.assertEqual(code, 2, (path, text, err))
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertNotIn("Traceback", err)
            self.assertFalse(os.path.exists(out))
            write(os.path.join(nmap, "map.json"), good_json)
            write(os.path.join(scaled, "games.csv"), good_scaled)
            write(os.path.join(nmap, "games.csv"), good_map)
        self.assertEqual(self.call("--out", out)[0], 0)


if __name__ == "__main__":
    unittest.main()
