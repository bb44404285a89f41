#!/usr/bin/env python3
"""The floors of the two crates: the engines (micromax/src) and the harness above them (src/).

A room is a top-level module of a crate (a file, or a folder with its files); it stands one floor
above the highest room of its own crate that it names by `crate::ROOM` (in the harness's binary,
main.rs and cli/, by `umax::ROOM`), in code: comments and `#[cfg(test)]` modules left out. The
engines crate is below the harness as a whole (Cargo enforces that direction: micromax does not
depend on umax); this draws each crate's floors, then prints every import cycle and every import
that does not run down, and a last line that ARCHITECTURE.md quotes. Exit status 1 if there is
any cycle or upward import, or if the engines crate names the harness.

Usage: scripts/floors.py"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def rooms_of(src, prefixes):
    rooms = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, f), src)
            room = rel.split(os.sep)[0]
            room = room[:-3] if room.endswith(".rs") else room
            if room == "lib":
                continue
            text = open(os.path.join(dirpath, f), encoding="utf-8").read()
            text = text.split("#[cfg(test)]")[0]
            text = re.sub(r"//[^\n]*", "", text)
            names = set(re.findall(r"\b(?:%s)::(\w+)" % "|".join(prefixes), text))
            rooms.setdefault(room, set()).update(names)
            if re.search(r"\bumax::", text) and prefixes == ["crate"]:
                rooms[room].add("<umax>")
    return rooms


def floors(name, rooms):
    """Prints the floors of one crate; returns (number of floors, problems)."""
    problems = []
    if any("<umax>" in ds for ds in rooms.values()):
        problems.append(f"{name}: names the harness (umax::)")
    deps = {r: {d for d in ds if d in rooms and d != r} for r, ds in rooms.items()}
    floor = {}

    def height(r, path=()):
        if r in path:
            problems.append(f"CYCLE ({name}): " + " -> ".join(path[path.index(r):] + (r,)))
            return 0
        if r not in floor:
            floor[r] = 1 + max((height(d, path + (r,)) for d in deps[r]), default=0)
        return floor[r]

    for r in sorted(rooms):
        height(r)
    for r, ds in sorted(deps.items()):
        for d in sorted(ds):
            if floor[d] >= floor[r]:
                problems.append(f"NOT DOWN ({name}): {r} -> {d}")
    print(f"{name}:")
    for f in sorted(set(floor.values()), reverse=True):
        print(f"  floor {f:2}: " + ", ".join(sorted(r for r in floor if floor[r] == f)))
    return max(floor.values(), default=0), problems


def main():
    if len(sys.argv) > 1:
        sys.exit(__doc__)
    engines, e_problems = floors("micromax", rooms_of(os.path.join(ROOT, "micromax", "src"), ["crate"]))
    harness, h_problems = floors("umax", rooms_of(os.path.join(ROOT, "src"), ["crate", "umax"]))
    problems = e_problems + h_problems
    for p in problems:
        print(p)
    cycles = sum(p.startswith("CYCLE") for p in problems)
    upward = sum(p.startswith("NOT DOWN") for p in problems)
    print(f"micromax {engines} floors, umax {harness} floors above it; "
          f"{cycles} cycles, {upward} upward imports")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
