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
"""
import bisect
import collections
import csv
import json
import math
import re
import statistics
from decimal import ROUND_HALF_UP, Decimal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RES = ROOT / "results"
TEMPLATE = ROOT / "docs" / "report" / "results.md.in"
OUT = RES / "README.md"
FRONT_TEMPLATE = ROOT / "docs" / "report" / "README.md.in"
FRONT = ROOT / "README.md"
FACTS = RES / "facts.json"
TEST_TIME = ROOT / "docs" / "test-time.json"

# the schemes sd is compared with, in the report's order (name, what it is)
SCHEMES = [
    ("old", "micro-Max 3.2 as published: IID at every node from the hash depth"),
    ("iidr2", "the textbook IID: one search at n-2 where the hash has no move"),
    ("iidcut", "iidr2 at expected PV and CUT nodes only (Garms 2011)"),
    ("iidpv", "iidr2 at expected PV nodes only (\"most only use IID in PV-nodes\")"),
    ("iidreset", "3.2's IID, restarted at a PV node when the hint's score drops (Muller 2007)"),
    ("sdp", "a fail high re-searched one ply deeper at a time, in the parent (Muller 2006)"),
    ("noiid", "no IID below the root (the control)"),
]
SWEEP = "startpos-clock-sweep"
SWEEP_CLOCKS = range(-10, 11, 2)  # per cent of the scaled 15 s
STUDY15 = "iid-scaled-15"
STUDY60 = "iid-scaled-60"
PER_PAIRING = 200


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def elo(score):
    if score <= 0 or score >= 1:
        return math.copysign(math.inf, score - 0.5)
    return -400 * math.log10(1 / score - 1)


def head_to_head(run_dir, build="sd"):
    """`build`'s view of a match directory's summary.csv (None if absent): games, score,
    pentanomial Elo and its 95% half-width, LOS, draw ratio, and time losses by side."""
    summary = run_dir / "summary.csv"
    if not summary.is_file():
        return None
    row = read_csv(summary)[0]
    settings = dict(kv.split("=", 1) for kv in row["settings"].split(";") if "=" in kv)
    base, test = settings["builds"].split(",")
    if build not in (base, test):
        return None
    sign = 1 if build == test else -1
    other = base if build == test else test
    score = float(row["score"]) if sign == 1 else 1 - float(row["score"])
    games = read_csv(run_dir / "games.csv")
    forfeits = {base: 0, test: 0}
    points, played = 0.0, 0  # build's points in the games not lost on time
    for g in games:
        if g["termination"] == "time_forfeit":
            loser = g["white"] if g["result"] == "0-1" else g["black"]
            forfeits[loser] += 1
            continue
        played += 1
        mine = float(g[f"{test}_score"]) if build == test else 1 - float(g[f"{test}_score"])
        points += mine
    return {
        "opponent": other,
        "games": int(row["games"]),
        # the match's size (its settings' games=: a grown match's largest)
        "size": int(dict(kv.split("=", 1) for kv in row["settings"].split(";") if "=" in kv)["games"]),
        "score": score,
        "elo": sign * float(row["ptnml_elo"]),
        "elo_pm": float(row["ptnml_elo_pm"]),
        "los": float(row["los"]) if sign == 1 else 1 - float(row["los"]),
        "draws": float(row["draw_ratio"]),
        "wins": int(row["wins"] if sign == 1 else row["losses"]),
        "losses": int(row["losses"] if sign == 1 else row["wins"]),
        "forfeits_lost": forfeits[build],
        "forfeits_won": forfeits[other],
        "score_no_forfeit": points / played if played else None,
        "games_distinct": len({g["moves"] for g in games}),
        # game pairs by build's points in the pair: 0, 0.5, 1, 1.5, 2
        "ptnml": [int(row[k]) for k in PTNML_COLUMNS][::sign],
        "illegal": sum(g["termination"] == "illegal_move" for g in games),
        # the calibrations its segments were played at (M nodes/s)
        "nps": sorted({round(float(row_settings(g).get("tc_nps", "nan")) / 1e6, 2) for g in games}),
        # the CPU both sides' thinks took (their clocks): a quiet machine's two cores play two
        # games at once, so the run's pace there; pauses and a busy machine add only wall time
        # the nodes each side searched in a game, averaged over the games (what the clock
        # delivered), and the nominal: the clock's seconds times the reference 2006 speed
        "nodes_side": nodes_per_side(games),
        "nominal_nodes": nominal_nodes(games[0]),
        "opening_lo": min(int(g["opening_id"]) for g in games),
        "opening_hi": max(int(g["opening_id"]) for g in games),
        "openings_used": len({g["opening_id"] for g in games}),
        "cpu_per_game": statistics.mean(sum(float(v) for k, v in g.items() if k.endswith("_cpu_s"))
                                        for g in games),
        # build's CPU time and nodes over the other's, and each one's deepest iteration in a
        # game averaged over the games
        "time_ratio": float(row["time_ratio"]) ** sign,
        "node_ratio": float(row["node_ratio"]) ** sign,
        "depth": float(row[f"{build}_mean_depth"]),
        "opponent_depth": float(row[f"{other}_mean_depth"]),
        # build's deepest iteration less the other's, per game pair (the unit the games are
        # drawn in): the mean and its 95% half-width
        **depth_difference(games, build, other),
    }


def nodes_per_side(games):
    """Both sides' nodes in a game over two, averaged over the games."""
    return statistics.mean(sum(int(v) for k, v in g.items() if k.endswith("_nodes")) / 2 for g in games)


