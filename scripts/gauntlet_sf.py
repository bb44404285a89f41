#!/usr/bin/env python3
"""The builds on Stockfish's UCI_Elo scale, from a gauntlet tournament of players against
Stockfish at fixed UCI_Elo levels (results/gauntlet-sf, made by scripts/gauntlet-sf.sh).

Each player's rating is the maximum-likelihood Elo of its games against the levels, each level
held at its nominal UCI_Elo (draws as half points, the logistic curve): the rating at which
its expected points equal its points. The 95% interval is the percentile bootstrap over game
pairs, resampled within each pairing (RESAMPLES, seeded; none until each of the player's
pairings has MIN_PAIRS complete pairs); a player whose bootstrap
resample scores all or nothing has no finite rating in it, and such resamples are counted
(their bound is open). The differences asked of the scale (4.8 over 3.2, Fairy-Max over 4.8)
are taken per resample, the players' games being disjoint. Only complete pairs count.

Stockfish fits UCI_Elo to CCRL Elo at 60+0.6 (its source's note); these games are at 10+0.1
on one core of this machine, so the levels' own spacing here is not known to be their
nominal one: the free fit of `umax tournament --rate` (ratings.csv, the levels rated by the
players' results against them) is written beside, level by level, for the reader to compare.

Writes scale.csv (a row a player), levels.csv (a row a pairing) and scale.json (the facts the
report reads) into the gauntlet's directory.

Usage: scripts/gauntlet_sf.py [DIR] [--check]   (DIR: results/gauntlet-sf)"""
import json
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RESAMPLES = 2000
# fewer complete pairs than this in any of a player's pairings: no interval yet (a bootstrap
# over one or two pairs a pairing is no interval)
MIN_PAIRS = 5
SEED = 20261207
LEVEL = re.compile(r"^sf(\d+)$")


def expected(r, levels):
    return sum(1.0 / (1.0 + 10 ** ((lv - r) / 400.0)) for lv in levels)


def ml_rating(games):
    """games: [(level, points)]; the rating whose expected points are the points, or None."""
    pts = sum(p for _, p in games)
    if not games or pts <= 0 or pts >= len(games):
        return None
    lv = [g[0] for g in games]
    lo, hi = -2000.0, 6000.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if expected(mid, lv) < pts:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def pairings(d):
    """{player: {"levels": {level: [pairs of the player's points]}, "terms": [terminations],
    "time": [player CPU, player wall, Stockfish CPU, Stockfish wall]}} from DIR/<player>-sfN."""
    out = {}
    for name in sorted(os.listdir(d)):
        path = os.path.join(d, name, "games.csv")
        if not os.path.isfile(path):
            continue
        g = ur.read_games(path, quiet=True)
        m = LEVEL.match(g.test)
        if not m:
            raise ur.Bad("%s: the test player %s is not a Stockfish level sfN" % (path, g.test))
        pairs = ur.complete_pairs(g.rows, g.base, g.test, path)
        p = out.setdefault(g.base, {"levels": {}, "terms": [], "time": [0.0, 0.0, 0.0, 0.0]})
        p["levels"][int(m.group(1))] = [[1.0 - r["test_score"] for r in gs] for _, gs in pairs]
        for _, gs in pairs:
            for r in gs:
                p["terms"].append(r["termination"])
                for i, k in enumerate(("base_cpu_s", "base_wall_s", "test_cpu_s", "test_wall_s")):
                    p["time"][i] += r[k]
    return out


def rating_of(levels, pick=None):
    games = []
    for lv, pairs in levels.items():
        chosen = pairs if pick is None else [pairs[i] for i in pick[lv]]
        games += [(lv, p) for pair in chosen for p in pair]
    return ml_rating(games), games


def bootstrap(levels, rng):
    out = []
    for _ in range(RESAMPLES):
        pick = {lv: [rng.randrange(len(pairs)) for _ in pairs] for lv, pairs in levels.items()}
        r, games = rating_of(levels, pick)
        if r is None:
            pts = sum(p for _, p in games)
            r = math.inf if pts >= len(games) else -math.inf
        out.append(r)
    return out


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(q * (len(xs) - 1)))))]


def fixed(x, places=0):
    if x is None:
        return ""
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return "%.*f" % (places, x)


def free_fit(d):
    """The levels' and players' ratings of umax tournament --rate (ratings.csv), if written."""
    path = os.path.join(d, "ratings.csv")
    if not os.path.isfile(path):
        return {}
    with open(path, newline="") as f:
        return {r["build"]: r for r in ur.dict_rows(f)}


def clean(x):
    """Facts for JSON: an infinite bound as the text "inf" or "-inf"."""
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()}
    if isinstance(x, float) and math.isinf(x):
        return fixed(x)
    return x


