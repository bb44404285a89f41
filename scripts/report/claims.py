"""The template's sentences as checks of the named facts (CLAIMS)."""
from formatting import fixed, pct, percent
from runs import SCHEMES, SWEEP_CLOCKS, ur


def stays_apart(f):
    """The schemes whose 60 s fall holds head to head (intervals apart) and those whose does not."""
    return f.get("s60_fell_h2h_apart", []), f.get("s60_fell_h2h_overlap", [])


def contains_zero(f, key):
    return abs(f[f"{key}_elo"]) <= f[f"{key}_elo_pm"]


# What the template's sentences say of the numbers, checked against the facts: a sentence that
# the data no longer support fails --check like a stale number (message: the sentence to fix).
CLAIMS = [
    ("answer 1: the intervals of the 1000-game, the study's and the 60 s games against old contain 0",
     lambda f: all(contains_zero(f, k) for k in ("m15", "s15_old", "m60"))),
    ("answer 1: 57.5% is outside the 1000-game match's interval",
     lambda f: ur.elo(0.575) > f["m15_elo"] + f["m15_elo_pm"]),
    ("answer 2: sd is ahead of iidr2 and iidcut beyond the interval",
     lambda f: all(f[f"s15_{k}_elo"] > f[f"s15_{k}_elo_pm"] for k in ("iidr2", "iidcut"))),
    ("answer 3 and front: from the initial position sd and old are not distinguishable (interval contains 0)",
     lambda f: contains_zero(f, "sp")),
    ("answer 3: against iidr2 from the initial position, most of sd's wins are time losses",
     lambda f: f["spr2_forfeits_won"] * 2 > f["spr2_wins"] and f["spr2_score_no_forfeit"] < 0.5 + 0.05),
    ("answer 4 and evidence: the joint rating's interval of sd contains 0 (its lower end just below)",
     lambda f: -5 < f["s15_rating_sd_lo"] <= 0),
    ("answer 4: iidr2, iidcut and noiid rate below old, each interval below 0",
     lambda f: all(f[f"s15_rating_{k}_hi"] < 0 for k in ("iidr2", "iidcut", "noiid"))),
    ("answer 4: against iidr2 sd's edge holds without the time losses",
     lambda f: f["s15_iidr2_score_no_forfeit"] > 0.53),
    ("answer 4: iidr2 lost about one game in four on time from the initial position",
     lambda f: 0.2 < f["spr2_forfeits_won"] / f["spr2_games"] < 0.3),
    ("answer 4: iidpv rates below old too, its interval below 0",
     lambda f: f["s15_rating_iidpv_hi"] < 0),
    ("answer 3 and evidence: at every clock of the sweep the interval of sd's Elo contains 0",
     lambda f: all(contains_zero(f, f"sw{c:+03d}") for c in SWEEP_CLOCKS)),
    ("answer 3: all eleven clocks of the sweep are played (200 games each)",
     lambda f: f["sweep_complete"] == len(SWEEP_CLOCKS)),
    ("evidence: at every clock of the sweep the games first part at ply 3 or 4",
     lambda f: all(f[f"sw{c:+03d}_parting_ply"] in (3, 4) for c in SWEEP_CLOCKS)),
    ("answer 3 and evidence: at every clock a 100-game match reaches 57.5% in under 10% of resamples",
     lambda f: f["sweep_ge575_max"] < 0.10),
    ("answer 4: on the same clock the reduced schemes and noiid reach less mean depth than old",
     lambda f: all(f[f"s15_rating_{b}_depth"] < f["s15_rating_old_depth"] for b in ("iidr2", "iidcut", "iidpv", "noiid"))),
    ("answer 4: each reduced scheme and noiid needs more nodes than old to complete depth 7, sd fewer",
     lambda f: all(f[f"cost7_{b}"] > 1.2 for b in ("iidr2", "iidcut", "iidpv", "noiid")) and f["cost7_sd"] < 1),
    ("answer 4: head to head the reduced schemes score 45-55% against noiid",
     lambda f: all(0.45 <= f[f"s15_{b}_vs_noiid"] <= 0.55 for b in ("iidr2", "iidcut", "iidpv"))),
    # the wide runs, as their rows land (checked from 1,000 games on): the answer's sentences
    # must still hold, or be rewritten
    ("answer 1 and front: sd's gain over old at 15 s is under 20 Elo (every interval's upper end)",
     lambda f: all(f[f"{k}_elo"] + f[f"{k}_elo_pm"] < 20 for k in ("m15", "w15"))),
    ("front and answer 1: 'a few Elo stronger', 'small' (the wide run's interval between 0 and 12 Elo)",
     lambda f: 0 < f["w15_lo"] and f["w15_hi"] < 12),
    ("answer 2 and front: sd is ahead of iidr2 beyond the interval in the wide run too",
     lambda f: f.get("wr2_games", 0) >= 1000 and f["wr2_elo"] > f["wr2_elo_pm"]),
    ("answer 2 and front: the post's 57.5% lies just above sd's interval against iidr2 in the wide run (within 5 Elo)",
     lambda f: f.get("wr2_games", 0) >= 2000 and 0 < f["claim_elo"] - (f["wr2_elo"] + f["wr2_elo_pm"]) < 5),
    ("front: in the study sd scores 57-62% against iidcut, iidpv and noiid",
     lambda f: all(0.57 <= f[f"s15_{k}_score"] < 0.62 for k in ("iidcut", "iidpv", "noiid"))),
    ("answer 2: most of sd's wins against iidr2 from the wide suite are not time losses; without them sd still scores over 53%",
     lambda f: f["wr2_forfeits_won"] * 2 < f["wr2_wins"] and f["wr2_score_no_forfeit"] > 0.53),
    ("answer 1 and front: the 11,600-game old vs sd is finished (every game of its size played)",
     lambda f: f["w15_size"] == 11600 and f["w15_games"] >= f["w15_size"]),
    ("answer 1 and front: in the 11,600-game run sd's gain over old is above 0 (the interval's lower end)",
     lambda f: f["w15_lo"] > 0),
    ("answer 1 and front: the post's 57.5% is far outside the 11,600-game run's interval (over 30 Elo above it)",
     lambda f: f["claim_elo"] > f["w15_hi"] + 30),
    ("answer 1: a 100-game match from the 11,600-game run's pairs reaches 57.5% in under 2% of cases",
     lambda f: f["w15_r100_ge575"] < 0.02),
    ("answer 4: sd needs fewer nodes than old to complete depth 7, reaches slightly deeper in the 11,600-game run (the pair interval above 0), and uses the same CPU (within 2%)",
     lambda f: f["cost7_sd"] < 1 and f["w15_depth_diff"] > f["w15_depth_diff_pm"] and abs(f["w15_time_ratio"] - 1) < 0.02),
    ("answer 1: the 11,600-game run's half-width is under 3.5 Elo, and its estimate over 3.3 standard errors from 0 (fifty looks, Bonferroni)",
     lambda f: f["w15_elo_pm"] < 3.5 and f["w15_z"] > 3.3),
    ("limits: at 60 s and from the initial position the intervals against old hold both 0 and the wide run's gain",
     lambda f: all(contains_zero(f, k) and abs(f[f"{k}_elo"] - f["w15_elo"]) < f[f"{k}_elo_pm"] for k in ("m60", "sp"))),
    ("answer 1: the smaller runs agree (each interval against old holds the wide run's estimate)",
     lambda f: all(abs(f[f"{k}_elo"] - f["w15_elo"]) < f[f"{k}_elo_pm"] for k in ("m15", "s15_old", "m60"))),
    ("limits: every run is finished (the 60 s gauntlet and both wide runs at their sizes)",
     lambda f: f.get("s60_games_total") == 1400 and f["wr2_games"] >= f["wr2_size"] and f["w15_games"] >= f["w15_size"]),
    ("answer 5 and limits: the 60 s gauntlet is complete, 200 games a pairing",
     lambda f: f.get("s60_pairings_complete", 0) == len(SCHEMES) and f["s60_games_total"] == 1400),
    ("answer 5: at 60 s iidr2, iidcut, noiid and iidpv rate below old, each interval below 0",
     lambda f: all(f[f"s60_rating_{k}_hi"] < 0 for k in ("iidr2", "iidcut", "noiid", "iidpv"))),
    ("answer 5: at 60 s sd, iidreset and sdp are not distinguishable from old (intervals contain 0)",
     lambda f: all(f[f"s60_rating_{k}_lo"] < 0 < f[f"s60_rating_{k}_hi"] for k in ("sd", "iidreset", "sdp"))),
    ("answer 5: sd against old at 60 s, head to head: both intervals contain 0",
     lambda f: contains_zero(f, "m60") and contains_zero(f, "s60_old")),
    ("answer 5: the post's 53% in 50 games is consistent with the 500-game match (a 50-game match from its pairs reaches it in over 10% of cases)",
     lambda f: f["m60_r50_ge53"] > 0.10),
    ("answer 5: 'a gain up to about +19 Elo is not excluded': the 500-game match's interval holds 0, and the post's +20.9 lies just above it (within 5 Elo)",
     lambda f: f["m60_lo"] < 0 < f["m60_hi"] and 0 < f["claim60_elo"] - f["m60_hi"] < 5),
    # the independent check's items
    ("limits: the illegal-move games are all found and told apart: each games.csv illegal_move has the referee's comment in games.pgn naming the build that lost it",
     lambda f: f["illegal_games"] == f["illegal_csv_count"] and f["illegal_loser_agrees"]),
    ("limits: every illegal move is castling, out of a pawn's check or through a square a pawn attacks; the latter all in the 11,600-game run",
     lambda f: f["illegal_kinds"]["other"] == 0 and f["illegal_through"] == f["w15_illegal_through"] > 0),
    ("limits: the node-clock runs' illegal-move games are all micro-Max 3.2's castling traits, by `old` (4.8 none), each a loss for the build that offered it, and every such row is counted",
     lambda f: f["illegal_node_games"] == f["illegal_node_csv_count"] and f["illegal_node_kinds"]["other"] == 0
     and f["illegal_node_builds"] in ([], ["old"]) and f["illegal_node_loser_agrees"]),
    ("answer 2 and front: sd-iidr2-scaled-15 used a contiguous range of wide.txt's openings, from id 0, each played with both colours; scaled-15-wide used all of them",
     lambda f: f["wr2_opening_lo"] == 0 and f["wr2_openings_used"] == f["wr2_opening_hi"] + 1 == f["wr2_games"] // 2
     and f["w15_openings_used"] == f["w15_opening_hi"] + 1 and f["wr2_openings_used"] < f["w15_openings_used"]),
    ("limits and table: what the runs delivered differs from the nominal (the node columns are read)",
     lambda f: all(f[f"{k}_nominal_nodes"] and f[f"{k}_nodes_side"] > 0 for k in ("w15", "m15", "m60", "wr2", "sp"))
     and f["nodes15_lo"] < f["w15_nominal_nodes"] < f["nodes15_hi"]),
    ("answer 1: the generator's pentanomial function gives each run's summary.csv Elo and half-width (so the segments' figures are the same statistic)",
     lambda f: all(f[f"{k}_ptnml_check"] for k in ("w15", "m60", "wr2", "m15", "sp"))),
    ("answer 1: the 11,600-game run's binary changed once, at the resume that grew it; the rows before and after are the two binaries', no pair split",
     lambda f: f["w15_binary_changes"] == 1 and f["w15_segment_sizes_ok"] and f["w15_split_clean"]
     and f["w15_segment_odd_pairs"] == 0 and f["w15_seg1_games"] + f["w15_seg2_games"] == f["w15_games"]
     and f["w15_split_game"] - 1 == f["w15_seg1_games"]),
    ("answer 1 and front: each segment of the 11,600-game run is above 0 (its interval's lower end)",
     lambda f: f["w15_seg1_lo"] > 0 and f["w15_seg2_lo"] > 0),
    ("answer 3, evidence and front: the initial-position run is a mixture of machine speeds (its 100-game blocks' in-game speed differs by over 10%), and the sweep's nodes do not follow its clocks",
     lambda f: f["sp_block_nps_hi"] > 1.1 * f["sp_block_nps_lo"] and not f["sweep_nodes_in_clock_order"]),
    ("answer 5: noiid's 60 s fall is seen only against the 15 s joint rating: head to head against old the intervals overlap (z under 1.96); iidpv's holds head to head",
     lambda f: "noiid" in f["s60_fell"] and f["h2h_noiid_overlap"] and f["h2h_noiid_z"] < 1.96
     and stays_apart(f)[0] == ["iidpv"] and stays_apart(f)[1] == ["noiid"]),
    ("answer 4: 'a possible reading': sd's largest study score (against noiid) comes with a depth difference whose interval holds 0; the schemes' node cost shows as under 0.1 ply",
     lambda f: f["s15_best_opponent"] == "noiid" and abs(f["s15_noiid_depth_diff"]) < f["s15_noiid_depth_diff_pm"]
     and f["depth_gap_hi"] < 0.1 and f["cost7_lo"] > 1.4),
    ("every number: one rounding rule (half away from zero, from the decimal form)",
     lambda f: (pct(0.5175), pct(0.5725), pct(0.725), fixed(-0.25, 1, True), fixed(60.5, 0), percent(57.25))
     == ("51.8%", "57.3%", "72.5%", "-0.3", "61", "57.3%")),
    ("answer 5: some scheme's 60 s interval lies wholly below its 15 s interval (the generated list)",
     lambda f: len(f["s60_fell"]) >= 1),
    ("answer 1: a 100-game match from the 1000-game match's pairs rarely reaches 57.5% (under 5%)",
     lambda f: f["m15_r100_ge575"] < 0.05),
    ("answer 4: each reduced scheme rates closer to noiid than to old in the joint rating",
     lambda f: all(abs(f[f"s15_rating_{k}_elo"] - f["s15_rating_noiid_elo"]) < abs(f[f"s15_rating_{k}_elo"])
                   for k in ("iidr2", "iidcut", "iidpv"))),
    ("answer 4: iidr2 rates above noiid in the joint rating",
     lambda f: f["s15_iidr2_over_noiid"] > 0),
    ("limits: the second VM's 60 s games got more nodes per side than the first VM's",
     lambda f: len(f["s60_nodes_by_machine"]) == 2 and f["s60_nodes_by_machine"][1] > f["s60_nodes_by_machine"][0]),
    ("limits: the gauntlet's intervals are about +-30 Elo (half-widths 20-40)",
     lambda f: all(20 <= (f[f"s60_rating_{k}_hi"] - f[f"s60_rating_{k}_lo"]) / 2 <= 40
                   for k in [k for k, _ in SCHEMES if k != "old"] + ["sd"])),
    ("node clock: the section's header says '(being played)', and the 60 s sentences 'not yet known', exactly while a run is incomplete",
     lambda f: f["node_clock_playing"] == any(f[f"{n}_games"] < f[f"{n}_planned"] for n in
                   ("startpos_node_map", "node_15_wide", "node_15_sd_iidr2", "startpos_node_jitter",
                    "startpos_node_map_sd_iidr2", "node_60_wide"))
     and (f["node_clock_status"] == " (being played)") == f["node_clock_playing"]
     and ("not yet known" in f["n60_sentence"]) == (not f["n60_complete"])
     and ("being played" in f["n60_answer5"]) == (not f["n60_complete"])),
    ("limits: 'the intervals hold both 0 and a gain of that size' for the initial position and the CPU clock's 60 s match (the node clock's 60 s run named by its own verdict)",
     lambda f: f["limits_elsewhere_ok"]),
    ("answer 5 and the node clock: the 60 s node-clock verdict is where its interval lies (above 0, holding 0, below 0), and the post's 53% is placed against it",
     lambda f: f["n60_side"] == ("above" if f["n60_elo_lo"] > 0 else "below" if f["n60_elo_hi"] < 0 else "holds")
     and f["n60_claim_in"] == ("inside" if f["n60_elo_lo"] <= f["claim60_elo"] <= f["n60_elo_hi"]
                              else "above" if f["claim60_elo"] > f["n60_elo_hi"] else "below")
     and f["n60_paired_openings"] * 2 <= f["n60_games"]),
    ("node clock: the map is complete (every budget in)",
     lambda f: f["nm_pairs"] == f["nm_planned_pairs"]),
    ("answer 3: from the initial position sd wins its pair at more budgets than it loses and scores above 50% over the map; the CPU-clock run's interval holds 0 and lies below the map's score, also over the budgets it delivered",
     lambda f: f["nm_wins"] > f["nm_losses"] and f["nm_score"] > 0.5
     and f["sp_lo"] < 0 < f["sp_hi"] and f["sp_hi"] < ur.elo(f["nm_sp_window_score"]) < ur.elo(f["nm_score"])),
    ("node clock: the jitter sentence's clauses, one a sigma, count every complete cell",
     lambda f: sum(n for _, n, _ in f["jit_sigmas_complete"]) == f["jit_cells_complete"]),
    ("answer 3: the sd-vs-iidr2 node map is complete (every budget in)",
     lambda f: f["nm2_pairs"] == f["nm2_planned_pairs"]),
    ("answer 3: 'on the node clock the picture is the same': sd wins more pairs than it loses, scores above 50%, and most of its wins are iidr2's time losses, as on the CPU clock",
     lambda f: f["nm2_sd_wins"] > f["nm2_sd_losses"] and f["nm2_sd_score"] > 0.5
     and f["nm2_forfeits_won"] > f["nm2_sd_wins_games"] / 2 and f["spr2_forfeits_won"] > f["spr2_wins"] / 2
     and f["nm2_forfeits_won"] > f["nm2_forfeits_lost"]),
    ("answer 3 and the node clock: the jitter map is complete, every cell of every sigma (the sentences give final counts)",
     lambda f: f["jit_cells_complete"] == f["jit_cells_planned"]
     and f["startpos_node_jitter_games"] == f["startpos_node_jitter_planned"]
     and all(n == planned for _, n, planned, *_ in f["jit_ranges"])),
    ("answer 3: the last sigma of the plan is the CPU clock's estimated wavering",
     lambda f: f["jit_ranges"][-1][0] == f["jit_est_sigma"]),
    ("answer 3: 57.5% 'at a few budgets, not at most': at every sigma some cells reach it, fewer than half",
     lambda f: all(0 < reach < n / 2 for _, n, _, reach, *_ in f["jit_ranges"])),
    ("answer 3: 'the more the clock wavers, the closer together the matches' scores': the range narrows with sigma",
     lambda f: all(a[0] < b[0] and a[5] - a[4] > b[5] - b[4] for a, b in zip(f["jit_ranges"], f["jit_ranges"][1:]))),
    ("node clock: 'every planned budget is played' names exactly the sigmas whose cells are all complete",
     lambda f: all(n == 21 for x, n, _ in f["jit_sigmas_complete"] if x in f["jit_sigmas_full"])
     and len(f["jit_sigmas_full"]) == sum(n == 21 for _, n, _ in f["jit_sigmas_complete"])),
    ("answer 2: 'on the node clock it is above iidr2 too': the node-clock run's interval lies above 0",
     lambda f: f["n15r2_elo"] - f["n15r2_elo_pm"] > 0),
    ("node clock: the map's first parting point has more than one branch (the sentence lists them)",
     lambda f: "nm_first_branches" not in f or ";" in f["nm_first_branches"]),
    ("4.8: 'no measurable gain' (answer 6) and 'none is seen' (front) exactly while the interval holds 0, "
     "'a small gain' only above it; 'of N planned' said exactly while planned games are missing",
     lambda f: ("no measurable gain" in f["h48_a6_head"]) == (f["h48_elo_lo"] < 0 < f["h48_elo_hi"])
     == ("none is seen" in f["h48_front"])
     and ("gain" not in f["h48_a6_head"].replace("no measurable gain", "") or f["h48_elo_lo"] > 0)
     and (f["h48_progress"] == "") == (f["h48_games"] == f["h48_planned"])),
    ("4.8: sd's gain on 3.2 at the same clock and budget 'lies inside it too' exactly when it does",
     lambda f: ("lies inside it too" in f["h48_a6_body"]) == (f["h48_elo_lo"] < f["n15_elo"] < f["h48_elo_hi"])),
    ("4.8: the first 4,000 games 'no gain was seen then': their interval holds 0",
     lambda f: f["h48_first_games"] == 4000 and abs(f["h48_first_elo"]) < f["h48_first_elo_pm"]),
    ("4.8: 'whether it helps 4.8 less is not known' exactly while the two runs' difference holds 0",
     lambda f: ("not known" in f["h48_a6_less"]) == (abs(f["h48_n15_diff_elo"]) <= f["h48_n15_diff_pm"])
     and ("not known" in f["h48_n15_diff_verdict"]) == ("not known" in f["h48_a6_less"])),
    ("4.8: the depths leave out the games whose think ran to the iteration cap; the depth verdict follows the pair interval",
     lambda f: f["h48_depth_capped_games"] > 0
     and (f["h48_depth_verdict"] == "no difference is seen") == (abs(f["h48_depth_diff"]) < f["h48_depth_diff_pm"])),
    ("4.8: the refused games the C replayed are all there are, or the text names the ones not yet replayed",
     lambda f: 0 <= f["h48_refused"] - f["h48_refused_replayed"]
     and ("not yet replayed" in f["h48_replay_text"]) == (f["h48_refused"] > f["h48_refused_replayed"])),
    ("answer 6: 'excludes a gain over X or a loss over Y': the interval's two ends, as printed",
     lambda f: f["h48_gain_bound"] == f["h48_elo_hi"] and f["h48_loss_bound"] == -f["h48_elo_lo"]
     and ("excludes a gain over" not in f["h48_a6_body"] or (f["h48_gain_bound"] > 0 and f["h48_loss_bound"] > 0))),
    ("answer 3 and the 2006 match: the chance's sentences say 'so far' and 'not yet known' exactly while the 15 s grid is incomplete",
     lambda f: ("not yet known" in f["post_answer"]) == (not f["pf15_complete"])
     and ("so far" in f["post_time_answer"]) == (not f["pf15_complete"])),
    ("answer 3 and front: the model check's sentences say 'not yet known', 'reproduces' or 'does not reproduce' as the fitted model's prediction stands against the CPU-clock run",
     lambda f: ("not yet known" in f["mcf_answer"]) == (not f["mcf_done"]) == ("not yet known" in f["front_model"])
     and ("does not reproduce" in f["mcf_answer"]) == (f["mcf_done"] and not f["mcf_agrees"])
     == ("does not reproduce" in f["front_model"])),
    ("evidence: 'over the same games the node clock's interval is the narrower'",
     lambda f: f["n15_elo_pm"] < f["n15_cpu_elo_pm"]),
    ("answer 4: the four schemes' joint ratings run from iidr2's (highest) to noiid's (lowest)",
     lambda f: max(f[f"s15_rating_{k}_elo"] for k in ("iidr2", "iidcut", "iidpv", "noiid")) == f["s15_rating_iidr2_elo"]
     and min(f[f"s15_rating_{k}_elo"] for k in ("iidr2", "iidcut", "iidpv", "noiid")) == f["s15_rating_noiid_elo"]),
    ("the 2006 match: 'sd's share of the nodes barely moves': the pooled time share is within 2% at 15 s and 60 s",
     lambda f: abs(f["pf15_time_share"]) < 0.02 and abs(f["pf60_time_share"]) < 0.02),
    ("4.8: mm48-vs-old-15 'complete', and 4.8 stronger: every planned game in, the interval above 0",
     lambda f: f["h48o_games"] == f["h48o_planned"] and f["h48o_elo_lo"] > 0),
    ("4.8: 'equal nodes are not equal time': 4.8's thinks took more CPU than 3.2's, at about equal nodes",
     lambda f: f["h48o_time_ratio"] > 1 and round(f["h48o_node_ratio"], 1) == 1.0),
    ("4.8: '3.2's side of every game was replayed by 3.2's C': the log holds every game, identical",
     lambda f: f["h48o_replayed"] == f["h48o_games"]),
    ("4.8: 'a gap against which that interval is narrow': the largest effect left in is under a tenth of its lower end",
     lambda f: 0 < f["h48_bound_share"] < 0.1),
]
