#!/usr/bin/env python3
"""sd's Elo against search effort, every condition on one axis: results/effort.svg.

    scripts/effort.py            # writes results/effort.svg and results/effort.csv
    scripts/effort.py --check    # writes nothing: exit 1 if either is stale

x: search effort as **mean nodes per side per game** ((sd_nodes + old_nodes) / (2 games)),
log scale: it puts node budgets and clocks (on this machine's clock or scaled to 2006) on one
axis. y: sd's pentanomial Elo with its 95% interval (`ptnml_elo`, `ptnml_elo_pm`; a run without
an interval is drawn as a bare point). Every number is read from the committed
`results/<run>/summary.csv` files (made by `umax report`); runs with fewer than 20 complete
pairs are left out.

The post's two results are drawn where their conditions belong: at 15 s and 60 s per game on
micro-Max 3.2 at the 2006 reference speed of `--tc-scale 2006` (600,000 nodes/s:
results/calibration/README.md), i.e. 9 and 36 million nodes per side per game, with the
reference's own uncertainty (a factor of 1.5 either way) as a horizontal bar. Their y: the
logistic Elo of 57.5% and 53%, with a 95% interval from the score's normal approximation
assuming our draw ratio at a node budget (55%) for the post's games, which it did not report.
"""
import csv
import io
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(HERE, "results")

REF_NPS = 600_000.0
REF_UNCERTAINTY = 1.5
POST = [(15, 0.575, 100), (60, 0.53, 50)]
POST_DRAWS = 0.55
MIN_PAIRS = 20

W, H = 820, 520
LEFT, RIGHT, TOP, BOTTOM = 80, 30, 50, 60


def post_point(seconds, score, games):
    wins = score - POST_DRAWS / 2
    var = wins + POST_DRAWS / 4 - score * score
    half = 1.959964 * math.sqrt(var / games)
    return (seconds * REF_NPS, ur.elo(score), ur.elo(score - half), ur.elo(score + half))


def runs():
    out = []
    for name in sorted(os.listdir(RESULTS)):
        path = os.path.join(RESULTS, name, "summary.csv")
        if not os.path.isfile(path):
            continue
        row = ur.read_summary(path, convert=False)[0]
        # compare the whole value ("builds=old,sdnr" is another experiment, not old,sd)
        settings = ur.settings(row)
        if settings.get("builds") != "old,sd" or int(row["pairs"]) < MIN_PAIRS:
            continue
        # a budget sweep (node_clock_step: a pair at each budget) is a map, not a sample at one effort
        if "node_clock_step" in settings:
            continue
        games = int(row["games"])
        effort = (int(row["sd_nodes"]) + int(row["old_nodes"])) / (2 * games)
        e = row["ptnml_elo"]
        pm = row["ptnml_elo_pm"]
        if e == "":
            continue
        e = float(e)
        lo, hi = (e - float(pm), e + float(pm)) if pm != "" else (e, e)
        kind = "nodes" if "nodes" in settings else "node clock" if "node_clock" in settings else (
            "scaled clock" if "tc_ref_nps" in settings else "clock (this machine)")
        out.append({"run": name, "kind": kind, "games": games, "planned": int(settings.get("games", games)), "effort": effort,
                    "elo": e, "low": lo, "high": hi})
    return out


COLOURS = {"nodes": "#1f77b4", "clock (this machine)": "#2ca02c", "scaled clock": "#9467bd",
           "node clock": "#ff7f0e", "post": "#d62728"}


