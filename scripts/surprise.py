#!/usr/bin/env python3
"""How surprising is the 2006 post's result, given what we measured?

    scripts/surprise.py                 # writes results/surprise.csv and results/surprise.md
    scripts/surprise.py --print         # prints the Markdown table only

H.G. Muller, "self deepening: an improved implementation of IID" (Winboard forum, 24 Apr
2006): sd scored 57.5 of 100 games at 15 s per game, 26.5 of 50 at 60 s. For every
committed condition that stands for one of those (`--nodes 100000`, `--tc 15`, the scaled
15 s clock; `--nodes 400000`, `--tc 60`, the scaled 60 s clock), this computes **exactly**
(by convolution, no simulation) the probability that a match of the post's length scores at
least the post's score, if sd and old were as strong as our games say, under three
assumptions about how the post's games relate to each other:

1. independent games: each game W/D/L with our measured trinomial rates;
2. independent pairs: the games come in pairs with colours reversed (as ours), each pair
   scoring 0, ½, 1, 1½ or 2 with our measured pentanomial rates;
3. few distinct openings: the match is k distinct opening pairs (k = 5, 10, 25 for 100
   games; 5 and 25 for 50), each pair repeated n/(2k) times with the same result. micro-Max is
   nearly deterministic, so a match from few openings has only k independent results; this is
   the extreme case (at a clock, repeats can differ by timing).

Rates are the measured ones (maximum likelihood, no prior). Our rates are themselves
estimates: `P (pairs, rates uncertain)` averages the independent-pairs probability over the
rates' posterior (Dirichlet with the pair counts plus one half, DRAWS seeded draws), which is
what the measured rates allow. `z (the post vs here)` compares the post's score with ours as two
samples: the post's games as independent games with our per-game variance (it does not say it
played pairs), ours as pairs with our per-pair variance.

Assumption 3 says a repeated opening repeats its result. Our own runs test that where they
repeat openings (more pairs than openings): `results/surprise-repeats.csv` and the second table
of surprise.md give, for each such run, how many openings were played by more than one pair,
how many of the later pairs repeated the earlier pair's games move for move, and the
correlation of the two pairs' scores.

Everything is read from the committed `results/<run>/games.csv` (via the pair, opening, score
and move columns), nothing else.
"""
import csv
import math
import os
import random
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (run directory, label, the post's games, the post's score)
CONDITIONS = [
    ("nodes-100k", "`--nodes 100000`", 100, 57.5),
    ("tc-15", "`--tc 15` (this machine)", 100, 57.5),
    ("scaled-15", "`--tc 15 --tc-scale 2006`", 100, 57.5),
    ("nodes-400k", "`--nodes 400000`", 50, 26.5),
    ("tc-60", "`--tc 60` (this machine)", 50, 26.5),
    ("scaled-60", "`--tc 60 --tc-scale 2006`", 50, 26.5),
]


# Rates from fewer complete pairs than this say too little to compute anything from.
MIN_PAIRS = 20
# Posterior draws of the pentanomial rates for `P (pairs, rates uncertain)`, and their seed.
DRAWS = 400
SEED = 20061115


def read(run):
    path = os.path.join(HERE, "results", run, "games.csv")
    if not os.path.exists(path):
        return None
    # a line cut short by a running match is left out (the module's rule, as games_csv.rs's)
    return ur.read_games(path, quiet=True).rows


def rates(rows):
    """Trinomial rates (per game, sd's score 0, 0.5, 1) and pentanomial rates (per complete
    pair, sd's pair score in half points 0..4)."""
    tri = [0, 0, 0]
    for r in rows:
        tri[int(round(2 * float(r["test_score"])))] += 1
    penta = ur.pentanomial(rows)[0]
    n, m = sum(tri), sum(penta)
    return [c / n for c in tri], [c / m for c in penta] if m else None, n, m


def convolve(dist, times):
    """Distribution of the sum of `times` independent draws from `dist` (index = value)."""
    out = [1.0]
    for _ in range(times):
        new = [0.0] * (len(out) + len(dist) - 1)
        for i, p in enumerate(out):
            if p == 0.0:
                continue
            for j, q in enumerate(dist):
                new[i + j] += p * q
        out = new
    return out


def tail(dist, at_least):
    return sum(p for v, p in enumerate(dist) if v >= at_least - 1e-9)


