#!/usr/bin/env python3
"""An xboard engine that fails on purpose, for the external engines' tests
(tests/suite/external_engines.rs): Fairy-Max (FAIRYMAX) behind a proxy that, from the PLY-th move
of a game on (counting the moves it is sent and the moves it plays), does what MODE says:

  refuse   answers a move it is sent with `Illegal move: MOVE` (and does not pass it on)
  resign   answers `go` with `resign`

Usage: fault_xboard.py FAIRYMAX MODE PLY
"""
import subprocess
import sys
import threading

fairymax, mode, at = sys.argv[1], sys.argv[2], int(sys.argv[3])
child = subprocess.Popen([fairymax], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out = sys.stdout.buffer
lock = threading.Lock()
ply = 0


def say(line):
    with lock:
        out.write(line.encode() + b"\n")
        out.flush()


def forward():
    global ply
    for line in child.stdout:
        if line.startswith(b"move "):
            ply += 1
        with lock:
            out.write(line)
            out.flush()


threading.Thread(target=forward, daemon=True).start()
MOVE = set("abcdefgh")
for line in sys.stdin:
    cmd = line.strip()
    if cmd == "new":
        ply = 0
    is_move = len(cmd) in (4, 5) and cmd[0] in MOVE and cmd[1].isdigit() and cmd[2] in MOVE
    if is_move:
        if mode == "refuse" and ply >= at:
            say("Illegal move: " + cmd)
            continue
        ply += 1
    if cmd == "go" and mode == "resign" and ply >= at:
        say("resign")
        continue
    child.stdin.write(line.encode())
    child.stdin.flush()
    if cmd == "quit":
        break
child.kill()
child.wait()
