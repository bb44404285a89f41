#!/usr/bin/env bash
# Times the Rust port against the C original on one node-identical workload.
#
#   scripts/bench-vs-c.sh [--build NAME[,NAME..]|both|all] [--nodes N] [--openings "e2e4 d2d4 ..."]
#                         [--thinks T] [--runs R] [--clear-lines L] [--baseline REV] [--pgo PATH]
#                         [--quick]
#
# Builds: any with a C twin (`umax builds`): a comma list, `both` (old,sd: the default) or `all`.
# Workload (per build): one game per opening, each a separate process fed the opening move and
# then T empty lines (T thinks, self-play), node limit N (the C's 1e7 replaced by N), the
# published table size 2^24+8. Defaults: N=1000000, openings e2e4 d2d4 c2c4 g1f3, T=4, R=5.
#
# 1. Builds `umax` (release) and the C with scripts/build-original.sh --twin (gcc -O2 -std=gnu89):
#    the instrumented reference (root trace printf, NODES, U) and a timing twin of it that
#    differs in one thing only: it exits at end of input (the C loops forever there, clearing its
#    table and reprinting the board; umax exits), so it can be timed as a whole process.
# 2. Checks the workload is node-identical: for every game, umax's whole stdout (boards and the
#    trace of every root iteration) equals the twin's byte for byte, and the reference's (read up
#    to the same length); prints the node totals (sum over thinks of the last trace line).
# 3. Times R rounds; each round runs every contestant once over all games, in an order rotated
#    from round to round (interleaved, so load from other users of the machine hits all alike):
#      C          the timing twin
#      rust-full  umax play --full-clear: clears all 2^24+8 keys every line, as the C does
#      rust       umax play: clears only the entries written since the last clear
#      baseline   (with --baseline REV) umax built from git revision REV, default options
#      pgo        (with --pgo PATH) a profile-guided umax of this commit (scripts/pgo-build.sh)
#    Each timed run's output is compared with the reference again. Reports medians of wall and
#    CPU (user+sys) time and the ratios C/rust (>1: Rust faster).
# 4. Clearing: per-line cost of the C's full clear, measured as (time of 1+L lines of an illegal
#    move "a1a1") - (time of 1 such line), divided by L, for C, rust-full and rust (median of R).
#    And in-process (examples/clear_cost.rs): after one think at N nodes, the time of umax's
#    dirty clear and of the full clear.
# 5. With --baseline: `umax bench` (16 positions, 100000 nodes each) of both umax binaries, R
#    interleaved runs each: the signature (must be equal) and the median nodes/second.
# --quick: T=2, R=3, L=20 (for trying things; the reported numbers use the defaults).
# Output: a Markdown report on stdout (results/bench.md is made from it).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

builds="old sd"
nodes=1000000
openings="e2e4 d2d4 c2c4 g1f3"
thinks=4
runs=5
clear_lines=100
baseline=""
pgo=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build) case "$2" in both) builds="old sd" ;; *) builds="$2" ;; esac; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --openings) openings="$2"; shift 2 ;;
    --thinks) thinks="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --clear-lines) clear_lines="$2"; shift 2 ;;
    --baseline) baseline="$2"; shift 2 ;;
    --pgo) pgo="$2"; shift 2 ;;
    --quick) thinks=2; runs=3; clear_lines=20; shift ;;
    -h|--help) sed -n '2,39p' "$0"; exit 0 ;;
    *) echo "bench-vs-c.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for v in "$nodes" "$thinks" "$runs" "$clear_lines"; do
  case "$v" in (''|*[!0-9]*) echo "bench-vs-c.sh: numbers must be whole numbers, not '$v'" >&2; exit 2 ;; esac
