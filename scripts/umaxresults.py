"""Reading umax's result files from Python: the one reader every script in scripts/ uses.

    import umaxresults as ur
    run = ur.read_games("results/scaled-15/games.csv")
    run.base, run.test            # the pairing: ('old', 'sd')
    for row in run.rows:          # a dict per game, numbers converted
        row["test_score"], row["base_nodes"], row["sd_score"]   # role-neutral and as in the file
    ur.settings(run.rows[0])      # {'builds': 'old,sd', 'tc': '15', ...}
    ur.elo(0.575)                 # 52.5: the logistic Elo of a score
    ur.pentanomial(run.rows)      # ([pairs by TEST's points 0, 0.5, 1, 1.5, 2], odd pairs)

The rules are those of src/games_csv.rs (the Rust reader `umax report` and `--resume` use):
- the header names the builds: columns `<test>_score`, `<base>_nodes`, ... are the role-neutral
  fields `test_score`, `base_nodes`, ... of a match of BASE against TEST (for a header that
  names none the pairing is the default, old,sd);
- a last line without its newline (a run killed while writing it) is left out, and said;
- `settings` is `key=value;key=value` (`builds=BASE,TEST` first in newer runs).
A missing or unreadable file is a one-line error (`fail`), not a traceback. Stdlib only.

It is also the one home of the statistics more than one script computes from those files: the
logistic Elo of a score (`elo`, `elo_rounded`), the pentanomial of a run's game pairs
(`pentanomial`), umax's pentanomial interval (`ptnml_interval`, as src/stats.rs), the
normal interval of the mean pair score (`pair_score_interval`) and a share (`share`). Scores and
shares are kept unrounded: a printed figure is rounded once, by the report's rule.

And of the strict reading the scripts that follow a match's games move by move share (node_map.py,
node_jitter.py, startpos_branches.py, branch_shares.py): `read_match` (games.csv, checked, a
malformed file raising `Bad` for the script's one-line error), `read_pgn` / `read_thinks` (each
think's depth and nodes from games.pgn), `parting_nodes` (where games part) and `depth_text`, and
their files' `check_or_write` (`--check`, or each file written whole through a rename).
"""

import csv
import decimal
import functools
import io
import math
import os
import re
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Mapping

# The role-neutral fields of a games.csv row whose file names carry a build name.
ROLE_FIELDS = ["score", "nodes", "cpu_s", "wall_s", "depth"]
# The default pairing (src/pairing.rs Pairing::default), for files that name no builds.
DEFAULT_PAIRING = ("old", "sd")
NUMERIC = {"game", "pair", "opening_id", "plies"}


def fail(msg, code=2):
    """Prints `msg` as the calling script's one-line error and exits."""
    name = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else "umaxresults"
    print(f"{name}: {msg}", file=sys.stderr)
    sys.exit(code)


def settings(row_or_text):
    """The settings string of a row (or the string itself) as a dict."""
    text = row_or_text["settings"] if isinstance(row_or_text, Mapping) else row_or_text
    return dict(_parse_settings(text or ""))  # a copy: the caller may change it


# Memoized: a run's rows repeat a handful of settings strings, and the scripts ask for them per row
# (tens of thousands of calls a run).
@functools.lru_cache(maxsize=None)
def _parse_settings(text):
    out = {}
    for part in text.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            out[k] = v
    return out


def elo(score):
    """The logistic Elo of a score (0..1): -400 log10(1/score - 1); -inf at 0, +inf at 1."""
    if score <= 0 or score >= 1:
        return math.copysign(math.inf, score - 0.5)
    return -400 * math.log10(1 / score - 1)


def elo_rounded(score, places=1):
    """`elo` rounded to `places` decimals for a data file, by the report's one rule
    (scripts/report/formatting.py: the shortest decimal form, half away from zero); None for no
    score, 0 or 1."""
    if score is None or score <= 0 or score >= 1:
        return None
    d = decimal.Decimal(repr(elo(score))).quantize(decimal.Decimal(1).scaleb(-places), decimal.ROUND_HALF_UP)
    return float(d)


