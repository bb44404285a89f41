#!/usr/bin/env python3
"""Paired A/B timing of two whole commands: the procedure every speed claim in results/ uses.

    scripts/speed/pairs.py [-n RUNS] [--warmup W] [--pin CPUS] [--timeout S] --vs 'COMMAND_B' -- COMMAND_A [ARG..]

A and B run in turn, A B A B ..., RUNS times each after W uncounted warm-up runs of each (default
5 and 1); each run is timed from outside, as the operating system accounts the finished child:
user and system seconds (cpu = user + system, of the command and the children it waited for) and
wall seconds (a monotonic clock around the run). The ratio A/B is taken pair by pair, which keeps
it meaningful while the machine's speed drifts. Printed: for A and B the min, median and max of
cpu and wall, and the min, median and max of the per-pair cpu and wall ratios; quote the median.
COMMAND_B is one string split as a shell splits words (shlex); neither command gets a shell (write
sh -c '...' for a pipe). Standard input is empty; both output streams are discarded.
--pin 1 (or 0,1) runs both commands on those processors (sched_setaffinity).
--timeout bounds the whole call in seconds (default 600): at the bound the running command is
killed and the pairs finished so far are printed. A command that exits non-zero stops the call
with exit 1, naming it; bad arguments are a one-line error and exit 2.
Stdlib only; Unix (os.wait4).
"""
import argparse
import os
import shlex
import signal
import statistics
import subprocess
import sys
import time


def fail(msg, code=2):
    print(f"pairs.py: {msg}", file=sys.stderr)
    sys.exit(code)


PIN = None  # the processors of --pin, or None


def pin():
    if PIN is not None:
        os.sched_setaffinity(0, PIN)


def run(cmd, deadline):
    """(cpu, user, sys, wall) of one run of `cmd`, or None if the deadline passed (killed)."""
    t0 = time.monotonic()
    try:
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True,
                             preexec_fn=pin)
    except OSError as e:
        fail(f"cannot run {cmd[0]}: {e.strerror}", 1)
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            os.killpg(p.pid, signal.SIGKILL)
            os.wait4(p.pid, 0)
            return None
        time.sleep(0.002)
    wall = time.monotonic() - t0
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        fail(f"{shlex.join(cmd)} exited with {code}", 1)
    return ru.ru_utime + ru.ru_stime, ru.ru_utime, ru.ru_stime, wall


def three(xs, places=3):
    return " / ".join(f"{x:.{places}f}" for x in (min(xs), statistics.median(xs), max(xs)))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv:
        fail("usage: pairs.py [-n RUNS] [--warmup W] [--timeout S] --vs 'COMMAND_B' -- COMMAND_A [ARG..]")
    i = argv.index("--")
    ap = argparse.ArgumentParser(prog="pairs.py", add_help=True)
    ap.add_argument("-n", type=int, default=5, dest="runs")
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=600.0)
    ap.add_argument("--pin", default=None)
    ap.add_argument("--vs", required=True)
    try:
        a = ap.parse_args(argv[:i])
    except SystemExit as e:
        sys.exit(2 if e.code else 0)
    cmd_a = argv[i + 1:]
    if not cmd_a:
        fail("no COMMAND_A after --")
    try:
        cmd_b = shlex.split(a.vs)
    except ValueError as e:
        fail(f"--vs: {e}")
    if not cmd_b:
        fail("--vs is empty")
    if not 1 <= a.runs <= 1000 or not 0 <= a.warmup <= 100 or not a.timeout > 0:
        fail("-n must be 1..1000, --warmup 0..100, --timeout above 0")
    global PIN
    if a.pin is not None:
        try:
            PIN = {int(c) for c in a.pin.split(",")}
            os.sched_setaffinity(0, os.sched_getaffinity(0))  # the call exists here
        except (ValueError, AttributeError):
            fail(f"--pin: processors as 0 or 0,1, not '{a.pin}'")
        if not PIN <= os.sched_getaffinity(0):
            fail(f"--pin {a.pin}: this process may run on {sorted(os.sched_getaffinity(0))} only")
    deadline = time.monotonic() + a.timeout
    for _ in range(a.warmup):
        if run(cmd_a, deadline) is None or run(cmd_b, deadline) is None:
            break
    ra, rb = [], []
    while len(ra) < a.runs:
        x = run(cmd_a, deadline)
        y = run(cmd_b, deadline) if x is not None else None
        if y is None:
            break
        ra.append(x)
        rb.append(y)
    if PIN is not None:
        print(f"pinned to processors {sorted(PIN)}")
    print(f"A: {shlex.join(cmd_a)}")
    print(f"B: {shlex.join(cmd_b)}")
    if not ra:
        print(f"no pair finished within --timeout {a.timeout:g} s")
        return 1
    note = "" if len(ra) == a.runs else f" (of {a.runs}: --timeout {a.timeout:g} s reached)"
    print(f"pairs: {len(ra)}{note}; min / median / max")
    for name, r in (("A", ra), ("B", rb)):
        print(f"{name} cpu s  {three([x[0] for x in r])}   user {three([x[1] for x in r])}   "
              f"sys {three([x[2] for x in r])}   wall {three([x[3] for x in r])}")
    print(f"A/B cpu   {three([x[0] / y[0] for x, y in zip(ra, rb) if y[0] > 0], 4)}")
    print(f"A/B wall  {three([x[3] / y[3] for x, y in zip(ra, rb) if y[3] > 0], 4)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
