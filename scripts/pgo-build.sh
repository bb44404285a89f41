#!/usr/bin/env bash
# Builds a profile-guided umax (PGO) in one command, from a clean tree:
#   scripts/pgo-build.sh [--out PATH] [--keep]
# 1. finds an llvm-profdata of the same LLVM major version as rustc's (`rustc -vV`): rustup's
#    llvm-tools component (the sysroot's lib/rustlib/HOST/bin), then llvm-profdata-N and
#    /usr/lib/llvm-N/bin on this machine; if none, installs rustup's llvm-tools component, or
#    Debian's llvm-N as root; else says exactly what is missing and stops (exit 3);
# 2. builds an instrumented umax (RUSTFLAGS=-Cprofile-generate) in target/pgo-gen;
# 3. trains it on a fixed workload (below): every build's bench, thinks at match budgets on both
#    clocks (node clock and CPU clock), the UCI front end;
# 4. merges the profiles and builds umax with -Cprofile-use in target/pgo-use;
# 5. copies it to PATH (default target/pgo/umax) and prints that path on stdout.
# The profile-guided binary searches exactly the same trees (scripts/pgo-check.sh: every bench
# signature and C-parity replays); it is only faster (docs/speed.md). --keep keeps the raw
# profiles in target/pgo-gen/profiles.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/target/pgo/umax"
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "pgo-build.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
cd "$here"
command -v rustc >/dev/null || { echo "pgo-build.sh: rustc not found" >&2; exit 3; }
major=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
[ -n "$major" ] || { echo "pgo-build.sh: rustc -vV names no LLVM version" >&2; exit 3; }
host=$(rustc -vV | sed -n 's/^host: //p')
sysroot_tool="$(rustc --print sysroot)/lib/rustlib/$host/bin/llvm-profdata"

version_of() { # the LLVM major version an llvm-profdata reports
  "$1" --version 2>/dev/null | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p' | head -1
}
find_profdata() {
  local c
  for c in "$sysroot_tool" "$(command -v "llvm-profdata-$major" || true)" \
           "/usr/lib/llvm-$major/bin/llvm-profdata" "$(command -v llvm-profdata || true)"; do
    [ -n "$c" ] && [ -x "$c" ] && [ "$(version_of "$c")" = "$major" ] && { echo "$c"; return 0; }
  done
  return 1
}
profdata=$(find_profdata || true)
if [ -z "$profdata" ] && command -v rustup >/dev/null; then
  echo "pgo-build.sh: no llvm-profdata of LLVM $major; installing rustup's llvm-tools component" >&2
  rustup component add llvm-tools >&2 || true
  profdata=$(find_profdata || true)
fi
if [ -z "$profdata" ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "pgo-build.sh: trying Debian's llvm-$major" >&2
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "llvm-$major"; } >&2 || true
  profdata=$(find_profdata || true)
fi
if [ -z "$profdata" ]; then
  echo "pgo-build.sh: missing: an llvm-profdata of LLVM $major (rustc's: $(rustc -vV | sed -n 's/^LLVM version: //p')). Install rustup's component (rustup component add llvm-tools) or Debian's llvm-$major; found instead: $(for c in "$(command -v llvm-profdata || true)" /usr/bin/llvm-profdata-*; do [ -x "$c" ] && printf '%s (LLVM %s) ' "$c" "$(version_of "$c")"; done)" >&2
  exit 3
fi
echo "pgo-build.sh: llvm-profdata: $profdata (LLVM $major)" >&2

gen="$here/target/pgo-gen"
use="$here/target/pgo-use"
profiles="$gen/profiles"
# The long runs' binary keeps cross-crate thin LTO, as it was built and timed before the release
# profile went to LTO within umax only (Cargo.toml); both steps build it the same way.
export CARGO_PROFILE_RELEASE_LTO=thin
rm -rf "$profiles"
mkdir -p "$profiles"
echo "pgo-build.sh: 1/3 the instrumented build" >&2
RUSTFLAGS="-Cprofile-generate=$profiles" CARGO_TARGET_DIR="$gen" cargo build --release --locked --bin umax >&2
train="$gen/umax"
cp "$gen/release/umax" "$train"

echo "pgo-build.sh: 2/3 training" >&2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the training workload: fixed, deterministic where the clock allows
"$train" bench --build all >/dev/null
for pairing in old,sd sd,iidr2 noiid,iidcut sdp,iidpv iidreset,sdnr mm48,mm48sd; do
  "$train" match --builds "$pairing" --clock nodes --tc 5 --tc-scale 2006 --games 2 \
      --openings openings/wide.txt --concurrency 2 --no-progress --out "$work/n-$pairing" >/dev/null 2>&1
done
"$train" match --builds old,sd --tc 1 --games 2 --concurrency 2 --no-progress --out "$work/cpu" >/dev/null 2>&1
printf 'uci\nposition startpos moves e2e4 e7e5\ngo nodes 300000\nisready\n' | "$train" uci >/dev/null
printf 'e2e4\n\n' | "$train" play --build sd >/dev/null || true
ls "$profiles"/*.profraw >/dev/null 2>&1 || { echo "pgo-build.sh: the training wrote no profile" >&2; exit 4; }
"$profdata" merge -o "$gen/merged.profdata" "$profiles"/*.profraw

echo "pgo-build.sh: 3/3 the profile-guided build" >&2
RUSTFLAGS="-Cprofile-use=$gen/merged.profdata -Cllvm-args=-pgo-warn-missing-function=false" \
  CARGO_TARGET_DIR="$use" cargo build --release --locked --bin umax >&2
mkdir -p "$(dirname "$out")"
cp "$use/release/umax" "$out.tmp.$$"
mv -f "$out.tmp.$$" "$out"
[ -n "$keep" ] || rm -rf "$profiles"
echo "$out"
