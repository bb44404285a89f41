"""The report's generated tables (`{{table:name}}` in the templates), from the named facts."""
from formatting import elo_text, fixed, mnodes, pct, percent, small_pct
from runs import PER_PAIRING, RES, SCHEMES, SWEEP_CLOCKS, read_csv


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
        text = f"{pct(f[f'{tag}_{name}_score'])}, {elo_text(f[f'{tag}_{name}_elo'], f[f'{tag}_{name}_elo_pm'])}, {g:,}"
        return text + (" (running)" if g < PER_PAIRING else "")
    for name, idea in SCHEMES:
        c15 = cell("s15", name)
        if name == "old" and "m15_games" in f:
            c15 += f"; match: {pct(f['m15_score'])}, {elo_text(f['m15_elo'], f['m15_elo_pm'])}, {f['m15_games']:,}"
        c15 += wide_cell(f, name)
        if name == "old":  # the same on the node clock (being played)
            c15 += node_cell(f, "n15", "9 M", "node_15_wide")
        if name == "iidr2":  # sd vs iidr2 on the node clock (being played)
            c15 += node_cell(f, "n15r2", "9 M", "node_15_sd_iidr2")
        c60 = cell("s60", name)
        if name == "old" and "m60_games" in f:
            match = f"match: {pct(f['m60_score'])}, {elo_text(f['m60_elo'], f['m60_elo_pm'])}, {f['m60_games']:,}"
            c60 = match if c60 == "not played" else f"{c60}; {match}"
        if name == "old":  # the post's 60 s on the node clock (being played)
            c60 += node_cell(f, "n60", "36 M", "node_60_wide")
        sp = {"old": "sp", "iidr2": "spr2"}.get(name)
        csp = (f"{pct(f[sp + '_score'])}, {elo_text(f[sp + '_elo'], f[sp + '_elo_pm'])}, {f[sp + '_games']:,}"
               if sp and f"{sp}_games" in f else "not played")
        rows.append(f"| {name} | {idea} | {c15} | {c60} | {csp} | {joint(f, name)} | {gauntlet60(f, name)} | {delivered(f, name)} |")
    rows.append(f"| (sd itself) | self-deepening IID (Muller 2006) | | | | {joint(f, 'sd')} | {gauntlet60(f, 'sd')} | {delivered(f, 'sd')} |")
    # micro-Max 4.8: its self-deepening build against it, on the node clock (9 M nodes a side)
    if f.get("h48_games"):
        g = f["h48_games"]
        c = (f"node clock 9 M: {pct(f['h48_score'])}, {elo_text(f['h48_elo'], f['h48_elo_pm'])}, {g:,}"
             + (" (running)" if g < f["h48_planned"] else ""))
        rows.append(f"| mm48 (4.8; `mm48sd` against it) | micro-Max 4.8 as published: null move, LMR, futility | {c} "
                    f"| not played | not played | | | node clock {mnodes(f['h48_nodes_side'])} |")
    return "\n".join(rows)


def node_cell(f, key, budget, run):
    """A node-clock head-to-head's clause in a cell ("" before its first row), marked while its
    run (the planned size under `{run}_planned`) is still being played."""
    g = f.get(f"{key}_games")
    if not g:
        return ""
    return (f"; node clock {budget}: {pct(f[key + '_score'])}, {elo_text(f[key + '_elo'], f[key + '_elo_pm'])}, {g:,}"
            + (" (running)" if g < f[f"{run}_planned"] else ""))


def delivered(f, name):
    """The nodes a side per game of each run in a row of the answer's table."""
    wide = WIDE.get(name, (None,))[0]
    sp = {"old": "sp", "iidr2": "spr2"}.get(name)
    runs = [("15 s study", f"s15_{name}"), ("15 s match", "m15" if name == "old" else None),
            ("15 s wide", wide), ("node clock 9 M", {"old": "n15", "iidr2": "n15r2"}.get(name)), ("60 s match", "m60" if name == "old" else None),
            ("node clock 36 M", "n60" if name == "old" else None),
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
    """The C's CPU time over umax's for the same node-identical workload, per build and run; and
    the profile-guided binary's CPU time over the plain one's (results/speed-pgo/ab.csv)."""
    rows = read_csv(RES / "speed-round8" / "speed.csv")
    pgo_file = RES / "speed-pgo" / "ab.csv"
    pgo = {r["build"]: r for r in read_csv(pgo_file)} if pgo_file.is_file() else {}
    runs = sorted({r["run"] for r in rows})
    out = ["| build | " + " | ".join(f"run {r}" for r in runs) + " | umax M nodes/s (median of the runs) |"
           " PGO: CPU of the plain binary's (median of 20 pairs) |",
           "|---|" + "---|" * len(runs) + "---|---|"]
    for b in dict.fromkeys(r["build"] for r in rows):
        mine = [r for r in rows if r["build"] == b]
        ratio = {r["run"]: float(r["c_cpu_s"]) / float(r["umax_cpu_s"]) for r in mine}
        nps = sorted(float(r["umax_mnodes_per_s"]) for r in mine)
        g = pgo.get(b)
        pg = f"{fixed(float(g['ratio_pgo_over_plain_median']), 3)}" if g else "—"
        out.append(f"| {b} | " + " | ".join(f"{fixed(ratio[r], 2)}×" for r in runs) +
                   f" | {fixed(nps[len(nps) // 2])} | {pg} |")
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
    return f"{joint(f, name, 's60')}, {games:,}" + (" (running)" if games < PER_PAIRING else "")
