#!/usr/bin/env python3
"""The initial-position node map: sd's pair score against the node budget, the lines, the parting points.

A node-clock budget sweep (`umax match --tc-nodes N --tc-nodes-step S --openings startpos.pgn`)
plays pair p (games 2p-1, BASE white, and 2p, TEST white) from the initial position with a clock
of B_p = N + (p-1)*S nodes a side; on the node clock a game is a pure function of (builds,
opening, budget), so the run maps the budget to a pair of games.

Reads  RUN/games.csv (the budget of a row is node_clock + (pair-1)*node_clock_step from its
       `settings`; a torn last line, a run still playing, is dropped) and RUN/games.pgn (per-move
       comments `{score/depth cpu_s nodes_n}`, `{book}`; the game number in `[Round "N"]`).
       Only complete pairs are mapped.
Writes to DIR (default RUN):
  map.csv   one row per complete pair, by budget: results, TEST's pair score (0..2), the line id
            of each game (distinct move sequences numbered by first appearance in budget order,
            BASE-white game first), plies and terminations.
  map.svg   TEST's pair score against the budget (M nodes a side): a point per pair and the
            running mean over a centred window of 51 budgets (drawn where all 51 are played).
  map.json  pairs, budgets, shares of budgets TEST wins / draws / loses its pair, score,
            pentanomial, Elo (95%, normal approximation on the pair scores), lines, and the
            first 12 parting points (by games reaching them) with, per branch, the build and
            colour that chose it, the depth of that think and the budget windows (maximal runs
            of consecutive budgets) over which it was chosen.
  map.md    a short summary of the same.
Run:   scripts/node_map.py RUN [--out DIR] [--check]
--check writes nothing: exit 1 if the files in DIR differ from what would be written, else 0.
A missing or malformed games.csv is a one-line error and exit 2.
"""
import argparse
import csv
import io
import json
import math
import os
import re
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "report"))
from formatting import elo_or_na, pct_or_na  # noqa: E402
import umaxresults as ur  # noqa: E402  (games.csv and games.pgn read, parting_nodes, the pair score's interval)

WINDOW = 51          # running mean of the plot, in budgets
TOP_PARTS = 12       # parting points in map.json
TOP_LINES = 10       # lines in map.json
MAX_WINDOWS = 40     # budget windows listed per branch / line in map.json (the count is always given)
MD_PARTS, MD_WINDOWS, MD_LINES = 6, 6, 5
NAME = "node_map"


# ---------------------------------------------------------------------------------------------- facts

def mb(nodes):
    return "%.3f" % (nodes / 1e6)


def runs(pairs):
    """Maximal runs of consecutive pair numbers: [(first, last)]."""
    out = []
    for p in sorted(set(pairs)):
        if out and p == out[-1][1] + 1:
            out[-1][1] = p
        else:
            out.append([p, p])
    return [tuple(r) for r in out]


def windows(gs, budget_of):
    """The budget windows of games `gs`: ["6.000–6.342 M", "7.104 M", ...]."""
    return [("%s M" % mb(budget_of[a])) if a == b else ("%s–%s M" % (mb(budget_of[a]), mb(budget_of[b])))
            for a, b in runs(g["pair"] for g in gs)]


def capped(ws):
    """The windows as one string ("6.000–6.342 M, 7.104 M"), at most MAX_WINDOWS of them."""
    more = len(ws) - MAX_WINDOWS
    return {"windows_count": len(ws),
            "windows": ", ".join(ws[:MAX_WINDOWS]) + (" (+%d more)" % more if more > 0 else "")}


