#!/usr/bin/env python3
"""The IID study's text, generated from its committed files (so text and files cannot drift).

    scripts/study-report.py            # rewrite the marked blocks of results/journal.md and README.md
    scripts/study-report.py --check    # exit 1 (naming the block) if a block is not what the files give

Reads results/iid-scaled-15/ (ratings.csv and crosstable.csv, written by `umax tournament`
or `umax tournament --rate`, and each pairing's games.csv through scripts/umaxresults.py) and
results/iid-cost/depth.csv (`umax bench --build all --depth D --csv`), and writes:
- between `<!-- STUDY -->` and `<!-- /STUDY -->` in results/journal.md: the rating table, the
  games per pairing, the cost-to-depth medians, and the conclusions, each sentence built from
  the numbers it quotes;
- between `<!-- STUDY-HEADLINE -->` and `<!-- /STUDY-HEADLINE -->` in README.md: the headline.
Every figure in those blocks comes from those files; nothing in them is typed by hand.
"""

import csv
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STUDY = os.path.join(ROOT, "results", "iid-scaled-15")
COST = os.path.join(ROOT, "results", "iid-cost", "depth.csv")
GOAL = 200  # games per pairing the study asks for
# the 2006 post's 57.5% as a logistic Elo difference
SEED_ELO = -400 * __import__("math").log10(1 / 0.575 - 1)
SEED = {
    "old": "003", "sd": "000", "noiid": "001", "iidr2": "001", "iidcut": "004", "sdp": "002",
    "sdnr": "-",
}


def num(x):
    return None if x in ("", None) else float(x)


def fmt(x, spec="+.1f"):
    return "undefined" if x is None else format(x, spec)


def read_csv(path):
    if not os.path.isfile(path):
        ur.fail(f"{path}: missing (run umax tournament --rate {os.path.dirname(path)})")
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def pairing_counts():
    counts = {}
    for name in sorted(os.listdir(STUDY)):
        p = os.path.join(STUDY, name, "games.csv")
        if os.path.isfile(p):
            counts[name] = len(ur.read_games(p, quiet=True).rows)
    return counts


def cost_medians():
    """{build: {depth: median ratio to old}} over the positions where both completed it."""
    if not os.path.isfile(COST):
        return None, []
    rows = read_csv(COST)
    builds = [c[: -len("_old_ratio")] for c in rows[0] if c.endswith("_old_ratio")]
    out = {}
    depths = sorted({int(r["depth"]) for r in rows})
    for b in builds:
        out[b] = {}
        for d in depths:
            v = [float(r[f"{b}_old_ratio"]) for r in rows if int(r["depth"]) == d and r[f"{b}_old_ratio"]]
            out[b][d] = (statistics.median(v), len(v)) if v else (None, 0)
    return out, depths


def fresh(ratings, counts):
    """Refuses a ratings.csv made from other rows than the committed games.csv files."""
    rated = sum(int(r["games"]) for r in ratings) // 2
    if rated != sum(counts.values()):
        ur.fail(
            f"{STUDY}/ratings.csv rates {rated} games but the pairings hold {sum(counts.values())}: "
            f"run umax tournament --rate {STUDY} first",
            1,
        )


def record_builds():
    """The builds of the study's tournament.txt (its record), as --builds takes them."""
    with open(os.path.join(ROOT, "results", "iid-scaled-15", "tournament.txt")) as f:
        for line in f:
            if line.startswith("builds="):
                return line.strip()[len("builds="):]
    ur.fail("results/iid-scaled-15/tournament.txt: no builds= line")


