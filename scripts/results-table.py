#!/usr/bin/env python3
"""Writes the results table into results/journal.md and README.md from the committed
summary.csv files, so the numbers there come from those files and nowhere else.

    scripts/results-table.py            # rewrite the tables between <!-- TABLE --> markers
    scripts/results-table.py --print    # print the table only

Each condition is a run directory under results/ with a summary.csv made by `umax report`
(or `umax match`). Missing directories are listed as "not run yet".
"""
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The 2006 reference speed of --tc-scale 2006 (results/calibration/README.md), nodes/s: a node
# budget's label gives its games' nodes per side in seconds at that speed ({ref_s}).
REF_NPS = 600_000

# (run directory, condition label, seed claim, target games)
CONDITIONS = [
    ("nodes-100k", "`--nodes 100000` ({ref_s})", "57.5% (100 games at 15 s/game), sd +3.6% time", 500),
    ("nodes-400k", "`--nodes 400000` (4× longer, {ref_s})", "53.0% (50 games at 60 s/game), sd −2.8% time", 300),
    ("tc-15", "`--tc 15` (15 s CPU/game/side, this machine)", "57.5%, sd +3.6% time", 300),
    ("tc-60", "`--tc 60` (60 s CPU/game/side, this machine)", "53.0%, sd −2.8% time", 100),
    ("scaled-15", "`--tc 15 --tc-scale 2006` (15 s/game/side scaled to 2006)", "57.5%, sd +3.6% time", 1000),
    ("scaled-60", "`--tc 60 --tc-scale 2006` (60 s/game/side scaled to 2006)", "53.0%, sd −2.8% time", 500),
]


def num(x):
    """A summary.csv float, or None for an empty field (an estimate `umax report` could not
    make: see the Statistics section of README.md). Older files wrote nan/inf there."""
    if x == "":
        return None
    v = float(x)
    return v if v == v and abs(v) != float("inf") else None


def fmt_pm(v, pm):
    """Elo ± its 95% half-width; "—" where there is no interval (an empty field: no spread
    in the data, e.g. one game, or no complete pair)."""
    v, pm = num(v), num(pm)
    if v is None or pm is None or pm == 0.0:
        return "—"
    return f"{v:+.1f} ± {pm:.1f}"


def fmt(x, scale=1.0, spec=".3f"):
    v = num(x)
    return "—" if v is None else format(scale * v, spec)


def row(d, label, claim, target):
    path = os.path.join(HERE, "results", d, "summary.csv")
    if not os.path.exists(path):
        started = os.path.exists(os.path.join(HERE, "results", d, "games.csv"))
        what = "started, no game finished yet" if started else "not run yet"
        return f"| {label} | {claim} | {what} (target {target}) | | | | | | | | |"
    s = ur.read_summary(path, convert=False)[0]
    games = int(s["games"])
    if "{ref_s}" in label:
        per_side = (float(s["sd_nodes"]) + float(s["old_nodes"])) / (2 * games)
        label = label.replace("{ref_s}", f"≈ {per_side / REF_NPS:.0f} s/game at 600k nodes/s")
    status = f"{games}" + ("" if games >= target else f" of {target} (partial)")
    low, high = num(s["score_low"]), num(s["score_high"])
    interval = "—" if low is None or high is None else f"{100*low:.1f}, {100*high:.1f}"
    score = f"{fmt(s['score'], 100, '.1f')}% [{interval}]"
    wdl = f"+{s['wins']} ={s['draws']} −{s['losses']}"
    return (
        f"| {label} | {claim} | {status} | {score} ({wdl}) | {fmt_pm(s['elo'], s['elo_pm'])} | "
        f"{fmt_pm(s['ptnml_elo'], s['ptnml_elo_pm'])} | {fmt(s['los'], 100, '.1f')}% | "
        f"{fmt(s['draw_ratio'], 100, '.1f')}% | {fmt(s['time_ratio'])} | {fmt(s['node_ratio'])} | "
        f"{s['identical_pairs']} of {s['pairs']} |"
    )


def table():
    head = (
        "| condition | seed claim | games | sd score [95%] (W D L) | Elo ± 95% (trinomial) | "
        "Elo ± 95% (pentanomial) | LOS | draws | time ratio sd/old (CPU) | node ratio sd/old | identical pairs |\n"
        "|---|---|---|---|---|---|---|---|---|---|---|\n"
    )
    return head + "\n".join(row(*c) for c in CONDITIONS) + "\n"


def docs_links(rel, text):
    """Links of a block written into a file under docs/: relative to the repository root in the
    generators, relative to the file there."""
    if not rel.replace(os.sep, "/").split("/")[-2:-1] == ["docs"]:
        return text
    return re.sub(r"\]\((?!https?:|#|\.\./|/|mailto:)([^)\s]+)\)", r"](../\1)", text)


def splice(path, text):
    with open(path) as f:
        s = f.read()
    new, n = re.subn(r"(<!-- TABLE -->\n).*?(<!-- /TABLE -->)", lambda m: m.group(1) + docs_links(path, text) + m.group(2), s, flags=re.S)
    if n == 0:
        sys.exit(f"results-table: no <!-- TABLE --> ... <!-- /TABLE --> markers in {path}")
    with open(path, "w") as f:
        f.write(new)


if __name__ == "__main__":
    t = table()
    if "--print" in sys.argv:
        sys.stdout.write(t)
    else:
        for p in ("results/journal.md", "docs/reference.md"):
            splice(os.path.join(HERE, p), t)
