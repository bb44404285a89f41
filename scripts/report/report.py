#!/usr/bin/env python3
"""The report's one generator: named facts from the committed run files, rendered into the
hand-written template.

    python3 scripts/report/report.py            # write results/README.md and results/facts.json
    python3 scripts/report/report.py --check    # exit 1 if either is not what the files give

Reads (all committed, all written by `umax`): each head-to-head run's `summary.csv` and
`games.csv` (and, for games lost by an illegal move, the referee's comment in `games.pgn`; for
the 11,600-game run, `command.txt`'s binaries), each tournament's `ratings.csv` and its pairings' `summary.csv`, the initial-position
runs' `startpos.json` (scripts/startpos_branches.py). Writes `results/facts.json` (every named
fact, as data) and `results/README.md` (docs/report/results.md.in with each `{{name}}`
replaced by a fact and each `{{table:name}}` by a generated table). Nothing is parsed back from
markdown. A placeholder without a fact is an error.

Its parts, beside it in scripts/report/: runs.py (the runs and their readers; it puts scripts/ on
the path for scripts/umaxresults.py, the settings reader and the Elo and pentanomial
statistics), formatting.py (the one rounding rule), tables.py (the generated tables),
node_clock.py (the node-clock runs' facts) and claims.py (the template's sentences, checked against the facts).
"""
import collections
import json
import re
import textwrap
import math
import statistics
import sys
from pathlib import Path

from claims import CLAIMS
from formatting import elo_text, fixed, mnodes, pct, percent, small_pct
from runs import (PER_PAIRING, RES, ROOT, SCHEMES, STUDY15, STUDY60, SWEEP, SWEEP_CLOCKS, bench_median, block_means,
                  command_blocks, head_to_head, illegal_castlings, match_share_at_least, nodes_per_side,
                  pairing_dir, ratings, read_csv, refused_replayed, one_side_replayed, side_values, ur)
from tables import answer_table, front_table, speed_table, sweep_table
from node_clock import node_facts

TEMPLATE = ROOT / "docs" / "report" / "results.md.in"
OUT = RES / "README.md"
FRONT_TEMPLATE = ROOT / "docs" / "report" / "README.md.in"
FRONT = ROOT / "README.md"
FACTS = RES / "facts.json"
TEST_TIME = ROOT / "docs" / "test-time.json"


def diff_facts(f, key, diff, pm, differ, none):
    """Two runs' Elo difference `diff` ± `pm` (95%) as `{key}_diff_elo`, `{key}_diff_pm` and
    `{key}_diff_verdict`: `differ` when the interval leaves out 0, else `none`."""
    f[f"{key}_diff_elo"], f[f"{key}_diff_pm"] = diff, pm
    f[f"{key}_diff_verdict"] = differ if abs(diff) > pm else none


def clocks_paired(f):
    """node-15-wide against scaled-15-wide on the same openings: the CPU-clock run's first game
    pair of each opening the node clock played (its pentanomial Elo), and the two clocks' score
    difference paired by opening over those same games (node minus CPU, each opening's mean over
    its game pair on each clock; the CPU run's second pair of an opening it played twice left out, as in the
    first figure), as Elo at 50% (695 Elo per unit of score), 95%."""
    node, cpu = ur.read_games(RES / "node-15-wide" / "games.csv"), ur.read_games(RES / "scaled-15-wide" / "games.csv")
    ids = {g["opening_id"] for g in node.rows}
    first = {}
    for g in cpu.rows:
        if g["opening_id"] in ids:
            first.setdefault(g["opening_id"], g["pair"])
    same = [g for g in cpu.rows if g["opening_id"] in ids and first[g["opening_id"]] == g["pair"]]
    ptnml, _ = ur.pentanomial(same)
    e, _, _, h = ur.ptnml_interval(ptnml)
    f["n15_cpu_games"], f["n15_cpu_elo"], f["n15_cpu_elo_pm"] = len(same), e, h
    a, b = opening_means(node.rows, ids), opening_means(same, ids)
    d, pm = paired_elo([a[o] - b[o] for o in sorted(ids)])
    diff_facts(f, "n15", d, pm, "the clocks differ", "no difference between the clocks is seen"
               + (", though one as large as the gain itself is not excluded" if pm >= abs(f["w15_elo"]) else ""))
    f["n15_above"] = ("sd is above `old` on the node clock too" if f["n15_elo_lo"] > 0
                      else "sd is not shown above `old` on the node clock")


def paired_elo(diffs):
    """The mean of per-opening score differences and its 95% half-width, as Elo at 50% (695 Elo
    per unit of score)."""
    per = 400 / math.log(10) / 0.25
    return ur.mean(diffs) * per, 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) * per


def opening_means(rows, ids=None):
    """Each opening's mean score for the test build over its complete game pairs (a pair still
    being played left out), one pass over the rows."""
    pairs = {}
    for g in rows:
        pairs.setdefault(g["pair"], []).append(g)
    scores = {}
    for games in pairs.values():
        o = games[0]["opening_id"]
        if len(games) == 2 and (ids is None or o in ids):
            scores.setdefault(o, []).extend(float(g["test_score"]) for g in games)
    return {o: ur.mean(v) for o, v in scores.items()}


def illegal_in(runs):
    """The illegal-move games of `runs` (directories; one without games.csv skipped): by run (the
    first part of its path under results/), all of them, and the rows games.csv says ended so."""
    ill, rows = {}, 0
    for d in runs:
        if (d / "games.csv").is_file():
            for x in illegal_castlings(d):
                ill.setdefault(d.relative_to(RES).parts[0], []).append(x)
            rows += sum(g["termination"] == "illegal_move" for g in read_csv(d / "games.csv"))
    return ill, [x for v in ill.values() for x in v], rows