def build(d):
    data = pairings(d)
    if not data:
        raise ur.Bad("%s: no pairing has games yet" % d)
    rng = random.Random(SEED)
    rows, facts, boots = [], {"players": {}, "resamples": RESAMPLES, "seed": SEED}, {}
    for player in sorted(data):
        by, terms, t = data[player]["levels"], data[player]["terms"], data[player]["time"]
        r, games = rating_of(by)
        fewest = min(len(v) for v in by.values())
        boot = bootstrap(by, rng) if games and fewest >= MIN_PAIRS else []
        boots[player] = boot
        pts = sum(p for _, p in games)
        forfeits = sum(x.startswith(("time_forfeit", "engine_", "illegal")) for x in terms)
        row = {
            "player": player, "games": len(games), "points": pts,
            "score": pts / len(games) if games else None,
            "elo": r, "lo95": pct(boot, 0.025) if boot else None,
            "hi95": pct(boot, 0.975) if boot else None,
            "open_resamples": sum(math.isinf(x) for x in boot),
            "fewest_pairs": fewest,
            # the thinks' CPU over their wall time: engines manage their time by the wall
            # clock, and two games on two cores share them with whatever else runs
            "cpu_over_wall": t[0] / t[1] if t[1] else None,
            "sf_cpu_over_wall": t[2] / t[3] if t[3] else None,
            "draws": sum(x in ("threefold", "stalemate", "fifty_moves", "insufficient_material",
                               "max_plies", "time_forfeit_insufficient_material") for x in terms),
            "forfeits": forfeits,
            "levels": " ".join("sf%d:%g/%d" % (lv, sum(map(sum, by[lv])), 2 * len(by[lv]))
                               for lv in sorted(by)),
        }
        rows.append(row)
        facts["players"][player] = {k: row[k] for k in row if k != "player"}
    diffs = {}
    for name, a, b in (("mm48_over_old", "mm48-uci", "old-uci"), ("sd_over_old", "sd-uci", "old-uci"),
                       ("fairymax_over_mm48", "fairymax", "mm48-uci")):
        if boots.get(a) and boots.get(b):
            ra, rb = facts["players"][a]["elo"], facts["players"][b]["elo"]
            ds = [x - y for x, y in zip(boots[a], boots[b]) if not (math.isinf(x) or math.isinf(y))]
            diffs[name] = {"diff": None if ra is None or rb is None else ra - rb,
                           "lo95": pct(ds, 0.025) if ds else None, "hi95": pct(ds, 0.975) if ds else None}
    facts["differences"] = diffs
    free = free_fit(d)
    levels = sorted({lv for p in data.values() for lv in p["levels"]})
    facts["levels_free_fit"] = {("sf%d" % lv): (free.get("sf%d" % lv) or {}).get("elo") for lv in levels}
    scale = ("player,games,points,score,elo,lo95,hi95,open_resamples,fewest_pairs,draws,forfeits,"
             "cpu_over_wall,sf_cpu_over_wall,levels\n")
    for r in rows:
        scale += ",".join([r["player"], str(r["games"]), "%g" % r["points"], fixed(r["score"], 3),
                           fixed(r["elo"]), fixed(r["lo95"]), fixed(r["hi95"]), str(r["open_resamples"]),
                           str(r["fewest_pairs"]),
                           str(r["draws"]), str(r["forfeits"]), fixed(r["cpu_over_wall"], 3),
                           fixed(r["sf_cpu_over_wall"], 3), r["levels"]]) + "\n"
    lv_csv = "player,level,nominal,games,points,score,free_fit_level_elo\n"
    for player in sorted(data):
        for lv in levels:
            pairs = data[player]["levels"].get(lv, [])
            pts = sum(map(sum, pairs))
            lv_csv += "%s,sf%d,%d,%d,%g,%s,%s\n" % (player, lv, lv, 2 * len(pairs), pts,
                                                    fixed(pts / (2 * len(pairs)), 3) if pairs else "",
                                                    facts["levels_free_fit"]["sf%d" % lv] or "")
    return ({"scale.csv": scale, "levels.csv": lv_csv,
             "scale.json": json.dumps(clean(facts), indent=1, sort_keys=True) + "\n"}, facts)


def main():
    args = [a for a in sys.argv[1:] if a != "--check"]
    d = args[0] if args else os.path.join(ROOT, "results", "gauntlet-sf")
    return ur.generate("gauntlet_sf.py", lambda: build(d), d, "--check" in sys.argv[1:],
                       tell=lambda f: [print("%-10s %s [%s, %s] (%d games so far)" % (
                           p, fixed(v["elo"]), fixed(v["lo95"]), fixed(v["hi95"]), v["games"]))
                           for p, v in sorted(f["players"].items())])


if __name__ == "__main__":
    sys.exit(main())
