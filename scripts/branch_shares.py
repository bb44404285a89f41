#!/usr/bin/env python3
"""Branch shares at the initial position's parting points: the CPU-clock runs against the node map.

On the node clock which branch old and sd take at the first parting points from the initial position
depends only on the budget; on the CPU clock the machine's speed wavers and one nominal clock
delivers various node counts. For each CPU-clock run: the branches it played beside those the node
map plays at the budgets within +-2.5% of the run's median nodes a side (both sides of every game).

Reads  RESULTS/startpos-node-map/ (map.json: the first PARTS of `parting_points.top`, by games reaching
       them, else the same prefix logic on its games; a game's budget is node_clock + (pair-1) *
       node_clock_step of its settings), RESULTS/startpos-scaled-15/ and startpos-clock-sweep/clock<+-NN>/
       (those present, in order of their `tc_clock`) and, if present, RESULTS/startpos-node-jitter/
       s<SIGMA>/b<BUDGET>/ (node_jitter.find_cells): games.csv through umaxresults (a torn last line
       is left out), games.pgn for the nodes of each think (umaxresults.read_thinks).
Writes to OUT (default RESULTS/startpos-node-map), each file through a temporary name and a rename:
  branch-shares.csv   a row per CPU-clock run, each followed by its node-map window; all CPU runs
                      pooled; the node map over all budgets; a row per jitter cell. Per parting point:
                      games reaching its prefix (also with old / sd to move), per move the count, share
                      (also among the games old / sd was to move), median nodes of the think that
                      chose it; the other moves (or game ends) there.
  branch-shares.json  the parting points, the window, the rows and the answer.
  branch-shares.md    the answer (generated from the numbers) and a table per parting point.
Run:   scripts/branch_shares.py [--results DIR] [--out DIR] [--check]
--check writes nothing: exit 1 naming the files that differ from what would be written, else 0.
A missing directory, map.json or games.csv, or a malformed one, is a one-line error and exit 2.
"""
import argparse
import csv
import io
import json
import math
import os
import re
import sys
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "report"))
from formatting import fixed, pct, pct_or_na  # noqa: E402
import node_jitter as nj  # noqa: E402  (find_cells, has_games, sigma_text)
import node_map as nm  # noqa: E402  (json_text)
import umaxresults as ur  # noqa: E402  (read_thinks: the nodes of each think from games.pgn, parting_nodes)

NAME = "branch_shares"
WINDOW = Fraction(1, 40)  # the node map's budgets within +-2.5% of a CPU run's median nodes a side
PARTS = 3            # parting points: the first of map.json's top (by games reaching them)
SCALED, SWEEP, MAP, JITTER = "startpos-scaled-15", "startpos-clock-sweep", "startpos-node-map", "startpos-node-jitter"
MIN_WINDOW = 20      # the fewest games at a later parting point for a window to count in the answer's span
OTHER = "other"      # any other move at the ply, or the game's end there


def read_run(d, node_clock=False):
    """(base, test, games): dicts with game, moves, white, black, nodes (both sides), clock, budget,
    thinks ([(depth, nodes) or None per ply] from games.pgn, or None)."""
    run = ur.read_games(d)
    need = ["game", "white", "black", "moves", run.role("test_nodes"), run.role("base_nodes")]
    missing = [c for c in need if c not in run.header]
    if missing:
        ur.fail("%s: the header lacks %s" % (run.path, ", ".join(missing)))
    games = []
    for r in run.rows:
        st = ur.settings(r.get("settings") or "")
        g = {"game": r["game"], "moves": tuple(str(r["moves"]).split()), "white": r["white"], "black": r["black"],
             "nodes": (r["test_nodes"], r["base_nodes"]), "clock": st.get("tc_clock")}
        if not all(isinstance(v, int) for v in (g["game"],) + g["nodes"]):
            ur.fail("%s game %s: game or nodes not a whole number" % (run.path, r["game"]))
        if node_clock:
            try:
                g["budget"] = int(st["node_clock"]) + (int(r["pair"]) - 1) * int(st.get("node_clock_step", "0"))
            except (KeyError, ValueError, TypeError):
                ur.fail("%s game %s: settings name no node_clock and pair (not a node-clock run)" % (run.path, r["game"]))
        games.append(g)
    thinks = ur.read_thinks(d, games)
    for g in games:
        g["thinks"] = thinks.get(g["game"])
    return run.base, run.test, games


