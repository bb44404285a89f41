#!/usr/bin/env python3
"""How likely was the 2006 post's result? The chance of its figures on the node clock with wavering.

Muller's 2006 forum post: self-deepening IID (`sd`) beat conventional IID (`old`) 57.5-42.5 in 100
games at 15 s a game, sd using 3.6% more time, and 26.5-23.5 in 50 games at 60 s, sd using 2.8%
less time. `scripts/post2006-queue.sh` plays one match of the post's size at each budget of a grid
(the 2006 machine's speed is unknown), from the initial position, on the node clock with the
wavering fitted to the CPU clock (each think's factor (1+d)(1+e): d the game's, shared by both
sides, e the think's own; `results/clock-jitter/wavering.md`):
  RESULTS/post-2006-15/bB/        B = 6.0 to 12.0 M nodes a side, 0.1 M apart (61 cells, 50 pairs)
  RESULTS/post-2006-60/bB/        B = 24 to 48 M, 0.8 M apart (31 cells, 25 pairs); the 60 s cell
                                  at B belongs to the same machine as the 15 s cell at B/4
  RESULTS/post-2006-60-think/bB/  the 60 s cells under per-think wavering only (sigma 0.11)
  RESULTS/startpos-node-jitter/s0.11/bB/  the 15 s cells under per-think wavering only (21 cells,
                                  6.0 to 12.0 M by 0.3 M; every one of them draws seeds 1-50)
Any subset of the cells may be on disk, a cell still being played too: only its complete pairs
count (both games in games.csv, umaxresults.read_match dropping a torn last line, and both in
games.pgn with a comment for every move).

Per cell: sd's points and score, the pentanomial (pairs by sd's points 0, 0.5, 1, 1.5, 2), the
delivered nodes (the mean over game sides of nodes / budget), sd's time share (sum over the games
of sd's charged nodes / old's - 1; a think's charge is round(N F), N its nodes and F the `xF` of its
PGN comment, 1 when absent; a think the PGN does not show, the one a side lost on time with, is
its side's nodes in games.csv less those of its comments, charged at the mean F of the side's
other thinks in the game), and the chances of a match of the post's size whose pairs are drawn
from the cell's pairs:
  p_reach  sd scores at least the post's score (115 of 200 half-points; 53 of 100): exact, the
           pentanomial distribution convolved (integer counts, powers of a polynomial)
  p_time   sd's time share is at least +3.6% (15 s) or at most -2.8% (60 s): DRAWS matches drawn
           (seeded per cell); as 1000 sd >= 1036 old (15 s), 1000 sd <= 972 old (60 s), exactly
  p_both   both at once, in the same matches
Over the grid, each budget equally likely: the mean of each over the cells present, with a 95%
percentile interval from BOOT resamples of the grid over budgets and pairs: each cell's pairs are
resampled BOOT times (p_reach recomputed exactly, p_time and p_both from INNER matches of each
resample), and a grid resample draws the cells with replacement and, for each, one of its pair
resamples at random; the highest cell; the share of the cells with p_reach >= 5%. Joint, for one machine: the
15 s match at B and the 60 s match at 4B are independent, so the chance of both is the product,
averaged over the machines whose two cells are in (same bootstrap, by machine). All of it again
for the per-think-only cells, side by side.

The model check against the one real clock, RESULTS/startpos-scaled-15 (CPU clock, 1,000 games,
10 blocks of 100 by game number = [Round]): each block's nodes a side (the median over its games'
sides) divided by the model's delivered fraction (the median over the model's 15 s game sides of
nodes / budget, a median as the block's) is a budget; the nearest planned cell of the grid stands
for the block, and the model predicts the games-weighted mean over the blocks of those cells' sd
score and share of e5d4 at ply 4 after c2c4 e7e5 d2d4 (against b8c6), with a 95% interval from
CHECK_BOOT resamples of the used cells' pairs, against the CPU run's (the pentanomial interval for
the score, a resample of its pairs for the share). A block whose cell is not in yet is named, not
guessed.

Writes (each file whole, through a temporary name and a rename):
  RESULTS/post-2006-15/chance.csv   a row per cell (p_reach, p_time, p_both), then `all`: the grid
                                    means and their intervals (`umax reproduce` reads cell, budget,
                                    games, p_reach, p_reach_lo, p_reach_hi)
  RESULTS/post-2006-60/chance.csv   the same at 60 s
  RESULTS/post-2006-15/chance.json  everything: the cells and summaries of the four sets, the
                                    joint chances, the model check, the parameters
  RESULTS/post-2006-15/chance.md    short tables of the same
  RESULTS/post-2006-15/chance.svg   p_reach against the budget, fitted model and per-think only
Run:   scripts/post2006.py [--results DIR] [--check] [--draws DRAWS] [--boot BOOT] [--inner INNER]
       (defaults 4000, 1000, 50; about a minute for all the planned cells)
--check writes nothing: exit 1 naming the files that differ from what would be written, else 0.
A missing RESULTS or a malformed cell is a one-line error and exit 2.
"""
import argparse
import csv
import io
import os
import random
import re
import statistics
import sys
from collections import defaultdict
from fractions import Fraction
from itertools import accumulate
from operator import mul

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "report"))
from formatting import elo_or_na, fixed, pct  # noqa: E402
import node_map as nm  # noqa: E402  (json_text, esc)
import umaxresults as ur  # noqa: E402  (read_match, the PGN's patterns, median, Elo, pentanomial interval, writing)

NAME = "post2006"
Bad = ur.Bad
DRAWS = 4000        # matches drawn per cell for p_time and p_both
BOOT = 1000         # resamples of the grid (cells and their pairs)
INNER = 50          # matches drawn per resampled cell inside the grid's bootstrap
CHECK_BOOT = 2000   # resamples of the model check
LOW = 0.05          # the share of cells whose p_reach is at least this
PREFIX = ("c2c4", "e7e5", "d2d4")   # the model check's branch point (ply 4, Black to move)
MAJOR, MINOR = "e5d4", "b8c6"
CPU_RUN, BLOCK = "startpos-scaled-15", 100
THINK_SEEDS_NOTE = ("the per-think-only 15 s cells (startpos-node-jitter/s0.11) all draw their jitter from "
                    "seeds 1-50, so they are not independent of one another (the grid's bootstrap treats "
                    "them as if they were); the post-2006 cells each draw their own seeds")


