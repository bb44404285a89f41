#!/usr/bin/env python3
"""The node clock's wavering fitted to the CPU clock's: a factor per think, a factor per game
(and how far the two sides of one game share it), and the machine's own speed, from the
committed PGNs of the CPU-clock runs.

    python3 scripts/wavering.py            # from the repository root; writes
                                           # results/clock-jitter/wavering.json and wavering.md
    python3 scripts/wavering.py --check    # fails if those files are not what it would write

Each engine think's node rate r = log(nodes / CPU s) (thinks with CPU >= 0.05 s, as
scripts/clock-jitter.py reads them) is taken apart as

    r = mu[search] + u[game side] + e[think]

`search` is one search: the same build, the same position (the same moves from the same
start) and the same node count, over the whole run. The engine clears its hash before every
think and stops only between iterations, so the thinks of one search searched the same tree:
`mu` takes out the position's own rate. `u` is the game side's (one build in one game) speed,
`e` what is left, the think's own. The two are fitted together by alternating means (a two-way
fixed-effects fit; searches seen once fit themselves and say nothing). Only the runs from the
initial position repeat their searches often enough for this (about half their thinks); the
components:

  think        sd of e (residual sum of squares over its degrees of freedom);
  game         sd of u about its build's mean in its block of 100 games, less the part that
               the fitted u's own noise explains (think^2 / thinks of the game side), floor 0;
  block        sd of the (block, build) means of u about the build's run mean: the machine's
               own speed from block to block (on the node clock: the budget);
  rho          the correlation of the two sides' u in one game (each about its block and build
               mean): `rho_raw` as measured, `rho` the covariance over game^2 (the u's noise is
               independent between the sides, so it lowers the raw correlation, not the
               covariance).

The same correlation from the plain game-side means (no position taken out) is measured over
every CPU-clock run (`rho_plain`, per run and pooled), as a check that does not need repeats.

The node clock's model (`umax match --clock-wavering THINK,GAME,RHO`, `docs/spec/match-protocol.md`)
uses think, game and rho pooled over the initial-position runs; the machine's speed is the
budget, swept by the runs that use it.
"""
import argparse
import importlib.util
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(HERE, "results")
OUT = os.path.join(RESULTS, "clock-jitter")
STARTPOS_RUNS = ("startpos-scaled-15", "startpos-clock-sweep", "startpos-sd-iidr2-scaled-15")
ITERATIONS = 200

_spec = importlib.util.spec_from_file_location(
    "clock_jitter", os.path.join(os.path.dirname(os.path.abspath(__file__)), "clock-jitter.py"))
cj = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cj)


def cpu_runs():
    """{leaf: games} of every CPU-clock run under results/ (as clock-jitter.py reads them)."""
    import glob
    pgns = sorted(glob.glob(os.path.join(RESULTS, "*", "games.pgn"))
                  + glob.glob(os.path.join(RESULTS, "*", "*", "games.pgn")))
    leaves = {}
    for pgn in pgns:
        run_dir = os.path.dirname(pgn)
        leaf = os.path.relpath(run_dir, RESULTS).replace(os.sep, "/")
        if leaf.startswith("clock-jitter") or not cj.is_cpu_clock(run_dir, pgn):
            continue
        games, _ = cj.load(pgn)
        if games:
            leaves[leaf] = games
    return leaves