def parting_points(map_dir, map_games):
    """[{ply, mover, prefix (tuple), moves}] by ply, and where they came from."""
    path = os.path.join(map_dir, "map.json")
    try:
        with open(path, encoding="utf-8") as f:
            F = json.load(f)
    except OSError as e:
        ur.fail("cannot read %s: %s" % (path, e.strerror or e))
    except ValueError as e:
        ur.fail("%s: not JSON (%s)" % (path, e))
    pp = F.get("parting_points") if isinstance(F, dict) else None
    top, source = pp.get("top") if isinstance(pp, dict) else None, "map.json"
    if not top:
        source = "the node map's games"
        top = sorted(({"ply": p, "prefix": " ".join(pre), "games": sum(map(len, nxt.values())),
                       "branches": [{"move": m} for m, _ in sorted(nxt.items(), key=lambda kv: (-len(kv[1]), kv[0]))]}
                      for p, pre, nxt in ur.parting_nodes(map_games)), key=lambda n: (-n["games"], n["ply"], n["prefix"]))
    parts = []
    try:
        for n in top[:PARTS]:
            moves = []
            for b in n["branches"]:
                if b["move"] != ur.END and b["move"] not in moves:
                    moves.append(b["move"])
            prefix = tuple(n["prefix"].split())
            if len(prefix) != n["ply"] - 1 or not moves:
                raise ValueError
            parts.append({"ply": n["ply"], "mover": "white" if n["ply"] % 2 else "black", "prefix": prefix, "moves": moves})
    except (KeyError, TypeError, ValueError, AttributeError):
        ur.fail("%s: malformed parting_points.top" % path)
    return sorted(parts, key=lambda p: p["ply"]), source


def shares(games, parts, builds):
    """The branch columns of a set of games."""
    row = {"games": len(games), "pgn_games": sum(g["thinks"] is not None for g in games),
           "nodes_median": ur.median([n for g in games for n in g["nodes"]])}
    for pp in parts:
        k, key = pp["ply"], "ply%d" % pp["ply"]
        at = [g for g in games if g["moves"][:k - 1] == pp["prefix"]]
        to_move = {b: sum(g[pp["mover"]] == b for g in at) for b in builds}
        row[key + "_games"] = len(at)
        row.update({"%s_games_%s" % (key, b): to_move[b] for b in builds})
        move = lambda g: g["moves"][k - 1] if len(g["moves"]) >= k and g["moves"][k - 1] in pp["moves"] else OTHER
        for m in pp["moves"] + [OTHER]:
            sel = [g for g in at if move(g) == m]
            row["%s_%s" % (key, m)] = len(sel)
            row["%s_%s_share" % (key, m)] = ur.share(len(sel), len(at))
            if m == OTHER:
                continue
            for b in builds:
                row["%s_%s_share_%s" % (key, m, b)] = ur.share(sum(g[pp["mover"]] == b for g in sel), to_move[b])
            row["%s_%s_think_nodes" % (key, m)] = ur.median(
                [g["thinks"][k - 1][1] for g in sel if g["thinks"] and g["thinks"][k - 1]])
            # the mover's nodes for the whole game (its side of `nodes`: test, base)
            row["%s_%s_mover_nodes" % (key, m)] = ur.median([mover_nodes(g, pp, builds) for g in sel])
    return row


def mover_nodes(g, pp, builds):
    """The nodes the side to move at the parting point searched in the whole game."""
    return g["nodes"][0] if g[pp["mover"]] == builds[1] else g["nodes"][1]


