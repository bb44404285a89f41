#!/usr/bin/env bash
# How promptly `umax uci` answers, measured the way a GUI sees it (over the pipes):
#   - `go movetime T` for T = 50, 100, 200, 500, 1000 ms, 50 tries each, alternating the
#     initial position and the Ruy Lopez after 20 plies: bestmove's delay past T (median, max);
#   - `stop` sent 0.1-1 s into `go infinite`, 50 tries: the delay to bestmove (median, max);
#   - 40 games of `umax uci` against itself at 2+0.02 driven by python-chess's engine module
#     (the client keeps the clocks): time forfeits, least time left.
# Targets (README): movetime + 15 ms median, + 30 ms max; stop within 20 ms; no forfeit.
#
#   scripts/uci-latency.sh [--tries N] [--games N] [--hash-bits B] [--build old|sd]
#
# python-chess is installed from PyPI into target/tmp/uci-python-venv (as tests/suite/uci_python.rs
# does), made once and reused. Prints markdown tables; exit 1 on a time forfeit.
# The committed run: results/uci-latency/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
cargo build --release --quiet
venv=target/tmp/uci-python-venv
if ! "$venv/bin/python" -c "import chess.engine" 2>/dev/null; then
    "${UMAX_PYTHON:-python3}" -m venv --clear "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check chess
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A copy, so that a rebuild while this runs cannot change what is measured.
cp target/release/umax "$tmp/umax"
echo "umax $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- src || echo '+dirty'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
"$venv/bin/python" scripts/uci-latency.py "$tmp/umax" "$@"