def surprise(tri, penta, games, score):
    half = score * 2  # the post's score in half points
    out = {"games": tail(convolve(tri, games), half)}
    if penta:
        out["pairs"] = tail(convolve(penta, games // 2), half)
        for k in ([5, 10, 25] if games == 100 else [5, 25]):
            repeat = games // (2 * k)
            dist = convolve(penta, k)  # k pair results, each counted `repeat` times
            out[f"openings{k}"] = sum(p for v, p in enumerate(dist) if v * repeat >= half - 1e-9)
    return out


def uncertain_pairs(penta_counts, games, score):
    """The independent-pairs probability averaged over Dirichlet(counts + 1/2) draws."""
    rng = random.Random(SEED)
    half = score * 2
    total = 0.0
    for _ in range(DRAWS):
        g = [rng.gammavariate(c + 0.5, 1.0) for c in penta_counts]
        t = sum(g)
        total += tail(convolve([x / t for x in g], games // 2), half)
    return total / DRAWS


def z_post(tri, penta, pairs_here, games, score):
    """(the post's score share - ours) over the standard error of the difference: the post's games
    as independent games with our per-game variance (the post does not say it played pairs),
    ours as pairs with our per-pair variance."""
    mean = sum(i / 4 * p for i, p in enumerate(penta))
    var_pair = sum((i / 4 - mean) ** 2 * p for i, p in enumerate(penta))
    mean_game = sum(i / 2 * p for i, p in enumerate(tri))
    var_game = sum((i / 2 - mean_game) ** 2 * p for i, p in enumerate(tri))
    se = math.sqrt(var_game / games + var_pair / pairs_here)
    return (score / games - mean) / se


def repeats(rows):
    """For a run whose pairs repeat openings: (openings played by more than one pair, later
    pairs that repeat the first pair's two games move for move, correlation of the first and
    second pair's scores)."""
    by_pair = defaultdict(list)
    for r in rows:
        by_pair[r["pair"]].append(r)
    first = {}
    twins = []
    for pair in sorted(by_pair):
        games = by_pair[pair]
        if len(games) != 2:
            continue
        key = games[0]["opening_id"]
        games = sorted(games, key=lambda r: r["game"])
        if key in first:
            twins.append((first[key], games))
        else:
            first[key] = games
    if not twins:
        return None
    same = sum(1 for a, b in twins if [g["moves"] for g in a] == [g["moves"] for g in b])
    xs = [sum(float(g["test_score"]) for g in a) for a, _ in twins]
    ys = [sum(float(g["test_score"]) for g in b) for _, b in twins]
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    r = sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else float("nan")
    # the correlation's 95% interval (Fisher's z)
    lo = hi = float("nan")
    if n > 3 and abs(r) < 1:
        zf, se = math.atanh(r), 1 / math.sqrt(n - 3)
        lo, hi = math.tanh(zf - 1.96 * se), math.tanh(zf + 1.96 * se)
    return {"openings_repeated": n, "identical": same, "corr": r, "corr_low": lo, "corr_high": hi}


def fmt(p):
    if p is None:
        return "—"
    if p == 0:
        return "0"
    if p < 1e-4:
        return f"{p:.1e}"
    return f"{p:.4f}"


def main():
    header = ["condition", "games here", "pairs here", "W/D/L rates", "the post",
              "P (independent games)", "P (independent pairs)",
              "P (5 openings)", "P (10 openings)", "P (25 openings)",
              "P (pairs, rates uncertain)", "z (the post vs here)"]
    lines = []
    csv_rows = []
    repeat_rows = []
    for run, label, games, score in CONDITIONS:
        rows = read(run)
        if not rows:
            continue
        tri, penta, n, m = rates(rows)
        if m < MIN_PAIRS:
            lines.append(f"| {label} | {n} | {m} | — | {score:g}/{games} | too few pairs (< {MIN_PAIRS}) | | | | | | |")
            continue
        s = surprise(tri, penta, games, score)
        s["pairs_uncertain"] = uncertain_pairs([round(p * m) for p in penta], games, score)
        z = z_post(tri, penta, m, games, score)
        rep_stats = repeats(rows)
        if rep_stats:
            repeat_rows.append((run, label, rep_stats))
        post = f"{score:g}/{games}"
        cells = [label, str(n), str(m),
                 f"{tri[2]:.3f}/{tri[1]:.3f}/{tri[0]:.3f}", post,
                 fmt(s["games"]), fmt(s.get("pairs")),
                 fmt(s.get("openings5")), fmt(s.get("openings10")), fmt(s.get("openings25")),
                 fmt(s["pairs_uncertain"]), f"{z:.2f}"]
        lines.append("| " + " | ".join(cells) + " |")
        csv_rows.append({"run": run, "games_here": n, "pairs_here": m,
                         "win": f"{tri[2]:.6f}", "draw": f"{tri[1]:.6f}", "loss": f"{tri[0]:.6f}",
                         "post_games": games, "post_score": score,
                         **{f"p_{k}": f"{v:.8f}" for k, v in s.items()},
                         "z_post": f"{z:.4f}"})
    table = "\n".join(["| " + " | ".join(header) + " |",
                       "|" + "---|" * len(header)] + lines)
    if "--print" in sys.argv:
        print(table)
        return
    keys = ["run", "games_here", "pairs_here", "win", "draw", "loss", "post_games", "post_score",
            "p_games", "p_pairs", "p_openings5", "p_openings10", "p_openings25",
            "p_pairs_uncertain", "z_post"]
    with open(os.path.join(HERE, "results", "surprise.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=keys, lineterminator="\n")
        w.writeheader()
        for r in csv_rows:
            w.writerow({k: r.get(k, "") for k in keys})
    rkeys = ["run", "openings_repeated", "identical", "corr", "corr_low", "corr_high"]
    with open(os.path.join(HERE, "results", "surprise-repeats.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(rkeys)
        for run, _, r in repeat_rows:
            w.writerow([run, r["openings_repeated"], r["identical"], f"{r['corr']:.4f}",
                        f"{r['corr_low']:.4f}", f"{r['corr_high']:.4f}"])
    rtable = ["| run | openings played by two pairs | later pair identical to the first | correlation of the two pair scores [95%] |",
              "|---|---|---|---|"]
    for _, label, r in repeat_rows:
        rtable.append(f"| {label} | {r['openings_repeated']} | {r['identical']} | "
                      f"{r['corr']:+.2f} [{r['corr_low']:+.2f}, {r['corr_high']:+.2f}] |")
    with open(os.path.join(HERE, "results", "surprise.md"), "w") as f:
        f.write("<!-- made by scripts/surprise.py from the committed games.csv files -->\n")
        f.write(table + "\n\n")
        f.write("The few-openings columns assume that a repeated opening repeats its result. Runs that repeat "
                "openings (more pairs than openings) test that: how many later pairs replayed the first "
                "pair's two games move for move, and how the two pairs' scores correlate.\n\n")
        f.write("\n".join(rtable) + "\n")
    print(table)


if __name__ == "__main__":
    main()