def above_map(cpu_games, map_games, pp, builds):
    """(n, of): of the CPU-clock games that played the parting point's second move, how many
    had the mover search more nodes in the game than any node-map game that played it."""
    k = pp["ply"]
    minor = pp["moves"][1]
    played = lambda g: g["moves"][:k - 1] == pp["prefix"] and len(g["moves"]) >= k and g["moves"][k - 1] == minor
    top = max((mover_nodes(g, pp, builds) for g in map_games if played(g)), default=None)
    sel = [mover_nodes(g, pp, builds) for g in cpu_games if played(g)]
    return (None if top is None else sum(n > top for n in sel)), len(sel), top


def sweep_p(name):
    m = re.fullmatch(r"clock([+-]\d+)", name)
    return int(m.group(1)) if m else 0


def read_pairing(d, builds):
    b, t, games = read_run(d)
    if (b, t) != builds:
        ur.fail("%s: builds %s,%s, the node map's %s,%s" % (d, b, t, *builds))
    return games


def build(results):
    if not os.path.isdir(results):
        ur.fail("no directory %s" % results)
    map_dir = os.path.join(results, MAP)
    if not os.path.isfile(os.path.join(map_dir, "map.json")):
        ur.fail("no %s" % os.path.join(map_dir, "map.json"))
    base, test, map_games = read_run(map_dir, node_clock=True)
    builds = (base, test)
    parts, source = parting_points(map_dir, map_games)
    row = lambda kind, run, games, **kw: dict(dict(kind=kind, run=run, for_run=None, clock_s=None, sigma=None, budget_lo=None,
                                                   budget_hi=None, budgets=None), **kw, **shares(games, parts, builds))
    dirs, sweep = [(SCALED, os.path.join(results, SCALED))], os.path.join(results, SWEEP)
    if os.path.isdir(sweep):
        dirs += [(n, os.path.join(sweep, n)) for n in sorted(os.listdir(sweep)) if re.fullmatch(r"clock[+-]\d+", n)]
    cpu = []
    for name, d in dirs:
        if os.path.isdir(d):
            games = read_pairing(d, builds)
            clocks = {g["clock"] for g in games if g["clock"]}
            try:
                clock = float(clocks.pop()) if len(clocks) == 1 else None
            except ValueError:
                ur.fail("%s: its settings' tc_clock is not a number" % d)
            cpu.append((float("inf") if clock is None else clock, sweep_p(name), name != SCALED, name, clock, games))
    rows = []
    for _, _, _, name, clock, games in sorted(cpu, key=lambda c: c[:3]):
        rows.append(row("cpu", name, games, clock_s=clock))
        m = rows[-1]["nodes_median"]
        win = in_window(map_games, m)
        rows.append(row("node-map window", MAP, win, for_run=name, budgets=len({g["budget"] for g in win}),
                        budget_lo=None if m is None else round(Fraction(m) * (1 - WINDOW)),
                        budget_hi=None if m is None else round(Fraction(m) * (1 + WINDOW))))
    above = None
    if cpu:
        rows.append(row("cpu all", "all CPU-clock runs", [g for c in cpu for g in c[-1]]))
        n, of, top = above_map([g for c in cpu for g in c[-1]], map_games, parts[0], builds)
        above = {"ply": parts[0]["ply"], "move": parts[0]["moves"][1], "games": of, "above_map_max": n,
                 "map_max_mover_nodes": top}
    bs = [g["budget"] for g in map_games]
    rows.append(row("node-map all", MAP, map_games, budget_lo=min(bs, default=None), budget_hi=max(bs, default=None),
                    budgets=len(set(bs))))
    jroot = os.path.join(results, JITTER)
    if os.path.isdir(jroot):
        try:
            found = [c for c in nj.find_cells(jroot) if nj.has_games(c[2])]
        except ur.Bad as e:
            ur.fail(str(e))
        rows += [row("jitter", os.path.relpath(d, jroot), read_pairing(d, builds), sigma=sigma, budget_lo=budget,
                     budget_hi=budget, budgets=1) for sigma, budget, d in sorted(found)]
    minor_budgets = {}
    for pp in parts:
        k, minor = pp["ply"], minor_move(pp, next(r for r in rows if r["kind"] == "node-map all"))
        b = [g["budget"] for g in map_games if g["moves"][:k - 1] == pp["prefix"] and g["moves"][k - 1:k] == (minor,)]
        minor_budgets[k] = (minor, min(b, default=None), max(b, default=None))
    F = {"base": base, "test": test, "window": float(WINDOW), "parting_points_from": source,
         "parting_points": [dict(pp, prefix=" ".join(pp["prefix"])) for pp in parts],
         "node_map_minor_budgets": {str(k): {"move": v[0], "min": v[1], "max": v[2]} for k, v in minor_budgets.items()},
         "rows": rows, "minor_above_map": above,
         # each side's searched nodes over its budget, the median over the node map's games
         "map_used_of_budget": ur.share(ur.median([n / g["budget"] for g in map_games for n in g["nodes"]
                                             if g["budget"]]) or 0, 1) if map_games else None}
    F["answer"] = answer(F, parts, rows, minor_budgets)
    return {"branch-shares.csv": csv_text(rows), "branch-shares.json": nm.json_text(F),
            "branch-shares.md": md_text(F, parts, rows)}, F


