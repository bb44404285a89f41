"""Shared set-up of the unit tests of the games.csv readers; imported by scripts/test_node_map.py,
scripts/test_node_jitter.py and scripts/test_branch_shares.py.

HEADER is games.csv's header of an old-vs-sd match and games_row one of its rows; tempdir makes a
test's temporary directory, run runs a script in a subprocess and read reads a file.
"""
import shutil
import subprocess
import sys
import tempfile

HEADER = ("game,pair,opening_id,opening,white,black,result,sd_score,termination,plies,sd_nodes,old_nodes,"
          "sd_cpu_s,old_cpu_s,sd_wall_s,old_wall_s,sd_depth,old_depth,moves,settings\n")


def games_row(game, pair, white, black, result, sd_score, moves, settings, sd_nodes=1, old_nodes=1):
    """One games.csv row under HEADER: sd_score written with %s, the plies counted from `moves`."""
    return '%d,%d,0,,%s,%s,%s,%s,threefold,%d,%d,%d,0.1,0.1,0.1,0.1,5,5,%s,"%s"\n' % (
        game, pair, white, black, result, sd_score, len(moves.split()), sd_nodes, old_nodes, moves, settings)


def tempdir(test, prefix):
    """A temporary directory removed when `test` (a unittest.TestCase) ends."""
    path = tempfile.mkdtemp(prefix=prefix)
    test.addCleanup(shutil.rmtree, path)
    return path


def run(script, *args):
    """`script` run by this Python with `args`, its output captured as text."""
    return subprocess.run([sys.executable, script] + list(args), capture_output=True, text=True)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()
