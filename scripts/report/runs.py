"""The runs the report reads and their readers: where the committed runs are, which schemes
and clocks the study played, and each run's facts from its summary.csv, games.csv, games.pgn,
command.txt and ratings.csv (scripts/report/report.py turns them into named facts).

It puts scripts/ on the path for the one results module, scripts/umaxresults.py (the settings
reader, the Elo of a score, the pentanomial statistics); a copy of scripts/report alone (as
tests/suite/claims.rs makes) finds it in the working directory's scripts/.
"""
import bisect
import csv
import functools
import re
import statistics
import sys
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RES = ROOT / "results"
SCRIPTS = Path(__file__).resolve().parents[1]
sys.path[0:0] = [str(SCRIPTS)] + ([] if (SCRIPTS / "umaxresults.py").is_file() else [str(Path.cwd() / "scripts")])
import umaxresults as ur  # noqa: E402

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
    """A CSV file's rows as read-only mappings (a new list; the rows are shared between callers,
    so a row cannot be changed: `dict(row)` gives a copy that can)."""
    return list(_read_csv(str(path)))


# Parsed once per file: the report reads most games.csv files several times (head_to_head,
# illegal_castlings, the node counts, ...), and the files do not change while it runs.
@functools.lru_cache(maxsize=None)
def _read_csv(path):
    with open(path, newline="") as f:
        return tuple(types.MappingProxyType(r) for r in ur.dict_rows(f))


def side_values(g, suffix):
    """The values of a row's columns whose names end in `suffix` (both sides' `_nodes`, ...), in
    the row's order."""
    return [g[k] for k in _columns_ending(tuple(g), suffix)]


# Cached per header: the report sums both sides' columns of every row of every run, and a run's
# rows share one header.
@functools.lru_cache(maxsize=None)
def _columns_ending(keys, suffix):
    return tuple(k for k in keys if k.endswith(suffix))


REPLAY = re.compile(
    r"game (?P<game>\d+) \((?P<white>\w+)-(?P<black>\w+), (?P<result>1-0|0-1|1/2-1/2), (?P<term>\w+)\): "
    r"C node totals White (?P<cw>\d+), Black (?P<cb>\d+); games\.csv (?P<gw>\d+), (?P<gb>\d+)\. "
    r"ply (?P<ply>\d+): (?P<colour>White|Black)'s process \((?P<refuser>\w+)\) refused (?P<move>\w+), "
    r"its board unchanged: True; its move-entry search: iteration 1 ended at score (?P<s1>-?\d+), "
    r"iteration 2 ended at score (?P<s2>-?\d+)")
MATE = 8000 - 136  # 4.8's I-M: a score above it is a mate, and the root then sets d=98


def refused_replayed(run_dir):
    """How many of a match's games ended `engine_rejected_move` the C replayed and refused alike
    (refused-moves.txt, one whole line per game: the C's node totals equal to the row's, the
    row's last move refused at the row's last ply by the process of the side not to make it,
    which lost, its board unchanged, after a second iteration that ended at a mate score).
    Any other line, or a line about a game that did not end so, stops the report: a mismatch is
    a bug to find, never a sentence to soften."""
    log = run_dir / "refused-moves.txt"
    if not log.is_file():
        return 0
    games = {g["game"]: g for g in read_csv(run_dir / "games.csv")}
    seen = set()
    for line in log.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        m = REPLAY.fullmatch(line)
        g = games.get(m["game"]) if m else None
        ok = bool(m and g and m["game"] not in seen and g["termination"] == "engine_rejected_move")
        if ok:
            moves = g["moves"].split()
            # the refused move is the last; the side that refused it is the other one, and lost
            colour = "Black" if len(moves) % 2 else "White"
            ok = ((m["white"], m["black"], m["result"], m["term"]) == (g["white"], g["black"], g["result"], g["termination"])
                  and m["cw"] == m["gw"] == g[f"{g['white']}_nodes"] and m["cb"] == m["gb"] == g[f"{g['black']}_nodes"]
                  and int(m["ply"]) == int(g["plies"]) == len(moves) and m["move"] == moves[-1]
                  and m["colour"] == colour and m["refuser"] == g[colour.lower()]
                  and g["result"] == ("0-1" if colour == "White" else "1-0")
                  and int(m["s2"]) > MATE)
        if not ok:
            sys.exit(f"report.py: {log.relative_to(ROOT)}: a line that is not a C replay agreeing with a "
                     f"game of games.csv ended by a refused move: {line[:120]}")
        seen.add(m["game"])
    return len(seen)