def nominal_nodes(g):
    """The nodes a side's clock stands for: its seconds times the reference speed (a scaled
    clock's `tc` and `tc_ref_nps`), None for a clock that is not scaled."""
    s = row_settings(g)
    return float(s["tc"]) * float(s["tc_ref_nps"]) if "tc" in s and "tc_ref_nps" in s else None


Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal law


def ptnml_interval(ptnml):
    """Pentanomial Elo as umax computes it (src/stats.rs): game pairs by points 0..2 (`ptnml`),
    pair score / 2 per game, s ± Z95·σ/√pairs (population variance), clamped to [0, 1], on
    the logistic scale. Returns (elo, low, high, half-width)."""
    n = sum(ptnml)
    mean = sum(i / 4 * c for i, c in enumerate(ptnml)) / n
    var = sum(c * (i / 4 - mean) ** 2 for i, c in enumerate(ptnml)) / n
    half = Z95 * math.sqrt(var / n)
    lo, hi = elo(max(mean - half, 0.0)), elo(min(mean + half, 1.0))
    return elo(mean), lo, hi, (hi - lo) / 2


def ptnml_of_games(games, test):
    """The test build's pentanomial (pairs by its points 0, 0.5, 1, 1.5, 2) from games.csv rows
    (its score column `{test}_score`), and the number of pairs without exactly two games
    among them (left out)."""
    pairs = {}
    for g in games:
        pairs.setdefault(g["pair"], []).append(float(g[f"{test}_score"]))
    out, odd = [0] * 5, 0
    for v in pairs.values():
        if len(v) != 2:
            odd += 1
            continue
        out[round(2 * sum(v))] += 1
    return out, odd


def command_blocks(run_dir):
    """command.txt's blocks (a start and each resume): the binary and the --games of each."""
    out = []
    for line in (run_dir / "command.txt").read_text().splitlines():
        if line.startswith("command: "):
            words = line.split()[1:]
            out.append({"binary": words[0], "games": words[words.index("--games") + 1]})
    return out


def block_means(games, size):
    """Per block of `size` games in file order: nodes a side per game and the in-game speed
    (all nodes over all CPU seconds, M nodes/s)."""
    out = []
    for i in range(0, len(games), size):
        b = games[i:i + size]
        nodes = sum(int(v) for g in b for k, v in g.items() if k.endswith("_nodes"))
        cpu = sum(float(v) for g in b for k, v in g.items() if k.endswith("_cpu_s"))
        out.append((nodes / 2 / len(b), nodes / cpu / 1e6))
    return out