def node60_facts(f):
    """node-60-wide, the post's 60 s on the node clock (36 M nodes a side): its state, where it
    stands against 0 and the post's 53%, against the 9 M run paired by opening (the same
    openings, ids 0-1999, both colours), and against the CPU clock's 60 s match (other
    openings: independent); and the sentences that say it, complete or not."""
    done = f["n60_games"] >= f["node_60_wide_planned"]
    f["n60_complete"] = done
    f["n60_resume_note"] = "" if done else (
        " (it stops when a session's machine does and resumes exactly where it stopped; the resume "
        "command is in [`node-60-wide/`](node-60-wide/README.md))")
    lo, hi = f["n60_elo_lo"], f["n60_elo_hi"]
    f["n60_claim_in"] = "inside" if lo <= f["claim60_elo"] <= hi else "above" if f["claim60_elo"] > hi else "below"
    f["n60_side"] = "above" if lo > 0 else "below" if hi < 0 else "holds"
    a = opening_means(ur.read_games(RES / "node-60-wide" / "games.csv").rows)
    b = opening_means(ur.read_games(RES / "node-15-wide" / "games.csv").rows, set(a))
    f["n60_paired_openings"] = len(b)
    d, pm = paired_elo([a[o] - b[o] for o in sorted(b)])
    diff_facts(f, "n60n15", d, pm, "sd's gain differs between the two budgets",
               "no difference between the budgets is seen, though one of up to %d Elo is not excluded"
               % round(abs(d) + pm))
    if f.get("m60_games"):
        d, pm = f["n60_elo"] - f["m60_elo"], math.hypot(f["n60_elo_pm"], f["m60_elo_pm"])
        # independent runs that differ in openings as well as in clock: a difference would not be
        # the clock's alone, and an interval this wide leaves in every effect this report studies
        diff_facts(f, "n60m60", d, pm, "the two runs differ (in openings as well as in clock)",
                   "the two runs differ in openings as well as in clock, and an interval this wide "
                   "excludes no difference of the size studied here (up to %d Elo is left in)" % round(abs(d) + pm))
    run = "[`node-60-wide/`](node-60-wide/README.md)"
    res = (f"{pct(f['n60_score'])}, {fixed(f['n60_elo'], 1, True)} ± {fixed(f['n60_elo_pm'])}, "
           f"interval [{fixed(lo, 1, True)}, {fixed(hi, 1, True)}]")
    verdict = {"above": "sd is above `old` at this budget too",
               "holds": "the interval holds 0, so no gain is established at this budget either, and a gain "
                        f"up to about {fixed(hi, 0, True)} Elo is not excluded",
               "below": "sd is below `old` at this budget"}[f["n60_side"]]
    f["n60_verdict"] = verdict
    short = {"above": "sd is above `old` too", "holds": "the interval holds 0",
             "below": "sd is below `old`"}[f["n60_side"]]
    if done:
        f["n60_sentence"] = (
            f"at 36 M (60 s) {short} ({fixed(f['n60_elo'], 1, True)} ± {fixed(f['n60_elo_pm'])} in "
            f"{f['n60_games']:,} games, interval [{fixed(lo, 1, True)}, {fixed(hi, 1, True)}]; answer 5)")
        f["n60_answer5"] = (
            f"On the node clock at 36 M nodes a side, the post's 60 s at the 2006 reference speed, sd scored {res} "
            f"in {f['n60_games']:,} games from openings 0–{f['n60_opening_hi']} of `openings/wide.txt` "
            f"({run}, complete): {verdict}. From the same openings at 9 M nodes it scored "
            f"{fixed(f['n15_elo'], 1, True)} ± {fixed(f['n15_elo_pm'])}, and paired by opening the two budgets "
            f"differ by {fixed(f['n60n15_diff_elo'], 1, True)} ± {fixed(f['n60n15_diff_pm'])} Elo: "
            f"{f['n60n15_diff_verdict']}. Against the CPU clock's 500-game match the difference "
            f"is {fixed(f['n60m60_diff_elo'], 1, True)} ± {fixed(f['n60m60_diff_pm'])}: {f['n60m60_diff_verdict']}. "
            f"The post's {fixed(f['claim60_elo'], 1, True)} lies {f['n60_claim_in']} the node clock's interval.")
        f["a5_sd_head"] = ("on the node clock sd is above `old` there too" if f["n60_side"] == "above"
                           else "sd's gain over `old` is not resolved there, on either clock")
    else:
        f["n60_sentence"] = (
            f"at 36 M (60 s) it is not yet known ({f['n60_games']:,} of {f['node_60_wide_planned']:,} "
            f"games in, {fixed(f['n60_elo'], 1, True)} ± {fixed(f['n60_elo_pm'])} so far)")
        f["n60_answer5"] = (
            f"On the node clock at 36 M nodes a side, the post's 60 s at the 2006 reference speed, the "
            f"{f['node_60_wide_planned']:,}-game run from openings 0–1999 of `openings/wide.txt` is being played "
            f"({run}): {f['n60_games']:,} games in, {fixed(f['n60_elo'], 1, True)} ± {fixed(f['n60_elo_pm'])} so far, "
            f"not yet an answer.")
        f["a5_sd_head"] = "sd's gain over `old` is not resolved there"
    # the front page's sentence
    head = "At 60 s on the node clock (36 M nodes a side)"
    f["front_n60"] = (
        f"{head} a {f['node_60_wide_planned']:,}-game run is being played: {f['n60_games']:,} games in, not yet "
        "an answer." if not done else
        f"{head} sd scores {pct(f['n60_score'])} over {f['n60_games']:,} games ({fixed(f['n60_elo'], 1, True)} ± "
        f"{fixed(f['n60_elo_pm'])} Elo): " + {
            "above": "above 0 there too.",
            "holds": "the interval holds 0, so whether sd gains at 60 s is not known.",
            "below": "below 0."}[f["n60_side"]])
    # the limits' "sd's few Elo elsewhere": where the intervals hold both 0 and the 15 s gain
    both = lambda lo_, hi_: lo_ < 0 < hi_ and hi_ >= f["w15_elo"]
    sp, m60 = both(f["sp_lo"], f["sp_hi"]), both(f["m60_lo"], f["m60_hi"])
    n60 = done and both(lo, hi)
    f["limits_elsewhere_ok"] = sp and m60
    if not done:
        f["limits_elsewhere"] = (
            f"At 60 s ({f['m60_games']:,} games on the CPU clock; the node clock's run is being played) and from "
            f"the initial position ({f['sp_games']:,}) the intervals hold both 0 and a gain of that size: whether "
            "sd gains there too is not known.")
    elif n60:
        f["limits_elsewhere"] = (
            f"At 60 s ({f['m60_games']:,} games on the CPU clock, {f['n60_games']:,} on the node clock) and from "
            f"the initial position ({f['sp_games']:,}) the intervals hold both 0 and a gain of that size: whether "
            "sd gains there too is not known.")
    else:
        f["limits_elsewhere"] = (
            f"From the initial position ({f['sp_games']:,} games) and in the CPU clock's {f['m60_games']:,} games "
            "at 60 s the intervals hold both 0 and a gain of that size: whether sd gains there too is not known; "
            f"at 60 s the node clock's {f['n60_games']:,} games " + (
                "put sd above `old` (answer 5)." if f["n60_side"] == "above" else
                "put sd below `old` (answer 5)." if f["n60_side"] == "below" else
                f"hold 0 and leave out a gain as large as the 15 s one (answer 5)."))
    runs = ("startpos_node_map", "node_15_wide", "node_15_sd_iidr2", "startpos_node_jitter",
            "startpos_node_map_sd_iidr2", "node_60_wide")
    f["node_clock_playing"] = any(f[f"{n}_games"] < f[f"{n}_planned"] for n in runs)
    f["node_clock_status"] = " (being played)" if f["node_clock_playing"] else ""
    f["node_clock_committed"] = "Committed so far" if f["node_clock_playing"] else "Committed, every run complete"


def branch_share_facts(f):
    """The CPU-clock runs' first parting point beside the node map at the nodes they delivered
    (startpos-node-map/branch-shares.json, scripts/branch_shares.py)."""
    p = RES / "startpos-node-map" / "branch-shares.json"
    if not p.is_file():
        return
    j = json.load(open(p))
    pp = j["parting_points"][0]
    ply, (major, minor) = pp["ply"], pp["moves"][:2]
    k = f"ply{ply}_"
    cpu = [r for r in j["rows"] if r["kind"] == "cpu"]
    window = {r["for_run"]: r for r in j["rows"] if r["kind"] == "node-map window"}
    one = [r for r in cpu if window[r["run"]][k + minor] == 0 and window[r["run"]][k + "games"] > 0]
    pooled = next(r for r in j["rows"] if r["kind"] == "cpu all")
    f["bs_ply"], f["bs_major"], f["bs_minor"] = ply, major, minor
    f["bs_runs"], f["bs_one"] = len(cpu), len(one)
    f["bs_window"] = j["window"]
    f["bs_one_lo"] = min(r["nodes_median"] for r in one) / 1e6
    f["bs_one_hi"] = max(r["nodes_median"] for r in one) / 1e6
    f["bs_one_min_lo"] = min(r[k + minor + "_share"] for r in one)
    f["bs_one_min_hi"] = max(r[k + minor + "_share"] for r in one)
    f["bs_think_minor"] = pooled[k + minor + "_think_nodes"] / 1e6
    f["bs_think_major"] = pooled[k + major + "_think_nodes"] / 1e6
    mall = next(r for r in j["rows"] if r["kind"] == "node-map all")
    f["bs_map_think_minor"] = mall[k + minor + "_think_nodes"] / 1e6
    f["bs_map_think_major"] = mall[k + major + "_think_nodes"] / 1e6
    # windows where the node clock plays a single move at the point (either move)
    single = [r for r in cpu if window[r["run"]][k + "games"] > 0
              and (window[r["run"]][k + minor] == 0 or window[r["run"]][k + major] == 0)]
    f["bs_single"] = len(single)
    f["bs_single_minor"] = len(single) - len(one)
    f["bs_every_run_both"] = all(r[k + minor] > 0 and r[k + major] > 0 for r in cpu)
    f["bs_both_text"] = ("every run played both" if f["bs_every_run_both"]
                         else "not every run played both")
    f["bs_minor_mover_nodes"] = pooled[k + minor + "_mover_nodes"] / 1e6
    f["bs_major_mover_nodes"] = pooled[k + major + "_mover_nodes"] / 1e6
    above = j["minor_above_map"]
    f["bs_above"], f["bs_above_of"] = above["above_map_max"], above["games"]
    # the depth each move was chosen at, from the map's own parting point (one depth per move)
    top = json.load(open(RES / "startpos-node-map" / "map.json"))["parting_points"]["top"]
    branches = next(t for t in top if t["ply"] == ply and t["prefix"] == pp["prefix"])["branches"]
    for key, mv in (("bs_depth_minor", minor), ("bs_depth_major", major)):
        depths = {br["depths"].split(":")[0] for br in branches if br["move"] == mv}
        assert len(depths) == 1, (mv, depths)
        f[key] = int(depths.pop())