def build(run):
    base, test, games = ur.read_match(run, node_clock=True)  # a torn last line dropped; ur.Bad if malformed
    pgn = ur.read_pgn(run, games)
    pairs = [(p, *sorted(gs, key=lambda g: g["white"] != base))
             for p, gs in ur.complete_pairs(games, base, test, "games.csv")]
    pairs.sort(key=lambda t: t[1]["budget"])
    done = [g for _, a, b in pairs for g in (a, b)]
    budget_of = {p: a["budget"] for p, a, _ in pairs}
    line_of = {}
    for g in done:
        line_of.setdefault(g["moves"], len(line_of) + 1)
    # the depth of each think (None for a book move), or None for a game without its comments
    depth_of = {}
    for g in done:
        thinks = (pgn.get(g["game"]) or (None, None))[0]
        depth_of[g["game"]] = None if thinks is None else [None if t is None else t[0] for t in thinks]
    tc_mismatch = sum(1 for g in done if g["game"] in pgn and pgn[g["game"]][1] not in (None, g["budget"]))

    # map.csv
    B, T = base, test
    cols = ["pair", "budget", "result_%s_white" % B, "result_%s_white" % T, "%s_pair_score" % T,
            "line_%s_white" % B, "line_%s_white" % T, "plies_%s_white" % B, "plies_%s_white" % T,
            "termination_%s_white" % B, "termination_%s_white" % T]
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    w.writerow(cols)
    scores = []
    for p, a, b in pairs:
        s = (a["hp"] + b["hp"]) / 2
        scores.append(s)
        w.writerow([p, a["budget"], a["result"], b["result"], "%g" % s, line_of[a["moves"]],
                    line_of[b["moves"]], a["plies"], b["plies"], a["termination"], b["termination"]])
    csv_text = f.getvalue()

    # score
    n = len(pairs)
    won, drawn, lost = (sum(1 for s in scores if s > 1), sum(1 for s in scores if s == 1),
                        sum(1 for s in scores if s < 1))
    score = {"games": 2 * n, "points": sum(scores), "pentanomial_LL_LD_DDWL_WD_WW":
             [sum(1 for s in scores if s == k / 2) for k in range(5)]}
    score.update(ur.pair_score_interval(scores, 2)  # pair scores, 0..2
                 or dict(score=None, score_se=None, score_lo=None, score_hi=None, elo=None, elo_lo=None, elo_hi=None))
    score["interval"] = "95%, normal approximation on the pair scores (pentanomial): mean +- 1.96 sd/sqrt(pairs)"

    # lines
    line_games = defaultdict(list)
    for g in done:
        line_games[g["moves"]].append(g)
    top_lines = sorted(line_games.items(), key=lambda kv: (-len(kv[1]), line_of[kv[0]]))[:TOP_LINES]
    lines = []
    for mv, gs in top_lines:
        lines.append({"line": line_of[mv], "games": len(gs), "budgets": len({g["pair"] for g in gs}),
                      "white": dict(sorted(Counter(g["white"] for g in gs).items())), "plies": len(mv),
                      "termination": gs[0]["termination"], "result": gs[0]["result"],
                      "%s_points" % T: sum(g["hp"] for g in gs) / 2, **capped(windows(gs, budget_of))})

    # parting points
    parts = []
    for ply, prefix, nxt in ur.parting_nodes(done):
        node = {"ply": ply, "mover": "white" if ply % 2 else "black",
                "prefix": " ".join(prefix), "games": sum(len(v) for v in nxt.values()), "branches": []}
        for mv, gs in nxt.items():
            split = defaultdict(list)
            for g in gs:
                split[g[node["mover"]]].append(g)
            for build_, sub in split.items():
                d = Counter()
                for g in sub:
                    ds = depth_of[g["game"]]
                    d["?" if mv == ur.END or not ds or ds[ply - 1] is None else ds[ply - 1]] += 1
                node["branches"].append({
                    "move": mv, "build": build_, "colour": node["mover"], "games": len(sub),
                    "%s_points" % T: sum(g["hp"] for g in sub) / 2, "depths": ur.depth_text(d),
                    **capped(windows(sub, budget_of))})
        node["branches"].sort(key=lambda b: (-b["games"], b["move"], b["build"]))
        parts.append(node)
    parts.sort(key=lambda nd: (-nd["games"], nd["ply"], nd["prefix"]))

    budgets = [a["budget"] for _, a, _ in pairs]
    st = ur.settings(games[0]["settings"])
    facts = {
        "run": os.path.basename(os.path.normpath(run)), "base": B, "test": T,
        "games_read": len(games), "pairs": n, "games_outside_complete_pairs": len(games) - 2 * n,
        "planned_games": int(st["games"]) if st.get("games", "").isdigit() else None,
        "pgn_games_with_depths": sum(1 for g in done if depth_of[g["game"]]),
        "pgn_timecontrol_mismatches": tc_mismatch,
        "budgets": {"min": min(budgets) if budgets else None, "max": max(budgets) if budgets else None,
                    "step": int(st.get("node_clock_step", "0")),
                    "missing_inside": (len(set(range(min(budget_of), max(budget_of) + 1)) - set(budget_of))
                                       if budget_of else 0)},
        "pair_score_by_budget": {"%s_wins" % T: {"count": won, "share": ur.share(won, n)},
                                 "draws": {"count": drawn, "share": ur.share(drawn, n)},
                                 "%s_loses" % T: {"count": lost, "share": ur.share(lost, n)}},
        "score": score,
        "lines": {"distinct": len(line_of), "top": lines},
        "parting_points": {"count": len(parts), "first_ply": min((p["ply"] for p in parts), default=None),
                           "top": parts[:TOP_PARTS]},
    }
    files = {"map.csv": csv_text, "map.svg": svg_text(pairs, scores, facts, st),
             "map.json": json_text(facts), "map.md": md_text(facts)}
    return files, facts


# ---------------------------------------------------------------------------------------------- svg

