#!/usr/bin/env python3
"""The jitter map: sd's score in 100-game matches from the initial position on a jittered node clock.

`scripts/node-queue.sh` plays, for each SIGMA and budget B, `umax match --builds old,sd
--tc-nodes B --clock-jitter SIGMA --jitter-seed 1 --games 100 --openings startpos.pgn` into
ROOT/s<SIGMA>/b<B>/: 50 game pairs (colours reversed within a pair) on a node clock of B nodes a
side whose every think's speed is scaled by a seeded 1+eps (pair p draws from seed p). The plan:
SIGMA 0.005, 0.02 and an estimate; B = 6,000,000 + 300,000 i, i = 0..20.

The question: how likely was the 2006 result, 57.5-42.5 in a 100-game match from one opening,
and at which clocks? And which way did Black go at ply 4 (b8c6 or e5d4, the map's first parting
point), to compare with the CPU-clock runs at the nodes they delivered?

Reads  ROOT/s*/b*/games.csv through node_map.py's reader, umaxresults.read_match (a torn last
       line, a cell still being played, is dropped; only complete pairs count). A cell's SIGMA and
       budget are those of its settings (`clock_jitter`, `node_clock`) and must be its directory's.
       Any subset of the plan may be on disk; a cell directory without games.csv, or with no game
       yet, is unplayed.
Writes to DIR (default ROOT), each file through a temporary name and a rename:
  jitter.csv   one row per cell with a complete pair: sigma, budget, pairs, games, TEST's wins,
               draws and losses, score, Elo with its 95% interval (normal on the pair scores, as
               node_map.py), reaches_575 (score >= 57.5%; only for a cell with all 50 pairs),
               the distinct games (move sequences) and the moves at ply 4 (counts and shares).
  jitter.json  per sigma and over all: cells complete / planned, games, the mean score of the
               complete cells, how many of them reach 57.5% and at which budgets, the lowest and
               highest cell score, the pooled score and Elo of all the games, the ply-4 moves;
               and the cells.
  jitter.svg   TEST's score per cell against the budget (M nodes a side), a series per sigma.
  jitter.md    a short summary of the same, a table per sigma.
Run:   scripts/node_jitter.py ROOT [--out DIR] [--check]
--check writes nothing: exit 1 if a file in DIR differs from what would be written, else 0.
A missing ROOT, no cell, or a malformed games.csv is a one-line error and exit 2.
"""
import argparse
import csv
import io
import math
import os
import re
import statistics
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "report"))
from formatting import elo_or_na, fixed, pct, pct_or_na  # noqa: E402
import node_map as nm  # noqa: E402  (json_text, esc)
import umaxresults as ur  # noqa: E402  (the game reader, its torn-line rule, settings, Elo, the pair score's interval)

NAME = "node_jitter"
PLAN_SIGMAS = (0.005, 0.02)  # the queue's fixed sigmas; the estimate joins when it is on disk
PLAN_BUDGETS = tuple(6000000 + 300000 * i for i in range(21))
PLAN_GAMES = 100             # a match: 50 pairs
PLY = 4                      # the first parting point of the lines from the initial position
TARGET = (23, 40)            # 57.5% = 23/40, compared in integers
END = ur.END                 # a game shorter than PLY plies
FILES = ("jitter.csv", "jitter.json", "jitter.svg", "jitter.md")
COLOURS = ("#15c", "#d62", "#2a7", "#a3c", "#888")
Bad = ur.Bad


# ---------------------------------------------------------------------------------------------- reading

def sigma_text(s):
    return repr(s)  # shortest form, as umax writes it (0.005)


def find_cells(root):
    """[(sigma, budget, dir)] of ROOT/s<SIGMA>/b<B>/ directories, whether played or not."""
    if not os.path.isdir(root):
        raise Bad("no directory %s" % root)
    out = []
    try:
        for s in sorted(os.listdir(root)):
            m = re.fullmatch(r"s(\d*\.?\d+(?:e-?\d+)?)", s)
            if not m or not os.path.isdir(os.path.join(root, s)):
                continue
            for b in sorted(os.listdir(os.path.join(root, s))):
                d = os.path.join(root, s, b)
                if re.fullmatch(r"b\d+", b) and os.path.isdir(d):
                    out.append((float(m.group(1)), int(b[1:]), d))
    except OSError as e:
        raise Bad("cannot list %s: %s" % (root, e.strerror or e))
    return out