FILES = "abcdefgh"


def illegal_castlings(run_dir):
    """The games of a run lost by an illegal move: for each, the game, the build that offered it,
    the move and its kind ('out of check': castling while a pawn gives check, 'through': castling
    over or onto a square a pawn attacks, 'other'), from games.csv and the comment the referee
    wrote in games.pgn."""
    games = {g["game"]: g for g in read_csv(run_dir / "games.csv") if g["termination"] == "illegal_move"}
    if not games:
        return []
    text = (run_dir / "games.pgn").read_text()
    rounds = [(m.start(), m.group(1)) for m in re.finditer(r'\[Round "(\d+)"\]', text)]
    starts = [r[0] for r in rounds]
    out = []
    for m in re.finditer(r"\{illegal_move:\s+(\S+)\s+\((White|Black)\)\s+offered\s+([a-h][1-8][a-h][1-8]\w?)", text):
        game = rounds[bisect.bisect(starts, m.start()) - 1][1]
        g = games[game]
        loser = g["white"] if g["result"] == "0-1" else g["black"]
        out.append({"game": int(game), "build": m.group(1), "move": m.group(3),
                    "loser_agrees": loser == m.group(1) and (m.group(2) == "White") == (g["white"] == loser),
                    "kind": castling_kind(g["moves"].split(), m.group(3), m.group(2) == "White")})
    return out


def castling_kind(moves, offered, white):
    """Replays `moves` (UCI, from the initial position) and says what `offered` is."""
    board = {}
    for f, p in enumerate("RNBQKBNR"):
        board[(f, 0)], board[(f, 1)], board[(f, 6)], board[(f, 7)] = p, "P", "p", p.lower()
    for mv in moves:
        fr, to = (FILES.index(mv[0]), int(mv[1]) - 1), (FILES.index(mv[2]), int(mv[3]) - 1)
        piece = board.pop(fr)
        if piece in "Kk" and abs(to[0] - fr[0]) == 2:  # castling: the rook too
            rook_from, rook_to = ((7, fr[1]), (5, fr[1])) if to[0] == 6 else ((0, fr[1]), (3, fr[1]))
            board[rook_to] = board.pop(rook_from)
        if piece in "Pp" and fr[0] != to[0] and to not in board:  # en passant
            board.pop((to[0], fr[1]))
        if len(mv) > 4:
            piece = mv[4].upper() if piece == "P" else mv[4].lower()
        board[to] = piece
    fr, to = (FILES.index(offered[0]), int(offered[1]) - 1), (FILES.index(offered[2]), int(offered[3]) - 1)
    if board.get(fr) != ("K" if white else "k") or abs(to[0] - fr[0]) != 2:
        return "other"
    pawn, ahead = ("p", 1) if white else ("P", -1)  # the enemy pawn, and where it stands
    attacked = lambda sq: any(board.get((sq[0] + d, sq[1] + ahead)) == pawn for d in (-1, 1))
    step = 1 if to[0] > fr[0] else -1
    if attacked(fr):
        return "out of check"
    if attacked((fr[0] + step, fr[1])) or attacked(to):
        return "through"
    return "other"


def depth_difference(games, build, other):
    pairs = {}
    for g in games:
        pairs.setdefault(g["pair"], []).append(int(g[f"{build}_depth"]) - int(g[f"{other}_depth"]))
    diffs = [statistics.mean(v) for v in pairs.values()]
    if len(diffs) < 2:
        return {}
    return {"depth_diff": statistics.mean(diffs),
            "depth_diff_pm": 1.959964 * statistics.stdev(diffs) / len(diffs) ** 0.5}


PTNML_COLUMNS = ("ptnml_ll", "ptnml_ld", "ptnml_dd_wl", "ptnml_wd", "ptnml_ww")