def mean(xs):
    """statistics.mean of ints and floats, to the bit (an int for a whole mean of ints), without its
    per-value Fractions: each float is an integer over a power of two, so the sum is kept exact as
    an integer over the largest of them, and one correctly rounded division gives the mean."""
    xs = list(xs)
    types = set(map(type, xs))
    n = len(xs)
    if types == {int}:
        total = sum(xs)
        return total // n if total % n == 0 else total / n
    if not xs or not types <= {int, float} or not all(map(math.isfinite, xs)):
        return statistics.mean(xs)  # its error for no values; other types, inf and nan as it treats them
    ratios = [x.as_integer_ratio() for x in xs]
    den = max(d for _, d in ratios)
    return sum(num * (den // d) for num, d in ratios) / (den * n)


def median(xs, empty=None):
    """The median of `xs` (an int when it is whole), or `empty` for no values."""
    m = statistics.median(xs) if xs else None
    return empty if m is None else int(m) if m == int(m) else m


def share(n, d):
    """n / d, unrounded (a printed share is rounded once, where it is printed); None for d = 0."""
    return n / d if d else None


Z95 = 1.959963984540054  # the two-sided 95% quantile of the standard normal law


def pentanomial(rows, score="test_score"):
    """The pentanomial of games.csv rows: pairs (by `pair`) by the points of the build whose
    score column is `score` in the pair (0, 0.5, 1, 1.5, 2), and the number of pairs without
    exactly two games among them (left out)."""
    pairs = {}
    for g in rows:
        pairs.setdefault(g["pair"], []).append(float(g[score]))
    out, odd = [0] * 5, 0
    for v in pairs.values():
        if len(v) != 2:
            odd += 1
            continue
        out[round(2 * sum(v))] += 1
    return out, odd


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


def pair_score_interval(pair_points, per_pair):
    """The mean score of complete game pairs with its 95% normal interval (mean ± 1.96 sd /
    sqrt(pairs), sample sd), from each pair's points out of `per_pair` (2 in points, 4 in
    half-points): score, score_se, score_lo, score_hi unrounded (a printed figure is rounded
    once, from these) and their Elo (`elo_rounded`); None for fewer than two pairs."""
    if len(pair_points) < 2:
        return None
    s = statistics.mean(pair_points) / per_pair
    se = statistics.stdev(pair_points) / per_pair / math.sqrt(len(pair_points))
    lo, hi = s - 1.96 * se, s + 1.96 * se
    return dict(score=s, score_se=se, score_lo=lo, score_hi=hi,
                elo=elo_rounded(s), elo_lo=elo_rounded(lo), elo_hi=elo_rounded(hi))


def pairing_of_header(header):
    """(base, test) from a games.csv header: the builds whose `<b>_score`/`<b>_nodes` appear."""
    score = [c[: -len("_score")] for c in header if c.endswith("_score")]
    nodes = [c[: -len("_nodes")] for c in header if c.endswith("_nodes")]
    if len(score) == 1 and len(nodes) == 2 and score[0] in nodes:
        test = score[0]
        base = [b for b in nodes if b != test][0]
        return base, test
    return DEFAULT_PAIRING


def role_column(column, base, test):
    """The role-neutral name of a file column: `sd_score` -> `test_score` for old,sd."""
    for role, build in (("test", test), ("base", base)):
        for f in ROLE_FIELDS:
            if column == f"{build}_{f}":
                return f"{role}_{f}"
    return column


def file_column(role, base, test):
    """The file's name of a role-neutral column: `test_cpu_s` -> `sd_cpu_s` for old,sd."""
    if role.startswith("test_"):
        return f"{test}_{role[5:]}"
    if role.startswith("base_"):
        return f"{base}_{role[5:]}"
    return role


def _number(v):
    if "." not in v:  # int() takes no ".": such a text goes straight to float(), sparing an exception
        try:
            return int(v)
        except ValueError:
            pass
    try:
        return float(v)
    except ValueError:
        return v


def dict_rows(f):
    """csv.DictReader(f)'s rows (a list), built with csv.reader and dict(zip()), which is faster:
    the first row names the columns, blank rows are left out, a short row's missing columns are
    None and a long row's extra values a list under the key None."""
    reader = csv.reader(f)
    header = next(reader, None)
    if header is None:
        return []
    n, rows = len(header), []
    for row in reader:
        if not row:
            continue
        d = dict(zip(header, row))
        if len(row) > n:
            d[None] = row[n:]
        elif len(row) < n:
            for k in header[len(row):]:
                d[k] = None
        rows.append(d)
    return rows


class Games:
    """A games.csv read: `rows` (dicts with the file's and the role-neutral keys), `header`,
    the pairing `base`, `test`, and `partial_line` (the left-out last line's number, or None)."""

    def __init__(self, path, header, rows, base, test, partial_line):
        self.path, self.header, self.rows = path, header, rows
        self.base, self.test, self.partial_line = base, test, partial_line

    def role(self, role):
        """The file's name of a role-neutral column of this run."""
        return file_column(role, self.base, self.test)

    def time_columns(self):
        """The four time columns as the file names them (they differ from run to run)."""
        return [self.role(f"{r}_{f}") for r in ("test", "base") for f in ("cpu_s", "wall_s")]


def read_games(path, quiet=False):
    """Reads a games.csv (see the module's rules)."""
    if os.path.isdir(path):
        path = os.path.join(path, "games.csv")
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            text = f.read()
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e}")
    partial = None
    if text and not text.endswith("\n"):
        cut = text.rfind("\n") + 1
        partial = text[:cut].count("\n") + 1
        text = text[:cut]
        if not quiet:
            print(f"{path}:{partial}: the last line is incomplete; it is left out", file=sys.stderr)
    header = next(csv.reader(io.StringIO(text)), None) or []
    if header and "game" not in header:
        fail(f"{path}: not a games.csv (no 'game' column)")
    base, test = pairing_of_header(header)
    # per column, once: whether its values are numbers, and its role-neutral name
    columns = {k: (k in NUMERIC or k.endswith(tuple(ROLE_FIELDS)), role_column(k, base, test)) for k in header}
    rows = []
    for raw in dict_rows(io.StringIO(text)):
        row = {}
        for k, v in raw.items():
            numeric, role = columns[k] if k in columns else _column(k, base, test)
            value = _number(v) if numeric else v
            row[k] = value
            row[role] = value
        rows.append(row)
    return Games(path, header, rows, base, test, partial)


def _column(k, base, test):
    """read_games' (numeric, role-neutral name) of a key not in the header (a long row's None)."""
    return k in NUMERIC or k.endswith(tuple(ROLE_FIELDS)), role_column(k, base, test)


def read_summary(path, convert=True):
    """summary.csv as a list of dicts (numbers converted where they are numbers, unless not
    `convert`: then every value is the file's text)."""
    if os.path.isdir(path):
        path = os.path.join(path, "summary.csv")
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        fail(f"cannot read {path}: {e.strerror or e}")
    return [{k: _number(v) for k, v in r.items()} for r in rows] if convert else rows


def command(run_dir):
    """The run's command.txt (the command that made it), or None."""
    p = os.path.join(run_dir, "command.txt")
    return open(p).read() if os.path.isfile(p) else None


# ---------------------------------------------------------------------------------------------- strict reading

END = "(end)"  # parting_nodes' branch of the games that end at a node, unless the caller names it


class Bad(Exception):
    """A missing or malformed input of the strict readers: the calling script prints it as its
    one-line error (`<script>: error: <message>`) and exits 2."""


def read_or_none(path, errors="strict"):
    """The text of a UTF-8 file, or None if it cannot be read (or, with errors="strict", is not
    UTF-8); errors="replace" reads undecodable bytes as U+FFFD instead."""
    try:
        with open(path, encoding="utf-8", errors=errors) as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


def read_match(run, node_clock=False):
    """(base, test, games) of RUN/games.csv, checked: the games of BASE against TEST (the pairing
    of the header, `pairing_of_header`, whose one *_score column is TEST's) as dicts of the file's
    columns (text), with `game` and `pair` ints, `hp` TEST's half-points (0..2) and `moves` a tuple;
    with `node_clock` also `plies` (int) and `budget`, node_clock + (pair-1)*node_clock_step of
    the row's settings. A torn last line (a run still playing) is dropped. Raises Bad for a file
    that is missing, empty, not UTF-8 or malformed (a header without one *_score column or a
    needed column, a row of another width, a bad number, result or score, other players, no game)."""
    path = os.path.join(run, "games.csv")
    try:
        with open(path, newline="", encoding="utf-8-sig") as f:
            text = f.read()
        rows = list(csv.reader(io.StringIO(text[: text.rfind("\n") + 1])))  # drop a torn last line
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        raise Bad("cannot read %s: %s" % (path, getattr(e, "strerror", None) or e))
    if not rows:
        raise Bad("%s is empty" % path)
    head = rows[0]
    score = [c for c in head if c.endswith("_score")]
    if len(score) != 1:
        raise Bad("%s: expected one *_score column in the header, found %d" % (path, len(score)))
    base, test = pairing_of_header(head)
    ints = ["game", "pair"] + (["plies"] if node_clock else [])
    need = (["game", "pair", "white", "black", "result", "termination"] + ints[2:] + ["moves"]
            + (["settings"] if node_clock else []) + [test + "_score"])
    missing = [c for c in need if c not in head]
    if missing:
        raise Bad("%s: header lacks %s" % (path, ", ".join(missing)))
    col = {c: i for i, c in enumerate(head)}
    games = []
    for n, r in enumerate(rows[1:], 2):
        if not r:
            continue
        if len(r) != len(head):
            raise Bad("%s line %d: %d fields, header has %d" % (path, n, len(r), len(head)))
        g = {c: r[i] for c, i in col.items()}
        try:
            g.update({c: int(g[c]) for c in ints})
            pts = float(g[test + "_score"])
        except ValueError:
            raise Bad("%s line %d: bad %s or %s_score" % (path, n, ", ".join(ints), test))
        if node_clock:
            st = settings(g["settings"])
            try:
                g["budget"] = int(st["node_clock"]) + (g["pair"] - 1) * int(st.get("node_clock_step", "0"))
            except (KeyError, ValueError):
                raise Bad("%s line %d: settings name no node_clock (not a node-clock run)" % (path, n))
        if pts not in (0.0, 0.5, 1.0) or g["result"] not in ("1-0", "0-1", "1/2-1/2"):
            raise Bad("%s line %d: bad result %r / score %r" % (path, n, g["result"], pts))
        if {g["white"], g["black"]} != {test, base}:
            raise Bad("%s line %d: players %s-%s are not %s and %s" % (path, n, g["white"], g["black"], base, test))
        g["hp"], g["moves"] = int(pts * 2), tuple(g["moves"].split())
        games.append(g)
    if not games:
        raise Bad("%s has no games" % path)
    return base, test, games


# read_pgn's patterns, compiled once (it runs them on every game of every run it reads).
_PGN_GAME = re.compile(r"\n(?=\[Event )")
_PGN_ROUND = re.compile(r'\[Round "(\d+)"\]')
_TC_NODES = re.compile(r"(\d+) nodes$")
# A tag line: r"^\[.*\]\s*$" with re.M, its "^" written as a look-behind after the "[" (no
# character but a newline before it), which lets re jump from "[" to "[" instead of trying every place.
_PGN_TAG = re.compile(r"\[(?<![^\n]\[).*\]\s*$", flags=re.M)
# A move's comment `{...}` (no `}` inside), read with its whitespace collapsed (a comment may wrap):
# a think "+0.12/6 0.041s 1234n [overrun] [cut]" gives (depth, nodes, ""), one that starts with
# "book" ("", "", "book"), any other ("", "", ""). It reads each comment as
#     c = " ".join(c.split()); re.match(r"\S*/(\d+) [\d.]+s (\d+)n\b", c) or c.startswith("book")
# would, in one pass over the game: \s+ (or \s* at the start) stands for a collapsed space, and
# [^\s}] for \S inside the comment.
_PGN_COMMENT = re.compile(r"\{\s*(?:[^\s}]*/(\d+)\s+[\d.]+s\s+(\d+)n\b|(book))?[^}]*\}")


_PGN_TAG_PAIR = re.compile(r'^\[(\w+) "(.*)"\]\s*$', flags=re.M)


def pgn_games(text):
    """The games of a games.pgn's text, in file order: (round or None, {tag: value}, movetext),
    one per `[Event ...]` chunk (the one PGN reader of the scripts). The movetext is the chunk
    without its tag lines, its lines joined by spaces; the last game may be torn (a game being
    written), which its reader tells by its result token or its comments' count."""
    for chunk in _PGN_GAME.split(text):
        if not chunk.lstrip().startswith("[Event "):
            continue
        tags = dict(_PGN_TAG_PAIR.findall(chunk))
        m = _PGN_ROUND.search(chunk)
        body = _PGN_TAG.sub("", chunk)
        yield (int(m.group(1)) if m else None), tags, " ".join(line for line in body.split("\n") if line.strip())


def read_pgn(run, games):
    """game number -> (thinks, TimeControl nodes) from RUN/games.pgn, for the games of `games`
    (dicts with `game` and `moves`; the number is in the `[Round "N"]` tag). thinks: per ply the
    (depth, nodes) of the move's comment `{score/depth time_s nodes_n}` (a comment may wrap over
    lines), None for `{book}`; None for a game whose comments do not count its moves (a game being
    written). TimeControl nodes: N of `[TimeControl "N nodes"]`, or None. No file reads as no games."""
    text = read_or_none(os.path.join(run, "games.pgn"), errors="replace") or ""
    want = {g["game"]: len(g["moves"]) for g in games}
    out = {}
    for n, tags, body in pgn_games(text):
        if n not in want:
            continue
        tc = _TC_NODES.match(tags.get("TimeControl", ""))
        thinks = [(int(depth), int(nodes)) if depth else None
                  for depth, nodes, book in _PGN_COMMENT.findall(body) if depth or book]
        out[n] = (thinks if len(thinks) == want[n] else None, int(tc.group(1)) if tc else None)
    return out


def read_thinks(run, games):
    """game number -> the thinks of `read_pgn`, for the games whose comments count their moves."""
    return {n: t for n, (t, _) in read_pgn(run, games).items() if t is not None}


def parting_nodes(games, end=lambda g: END):
    """[(ply, prefix, {next move: [games]})] for every node where `games` (dicts with a `moves`
    tuple) part: ply is the 1-based ply of the move that differs, prefix the moves before it. A
    game that ends at the node is in the branch `end(game)` (END, or e.g. one per termination),
    which is followed no further."""
    stack, out = [(0, games)], []
    while stack:
        k, group = stack.pop()
        while True:
            nxt, ended = defaultdict(list), set()
            for g in group:
                if k < len(g["moves"]):
                    nxt[g["moves"][k]].append(g)
                else:
                    mv = end(g)
                    ended.add(mv)
                    nxt[mv].append(g)
            if len(nxt) > 1:
                out.append((k + 1, group[0]["moves"][:k], nxt))
                stack.extend((k + 1, gs) for mv, gs in nxt.items() if mv not in ended)
                break
            if ended:
                break
            k += 1
    return out


def depth_text(c):
    """A count of think depths (a Counter) as text, by depth with "?" (unknown) last: "5:3;6:9;?:2"."""
    return ";".join("%s:%d" % (d, c[d]) for d in sorted(c, key=lambda d: (d == "?", d)))


# ---------------------------------------------------------------------------------------------- writing

def write_atomic(path, text):
    """Writes `text` to a temporary file beside `path`, then renames it over `path`."""
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path) or ".", prefix="." + os.path.basename(path), suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
        # mkstemp makes the file 0600: give it the mode a plain open() would (0666 less umask)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def complete_pairs(games, base, test, where):
    """The complete pairs of a match's games in pair order: (pair, its two games in the file's
    order); a pair still being played (one game) is left out. Bad: a pair of more than two
    games, or two that do not swap colours between `base` and `test`."""
    by_pair = defaultdict(list)
    for g in games:
        by_pair[g["pair"]].append(g)
    pairs = []
    for p in sorted(by_pair):
        gs = by_pair[p]
        if len(gs) > 2:
            raise Bad("%s: pair %d has %d games" % (where, p, len(gs)))
        if len(gs) < 2:
            continue
        if sorted(g["white"] for g in gs) != sorted([base, test]):
            raise Bad("%s: pair %d: the two games do not swap colours" % (where, p))
        pairs.append((p, gs))
    return pairs


