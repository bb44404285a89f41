#!/usr/bin/env python3
"""The CPU clock's speed jitter, estimated from the committed PGNs (a parameter for the
node clock's `--clock-jitter SIGMA`).

    python3 scripts/clock-jitter.py     # from the repository root

Reads every results/*/games.pgn and results/*/*/games.pgn whose run played on the CPU clock
(`tc=` in the settings of its games.csv; `nodes=` runs are left out), takes each engine think's
comment `{score/depth CPUs nodesn [overrun] [cut]}` and its node rate r = log(nodes / CPU s),
keeping thinks with CPU >= 0.05 s (shorter thinks carry a fixed start-up cost and the 1 ms
print resolution of the CPU time). The components, each a standard deviation of r (about the
relative sd of the rate):

  repeat       the same search repeated: the same build, the same position (the same moves
               from the same start) and the same node count, in one block of 100 games. The
               engine clears its hash before every think and stops only between iterations,
               so these thinks searched the same tree; only their CPU time differs: this is
               the machine (and the 1 ms print resolution), not the position. Pooled sd.
  repeat_robust  the same from consecutive repeats (in [Round] order): 1.4826 MAD / sqrt 2.
  repeat_run   as `repeat` but over the whole run (adds the drift between blocks).
  succ         consecutive thinks of one side in one game: sd(r[k+1] - r[k]) / sqrt 2
               (removes slow trends in the game; still holds the position's own effect).
  succ_robust  the same from the median absolute difference (1.4826 MAD / sqrt 2).
  within_game  r about each game-side's own mean (one build, one game), pooled.
  between_games  each game-side's mean r about its build's mean in its block of 100 games
               (blocks by [Round]), pooled; `_excess` subtracts the part the game means' own
               sampling noise explains (within-game variance / thinks), floor 0.
  between_blocks  each (block, build) mean r about the build's mean over the run, pooled.

Writes results/clock-jitter/estimate.csv (run, component, thinks_or_games, sd_log_rate) and
results/clock-jitter/facts.json (sigma_estimate and the components). A torn or incomplete
last game (no result at the end of its moves) is skipped and counted.
"""
import csv
import glob
import hashlib
import json
import math
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import umaxresults as ur  # noqa: E402  (the settings reader)

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RESULTS = os.path.join(HERE, "results")
OUT = os.path.join(RESULTS, "clock-jitter")
THRESHOLD = 0.05
SENSITIVITY = (0.02, 0.05, 0.2)
BLOCK = 100

THINK = re.compile(r"^([-+]?\d+(?:\.\d+)?)/(\d+) (\d+(?:\.\d+)?)s (\d+)n( overrun)?( cut)?$")
TOKEN = re.compile(r"\{[^}]*\}?|1-0|0-1|1/2-1/2|\*|\d+\.+|[^\s{}]+")
RESULT_TOKENS = {"1-0", "0-1", "1/2-1/2", "*"}


def run_settings(run_dir):
    """The settings column of the first row of games.csv, or None."""
    path = os.path.join(run_dir, "games.csv")
    try:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                return row.get("settings") or ""
    except (OSError, csv.Error):
        return None
    return None


def is_cpu_clock(run_dir, pgn):
    s = run_settings(run_dir)
    if s is None:  # fall back on the PGN's [Event "... tc=..."]
        with open(pgn, errors="replace") as f:
            head = f.read(400)
        return "tc=" in head and "nodes=" not in head
    fields = ur.settings(s)
    return "tc" in fields and "nodes" not in fields


def read_games(pgn):
    """Yield (tags, movetext) per game, by umaxresults' PGN reader; movetext may be torn for
    the last game."""
    with open(pgn, errors="replace") as f:
        text = f.read()
    for _, tags, moves in ur.pgn_games(text):
        yield tags, moves


def thinks_of(movetext):
    """(complete, [(side, position_key, cpu, nodes)]) with side 0 white, 1 black."""
    toks = TOKEN.findall(movetext)
    complete = bool(toks) and toks[-1] in RESULT_TOKENS
    side, mover = 0, None
    key = b""
    out = []
    for t in toks:
        if t.startswith("{"):
            if not t.endswith("}"):
                complete = False
                break
            m = THINK.match(" ".join(t[1:-1].split()))
            if m and mover is not None:
                out.append((mover[0], mover[1], float(m.group(3)), int(m.group(4))))
            continue
        if t in RESULT_TOKENS:
            continue
        if re.fullmatch(r"\d+\.+", t):
            side = 1 if t.endswith("...") else 0
            continue
        # a move: the position before it is `key`; its comment follows
        mover = (side, key)
        key = hashlib.sha1(key + t.encode()).digest()
        side ^= 1
    return complete, out