def has_games(cell_dir):
    """Whether games.csv holds a complete line after its header (else the cell is unplayed)."""
    path = os.path.join(cell_dir, "games.csv")
    if not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Bad("cannot read %s: %s" % (path, e.strerror or e))
    return data[: data.rfind(b"\n") + 1].count(b"\n") >= 2


def read_cell(sigma, budget, cell_dir):
    """(base, test, jitter_seed, complete pairs [(pair, BASE-white game, TEST-white game)])."""
    base, test, games = ur.read_match(cell_dir, node_clock=True)
    path = os.path.join(cell_dir, "games.csv")
    seeds = set()
    for g in games:
        st = ur.settings(g["settings"])
        where = "%s game %d" % (path, g["game"])
        try:
            sj = float(st["clock_jitter"])
            seeds.add(int(st["jitter_seed"]))
        except (KeyError, ValueError):
            raise Bad("%s: settings name no readable clock_jitter and jitter_seed (not a jitter run)" % where)
        if sj != sigma or g["budget"] != budget or int(st.get("node_clock_step", "0")) != 0:
            raise Bad("%s: settings say clock_jitter=%s node_clock=%s node_clock_step=%s, the directory "
                      "s%s/b%d" % (where, st["clock_jitter"], st["node_clock"], st.get("node_clock_step", "0"),
                                   sigma_text(sigma), budget))
        if st.get("games", str(PLAN_GAMES)) != str(PLAN_GAMES):
            raise Bad("%s: a match of %s games, the plan's are of %d" % (where, st["games"], PLAN_GAMES))
    if len(seeds) != 1:
        raise Bad("%s: more than one jitter_seed (%s)" % (path, ", ".join(map(str, sorted(seeds)))))
    pairs = [(p, *sorted(gs, key=lambda g: g["white"] != base))
             for p, gs in ur.complete_pairs(games, base, test, path)]
    return base, test, seeds.pop(), pairs


# ---------------------------------------------------------------------------------------------- facts

def reaches(hp, games):
    """Whether hp half-points in `games` games score at least 57.5% (exact, in integers)."""
    return TARGET[1] * hp >= TARGET[0] * 2 * games


def ply_move(g):
    return g["moves"][PLY - 1] if len(g["moves"]) >= PLY else END


def moves_text(c, total=None):
    """"b8c6:37;e5d4:63" (counts), or shares of `total`."""
    return ";".join("%s:%s" % (m, c[m] if total is None else "%g" % ur.share(c[m], total)) for m in sorted(c))


def interval(pair_points):
    """Score and Elo with the 95% interval of node_map/umaxresults (None fields below 2 pairs)."""
    keys = ("score_lo", "score_hi", "elo", "elo_lo", "elo_hi")
    iv = ur.pair_score_interval(pair_points, 2) or {}
    s = sum(pair_points) / (2 * len(pair_points)) if pair_points else None
    out = {"score": s}
    out.update({k: iv.get(k) for k in keys})
    if s is not None and out["elo"] is None:
        out["elo"] = ur.elo_rounded(s)
    return {k: v if v is None else v + 0.0 for k, v in out.items()}  # + 0.0: no -0.0 at 50%


def cell_facts(sigma, budget, seed, pairs, T):
    games = [g for _, a, b in pairs for g in (a, b)]
    hp = sum(g["hp"] for g in games)
    ply = Counter(ply_move(g) for g in games)
    complete = len(pairs) == PLAN_GAMES // 2
    row = {"sigma": sigma, "budget": budget, "jitter_seed": seed, "pairs": len(pairs), "games": len(games),
           "%s_wins" % T: sum(g["hp"] == 2 for g in games), "draws": sum(g["hp"] == 1 for g in games),
           "%s_losses" % T: sum(g["hp"] == 0 for g in games)}
    iv = interval([(a["hp"] + b["hp"]) / 2 for _, a, b in pairs])
    row["%s_score" % T] = iv.pop("score")
    row.update(iv)
    row.update({"complete": complete, "reaches_575": reaches(hp, len(games)) if complete else None,
                "distinct_games": len({g["moves"] for g in games}),
                "ply4": moves_text(ply), "ply4_share": moves_text(ply, len(games))})
    return row, [(a["hp"] + b["hp"]) / 2 for _, a, b in pairs], ply


