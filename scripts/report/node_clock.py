"""The report's facts of the node-clock runs (scripts/node-queue.sh): how many games each has
so far, and what the jitter map (startpos-node-jitter/jitter.json, made by scripts/node_jitter.py)
and the initial-position map (startpos-node-map/map.json, scripts/node_map.py) show."""

import json

from formatting import fixed, pct
from runs import RES, head_to_head, read_csv


# the jitter map's plan: 21 budgets at each of three sigmas, a 100-game match each
JITTER_CELLS = 21 * 3
# the node-clock runs (scripts/node-queue.sh): directory, games planned
NODE_RUNS = [("startpos-node-map", 2002), ("node-15-wide", 4000), ("node-15-sd-iidr2", 2000),
             ("startpos-node-jitter", JITTER_CELLS * 100), ("startpos-node-map-sd-iidr2", 402), ("node-60-wide", 4000)]


def node_facts(f):
    """The node-clock runs as far as they are committed: each run's games so far, and the map."""
    for name, planned in NODE_RUNS:
        key = name.replace("-", "_")
        csvs = sorted((RES / name).glob("**/games.csv"))
        f[f"{key}_games"] = sum(len(read_csv(c)) for c in csvs)
        f[f"{key}_planned"] = planned
    jit = RES / "startpos-node-jitter" / "jitter.json"
    if jit.is_file():  # the jitter map as far as its cells are in (scripts/node_jitter.py)
        jj = json.load(open(jit))
        j = jj["overall"]
        f["jit_cells_complete"], f["jit_cells_planned"] = j["cells_complete"], JITTER_CELLS
        # one clause per sigma with complete cells: how many, their budgets, how many reach
        # 57.5%, their scores, and how many have every pair scored alike (no interval)
        # (and the sigmas whose every planned cell is complete)
        clauses, full = [], []
        f["jit_sigmas_complete"] = []
        done_by = {s["sigma"]: [c for c in jj["cells"] if c["complete"] and c["sigma"] == s["sigma"]]
                   for s in jj["sigmas"]}
        for s in jj["sigmas"]:
            done = done_by[s["sigma"]]
            if not done:
                continue
            reach = s["reaching_575"]["count"]
            f["jit_sigmas_complete"].append((s["sigma"], len(done), reach))
            if len(done) == s["cells_planned"]:
                full.append(s["sigma"])
            alike = sum(c["elo_lo"] is not None and c["elo_lo"] == c["elo_hi"] for c in done)
            clauses.append(
                f"at σ {s['sigma']}, {len(done)} of {s['cells_planned']} at budgets from "
                f"{fixed(min(c['budget'] for c in done) / 1e6)} to {fixed(max(c['budget'] for c in done) / 1e6)} M "
                f"nodes a side: {reach} reach{'es' if reach == 1 else ''} 57.5%, their scores from "
                f"{pct(min(c['sd_score'] for c in done))} to {pct(max(c['sd_score'] for c in done))} "
                f"({alike} with every pair scored alike)")
        f["jit_by_sigma"] = "; ".join(clauses) if clauses else "none yet"
        f["jit_sigmas_full"] = full
        every = len(full) == len(jj["sigmas"])
        named = [str(x) for x in full]  # "0.005", "0.005 and 0.02", "0.005, 0.02 and 0.11"
        named = ", ".join(named[:-1]) + " and " + named[-1] if len(named) > 1 else "".join(named)
        # the sentence that follows the clauses
        f["jit_after"] = (
            ("At every σ of the plan every budget is played (the cells are fixed budgets, so their "
             f"shares describe them and are not probabilities); wavering larger than σ {named.split()[-1]} "
             "was not played.") if every else
            (f"At σ {named} every planned budget is played (the cells are fixed "
             "budgets, so their share is a description of them, not a probability); what larger "
             "wavering does is not yet known.") if full else
            "How likely the post's result was on a wavering clock, and at larger wavering, is not yet known.")
        # answer 3: per sigma (in the plan's order) the complete cells, how many reach 57.5%, the
        # lowest and highest score and the budgets that reach it; the last sigma is the estimate
        # of a CPU clock's own wavering (results/clock-jitter/)
        est = json.load(open(RES / "clock-jitter" / "facts.json"))["sigma_estimate"]
        f["jit_est_sigma"] = est
        f["jit_ranges"] = []
        for s in jj["sigmas"]:
            done = done_by[s["sigma"]]
            scores = [c["sd_score"] for c in done]
            budgets = [c["budget"] for c in done if c["sd_score"] >= 0.575]
            f["jit_ranges"].append((s["sigma"], len(done), s["cells_planned"], len(budgets),
                                    min(scores, default=None), max(scores, default=None), budgets))
        parts = []
        for sigma, n, planned, reach, lo, hi, budgets in f["jit_ranges"]:
            if not n:
                continue
            where = " and ".join(fixed(b / 1e6) for b in budgets)
            label = ", the wavering estimated for a CPU clock" if sigma == est else ""
            parts.append(f"{reach} of {n}{' matches' if not parts else ''} at σ {sigma}{label} (scores from {pct(lo)} to {pct(hi)}"
                         + (f"; 57.5% or more at {where} M nodes a side)" if sigma == est and budgets else ")"))
        f["jit_reach_text"] = (", ".join(parts[:-1]) + " and " + parts[-1]) if len(parts) > 1 else "".join(parts)
    m2 = RES / "startpos-node-map-sd-iidr2" / "map.json"
    if m2.is_file():  # sd vs iidr2's map; node_map.py scores the match's second build, iidr2
        j = json.load(open(m2))
        assert (j["test"], j["base"]) == ("iidr2", "sd"), m2
        ps = j["pair_score_by_budget"]
        f["nm2_pairs"], f["nm2_planned_pairs"] = j["pairs"], j["planned_games"] // 2
        f["nm2_sd_wins"], f["nm2_sd_losses"] = ps["iidr2_loses"]["share"], ps["iidr2_wins"]["share"]
        f["nm2_sd_score"] = 1 - j["score"]["score"]
        f["nm2_distinct"], f["nm2_games"] = j["lines"]["distinct"], j["score"]["games"]
        # sd's wins, how many of them iidr2's time losses, and sd's score in the other games
        h = head_to_head(m2.parent, "sd")
        f["nm2_sd_wins_games"], f["nm2_score_no_forfeit"] = h["wins"], h["score_no_forfeit"]
        f["nm2_forfeits_won"], f["nm2_forfeits_lost"] = h["forfeits_won"], h["forfeits_lost"]
    m = RES / "startpos-node-map" / "map.json"
    if m.is_file():
        j = json.load(open(m))
        ps, b = j["pair_score_by_budget"], j["budgets"]
        f["nm_pairs"], f["nm_planned_pairs"] = j["pairs"], j["planned_games"] // 2
        f["nm_lo"], f["nm_hi"] = b["min"] / 1e6, b["max"] / 1e6
        f["nm_wins"], f["nm_draws"], f["nm_losses"] = (ps["sd_wins"]["share"], ps["draws"]["share"],
                                                        ps["sd_loses"]["share"])
        f["nm_distinct"] = j["lines"]["distinct"]
        f["nm_games"], f["nm_score"] = j["score"]["games"], j["score"]["score"]
        # sd's wins and losses on time, and its score in the other games (as for sd vs iidr2)
        h = head_to_head(m.parent, "sd")
        f["nm_sd_wins_games"], f["nm_sd_losses_games"] = h["wins"], h["losses"]
        f["nm_forfeits_won"], f["nm_forfeits_lost"] = h["forfeits_won"], h["forfeits_lost"]
        f["nm_score_no_forfeit"] = h["score_no_forfeit"]
        top = j["parting_points"]["top"][0]
        f["nm_first_ply"] = top["ply"]
        f["nm_first_prefix"] = top["prefix"]
        moves = {}
        for br in top["branches"]:
            moves.setdefault(br["move"], []).append(br)
        f["nm_first_branches"] = "; ".join(
            f"`{mv}` at depth {brs[0]['depths'].split(':')[0]} (" + ", ".join(
                f"{br['build']} {br['windows']}" for br in brs) + ")" for mv, brs in moves.items())