def in_window(games, m):
    """The games whose budget is in the window about m: |budget - m| <= WINDOW m, exactly (m is whole
    or a half). Budgets are whole, so that is ceil(m (1 - WINDOW)) <= budget <= floor(m (1 + WINDOW)),
    two bounds computed once instead of Fractions per game."""
    if m is None:
        return []
    lo, hi = math.ceil(Fraction(m) * (1 - WINDOW)), math.floor(Fraction(m) * (1 + WINDOW))
    return [g for g in games if lo <= g["budget"] <= hi]


def minor_move(pp, all_row):
    """The node map's second move at a parting point (its moves ordered by games over all budgets)."""
    ranked = sorted(pp["moves"], key=lambda m: (-(all_row["ply%d_%s" % (pp["ply"], m)] or 0), pp["moves"].index(m)))
    return ranked[1] if len(ranked) > 1 else ranked[0]


def csv_text(rows):
    cols = list(rows[0])
    f = io.StringIO()
    w = csv.writer(f, lineterminator="\n")
    w.writerow(cols)
    for r in rows:
        w.writerow(["" if r.get(c) is None else r[c] for c in cols])
    return f.getvalue()


# ---------------------------------------------------------------------------------------------- md

M = lambda n, places=2: "n/a" if n is None else fixed(n / 1e6, places) + " M"
P = pct_or_na


def span(xs, f=P):
    xs = [x for x in xs if x is not None]
    return "n/a" if not xs else f(min(xs)) if min(xs) == max(xs) else "%s–%s" % (f(min(xs)), f(max(xs)))


def nearest_cells(rows, m):
    """Per sigma, the jitter cell whose budget is nearest a median (the lower on a tie)."""
    cells = [r for r in rows if r["kind"] == "jitter"] if m is not None else []
    return [min((c for c in cells if c["sigma"] == s), key=lambda c: (abs(c["budget_lo"] - m), c["budget_lo"]))
            for s in sorted({c["sigma"] for c in cells})]