def study_block():
    ratings = read_csv(os.path.join(STUDY, "ratings.csv"))
    counts = pairing_counts()
    fresh(ratings, counts)
    total = sum(counts.values())
    lo, hi = min(counts.values()), max(counts.values())
    full = sum(1 for n in counts.values() if n >= GOAL)
    out = []
    out.append(
        f"**Games**: {total} in {len(counts)} pairings ({lo}–{hi} per pairing; {full} of "
        f"{len(counts)} pairings have the study's {GOAL}), at `--tc 15 --tc-scale 2006`: 15 s per "
        "game per side scaled to a 2006 desktop (this machine's speed measured at each start of "
        "the first six builds' run, 7.30, 8.92 and 9.18 M nodes/s in its three segments, and fixed "
        "at 7.68 M nodes/s by `--tc-speed` for the pairings added later; each row records its own "
        "factor, each pairing's `command.txt` every start)."
    )
    out.append("")
    out.append("| rank | build | seed | Elo vs old | 95% interval | games | score | draws | CPU time / old | nodes / old | mean depth |")
    out.append("|---|---|---|---|---|---|---|---|---|---|---|")
    for k, r in enumerate(ratings, 1):
        elo, l, h = num(r["elo"]), num(r["lo95"]), num(r["hi95"])
        interval = "(anchor)" if r["build"] == "old" else f"[{fmt(l)}, {fmt(h)}]"
        out.append(
            f"| {k} | `{r['build']}` | {SEED.get(r['build'], '-')} | {fmt(elo)} | {interval} | {r['games']} | "
            f"{100 * float(r['score']):.1f}% | {100 * float(r['draws']):.1f}% | "
            f"{fmt(num(r['time_vs_anchor']), '.3f')} | {fmt(num(r['nodes_vs_anchor']), '.3f')} | "
            f"{fmt(num(r['mean_depth']), '.2f')} |"
        )
    out.append("")
    out.append(
        "Ratings: Bradley–Terry maximum likelihood over all pairings at once (draws as half "
        "points), anchored at old = 0; 95% intervals from a bootstrap over game pairs "
        "(`ratings.txt` beside the files has the cross table and the LOS matrix; `ratings.svg` "
        "the plot). CPU time and nodes per game are each build's mean over old's."
    )
    out.append("")
    out.append("![Elo of every build against old, with 95% intervals](iid-scaled-15/ratings.svg)")
    out.append("")
    # conclusions, each from the numbers it quotes
    by = {r["build"]: r for r in ratings}
    outside = []
    inside = []
    for r in ratings:
        if r["build"] == "old":
            continue
        l, h = num(r["lo95"]), num(r["hi95"])
        if l is not None and h is not None and (l > 0 or h < 0):
            outside.append(f"`{r['build']}` ({fmt(num(r['elo']))} [{fmt(l)}, {fmt(h)}])")
        else:
            inside.append(f"`{r['build']}`")
    out.append("**What the files show** (regenerated by `scripts/study-report.py` from them):")
    out.append("")
    if outside:
        out.append(
            f"- Differs from old by more than its interval: {', '.join(outside)}. Every other "
            f"build ({', '.join(inside)}) has an interval that contains old's 0."
        )
    else:
        out.append(f"- No build's interval excludes old's 0: {', '.join(inside)}.")
    if "sd" in by:
        sd = by["sd"]
        out.append(
            f"- Muller's claim (self-deepening better than conventional IID, 57.5% ≈ "
            f"{SEED_ELO:+.0f} Elo at 15 s): here sd rates {fmt(num(sd['elo']))} Elo against old, 95% interval "
            f"[{fmt(num(sd['lo95']))}, {fmt(num(sd['hi95']))}]"
            + (
                f" — the interval excludes {SEED_ELO:+.0f}."
                if num(sd["hi95"]) is not None and num(sd["hi95"]) < SEED_ELO
                else f" — the interval does not exclude {SEED_ELO:+.0f}."
            )
        )
    if "noiid" in by and "iidr2" in by:
        n, r2 = by["noiid"], by["iidr2"]
        diff = num(r2["elo"]) - num(n["elo"]) if num(r2["elo"]) is not None and num(n["elo"]) is not None else None
        out.append(
            f"- The Chess Programming Wiki's \"washout\" (IID barely matters): the control without IID, noiid, rates "
            f"{fmt(num(n['elo']))} [{fmt(num(n['lo95']))}, {fmt(num(n['hi95']))}], classic iidr2 "
            f"{fmt(num(r2['elo']))} [{fmt(num(r2['lo95']))}, {fmt(num(r2['hi95']))}] (a difference "
            f"of {fmt(diff)} Elo); noiid spends {fmt(num(n['nodes_vs_anchor']), '.3f')} of old's "
            "nodes per game at the same clock."
        )
    if full < len(counts):
        out.append(
            f"- The run is not complete: {total} of {GOAL * len(counts)} games. It resumes with "
            f"`umax tournament --builds {record_builds()} --tc 15 --tc-scale 2006 "
            "--tc-speed 7683265 --games-per-pair 200 --out results/iid-scaled-15 --resume` (the "
            "new pairings' speed, fixed; the factor of each row is in its settings)."
        )
    widths = [
        (num(r["hi95"]) - num(r["lo95"])) / 2
        for r in ratings
        if num(r["lo95"]) is not None and num(r["hi95"]) is not None
    ]
    out.append(
        "- What these do not show: strength at other clocks (only the scaled 15 s was played), "
        f"and differences finer than the intervals (their half-widths are {min(widths):.0f}–"
        f"{max(widths):.0f} Elo at this size)."
    )
    cost, depths = cost_medians()
    out.append("")
    if cost:
        out.append(f"**Cost to depth** (`results/iid-cost/`: `umax bench --build all --depth {depths[-1]}` on "
                   "the 16 bench positions; the median over the positions that complete each depth, 16 at "
                   "depth 1 and 14 from depth 2 on (two are mate in one), of each build's nodes to "
                   "complete it, over old's):")
        out.append("")
        out.append("| depth | " + " | ".join(f"`{b}`" for b in cost) + " |")
        out.append("|---|" + "---|" * len(cost))
        for d in depths:
            cells = []
            for b in cost:
                m, n = cost[b][d]
                cells.append("-" if m is None else f"{m:.3f}")
            out.append(f"| {d} | " + " | ".join(cells) + " |")
        out.append("")
        deep = depths[-1]
        cheap = sorted((cost[b][deep][0], b) for b in cost if cost[b][deep][0] is not None)
        out.append(
            f"At depth {deep} the cheapest build is `{cheap[0][1]}` ({cheap[0][0]:.3f} of old's nodes) "
            f"and the dearest `{cheap[-1][1]}` ({cheap[-1][0]:.3f})."
        )
    else:
        out.append("**Cost to depth**: `results/iid-cost/depth.csv` is not committed yet.")
    return "\n".join(out)