done
command -v gcc >/dev/null || { echo "bench-vs-c.sh: gcc not found" >&2; exit 3; }
[ -x /usr/bin/time ] || { echo "bench-vs-c.sh: needs GNU time (/usr/bin/time)" >&2; exit 3; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
log() { echo "bench-vs-c: $*" >&2; }

# --- binaries ----------------------------------------------------------------------------------
log "building umax"
cargo build --release --quiet
cargo build --release --quiet --features tools --example clear_cost
cp target/release/umax "$tmp/umax"
if [ -n "$pgo" ]; then
  [ -x "$pgo" ] || { echo "bench-vs-c.sh: --pgo $pgo: no such program (make it with scripts/pgo-build.sh)" >&2; exit 2; }
  cp "$pgo" "$tmp/umax-pgo"
fi
cp target/release/examples/clear_cost "$tmp/clear_cost"
commit=$(git rev-parse --short=12 HEAD)
dirty=$(git status --porcelain --untracked-files=no | grep -q . && echo " (with uncommitted changes)" || true)

if [ -n "$baseline" ]; then
  log "building baseline umax at $baseline"
  base_commit=$(git rev-parse --short=12 "$baseline")
  mkdir -p "$tmp/baseline-src"
  git archive "$baseline" | tar -x -C "$tmp/baseline-src"
  CARGO_TARGET_DIR="$here/target/bench-baseline" cargo build --release --quiet \
    --manifest-path "$tmp/baseline-src/Cargo.toml"
  cp "$here/target/bench-baseline/release/umax" "$tmp/umax-baseline"
fi

log "building the C (reference and timing twin)"
# build-original.sh checks the names (each must have a C twin), patches and instruments each, and
# with --twin builds the timing twin too: the instrumented C, except that it exits at end of input
ref_lines=$(scripts/build-original.sh --nodes "$nodes" --hash-bits 24 --twin --build "$([ "$builds" = all ] && echo all || echo "$builds" | tr ' ' ,)") || exit 2
builds=$(echo "$ref_lines" | awk '{ printf "%s%s", (NR > 1 ? " " : ""), $1 }')
declare -A ref_of twin_of
while read -r name _ trace twin; do ref_of[$name]=$trace; twin_of[$name]=$twin; done <<< "$ref_lines"

# --- workload ----------------------------------------------------------------------------------
games=()
for op in $openings; do
  f="$tmp/game-$op.in"
  { echo "$op"; for _ in $(seq "$thinks"); do echo; done; } > "$f"
  games+=("$f")
done
lines_per_build=$(( ${#games[@]} * (thinks + 1) ))
# sessions of illegal move lines for the clearing measurement
{ echo a1a1; } > "$tmp/clear-1.in"
{ for _ in $(seq $((clear_lines + 1))); do echo a1a1; done; } > "$tmp/clear-n.in"

# Sum over thinks of the last trace line's node count.
trace_nodes() {
  awk '/ ply, / { if ($1 == 0 && seen) { s += last }; last = $3; seen = 1 } END { print s + last }' "$@"
}

contestant_cmd() { # $1 = contestant, $2 = build -> command words
  case "$1" in
    C) echo "${twin_of[$2]}" ;;
    rust) echo "$tmp/umax play --trace --build $2 --nodes $nodes" ;;
    rust-full) echo "$tmp/umax play --trace --build $2 --nodes $nodes --full-clear" ;;
    baseline) echo "$tmp/umax-baseline play --trace --build $2 --nodes $nodes" ;;
    pgo) echo "$tmp/umax-pgo play --trace --build $2 --nodes $nodes" ;;
  esac
}

# Runs a contestant over all inputs given; prints "wall cpu". Outputs go to $tmp/out-<name>-<i>.
run_timed() { # $1 = out prefix, $2 = command (words), rest = inputs
  local prefix="$1" cmd="$2"; shift 2
  local script="i=0; for f in $*; do i=\$((i+1)); $cmd < \$f > $prefix-\$i.out; done"
  /usr/bin/time -f '%e %U %S' -o "$tmp/time.txt" bash -c "$script"
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tmp/time.txt"
}

median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else printf "%.3f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