def answer(F, parts, rows, minor_budgets):
    cpu = [r for r in rows if r["kind"] == "cpu"]
    win = [r for r in rows if r["kind"] == "node-map window"]
    allr = next(r for r in rows if r["kind"] == "node-map all")
    pooled = next((r for r in rows if r["kind"] == "cpu all"), None)
    pp = parts[0]
    k, minor = pp["ply"], minor_budgets[pp["ply"]][0]
    major = [m for m in pp["moves"] if m != minor][0] if len(pp["moves"]) > 1 else minor
    key = lambda m, s="_share": "ply%d_%s%s" % (k, m, s)
    if not cpu:
        return ("No CPU-clock run was found; over all its budgets the node clock plays %s at ply %d in %s of the "
                "games reaching it." % (major, k, P(allr[key(major)])))
    ws = [w[key(major)] for w in win if w[key(major)] is not None]
    full, none = sum(x == 1 for x in ws), sum(x == 0 for x in ws)
    mixed = [x for x in ws if 0 < x < 1]
    at_major = (("in every game reaching it in all %d windows" % len(ws)) if full == len(ws) else
                ("in every game reaching it in %d of the %d windows%s%s" % (
                    full, len(ws), ", %s in every game in %d" % (minor, none) if none else "",
                    " (in the other%s %s in %s)" % ("s" if len(mixed) > 1 else "", major, span(mixed)) if mixed else ""))
                if full else "in %s of the games reaching it" % span(ws))
    t = ["At the nodes the CPU-clock runs delivered (medians %s a side over %d runs), the node clock, over the "
         "budgets within ±%s of each run's median, plays %s at ply %d %s; the CPU-clock runs played %s there in "
         "%s of the games reaching it (%s of all %d)." % (
             span([r["nodes_median"] for r in cpu], M), len(cpu), pct(WINDOW), major, k, at_major, minor,
             span([r[key(minor)] for r in cpu]), P(pooled[key(minor)]), pooled["ply%d_games" % k])]
    both = [(c[key(minor)], w[key(minor)]) for c, w in zip(cpu, win) if None not in (c[key(minor)], w[key(minor)])]
    more, less = sum(c > w for c, w in both), sum(c < w for c, w in both)
    t.append("Against the node clock at its nodes a side, %d of the %d runs played %s more often, %d less often%s." % (
        more, len(both), minor, less, ", %d as often" % (len(both) - more - less) if len(both) > more + less else ""))
    a, b = pooled[key(minor, "_think_nodes")], pooled[key(major, "_think_nodes")]
    c, d = allr[key(minor, "_think_nodes")], allr[key(major, "_think_nodes")]
    if None not in (a, b, c, d) and (a > b) == (c > d) and a != b and c != d:
        t.append("On both clocks the think that chose %s searched %s nodes than the one that chose %s: medians %s vs "
                 "%s over all CPU-clock runs, %s vs %s over the node map's budgets." % (
                     minor, "fewer" if a < b else "more", major, M(a), M(b), M(c), M(d)))
    elif None not in (a, b, c, d):
        t.append("The think that chose %s searched a median of %s nodes on the CPU clock and %s on the node clock, "
                 "the one that chose %s %s and %s." % (minor, M(a), M(c), major, M(b), M(d)))
    _, blo, bhi = minor_budgets[k]
    nb = sum(bool(c[key(minor, "")] and c[key(major, "")]) for c in cpu)
    at = "at a budget of %s" % M(blo, 3) if blo == bhi else "at budgets between %s and %s" % (M(blo, 3), M(bhi, 3))
    t.append("The node clock plays %s at ply %d only %s; %s CPU-clock runs played both moves at their one nominal "
             "clock." % (minor, k, at, "all %d" % nb if nb == len(cpu) else "%d of the %d" % (nb, len(cpu)))
             if blo is not None else "The node clock never plays %s at ply %d." % (minor, k))
    for q in parts[1:]:
        mq, kq = minor_budgets[q["ply"]][0], "ply%d_%s_share" % (q["ply"], minor_budgets[q["ply"]][0])
        # windows of at least MIN_WINDOW games at the point: a span over a handful says nothing
        wq = span([r[kq] for r in win if (r["ply%d_games" % q["ply"]] or 0) >= MIN_WINDOW])
        t.append("At ply %d the CPU-clock runs played %s in %s of the games reaching it, %s." % (
            q["ply"], mq, span([r[kq] for r in cpu]), "the node clock at their nodes a side in %s (windows with at least %d games there)" % (wq, MIN_WINDOW) if wq != "n/a"
            else "and no window of the node clock at their nodes a side has %d games there" % MIN_WINDOW
            if any(r["ply%d_games" % q["ply"]] for r in win)
            else "and no game of the node clock at their nodes a side reaches it"))
    jit = [c for r in cpu for c in nearest_cells(rows, r["nodes_median"])]
    if jit:
        t.append("On the jittered node clock, the cells nearest each run's median play %s at ply %d in %s." % (
            minor, k, ", ".join("%s (σ %s)" % (span([c[key(minor)] for c in jit if c["sigma"] == s]), nj.sigma_text(s))
                                for s in sorted({c["sigma"] for c in jit}))))
    return " ".join(t)


