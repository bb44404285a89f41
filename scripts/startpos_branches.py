#!/usr/bin/env python3
"""Where a self-play match played from the initial position parts, and what it scores.

Reads  MATCH/games.csv (protocol-2 header: `<test>_score`, `<test>_nodes`, `<base>_nodes`, ...,
       `moves` in UCI) and MATCH/games.pgn (per-move comments `{score/depth time_s nodes_n}`,
       game number in the `[Round "N"]` tag; a comment may wrap over lines). A torn last line
       of games.csv (no trailing newline: a match still running) is dropped. Games come in
       pairs: game 2p-1 has BASE white, game 2p has TEST white.
Writes to OUT (default MATCH), each file through a temporary name and a rename:
  branches.csv  one row per (parting node, move, mover build): every position reached by the
                same move sequence from which games continue differently (a game that ends
                there is the branch `(end)`); depths and nodes of that think from games.pgn.
  startpos.json games, distinct games, first parting ply, the top 10 parting points (by games
                reaching them), the test build's pentanomial score with a 95% interval and
                Elo, and a resample of 100-game matches (50 pairs drawn with replacement from
                the complete pairs, 10000 times, seed 1).
  startpos.md   a short summary of the same numbers (skipped with --json-only).
Run:   scripts/startpos_branches.py MATCH [--out DIR] [--json-only] [--check]
--check writes nothing: exit 1 if the files in OUT differ from what would be written, else 0.
A missing or malformed games.csv is a one-line error and exit 2.
"""
import argparse
import csv
import io
import json
import math
import os
import random
import statistics
import sys
from collections import Counter, defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "report"))
from formatting import elo_or_na, fixed, pct as pct_text  # noqa: E402
import umaxresults as ur  # noqa: E402  (games.csv and games.pgn read, parting_nodes, the pair score's interval)

RESAMPLES, RESAMPLE_PAIRS, SEED, TOP, FULL_PREFIX_PLY = 10000, 50, 1, 10, 20
END = "end:"  # branch of the games that end at a node: "end:<termination>", mover = side to move
NAME = "startpos_branches"


def fnv(text):
    """Short stable hash (FNV-1a, 32 bits) of a prefix."""
    h = 0x811C9DC5
    for b in text.encode():
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return "%08x" % h


def mover(g, ply):
    colour = "white" if ply % 2 else "black"
    return g[colour], colour


def branch_rows(games, thinks):
    nodes = []
    for ply, prefix, nxt in ur.parting_nodes(games, end=lambda g: END + g["termination"]):
        ptxt = " ".join(prefix)
        node = {"ply": ply, "prefix_len": len(prefix), "prefix_hash": fnv(ptxt),
                "prefix": ptxt if ply <= FULL_PREFIX_PLY else "@%s/%d" % (fnv(ptxt), len(prefix)),
                "games": sum(len(gs) for gs in nxt.values()), "to_move": Counter(), "branches": []}
        for mv, gs in nxt.items():
            split = defaultdict(list)
            for g in gs:
                split[mover(g, ply)].append(g)
            for (build, colour), sub in split.items():
                node["to_move"][build] += len(sub)
                depths, nodes_n = Counter(), []
                for g in sub:
                    t = thinks.get(g["game"])
                    t = t[ply - 1] if t and not mv.startswith(END) else None
                    depths["?" if t is None else t[0]] += 1
                    if t is not None:
                        nodes_n.append(t[1])
                pts = sum(g["hp"] for g in sub) / 2
                node["branches"].append({
                    "move": mv, "mover_build": build, "mover_colour": colour, "games": len(sub),
                    "test_points": pts, "test_score": pts / len(sub),
                    "mover_depths": ur.depth_text(depths),
                    "mover_nodes_median": ur.median(nodes_n, empty="")})
        node["branches"].sort(key=lambda b: (-b["games"], b["move"], b["mover_build"]))
        nodes.append(node)
    nodes.sort(key=lambda n: (n["ply"], n["prefix_hash"], n["prefix"]))
    return nodes, [dict(ply=n["ply"], prefix_len=n["prefix_len"], prefix_hash=n["prefix_hash"], prefix=n["prefix"],
                        node_games=n["games"], **b) for n in nodes for b in n["branches"]]