def json_text(facts):
    """Indented JSON with lists of scalars on one line."""
    text = json.dumps(facts, indent=1, ensure_ascii=False)
    return re.sub(r"\[\n\s+([^\[\]{}]*?)\n\s*\]",
                  lambda m: "[" + ", ".join(x.strip() for x in m.group(1).split(",\n")) + "]", text) + "\n"


def svg_text(pairs, scores, F, st):
    T = F["test"]
    W, H, L, R, TOPM, BOT = 900, 420, 70, 20, 40, 60
    pw, ph = W - L - R, H - TOPM - BOT
    step = F["budgets"]["step"] or 1
    lo = int(st.get("node_clock", "0"))
    hi = lo + step * ((F["planned_games"] // 2) - 1) if F["planned_games"] and F["budgets"]["step"] else None
    bmax = max([hi or 0] + [a["budget"] for _, a, _ in pairs])
    if bmax <= lo:
        bmax = lo + 1
    x = lambda b: L + pw * (b - lo) / (bmax - lo)
    y = lambda s: TOPM + ph * (2 - s) / 2
    o = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
         'font-family="sans-serif" font-size="12">' % (W, H, W, H),
         '<rect x="0" y="0" width="%d" height="%d" fill="white"/>' % (W, H),
         '<text x="%d" y="22" font-size="14">%s</text>' % (L, esc(
             "%s: %s pair score vs %s from the initial position by node budget (%d pairs)" % (
                 F["run"], T, F["base"], F["pairs"])))]
    for k in range(5):
        s = k / 2
        o.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="%s" stroke-width="1"%s/>' % (
            L, y(s), L + pw, y(s), "#888" if k == 2 else "#ddd", ' stroke-dasharray="4,3"' if k == 2 else ""))
        o.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>' % (L - 6, y(s) + 4, s))
    # x ticks at whole and half millions
    t = math.ceil(lo / 500000) * 500000
    while t <= bmax:
        o.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#444"/>' % (x(t), TOPM + ph, x(t), TOPM + ph + 5))
        o.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>' % (x(t), TOPM + ph + 18, t / 1e6))
        t += 500000
    o.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#444"/>' % (L, TOPM, pw, ph))
    o.append('<text x="%.1f" y="%d" text-anchor="middle">budget (M nodes a side)</text>' % (L + pw / 2, H - 18))
    o.append('<text x="16" y="%.1f" text-anchor="middle" transform="rotate(-90 16 %.1f)">%s pair score '
             '(0..2)</text>' % (TOPM + ph / 2, TOPM + ph / 2, esc(T)))
    for (p, a, _), s in zip(pairs, scores):
        c = "#2a7" if s > 1 else "#c33" if s < 1 else "#888"
        o.append('<circle cx="%.1f" cy="%.1f" r="2.2" fill="%s" fill-opacity="0.6"/>' % (x(a["budget"]), y(s), c))
    # running mean: centred window of WINDOW budgets, drawn where every budget of it is played
    by_p = {p: s for (p, _, _), s in zip(pairs, scores)}
    half, pts, segs = WINDOW // 2, [], []
    for p, a, _ in pairs:
        win = [by_p.get(q) for q in range(p - half, p + half + 1)]
        if None in win:
            if pts:
                segs.append(pts)
            pts = []
            continue
        pts.append("%.1f,%.1f" % (x(a["budget"]), y(sum(win) / WINDOW)))
    if pts:
        segs.append(pts)
    for sg in segs:
        o.append('<polyline points="%s" fill="none" stroke="#15c" stroke-width="2"/>' % " ".join(sg))
    o.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#15c" stroke-width="2"/>' % (
        L + pw - 190, H - 22, L + pw - 165, H - 22))
    o.append('<text x="%d" y="%d">running mean, %d budgets</text>' % (L + pw - 160, H - 18, WINDOW))
    o.append("</svg>")
    return "\n".join(o) + "\n"


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ---------------------------------------------------------------------------------------------- md

