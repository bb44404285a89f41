#!/usr/bin/env bash
# Games per hour of `umax match` against the same games played by two C processes.
#
#   scripts/match-throughput.sh [--games G] [--nodes N] [--out DIR]
#
# Defaults: G=20 (10 opening pairs of the default suite), N=100000, the published table size
# (2^24+8 entries per engine, 201 MB), DIR=target/throughput. Run it on an idle machine: the
# figures are wall-clock.
#
# 1. Builds umax (release) and the instrumented C twins for N nodes and 24 hash bits
#    (scripts/build-original.sh).
# 2. Plays the same G games four ways, one after the other:
#      rust-1t       umax match --concurrency 1 (clears only the hash entries written)
#      rust-1t-full  umax match --concurrency 1 --full-clear (clears all 2^24 keys on every
#                    input line, as the C does)
#      c-1t          umax verify-c: the G games of rust-1t played again by two C processes per
#                    game (the C is fed the opening and the opponent's moves, thinks on empty
#                    lines); every move, node total and depth is checked against the rows
#      rust-2t       umax match --concurrency 2
#    The games of all four are the same games (node for node; checked: rust-1t-full and rust-2t
#    give the same rows as rust-1t, time columns aside, and c-1t verifies every row).
# 3. Prints a Markdown table: wall seconds, games per hour, CPU seconds (user+sys of the whole
#    process tree), and ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"

games=20
nodes=100000
out=target/throughput
while [ $# -gt 0 ]; do
  case "$1" in
    --games) games="$2"; shift 2 ;;
    --nodes) nodes="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "match-throughput.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
for v in "$games" "$nodes"; do
  case "$v" in (''|*[!0-9]*|0) echo "match-throughput.sh: numbers must be positive whole numbers, not '$v'" >&2; exit 2 ;; esac
done

cargo build --release --quiet
umax="$here/target/release/umax"
mapfile -t c < <(scripts/build-original.sh --nodes "$nodes" --hash-bits 24)
c_old=${c[2]}
c_sd=${c[3]}
rm -rf "$out"
mkdir -p "$out"

# runs CMD..., appends "NAME wall cpu" to $out/times (bash's time: real, user+sys of children)
timed() {
  local name=$1
  shift
  local t0 t1 r0 r1
  t0=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$out/$name.cpu" "$@" > "$out/$name.log" 2>&1
  t1=$(date +%s.%N)
  awk -v n="$name" -v a="$t0" -v b="$t1" '{printf "%s %.3f %.3f\n", n, b - a, $1 + $2}' "$out/$name.cpu" >> "$out/times"
}

match_args=(match --nodes "$nodes" --games "$games" --hash-bits 24 --no-progress)
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)" > "$out/load"
timed rust-1t "$umax" "${match_args[@]}" --concurrency 1 --out "$out/rust-1t"
timed rust-1t-full "$umax" "${match_args[@]}" --concurrency 1 --full-clear --out "$out/rust-1t-full"
timed c-1t "$umax" verify-c "$out/rust-1t/games.csv" --c-old "$c_old" --c-sd "$c_sd"
timed rust-2t "$umax" "${match_args[@]}" --concurrency 2 --out "$out/rust-2t"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/load"

# the same games: rows equal apart from the time columns (and full-clear's settings flag)
same_games() {
  python3 - "$1" "$2" <<'EOF'
import csv, sys
def rows(p):
    out = {}
    for r in csv.DictReader(open(p)):
        for k in ("sd_cpu_s", "old_cpu_s", "sd_wall_s", "old_wall_s"):
            r.pop(k)
        r["settings"] = r["settings"].replace(";full_clear=1", "")
        out[r["game"]] = r
    return out
a, b = rows(sys.argv[1]), rows(sys.argv[2])
sys.exit(0 if a == b else 1)
EOF
}
same_games "$out/rust-1t/games.csv" "$out/rust-1t-full/games.csv" || { echo "rust-1t-full played other games" >&2; exit 1; }
same_games "$out/rust-1t/games.csv" "$out/rust-2t/games.csv" || { echo "rust-2t played other games" >&2; exit 1; }
grep -q " 0 mismatched" "$out/c-1t.log" || { echo "the C did not play the same games: $out/c-1t.log" >&2; exit 1; }

read -r plies think < <(python3 -c "
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(sum(int(r['plies']) for r in rows), '%.1f' % sum(float(r['sd_cpu_s']) + float(r['old_cpu_s']) for r in rows))" "$out/rust-1t/games.csv")
{
  echo "Games: $games at --nodes $nodes, hash 2^24+8 entries per engine; $plies plies; all four rows are the same games."
  echo "umax: $(git rev-parse --short HEAD)$(git diff --quiet -- src Cargo.toml Cargo.lock || echo '+dirty (code)'), $(uname -srm), $(nproc) cores; $(tr '\n' ';' < "$out/load")"
  echo "umax's own think CPU in rust-1t (sum of the rows' cpu columns): $think s"
  echo
  echo "| run | threads | wall s | games/hour | CPU s (user+sys) | games per CPU-hour | wall vs rust-1t |"
  echo "|---|---|---|---|---|---|---|"
  base=$(awk '$1=="rust-1t"{print $2}' "$out/times")
  while read -r name wall cpu; do
    threads=1
    [ "$name" = rust-2t ] && threads=2
    awk -v n="$name" -v t="$threads" -v w="$wall" -v c="$cpu" -v g="$games" -v b="$base" \
      'BEGIN{printf "| %s | %d | %.1f | %.0f | %.1f | %.0f | %.2fx |\n", n, t, w, g*3600/w, c, g*3600/c, w/b}'
  done < "$out/times"
} | tee "$out/throughput.md"