contestants="C rust-full rust"
[ -n "$baseline" ] && contestants="$contestants baseline"
[ -n "$pgo" ] && contestants="$contestants pgo"

report="$tmp/report.md"
{
  echo "## bench-vs-c: umax vs micro-Max 3.2 (C, gcc -O2)"
  echo
  echo "- command: \`scripts/bench-vs-c.sh$( [ "$builds" = "old sd" ] || echo " --build $(echo $builds | tr " " ,)") --nodes $nodes --openings \"$openings\" --thinks $thinks --runs $runs --clear-lines $clear_lines$( [ -n "$baseline" ] && echo " --baseline $baseline")$( [ -n "$pgo" ] && echo " --pgo $pgo")\`"
  echo "- umax commit: \`$commit\`$dirty$( [ -n "$baseline" ] && echo "; baseline: \`$base_commit\` ($baseline)")$( [ -n "$pgo" ] && echo "; pgo: $("$tmp/umax-pgo" --version)")"
  echo "- machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(uname -sr); gcc $(gcc -dumpfullversion), $(rustc --version | cut -d' ' -f1-2)"
  echo "- transparent huge pages: $(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null || echo unknown)"
  echo "- workload per build: ${#games[@]} games (openings: $openings), each a process fed the opening and $thinks empty lines: $(( ${#games[@]} * thinks )) thinks at node limit $nodes, table 2^24+8 entries, $lines_per_build input lines (= table clears in the C)"
  echo "- times: median of $runs interleaved rounds; wall and CPU (user+sys) seconds of the whole workload"
  echo
} > "$report"

for b in $builds; do
  ref=${ref_of[$b]}
  # --- check: node-identical ---------------------------------------------------------------
  log "$b: checking the workload is node-identical"
  gi=0
  for g in "${games[@]}"; do
    gi=$((gi + 1))
    $tmp/umax play --trace --build "$b" --nodes "$nodes" < "$g" > "$tmp/ref-$b-$gi.out"
    "${twin_of[$b]}" < "$g" > "$tmp/twin.out"
    size=$(stat -c %s "$tmp/ref-$b-$gi.out")
    timeout 600 "$ref" < "$g" 2>/dev/null | head -c "$size" > "$tmp/cref.out" || true
    if ! cmp -s "$tmp/ref-$b-$gi.out" "$tmp/twin.out" || ! cmp -s "$tmp/ref-$b-$gi.out" "$tmp/cref.out"; then
      echo "bench-vs-c.sh: $b, game $g: umax and the C differ, no timing" >&2; exit 1
    fi
  done
  c_nodes=$(trace_nodes "$tmp"/ref-"$b"-*.out)
  thinks_seen=$(cat "$tmp"/ref-"$b"-*.out | grep -c '^ 0 ply')
  # --- timing ------------------------------------------------------------------------------
  declare -A walls=() cpus=()
  for c in $contestants; do walls[$c]=""; cpus[$c]=""; done
  order=($contestants)
  for round in $(seq "$runs"); do
    log "$b: round $round/$runs"
    n=${#order[@]}
    for ((s = 0; s < n; s++)); do
      c=${order[$(( (s + round - 1) % n ))]}
      read -r wall cpu < <(run_timed "$tmp/run-$c" "$(contestant_cmd "$c" "$b")" "${games[@]}")
      walls[$c]+="$wall "; cpus[$c]+="$cpu "
      gi=0
      for g in "${games[@]}"; do
        gi=$((gi + 1))
        cmp -s "$tmp/run-$c-$gi.out" "$tmp/ref-$b-$gi.out" || { echo "bench-vs-c.sh: $c output changed in round $round" >&2; exit 1; }
      done
    done
  done
  # --- clearing ----------------------------------------------------------------------------
  declare -A clear=()
  for c in C rust-full rust; do
    vals=""
    for round in $(seq "$runs"); do
      read -r w1 _ < <(run_timed "$tmp/clr" "$(contestant_cmd "$c" "$b")" "$tmp/clear-1.in")
      read -r wn _ < <(run_timed "$tmp/clr" "$(contestant_cmd "$c" "$b")" "$tmp/clear-n.in")
      vals+="$(awk -v a="$w1" -v b="$wn" -v l="$clear_lines" 'BEGIN { printf "%.3f", (b - a) / l * 1000 }') "
    done
    clear[$c]=$(echo $vals | tr ' ' '\n' | median)
  done
  # --- report ------------------------------------------------------------------------------
  {
    echo "### build $b"
    echo
    echo "Node-identical: every game's whole output (boards + root trace) is byte-identical between umax, the C timing twin and the instrumented C reference; $thinks_seen thinks, **$c_nodes nodes** in total (sum of the last root-iteration node count of each think), the same for all."
    echo
    echo "| program | wall s (median) | CPU s (median) | Mnodes/s (CPU) | C / program (wall) | C / program (CPU) | CPU runs |"
    echo "|---|---|---|---|---|---|---|"
    cw=$(echo ${walls[C]} | tr ' ' '\n' | median); cc=$(echo ${cpus[C]} | tr ' ' '\n' | median)
    for c in $contestants; do
      w=$(echo ${walls[$c]} | tr ' ' '\n' | median); u=$(echo ${cpus[$c]} | tr ' ' '\n' | median)
      awk -v c="$c" -v w="$w" -v u="$u" -v cw="$cw" -v cc="$cc" -v n="$c_nodes" -v all="${cpus[$c]}" \
        'BEGIN { printf "| %s | %.2f | %.2f | %.2f | %.2fx | %.2fx | %s|\n", c, w, u, n / u / 1e6, cw / w, cc / u, all }'
    done
    echo
    echo "Clearing, per input line (ms, median of $runs; (time of $((clear_lines + 1)) lines \`a1a1\` - time of 1) / $clear_lines, so it includes the legality check of an illegal move, a depth-2 search): C ${clear[C]}, rust-full ${clear[rust-full]}, rust ${clear[rust]}."
    awk -v cl="${clear[C]}" -v lines="$lines_per_build" -v cc="$cc" \
      'BEGIN { printf "In this workload the C clears %d times: about %.2f s of its %.2f s CPU (%.1f%%).\n", lines, cl * lines / 1000, cc, 100 * cl * lines / 1000 / cc }'
    echo
  } >> "$report"
  # --- umax bench, before/after -------------------------------------------------------------
  if [ -n "$baseline" ]; then
    declare -A nps=([new]="" [base]="") sig=()
    for round in $(seq "$runs"); do
      log "$b: umax bench round $round/$runs"
      for who in new base; do
        bin="$tmp/umax"; [ $who = base ] && bin="$tmp/umax-baseline"
        "$bin" bench --build "$b" > "$tmp/bench.out"
        nps[$who]+="$(sed -n 's/^Nodes\/second *: //p' "$tmp/bench.out") "
        sig[$who]=$(sed -n 's/^bench: //p' "$tmp/bench.out")
      done
    done
    sig_new=${sig[new]}; sig_base=${sig[base]}; nps_new=${nps[new]}; nps_base=${nps[base]}
    unset nps sig
    mn=$(echo $nps_new | tr ' ' '\n' | median); mb=$(echo $nps_base | tr ' ' '\n' | median)
    {
      echo "\`umax bench --build $b\` (16 positions x 100000 nodes, wall clock inside the process, median of $runs): signature **bench: $sig_new** for both; baseline $(printf '%.0f' "$mb") nodes/s, this commit $(printf '%.0f' "$mn") nodes/s ($(awk -v a="$mn" -v b="$mb" 'BEGIN { printf "%.2fx", a / b }'))."
      echo
    } >> "$report"
  fi
  unset walls cpus clear
done
log "clear_cost"
{
  echo "### clearing in umax (in-process, examples/clear_cost.rs)"
  echo
  "$tmp/clear_cost" "$runs" 20000 100000 "$nodes"
  echo
} >> "$report"
cat "$report"
