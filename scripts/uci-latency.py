#!/usr/bin/env python3
"""How promptly `umax uci` answers: see scripts/uci-latency.sh (which runs this)."""

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import time

import chess
import chess.engine

# 20 plies of a Ruy Lopez (Closed, Chigorin), as in the issue.
RUY = (
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7 "
    "f1e1 b7b5 a4b3 d7d6 c2c3 e8g8 h2h3 c6a5 b3c2 c7c5"
)
POSITIONS = ["position startpos", "position startpos moves " + RUY]


class Raw:
    """`umax uci` over its pipes, timed on this side of them (as a GUI sees it)."""

    def __init__(self, cmd):
        self.p = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.until("uciok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"umax closed its output while waiting for {prefix}")
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send("isready")
        self.until("readyok")

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def ms(seconds):
    return seconds * 1000.0


def latency(cmd, movetimes, tries):
    e = Raw(cmd)
    rows = []
    for mt in movetimes:
        over = []
        for n in range(tries):
            e.send(POSITIONS[n % 2])
            e.ready()
            t = time.perf_counter()
            e.send(f"go movetime {mt}")
            e.until("bestmove")
            over.append(ms(time.perf_counter() - t) - mt)
        rows.append((f"go movetime {mt}", over))
    stop = []
    rng = random.Random(11)
    for n in range(tries):
        e.send(POSITIONS[n % 2])
        e.ready()
        e.send("go infinite")
        time.sleep(rng.uniform(0.1, 1.0))
        t = time.perf_counter()
        e.send("stop")
        e.until("bestmove")
        stop.append(ms(time.perf_counter() - t))
    rows.append(("stop during go infinite (0.1-1 s in)", stop))
    e.close()
    print(
        f"| command ({tries} tries, both positions alternating) | answered after (ms) "
        "| median | max | target (median / max) | tries over the max target |"
    )
    print("|---|---|---:|---:|---|---:|")
    for name, xs in rows:
        if name.startswith("go movetime"):
            what, target, worst = "movetime +", "+15 / +30", 30.0
        else:
            what, target, worst = "stop +", "20 / 20", 20.0
        over = sum(x > worst for x in xs)
        print(
            f"| `{name}` | {what} | {statistics.median(xs):+.1f} | {max(xs):+.1f} "
            f"| {target} | {over} |"
        )
    return rows


async def blitz(cmd, games, base, inc, seed):
    """Games of umax against itself at base+inc (seconds), python-chess keeping the clocks."""
    rng = random.Random(seed)
    openings = [
        line.split() for line in open("openings/default.txt") if line.strip()
    ]
    _, white = await chess.engine.popen_uci(cmd)
    _, black = await chess.engine.popen_uci(cmd)
    engines = [white, black]
    results = {"1-0": 0, "0-1": 0, "1/2-1/2": 0}
    forfeits = 0
    least_left = float("inf")
    moves_total = 0
    longest_over = 0.0
    for g in range(games):
        board = chess.Board()
        for m in rng.choice(openings):
            board.push_uci(m)
        clocks = [base, base]  # white, black
        # the engines swap colours every game
        players = engines if g % 2 == 0 else engines[::-1]
        result = None
        while result is None:
            side = 0 if board.turn == chess.WHITE else 1
            limit = chess.engine.Limit(
                white_clock=clocks[0], black_clock=clocks[1],
                white_inc=inc, black_inc=inc,
            )
            t = time.perf_counter()
            play = await players[side].play(board, limit)
            used = time.perf_counter() - t
            moves_total += 1
            longest_over = max(longest_over, used - clocks[side])
            clocks[side] -= used
            least_left = min(least_left, clocks[side])
            if clocks[side] < 0:
                forfeits += 1
                result = "0-1" if side == 0 else "1-0"
                break
            clocks[side] += inc
            board.push(play.move)
            outcome = board.outcome(claim_draw=True)
            if outcome is not None:
                result = outcome.result()
            elif board.ply() >= 400:
                result = "1/2-1/2"
        results[result] += 1
    for e in engines:
        await e.quit()
    print(
        f"| {games} games at {base:g}+{inc:g} | {moves_total} moves | "
        f"+{results['1-0']} ={results['1/2-1/2']} -{results['0-1']} (white's view) | "
        f"{forfeits} time forfeits | least time left on a clock: {ms(least_left):.0f} ms |"
    )
    return forfeits


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("umax")
    ap.add_argument("--tries", type=int, default=50)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--hash-bits", default="24")
    ap.add_argument("--build", default="old")
    a = ap.parse_args()
    cmd = [a.umax, "uci", "--build", a.build, "--hash-bits", a.hash_bits]
    print(f"engine: {' '.join(cmd[1:])}; python-chess {chess.__version__}\n")
    latency(cmd, [50, 100, 200, 500, 1000], a.tries)
    print()
    forfeits = 0
    if a.games > 0:
        print("| blitz (python-chess `chess.engine`, umax against itself) | moves | result | forfeits | |")
        print("|---|---:|---|---|---|")
        forfeits = asyncio.run(blitz(cmd, a.games, 2.0, 0.02, 7))
    sys.exit(1 if forfeits else 0)


if __name__ == "__main__":
    main()