def observations(leaves, names):
    """[(search, game_side, block_build, r)] of the runs whose top folder is in names."""
    obs = []
    for leaf, games in leaves.items():
        if leaf.split("/")[0] not in names:
            continue
        for g in games:
            block = (leaf, (g["round"] - 1) // cj.BLOCK)
            for s, key, cpu, nodes in g["thinks"]:
                if cpu < cj.THRESHOLD or nodes <= 0:
                    continue
                build = g["builds"][s]
                obs.append(((leaf, build, key, nodes), (leaf, g["round"], s),
                            (block, build), math.log(nodes / cpu)))
    return obs


def fit(obs):
    """The two-way fit: (think, game, block, rho_raw, rho, counts)."""
    mu, u = {}, {}
    for _ in range(ITERATIONS):
        acc = {}
        for c, gs, _, r in obs:
            a = acc.setdefault(c, [0.0, 0])
            a[0] += r - u.get(gs, 0.0)
            a[1] += 1
        mu = {c: s / n for c, (s, n) in acc.items()}
        acc = {}
        for c, gs, _, r in obs:
            a = acc.setdefault(gs, [0.0, 0])
            a[0] += r - mu[c]
            a[1] += 1
        new = {gs: s / n for gs, (s, n) in acc.items()}
        mean = sum(new.values()) / len(new)
        new = {gs: v - mean for gs, v in new.items()}
        delta = max(abs(new[k] - u.get(k, 0.0)) for k in new)
        u = new
        if delta < 1e-10:
            break
    n_of = {}
    rss = 0.0
    for c, gs, _, r in obs:
        e = r - mu[c] - u[gs]
        rss += e * e
        n_of[gs] = n_of.get(gs, 0) + 1
    df = len(obs) - len(mu) - len(u) + 1
    think = math.sqrt(rss / df)
    # game sides about their (block, build) mean
    bb_of = {gs: bb for _, gs, bb, _ in obs}
    groups = {}
    for gs, v in u.items():
        groups.setdefault(bb_of[gs], []).append((gs, v))
    ss, dfg, noise = 0.0, 0, []
    centred = {}
    bb_means = {}
    for bb, xs in groups.items():
        m = sum(v for _, v in xs) / len(xs)
        bb_means[bb] = m
        for gs, v in xs:
            centred[gs] = v - m
        if len(xs) < 2:
            continue
        ss += sum((v - m) ** 2 for _, v in xs)
        dfg += len(xs) - 1
        noise.extend(think * think / n_of[gs] for gs, _ in xs)
    between = ss / dfg
    game = math.sqrt(max(0.0, between - sum(noise) / len(noise)))
    # blocks: (block, build) means about the (run, build) mean
    runs = {}
    for (block, build), m in bb_means.items():
        runs.setdefault((block[0], build), []).append(m)
    _, block_sd = cj.pooled_sd(runs.values())
    # the two sides of one game
    pairs = []
    for (leaf, rnd, s), v in centred.items():
        if s == 0 and (leaf, rnd, 1) in centred:
            pairs.append((v, centred[(leaf, rnd, 1)]))
    rho_raw, cov = correlation(pairs)
    rho = cov / (game * game) if game > 0 else float("nan")
    return {
        "think": think, "game": game, "block": block_sd,
        "game_sides_sd": math.sqrt(between), "rho_raw": rho_raw, "rho": rho,
        "thinks": len(obs), "searches": len(mu), "game_sides": len(u), "games_paired": len(pairs),
    }


def correlation(pairs):
    """(Pearson r, covariance) of a list of (x, y)."""
    n = len(pairs)
    if n < 3:
        return float("nan"), float("nan")
    mx = sum(x for x, _ in pairs) / n
    my = sum(y for _, y in pairs) / n
    sxy = sum((x - mx) * (y - my) for x, y in pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    syy = sum((y - my) ** 2 for _, y in pairs)
    return sxy / math.sqrt(sxx * syy), sxy / (n - 1)


def plain_rho(games):
    """The correlation of the two sides' plain game means (mean r of each side's thinks),
    each about its build's mean in its block; (r, games)."""
    rows = []
    for g in games:
        block = (g["round"] - 1) // cj.BLOCK
        means = []
        for side in (0, 1):
            rs = [math.log(n / c) for s, _, c, n in g["thinks"]
                  if s == side and c >= cj.THRESHOLD and n > 0]
            means.append(sum(rs) / len(rs) if rs else None)
        if None not in means:
            rows.append((block, g["builds"], means))
    acc = {}
    for block, builds, means in rows:
        for side in (0, 1):
            a = acc.setdefault((block, builds[side]), [0.0, 0])
            a[0] += means[side]
            a[1] += 1
    pairs = [tuple(means[s] - acc[(block, builds[s])][0] / acc[(block, builds[s])][1]
                   for s in (0, 1)) for block, builds, means in rows]
    return correlation(pairs)[0], len(pairs)


def compute():
    leaves = cpu_runs()
    fits = {name: fit(observations(leaves, (name,))) for name in STARTPOS_RUNS}
    pooled = fit(observations(leaves, STARTPOS_RUNS))
    plain = {}
    for name in sorted({leaf.split("/")[0] for leaf in leaves}):
        gs = []
        for i, leaf in enumerate(sorted(x for x in leaves if x.split("/")[0] == name)):
            # blocks are per leaf: offset each leaf's rounds so that blocks never mix leaves
            gs.extend(dict(g, round=g["round"] + 1_000_000 * i) for g in leaves[leaf])
        plain[name] = plain_rho(gs)
    everything = []
    for i, leaf in enumerate(sorted(leaves)):
        everything.extend(dict(g, round=g["round"] + 1_000_000 * i) for g in leaves[leaf])
    plain_all = plain_rho(everything)
    r4 = lambda x: None if x is None or (isinstance(x, float) and math.isnan(x)) else round(x, 4)
    model = {"think": round(pooled["think"], 2), "game": round(pooled["game"], 2),
             "rho": round(min(1.0, max(0.0, pooled["rho"])), 1)}
    return {
        "model": model,
        "fits": {name: {k: (r4(v) if isinstance(v, float) else v) for k, v in f.items()}
                 for name, f in list(fits.items()) + [("pooled", pooled)]},
        "rho_plain": {name: {"rho": r4(r), "games": n} for name, (r, n) in plain.items()},
        "rho_plain_all": {"rho": r4(plain_all[0]), "games": plain_all[1]},
        "cpu_threshold_s": cj.THRESHOLD,
        "block_games": cj.BLOCK,
    }


def markdown(facts):
    f = facts["fits"]
    lines = [
        "# The node clock's wavering, fitted to the CPU clock",
        "",
        "Written by `python3 scripts/wavering.py` from the committed PGNs; do not edit.",
        "",
        "**Model** (`--clock-wavering %s,%s,%s`): each think's speed factor is the product of its"
        % (facts["model"]["think"], facts["model"]["game"], facts["model"]["rho"]),
        "game side's factor (sd %s, the two sides of one game correlated %s) and its own (sd %s);"
        % (facts["model"]["game"], facts["model"]["rho"], facts["model"]["think"]),
        "the machine's own speed is the budget.",
        "",
        "Two-way fit r = mu[search] + u[game side] + e[think], runs from the initial position:",
        "",
        "| run | thinks | searches | game sides | think | game | block | rho_raw | rho |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name in list(STARTPOS_RUNS) + ["pooled"]:
        x = f[name]
        lines.append("| %s | %d | %d | %d | %.3f | %.3f | %.3f | %.2f | %.2f |" % (
            name, x["thinks"], x["searches"], x["game_sides"], x["think"], x["game"],
            x["block"], x["rho_raw"], x["rho"]))
    lines += [
        "",
        "The two sides' plain game means (no position taken out), each about its block and",
        "build mean, correlated, per CPU-clock run:",
        "",
        "| run | games | rho_plain |",
        "|---|---|---|",
    ]
    for name, x in sorted(facts["rho_plain"].items()):
        lines.append("| %s | %d | %s |" % (name, x["games"],
                                            "-" if x["rho"] is None else "%.2f" % x["rho"]))
    a = facts["rho_plain_all"]
    lines.append("| all | %d | %.2f |" % (a["games"], a["rho"]))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if the files are stale")
    args = ap.parse_args()
    facts = compute()
    text_json = json.dumps(facts, indent=1, sort_keys=True) + "\n"
    text_md = markdown(facts)
    paths = {os.path.join(OUT, "wavering.json"): text_json,
             os.path.join(OUT, "wavering.md"): text_md}
    if args.check:
        stale = [p for p, t in paths.items()
                 if not os.path.exists(p) or open(p).read() != t]
        for p in stale:
            print("stale: %s (run python3 scripts/wavering.py)" % os.path.relpath(p, HERE))
        return 1 if stale else 0
    os.makedirs(OUT, exist_ok=True)
    for p, t in paths.items():
        tmp = p + ".tmp"
        with open(tmp, "w") as fh:
            fh.write(t)
        os.replace(tmp, p)
    sys.stdout.write(text_md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
