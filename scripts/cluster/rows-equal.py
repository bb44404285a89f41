#!/usr/bin/env python3
"""Do the shards of a match hold the same games as a single run?

    scripts/cluster/rows-equal.py SINGLE/games.csv SHARD1/games.csv SHARD2/games.csv ...

Reads the single run's rows and the union of the shards' rows (with scripts/umaxresults.py, the
one reader of the scripts), sorts both by game number, drops the four time columns (found by
role for whatever builds played: `<test>_cpu_s`, `<base>_cpu_s`, `<test>_wall_s`,
`<base>_wall_s`; they differ from run to run), and compares the rest field by field. Prints exactly

    merged rows equal a single run: yes

and exits 0, or prints "merged rows equal a single run: no" with the first difference and
exits 1. At a node budget the games are a pure function of the settings, so any difference is a
bug (or a shard with other settings).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import umaxresults as ur  # noqa: E402


def read(paths):
    """The rows of `paths` (one run's files), sorted by game, with the header and time columns."""
    rows, header, times = [], None, None
    for path in paths:
        run = ur.read_games(path)
        if header is None:
            header, times = run.header, set(run.time_columns())
        elif run.header != header:
            ur.fail(f"{path}: columns differ from {paths[0]}")
        for row in run.rows:
            row = {c: str(row[c]) for c in run.header}
            row["_file"] = path
            rows.append(row)
    rows.sort(key=lambda r: int(r["game"]))
    return header, rows, times


def no(why):
    print("merged rows equal a single run: no")
    print(f"  first difference: {why}")
    sys.exit(1)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    single_header, single, time_columns = read(argv[1:2])
    merged_header, merged, _ = read(argv[2:])
    if single_header != merged_header:
        no(f"columns {single_header} vs {merged_header}")
    columns = [c for c in single_header if c not in time_columns]
    for a, b in zip(single, merged):
        for c in columns:
            if a[c] != b[c]:
                no(
                    f"game {a['game']} ({a['_file']}) vs game {b['game']} ({b['_file']}): "
                    f"{c} '{a[c]}' vs '{b[c]}'"
                )
    if len(single) != len(merged):
        longer, n = (single, "single run") if len(single) > len(merged) else (merged, "shards")
        extra = longer[min(len(single), len(merged))]
        no(
            f"{len(single)} rows in the single run, {len(merged)} in the shards; "
            f"game {extra['game']} only in the {n}"
        )
    print(
        f"  compared {len(single)} games, {len(columns)} columns each "
        f"(all but {', '.join(sorted(time_columns))})"
    )
    print("merged rows equal a single run: yes")


if __name__ == "__main__":
    main(sys.argv)