def load(pgn):
    """Games of one PGN: list of dict(round, white, black, thinks); count of torn games."""
    games, torn = [], 0
    for tags, text in read_games(pgn):
        complete, th = thinks_of(text)
        if not complete or "White" not in tags or "Black" not in tags:
            torn += 1
            continue
        try:
            rnd = int(tags.get("Round", "0"))
        except ValueError:
            torn += 1
            continue
        games.append({"round": rnd, "builds": (tags["White"], tags["Black"]), "thinks": th})
    return games, torn


def pooled_sd(groups):
    """sqrt(sum of squares about each group's mean / sum(n - 1)); (df, sd)."""
    ss, df = 0.0, 0
    for xs in groups:
        if len(xs) < 2:
            continue
        m = sum(xs) / len(xs)
        ss += sum((x - m) ** 2 for x in xs)
        df += len(xs) - 1
    return df, (math.sqrt(ss / df) if df > 0 else float("nan"))


def components(runs, threshold):
    """runs: list of (leaf, games). The components over all of them, pooled."""
    within, diffs, game_rows, repeat = [], [], [], {}
    for leaf, games in runs:
        for g in games:
            block = (leaf, (g["round"] - 1) // BLOCK)
            for side in (0, 1):
                build = g["builds"][side]
                rs = []
                for s, key, cpu, nodes in g["thinks"]:
                    if s != side or cpu < threshold or nodes <= 0:
                        continue
                    r = math.log(nodes / cpu)
                    rs.append(r)
                    repeat.setdefault((leaf, build, key, nodes), []).append((g["round"], r))
                if not rs:
                    continue
                within.append(rs)
                diffs.extend(b - a for a, b in zip(rs, rs[1:]))
                game_rows.append((leaf, block, build, rs))
    res = {}
    n_thinks = sum(len(x) for x in within)
    df, sd = pooled_sd(within)
    res["within_game"] = (n_thinks, sd)
    if diffs:
        res["succ"] = (len(diffs), math.sqrt(sum(d * d for d in diffs) / len(diffs) / 2))
        mad = statistics.median(abs(d) for d in diffs)
        res["succ_robust"] = (len(diffs), 1.4826 * mad / math.sqrt(2))
    else:
        res["succ"] = res["succ_robust"] = (0, float("nan"))
    # the same search (build, position, nodes) repeated: within one block, and over the run
    in_block, rdiffs, devs = {}, [], []
    for (leaf, build, key, nodes), v in repeat.items():
        for rnd, r in v:
            in_block.setdefault((leaf, build, key, nodes, (rnd - 1) // BLOCK), []).append(
                (rnd, r))
    for v in in_block.values():
        if len(v) < 2:
            continue
        v.sort()
        rdiffs.extend(b[1] - a[1] for a, b in zip(v, v[1:]))
        m = sum(r for _, r in v) / len(v)
        devs.extend((r - m) * math.sqrt(len(v) / (len(v) - 1)) for _, r in v)
    rep = [[r for _, r in v] for v in in_block.values() if len(v) >= 2]
    df_r, sd_r = pooled_sd(rep)
    res["repeat"] = (sum(len(v) for v in rep), sd_r)
    res["repeat_robust"] = (len(rdiffs), 1.4826 * statistics.median(abs(d) for d in rdiffs)
                            / math.sqrt(2) if rdiffs else float("nan"))
    devs.sort()
    res["_repeat_quantiles"] = [round(devs[min(len(devs) - 1, int(q * len(devs)))], 3)
                                for q in QUANTILES] if devs else []
    rep_run = [[r for _, r in v] for v in repeat.values() if len(v) >= 2]
    df_rr, sd_rr = pooled_sd(rep_run)
    res["repeat_run"] = (sum(len(v) for v in rep_run), sd_rr)
    # between games: game-side means within (leaf, block, build)
    by_block, noise = {}, []
    for leaf, block, build, rs in game_rows:
        m = sum(rs) / len(rs)
        by_block.setdefault((block, build), []).append(m)
        noise.append(sd * sd / len(rs) if not math.isnan(sd) else 0.0)
    df_b, sd_b = pooled_sd(by_block.values())
    res["between_games"] = (len(game_rows), sd_b)
    if df_b > 0:
        ex = sd_b * sd_b - sum(noise) / len(noise)
        res["between_games_excess"] = (len(game_rows), math.sqrt(max(0.0, ex)))
    else:
        res["between_games_excess"] = (len(game_rows), float("nan"))
    # between blocks: (block, build) means about the build's mean over the run
    by_build = {}
    for (block, build), ms in by_block.items():
        by_build.setdefault((block[0], build), []).append(sum(ms) / len(ms))
    df_c, sd_c = pooled_sd(by_build.values())
    res["between_blocks"] = (len(by_block), sd_c)
    return res


QUANTILES = (0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99)
ORDER = ["repeat", "repeat_robust", "repeat_run", "succ", "succ_robust", "within_game", "between_games",
         "between_games_excess", "between_blocks"]


def main():
    pgns = sorted(glob.glob(os.path.join(RESULTS, "*", "games.pgn"))
                  + glob.glob(os.path.join(RESULTS, "*", "*", "games.pgn")))
    leaves, skipped, torn_total = {}, [], 0
    for pgn in pgns:
        run_dir = os.path.dirname(pgn)
        leaf = os.path.relpath(run_dir, RESULTS)
        if leaf.split(os.sep)[0] == "clock-jitter":
            continue
        if not is_cpu_clock(run_dir, pgn):
            skipped.append(leaf)
            continue
        games, torn = load(pgn)
        torn_total += torn
        if games:
            leaves[leaf.replace(os.sep, "/")] = games
    groups = {}
    for leaf in sorted(leaves):
        groups.setdefault(leaf.split("/")[0], []).append((leaf, leaves[leaf]))

    rows = []  # (run, component, n, sd)
    table = {}
    for name in sorted(groups):
        if len(groups[name]) > 1:
            for leaf, games in groups[name]:
                c = components([(leaf, games)], THRESHOLD)
                rows.extend((leaf, k, c[k][0], c[k][1]) for k in ORDER)
        c = components(groups[name], THRESHOLD)
        table[name] = c
        rows.extend((name, k, c[k][0], c[k][1]) for k in ORDER)
    everything = [x for name in sorted(groups) for x in groups[name]]
    sens = {}
    for t in SENSITIVITY:
        c = components(everything, t)
        sens[t] = c
        tag = "" if t == THRESHOLD else "@cpu>=%gs" % t
        rows.extend(("all", k + tag, c[k][0], c[k][1]) for k in ORDER)
    table["all"] = sens[THRESHOLD]

    # the recommendation: the spread of the same search's rate within a block of 100 games
    # (machine only, drift excluded), all runs pooled, to 0.01; it matches the variance, not
    # the shape (the real spread has a long slow tail, see the quantiles)
    allc = sens[THRESHOLD]
    sigma = round(allc["repeat"][1], 2)

    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "estimate.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["run", "component", "thinks_or_games", "sd_log_rate"])
        for run, comp, n, sd in sorted(rows, key=lambda r: (r[0], r[1])):
            w.writerow([run, comp, n, "" if math.isnan(sd) else "%.4f" % sd])
    facts = {
        "sigma_estimate": sigma,
        "cpu_threshold_s": THRESHOLD,
        "block_games": BLOCK,
        "runs": sorted(leaves),
        "skipped_runs_not_cpu_clock": sorted(s.replace(os.sep, "/") for s in skipped),
        "torn_games_skipped": torn_total,
        "components_all": {k: {"n": allc[k][0], "sd_log_rate": round(allc[k][1], 4)}
                           for k in ORDER},
        "repeat_deviation_quantiles": dict(zip(("%g" % q for q in QUANTILES),
                                               allc["_repeat_quantiles"])),
        "sensitivity": {"%g" % t: {k: round(sens[t][k][1], 4) for k in ORDER}
                        for t in SENSITIVITY},
    }
    with open(os.path.join(OUT, "facts.json"), "w") as f:
        json.dump(facts, f, indent=1, sort_keys=True)
        f.write("\n")

    short = ["repeat", "repeat_robust", "repeat_run", "succ", "succ_robust", "within_game", "between_games",
             "between_games_excess", "between_blocks"]
    head = ["run", "thinks"] + short
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name in sorted(table, key=lambda n: (n == "all", n)):
        c = table[name]
        cells = [name, str(c["within_game"][0])] + [
            "-" if math.isnan(c[k][1]) else "%.3f" % c[k][1] for k in short]
        print("| " + " | ".join(cells) + " |")
    print()
    print("sensitivity to the CPU threshold (all runs):")
    print("| cpu >= | thinks | " + " | ".join(short) + " |")
    print("|" + "---|" * (len(short) + 2))
    for t in SENSITIVITY:
        c = sens[t]
        print("| %gs | %d | " % (t, c["within_game"][0]) + " | ".join(
            "-" if math.isnan(c[k][1]) else "%.3f" % c[k][1] for k in short) + " |")
    print()
    print("torn games skipped: %d; runs not on the CPU clock: %s"
          % (torn_total, ", ".join(sorted(s.replace(os.sep, "/") for s in skipped))))
    print("repeat deviations (same search, same block), quantiles %s: %s" % (
        "/".join("%g" % q for q in QUANTILES),
        " ".join("%+.3f" % x for x in allc["_repeat_quantiles"])))
    print("sigma_estimate: %.2f" % sigma)


if __name__ == "__main__":
    sys.exit(main())