def pct(sorted_xs, q):
    """Percentile with linear interpolation between closest ranks."""
    x = (len(sorted_xs) - 1) * q / 100
    lo = math.floor(x)
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (x - lo)


def score_facts(games):
    by_pair = defaultdict(list)
    for g in games:
        by_pair[g["pair"]].append(g["hp"])
    pairs = [sum(v) for _, v in sorted(by_pair.items()) if len(v) == 2]  # half-points, 0..4
    f = {"games_scored": len(games), "test_points": sum(g["hp"] for g in games) / 2,
         "test_score_all_games": sum(g["hp"] for g in games) / 2 / len(games),
         "complete_pairs": len(pairs), "games_outside_complete_pairs": len(games) - 2 * len(pairs),
         "pentanomial": {str(h / 2): pairs.count(h) for h in range(5)}}
    f.update(ur.pair_score_interval(pairs, 4)  # pairs in half-points, 0..4
             or dict(score=None, score_lo=None, score_hi=None, elo=None, elo_lo=None, elo_hi=None))
    return f, pairs


def resample(pairs):
    if not pairs:
        return None
    rng = random.Random(SEED)
    hps = sorted(sum(rng.choices(pairs, k=RESAMPLE_PAIRS)) for _ in range(RESAMPLES))
    total = RESAMPLE_PAIRS * 4  # half-points available; percent = 100 * hp / total
    per = [100 * h / total for h in hps]
    return {"pairs_per_match": RESAMPLE_PAIRS, "resamples": RESAMPLES, "seed": SEED,
            "mean_pct": statistics.mean(per),
            **{"p%s" % q: pct(per, float(q)) for q in ("2.5", "25", "50", "75", "97.5")},
            "share_ge_57.5": round(sum(1 for h in hps if 100 * h >= 57.5 * total) / RESAMPLES, 4),
            "share_le_42.5": round(sum(1 for h in hps if 100 * h <= 42.5 * total) / RESAMPLES, 4)}


def build(match, json_only):
    base, test, games = ur.read_match(match)  # a torn last line dropped; ur.Bad if malformed
    thinks = ur.read_thinks(match, games)
    nodes, rows = branch_rows(games, thinks)
    seqs = Counter(g["moves"] for g in games)
    by_col = {"%s_white" % b: len({g["moves"] for g in games if g["white"] == b}) for b in (base, test)}
    both = {g["moves"] for g in games if g["white"] == base} & {g["moves"] for g in games if g["white"] == test}
    top = sorted(nodes, key=lambda n: (-n["games"], n["ply"], n["prefix_hash"]))[:TOP]
    score, pairs = score_facts(games)
    facts = {
        "match": os.path.basename(os.path.normpath(match)), "base": base, "test": test,
        "games": len(games), "openings": sorted({g.get("opening", "") for g in games}),
        "games_breaking_base_white_in_odd_games": sum((g["game"] % 2 == 1) != (g["white"] == base) for g in games),
        "pgn_games_with_thinks": len(thinks),
        "distinct_games": len(seqs), "distinct_games_by_colours": by_col,
        "distinct_games_in_both_colour_assignments": len(both),
        "most_repeated_game_count": max(seqs.values()),
        "games_repeating_an_earlier_game": len(games) - len(seqs),
        "terminations_by_side_to_move": {"%s, %s to move" % k: v for k, v in sorted(Counter(
            (g["termination"], mover(g, len(g["moves"]) + 1)[0]) for g in games).items())},
        "parting_nodes": len(nodes),
        "first_parting_ply": min(n["ply"] for n in nodes) if nodes else None,
        "first_parting_to_move": dict(sorted(min(nodes, key=lambda n: n["ply"])["to_move"].items()))
        if nodes else None,
        "top_parting_points": [
            {"ply": n["ply"], "prefix_len": n["prefix_len"], "prefix_hash": n["prefix_hash"],
             "prefix": n["prefix"], "games": n["games"], "to_move": dict(sorted(n["to_move"].items())),
             "branches": [{k: b[k] for k in ("move", "mover_build", "games", "test_points",
                                              "test_score", "mover_depths")} for b in n["branches"]]}
            for n in top],
        "score": score, "resample_100_games": resample(pairs)}
    out = {"branches.csv": csv_text(rows), "startpos.json": json.dumps(facts, indent=1) + "\n"}
    if not json_only:
        out["startpos.md"] = md_text(facts)
    return out


