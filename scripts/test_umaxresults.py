"""Unit tests of scripts/umaxresults.py (run by tests/suite/scripts_any_pairing.rs)."""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

HEADER = (
    "game,pair,opening_id,opening,white,black,result,sdnr_score,termination,plies,sdnr_nodes,"
    "old_nodes,sdnr_cpu_s,old_cpu_s,sdnr_wall_s,old_wall_s,sdnr_depth,old_depth,moves,settings\n"
)
ROW = '1,1,0,e2e4,old,sdnr,1-0,0,checkmate,40,1000,900,0.5,0.4,0.5,0.4,6,5,e2e4 e7e5,"builds=old,sdnr;nodes=5000"\n'


class T(unittest.TestCase):
    def write(self, text):
        fd, path = tempfile.mkstemp(suffix=".csv")
        with os.fdopen(fd, "w") as f:
            f.write(text)
        self.addCleanup(os.remove, path)
        return path

    def test_pairing_and_roles(self):
        g = ur.read_games(self.write(HEADER + ROW))
        self.assertEqual((g.base, g.test), ("old", "sdnr"))
        r = g.rows[0]
        self.assertEqual(r["test_nodes"], 1000)
        self.assertEqual(r["base_nodes"], 900)
        self.assertEqual(r["sdnr_score"], 0)
        self.assertEqual(ur.settings(r)["builds"], "old,sdnr")
        self.assertEqual(g.time_columns(), ["sdnr_cpu_s", "sdnr_wall_s", "old_cpu_s", "old_wall_s"])

    def test_partial_last_line_is_left_out(self):
        g = ur.read_games(self.write(HEADER + ROW + ROW[:20]), quiet=True)
        self.assertEqual(len(g.rows), 1)
        self.assertEqual(g.partial_line, 3)

    def test_default_pairing_without_builds(self):
        self.assertEqual(ur.pairing_of_header(["game", "moves"]), ("old", "sd"))

    def test_elo_of_a_score(self):
        self.assertEqual(ur.elo(0.5), 0)
        self.assertAlmostEqual(ur.elo(0.75), 190.85, places=2)
        self.assertAlmostEqual(ur.elo(0.25), -190.85, places=2)
        self.assertEqual((ur.elo(0.0), ur.elo(1.0)), (float("-inf"), float("inf")))
        self.assertEqual(ur.elo_rounded(0.75), 190.8)
        self.assertEqual([ur.elo_rounded(s) for s in (None, 0, 1)], [None, None, None])

    def test_pentanomial_and_intervals(self):
        rows = [{"pair": p, "test_score": s} for p, s in
                [(1, 1), (1, 0.5), (2, 0), (2, 0), (3, 1), (3, 1), (4, 0.5)]]
        self.assertEqual(ur.pentanomial(rows), ([1, 0, 0, 1, 1], 1))
        e, lo, hi, pm = ur.ptnml_interval([0, 0, 10, 0, 0])  # all pairs drawn: no spread
        self.assertEqual((e, lo, hi, pm), (0, 0, 0, 0))
        e, lo, hi, pm = ur.ptnml_interval([1, 0, 0, 1, 1])
        self.assertTrue(lo < e < hi and pm > 0)
        self.assertIsNone(ur.pair_score_interval([2], 2))
        self.assertEqual(ur.share(1, 3), 1 / 3)  # unrounded: a printed share is rounded once
        self.assertIsNone(ur.share(1, 0))
        i = ur.pair_score_interval([0, 3, 4], 4)  # half-points: mean 7/12
        self.assertEqual(i["score"], 7 / 12)  # unrounded: rounded once, where it is printed
        self.assertEqual(i["elo"], ur.elo_rounded(7 / 12))
        self.assertTrue(i["score_lo"] < i["score"] < i["score_hi"])


if __name__ == "__main__":
    unittest.main()