def post2006_facts(f):
    """The 2006 match reproduced (`umax reproduce`): the wavering fitted to the CPU clock
    (results/clock-jitter/wavering.json) and the chance of the post's score from the runs of
    results/post-2006-15 and -60 (their chance.csv, scripts/post2006.py), as far as they are played:
    `post_state` says how far, and the chance sentence says it is not yet known until a run is
    complete."""
    w = json.load(open(RES / "clock-jitter" / "wavering.json"))
    f["wav_think"], f["wav_game"], f["wav_rho"] = w["model"]["think"], w["model"]["game"], w["fits"]["pooled"]["rho"]
    f["wav_block"] = w["fits"]["pooled"]["block"]
    f["wav_rho_plain"] = w["rho_plain_all"]["rho"]
    known, unknown = [], []
    for secs, planned, post in ((15, 61, "57.5%"), (60, 31, "53%")):
        rows = read_csv(RES / f"post-2006-{secs}" / "chance.csv")
        cells = [r for r in rows if r["cell"] != "all"]
        # chance.csv is scripts/post2006.py's: stale if a cell's rows changed since
        on_disk = {d.name: sum(1 for _ in read_csv(d / "games.csv"))
                   for d in (RES / f"post-2006-{secs}").glob("b*") if (d / "games.csv").is_file()}
        in_csv = {r["cell"]: int(r["games"]) for r in cells}
        if on_disk != in_csv:
            sys.exit(f"report.py: results/post-2006-{secs}/chance.csv is stale (cells and games {in_csv} "
                     f"against the rows {on_disk}): run python3 scripts/post2006.py")
        games = sum(int(r["games"]) for r in cells)
        f[f"post{secs}_cells"], f[f"post{secs}_games"] = len(cells), games
        every = [r for r in rows if r["cell"] == "all" and r.get("p_reach")]
        if len(cells) == planned and every:
            a = every[0]
            known.append(f"{post} in {pct(float(a['p_reach']))} [{pct(float(a['p_reach_lo']))}, "
                         f"{pct(float(a['p_reach_hi']))}] of {100 if secs == 15 else 50}-game matches at {secs} s")
        else:
            unknown.append(f"{len(cells)} of {planned} budgets at {secs} s")
    text = ", ".join(known)
    if unknown:
        text += ("; " if text else "") + "not yet known (" + ", ".join(unknown) + " played so far)"
    f["post_chance_text"] = text
    # the chance files' figures as far as the cells are in (scripts/post2006.py): the grid's
    # chance of each figure, the joint chance on one machine, and the model check
    c = json.load(open(RES / "post-2006-15" / "chance.json"))
    for key, name in (("fitted-15", "pf15"), ("fitted-60", "pf60"), ("think-15", "pt15"), ("think-60", "pt60")):
        st = c["sets"][key]
        f[f"{name}_cells"], f[f"{name}_planned"], f[f"{name}_games"] = st["cells_in"], st["cells_planned"], st["games"]
        f[f"{name}_complete"] = st["cells_complete"] == st["cells_planned"]
        for fig in ("p_reach", "p_time", "p_both"):
            if fig in st:
                f[f"{name}_{fig}"], f[f"{name}_{fig}_lo"], f[f"{name}_{fig}_hi"] = (
                    st[fig]["mean"], st[fig]["lo"], st[fig]["hi"])
        if "p_reach" in st:
            f[f"{name}_best_budget"], f[f"{name}_best_p"] = (st["p_reach"]["highest"]["budget"] / 1e6,
                                                             st["p_reach"]["highest"]["p"])
            f[f"{name}_pooled_score"] = st["pooled"]["sd_score"]
            f[f"{name}_time_share"] = st["pooled"]["time_share"]
    jf = c["joint"]["fitted"]
    f["pj_machines"], f["pj_both"], f["pj_both_lo"], f["pj_both_hi"] = (
        jf["machines"], jf["both_scores"]["mean"], jf["both_scores"]["lo"], jf["both_scores"]["hi"])
    mc = c["model_check"]
    f["mc_cpu_score"], f["mc_cpu_lo"], f["mc_cpu_hi"] = mc["cpu"]["sd_score"], mc["cpu"]["score_lo"], mc["cpu"]["score_hi"]
    f["mc_cpu_share"] = mc["cpu"]["e5d4_share"]
    for key, name in (("think", "mct"), ("fitted", "mcf")):
        m = mc[key]
        f[f"{name}_done"] = not m["budgets_missing"]
        if f[f"{name}_done"]:
            f[f"{name}_score"], f[f"{name}_lo"], f[f"{name}_hi"] = m["sd_score"], m["score_lo"], m["score_hi"]
            f[f"{name}_share"] = m["e5d4_share"]
            f[f"{name}_agrees"] = m["score_model_in_cpu_interval"] or m["score_cpu_in_model_interval"]
            f[f"{name}_holds_cpu"] = m["score_cpu_in_model_interval"]
    def check_text(name, label):
        if not f[f"{name}_done"]:
            missing = mc["fitted" if name == "mcf" else "think"]["budgets_missing"]
            return (f"what {label} predicts is not yet known (its cell{'s' if len(missing) > 1 else ''} at "
                    + ", ".join(fixed(b / 1e6) for b in missing) + " M being played)")
        return (f"{label} predicts {pct(f[name + '_score'])} [{pct(f[name + '_lo'])}, {pct(f[name + '_hi'])}], "
                + (("an interval that holds the CPU clock's score: consistent with that run"
                    if f[name + "_holds_cpu"] else "its point inside the CPU clock's interval: consistent with that run")
                   if f[name + "_agrees"] else
                   "outside the CPU clock's interval: it does not reproduce that run"))
    f["mcf_text"] = check_text("mcf", "the fitted model")
    f["mct_text"] = check_text("mct", "per-think wavering alone (σ 0.11, the earlier model)")
    # the front page's clause on the model check
    f["front_model"] = (
        "whether that model reproduces the one real-clock run from there is not yet known" if not f["mcf_done"]
        else f"the model is consistent with the one real-clock run from there ({pct(f['mcf_score'])} "
             f"[{pct(f['mcf_lo'])}, {pct(f['mcf_hi'])}] against {pct(f['mc_cpu_score'])})" if f["mcf_agrees"]
        else f"but the model does not reproduce the one real-clock run from there ({pct(f['mcf_score'])} "
             f"against {pct(f['mc_cpu_score'])})")
    # what the answer's "not known" says of the initial position's two clocks
    f["mc_unknown"] = (
        "why the CPU-clock run from there scored lower than the node clock without wavering "
        "(with the fitted wavering the two are consistent)" if f["mcf_done"] and f["mcf_agrees"]
        else "why the CPU-clock run from there scored lower than the node clock, wavering or not")
    # the answer's sentence on the model check: what the chances above are chances of
    cpu = f"{pct(f['mc_cpu_score'])} in 1,000 games"
    if not f["mcf_done"]:
        f["mcf_answer"] = ("Whether this model reproduces the one CPU-clock run from the initial position "
                           f"({cpu}) is not yet known")
    elif f["mcf_agrees"]:
        f["mcf_answer"] = (f"The model is consistent with the one CPU-clock run from the initial position ({cpu}; "
                           f"it predicts {pct(f['mcf_score'])} [{pct(f['mcf_lo'])}, {pct(f['mcf_hi'])}])")
    else:
        f["mcf_answer"] = (f"But the model does not reproduce the one CPU-clock run from the initial position: "
                           f"it predicts {pct(f['mcf_score'])} [{pct(f['mcf_lo'])}, {pct(f['mcf_hi'])}] where that "
                           f"run scored {cpu}, so these are chances under the model, not yet of a real machine")
    # the grid's state in the texts around the chance: "so far" until both grids are in
    grid = f["pf15_complete"] and f["pf60_complete"]
    f["pf_unknown"] = "" if grid else "how likely 57.5% was until the grid is played; "
    f["pf_lead"] = "Over the whole grid" if grid else "So far, over the cells in"
    f["pf_sofar"] = "" if grid else " so far"
    f["pf_final"] = ("Both grids are complete: these are the model's figures." if grid
                     else "None of these is final until the grid is complete.")
    f["pf_limit"] = (
        "**The 2006 match's own odds.** The chance above rests on a wavering model checked against "
        "one CPU-clock run, and on the 2006 machine's speed lying within the grid's budgets "
        "(6.0–12.0 M nodes a side at 15 s, 24.0–48.0 M at 60 s)." if grid else
        "**The 2006 match's own odds, yet.** The chance above is final only when all 61 budgets at "
        "15 s (31 at 60 s) are played, and it rests on a wavering model checked against one CPU-clock run.")
    # answer 3: the chance of 57.5% (and of the post's time figure) under the fitted wavering,
    # final once every budget of the grid is in, "so far" until then
    so_far = "" if f["pf15_complete"] else " so far"
    chance = (f"{pct(f['pf15_p_reach'])} [{pct(f['pf15_p_reach_lo'])}, {pct(f['pf15_p_reach_hi'])}]"
              if "pf15_p_reach" in f else None)
    if chance is None:
        f["post_answer"] = "how often such a match reaches 57.5% is not yet known (no budget played yet)"
    else:
        f["post_answer"] = (
            (f"over all {f['pf15_planned']} of its budgets" if f["pf15_complete"] else
             f"over the {f['pf15_cells']} of its {f['pf15_planned']} budgets played{so_far}") + ", such a 100-game match "
            f"reaches 57.5% in {chance} of cases (up to {pct(f['pf15_best_p'])} at {fixed(f['pf15_best_budget'])} M "
            f"nodes a side)" + ("" if f["pf15_complete"] else ": the final figure is not yet known"))
        f["post_time_answer"] = (
            f"{pct(f['pf15_p_time'])} of such matches{so_far} reach the post's other 15 s figure, "
            f"sd using 3.6% more time than `old`")


