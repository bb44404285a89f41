#!/usr/bin/env bash
# The performance work's fidelity guard: every optimisation of the search must leave the tree
# searched unchanged, so `umax play --trace` must print exactly what the instrumented C prints.
#
#   scripts/perf-guard.sh [--quick]
#
# For every build with a C twin (old, sd and the IID study's noiid, iidr2, iidcut, sdp):
#   - self-played games, small table: a first move then 150 empty lines, 20000-node thinks,
#     2^16+8 entries (several first moves);
#   - self-played games at the published table size 2^24+8 (fewer: the C clears 16M entries
#     per line), also with --full-clear on the Rust side;
#   - the bench signatures at the default 100000 nodes (tests/suite/bench.rs pins the same values).
# --quick: the small-table games only.
# Compares stdout byte for byte. The C loops forever at end of input (reprinting the board),
# so its output is read only up to the length of umax's output.
# Exit 0 if everything matches, 1 otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
quick=0
[ "${1:-}" = "--quick" ] && quick=1

cargo build --release --quiet
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A copy, so that a rebuild while the guard runs cannot change what is tested.
cp "$here/target/release/umax" "$tmp/umax"
umax="$tmp/umax"
# "NAME PLAIN TRACE" per build with a C twin, at both table sizes
small=$(scripts/build-original.sh --nodes 20000 --hash-bits 16 --build all)
full=$(scripts/build-original.sh --nodes 20000 --hash-bits 24 --build all)
builds=$(echo "$small" | awk '{ print $1 }')
c_trace() { echo "$1" | awk -v b="$2" '$1 == b { print $3 }'; }

fail=0

session() { # $1 = first move ('' for none), $2 = empty lines -> file
  local f="$tmp/in-${1:-none}-$2"
  { [ -n "$1" ] && echo "$1"; for _ in $(seq "$2"); do echo; done; } > "$f"
  echo "$f"
}

compare() { # $1 = label, $2 = C binary, $3 = input, rest = umax play args
  local label="$1" cbin="$2" input="$3"; shift 3
  "$umax" play --trace "$@" < "$input" > "$tmp/rust.out"
  local size; size=$(stat -c %s "$tmp/rust.out")
  timeout 300 "$cbin" < "$input" 2>/dev/null | head -c "$size" > "$tmp/c.out" || true
  if cmp -s "$tmp/rust.out" "$tmp/c.out"; then
    printf 'ok    %-40s %8d bytes, %3d thinks, %10d nodes\n' "$label" "$size" \
      "$(grep -c ' 0 ply' "$tmp/rust.out" || true)" "$(last_nodes "$tmp/rust.out")"
  else
    printf 'FAIL  %-40s (first difference: %s)\n' "$label" "$(cmp "$tmp/rust.out" "$tmp/c.out" 2>&1 | head -1)"
    fail=1
  fi
}

# Sum over thinks of the last trace line's node count.
last_nodes() {
  awk '/ ply, / { if ($1 == 0 && seen) { s += last } ; last = $3; seen = 1 } END { print s + last }' "$1"
}

for build in $builds; do
  cs=$(c_trace "$small" "$build"); cf=$(c_trace "$full" "$build")
  for first in e2e4 d2d4 g1f3 c2c4 b1c3 ''; do
    compare "$build u16 n20000 ${first:-think-first} +150" "$cs" "$(session "$first" 150)" \
      --build "$build" --nodes 20000 --hash-bits 16
  done
  if [ $quick = 0 ]; then
    for first in e2e4 f2f4; do
      input=$(session "$first" 150)
      compare "$build u24 n20000 $first +150" "$cf" "$input" --build "$build" --nodes 20000
      if "$umax" play --help | grep -q -- --full-clear; then
        compare "$build u24 n20000 $first +150 full-clear" "$cf" "$input" \
          --build "$build" --nodes 20000 --full-clear
      fi
    done
  fi
done

if [ $quick = 0 ]; then
  # the signatures pinned in tests/suite/bench.rs
  for pair in $(grep -oP '\("\K[a-z0-9]+", "bench: [0-9]+' tests/suite/bench.rs | sed 's/", "bench: /:/'); do
    build=${pair%%:*} want=${pair#*:}
    got=$("$umax" bench --build "$build" | sed -n 's/^bench: //p')
    if [ "$got" = "$want" ]; then
      echo "ok    bench $build signature $got"
    else
      echo "FAIL  bench $build signature $got, want $want"; fail=1
    fi
  done
fi

[ $fail = 0 ] && echo "perf-guard: all identical" || echo "perf-guard: MISMATCH"
exit $fail
