#!/usr/bin/env python3
"""The floors of src/: each room (a top-level module: a file, or a folder with its files) stands
one floor above the highest room it names by `crate::ROOM` (`umax::ROOM` in the binary: main.rs, cli/) in code (comments and `#[cfg(test)]`
modules left out). Prints floors from the top, then every import cycle and every import that does
not run down (there should be none). Usage: scripts/floors.py [SRC]"""
import os, re, sys

src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
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
        rooms.setdefault(room, set()).update(re.findall(r"\b(?:crate|umax)::(\w+)", text))
deps = {r: {d for d in ds if d in rooms and d != r} for r, ds in rooms.items()}
floor = {}
def height(r, path=()):
    if r in path:
        print("CYCLE:", " -> ".join(path[path.index(r):] + (r,)))
        return 0
    if r not in floor:
        floor[r] = 1 + max((height(d, path + (r,)) for d in deps[r]), default=0)
    return floor[r]
for r in sorted(rooms):
    height(r)
for r, ds in deps.items():
    for d in ds:
        if floor[d] >= floor[r]:
            print(f"NOT DOWN: {r} -> {d}")
for f in sorted(set(floor.values()), reverse=True):
    print(f"floor {f:2}: " + ", ".join(sorted(r for r in floor if floor[r] == f)))