def summary(cells, planned, T):
    """The facts of a set of cells: [(row, pair points, ply-4 counter)]; `planned` cells."""
    comp = [r for r, _, _ in cells if r["complete"]]
    sc = "%s_score" % T
    hit = [r for r in comp if r["reaches_575"]]
    ply = Counter()
    for _, _, c in cells:
        ply.update(c)
    games = sum(r["games"] for r, _, _ in cells)
    where = lambda r: {"sigma": r["sigma"], "budget": r["budget"], "score": r[sc]}
    lo = min(comp, key=lambda r: (r[sc], r["sigma"], r["budget"]), default=None)
    hi = max(comp, key=lambda r: (r[sc], -r["sigma"], -r["budget"]), default=None)
    return {
        "cells_planned": planned, "cells_with_games": len(cells), "cells_complete": len(comp),
        "pairs": sum(r["pairs"] for r, _, _ in cells), "games": games,
        "%s_wins" % T: sum(r["%s_wins" % T] for r, _, _ in cells), "draws": sum(r["draws"] for r, _, _ in cells),
        "%s_losses" % T: sum(r["%s_losses" % T] for r, _, _ in cells),
        "mean_score_complete_cells": statistics.mean(r[sc] for r in comp) if comp else None,
        "reaching_575": {"count": len(hit), "share_of_complete_cells": ur.share(len(hit), len(comp)),
                         "cells": [{"sigma": r["sigma"], "budget": r["budget"]} for r in hit]},
        "lowest_cell": where(lo) if lo else None, "highest_cell": where(hi) if hi else None,
        "pooled": interval([p for _, pp, _ in cells for p in pp]),
        "ply4": {m: {"games": ply[m], "share": ur.share(ply[m], games)} for m in sorted(ply)},
    }


def build(root):
    found = find_cells(root)
    played = [c for c in found if has_games(c[2])]
    if not played:
        raise Bad("%s holds no played cell (s<SIGMA>/b<BUDGET>/games.csv with a game)" % root)
    sigmas = sorted(set(PLAN_SIGMAS) | {s for s, _, _ in found})
    budgets = {s: sorted(set(PLAN_BUDGETS) | {b for s2, b, _ in found if s2 == s}) for s in sigmas}
    pairing, cells = None, []
    for sigma, budget, d in played:
        base, test, seed, pairs = read_cell(sigma, budget, d)
        if pairing and pairing != (base, test):
            raise Bad("%s: builds %s,%s, other cells %s,%s" % (d, base, test, *pairing))
        pairing = (base, test)
        if pairs:
            cells.append(cell_facts(sigma, budget, seed, pairs, test))
    B, T = pairing
    cells.sort(key=lambda c: (c[0]["sigma"], c[0]["budget"]))
    by_sigma = [dict(sigma=s, **summary([c for c in cells if c[0]["sigma"] == s], len(budgets[s]), T))
                for s in sigmas]
    facts = {
        "run": os.path.basename(os.path.normpath(root)), "base": B, "test": T,
        "plan": {"sigmas_fixed": list(PLAN_SIGMAS), "budgets": "%d to %d step %d (%d)" % (
            PLAN_BUDGETS[0], PLAN_BUDGETS[-1], PLAN_BUDGETS[1] - PLAN_BUDGETS[0], len(PLAN_BUDGETS)),
            "games_per_cell": PLAN_GAMES, "target_score": TARGET[0] / TARGET[1], "ply": PLY},
        "interval": "95%, normal approximation on the pair scores (pentanomial): mean +- 1.96 sd/sqrt(pairs)",
        "sigmas": by_sigma,
        "overall": summary(cells, sum(len(b) for b in budgets.values()), T),
        "cells": [r for r, _, _ in cells],
    }
    files = {"jitter.csv": csv_text([r for r, _, _ in cells], T), "jitter.json": nm.json_text(facts),
             "jitter.svg": svg_text(facts, budgets), "jitter.md": md_text(facts)}
    return files, facts


# ---------------------------------------------------------------------------------------------- csv

def csv_text(rows, T):
    cols = ["sigma", "budget", "jitter_seed", "pairs", "games", "%s_wins" % T, "draws", "%s_losses" % T,
            "%s_score" % T, "score_lo", "score_hi", "elo", "elo_lo", "elo_hi", "reaches_575", "distinct_games",
            "ply4", "ply4_share"]
    cell = lambda v: "" if v is None else int(v) if isinstance(v, bool) else sigma_text(v) if isinstance(v, float) else v
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    w.writerow(cols)
    for r in rows:
        w.writerow([cell(r[c]) for c in cols])
    return f.getvalue()


# ---------------------------------------------------------------------------------------------- svg