def md_text(F):
    T, B, s, n = F["test"], F["base"], F["score"], F["pairs"]
    ps = F["pair_score_by_budget"]
    wn, dr, ls = ps["%s_wins" % T], ps["draws"], ps["%s_loses" % T]
    # the report's one rounding rule (scripts/report/formatting.py): half away from zero
    pc, el = pct_or_na, elo_or_na
    # a map is not a sample: neighbouring budgets often replay the same games, so its pairs are
    # not independent and an interval over them would claim more than it knows
    if s["elo"] is None:
        verdict = "too few pairs to say"
    elif wn["count"] > ls["count"]:
        verdict = "over the budgets mapped, %s wins its pair more often than it loses it" % T
    elif wn["count"] < ls["count"]:
        verdict = "over the budgets mapped, %s loses its pair more often than it wins it" % T
    else:
        verdict = "over the budgets mapped, %s wins and loses its pair equally often" % T
    b = F["budgets"]
    L = ["# %s: %s vs %s from the initial position, by node budget" % (F["run"], T, B), "",
         "**Does %s gain from the initial position across budgets? %s.** It wins its pair at %s of the budgets "
         "(%d), draws it at %s (%d), loses it at %s (%d); it scores %s over %d pairs (Elo %s). Neighbouring "
         "budgets often replay the same games (%d distinct games of %d), so the pairs are not independent: "
         "the normal interval over them, %s to %s (Elo %s to %s), is narrower than the truth and is given "
         "only as a description." % (
             T, verdict, pc(wn["share"]), wn["count"], pc(dr["share"]), dr["count"], pc(ls["share"]), ls["count"],
             pc(s["score"]), n, el(s["elo"]), F["lines"]["distinct"], 2 * n, pc(s["score_lo"]), pc(s["score_hi"]),
             el(s["elo_lo"]), el(s["elo_hi"])), "",
         "- budgets: %s–%s M nodes a side, step %d (%d pairs played%s)" % (
             mb(b["min"] or 0), mb(b["max"] or 0), b["step"], n,
             ", of %d planned" % (F["planned_games"] // 2) if F["planned_games"] else ""),
         "- pentanomial [LL, LD, DD/WL, WD, WW]: %s" % s["pentanomial_LL_LD_DDWL_WD_WW"],
         "- distinct games (lines): %d of %d games; the most common covers %d budgets" % (
             F["lines"]["distinct"], 2 * n, F["lines"]["top"][0]["budgets"] if F["lines"]["top"] else 0),
         "- parting points: %d; the first at ply %s" % (F["parting_points"]["count"], F["parting_points"]["first_ply"]),
         "", "## Main parting points (by games reaching them)", ""]
    for nd in F["parting_points"]["top"][:MD_PARTS]:
        pre = nd["prefix"] or "(start)"
        if len(pre) > 48:
            pre = "…" + pre[-45:]
        L.append("- ply %d, %s to move after `%s` (%d games):" % (nd["ply"], nd["mover"], pre, nd["games"]))
        for br in nd["branches"][:4]:
            L.append("  - %s as %s plays **%s** in %d games (depth %s; %s scores %g/%d): budgets %s" % (
                br["build"], br["colour"], br["move"], br["games"], depth_md(br["depths"]), T,
                br["%s_points" % T], br["games"], md_windows(br)))
        if len(nd["branches"]) > 4:
            L.append("  - %d more branches" % (len(nd["branches"]) - 4))
    L += ["", "## Most common lines", "",
          "| line | games | budgets | white | plies | end | %s pts | budget windows |" % T,
          "|---|---|---|---|---|---|---|---|"]
    for ln in F["lines"]["top"][:MD_LINES]:
        L.append("| %d | %d | %d | %s | %d | %s %s | %g | %s |" % (
            ln["line"], ln["games"], ln["budgets"], ", ".join("%s %d" % kv for kv in ln["white"].items()), ln["plies"], ln["termination"], ln["result"],
            ln["%s_points" % T], md_windows(ln)))
    return "\n".join(L) + "\n"


def depth_md(d):
    """"6:148" -> "6"; "5:3;6:9" stays."""
    return d.split(":")[0] if ";" not in d else d


def md_windows(x):
    ws = x["windows"].split(" (+")[0].split(", ")
    more = x["windows_count"] - min(len(ws), MD_WINDOWS)
    return ", ".join(ws[:MD_WINDOWS]) + (" (+%d more)" % more if more > 0 else "")


# ---------------------------------------------------------------------------------------------- main

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run", help="run directory holding games.csv and games.pgn")
    ap.add_argument("--out", help="output directory (default: the run directory)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if the files in --out are stale")
    a = ap.parse_args(argv)
    return ur.generate(NAME, lambda: build(a.run), a.out or a.run, a.check, tell)


def tell(F):
    T, ps, s = F["test"], F["pair_score_by_budget"], F["score"]
    print("%s: %d pairs; %s wins %d (%s), draws %d, loses %d pairs; score %s, Elo %s [%s, %s]; %d lines" % (
        NAME, F["pairs"], T, ps["%s_wins" % T]["count"], ps["%s_wins" % T]["share"], ps["draws"]["count"],
        ps["%s_loses" % T]["count"], s["score"], s["elo"], s["elo_lo"], s["elo_hi"], F["lines"]["distinct"]))
    top = F["parting_points"]["top"]
    if top:
        nd = top[0]
        print("%s: top parting point: ply %d (%s to move, %d games): %s" % (
            NAME, nd["ply"], nd["mover"], nd["games"], "; ".join(
                "%s %s as %s x%d d%s" % (b["move"], b["build"], b["colour"], b["games"], b["depths"])
                for b in nd["branches"])))


if __name__ == "__main__":
    sys.exit(main())