def main():
    points = runs()
    posts = [post_point(*s) for s in POST]
    xs = [p["effort"] for p in points] + [s[0] / REF_UNCERTAINTY for s in posts] + \
        [s[0] * REF_UNCERTAINTY for s in posts]
    ys = [v for p in points for v in (p["low"], p["high"])] + [v for s in posts for v in s[1:]] + [0.0]
    x0, x1 = math.log10(min(xs)) - 0.1, math.log10(max(xs)) + 0.1
    y0, y1 = min(ys), max(ys)
    pad = (y1 - y0) * 0.08
    y0, y1 = y0 - pad, y1 + pad

    def X(v):
        return LEFT + (math.log10(v) - x0) / (x1 - x0) * (W - LEFT - RIGHT)

    def Y(v):
        return TOP + (y1 - v) / (y1 - y0) * (H - TOP - BOTTOM)

    svg = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" font-family="sans-serif">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W/2}" y="28" font-size="17" text-anchor="middle">sd vs old: pentanomial Elo (95%) against search effort</text>']
    # axes and grid
    svg.append(f'<rect x="{LEFT}" y="{TOP}" width="{W-LEFT-RIGHT}" height="{H-TOP-BOTTOM}" fill="none" stroke="black"/>')
    for k in range(int(math.floor(x0)), int(math.ceil(x1)) + 1):
        for m in (1, 2, 5):
            v = m * 10 ** k
            if x0 <= math.log10(v) <= x1:
                svg.append(f'<line x1="{X(v):.1f}" y1="{TOP}" x2="{X(v):.1f}" y2="{H-BOTTOM}" stroke="#ddd"/>')
                label = f"{v/1e6:g}M" if v >= 1e6 else f"{v/1e3:g}k"
                svg.append(f'<text x="{X(v):.1f}" y="{H-BOTTOM+18}" font-size="12" text-anchor="middle">{label}</text>')
    step = 10 if y1 - y0 < 120 else 20
    t = math.ceil(y0 / step) * step
    while t <= y1:
        svg.append(f'<line x1="{LEFT}" y1="{Y(t):.1f}" x2="{W-RIGHT}" y2="{Y(t):.1f}" stroke="{"#888" if t == 0 else "#ddd"}"/>')
        svg.append(f'<text x="{LEFT-8}" y="{Y(t)+4:.1f}" font-size="12" text-anchor="end">{t:+g}</text>')
        t += step
    svg.append(f'<text x="{(LEFT+W-RIGHT)/2}" y="{H-18}" font-size="13" text-anchor="middle">mean nodes per side per game (log scale)</text>')
    svg.append(f'<text x="18" y="{(TOP+H-BOTTOM)/2}" font-size="13" text-anchor="middle" transform="rotate(-90 18 {(TOP+H-BOTTOM)/2})">sd Elo over old (pentanomial, 95%)</text>')

    def bar(x, lo, hi, colour):
        svg.append(f'<line x1="{X(x):.1f}" y1="{Y(lo):.1f}" x2="{X(x):.1f}" y2="{Y(hi):.1f}" stroke="{colour}" stroke-width="2"/>')
        for v in (lo, hi):
            svg.append(f'<line x1="{X(x)-5:.1f}" y1="{Y(v):.1f}" x2="{X(x)+5:.1f}" y2="{Y(v):.1f}" stroke="{colour}" stroke-width="2"/>')

    points.sort(key=lambda p: p["effort"])
    for i, p in enumerate(points):
        c = COLOURS[p["kind"]]
        # a neighbour close on the right: label on the left, so labels do not overlap
        crowded = i + 1 < len(points) and math.log10(points[i + 1]["effort"] / p["effort"]) < 0.12
        bar(p["effort"], p["low"], p["high"], c)
        svg.append(f'<circle cx="{X(p["effort"]):.1f}" cy="{Y(p["elo"]):.1f}" r="5" fill="{c}"/>')
        # left of the point when the next one is close, or when it is the last (the right edge)
        last = i + 1 == len(points)
        lx, anchor = (X(p["effort"]) - 8, "end") if crowded or last else (X(p["effort"]) + 8, "start")
        of = p["games"] if p["games"] >= p["planned"] else f"{p['games']} of {p['planned']}"  # a run being played
        svg.append(f'<text x="{lx:.1f}" y="{Y(p["elo"])-6:.1f}" font-size="11" fill="{c}" text-anchor="{anchor}">{p["run"]} ({of} g)</text>')
    for (seconds, score, games), (x, e, lo, hi) in zip(POST, posts):
        c = COLOURS["post"]
        bar(x, lo, hi, c)
        svg.append(f'<line x1="{X(x/REF_UNCERTAINTY):.1f}" y1="{Y(e):.1f}" x2="{X(x*REF_UNCERTAINTY):.1f}" y2="{Y(e):.1f}" stroke="{c}" stroke-dasharray="4 3"/>')
        svg.append(f'<rect x="{X(x)-5:.1f}" y="{Y(e)-5:.1f}" width="10" height="10" fill="{c}"/>')
        svg.append(f'<text x="{X(x)+8:.1f}" y="{Y(e)-6:.1f}" font-size="11" fill="{c}">the post, {seconds} s ({score*100:g}% of {games})</text>')
    # legend
    ly = TOP + 14
    for name, c in COLOURS.items():
        label = {"nodes": "node budget", "post": "Muller 2006 (x: 2006 reference, ×/÷1.5)"}.get(name, name)
        svg.append(f'<circle cx="{LEFT+14}" cy="{ly-4}" r="5" fill="{c}"/>')
        svg.append(f'<text x="{LEFT+24}" y="{ly}" font-size="12">{label}</text>')
        ly += 17
    svg.append("</svg>")
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(["run", "kind", "games", "planned_games", "nodes_per_side_per_game", "ptnml_elo", "elo_low", "elo_high"])
    for p in points:
        w.writerow([p["run"], p["kind"], p["games"], p["planned"], f"{p['effort']:.0f}", f"{p['elo']:.2f}",
                    f"{p['low']:.2f}", f"{p['high']:.2f}"])
    for (seconds, score, games), (x, e, lo, hi) in zip(POST, posts):
        w.writerow([f"post-{seconds}s", "post", games, games, f"{x:.0f}", f"{e:.2f}", f"{lo:.2f}", f"{hi:.2f}"])
    files = {"effort.svg": "\n".join(svg) + "\n", "effort.csv": out.getvalue()}
    if "--check" in sys.argv[1:]:  # writes nothing: exit 1 if a committed file is not what the runs give
        stale = [n for n, text in files.items()
                 if not os.path.isfile(os.path.join(RESULTS, n)) or open(os.path.join(RESULTS, n)).read() != text]
        if stale:
            sys.exit(f"effort.py: stale {', '.join(stale)} (run scripts/effort.py)")
        return
    for n, text in files.items():  # each file whole, through a rename
        tmp = os.path.join(RESULTS, n + ".part")
        with open(tmp, "w", newline="") as f:
            f.write(text)
        os.replace(tmp, os.path.join(RESULTS, n))
    print(files["effort.csv"], end="")


if __name__ == "__main__":
    main()