def svg_text(F, budgets):
    T, sc = F["test"], "%s_score" % F["test"]
    W, L, R, BOT, ph = 900, 70, 100, 60, 340
    pw = W - L - R
    text_w = lambda s, size=12: 0.6 * size * len(s)  # a sans-serif label's width, estimated
    # the legend, in rows between the title and the plot (never beside the reference lines' labels,
    # whose heights depend on the data): a line and a filled point per sigma, with its complete
    # cells of the planned; the hollow point only when some cell with games is incomplete
    items = [("series", COLOURS[i % len(COLOURS)], "σ %s: %d/%d cells complete" % (
        sigma_text(S["sigma"]), S["cells_complete"], S["cells_planned"])) for i, S in enumerate(F["sigmas"])]
    if any(not r["complete"] for r in F["cells"]):
        items.append(("hollow", "#444", "hollow: incomplete cell (fewer than %d pairs)" % (PLAN_GAMES // 2)))
    rows, lx, ly = [], L, 62
    for kind, colour, label in items:
        w = 28 + text_w(label)
        if lx > L and lx + w > W - 10:
            lx, ly = L, ly + 18
        rows.append((kind, colour, label, lx, ly))
        lx += w + 24
    TOPM = ly + 18
    H = TOPM + ph + BOT
    bs = [b for v in budgets.values() for b in v]
    blo, bhi = min(bs), max(bs)
    if bhi <= blo:
        bhi = blo + 1
    scores = [r[sc] for r in F["cells"]]
    ylo = min([0.4] + [int(s * 20) / 20 for s in scores])        # 5% steps around 40%..70%
    yhi = max([0.7] + [math.ceil(round(s * 20, 9)) / 20 for s in scores])  # up to the next 5%: no point above the frame
    x = lambda b: L + pw * (b - blo) / (bhi - blo)
    y = lambda s: TOPM + ph * (yhi - s) / (yhi - ylo)
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (W, H),
         '<text x="%d" y="22" font-size="14">%s</text>' % (L, nm.esc(
             "%s: %s's score vs %s on a jittered node clock" % (F["run"], T, F["base"]))),
         '<text x="%d" y="40" fill="#444">%s</text>' % (L, nm.esc(
             "a point per cell (σ, budget): a %d-game match from the initial position" % PLAN_GAMES))]
    for kind, colour, label, lx, ly in rows:
        if kind == "series":
            o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/>' % (
                lx, ly - 4, lx + 20, ly - 4, colour))
        o.append('<circle cx="%d" cy="%d" r="3.5" fill="%s" stroke="%s"/>' % (
            lx + 10, ly - 4, colour if kind == "series" else "white", colour))
        o.append('<text x="%d" y="%d">%s</text>' % (lx + 28, ly, nm.esc(label)))
    k = 0
    while ylo + k * 0.05 <= yhi + 1e-9:  # grid every 5%
        s = round(ylo + k * 0.05, 2)
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eee"/>' % (L, y(s), L + pw, y(s)))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (L - 6, y(s) + 4, pct(s, 0)))
        k += 1
    for s, colour, label in ((0.5, "#888", "50%"), (TARGET[0] / TARGET[1], "#c33", "57.5% (2006)")):
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-dasharray="4,3"/>' % (
            L, y(s), L + pw, y(s), colour))
        o.append('<text x="%d" y="%.1f" fill="%s">%s</text>' % (L + pw + 8, y(s) + 4, colour, label))  # clear of the points at the edge
    t = blo - blo % 500000 + (500000 if blo % 500000 else 0)  # x ticks at whole and half millions
    while t <= bhi:
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#444"/>' % (x(t), TOPM + ph, x(t), TOPM + ph + 5))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>' % (x(t), TOPM + ph + 18, t / 1e6))
        t += 500000
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (L, TOPM, pw, ph))
    o.append('<text x="%.1f" y="%d" text-anchor="middle">budget (M nodes a side)</text>' % (L + pw / 2, H - 18))
    o.append('<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">%s score</text>' % (
        TOPM + ph / 2, TOPM + ph / 2, nm.esc(T)))
    # a series per sigma: a line through its cells in budget order, a filled point per complete
    # cell, a hollow one per incomplete cell (fewer than the match's pairs)
    for i, S in enumerate(F["sigmas"]):
        c = COLOURS[i % len(COLOURS)]
        rows = [r for r in F["cells"] if r["sigma"] == S["sigma"]]
        if len(rows) > 1:
            o.append('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.5"/>' % (
                " ".join("%.1f,%.1f" % (x(r["budget"]), y(r[sc])) for r in rows), c))
        for r in rows:
            o.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s" stroke="%s"/>' % (
                x(r["budget"]), y(r[sc]), c if r["complete"] else "white", c))
    o.append("</svg>")
    return "\n".join(o) + "\n"


# ---------------------------------------------------------------------------------------------- md

