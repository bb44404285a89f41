#!/usr/bin/env python3
"""Do the shards of a match hold the same games as a single run?

    scripts/cluster/rows-equal.py SINGLE/games.csv SHARD1/games.csv SHARD2/games.csv ...

Reads the single run's rows and the union of the shards' rows, sorts both by game number, drops
the time columns (sd_cpu_s, old_cpu_s, sd_wall_s, old_wall_s: they differ from run to run), and
compares the rest field by field. Prints exactly

    merged rows equal a single run: yes

and exits 0, or prints "merged rows equal a single run: no" with the first difference and
exits 1. At a node budget the games are a pure function of the settings, so any difference is a
bug (or a shard with other settings).
"""

import csv
import sys

TIME_COLUMNS = {"sd_cpu_s", "old_cpu_s", "sd_wall_s", "old_wall_s"}


def read(paths):
    rows, header = [], None
    for path in paths:
        with open(path, newline="") as f:
            reader = csv.DictReader(f)
            if header is None:
                header = reader.fieldnames
            elif reader.fieldnames != header:
                sys.exit(f"{path}: columns differ from {paths[0]}")
            for row in reader:
                row["_file"] = path
                rows.append(row)
    rows.sort(key=lambda r: int(r["game"]))
    return header, rows


def no(why):
    print("merged rows equal a single run: no")
    print(f"  first difference: {why}")
    sys.exit(1)


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    single_header, single = read(argv[1:2])
    merged_header, merged = read(argv[2:])
    if single_header != merged_header:
        no(f"columns {single_header} vs {merged_header}")
    columns = [c for c in single_header if c not in TIME_COLUMNS]
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
        f"(all but {', '.join(sorted(TIME_COLUMNS))})"
    )
    print("merged rows equal a single run: yes")


if __name__ == "__main__":
    main(sys.argv)