def match_share_at_least(ptnml, games, share):
    """The chance that a match of `games` games (games/2 pairs drawn with replacement from a
    run's game pairs, `ptnml`: pair counts by points 0, 0.5, 1, 1.5, 2) scores `share` or more:
    how often a match of that length, between programs as far apart as the run's, reaches it."""
    total = sum(ptnml)
    dist = {0: 1.0}  # half-points -> probability
    for _ in range(games // 2):
        nxt = {}
        for pts, pr in dist.items():
            for half, n in enumerate(ptnml):
                if n:
                    nxt[pts + half] = nxt.get(pts + half, 0.0) + pr * n / total
        dist = nxt
    need = share * games * 2 - 1e-9  # in half-points
    return sum(pr for pts, pr in dist.items() if pts >= need)


def row_settings(g):
    """A games.csv row's settings column as a dict (key=value;...)."""
    return dict(kv.split("=", 1) for kv in g["settings"].split(";") if "=" in kv)


def pairing_dir(study, a, b):
    for name in (f"{a}-{b}", f"{b}-{a}"):
        if (RES / study / name).is_dir():
            return RES / study / name
    return None


def ratings(study):
    path = RES / study / "ratings.csv"
    if not path.is_file():
        return {}
    out = {}
    for r in read_csv(path):
        num = lambda k: float(r[k]) if r[k] not in ("", "-") else None
        out[r["build"]] = {"elo": num("elo"), "lo": num("lo95"), "hi": num("hi95"), "games": int(r["games"]),
                           "los": num("los") if "los" in r else None, "depth": num("mean_depth")}
    return out


def facts():
    f = {"claim_elo": elo(0.575), "claim60_elo": elo(0.53)}
    if TEST_TIME.is_file():
        t = json.load(open(TEST_TIME))
        walls = t.get("recent_wall_s", [t["wall_s"]])
        f["suite_minutes"] = (f"{fixed(min(walls) / 60)}–{fixed(max(walls) / 60)} minutes ({', '.join(map(str, walls))} s in "
                              f"{len(walls)} measurements; the VM's speed varies)" if len(walls) > 1
                              else f"{fixed(t['wall_s'] / 60)} minutes ({fixed(t['wall_s'], 0)} s)")
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
                nps = row_settings(g)["tc_nps"]
                nodes = sum(int(v) for k, v in g.items() if k.endswith("_nodes"))
                seg.setdefault(float(nps), []).append(nodes / 2)
    if seg:
        f["s60_segments"] = "; ".join(
            f"{len(v):,} games at {fixed(nps / 1e6, 2)} M nodes/s, {fixed(statistics.mean(v) / 1e6)} M nodes per side"
            for nps, v in sorted(seg.items(), reverse=True))
        f["s60_nodes_by_machine"] = [statistics.mean(v) for _, v in sorted(seg.items(), reverse=True)]
    # the cost of reaching a depth: each build's nodes over old's to complete depth 7 (median
    # over the bench positions that complete it; results/iid-cost)
    depth = [r for r in read_csv(RES / "iid-cost" / "depth.csv") if r["depth"] == "7"]
    for b in ("sd", "noiid", "iidr2", "iidcut", "iidpv"):
        f[f"cost7_{b}"] = statistics.median(float(r[f"{b}_old_ratio"]) for r in depth if r[f"{b}_old_ratio"])
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
    ill = {}
    for d in runs:
        if (d / "games.csv").is_file():
            for x in illegal_castlings(d):
                ill.setdefault(d.relative_to(RES).parts[0], []).append(x)
    every = [x for v in ill.values() for x in v]
    f["illegal_games"] = len(every)
    f["illegal_by_run"] = {r: len(v) for r, v in ill.items()}
    f["illegal_kinds"] = {k: sum(x["kind"] == k for x in every) for k in ("out of check", "through", "other")}
    f["illegal_loser_agrees"] = all(x["loser_agrees"] for x in every)
    f["illegal_csv_count"] = sum(g["termination"] == "illegal_move" for d in runs if (d / "games.csv").is_file()
                                 for g in read_csv(d / "games.csv"))
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
            e, lo, hi, pm = ptnml_interval(f[f"{key}_ptnml"])
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
            split = next(i for i, g in enumerate(games) if row_settings(g)["games"] == later["games"])
            f["w15_segment_sizes_ok"] = (all(row_settings(g)["games"] == first["games"] for g in games[:split])
                                         and all(row_settings(g)["games"] == later["games"] for g in games[split:])
                                         and all(b["games"] == first["games"] for b in blocks[:changes[0]])
                                         and all(b["binary"] == later["binary"] for b in blocks[changes[0]:]))
            f["w15_split_game"] = int(games[split]["game"])
            # every game numbered below it was played by the first binary, every other by the second
            f["w15_split_clean"] = (max(int(g["game"]) for g in games[:split]) < f["w15_split_game"]
                                    == min(int(g["game"]) for g in games[split:]))
            odd_total = 0
            for n, rows in ((1, games[:split]), (2, games[split:])):
                pt, odd = ptnml_of_games(rows, "sd")
                odd_total += odd
                e, lo, hi, pm = ptnml_interval(pt)
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
        z = (h15["elo"] - h60["elo"]) / math.hypot(h15["elo_pm"] / Z95, h60["elo_pm"] / Z95)
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
    return f


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
     lambda f: elo(0.575) > f["m15_elo"] + f["m15_elo_pm"]),
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
]