GAUNTLET = RES / "gauntlet-sf"
GAUNTLET_GAMES = 640  # 4 players x 4 levels x 40 games (scripts/gauntlet-sf.sh)
GAUNTLET_NAMES = {"old-uci": "`old`", "sd-uci": "`sd`", "mm48-uci": "`mm48`", "fairymax": "Fairy-Max"}


def gauntlet_facts(f):
    """The gauntlet against Stockfish's UCI_Elo levels (results/gauntlet-sf/scale.json, made by
    scripts/gauntlet_sf.py): each player's rating on that scale and the two differences asked."""
    path = GAUNTLET / "scale.json"
    f.update(gsf_status="not yet played", gsf_ratings="none yet",
             gsf_front="a gauntlet against Stockfish's `UCI_Elo` levels is not yet played", gsf_mm48_over_old="not yet known",
             gsf_sd_over_old="not yet known", gsf_fairymax_over_mm48="not yet known",
             gsf_levels="the levels' spacing is not yet measured", gsf_forfeits=0,
             gsf_forfeits_text="no game ended")
    if not path.is_file():
        return
    g = json.loads(path.read_text())
    games = sum(p["games"] for p in g["players"].values())
    f["gsf_games"] = games
    f["gsf_status"] = (f"all {games:,} games" if games >= GAUNTLET_GAMES
                       else f"{games:,} of its {GAUNTLET_GAMES:,} games so far (it goes on)")

    def num(x):
        return "∞" if x == "inf" else "−∞" if x == "-inf" else f"{float(x):,.0f}".replace(",", "")

    def rated(name):
        p = g["players"].get(name)
        if not p or not p["games"]:
            return f"{GAUNTLET_NAMES[name]} not yet"
        if p["elo"] is None:
            return f"{GAUNTLET_NAMES[name]} no finite rating yet ({pct(p['score'])} of {p['games']} games)"
        if p["lo95"] is None:
            return f"{GAUNTLET_NAMES[name]} {num(p['elo'])} ({p['games']} games, no interval yet)"
        return f"{GAUNTLET_NAMES[name]} {num(p['elo'])} [{num(p['lo95'])}, {num(p['hi95'])}]"

    f["gsf_ratings"] = ", ".join(rated(n) for n in GAUNTLET_NAMES)
    f["gsf_front"] = (f"against Stockfish 15.1's `UCI_Elo` levels at 10+0.1 ({games:,} games"
                      f"{'' if games >= GAUNTLET_GAMES else ' so far, of ' + format(GAUNTLET_GAMES, ',')}): "
                      + f["gsf_ratings"] + " ([results/gauntlet-sf](results/gauntlet-sf/README.md))")
    d = g["differences"]

    def diff(key):
        x = d.get(key)
        if not x or x["diff"] is None or x["lo95"] is None:
            return "not yet known"
        return f"{fixed(x['diff'], 0, True)} [{fixed(x['lo95'], 0, True)}, {fixed(x['hi95'], 0, True)}]"

    f["gsf_mm48_over_old"] = diff("mm48_over_old")
    f["gsf_sd_over_old"] = diff("sd_over_old")
    f["gsf_fairymax_over_mm48"] = diff("fairymax_over_mm48")
    free = {k: float(v) for k, v in g["levels_free_fit"].items() if v not in (None, "")}
    if len(free) >= 2:
        lo, hi = min(free, key=lambda k: int(k[2:])), max(free, key=lambda k: int(k[2:]))
        f["gsf_levels"] = (f"the results put {lo} and {hi} {fixed(free[hi] - free[lo], 0)} Elo apart "
                           f"(nominally {int(hi[2:]) - int(lo[2:])})")
    else:
        f["gsf_levels"] = "the levels' spacing here is not yet measured"
    forfeits = sum(p["forfeits"] for p in g["players"].values())
    f["gsf_forfeits"] = forfeits
    f["gsf_forfeits_text"] = (f"{forfeits:,} game ended" if forfeits == 1
                              else f"{forfeits:,} games ended" if forfeits else "no game ended")