def label(r):
    if r["kind"] == "cpu":
        return "**%s** (CPU, %s s)" % (r["run"], "?" if r["clock_s"] is None else "%g" % r["clock_s"])
    if r["kind"] == "node-map window":
        return "node map %s–%s (%d budgets)" % (M(r["budget_lo"], 3), M(r["budget_hi"], 3), r["budgets"])
    if r["kind"] == "cpu all":
        return "**all CPU-clock runs**"
    if r["kind"] == "node-map all":
        return "**node map, all budgets** %s–%s" % (M(r["budget_lo"], 3), M(r["budget_hi"], 3))
    return "jitter σ %s, %s" % (nj.sigma_text(r["sigma"]), M(r["budget_lo"], 3))


def md_text(F, parts, rows):
    B, T = F["base"], F["test"]
    L = ["# Branch shares at the initial position's parting points: CPU clock vs node clock", "", F["answer"], "",
         "- window: the node map's budgets within ±%s of a CPU run's median nodes a side (both sides of every game); "
         "a node-map row's nodes a side are what its games searched, not their budgets (the window compares a "
         "CPU run's searched nodes with budgets: node-map games search a median of %s of their budget)" % (
             pct(WINDOW), "n/a" if F["map_used_of_budget"] is None else P(F["map_used_of_budget"])),
         "- parting points (from %s): %s" % (F["parting_points_from"], "; ".join(
             "ply %d, %s to move after `%s`: %s" % (p["ply"], p["mover"], p["prefix"], ", ".join(p["moves"]))
             for p in F["parting_points"])),
         "- share: of the games reaching the prefix (in brackets: among those %s / %s was to move); think: the "
         "median nodes of the think that chose the move (games.pgn)" % (B, T),
         "- jitter cells: %d" % sum(r["kind"] == "jitter" for r in rows)]
    order = []
    for r in rows:
        if r["kind"] != "jitter":
            order.append(r)
        if r["kind"] == "node-map window":
            order += nearest_cells(rows, [c for c in rows if c["kind"] == "cpu" and c["run"] == r["for_run"]][0]["nodes_median"])
    for pp in parts:
        k = "ply%d" % pp["ply"]
        L += ["", "## Ply %d, %s to move after `%s`" % (pp["ply"], pp["mover"], " ".join(pp["prefix"])), "",
              "| games | nodes a side | games at ply | %s | other | %s |" % (
                  " | ".join(pp["moves"]), " | ".join("think %s" % m for m in pp["moves"])),
              "|---|---|---|%s---|%s" % ("---|" * len(pp["moves"]), "---|" * len(pp["moves"]))]
        for r in order:
            L.append("| %s | %s | %d | %s | %s | %s |" % (
                label(r), M(r["nodes_median"]), r[k + "_games"],
                " | ".join("%s (%s / %s)" % (P(r["%s_%s_share" % (k, m)]), P(r["%s_%s_share_%s" % (k, m, B)]),
                                             P(r["%s_%s_share_%s" % (k, m, T)])) for m in pp["moves"]),
                r["%s_%s" % (k, OTHER)], " | ".join(M(r["%s_%s_think_nodes" % (k, m)]) for m in pp["moves"])))
    return "\n".join(L) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--results", default="results", help="the results directory (default: results)")
    ap.add_argument("--out", help="output directory (default: RESULTS/startpos-node-map)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file in --out is stale")
    a = ap.parse_args(argv)
    out = a.out or os.path.join(a.results, MAP)
    files, F = build(a.results)
    code = ur.check_or_write(NAME, files, out, a.check)
    if code is not None:
        return code
    print("%s: %d rows; wrote %s to %s" % (NAME, len(F["rows"]), ", ".join(files), out))
    print(F["answer"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
