#!/usr/bin/env bash
# Proves that a profile-guided umax searches the same trees as the plain build: runs the
# C-parity and signature tests of the suite against it (UMAX_BIN, which every test that runs the
# umax binary honours): every build's bench signature (bench::), console sessions byte for byte
# against the C (parity::, golden::), whole games replayed by two C processes at a node budget
# and on the node clock (match_c_parity::, node_clock::), and micro-Max 4.8 against its C's
# golden transcripts (mm48::).
#   scripts/pgo-check.sh [BINARY]        (default target/pgo/umax, made by scripts/pgo-build.sh)
# Without the binary: outside CI a clear message and exit 0 (skipped); under CI=true it is built
# first (scripts/pgo-build.sh), and a failure to build it fails.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin="${1:-$here/target/pgo/umax}"
if [ ! -x "$bin" ]; then
  if [ "${CI:-}" = true ]; then
    "$here/scripts/pgo-build.sh" --out "$bin" >/dev/null
  else
    echo "pgo-check.sh: skipped: no profile-guided binary at $bin (make it with scripts/pgo-build.sh)"
    exit 0
  fi
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
cd "$here"
echo "pgo-check.sh: the parity and signature tests against $bin"
UMAX_BIN="$bin" cargo test --release --test suite -- bench:: parity:: golden:: match_c_parity:: node_clock:: mm48::