def facts():
    f = {"claim_elo": ur.elo(0.575), "claim60_elo": ur.elo(0.53)}
    post2006_facts(f)
    gauntlet_facts(f)
    node_facts(f)
    branch_share_facts(f)
    pgo = RES / "speed-pgo" / "ab.csv"
    if pgo.is_file():  # the profile-guided binary's CPU against the plain one's, by build
        saved = [1 - float(r["ratio_pgo_over_plain_median"]) for r in read_csv(pgo)]
        f["pgo_lo"], f["pgo_hi"] = min(saved), max(saved)
    if TEST_TIME.is_file():
        t = json.load(open(TEST_TIME))
        # the last measurement (the current tree's), then the range of the earlier ones
        walls = t.get("recent_wall_s", [t["wall_s"]])
        if walls[-1] != t["wall_s"]:
            sys.exit(f"report.py: {TEST_TIME.relative_to(ROOT)}: wall_s {t['wall_s']} is not the last of recent_wall_s")
        now = f"{fixed(t['wall_s'] / 60)} minutes ({fixed(t['wall_s'], 0)} s at {t['commit']}, {t['build_s']} s of it building)"
        f["suite_minutes"] = (now + f"; {len(walls) - 1} earlier measurements (of this tree and earlier ones) took "
                              f"{min(walls[:-1])}–{max(walls[:-1])} s, on VMs of the kind whose speed varies" if len(walls) > 1 else now)
        vm2 = t.get("second_vm")
        if vm2:
            f["suite_minutes_vm2"] = f"{fixed(vm2['wall_s'] / 60)} minutes ({vm2['wall_s']} s, {vm2['build_s']} s of it building)"
            f["first_match_s_vm2"] = vm2.get("first_match_s")
        for k, v in t.get("first_command", {}).items():
            f[f"first_{k}"] = v
    # the clock sweep from the initial position: old vs sd at clocks -10%..+10%
    played = []
    for c in SWEEP_CLOCKS:
        h = head_to_head(RES / SWEEP / f"clock{c:+03d}")
        if h:
            f[f"sw{c:+03d}_distinct"] = h["games_distinct"]
            for k in ("games", "score", "elo", "elo_pm"):
                f[f"sw{c:+03d}_{k}"] = h[k]
            if h["games"] >= PER_PAIRING:
                played.append(c)
        sp = RES / SWEEP / f"clock{c:+03d}" / "startpos.json"
        if sp.is_file():  # scripts/startpos_branches.py: where the games part, 100-game matches
            j = json.load(open(sp))
            r = j["resample_100_games"]
            f[f"sw{c:+03d}_parting_ply"] = j["first_parting_ply"]
            f[f"sw{c:+03d}_r100_lo"], f[f"sw{c:+03d}_r100_hi"] = r["p2.5"], r["p97.5"]
            f[f"sw{c:+03d}_r100_ge575"] = r["share_ge_57.5"]
    f["sweep_complete"] = len(played)
    if played:
        scores = [f[f"sw{c:+03d}_score"] for c in played]
        f["sweep_score_lo"], f["sweep_score_hi"] = min(scores), max(scores)
        f["sweep_games"] = sum(f[f"sw{c:+03d}_games"] for c in played)
        ge = {c: f[f"sw{c:+03d}_r100_ge575"] for c in played if f"sw{c:+03d}_r100_ge575" in f}
        if ge:
            worst = max(ge, key=ge.get)
            f["sweep_ge575_max"], f["sweep_ge575_max_clock"] = ge[worst], f"{worst:+d}%"
            f["sweep_ge575_min"] = min(ge.values())
    # speed against the C: the last speed round's three runs (bench-vs-c, CPU medians)
    speed = RES / "speed-round8" / "speed.csv"
    if speed.is_file():
        ratios = [float(r["c_cpu_s"]) / float(r["umax_cpu_s"]) for r in read_csv(speed)]
        f["speed_lo"], f["speed_hi"] = min(ratios), max(ratios)
    # the 1000-game matches of old against sd (default suite) and the initial-position runs
    for key, run in [("m15", "scaled-15"), ("m60", "scaled-60"), ("sp", "startpos-scaled-15"),
                     ("spr2", "startpos-sd-iidr2-scaled-15"), ("wr2", "sd-iidr2-scaled-15"),
                     ("w15", "scaled-15-wide")]:
        h = head_to_head(RES / run)
        if h:
            for k, v in h.items():
                f[f"{key}_{k}"] = v
    # the node-clock head-to-heads, and micro-Max 4.8's (with the build whose view is taken)
    for key, run, build in [("n15", "node-15-wide", "sd"), ("n15r2", "node-15-sd-iidr2", "sd"),
                            ("n60", "node-60-wide", "sd"),
                            ("h48", "mm48-sd-15", "mm48sd"),
                            ("h48o", "mm48-vs-old-15", "mm48")]:
        h = head_to_head(RES / run, build)
        if h:
            for k, v in h.items():
                f[f"{key}_{k}"] = v
    if f.get("n15_games") and f.get("w15_games"):  # the node clock's 9 M against the CPU clock's wide run
        clocks_paired(f)
    if f.get("n15r2_games") and f.get("wr2_games"):  # sd vs iidr2: node clock against CPU clock
        # independent runs on different openings: the difference's half-width from both
        d, pm = f["n15r2_elo"] - f["wr2_elo"], math.hypot(f["n15r2_elo_pm"], f["wr2_elo_pm"])
        diff_facts(f, "n15r2", d, pm, "they differ",
                   "no difference is seen, though one of up to %d Elo is not excluded" % round(abs(d) + pm))
        # where the post's 57.5% lies against the node-clock run's interval
        lo, hi = f["n15r2_elo"] - f["n15r2_elo_pm"], f["n15r2_elo"] + f["n15r2_elo_pm"]
        f["n15r2_claim_in"] = ("inside" if lo <= f["claim_elo"] <= hi
                               else "above" if f["claim_elo"] > hi else "below")
        f["n15r2_state"] = ("complete" if f["n15r2_games"] >= f["node_15_sd_iidr2_planned"]
                            else f"{f['n15r2_games']:,} of {f['node_15_sd_iidr2_planned']:,} games, being played")
    if f.get("h48_games") and f.get("n15_games"):  # sd's gain on 4.8 against its gain on 3.2, same clock and budget
        # independent runs (other engines): the difference's half-width from both
        d, pm = f["h48_elo"] - f["n15_elo"], math.hypot(f["h48_elo_pm"], f["n15_elo_pm"])
        diff_facts(f, "h48_n15", d, pm, "self-deepening helps 4.8 %s than 3.2" % ("less" if d < 0 else "more"),
                   "no difference is seen, so whether self-deepening helps 4.8 less than 3.2 is not known")
    if f.get("h48_games"):  # games an engine lost by refusing a legal move, and the C's replays of them
        f["h48_refused"] = f["h48_refused_lost"] + f["h48_refused_won"]
        f["h48_refused_replayed"] = refused_replayed(RES / "mm48-sd-15")
        # mm48sd's depth against mm48's, without the capped games: what the pair interval says
        d, pm = f["h48_depth_diff"], f["h48_depth_diff_pm"]
        f["h48_depth_verdict"] = ("no difference is seen" if abs(d) < pm else
                                  "mm48sd iterates deeper" if d > 0 else "mm48sd iterates less deep")
        # the C replays the refused games after a run's rows land: those not yet replayed are said
        gap = f["h48_refused"] - f["h48_refused_replayed"]
        f["h48_replay_text"] = (f"as the C did in all {f['h48_refused_replayed']} replays"
                                + ("" if not gap else " (the game played since is not yet replayed)" if gap == 1
                                   else f" (the {gap} games played since are not yet replayed)"))
        # the largest gain or loss the interval leaves in (its farther end from 0)
        f["h48_elo_bound"] = max(abs(f["h48_elo_lo"]), abs(f["h48_elo_hi"]))
        # the largest gain and the largest loss it leaves in
        f["h48_gain_bound"], f["h48_loss_bound"] = f["h48_elo_hi"], -f["h48_elo_lo"]
    if f.get("h48_games") and f.get("n15_games"):
        # answer 6 and the front page follow mm48-sd-15's interval: no gain seen while it holds 0
        lo, hi, n15 = f["h48_elo_lo"], f["h48_elo_hi"], f["n15_elo"]
        against = (f"sd's gain on 3.2 at the same budget ({fixed(n15, 1, True)}) "
                   + ("lies inside it too" if lo < n15 < hi else "lies outside it"))
        if lo < 0 < hi:
            f["h48_a6_head"] = "shows no measurable gain"
            f["h48_a6_body"] = (f"an interval that excludes a gain over {fixed(hi)} or a loss over "
                                f"{fixed(-lo)} Elo; {against}")
            f["h48_front"] = "on micro-Max 4.8 none is seen"
        else:
            f["h48_a6_head"] = "shows a small gain" if lo > 0 else "shows a small loss"
            f["h48_a6_body"] = (f"an interval that excludes 0, a {'gain' if lo > 0 else 'loss'} of "
                                f"{fixed(min(abs(lo), abs(hi)))} to {fixed(max(abs(lo), abs(hi)))} Elo; {against}")
            f["h48_front"] = ("on micro-Max 4.8 it is small too" if lo > 0
                              else "on micro-Max 4.8 it is a small loss")
        if f["h48_games"] < 10400:  # the verdict that counts is the one at all the planned games
            f["h48_a6_head"] += " so far"
            f["h48_front"] = f["h48_front"].replace("4.8", "4.8, so far,")
        # the run's first 4,000 games (its first answer) against the whole: what the growth changed
        first = [g for g in ur.read_games(RES / "mm48-sd-15" / "games.csv", quiet=True).rows if g["game"] <= 4000]
        ptnml, _ = ur.pentanomial(first)
        f["h48_first_games"] = len(first)
        f["h48_first_elo"], _, _, f["h48_first_elo_pm"] = ur.ptnml_interval(ptnml)
        # whether it helps 4.8 less than 3.2 is the difference of the two runs
        d, pm = f["h48_n15_diff_elo"], f["h48_n15_diff_pm"]
        f["h48_a6_less"] = (f"whether it helps 4.8 less is not known (the two gains differ by "
                            f"{fixed(d, 1, True)} ± {fixed(pm)} Elo, [{fixed(d - pm, 1, True)}, {fixed(d + pm, 1, True)}]: on 4.8 "
                            f"it may gain up to {fixed(pm - d)} Elo less than on 3.2, or up to {fixed(pm + d)} more)"
                            if abs(d) <= pm else
                            "it helps 4.8 less" if f["h48_n15_diff_elo"] < 0 else "it helps 4.8 more")
    # 4.8 against 3.2: 3.2's side of its games replayed by 3.2's C (4.8's C is not in the repository)
    replayed = one_side_replayed(RES / "mm48-vs-old-15", "verify-c-old.txt")
    f["h48o_replayed"] = replayed[0] if replayed else 0
    if f.get("h48o_games") and f.get("h48_games"):
        # the largest self-deepening effect on 4.8 that mm48-sd-15 leaves in, over the lower end
        # of 4.8's gain on 3.2
        f["h48_bound_share"] = f["h48_elo_bound"] / f["h48o_elo_lo"]
    for key, planned in [("h48", 10400), ("h48o", 1000)]:
        f[f"{key}_planned"] = planned
        f.setdefault(f"{key}_games", 0)
    # mm48-sd-15 was played to 4,000 games, then grown to all 5,200 openings of wide.txt
    f["h48_progress"] = ("" if f["h48_games"] >= f["h48_planned"] else
                         f" of {f['h48_planned']:,} planned")
    cost48 = RES / "mm48-cost" / "depth.csv"
    if cost48.is_file():  # mm48sd's nodes to complete each depth over mm48's: medians by depth
        by_depth = {}
        for r in read_csv(cost48):
            a, b = r.get("mm48_nodes"), r.get("mm48sd_nodes")
            if a and b and a != "" and b != "":
                by_depth.setdefault(int(r["depth"]), []).append(float(b) / float(a))
        deepest = max(d for d, v in by_depth.items() if len(v) >= 10)
        f["cost48_depth"] = deepest
        f["cost48_ratio"] = bench_median(RES / "mm48-cost" / "bench.txt", "mm48sd", "mm48", deepest,
                                         statistics.median(by_depth[deepest]))
        f["cost48_positions"] = len(by_depth[deepest])
    for key, run in [("sp", "startpos-scaled-15"), ("spr2", "startpos-sd-iidr2-scaled-15")]:
        p = RES / run / "startpos.json"
        if p.is_file():
            j = json.load(open(p))
            f[f"{key}_distinct"] = j["distinct_games"]
            f[f"{key}_first_parting_ply"] = j["first_parting_ply"]
            r = j["resample_100_games"]
            if j["test"] == "sd":
                lo, hi, ge = r["p2.5"], r["p97.5"], r["share_ge_57.5"]
            else:  # sd is the base: its score is 100 less the test's
                lo, hi, ge = 100 - r["p97.5"], 100 - r["p2.5"], r["share_le_42.5"]
            f[f"{key}_r100_lo"], f[f"{key}_r100_hi"], f[f"{key}_r100_ge575"] = lo, hi, ge
    # the study: sd head to head with every scheme, and the joint ratings
    for study, tag in [(STUDY15, "s15"), (STUDY60, "s60")]:
        rat = ratings(study)
        for name, _ in SCHEMES:
            d = pairing_dir(study, "sd", name) if name != "sd" else None
            h = head_to_head(d) if d else None
            if h:
                for k, v in h.items():
                    f[f"{tag}_{name}_{k}"] = v
        for name in [n for n, _ in SCHEMES] + ["sd"]:
            for k, v in rat.get(name, {}).items():
                f[f"{tag}_rating_{name}_{k}"] = v
    # the 60 s gauntlet (every build against old): games on disk, pairings at their size
    g60 = ratings(STUDY60)
    if g60:
        f["s60_games_total"] = g60["old"]["games"]
        f["s60_pairings_complete"] = sum(1 for b, r in g60.items() if b != "old" and r["games"] >= PER_PAIRING)
    # the gauntlet's nodes per side per game on each machine (each row's tc_nps: its calibration)
    seg = {}
    for d in sorted((RES / STUDY60).glob("*-*")):
        if (d / "games.csv").is_file():
            for g in read_csv(d / "games.csv"):
                nps = ur.settings(g)["tc_nps"]
                nodes = sum(map(int, side_values(g, "_nodes")))
                seg.setdefault(float(nps), []).append(nodes / 2)
    if seg:
        f["s60_segments"] = "; ".join(
            f"{len(v):,} games at {fixed(nps / 1e6, 2)} M nodes/s, {fixed(ur.mean(v) / 1e6)} M nodes per side"
            for nps, v in sorted(seg.items(), reverse=True))
        f["s60_nodes_by_machine"] = [ur.mean(v) for _, v in sorted(seg.items(), reverse=True)]
    # the cost of reaching a depth: each build's nodes over old's to complete depth 7 (median
    # over the bench positions that complete it; results/iid-cost)
    depth = [r for r in read_csv(RES / "iid-cost" / "depth.csv") if r["depth"] == "7"]
    for b in ("sd", "noiid", "iidr2", "iidcut", "iidpv"):
        f[f"cost7_{b}"] = bench_median(RES / "iid-cost" / "bench.txt", b, "old", 7, statistics.median(
            float(r[f"{b}_old_ratio"]) for r in depth if r[f"{b}_old_ratio"]))
    # the reduced schemes against no IID at all, head to head in the study
    for b in ("iidr2", "iidcut", "iidpv"):
        d = pairing_dir(STUDY15, b, "noiid")
        if d:
            f[f"s15_{b}_vs_noiid"] = head_to_head(d, b)["score"]
    # games a build lost by offering a move the rules forbid (3.2's castling out of a pawn's
    # check or through a square a pawn attacks): each run's, by the build that offered it
    runs = [RES / r for r in ("scaled-15-wide", "sd-iidr2-scaled-15", "scaled-15", "scaled-60",
                              "startpos-scaled-15", "startpos-sd-iidr2-scaled-15")]
    runs += [d for r in (STUDY15, STUDY60, SWEEP) for d in sorted((RES / r).glob("*")) if d.is_dir()]
    ill, every, f["illegal_csv_count"] = illegal_in(runs)
    f["illegal_games"] = len(every)
    f["illegal_by_run"] = {r: len(v) for r, v in ill.items()}
    f["illegal_kinds"] = {k: sum(x["kind"] == k for x in every) for k in ("out of check", "through", "other")}
    f["illegal_loser_agrees"] = all(x["loser_agrees"] for x in every)
    label = {"scaled-15-wide": "the {:,}-game run".format(f.get("w15_games", 0)), "scaled-60": "the 60 s match",
             STUDY15: "the 15 s study", STUDY60: "the 60 s gauntlet", "scaled-15": "the 1000-game match"}
    parts = []
    for r, v in ill.items():
        by = {}
        for x in v:
            by[x["build"]] = by.get(x["build"], 0) + 1
        builds = ", ".join(f"{b} {n}" for b, n in sorted(by.items()))
        parts.append(f"{len(v)} in {label.get(r, r)} (`{r}/`; by {builds})")
    f["illegal_text"] = "; ".join(parts)
    f["illegal_through"], f["illegal_out_of_check"] = f["illegal_kinds"]["through"], f["illegal_kinds"]["out of check"]
    f["w15_illegal_through"] = sum(x["kind"] == "through" for x in ill.get("scaled-15-wide", []))
    f["w15_illegal_by_build"] = sorted({x["build"]: sum(y["build"] == x["build"] for y in ill["scaled-15-wide"])
                                        for x in ill.get("scaled-15-wide", [])}.items())
    # the same on the node clock: every node-clock run (the jitter map's cells one by one)
    node_runs = [RES / r for r in ("node-15-wide", "node-15-sd-iidr2", "node-60-wide", "startpos-node-map",
                                   "startpos-node-map-sd-iidr2", "mm48-sd-15", "mm48-vs-old-15")]
    node_runs += sorted(p.parent for p in (RES / "startpos-node-jitter").glob("s*/b*/games.csv"))
    node_ill, node_every, f["illegal_node_csv_count"] = illegal_in(node_runs)
    f["illegal_node_games"] = len(node_every)
    f["illegal_node_kinds"] = {k: sum(x["kind"] == k for x in node_every) for k in ("out of check", "through", "other")}
    f["illegal_node_builds"] = sorted({x["build"] for x in node_every})
    f["illegal_node_loser_agrees"] = all(x["loser_agrees"] for x in node_every)
    f["illegal_node_text"] = "; ".join(
        f"{len(v)} in `{r}/` (by {', '.join(sorted({x['build'] for x in v}))}: "
        f"{sum(x['kind'] == 'out of check' for x in v)} out of a pawn's check, "
        f"{sum(x['kind'] == 'through' for x in v)} through a square a pawn attacks)" for r, v in node_ill.items()) or "none"
    # a match of the post's length drawn from the runs' game pairs: how often it reaches the post's score
    if "m60_ptnml" in f:
        f["m60_r50_ge53"] = match_share_at_least(f["m60_ptnml"], 50, 0.53)
    if "m15_ptnml" in f:
        f["m15_r100_ge575"] = match_share_at_least(f["m15_ptnml"], 100, 0.575)
    if "s15_rating_iidr2_elo" in f and "s15_rating_noiid_elo" in f:
        f["s15_iidr2_over_noiid"] = f["s15_rating_iidr2_elo"] - f["s15_rating_noiid_elo"]
    # the schemes whose 60 s interval against old lies wholly below their 15 s one
    fell = [k for k in ("iidr2", "iidcut", "iidpv", "noiid")
            if f"s60_rating_{k}_hi" in f and f"s15_rating_{k}_lo" in f
            and f[f"s60_rating_{k}_hi"] < f[f"s15_rating_{k}_lo"]]
    f["s60_fell"] = fell
    if fell:
        names = [f"`{k}` ({fixed(f[f's60_rating_{k}_elo'], 1, True)} against {fixed(f[f's15_rating_{k}_elo'], 1, True)})" for k in fell]
        text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        f["s60_fell_text"] = text + (" falls" if len(fell) == 1 else " fall")
    # the 11,600-game run: its interval's ends, how far its estimate is from 0, and how often
    # a 100-game match drawn from its game pairs reaches the post's 57.5%
    if "w15_elo" in f:
        f["w15_z"] = f["w15_elo"] / (f["w15_elo_pm"] / 1.959964)  # the half-width is 1.96 standard errors
        f["w15_r100_ge575"] = match_share_at_least(f["w15_ptnml"], 100, 0.575)
    for key in ("m15", "m60"):
        if f"{key}_nps" in f:
            f[f"{key}_nps_text"] = " and ".join(fixed(x, 2) for x in f[f"{key}_nps"])
    # the true ends of the pentanomial intervals (the logistic scale is not symmetric about the
    # estimate), from the pair counts with the generator's own pentanomial function
    for key in ("w15", "m60", "wr2", "m15", "sp"):
        if f"{key}_ptnml" in f:
            e, lo, hi, pm = ur.ptnml_interval(f[f"{key}_ptnml"])
            f[f"{key}_lo"], f[f"{key}_hi"] = lo, hi
            f[f"{key}_ptnml_check"] = abs(e - f[f"{key}_elo"]) < 1e-4 and abs(pm - f[f"{key}_elo_pm"]) < 1e-4
    # the 11,600-game run's two segments: the binary changed once, at the resume that grew the
    # run (command.txt), and the rows record the grown size (settings games=)
    wide = RES / "scaled-15-wide"
    if (wide / "games.csv").is_file():
        blocks = command_blocks(wide)
        changes = [i for i in range(1, len(blocks)) if blocks[i]["binary"] != blocks[i - 1]["binary"]]
        f["w15_binary_changes"] = len(changes)
        games = read_csv(wide / "games.csv")
        if len(changes) == 1:
            first, later = blocks[0], blocks[changes[0]]
            f["w15_binaries"] = [Path(first["binary"]).name, Path(later["binary"]).name]
            f["w15_commit1"], f["w15_commit2"] = (b.rsplit("-", 1)[-1] for b in f["w15_binaries"])
            # the rows the new binary played: from the first row at the size its resume gave
            split = next(i for i, g in enumerate(games) if ur.settings(g)["games"] == later["games"])
            f["w15_segment_sizes_ok"] = (all(ur.settings(g)["games"] == first["games"] for g in games[:split])
                                         and all(ur.settings(g)["games"] == later["games"] for g in games[split:])
                                         and all(b["games"] == first["games"] for b in blocks[:changes[0]])
                                         and all(b["binary"] == later["binary"] for b in blocks[changes[0]:]))
            f["w15_split_game"] = int(games[split]["game"])
            # every game numbered below it was played by the first binary, every other by the second
            f["w15_split_clean"] = (max(int(g["game"]) for g in games[:split]) < f["w15_split_game"]
                                    == min(int(g["game"]) for g in games[split:]))
            odd_total = 0
            for n, rows in ((1, games[:split]), (2, games[split:])):
                pt, odd = ur.pentanomial(rows, "sd_score")
                odd_total += odd
                e, lo, hi, pm = ur.ptnml_interval(pt)
                f[f"w15_seg{n}_games"] = len(rows)
                f[f"w15_seg{n}_elo"], f[f"w15_seg{n}_elo_pm"] = e, pm
                f[f"w15_seg{n}_lo"], f[f"w15_seg{n}_hi"] = lo, hi
                f[f"w15_seg{n}_nodes_side"] = nodes_per_side(rows)
            f["w15_segment_odd_pairs"] = odd_total
        f["w15_openings_twice"] = sum(1 for n in
                                      collections.Counter(g["opening_id"] for g in games).values() if n > 2)
    # the initial-position runs are mixtures of machine speeds: the in-game speed (nodes over CPU
    # seconds) and the nodes a side per game, per 100-game block
    for key, run in [("sp", "startpos-scaled-15"), ("spr2", "startpos-sd-iidr2-scaled-15")]:
        if (RES / run / "games.csv").is_file():
            b = block_means(read_csv(RES / run / "games.csv"), 100)
            f[f"{key}_block_nps_lo"], f[f"{key}_block_nps_hi"] = min(x[1] for x in b), max(x[1] for x in b)
            f[f"{key}_block_nodes_lo"] = min(x[0] for x in b)
            f[f"{key}_block_nodes_hi"] = max(x[0] for x in b)
    sweep_nodes = {}
    for c in SWEEP_CLOCKS:
        p = RES / SWEEP / f"clock{c:+03d}" / "games.csv"
        if p.is_file():
            games = read_csv(p)
            f[f"sw{c:+03d}_nodes_side"] = nodes_per_side(games)
            f[f"sw{c:+03d}_block_nodes"] = [x[0] for x in block_means(games, 100)]
            sweep_nodes[c] = f[f"sw{c:+03d}_nodes_side"]
    f["sweep_nodes_in_clock_order"] = list(sweep_nodes.values()) == sorted(sweep_nodes.values())
    if sweep_nodes:
        f["sweep_nodes_lo"], f["sweep_nodes_hi"] = min(sweep_nodes.values()), max(sweep_nodes.values())
    # the 60 s gauntlet's pairings: each build's games against old, delivered nodes
    for name, _ in SCHEMES:
        d = pairing_dir(STUDY60, "old", name if name != "old" else "sd")
        if d and (d / "games.csv").is_file():
            f[f"g60_{name if name != 'old' else 'sd'}_nodes_side"] = nodes_per_side(read_csv(d / "games.csv"))
    # the schemes that fall at 60 s, like for like: head to head against old at 15 s (the
    # study's pairing) and at 60 s (the gauntlet's), and z of the difference (half-widths are
    # 1.96 standard errors)
    like = []
    for k in f["s60_fell"]:
        h15 = head_to_head(pairing_dir(STUDY15, "old", k), k)
        h60 = head_to_head(pairing_dir(STUDY60, "old", k), k)
        z = (h15["elo"] - h60["elo"]) / math.hypot(h15["elo_pm"] / ur.Z95, h60["elo_pm"] / ur.Z95)
        overlap = h15["elo"] - h15["elo_pm"] < h60["elo"] + h60["elo_pm"]
        f[f"h2h_{k}_z"], f[f"h2h_{k}_overlap"] = z, overlap
        like.append(f"`{k}` {elo_text(h15['elo'], h15['elo_pm'])} at 15 s against {elo_text(h60['elo'], h60['elo_pm'])} "
                    f"at 60 s, z = {fixed(z, 1)}")
    f["s60_fell_h2h_text"] = "; ".join(like)
    f["s60_fell_h2h_overlap"] = [k for k in f["s60_fell"] if f[f"h2h_{k}_overlap"]]
    f["s60_fell_h2h_apart"] = [k for k in f["s60_fell"] if not f[f"h2h_{k}_overlap"]]
    # the cost against the depth it costs: the reduced schemes' and noiid's nodes to depth 7
    # over old's, and old's mean depth less theirs in the study; sd's largest study score
    reduced = ("iidr2", "iidcut", "iidpv", "noiid")
    if all(f"cost7_{b}" in f and f"s15_rating_{b}_depth" in f for b in reduced):
        f["cost7_lo"], f["cost7_hi"] = min(f[f"cost7_{b}"] for b in reduced), max(f[f"cost7_{b}"] for b in reduced)
        gaps = [f["s15_rating_old_depth"] - f[f"s15_rating_{b}_depth"] for b in reduced]
        f["depth_gap_lo"], f["depth_gap_hi"] = min(gaps), max(gaps)
        f["s15_best_opponent"] = max((k for k, _ in SCHEMES if f"s15_{k}_score" in f), key=lambda k: f[f"s15_{k}_score"])
    # answer 4's "nearer no IID at all than old": by the point estimates; the schemes whose
    # interval reaches above the midpoint between old (0) and noiid leave it open
    if all(f.get(f"s15_rating_{k}_hi") is not None for k in ("iidr2", "iidcut", "iidpv", "noiid")):
        mid = f["s15_rating_noiid_elo"] / 2
        f["s15_nearer_open"] = [k for k in ("iidr2", "iidcut", "iidpv") if f[f"s15_rating_{k}_hi"] > mid]
        f["s15_nearer_open_text"] = (
            "by the point estimates; " + " and ".join(f"`{k}`'s" for k in f["s15_nearer_open"])
            + (" interval leaves" if len(f["s15_nearer_open"]) == 1 else " intervals leave") + " it open"
            if f["s15_nearer_open"] else "each interval as well as its estimate")
    # the front page's "in a smaller study": sd against the other reduced schemes and noiid
    others = [f[f"s15_{b}_score"] for b in ("iidcut", "iidpv", "noiid") if f"s15_{b}_score" in f]
    if others:
        f["s15_others_lo"], f["s15_others_hi"] = min(others), max(others)
    # the nodes a side the 15 s runs delivered, against the nominal 9 M
    n15 = {k: f[f"{k}_nodes_side"] for k in ["m15", "w15", "wr2", "sp", "spr2"] + [f"s15_{n}" for n, _ in SCHEMES]
           if f"{k}_nodes_side" in f}
    if n15:
        f["nodes15_lo"], f["nodes15_hi"] = min(n15.values()), max(n15.values())
        f["nodes15_lo_run"], f["nodes15_hi_run"] = min(n15, key=n15.get), max(n15, key=n15.get)
    if f.get("s60_fell"):
        join = lambda ks: " and ".join(f"`{k}`" for k in ks)
        f["s60_fell_h2h_apart_text"] = join(f["s60_fell_h2h_apart"]) or "none"
        f["s60_fell_h2h_overlap_text"] = join(f["s60_fell_h2h_overlap"]) or "none"
    map_window(f)
    if f.get("n60_games") and f.get("n15_games"):  # the post's 60 s on the node clock (needs sp_*, m60_*)
        node60_facts(f)
    return f