def fixed(x, places=1, sign=False):
    """The one rounding rule for every number the report prints: the value's shortest decimal
    form (repr), rounded half away from zero to `places` decimals; `sign`: a + before positives."""
    d = x if isinstance(x, Decimal) else Decimal(repr(float(x)))
    return format(d.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP), "+f" if sign else "f")


def pct(x, places=1):
    """A fraction as a percentage (0.5175 -> 51.8%), by the same rule: scaled in decimal, so
    that 100 × 0.5175 is 51.75, not 51.749999."""
    return fixed(Decimal(repr(float(x))) * 100, places) + "%"


def percent(p, places=1):
    """A number already in per cent, by the same rule."""
    return fixed(p, places) + "%"


def small_pct(x):
    return pct(x) if x >= 0.0005 else "<0.1%"


def elo_text(e, pm):
    return f"{fixed(e, 1, True)} ± {fixed(pm)}"


def mnodes(x):
    return f"{fixed(x / 1e6)} M"


def answer_table(f):
    """sd against each scheme: head to head at the scaled 15 s (study, and the 1000-game match
    against old), at the scaled 60 s, from the initial position; and the joint rating; and the
    nodes a side per game each of those runs delivered."""
    n15, n60 = f.get("m15_nominal_nodes"), f.get("m60_nominal_nodes")
    rows = ["| sd against | idea | scaled 15 s: sd's score, Elo (pentanomial 95%), games | scaled 60 s | initial position | joint rating at 15 s (Elo vs old, 95%) | gauntlet at 60 s (Elo vs old, 95%, games) | "
            f"nodes a side per game, delivered (nominal: {mnodes(n15)} at 15 s, {mnodes(n60)} at 60 s) |",
            "|---|---|---|---|---|---|---|---|"]
    def cell(tag, name):
        g = f.get(f"{tag}_{name}_games")
        if g is None:
            return "not played"
        text = f"{pct(f[f'{tag}_{name}_score'])}, {elo_text(f[f'{tag}_{name}_elo'], f[f'{tag}_{name}_elo_pm'])}, {g}"
        return text + (" (running)" if g < PER_PAIRING else "")
    for name, idea in SCHEMES:
        c15 = cell("s15", name)
        if name == "old" and "m15_games" in f:
            c15 += f"; match: {pct(f['m15_score'])}, {elo_text(f['m15_elo'], f['m15_elo_pm'])}, {f['m15_games']}"
        c15 += wide_cell(f, name)
        c60 = cell("s60", name)
        if name == "old" and "m60_games" in f:
            match = f"match: {pct(f['m60_score'])}, {elo_text(f['m60_elo'], f['m60_elo_pm'])}, {f['m60_games']}"
            c60 = match if c60 == "not played" else f"{c60}; {match}"
        sp = {"old": "sp", "iidr2": "spr2"}.get(name)
        csp = (f"{pct(f[sp + '_score'])}, {elo_text(f[sp + '_elo'], f[sp + '_elo_pm'])}, {f[sp + '_games']}"
               if sp and f"{sp}_games" in f else "not played")
        rows.append(f"| {name} | {idea} | {c15} | {c60} | {csp} | {joint(f, name)} | {gauntlet60(f, name)} | {delivered(f, name)} |")
    rows.append(f"| (sd itself) | self-deepening IID (Muller 2006) | | | | {joint(f, 'sd')} | {gauntlet60(f, 'sd')} | {delivered(f, 'sd')} |")
    return "\n".join(rows)