class Post:
    """One of the post's two matches, its figures in integers."""

    def __init__(self, seconds, games, target_hp, time_permille, time_sign, points, time):
        self.seconds, self.games, self.pairs = seconds, games, games // 2
        self.target_hp = target_hp          # sd's half-points needed (of 2 games)
        self.time_permille = time_permille  # sd's charge against old's, per mille, at the post's figure
        self.time_sign = time_sign          # +1: at least that (more time), -1: at most (less time)
        self.points, self.time = points, time

    def facts(self):
        return {"seconds": self.seconds, "games": self.games, "pairs": self.pairs, "sd_points": self.points,
                "sd_score": self.points / self.games, "target_half_points": self.target_hp,
                "time_share": self.time, "time_test": "1000 x sd's charged nodes %s %d x old's" % (
                    ">=" if self.time_sign > 0 else "<=", self.time_permille)}


POSTS = {15: Post(15, 100, 115, 1036, +1, 57.5, 0.036), 60: Post(60, 50, 53, 972, -1, 26.5, -0.028)}


class Plan:
    """A set of cells: a model at one of the post's clocks."""

    def __init__(self, key, model, seconds, path, budgets, jitter):
        self.key, self.model, self.seconds, self.path = key, model, seconds, path
        self.budgets, self.jitter, self.post = tuple(budgets), jitter, POSTS[seconds]


FITTED = {"clock_jitter": 0.09, "game_jitter": 0.1}
THINK = {"clock_jitter": 0.11, "game_jitter": None}
PLANS = [
    Plan("fitted-15", "fitted", 15, "post-2006-15", range(6000000, 12000001, 100000), FITTED),
    Plan("fitted-60", "fitted", 60, "post-2006-60", range(24000000, 48000001, 800000), FITTED),
    Plan("think-15", "think", 15, os.path.join("startpos-node-jitter", "s0.11"), range(6000000, 12000001, 300000), THINK),
    Plan("think-60", "think", 60, "post-2006-60-think", range(24000000, 48000001, 800000), THINK),
]
MODELS = {"fitted": "fitted wavering (think 0.09, game 0.1)", "think": "per-think only (sigma 0.11)"}


# ---------------------------------------------------------------------------------------------- reading

def find_cells(root):
    """[(budget, dir)] of ROOT/b<B>/ directories whose games.csv holds a complete line after its header."""
    if not os.path.isdir(root):
        return []
    out = []
    try:
        names = sorted(os.listdir(root))
    except OSError as e:
        raise Bad("cannot list %s: %s" % (root, e.strerror or e))
    for b in names:
        d = os.path.join(root, b)
        path = os.path.join(d, "games.csv")
        if re.fullmatch(r"b\d+", b) and os.path.isfile(path):
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError as e:
                raise Bad("cannot read %s: %s" % (path, e.strerror or e))
            if data[: data.rfind(b"\n") + 1].count(b"\n") >= 2:
                out.append((int(b[1:]), d))
    return sorted(out)


# A move's comment: a think `score/depth CPUs Nn [overrun] [cut] [xF]` or `book...`; any other
# comment (the termination's) is not a move's.
_THINK = re.compile(r"\S*/\d+ [\d.]+s (\d+)n\b(.*)")
_FACTOR = re.compile(r"(?:^| )x(\d+)\.(\d+)(?= |$)")


def pgn_thinks(run, games):
    """game number -> per ply (nodes, F's numerator, F's denominator) of each think (F the think's
    factor, 1 without `xF`), None for a book move, from RUN/games.pgn, for the games whose comments
    count their moves (others: a game being written, left out), read by umaxresults.pgn_games."""
    text = ur.read_or_none(os.path.join(run, "games.pgn"), errors="replace") or ""
    want = {g["game"]: len(g["moves"]) for g in games}
    out = {}
    for n, _, body in ur.pgn_games(text):
        if n not in want:
            continue
        thinks = []
        for c in re.findall(r"\{([^}]*)\}", body):
            c = " ".join(c.split())
            t = _THINK.match(c)
            if t:
                f = _FACTOR.search(t.group(2))
                den = 10 ** len(f.group(2)) if f else 1
                thinks.append((int(t.group(1)), int(f.group(1)) * den + int(f.group(2)) if f else 1, den))
            elif c.startswith("book"):
                thinks.append(None)
        if len(thinks) == want[n]:
            out[n] = thinks
    return out