def md_text(F):
    T, B, sc = F["test"], F["base"], "%s_score" % F["test"]
    pc, el = pct_or_na, elo_or_na
    mb = lambda b: fixed(b / 1e6, 1)
    # a zero-width interval (every pair scored alike) is no interval for anything beyond those pairs
    elo_iv = lambda d: ("%s (every pair alike: no interval)" % el(d["elo"])
                        if d["elo_lo"] is not None and d["elo_lo"] == d["elo_hi"]
                        else "%s [%s, %s]" % (el(d["elo"]), el(d["elo_lo"]), el(d["elo_hi"])))
    O = F["overall"]
    hit = O["reaching_575"]
    L = ["# %s: %s vs %s from the initial position, %d-game matches on a jittered node clock" % (
        F["run"], T, B, PLAN_GAMES), "",
        "**How likely was 57.5%%?** %d of the %d complete cells (of %d planned%s) reach it%s; the complete cells "
        "score %s on average (lowest %s, highest %s). All %d games pooled (the complete pairs of every cell): "
        "%s, Elo %s (95%%, normal on the pair scores as if every pair were independent: within a cell the "
        "pairs are independent draws of the jitter, but every cell draws from the same seeds and the cells "
        "are fixed budgets)." % (
            hit["count"], O["cells_complete"], O["cells_planned"],
            "; the estimated σ's %d join when its first cell is on disk" % len(PLAN_BUDGETS)
            if len(F["sigmas"]) == len(PLAN_SIGMAS) else "",
            " (%s)" % pc(hit["share_of_complete_cells"]) if O["cells_complete"] >= 10 else "",
            pc(O["mean_score_complete_cells"]), pc((O["lowest_cell"] or {}).get("score")),
            pc((O["highest_cell"] or {}).get("score")), O["games"], pc(O["pooled"]["score"]),
            elo_iv(O["pooled"])), ""]
    for S in F["sigmas"]:
        h = S["reaching_575"]
        at = ", ".join(mb(c["budget"]) for c in h["cells"])
        L.append("- σ %s: %d of %d complete cells reach 57.5%%%s; mean %s; %d games, pooled %s, Elo %s; ply %d: %s" % (
            sigma_text(S["sigma"]), h["count"], S["cells_complete"],
            " (%s M)" % at if at else "", pc(S["mean_score_complete_cells"]), S["games"], pc(S["pooled"]["score"]),
            elo_iv(S["pooled"]), PLY, ", ".join("%s %s" % (m, pc(v["share"])) for m, v in S["ply4"].items()) or "n/a"))
    for S in F["sigmas"]:
        rows = [r for r in F["cells"] if r["sigma"] == S["sigma"]]
        L += ["", "## σ %s: %d of %d cells complete, %d with games" % (
            sigma_text(S["sigma"]), S["cells_complete"], S["cells_planned"], S["cells_with_games"]), ""]
        if not rows:
            L.append("No cell played yet.")
            continue
        L += ["| budget (M) | pairs | %s W-D-L | score | Elo [95%%] | ≥ 57.5%% | distinct games | ply %d |" % (T, PLY),
              "|---|---|---|---|---|---|---|---|"]
        for r in rows:
            L.append("| %s | %d | %d-%d-%d | %s | %s | %s | %d | %s |" % (
                mb(r["budget"]), r["pairs"], r["%s_wins" % T], r["draws"], r["%s_losses" % T], pc(r[sc]),
                elo_iv(r), {True: "yes", False: "no", None: "(playing)"}[r["reaches_575"]], r["distinct_games"],
                r["ply4"].replace(";", ", ").replace(":", " ")))
    return "\n".join(L) + "\n"


# ---------------------------------------------------------------------------------------------- main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("root", help="directory holding s<SIGMA>/b<BUDGET>/games.csv")
    ap.add_argument("--out", help="output directory (default: ROOT)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the files in --out are stale")
    a = ap.parse_args(argv)
    return ur.generate(NAME, lambda: build(a.root), a.out or a.root, a.check, tell)


def tell(F):
    for S in F["sigmas"] + [dict(F["overall"], sigma="all")]:
        h = S["reaching_575"]
        print("%s: sigma %s: %d/%d cells complete, %d games; %d of them reach 57.5%%; mean %s; pooled %s Elo %s" % (
            NAME, S["sigma"], S["cells_complete"], S["cells_planned"], S["games"], h["count"],
            S["mean_score_complete_cells"], S["pooled"]["score"], S["pooled"]["elo"]))


if __name__ == "__main__":
    sys.exit(main())