def delivered(f, name):
    """The nodes a side per game of each run in a row of the answer's table."""
    wide = WIDE.get(name, (None,))[0]
    sp = {"old": "sp", "iidr2": "spr2"}.get(name)
    runs = [("15 s study", f"s15_{name}"), ("15 s match", "m15" if name == "old" else None),
            ("15 s wide", wide), ("60 s match", "m60" if name == "old" else None),
            ("60 s gauntlet", f"g60_{'sd' if name == 'old' else name}"),
            ("initial position", sp)]
    return "; ".join(f"{what} {mnodes(f[key + '_nodes_side'])}" for what, key in runs
                     if key and f"{key}_nodes_side" in f)


# the wide head-to-heads from openings/wide.txt: (key, size) by sd's opponent
# (sizes: those the study set, the runs' own games= once they have rows; scaled-15-wide was
# planned at 10,000 games and grown to 11,600)
WIDE = {"old": ("w15", 11600), "iidr2": ("wr2", 2000)}


def wide_cell(f, name):
    """'; wide suite: score, Elo, games' for sd's opponents with a wide run that has rows."""
    key, size = WIDE.get(name, (None, 0))
    if not key or f"{key}_games" not in f:
        return ""
    g, size = f[f"{key}_games"], f[f"{key}_size"]
    return (f"; wide suite ({wide_openings(f, key)}): {pct(f[key + '_score'])}, {elo_text(f[key + '_elo'], f[key + '_elo_pm'])}, {g:,}"
            + (f" of {size:,} (running)" if g < size else ""))


def wide_openings(f, key):
    """Which openings of openings/wide.txt a wide run used: all of them (the 11,600-game run
    used every one), or its id range."""
    if f[f"{key}_openings_used"] == f["w15_openings_used"]:
        return f"all {f['w15_openings_used']:,} new openings"
    return (f"new openings {f[key + '_opening_lo']}–{f[key + '_opening_hi']} of the {f['w15_openings_used']:,}")


def front_table(f):
    """The front page's table: sd against old and the textbook IID, at 15 s and 60 s."""
    rows = ["| sd against | scaled 15 s | scaled 60 s | initial position, 15 s |", "|---|---|---|---|"]
    def cell(key):
        if f"{key}_games" not in f:
            return "not played yet"
        return f"{pct(f[key + '_score'])}, {elo_text(f[key + '_elo'], f[key + '_elo_pm'])} Elo, {f[key + '_games']:,} games"
    def at15(opponent, default_key, default_what):
        """The largest run first: the wide suite's, then the default openings' run."""
        key = WIDE[opponent][0]
        if f"{key}_games" not in f:
            return f"{cell(default_key)} ({default_what})"
        return f"**{cell(key)}** ({wide_openings(f, key)}); {cell(default_key)} ({default_what})"
    rows.append(f"| `old` (micro-Max 3.2) | {at15('old', 'm15', 'default openings')} | {cell('m60')} | {cell('sp')} |")
    g = f.get("s60_rating_iidr2_games")
    r60 = (f"not played head to head; in the 60 s gauntlet{' (running)' if g < PER_PAIRING else ''} iidr2 "
           f"rates {joint(f, 'iidr2', 's60')} Elo against old {'in' if g >= PER_PAIRING else 'after'} {g} games"
           if g else "not played (queued: the 60 s gauntlet)")
    rows.append(f"| `iidr2` (textbook IID) | {at15('iidr2', 's15_iidr2', 'the study, default openings')} | {r60} | {cell('spr2')} |")
    return "\n".join(rows)