def headline_block():
    ratings = read_csv(os.path.join(STUDY, "ratings.csv"))
    counts = pairing_counts()
    total = sum(counts.values())
    parts = []
    for r in ratings:
        if r["build"] == "old":
            continue
        parts.append(f"`{r['build']}` {fmt(num(r['elo']))} [{fmt(num(r['lo95']))}, {fmt(num(r['hi95']))}]")
    return (
        f"**The IID study** (`umax tournament`, every IID scheme of the literature in one round robin at "
        f"the scaled 15 s; {total} games, {min(counts.values())}–{max(counts.values())} per "
        f"pairing): Elo against old with 95% intervals (bootstrap over game pairs): "
        + "; ".join(parts)
        + ". Full table, cost to depth and conclusions: "
        "[`results/journal.md`](results/journal.md#the-iid-study)."
    )


def docs_links(rel, text):
    """Links of a block written into a file under docs/: relative to the repository root in the
    generators, relative to the file there."""
    if not rel.replace(os.sep, "/").split("/")[-2:-1] == ["docs"]:
        return text
    return re.sub(r"\]\((?!https?:|#|\.\./|/|mailto:)([^)\s]+)\)", r"](../\1)", text)


def replace(path, tag, text, check):
    with open(path) as f:
        s = f.read()
    a, b = f"<!-- {tag} -->", f"<!-- /{tag} -->"
    if a not in s or b not in s:
        ur.fail(f"{path}: no {a} ... {b} block")
    i, j = s.index(a) + len(a), s.index(b)
    new = s[:i] + "\n" + docs_links(path, text) + "\n" + s[j:]
    if check:
        if new != s:
            print(f"{path}: the {tag} block is not what the files give; run scripts/study-report.py")
            return False
        return True
    with open(path, "w") as f:
        f.write(new)
    return True


def main():
    check = "--check" in sys.argv[1:]
    ok = replace(os.path.join(ROOT, "results", "journal.md"), "STUDY", study_block(), check)
    ok &= replace(os.path.join(ROOT, "docs", "reference.md"), "STUDY-HEADLINE", headline_block(), check)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
