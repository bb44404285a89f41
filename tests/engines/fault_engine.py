#!/usr/bin/env python3
"""A UCI engine that fails on purpose, for the fault tests of external engines
(tests/suite/external_engines.rs): `umax uci --build old` behind a proxy that, in the process
started the FAULTY-th time (counted in COUNTER, a file; the run's probe is start 1, the first
game's process start 2), misbehaves as MODE says from ply PLY on:

  nostart     exits at once, before any handshake
  silent      answers nothing (not even `uciok`)
  crash       exits when asked to think
  hang        never answers `go`
  illegal     answers `bestmove e1e1` (a move that is never legal)
  unparsable  answers `bestmove xyzzy`
  garbage     prints lines that mean nothing (and bytes that are not UTF-8) around its
              answers, and otherwise plays well: a game that must go on

Every other process plays as umax uci does. Usage:
  fault_engine.py UMAX MODE PLY COUNTER FAULTY
"""
import os
import subprocess
import sys
import threading

umax, mode, at, counter, faulty = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])

try:
    with open(counter) as f:
        start = int(f.read().strip() or 0) + 1
except FileNotFoundError:
    start = 1
with open(counter, "w") as f:
    f.write(str(start))
bad = start == faulty
out = sys.stdout.buffer


def say(line):
    out.write(line if isinstance(line, bytes) else line.encode())
    out.write(b"\n")
    out.flush()


if bad and mode == "nostart":
    sys.exit(1)
if bad and mode == "silent":
    for _ in sys.stdin:
        pass
    sys.exit(0)

child = subprocess.Popen([umax, "uci", "--hash-bits", "16"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE)


def forward():
    for line in child.stdout:
        if bad and mode == "garbage":
            say(b"\xff\xfe garbage \x00 that means nothing")
            say("info string garbage")
        out.write(line)
        out.flush()


threading.Thread(target=forward, daemon=True).start()
ply = 0
hung = False
for line in sys.stdin:
    cmd = line.strip()
    if hung:
        continue  # answers nothing more, until its input closes
    if cmd.startswith("position"):
        ply = len(cmd.split(" moves ")[1].split()) if " moves " in cmd else 0
    if bad and cmd.startswith("go") and ply >= at:
        if mode == "crash":
            child.kill()
            os._exit(3)
        if mode == "hang":
            hung = True
            continue
        if mode == "illegal":
            say("bestmove e1e1")
            continue
        if mode == "unparsable":
            say("bestmove xyzzy")
            continue
    child.stdin.write(line.encode())
    child.stdin.flush()
    if cmd == "quit":
        break
# its input closed (or `quit`): the engine behind it goes too, whatever it was doing
child.kill()
child.wait()
