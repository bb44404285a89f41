#!/usr/bin/env bash
# The speed rounds' A/B loop: alternating runs of the bench-vs-c workload (4 games x 4 thinks
# at --nodes 1000000, one `umax play --trace` process per game, openings e2e4 d2d4 c2c4 g1f3),
# one command per binary per round.
#
#   scripts/speed/ab.sh [--build BUILD] ROUNDS BIN [BIN..]      # BUILD: old by default
#
# Prints one line per round: for each binary, its CPU seconds (user+sys), the user and system
# seconds, and the first 8 hex digits of the md5 of its output (equal digits: the same trees);
# then, per binary, the median and the lowest user seconds and all of them sorted.
# (Rounds 6 and 7 ran it as round6/ab.sh BUILD ROUNDS BIN.. and round7/ab2.sh ROUNDS BIN.. with
# BUILD in the environment: this script is both, with the same workload.)
set -euo pipefail
build=${BUILD:-old}
if [ "${1:-}" = --build ]; then build=$2; shift 2; fi
[ $# -ge 2 ] || { echo "usage: ab.sh [--build BUILD] ROUNDS BIN [BIN..]" >&2; exit 2; }
rounds=$1; shift
case "$rounds" in (''|*[!0-9]*|0) echo "ab.sh: ROUNDS must be a positive whole number, not '$rounds'" >&2; exit 2 ;; esac
for b in "$@"; do [ -x "$b" ] || { echo "ab.sh: $b is not an executable file" >&2; exit 2; }; done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for op in e2e4 d2d4 c2c4 g1f3; do printf "%s\n\n\n\n\n" "$op" > "$tmp/game-$op.in"; done
for r in $(seq "$rounds"); do
  line=""
  for b in "$@"; do
    /usr/bin/time -f "%U %S" -o "$tmp/t" bash -c "for op in e2e4 d2d4 c2c4 g1f3; do \"$b\" play --trace --build $build --nodes 1000000 < \"$tmp/game-\$op.in\"; done" > "$tmp/out" 2>&1
    read -r u s < "$tmp/t"
    md=$(md5sum < "$tmp/out" | cut -c1-8)
    line="$line $(basename "$b") $(echo "$u + $s" | bc) (u $u s $s) $md"
    echo "$(basename "$b") $u" >> "$tmp/log"
  done
  echo "${line# }"
done
for b in "$@"; do
  n=$(basename "$b")
  awk -v n="$n" '$1==n{print $2}' "$tmp/log" | sort -g | awk -v n="$n" '{a[NR]=$1} END{printf "%s user: median %.3f min %.3f (n=%d) all:", n, (NR%2?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2), a[1], NR; for(i=1;i<=NR;i++) printf " %s", a[i]; print ""}'
done