COLS = ["ply", "prefix_len", "prefix_hash", "prefix", "move", "mover_build", "mover_colour", "games",
        "node_games", "test_points", "test_score", "mover_depths", "mover_nodes_median"]


def csv_text(rows):
    f = io.StringIO()
    w = csv.DictWriter(f, COLS, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return f.getvalue()


def md_text(F):
    s, r, t = F["score"], F["resample_100_games"], F["test"]
    fmt = elo_or_na  # the Elo are already rounded to 1 decimal (ur.elo_rounded)
    L = ["# %s: %s (test) vs %s (base) from the initial position" % (F["match"], t, F["base"]), ""]
    if s["score"] is not None:
        L.append("- %s score: %s [%s, %s] (95%%, %d pairs), Elo %s [%s, %s]" % (
            t, pct_text(s["score"]), pct_text(s["score_lo"]), pct_text(s["score_hi"]), s["complete_pairs"],
            fmt(s["elo"]), fmt(s["elo_lo"]), fmt(s["elo_hi"])))
    L.append("- pentanomial (pair score: pairs): " + ", ".join("%s: %d" % kv for kv in s["pentanomial"].items()))
    L.append("- games: %d; distinct games: %d (%s); in both colour assignments: %d; most repeated: %d" % (
        F["games"], F["distinct_games"], ", ".join("%s %d" % kv for kv in F["distinct_games_by_colours"].items()),
        F["distinct_games_in_both_colour_assignments"], F["most_repeated_game_count"]))
    L.append("- parting nodes: %d; first parting ply: %s (to move: %s)" % (
        F["parting_nodes"], F["first_parting_ply"],
        ", ".join("%s %d" % kv for kv in (F["first_parting_to_move"] or {}).items())))
    L += ["", "## Main parting points (by games reaching them)", "",
          "| ply | prefix | to move | move | games | %s score | mover depth |" % t, "|---|---|---|---|---|---|---|"]
    shown = 0
    for n in F["top_parting_points"]:
        if shown >= 18:
            break
        pre = n["prefix"] if len(n["prefix"]) <= 30 else "%s... (%d)" % (n["prefix"][:24], n["prefix_len"])
        for b in n["branches"][:4]:
            L.append("| %d | %s | %s | %s | %d/%d | %s | %s |" % (
                n["ply"], pre or "(start)", b["mover_build"], b["move"], b["games"], n["games"],
                pct_text(b["test_score"]), b["mover_depths"]))
            shown += 1
        if len(n["branches"]) > 4:
            L.append("| %d | | | %d more | | | |" % (n["ply"], len(n["branches"]) - 4))
            shown += 1
    if r:
        L += ["", "## %s score in a 100-game match (50 pairs resampled %d times, seed %d)" % (
            t, r["resamples"], r["seed"]), "",
            "| mean | 2.5% | 25% | 50% | 75% | 97.5% | >= 57.5% | <= 42.5% |", "|---|---|---|---|---|---|---|---|",
            "| %s | %s | %s | %s | %s | %s | %s | %s |" % (
                fixed(r["mean_pct"]), fixed(r["p2.5"]), fixed(r["p25"]), fixed(r["p50"]), fixed(r["p75"]),
                fixed(r["p97.5"]), pct_text(r["share_ge_57.5"]), pct_text(r["share_le_42.5"]))]
    return "\n".join(L) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("match", help="match directory holding games.csv and games.pgn")
    ap.add_argument("--out", help="output directory (default: the match directory)")
    ap.add_argument("--json-only", action="store_true", help="write no startpos.md")
    ap.add_argument("--check", action="store_true", help="exit 1 if the files in --out are stale")
    a = ap.parse_args()
    return ur.generate(NAME, lambda: (build(a.match, a.json_only), None), a.out or a.match, a.check)


if __name__ == "__main__":
    sys.exit(main())