def map_window(f):
    """The node map's sd score over the budgets the CPU-clock run from the initial position
    delivered (its 100-game blocks' nodes a side, lowest to highest)."""
    m = RES / "startpos-node-map" / "map.csv"
    if not m.is_file() or "sp_block_nodes_lo" not in f:
        return
    rows = [r for r in read_csv(m)
            if f["sp_block_nodes_lo"] <= int(r["budget"]) <= f["sp_block_nodes_hi"]]
    f["nm_sp_window_pairs"] = len(rows)
    f["nm_sp_window_score"] = sum(float(r["sd_pair_score"]) for r in rows) / (2 * len(rows))


def value(f, name):
    """A placeholder's text: `name` is a fact; `name:pct`, `name:elo` format it."""
    key, _, fmt = name.partition(":")
    if key not in f:
        raise KeyError(name)
    v = f[key]
    if fmt == "pct":
        return pct(v)
    if fmt == "pct2":
        return small_pct(v)
    if fmt == "2":
        return fixed(v, 2)
    if fmt == "pct_los":  # a likelihood near 1 keeps its distance from certainty
        return pct(v, 2) if v < 0.9999 else ">99.99%"
    if fmt == "3":
        return fixed(v, 3)
    if fmt == "0":
        return fixed(v, 0)
    if fmt in ("1", "elo"):
        return fixed(v, 1, fmt == "elo")
    if fmt == "int":
        return f"{v:,}"
    if fmt == "pctv":  # a number already in per cent
        return percent(v)
    if fmt == "M":  # nodes, in millions
        return mnodes(v)
    if fmt == "elo0":
        return fixed(v, 0, True)
    if fmt == "2x":
        return f"{fixed(v, 2)}×"
    return str(v)