def sweep_table(f):
    """old vs sd from the initial position at each clock of the sweep."""
    out = ["| clock (vs the scaled 15 s) | games | sd's score | Elo (pentanomial 95%) | distinct games | games first part at ply | 100-game match: sd's score in 95% of resamples | 100-game match: 57.5% or more | nodes a side per game (per 100-game block) |",
           "|---|---|---|---|---|---|---|---|---|"]
    for c in SWEEP_CLOCKS:
        k = f"sw{c:+03d}"
        if f"{k}_games" not in f:
            out.append(f"| {c:+d}% | not played yet | | | | | | | |")
            continue
        g = f[f"{k}_games"]
        part = (f"{f[k + '_parting_ply']} | {percent(f[k + '_r100_lo'])}–{percent(f[k + '_r100_hi'])} | {small_pct(f[k + '_r100_ge575'])}"
                if k + "_r100_lo" in f else "| |")
        blocks = ", ".join(mnodes(x) for x in f.get(k + "_block_nodes", []))
        out.append(f"| {c:+d}% | {g}{' (running)' if g < PER_PAIRING else ''} | {pct(f[k + '_score'])} | "
                   f"{elo_text(f[k + '_elo'], f[k + '_elo_pm'])} | {f[k + '_distinct']} | {part} | {blocks} |")
    return "\n".join(out)


def speed_table(f):
    """The C's CPU time over umax's for the same node-identical workload, per build and run."""
    rows = read_csv(RES / "speed-round8" / "speed.csv")
    runs = sorted({r["run"] for r in rows})
    out = ["| build | " + " | ".join(f"run {r}" for r in runs) + " | umax M nodes/s (median of the runs) |",
           "|---|" + "---|" * len(runs) + "---|"]
    for b in dict.fromkeys(r["build"] for r in rows):
        mine = [r for r in rows if r["build"] == b]
        ratio = {r["run"]: float(r["c_cpu_s"]) / float(r["umax_cpu_s"]) for r in mine}
        nps = sorted(float(r["umax_mnodes_per_s"]) for r in mine)
        out.append(f"| {b} | " + " | ".join(f"{fixed(ratio[r], 2)}×" for r in runs) +
                   f" | {fixed(nps[len(nps) // 2])} |")
    return "\n".join(out)


def joint(f, name, tag="s15"):
    e = f.get(f"{tag}_rating_{name}_elo")
    if e is None:
        return "—"
    if name == "old":
        return "0 (anchor)"
    lo, hi = f.get(f"{tag}_rating_{name}_lo"), f.get(f"{tag}_rating_{name}_hi")
    bound = lambda x: "—" if x is None else fixed(x, 1, True)
    return f"{fixed(e, 1, True)} [{bound(lo)}, {bound(hi)}]"


def gauntlet60(f, name):
    """A build's rating in the 60 s gauntlet against old, with its games (running if short)."""
    if "s60_games_total" not in f:
        return "queued"
    games = f.get(f"s60_rating_{name}_games")
    if games is None:
        return "not played yet"
    if name == "old":
        return f"0 (anchor), {games:,}"
    return f"{joint(f, name, 's60')}, {games}" + (" (running)" if games < PER_PAIRING else "")


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
    return "".join(out)


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
    stale = [p for p, t in outputs.items() if not p.is_file() or p.read_text() != t]
    if check:
        for p in stale:
            print(f"report.py: stale text in {p.relative_to(ROOT)}: run python3 scripts/report/report.py")
        sys.exit(1 if stale else 0)
    for p, t in outputs.items():
        p.write_text(t)


if __name__ == "__main__":
    main()