def charged(thinks, nodes):
    """(charged nodes, unseen) of one side of a game: its thinks' round(N F) (F = num / den as
    printed, rounded half up in integers, as the Rust's f64::round), and `nodes` (games.csv) less
    the thinks' nodes (the think the side lost on time with, not a move of the PGN), charged at the
    mean factor of the side's thinks. unseen: that think's nodes (0 for none)."""
    ts = [t for t in thinks if t]
    total = sum((2 * n * num + den) // (2 * den) for n, num, den in ts)
    unseen = nodes - sum(t[0] for t in ts)
    if unseen < 0:
        raise Bad("the PGN's thinks count %d nodes, games.csv %d" % (nodes - unseen, nodes))
    if unseen:
        f = sum(Fraction(num, den) for _, num, den in ts) / len(ts) if ts else 1
        total += int(unseen * f + Fraction(1, 2))
    return total, unseen


def ply4(g):
    """The move at ply 4 of a game through PREFIX (None for a game that does not reach it)."""
    if g["moves"][:3] != PREFIX:
        return None
    return g["moves"][3] if len(g["moves"]) > 3 else ur.END


def read_cell(plan, budget, d):
    """The complete pairs of one cell: dicts of sd's half-points (hp), sd's and old's charged nodes,
    the four sides' nodes, the ply-4 moves; and the cell's jitter seed, unseen-think count and the
    pairs left out for an incomplete PGN."""
    base, test, games = ur.read_match(d, node_clock=True)
    path = os.path.join(d, "games.csv")
    if (base, test) != ("old", "sd"):
        raise Bad("%s: builds %s,%s, not old,sd" % (path, base, test))
    seeds = set()
    for g in games:
        st = ur.settings(g["settings"])
        where = "%s game %d" % (path, g["game"])
        try:
            jitter = {k: float(st[k]) if k in st else None for k in plan.jitter}
            seeds.add(int(st["jitter_seed"]))
        except (KeyError, ValueError):
            raise Bad("%s: settings name no readable jitter (%s)" % (where, g["settings"]))
        if g["budget"] != budget or st.get("node_clock_step", "0") != "0":
            raise Bad("%s: node_clock=%s, the directory b%d" % (where, st.get("node_clock"), budget))
        if st.get("games") != str(plan.post.games):
            raise Bad("%s: a match of %s games, the post's is of %d" % (where, st.get("games"), plan.post.games))
        if jitter != plan.jitter:
            raise Bad("%s: wavering %s, the %s cells' %s" % (where, jitter, plan.key, plan.jitter))
    thinks = pgn_thinks(d, games)
    pairs, no_pgn, unseen = [], 0, 0
    for p, gs in ur.complete_pairs(games, "old", "sd", path):
        if any(g["game"] not in thinks for g in gs):
            no_pgn += 1
            continue
        ch = {"sd": 0, "old": 0}
        for g in gs:
            th = thinks[g["game"]]
            for side, colour_thinks in ((g["white"], th[0::2]), (g["black"], th[1::2])):
                try:
                    c, u = charged(colour_thinks, int(g[side + "_nodes"]))
                except (Bad, ValueError) as e:
                    raise Bad("%s game %d, %s: %s" % (path, g["game"], side, e))
                ch[side] += c
                unseen += u > 0
        pairs.append({"pair": p, "hp": sum(g["hp"] for g in gs), "sd_charged": ch["sd"], "old_charged": ch["old"],
                      "nodes": [int(g[s + "_nodes"]) for g in gs for s in ("sd", "old")],
                      "ply4": [ply4(g) for g in gs]})
    return pairs, (seeds.pop() if len(seeds) == 1 else sorted(seeds)), no_pgn, unseen


# ---------------------------------------------------------------------------------------------- chances

def p_reach(counts, n, target):
    """P(n pairs drawn with replacement from the pentanomial `counts` (pairs by sd's half-points
    0..4) score at least `target` half-points), exactly, in integers: the coefficients of C(x)^k,
    C(x) = sum counts[i] x^i, count the ways to each total of k pairs among m^k (m pairs). C^k is
    one integer power of C evaluated at x = 2^b, b wide enough that no coefficient (at most m^k)
    reaches into the next. Two half powers, k = n // 2 and n - k, and the ways to reach the target
    are sum over i of a[i] times the ways of the other half to at least target - i."""
    m = sum(counts)
    if m == 0:
        return None

    def coefficients(k):
        width = ((m ** k).bit_length() + 8) // 8  # bytes a coefficient, and one bit to spare
        x = sum(c << (8 * width * i) for i, c in enumerate(counts))
        raw = (x ** k).to_bytes(width * (4 * k + 1), "little")
        return [int.from_bytes(raw[i * width:(i + 1) * width], "little") for i in range(4 * k + 1)]

    a = coefficients(n // 2)
    c = a if n - n // 2 == n // 2 else coefficients(n - n // 2)
    at_least = list(accumulate(reversed(c)))[::-1]  # at_least[j]: the other half's ways to j or more
    t = max(target, 0)
    ways = at_least[0] * sum(a[t:])  # from t on, any total of the other half will do
    lo, hi = max(0, t - len(c) + 1), min(t, len(a))  # below t, those where the other half can make it up
    ways += sum(map(mul, a[lo:hi], at_least[t - hi + 1:t - lo + 1][::-1]))
    return float(Fraction(ways, m ** n))


_BYTES = {}


def indices(rng, m, k):
    """k indices drawn uniformly from range(m): bytes for m <= 256 (random bytes below the largest
    multiple of m, each taken modulo m: a few C calls instead of k Python ones), else a list."""
    if m > 256:
        return [rng.randrange(m) for _ in range(k)]
    if m not in _BYTES:
        _BYTES[m] = (bytes(i % m for i in range(256)), bytes(range(256 - 256 % m, 256)))
    table, drop = _BYTES[m]
    out = b""
    while len(out) < k:
        out += rng.randbytes(k - len(out) + 8).translate(table, drop)
    return out[:k]


class Cell:
    """A cell's pairs packed for drawing matches: a pair is hp S + e, e = 1000 sd - P old + off
    (P the post's per mille, off making e >= 0), so that one sum of n packed pairs gives the
    match's half-points (// S) and its time test (% S - n off, against 0) at once."""

    def __init__(self, plan, budget, pairs):
        self.plan, self.budget, self.pairs, self.post = plan, budget, pairs, plan.post
        d = [1000 * p["sd_charged"] - self.post.time_permille * p["old_charged"] for p in pairs]
        self.off = max(0, -min(d))
        self.S = self.post.pairs * (max(d) + self.off) + 1
        self.vals = [p["hp"] * self.S + x + self.off for p, x in zip(pairs, d)]
        self.pool = None

    def hits(self, rng, vals, k):
        """(reach, time, both): how many of k matches of the post's size, drawn from `vals` (this
        cell's packed pairs or a resample of them), reach the post's score, its time figure, both."""
        n, S, post = self.post.pairs, self.S, self.post
        noff, target, sign = n * self.off, post.target_hp, post.time_sign
        idx, get = indices(rng, len(vals), n * k), vals.__getitem__
        reach = time = both = 0
        for i in range(0, n * k, n):
            hp, e = divmod(sum(map(get, idx[i:i + n])), S)
            r = hp >= target
            t = (e - noff) * sign >= 0
            reach += r
            time += t
            both += r and t
        return reach, time, both

    def counts(self, vals):
        c = [0] * 5
        for v in vals:
            c[v // self.S] += 1
        return c

    def resamples(self, boot, inner):
        """`boot` resamples of the cell's pairs (drawn with replacement, seeded by the cell), each
        as its (p_reach exact, p_time and p_both from `inner` matches); computed once, for the
        grid's bootstrap and the joint one."""
        if self.pool is None:
            rng, cache, self.pool = random.Random("pairs/%s/%d" % (self.plan.key, self.budget)), {}, []
            for _ in range(boot):
                vals = [self.vals[i] for i in indices(rng, len(self.vals), len(self.vals))]
                key = tuple(self.counts(vals))
                if key not in cache:
                    cache[key] = p_reach(key, self.post.pairs, self.post.target_hp)
                _, t, b = self.hits(rng, vals, inner)
                self.pool.append((cache[key], t / inner, b / inner))
        return self.pool


def cell_facts(plan, budget, pairs, seed, no_pgn, unseen, draws):
    """The cell's row (and its packed pairs)."""
    cell = Cell(plan, budget, pairs)
    post, m = plan.post, len(pairs)
    hp = sum(p["hp"] for p in pairs)
    sd_ch, old_ch = sum(p["sd_charged"] for p in pairs), sum(p["old_charged"] for p in pairs)
    nodes = [n for p in pairs for n in p["nodes"]]
    moves = [mv for p in pairs for mv in p["ply4"] if mv is not None]
    # seeded by the cell's name, so a cell's numbers do not change as other cells arrive
    _, time, both = cell.hits(random.Random("%s/%d" % (plan.key, budget)), cell.vals, draws)
    counts = cell.counts(cell.vals)
    row = {"cell": "b%d" % budget, "budget": budget, "games": 2 * m, "pairs": m, "planned_pairs": post.pairs,
           "complete": m == post.pairs, "sd_points": hp / 2, "sd_score": hp / (4 * m),
           "p0": counts[0], "p1": counts[1], "p2": counts[2], "p3": counts[3], "p4": counts[4],
           "delivered": sum(nodes) / (len(nodes) * budget), "time_share": sd_ch / old_ch - 1,
           "sd_charged": sd_ch, "old_charged": old_ch, "unseen_thinks": unseen, "pairs_without_pgn": no_pgn,
           "jitter_seed": seed, "ply4_reaching": len(moves), MAJOR: moves.count(MAJOR), MINOR: moves.count(MINOR),
           MAJOR + "_share": ur.share(moves.count(MAJOR), len(moves)),
           "p_reach": p_reach(counts, post.pairs, post.target_hp), "p_time": time / draws, "p_both": both / draws}
    return row, cell


def percentile_interval(xs):
    """The 2.5% and 97.5% points of `xs` (statistics.quantiles, inclusive)."""
    if len(xs) < 2:
        return None, None
    q = statistics.quantiles(xs, n=40, method="inclusive")
    return q[0], q[-1]


def boot_units(units, boot, inner, seed):
    """The 95% percentile intervals of the mean over `units` of each unit's (p_reach, p_time, p_both),
    a unit's being the product of its cells' (a grid's unit is one cell; a machine's, its 15 s and
    60 s cells, two independent matches): `boot` times, the units drawn with replacement and, for
    each drawn cell, one of its pair resamples (Cell.resamples) drawn at random."""
    rng = random.Random(seed)
    means = ([], [], [])
    U = len(units)
    for _ in range(boot):
        tot = [0.0, 0.0, 0.0]
        for _ in range(U):
            prod = [1.0, 1.0, 1.0]
            for c in units[rng.randrange(U)]:
                pool = c.resamples(boot, inner)
                r, t, b = pool[rng.randrange(len(pool))]
                prod = [prod[0] * r, prod[1] * t, prod[2] * b]
            tot = [a + b for a, b in zip(tot, prod)]
        for i in range(3):
            means[i].append(tot[i] / U)
    return [percentile_interval(xs) for xs in means]


KINDS = ("p_reach", "p_time", "p_both")


def mean_of(units, rows):
    """The mean over units of the product of their cells' (p_reach, p_time, p_both)."""
    out = []
    for k in KINDS:
        vals = []
        for u in units:
            v = 1.0
            for c in u:
                v *= rows[id(c)][k]
            vals.append(v)
        out.append(statistics.fmean(vals) if vals else None)
    return out


def grid_summary(plan, rows, cells, boot, inner):
    """A set's facts over its grid."""
    present = {r["budget"] for r in rows}
    S = {"key": plan.key, "model": plan.model, "model_text": MODELS[plan.model], "seconds": plan.post.seconds,
         "dir": plan.path, "cells_planned": len(plan.budgets), "cells_in": len(rows),
         "cells_complete": sum(r["complete"] for r in rows), "games": sum(r["games"] for r in rows),
         "pairs": sum(r["pairs"] for r in rows),
         "budgets_planned": "%d to %d step %d" % (plan.budgets[0], plan.budgets[-1], plan.budgets[1] - plan.budgets[0]),
         "budgets_missing": [b for b in plan.budgets if b not in present],
         "budgets_partial": [r["budget"] for r in rows if not r["complete"]],
         "budgets_off_plan": [r["budget"] for r in rows if r["budget"] not in plan.budgets]}
    if not rows:
        return S
    by_id = {id(c): r for r, c in zip(rows, cells)}
    units = [(c,) for c in cells]
    means = mean_of(units, by_id)
    ivs = boot_units(units, boot, inner, "grid/" + plan.key)
    for k, m, (lo, hi) in zip(KINDS, means, ivs):
        best = max(rows, key=lambda r: (r[k], -r["budget"]))
        S[k] = {"mean": m, "lo": lo, "hi": hi, "highest": {"budget": best["budget"], "p": best[k]}}
    n_low = sum(r["p_reach"] >= LOW for r in rows)
    S["p_reach_at_least_5pct"] = {"cells": n_low, "of": len(rows), "share": n_low / len(rows)}
    hp = sum(r["sd_points"] for r in rows)
    ratios = [n / c.budget for c in cells for p in c.pairs for n in p["nodes"]]  # a game side's nodes / budget
    S["pooled"] = {"sd_points": hp, "sd_score": hp / S["games"],
                   "ptnml": [sum(r["p%d" % i] for r in rows) for i in range(5)],
                   "delivered": sum(ratios) / len(ratios), "delivered_median": ur.median(ratios),
                   "time_share": sum(r["sd_charged"] for r in rows) / sum(r["old_charged"] for r in rows) - 1,
                   "unseen_thinks": sum(r["unseen_thinks"] for r in rows)}
    return S


def joint(model, sets, boot, inner):
    """The machines with both their 15 s cell (B) and their 60 s cell (4B) in, and the mean over
    them of the products of the two cells' chances (both scores; both time figures; all four)."""
    s15, s60 = sets[model + "-15"], sets[model + "-60"]
    at15 = {r["budget"]: (r, c) for r, c in zip(*s15)}
    pairs = [(at15[r["budget"] // 4], (r, c)) for r, c in zip(*s60) if r["budget"] % 4 == 0 and r["budget"] // 4 in at15]
    J = {"model": model, "machines": len(pairs), "budgets_15": [a[0]["budget"] for a, _ in pairs],
         "budgets_60": [b[0]["budget"] for _, b in pairs]}
    if not pairs:
        return J
    rows = {id(c): r for a in pairs for r, c in a}
    units = [(a[1], b[1]) for a, b in pairs]
    means = mean_of(units, rows)
    ivs = boot_units(units, boot, inner, "joint/" + model)
    for name, m, (lo, hi) in zip(("both_scores", "both_times", "all_four"), means, ivs):
        J[name] = {"mean": m, "lo": lo, "hi": hi}
    J["machines_rows"] = [{"budget_15": a[0]["budget"], "budget_60": b[0]["budget"],
                           "both_scores": a[0]["p_reach"] * b[0]["p_reach"],
                           "both_times": a[0]["p_time"] * b[0]["p_time"],
                           "all_four": a[0]["p_both"] * b[0]["p_both"]} for a, b in pairs]
    return J


# ---------------------------------------------------------------------------------------------- the model check

def score_of_elo(e):
    """The score of a logistic Elo (the inverse of umaxresults.elo)."""
    return 1 / (1 + 10 ** (-e / 400))


def cpu_run(results, boot):
    """The CPU-clock run's blocks, score and ply-4 share, with their intervals; None if absent."""
    d = os.path.join(results, CPU_RUN)
    if not os.path.isfile(os.path.join(d, "games.csv")):
        return None
    run = ur.read_games(d, quiet=True)
    need = ["game", "pair", "moves", run.role("test_nodes"), run.role("base_nodes"), run.role("test_score")]
    missing = [c for c in need if c not in run.header]
    if missing or (run.base, run.test) != ("old", "sd"):
        raise Bad("%s: not an old,sd match with %s" % (run.path, ", ".join(need)))
    blocks = defaultdict(list)
    for r in run.rows:
        r["moves"] = tuple(str(r["moves"]).split())
        blocks[(r["game"] - 1) // BLOCK].append(r)
    ptnml, odd = ur.pentanomial(run.rows)
    elo, lo, hi, pm = ur.ptnml_interval(ptnml)
    by_pair = defaultdict(list)
    for r in run.rows:
        by_pair[r["pair"]].append(r)
    pairs = [gs for _, gs in sorted(by_pair.items()) if len(gs) == 2]
    games = [g for gs in pairs for g in gs]
    # per pair: (games through PREFIX, of them MAJOR at ply 4), resampled by pairs
    counts = [(sum(ply4(g) is not None for g in gs), sum(ply4(g) == MAJOR for g in gs)) for gs in pairs]
    share = lambda cs: ur.share(sum(c[1] for c in cs), sum(c[0] for c in cs))
    rng = random.Random("cpu/" + CPU_RUN)
    reps = [share(rng.choices(counts, k=len(counts))) for _ in range(boot)]
    slo, shi = percentile_interval([s for s in reps if s is not None])
    return {"dir": CPU_RUN, "games": len(run.rows), "pairs": len(pairs), "odd_pairs": odd, "ptnml": ptnml,
            "sd_score": ur.mean([g["test_score"] for g in games]),
            "elo": elo, "elo_lo": lo, "elo_hi": hi, "elo_pm": pm, "score_lo": score_of_elo(lo), "score_hi": score_of_elo(hi),
            "ply4_reaching": sum(ply4(g) is not None for g in games), MAJOR: sum(ply4(g) == MAJOR for g in games),
            MINOR: sum(ply4(g) == MINOR for g in games), MAJOR + "_share": share(counts),
            MAJOR + "_share_lo": slo, MAJOR + "_share_hi": shi,
            "blocks": [{"block": k + 1, "games": len(rs), "first_game": min(r["game"] for r in rs),
                        "nodes_median": ur.median([n for r in rs for n in (r["test_nodes"], r["base_nodes"])])}
                       for k, rs in sorted(blocks.items())]}


def model_check(plan, rows, cells, cpu, boot):
    """The model's prediction of the CPU run's score and ply-4 share, from the cells nearest its blocks."""
    M = {"model": plan.model, "cells_dir": plan.path}
    if cpu is None or not rows:
        M["missing"] = "no %s" % ("CPU-clock run " + CPU_RUN if cpu is None else "cell of " + plan.path)
        return M
    ratios = [n / c.budget for c in cells for p in c.pairs for n in p["nodes"]]
    frac = ur.median(ratios)
    M["delivered_median"], M["delivered_mean"] = frac, sum(ratios) / len(ratios)
    at = {r["budget"]: (r, c) for r, c in zip(rows, cells)}
    step = plan.budgets[1] - plan.budgets[0]
    blocks, missing, outside = [], [], []
    for b in cpu["blocks"]:
        need = b["nodes_median"] / frac
        near = min(plan.budgets, key=lambda x: (abs(x - need), x))
        if need < plan.budgets[0] - step / 2 or need > plan.budgets[-1] + step / 2:
            outside.append(b["block"])
        elif near not in at:
            missing.append(near)
        blocks.append(dict(b, budget_needed=need, budget_needed_by_mean=b["nodes_median"] / M["delivered_mean"],
                           cell=near, cell_in=near in at))
    M["blocks"] = blocks
    M["budgets_missing"] = sorted(set(missing))
    M["blocks_outside_grid"] = outside
    if missing or outside:
        return M
    used = sorted({b["cell"] for b in blocks})
    weight = {u: sum(b["games"] for b in blocks if b["cell"] == u) for u in used}
    W = sum(weight.values())

    def predict(per_cell):  # {budget: (score, share)} -> the games-weighted means over the blocks
        score = sum(weight[u] * per_cell[u][0] for u in used) / W
        shares = [per_cell[u][1] for u in used]
        share = None if None in shares else sum(weight[u] * per_cell[u][1] for u in used) / W
        return score, share

    # per pair of a used cell: (sd's half-points, games through PREFIX, of them MAJOR at ply 4)
    pairs = {u: [(p["hp"], sum(mv is not None for mv in p["ply4"]), p["ply4"].count(MAJOR)) for p in at[u][1].pairs]
             for u in used}
    facts = lambda ps: (sum(p[0] for p in ps) / (4 * len(ps)), ur.share(sum(p[2] for p in ps), sum(p[1] for p in ps)))
    score, share = predict({u: facts(pairs[u]) for u in used})
    rng = random.Random("check/" + plan.key)
    reps = [predict({u: facts(rng.choices(pairs[u], k=len(pairs[u]))) for u in used}) for _ in range(boot)]
    lo, hi = percentile_interval([s for s, _ in reps])
    slo, shi = percentile_interval([s for _, s in reps if s is not None])
    M.update({"cells_used": [{"budget": u, "blocks_games": weight[u], "pairs": at[u][0]["pairs"],
                              "sd_score": at[u][0]["sd_score"], MAJOR + "_share": at[u][0][MAJOR + "_share"]}
                             for u in used],
              "sd_score": score, "score_lo": lo, "score_hi": hi, "elo": ur.elo(score),
              "elo_lo": ur.elo(lo) if lo is not None else None, "elo_hi": ur.elo(hi) if hi is not None else None,
              MAJOR + "_share": share, MAJOR + "_share_lo": slo, MAJOR + "_share_hi": shi})
    inside = lambda x, a, b: None if None in (x, a, b) else a <= x <= b
    M["score_model_in_cpu_interval"] = inside(score, cpu["score_lo"], cpu["score_hi"])
    M["score_cpu_in_model_interval"] = inside(cpu["sd_score"], lo, hi)
    M["share_model_in_cpu_interval"] = inside(share, cpu[MAJOR + "_share_lo"], cpu[MAJOR + "_share_hi"])
    M["share_cpu_in_model_interval"] = inside(cpu[MAJOR + "_share"], slo, shi)
    return M


# ---------------------------------------------------------------------------------------------- build

def build(results, draws=DRAWS, boot=BOOT, inner=INNER, check_boot=CHECK_BOOT):
    if not os.path.isdir(results):
        raise Bad("no directory %s" % results)
    sets, summaries = {}, {}
    for plan in PLANS:
        rows, cells = [], []
        for budget, d in find_cells(os.path.join(results, plan.path)):
            pairs, seed, no_pgn, unseen = read_cell(plan, budget, d)
            if pairs:
                r, c = cell_facts(plan, budget, pairs, seed, no_pgn, unseen, draws)
                rows.append(r)
                cells.append(c)
        sets[plan.key] = (rows, cells)
        summaries[plan.key] = grid_summary(plan, rows, cells, boot, inner)
    cpu = cpu_run(results, check_boot)
    plan_of = {p.key: p for p in PLANS}
    F = {"post": {str(s): p.facts() for s, p in POSTS.items()},
         "parameters": {"draws": draws, "boot": boot, "inner": inner, "check_boot": check_boot, "low": LOW,
                        "interval": "95%, percentile (2.5% and 97.5% points)",
                        "charge": "round(N F) per think; a think the PGN does not show (lost on time) at the "
                                  "mean F of its side's other thinks in the game"},
         "notes": {"seeds": THINK_SEEDS_NOTE,
                   "partial": "a cell being played counts with its complete pairs: its chances are those of a match "
                              "drawn from them",
                   "draws": "a cell's p_time and p_both are shares of %d matches drawn from its pairs (0 means none "
                            "of them reached the figure)" % draws,
                   "bootstrap": "the grid's interval: each cell's pairs are resampled %d times (seeded by the cell; "
                                "p_reach exact, p_time and p_both from %d matches each, which widens their intervals "
                                "a little); a grid resample draws the cells (for the joint chance, the machines) with "
                                "replacement and, for each, one of its pair resamples at random" % (boot, inner)},
         "sets": {k: dict(summaries[k], cells=sets[k][0]) for k in summaries},
         "joint": {m: joint(m, sets, boot, inner) for m in MODELS},
         "model_check": {"cpu": cpu, "prefix": " ".join(PREFIX), "moves": [MAJOR, MINOR],
                         **{m: model_check(plan_of[m + "-15"], *sets[m + "-15"], cpu, check_boot) for m in MODELS}}}
    files = {os.path.join("post-2006-15", "chance.csv"): csv_text(sets["fitted-15"][0], summaries["fitted-15"]),
             os.path.join("post-2006-60", "chance.csv"): csv_text(sets["fitted-60"][0], summaries["fitted-60"]),
             os.path.join("post-2006-15", "chance.json"): nm.json_text(F),
             os.path.join("post-2006-15", "chance.md"): md_text(F),
             os.path.join("post-2006-15", "chance.svg"): svg_text(F)}
    return files, F


# ---------------------------------------------------------------------------------------------- csv

COLUMNS = ["cell", "budget", "games", "pairs", "sd_points", "sd_score", "p0", "p1", "p2", "p3", "p4", "delivered",
           "time_share", "p_reach", "p_time", "p_both", "p_reach_lo", "p_reach_hi", "p_time_lo", "p_time_hi",
           "p_both_lo", "p_both_hi"]


def csv_value(v):
    """Integers as they are, floats to 6 decimals by the report's one rule, None empty."""
    if v is None:
        return ""
    return fixed(v, 6) if isinstance(v, float) else str(v)


def csv_text(rows, S):
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        w.writerow([csv_value(r.get(c)) for c in COLUMNS])
    a = {"cell": "all", "games": S["games"], "pairs": S["pairs"]}
    if rows:
        P = S["pooled"]
        a.update({"sd_points": P["sd_points"], "sd_score": P["sd_score"], "delivered": P["delivered"],
                  "time_share": P["time_share"], **{"p%d" % i: n for i, n in enumerate(P["ptnml"])}})
        for k in KINDS:
            a.update({k: S[k]["mean"], k + "_lo": S[k]["lo"], k + "_hi": S[k]["hi"]})
    w.writerow([csv_value(a.get(c)) for c in COLUMNS])
    return f.getvalue()


# ---------------------------------------------------------------------------------------------- md

def P(x):
    """A chance or share as a percentage (one decimal), "<0.1%" and ">99.9%" for those not 0 or 1."""
    if x is None:
        return "n/a"
    if 0 < x < 0.0005:
        return "<0.1%"
    if 0.9995 <= x < 1:
        return ">99.9%"
    return pct(x)
MB = lambda b: fixed(b / 1e6, 1)


def iv_text(d):
    """"12.3% [8.0%, 17.1%]" of a {mean, lo, hi}."""
    if not d or d.get("mean") is None:
        return "n/a"
    return "%s [%s, %s]" % (P(d["mean"]), P(d["lo"]), P(d["hi"]))


def md_text(F):
    S, J, C = F["sets"], F["joint"], F["model_check"]
    p15, p60 = F["post"]["15"], F["post"]["60"]
    fig = lambda p: "%s of %d (%s)" % (fixed(p["sd_points"], 1), p["games"], pct(p["sd_score"]))
    tm = lambda p: fixed(p["time_share"] * 100, 1, sign=True) + "%"
    L = ["# How likely was the 2006 post's result? old vs sd on the node clock with wavering", "",
         "Written by `scripts/post2006.py` from the cells in; do not edit. The post: sd scored %s at 15 s, "
         "using %s time, and %s at 60 s, using %s. Each cell is one match of the post's size at one budget "
         "(the 2006 machine's speed unknown, every budget of the grid equally likely); a chance is that of a "
         "match whose pairs are drawn from the cell's." % (fig(p15), tm(p15), fig(p60), tm(p60)), ""]
    L += ["Cells in:", ""]
    for k in ("fitted-15", "fitted-60", "think-15", "think-60"):
        s = S[k]
        L.append("- %s, %d s (`%s`): %d of the planned %d cells (%d complete), %d games%s" % (
            s["model_text"], s["seconds"], s["dir"], s["cells_in"], s["cells_planned"], s["cells_complete"],
            s["games"], "; partial: %s M" % ", ".join(MB(b) for b in s["budgets_partial"]) if s["budgets_partial"] else ""))
    L += ["", "## The chance over the grid (mean over the cells in, 95% interval over cells and pairs)", "",
          "| figure | %s | %s |" % (MODELS["fitted"], MODELS["think"]), "|---|---|---|"]
    for sec, p in (("15", p15), ("60", p60)):
        a, b = S["fitted-" + sec], S["think-" + sec]
        L.append("| %s s: sd scores ≥ %s | %s | %s |" % (sec, pct(p["sd_score"]), iv_text(a.get("p_reach")),
                                                       iv_text(b.get("p_reach"))))
        L.append("| %s s: sd's time %s %s | %s | %s |" % (sec, "≥" if p["time_share"] > 0 else "≤", tm(p),
                                                        iv_text(a.get("p_time")), iv_text(b.get("p_time"))))
        L.append("| %s s: both | %s | %s |" % (sec, iv_text(a.get("p_both")), iv_text(b.get("p_both"))))
        hi = lambda s: "n/a" if "p_reach" not in s else "%s at %s M" % (P(s["p_reach"]["highest"]["p"]),
                                                                      MB(s["p_reach"]["highest"]["budget"]))
        L.append("| %s s: highest cell (score) | %s | %s |" % (sec, hi(a), hi(b)))
        low = lambda s: "n/a" if "p_reach_at_least_5pct" not in s else "%d of %d" % (
            s["p_reach_at_least_5pct"]["cells"], s["p_reach_at_least_5pct"]["of"])
        L.append("| %s s: cells with a chance ≥ 5%% (score) | %s | %s |" % (sec, low(a), low(b)))
    for name, text in (("both_scores", "both scores"), ("both_times", "both time figures"), ("all_four", "all four figures")):
        L.append("| one machine, 15 s and 60 s: %s | %s | %s |" % (text, iv_text(J["fitted"].get(name)),
                                                                 iv_text(J["think"].get(name))))
    L.append("| machines with both cells in | %d | %d |" % (J["fitted"]["machines"], J["think"]["machines"]))
    L += ["", "Read with care:", ""] + ["- %s." % F["notes"][k] for k in ("seeds", "partial", "draws", "bootstrap")]
    cpu = C["cpu"]
    L += ["", "## The model check: the CPU-clock run `%s`" % CPU_RUN, ""]
    if cpu is None:
        L.append("No CPU-clock run `%s` in these results." % CPU_RUN)
    else:
        L += ["Each of its %d blocks of %d games is mapped to the budget its median nodes a side stand for (over the "
              "model's delivered fraction, the median of nodes / budget of its 15 s game sides); the model predicts "
              "the games-weighted mean of the nearest cells. Ply 4 after `%s`: the share of %s (against %s)." % (
                  len(cpu["blocks"]), BLOCK, C["prefix"], MAJOR, MINOR), "",
              "| | sd score [95%%] | Elo [95%%] | %s share [95%%] | cells used (M) | score: model in the CPU's "
              "interval / CPU in the model's | share: the same |" % MAJOR,
              "|---|---|---|---|---|---|---|",
              "| CPU clock, %d games | %s [%s, %s] | %s ± %s | %s [%s, %s] | | | |" % (
                  cpu["games"], P(cpu["sd_score"]), P(cpu["score_lo"]), P(cpu["score_hi"]), elo_or_na(cpu["elo"]),
                  fixed(cpu["elo_pm"]), P(cpu[MAJOR + "_share"]), P(cpu[MAJOR + "_share_lo"]),
                  P(cpu[MAJOR + "_share_hi"]))]
        yn = lambda v: "n/a" if v is None else "yes" if v else "no"
        for m in MODELS:
            M = C[m]
            if "sd_score" not in M:
                why = M.get("missing") or "cells not in yet: %s M%s" % (
                    ", ".join(MB(b) for b in M["budgets_missing"]) or "none",
                    "; blocks outside the grid: %s" % M["blocks_outside_grid"] if M["blocks_outside_grid"] else "")
                L.append("| %s | %s | | | | | |" % (MODELS[m], why))
                continue
            L.append("| %s | %s [%s, %s] | %s [%s, %s] | %s [%s, %s] | %s | %s / %s | %s / %s |" % (
                         MODELS[m], P(M["sd_score"]), P(M["score_lo"]), P(M["score_hi"]), elo_or_na(M["elo"]),
                         elo_or_na(M["elo_lo"]), elo_or_na(M["elo_hi"]), P(M[MAJOR + "_share"]),
                         P(M[MAJOR + "_share_lo"]), P(M[MAJOR + "_share_hi"]),
                         ", ".join(MB(u["budget"]) for u in M["cells_used"]), yn(M["score_model_in_cpu_interval"]),
                         yn(M["score_cpu_in_model_interval"]), yn(M["share_model_in_cpu_interval"]),
                         yn(M["share_cpu_in_model_interval"])))
        for m in MODELS:
            M = C[m]
            if "blocks" in M:
                L.append("")
                L.append("%s: delivered fraction %s (mean %s); blocks' budgets %s M." % (
                    MODELS[m][0].upper() + MODELS[m][1:], fixed(M["delivered_median"], 4), fixed(M["delivered_mean"], 4),
                    ", ".join(fixed(b["budget_needed"] / 1e6, 2) for b in M["blocks"])))
    for k, sec in (("fitted-15", 15), ("fitted-60", 60)):
        s = S[k]
        L += ["", "## %d s cells, %s: %d of %d in" % (sec, s["model_text"], s["cells_in"], s["cells_planned"]), ""]
        if not s["cells"]:
            L.append("No cell in yet.")
            continue
        L += ["| budget (M) | pairs | sd score | pentanomial 0–2 | delivered | sd's time | p score | p time | p both |",
              "|---|---|---|---|---|---|---|---|---|"]
        for r in s["cells"]:
            L.append("| %s | %d%s | %s | %s | %s | %s | %s | %s | %s |" % (
                MB(r["budget"]), r["pairs"], "" if r["complete"] else " (partial)", P(r["sd_score"]),
                "-".join(str(r["p%d" % i]) for i in range(5)), fixed(r["delivered"], 3),
                fixed(r["time_share"] * 100, 1, sign=True) + "%", P(r["p_reach"]), P(r["p_time"]), P(r["p_both"])))
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------------------------------------- svg

def svg_text(F):
    """Two panels: the chance of the post's score per cell against the budget (15 s: B; 60 s: B/4),
    a series per model, each with its grid mean (dashed) and interval (band)."""
    S = F["sets"]
    W, L, R, TOP, PH, GAP, BOT = 960, 70, 290, 70, 240, 80, 50
    H = TOP + 2 * PH + GAP + BOT
    pw = W - L - R
    colours = {"fitted": "#15c", "think": "#d62"}
    xlo, xhi = 6.0, 12.0
    x = lambda b: L + pw * (b - xlo) / (xhi - xlo)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (W, H),
         '<text x="%d" y="22" font-size="14">%s</text>' % (L, nm.esc(
             "The chance that a match of the post's size reaches the post's score, per budget"))]
    for panel, sec in enumerate(("15", "60")):
        post = F["post"][sec]
        top = TOP + panel * (PH + GAP)
        sets = [(m, S["%s-%s" % (m, sec)]) for m in MODELS]
        vals = [r["p_reach"] for _, s in sets for r in s["cells"]] + [
            s["p_reach"]["hi"] for _, s in sets if "p_reach" in s and s["p_reach"]["hi"] is not None]
        ymax = next((t for t in (0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0) if t >= max(vals + [0])), 1.0)
        ystep = next(t for t in (0.01, 0.02, 0.05, 0.1, 0.2) if ymax / t <= 8)  # at most 8 steps, round ones
        y = lambda p: top + PH * (1 - p / ymax)
        for i in range(round(ymax / ystep) + 1):
            p = ystep * i
            o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>' % (L, y(p), L + pw, y(p)))
            o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L - 6, y(p) + 4, pct(p, 0)))
        for t in range(int(xlo), int(xhi) + 1):
            o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#444"/>' % (x(t), top + PH, x(t), top + PH + 5))
            o.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (x(t), top + PH + 18, t))
        o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (L, top, pw, PH))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (
            L + pw / 2, top + PH + 36, "budget (M nodes a side)" if sec == "15" else
            "budget / 4 (M nodes a side; the 15 s budget of the same machine)"))
        o.append('<text x="%d" y="%d" font-weight="bold">%s</text>' % (L, top - 10, nm.esc(
            "%s s: P(sd scores at least %s of %d)" % (sec, fixed(post["sd_points"], 1), post["games"]))))
        o.append('<text x="18" y="%.1f" text-anchor="middle" transform="rotate(-90 18 %.1f)">chance</text>' % (
            top + PH / 2, top + PH / 2))
        scale = 1e6 if sec == "15" else 4e6
        ly = top + 14
        for m, s in sets:
            c = colours[m]
            if "p_reach" in s and s["p_reach"]["lo"] is not None:
                lo, hi = s["p_reach"]["lo"], s["p_reach"]["hi"]
                o.append('<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s" fill-opacity="0.12"/>' % (
                    L, y(hi), pw, max(y(lo) - y(hi), 0.5), c))
            if "p_reach" in s:
                o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-dasharray="6,4"/>' % (
                    L, y(s["p_reach"]["mean"]), L + pw, y(s["p_reach"]["mean"]), c))
            pts = [(x(r["budget"] / scale), y(r["p_reach"]), r["complete"]) for r in s["cells"]]
            if len(pts) > 1:
                o.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.2"/>' % (
                    " ".join("%.1f,%.1f" % (a, b) for a, b, _ in pts), c))
            for a, b, full in pts:
                o.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s" stroke="%s"/>' % (a, b, c if full else "white", c))
            # the legend, right of the panel, one line each: no label meets another or the data
            o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>' % (
                L + pw + 10, ly - 4, L + pw + 30, ly - 4, c))
            o.append('<text x="%d" y="%d">%s</text>' % (L + pw + 34, ly, nm.esc(MODELS[m])))
            o.append('<text x="%d" y="%d">%s</text>' % (L + pw + 34, ly + 16, nm.esc(
                "%d of %d cells, %d games" % (s["cells_in"], s["cells_planned"], s["games"]))))
            o.append('<text x="%d" y="%d">%s</text>' % (L + pw + 34, ly + 32, nm.esc(
                "mean %s" % iv_text(s.get("p_reach")) if "p_reach" in s else "no cell yet")))
            ly += 60
        for i, t in enumerate(("dashed: the mean over the cells in,", "band: its 95% interval;",
                               "hollow: a cell being played")):
            o.append('<text x="%d" y="%d" fill="#555">%s</text>' % (L + pw + 10, ly + 16 * i, t))
    o.append("</svg>")
    return "\n".join(o) + "\n"