def generate(name, build, out, check, tell=None):
    """The end of every generator's main(): `build()` gives ({file name: text}, facts); with
    `check`, 1 if a file in `out` is stale, else 0; otherwise the files are written, `tell(facts)`
    prints what they say, and a last line names them. 2 after a one-line error (bad input, or
    a file that cannot be written)."""
    try:
        files, facts = build()
    except Bad as e:
        print("%s: error: %s" % (name, e), file=sys.stderr)
        return 2
    code = check_or_write(name, files, out, check)
    if code is not None:
        return code
    if tell:
        tell(facts)
    print("%s: wrote %s to %s" % (name, ", ".join(files), out))
    return 0


def check_or_write(name, files, out, check):
    """--check: 1 if a file of `files` ({file name: text}) in `out` differs, else 0; otherwise
    writes them (each whole or not at all): None, or 2 after a one-line error."""
    if check:
        stale = [n for n, text in files.items() if read_or_none(os.path.join(out, n)) != text]
        if stale:
            print("%s: stale in %s: %s" % (name, out, ", ".join(stale)), file=sys.stderr)
            return 1
        return 0
    try:
        for n, text in files.items():
            os.makedirs(os.path.dirname(os.path.join(out, n)), exist_ok=True)
            write_atomic(os.path.join(out, n), text)
    except OSError as e:
        print("%s: error: cannot write to %s: %s" % (name, out, e.strerror or e), file=sys.stderr)
        return 2
    return None