# A game line of `umax verify-c` replaying one side (its build's C; the other build has none).
ONE_SIDE = re.compile(r"game (?P<game>\d+): identical \((?P<plies>\d+) plies; (?P<build>\w+)'s side, "
                      r"nodes (?P<nodes>\d+); (?P<other>\w+)'s moves from the row\)")


def one_side_replayed(run_dir, log_name):
    """How many games of a match `umax verify-c` replayed one side of, identically (its log
    `log_name`: the command's own lines, chunks concatenated, `#` lines the header): each game line
    must name a game of games.csv once, with its plies and the replayed side's node total. A
    MISMATCH line, or a line agreeing with no game, stops the report: a mismatch is a bug to
    find, never a sentence to soften. Returns (games replayed, the build replayed), or None
    without a log."""
    log = run_dir / log_name
    if not log.is_file():
        return None
    games = {g["game"]: g for g in read_csv(run_dir / "games.csv")}
    seen, builds = set(), set()
    for line in log.read_text().splitlines():
        if not line.startswith("game "):
            continue  # the header, and each chunk's totals
        m = ONE_SIDE.fullmatch(line)
        g = games.get(m["game"]) if m else None
        if not (m and g and m["game"] not in seen and int(m["plies"]) == int(g["plies"])
                and m["nodes"] == g[f"{m['build']}_nodes"] and f"{m['other']}_nodes" in g):
            sys.exit(f"report.py: {log.relative_to(ROOT)}: a line that is not a C replay agreeing with a "
                     f"game of games.csv: {line[:120]}")
        seen.add(m["game"])
        builds.add(m["build"])
    if any(l.startswith("MISMATCH") for l in log.read_text().splitlines()) or len(builds) > 1:
        sys.exit(f"report.py: {log.relative_to(ROOT)}: a mismatch, or more than one build replayed")
    return len(seen), builds.pop() if builds else None


def bench_median(bench_txt, test, base, depth, computed):
    """Checks a median node ratio the report computes from a depth.csv against the one the same
    `umax bench` run printed in its bench.txt (`median TEST/BASE node ratio per depth`, 3
    decimals): the two files come from one command, and one regenerated without the other
    stops the report."""
    head = f"median {test}/{base} node ratio per depth"
    lines = bench_txt.read_text().splitlines()
    at = next((i for i, l in enumerate(lines) if l.startswith(head)), None)
    printed = None
    if at is not None:
        for l in lines[at + 2:]:
            f = l.split()
            if len(f) != 5:
                break
            if f[0] == str(depth):
                printed = float(f[2])
    if printed is None or abs(printed - computed) > 0.0005 + 1e-9:
        sys.exit(f"report.py: {bench_txt.relative_to(ROOT)} prints {printed} as the median {test}/{base} "
                 f"node ratio at depth {depth}, its depth.csv gives {computed:.6f}: one file is stale")
    return computed