def render(f, template):
    text = template.read_text()
    out, i = [], 0
    tables = {"answer": answer_table, "front": front_table, "speed": speed_table, "sweep": sweep_table}
    while True:
        j = text.find("{{", i)
        if j < 0:
            out.append(text[i:])
            break
        k = text.index("}}", j)
        out.append(text[i:j])
        name = text[j + 2:k]
        if name.startswith("table:"):
            out.append(tables[name[6:]](f))
        else:
            try:
                out.append(value(f, name))
            except KeyError:
                sys.exit(f"report.py: {template.relative_to(ROOT)}: no fact named '{name}'")
        i = k + 2
    return wrap_long_lines("".join(out))


def wrap_long_lines(text, width=100):
    """Every prose paragraph filled to `width` (a list item's continuation indented under its
    text), so that a placeholder's shorter value leaves no ragged short lines; tables, headings,
    images, comments and code blocks stay as they are."""
    out, code, block = [], False, []

    def flush():
        items = []
        for line in block:
            if re.match(r"\s*(\d+\. |- )", line) or not items:
                items.append([line])
            else:
                items[-1].append(line)
        for item in items:
            first = item[0]
            lead = first[:len(first) - len(first.lstrip())]
            marker = re.match(r"(\d+\. |- )", first.lstrip())
            rest = lead + " " * len(marker.group(1)) if marker else lead
            words = " ".join(line.strip() for line in item)
            # a code span is never broken across lines
            words = re.sub(r"`[^`]*`", lambda m: m.group(0).replace(" ", "\0"), words)
            filled = textwrap.fill(words, width=width, initial_indent=lead, subsequent_indent=rest,
                                   break_long_words=False, break_on_hyphens=False)
            out.append(filled.replace("\0", " "))
        block.clear()

    for line in text.split("\n"):
        if line.startswith("```"):
            flush()
            code = not code
            out.append(line)
            continue
        if code or not line.strip() or line.lstrip().startswith(("|", "#", "!", "<")):
            flush()
            out.append(line)
            continue
        block.append(line)
    flush()
    return "\n".join(out)