# ---------------------------------------------------------------------------------------------- main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default=os.path.join(os.path.dirname(HERE), "results"),
                    help="the results directory (default: the repository's results/)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 naming the files that are stale")
    ap.add_argument("--draws", type=int, default=DRAWS, help="matches drawn per cell for p_time, p_both (%(default)s)")
    ap.add_argument("--boot", type=int, default=BOOT, help="resamples of the grid (%(default)s)")
    ap.add_argument("--inner", type=int, default=INNER, help="matches per resampled cell in the grid's bootstrap (%(default)s)")
    a = ap.parse_args(argv)
    return ur.generate(NAME, lambda: build(a.results, a.draws, a.boot, a.inner), a.results, a.check, tell)


def tell(F):
    for k, s in F["sets"].items():
        line = "%s: %s: %d/%d cells (%d complete), %d games" % (NAME, k, s["cells_in"], s["cells_planned"],
                                                                s["cells_complete"], s["games"])
        if "p_reach" in s:
            line += "; p_reach %s [%s, %s], p_time %s, p_both %s; cells >= 5%%: %d" % (
                s["p_reach"]["mean"], s["p_reach"]["lo"], s["p_reach"]["hi"], s["p_time"]["mean"],
                s["p_both"]["mean"], s["p_reach_at_least_5pct"]["cells"])
        print(line)
    for m, j in F["joint"].items():
        print("%s: joint %s: %d machines%s" % (NAME, m, j["machines"], "; both scores %s, all four %s" % (
            j["both_scores"]["mean"], j["all_four"]["mean"]) if j["machines"] else ""))
    for m in MODELS:
        M = F["model_check"][m]
        print("%s: model check %s: %s" % (NAME, m, "score %s [%s, %s], %s share %s" % (
            M["sd_score"], M["score_lo"], M["score_hi"], MAJOR, M[MAJOR + "_share"]) if "sd_score" in M else
            M.get("missing") or "cells missing: %s; blocks outside: %s" % (M["budgets_missing"], M["blocks_outside_grid"])))


if __name__ == "__main__":
    sys.exit(main())