def head_to_head(run_dir, build="sd"):
    """`build`'s view of a match directory's summary.csv (None if absent): games, score,
    pentanomial Elo and its 95% half-width, LOS, draw ratio, and time losses by side."""
    summary = run_dir / "summary.csv"
    if not summary.is_file():
        return None
    row = read_csv(summary)[0]
    settings = ur.settings(row)
    base, test = settings["builds"].split(",")
    if build not in (base, test):
        return None
    sign = 1 if build == test else -1
    other = base if build == test else test
    score = float(row["score"]) if sign == 1 else 1 - float(row["score"])
    games = read_csv(run_dir / "games.csv")
    forfeits = {base: 0, test: 0}
    points, played = 0.0, 0  # build's points in the games not lost on time
    refused = {base: 0, test: 0}  # games lost by refusing the opponent's legal move, by refuser
    for g in games:
        if g["termination"] in ("time_forfeit", "engine_rejected_move"):
            loser = g["white"] if g["result"] == "0-1" else g["black"]
            (forfeits if g["termination"] == "time_forfeit" else refused)[loser] += 1
            if g["termination"] == "time_forfeit":
                continue
        played += 1
        mine = float(g[f"{test}_score"]) if build == test else 1 - float(g[f"{test}_score"])
        points += mine
    kept, capped = split_capped(games, build, other)
    interval = ur.ptnml_interval([int(row[k]) for k in PTNML_COLUMNS][::sign])
    return {
        "opponent": other,
        "games": int(row["games"]),
        # the match's size (its settings' games=: a grown match's largest)
        "size": int(settings["games"]),
        "score": score,
        "elo": sign * float(row["ptnml_elo"]),
        "elo_pm": float(row["ptnml_elo_pm"]),
        # the 95% interval's ends: the score interval's ends on the logistic scale (not the
        # estimate ± the half-width: the scale is not symmetric about it), the one interval
        # method of the report; the half-width above is half the interval
        "elo_lo": interval[1],
        "elo_hi": interval[2],
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
        # games ended by an engine refusing its opponent's legal move (the refuser loses):
        # by build's engine, and by the other's
        "refused_lost": refused[build],
        "refused_won": refused[other],
        # the calibrations its segments were played at (M nodes/s)
        # the CPU clock's speeds (M nodes/s); none on the node clock, which has no speed
        "nps": sorted({round(float(ur.settings(g)["tc_nps"]) / 1e6, 2) for g in games
                       if "tc_nps" in ur.settings(g)}),
        # the CPU both sides' thinks took (their clocks): a quiet machine's two cores play two
        # games at once, so the run's pace there; pauses and a busy machine add only wall time
        # the nodes each side searched in a game, averaged over the games (what the clock
        # delivered), and the nominal: the clock's seconds times the reference 2006 speed
        "nodes_side": nodes_per_side(games),
        "nominal_nodes": nominal_nodes(games[0]),
        "opening_lo": min(int(g["opening_id"]) for g in games),
        "opening_hi": max(int(g["opening_id"]) for g in games),
        "openings_used": len({g["opening_id"] for g in games}),
        "cpu_per_game": ur.mean(sum(map(float, side_values(g, "_cpu_s"))) for g in games),
        # build's CPU time and nodes over the other's, and each one's deepest iteration in a
        # game averaged over the games
        "time_ratio": float(row["time_ratio"]) ** sign,
        "node_ratio": float(row["node_ratio"]) ** sign,
        # each side's deepest iteration in a game, averaged over the games whose thinks searched
        # a tree: a game where a think ran its iterations to the cap (its position already
        # decided: a repetition or a mate found at once; deepest iteration DEPTH_CAPPED or more)
        # is left out, its depth being no measure of the search (summary.csv's means keep them)
        "depth": ur.mean(int(g[f"{build}_depth"]) for g in kept),
        "opponent_depth": ur.mean(int(g[f"{other}_depth"]) for g in kept),
        "depth_capped_games": len(games) - len(kept),
        "depth_capped_repetitions": sum(g["termination"] == "threefold" for g in capped),
        # build's deepest iteration less the other's, per game pair (the unit the games are
        # drawn in), over the pairs of such games: the mean and its 95% half-width
        **depth_difference(kept, build, other),
    }


# A deepest iteration this deep is micro-Max running its iterations to the cap at a position
# already decided (4.8 runs to 98 plies when each iteration returns at once); no search of
# either engine in the committed runs reaches 30 otherwise.
DEPTH_CAPPED = 40


def split_capped(games, build, other):
    """The games in which neither side's deepest iteration is DEPTH_CAPPED or more, and the rest."""
    kept, capped = [], []
    for g in games:
        deep = max(int(g[f"{build}_depth"]), int(g[f"{other}_depth"])) >= DEPTH_CAPPED
        (capped if deep else kept).append(g)
    return kept, capped


def nodes_per_side(games):
    """Both sides' nodes in a game over two, averaged over the games."""
    return ur.mean(sum(map(int, side_values(g, "_nodes"))) / 2 for g in games)


def nominal_nodes(g):
    """The nodes a side's clock stands for: its seconds times the reference speed (a scaled
    clock's `tc` and `tc_ref_nps`), None for a clock that is not scaled."""
    s = ur.settings(g)
    if "node_clock" in s:  # the node clock: the budget itself (a sweep's: its first pair's)
        return float(s["node_clock"])
    return float(s["tc"]) * float(s["tc_ref_nps"]) if "tc" in s and "tc_ref_nps" in s else None


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
        nodes = sum(int(v) for g in b for v in side_values(g, "_nodes"))
        cpu = sum(float(v) for g in b for v in side_values(g, "_cpu_s"))
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
    diffs = [ur.mean(v) for v in pairs.values()]
    if len(diffs) < 2:
        return {}
    return {"depth_diff": ur.mean(diffs),
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