def shape_errors(text, name, most=None, answer_most=None, paragraph_most=8):
    """What breaks the report's shape: more than `most` lines, an answer section of more than
    `answer_most`, a prose paragraph of more than `paragraph_most` lines."""
    lines = text.split("\n")
    errors = []
    if most and len(lines) > most:
        errors.append(f"{name}: {len(lines)} lines, at most {most}")
    if answer_most and "## The answer" in text:
        section = text.split("## The answer", 1)[1].split("\n## ", 1)[0]
        n = section.count("\n")
        if n > answer_most:
            errors.append(f"{name}: 'The answer' has {n} lines, at most {answer_most}")
    for para in re.split(r"\n\s*\n", text):
        plines = para.split("\n")
        if plines and not plines[0].lstrip().startswith(("|", "#", "!", "<", "```")):
            items = re.split(r"\n(?=\s*(?:\d+\. |- ))", para)
            for item in items:
                k = item.count("\n") + 1
                if k > paragraph_most and not item.lstrip().startswith("```"):
                    errors.append(f"{name}: a paragraph of {k} lines (at most {paragraph_most}): "
                                  f"'{item.strip()[:60]}...'")
    return errors


def main():
    check = "--check" in sys.argv[1:]
    f = facts()
    wrong = [text for text, holds in CLAIMS if not holds(f)]
    for text in wrong:
        print(f"report.py: the data no longer support '{text}': fix docs/report/results.md.in")
    if wrong:
        sys.exit(1)
    outputs = {FACTS: json.dumps(f, indent=1, sort_keys=True) + "\n", OUT: render(f, TEMPLATE),
               FRONT: render(f, FRONT_TEMPLATE)}
    shape = shape_errors(outputs[OUT], "results/README.md", most=250, answer_most=60)
    for e in shape:
        print(f"report.py: {e}: shorten docs/report/results.md.in")
    if shape:
        sys.exit(1)
    stale = [p for p, t in outputs.items() if not p.is_file() or p.read_text() != t]
    if check:
        for p in stale:
            print(f"report.py: stale text in {p.relative_to(ROOT)}: run python3 scripts/report/report.py")
        sys.exit(1 if stale else 0)
    for p, t in outputs.items():
        p.write_text(t)


if __name__ == "__main__":
    main()
